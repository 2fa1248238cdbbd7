"""The signals that end the program, and how none of them is ever lost.

Ctrl+C (SIGINT) raises ``KeyboardInterrupt``; SIGTERM (logout, shutdown,
``kill``) and SIGHUP (the terminal closed) raise :class:`Stopped`. Python
raises them in the main thread wherever it is, and where it happens to be
running a finalizer or a weakref callback (an import's module lock has
one) it prints "Exception ignored" and carries on: Ctrl+C at the start of a
Yatzy game was lost so, and the game went on (once in about 300 starts). So
the ending a signal asked for is also kept, and :func:`asked` raises it
again where the program next waits for the player; the swallowed one is
not printed (it is not lost). The threads of :mod:`accessible_dice.threads`
leave the signals to the main thread.

Rarer still (2 in about 650 loaded starts), a signal delivered to the main
thread ran no handler at all, and the game went on; a second Ctrl+C then
worked. So the C handler also writes each signal to a pipe
(``signal.set_wakeup_fd``, which it does whatever Python does next), and a
watching thread delivers the signal to the main thread again when no
handler of ours has run :data:`REDELIVER_AFTER` seconds later.

A signal the program was started with ignored stays ignored, as Python
leaves it and as the shell means it: ``nohup`` ignores SIGHUP so the game
outlives its terminal, and a job a script starts in the background ignores
Ctrl+C, which is for the job in front.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from types import FrameType
from typing import Any

from accessible_dice import threads

#: The signal of a closed terminal (not on Windows).
SIGHUP = getattr(signal, "SIGHUP", None)


class Stopped(BaseException):
    """A signal asked the program to end: SIGTERM (logout, shutdown, ``kill``) or SIGHUP (the terminal closed).

    Raised by the signal handler in the main thread, wherever it is (most
    often waiting for a typed line), so the program ends at once, like
    Ctrl+C. A ``BaseException``, so no "a sound must never stop the game"
    handler can swallow it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    def status(self) -> int:
        """The exit status: 143 for SIGTERM, as a shell reports it; 0 for SIGHUP, which is the end of input."""
        return 0 if self.signum == SIGHUP else 128 + self.signum


#: The ending a signal asked for in this run, once one has.
_asked: list[BaseException] = []
#: Seconds a signal may wait for its handler before the watcher delivers it to the main thread again.
REDELIVER_AFTER = 0.3
#: The pipe the C handler writes each signal's number to (read end, write end), once it is made.
_pipe: tuple[int, int] | None = None
#: How many ending signals our handler has run for (the watcher compares it with the pipe's count).
_handled = 0
#: The ending signals the program was started with ignored (found when it first takes the signals).
_left_ignored: frozenset[int] | None = None


def _taken() -> list[signal.Signals]:
    """The ending signals the program handles: each one it was not started with ignored."""
    global _left_ignored
    if _left_ignored is None:
        _left_ignored = frozenset(int(number) for number in threads.ENDING
                                  if signal.getsignal(number) == signal.SIG_IGN)
    return [number for number in threads.ENDING if int(number) not in _left_ignored]


def _end_of(signum: int) -> BaseException:
    """The exception an ending signal ends the program by."""
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)


def _ending(signum: int, _frame: FrameType | None) -> None:
    global _handled
    _handled += 1
    ending = _end_of(signum)
    if not _asked:
        _asked.append(ending)
    raise ending


def _unraisable(unraisable: Any) -> None:
    """An ending raised where Python cannot pass it on is not printed: :func:`asked` raises it again."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt | Stopped) and _asked:
        return
    sys.__unraisablehook__(unraisable)


def _note(signum: int, _frame: FrameType | None) -> None:
    if not _asked:
        _asked.append(_end_of(signum))


def note_signals() -> None:
    """While the program loads: the ending signals are only noted, and :func:`catch_signals` raises the first.

    Raised in the middle of an import, Python may print it as "Exception
    ignored", or wrap it in another error (a class being made), and a
    traceback reaches the player.
    """
    for number in _taken():
        signal.signal(number, _note)


def noted_status() -> int | None:
    """The exit status of an ending signal that came while the program loaded (``None``: none came)."""
    if not _asked:
        return None
    first = _asked[0]
    return first.status() if isinstance(first, Stopped) else 130


def python_default(number: int) -> Any:
    """The handler Python itself gives an ending signal: ``KeyboardInterrupt`` for SIGINT, the system's for the rest."""
    return signal.default_int_handler if number == signal.SIGINT else signal.SIG_DFL


def let_go() -> None:
    """The signals as Python has them by itself again, for a part with its own handling (the standalone
    referee's event loop)."""
    for number in _taken():
        signal.signal(number, python_default(number))


def catch_signals() -> None:
    """Ctrl+C, SIGTERM and SIGHUP end the program, by the exceptions above; one noted while it loaded is
    raised here.

    Installed before the sound mixer starts, so SDL, which only takes a
    signal nobody handles, leaves them to us (and ``audio`` tells it not to
    take any).
    """
    for number in _taken():
        signal.signal(number, _ending)
    sys.unraisablehook = _unraisable
    _watch()
    asked()


def _watch() -> None:
    """Have each signal written to a pipe, and the pipe watched (once per process; POSIX only)."""
    global _pipe
    if not hasattr(signal, "pthread_kill"):  # Windows: no pipe for the C handler, no delivery to one thread
        return
    if _pipe is None:
        _pipe = os.pipe()
        os.set_blocking(_pipe[1], False)  # the C handler must never wait; the watcher waits on the read end
        threads.start(threading.Thread(target=_redeliver, args=(_pipe[0],), name="signal-watch", daemon=True))
    signal.set_wakeup_fd(_pipe[1], warn_on_full_buffer=False)


def _redeliver(read: int) -> None:
    """Deliver again to the main thread an ending signal whose handler has not run (see the module's text)."""
    endings = {int(number) for number in threads.ENDING}
    seen = _handled  # what was handled before the pipe was watched needs nothing
    while True:
        try:
            written = os.read(read, 64)
        except OSError:
            return
        if not written:
            return
        for number in written:
            if number not in endings:
                continue
            seen += 1
            time.sleep(REDELIVER_AFTER)
            main = threading.main_thread()
            if _handled < seen and main.is_alive() and main.ident is not None:
                seen -= 1  # delivered again, it is written here again: that is not one more signal
                signal.pthread_kill(main.ident, number)


def asked() -> None:
    """Raise the ending a signal asked for, if there was one (it may have been swallowed where it was raised)."""
    if _asked:
        raise _asked[0]
