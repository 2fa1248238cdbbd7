"""Shared test set-up: keep every test away from the real user's files and devices."""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Iterator

import pytest

from accessible_dice import ending, threads

#: Variables set for every test, whatever the developer's shell has: no test may open a real window
#: or sound device, touch the player's data, settings or catalogs, or hear the developer's language.
ISOLATED = {
    "ACCESSIBLE_DICE_DATA": tempfile.mkdtemp(prefix="accessible-dice-data-"),
    "ACCESSIBLE_DICE_CONFIG": tempfile.mkdtemp(prefix="accessible-dice-config-"),
    "XDG_DATA_HOME": tempfile.mkdtemp(prefix="accessible-dice-xdg-data-"),
    "XDG_CONFIG_HOME": tempfile.mkdtemp(prefix="accessible-dice-xdg-config-"),
    "XDG_CACHE_HOME": tempfile.mkdtemp(prefix="accessible-dice-xdg-cache-"),
    "XDG_STATE_HOME": tempfile.mkdtemp(prefix="accessible-dice-xdg-state-"),
    "XDG_RUNTIME_DIR": tempfile.mkdtemp(prefix="accessible-dice-xdg-runtime-"),
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "LANG": "C.UTF-8",
}
#: Variables removed: a display or a screen reader's bus to reach, a translator's catalog folder, a language.
REMOVED = ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "ACCESSIBLE_DICE_LOCALES",
           "LANGUAGE", "LC_ALL", "LC_MESSAGES")
os.environ.update(ISOLATED)
for name in REMOVED:
    os.environ.pop(name, None)
# Yatzy's strategy table is a cache, not the player's data: a developer's folder for it is honoured
# (so it is built once, not per run), else the test run has its own.
os.environ.setdefault("ACCESSIBLE_DICE_STRATEGY_CACHE", tempfile.mkdtemp(prefix="accessible-dice-strategy-"))
# The ending signals as a terminal gives them, however the tests were started: a run started in the
# background (``&``, ``nohup``) ignores SIGINT or SIGHUP, every program it starts would inherit that,
# and the program rightly keeps a signal it was started with ignored (accessible_dice.ending).
for _number in threads.ENDING:
    if signal.getsignal(_number) == signal.SIG_IGN:
        signal.signal(_number, ending.python_default(_number))

@pytest.fixture(autouse=True)
def _no_strategy_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played in the test process do not start building Yatzy's strategy table in the background.

    Building it takes tens of seconds of both cores, which would slow the
    tests around it (and their timing checks). Games run through the command
    line (end-to-end, golden) keep the warm-up; its own tests turn it on.
    """
    from accessible_dice import session

    monkeypatch.setattr(session, "prepare_for", lambda game: None)


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


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The static page (``build-page``) built once for the session and served on 127.0.0.1; its address
    (tests/page_support.py; for tests/test_static_page.py and the real-Orca tests of it)."""
    from page_support import built_site

    with built_site(tmp_path_factory.mktemp("site")) as address:
        yield address
