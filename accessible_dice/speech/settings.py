"""Voice settings for the built-in voice, and choosing a voice for a language.

Kept free of pyttsx3 so settings screens, storage and tests can use them
without starting an engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class VoiceSettings:
    """What a player can set for the built-in voice (saved with the other settings).

    ``None`` keeps the engine's own default. ``voice`` (an id from
    :meth:`Speaker.voices`) wins over ``language``; otherwise ``language``
    (a code such as ``"cs"`` or ``"nb"``) picks a voice that speaks it.
    """

    #: Words per minute, as pyttsx3 counts them (eSpeak NG's default is about 175).
    rate: int | None = None
    #: 0.0 (silent) to 1.0 (full).
    volume: float | None = None
    #: eSpeak NG's 0..100 (50 is its normal pitch); SAPI5 and NSSpeech have no pitch.
    pitch: int | None = None
    voice: str | None = None
    language: str | None = None


@dataclass(frozen=True)
class VoiceInfo:
    """A voice the engine offers: ``id`` to choose it, ``name`` to say it."""

    id: str
    name: str
    languages: tuple[str, ...] = ()


#: Norwegian Bokmål goes by "nb" in eSpeak NG but by "no" in some systems' voices.
_SAME_LANGUAGE = {"nb": "no", "no": "nb"}


def _tag(code: str) -> str:
    """``"en_US"`` and ``"EN-us"`` both become ``"en-us"``, as voices report them variously."""
    return code.replace("_", "-").lower()


def voice_for_language(voices: Iterable[VoiceInfo], language: str) -> VoiceInfo | None:
    """The best voice for ``language``, or ``None`` when no voice speaks it.

    An exact match wins ("nb" for "nb"); then a regional voice of that
    language, the shortest tag first, so "en" picks eSpeak NG's "en-gb" (its
    own default English) before "en-gb-scotland", and "cs" finds Windows's
    "cs-CZ". Earlier voices win ties, as engines list their main voice first.
    """
    wanted = _tag(language)
    primaries = {wanted.split("-")[0]}
    primaries |= {_SAME_LANGUAGE[p] for p in primaries if p in _SAME_LANGUAGE}
    best: tuple[int, int, VoiceInfo] | None = None
    for order, voice in enumerate(voices):
        for tag in map(_tag, voice.languages):
            if tag == wanted:
                rank = 0
            elif tag.split("-")[0] in primaries:
                rank = len(tag)
            else:
                continue
            if best is None or (rank, order) < best[:2]:
                best = (rank, order, voice)
    return None if best is None else best[2]


def offered(voices: Iterable[VoiceInfo], language: str) -> tuple[VoiceInfo, ...]:
    """The voices in the order a player chooses among them: those that speak ``language`` first (SR-06).

    The best voice for the language leads (the one ``auto`` would take), then
    its other voices by name, then every other voice by name: a player steps
    through their own language's few voices before the engine's many others
    (eSpeak NG has over a hundred).
    """
    listed = list(voices)
    own: list[VoiceInfo] = []
    while (best := voice_for_language(listed, language)) is not None:
        own.append(best)
        listed.remove(best)
    return (*own[:1], *sorted(own[1:], key=lambda v: v.name.casefold()),
            *sorted(listed, key=lambda v: v.name.casefold()))
