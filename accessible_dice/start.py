"""The ``accessible-dice`` command and ``python -m accessible_dice``: the first code of the program to run.

While the rest of the program loads, Ctrl+C (and SIGTERM, SIGHUP) is only
noted (:func:`accessible_dice.ending.note_signals`), and ends the program as
soon as loading is done or the game's own handlers are in place: status
130, no traceback. (Raised in the middle of an import, Python may print it
as "Exception ignored" and carry on, or wrap it in another error, so it is
not raised there.) Before this runs, Python itself is starting; that
moment is Python's own.
"""

from __future__ import annotations


def main() -> int:
    """Load the command line and run it; the exit status."""
    try:
        from accessible_dice import ending  # here, inside the try: Ctrl+C even while it loads ends quietly

        ending.note_signals()  # until the game's own handlers are in place (ui.launch.guarded)
        from accessible_dice.cli import main as command_line

        status = ending.noted_status()
        return status if status is not None else command_line()
    except KeyboardInterrupt:
        return 130
