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
"""

from __future__ import annotations

import signal
import sys
from types import FrameType
from typing import Any

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


def _ending(signum: int, _frame: FrameType | None) -> None:
    ending = KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)
    if not _asked:
        _asked.append(ending)
    raise ending


def _unraisable(unraisable: Any) -> None:
    """An ending raised where Python cannot pass it on is not printed: :func:`asked` raises it again."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt | Stopped) and _asked:
        return
    sys.__unraisablehook__(unraisable)


def catch_signals() -> None:
    """Ctrl+C, SIGTERM and SIGHUP end the program, by the exceptions above.

    Installed before the sound mixer starts, so SDL, which only takes a
    signal nobody handles, leaves them to us (and ``audio`` tells it not to
    take any).
    """
    _asked.clear()
    for number in (signal.SIGINT, signal.SIGTERM, SIGHUP):
        if number is not None:
            signal.signal(number, _ending)
    sys.unraisablehook = _unraisable


def asked() -> None:
    """Raise the ending a signal asked for, if there was one (it may have been swallowed where it was raised)."""
    if _asked:
        raise _asked[0]
