"""Shut the Box end to end through the real command line (docs/spec/interfaces.md §1).

``python -m accessible_dice --game shut-the-box --ui console --speech text
--dice manual --players Anna,Ben`` with typed lines on standard input, as a
referee at a table with a wooden board would use it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from e2e_support import AFTER_GAME, LANGUAGES, MAIN_MENU, no_save_left, play, refused, run_cli, the_save

MANUAL = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--dice", "manual",
          "--players", "Anna,Ben"]

#: Anna shuts the box in seven turns; Ben's 6 6 shuts flap 6, then allows nothing.
WHOLE_GAME = ["1 2", "singles", "6 6", "singles", "3 4", "singles", "6 6", "5 6", "singles", "66",
              "4 3", "sum", "66", "44", "sum", "66", "4 5", "sum", "66", "5 5", "sum"]

#: Bad input at each kind of prompt, with the reason the player hears.
AT_THE_DICE_PROMPT = [
    ("7 1", "Die 1: 7 is not valid, enter 1 to 6."),
    ("1 2 3", "Enter 2 values from 1 to 6; you entered 3."),
    ("x y", "x is not a number. Enter 2 values from 1 to 6, like 3 5."),
    ("sum", "The dice's values come first. Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."),
    ("quiclo", "quiclo is not a number. Enter 2 values from 1 to 6, like 3 5."),
]
AT_THE_MOVE_PROMPT = [
    ("shut 9", "With 1 and 2 you cannot shut 9."),
    ("difference", "The difference may be used only in the easy variant."),
    ("fly", "fly is not a command here. Type help for the commands."),
    ("roll", "No dice are to be thrown now. Singles: 1 and 2. Sum: 3."),
    ("1 2 3 4", "One throw shuts at most two flaps."),
    ("board Zed", "There is no player Zed; the players are Anna and Ben."),
]



@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_with_real_dice_and_bad_input_at_every_prompt(tmp_path: Path, lang: str) -> None:
    typed = ([bad for bad, _ in AT_THE_DICE_PROMPT] + ["1 2"] + [bad for bad, _ in AT_THE_MOVE_PROMPT]
             + WHOLE_GAME[1:])
    result = play(lang, MANUAL, typed, tmp_path)
    assert result.status == 0
    lines = result.lines
    assert lines[0] == "Shut the Box: Anna and Ben. Anna's turn. Type help for the commands."
    assert lines[1] == "Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."
    # Every refusal is said with its reason, and the game waits at the same prompt.
    assert lines[2:7] == [refused(reason) for _, reason in AT_THE_DICE_PROMPT]
    assert lines[7] == "Anna threw 1 and 2. Singles: 1 and 2. Sum: 3."
    assert lines[8:14] == [refused(reason) for _, reason in AT_THE_MOVE_PROMPT]
    assert lines[14] == "Flaps 1 and 2 shut. Ben's turn."
    # The end of the game on its own line, the winner first; then what can be done (here input ends).
    assert lines[-4:] == ["Flap 10 shut. Anna shut the box!",
                          "Game over. Anna wins with 0 penalty points. Then Ben with 49 penalty points.",
                          AFTER_GAME, "Goodbye."]
    assert lines.count("Ben threw 6 and 6. Nothing can be shut. Anna's turn.") == 5
    # A finished game leaves nothing to resume.
    assert no_save_left(tmp_path / lang)


def test_SR_15_output_is_plain_lines_only_announcements(tmp_path: Path) -> None:
    """SR-15 with TERM=dumb and a pipe: no escapes, no box art, no prompt characters."""
    result = run_cli(MANUAL, ["help", "1 2", "board", "standings", "q"], tmp_path)
    text = "\n".join(result.lines)
    assert "\x1b" not in text and not re.search("[\u2500-\u257f]", text)
    assert all(line.strip() and not line.startswith(">") for line in result.lines)


def test_end_of_input_exits_0_with_the_game_saved_and_resume_continues_it(tmp_path: Path) -> None:
    first = run_cli(MANUAL, WHOLE_GAME[:5], tmp_path)
    assert first.status == 0 and first.lines[-1] == "Game saved. Goodbye."
    saved = json.loads(the_save(tmp_path).read_text(encoding="utf-8"))
    assert saved["players"] == ["Anna", "Ben"] and len(saved["actions"]) == 5
    resumed = run_cli(["--ui", "console", "--speech", "text", "--dice", "manual", "--resume"],
                      WHOLE_GAME[5:], tmp_path)
    assert resumed.status == 0
    assert resumed.lines[0] == "Shut the Box continued: Anna and Ben. Anna's turn. Singles: 3 and 4. Sum: 7."
    assert resumed.lines[-4] == "Flap 10 shut. Anna shut the box!"
    assert resumed.lines[-3].startswith("Game over.")
    # After the end the game stays a place to review, rematch or choose another game from.
    assert resumed.lines[-2:] == [AFTER_GAME, "Goodbye."]


def test_quit_saves_and_leaves(tmp_path: Path) -> None:
    result = run_cli(MANUAL, ["1 2", "quit"], tmp_path)
    assert result.status == 0 and result.lines[-1] == "Game saved. Goodbye."
    assert the_save(tmp_path).exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_computer_players_play_a_seeded_game_to_the_end(tmp_path: Path, lang: str) -> None:
    args = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--players", "cpu1,cpu2",
            "--seed", "9"]
    first, second = play(lang, args, [], tmp_path / "first"), play(lang, args, [], tmp_path / "second")
    assert first.status == 0 and first.lines == second.lines
    assert "Game over." in first.lines[-3]


def test_with_game_alone_one_player_named_player_starts_at_once(tmp_path: Path) -> None:
    result = run_cli(["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--seed", "1"],
                     ["roll", "singles"], tmp_path)
    assert result.lines[:3] == ["Shut the Box: Player. Turn 1. Type roll or r, or press Enter, to throw. Type help "
                                "for the commands.", "Player threw 2 and 5. Singles: 2 and 5. "
                                "Sum: 7.", "Flaps 2 and 5 shut. Turn 2."]


def test_the_main_menu_sets_up_a_game_by_typed_numbers_and_words(tmp_path: Path) -> None:
    typed = ["", "9", "shut the box", "Anna,,Ben", "Anna, Ben", "rounds=0", "rounds=2", "", "manual",
             "1 2", "q"]
    result = run_cli(["--ui", "console", "--speech", "text"], typed, tmp_path)
    assert result.status == 0
    assert result.lines[0] == MAIN_MENU
    assert "9 is not a choice here; type a number from 1 to " in "\n".join(result.lines)
    assert refused("Every name needs at least one letter; put commas between names.") in result.lines
    assert refused("Option rounds cannot be 0; use a whole number from 1 to 20.") in result.lines
    assert "Shut the Box: Anna and Ben. 2 rounds. Anna's turn. Type help for the commands." in result.lines
    assert result.lines[-1] == "Game saved. Goodbye."
    again = run_cli(["--ui", "console", "--speech", "text"], ["9", "board", "q"], tmp_path)
    assert re.fullmatch(r"Main menu: 1 New game, 2 Settings, 3 Score history, 4 Tutorial, 5 Practice game, 6 Play "
                        r"online, 7 Turn speech off, or 8 Quit\. Enter: New game\. Saved games, the latest first: 9 "
                        r"Shut the Box: Anna and Ben\. Anna's turn, round 1 of 2\. Last played (today|yesterday) at "
                        r".+, real dice\. Standings: 1\. Anna, 0 penalty points\. 1\. Ben, 0 penalty points\.",
                        again.lines[0])
    assert again.lines[1].startswith("Shut the Box continued: Anna and Ben. 2 rounds.")


def test_resume_without_a_save_says_so_and_opens_the_menu(tmp_path: Path) -> None:
    result = run_cli(["--ui", "console", "--speech", "text", "--resume"], ["q"], tmp_path)
    assert result.status == 0
    assert result.lines[:2] == [refused("There is no saved game to continue."),
                                MAIN_MENU]
    assert result.lines[-1] == "Goodbye."


def test_quit_leaves_from_any_step_of_the_menu(tmp_path: Path) -> None:
    for typed in (["1", "quit"], ["1", "1", "q"], ["1", "shut the box", "Anna,Ben", "QUIT"]):
        result = run_cli(["--ui", "console", "--speech", "text"], typed, tmp_path)
        assert result.status == 0
        assert result.lines[-1] == "Goodbye."
        assert not any("is not a choice" in line for line in result.lines)


def test_at_full_verbosity_a_computer_player_says_why_before_its_move(tmp_path: Path) -> None:
    args = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--players", "Anna,cpu", "--seed", "3"]
    full = run_cli([*args, "--verbosity", "full"], ["roll", "sum"], tmp_path / "full")
    why = "Why: Sum (7), 19.4 expected turns; next best Singles (2 and 5), 19.9 expected turns."
    assert full.lines[full.lines.index("cpu threw 5 and 2.") + 1] == why
    assert full.lines[full.lines.index(why) + 1].startswith("Flap 7 shut. Anna's turn.")
    normal = run_cli(args, ["roll", "sum"], tmp_path / "normal")
    assert not any(line.startswith("Why:") for line in normal.lines)
