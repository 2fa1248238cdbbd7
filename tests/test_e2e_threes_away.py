"""Threes Away end to end through the real command line, with real dice typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_support import AFTER_GAME, LANGUAGES, play, refused

MANUAL = ["--game", "threes-away", "--ui", "console", "--speech", "text", "--dice", "manual",
          "--players", "Anna,Ben", "--option", "start=roll"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_the_sheet_example_with_bad_input_at_every_prompt(tmp_path: Path, lang: str) -> None:
    typed = ["1 2", "66666", "11111", "7", "1", "keep 1", "3 2 6 4 5", "keep 3", "keep 1 2", "6 3 1",
             "keep 2 3", "6", "33333"]
    result = play(lang, MANUAL, typed, tmp_path)
    assert result.status == 0
    assert result.lines == [
        "Threes Away: Anna and Ben. Low: the lowest total wins. Everyone throws all five dice; the highest sum "
        "starts. The starting player throws one die for the number of rounds. Type help for the commands.",
        "Anna, throw 5 dice to decide who starts and type their values from 1 to 6, like 3 5 5 1 6 or 35516.",
        refused("Enter 5 values from 1 to 6; you entered 2."),
        "Anna threw 6, 6, 6, 6, and 6 for the start: 30 in all.",
        "Ben, throw 5 dice to decide who starts and type their values from 1 to 6, like 3 5 5 1 6 or 35516.",
        "Ben threw 1, 1, 1, 1, and 1 for the start: 5 in all. Anna starts.",
        "Anna, throw 1 die for the number of rounds and type its value from 1 to 6, like 3.",
        refused("Die 1: 7 is not valid, enter 1 to 6."),
        "Anna threw 1 for the rounds. The game has 1 round. Anna's turn.",
        "Anna, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or 35516.",
        refused("The dice's values come first. Anna, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or "
                "35516."),
        "Anna threw 3, 2, 6, 4, and 5. Keep the 3: die 1. Press Enter for Keep die 1 (3).",
        refused("Keep every 3: die 1 shows 3."),
        "3 and 2 kept, 2 points so far.",
        "Anna, throw 3 dice and type their values from 1 to 6, like 3 5 5 or 355.",
        "Anna threw 6, 3, and 1. Keep the 3: die 2. Press Enter for Keep die 2 (3).",
        "3 and 1 kept, 3 points so far.",
        "Anna, throw 1 die and type its value from 1 to 6, like 3.",
        "Anna threw 6. 6 kept. Anna scores 9 points; 9 points in total. Ben's turn.",
        "Ben, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or 35516.",
        "Ben threw 3, 3, 3, 3, and 3. All kept. Ben scores 0 points; 0 points in total. Round 1 of 1 over.",
        "Game over. Ben wins with 0 points. Then Anna with 9 points.",
        AFTER_GAME,
        "Goodbye.",
    ]


def test_random_start_throws_say_their_sums_and_who_throws_for_the_rounds(tmp_path: Path) -> None:
    """Playtest P10: the sums decide, so they are said; and with random dice no prompt says who throws next."""
    args = ["--game", "threes-away", "--ui", "console", "--speech", "text", "--players", "Ola,Kari", "--seed", "2"]
    result = play("en", args, ["r", "r", "r"], tmp_path)
    assert result.lines[1:4] == [
        "Ola threw 1, 1, 1, 3, and 2 for the start: 8 in all.",
        "Kari threw 6, 6, 3, 3, and 5 for the start: 23 in all. Kari starts, and now throws one die for the "
        "number of rounds.",
        "Kari threw 2 for the rounds. The game has 2 rounds. Kari's turn.",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seeded_game_against_the_computer_with_random_dice(tmp_path: Path, lang: str) -> None:
    args = ["--game", "threes-away", "--ui", "console", "--speech", "text", "--players", "Anna,cpu",
            "--seed", "4", "--option", "rounds=1", "--option", "variant=high", "--option", "start=order"]
    result = play(lang, args, ["roll", "hint", "keep 1 2 3 4 5"], tmp_path)
    assert result.status == 0
    assert result.lines[0] == ("Threes Away: Anna and cpu. High: the highest total wins. 1 round. Anna's turn. "
                               "Type roll or r, or press Enter, to throw. Type help for the commands.")
    assert result.lines[1].startswith("Anna threw ")
    assert result.lines[2].startswith("Hint: Keep dice ")
    assert result.lines[3].startswith("Anna scores ") or " kept. Anna scores " in result.lines[3]
    assert any(line.startswith("cpu threw ") for line in result.lines[4:])
    assert "Game over." in result.lines[-3]
