"""Driving the browser front end in tests: Debian's chromium through Playwright, and the page's waits.

The tests skip where chromium or Playwright is missing. One browser serves a
whole test module (:func:`browser` is a module fixture); each test gets its
own server (its own table, secret and port) and its own pages.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/lib/chromium/chromium")
#: As root (CI), chromium refuses to start without --no-sandbox; /dev/shm is small in containers.
ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]

playwright_api = pytest.importorskip("playwright.sync_api")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def serve() -> Iterator[Callable[..., Any]]:
    """Start servers for the test (``listen=True`` for the local network); each is stopped after it."""
    from accessible_dice.ui.launch_request import Launch
    from accessible_dice.ui.web import start

    servers = []

    def started(listen: bool = False, **launch: Any) -> Any:
        server = start(Launch(**launch), listen=listen)
        servers.append(server)
        return server

    yield started
    for server in servers:
        server.stop()


def until(page: Any, expression: str, timeout: float = 20.0) -> None:
    """Wait until ``expression`` is true in the page.

    Polled from here: Playwright's own ``wait_for_function`` evaluates its
    text with ``eval``, which the page's Content-Security-Policy forbids.
    """
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never had {expression}")
        time.sleep(0.02)


def drawn(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.drawn || 0)"))


def after(page: Any, before: int) -> None:
    """Wait until the page was drawn again after ``before`` (the server answered what was done)."""
    until(page, f"Number(document.body.dataset.drawn || 0) > {before}")


def press(page: Any, key: str) -> None:
    """A key pressed in the game, then the page's answer waited for."""
    before = drawn(page)
    page.keyboard.press(key)
    after(page, before)


def enter_on(page: Any, selector: str) -> None:
    """The focus moved to a button (as Tab would), Enter pressed on it, and the answer waited for."""
    before = drawn(page)
    page.locator(selector).first.focus()
    page.keyboard.press("Enter")
    after(page, before)


def idle(page: Any) -> None:
    """Wait until the page has put everything it was told into its live regions (it spaces them out)."""
    until(page, "waiting.length === 0 && flushing === null")


def log_lines(page: Any) -> list[str]:
    """The polite log's lines, once everything announced is in it."""
    idle(page)
    return list(page.locator("#log p").all_text_contents())


def screen(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.screen"))


def opened(browser: Any, url: str, **context: Any) -> Any:
    """A fresh page on ``url``, drawn once."""
    page = browser.new_context(**context).new_page()
    page.goto(url)
    until(page, "Number(document.body.dataset.drawn || 0) > 0")
    return page


def play(page: Any, move: Callable[[Any], None], limit: int = 200) -> None:
    """Throw with R whenever the throw button is there, else make ``move``; until the game is over.

    After each throw the dice are a list with an item per die; a question
    (scoring 0) is answered yes.
    """
    for _ in range(limit):
        if screen(page) == "over":
            return
        if page.locator('#actions [data-key="throw"]').count():
            press(page, "r")
            count = len(page.evaluate("state.dice"))
            assert page.get_by_role("list", name="Dice").get_by_role("listitem").count() == count
        elif page.locator("#question").is_visible():
            enter_on(page, "#yes")
        else:
            move(page)
    raise AssertionError("the game did not end")


def keep_every_die(page: Any) -> None:
    """Threes Away: every die on the table chosen with its number key."""
    for number in range(1, len(page.evaluate("state.dice")) + 1):
        press(page, str(number))
