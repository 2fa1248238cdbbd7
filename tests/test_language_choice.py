"""Choosing the language: --lang, then the remembered setting, then the system's language, else English.

And the voice follows the game: the built-in voice is asked for the
language the game speaks, and says so, in that language, when it has no
voice for it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from e2e_support import run_cli

from accessible_dice import settings as config
from accessible_dice.cli import parse_args
from accessible_dice.presentation import i18n
from accessible_dice.presentation.i18n import language, system_language
from accessible_dice.speech import Speaker
from accessible_dice.speech.backend import TextBackend
from accessible_dice.speech.settings import VoiceSettings
from accessible_dice.ui import launch

SYSTEM = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
GAME = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--players", "Anna", "--seed", "1"]


@pytest.fixture
def no_system_language(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No locale variable names a language, and the process's locale (read last, as on Windows) none either."""
    for variable in SYSTEM:
        monkeypatch.setenv(variable, "")
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    return monkeypatch


@pytest.mark.parametrize(("environment", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "sv:en", "LANG": "fr_FR.UTF-8"}, "sv"),  # GNU's LANGUAGE list comes first
    ({"LANGUAGE": "fr:da", "LANG": "fr_FR.UTF-8"}, "da"),  # the first language of ours in the list
    ({"LC_ALL": "nn_NO.UTF-8", "LANG": "de_DE.UTF-8"}, "nb"),  # LC_ALL wins; Norwegian means Bokmål
    ({"LC_MESSAGES": "fi_FI.UTF-8"}, "fi"),
    ({"LANG": "fr_FR.UTF-8"}, None),
])
def test_the_system_language_is_the_first_of_ours_the_locale_names(
        no_system_language: pytest.MonkeyPatch, environment: dict[str, str], expected: str | None) -> None:
    for variable, value in environment.items():
        no_system_language.setenv(variable, value)
    assert system_language() == expected


@pytest.mark.parametrize(("argv", "remembered", "system", "expected"), [
    (["--lang", "fi"], "cs", "de_DE.UTF-8", "fi"),  # the flag wins
    ([], "cs", "de_DE.UTF-8", "cs"),  # then the setting
    ([], "auto", "de_DE.UTF-8", "de"),  # then the system
    ([], "auto", "fr_FR.UTF-8", "en"),  # else English
])
def test_the_flag_wins_over_the_setting_which_wins_over_the_system(
        no_system_language: pytest.MonkeyPatch, argv: list[str], remembered: str, system: str,
        expected: str) -> None:
    no_system_language.setenv("LANG", system)
    chosen = parse_args(argv).with_settings(config.Settings(language=remembered))
    assert language(chosen.lang).code == expected


def test_a_language_without_a_catalog_speaks_english_throughout(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    monkeypatch.setattr("accessible_dice.presentation.i18n.catalog_dirs", lambda: [tmp_path])
    chosen = language("de")
    assert chosen.code == "en" and chosen.join(["1", "2", "3"]) == "1, 2, and 3"


def opening(lines: list[str]) -> str:
    return lines[0]


def test_the_command_line_speaks_the_flag_the_setting_or_the_system_language(tmp_path: Path) -> None:
    """Through the real program: a run without --lang speaks as a run with the language it should choose."""
    german = run_cli([*GAME, "--lang", "de"], ["q"], tmp_path / "de")
    assert opening(german.lines) != opening(run_cli([*GAME, "--lang", "en"], ["q"], tmp_path / "en").lines)
    from_system = run_cli(GAME, ["q"], tmp_path / "system", system={"LANGUAGE": "", "LC_ALL": "",
                                                                    "LC_MESSAGES": "", "LANG": "de_AT.UTF-8"})
    assert from_system.lines == german.lines
    remembered = tmp_path / "remembered"
    config.store(config.Settings(language="cs"), remembered / "config" / config.FILE_NAME)
    czech = run_cli([*GAME, "--lang", "cs"], ["q"], tmp_path / "cs")
    assert run_cli(GAME, ["q"], remembered).lines == czech.lines != german.lines
    assert run_cli([*GAME, "--lang", "de"], ["q"], remembered).lines == german.lines


def test_the_built_in_voice_is_asked_for_the_games_language(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[VoiceSettings] = []

    def speaker(choice: str, *, settings: VoiceSettings, **_: object) -> Speaker:
        asked.append(settings)
        return Speaker.with_backends([lambda: TextBackend(io.StringIO())], settings=settings)

    monkeypatch.setattr(launch, "Speaker", speaker)
    monkeypatch.setattr(launch, "_cues", lambda: None)
    for code in ("fi", "nb"):
        announcer = launch._outputs(parse_args(["--speech", "tts"]), language(code),
                                    config.Settings(language="cs", speech_rate=200))
        announcer.close()
    assert [(s.language, s.rate) for s in asked] == [("fi", 200), ("nb", 200)]


class NoVoiceForTheLanguage(TextBackend):
    """A built-in voice that speaks no language asked of it."""

    def configure(self, settings: VoiceSettings) -> bool:
        return False


def test_without_a_voice_for_the_language_the_voice_says_so_in_the_players_language() -> None:
    czech = language("cs")
    heard = io.StringIO()
    speaker = Speaker.with_backends([lambda: NoVoiceForTheLanguage(heard)], settings=VoiceSettings(language="fi"),
                                    gettext=czech._)
    speaker.close()
    notice = czech._("The built-in voice cannot speak {language}.").format(language="suomi")
    assert heard.getvalue() == notice + "\n"
    assert notice != "The built-in voice cannot speak suomi."
