"""The speech settings on real parts: eSpeak NG's voices, the pygame mixer on SDL's dummy driver, the command line.

SR-06: the voice is chosen from the engine's own voices (the game language's
first), by Left and Right in the window and by number or name in the
terminal, and what was chosen reaches the engine's properties, with the rate
and the pitch. SR-12: each language's name in the language list is spoken by
a voice of that language. SR-13: the sound effects step back, fall silent or
stay while speech plays, as the ``sound-during-speech`` setting says.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from e2e_support import run_cli
from test_speech import needs_espeak, wait_for
from window_driver import Driver, open_window

from accessible_dice import settings as config
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import settings as words
from accessible_dice.presentation.i18n import LANGUAGES, language
from accessible_dice.presentation.options import language_name
from accessible_dice.presentation.voices import NoSuchVoice
from accessible_dice.sound import SoundPlayer
from accessible_dice.speech import Speaker, VoiceSettings
from accessible_dice.speech.settings import offered, voice_for_language
from accessible_dice.ui.window.settings import SettingsMenu
from accessible_dice.utterance import Utterance

EN = language("en")
pytestmark = needs_espeak

#: A sentence that takes the voice a few seconds: long enough to look at the effects while it plays.
LONG = "The dice roll across the table, and every player waits to hear what they show. " * 3


@pytest.fixture
def speaker(dummy_mixer: None) -> Iterator[Speaker]:
    """The built-in voice (eSpeak NG) playing through the mixer on SDL's dummy driver, in an English game."""
    with Speaker("tts", settings=VoiceSettings(language="en")) as voice:
        yield voice


def engine(speaker: Speaker) -> dict[str, Any]:
    """The engine's own rate, volume, pitch and voice, read back on its thread (speech cut off: no waiting)."""
    speaker.silence()
    # The read waits behind what the voice's thread has to do first: seconds, on a busy machine.
    return speaker._backend.properties(limit=15.0)  # type: ignore[union-attr] - the built-in voice is speaking


def test_SR_06_the_voices_for_the_games_language_come_first(speaker: Speaker) -> None:
    voices = speaker.voices()
    english = [voice for voice in offered(voices, "en") if voice_for_language([voice], "en")]
    assert offered(voices, "en")[:len(english)] == tuple(english)
    assert english[0].id == "gmw/en" and len(english) > 3  # eSpeak NG's own English, then the regional ones
    assert [voice.id for voice in offered(voices, "nb")][:1] == ["gmq/nb"]
    assert len(offered(voices, "en")) == len(voices), "the other languages' voices follow: none is left out"


def test_SR_06_a_sentence_right_after_a_change_of_settings_is_spoken_in_full(speaker: Speaker) -> None:
    """A change leaves nothing queued in eSpeak NG, so the sentence after it has all its sound.

    (Once, the settings were still on eSpeak's queue when the sentence came:
    now and then it rendered empty, and the built-in voice was given up.)
    """
    from pyttsx3.drivers import _espeak

    backend: Any = speaker._backend

    def changes_then_sentences() -> list[tuple[int, bool]]:
        said = []
        for step in range(40):
            backend._apply(VoiceSettings(rate=150 + step, volume=1.0, pitch=40 + step, language="en"),
                           ("gmw/en", "gmw/en-us")[step % 2])
            busy = bool(_espeak.IsPlaying())
            said.append((Path(backend._render(f"Speech rate, slider, {150 + step}")).stat().st_size, busy))
        return said

    said = backend._worker.call(changes_then_sentences, 60.0)
    assert not any(busy for _, busy in said), "eSpeak NG still had settings to take when the sentence came"
    assert min(size for size, _ in said) > 20_000, "every sentence has its sound"
    assert speaker.backend == "tts"


def test_SR_06_the_window_steps_through_the_voices_and_each_choice_reaches_the_engine(
        speaker: Speaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESSIBLE_DICE_CONFIG", str(tmp_path / "config"))
    path = tmp_path / "config" / config.FILE_NAME
    driver = Driver(*open_window(voice=speaker, settings=config.Settings(), settings_path=path))
    try:
        _settings(driver, "voice")
        listed = [voice.id for voice in offered(speaker.voices(), "en")]
        driver.keys("right")
        window = driver.window
        assert window.prefs.settings.voice == listed[0] == "gmw/en"
        assert window.shown.last is not None
        assert window.shown.last.text.startswith("Voice, combo box, English (Great Britain)")
        driver.keys("right")
        assert window.prefs.settings.voice == listed[1]
        assert engine(speaker)["voice"] == listed[1], "the voice chosen speaks at once"
        driver.keys("left", "left")
        assert window.prefs.settings.voice == ""
        assert window.shown.last.text.startswith("Voice, combo box, Automatic")
        assert engine(speaker)["voice"] == "gmw/en", "automatic is the language's own voice"
        for key in ("speech-rate", "speech-pitch"):
            assert driver.top.focus.place(key)
            driver.keys("right")
        assert (window.prefs.settings.speech_rate, window.prefs.settings.speech_pitch) == (200, 60)
        assert engine(speaker)["rate"] == 200 and engine(speaker)["pitch"] == 60
        assert driver.top.focus.place("voice")
        driver.keys("return")
        assert window.shown.last.text.startswith("voice: automatic. Voices for English: 1 automatic, 2 English")
        driver.keys("backspace", "backspace", "backspace", "backspace")
        driver.type("3")
        driver.keys("return")
        assert window.prefs.settings.voice == listed[1], "Enter and a number, as in the terminal"
        kept = config.load(path).settings
        assert (kept.voice, kept.speech_rate, kept.speech_pitch) == (listed[1], 200, 60), "all saved"
    finally:
        pygame.display.quit()


def _settings(driver: Driver, key: str) -> None:
    driver.window.push(SettingsMenu(driver.window))
    driver.top.settled()
    assert driver.top.focus.place(key)


def test_SR_06_the_terminal_chooses_a_voice_by_number_or_name_and_the_engine_takes_it(speaker: Speaker) -> None:
    voices = speaker.voices()

    def follow(now: config.Settings) -> None:
        speaker.configure(VoiceSettings(rate=now.speech_rate, pitch=now.speech_pitch, voice=now.voice or None,
                                        language="en"))

    screen = SettingsScreen(EN, config.Settings(), on_change=follow, voices=speaker.voices)
    listed = offered(voices, "en")
    said = screen.command(["voice"]).text
    assert said.startswith(f"voice: automatic. Voices for English: 1 automatic, 2 {listed[0].name}, 3 ")
    assert "Czech" not in said and "voice all lists all" in said
    assert f"{len(voices) + 1} {listed[-1].name}." in screen.command(["voice", "all"]).text
    assert screen.command(["voice", "3"]).text == f"voice: {listed[1].name}."
    assert engine(speaker)["voice"] == listed[1].id
    screen.command(["voice", "czech"])
    assert screen.settings.voice == "zlw/cs" and engine(speaker)["voice"] == "zlw/cs"
    screen.command(["speech-rate", "150"])
    screen.command(["speech-pitch", "30"])
    assert engine(speaker) == {"rate": 150, "volume": 1.0, "pitch": 30, "voice": "zlw/cs"}
    with pytest.raises(NoSuchVoice):
        screen.command(["voice", "Nonesuch"])
    assert screen.settings.voice == "zlw/cs", "a refusal changes nothing"


def test_SR_06_the_terminal_says_the_voices_through_the_real_command_line(tmp_path: Path) -> None:
    """Settings (2 in the main menu), ``voice``, ``voice 2``: the engine's English voice, kept in the file."""
    result = run_cli(["--ui", "console", "--speech", "tts", "--lang", "en"], ["2", "voice", "voice 2", "", "q"],
                     tmp_path)
    assert any(line.startswith("voice: automatic. Voices for English: 1 automatic, 2 English (Great Britain)")
               for line in result.lines), result.lines
    assert "voice: English (Great Britain)." in result.lines
    assert config.load(tmp_path / "config" / config.FILE_NAME).settings.voice == "gmw/en"


def test_SR_06_a_saved_voice_that_is_not_installed_is_said_and_the_languages_voice_speaks(
        dummy_mixer: None) -> None:
    heard: list[str] = []
    with Speaker("tts", settings=VoiceSettings(voice="gone/away", language="de"),
                 on_voice=lambda utterance, started: started and heard.append(utterance.text)) as speaker:
        assert wait_for(lambda: heard)
        assert engine(speaker)["voice"] == "gmw/de"
    assert heard[0] == "The saved voice gone/away is not installed; the language's own voice speaks instead."
    # A voice's name, typed while a screen reader spoke (no list to check it against), is that voice.
    with Speaker("tts", settings=VoiceSettings(voice="czech", language="de")) as speaker:
        assert engine(speaker)["voice"] == "zlw/cs"


def test_SR_12_each_language_in_the_language_list_is_spoken_by_a_voice_of_that_language(
        speaker: Speaker, monkeypatch: pytest.MonkeyPatch) -> None:
    backend: Any = speaker._backend
    rendered: list[tuple[str, str]] = []
    render = backend._render

    def noted(text: str) -> str:  # the real rendering, with the engine's voice at that moment noted
        rendered.append((text, str(backend._engine.getProperty("voice"))))
        return render(text)

    monkeypatch.setattr(backend, "_render", noted)
    listing = words.one("language", config.Settings(), EN)
    speaker.speak(listing)
    assert wait_for(lambda: any(text.startswith("suomi") for text, _ in rendered), 10)
    speaker.silence()
    voices = {voice.id: voice for voice in speaker.voices()}
    for code in LANGUAGES:
        name = language_name(code)
        used = voices[next(voice for text, voice in rendered if text.startswith(name))]
        assert voice_for_language([used], code), f"{name} was said by {used.name}"
    assert rendered[0] == ("language is auto; it can be auto, ", "gmw/en"), "the rest in the game's voice"
    assert engine(speaker)["voice"] == "gmw/en", "the game's voice again afterwards"


def test_SR_12_the_windows_language_item_marks_each_language_in_its_own(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESSIBLE_DICE_CONFIG", str(tmp_path / "config"))
    driver = Driver(*open_window(settings=config.Settings(), settings_path=tmp_path / "config" / config.FILE_NAME))
    try:
        _settings(driver, "language")
        heard = []
        for _ in LANGUAGES:
            driver.keys("right")
            assert driver.spy.last is not None
            heard.append([piece for piece in driver.spy.last.pieces() if piece[1] is not None])
        assert heard == [[(language_name(code)[:1].upper() + language_name(code)[1:], code)] for code in LANGUAGES]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("setting", "share"), [("lowered", 0.3), ("muted", 0.0), ("normal", 1.0)])
def test_SR_13_effects_follow_the_sound_during_speech_setting_while_the_voice_speaks(
        dummy_mixer: None, setting: str, share: float) -> None:
    """The real voice speaking on the real mixer: the effects' loudness steps back and returns.

    (How a lowered loudness reaches a cue already playing is heard on SDL's
    disk driver in test_sound::test_SR_13_effects_step_back_while_speech_plays.)
    """
    cues = SoundPlayer()
    cues.follow(config.Settings(sound_during_speech=setting))
    before = cues.gain()
    with Speaker("tts", settings=VoiceSettings(language="en"),
                 on_voice=lambda utterance, speaking: setattr(cues, "ducked", speaking)) as speaker:
        speaker.speak(Utterance(LONG))
        assert wait_for(speaker.is_speaking)
        during = cues.gain()
        speaker.silence()
        assert wait_for(lambda: not cues.ducked)
    after = cues.gain()
    cues.close()
    assert before == 1.0
    assert during == pytest.approx(share)
    assert after == 1.0


def test_SR_12_the_terminal_writes_each_language_in_its_own_through_the_real_command_line(tmp_path: Path) -> None:
    """With text lines, a Czech game's language list names every language in its own words."""
    result = run_cli(["--ui", "console", "--speech", "text", "--lang", "cs"], ["2", "jazyk", "", "q"], tmp_path)
    assert ("Nastavení jazyk: automaticky; může být automaticky, English, čeština, Deutsch, norsk bokmål, svenska, "
            "dansk nebo suomi. Jazyk řeči a textu, od příštího spuštění.") in result.lines
