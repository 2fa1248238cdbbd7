"""Golden transcripts: what a player hears in one seeded game of each finished game.

Each game has ``tests/golden/<game>.in`` (the lines Anna types: throws, her
moves, a few review commands and a mistake) and ``tests/golden/<game>.txt``
(everything printed by ``--speech text`` in English at normal verbosity,
one announcement per line). A reviewer reads the .txt to judge the words; a
change in what is said shows up as a diff here.

After an intended change of wording, regenerate and review the diff:

    ACCESSIBLE_DICE_REGENERATE_GOLDEN=1 python -m pytest tests/test_golden*.py

tests/test_golden_languages.py plays one game per other language with the
same machinery (:func:`heard` and :func:`matches_golden`).
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


def heard(game: str, typed: list[str], data: Path, lang: str = "en") -> list[str]:
    """What ``--speech text`` prints in ``lang`` for the golden game of ``game`` typed as ``typed``."""
    args = ["--game", game, "--ui", "console", "--speech", "text", "--lang", lang, "--verbosity", "normal",
            *GAMES[game]]
    result = run_cli(args, typed, data)
    assert result.status == 0
    return result.lines


def matches_golden(name: str, lines: list[str]) -> None:
    """``lines`` are ``tests/golden/<name>.txt`` (written anew when regenerating)."""
    said = "\n".join(lines) + "\n"
    expected = GOLDEN / f"{name}.txt"
    if REGENERATE:
        expected.write_text(said, encoding="utf-8")
    assert expected.exists(), f"{expected.name} is missing: ACCESSIBLE_DICE_REGENERATE_GOLDEN=1, then review it"
    assert said == expected.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_golden_transcript_is_what_the_player_hears(game: str, tmp_path: Path) -> None:
    lines = heard(game, (GOLDEN / f"{game}.in").read_text(encoding="utf-8").splitlines(), tmp_path)
    matches_golden(game, lines)
    # The end, then what can be done after it, then the goodbye as input ends.
    assert "Game over" in lines[-3], "the golden game must be played to its end"


def test_every_registered_game_has_a_golden_transcript() -> None:
    """A game added to the registry fails here until it has its golden game (issue 28)."""
    from accessible_dice.games import GAMES as REGISTERED

    assert set(GAMES) == set(REGISTERED)
