"""Golden transcripts: what a player hears in one seeded game of each finished game.

Each game has ``tests/golden/<game>.in`` (the lines Anna types: throws, her
moves, a few review commands and a mistake) and ``tests/golden/<game>.txt``
(everything printed by ``--speech text`` in English at normal verbosity,
one announcement per line). A reviewer reads the .txt to judge the words; a
change in what is said shows up as a diff here.

After an intended change of wording, regenerate and review the diff:

    ACCESSIBLE_DICE_REGENERATE_GOLDEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from e2e_support import run_cli

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ACCESSIBLE_DICE_REGENERATE_GOLDEN") == "1"

#: Game -> the command line of its golden game (the .in file gives standard input).
GAMES = {
    "shut-the-box": ["--players", "Anna,cpu", "--seed", "7"],
    "threes-away": ["--players", "Anna,cpu", "--seed", "5", "--option", "rounds=2"],
    # Solitaire: a Yatzy computer player would build the strategy's table first (many seconds).
    "yatzy": ["--players", "Anna", "--seed", "11"],
    "storeslem": ["--players", "Anna,cpu", "--seed", "6"],
    "quiclo": ["--players", "Anna,cpu", "--seed", "8", "--option", "lives=2"],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_golden_transcript_is_what_the_player_hears(game: str, tmp_path: Path) -> None:
    typed = (GOLDEN / f"{game}.in").read_text(encoding="utf-8").splitlines()
    args = ["--game", game, "--ui", "console", "--speech", "text", "--lang", "en", "--verbosity", "normal",
            *GAMES[game]]
    result = run_cli(args, typed, tmp_path)
    assert result.status == 0
    heard = "\n".join(result.lines) + "\n"
    expected = GOLDEN / f"{game}.txt"
    if REGENERATE:
        expected.write_text(heard, encoding="utf-8")
    assert heard == expected.read_text(encoding="utf-8")
    assert "Game over" in result.lines[-1], "the golden game must be played to its end"
