"""Issue 13 in the window, by posted events: the mouse, the keys a low-vision player asked for, the message panel.

Mouse clicks and wheel turns are posted as SDL would send them
(MOUSEBUTTONUP, MOUSEWHEEL) at the rectangles the window last drew.
"""

from __future__ import annotations

import re

import pygame
import pytest
import window_pixels as pixels
from window_driver import Driver, open_driver

from accessible_dice.theme import THEMES, contrast_ratio
from accessible_dice.ui.window import Confirm, Entry, Reader
from accessible_dice.ui.window.menu import MainMenu

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
    surface = pygame.Surface((1280, 720))
    drawn = driver.window.draw(surface)
    anna = max(n for n, m in enumerate(view.messages) if m.owner == "Anna")
    assert anna in drawn.shown_messages, "Anna's own result is still drawn"
    if pixels.available():
        # And seen: her words are read back from the pixels of her entry in the panel.
        sheet = pixels.Sheet(surface, [pixels.message_crop(drawn, anna, view.messages[anna].text)])
        pixels.read([sheet])
        assert sheet.crops[0].found, sheet.crops[0]


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


def test_SR_02_settings_read_as_words_and_step_with_left_and_right(driver: Driver) -> None:
    driver.setting("theme")
    labels = [cell.text for row in driver.top.rows() for cell in row.cells]
    assert "Theme: Yellow on black" in labels
    driver.keys("right")
    assert driver.window.prefs.settings.theme == "white-on-black"
    assert driver.last == "Theme, combo box, White on black, 14 of 27"
    driver.keys("left")
    assert driver.window.prefs.settings.theme == "yellow-on-black"
    driver.setting("font-scale")
    driver.keys("right")
    assert driver.window.prefs.settings.font_scale == 125 and driver.window.scale == 1.25


@pytest.mark.parametrize(("key", "said", "then"), [
    ("sound-mute", "Sound mute, checkbox, not checked, 10 of 27", "Sound mute, checkbox, checked, 10 of 27"),
    ("speech-rate", "Speech rate, slider, 175, 3 of 27", "Speech rate, slider, 200, 3 of 27"),
    ("verbosity", "Verbosity, combo box, Normal, 8 of 27", "Verbosity, combo box, Full, 8 of 27"),
    ("voice", "Voice, text field, Automatic, 6 of 27", None),
], ids=["checkbox", "slider", "combo box", "text field"])
def test_SR_02_each_kind_of_setting_says_its_name_type_value_and_place(driver: Driver, key: str, said: str,
                                                                      then: str | None) -> None:
    """"label, type, value, n of m" for every widget kind, the new value after Right; the drawn label stays."""
    driver.setting(key)
    driver.keys("down", "up")
    assert re.fullmatch(r"[A-Z][a-z ]+, (checkbox|slider|combo box|text field), [^,]+, \d+ of 27", driver.last)
    assert driver.last == said
    name, kind, value, _place = said.split(", ")
    drawn = "No" if kind == "checkbox" else value
    assert driver.top.focus.cell().text == f"{name}: {drawn}"
    if then is not None:
        driver.keys("right")
        assert driver.last == then


def test_SR_02_SR_03_brief_says_a_setting_as_drawn_and_full_as_normal(driver: Driver) -> None:
    driver.setting("sound-mute")
    driver.window.prefs.command(["verbosity", "brief"])
    driver.keys("down", "up")
    assert driver.last == "Sound mute: No"
    driver.window.prefs.command(["verbosity", "full"])
    driver.keys("down", "up")
    assert driver.last == "Sound mute, checkbox, not checked, 10 of 27"


def test_SR_02_the_actions_menu_says_the_theme_and_verbosity_as_combo_boxes(driver: Driver) -> None:
    driver.game("shut-the-box", ["Anna"], seed=1)
    driver.keys("escape")
    driver.top.focus.place("theme")
    driver.keys("down", "up")
    assert re.fullmatch(r"Theme, combo box, Yellow on black, \d+ of \d+", driver.last)
    driver.keys("return")
    driver.keys("down", "up")
    assert driver.last.startswith("Theme, combo box, White on black, ")
    driver.keys("down")
    assert re.fullmatch(r"Verbosity, combo box, Normal, \d+ of \d+", driver.last)
    assert driver.top.focus.cell().text == "Verbosity: normal"
    driver.keys("escape")


def test_LV_13_a_colour_pair_under_4_5_to_1_is_refused_with_its_contrast(driver: Driver) -> None:
    from accessible_dice.errors import InvalidInput
    from accessible_dice.presentation.options import refusal_words

    prefs = driver.window.prefs
    prefs.command(["background-colour", "navy"])
    assert driver.window.theme.background == (0, 0, 128)
    before = prefs.settings
    # Typed, the refusal adds how to change both colours at once (settings_screen.BothColoursAtOnce).
    with pytest.raises(InvalidInput) as refused:
        prefs.command(["text-colour", "navy"])
    said = refusal_words(refused.value, driver.window.language)
    assert said.startswith("navy on navy has a contrast of only 1.0 to 1")
    assert prefs.settings == before
    prefs.command(["text-colour", "cream"])
    assert contrast_ratio(driver.window.theme.text, driver.window.theme.background) >= 7
    assert driver.window.theme.focus != driver.window.theme.held


def test_LV_13_a_low_contrast_pair_of_the_players_own_is_taken_and_its_contrast_said(driver: Driver) -> None:
    """Grey on dark grey (5.7:1) is what a player whom high contrast glares may want: taken, with a warning."""
    prefs = driver.window.prefs
    prefs.command(["background-colour", "dark-grey"])
    said = prefs.command(["text-colour", "grey"])
    assert said.text == ("text-colour: grey. grey on dark-grey has a contrast of 5.7 to 1, lower than the 7 to 1 "
                         "of high contrast; F8 goes back to the themes.")
    theme = driver.window.theme
    assert (theme.text, theme.background) == ((170, 170, 170), (48, 48, 48))
    assert round(contrast_ratio(theme.text, theme.background), 2) == round(theme.least, 2) == 5.68
    assert contrast_ratio(theme.focus, theme.background) >= 3 and theme.focus != theme.held
    assert prefs.command(["text-colour", "white"]).text == "text-colour: white."  # 13:1 says nothing more
    driver.setting("theme")
    driver.keys("f8")
    assert (driver.window.prefs.settings.text_colour, driver.window.theme.id) == ("theme", "white-on-black")


def test_LV_13_stepping_to_a_low_contrast_pair_in_the_settings_list_says_its_contrast(driver: Driver) -> None:
    driver.window.prefs.command(["background-colour", "dark-grey"])
    driver.setting("text-colour")
    driver.keys("left")  # from the theme's own yellow to dark-grey, which is skipped (1:1), to grey
    assert driver.window.prefs.settings.text_colour == "grey"
    assert driver.last == ("Text colour, combo box, Grey, 15 of 27. grey on dark-grey has a contrast of 5.7 to 1, "
                           "lower than the 7 to 1 of high contrast; F8 goes back to the themes.")


def test_LV_13_the_low_contrast_theme_is_chosen_by_name_or_f8_without_a_warning(driver: Driver) -> None:
    driver.setting("theme")
    assert driver.window.prefs.command(["theme", "low-contrast"]).text == "theme: low-contrast."
    assert driver.window.theme.id == "low-contrast" and not driver.window.theme.high_contrast
    driver.keys("f8")
    assert driver.last == "Theme: Yellow on black."
    for _ in range(3):
        driver.keys("f8")
    assert driver.last == "Theme: Low contrast: grey on dark grey."
