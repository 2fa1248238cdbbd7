"""Yatzy end to end through the real command line: a whole solitaire game with real dice typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_support import LANGUAGES, play, refused

MANUAL = ["--game", "yatzy", "--ui", "console", "--speech", "text", "--dice", "manual", "--players", "Anna"]

#: One throw per box, top to bottom: 63 in the upper section (bonus 50), 297 in all.
THROWS = [("2 2 2 1 3", "twos"), ("3 3 3 1 2", "threes"), ("4 4 4 1 2", "fours"), ("5 5 5 1 2", "fives"),
          ("6 6 6 1 2", "sixes"), ("6 6 1 2 3", "one-pair"), ("6 6 5 5 1", "two pairs"),
          ("4 4 4 1 2", "three-of-a-kind"), ("3 3 3 3 1", "four-of-a-kind"), ("1 2 3 4 5", "small-straight"),
          ("2 3 4 5 6", "large-straight"), ("2 2 3 3 3", "Full House"), ("6 6 6 5 5", "chance"),
          ("4 4 4 4 4", "yatzy")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_with_a_rethrow_and_bad_input_at_every_prompt(tmp_path: Path, lang: str) -> None:
    typed = ["1 2 3", "1 2 3 4 6", "hold 9", "score kniffel", "5 5", "hold 1", "roll", "1 2", "1 1 2 3",
             "score ones"]
    for values, box in THROWS:
        typed += [values, f"score {box}"]
    result = play(lang, MANUAL, typed, tmp_path)
    assert result.status == 0
    assert result.lines[:13] == [
        "Yatzy: Anna. Your turn. Type help for the commands.",
        "Anna, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or 35516.",
        refused("Enter 5 values from 1 to 6; you entered 3."),
        "Anna threw 1, 2, 3, 4, and 6. 2 throws left.",
        refused("There is no die 9; the dice are numbered 1 to 5."),
        refused("There is no box called kniffel; the boxes are: ones, twos, threes, fours, fives, sixes, one-pair, "
                "two-pairs, three-of-a-kind, four-of-a-kind, small-straight, large-straight, full-house, chance, "
                "and yatzy."),
        refused("Enter 5 values from 1 to 6; you entered 2."),
        "Held: the 1 (die 1). 2 throws left.",
        "Anna, throw 4 dice and type their values from 1 to 6, like 3 5 5 1 or 3551.",
        refused("Enter 4 values from 1 to 6; you entered 2."),
        "Anna threw 1, 1, 2, and 3. Now 1, 1, 1, 2, and 3. 1 throw left.",
        "Ones: 3 points. Total 3 points. Round 1 of 15 over. Your turn.",
        "Anna, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or 35516.",
    ]
    assert "Sixes: 18 points. Total 113 points. Upper bonus: 50 points! Round 6 of 15 over. Your turn." \
        in result.lines
    assert result.lines[-4:-2] == ["Yatzy: 50 points. Total 297 points. Round 15 of 15 over.", "Game over: 297 points."]


def test_roll_with_values_after_holding_starts_the_rethrow_with_those_dice(tmp_path: Path) -> None:
    typed = ["3 3 5 2 3", "hold 1 2 5", "roll 4 4 4", "roll 4 7", "roll 4 4", "roll 6 6", "roll 6 6"]
    result = play("en", MANUAL, typed, tmp_path)
    assert result.lines[2:] == [
        "Anna threw 3, 3, 5, 2, and 3. 2 throws left.",
        "Held: the 3, the 3, and the 3 (dice 1, 2, and 5). 2 throws left.",
        refused("Enter 2 values from 1 to 6; you entered 3."),
        refused("Die 2: 7 is not valid, enter 1 to 6."),
        "Anna threw 4 and 4. Now 3, 3, 4, 4, and 3. 1 throw left.",
        "Anna threw 6 and 6. Now 3, 3, 6, 6, and 3. No throws left: score a box.",
        refused("No throws left: score a box."),
        "Game saved. Goodbye.",
    ]


def test_values_typed_after_holding_start_the_rethrow_as_roll_with_values_does(tmp_path: Path) -> None:
    """playtest.md D3: at a real table the re-thrown dice are typed straight away, without roll."""
    typed = ["5 5 2 3 1", "hold 1 2", "6 6 6 6", "6 6 6", "hold 3 4 5", "r", "6 6", "release 5", "2", "3"]
    result = play("en", [*MANUAL[:-1], "Ola,Kari"], typed, tmp_path)
    assert result.lines[2:] == [
        "Ola threw 5, 5, 2, 3, and 1. 2 throws left.",
        "Held: the 5 and the 5 (dice 1 and 2). 2 throws left.",
        refused("Enter 3 values from 1 to 6; you entered 4."),
        "Ola threw 6, 6, and 6. Now 5, 5, 6, 6, and 6. 1 throw left.",
        # every die held, not only the new ones (playtest P7)
        "Held now: the 5, the 5, the 6, the 6, and the 6 (dice 1, 2, 3, 4, and 5). 1 throw left.",
        refused("All five dice are held: release one to throw again."),
        refused("All five dice are held: release one to throw again."),
        "Released: the 6 (die 5). 1 throw left.",
        "Ola threw 2. Now 5, 5, 6, 6, and 2. No throws left: score a box.",
        refused("No throws left: score a box."),
        "Game saved. Goodbye.",
    ]


def test_the_short_forms_through_the_command_line_keep_then_choose_by_number(tmp_path: Path) -> None:
    """k keeps dice 1 and 2 and asks for the three re-thrown; c 15 is box 15 of the numbered list."""
    result = play("en", MANUAL, ["5 5 2 3 1", "k 1 2", "5 5 5", "m", "c 15"], tmp_path)
    assert result.lines[3] == "Held: the 5 and the 5 (dice 1 and 2)."
    assert result.lines[4] == "Anna, throw 3 dice and type their values from 1 to 6, like 3 5 5 or 355."
    assert result.lines[5] == "Anna threw 5, 5, and 5. Now 5, 5, 5, 5, and 5. 1 throw left."
    assert result.lines[6].startswith("1 throw left. To throw again, type keep and the dice to hold. 1 Ones 0. ")
    assert "5 Fives 25. " in result.lines[6] and result.lines[6].endswith(" 15 Yatzy 50. Type c and a number to "
                                                                          "choose, like c 15.")
    assert result.lines[7] == "Yatzy: 50 points. Total 50 points. Round 1 of 15 over. Your turn."
