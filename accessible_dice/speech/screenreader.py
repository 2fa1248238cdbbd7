"""The ``screenreader`` backend: speech and braille through the player's own screen reader.

Through accessible_output2 we reach NVDA, JAWS, ZDSR and PC-Talker on
Windows; on Linux we speak to Speech Dispatcher (Orca's speech) with its own
client; on macOS we talk to VoiceOver with AppleScript ourselves. The traps
this module avoids, each real (see docs/speech.md):

- ``Auto.output()`` sends no braille and ``Auto`` has no ``silence()``; it
  also asks every output "are you running?" on every message. So we find the
  active output ONCE, at start, and call its ``speak``, ``braille`` and
  ``silence`` ourselves.
- accessible_output2's Speech Dispatcher output starts a daemon of its own
  when none runs (autospawn), one that often has no audio, never tells the
  daemon the game's language, and prints "Cannot find Speech Dispatcher..."
  to standard output. :class:`SpeechDispatcher` connects only to a daemon
  that is already running (Orca's), sets the language with every change and
  speaks at SSIP's ``message`` priority, which Orca's own ``text`` speech
  does not cancel.
- A stuck daemon makes the next connection hang: we connect on the worker
  thread and give up after :data:`CONNECT_LIMIT`; later, a call that takes
  longer than the reader's answer limit fails the reader at once (the
  worker's watchdog), and what it was saying goes to the next backend.
- The speech-dispatcher client must be closed at exit: ``close`` does it on
  the worker thread (the :class:`Speaker` calls it at exit at the latest).
- accessible_output2's VoiceOver output (appscript) is broken: we run
  ``osascript`` when the player allows AppleScript control of VoiceOver, and
  otherwise report "not working" so ``auto`` takes the built-in voice.
  VoiceOver's ``output`` cuts off what it is saying, so lines queued close
  together are joined into one, and each is given time to be heard.

SAPI5 and eSpeak outputs are speech synthesizers, not screen readers: they
are left to the ``tts`` backend, which can also set rate and volume.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from accessible_dice import threads
from accessible_dice.errors import Translate
from accessible_dice.speech.backend import Backend, BackendUnavailable, FailureHandler, VoiceListener, tell
from accessible_dice.speech.quiet import PrintCatcher, catch_prints
from accessible_dice.speech.settings import VoiceSettings
from accessible_dice.speech.system import system_module
from accessible_dice.speech.worker import Job, Worker
from accessible_dice.utterance import Utterance

#: Seconds to find and connect to the screen reader before ``auto`` moves on (imports not counted).
CONNECT_LIMIT = 1.5
#: Seconds one call into a screen reader may take before it counts as hung.
ANSWER_LIMIT = 3.0
#: Speech Dispatcher answers every SSIP command within milliseconds; a stopped daemon never does.
SPEECHD_ANSWER_LIMIT = 0.5
#: Seconds, and characters a second at the slowest speech, within which a message sent has surely been spoken.
SPEECHD_LONGEST, SPEECHD_SLOWEST = 2.0, 8.0
#: Seconds an ``osascript`` call may take.
OSASCRIPT_LIMIT = 5.0
#: Seconds the player has to answer macOS's "allow control of VoiceOver?" prompt at the first start.
PERMISSION_LIMIT = 60.0
#: How fast VoiceOver is assumed to speak, to give each line its time before the next: characters a second.
VOICEOVER_PACE = 14.0

#: Names to say, where accessible_output2's own are not what players call them.
_NAMES = {"Jaws": "JAWS"}

#: The screen readers looked for once at start, by their process names (lower case), per system.
SCREEN_READER_PROCESSES = {
    "win32": {"nvda.exe": "NVDA", "jfw.exe": "JAWS", "narrator.exe": "Narrator"},
    "darwin": {"voiceover": "VoiceOver"},
    "linux": {"orca": "Orca"},
}


class ScreenReader(Protocol):
    """A connected screen reader, used only from the worker thread."""

    name: str

    def say(self, text: str, interrupt: bool) -> None: ...
    def silence(self) -> None: ...
    def is_speaking(self) -> bool: ...
    def set_language(self, code: str) -> None: ...
    def close(self) -> None: ...


class AccessibleOutput:
    """One accessible_output2 output, called directly: speech, braille and silence."""

    def __init__(self, output: Any) -> None:
        self._output = output
        self.name = _NAMES.get(type(output).__name__, output.name)

    def say(self, text: str, interrupt: bool) -> None:
        self._output.speak(text, interrupt=interrupt)
        # Braille too: Auto.output() would not, and a braille user reads the game there.
        self._output.braille(text)

    def silence(self) -> None:
        silence = getattr(self._output, "silence", None)
        if silence is not None:
            silence()
        else:
            # JAWS has no silence(); speaking nothing with interrupt stops it.
            self._output.speak("", interrupt=True)

    def is_speaking(self) -> bool:
        is_speaking = getattr(self._output, "is_speaking", None)
        return bool(is_speaking()) if is_speaking is not None else False

    def set_language(self, code: str) -> None:
        """NVDA and JAWS speak in the language their user set; we do not change it."""

    def close(self) -> None:
        close = getattr(self._output, "close", None)
        if close is not None:
            close()


class SpeechDispatcher:
    """Orca's Speech Dispatcher, through its own client (Debian's ``python3-speechd``).

    Only a daemon that is already running is used (``autospawn=False``): a
    daemon started by us would be one nobody configured, often without audio.
    The game's announcements go at SSIP's ``message`` priority, so Orca's own
    ``text`` speech does not cancel them while they queue; ``CANCEL`` (our
    interrupt and stop key) only ever cancels our own messages.
    """

    name = "Speech Dispatcher"

    def __init__(self, client: Any, speechd: Any) -> None:
        self._client = client
        self._speechd = speechd
        self._lock = threading.Lock()
        #: Messages sent and not yet ended or cancelled, with the time by which they will have been.
        self._pending: dict[int, float] = {}
        #: Told ``True`` when our first message starts and ``False`` when the last has ended (SR-13's lowering).
        self.on_speaking: Callable[[bool], None] | None = None

    @classmethod
    def connect(cls) -> SpeechDispatcher:
        try:
            speechd = system_module("speechd")
        except ImportError as error:
            raise BackendUnavailable(f"the speech-dispatcher client cannot be used: {error}") from error
        try:
            client = speechd.SSIPClient("accessible_dice", autospawn=False)
        except Exception as error:  # no daemon running: not ours to start
            raise BackendUnavailable(f"no speech-dispatcher is running ({error})") from error
        client.set_priority(speechd.Priority.MESSAGE)
        return cls(client, speechd)

    def say(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.silence()
        kinds = self._speechd.CallbackType
        message: list[int] = []  # filled in once the daemon answers the message's id
        result = self._client.speak(text, callback=lambda kind, **_: self._ended(message),
                                    event_types=(kinds.END, kinds.CANCEL))
        message.append(int(result[2][0]))
        longest = SPEECHD_LONGEST + len(text) / SPEECHD_SLOWEST
        with self._lock:
            began = not self._pending
            # The client registers the callback after the daemon's answer, so an END that came first is lost:
            # a message is counted as spoken at the latest when it has had time enough to be.
            self._pending[message[0]] = time.monotonic() + longest
        if began:
            self._tell(True)
        expiry = threading.Timer(longest, self._ended, ([],))  # a lost END ends the lowering too
        expiry.daemon = True
        threads.start(expiry)

    def _ended(self, message: list[int]) -> None:
        """The daemon's END or CANCEL for one of our messages (on the client's own thread), or a message's time
        up (``[]``, on a timer's)."""
        now = time.monotonic()
        with self._lock:
            was = bool(self._pending)
            if message:
                self._pending.pop(message[0], None)
            self._pending = {key: until for key, until in self._pending.items() if until > now}
            ended = was and not self._pending
        if ended:
            self._tell(False)

    def _tell(self, speaking: bool) -> None:
        if self.on_speaking is not None:
            self.on_speaking(speaking)

    def silence(self) -> None:
        self._client.cancel()
        with self._lock:
            was = bool(self._pending)
            self._pending.clear()
        if was:
            self._tell(False)

    def is_speaking(self) -> bool:
        now = time.monotonic()
        with self._lock:
            return any(until > now for until in self._pending.values())

    def set_language(self, code: str) -> None:
        self._client.set_language(code)

    def close(self) -> None:
        self._client.close()


def _osascript(*lines: str, args: tuple[str, ...] = (),
               limit: float = OSASCRIPT_LIMIT) -> subprocess.CompletedProcess[str]:
    command = ["osascript"]
    for line in lines:
        command += ["-e", line]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=limit, check=False)


def _process_running(name: str) -> bool:
    """``pgrep -x``: never ``tell application``, which would start VoiceOver."""
    return subprocess.run(["pgrep", "-x", name], capture_output=True, check=False).returncode == 0


class VoiceOverScript:
    """VoiceOver on macOS, through AppleScript's ``output`` command.

    The text goes as an argument, never pasted into the script, so quotes in
    a player's name cannot break (or inject into) the AppleScript.
    ``output`` cuts off whatever VoiceOver is saying and has no queue, so
    lines that queued up behind one another are joined into one ``output``,
    and each is given the time it takes to be heard (at
    :data:`VOICEOVER_PACE`) before the next may start: a computer's turn
    arriving as three lines within 63 ms is heard whole.
    """

    name = "VoiceOver"
    _SAY = ("on run argv", 'tell application "VoiceOver" to output (item 1 of argv)', "end run")

    def __init__(self) -> None:
        #: Set to end the wait for a line to be heard (an interrupt or the stop key).
        self.cut = threading.Event()

    @classmethod
    def connect(cls) -> VoiceOverScript:
        if not _process_running("VoiceOver"):
            raise BackendUnavailable("VoiceOver is not running")
        # At the first start macOS asks whether this program may control VoiceOver; osascript waits
        # for the answer (the start waits up to PERMISSION_LIMIT, so no second voice talks meanwhile).
        if _osascript('tell application "VoiceOver" to get bounds of vo cursor',
                      limit=PERMISSION_LIMIT).returncode != 0:
            raise BackendUnavailable(
                "VoiceOver does not allow AppleScript control "
                "(VoiceOver Utility, General: allow VoiceOver to be controlled with AppleScript)"
            )
        return cls()

    def say(self, text: str, interrupt: bool) -> None:
        self.cut.clear()
        result = _osascript(*self._SAY, args=(text,))
        if result.returncode != 0:
            raise RuntimeError(f"osascript: {result.stderr.strip()}")

    def heard(self, text: str) -> None:
        """Wait while VoiceOver says ``text`` (cut short by an interrupt or the stop key)."""
        self.cut.wait(len(text) / VOICEOVER_PACE)

    def silence(self) -> None:
        _osascript('tell application "VoiceOver" to output ""')

    def is_speaking(self) -> bool:
        return False

    def set_language(self, code: str) -> None:
        """VoiceOver speaks in its user's voice; AppleScript cannot change it."""

    def close(self) -> None:
        """Nothing stays open between ``osascript`` runs."""


def _is_screen_reader(output_class: Any) -> bool:
    """Screen readers have priority 100 or less; SAPI and eSpeak (101, 102) are synthesizers.

    Not: VoiceOver (broken, see :class:`VoiceOverScript`), Speech Dispatcher
    (see :class:`SpeechDispatcher`), and System Access and Dolphin, which
    accessible_output2 0.17 can never detect (System Access's output uses a
    ``self.dll`` that does not exist; both ship only a 32-bit library).
    """
    return (
        not output_class.system_output
        and output_class.priority <= 100
        and output_class.__name__ not in ("VoiceOver", "SpeechDispatcher", "SystemAccess", "Dolphin")
    )


def prepare(platform: str = sys.platform) -> None:
    """Import the screen-reader libraries before the connection's clock starts.

    On Windows a cold start (pywin32, COM, antivirus scanning the DLLs) can
    take seconds, which must not count against :data:`CONNECT_LIMIT`.
    """
    if platform == "win32":
        with contextlib.suppress(Exception):  # a broken install is found again, and said, in find_screen_reader
            import accessible_output2.outputs  # noqa: F401


def find_screen_reader(platform: str = sys.platform) -> ScreenReader:
    """The running screen reader, or :class:`BackendUnavailable` saying why there is none.

    ``platform`` is ``sys.platform`` but for tests of another system's path.
    """
    if platform == "darwin":
        return VoiceOverScript.connect()
    if platform.startswith("linux"):
        return SpeechDispatcher.connect()
    try:
        import accessible_output2
        import accessible_output2.outputs as outputs
    except Exception as error:  # a broken install means "no screen reader"
        raise BackendUnavailable(f"accessible_output2 cannot be used: {error}") from error
    catchers: list[PrintCatcher] = [
        catch_prints(module) for module in vars(outputs).values() if hasattr(module, "output_class")
    ]
    for output_class in filter(_is_screen_reader, accessible_output2.get_output_classes()):
        try:
            output = output_class()
        except Exception:  # that screen reader is not installed; try the next
            continue
        try:
            active = output.is_active()
        except Exception:
            active = False
        if active:
            return AccessibleOutput(output)
        with contextlib.suppress(Exception):
            AccessibleOutput(output).close()
    said = "; ".join(line for catcher in catchers for line in catcher.lines)
    raise BackendUnavailable("no screen reader is running" + (f" ({said})" if said else ""))


def _linux_processes(proc: Path = Path("/proc")) -> set[str]:
    names = set()
    for comm in proc.glob("[0-9]*/comm"):
        with contextlib.suppress(OSError):
            names.add(comm.read_text(encoding="utf-8", errors="replace").strip().lower())
    return names


def _windows_processes() -> set[str]:
    listing = subprocess.run(["tasklist", "/fo", "csv", "/nh"], capture_output=True, text=True,
                             timeout=OSASCRIPT_LIMIT, check=False).stdout
    return {line.split(",")[0].strip('"').lower() for line in listing.splitlines() if line.strip()}


def running_screen_reader(platform: str = sys.platform) -> str | None:
    """The name of the screen reader running now (NVDA, JAWS, Narrator, VoiceOver, Orca), or ``None``.

    Asked once, at start, by the terminal front end, where a screen reader
    reads every printed line by itself. Processes are looked at, nothing is
    started or connected to; a look that fails counts as "none running".
    """
    wanted = SCREEN_READER_PROCESSES.get("linux" if platform.startswith("linux") else platform, {})
    try:
        if platform == "win32":
            running = _windows_processes()
        elif platform == "darwin":
            running = {name for name in wanted if _process_running("VoiceOver")}
        else:
            running = _linux_processes()
    except (OSError, subprocess.SubprocessError):
        return None
    return next((label for name, label in wanted.items() if name in running), None)


class ScreenReaderBackend(Backend):
    """Speech and braille through the screen reader found at start."""

    name = "screenreader"

    def __init__(self, platform: str = sys.platform, *, only_with_orca: bool = False,
                 on_voice: VoiceListener | None = None) -> None:
        """``platform`` is ``sys.platform`` but for tests of another system's path.

        ``on_voice`` is told when our words start and stop being spoken, where
        the reader lets us know (Speech Dispatcher; NVDA, JAWS and VoiceOver do
        not), so the sound effects can step back (SR-13).

        ``only_with_orca`` (``auto``): on Linux, speak through Speech Dispatcher
        only while Orca runs. A daemon left over from another program, with
        no screen reader, may have no sound; the built-in voice serves such a
        player better (and has rate keys). ``--speech screenreader`` uses any
        running daemon.
        """
        self._platform = platform
        self._only_with_orca = only_with_orca
        self._on_voice = on_voice
        #: The last utterance handed over, told to ``on_voice`` with the reader's start and stop.
        self._last = Utterance("")
        self._reader: ScreenReader | None = None
        self._worker: Worker | None = None
        #: The game's language, as last configured: what Speech Dispatcher returns to after another language.
        self._language: str | None = None

    def start(self, on_failure: FailureHandler) -> None:
        linux = self._platform.startswith("linux")
        if self._only_with_orca and linux and running_screen_reader(self._platform) is None:
            raise BackendUnavailable("Orca is not running")
        prepare(self._platform)
        # VoiceOver may be waiting for the player to allow AppleScript control: wait for the answer.
        voiceover = self._platform == "darwin" and _process_running("VoiceOver")
        # Seconds one call may take before the reader counts as hung.
        answer_limit = (SPEECHD_ANSWER_LIMIT if self._platform.startswith("linux")
                        else OSASCRIPT_LIMIT if self._platform == "darwin" else ANSWER_LIMIT)
        worker = Worker("speech-screenreader", self._connect, self._disconnect, on_failure, answer_limit=answer_limit)
        self._worker = worker
        worker.start(PERMISSION_LIMIT if voiceover else CONNECT_LIMIT)

    def _connect(self) -> None:
        self._reader = find_screen_reader(self._platform)
        if isinstance(self._reader, SpeechDispatcher):
            self._reader.on_speaking = self._tell

    def _tell(self, speaking: bool) -> None:
        tell(self._on_voice, self._last, speaking)

    def _disconnect(self) -> None:
        if self._reader is not None:
            self._reader.close()

    def label(self, gettext: Translate) -> str:
        return self._reader.name if self._reader is not None else ""

    def _connected(self) -> tuple[Worker, ScreenReader]:
        if self._worker is None or self._reader is None:
            raise RuntimeError("the screen reader is not connected")
        return self._worker, self._reader

    def speak(self, utterance: Utterance) -> None:
        worker, reader = self._connected()
        self._last = utterance
        if utterance.interrupt:
            worker.clear()
            self._cut(reader)
        if isinstance(reader, VoiceOverScript):
            worker.post(Job(partial(self._say_joined, worker, reader, utterance), utterance))
        elif isinstance(reader, SpeechDispatcher) and self._language and len(utterance.worded()) > 1:
            worker.post(Job(partial(self._say_in_languages, reader, utterance, self._language), utterance))
        else:
            worker.post(Job(partial(reader.say, utterance.text, utterance.interrupt), utterance))

    @staticmethod
    def _say_in_languages(reader: SpeechDispatcher, utterance: Utterance, own: str) -> None:
        """Speech Dispatcher: each piece in its own language (a language's name in the language list, SR-12),
        then the game's language again. NVDA, JAWS and VoiceOver take no language from us."""
        for index, (text, language) in enumerate(utterance.worded()):
            reader.set_language(language or own)
            reader.say(text, utterance.interrupt and index == 0)
        reader.set_language(own)

    @staticmethod
    def _say_joined(worker: Worker, reader: VoiceOverScript, utterance: Utterance) -> None:
        """VoiceOver: this line and every line queued behind it as one ``output``, then time to hear it."""
        following = worker.take_queued()
        text = " ".join([utterance.text, *(u.text for u in following)])
        reader.say(text, utterance.interrupt)
        worker.answered()
        reader.heard(text)

    @staticmethod
    def _cut(reader: ScreenReader) -> None:
        cut: threading.Event | None = getattr(reader, "cut", None)
        if cut is not None:
            cut.set()

    def silence(self) -> None:
        worker, reader = self._connected()
        worker.clear()
        self._cut(reader)
        worker.post(Job(reader.silence))

    def is_speaking(self) -> bool:
        return self._reader is not None and self._reader.is_speaking()

    def configure(self, settings: VoiceSettings) -> bool:
        """Tell the screen reader the game's language, where it takes one (Speech Dispatcher)."""
        if settings.language and self._worker is not None and self._reader is not None:
            self._language = settings.language
            self._worker.post(Job(partial(self._reader.set_language, settings.language)))
        return True

    def drain(self, limit: float) -> bool:
        return self._worker is not None and self._worker.drain(limit)

    def close(self) -> list[Utterance]:
        if self._worker is None:
            return []
        unsaid = self._worker.close()
        self._worker.join()
        return unsaid
