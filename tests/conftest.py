"""Shared test set-up: keep every test away from the real user's files and devices."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

# No test may open a real window or sound device, or touch the player's data or settings.
os.environ.setdefault("ACCESSIBLE_DICE_DATA", tempfile.mkdtemp(prefix="accessible-dice-data-"))
os.environ.setdefault("ACCESSIBLE_DICE_CONFIG", tempfile.mkdtemp(prefix="accessible-dice-config-"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Yatzy's strategy table is kept in a folder of the test run's own, never the player's.
os.environ.setdefault("ACCESSIBLE_DICE_STRATEGY_CACHE", tempfile.mkdtemp(prefix="accessible-dice-strategy-"))


@pytest.fixture(autouse=True)
def _no_strategy_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played in the test process do not start building Yatzy's strategy table in the background.

    Building it takes tens of seconds of both cores, which would slow the
    tests around it (and their timing checks). Games run through the command
    line (end-to-end, golden) keep the warm-up; its own tests turn it on.
    """
    from accessible_dice import session

    monkeypatch.setattr(session, "PREPARE", {})


@pytest.fixture
def dummy_mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The shared mixer opened afresh on SDL's dummy driver, and closed again after the test.

    For the tests that play cues or speech through pygame in this process.
    """
    from accessible_dice import audio

    audio.shutdown()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert audio.ensure_mixer()
    yield
    audio.shutdown()
