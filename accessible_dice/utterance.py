"""What the presentation hands to the speaker and the sound player.

An utterance is text plus the sound cues that go with it, in order, and a
priority: what the player asked for *interrupts* speech in progress; what the
game announces by itself is *queued*, so nothing is swallowed.
"""

from __future__ import annotations

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
