"""Issue 24 in the window: a strategy slow to prepare is said once, the game answers meanwhile, then "Hints are ready."

The preparation is made slow on purpose (longer than the moment after
which the player is told, :data:`accessible_dice.session.PREPARE_NOTICE`),
as a missing or damaged Yatzy table makes it; the window is driven by keys
and what it says is read from its speech spy.
"""

from __future__ import annotations

import time

import pytest
from timing_support import budget
from window_driver import Driver, open_driver

from accessible_dice import session as sessions

_driver = pytest.fixture(name="driver")(open_driver)

PREPARING = "Preparing the hints and the computer players; this can take a while. You will hear when they are ready."


def test_a_slow_strategy_is_said_once_the_window_answers_meanwhile_then_it_is_ready(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sessions, "prepare_for", lambda game: lambda _game: time.sleep(3 * sessions.PREPARE_NOTICE / 2))
    screen = driver.game("shut-the-box", ["Anna"], seed=7)
    deadline = time.monotonic() + budget(30)

    def until(text: str) -> None:
        while not any(text in said for said in driver.spy.texts):
            assert time.monotonic() < deadline, driver.spy.texts
            driver.window.tick()
            time.sleep(0.05)

    until(PREPARING)
    assert not screen.session.strategy_ready()
    driver.keys("r")  # the game answers while the strategy is made
    until("Anna threw")
    until("Hints are ready.")
    texts = driver.spy.texts
    assert sum(PREPARING in said for said in texts) == 1 and sum("Hints are ready." in said for said in texts) == 1

    def first(text: str) -> int:
        return next(index for index, said in enumerate(texts) if text in said)
    assert first(PREPARING) < first("Anna threw") < first("Hints are ready.")
