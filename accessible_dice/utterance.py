"""What the presentation hands to the speaker and the sound player.

An utterance is text plus the sound cues that go with it, in order, and a
priority: what the player asked for *interrupts* speech in progress; what the
game announces by itself is *queued*, so nothing is swallowed.

Words in another language than the game's (a language's own name in the
language list, checklist SR-12) are marked with :func:`in_language`, so a
voice that can switch speaks them in their own language; the text stays whole
for printing, braille and the history.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Cue:
    """A sound cue by name (a file stem in ``sounds/``).

    ``position`` pans it from 0.0 (left) to 1.0 (right); ``pitch`` raises it by
    that many semitones, so higher numbers sound higher. ``None`` leaves the
    cue centred and at its own pitch.
    """

    name: str
    position: float | None = None
    pitch: int | None = None


@dataclass(frozen=True)
class Utterance:
    text: str
    cues: tuple[Cue, ...] = ()
    interrupt: bool = False
    #: ``text`` cut in pieces, each with its language code, or ``None`` for the game's own (see :func:`in_language`).
    spoken_in: tuple[tuple[str, str | None], ...] = ()

    def pieces(self) -> tuple[tuple[str, str | None], ...]:
        """The text in pieces to speak, each in its language; the whole text in the game's language if none
        were marked, or if the marks no longer fit the text (an utterance re-worded after marking)."""
        if self.spoken_in and "".join(piece for piece, _ in self.spoken_in) == self.text:
            return self.spoken_in
        return ((self.text, None),)

    def worded(self) -> list[tuple[str, str | None]]:
        """:meth:`pieces` to speak one by one, each with a word in it.

        A piece of punctuation alone (the ", " between two languages' names)
        goes with the piece before it (or after, at the start): an engine
        renders it as an empty file, which counts as the voice failing.
        """
        merged: list[tuple[str, str | None]] = []
        waiting = ""
        for text, language in self.pieces():
            if not any(character.isalnum() for character in text):
                if merged:
                    merged[-1] = (merged[-1][0] + text, merged[-1][1])
                else:
                    waiting += text
                continue
            merged.append((waiting + text, language))
            waiting = ""
        return merged or [(waiting, None)]


def in_language(utterance: Utterance, words: str, code: str) -> Utterance:
    """``utterance`` with the first ``words`` in it (not yet marked) to be spoken in language ``code``.

    Unchanged when the words are not there: the utterance is then said all in the game's language.
    """
    marked: list[tuple[str, str | None]] = []
    found = False
    for piece, language in utterance.pieces():
        at = piece.find(words) if language is None and not found and words else -1
        if at < 0:
            marked.append((piece, language))
            continue
        found = True
        marked += [(part, lang) for part, lang in ((piece[:at], None), (words, code), (piece[at + len(words):], None))
                   if part]
    return dataclasses.replace(utterance, spoken_in=tuple(marked)) if found else utterance
