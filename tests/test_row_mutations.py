"""Tests of the tests: each checklist row's check, run once with the row broken on purpose, must fail.

a11y-audit.md (turn 3) found row-named tests that passed with their row broken (SR-05 repeated only the last
message, CG-03 said the same words for every item, GN-02 never used the ``verbosity`` command). Each check
here is a function that says whether the row holds; the row's test asserts it does, and a mutation test
breaks the row the way the audit did and asserts the check notices. Cheap: in-process, a second each.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from window_driver import Driver, open_driver

from accessible_dice import profiles
from accessible_dice import settings as config
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation.i18n import language
from accessible_dice.session import new_session
from accessible_dice.speech import SpeechSpy

EN = language("en")
_driver = pytest.fixture(name="driver")(open_driver)


# ---------------------------------------------------------------- GN-02


def gn_02_holds(tmp_path: Path) -> bool:
    """Anna keeps her own settings and types the ``verbosity brief`` help advertises: it is kept in her
    profile, and Ben's turn (shared settings) is not brief."""
    path = tmp_path / "config" / config.FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.StringIO()
    typed = iter(["profile yes", "verbosity brief", "1 2", "singles", "6 6", "q"])
    screen = SettingsScreen(EN, config.Settings(), path)
    terminal = Controller(Announcer(out, SpeechSpy()), lambda: next(typed, None), EN, settings=screen)
    terminal.play(new_session("shut-the-box", ["Anna", "Ben"], {}, manual=True))
    own = profiles.Profiles(path.parent / profiles.FOLDER).load("Anna")
    lines = out.getvalue().splitlines()
    return own is not None and own.verbosity == "brief" and "Ben threw 6 and 6. Singles: 6." in " ".join(lines)


def test_GN_02_the_verbosity_command_is_kept_in_the_players_own_settings(tmp_path: Path) -> None:
    assert gn_02_holds(tmp_path)


def test_GN_02_check_fails_when_the_verbosity_command_holds_for_the_run_only(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(SettingsScreen, "change", lambda self, key, value: None)  # the audit's behaviour
    assert not gn_02_holds(tmp_path)


# ---------------------------------------------------------------- SR-05


def sr_05_holds(driver: Driver) -> bool:
    """After focus moves at the main menu, F5 says the focused item again."""
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("down", "down", "down")
    focused = driver.last
    driver.keys("f5")
    return driver.last == focused


def test_SR_05_f5_says_the_focused_item_again(driver: Driver) -> None:
    assert sr_05_holds(driver)


def test_SR_05_check_fails_when_f5_repeats_the_last_message_only(driver: Driver, monkeypatch) -> None:
    from accessible_dice.ui.window import Shown

    speak = Shown.speak

    def forgetful(self: Shown, utterance) -> None:  # what is said is not kept as the last thing said
        speak(self, utterance)
        self.last = None

    monkeypatch.setattr(Shown, "speak", forgetful)
    assert not sr_05_holds(driver)


# ---------------------------------------------------------------- CG-03


def cg_03_holds(driver: Driver) -> bool:
    """F1 on Settings and on Tutorial says two different things, each what the item is for."""
    from accessible_dice.ui.window.menu import MainMenu

    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    said = []
    for moves in (["down"], ["down", "down"]):  # Settings, then two on: Tutorial
        driver.keys(*moves, "f1")
        said.append(driver.top.lines[0])
        driver.keys("escape")
    return said[0] != said[1] and "how the game speaks" in said[0] and "guided first game" in said[1]


def test_CG_03_f1_says_what_each_item_is_for(driver: Driver) -> None:
    assert cg_03_holds(driver)


def test_CG_03_check_fails_when_f1_says_only_how_to_choose(driver: Driver, monkeypatch) -> None:
    import accessible_dice.ui.window as window

    monkeypatch.setattr(window, "purpose", lambda key, lang: None)
    assert not cg_03_holds(driver)
