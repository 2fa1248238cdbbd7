"""The one speech output of the game: :class:`Speaker`.

Everything the player hears as words goes through ``Speaker.speak``; which
backend carries it (``screenreader``, ``tts``, ``text``, ``none``) is chosen
once, at start. ``auto`` tries them in that order and says which it chose
("Speech: NVDA.", "Speech: built-in voice."). A backend that fails later is
replaced by the next one in the same order, the utterances it had not said
are handed over, and the player is told; the game never stops because speech
failed.

Utterances whose ``interrupt`` is set (what the player asked for) cut off
speech in progress; the others queue behind it, so nothing is swallowed.
``silence()`` is the stop key. Nothing here blocks the caller: slow engines
work on their own threads, and starting waits only a bounded time.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol, TextIO

from accessible_dice.errors import N_, Translate
from accessible_dice.speech.backend import Backend, BackendUnavailable, NoSpeech, TextBackend
from accessible_dice.speech.settings import VoiceInfo, VoiceSettings
from accessible_dice.speech.tts import VoiceListener
from accessible_dice.utterance import Utterance

log = logging.getLogger("accessible_dice.speech")

#: The ``--speech`` choices, ``auto`` first, then the backends in the order auto tries them.
CHOICES = ("auto", "screenreader", "tts", "text", "none")
ORDER = CHOICES[1:]

BackendFactory = Callable[[], Backend]


class SpeechOutput(Protocol):
    """What other layers need from a speaker: :class:`Speaker` and the test :class:`SpeechSpy`."""

    def speak(self, utterance: Utterance) -> None: ...
    def silence(self) -> None: ...
    def is_speaking(self) -> bool: ...
    def close(self) -> None: ...


def _language_name(code: str) -> str:
    """The language's name in that language ("čeština"), or the code if babel does not know it."""
    try:
        from babel import Locale

        return Locale.parse(code.replace("-", "_")).get_display_name() or code
    except Exception:  # an unknown code is still worth saying
        return code


class Speaker:
    """Speech output with interchangeable backends and fallback. Thread-safe."""

    def __init__(
        self,
        choice: str = "auto",
        *,
        settings: VoiceSettings | None = None,
        gettext: Translate = lambda message: message,
        stream: TextIO | None = None,
        on_voice: VoiceListener | None = None,
    ) -> None:
        """Choose and start a backend now (bounded in time).

        ``stream`` is where ``text`` writes (standard output by default);
        ``on_voice`` is told when the built-in voice starts and stops each
        utterance, e.g. so the sound layer can lower its cues (SR-13).
        """
        if choice not in CHOICES:
            raise ValueError(f"unknown speech output {choice!r}; expected one of {', '.join(CHOICES)}")
        from accessible_dice.speech.screenreader import ScreenReaderBackend
        from accessible_dice.speech.tts import TtsBackend

        factories: dict[str, BackendFactory] = {
            "screenreader": ScreenReaderBackend,
            "tts": lambda: TtsBackend(on_voice),
            "text": lambda: TextBackend(stream),
            "none": NoSpeech,
        }
        first = 0 if choice == "auto" else ORDER.index(choice)
        self._setup([factories[name] for name in ORDER[first:]], settings, gettext, always_announce=choice == "auto")

    @classmethod
    def with_backends(
        cls,
        factories: Sequence[BackendFactory],
        *,
        settings: VoiceSettings | None = None,
        gettext: Translate = lambda message: message,
        always_announce: bool = False,
    ) -> Speaker:
        """A speaker over the given backends, tried in order (for tests and embedding)."""
        speaker = cls.__new__(cls)
        speaker._setup(list(factories), settings, gettext, always_announce)
        return speaker

    def _setup(
        self,
        factories: list[BackendFactory],
        settings: VoiceSettings | None,
        gettext: Translate,
        always_announce: bool,
    ) -> None:
        self._gettext = gettext
        self._settings = settings or VoiceSettings()
        # Re-entrant: a backend failing inside speak() re-enters through _fail on the same thread.
        self._lock = threading.RLock()
        #: What was said while a failed backend was being replaced; said by the next one, in order.
        self._held: list[Utterance] = []
        self._closed = False
        # Closed at exit at the latest: the speech-dispatcher client must be, and the voice's files go.
        atexit.register(self.close)
        backend, self._next = self._start_first(factories)
        self._backend: Backend | None = backend
        # Say which output speaks when auto chose it, or when the one asked for did not work.
        fell_back = len(self._next) != len(factories) - 1
        with self._lock:
            self._begin(backend, announce=always_announce or fell_back)

    # -- the public API ---------------------------------------------------------------------

    @property
    def backend(self) -> str:
        """The name of the backend speaking now ("none" for the moment it takes to replace a failed one)."""
        with self._lock:
            return self._backend.name if self._backend is not None else "none"

    def speak(self, utterance: Utterance) -> None:
        """Say it now (``interrupt``) or after what is being said; never blocks."""
        if not utterance.text.strip():
            if utterance.interrupt:
                self.silence()  # a cue the player asked for still cuts the old speech off
            return
        with self._lock:
            if self._closed:
                return
            backend = self._backend
            if backend is None:
                if utterance.interrupt:
                    self._held.clear()
                self._held.append(utterance)
                return
            try:
                backend.speak(utterance)
            except Exception as error:  # the game goes on with the next backend
                self._fail(backend, [utterance], error)

    def silence(self) -> None:
        """Stop speaking now and forget everything queued (the stop key)."""
        with self._lock:
            self._held.clear()
            backend = self._backend
            if backend is None:
                return
            try:
                backend.silence()
            except Exception as error:
                self._fail(backend, [], error)

    def is_speaking(self) -> bool:
        """Whether words are being spoken now (known for the built-in voice and speech-dispatcher)."""
        backend = self._backend
        return backend is not None and backend.is_speaking()

    def configure(self, settings: VoiceSettings) -> bool:
        """Change the built-in voice's settings; ``False`` (and a spoken notice) if no voice speaks the language."""
        with self._lock:
            self._settings = settings
            backend = self._backend
            if backend is None:
                return True  # the replacement gets them when it starts
            found = backend.configure(settings)
            if not found:
                self._say_no_voice()
            return found

    def voices(self) -> tuple[VoiceInfo, ...]:
        """The built-in voice's voices, to choose from in settings (empty for other backends)."""
        backend = self._backend
        return backend.voices() if backend is not None else ()

    def close(self) -> None:
        """Stop speaking and release the engine (closes the speech-dispatcher client)."""
        atexit.unregister(self.close)
        with self._lock:
            self._closed = True
            backend, self._backend = self._backend, None
        if backend is not None:
            backend.close()

    def __enter__(self) -> Speaker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- choosing and replacing backends --------------------------------------------------

    def _start_first(self, factories: list[BackendFactory]) -> tuple[Backend, list[BackendFactory]]:
        """Start the first backend that works; answer it and the ones after it."""
        for index, factory in enumerate(factories):
            backend = factory()
            try:
                backend.start(partial(self._fail, backend))
            except BackendUnavailable as error:
                log.info("speech: %s is not working: %s", backend.name, error)
                continue
            except Exception:  # a broken backend is "not working", never a crash
                log.exception("speech: %s failed to start", backend.name)
                continue
            log.info("speech: using %s", backend.name)
            return backend, factories[index + 1 :]
        log.warning("speech: no speech output works; staying silent")
        return NoSpeech(), []

    def _begin(self, backend: Backend, announce: bool) -> None:
        """Configure a fresh backend; say which it is, if asked, and whether it lacks the language."""
        found = backend.configure(self._settings)  # first, so the announcement is in the right voice
        if announce and not isinstance(backend, NoSpeech):
            # Translators: said when speech starts or changes; {output} is e.g. "NVDA",
            # "built-in voice" or "text lines".
            template = N_("Speech: {output}.")
            message = self._gettext(template).format(output=backend.label(self._gettext))
            self.speak(Utterance(message))
        if not found:
            self._say_no_voice()

    def _say_no_voice(self) -> None:
        language = self._settings.language or ""
        # Translators: said when the built-in voice has no voice for the chosen language;
        # {language} is that language's own name, e.g. "čeština".
        template = N_("The built-in voice cannot speak {language}.")
        notice = self._gettext(template)
        self.speak(Utterance(notice.format(language=_language_name(language))))

    def _fail(self, backend: Backend, lost: list[Utterance], error: BaseException) -> None:
        """A backend failed (from any thread): hold its unsaid utterances and replace it."""
        log.warning("speech: %s failed: %s", backend.name, error)
        with self._lock:
            if self._closed:
                return
            if backend is self._backend:
                self._backend = None
                self._held = [*lost, *self._held]
                threading.Thread(target=self._replace, args=(backend,), name="speech-fallback", daemon=True).start()
                return
            # Already replaced (or being replaced): the new backend says them, or holds them.
            for utterance in lost:
                self.speak(utterance)

    def _replace(self, failed: Backend) -> None:
        """Off the game's thread: close the failed backend, start the next, say what was held."""
        unsaid = failed.close()
        backend, self._next = self._start_first(self._next)
        with self._lock:
            if self._closed:
                backend.close()
                return
            held, self._held = [*unsaid, *self._held], []
            self._backend = backend
            self._begin(backend, announce=True)
            for utterance in held:
                self.speak(utterance)
