"""Issue 13 in the window, by posted events: the mouse, the keys a low-vision player asked for, the message panel.

Mouse clicks and wheel turns are posted as SDL would send them
(MOUSEBUTTONUP, MOUSEWHEEL) at the rectangles the window last drew.
"""

from __future__ import annotations

import pygame
import pytest
from window_driver import Driver, open_driver

from accessible_dice.ui.window import Confirm, Entry, Reader
from accessible_dice.ui.window.menu import MainMenu
from accessible_dice.ui.window.theme import THEMES, contrast_ratio

_driver = pytest.fixture(name="driver")(open_driver)


def _click(driver: Driver, key: str) -> None:
    driver.window.draw(pygame.Surface((1280, 720)))
    rect = driver.window.drawn.cells[key]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    driver.window.pump()


def _wheel(driver: Driver, y: int) -> None:
    driver.window.draw(pygame.Surface((1280, 720)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    driver.window.pump()


# ---------------------------------------------------------------- the mouse


def test_a_click_focuses_and_says_an_item_and_a_second_click_chooses_it(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    _click(driver, "settings")
    assert driver.focused() == "settings"
    assert driver.last.startswith("Settings")
    _click(driver, "settings")
    assert driver.top.title == "Settings"


def test_a_click_on_a_die_focuses_it_and_a_second_holds_it(driver: Driver) -> None:
    screen = driver.game("yatzy", ["Anna"], seed=3)
    driver.keys("r")
    _click(driver, "die2")
    assert driver.focused() == "die2" and driver.last.startswith("Die 3")
    _click(driver, "die2")
    assert screen.game.held() == (2,)


def test_the_wheel_moves_through_the_rows_as_up_and_down_do(driver: Driver) -> None:
    driver.game("yatzy", ["Anna", "Ben"], seed=3)
    driver.keys("r", "down")
    before = driver.top.focus.row
    _wheel(driver, -1)
    assert driver.top.focus.row == before + 1
    _wheel(driver, 1)
    assert driver.top.focus.row == before


# ---------------------------------------------------------------- keys


def test_shift_9_types_an_open_bracket_into_a_quiclo_field(driver: Driver) -> None:
    """Issue 13: "(" (Shift+9 on many layouts) starts the field with "(", not "9"."""
    driver.game("quiclo", ["Anna"], seed=2)
    driver.keys("r")
    driver.key(pygame.K_9, pygame.KMOD_LSHIFT, "9", typed="(")
    assert isinstance(driver.top, Entry) and driver.top.typed == "("


def test_ER_06_ctrl_and_a_letter_reaches_every_yatzy_box(driver: Driver) -> None:
    from accessible_dice.games.yatzy import Box

    driver.game("yatzy", ["Anna"], seed=3)
    driver.keys("r")
    reached = set()
    game_keys = set("rdcstmahn")
    for box in Box:
        letter = box.label[0].lower()
        for _ in range(len(Box)):
            if letter in game_keys:
                driver.key(pygame.key.key_code(letter), pygame.KMOD_LCTRL, "")
            else:
                driver.key(pygame.key.key_code(letter), 0, letter)
            if driver.top.focus.row_key == f"box-{box.value}":
                reached.add(box)
                break
    assert reached == set(Box)


def test_EV_04_every_key_in_a_text_field_acts_or_says_why_not(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    driver.keys("return", "down", "return")  # past the quick game: Shut the Box's players
    assert isinstance(driver.top, Entry)
    for name in ("tab", "page up", "f6"):
        count = len(driver.said)
        driver.keys(name)
        assert len(driver.said) == count + 1 and "does nothing here" in driver.last, name
    driver.keys("ctrl+z")
    assert driver.last == "Ctrl+Z does nothing here. F1 says the keys."


def test_ctrl_f1_outside_a_game_opens_the_general_help(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    driver.keys("ctrl+f1")
    assert isinstance(driver.top, Reader) and driver.top.title == "About Accessible Dice"
    assert "five dice games" in driver.last


def test_closing_the_window_asks_and_says_goodbye(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.window.pump()
    assert isinstance(driver.top, Confirm) and driver.window.running
    driver.keys("up", "return")
    assert not driver.window.running
    assert driver.spy.texts[-1] == "Goodbye."


def test_closing_the_window_in_a_game_says_the_game_is_saved(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.window.pump()
    assert isinstance(driver.top, Confirm) and "The game is saved" in driver.top.title
    driver.keys("up", "return")
    assert not driver.window.running and "Goodbye" in driver.spy.texts[-1]


def test_KB_12_alt_enter_switches_full_screen_and_remembers_it(driver: Driver) -> None:
    driver.window.push(MainMenu(driver.window, manual=False, seed=1))
    driver.key(pygame.K_RETURN, pygame.KMOD_LALT)
    assert driver.window.prefs.settings.full_screen and driver.last == "Full screen."
    driver.key(pygame.K_RETURN, pygame.KMOD_LALT)
    assert not driver.window.prefs.settings.full_screen and driver.last == "Window."


# ---------------------------------------------------------------- what was said stays readable


def test_LV_16_KB_08_the_players_own_result_stays_on_screen_with_the_computers_next_line(driver: Driver) -> None:
    """Issue 13: "9 + 2 = 12: wrong …" was replaced by the computer's throw within 10 ms."""
    screen = driver.game("quiclo", ["Anna", "cpu"], seed=2)
    driver.keys("r")
    _press(driver, "none")
    for _ in range(5):
        screen.tick(float("inf"))
    view = driver.window.view()
    owners = [m.owner for m in view.messages]
    assert "Anna" in owners and "cpu" in owners
    drawn = driver.window.draw(pygame.Surface((1280, 720)))
    anna = max(n for n, m in enumerate(view.messages) if m.owner == "Anna")
    assert anna in drawn.shown_messages, "Anna's own result is still drawn"


def test_AU_06_CG_10_the_history_keys_scroll_the_message_panel(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna", "Ben"], seed=2, start="order")
    driver.keys("r")
    newest = len(driver.window.shown.log) - 1
    driver.key(pygame.K_COMMA)
    assert driver.window.shown.reviewing == newest - 1
    drawn = driver.window.draw(pygame.Surface((1280, 720)))
    assert drawn.shown_messages[0] == newest - 1
    driver.key(pygame.K_PERIOD, pygame.KMOD_LSHIFT)
    assert driver.window.shown.reviewing is None


def _press(driver: Driver, key: str) -> None:
    _click(driver, key)
    _click(driver, key)


# ---------------------------------------------------------------- labels and colours


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
def test_held_and_focused_are_told_apart_in_every_theme(theme: object) -> None:
    assert theme.held not in (theme.focus, theme.text)  # type: ignore[attr-defined]
    assert contrast_ratio(theme.held, theme.background) >= 3  # type: ignore[attr-defined]


def test_AU_02_boards_say_scores_lives_and_whose_turn_in_words(driver: Driver) -> None:
    screen = driver.game("quiclo", ["Anna", "Ben"], seed=2)
    headers = [row.header for row in screen.rows() if row.header]
    assert headers[0] == "Anna — 3 lives, to move" and headers[1] == "Ben — 3 lives"
    assert [row.turn for row in screen.rows() if row.header] == [True, False]
    screen = driver.game("shut-the-box", ["Anna", "Ben"], seed=2, start="order")
    assert [row.header for row in screen.rows() if row.header][1] == "Ben — 0 penalty points"


# ---------------------------------------------------------------- settings


def _settings(driver: Driver, key: str) -> None:
    from accessible_dice.ui.window.settings import SettingsMenu

    driver.window.push(SettingsMenu(driver.window))
    driver.top.settled()
    assert driver.top.focus.place(key)


def test_SR_02_settings_read_as_words_and_step_with_left_and_right(driver: Driver) -> None:
    _settings(driver, "theme")
    labels = [cell.text for row in driver.top.rows() for cell in row.cells]
    assert "Theme: Yellow on black" in labels
    driver.keys("right")
    assert driver.window.prefs.settings.theme == "white-on-black"
    assert driver.last.startswith("Theme: White on black")
    driver.keys("left")
    assert driver.window.prefs.settings.theme == "yellow-on-black"
    _settings(driver, "font-scale")
    driver.keys("right")
    assert driver.window.prefs.settings.font_scale == 125 and driver.window.scale == 1.25


def test_LV_13_a_colour_pair_under_7_to_1_is_refused_with_its_contrast(driver: Driver) -> None:
    from accessible_dice.presentation.options import refusal_words
    from accessible_dice.ui.window.theme import ColoursTooClose

    prefs = driver.window.prefs
    prefs.command(["background-colour", "navy"])
    assert driver.window.theme.background == (0, 0, 128)
    before = prefs.settings
    with pytest.raises(ColoursTooClose) as refused:
        prefs.command(["text-colour", "navy"])
    said = refusal_words(refused.value, driver.window.language)
    assert said.startswith("navy on navy has a contrast of only 1.0 to 1")
    assert prefs.settings == before
    prefs.command(["text-colour", "cream"])
    assert contrast_ratio(driver.window.theme.text, driver.window.theme.background) >= 7
    assert driver.window.theme.focus != driver.window.theme.held
