"""The window played by keys alone: whole games, the menu, text fields, confirmations, the global keys.

Key presses are posted as SDL events (KEYDOWN, TEXTINPUT) under the dummy
video driver; what the player hears is read from a speech spy. The games
are the same sessions the terminal plays, so their words are the presenter's.
"""

from __future__ import annotations

import re

import pygame
import pytest
from timing_support import budget
from window_driver import Driver, open_driver

from accessible_dice.games import GAMES
from accessible_dice.saved_games import new_path
from accessible_dice.ui.window import Confirm, Entry, Reader, keys
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.menu import MainMenu

_driver = pytest.fixture(name="driver")(open_driver)


# ---------------------------------------------------------------- whole games


def test_KB_11_a_whole_game_of_shut_the_box_by_the_enter_key_alone(driver: Driver) -> None:
    """KB-11: Enter throws, Enter takes the focused way; the game ends and Enter returns to the menu."""
    screen = driver.game("shut-the-box", ["Anna"], seed=7)
    for _turn in range(300):
        if screen.game.is_over():
            break
        assert driver.top.focus.row_key == "actions"
        driver.keys("return")
    assert screen.game.is_over()
    assert any("Box shut!" in text for text in driver.spy.texts)
    assert "Game over" in driver.spy.texts[-1]
    driver.keys("return")
    assert isinstance(driver.top, MainMenu)


def test_shut_the_box_against_a_computer_by_flap_number_keys(driver: Driver) -> None:
    """Number keys go to a flap; Enter on it shuts it (``shut N``); the computer's turns run by themselves."""
    screen = driver.game("shut-the-box", ["Anna", "cpu"], seed=3)
    game = screen.game
    for _step in range(400):
        driver.window.tick()
        screen.finish_thinking(wait=10)
        if game.is_over():
            break
        if game.current_player() != 0:
            continue
        if game.dice_request() is not None:
            driver.keys("r")
            continue
        flaps = sorted(next(iter(game.available().values())))
        if len(flaps) == 1:
            driver.keys(str(flaps[0] % 10), "return")
            assert driver.top.focus.row_key == "board0"
        else:
            _to_row(driver, "actions")  # the ways; the first one shuts these flaps
            driver.keys("return")
    assert game.is_over()
    assert any("cpu threw" in text for text in driver.spy.texts)


def _to_row(driver: Driver, row_key: str) -> None:
    """Move the focus to a row by arrows only: to the top, then down."""
    for _ in range(30):
        if driver.top.focus.row == 0:
            break
        driver.keys("up")
    for _ in range(30):
        if driver.top.focus.row_key == row_key:
            return
        driver.keys("down")
    raise AssertionError(f"no row {row_key}")


def test_a_whole_game_of_yatzy_by_keys(driver: Driver) -> None:
    """R throws, Shift+face holds, R throws again, arrows reach a box, Enter scores; 0 asks first."""
    screen = driver.game("yatzy", ["Anna"], seed=11)
    game = screen.game
    confirmed = 0
    for _round in range(15):
        driver.keys("r")
        table = game.dice_on_table()
        best = max(set(table), key=table.count)
        driver.keys(f"shift+{best}")
        assert set(game.held()) == {p for p, v in enumerate(table) if v == best}
        driver.keys("r", "r")
        assert game.throws_left() == 0
        target = game.allowed_boxes()[0]
        _to_row(driver, f"box-{target.value}")
        driver.keys("return")
        if isinstance(driver.top, Confirm):
            confirmed += 1
            assert driver.top.focus.row_key == "no"
            driver.keys("y", "return")
        assert target in game.scorecard(0).points
    assert game.is_over()
    assert confirmed >= 1
    total = game.scorecard(0).total
    assert f"Game over: {total} points." in " ".join(driver.spy.texts[-2:])


def test_a_die_is_held_and_released_by_its_number_key_and_by_enter(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna"], seed=2)
    driver.keys("1")
    assert "Throw the dice first." in driver.last
    driver.keys("r", "3")
    assert screen.game.held() == (2,)
    assert driver.last.startswith("Held: the ") and "(die 3)" in driver.last
    _to_row(driver, "dice")
    driver.keys("right", "right")
    assert driver.focused() == "die2"
    assert driver.last.endswith(", held")
    driver.keys("return")
    assert screen.game.held() == ()


def test_scoring_zero_asks_and_no_keeps_the_box_empty(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna"], seed=5)
    driver.keys("r")
    zero = next(box for box, points in screen.game.open_boxes() if points == 0)
    _to_row(driver, f"box-{zero.value}")
    driver.keys("return")
    assert isinstance(driver.top, Confirm)
    assert driver.last.startswith(f"Score 0 in {zero.label}?")
    driver.keys("escape")
    assert zero not in screen.game.scorecard(0).points
    assert isinstance(driver.top, GameScreen)


def test_ER_01_manual_dice_open_a_field_that_refuses_bad_values_and_stays_open(driver: Driver) -> None:
    """ER-01/ER-03: the prompt says how many and how; a bad entry is explained; the field stays."""
    from accessible_dice.session import new_session

    session = new_session("shut-the-box", ["Anna"], {}, manual=True, save_to=new_path("shut-the-box"))
    driver.window.push(GameScreen(driver.window, session))
    assert isinstance(driver.top, Entry)
    assert "throw 2 dice and type their values from 1 to 6" in driver.last
    driver.type("7 3")
    driver.keys("return")
    assert isinstance(driver.top, Entry)
    refusal = driver.said[-1]
    assert "7" in refusal.text and refusal.interrupt
    driver.keys("backspace", "backspace", "backspace")
    driver.type("4 3")
    driver.keys("return")
    assert not isinstance(driver.top, Entry)
    assert session.game.dice_on_table() == (4, 3)


# ---------------------------------------------------------------- the menu


def test_the_main_menu_starts_a_game_with_names_and_options_by_keys(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=4))
    assert driver.last == "Main menu. New game, 1 of 8"
    driver.keys("return", "down")  # past the quick game
    assert driver.last.startswith("Shut the Box, 2 of ")
    driver.keys("return")
    assert isinstance(driver.top, Entry)
    driver.type("Anna, Ben")
    driver.keys("return")
    assert driver.last.startswith("Options for Shut the Box. Start the game, 1 of 5")
    driver.keys("down", "down", "return")  # rounds
    driver.type("3")
    driver.keys("return")
    assert "rounds: 3" in driver.last
    driver.keys("home", "return")
    screen = driver.top
    assert isinstance(screen, GameScreen)
    assert screen.game.players == ("Anna", "Ben") and screen.game.rounds == 3
    assert "3 rounds" in driver.spy.texts[-1]


def test_the_menu_wraps_and_jumps_by_first_letter(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("up")
    assert driver.last == "Quit, 8 of 8"
    driver.keys("down")
    assert driver.last == "New game, 1 of 8"
    driver.keys("q")
    assert driver.focused() == "quit"
    driver.keys("z")
    assert driver.last == "Nothing here starts with z."


def test_the_main_menu_hands_over_to_the_browser(driver: Driver) -> None:
    """"Play in the browser" closes the window; run_window then serves the web front end (docs/web.md)."""
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("up", "up")
    assert driver.last == "Play in the browser, 7 of 8"
    driver.keys("return")
    assert driver.window.switch_to == "web" and not driver.window.running
    assert driver.last == "The game opens in the browser."


def test_quitting_asks_first_and_the_saved_game_can_be_continued(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("r", "escape")
    assert driver.last.startswith("Actions. Back to the game, 1 of 11")
    driver.keys("q", "return")
    assert isinstance(driver.top, Confirm) and driver.top.focus.row_key == "no"
    driver.keys("return")
    assert not isinstance(driver.top, Confirm)
    driver.keys("q", "return", "y", "return")
    menu = driver.top
    assert isinstance(menu, MainMenu)
    assert any(text == "Game saved." for text in driver.spy.texts)
    assert driver.last.startswith("Main menu. New game, 1 of 9")
    driver.keys("end")
    assert re.match(r"Shut the Box: Anna\. Turn 1\. Last played (today|yesterday) at ", driver.last), \
        "yesterday only when the run crossed midnight"
    assert driver.last.endswith(", random dice. Standings: 1. Anna, 1 turn., 9 of 9")
    driver.keys("return")
    resumed = driver.top
    assert isinstance(resumed, GameScreen) and resumed.resumed
    assert resumed.game.dice_on_table() != ()


def test_a_finished_game_goes_into_the_score_history_shown_from_the_menu(driver: Driver) -> None:
    from accessible_dice.history import history_path
    from accessible_dice.session import new_session

    session = new_session("shut-the-box", ["Anna"], {}, seed=7, save_to=new_path("shut-the-box"),
                          record_to=history_path())
    driver.window.push(GameScreen(driver.window, session))
    while not session.game.is_over():
        driver.keys("return")
    driver.keys("return")  # back to the main menu
    driver.keys("end", "up", "up", "up", "up", "up", "return")
    assert isinstance(driver.top, Reader)
    assert driver.top.lines[0] == "Score history: 1 finished game."


def test_KB_15_escape_in_the_main_menu_asks_before_closing(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("escape")
    assert driver.last == "Close Accessible Dice? No, 2 of 2"
    driver.keys("escape")
    assert driver.window.running and isinstance(driver.top, MainMenu)
    driver.keys("escape", "y", "return")
    assert not driver.window.running
    assert driver.last == "Goodbye."


# ---------------------------------------------------------------- text fields


def test_a_text_field_says_each_character_reads_itself_and_edits(driver: Driver) -> None:
    got: list[str] = []
    driver.window.push(Entry(driver.window, "Type something", lambda text: got.append(text) or True))
    driver.type("5+4")
    assert driver.spy.texts[-3:] == ["5", "plus", "4"]
    driver.keys("up")
    assert driver.last == "5+4"
    driver.keys("left")
    assert driver.last == "4"
    driver.keys("backspace")
    assert driver.last == "plus deleted"
    driver.keys("return")
    assert got == ["54"]


@pytest.mark.parametrize(("prompt", "said"), [("Your name:", "Your name: Anna"), ("Name", "Name. Anna"),
                                               ("Quit?", "Quit? Anna")])
def test_a_field_with_text_is_said_with_one_stop_after_its_prompt(driver: Driver, prompt: str, said: str) -> None:
    """A prompt ending in its own colon was read "Your name:. Anna": two pauses, and ":." in braille."""
    driver.window.push(Entry(driver.window, prompt, lambda text: True, text="Anna"))
    assert driver.last == said


def test_KB_02_escape_closes_a_text_field_without_sending(driver: Driver) -> None:
    got: list[str] = []
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.window.push(Entry(driver.window, "Type something", lambda text: got.append(text) or True))
    driver.type("abc")
    driver.keys("escape")
    assert got == [] and isinstance(driver.top, MainMenu)


def test_letters_typed_in_a_field_never_trigger_game_keys(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna"], seed=1)
    screen.type_command()
    driver.keys("r")  # a KEYDOWN for r: the field takes only TEXTINPUT, so nothing is thrown
    assert screen.game.dice_on_table() == ()


# ---------------------------------------------------------------- keys everywhere


def test_SR_04_focus_moves_interrupt_and_game_events_queue(driver: Driver) -> None:
    """SR-04 and docs/spec/experience.md §1."""
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("return")
    thrown = next(u for u in driver.said if "threw" in u.text)
    assert not thrown.interrupt
    driver.keys("down")
    assert driver.said[-1].interrupt and driver.last == "Flap 1, open"


def test_CG_03_CG_05_f1_says_exactly_the_keys_that_work_on_the_screen(driver: Driver) -> None:
    """CG-05 / KB-05: the help is the key table filtered by the screen's contexts."""
    screen = driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("f1")
    help_screen = driver.top
    assert isinstance(help_screen, Reader)
    lines = keys.help_lines(screen.contexts, driver.window._)
    assert help_screen.lines[2:-1] == lines
    assert any(line.startswith("1 to 6: hold or release die 1 to 5") for line in lines)
    assert not any(line.startswith("1 to 9") for line in lines)
    assert help_screen.lines[0] == "Throw 5 dice."
    assert help_screen.lines[-1] == "How much is said: Escape, then Verbosity: brief, normal or full."
    driver.keys("escape")
    assert driver.top is screen


def test_f1_says_its_first_lines_and_how_many_follow_never_the_whole_page_at_once(driver: Driver) -> None:
    """Issue 29: F1 in a game was one 2,700-character utterance, which no screen reader lets a player move
    through; it says the title and the first two lines, then how many more Down reads one by one."""
    driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("f1")
    page = driver.top
    assert isinstance(page, Reader) and len(page.lines) > 10
    said = driver.last
    assert said.startswith(f"Keys here. {page.lines[0]} {page.lines[1]}")
    assert said.endswith(f"{len(page.lines) - 2} more lines: Down reads each.")
    assert len(said) < 400, said
    driver.keys("down", "down")
    assert page.lines[2] in driver.last


def test_ctrl_f1_reads_the_rules_paragraph_by_paragraph(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("ctrl+f1")
    assert isinstance(driver.top, Reader)
    assert driver.last.startswith("Rules of Shut the Box.")
    driver.keys("down")
    assert driver.said[-1].interrupt


def test_review_keys_say_what_the_terminal_commands_say(driver: Driver) -> None:
    screen = driver.game("shut-the-box", ["Anna", "Ben"], seed=1)
    driver.keys("return", "d")
    assert driver.last == screen.presenter.dice_answer().text
    driver.keys("c")
    assert driver.last == screen.presenter.board_answer().text
    driver.keys("shift+c")
    assert driver.last.startswith("Anna: open") and "Ben: open" in driver.last
    driver.keys("s")
    assert driver.last == screen.presenter.standings_answer().text
    driver.keys("t")
    assert driver.last == screen.presenter.turn_answer().text
    driver.keys("m")
    assert driver.last == screen.presenter.moves_answer().text


def test_CG_10_history_keys_step_through_past_announcements(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    opening = driver.spy.texts[0]
    driver.keys("return")
    thrown = driver.spy.texts[-1]
    driver.keys(",")
    assert driver.last == opening
    driver.keys(",")
    assert driver.last == "No older messages."
    driver.keys("shift+.")
    assert driver.last == thrown


def test_SR_05_EV_04_control_stops_speech_and_unbound_keys_say_why(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    before = driver.silenced
    driver.key(pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert driver.silenced == before + 1
    driver.keys("tab")
    assert driver.last == "Tab does nothing here. F1 says the keys."
    count = len(driver.said)
    driver.key(pygame.K_INSERT)
    driver.key(pygame.K_CAPSLOCK)
    assert len(driver.said) == count


def test_CG_13_settings_keys_change_size_theme_and_rate_and_say_so(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("ctrl+=")
    assert driver.window.scale == 1.25 and driver.last == "Text size 125 percent."
    driver.keys("ctrl+-", "ctrl+-")
    assert driver.window.scale == 1.0
    driver.keys("f8")
    assert driver.window.theme.id == "white-on-black" and driver.last == "Theme: White on black."
    driver.keys("f12")
    assert driver.last == "Speech rate 200 words a minute."
    driver.keys("f10")
    assert driver.last == "No sound effects are playing in this session."


def test_threes_away_dice_are_chosen_then_kept_with_one_button(driver: Driver) -> None:
    screen = driver.game("threes-away", ["Anna"], seed=3, variant="low", rounds="1", start="order")
    game = screen.game
    for _step in range(60):
        if game.is_over():
            break
        if game.dice_request() is not None:
            driver.keys("r")
            continue
        table = game.dice_on_table()
        for position, value in enumerate(table):
            if value == 3 or value == min(table):
                driver.keys(str(position + 1))
        assert driver.top.focus.row_key in ("dice", "actions")
        _to_row(driver, "actions")
        driver.keys("return")
    assert game.is_over()
    assert any("kept" in text for text in driver.spy.texts)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_SR_07_every_game_screen_says_its_opening_first(driver: Driver, game_id: str) -> None:
    screen = driver.game(game_id, ["Anna", "Ben"])
    assert driver.spy.texts[0].startswith(screen.presenter.opening().text)


# ---------------------------------------------------------------- computer players and thinking


def test_KB_09_a_computer_turn_waits_for_its_pace_refuses_acting_keys_and_enter_plays_it(driver: Driver) -> None:
    driver.window.pace = 60
    screen = driver.game("shut-the-box", ["cpu", "Anna"], seed=1)
    assert screen.computer_turn()
    driver.window.tick()  # the first step is due at once
    screen.finish_thinking(wait=10)
    throws = len(screen.game.history)
    assert throws == 1 and screen.computer_turn()
    driver.window.tick()
    assert len(screen.game.history) == throws, "the next step waits for the pace"
    driver.keys("r")
    assert driver.last == "cpu is playing; Enter plays its next step now."
    driver.keys("return")
    screen.finish_thinking(wait=10)
    assert len(screen.game.history) == throws + 1


def test_the_hint_key_gives_the_terminals_hint(driver: Driver) -> None:
    screen = driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("r", "a")
    screen.finish_thinking(wait=10)
    expected = driver.window.terminal.hint((), screen.session, screen.presenter).text
    assert driver.last == expected


def test_slow_thinking_leaves_the_window_answering_keys(driver: Driver) -> None:
    import threading

    screen = driver.game("shut-the-box", ["Anna"], seed=1)
    release = threading.Event()
    got: list[str] = []
    screen.think(lambda: release.wait(5) and "done", got.append)
    assert screen.thinking is not None, "not finished within the loop's short wait"
    driver.keys("t")
    assert driver.last == screen.presenter.turn_answer().text, "review keys answer at once"
    driver.keys("r")
    assert driver.last == "Still thinking; a moment please."
    assert screen.game.history == []
    release.set()
    screen.finish_thinking(wait=5)
    assert got == ["done"] and screen.thinking is None


def test_EV_04_a_key_reaches_the_speaker_in_under_10_ms_median(driver: Driver) -> None:
    """Timing as in benchmarks/window_latency.py (docs/performance.md): post, handle, speak."""
    import statistics
    import time

    driver.game("yatzy", ["Anna", "Ben"], seed=1)
    driver.keys("r")
    times = []
    for n in range(200):
        count = len(driver.said)
        start = time.perf_counter()
        driver.key(pygame.K_RIGHT if n % 2 else pygame.K_LEFT)
        times.append(time.perf_counter() - start)
        assert len(driver.said) == count + 1
    assert statistics.median(times) < budget(0.010)


# ---------------------------------------------------------------- games where moves are typed


def _press_button(driver: Driver, key: str) -> None:
    """Focus the actions button ``key`` by arrows and press Enter."""
    _to_row(driver, "actions")
    driver.keys("home")
    for _ in range(5):
        if driver.focused() == key:
            break
        driver.keys("right")
    assert driver.focused() == key
    driver.keys("return")


def test_a_whole_game_of_storeslem_by_keys_with_a_typed_a_chosen_and_no_strike(driver: Driver) -> None:
    from accessible_dice.games.storeslem import Strike

    screen = driver.game("storeslem", ["Anna"], seed=4)
    game = screen.game
    _press_button(driver, "random")
    assert game.boards[0] is not None
    # Throw 1: a strike typed in the field, opened by its first digit.
    driver.keys("r")
    strike = next(m for m in game.legal_moves() if isinstance(m, Strike) and len(m.numbers) == 1)
    first, *rest = str(strike.numbers[0])
    driver.keys(first)
    assert isinstance(driver.top, Entry)
    driver.type("".join(rest))
    driver.keys("return")
    assert strike.numbers[0] in game.struck[0]
    # Throw 2: numbers chosen on the board with Enter, then the Strike button.
    driver.keys("r")
    strike = next(m for m in game.legal_moves() if isinstance(m, Strike))
    for number in strike.numbers:
        index = game.boards[0].index(number)
        _to_row(driver, f"board0-{index // 3}")
        driver.keys("home", *["right"] * (index % 3), "return")
        assert driver.last == f"{number}, chosen"
    _press_button(driver, "strike")
    assert set(strike.numbers) <= game.struck[0]
    # Throw 3: pass.
    driver.keys("r")
    if game.free_strike_due:
        _to_row(driver, "board0-0")
        driver.keys("return")
    else:
        _press_button(driver, "pass")
    assert game.is_over()
    assert "Game over" in driver.spy.texts[-1]


def test_a_whole_game_of_quiclo_by_keys_equation_helper_and_none(driver: Driver) -> None:
    from accessible_dice.games import quiclo

    screen = driver.game("quiclo", ["Anna"], seed=2, lives=2)
    game = screen.game
    for turn in range(12):
        if game.is_over():
            break
        driver.keys("r")
        equation = quiclo.solve(game.dice_on_table())
        if turn == 0 and equation is not None:
            driver.keys(equation[0])
            driver.type(equation[1:])
            driver.keys("up")
            assert driver.last == equation
            driver.keys("return")
            assert ": right" in driver.spy.texts[-1]
        else:
            _press_button(driver, "helper" if turn % 2 else "none")
    assert game.is_over()
    assert any("=" in text for text in driver.spy.texts)


# ---------------------------------------------------------------- settings


def test_GN_01_keys_that_change_settings_keep_them_in_the_settings_file(tmp_path) -> None:
    from window_driver import open_window

    from accessible_dice import settings as config

    path = tmp_path / "settings.toml"
    window, spy = open_window(settings_path=path)
    try:
        keys_driver = Driver(window, spy)
        keys_driver.window.push(MainMenu(window, manual=False, seed=None))
        keys_driver.keys("f8", "ctrl+=", "f11")
        kept = config.load(path).settings
        assert (kept.theme, kept.font_scale, kept.speech_rate) == ("white-on-black", 125, 150)
    finally:
        pygame.display.quit()
    window, spy = open_window(settings=kept)
    try:
        assert window.theme.id == "white-on-black" and window.scale == 1.25
    finally:
        pygame.display.quit()


def test_the_settings_list_changes_a_setting_with_a_field(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("s", "return")
    assert driver.last.startswith("Settings. Language, combo box, Auto, 1 of ")
    driver.keys("v", "v", "return")
    assert driver.last.startswith("verbosity is normal; it can be brief, normal, or full.")
    driver.type("brief")
    driver.keys("return")
    assert driver.last == "verbosity: brief."
    assert driver.window.terminal.verbosity.name == "BRIEF"


def test_keep_by_value_makes_number_keys_hold_by_face(driver: Driver) -> None:
    driver.window.prefs.command(["keep-by", "value"])
    screen = driver.game("yatzy", ["Anna"], seed=2)
    driver.keys("r")
    table = screen.game.dice_on_table()
    driver.keys(str(table[0]))
    assert set(screen.game.held()) == {p for p, v in enumerate(table) if v == table[0]}
    driver.keys("shift+5")
    assert 4 in screen.game.held()


def test_a_number_key_beyond_the_dice_is_refused_as_typed_positions_are(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna"], seed=2)
    driver.keys("r", "6")
    assert driver.last == "There is no die 6; the dice are numbered 1 to 5."
    assert screen.game.held() == ()


def test_with_confirmations_off_quitting_does_not_ask(driver: Driver) -> None:
    driver.window.prefs.command(["confirm", "no"])
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("escape")
    assert not driver.window.running


def test_CG_09_the_window_title_names_the_screen(driver: Driver) -> None:
    driver.game("yatzy", ["Anna"])
    assert pygame.display.get_caption()[0] == "Yatzy - Accessible Dice"
    driver.keys("escape")
    assert pygame.display.get_caption()[0] == "Actions - Accessible Dice"


def test_a_yatzy_rethrow_with_real_dice_asks_only_for_the_dice_picked_up(driver: Driver) -> None:
    from accessible_dice.session import new_session

    session = new_session("yatzy", ["Anna"], {}, manual=True, save_to=new_path("yatzy"))
    driver.window.push(GameScreen(driver.window, session))
    assert isinstance(driver.top, Entry) and "throw 5 dice" in driver.last
    driver.type("6 6 2 3 6")
    driver.keys("return", "shift+6", "r")
    assert isinstance(driver.top, Entry) and "throw 2 dice" in driver.last
    driver.type("6 1")
    driver.keys("return")
    assert session.game.dice_on_table() == (6, 6, 6, 1, 6)


def test_resume_continues_the_saved_game_or_says_there_is_none(driver: Driver) -> None:
    from accessible_dice.ui.window.menu import resume_saved

    menu = MainMenu(driver.window, manual=False, seed=None)
    driver.window.push(menu)
    resume_saved(driver.window, menu)
    assert driver.last == "There is no saved game to continue." and driver.top is menu
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("r")
    menu = MainMenu(driver.window, manual=False, seed=None)
    driver.window.replace_all(menu)
    resume_saved(driver.window, menu)
    resumed = driver.top
    assert isinstance(resumed, GameScreen) and resumed.resumed and resumed.game.dice_on_table() != ()


# ---------------------------------------------------------------- undo, records, computer pace, start-up problems


def test_ctrl_z_takes_back_and_ctrl_y_does_again_as_the_terminal_says(driver: Driver) -> None:
    screen = driver.game("shut-the-box", ["Anna", "Ben"], seed=1)
    driver.keys("return", "return")  # throw, then the first move offered
    moved = len(screen.game.history)
    assert moved == 2
    driver.keys("ctrl+z")
    assert driver.last.startswith("Taken back: ") and len(screen.game.history) == 1
    assert driver.said[-1].interrupt
    driver.keys("ctrl+z")
    assert driver.last == "Random dice stay as they fell; a throw cannot be taken back."
    driver.keys("ctrl+y")
    assert driver.last.startswith("Done again. ") and len(screen.game.history) == moved
    driver.keys("ctrl+y")
    assert driver.last == "There is nothing to do again."


def test_undoing_typed_dice_asks_for_them_again_once(driver: Driver) -> None:
    from accessible_dice.session import new_session

    session = new_session("yatzy", ["Anna"], {}, manual=True, save_to=new_path("yatzy"))
    driver.window.push(GameScreen(driver.window, session))
    driver.type("1 2 3 4 5")
    driver.keys("return", "ctrl+z")
    prompt = "Anna, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or 35516."
    assert driver.last == f"Taken back: Anna's throw of 1, 2, 3, 4, and 5. {prompt}"
    assert isinstance(driver.top, Entry), "the field for the dice is open again"
    assert driver.spy.texts[-1].endswith(prompt) and driver.spy.texts[-2] != prompt, "said once, not twice"


def test_h_reads_this_games_records_from_the_score_history(driver: Driver, tmp_path) -> None:
    from accessible_dice.session import new_session

    session = new_session("yatzy", ["Anna"], {}, save_to=new_path("yatzy"), record_to=tmp_path / "history.sqlite3")
    driver.window.push(GameScreen(driver.window, session))
    driver.keys("h")
    assert isinstance(driver.top, Reader)
    assert driver.last == "Score history. No finished games of Yatzy yet for these players."
    driver.keys("escape")
    unkept = driver.game("yatzy", ["Anna"])
    driver.keys("h")
    assert driver.top is unkept and driver.said[-1].cues, "no score history here: the refusal, with its sound"


def test_GN_05_n_plays_the_computer_turns_through_at_once(driver: Driver) -> None:
    driver.window.pace = 60
    screen = driver.game("shut-the-box", ["cpu", "Anna"], seed=1)
    driver.keys("n")
    for _ in range(20):
        screen.finish_thinking(wait=5)
        if not screen.computer_turn():
            break
        driver.window.tick()
    assert not screen.computer_turn() and screen.game.current_player() == 1
    assert len(screen.game.history) >= 2 and not screen.skipping
    driver.keys("n")
    assert driver.last == "No computer player is playing now."


def test_KB_07_at_the_pace_wait_a_computer_steps_only_on_enter(driver: Driver) -> None:
    driver.window.prefs.command(["computer-pace", "wait"])
    assert driver.window.pace is None
    screen = driver.game("shut-the-box", ["cpu", "Anna"], seed=1)
    for _ in range(3):
        driver.window.tick()
    assert screen.game.history == []
    assert driver.spy.texts.count("cpu plays: Enter for each step, N for all of them.") == 1
    driver.keys("return")
    screen.finish_thinking(wait=5)
    assert len(screen.game.history) == 1
    driver.window.prefs.command(["computer-pace", "fast"])
    assert driver.window.pace == 0.5


def test_GN_03_a_computer_level_chosen_in_the_window_plays_from_the_next_move(driver: Driver) -> None:
    from accessible_dice.session import new_session

    driver.window.pace = 60
    driver.window.prefs.command(["computer-level", "relaxed"])
    screen = driver.game("threes-away", ["cpu"], seed=2, rounds=1)
    driver.keys("n")
    for _ in range(40):
        screen.finish_thinking(wait=5)
        if not screen.computer_turn():
            break
        driver.window.tick()
    assert screen.game.is_over()
    replays = {}
    for level in ("relaxed", "best"):
        replay = new_session("threes-away", ["cpu"], {"rounds": 1}, seed=2)
        while not replay.game.is_over():
            replay.computer_step(level)
        replays[level] = replay.game.history
    assert screen.game.history == replays["relaxed"] != replays["best"]


def test_settings_problems_are_said_in_the_window_at_start(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    from accessible_dice.cli import Launch
    from accessible_dice.settings import UnknownSetting
    from accessible_dice.ui.window import Window
    from accessible_dice.ui.window.run import run_window

    monkeypatch.setattr(Window, "run", lambda self: 0)
    status = run_window(Launch(speech="text"), window_driver_language(), [UnknownSetting(line=3, key="colour")])
    printed = capsys.readouterr().out.splitlines()
    assert status == 0
    assert printed[0].startswith("Main menu.")
    assert printed[1] == "Settings line 3: there is no setting called colour; the line was dropped."


def window_driver_language():
    from window_driver import EN

    return EN
