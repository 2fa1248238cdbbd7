"""What every speech backend promises the :class:`~accessible_dice.speech.speaker.Speaker`.

A backend is started once; if it cannot work it says so at once (raising
:class:`BackendUnavailable`) so ``auto`` can move on. After that, ``speak`` and
``silence`` never block the caller for long: slow engines do their work on
their own thread (see :mod:`accessible_dice.speech.worker`). A backend that
fails later either raises from ``speak`` or reports the utterances it could
not say through the ``on_failure`` handler it was started with; the speaker
then hands them to the next backend, so nothing is swallowed.

This module also holds the two simplest backends, ``text`` and ``none``.
"""

from __future__ import annotations

import logging
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar, TextIO

from accessible_dice.errors import Translate
from accessible_dice.speech.settings import VoiceInfo, VoiceSettings
from accessible_dice.utterance import Utterance

#: Called (from any thread) with what a failed backend did not say, in order.
FailureHandler = Callable[[list[Utterance], BaseException], None]
#: Told when a backend's voice starts (``True``) and stops (``False``) an utterance, where it knows (SR-13).
VoiceListener = Callable[[Utterance, bool], None]

log = logging.getLogger("accessible_dice.speech")


def tell(listener: VoiceListener | None, utterance: Utterance, started: bool) -> None:
    """Tell ``listener`` that speech started or stopped; a listener's bug must not stop the voice."""
    if listener is None:
        return
    try:
        listener(utterance, started)
    except Exception:
        log.exception("speech listener failed")


class BackendUnavailable(Exception):
    """This backend cannot work here; the message says why (for the log)."""


class Backend(ABC):
    """One way of getting words to the player."""

    #: The ``--speech`` name.
    name: ClassVar[str]

    @abstractmethod
    def start(self, on_failure: FailureHandler) -> None:
        """Get ready within a bounded time, or raise :class:`BackendUnavailable`."""

    @abstractmethod
    def label(self, gettext: Translate) -> str:
        """What the player hears in "Speech: …" when this backend is chosen."""

    @abstractmethod
    def speak(self, utterance: Utterance) -> None:
        """Say it: interrupt speech in progress or queue behind it, as it asks."""

    def silence(self) -> None:  # noqa: B027 - silence is nothing to do for text and none
        """Stop speaking now and forget what was queued."""

    def is_speaking(self) -> bool:
        """Whether words are being spoken right now, as far as the backend knows."""
        return False

    def configure(self, settings: VoiceSettings) -> bool:
        """Apply voice settings; ``False`` when the wanted language has no voice.

        Screen readers keep their own settings, so most backends accept and
        ignore these.
        """
        return True

    def voices(self) -> tuple[VoiceInfo, ...]:
        """The voices a player can choose from (only the built-in voice has any)."""
        return ()

    def drain(self, limit: float) -> bool:
        """Wait at most ``limit`` seconds until what was handed over has been sent on; ``True`` if it was.

        Backends that speak at once (``text``, ``none``) have nothing to wait for.
        """
        return True

    def close(self) -> list[Utterance]:
        """Stop and release everything; answer what was queued but never said."""
        return []


def one_line(text: str) -> str:
    """The text on one line: a line break inside would split one announcement in two."""
    return " ".join(text.split())


class TextBackend(Backend):
    """One line per announcement on standard output, flushed at once.

    A terminal screen reader reads the lines as they come; tests and scripts
    read them through a pipe. Nothing else may be written to that stream.
    """

    name = "text"

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    def start(self, on_failure: FailureHandler) -> None:
        if self._stream is None:
            self._stream = sys.stdout
        if self._stream is None or self._stream.closed:
            raise BackendUnavailable("there is no standard output to write to")

    def label(self, gettext: Translate) -> str:
        # Translators: the speech output that prints each announcement as a line of text.
        return gettext("text lines")

    def speak(self, utterance: Utterance) -> None:
        line = one_line(utterance.text)
        if line and self._stream is not None:
            self._stream.write(line + "\n")
            self._stream.flush()


class NoSpeech(Backend):
    """Silence: for players who only want the window, or sound cues alone."""

    name = "none"

    def start(self, on_failure: FailureHandler) -> None:
        """Silence always works."""

    def label(self, gettext: Translate) -> str:
        # Translators: the speech output that says nothing at all.
        return gettext("silence")

    def speak(self, utterance: Utterance) -> None:
        """Say nothing, on purpose."""
