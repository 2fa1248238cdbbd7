"""The Speaker and its backends, tested with real parts where the machine has them.

eSpeak NG really renders speech; pygame really plays it (SDL's ``disk``
driver writes what was played to a file, in subprocesses, so timing and
loudness can be measured); accessible_output2 really looks for NVDA and
JAWS. Fakes stand in only for what a test machine cannot have: a running
NVDA. Real speech-dispatcher and BRLTTY daemons are in test_speech_daemons.py.
"""

from __future__ import annotations

import array
import io
import json
import math
import os
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

import pytest

from accessible_dice import audio
from accessible_dice.speech import Silenced, Speaker, SpeechSpy, VoiceSettings
from accessible_dice.speech.backend import Backend, BackendUnavailable, FailureHandler, TextBackend
from accessible_dice.speech.screenreader import (
    AccessibleOutput,
    ScreenReaderBackend,
    find_screen_reader,
    running_screen_reader,
)
from accessible_dice.speech.settings import VoiceInfo, voice_for_language
from accessible_dice.speech.tts import TtsBackend
from accessible_dice.utterance import Utterance

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent


def _espeak_present() -> bool:
    """Whether libespeak-ng loads, exactly as pyttsx3 loads it."""
    try:
        import pyttsx3.drivers._espeak  # noqa: F401 - loading the library is the question
    except (RuntimeError, OSError):
        return False
    return True


needs_espeak = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and _espeak_present()),
    reason="libespeak-ng is not installed (the built-in voice here is not eSpeak NG)",
)
#: ``auto`` takes a screen reader that really runs here (Orca, NVDA, VoiceOver): these tests expect none.
no_speechd = pytest.mark.skipif(running_screen_reader() is not None, reason="a screen reader is running here")


def U(text: str, interrupt: bool = False) -> Utterance:  # short: read like the dataclass
    return Utterance(text, interrupt=interrupt)


def wait_for(condition, limit: float = 15.0) -> bool:
    """Whether ``condition`` came true within ``limit`` seconds.

    Every caller waits for something that must come (no caller expects it
    not to), so the limit only bounds a failure: it is long because a busy CI
    machine takes seconds to start a voice and render its first words.
    """
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


# --- the speech spy (for tests of other layers) -------------------------------------------


def test_spy_records_interrupt_flags_and_silences_in_order() -> None:
    """SR-04 and SR-05: the flag on each utterance and the stop key are visible to tests."""
    spy = SpeechSpy()
    spy.speak(U("Seven shut."))
    spy.speak(U("Help: roll with R.", interrupt=True))
    spy.silence()
    spy.speak(U("Seven shut."))
    assert spy.texts == ["Seven shut.", "Help: roll with R.", "Seven shut."]
    assert [u.interrupt for u in spy.utterances] == [False, True, False]
    assert isinstance(spy.log[2], Silenced)
    assert spy.last == U("Seven shut.")


def test_spy_is_not_a_backend_choice() -> None:
    with pytest.raises(ValueError, match="spy"):
        Speaker("spy")


# --- text and none ---------------------------------------------------------------------------


def test_text_prints_exactly_one_line_per_utterance() -> None:
    out = io.StringIO()
    speaker = Speaker("text", stream=out)
    speaker.speak(U("Seven shut."))
    speaker.speak(U("Anna's turn.\nThrow the dice.", interrupt=True))
    speaker.speak(U("   "))  # a cue without words prints nothing
    speaker.speak(U("3, 4 a 5"))
    speaker.close()
    assert out.getvalue() == "Seven shut.\nAnna's turn. Throw the dice.\n3, 4 a 5\n"


def test_none_says_nothing_and_reports_itself() -> None:
    speaker = Speaker("none")
    speaker.speak(U("Seven shut."))
    speaker.silence()
    assert speaker.backend == "none" and not speaker.is_speaking()
    speaker.close()


# --- falling back ----------------------------------------------------------------------------


class Breaks(Backend):
    """Works for ``good`` utterances, then raises as a dying engine would."""

    name = "breaks"
    good = 1

    def __init__(self) -> None:
        self.said: list[str] = []

    def start(self, on_failure: FailureHandler) -> None:
        pass

    def label(self, gettext) -> str:
        return "breaks"

    def speak(self, utterance: Utterance) -> None:
        if len(self.said) >= self.good:
            raise OSError("the synthesizer went away")
        self.said.append(utterance.text)


class NeverStarts(Breaks):
    name = "never"

    def start(self, on_failure: FailureHandler) -> None:
        raise BackendUnavailable("not on this machine")


def test_a_backend_that_raises_at_run_time_falls_back_to_the_next_and_the_game_goes_on() -> None:
    out = io.StringIO()
    first = Breaks()
    speaker = Speaker.with_backends([lambda: first, lambda: TextBackend(out)])
    speaker.speak(U("Seven shut."))
    speaker.speak(U("Anna's turn."))  # the backend breaks here
    speaker.speak(U("4 and 2."))
    assert wait_for(lambda: out.getvalue().count("\n") == 3)
    speaker.speak(U("Six shut."))
    speaker.close()
    assert first.said == ["Seven shut."]
    # Which output failed is said, in the player's language (see the translation test below).
    assert out.getvalue().splitlines() == ["Breaks stopped working. Speech: text lines.", "Anna's turn.", "4 and 2.",
                                           "Six shut."]
    assert speaker.backend == "none"  # closed


def test_a_chosen_backend_that_does_not_work_says_what_speaks_instead() -> None:
    out = io.StringIO()
    speaker = Speaker.with_backends([NeverStarts, lambda: TextBackend(out)])
    speaker.speak(U("Seven shut."))
    assert speaker.backend == "text"
    assert out.getvalue().splitlines() == ["Speech: text lines.", "Seven shut."]


def test_the_announcement_is_translated() -> None:
    out = io.StringIO()
    czech = {"Speech: {output}.": "Řeč: {output}.", "text lines": "řádky textu"}
    Speaker.with_backends([lambda: TextBackend(out)], gettext=lambda m: czech.get(m, m), always_announce=True)
    assert out.getvalue() == "Řeč: řádky textu.\n"


# --- the screen reader -----------------------------------------------------------------------


class FakeNVDA:
    """Records what reached it, like NVDA's controller client would."""

    name = "NVDA"
    priority = 100
    system_output = False
    active_checks = 0
    calls: ClassVar[list[tuple[str, Any]]] = []

    def is_active(self) -> bool:
        FakeNVDA.active_checks += 1
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", (text, interrupt)))

    def braille(self, text: str) -> None:
        self.calls.append(("braille", text))

    def silence(self) -> None:
        self.calls.append(("silence", None))

    def close(self) -> None:
        self.calls.append(("close", None))


class FakeSapi(FakeNVDA):
    """A synthesizer, not a screen reader: the screenreader backend must leave it to tts."""

    name = "sapi5"
    priority = 101
    system_output = True


def test_accessible_output2_imports_and_finds_no_screen_reader_here_without_printing(capsys) -> None:
    """The real library, on a machine without NVDA or JAWS: "not working", and stdout stays clean."""
    import accessible_output2.outputs  # noqa: F401 - importing is part of the test

    with pytest.raises(BackendUnavailable, match="no screen reader"):
        find_screen_reader("win32")
    assert capsys.readouterr().out == ""


@pytest.fixture
def fake_outputs(monkeypatch: pytest.MonkeyPatch):
    """Stand-ins for accessible_output2's output classes (macOS uses VoiceOver instead)."""
    import accessible_output2

    if sys.platform == "darwin":
        pytest.skip("on macOS the screen reader is VoiceOver, reached through osascript")

    def install(*classes: type) -> None:
        monkeypatch.setattr(accessible_output2, "get_output_classes", lambda: list(classes))

    # accessible_output2 is the Windows path; Linux speaks to Speech Dispatcher itself.

    FakeNVDA.calls = []
    FakeNVDA.active_checks = 0
    return install


def test_screen_reader_gets_speech_and_braille_and_is_detected_only_once(fake_outputs) -> None:
    fake_outputs(FakeSapi, FakeNVDA)
    backend = ScreenReaderBackend("win32")
    backend.start(lambda lost, error: None)
    assert backend.label(lambda m: m) == "NVDA"
    calls = FakeNVDA.calls
    for text in ("Seven shut.", "Anna's turn."):
        backend.speak(U(text))
    assert wait_for(lambda: len(calls) == 4)
    backend.speak(U("Help.", interrupt=True))
    assert wait_for(lambda: len(calls) == 6)
    backend.silence()
    assert wait_for(lambda: len(calls) == 7)
    backend.close()
    assert calls == [
        ("speak", ("Seven shut.", False)),
        ("braille", "Seven shut."),
        ("speak", ("Anna's turn.", False)),
        ("braille", "Anna's turn."),
        ("speak", ("Help.", True)),
        ("braille", "Help."),
        ("silence", None),
        ("close", None),  # the speech-dispatcher client, for one, must be closed
    ]
    assert FakeNVDA.active_checks == 1, "detect the screen reader once at start, never per message"


def test_synthesizers_are_not_screen_readers(fake_outputs) -> None:
    fake_outputs(FakeSapi)
    with pytest.raises(BackendUnavailable):
        find_screen_reader("win32")


def test_an_output_without_silence_is_stopped_by_speaking_nothing_with_interrupt() -> None:
    """JAWS and System Access have no silence() in accessible_output2."""
    said: list[tuple[str, bool]] = []

    class Jaws:
        name = "jaws"

        def speak(self, text: str, interrupt: bool = False) -> None:
            said.append((text, interrupt))

        def braille(self, text: str) -> None:
            pass

    reader = AccessibleOutput(Jaws())
    reader.silence()
    assert reader.name == "JAWS" and said == [("", True)]


# --- choosing a voice for a language ---------------------------------------------------------


def test_voice_for_language_prefers_exact_then_regional_then_the_shortest_tag() -> None:
    voices = [
        VoiceInfo("a", "English (Caribbean)", ("en-029",)),
        VoiceInfo("b", "English (Great Britain)", ("en-gb",)),
        VoiceInfo("c", "Microsoft Jakub", ("cs-CZ",)),
        VoiceInfo("d", "Nora", ("no_NO",)),
        VoiceInfo("e", "Alva", ("sv-SE",)),
        VoiceInfo("f", "Klara", ("sv",)),
    ]
    assert voice_for_language(voices, "en") == voices[1]
    assert voice_for_language(voices, "cs") == voices[2]
    assert voice_for_language(voices, "nb") == voices[3]  # Bokmål's voice may be labelled "no"
    assert voice_for_language(voices, "sv") == voices[5]
    assert voice_for_language(voices, "sv_SE") == voices[4]
    assert voice_for_language(voices, "fi") is None


# --- the built-in voice, in this process (SDL's dummy driver) -----------------------------------


@pytest.fixture
def voice(dummy_mixer):
    backend = TtsBackend()
    backend.start(lambda lost, error: None)
    yield backend
    backend.close()


@needs_espeak
@pytest.mark.parametrize("language", ["cs", "de", "nb", "sv", "da", "fi", "en"])
def test_SR_12_each_game_language_has_an_espeak_voice_that_speaks_it(voice: TtsBackend, language: str) -> None:
    """SR-12: the built-in voice switches to a voice for the game's language."""
    assert voice.configure(VoiceSettings(language=language))
    chosen = voice.properties()["voice"]
    spoken = next(v for v in voice.voices() if v.id == chosen)
    assert any(lang.split("-")[0] == language for lang in spoken.languages)


@needs_espeak
def test_SR_06_voice_settings_round_trip_to_the_engine(voice: TtsBackend) -> None:
    """SR-06: rate, volume, pitch and voice reach the engine's own properties."""
    voice.configure(VoiceSettings(rate=150, volume=0.5, pitch=30, voice="gmq/nb"))
    assert voice.properties() == {"rate": 150, "volume": 0.5, "pitch": 30, "voice": "gmq/nb"}


@needs_espeak
@pytest.mark.usefixtures("dummy_mixer")
def test_the_first_sentences_after_a_start_are_never_rendered_empty() -> None:
    """pyttsx3 cancelled the sentence after its first when eSpeak NG was still busy as the voice started.

    The empty sentence then ended the built-in voice: about one start in ten
    went over to text lines. Each start here renders its first three sentences.
    """
    for start in range(40):
        backend = TtsBackend()
        backend.start(lambda lost, error: None)
        try:
            for sentence in ("Anna threw 3 and 4.", "Shut flap 7.", "Ben's turn."):
                assert backend._worker is not None
                path = backend._worker.call(partial(backend._render, sentence), 10.0)
                assert os.path.getsize(path) > 1000, f"start {start}: {sentence!r} came out empty"
        finally:
            backend.close()


@needs_espeak
def test_espeak_ng_is_told_the_true_size_of_each_sentence(voice: TtsBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    """pyttsx3 told it ten times the size, and eSpeak NG read that far past the text: now and then a crash."""
    from pyttsx3.drivers import _espeak

    told: list[tuple[bytes, int]] = []
    real = _espeak.cSynth

    def synth(text: bytes, size: int, *rest: Any) -> int:
        told.append((text, size))
        return real(text, size, *rest)

    monkeypatch.setattr(_espeak, "cSynth", synth)
    sentence = "Anna würfelt 3 und 4.".encode()
    assert voice._worker is not None
    path = voice._worker.call(partial(voice._render, sentence.decode()), 10.0)
    assert os.path.getsize(path) > 1000
    assert told == [(sentence, len(sentence) + 1)], "its bytes and the terminating NUL, no more"


@needs_espeak
@pytest.mark.usefixtures("dummy_mixer")
def test_a_language_without_a_voice_is_reported_aloud() -> None:
    """At start and on a change of settings; the language is named in its own words."""
    heard: list[str] = []
    speaker = Speaker(
        "tts",
        settings=VoiceSettings(language="xx"),
        on_voice=lambda u, started: started and heard.append(u.text),
    )
    try:
        assert wait_for(lambda: heard)
        assert heard[0] == "The built-in voice cannot speak xx."
        assert speaker.configure(VoiceSettings(language="cs"))
        speaker.silence()
        assert not speaker.configure(VoiceSettings(language="se"))  # Northern Sami: eSpeak NG has none
        # Behind the two voice changes on the voice's thread: on a busy machine that is more than a moment.
        assert wait_for(lambda: len(heard) == 2, limit=15.0)
        assert heard[1] == "The built-in voice cannot speak davvisámegiella."
    finally:
        speaker.close()


@needs_espeak
@pytest.mark.usefixtures("dummy_mixer")
def test_the_built_in_voice_failing_at_run_time_hands_over_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mixer refuses a rendered sound mid-game: text takes over, with what was not yet said."""
    import pygame

    out = io.StringIO()
    playing = threading.Event()
    speaker = Speaker("tts", stream=out, on_voice=lambda u, started: started and playing.set())
    real_sound = pygame.mixer.Sound

    def broken_sound(*args):
        raise pygame.error("mixer not initialised")

    try:
        speaker.speak(U("Go."))
        assert playing.wait(3)
        monkeypatch.setattr(pygame.mixer, "Sound", broken_sound)
        speaker.speak(U("Anna's turn."))
        speaker.speak(U("4 and 2."))
        assert wait_for(lambda: out.getvalue().count("\n") >= 3, limit=5)
        speaker.speak(U("Six shut."))
        assert out.getvalue().splitlines() == ["Built-in voice stopped working. Speech: text lines.", "Anna's turn.",
                                               "4 and 2.", "Six shut."]
        assert speaker.backend == "text"
    finally:
        monkeypatch.setattr(pygame.mixer, "Sound", real_sound)
        speaker.close()


# --- the built-in voice really playing (subprocesses with SDL's disk driver) ------------------

LONG = (
    "Shut the Box. Anna throws 4 and 3. Seven can be shut, or 4 and 3, or 6 and 1, or 5 and 2. "
    "Anna shuts seven. Ben throws 6 and 6. Twelve cannot be shut. Ben's turn ends."
)


def playback_scenario(name: str) -> None:
    """Run in a subprocess under SDL's disk driver: speak, then print timings as JSON.

    Times are seconds after the mixer opened, which is where the disk file starts.
    """
    import pygame

    assert audio.ensure_mixer()
    opened = time.monotonic()
    events: list[tuple[float, str, bool]] = []
    marks: dict[str, float] = {}

    def now() -> float:
        return time.monotonic() - opened

    speaker = Speaker("tts", on_voice=lambda u, started: events.append((now(), u.text, started)))

    def finished(text: str) -> bool:
        return (text, False) in [(t, s) for _, t, s in events]

    def begun(text: str) -> bool:
        return (text, True) in [(t, s) for _, t, s in events]

    if name == "sentence":
        speaker.speak(U("Seven shut. Anna's turn."))
        assert wait_for(lambda: finished("Seven shut. Anna's turn."), 8)
    elif name == "queue":
        for text in ("Three.", "Four and five.", "Anna's turn."):
            speaker.speak(U(text))
        assert wait_for(lambda: finished("Anna's turn."), 10)
    elif name == "interrupt":
        speaker.speak(U(LONG))
        speaker.speak(U("This queued sentence is cut off too."))
        assert wait_for(lambda: begun(LONG), 5)
        time.sleep(0.4)
        marks["interrupt"] = now()
        speaker.speak(U("Help.", interrupt=True))
        assert wait_for(lambda: begun("Help."), 5)
        time.sleep(0.15)
        marks["silence"] = now()
        speaker.silence()
        marks["speaking_after_silence"] = float(speaker.is_speaking())
        time.sleep(0.6)
    marks["end"] = now()
    speaker.close()
    frequency, size, channels = pygame.mixer.get_init()
    print(json.dumps({"events": events, "marks": marks, "format": [frequency, size, channels]}))


def loud_windows(raw: bytes, frequency: int, channels: int, window: float = 0.01) -> list[tuple[float, float]]:
    """(start time, RMS) of each window of the played audio that is clearly not silent."""
    samples = array.array("h", raw)
    step = int(frequency * window) * channels
    loud = []
    for i in range(0, len(samples) - step, step):
        chunk = samples[i : i + step]
        rms = math.sqrt(sum(s * s for s in chunk) / len(chunk))
        if rms > 300:  # about 1 % of full scale
            loud.append((i / channels / frequency, rms))
    return loud


AUTO_WITHOUT_AUDIO = """
import logging, sys, time
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
from accessible_dice.speech import Speaker
from accessible_dice.utterance import Utterance
start = time.monotonic()
speaker = Speaker("auto")
print("chose", speaker.backend, round(time.monotonic() - start, 2), file=sys.stderr)
speaker.speak(Utterance("Seven shut."))
speaker.speak(Utterance("Anna's turn.", interrupt=True))
speaker.close()
"""

AUTO_WITH_AUDIO = """
import time
from accessible_dice.speech import Speaker
start = time.monotonic()
spoken = []
speaker = Speaker("auto", on_voice=lambda u, started: spoken.append(u.text))
seconds = round(time.monotonic() - start, 2)
backend = speaker.backend
time.sleep(0.3)
speaker.close()
print(backend, seconds, spoken[:1])
"""

@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every subprocess scenario, started side by side so the file stays quick.

    Each answers ``{"returncode", "stdout", "stderr"}``; the playback ones (SDL's
    disk driver) add their JSON report and the loud windows of what was played.
    """
    folder = tmp_path_factory.mktemp("speech")
    path = os.pathsep.join([str(ROOT), str(TESTS)])
    scenarios: dict[str, tuple[str, dict[str, str]]] = {
        "auto_without_audio": (AUTO_WITHOUT_AUDIO, {"SDL_AUDIODRIVER": "no_such_driver"}),
        "auto_with_audio": (AUTO_WITH_AUDIO, {"SDL_AUDIODRIVER": "dummy"}),
    }
    if sys.platform.startswith("linux") and _espeak_present():
        for name in ("sentence", "queue", "interrupt"):
            code = f"import test_speech; test_speech.playback_scenario({name!r})"
            env = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(folder / f"{name}.raw")}
            scenarios[name] = (code, env)
    started = {
        name: subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": path, **env},
        )
        for name, (code, env) in scenarios.items()
    }
    results: dict[str, Any] = {}
    for name, process in started.items():
        out, err = process.communicate(timeout=30)
        results[name] = {"returncode": process.returncode, "stdout": out, "stderr": err}
        raw = folder / f"{name}.raw"
        if process.returncode == 0 and raw.exists():
            # Only the JSON report on stdout: pyttsx3's "Audio saved to ..." lines were caught.
            report = json.loads(out)
            frequency, _, channels = report["format"]
            results[name].update(report, loud=loud_windows(raw.read_bytes(), frequency, channels))
    return results


@pytest.fixture
def playback(runs: dict[str, Any]) -> dict[str, Any]:
    if "sentence" not in runs:
        pytest.skip("libespeak-ng is not installed")
    for name in ("sentence", "queue", "interrupt"):
        assert runs[name]["returncode"] == 0, runs[name]["stderr"]
    return runs


@no_speechd
def test_SR_14_auto_falls_back_quickly_without_a_screen_reader_and_keeps_stdout_clean(runs) -> None:
    """Real accessible_output2 and pyttsx3; no audio device, so the built-in voice cannot play: text it is."""
    result = runs["auto_without_audio"]
    assert result["returncode"] == 0, result["stderr"]
    assert result["stdout"].splitlines() == ["Speech: text lines.", "Seven shut.", "Anna's turn."]
    chose = next(line for line in result["stderr"].splitlines() if line.startswith("chose")).split()
    assert chose[1] == "text" and float(chose[2]) < 3.0
    # Why the screen reader is not used is in the log.
    assert "screenreader is not working" in result["stderr"]


@no_speechd
@needs_espeak
def test_auto_chooses_the_built_in_voice_when_there_is_audio_and_says_so(runs) -> None:
    result = runs["auto_with_audio"]
    assert result["returncode"] == 0, result["stderr"]
    backend, seconds, heard = result["stdout"].split(maxsplit=2)
    assert backend == "tts" and float(seconds) < 3.0
    assert heard.strip() == "['Speech: built-in voice.']"


def test_espeak_really_renders_a_sentence_that_is_heard_for_a_plausible_time(playback) -> None:
    loud = playback["sentence"]["loud"]
    assert loud, "nothing audible was played"
    heard = loud[-1][0] - loud[0][0]
    assert 0.5 < heard < 4.0
    assert max(rms for _, rms in loud) > 2000


def test_queued_utterances_are_all_spoken_in_order_one_after_another(playback) -> None:
    events = [(text, started) for _, text, started in playback["queue"]["events"]]
    assert events == [
        ("Three.", True),
        ("Three.", False),
        ("Four and five.", True),
        ("Four and five.", False),
        ("Anna's turn.", True),
        ("Anna's turn.", False),
    ]
    loud = playback["queue"]["loud"]
    assert loud[-1][0] - loud[0][0] > 1.0  # three utterances, not one


def test_interrupt_and_silence_stop_the_voice_at_once(playback) -> None:
    report = playback["interrupt"]
    marks, events = report["marks"], report["events"]
    stopped_long = next(t for t, text, started in events if text == LONG and not started)
    assert stopped_long - marks["interrupt"] < 0.15
    assert not any(text == "This queued sentence is cut off too." for _, text, _ in events)
    assert marks["speaking_after_silence"] == 0.0
    # The audio itself: the long sentence (several seconds) is cut, and nothing plays after silence().
    last_loud = report["loud"][-1][0]
    assert last_loud < marks["silence"] + 0.25
    assert last_loud < 2.5


@needs_espeak
def test_SR_01_the_goodbye_is_heard_before_the_terminal_closes(tmp_path: Path) -> None:
    """Item 1 of issue 12: "Game saved. Goodbye." was never played (the queue was thrown away at close).

    The built-in voice plays through SDL's disk driver, which writes in real
    time; ``quit`` is typed once the opening has been heard, and what was
    played after that moment must hold the goodbye: about a second of speech.
    """
    raw = tmp_path / "played.raw"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw),
           "ACCESSIBLE_DICE_DATA": str(tmp_path / "data"), "ACCESSIBLE_DICE_CONFIG": str(tmp_path / "config"),
           "LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": str(tmp_path)}
    game = subprocess.Popen([sys.executable, "-m", "accessible_dice", "--ui", "console", "--speech", "tts",
                             "--game", "shut-the-box", "--players", "Anna", "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    frame = 44100 * 2 * 2  # bytes a second: s16, stereo, the mixer's format

    def opening_heard() -> bool:
        played = raw.read_bytes() if raw.exists() else b""
        loud = loud_windows(played, 44100, 2)
        return bool(loud) and len(played) / frame > loud[-1][0] + 1.0

    try:
        assert wait_for(opening_heard, limit=20)
        quit_at = raw.stat().st_size / frame
        out, err = game.communicate("quit\n", timeout=30)
    finally:
        game.kill()
    assert game.returncode == 0, err
    assert out.splitlines()[-1] == "Goodbye."  # nothing was played, so nothing was saved
    after = [start for start, _ in loud_windows(raw.read_bytes(), 44100, 2) if start > quit_at]
    assert after, "nothing was played after quit"
    # "Goodbye." lasts about half a second in eSpeak NG, its first syllable under a quarter.
    assert after[-1] - after[0] > 0.35, "the whole goodbye was played, not its first syllable"
