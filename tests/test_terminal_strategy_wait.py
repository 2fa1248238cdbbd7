"""Issue 24 in the terminal: while a computer player waits for its strategy, every other command still answers.

The real command line runs as a subprocess with the preparation made slow
on purpose (``tests/slow_prepare.py``: seconds, where a missing or damaged
Yatzy table takes half a minute): the lines typed meanwhile are answered
before "Hints are ready.", a change is refused with why, the progress is
said, and quit typed meanwhile ends the game at once.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from e2e_support import refused, run_cli
from timing_support import budget

from accessible_dice.play.inbox import Inbox, Lines, Typed

ARGS = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--players", "cpu1,Anna", "--seed", "3"]
PREPARING = "Preparing the hints and the computer players; this can take a while. You will hear when they are ready."
WAITS = ("cpu1 is still waiting for its strategy; ask again when it has played. Reviews like board, dice and repeat "
         "answer meanwhile.")
BOARD = "cpu1: open 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10. Shut: none."


def slow(typed: list[str], data: Path, seconds: float = 4.0) -> list[str]:
    result = run_cli(ARGS, typed, data, module="slow_prepare",
                     extra={"SLOW_PREPARE": str(seconds), "SLOW_PROGRESS": "1.5"})
    assert result.status == 0, result.stderr
    return result.lines


def test_reviews_answer_and_changes_are_refused_while_the_computer_waits_then_it_plays(tmp_path: Path) -> None:
    lines = slow(["board", "undo"], tmp_path)
    ready = lines.index("Hints are ready.")
    assert lines.index(BOARD) < ready and lines.index(refused(WAITS)) < ready, lines
    assert PREPARING in lines[:ready] and "Still preparing: 0 percent done." in lines[:ready], lines
    assert lines.count("Hints are ready.") == 1 and lines.count(PREPARING) == 1
    assert lines[ready + 1:] == ["Flap 7 shut. Anna's turn.", "Game saved. Goodbye."]


def test_quit_typed_while_the_computer_waits_ends_at_once(tmp_path: Path) -> None:
    started = time.monotonic()
    lines = slow(["q"], tmp_path, seconds=600.0)
    assert time.monotonic() - started < budget(10), "quit waited for the strategy"
    assert lines[-1] == "Game saved. Goodbye." and "Hints are ready." not in lines, lines


def test_piped_lines_are_read_whole_and_what_is_read_ahead_goes_to_the_inbox() -> None:
    read, write = os.pipe()
    try:
        typed = Typed(read)
        assert not typed.ready(0.0)
        os.write(write, "board\r\nhj\xe4lp\nhalf".encode("latin-1"))
        assert typed.ready(1.0) and typed.read_line() == "board"
        lines = Lines(lambda: None, typed)
        assert lines.ready(0.0) and lines.read() == "hj\ufffdlp"
        os.write(write, b"way\nlast\n")
        inbox: Inbox = lines.inbox()
        assert lines.read() == "halfway" and lines.read() == "last"
        os.close(write)
        write = -1
        assert lines.read() is None and lines.read() is None and lines.ready(0.0)
    finally:
        os.close(read)
        if write >= 0:
            os.close(write)
    assert inbox is lines.inbox()
