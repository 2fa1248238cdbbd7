"""The words each country's players use for Yatzy's boxes, typed where a player types them: the window's
command field (its real key and text events) and the browser page's Command field (in Chromium).

tests/test_localized_words.py checks the words through ``commands.parse``, which both fields read; here
the fields themselves are typed into, so a field that read its line some other way (or in English) fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from web_support import after, browser, drawn, log_lines, opened, press, serve
from window_driver import Driver, open_driver

from accessible_dice.games.yatzy import Box
from accessible_dice.presentation.i18n import language

__all__ = ["browser", "serve"]

#: Seed 2 throws 1, 1, 1, 3, 2 first: three of a kind, the three 1s, for 3.
SEED, THROWN, POINTS = 2, (1, 1, 1, 3, 2), 3


_driver = pytest.fixture(name="driver")(open_driver)


def test_the_windows_command_field_takes_dreierpasch_in_german(driver: Driver) -> None:
    german = language("de")
    driver.window.language, driver.window._ = german, german._
    driver.window.terminal.language = german
    screen = driver.game("yatzy", ["Anna"], seed=SEED)
    driver.keys("r")
    assert screen.game.dice_on_table() == THROWN
    screen.type_command()
    driver.type("eintragen dreierpasch")
    driver.keys("return")
    assert screen.game.cards[0].points.get(Box.THREE_OF_A_KIND) == POINTS, driver.said[-3:]
    last = [said.text for said in driver.said[-3:]]
    assert any(text.startswith("Drei gleiche: 3 Punkte.") for text in last), last  # the sheet's name, said


def test_the_pages_command_field_takes_triss_in_swedish(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="yatzy", players=("Anna",), seed=SEED, lang="sv", given=frozenset({"lang"}))
    page = opened(browser, server.url)
    press(page, "r")
    game = server.table.session.game
    assert game.dice_on_table() == THROWN
    before = drawn(page)
    page.locator("#command").fill("ta triss")
    page.keyboard.press("Enter")
    after(page, before)
    assert game.cards[0].points.get(Box.THREE_OF_A_KIND) == POINTS, page.locator("#answer").text_content()
    assert log_lines(page)[-1].startswith("Tretal: 3 poäng."), log_lines(page)[-2:]  # the sheet's name, said
