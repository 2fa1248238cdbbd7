"""The settings screen and the words of settings, undo and the score history."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from rules_support import play_out

from accessible_dice import settings as config
from accessible_dice.dice import RandomDice
from accessible_dice.errors import DiceError
from accessible_dice.games import new_game
from accessible_dice.games.base import Roll
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.history import ScoreHistory
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation import scores as score_words
from accessible_dice.presentation import settings as words
from accessible_dice.presentation import undo as undo_words
from accessible_dice.presentation.i18n import language
from accessible_dice.settings import NoSuchSetting, Settings, SettingValueRefused
from accessible_dice.undo import Timeline

EN = language("en")


@pytest.fixture
def screen(tmp_path: Path) -> tuple[SettingsScreen, list[Settings]]:
    seen: list[Settings] = []
    return SettingsScreen(EN, Settings(), tmp_path / "settings.toml", seen.append), seen


def test_the_screen_says_every_setting_and_how_to_change_one(screen) -> None:
    said = screen[0].command([]).text
    for spec in config.SPECS:
        assert f"{spec.key} " in said
    assert "voice automatic" in said and said.endswith("like verbosity brief.")


def test_a_name_alone_says_its_value_and_what_it_takes(screen) -> None:
    assert screen[0].command(["speech_rate"]).text == (
        "speech-rate is 175; it can be a whole number from 80 to 450. How fast the built-in voice speaks, in "
        "words a minute.")


@pytest.mark.parametrize("typed", [["verbosity", "brief"], ["verbosity=brief"], ["Verbosity", "=", "brief"]])
def test_a_change_is_saved_at_once_and_handed_on(screen, typed: list[str], tmp_path: Path) -> None:
    shown, seen = screen
    assert shown.command(typed).text == "verbosity: brief."
    assert seen == [Settings(verbosity="brief")]
    assert config.load(tmp_path / "settings.toml").settings == Settings(verbosity="brief")


def test_speech_settings_say_they_hold_from_the_next_start(screen) -> None:
    assert screen[0].command(["speech", "tts"]).text == "speech: tts. It holds from the next start."
    assert screen[0].command(["voice", "auto"]).text.startswith("voice: automatic.")


def test_SR_06_a_voice_typed_without_the_built_in_voice_is_kept_and_said_unchecked(screen) -> None:
    """a11y-audit: under text output ``voice bogus`` was taken as "voice: bogus.", as if the voice had it."""
    assert screen[0].command(["voice", "bogus"]).text == (
        "voice: bogus. Not checked: the built-in voice is not speaking now; it checks bogus when it next starts.")
    assert screen[0].settings.voice == "bogus"


def test_a_refused_change_says_why_and_changes_nothing(screen, tmp_path: Path) -> None:
    shown, seen = screen
    with pytest.raises(SettingValueRefused):
        shown.command(["sound-volume", "loud"])
    with pytest.raises(NoSuchSetting, match="the settings are language, speech, speech-rate"):
        shown.command(["colour", "red"])
    assert seen == [] and shown.settings == Settings() and not (tmp_path / "settings.toml").exists()


def test_a_change_that_cannot_be_saved_still_holds_and_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    shown = SettingsScreen(EN, Settings(), blocker / "settings.toml")
    said = shown.command(["sound-mute", "yes"]).text
    assert said.startswith("sound-mute: yes. The settings could not be saved:")
    assert shown.settings.sound_mute


def test_the_problems_found_at_start_are_said_each_with_the_invalid_sound() -> None:
    _settings, found = config.loads("speech-rate = fast\n")
    (said,) = words.problems(found, EN)
    assert said.text.startswith("Settings line 1: speech-rate cannot be fast") and said.cues[0].name == "invalid"


# ---------------------------------------------------------------- undo words


def test_taking_back_typed_dice_says_whose_throw_and_what_is_due_now() -> None:
    timeline = Timeline(new_game("shut-the-box", ["Anna", "Ben"]), manual=True)
    timeline.apply(Roll((3, 4)))
    presenter = presenter_for(timeline.game, EN)
    said = undo_words.taken_back(presenter, timeline.undo())
    assert said.text == "Taken back: Anna's throw of 3 and 4. Anna's turn. Throw 2 dice." and said.interrupt


def test_taking_back_a_move_names_it_as_hints_do() -> None:
    timeline = Timeline(new_game("shut-the-box", ["Anna", "Ben"]), manual=True)
    timeline.apply(Roll((3, 4)))
    timeline.apply(Shut("sum"))
    presenter = presenter_for(timeline.game, EN)
    assert undo_words.taken_back(presenter, timeline.undo()).text.startswith("Taken back: Sum (7). Anna's turn.")
    assert undo_words.done_again(presenter, timeline.redo()).text.startswith("Done again. Flap 7 shut.")


# ---------------------------------------------------------------- score history words


def test_the_history_lines_say_records_with_the_games_own_units(tmp_path: Path) -> None:
    game = play_out(new_game("shut-the-box", ["Anna"]), RandomDice(7), lambda playing: playing.legal_moves()[0])
    turns = game.scores()[0]
    with ScoreHistory(tmp_path / "h.sqlite3") as history:
        assert score_words.history_lines(history, EN) == [
            "The score history is empty: no game has been finished yet."]
        history.record(game, dice="manual", finished=datetime(2026, 3, 1, 12, tzinfo=timezone.utc))
        lines = score_words.history_lines(history, EN)
        assert lines[:3] == ["Score history: 1 finished game.", "Personal bests and averages:",
                             f"Shut the Box alone, Anna: 1 game, best {turns} turns on March 1, 2026, "
                             f"average {turns}.0."]
        assert lines[3] == "Latest games:" and lines[4].endswith(f", Shut the Box: Anna with {turns} turns.")
        assert score_words.records_lines(history, EN, "yatzy", ["Anna"]) == [
            "No finished games of Yatzy yet for these players."]


def test_a_game_with_other_options_is_named_with_them() -> None:
    assert score_words.game_name("shut-the-box", {"easy": "no", "rounds": "3", "start": "order"}, EN) == (
        "Shut the Box (rounds 3)")
    assert score_words.game_name("shut-the-box", {"easy": "no", "rounds": "1", "start": "order"}, EN) == (
        "Shut the Box")


def test_LV_13_a_pair_refused_one_colour_at_a_time_is_reached_with_both_on_one_line(screen, tmp_path: Path) -> None:
    """a11y-audit LV-13: navy on cream could not be reached from yellow on black, each half refused against the
    theme's other colour; both on one line are checked as the pair they make, and the refusal says so."""
    shown, _ = screen
    with pytest.raises(DiceError) as refused:
        shown.command(["text-colour", "navy"])
    said = refused.value.render(EN._, EN.ngettext)
    assert said.endswith("To change both, type them on one line, like text-colour navy background-colour cream.")
    assert shown.command(["text-colour", "navy", "background-colour", "cream"]).text == (
        "text-colour: navy. background-colour: cream.")
    kept = config.load(tmp_path / "settings.toml").settings
    assert (kept.text_colour, kept.background_colour) == ("navy", "cream")
    with pytest.raises(DiceError):  # a pair too close is still refused, whole
        shown.command(["background-colour", "black", "text-colour", "navy"])
