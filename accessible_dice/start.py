"""The ``accessible-dice`` command and ``python -m accessible_dice``: the first code of the program to run.

While the rest of the program loads, Ctrl+C is only noted, and ends the
program as soon as loading is done: status 130, no traceback. (Raised in
the middle of an import, Python may print it as "Exception ignored" and
carry on, so it is not raised there.) Before this runs, Python itself is
starting; that moment is Python's own.
"""

from __future__ import annotations

from types import FrameType


def main() -> int:
    """Load the command line and run it; the exit status."""
    asked: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        asked.append(signum)

    try:
        import signal  # here, inside the try: Ctrl+C even while it loads ends quietly

        previous = signal.signal(signal.SIGINT, note)
        try:
            from accessible_dice.cli import main as command_line
        finally:
            signal.signal(signal.SIGINT, previous)
        return 130 if asked else command_line()
    except KeyboardInterrupt:
        return 130
