"""Other systems' paths and the window's speech notices, at the process boundary.

No Mac or Windows is here, so ``osascript``, ``pgrep`` and ``tasklist`` are
small programs on ``PATH`` that answer as those systems' own do (recorded
on macOS and Windows: ``output`` returns at once; the first ``get bounds of
vo cursor`` waits while the permission dialog is open; ``tasklist /fo csv
/nh`` prints one quoted CSV row per process). The game's code runs
unchanged above them.
"""

from __future__ import annotations

import io
import itertools
import os
import sys
import time
from pathlib import Path

import pytest
from daemons import wait_until as wait_for

from accessible_dice import audio
from accessible_dice.speech import Speaker
from accessible_dice.speech.notice import SilentSpeechNotice
from accessible_dice.speech.screenreader import VOICEOVER_PACE, ScreenReaderBackend, running_screen_reader
from accessible_dice.utterance import Utterance

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the stand-ins are shell scripts")

OSASCRIPT = """#!/bin/sh
# osascript as macOS answers it: writes down each call (time, then its arguments, one a line).
{ date +%s.%N; for a in "$@"; do printf '%s\\n' "$a"; done; echo --; } >> "$OSASCRIPT_LOG"
case "$*" in
  *"get bounds of vo cursor"*) sleep "${PERMISSION_DELAY:-0}"; echo "0, 0, 100, 100" ;;
esac
exit 0
"""
PGREP = """#!/bin/sh
[ "$2" = "VoiceOver" ] && exit 0
exit 1
"""
TASKLIST = """#!/bin/sh
printf '"System Idle Process","0","Services","0","8 K"\\r\\n'
printf '"explorer.exe","4120","Console","1","98,224 K"\\r\\n'
[ -n "$SCREEN_READER" ] && printf '"%s","5312","Console","1","61,040 K"\\r\\n' "$SCREEN_READER"
exit 0
"""


@pytest.fixture
def system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The stand-in programs first on PATH; answers the osascript log."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for name, script in (("osascript", OSASCRIPT), ("pgrep", PGREP), ("tasklist", TASKLIST)):
        (folder / name).write_text(script)
        (folder / name).chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    log = tmp_path / "osascript.log"
    monkeypatch.setenv("OSASCRIPT_LOG", str(log))
    return log


def _calls(log: Path) -> list[tuple[float, list[str]]]:
    if not log.exists():
        return []
    calls = []
    for block in log.read_text().split("--\n"):
        lines = block.splitlines()
        if lines:
            calls.append((float(lines[0]), lines[1:]))
    return calls


def _outputs(log: Path) -> list[tuple[float, str]]:
    """The texts VoiceOver was told to output, with when."""
    return [(at, args[-1]) for at, args in _calls(log) if "item 1 of argv" in " ".join(args)]


def test_voiceover_waits_for_the_permission_answer_instead_of_talking_over_it(system: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The first start: the dialog is open 2 s (longer than the 1.5 s connect limit); VoiceOver still speaks."""
    monkeypatch.setenv("PERMISSION_DELAY", "2")
    out = io.StringIO()
    from accessible_dice.speech.backend import TextBackend

    speaker = Speaker.with_backends([lambda: ScreenReaderBackend("darwin"), lambda: TextBackend(out)],
                                    always_announce=True)
    try:
        assert speaker.backend == "screenreader"
        assert out.getvalue() == "", "no second voice started meanwhile"
        assert wait_for(lambda: [text for _, text in _outputs(system)] == ["Speech: VoiceOver."])
    finally:
        speaker.close()


def test_voiceover_hears_every_line_joined_or_paced_never_cut(system: Path) -> None:
    """A computer's turn, three lines within 63 ms: nothing is cut off, each gets time to be heard."""
    backend = ScreenReaderBackend("darwin")
    backend.start(lambda lost, error: None)
    lines = ["Ben threw 3 and 4.", "Ben shut 7.", "Anna's turn."]
    try:
        for line in lines:
            backend.speak(Utterance(line))
            time.sleep(0.021)
        assert wait_for(lambda: " ".join(text for _, text in _outputs(system)) == " ".join(lines))
        outputs = _outputs(system)
        assert len(outputs) <= 2, "queued lines are joined into one output"
        for (at, text), (next_at, _) in itertools.pairwise(outputs):
            assert next_at - at >= len(text) / VOICEOVER_PACE * 0.9, "the next output waited until this was heard"
        # What the player asks for cuts in at once, also while a line is being given its time.
        backend.speak(Utterance("A long line that VoiceOver would take several seconds to say, " * 2))
        assert wait_for(lambda: len(_outputs(system)) == len(outputs) + 1)
        asked = time.time()
        backend.speak(Utterance("Help.", interrupt=True))
        assert wait_for(lambda: _outputs(system)[-1][1] == "Help.", limit=2)
        assert _outputs(system)[-1][0] - asked < 1.0
    finally:
        backend.close()


@pytest.mark.parametrize(("process", "named"), [("nvda.exe", "NVDA"), ("jfw.exe", "JAWS"),
                                                ("Narrator.exe", "Narrator"), ("", None)])
def test_windows_screen_readers_are_found_by_their_processes(system: Path, monkeypatch: pytest.MonkeyPatch,
                                                              process: str, named: str | None) -> None:
    monkeypatch.setenv("SCREEN_READER", process)
    assert running_screen_reader("win32") == named


def test_voiceover_running_is_found_with_pgrep(system: Path) -> None:
    assert running_screen_reader("darwin") == "VoiceOver"


# --- the window never falls silent without saying so ------------------------------------------------


def _espeak_present() -> bool:
    try:
        import pyttsx3.drivers._espeak  # noqa: F401 - loading the library is the question
    except (RuntimeError, OSError):
        return False
    return True


@pytest.mark.skipif(not (sys.platform.startswith("linux") and _espeak_present()), reason="needs eSpeak NG")
def test_with_no_voice_the_window_shows_it_and_keeps_trying_the_built_in_voice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No sound device: the notice appears once, with the invalid cue; the device comes back: the voice speaks."""
    audio.shutdown()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_driver")
    shown: list[Utterance] = []
    speaker = Speaker("tts", stream=io.StringIO())
    try:
        assert speaker.backend == "text"
        notice = SilentSpeechNotice(speaker, "tts", shown.append, lambda message: message)
        assert notice.tick(0.0)
        assert not notice.tick(1.0), "said once, not at every frame"
        assert len(shown) == 1 and shown[0].cues[0].name == "invalid"
        assert shown[0].text.startswith("Speech is not working")
        monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # a headset is plugged in
        clock = iter(range(10, 10_000, 10))  # the window's frames, each one retry apart
        assert wait_for(lambda: notice.tick(float(next(clock))) or speaker.backend == "tts", limit=10)
        assert wait_for(lambda: speaker.backend == "tts")
        assert not notice.tick(20_000.0)
    finally:
        speaker.close()
        audio.shutdown()


def test_a_player_who_chose_silence_is_not_told_about_it() -> None:
    shown: list[Utterance] = []
    speaker = Speaker("none")
    try:
        notice = SilentSpeechNotice(speaker, "none", shown.append, lambda message: message)
        assert not notice.tick(0.0) and shown == []
    finally:
        speaker.close()


def test_the_window_shows_in_large_text_that_no_voice_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 8 in the window itself: its message area shows the notice, marked as an alert, with the invalid cue."""
    from window_driver import open_driver

    from accessible_dice.speech.backend import TextBackend
    from accessible_dice.ui.window.menu import MainMenu

    drivers = open_driver(tmp_path, monkeypatch)
    driver = next(drivers)
    speaker = Speaker.with_backends([lambda: TextBackend(io.StringIO())])  # everything else failed
    try:
        window = driver.window
        window.push(MainMenu(window, manual=False, seed=1))
        window.speech_notice = SilentSpeechNotice(speaker, "auto", lambda said: window.say(said, remember=False),
                                                  window._)
        assert window.tick()
        view = window.view()
        assert view.answer is not None, "the notice is an answer, shown above the messages"
        assert view.answer.text.startswith("Speech is not working") and view.answer.alert
        assert driver.spy.last is not None and driver.spy.last.cues[0].name == "invalid"
    finally:
        speaker.close()
        next(drivers, None)
