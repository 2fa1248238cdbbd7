"""Speech and braille on Linux's real parts: Speech Dispatcher and BRLTTY, started by the tests.

Each test starts its own daemons in its own folders (:mod:`daemons`): Debian's
``speech-dispatcher`` with its eSpeak NG module (ALSA's file plugin keeps what
it played; its log at level 5 keeps every message and its language), and
``brltty`` with its virtual display driver, the test being the display. The
game runs through its real command line where a player would see a
difference. Skipped only where a daemon's program is not installed.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TypeVar

import pytest
from daemons import BRLTTY, SPEECHD, Brltty, SpeechDispatcherDaemon, start_brltty, start_speech_dispatcher, wait_until

from accessible_dice.presentation.i18n import language
from accessible_dice.speech import Speaker
from accessible_dice.speech.backend import BackendUnavailable, TextBackend
from accessible_dice.speech.braille import BrlttyDisplay, windows
from accessible_dice.speech.screenreader import (
    CONNECT_LIMIT,
    ScreenReaderBackend,
    SpeechDispatcher,
    running_screen_reader,
)
from accessible_dice.speech.settings import VoiceSettings
from accessible_dice.speech.system import system_module
from accessible_dice.utterance import Utterance, in_language

ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")
CS = language("cs")

needs_speechd = pytest.mark.skipif(SPEECHD is None, reason="speech-dispatcher is not installed")
needs_brltty = pytest.mark.skipif(BRLTTY is None, reason="brltty is not installed")


def _module_present(name: str) -> bool:
    try:
        system_module(name)
    except ImportError:
        return False
    return True


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Speech Dispatcher and BRLTTY are Linux's")
needs_client = pytest.mark.skipif(not _module_present("speechd"), reason="python3-speechd is not installed")
needs_brlapi = pytest.mark.skipif(not _module_present("brlapi"), reason="python3-brlapi is not installed")


def _started(program: str | None, start: Callable[[Path], AbstractContextManager[T]], folder: Path,
             monkeypatch: pytest.MonkeyPatch) -> Iterator[T]:
    """A daemon running for one test, which this process's clients find (and the game's, given its ``env``)."""
    if program is None:
        pytest.skip(f"{start.__name__}: its program is not installed")
    with start(folder) as daemon:
        for name, value in daemon.env.items():  # type: ignore[attr-defined]
            monkeypatch.setenv(name, value)
        yield daemon


@pytest.fixture
def dispatcher(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpeechDispatcherDaemon]:
    yield from _started(SPEECHD, start_speech_dispatcher, tmp_path / "speechd", monkeypatch)


@pytest.fixture
def brltty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Brltty]:
    """BRLTTY with the test as its braille display."""
    yield from _started(BRLTTY, start_brltty, tmp_path / "brltty", monkeypatch)


def _game_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A player's own folders, no locale of ours, and no screen reader or display but the ones given."""
    env = {**os.environ, "ACCESSIBLE_DICE_DATA": str(tmp_path / "data"),
           "ACCESSIBLE_DICE_CONFIG": str(tmp_path / "config"), "PYTHONPATH": str(ROOT), "TERM": "dumb",
           "LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8",
           "XDG_RUNTIME_DIR": str(tmp_path / "no-runtime"), "SDL_AUDIODRIVER": "dummy", **extra}
    for name in ("BRLAPI_HOST", "BRLAPI_AUTH", "SPEECHD_ADDRESS"):
        if name not in extra:
            env.pop(name, None)
    return env


def _console(tmp_path: Path, args: list[str], typed: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "accessible_dice", "--ui", "console", *args],
                          input="".join(f"{line}\n" for line in typed), capture_output=True, text=True,
                          encoding="utf-8", env=_game_env(tmp_path, **env), timeout=60)


# --- speech-dispatcher: language, priority, no daemon of our own ---------------------------------------


@needs_speechd
@needs_client
def test_SR_01_SR_12_the_terminal_goodbye_reaches_speech_dispatcher_in_czech(dispatcher: SpeechDispatcherDaemon,
                                                                   tmp_path: Path) -> None:
    """Item 1 and 2: "Hra uložena. Na shledanou." queued at the daemon, every message with language cs."""
    # Anna types quit once she has heard her throw, as a player does: typed at once, quit's interrupting
    # goodbye may rightly cut the throw before the daemon has it.
    program = subprocess.Popen([sys.executable, "-m", "accessible_dice", "--ui", "console", "--speech", "screenreader",
                                "--lang", "cs", "--game", "shut-the-box", "--players", "Anna,cpu1", "--seed", "1"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               encoding="utf-8", env=_game_env(tmp_path, **dispatcher.env))
    assert program.stdin is not None
    program.stdin.write("r\n")
    program.stdin.flush()
    assert wait_until(lambda: len(dispatcher.queued()) >= 2, limit=30)
    stdout, stderr = program.communicate("quit\n", timeout=60)
    done = subprocess.CompletedProcess(program.args, program.returncode, stdout, stderr)
    assert done.returncode == 0, done.stderr
    goodbye = CS._("Game saved. Goodbye.")
    assert done.stdout.splitlines()[-1] == goodbye
    assert wait_until(lambda: goodbye in dispatcher.queued())
    # Every printed line reached the daemon, in order, the goodbye last.
    assert [" ".join(text.split()) for text in dispatcher.queued()] == done.stdout.splitlines()
    assert set(dispatcher.languages()) == {"cs"}, "every message is spoken by the Czech voice"
    assert "SET self PRIORITY message" in dispatcher.log
    assert dispatcher.audio.stat().st_size > 0, "the eSpeak NG module played them"


@needs_client
def test_SR_14_GN_06_without_a_running_daemon_none_is_started_and_auto_moves_on(tmp_path: Path) -> None:
    """Item 2: no autospawn: no daemon process, no socket, and the next output speaks."""
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    os.environ["XDG_RUNTIME_DIR"], before = str(runtime), os.environ.get("XDG_RUNTIME_DIR")
    try:
        out = io.StringIO()
        start = time.monotonic()
        speaker = Speaker.with_backends([ScreenReaderBackend, lambda: TextBackend(out)], always_announce=True)
        took = time.monotonic() - start
        speaker.close()
    finally:
        if before is None:
            del os.environ["XDG_RUNTIME_DIR"]
        else:
            os.environ["XDG_RUNTIME_DIR"] = before
    assert out.getvalue().splitlines() == ["Speech: text lines."]
    assert took < CONNECT_LIMIT, "refused at once, not waited for"
    assert not list(runtime.rglob("*")), "no speech-dispatcher was started for us"


@needs_speechd
@needs_client
def test_a_stopped_daemon_is_replaced_within_a_second_and_no_answer_is_lost(
        dispatcher: SpeechDispatcherDaemon) -> None:
    """Item 3: the daemon freezes mid-game; the answers asked for meanwhile come from the next output."""
    out = io.StringIO()
    czech = {"{failed} stopped working. Speech: {output}.": "{failed} přestal fungovat. Řeč: {output}.",
             "text lines": "řádky textu"}
    speaker = Speaker.with_backends([ScreenReaderBackend, lambda: TextBackend(out)],
                                    gettext=lambda m: czech.get(m, m))
    try:
        assert speaker.backend == "screenreader"
        speaker.speak(Utterance("Šance: Anna a cpu1."))
        assert wait_until(lambda: "Šance: Anna a cpu1." in dispatcher.queued())
        dispatcher.stop()
        asked = time.monotonic()
        speaker.speak(Utterance("Kostky: 2 a 5.", interrupt=True))
        speaker.speak(Utterance("Hraje Anna."))
        assert wait_until(lambda: "Hraje Anna." in out.getvalue(), limit=5)
        took = time.monotonic() - asked
    finally:
        speaker.close()
    assert out.getvalue().splitlines() == ["Speech Dispatcher přestal fungovat. Řeč: řádky textu.",
                                           "Kostky: 2 a 5.", "Hraje Anna."]
    assert took < 1.0, f"replaced after {took:.2f} s"


@needs_speechd
@needs_client
def test_speech_dispatcher_knows_when_our_words_are_spoken(dispatcher: SpeechDispatcherDaemon) -> None:
    """``drain`` waits for the daemon's END of our last message (the goodbye is heard, not only sent)."""
    reader = SpeechDispatcher.connect()
    try:
        reader.set_language("de")
        reader.say("Spiel gespeichert. Auf Wiedersehen.", interrupt=False)
        assert wait_until(lambda: not reader.is_speaking())
    finally:
        reader.close()
    assert dispatcher.queued() == ["Spiel gespeichert. Auf Wiedersehen."]
    assert dispatcher.languages() == ["de"]


@needs_speechd
@needs_client
def test_SR_14_GN_06_the_window_auto_speaks_through_a_daemon_only_while_orca_runs(
        dispatcher: SpeechDispatcherDaemon) -> None:
    """A daemon left running without a screen reader (it may have no sound): auto takes the next output."""
    assert running_screen_reader() is None
    out = io.StringIO()
    speaker = Speaker.with_backends([lambda: ScreenReaderBackend(only_with_orca=True), lambda: TextBackend(out)])
    speaker.close()
    assert speaker.backend == "none" and out.getvalue() == "Speech: text lines.\n"
    assert dispatcher.queued() == []


# --- the terminal with a screen reader running --------------------------------------------------


@pytest.fixture
def orca(tmp_path: Path) -> Iterator[None]:
    """A process called ``orca`` (a copy of ``sleep``): what the terminal looks for, and nothing more."""
    sleep = shutil.which("sleep")
    assert sleep is not None
    program = tmp_path / "bin" / "orca"
    program.parent.mkdir()
    shutil.copy(sleep, program)
    process = subprocess.Popen([str(program), "60"])
    try:
        assert wait_until(lambda: running_screen_reader() == "Orca")
        yield
    finally:
        process.kill()
        process.wait()


@needs_speechd
def test_the_terminal_with_a_screen_reader_running_prints_each_line_once_and_speaks_nothing(
        orca: None, dispatcher: SpeechDispatcherDaemon, tmp_path: Path) -> None:
    """Item 4: auto is text: Orca reads the lines; nothing goes to Speech Dispatcher or the built-in voice."""
    game = ["--lang", "cs", "--game", "shut-the-box", "--players", "Anna,cpu1", "--seed", "1"]
    typed = ["r", "d", "quit"]
    auto = _console(tmp_path / "auto", ["--speech", "auto", *game], typed, **dispatcher.env)
    text = _console(tmp_path / "text", ["--speech", "text", *game], typed, **dispatcher.env)
    assert auto.returncode == 0 and text.returncode == 0, auto.stderr
    assert auto.stdout.splitlines() == [CS._("Speech: {output}.").format(output=CS._("text lines")),
                                        *text.stdout.splitlines()]
    assert "speech: using text" in auto.stderr or "speech: using text" in _log(tmp_path / "auto")
    assert dispatcher.queued() == [], "the screen reader is not spoken to: it reads the printed lines"


def _log(tmp_path: Path) -> str:
    log = tmp_path / "data" / "accessible-dice.log"
    return log.read_text(encoding="utf-8") if log.exists() else ""


def test_without_a_screen_reader_the_terminal_auto_is_the_built_in_voice(tmp_path: Path) -> None:
    assert running_screen_reader() is None, "a real screen reader runs on this machine"
    done = _console(tmp_path, ["--speech", "auto", "--game", "shut-the-box", "--players", "Anna", "--seed", "1"],
                    ["quit"])
    assert done.returncode == 0, done.stderr
    assert "speech: using tts" in _log(tmp_path), "the built-in voice speaks; the lines are printed as well"
    assert done.stdout.splitlines()[-1] == "Goodbye.", "nothing was played yet, so nothing was saved"


# --- braille through BRLTTY -----------------------------------------------------------------------


def test_a_long_text_is_cut_at_spaces_into_display_windows() -> None:
    assert windows("Šance: Anna a cpu1. Hraje Anna.", 12) == ["Šance: Anna", "a cpu1.", "Hraje Anna."]
    assert windows("Nejdelšíslovonasvětě je", 8) == ["Nejdelší", "slovonas", "větě je"]
    assert all(len(piece) <= 20 for piece in windows("word " * 30, 20))


@pytest.fixture
def display(brltty: Brltty, request: pytest.FixtureRequest) -> Iterator[BrlttyDisplay]:
    """The game's braille output connected to BRLTTY, in the mode a test parametrizes (``on`` if none)."""
    connected = BrlttyDisplay(getattr(request, "param", "on"))
    connected.start()
    yield connected
    connected.close()


@needs_brltty
@needs_brlapi
def test_braille_is_shown_on_the_display_and_panned_with_its_keys(brltty: Brltty, display: BrlttyDisplay) -> None:
    shown = brltty.display.shown
    assert display.width == 40
    text = "Šance: Anna a cpu1. Hraje Anna. Hoď kostkami klávesou R, nebo napiš nápovědu."
    display.show(Utterance(text))
    first, second, _third = windows(text, 40)
    assert wait_until(lambda: shown[-1] == first)
    brltty.display.send("FWINRT")  # the display's "window forward" key
    assert wait_until(lambda: shown[-1] == second)
    brltty.display.send("FWINLT")
    assert wait_until(lambda: shown[-1] == first)


@needs_brltty
@needs_brlapi
@pytest.mark.parametrize("display", ["focus"], indirect=True)
def test_braille_focus_shows_only_what_the_player_asked_for(brltty: Brltty, display: BrlttyDisplay) -> None:
    shown = brltty.display.shown
    display.show(Utterance("Flap 7, open", interrupt=True))
    assert wait_until(lambda: shown[-1] == "Flap 7, open")
    display.show(Utterance("Ben threw 3 and 4."))  # the game's news: spoken, not brailled
    display.show(Utterance("Flap 8, shut", interrupt=True))
    assert wait_until(lambda: shown[-1] == "Flap 8, shut")
    assert "Ben threw 3 and 4." not in shown


@needs_brlapi
def test_without_brltty_there_is_no_braille_and_no_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRLAPI_HOST", "127.0.0.1:397")  # nobody listens there
    start = time.monotonic()
    with pytest.raises(BackendUnavailable, match="BRLTTY is not running"):
        BrlttyDisplay("on").start()
    assert time.monotonic() - start < 1.6


# --- the done-when: a whole game in Czech, in the window, spoken and brailled ----------------------------

#: The window through its command line, every computer player's step at the fast pace; when the game is
#: over the window closes the way its "close" action does (terminal.goodbye, then the loop ends).
WHOLE_GAME = """
import sys
from accessible_dice import cli
from accessible_dice.ui.window import Window
from accessible_dice.ui.window.game import GameScreen

tick = Window.tick

def tick_until_over(self):
    changed = tick(self)
    top = self.top
    if isinstance(top, GameScreen) and top.game.is_over() and not self.voice.is_speaking():
        top.exit()  # what the actions menu's close does once confirmed
    return changed

Window.tick = tick_until_over
sys.exit(cli.main(["--ui", "window", "--lang", "cs", "--game", "shut-the-box", "--players", "cpu1,cpu2",
                   "--speech", "auto", "--seed", "3"]))
"""


@needs_speechd
@needs_client
@needs_brltty
@needs_brlapi
def test_SR_12_SR_14_a_whole_czech_game_in_the_window_is_spoken_in_czech_and_shown_in_braille(
        orca: None, dispatcher: SpeechDispatcherDaemon, brltty: Brltty, tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text('computer-pace = "fast"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", WHOLE_GAME], capture_output=True, text=True, timeout=240,
                          env=_game_env(tmp_path, SDL_VIDEODRIVER="dummy", **dispatcher.env, **brltty.env))
    assert done.returncode == 0, done.stderr
    goodbye = CS._("Goodbye.")
    queued = dispatcher.queued()
    assert queued[0] == CS._("Speech: {output}.").format(output="Speech Dispatcher")
    assert queued[-1] == goodbye, "the goodbye reached the daemon before the window closed"
    assert len(queued) > 10, "a whole game was spoken"
    assert set(dispatcher.languages()) == {"cs"}
    shown = brltty.display.shown
    assert wait_until(lambda: shown[-1] == goodbye or goodbye in shown)
    # What the display showed is what was said: the first window of an announcement, each time. (An
    # interrupting answer may drop announcements still queued for speech, which were brailled already.)
    said_first = {windows(text, 40)[0] for text in queued}
    assert len([piece for piece in shown if piece in said_first]) >= 5
    assert all(len(piece) <= 40 for piece in shown)


@needs_speechd
@needs_client
def test_SR_12_SR_13_speech_dispatcher_says_a_language_in_its_own_and_tells_when_our_words_play(
        dispatcher: SpeechDispatcherDaemon) -> None:
    """A language's name in a Czech sentence goes to the daemon in its language; the listener (the sound
    effects' lowering) hears when our words start and when the last has ended."""
    told: list[bool] = []
    backend = ScreenReaderBackend("linux", on_voice=lambda _utterance, speaking: told.append(speaking))
    backend.start(lambda lost, error: None)
    try:
        backend.configure(VoiceSettings(language="cs"))
        backend.speak(in_language(Utterance("Jazyk: English. Hraje Anna."), "English", "en"))
        assert wait_until(lambda: told == [True, False], limit=10), told
    finally:
        backend.close()
    assert dispatcher.queued() == ["Jazyk: ", "English", ". Hraje Anna."]
    assert dispatcher.languages() == ["cs", "en", "cs"]
