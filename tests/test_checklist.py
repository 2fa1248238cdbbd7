"""Rows of the accessibility checklist (../shared/spec/accessibility-checklist.md) that no other
test file holds: each test is named after its row id, so ``pytest -k KB_04`` finds a row's guard.

docs/accessibility.md lists every row with its status and the test that guards it.
"""

from __future__ import annotations

import pygame
import pytest
from window_driver import open_window

from accessible_dice import settings as config
from accessible_dice.cli import parse_args
from accessible_dice.presentation.i18n import language
from accessible_dice.sound import SoundPlayer
from accessible_dice.ui import launch as launching

EN = language("en")


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
