"""The ``screenreader`` backend: speech and braille through the player's own screen reader.

Through accessible_output2 we reach NVDA, JAWS, System Access, Dolphin, ZDSR
and the others on Windows, and speech-dispatcher (Orca's speech) on Linux; on
macOS we talk to VoiceOver with AppleScript ourselves. The traps this module
avoids, each real (see docs/speech.md):

- ``Auto.output()`` sends no braille and ``Auto`` has no ``silence()``; it
  also asks every output "are you running?" on every message. So we find the
  active output ONCE, at start, and call its ``speak``, ``braille`` and
  ``silence`` ourselves.
- Without the ``speechd`` client accessible_output2 prints "Cannot find
  Speech Dispatcher..." to standard output, which ``--speech text`` owns: its
  prints are caught (:mod:`accessible_dice.speech.quiet`).
- A stuck speech-dispatcher daemon makes the next connection hang: we connect
  on the worker thread and give up after :data:`CONNECT_LIMIT`; later, a call
  that hangs for :data:`ANSWER_LIMIT` counts as a failure.
- The speech-dispatcher client must be closed at exit, or old ``speechd``
  versions keep the program from ending: ``close`` does it on the worker
  thread (the :class:`Speaker` calls it at exit at the latest).
- accessible_output2's VoiceOver output (appscript) is broken: we run
  ``osascript`` when the player allows AppleScript control of VoiceOver, and
  otherwise report "not working" so ``auto`` takes the built-in voice
  (pyttsx3's NSSpeechSynthesizer driver).

SAPI5 and eSpeak outputs are speech synthesizers, not screen readers: they
are left to the ``tts`` backend, which can also set rate and volume.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from functools import partial
from typing import Any, Protocol

from accessible_dice.errors import Translate
from accessible_dice.speech.backend import Backend, BackendUnavailable, FailureHandler
from accessible_dice.speech.quiet import PrintCatcher, catch_prints
from accessible_dice.speech.worker import Job, Worker
from accessible_dice.utterance import Utterance

#: Seconds to find and connect to the screen reader before ``auto`` moves on.
CONNECT_LIMIT = 1.5
#: Seconds one call may hang before the screen reader counts as failed.
ANSWER_LIMIT = 3.0
#: Seconds an ``osascript`` call may take.
OSASCRIPT_LIMIT = 5.0

#: Names to say, where accessible_output2's own are not what players call them.
_NAMES = {"Jaws": "JAWS", "SpeechDispatcher": "Speech Dispatcher"}


class ScreenReader(Protocol):
    """A connected screen reader, used only from the worker thread."""

    name: str

    def say(self, text: str, interrupt: bool) -> None: ...
    def silence(self) -> None: ...
    def is_speaking(self) -> bool: ...
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
            # JAWS and System Access have no silence(); speaking nothing with interrupt stops them.
            self._output.speak("", interrupt=True)

    def is_speaking(self) -> bool:
        is_speaking = getattr(self._output, "is_speaking", None)
        return bool(is_speaking()) if is_speaking is not None else False

    def close(self) -> None:
        close = getattr(self._output, "close", None)
        if close is not None:
            close()


def _osascript(*lines: str, args: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    command = ["osascript"]
    for line in lines:
        command += ["-e", line]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=OSASCRIPT_LIMIT, check=False)


class VoiceOverScript:
    """VoiceOver on macOS, through AppleScript's ``output`` command.

    The text goes as an argument, never pasted into the script, so quotes in
    a player's name cannot break (or inject into) the AppleScript.
    """

    name = "VoiceOver"
    _SAY = ("on run argv", 'tell application "VoiceOver" to output (item 1 of argv)', "end run")

    @classmethod
    def connect(cls) -> VoiceOverScript:
        # pgrep, not `tell application`: telling VoiceOver anything would start it.
        running = subprocess.run(["pgrep", "-x", "VoiceOver"], capture_output=True, check=False)
        if running.returncode != 0:
            raise BackendUnavailable("VoiceOver is not running")
        if _osascript('tell application "VoiceOver" to get bounds of vo cursor').returncode != 0:
            raise BackendUnavailable(
                "VoiceOver does not allow AppleScript control "
                "(VoiceOver Utility, General: allow VoiceOver to be controlled with AppleScript)"
            )
        return cls()

    def say(self, text: str, interrupt: bool) -> None:
        # VoiceOver's `output` always cuts off what it was saying; it has no queue for us.
        result = _osascript(*self._SAY, args=(text,))
        if result.returncode != 0:
            raise RuntimeError(f"osascript: {result.stderr.strip()}")

    def silence(self) -> None:
        _osascript('tell application "VoiceOver" to output ""')

    def is_speaking(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing stays open between ``osascript`` runs."""


def _is_screen_reader(output_class: Any) -> bool:
    """Screen readers have priority 100 or less; SAPI and eSpeak (101, 102) are synthesizers."""
    return (
        not output_class.system_output
        and output_class.priority <= 100
        and output_class.__name__ != "VoiceOver"  # broken; see VoiceOverScript
    )


def find_screen_reader() -> ScreenReader:
    """The running screen reader, or :class:`BackendUnavailable` saying why there is none."""
    if sys.platform == "darwin":
        return VoiceOverScript.connect()
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


class ScreenReaderBackend(Backend):
    """Speech and braille through the screen reader found at start."""

    name = "screenreader"

    def __init__(self) -> None:
        self._reader: ScreenReader | None = None
        self._worker: Worker | None = None

    def start(self, on_failure: FailureHandler) -> None:
        self._worker = Worker("speech-screenreader", self._connect, self._disconnect, on_failure)
        self._worker.start(CONNECT_LIMIT)

    def _connect(self) -> None:
        self._reader = find_screen_reader()

    def _disconnect(self) -> None:
        if self._reader is not None:
            self._reader.close()

    def label(self, gettext: Translate) -> str:
        return self._reader.name if self._reader is not None else ""

    def _connected(self) -> tuple[Worker, ScreenReader]:
        if self._worker is None or self._reader is None:
            raise RuntimeError("the screen reader is not connected")
        if self._worker.busy_for() > ANSWER_LIMIT:
            raise TimeoutError(f"the screen reader has not answered for {ANSWER_LIMIT:g} s")
        return self._worker, self._reader

    def speak(self, utterance: Utterance) -> None:
        worker, reader = self._connected()
        if utterance.interrupt:
            worker.clear()
        worker.post(Job(partial(reader.say, utterance.text, utterance.interrupt), utterance))

    def silence(self) -> None:
        worker, reader = self._connected()
        worker.clear()
        worker.post(Job(reader.silence))

    def is_speaking(self) -> bool:
        return self._reader is not None and self._reader.is_speaking()

    def close(self) -> list[Utterance]:
        if self._worker is None:
            return []
        unsaid = self._worker.close()
        self._worker.join()
        return unsaid
