"""A recording speaker for tests of the other layers (NVDA's "speech spy").

It has the :class:`~accessible_dice.speech.speaker.SpeechOutput` methods and
remembers every call, in order, so a test can assert what the player would
have heard, whether it interrupted, and when the stop key silenced it. It is
deliberately *not* a backend: it cannot be chosen with ``--speech`` and never
reaches a player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from accessible_dice.utterance import Utterance


@dataclass(frozen=True)
class Silenced:
    """A record that ``silence()`` was called at this point."""


@dataclass
class SpeechSpy:
    """Records utterances and silences instead of speaking."""

    #: Every ``speak`` and ``silence`` call, in order.
    log: list[Utterance | Silenced] = field(default_factory=list)
    closed: bool = False

    def speak(self, utterance: Utterance) -> None:
        self.log.append(utterance)

    def silence(self) -> None:
        self.log.append(Silenced())

    def is_speaking(self) -> bool:
        return False

    def drain(self, limit: float = 0.0) -> bool:
        """Everything recorded is "said" at once."""
        return True

    def close(self) -> None:
        self.closed = True

    @property
    def utterances(self) -> list[Utterance]:
        """What was spoken, without the silences."""
        return [entry for entry in self.log if isinstance(entry, Utterance)]

    @property
    def texts(self) -> list[str]:
        """Just the words, for the common assertion."""
        return [utterance.text for utterance in self.utterances]

    @property
    def last(self) -> Utterance | None:
        """The latest utterance, or ``None`` before anything was said."""
        spoken = self.utterances
        return spoken[-1] if spoken else None

    def clear(self) -> None:
        """Forget what was recorded, e.g. after a game's opening announcements."""
        self.log.clear()
