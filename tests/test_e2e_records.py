"""Undo, settings, the score history and damaged files through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from e2e_support import MAIN_MENU, refused, run_cli, the_save

from accessible_dice import save
from accessible_dice import settings as config
from accessible_dice.games.base import Roll

MANUAL = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--dice", "manual",
          "--players", "Anna,Ben"]
MENU = ["--ui", "console", "--speech", "text"]
#: Anna shuts the box in seven turns (see test_e2e_shut_the_box.py).
WHOLE_GAME = ["1 2", "singles", "6 6", "singles", "3 4", "singles", "6 6", "5 6", "singles", "66",
              "4 3", "sum", "66", "44", "sum", "66", "4 5", "sum", "66", "5 5", "sum"]



def test_a_wrongly_typed_throw_is_taken_back_and_typed_again(tmp_path: Path) -> None:
    result = run_cli(MANUAL, ["2 1", "undo", "1 3", "undo", "undo", "undo", "redo", "q"], tmp_path)
    lines = result.lines
    assert lines[2:5] == ["Anna threw 2 and 1. Singles: 1 and 2. Sum: 3.",
                          "Taken back: Anna's throw of 2 and 1. Anna, throw 2 dice and type their values from 1 "
                          "to 6, like 3 5 or 35.",
                          "Anna threw 1 and 3. Singles: 1 and 3. Sum: 4."]
    assert lines[5].startswith("Taken back: Anna's throw of 1 and 3. Anna, throw 2 dice")
    assert lines[6:8] == [refused("Nothing has been played yet, so there is nothing to take back.")] * 2
    assert lines[8].startswith("Done again. Anna threw 1 and 3.")
    assert save.read(the_save(tmp_path)).history == [Roll((1, 3))]


def test_a_turn_stays_once_the_next_player_has_thrown(tmp_path: Path) -> None:
    result = run_cli(MANUAL, ["1 2", "help", "singles", "undo", "singles", "6 6", "undo", "undo", "q"], tmp_path)
    lines = result.lines
    assert "undo, redo, settings, history, profile, rules, report, menu, and quit (q). For listening: " in lines[3]
    assert lines[6] == "Taken back: Singles (1 and 2). Anna's turn. Singles: 1 and 2. Sum: 3."
    assert lines[-3:] == ["Taken back: Ben's throw of 6 and 6. Ben, throw 2 dice and type their values from 1 to "
                          "6, like 3 5 or 35.",
                          refused("Ben has played since, so the moves before cannot be taken back."),
                          "Game saved. Goodbye."]


def test_random_dice_cannot_be_thrown_again_by_undo(tmp_path: Path) -> None:
    result = run_cli(["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--seed", "1"],
                     ["roll", "undo", "q"], tmp_path)
    assert refused("Random dice stay as they fell; a throw cannot be taken back.") in result.lines


def test_a_finished_game_is_recorded_and_its_record_said_in_the_next_game_and_the_menu(tmp_path: Path) -> None:
    first = run_cli(MANUAL, WHOLE_GAME, tmp_path)
    assert first.status == 0 and first.stderr == ""
    second = run_cli(MANUAL, ["history", "q"], tmp_path)
    assert second.lines[2].startswith("Shut the Box, Anna: 1 game, 1 win, best 0 penalty points on ")
    assert " Shut the Box, Ben: 1 game, 0 wins, best 49 penalty points on " in second.lines[2]
    menu = run_cli(MENU, ["3", "4"], tmp_path)
    assert menu.lines[1:4] == ["Score history: 1 finished game.", "Personal bests and averages:",
                               menu.lines[3]] and menu.lines[3].startswith("Shut the Box, Anna: 1 game")
    assert menu.lines[5] == "Latest games:"
    assert menu.lines[6].endswith("Shut the Box: Anna with 0 penalty points and Ben with 49 penalty points.")
    assert menu.lines[7].startswith("Main menu:")


def test_settings_are_changed_in_a_game_and_remembered_at_the_next_start(tmp_path: Path) -> None:
    first = run_cli(MANUAL, ["settings verbosity brief", "settings", "settings speech-rate fast", "1 2", "q"],
                    tmp_path)
    assert first.lines[2] == "verbosity: brief."
    assert first.lines[3].startswith("Settings: language auto, speech auto, speech-rate 175,")
    assert first.lines[4] == refused("speech-rate cannot be fast; use a whole number from 80 to 450.")
    assert first.lines[5] == "1, 2."  # brief at once
    assert config.load(tmp_path / "config" / "settings.toml").settings == config.Settings(verbosity="brief")
    second = run_cli(MANUAL, ["1 2", "q"], tmp_path)
    assert second.lines[2] == "1, 2."  # brief from the start
    flag = run_cli([*MANUAL, "--verbosity", "normal"], ["1 2", "q"], tmp_path)
    assert flag.lines[2] == "Anna threw 1 and 2. Singles: 1 and 2. Sum: 3."


def test_the_menus_settings_screen_changes_settings_until_enter(tmp_path: Path) -> None:
    result = run_cli(MENU, ["2", "sound-mute yes", "theme=plaid", "theme", "", "3"], tmp_path)
    assert result.lines[1].startswith("Settings: language auto,")
    assert result.lines[2].startswith("Type a setting and its value")
    assert result.lines[3] == "sound-mute: yes."
    assert result.lines[5].startswith(refused("theme cannot be plaid; use yellow-on-black, white-on-black, "
                                              "black-on-white, or low-contrast"))
    assert result.lines[7] == ("theme is yellow-on-black; it can be yellow-on-black, white-on-black, "
                               "black-on-white, or low-contrast. The window's colours: high contrast, or low contrast "
                               "for eyes that it dazzles.")
    assert result.lines[-2].startswith("Main menu:") and result.lines[-1] == "Goodbye."
    assert config.load(tmp_path / "config" / "settings.toml").settings.sound_mute


def test_a_damaged_settings_file_is_reported_once_and_the_rest_kept(tmp_path: Path) -> None:
    folder = tmp_path / "config"
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_text("verbosity = brief\nspeech-rate = fast\ncolour = red\n",
                                          encoding="utf-8")
    first = run_cli(MANUAL, ["1 2", "q"], tmp_path)
    assert first.status == 0
    assert first.lines[0].startswith(refused("Settings line 2: speech-rate cannot be fast;"))
    assert first.lines[1] == refused("Settings line 3: there is no setting called colour; the line was dropped.")
    assert first.lines[2].startswith(refused("The settings file was repaired; the old one is kept as "
                                             "settings.damaged-"))
    assert first.lines[3].startswith("Shut the Box: Anna and Ben.")
    assert first.lines[5] == "1, 2."  # brief was kept
    second = run_cli(MANUAL, ["q"], tmp_path)
    assert second.lines[0].startswith("Shut the Box: Anna and Ben.")
    assert len(list(folder.glob("settings.damaged-*.toml"))) == 1


def test_an_unreadable_save_is_moved_aside_and_the_player_told(tmp_path: Path) -> None:
    run_cli(MANUAL, ["1 2", "q"], tmp_path)
    path = the_save(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][0] = {"roll": [9, 9]}
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli([*MENU, "--resume"], ["4"], tmp_path)
    assert result.lines[0].startswith(refused("The saved game cannot be used: action 1: "))
    assert f" It is kept as {path.stem}.damaged-" in result.lines[0]
    assert result.lines[1:3] == [refused("There is no saved game to continue."), MAIN_MENU]
    (kept,) = (tmp_path / "saves").glob("*.damaged-*.json")
    assert json.loads(kept.read_text(encoding="utf-8")) == data and not path.exists()
