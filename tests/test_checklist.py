"""Rows of the accessibility checklist (docs/accessibility-checklist.md) that no other
test file holds: each test is named after its row id, so ``pytest -k KB_04`` finds a row's guard.

docs/accessibility.md lists every row with its status and the test that guards it.
"""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path

import pygame
import pytest
from e2e_support import GAME_LIST, MAIN_MENU, no_save_left, refused, run_cli, the_save
from window_driver import Driver, open_driver, open_window

from accessible_dice import settings as config
from accessible_dice.cli import parse_args
from accessible_dice.games import GAMES
from accessible_dice.presentation.i18n import language
from accessible_dice.sound import SoundPlayer
from accessible_dice.ui import launch as launching
from accessible_dice.utterance import Cue

EN = language("en")
#: ``{name}`` in a catalog string: a placeholder, not words.
PLACEHOLDERS = re.compile(r"\{[^{}]*\}")
MENU = ["--ui", "console", "--speech", "text", "--dice", "manual"]
_driver = pytest.fixture(name="driver")(open_driver)


# ---------------------------------------------------------------- AU-05 mono and balance



def test_AU_05_the_settings_file_sets_mono_and_balance_for_the_terminal(tmp_path, monkeypatch) -> None:
    """The terminal's cues start as the file says, and follow a change made on the settings screen."""
    monkeypatch.setenv("ACCESSIBLE_DICE_CONFIG", str(tmp_path))
    path = tmp_path / config.FILE_NAME
    path.write_text('sound-mono = true\nsound-balance = 20\n', encoding="utf-8")
    chosen = config.load(path).settings
    announcer = launching._outputs(parse_args(["--ui", "console", "--speech", "none"]), EN, chosen)
    try:
        assert isinstance(announcer.cues, SoundPlayer)
        assert announcer.cues.mono and announcer.cues.balance == pytest.approx(0.2)
        announcer.cues.follow(chosen.changed("sound-mono", "no"))
        assert not announcer.cues.mono
    finally:
        announcer.close()


def test_AU_05_the_window_settings_list_changes_mono_and_balance_at_once(tmp_path) -> None:
    cues = SoundPlayer()
    window, _spy = open_window(settings_path=tmp_path / config.FILE_NAME, cues=cues)
    try:
        said = window.prefs.command(["sound-mono", "yes"])
        assert said.text == "sound-mono: yes." and cues.mono
        window.prefs.command(["sound-balance", "100"])
        assert cues.balance == 1.0 and cues.sides(1.0, 0.0) == (0.0, 0.0)
        assert cues.sides(0.7, 0.7) == (0.0, 0.7)
        kept = config.load(tmp_path / config.FILE_NAME).settings
        assert (kept.sound_mono, kept.sound_balance) == (True, 100)
    finally:
        pygame.display.quit()
        cues.close()


def test_AU_05_a_balance_out_of_range_is_refused_with_what_it_takes() -> None:
    with pytest.raises(config.SettingValueRefused, match="sound-balance cannot be 150; use a whole number "
                                                         "from 0 to 100"):
        config.Settings().changed("sound-balance", "150")


# ---------------------------------------------------------------- CG-06 practice


#: Anna shuts the box in seven turns (see test_e2e_shut_the_box.py).
WHOLE_GAME = ["1 2", "singles", "6 6", "singles", "3 4", "singles", "6 6", "5 6", "singles", "66",
              "4 3", "sum", "66", "44", "sum", "66", "4 5", "sum", "66", "5 5", "sum"]


def test_CG_06_a_practice_game_is_chosen_in_the_menu_and_never_recorded_or_saved(tmp_path) -> None:
    """The terminal, through the real command line: a whole practice game leaves no trace in the score
    history, and the game saved before it is still the one to continue."""
    saved = run_cli(["--game", "yatzy", "--ui", "console", "--speech", "text", "--players", "Ola"],
                    ["roll", "q"], tmp_path)
    assert saved.lines[-1] == "Game saved. Goodbye."
    kept = the_save(tmp_path).read_bytes()
    played = run_cli(MENU, ["5", "1", "Anna, Ben", "", "", *WHOLE_GAME, "new", "8"], tmp_path)
    assert played.lines[0].startswith(MAIN_MENU + " Saved games, the latest first: 9 Yatzy: Ola. ")
    opening = next(line for line in played.lines if line.startswith("Shut the Box"))
    assert "Practice game: it is not saved and not put into the score history." in opening
    assert any("Anna shut the box!" in line for line in played.lines)
    assert played.lines[-2].startswith("Main menu: 1 New game, 2 Settings, ")
    assert "Saved games, the latest first: 9 Yatzy: Ola. " in played.lines[-2]
    assert the_save(tmp_path).read_bytes() == kept  # still the one save, untouched
    assert run_cli(["--history"], [], tmp_path).lines == ["The score history is empty: no game has been finished yet."]


def test_CG_06_the_window_menu_offers_practice_and_the_game_keeps_nothing(driver: Driver) -> None:
    from accessible_dice.history import history_path
    from accessible_dice.storage import data_dir
    from accessible_dice.ui.window.game import GameScreen
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=3))
    driver.keys("p")
    assert driver.last == "Practice game, 5 of 8"
    driver.keys("return", "return", "return")  # Shut the Box, one player, the options as they are
    driver.keys("return")
    screen = driver.top
    assert isinstance(screen, GameScreen) and screen.session.practice
    assert any("Practice game: it is not saved" in said.text for said in driver.said)
    for _ in range(400):  # Enter plays each step to the end (bounded: a test never hangs)
        if screen.session.game.is_over():
            break
        driver.keys("return")
    assert screen.session.game.is_over()
    assert no_save_left(data_dir()) and not history_path().exists()


# ---------------------------------------------------------------- SR-03 brief means brief


def test_SR_03_menu_positions_follow_the_verbosity(driver: Driver) -> None:
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    assert driver.last == "Main menu. New game, 1 of 8"
    driver.window.prefs.command(["verbosity", "brief"])
    driver.keys("down")
    assert driver.last == "Settings"
    driver.keys("escape", "escape")  # the quit question, then back to the menu
    assert driver.last == "Main menu. Settings"
    driver.window.prefs.command(["verbosity", "full"])
    driver.keys("down")
    assert driver.last == "Score history, 3 of 8"


# ---------------------------------------------------------------- small rows: ER-06, KB-03, SR-05


def test_ER_06_with_real_dice_r_in_the_value_field_types_nothing_and_says_the_prompt_again(driver: Driver) -> None:
    from accessible_dice import saved_games
    from accessible_dice.session import new_session
    from accessible_dice.ui.window import Entry
    from accessible_dice.ui.window.game import GameScreen

    session = new_session("shut-the-box", ["Anna"], {}, manual=True, save_to=saved_games.new_path("shut-the-box"))
    driver.window.push(GameScreen(driver.window, session))
    field = driver.top
    assert isinstance(field, Entry)
    driver.keys("r")
    driver.type("r")
    assert field.typed == ""
    assert driver.last == "Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."
    assert driver.said[-1].interrupt
    driver.type("7 3")
    driver.keys("return")
    assert driver.last == "Die 1: 7 is not valid, enter 1 to 6."


def test_KB_03_undo_and_redo_are_in_the_actions_menu_without_a_chord(driver: Driver) -> None:
    from accessible_dice.ui.window.game import GameScreen

    screen = driver.game("shut-the-box", ["Anna", "Ben"], seed=1)
    driver.keys("return", "return")  # throw, then the first move offered
    moved = len(screen.game.history)
    driver.keys("escape", "down")
    assert driver.last == "Take back the last step, 2 of 11"
    driver.keys("return")
    assert driver.top is screen and len(screen.game.history) == moved - 1
    assert driver.last.startswith("Taken back: ")
    driver.keys("escape", "down", "down")
    assert driver.last == "Do again the step taken back, 3 of 11"
    driver.keys("return")
    assert isinstance(driver.top, GameScreen) and len(screen.game.history) == moved
    assert driver.last.startswith("Done again. ")


def test_KB_03_page_up_and_page_down_reach_the_oldest_and_newest_message_alone(driver: Driver) -> None:
    screen = driver.game("shut-the-box", ["Anna", "Ben"], seed=1)
    driver.keys("return", "return", "return")
    log = driver.window.shown.log
    assert len(log) > 2
    driver.keys("pageup")
    assert driver.window.shown.reviewing == 0 and driver.last == log[0].text
    driver.keys("pagedown")
    assert driver.window.shown.reviewing is None and driver.last == log[-1].text
    assert driver.top is screen


def test_KB_03_b_says_everybodys_boards_as_shift_c_does(driver: Driver) -> None:
    driver.game("yatzy", ["Anna", "Ben"], seed=1)
    driver.keys("shift+c")
    chord = driver.last
    driver.keys("b")
    assert driver.last == chord and chord.startswith("Anna")


def test_KB_03_f2_reads_the_rules_in_a_game_and_the_general_help_outside(driver: Driver) -> None:
    from accessible_dice.ui.window import Reader
    from accessible_dice.ui.window.menu import MainMenu

    driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("f2")
    assert isinstance(driver.top, Reader) and driver.top.title == "Rules of Yatzy"
    driver.window.replace_all(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("f2")
    assert isinstance(driver.top, Reader) and driver.top.title == "About Accessible Dice"


def _to_setting(driver: Driver, key: str) -> None:
    from accessible_dice.ui.window.settings import SettingsMenu

    driver.window.push(SettingsMenu(driver.window))
    assert driver.top.focus.place(key, key)


def test_KB_03_zoom_and_full_screen_without_a_chord_in_the_settings_list(driver: Driver) -> None:
    """Ctrl+Plus, Ctrl+Minus and Alt+Enter have their settings, stepped by Left and Right alone."""
    _to_setting(driver, "font-scale")
    driver.keys("right")
    assert driver.window.prefs.settings.font_scale == 125 and driver.window.scale == 1.25
    driver.keys("left")
    assert driver.window.scale == 1.0
    driver.top.focus.place("full-screen", "full-screen")
    driver.keys("right")
    assert driver.window.prefs.settings.full_screen and driver.window.full


def test_KB_03_with_keep_by_value_a_number_key_alone_holds_by_face(driver: Driver) -> None:
    """Shift and a number holds the dice showing it; with keep-by = value the number alone does."""
    screen = driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("r")
    dice = screen.game.dice_on_table()
    driver.window.prefs.command(["keep-by", "value"])
    driver.keys(str(dice[0]))
    assert screen.game.held() == tuple(at for at, value in enumerate(dice) if value == dice[0])


def test_SR_05_the_terminal_menus_answer_repeat_and_stop(tmp_path) -> None:
    """Through the real command line: repeat says the menu again, stop says nothing and keeps the question."""
    result = run_cli(["--ui", "console", "--speech", "text"], ["repeat", "stop", "1", "opakovat", "q"], tmp_path)
    menu = MAIN_MENU
    assert result.lines[:3] == [menu, menu, GAME_LIST]
    assert result.lines[3].startswith(refused("opakovat is not a choice here"))
    czech = run_cli(["--ui", "console", "--speech", "text", "--lang", "cs"], ["opakovat", "q"], tmp_path)
    assert czech.lines[1] == czech.lines[0]


# ---------------------------------------------------------------- GN-11 a way to report a problem


def _report_written(line: str) -> Path:
    """The file a "problem report was written" line names (the whole path is said aloud)."""
    from accessible_dice import bug_report

    prefix, ending = "A problem report was written to ", f". Please send it to {bug_report.send_to()}, "
    assert line.startswith(prefix) and ending in line, line
    return Path(line[len(prefix):line.index(ending)])


def test_GN_11_report_in_a_game_writes_one_file_with_the_save_settings_announcements_and_log(tmp_path) -> None:
    result = run_cli(["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--players", "Anna",
                      "--dice", "manual"], ["3 4", "settings verbosity full", "report", "q"], tmp_path)
    path = _report_written(result.lines[-2])
    assert path.parent == tmp_path / "reports"
    text = path.read_text(encoding="utf-8")
    assert "Send this file to: https://" in text
    assert 'verbosity = "full"' in text  # the settings as they are now
    game = text.split("## Game in progress (its save)\n", 1)[1].split("\n\n## ", 1)[0]
    from accessible_dice import save

    assert save.loads(game).history == save.read(the_save(tmp_path)).history
    assert "Anna threw 3 and 4. Singles: 3 and 4. Sum: 7." in text
    assert "## End of accessible-dice.log" in text and "speech: using text" in text


def test_GN_11_report_at_a_terminal_menu_and_in_the_window_actions_menu(tmp_path, driver: Driver) -> None:
    result = run_cli(["--ui", "console", "--speech", "text"], ["report", "q"], tmp_path / "terminal")
    assert "(no game in progress)" in _report_written(result.lines[1]).read_text(encoding="utf-8")
    assert result.lines[-1] == "Goodbye."
    screen = driver.game("yatzy", ["Anna"], seed=2)
    driver.keys("r", "escape", "end", "up", "up")
    assert driver.last == "Report a problem, 9 of 11"
    driver.keys("return")
    text = _report_written(driver.last).read_text(encoding="utf-8")
    assert '"game": "yatzy"' in text and len(screen.game.history) == 1


def test_GN_11_the_issue_tracker_is_in_pyproject_and_every_accessibility_page(tmp_path) -> None:
    import tomllib

    from accessible_dice import bug_report
    from accessible_dice.presentation.i18n import LANGUAGES

    root = Path(__file__).resolve().parent.parent
    urls = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert bug_report.send_to() == urls["Issues"]
    pages = [root / "docs" / "accessibility.md", *(root / "docs" / code / "accessibility.md"
                                                   for code in LANGUAGES if code != "en")]
    for page in pages:
        assert urls["Issues"] in page.read_text(encoding="utf-8"), page


# ---------------------------------------------------------------- GN-02 player profiles


@pytest.mark.parametrize("brief", ["verbosity brief", "settings verbosity brief"])
def test_GN_02_in_hot_seat_a_players_own_settings_switch_with_the_turn(tmp_path, brief: str) -> None:
    """Through the real command line: Anna keeps brief speech as her own; Ben's turns use the shared
    settings; the next start still knows Anna's, and the shared file never got her verbosity. Both ways
    help names: the ``verbosity`` command (a11y-audit GN-02: it held for the run only, so Ben's turns were
    brief too and Anna's profile kept "normal") and the setting."""
    from accessible_dice.profiles import Profiles

    args = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--dice", "manual",
            "--players", "Anna,Ben"]
    first = run_cli(args, ["profile yes", brief, "1 2", "singles", "6 6", "singles", "q"], tmp_path)
    assert first.lines[2].startswith("Anna's own settings, which hold on Anna's turns: speech-rate 175,")
    assert first.lines[4:8] == ["1, 2.", "Flaps 1 and 2 shut. Ben's turn. The shared settings.",
                                "Ben, throw 2 dice and type their values from 1 to 6, like 3 5 or 35.",
                                "Ben threw 6 and 6. Singles: 6. Press Enter for Singles (6)."]
    assert first.lines[8] == "6 shut. Anna's turn. Anna's own settings."
    config_folder = tmp_path / "config"
    assert Profiles(config_folder / "profiles").load("anna").verbosity == "brief"
    assert config.load(config_folder / config.FILE_NAME).settings.verbosity == "normal"
    again = run_cli(["--resume", *args[2:8]], ["3 4", "profile nein", "profile no", "q"], tmp_path)
    assert again.lines[0].endswith("Anna's own settings.")
    assert again.lines[2] == "3, 4."
    assert again.lines[3] == refused("profile cannot be nein; use yes or no.")
    assert again.lines[4].startswith("Anna uses the shared settings. Type profile yes")
    assert Profiles(config_folder / "profiles").load("Anna") is None


def test_GN_02_the_window_switches_theme_and_text_size_with_the_turn(tmp_path, monkeypatch) -> None:
    from window_driver import Driver as WindowDriver

    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path / "data"))
    window, spy = open_window(settings_path=tmp_path / config.FILE_NAME)
    driver = WindowDriver(window, spy)
    try:
        screen = driver.game("shut-the-box", ["Anna", "Ben"], seed=1)
        driver.keys("escape", "end", "up", "up", "up", "up")
        assert driver.last == "Own settings for Anna, checkbox, not checked, 8 of 12"
        driver.keys("return")
        assert driver.last == "Own settings for Anna, checkbox, checked, 8 of 12"
        driver.keys("escape", "f8", "ctrl+=")  # back in the game: Anna's theme and text size
        assert (window.theme.id, window.scale) == ("white-on-black", 1.25)
        for _ in range(40):  # Enter on the focused action until the turn passes (bounded: a test never hangs)
            if screen.game.current_player() != 0:
                break
            driver.keys("return")
        assert (window.theme.id, window.scale) == ("yellow-on-black", 1.0)
        assert any(said.text.endswith("The shared settings.") for said in driver.said)
        for _ in range(40):
            if screen.game.current_player() != 1:
                break
            driver.keys("return")
        assert (window.theme.id, window.scale) == ("white-on-black", 1.25)
        assert config.load(tmp_path / config.FILE_NAME).settings.theme == "yellow-on-black"
    finally:
        pygame.display.quit()


# ---------------------------------------------------------------- CG-02 tutorials


def test_CG_02_the_terminal_tutorial_says_what_to_type_waits_explains_and_continues_after_leaving(tmp_path) -> None:
    args = ["--ui", "console", "--speech", "text"]
    first = run_cli(args, ["4", "1", "roll", "board", "dice", "q"], tmp_path)
    assert first.lines[0] == MAIN_MENU
    opening = first.lines[2]
    assert opening.startswith("Shut the Box: Player. Turn 1. Tutorial of Shut the Box: a short guided game")
    assert opening.endswith("Now throw the dice: type roll.")
    assert first.lines[4] == ("That was your throw: the dice and what they allow were said. Now hear the dice "
                              "again, as you can at any time: type dice.")
    # Something else than the step waited for is done as always; the step is said again.
    assert first.lines[6] == "Now hear the dice again, as you can at any time: type dice."
    assert first.lines[8].startswith("Now make a move. ") and first.lines[8].endswith(
        "Type one of singles, sum, shut N, or c N, a move by its number in the moves list.")
    assert (tmp_path / "tutorials" / "shut-the-box.json").exists()
    again = run_cli(args, ["4", "1", "sum", "board", "roll", "q"], tmp_path)
    assert "The tutorial of Shut the Box goes on. Now make a move." in again.lines[2]
    assert again.lines[4] == "That was your move: what it did was said. Now hear your board: type board."
    assert again.lines[-2].endswith("That is the tutorial: you threw, moved and asked. Play on to the end of this "
                                    "game for practice, or leave it.")
    assert not (tmp_path / "tutorials" / "shut-the-box.json").exists()
    assert no_save_left(tmp_path)


def test_CG_02_the_first_choice_of_a_game_offers_its_tutorial_once(tmp_path) -> None:
    args = ["--ui", "console", "--speech", "text"]
    offer = "New to Yatzy? Tutorial in the main menu plays a short guided first game."
    assert run_cli(args, ["1", "2", "q"], tmp_path).lines[2] == offer
    assert offer not in run_cli(args, ["1", "2", "q"], tmp_path).lines


@pytest.mark.parametrize("game_id", list(GAMES))
def test_CG_02_every_game_has_a_window_tutorial_that_says_which_key_to_press(driver: Driver, game_id: str) -> None:
    from accessible_dice.presentation import playable
    from accessible_dice.ui.window.game import GameScreen
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("t", "return")
    assert driver.last == f"Choose a game. Shut the Box, 1 of {len(playable())}"
    driver.keys(*["down"] * playable().index(game_id), "return")
    screen = driver.top
    assert isinstance(screen, GameScreen) and screen.session.tutorial is not None
    opening = next(said.text for said in driver.said if "Tutorial of" in said.text)
    if game_id == "storeslem":  # the board comes first
        assert opening.endswith("Choose one with the arrow keys and Enter.")
        return
    assert opening.endswith("Now throw the dice: press R.")
    driver.keys("r")
    if game_id == "threes-away":  # the die for the number of rounds is not kept on the table
        assert driver.said[-1].text.endswith("Now throw the dice: press R.")
        driver.keys("r")
    assert driver.said[-1].text.endswith("Now hear the dice again, as you can at any time: press D.")
    driver.keys("d")
    assert driver.said[-1].text.startswith("Now make a move. ")


# ---------------------------------------------------------------- KB-04 key remapping, KB-10 key delay


def _keys_list(driver: Driver) -> None:
    """Settings, then its last item: the list of keys."""
    from accessible_dice.ui.window.keys_screen import KeysMenu
    from accessible_dice.ui.window.settings import SettingsMenu

    driver.window.push(SettingsMenu(driver.window))
    driver.keys("end", "return")
    assert isinstance(driver.top, KeysMenu)


def test_KB_04_KB_05_a_key_is_changed_by_pressing_the_new_one_and_f1_says_it(tmp_path, monkeypatch) -> None:
    from window_driver import Driver as WindowDriver

    from accessible_dice.ui.window import keymap

    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path / "data"))
    path = tmp_path / config.FILE_NAME
    window, spy = open_window(settings_path=path)
    driver = WindowDriver(window, spy)
    try:
        _keys_list(driver)
        for _ in range(60):  # down the list to the throw key (bounded: a test never hangs)
            if driver.last.startswith("throw the dice; with real dice, type the values thrown: R"):
                break
            driver.keys("down")
        driver.keys("return")
        assert driver.last == ("Press the new key for: throw the dice; with real dice, type the values thrown. "
                               "Escape keeps R.")
        driver.keys("insert")
        assert driver.last == "Insert is kept for screen readers; press another key."
        driver.keys("d")
        assert driver.last == "D already does this: the dice, and which are held. Press another key, or change " \
                              "that one first."
        driver.keys("f6")
        assert driver.last == "throw the dice; with real dice, type the values thrown: now F6."
        assert 'roll = "f6"' in (tmp_path / keymap.FILE_NAME).read_text(encoding="utf-8")
        screen = driver.game("shut-the-box", ["Anna"], seed=1)
        driver.keys("r")
        assert driver.last == "Nothing here starts with r."  # a free letter jumps, as in any list
        driver.keys("f6")
        assert len(screen.game.history) == 1
        driver.keys("f1")
        assert "F6: throw the dice; with real dice, type the values thrown." in driver.top.lines
        assert not any(line.startswith("R: ") for line in driver.top.lines)
    finally:
        pygame.display.quit()
    window, spy = open_window(settings_path=path)  # the next start keeps the key
    try:
        from accessible_dice.ui.window import keys

        assert keys.read(pygame.K_F6, 0, "", ["game"]).action == "roll"
        assert keys.read(pygame.K_r, 0, "r", ["game"]) is None
        window.keymap.reset()
        assert keys.read(pygame.K_r, 0, "r", ["game"]).action == "roll"
    finally:
        pygame.display.quit()


def test_KB_04_escape_keeps_the_key_and_a_damaged_keys_file_keeps_the_usual_keys(tmp_path, driver: Driver) -> None:
    from accessible_dice.ui.window import keymap, keys

    _keys_list(driver)
    driver.keys("return", "escape")
    assert keys.active() == keys.TABLE
    (tmp_path / keymap.FILE_NAME).write_text('roll = "no-such-key"\nbogus = "f5"\nundo = "ctrl+u"\n', encoding="utf-8")
    assert keymap.load(tmp_path / keymap.FILE_NAME) == {"undo": keys.Chord("u", ctrl=True)}


def test_KB_10_a_key_pressed_again_within_the_key_delay_is_ignored(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("t", "t")
    heard = len(driver.said)
    driver.window.prefs.command(["key-delay", "2000"])
    driver.keys("d", "t", "t")
    assert len(driver.said) == heard + 2, "the second T came too soon"
    driver.keys("d")  # another key is never held back
    assert len(driver.said) == heard + 3


# ---------------------------------------------------------------- LV-08 / LV-15: the honest half of the render test


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_LV_08_LV_15_at_200_percent_every_game_shows_its_dice_and_message_and_no_cells_overlap(
        driver: Driver, size: tuple[int, int]) -> None:
    """The moves and boxes under the dice push the dice up at 200 %: a line of them stays at the top (draw.py's
    stand-in), and the message panel stays, so the throw is seen while a move is chosen."""
    import window_pixels as pixels
    from test_window_render import GAMES, _render

    lost = []
    sheets = {}
    for name, setup in GAMES.items():
        driver.window.screens = []  # a fresh stack for each game
        setup(driver)
        surface, drawn = _render(driver, size, 2.0)  # at 1.0 this test passes
        dice = {f"die{n}" for n in range(len(driver.top.game.dice_on_table()))}
        if not dice <= set(drawn.cells) or drawn.message is None:
            lost.append(name)
        rects = list(drawn.cells.items())
        lost += [f"{name}: {a} over {b}" for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:]
                 if ra.colliderect(rb)]
        # Seen, not only placed: the dice's digits and the newest message's (end of) words are read by OCR.
        view = driver.window.view()
        sheets[name] = pixels.Sheet(surface, [*pixels.dice_crops(drawn, view), pixels.newest_crop(drawn, view)])
    assert lost == []
    if pixels.available():
        pixels.read(list(sheets.values()))
        assert {name: [c for c in sheet.crops if not c.found] for name, sheet in sheets.items()} \
            == {name: [] for name in sheets}


# ---------------------------------------------------------------- LV-11 text spacing in the rules and the help


@pytest.mark.parametrize("page", ["ctrl+f1", "f1"], ids=["rules", "help"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 1080)], ids=["720p", "1080p", "32:9"])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_LV_11_pages_keep_80_characters_a_line_1_5_line_spacing_and_paragraphs_twice_that(
        driver: Driver, page: str, size: tuple[int, int], scale: float) -> None:
    """Measured on the drawn page: the characters of each line, the distance between a paragraph's lines
    and between paragraphs (top to top); and a heading is drawn larger than the text (LV-08)."""
    from test_window_render import _render

    driver.game("yatzy", ["Anna"])
    driver.keys(page)
    _surface, drawn = _render(driver, size, scale)
    assert max(len(text) for text, _rect in drawn.texts) <= 80
    blocks = [(item.kind, [rect for _text, rect in drawn.texts if item.rect.contains(rect)])
              for item in drawn.items if item.kind in ("line", "heading")]
    assert len(blocks) >= 2, "a page of more than one paragraph is drawn"
    line = 1.5 * drawn.body
    for _kind, rects in blocks:
        assert all(b.top - a.top >= line - 1 for a, b in itertools.pairwise(rects))
    for (kind, rects), (_next_kind, following) in itertools.pairwise(blocks):
        if kind == "line":
            assert following[0].top - rects[-1].top >= 2 * line - 1
    heights = {kind: max(rect.height for rect in rects) for kind, rects in blocks}
    if "heading" in heights:
        assert heights["heading"] > heights["line"]
    else:
        assert page == "f1", "the rules page has headings"


# ---------------------------------------------------------------- rows of the window no other test names


def test_LV_12_no_sentence_is_in_capitals_and_blocks_are_left_aligned(driver: Driver) -> None:
    """Every string of every catalog: no run of three or more words in capitals. A rules page and the
    message panel: every line of a block starts where its first line starts."""
    from babel.messages.pofile import read_po
    from test_window_render import _render

    root = Path(__file__).resolve().parents[1] / "locales"
    shouting = re.compile(r"\b[A-ZÀ-ÞĀ-Ž]{2,}(?:\W+[A-ZÀ-ÞĀ-Ž]{2,}){2,}\b")
    for path in [root / "accessible_dice.pot", *sorted(root.glob("*/LC_MESSAGES/accessible_dice.po"))]:
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue  # the header
            texts = [*(message.id if isinstance(message.id, tuple) else (message.id,)),
                     *(message.string if isinstance(message.string, tuple) else (message.string,))]
            loud = [text for text in texts if text and shouting.search(PLACEHOLDERS.sub("", text))]
            assert loud == [], path
    driver.game("yatzy", ["Anna"])
    driver.keys("ctrl+f1")
    _surface, drawn = _render(driver, (1280, 720))
    blocks = [item.rect for item in drawn.items if item.kind in ("line", "heading", "message")]
    assert len(blocks) >= 3
    for block in blocks:
        lefts = {rect.left for _text, rect in drawn.texts if block.contains(rect)}
        assert len(lefts) == 1, f"a block of text is not left-aligned: {lefts}"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)], ids=["800x600", "720p", "1080p"])
@pytest.mark.parametrize("overlay", ["field", "question"])
def test_LV_19_a_text_field_or_a_question_never_hides_the_focus(driver: Driver, size: tuple[int, int],
                                                                overlay: str) -> None:
    """The overlays (a field for real dice, a yes/no question) take the focus and are drawn in the column,
    so nothing lies over the focused item: no other element's rectangle touches the focus frame's item."""
    from test_window_render import _render

    from accessible_dice import saved_games
    from accessible_dice.session import new_session
    from accessible_dice.ui.window import Confirm, Entry
    from accessible_dice.ui.window.game import GameScreen

    session = new_session("yatzy", ["Anna", "Ben"], {}, manual=True, save_to=saved_games.new_path("yatzy"))
    driver.window.push(GameScreen(driver.window, session))
    if overlay == "question":
        driver.keys("escape", "escape", "end", "return")  # the field closed, the actions menu, "Close" asks
    assert isinstance(driver.top, Entry if overlay == "field" else Confirm)
    for scale in (1.0, 2.0):
        _surface, drawn = _render(driver, size, scale)
        assert drawn.focus is not None
        focused = driver.top.focus.cell_key if overlay == "question" else "field"
        cell = drawn.cells[focused]
        over = [f"{item.kind}:{item.key}" for item in drawn.items
                if item.rect.colliderect(cell) and item.key != focused and item.kind != "messages"]
        assert over == [], f"{overlay} at {size} {scale}: {over} over the focus"
        assert drawn.message is not None and not drawn.message.colliderect(cell)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_ER_01_ER_05_a_refused_rethrow_is_shown_beside_the_open_field_with_a_warning_sign(
        driver: Driver, size: tuple[int, int]) -> None:
    """The audit's repro (a11y-audit.md, ER-01): Yatzy with real dice, a re-throw typed as 9 9 9. The reason
    is said and drawn whole in the message panel, which the still open field does not cover, and it carries
    the warning sign (a shape, not a colour: ER-05)."""
    from test_window_render import _render

    from accessible_dice import saved_games
    from accessible_dice.session import new_session
    from accessible_dice.ui.window import Entry
    from accessible_dice.ui.window.game import GameScreen

    session = new_session("yatzy", ["Anna", "Ben"], {}, manual=True, save_to=saved_games.new_path("yatzy"))
    driver.window.push(GameScreen(driver.window, session))
    driver.type("5 5 2 3 1")
    # One die held: its line is short enough to stay in the 720p panel beside the refusal (two held are said as
    # "Held now: the 5 and the 5 …", which leaves the refusal alone there, and the comparison below needs one).
    driver.keys("return", "1", "r")
    driver.type("9 9 9 9")
    driver.keys("return")
    reason = "Die 1: 9 is not valid, enter 1 to 6."
    assert driver.last == reason and isinstance(driver.top, Entry)
    for scale in (1.0, 2.0):
        surface, drawn = _render(driver, size, scale)
        shown = [rect for text, rect in drawn.texts if len(text) > 3 and text in reason]  # not a die's digit
        assert shown and drawn.message is not None and all(drawn.message.contains(rect) for rect in shown)
        assert not drawn.message.colliderect(drawn.cells["field"])
        colour = driver.window.theme.text
        assert _marked(surface, drawn.message, shown[0], colour), "the warning triangle is drawn before the reason"
        # Other lines, with no sign (not the players' names over the entries, drawn inverted, which body text
        # as small as their note size would otherwise let in).
        others = [rect for text, rect in drawn.texts if drawn.message.contains(rect) and text not in reason
                  and text not in ("Anna", "Ben") and rect.height == shown[0].height and rect.left < shown[0].left]
        if scale == 1.0:  # at 200 % the panel holds the refusal alone
            assert others and not _marked(surface, drawn.message, others[0], colour), \
                "an announcement that is not a refusal has no sign"


def _marked(surface: pygame.Surface, panel: pygame.Rect, line: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    """The text colour between the panel's own border and a line's first letter: a warning triangle."""
    return any(surface.get_at((x, y))[:3] == colour
               for x in range(panel.left + 4, line.left - 2) for y in range(line.top, line.bottom))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_LV_16_the_messages_are_under_the_dice_and_reach_into_the_middle_of_the_window(
        driver: Driver, size: tuple[int, int]) -> None:
    """Every game at 100 % and 200 %: the message panel is in the dice's own column, right under them (not
    at a far edge), and part of it lies in the middle 60 % of the window's width."""
    import window_pixels as pixels
    from test_window_render import GAMES, _render

    middle = pygame.Rect(size[0] // 5, 0, size[0] * 3 // 5, size[1])
    sheets = {}
    for name, setup in GAMES.items():
        driver.window.screens = []
        setup(driver)
        for scale in (1.0, 2.0):
            surface, drawn = _render(driver, size, scale)
            dice = [rect for key, rect in drawn.cells.items() if key.startswith("die")]
            panel = drawn.message
            assert dice and panel is not None, name
            assert all(panel.left <= rect.centerx <= panel.right and rect.bottom <= panel.top for rect in dice), \
                f"{name} {scale}: the messages are not under the dice"
            assert panel.colliderect(middle), f"{name} {scale}: the messages are at the edge"
            # The panel's words are on the screen: the newest message read back by OCR where it is placed.
            sheets[f"{name} {scale}"] = pixels.Sheet(surface, [pixels.newest_crop(drawn, driver.window.view())])
    if pixels.available():
        pixels.read(list(sheets.values()))
        assert [f"{name}: {sheet.crops[0]}" for name, sheet in sheets.items() if not sheet.crops[0].found] == []


def test_LV_20_LV_21_nothing_moves_or_flashes_a_screen_drawn_later_without_a_key_is_the_same(driver: Driver) -> None:
    """No animation at all: a throw draws its final frame at once, and 0.6 s later, with no key pressed,
    every pixel is the same (so nothing flashes, tumbles or blinks, and there is no motion to turn off)."""
    import time

    from test_window_render import _render

    driver.game("yatzy", ["Anna"], seed=2)
    driver.keys("r")
    first, _ = _render(driver, (1280, 720))
    time.sleep(0.6)
    driver.window.tick()
    later, _ = _render(driver, (1280, 720))
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(later, "RGB")


def test_SR_10_a_scorecard_cell_says_its_row_its_column_and_its_value(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna", "Ben"], seed=2)
    driver.keys("r", "down", "down")
    assert screen.focus.cell_key == "ones-0"
    assert driver.last.startswith("Ones, Anna: empty, would score ")
    driver.keys("right")
    assert driver.last == "Ones, Ben: empty"
    driver.keys("down")
    assert driver.last == "Twos, Ben: empty"


def test_KB_13_a_click_acts_on_release_and_every_target_is_at_least_24_px(driver: Driver) -> None:
    """A press of the button alone does nothing (moving away before the release cancels); at 100 % on the
    smallest window every clickable item is 24x24 px or more."""
    from test_window_render import SCREENS, _render

    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    _render(driver, (1280, 720))
    heard = len(driver.said)
    target = driver.window.drawn.cells["settings"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=target.center))
    driver.window.pump()
    assert driver.focused() != "settings" and len(driver.said) == heard
    for name, setup in SCREENS.items():
        driver.window.screens = []
        setup(driver)
        _surface, drawn = _render(driver, (800, 600))
        small = {key: rect.size for key, rect in drawn.cells.items() if rect.width < 24 or rect.height < 24}
        assert small == {}, name


def test_KB_16_the_actions_menu_pauses_a_computer_turn_and_it_goes_on_after(driver: Driver) -> None:
    driver.window.pace = 0  # the computer steps as fast as it can
    screen = driver.game("shut-the-box", ["cpu", "Anna"], seed=1)
    assert screen.computer_turn()
    driver.keys("escape")
    assert driver.top is not screen, "the actions menu is open"
    for _ in range(5):
        driver.window.tick()
        screen.finish_thinking(wait=1)
        time.sleep(0.05)
    assert screen.game.history == [], "nothing was played while paused"
    driver.keys("escape")
    assert driver.top is screen
    for _ in range(40):  # bounded: a test never hangs
        driver.window.tick()
        screen.finish_thinking(wait=5)
        if screen.game.history:
            break
    assert screen.game.history, "the computer goes on once the game is back"


def test_KB_02_no_screen_traps_the_focus_down_moves_on_and_escape_leaves(driver: Driver) -> None:
    """On every screen of the window (menus, fields, the quit question, help, rules, each game, its actions):
    Down moves the focus on from every item until it comes round, and Escape leaves the screen (a game's
    Escape opens its actions menu, the main menu's asks before closing)."""
    from test_window_render import SCREENS

    for name, setup in SCREENS.items():
        driver.window.screens = []
        setup(driver)
        screen = driver.top
        if screen.focus.cell() is not None and not screen.takes_text:
            seen = [screen.focus.cell_key]
            for _ in range(200):  # bounded: a test never hangs
                driver.keys("down")
                if screen.focus.cell_key == seen[0]:
                    break  # round to the first (a menu)
                if screen.focus.cell_key == seen[-1]:  # a page that does not wrap: only at its last row
                    assert screen.focus.row == max(n for n, row in enumerate(screen.rows()) if row.cells), \
                        f"{name}: Down is stuck at {seen[-1]}"
                    break
                assert screen.focus.cell_key not in seen, f"{name}: Down goes back to {screen.focus.cell_key}"
                seen.append(screen.focus.cell_key)
            else:
                pytest.fail(f"{name}: Down never comes to an end")
        driver.keys("escape")
        assert driver.top is not screen, f"{name}: Escape does not leave"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=["800x600", "1080p"])
def test_KB_14_the_focus_goes_in_reading_order_and_the_actions_menu_is_the_same_in_every_game(
        driver: Driver, size: tuple[int, int]) -> None:
    """Down through the main menu and a game's actions menu visits the items top to bottom as drawn; the
    actions menu (Back, Help, Settings, ...) has the same items in the same order in all five games."""
    from test_window_render import _render

    from accessible_dice.presentation import playable
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    menus = []
    for game_id in [None, *playable()]:
        if game_id is not None:
            driver.window.screens = []
            driver.game(game_id, ["Anna", "Ben"], seed=2)
            driver.keys("escape")
        screen = driver.top
        visited, tops = [], []
        for _ in range(len(screen.rows())):
            _surface, drawn = _render(driver, size)
            visited.append(screen.focus.cell_key)
            tops.append(drawn.cells[screen.focus.cell_key].top)
            driver.keys("down")
        assert tops == sorted(tops) and len(set(visited)) == len(visited), (game_id, visited)
        if game_id is not None:
            menus.append(visited)
    assert all(menu == menus[0] for menu in menus), menus


# ---------------------------------------------------------------- CG-07 plain language


def _syllables(word: str) -> int:
    """English syllables by vowel groups, a silent final e dropped: the usual estimate behind Flesch-Kincaid."""
    groups = re.findall(r"[aeiouy]+", word.lower())
    silent = word.lower().endswith("e") and not word.lower().endswith(("le", "ee")) and len(groups) > 1
    return max(1, len(groups) - silent)


def _grade(text: str) -> float:
    """The Flesch-Kincaid grade of ``text``: 0.39 words a sentence + 11.8 syllables a word - 15.59."""
    sentences = [part for part in re.split(r"[.!?:;]+\s", text) if re.search(r"[A-Za-z]", part)]
    words = re.findall(r"[A-Za-z]+(?:'[a-z]+)?", text)
    return 0.39 * len(words) / len(sentences) + 11.8 * sum(map(_syllables, words)) / len(words) - 15.59


def test_CG_07_english_rules_and_messages_read_at_grade_9_or_lower() -> None:
    """The checklist's proxy for lower-secondary reading: Flesch-Kincaid grade 9 or lower, for each game's
    rules page and for the program's messages of four words or more (the other six languages: people)."""
    from babel.messages.pofile import read_po

    from accessible_dice.presentation.rules import rules_lines

    root = Path(__file__).resolve().parents[1]
    grades = {page.name: _grade(" ".join(f"{line}." for line in rules_lines(page.read_text(encoding="utf-8"))))
              for page in sorted((root / "docs" / "rules").glob("*.md"))}
    with (root / "locales" / "accessible_dice.pot").open("rb") as handle:
        ids = [message.id[0] if isinstance(message.id, tuple) else message.id for message in read_po(handle)]
    messages = [PLACEHOLDERS.sub("Anna", text) for text in ids if len(text.split()) >= 4]
    grades["messages"] = _grade(" ".join(text if text.rstrip()[-1:] in ".!?" else f"{text}." for text in messages))
    assert len(grades) == 6 and all(grade <= 9 for grade in grades.values()), grades
    assert _grade("Notwithstanding considerable organisational complexity, accessibility necessitates "
                  "comprehensive consideration.") > 9, "the measure can fail"


# ---------------------------------------------------------------- the checklist itself, in docs/accessibility.md

ROOT = Path(__file__).resolve().parents[1]
#: What docs/accessibility.md says of a row (each translation in its own words).
STATUSES = ("holds", "partly", "fails", "needs testers")


def _checklist() -> dict[str, str]:
    """The rows of docs/accessibility-checklist.md (the project's checklist): each id with how it is tested."""
    rows = {}
    for line in (ROOT / "docs" / "accessibility-checklist.md").read_text(encoding="utf-8").splitlines():
        found = re.match(r"^\| ([A-Z]{2}-\d\d) \|", line)
        if found:
            rows[found.group(1)] = line.rstrip(" |").rsplit(" | ", 1)[1]
    return rows


def _automatic(how: str) -> bool:
    """A row the checklist says can be tested automatically ("Auto: ..."), wholly or in part."""
    return re.search(r"\bauto\b", how, re.IGNORECASE) is not None


def _pages() -> list[Path]:
    from accessible_dice.presentation.i18n import LANGUAGES

    return [ROOT / "docs" / "accessibility.md",
            *(ROOT / "docs" / code / "accessibility.md" for code in LANGUAGES if code != "en")]


def _listed(page: Path) -> list[tuple[str, str, list[str]]]:
    """The checklist rows of an accessibility page: each id with its status and the tests it names."""
    found = re.findall(r"^\| ([A-Z]{2}-\d\d) \| ([^|]+) \| (.*) \|$", page.read_text(encoding="utf-8"), re.M)
    return [(rid, status, re.findall(r"`(test_\w+(?:::test_\w+)?)`", tests)) for rid, status, tests in found]


def _named_after_rows() -> dict[str, set[str]]:
    """Each row id with the tests of tests/ named after it (``test_KB_03_KB_06_...`` is named after two),
    found by reading the test files with ast, as ``module::name``."""
    import ast

    named: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            prefix = re.match(r"test_((?:[A-Z]{2}_\d\d_)+)", node.name)
            for rid in re.findall(r"[A-Z]{2}_\d\d", prefix.group(1)) if prefix else []:
                named.setdefault(rid.replace("_", "-"), set()).add(f"{path.stem}::{node.name}")
    return named


def test_every_checklist_row_is_in_every_accessibility_page_with_tests_that_exist() -> None:
    pages = _pages()
    english = _listed(pages[0])
    assert [rid for rid, _status, _tests in english] == list(_checklist())
    assert {status for _rid, status, _tests in english} <= set(STATUSES)
    for page in pages[1:]:
        rows = [(rid, tests) for rid, _status, tests in _listed(page)]
        assert rows == [(rid, tests) for rid, _status, tests in english], \
            f"{page} lists other rows or tests than docs/accessibility.md"
        assert len({status for _rid, status, _tests in _listed(page)}) <= len(STATUSES), page
    for rid, _status, tests in english:
        for test in tests:
            module, _, name = test.partition("::")
            source = (ROOT / "tests" / f"{module}.py").read_text(encoding="utf-8")
            assert not name or re.search(rf"^def {name}\(", source, re.M), f"{rid}: {test} does not exist"


def test_every_automatically_testable_row_that_holds_is_guarded_by_a_test_named_after_it() -> None:
    """The "Done when" of the checklist's issue: a row that can be tested automatically and that the page
    says holds has a test whose name starts with its id, and the page names that test in the row; and every
    test named after a row is in that row of the page, so the page and the tests never drift apart."""
    named = _named_after_rows()
    listed = {rid: (status, set(tests)) for rid, status, tests in _listed(_pages()[0])}
    unguarded = [rid for rid, how in _checklist().items()
                 if _automatic(how) and listed[rid][0] == "holds" and not named.get(rid, set()) & listed[rid][1]]
    assert unguarded == []
    unlisted = {rid: sorted(tests - listed[rid][1]) for rid, tests in named.items() if tests - listed[rid][1]}
    assert unlisted == {}


def test_every_row_that_needs_people_is_asked_about_in_every_accessibility_page() -> None:
    """Rows the checklist tests by hand, and rows waiting for testers, each have a question for the blind and
    low-vision playtesters, in every language."""
    people = {rid for rid, how in _checklist().items() if not _automatic(how)}
    people |= {rid for rid, status, _tests in _listed(_pages()[0]) if status == "needs testers"}
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        section = text.split("<!-- rows that need people -->", 1)[1].split("<!-- end of checklist rows -->", 1)[0]
        asked = set(re.findall(r"[A-Z]{2}-\d\d", section))
        assert sorted(people - asked) == [], page


def test_every_row_that_does_not_hold_yet_says_what_it_lacks() -> None:
    """docs/accessibility.md lists each row marked "partly" or "fails" with what it still lacks."""
    text = _pages()[0].read_text(encoding="utf-8")
    section = text.split("<!-- rows not done -->", 1)[1].split("<!-- rows that need people -->", 1)[0]
    said = set(re.findall(r"^- ([A-Z]{2}-\d\d): \S", section, re.M))
    statuses = {rid: status for rid, status, _tests in _listed(_pages()[0])}
    lacking = {rid for rid, status in statuses.items() if status in ("partly", "fails")}
    assert sorted(lacking - said) == []
    assert sorted(rid for rid in said - lacking if statuses[rid] != "needs testers") == [], "listed, yet it holds"


def test_CG_02_CG_06_leaving_a_tutorial_or_practice_game_says_what_is_kept_not_game_saved(driver: Driver) -> None:
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("t", "return", "return", "escape", "end", "up", "return")
    assert driver.last.startswith("Quit this game? The tutorial is kept: Tutorial in the main menu continues it.")
    driver.keys("up", "return")
    assert "The tutorial is kept: Tutorial in the main menu continues it." in driver.spy.texts
    assert "Game saved." not in driver.spy.texts


# ---------------------------------------------------------------- SR-16 the help names the features for listening


def test_SR_16_the_terminal_help_in_a_game_names_repeat_the_history_verbosity_and_stop(tmp_path) -> None:
    """Through the real command line: the help ends with the features for listening, named in the command words
    of the player's language (Czech: opakovat, ticho, ...), so what it names can be typed as it is said."""
    english = run_cli([*MENU[:4], "--game", "shut-the-box", "--players", "Anna"], ["help", "q"], tmp_path)
    assert english.lines[1].endswith("and quit (q). For listening: repeat says the last message again, previous "
                                     "and next step through what was said, verbosity brief or verbosity full says "
                                     "less or more, and stop stops the speech.")
    czech = run_cli([*MENU[:4], "--game", "shut-the-box", "--players", "Anna", "--lang", "cs"], ["help"], tmp_path)
    named = czech.lines[1].rsplit(".", 2)[1]
    assert all(language("cs")._(word) in named for word in ("repeat", "previous", "next", "verbosity", "stop"))


def test_SR_16_the_window_help_in_a_game_names_the_review_keys_and_the_verbosity(driver: Driver) -> None:
    """The keys for the messages and for stopping are in the key list; the verbosity, which has no key, is
    named after them, and the way it names works."""
    screen = driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("f1")
    said = " ".join(driver.top.lines)
    for feature in ("How much is said: Escape, then Verbosity: brief, normal or full.", "Control: stop speaking.",
                    "Comma: the previous message.", "Period: the next message.",
                    "Shift+Period or Page Down: the newest message, said again."):
        assert feature in said
    driver.keys("escape", "escape")
    assert driver.top is not screen  # the actions menu
    driver.keys("v")
    assert driver.last.startswith("Verbosity, combo box, Normal, ")
    driver.keys("return")
    assert driver.window.terminal.verbosity.name == "FULL" and "Verbosity: full." in driver.spy.texts


# ---------------------------------------------------------------- SR-11 menu wrapping can be turned off


def test_SR_11_menu_wrap_no_stops_the_focus_at_the_ends_with_the_edge_sound(driver: Driver) -> None:
    """Menus wrap as they start; the setting, changed like any other, stops them at once, and turns it back."""
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("up")
    assert driver.last == "Quit, 8 of 8"  # wrapping, as menus start
    said = driver.window.prefs.command(["menu-wrap", "no"])
    assert said.text == "menu-wrap: no." and not driver.window.prefs.settings.menu_wrap
    driver.keys("down")
    assert driver.last == "Quit, 8 of 8" and Cue("invalid") in driver.said[-1].cues
    driver.keys("home", "up")
    assert driver.last == "New game, 1 of 8" and Cue("invalid") in driver.said[-1].cues
    driver.window.prefs.command(["menu-wrap", "yes"])
    driver.keys("up")
    assert driver.last == "Quit, 8 of 8"


# ---------------------------------------------------------------- KB-15 a terminal game goes back to the main menu


def test_KB_15_menu_in_a_terminal_game_saves_it_opens_the_main_menu_and_help_names_it(tmp_path) -> None:
    """Through the real command line, in English and in Czech: the game is continued from the menu where
    it was left, and the help's list of commands names ``menu``."""
    played = run_cli(["--ui", "console", "--speech", "text", "--game", "yatzy", "--players", "Anna", "--seed", "3"],
                     ["roll", "help", "menu", "9", "menu", "8"], tmp_path)
    assert "report, menu, and quit (q). For listening:" in played.lines[2]
    assert played.lines[3] == "Game saved."
    assert played.lines[4].startswith(MAIN_MENU + " Saved games, the latest first: 9 Yatzy: Anna. Anna's turn, "
                                      "round 1 of 15.")
    assert played.lines[5].startswith("Yatzy continued: Anna.")
    assert played.lines[-1] == "Goodbye." and played.lines[-3] == "Game saved."
    assert the_save(tmp_path).exists()
    czech = run_cli(["--ui", "console", "--speech", "text", "--lang", "cs", "--game", "yatzy", "--players", "Anna"],
                    ["roll", "nabídka", "8"], tmp_path)
    assert czech.lines[2] == "Hra je uložená." and czech.lines[3].startswith("Hlavní nabídka")


# ---------------------------------------------------------------- KB-09 the terminal takes the computer pace wait


def test_KB_09_at_the_pace_wait_the_terminal_plays_a_computer_step_on_each_enter_only(tmp_path) -> None:
    """Through the real command line: the setting from the file; a review still answers and a move is
    refused while the computer waits; each Enter is one step; the person's turn is as ever."""
    (tmp_path / "config").mkdir(parents=True, exist_ok=True)
    (tmp_path / "config" / config.FILE_NAME).write_text('computer-pace = "wait"\n', encoding="utf-8")
    played = run_cli(["--ui", "console", "--speech", "text", "--game", "shut-the-box", "--players", "Anna, cpu",
                      "--seed", "3"], ["roll", "sum", "board", "sum", "", "", "", "q"], tmp_path)
    said = played.lines
    at = said.index("cpu plays: press Enter for each step.")
    assert said[at + 1].startswith("cpu: open ")  # board answers
    assert said[at + 2] == refused("cpu is a computer player: press Enter for its next step.")
    assert said[at + 3].startswith("cpu threw ") and said[at + 4].endswith("Anna's turn.")
    assert said[at + 5].startswith("Anna threw ")  # Enter on her own turn throws, as ever
    assert said.count("cpu plays: press Enter for each step.") == 1


def test_SR_05_f5_says_the_last_message_again_from_any_screen_and_in_a_text_field(driver: Driver) -> None:
    """One key, no chord: in the open value field of real dice, where Shift+Period types ">", F5 repeats the
    prompt and types nothing, and the field's key help names it; Control stops."""
    from accessible_dice import saved_games
    from accessible_dice.session import new_session
    from accessible_dice.ui.window import Entry, keys
    from accessible_dice.ui.window.game import GameScreen

    session = new_session("shut-the-box", ["Anna"], {}, manual=True, save_to=saved_games.new_path("shut-the-box"))
    driver.window.push(GameScreen(driver.window, session))
    field = driver.top
    assert isinstance(field, Entry)
    driver.type("3")
    # The field's question, not the last message (a11y-audit SR-05: it said the game's opening line) nor
    # the character just typed.
    prompt = field.said.text
    assert "throw 2 dice and type their values" in prompt
    count = len(driver.said)
    driver.keys("f5")
    assert len(driver.said) == count + 1 and driver.last == prompt and driver.said[-1].interrupt
    assert field.typed == "3" and driver.top is field
    assert "F5: the last message, said again, also while typing." in keys.help_lines(field.contexts, driver.window._)
    before = driver.silenced
    driver.key(pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert driver.silenced == before + 1


def test_SR_05_f5_repeats_the_last_thing_said_a_focused_item_too(driver: Driver) -> None:
    """a11y-audit SR-05: after four focus moves at the main menu F5 said "Nothing was said yet.", since it
    repeated the last *message* only; it is the last thing said that a player who missed it wants again."""
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("down", "down", "down", "down")
    focused = driver.last
    assert focused.startswith("Practice game") or ", 5 of " in focused
    driver.keys("f5")
    assert driver.last == focused and driver.said[-1].interrupt
    assert driver.last != "Nothing was said yet."



# ---------------------------------------------------------------- CG-03 F1 helps with the focused item


def test_CG_03_f1_says_the_focused_item_and_what_choosing_it_does_then_the_screens_keys(driver: Driver) -> None:
    from accessible_dice.ui.window import Reader
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("down", "f1")
    assert isinstance(driver.top, Reader)
    # What the item does, not only how to choose it (a11y-audit CG-03: the same words for every item).
    assert driver.top.lines[0] == ("On Settings, 2 of 8: Hear and change how the game speaks, sounds and looks. "
                                   "Enter or Space chooses it.")
    driver.keys("escape")
    screen = driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("r", "down", "down")  # from the actions to the dice, then to the scorecard's first box
    focused = screen.describe()
    driver.keys("f1")
    assert driver.top.lines[1] == f"On {focused}: Enter or Space chooses it."
    assert driver.top.lines[0].startswith("2 throws left. Boxes: Ones for ")  # the screen's own words first


def test_CG_03_the_terminal_menu_and_settings_say_what_each_item_does(tmp_path) -> None:
    """Through the real command line: help at the main menu says what each item is for (a newcomer asked
    what Tutorial and Practice game are), and a setting's name alone says what it does, every setting."""
    from accessible_dice.presentation.purposes import PURPOSES

    result = run_cli(["--ui", "console", "--speech", "text"], ["help", "2", "sound-during-speech", "", "q"],
                     tmp_path)
    helped = result.lines[1]
    assert "4 Tutorial: A short guided first game of the game you choose" in helped
    assert "5 Practice game: A game that is not saved and not put into the score history" in helped
    assert result.lines[4].endswith("Whether sound effects get quieter while speech plays.")
    assert all(key in PURPOSES for key in config.BY_KEY), "every setting says what it is for"


# ---------------------------------------------------------------- GN-07 the two front ends offer the same


#: Each command the terminal takes at any time -> what the window has for it: a key's action or an item of
#: the actions menu (Escape). A new terminal command fails the test below until the window has it too.
WINDOW_FOR_COMMAND = {
    "dice": "dice", "board": "board", "standings": "standings", "turn": "turn", "moves": "moves", "hint": "hint",
    "explain": "explain", "repeat": "repeat", "previous": "previous", "next": "next", "oldest": "oldest",
    "newest": "newest", "verbosity": "verbosity", "stop": "stop", "undo": "undo", "redo": "redo",
    "settings": "settings", "history": "records", "profile": "profile", "rules": "rules", "report": "report",
    "menu": "quit", "quit": "exit",
}


def test_GN_07_the_window_has_every_terminal_command_every_setting_and_every_game(tmp_path, monkeypatch) -> None:
    from window_driver import Driver as WindowDriver

    from accessible_dice.games import GAMES
    from accessible_dice.play import commands
    from accessible_dice.ui.window import keys
    from accessible_dice.ui.window.menu import MainMenu
    from accessible_dice.ui.window.settings import SettingsMenu

    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path / "data"))
    window, spy = open_window(settings_path=tmp_path / config.FILE_NAME)  # a settings file: profiles too
    driver = WindowDriver(window, spy)
    try:
        assert set(commands.ANY_TIME) == set(WINDOW_FOR_COMMAND)
        driver.game("yatzy", ["Anna", "Ben"], seed=1)
        driver.keys("escape")
        offered = {b.action for b in keys.active()} | {key for key, _label, _act in driver.top.items()}
        assert sorted(set(WINDOW_FOR_COMMAND.values()) - offered) == []
        assert "roll" in offered  # the one game action the terminal names by a word of its own
        settings = SettingsMenu(window)
        assert config.BY_KEY.keys() <= {key for key, _label, _act in settings.items()}
        driver.window.push(MainMenu(window, manual=False, seed=None))
        driver.keys("return")  # New game: the list of games
        listed = " ".join(cell.label for row in driver.top.rows() for cell in row.cells)
        assert all(window._(game.title) in listed for game in GAMES.values())
    finally:
        pygame.display.quit()


# ---------------------------------------------------------------- ER-05 a refusal is marked in print


def test_ER_05_every_terminal_refusal_is_printed_after_the_error_word_and_spoken_without_it(tmp_path) -> None:
    """Through the real command line: a refusal in a game, in the menu and at a menu question all begin with
    "Error:", in the player's language; nothing else does."""
    typed = ["9", "", "", "bogus", "shut 12", "q"]
    lines = run_cli(MENU, typed, tmp_path).lines
    refusals = [line for line in lines if line.startswith("Error: ")]
    # With real dice a move before the values says that the values come first (playtest P8).
    assert [line.split(" ", 2)[1] for line in refusals] == ["9", "bogus", "The"]
    assert len(refusals) == 3 and all("Error" not in line for line in lines if line not in refusals)
    czech = run_cli(["--lang", "cs", *MENU], ["9", "q"], tmp_path).lines
    assert czech[1].startswith("Chyba: 9 ")


def test_ER_05_the_mark_is_printed_but_not_spoken_and_repeat_marks_it_again() -> None:
    """The voice says the refusal as it is (its sound marks it); the printed line, and a repeat of it, has the mark."""
    import io

    from accessible_dice.play.controller import Announcer, refusal_mark
    from accessible_dice.speech import SpeechSpy
    from accessible_dice.utterance import Utterance

    out, voice = io.StringIO(), SpeechSpy()
    announcer = Announcer(out, voice, mark=refusal_mark(EN))
    announcer.say(Utterance("Flap 7 is already shut.", (Cue("invalid"),)))
    announcer.say(announcer.history.last(), remember=False)  # repeat
    announcer.say(Utterance("Turn 2."))
    assert out.getvalue().splitlines() == ["Error: Flap 7 is already shut."] * 2 + ["Turn 2."]
    assert [said.text for said in voice.utterances] == ["Flap 7 is already shut."] * 2 + ["Turn 2."]


# ---------------------------------------------------------------- CG-01 quick start


def test_CG_01_a_first_start_plays_a_quick_game_of_shut_the_box_on_enter_enter(tmp_path) -> None:
    """A fresh data and config folder: Enter, Enter, and the game has begun, one player, the usual options."""
    lines = run_cli(["--ui", "console", "--speech", "text"], ["", "", "q"], tmp_path).lines
    assert lines[0] == MAIN_MENU
    assert lines[1].endswith("Enter: a quick game of Shut the Box alone, with the usual options.")
    assert lines[3] == ("Shut the Box: Player. Turn 1. Type roll or r, or press Enter, to throw. Type help for the "
                        "commands.")
    practice = run_cli(["--ui", "console", "--speech", "text"], ["5", "", "q"], tmp_path).lines
    assert practice[1].endswith("Enter: Shut the Box.")  # a practice game still asks


def test_CG_01_the_window_starts_the_quick_game_on_enter_enter(driver: Driver) -> None:
    from accessible_dice.ui.window.game import GameScreen
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("return")
    assert driver.last.startswith("Choose a game. Quick game: Shut the Box alone, 1 of 6")
    driver.keys("return")
    screen = driver.top
    assert isinstance(screen, GameScreen) and screen.game.id == "shut-the-box"
    from accessible_dice.games import game_class
    from accessible_dice.games.options import resolve

    usual = resolve("shut-the-box", game_class("shut-the-box").options_spec, {})
    assert screen.game.players == ("Player",) and screen.game.options == usual


# ---------------------------------------------------------------- AU-07 speech on and off from the first screen


def test_AU_07_the_terminal_main_menu_turns_speech_off_in_two_keys_at_once_and_keeps_it(tmp_path) -> None:
    """A fresh config folder: the first screen is printed text with speech on; 7 and Enter turn the voice off
    (the lines stay) and the next start has it off; 7 and Enter turn it on again."""
    args = ["--ui", "console", "--speech", "text"]
    first = run_cli(args, ["7", "q"], tmp_path).lines
    assert "7 Turn speech off" in first[0] and first[1] == "Speech off."
    assert first[2].startswith("Main menu: ") and "7 Turn speech on" in first[2]
    assert config.load(tmp_path / "config" / config.FILE_NAME).settings.speech == "none"
    again = run_cli(["--ui", "console"], ["7", "q"], tmp_path).lines
    assert "7 Turn speech on" in again[0] and again[1] == "Speech on."
    assert config.load(tmp_path / "config" / config.FILE_NAME).settings.speech == "auto"


def test_AU_07_the_speaker_switches_off_and_on_at_once() -> None:
    import io

    from accessible_dice.speech import Speaker

    out = io.StringIO()
    speaker = Speaker("text", stream=out)
    try:
        speaker.switch("none")
        assert speaker.backend == "none"
        speaker.switch("text")
        assert speaker.backend == "text" and out.getvalue().endswith("Speech: text lines.\n")
    finally:
        speaker.close()


def test_AU_07_f7_turns_the_window_speech_off_and_on_from_the_main_menu_and_keeps_it(tmp_path) -> None:
    """A fresh config folder: the main menu speaks and shows its words; F7 switches the real speaker (one key)."""
    import io

    from accessible_dice.speech import Speaker
    from accessible_dice.ui.window.menu import MainMenu

    path = tmp_path / config.FILE_NAME
    window, spy = open_window(settings_path=path)
    driver = Driver(window, spy)
    window.voice = speaker = Speaker("text", stream=io.StringIO())
    try:
        window.push(MainMenu(window, manual=False, seed=None))
        assert driver.last == "Main menu. New game, 1 of 8" and window.shown.answer is not None
        driver.keys("f7")
        assert driver.last == "Speech off." and speaker.backend == "none"
        assert config.load(path).settings.speech == "none"
        driver.keys("f7")
        assert driver.last == "Speech on." and speaker.backend != "none"
        assert config.load(path).settings.speech == "auto"
    finally:
        speaker.close()
        pygame.display.quit()


def test_AU_07_speech_on_again_is_the_output_the_player_had_chosen(tmp_path) -> None:
    """A player who chose plain lines (or the built-in voice) gets that back, not whatever ``auto`` finds."""
    import io

    from accessible_dice.speech import Speaker
    from accessible_dice.ui.window.menu import MainMenu

    path = tmp_path / config.FILE_NAME
    window, spy = open_window(settings=config.Settings(speech="text"), settings_path=path)
    driver = Driver(window, spy)
    window.voice = speaker = Speaker("text", stream=io.StringIO())
    try:
        window.push(MainMenu(window, manual=False, seed=None))
        driver.keys("f7")
        assert speaker.backend == "none" and config.load(path).settings.speech == "none"
        driver.keys("f7")
        assert driver.last == "Speech on." and speaker.backend == "text"
        assert config.load(path).settings.speech == "text"
    finally:
        speaker.close()
        pygame.display.quit()


# ---------------------------------------------------------------- CG-08 game terms defined on demand


def test_CG_08_every_scoring_category_of_every_game_has_a_definition_in_each_language() -> None:
    """Every Yatzy box and Shut the Box way is a term; every game has terms; in each of the seven languages each
    definition is translated (a sentence never reads the same as the English), with its placeholders."""
    from accessible_dice.games.yatzy import Box
    from accessible_dice.presentation import playable, terms
    from accessible_dice.presentation.i18n import LANGUAGES
    from accessible_dice.presentation.shut_the_box import WAY_NAMES

    assert {term.name for term in terms.terms("yatzy")} >= {box.label for box in Box}
    assert {term.name for term in terms.terms("shut-the-box")} >= set(WAY_NAMES.values())
    assert all(terms.terms(game_id) for game_id in playable())
    for code in LANGUAGES:
        words = language(code)
        for game_id in playable():
            for term in terms.terms(game_id):
                said = terms.definition(term, words).text
                assert said.startswith(words._(term.name) + ": ")
                if code != "en":
                    assert words._(term.definition) != term.definition, (code, term.definition)
                assert PLACEHOLDERS.search(said) is None, (code, said)


def test_CG_08_explain_says_the_named_term_and_alone_lists_them_through_the_command_line(tmp_path) -> None:
    """In English and in Czech, with the game's own names and words; a word that is no term is refused."""
    args = ["--ui", "console", "--speech", "text", "--game", "yatzy", "--players", "Anna", "--seed", "2"]
    lines = run_cli(args, ["explain full-house", "explain Small Straight", "explain", "explain bust", "q"],
                    tmp_path).lines
    assert lines[1:3] == ["Full house: Three dice of one face and two of another. It scores the sum of all five.",
                          "Small straight: The dice 1, 2, 3, 4 and 5. It scores 15."]
    assert lines[3].startswith("Terms of Yatzy: Ones, Twos, ") and lines[3].endswith(
        "Type explain and a term, like explain ones.")
    assert lines[4].startswith(refused("bust is not a term of this game; the terms are Ones, "))
    czech = run_cli([*args, "--lang", "cs"], ["význam velka-postupka", "q"], tmp_path).lines
    assert czech[1] == "Velká postupka: Kostky 2, 3, 4, 5 a 6. Dává 20 bodů."
    help_line = run_cli(["--ui", "console", "--speech", "text", "--game", "quiclo", "--players", "Ola"],
                        ["help", "explain helper", "q"], tmp_path).lines
    assert "hint (a), explain, repeat" in help_line[1]
    assert help_line[2] == "Helper: The program finds an equation for you. It costs 1 life."


def test_CG_08_e_in_the_window_says_what_the_focused_box_or_move_means(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna"], seed=2)
    screen.focus_on("box-full_house", "full_house-0")
    driver.keys("e")
    assert driver.last == "Full house: Three dice of one face and two of another. It scores the sum of all five."
    flaps = driver.game("shut-the-box", ["Anna"], seed=2)
    driver.keys("r")
    flaps.focus_on("actions", "way-sum")  # the button "Sum (…)"
    driver.keys("e")
    assert driver.last == "Sum: Shut the flap of the two dice added, if that is 10 or less."
    flaps.focus_on("board0", "flap0-3")  # "Flap 3, open"
    driver.keys("e")
    assert driver.last.startswith("Flap: One of the numbers 1 to 10 on your board.")
    flaps.focus_on("dice", "die0")
    driver.keys("e")
    assert driver.last.startswith("Terms of Shut the Box: Flap, Singles, Sum, Difference, and Penalty points. "
                                  "Press E on a box or a move")
