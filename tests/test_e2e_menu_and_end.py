"""Menus that remember and the end of a game as a place (issue 14, items 4, 5 and 8), through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from e2e_support import AFTER_GAME, refused, run_cli

CONSOLE = ["--ui", "console", "--speech", "text"]
#: Threes Away's Low example (rules sheet), one round alone with real dice: 9 points, five lines typed.
THREES_AWAY = ["--game", "threes-away", "--dice", "manual", "--players", "Ola", "--option", "rounds=1"]
SHEET_GAME = ["3 2 6 4 5", "keep 1 2", "6 3 1", "keep 2 3", "6"]


def test_after_the_end_the_reviews_still_answer_and_enter_is_a_rematch(tmp_path: Path) -> None:
    result = run_cli([*CONSOLE, *THREES_AWAY], [*SHEET_GAME, "s", "b", "history", "", "q"], tmp_path)
    lines = result.lines
    end = lines.index("Game over: 9 points.")
    assert lines[end + 1] == AFTER_GAME
    assert lines[end + 2] == "Standings: 1. Ola, 9 points."
    assert lines[end + 3].startswith("Ola: ")
    assert "Ola: 1 game, best 9 points" in lines[end + 4]  # the score history has the game just played
    # The rematch: the same game, players and options again, with the same real dice.
    assert lines[end + 5] == ("Threes Away: Ola. Low: the lowest total wins. 1 round. Your turn. Type help for the "
                              "commands.")
    assert lines[end + 6].startswith("Ola, throw 5 dice")
    assert lines[-1] == "Goodbye."  # quit before anything was done: nothing to save, none said


def test_rematch_and_new_are_typed_words_after_the_end(tmp_path: Path) -> None:
    result = run_cli([*CONSOLE, *THREES_AWAY], [*SHEET_GAME, "rematch", "q"], tmp_path)
    assert result.lines.count("Game over: 9 points.") == 1
    assert sum(line.startswith("Threes Away: Ola.") for line in result.lines) == 2
    result = run_cli([*CONSOLE, *THREES_AWAY], [*SHEET_GAME, "new", "q"], tmp_path / "new")
    assert result.lines[-2].startswith("Main menu: 1 New game")


def test_a_seeded_rematch_throws_other_dice(tmp_path: Path) -> None:
    args = [*CONSOLE, "--game", "shut-the-box", "--players", "cpu1,cpu2", "--seed", "9"]
    result = run_cli(args, ["rematch"], tmp_path)
    openings = [i for i, line in enumerate(result.lines) if line.startswith("Shut the Box: cpu1 and cpu2.")]
    assert len(openings) == 2
    first, second = result.lines[openings[0] + 1:openings[1]], result.lines[openings[1] + 1:]
    assert first[0] != second[0]


def test_CG_01_the_menu_remembers_the_last_game_and_enter_enter_plays_it_again(tmp_path: Path) -> None:
    typed = ["", "2", "Anna, cpu", "order=upper-first", "", "", "q"]
    first = run_cli(CONSOLE, typed, tmp_path)
    assert "Yatzy: Anna and cpu. Upper section first: Ones to Sixes, then the rest." in first.lines[-2]
    kept = json.loads((tmp_path / "last-game.json").read_text(encoding="utf-8"))
    assert kept == {"game": "yatzy", "players": ["Anna", "cpu"], "options": {"order": "upper-first"},
                    "manual": False}
    again = run_cli(CONSOLE, ["", "", "q"], tmp_path)  # two keystrokes
    assert again.lines[1] == ("Choose a game: 1 Shut the Box, 2 Yatzy, 3 Storeslem, 4 QUICLO Equation, or "
                              "5 Threes Away. Enter: Yatzy again with Anna and cpu, as last time.")
    assert again.lines[2].startswith("Yatzy: Anna and cpu. Upper section first")


def test_each_question_of_the_last_game_offers_its_last_answer(tmp_path: Path) -> None:
    run_cli(CONSOLE, ["", "1", "Ann, Ben", "rounds=3 easy=yes", "", "2", "q"], tmp_path)
    again = run_cli(CONSOLE, ["", "1", "", "", "", "q"], tmp_path)
    assert again.lines[2].endswith("Press Enter for Ann and Ben, as last time.")
    assert again.lines[3].startswith("Options: easy yes (yes or no), rounds 3 (a whole number from 1 to 20), "
                                     "and start order (order or roll).")
    assert again.lines[4].endswith("Enter: manual (you throw real dice and type their values).")
    assert again.lines[5].startswith("Shut the Box: Ann and Ben. Easy variant")


def test_CG_03_CG_05_help_works_at_every_menu_step_and_options_explain_themselves(tmp_path: Path) -> None:
    typed = ["help", "", "help", "1", "help", "", "help", "rounds", "rounds=2 start=roll", "", "help", "", "q"]
    result = run_cli(CONSOLE, typed, tmp_path)
    text = "\n".join(result.lines)
    assert text.count("Type back for the main menu, or quit to leave.") == 5
    # What each item is for comes between (CG-03), then the Enter choice.
    assert "Type the number or the name of a choice. 1 New game: Choose a game" in text
    assert "8 Quit: Leave the program; a game under way is saved. Enter: New game." in text
    assert "Type an option, an equals sign and a value, like easy=no; or press Enter to go on." in text
    assert "cannot be ;" not in text and '""' not in text
    assert "Shut the Box: Player. 2 rounds." in text


def test_a_damaged_memory_is_forgotten_and_the_menu_works(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "last-game.json").write_text("{not json", encoding="utf-8")
    result = run_cli(CONSOLE, ["", "q"], tmp_path)
    assert result.status == 0
    assert result.lines[1].endswith("Enter: a quick game of Shut the Box alone, with the usual options.")


def test_quitting_before_anything_is_done_says_no_game_was_saved(tmp_path: Path) -> None:
    result = run_cli([*CONSOLE, "--game", "yatzy"], ["q"], tmp_path)
    assert result.lines[-1] == "Goodbye."
    result = run_cli([*CONSOLE, "--game", "yatzy"], ["r", "q"], tmp_path)
    assert result.lines[-1] == "Game saved. Goodbye."


def test_storeslem_a_board_with_commas_and_its_undo_are_said_right(tmp_path: Path) -> None:
    args = [*CONSOLE, "--game", "storeslem", "--players", "Ola,Kari"]
    result = run_cli(args, ["board 1,2,3,4,5,6,7,8,9", "undo"], tmp_path)
    assert result.lines[1].startswith("Ola's board is set. Row 1: 1, 2, 3. Row 2: 4, 5, 6. Row 3: 7, 8, 9.")
    assert result.lines[2].startswith("Taken back: The board 1, 2, 3, 4, 5, 6, 7, 8, and 9. Ola's turn.")


def test_quiclo_a_judged_equation_is_final_and_undo_says_why(tmp_path: Path) -> None:
    result = run_cli([*CONSOLE, "--game", "quiclo", "--players", "Ola", "--seed", "1"], ["r", "1=1=1", "undo"],
                     tmp_path)
    assert result.lines[0].startswith("QUICLO Equation: Ola. You start with 3 lives.")
    # A judged equation is final (Move.final, docs/playing.md): the life it cost stays, and undo says why.
    # It is a result, not a refusal: no "Error:" (which says nothing changed) before it.
    assert result.lines[2].startswith("1=1=1: wrong.") and "Ola loses a life: 2 lives left." in result.lines[2]
    assert result.lines[3] == refused("What that move showed or cost stays; it cannot be taken back.")


def test_typed_values_while_real_dice_are_due_are_refused_as_values(tmp_path: Path) -> None:
    result = run_cli([*CONSOLE, "--game", "shut-the-box", "--dice", "manual"], ["3 x"], tmp_path)
    assert result.lines[2] != "Name the flaps by number, like shut 7 or shut 3 4."
    assert "1 to 6" in result.lines[2]


def test_a_ready_computer_player_is_not_said_to_be_getting_ready(tmp_path: Path) -> None:
    """The table comes with the program and is read in a moment: nobody is told to wait (D11, issue 24)."""
    args = [*CONSOLE, "--game", "yatzy", "--players", "Ola,cpu", "--seed", "2"]
    result = run_cli(args, ["r", "score chance"], tmp_path)
    assert any(line.startswith("cpu threw") for line in result.lines)
    assert not any("Preparing" in line or "being prepared" in line for line in result.lines)


def test_a_quiclo_game_continued_says_the_lives_now(tmp_path: Path) -> None:
    run_cli([*CONSOLE, "--game", "quiclo", "--players", "Ola,Kari", "--seed", "3"], ["r", "helper", "q"], tmp_path)
    resumed = run_cli([*CONSOLE, "--resume"], ["q"], tmp_path)
    assert resumed.lines[0].startswith("QUICLO Equation continued: Ola and Kari. Lives: Ola 2 lives and Kari 3 "
                                       "lives. Kari's turn")


def test_a_storeslem_board_not_yet_filled_names_its_player_once(tmp_path: Path) -> None:
    result = run_cli([*CONSOLE, "--game", "storeslem", "--players", "Ola"], ["b"], tmp_path)
    assert result.lines[1] == "Ola has no board yet."
