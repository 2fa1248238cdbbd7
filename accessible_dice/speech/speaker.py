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
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol, TextIO

from accessible_dice import threads
from accessible_dice.errors import N_, Translate
from accessible_dice.speech.backend import Backend, BackendUnavailable, NoSpeech, TextBackend, VoiceListener
from accessible_dice.speech.settings import VoiceInfo, VoiceSettings
from accessible_dice.utterance import Utterance

log = logging.getLogger("accessible_dice.speech")

#: The ``--speech`` choices, ``auto`` first, then the backends in the order auto tries them.
CHOICES = ("auto", "screenreader", "tts", "text", "none")
ORDER = CHOICES[1:]
#: Seconds the last words may take to reach the player when the program ends.
DRAIN_LIMIT = 3.0

BackendFactory = Callable[[], Backend]


class SpeechOutput(Protocol):
    """What other layers need from a speaker: :class:`Speaker` and the test :class:`SpeechSpy`."""

    def speak(self, utterance: Utterance) -> None: ...
    def silence(self) -> None: ...
    def is_speaking(self) -> bool: ...
    def drain(self, limit: float = DRAIN_LIMIT) -> bool: ...
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

    #: The built-in voice, tried again by retry_voice() when nothing speaks aloud (none: never retried).
    _voice_factory: BackendFactory | None = None
    #: The backends a ``--speech`` choice tries, in order, for :meth:`switch` (none: made from given backends).
    _order: Callable[[str], list[BackendFactory]] | None = None

    def __init__(
        self,
        choice: str = "auto",
        *,
        settings: VoiceSettings | None = None,
        gettext: Translate = lambda message: message,
        stream: TextIO | None = None,
        on_voice: VoiceListener | None = None,
        terminal: bool = False,
    ) -> None:
        """Choose and start a backend now (bounded in time).

        ``stream`` is where ``text`` writes (standard output by default);
        ``on_voice`` is told when the built-in voice (or Speech Dispatcher)
        starts and stops each utterance, so the sound layer can lower its cues
        (SR-13).
        ``terminal``: the terminal front end, where ``auto`` never speaks
        through the screen reader (see :func:`terminal_order`).
        """
        self._order = partial(_backends, stream=stream, on_voice=on_voice, terminal=terminal)
        self._setup(self._order(choice), settings, gettext, always_announce=choice == "auto")
        self._voice_factory = self._order("tts")[0]

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
        #: Whether the voice had one for the language, as the backend last answered.
        self._found = True
        # Re-entrant: a backend failing inside speak() re-enters through _fail on the same thread.
        self._lock = threading.RLock()
        #: What was said while a failed backend was being replaced; said by the next one, in order.
        self._held: list[Utterance] = []
        self._closed = False
        self._retrying = False
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

    def drain(self, limit: float = DRAIN_LIMIT) -> bool:
        """Wait at most ``limit`` seconds until everything said so far has reached the player; ``True`` if it did.

        Called before :meth:`close` when the program ends, so "Game saved.
        Goodbye." is heard: queued words are sent on (the built-in voice
        plays them to the end, a screen reader has them all) and, where the
        backend can tell, spoken. A backend replaced meanwhile is followed:
        its successor's words are waited for too, within the same limit.
        """
        deadline = time.monotonic() + limit
        while True:
            with self._lock:
                backend, held = self._backend, bool(self._held)
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if backend is None or held:  # being replaced: its words are held for the next one
                time.sleep(min(0.02, left))
                continue
            if backend.drain(left) and self._said_all(backend, deadline):
                return True
            if backend is self._backend:
                return False

    @staticmethod
    def _said_all(backend: Backend, deadline: float) -> bool:
        """Wait, until ``deadline``, while the backend still speaks what it was given."""
        while backend.is_speaking():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return True

    def retry_voice(self) -> None:
        """When nothing speaks aloud (``text`` or ``none`` took over), try the built-in voice again, off this thread.

        The window calls it now and then while it shows that speech failed:
        a sound device that comes back (a headset plugged in) brings the voice
        back, which then says so.
        """
        with self._lock:
            if self._closed or self._retrying or self._voice_factory is None or self.backend not in ("text", "none"):
                return
            self._retrying = True
        threads.start(threading.Thread(target=self._retry_voice, name="speech-retry", daemon=True))

    def _retry_voice(self) -> None:
        from accessible_dice import audio

        audio.retry_mixer()
        try:
            assert self._voice_factory is not None
            backend, _ = self._start_first([self._voice_factory])
            if isinstance(backend, NoSpeech):
                return
            self._take_over(backend)
        finally:
            self._retrying = False

    def switch(self, choice: str) -> None:
        """Speak through ``choice`` (a ``--speech`` word) from now on: speech turned off (``none``) or on
        again (``auto``) from the first screen, at once (checklist AU-07). The new output says which it is."""
        if self._order is None:
            return
        self._take_over(*self._start_first(self._order(choice)))

    def _take_over(self, backend: Backend, rest: list[BackendFactory] | None = None) -> None:
        """A freshly started ``backend`` speaks from now on (``rest`` after it, if given); it says which it is,
        and the one it replaces is closed."""
        with self._lock:
            old, self._backend = self._backend, backend
            if rest is not None:
                self._next = rest
            if self._closed:
                self._backend = None
                backend.close()
                return
            self._begin(backend, announce=True)
        if old is not None:
            old.close()

    def configure(self, settings: VoiceSettings) -> bool:
        """Change the built-in voice's settings; ``False`` (and a spoken notice) if no voice speaks the language."""
        with self._lock:
            if settings == self._settings:
                return self._found  # another setting changed: nothing for the voice to do, nor to say again
            self._settings = settings
            backend = self._backend
            if backend is None:
                return True  # the replacement gets them when it starts
            self._found = backend.configure(self._known_voice(backend))
            if not self._found:
                self._say_no_voice()
            return self._found

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

    def _begin(self, backend: Backend, announce: bool, failed: str = "") -> None:
        """Configure a fresh backend; say which it is, if asked (and which one ``failed``), and whether it lacks
        the language."""
        found = self._found = backend.configure(self._known_voice(backend))  # first: the announcement's voice
        if announce and not isinstance(backend, NoSpeech):
            output = backend.label(self._gettext)
            if failed:
                # Translators: said when speech failed during the game and another output took over;
                # {failed} is e.g. "Speech Dispatcher" or "built-in voice", {output} e.g. "built-in voice".
                message = self._gettext(N_("{failed} stopped working. Speech: {output}.")).format(
                    failed=failed, output=output)
                message = message[:1].upper() + message[1:]  # "built-in voice" begins the sentence
            else:
                # Translators: said when speech starts or changes; {output} is e.g. "NVDA",
                # "built-in voice" or "text lines".
                message = self._gettext(N_("Speech: {output}.")).format(output=output)
            self.speak(Utterance(message))
        if not found:
            self._say_no_voice()

    def _known_voice(self, backend: Backend) -> VoiceSettings:
        """The settings for ``backend``: a saved voice it does not have is said and left out (SR-06).

        The language's own voice speaks instead, for this run; the settings
        file keeps the voice, so it speaks again once it is installed again
        (or on the computer that has it, for a shared settings folder).
        """
        voices = backend.voices()
        wanted = self._settings.voice
        if not wanted or not voices or any(voice.id == wanted for voice in voices):
            return self._settings
        # A name typed while another output spoke (no list to check it against) is that voice.
        named = next((voice for voice in voices if voice.name.casefold() == wanted.casefold()), None)
        if named is not None:
            return dataclasses.replace(self._settings, voice=named.id)
        # Translators: said at start when the voice saved in the settings is not installed; {voice} is its
        # name as saved. The language's own voice speaks instead.
        notice = self._gettext(N_("The saved voice {voice} is not installed; the language's own voice speaks "
                                  "instead."))
        self.speak(Utterance(notice.format(voice=wanted)))
        return dataclasses.replace(self._settings, voice=None)

    def _say_no_voice(self) -> None:
        language = self._settings.language or ""
        # Translators: said when the built-in voice has no voice for the chosen language;
        # {language} is that language's own name, e.g. "čeština".
        template = N_("The built-in voice cannot speak {language}.")
        notice = self._gettext(template)
        self.speak(Utterance(notice.format(language=_language_name(language))))

    def _fail(self, backend: Backend, lost: list[Utterance], error: BaseException) -> None:
        """A backend failed (from any thread): hold its unsaid utterances and replace it.

        The player hears why from the next backend, in their language; the log has the details.
        """
        log.info("speech: %s failed: %s", backend.name, error)
        with self._lock:
            if self._closed:
                return
            if backend is self._backend:
                self._backend = None
                self._held = [*lost, *self._held]
                threads.start(threading.Thread(target=self._replace, args=(backend,), name="speech-fallback",
                                               daemon=True))
                return
            # Already replaced (or being replaced): the new backend says them, or holds them.
            for utterance in lost:
                self.speak(utterance)

    def _replace(self, failed: Backend) -> None:
        """Off the game's thread: close the failed backend, start the next, say what was held.

        A hung engine's thread is not waited for (see ``Worker.join``), so
        this takes only the next backend's start: well under a second.
        """
        failed_label = failed.label(self._gettext)
        unsaid = failed.close()
        backend, self._next = self._start_first(self._next)
        with self._lock:
            if self._closed:
                backend.close()
                return
            held, self._held = [*unsaid, *self._held], []
            self._backend = backend
            self._begin(backend, announce=True, failed=failed_label)
            for utterance in held:
                self.speak(utterance)


def _backends(choice: str, *, stream: TextIO | None, on_voice: VoiceListener | None,
              terminal: bool) -> list[BackendFactory]:
    """The backends ``choice`` tries, in order: the one chosen and those after it, or, for ``auto``, all
    (in the terminal, :func:`terminal_order`)."""
    if choice not in CHOICES:
        raise ValueError(f"unknown speech output {choice!r}; expected one of {', '.join(CHOICES)}")
    from accessible_dice.speech.screenreader import ScreenReaderBackend
    from accessible_dice.speech.tts import TtsBackend

    factories: dict[str, BackendFactory] = {
        "screenreader": lambda: ScreenReaderBackend(only_with_orca=choice == "auto", on_voice=on_voice),
        "tts": lambda: TtsBackend(on_voice),
        "text": lambda: TextBackend(stream),
        "none": NoSpeech,
    }
    order = ORDER[ORDER.index(choice):] if choice != "auto" else terminal_order() if terminal else ORDER
    return [factories[name] for name in order]


def terminal_order() -> tuple[str, ...]:
    """What ``auto`` tries in the terminal front end, decided once at start.

    A screen reader reads (and brailles) every line the terminal prints, so
    with one running the game only prints (``text``): speaking the same words
    through the screen reader as well would say everything twice. With none
    running, the built-in voice speaks and the lines are printed too.
    """
    from accessible_dice.speech.screenreader import running_screen_reader

    reader = running_screen_reader()
    if reader is not None:
        log.info("speech: %s is running and reads the printed lines", reader)
        return ("text", "none")
    return ("tts", "text", "none")
