"""Starting threads so that Ctrl+C and the ending signals land on the main thread.

The kernel gives a signal sent to the process to any thread that does not
block it, and Python only runs its handlers on the main thread. A signal
that landed on another thread does not interrupt the main thread's wait for
a typed line, and CPython 3.11 may lose it altogether (another thread can
reset the flag that tells the main thread to look): Ctrl+C at the start of a
Yatzy game, while the strategy table was built beside, was ignored and the
game went on (once in about 300 starts).

So every thread starts with those signals blocked. A new thread takes its
starter's signal mask, so the starter blocks them for the instant of the
start (:func:`start`), or while a library that starts threads of its own
loads (:func:`held`: numpy's OpenBLAS starts one per core). A pool's
threads, made when work comes, block them first thing (:func:`block_here`
as its initializer). SDL's threads block them by themselves. A program
started from one of these threads inherits the blocked signals, so only
short-lived helpers are started there (``pgrep``, the Yatzy table builder,
which ends with the program); speech-dispatcher is never spawned by us.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

#: The signals the program ends by (``ui.launch``): handled on the main thread only.
ENDING = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def held() -> Iterator[None]:
    """The ending signals blocked in this thread for the block (one that comes meanwhile is taken after it)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: Ctrl+C comes to the main thread by itself
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ENDING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def start(thread: threading.Thread) -> threading.Thread:
    """Start ``thread`` with the ending signals blocked in it; answer it."""
    with held():
        thread.start()
    return thread


def block_here() -> None:
    """Block the ending signals in the calling thread: the initializer of a pool's threads."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, ENDING)
