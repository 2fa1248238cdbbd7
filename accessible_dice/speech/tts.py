"""The ``tts`` backend: the built-in voice, for players without a screen reader.

pyttsx3 drives eSpeak NG on Linux, SAPI5 on Windows and NSSpeechSynthesizer
on macOS. Its own playback does not suit a game: ``runAndWait`` blocks,
``stop`` is unreliable, and on Linux pyttsx3 2.99 plays through ``aplay``,
which cannot be stopped at all. So one worker thread owns the engine
(created there; COM-initialised on Windows) and *renders* each utterance to
a sound file with ``save_to_file`` (eSpeak NG: about 10 ms for a short
sentence), and the shared pygame mixer plays it on the channel kept for
speech. Speech then stops the instant the player asks, mixes with the sound
cues, and can be tested for real.

Where rendering does not work (no mixer on Windows or macOS, or a driver
that cannot write the file), pyttsx3's own ``say`` is used instead: it still
speaks, but cannot be cut off mid-sentence. On Linux that fallback would be
``aplay``, so there the built-in voice needs the mixer or counts as not
working, and ``auto`` moves on to text.

eSpeak NG is reached only through pyttsx3 (its ctypes binding of
libespeak-ng), never by running the ``espeak-ng`` program: one engine, one
set of voice settings, no process per sentence.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import logging
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from accessible_dice.errors import Translate
from accessible_dice.speech.backend import Backend, BackendUnavailable, FailureHandler, VoiceListener, tell
from accessible_dice.speech.quiet import catch_prints
from accessible_dice.speech.settings import VoiceInfo, VoiceSettings, voice_for_language
from accessible_dice.speech.worker import Job, Worker
from accessible_dice.utterance import Utterance

log = logging.getLogger("accessible_dice.speech")

#: Seconds to create the engine and render a first word before ``auto`` moves on (imports not counted).
START_LIMIT = 3.0
#: The same on Windows' very first start, when comtypes first generates its SAPI wrapper (seconds of work).
COLD_START_LIMIT = 20.0
#: Seconds to wait for one utterance to be rendered.
RENDER_LIMIT = 5.0
#: How often the worker looks whether the speech channel has finished.
POLL = 0.01

#: pyttsx3's driver per platform (its own defaults, named here so we know which we got).
DRIVERS = {"win32": "sapi5", "darwin": "nsss"}
DRIVER = DRIVERS.get(sys.platform, "espeak")
#: SAPI5's save_to_file returns with the file written and sends no finished-utterance.
_SAVE_RETURNS_WHEN_WRITTEN = {"sapi5"}
#: NSSpeechSynthesizer writes AIFF whatever the file is called (pyttsx3 issue 361).
_SUFFIX = {"nsss": ".aiff"}
#: eSpeak NG's parameter numbers (speak_lib.h: espeakRATE, espeakVOLUME, espeakPITCH).
_ESPEAK_PARAMETERS = {"rate": 1, "volume": 2, "pitch": 3}
#: A sound file with no samples is a header alone.
_EMPTY_FILE = 64


def _start_limit() -> float:
    """The time the engine may take to start, counted after pyttsx3 is imported here.

    The import (pure Python) comes before the clock; on Windows the very
    first start also generates comtypes' SpeechLib wrapper, which takes
    seconds once and is then kept, so that start gets :data:`COLD_START_LIMIT`.
    """
    import pyttsx3.engine  # noqa: F401 - imported before the clock starts

    if DRIVER == "sapi5":
        try:
            cold = importlib.util.find_spec("comtypes.gen.SpeechLib") is None
        except ImportError:
            cold = True
        if cold:
            return COLD_START_LIMIT
    return START_LIMIT


def _synth_text_only(text: str | bytes, position: int = 0, position_type: int = 1, end_position: int = 0,
                     flags: int = 0, user_data: Any = None) -> int:
    """``espeak_Synth`` told the text's true size, in place of pyttsx3 2.99's ``_espeak.Synth``.

    pyttsx3 tells eSpeak NG the text is ten times its length. In retrieval
    mode eSpeak NG copies that many bytes to queue the text, reading past
    its end; where the text lay near the end of mapped memory, the built-in
    voice crashed the whole program (a segmentation fault in ``memcpy`` under
    ``espeak_Synth``, 3 games in about 1,040 on a busy machine).
    """
    from pyttsx3.drivers import _espeak

    data = text.encode("utf-8") if isinstance(text, str) else text
    # Its size with the terminating NUL, which a bytes object always has.
    return int(_espeak.cSynth(data, len(data) + 1, position, position_type, end_position, flags, None, user_data))


class RenderFailed(RuntimeError):
    """The engine did not write the utterance to a sound file."""


class TtsBackend(Backend):
    """pyttsx3 rendering to the pygame mixer's speech channel (or speaking itself)."""

    name = "tts"

    def __init__(self, on_voice: VoiceListener | None = None) -> None:
        self._on_voice = on_voice
        self._worker: Worker | None = None
        self._channel: Any = None
        self._engine: Any = None
        self._voices: tuple[VoiceInfo, ...] = ()
        self._can_render = True
        self._dir = ""
        self._finished = threading.Event()
        #: Guards ``_generation`` and start/stop on the channel, so a cut-off is never lost.
        self._lock = threading.Lock()
        #: Raised by every interruption; an utterance from an older generation is not played.
        self._generation = 0
        self._speaking = False
        #: The settings last applied on the engine thread and the voice they chose (see :meth:`_apply`).
        self._applied: tuple[VoiceSettings, str | None] = (VoiceSettings(), None)

    # -- starting and stopping (game thread) -----------------------------------------------

    def start(self, on_failure: FailureHandler) -> None:
        from accessible_dice import audio

        self._channel = audio.speech_channel()
        if self._channel is None and DRIVER == "espeak":
            raise BackendUnavailable("no audio output, and pyttsx3's own aplay playback cannot be stopped")
        # The clock runs while the engine renders; playing is not an engine call (see _play).
        self._worker = Worker("speech-tts", self._create_engine, self._drop_engine, on_failure,
                              answer_limit=RENDER_LIMIT + 1.0)
        self._worker.start(_start_limit())

    def close(self) -> list[Utterance]:
        if self._worker is None:
            return []
        unsaid = self._worker.close()
        self._cut()  # stop the voice first, so the worker is not waiting for a long sentence to end
        self._worker.join()
        return unsaid

    def drain(self, limit: float) -> bool:
        return self._worker is not None and self._worker.drain(limit)

    def label(self, gettext: Translate) -> str:
        # Translators: the speech output that uses the program's own voice (no screen reader).
        return gettext("built-in voice")

    # -- speaking (game thread) ------------------------------------------------------------

    def speak(self, utterance: Utterance) -> None:
        if self._worker is None:
            raise RuntimeError("the built-in voice is not started")
        if utterance.interrupt:
            self._cut()
        with self._lock:
            generation = self._generation
        self._worker.post(Job(partial(self._say, utterance, generation), utterance))

    def silence(self) -> None:
        self._cut()

    def is_speaking(self) -> bool:
        return self._speaking

    def _cut(self) -> None:
        """Drop what is queued and stop the voice now, from whichever thread asks."""
        if self._worker is not None:
            self._worker.clear()
        with self._lock:
            self._generation += 1
            self._speaking = False
            if self._channel is not None:
                self._channel.stop()

    # -- settings (game thread; applied on the engine thread in order with speech) --------

    def voices(self) -> tuple[VoiceInfo, ...]:
        return self._voices

    def configure(self, settings: VoiceSettings) -> bool:
        voice = settings.voice
        if voice is None and settings.language:
            found = voice_for_language(self._voices, settings.language)
            if found is None:
                log.info("the built-in voice has no voice for %r", settings.language)
            voice = found.id if found is not None else None
        if self._worker is not None:
            self._worker.post(Job(partial(self._apply, settings, voice)))
        return voice is not None or not settings.language

    def properties(self, limit: float = 2.0) -> dict[str, Any]:
        """The engine's own rate, volume, pitch and voice, read back on its thread (SR-06)."""
        if self._worker is None:
            raise RuntimeError("the built-in voice is not started")
        return self._worker.call(self._read_properties, limit)

    def _read_properties(self) -> dict[str, Any]:
        self._settle()  # or the answer is what the settings were before
        return {name: self._read(name) for name in ("rate", "volume", "pitch", "voice")}

    @staticmethod
    def _settle() -> None:
        """Wait until eSpeak NG has done all it was given.

        pyttsx3 opens eSpeak NG in retrieval mode, which is asynchronous: speech
        and settings are carried out in order on eSpeak's own thread (which is
        why ``runAndWait`` returns early). Other engines work on the caller's thread.

        Every ``runAndWait`` must also find eSpeak NG idle: it begins by
        "stopping" the driver, and pyttsx3 2.99's eSpeak driver, finding
        eSpeak still busy then (with the voice and rate it sets as it is
        made, say), keeps a flag that cancels whatever it synthesises next,
        and that sentence comes out empty. It cost the built-in voice about
        one start in ten.
        """
        if DRIVER == "espeak":
            from pyttsx3.drivers import _espeak

            _espeak.Synchronize()

    def _read(self, name: str) -> Any:
        if DRIVER == "espeak" and name in _ESPEAK_PARAMETERS:
            from pyttsx3.drivers import _espeak

            # pyttsx3 binds espeak_GetParameter without its `current` flag, so its getProperty
            # answers the default or the current value at random; ask for the current one.
            get = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_int)(("espeak_GetParameter", _espeak.dll))
            value = get(_ESPEAK_PARAMETERS[name], 1)
            return value / 100 if name == "volume" else value
        return self._engine.getProperty(name)

    # -- the engine thread -----------------------------------------------------------------

    def _create_engine(self) -> None:
        from pyttsx3.engine import Engine  # imported here: it loads libespeak-ng, SAPI5 or AppKit

        engine = Engine(DRIVER)
        catch_prints(sys.modules[f"pyttsx3.drivers.{DRIVER}"])
        if DRIVER == "espeak":
            from pyttsx3.drivers import _espeak

            _espeak.Synth = _synth_text_only
        engine.connect("finished-utterance", self._note_finished)
        self._engine = engine  # a strong reference: the driver only holds the engine weakly
        self._dir = tempfile.mkdtemp(prefix="accessible-dice-voice-")
        self._voices = tuple(
            VoiceInfo(str(v.id), str(v.name or v.id), tuple(str(lang) for lang in v.languages or ()))
            for v in engine.getProperty("voices")
        )
        try:
            # A first word proves rendering works, and leaves pyttsx3's queue idle, so
            # later setProperty calls take effect at once instead of at the next runAndWait.
            self._render("OK")
        except Exception as error:
            if DRIVER == "espeak":
                raise
            log.info("the built-in voice cannot render (%s); it will speak by itself", error)
            self._can_render = False

    def _drop_engine(self) -> None:
        # Dropping the last reference destroys the driver here, on its own thread (COM
        # objects must be released where they were made; eSpeak's callback is unhooked).
        self._engine = None
        if self._dir:
            shutil.rmtree(self._dir, ignore_errors=True)

    def _note_finished(self, name: str | None = None, completed: bool = True) -> None:
        self._finished.set()

    def _apply(self, settings: VoiceSettings, voice: str | None) -> None:
        """Set the voice, rate, volume and pitch, and wait until eSpeak NG has taken them.

        eSpeak NG queues rate, volume and pitch for its own thread; a sentence
        sent while it still worked through them came out empty now and then
        (about one in 300), and an empty sentence ends the built-in voice.
        """
        self._applied = (settings, voice)
        # The voice first: choosing a voice resets rate and volume in some engines.
        for name, value in (
            ("voice", voice),
            ("rate", settings.rate),
            ("volume", settings.volume),
            ("pitch", settings.pitch),
        ):
            if value is None:
                continue
            try:
                self._engine.setProperty(name, value)
            except Exception as error:  # a stale saved voice must not silence the game
                log.warning("the built-in voice refused %s=%r: %s", name, value, error)
        self._settle()

    def _render(self, text: str) -> str:
        """Write ``text`` as speech to a file and answer its path."""
        path = os.path.join(self._dir, "utterance" + _SUFFIX.get(DRIVER, ".wav"))
        with contextlib.suppress(FileNotFoundError):
            os.remove(path)
        self._finished.clear()
        self._settle()  # or pyttsx3 may cancel this sentence (see _settle)
        self._engine.save_to_file(text, path)
        # runAndWait can return before eSpeak NG has written the file: wait for its event.
        self._engine.runAndWait()
        if DRIVER not in _SAVE_RETURNS_WHEN_WRITTEN and not self._finished.wait(RENDER_LIMIT):
            raise RenderFailed(f"no finished-utterance within {RENDER_LIMIT:g} s")
        self._settle()  # the event comes from inside eSpeak's callback, which is still running
        if not os.path.exists(path) or os.path.getsize(path) <= _EMPTY_FILE:
            raise RenderFailed("the sound file is missing or empty")
        return path

    def _say(self, utterance: Utterance, generation: int) -> None:
        if self._channel is not None and self._can_render:
            import pygame

            sounds = [pygame.mixer.Sound(self._in_language(language, self._render, text))
                      for text, language in utterance.worded()]
            self._play(sounds, utterance, generation)
        else:
            self._say_itself(utterance, generation)

    def _in_language(self, language: str | None, work: Callable[[str], Any], text: str) -> Any:
        """``work(text)`` with a voice of ``language`` when that is not the voice's own (SR-12), then back.

        The game's words stay in the player's chosen voice; a language's own
        name in the language list is said by a voice of that language. A
        language without a voice is said by the player's voice.
        """
        if not language:
            return work(text)
        settings, voice = self._applied
        before = voice or str(self._engine.getProperty("voice"))
        speaking = [v for v in self._voices if v.id == before]
        other = None if voice_for_language(speaking, language) else voice_for_language(self._voices, language)
        if other is None:
            return work(text)
        self._apply(settings, other.id)
        try:
            return work(text)
        finally:
            self._apply(settings, before)

    def _play(self, sounds: list[Any], utterance: Utterance, generation: int) -> None:
        """Play the utterance's pieces one after the other, until the last ends or speech is cut off."""
        assert self._worker is not None
        self._worker.answered()
        started = False
        try:
            for sound in sounds:
                with self._lock:
                    if generation != self._generation:
                        return  # cut off while it was being rendered, or between two pieces
                    self._channel.play(sound)
                    self._speaking = True
                if not started:
                    started = True
                    self._tell(utterance, True)
                while generation == self._generation and self._channel.get_busy():
                    time.sleep(POLL)
        finally:
            self._speaking = False
            if started:
                self._tell(utterance, False)

    def _say_itself(self, utterance: Utterance, generation: int) -> None:
        """pyttsx3's own playback: it speaks, but cannot be cut off mid-sentence."""
        if generation != self._generation:
            return
        assert self._worker is not None
        self._worker.answered()  # it speaks for as long as the sentence lasts, which is no hang
        self._speaking = True
        self._tell(utterance, True)
        try:
            for text, language in utterance.worded():
                self._in_language(language, self._say_now, text)
        finally:
            self._speaking = False
            self._tell(utterance, False)

    def _say_now(self, text: str) -> None:
        self._engine.say(text)
        self._engine.runAndWait()

    def _tell(self, utterance: Utterance, started: bool) -> None:
        tell(self._on_voice, utterance, started)
