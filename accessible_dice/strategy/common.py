"""What every game's strategy returns: choices with expected values, as data.

A hint is not a sentence. The strategy of each game lists every distinct way
to play now (a :class:`Choice`: the moves that carry it out and what it is
worth under optimal play afterwards), ranks them, and hands back an
:class:`Advice`; the presentation layer words it ("Hold the three fives:
expect 251.3 instead of 247.9"). Computer players play the best choice's
first move, so a hint and a computer player can never disagree; the weaker
computer levels (:data:`LEVELS`) pick among the same ranked choices.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from accessible_dice.games.base import Move


@dataclass(frozen=True)
class Choice:
    """One way to play now, and its expected outcome under optimal play.

    ``moves`` are the legal moves that carry the choice out from the current
    state, in order (in Yatzy a re-throw may take a release, a hold and the
    throw; everywhere else it is one move). ``value`` is in the game's own
    measure: Yatzy the expected final total, Shut the Box the expected number
    of turns in this round, Threes Away the expected turn score. ``hold`` is
    set for a Yatzy re-throw only: the dice positions (0-based) kept out of it.
    """

    moves: tuple[Move, ...]
    value: float
    hold: tuple[int, ...] | None = None

    @property
    def move(self) -> Move:
        """The move to play now to carry this choice out."""
        return self.moves[0]


@dataclass(frozen=True)
class Advice:
    """Every distinct choice now, best first, and the one the player considers.

    ``higher_is_better`` says which way ``value`` ranks (Yatzy and Threes Away
    High: higher; Shut the Box turns and Threes Away Low: lower), so the
    presentation can say "instead of" the right way round.
    """

    choices: tuple[Choice, ...]
    higher_is_better: bool
    considered: Choice | None = None

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def next_best(self) -> Choice | None:
        """The best of the other choices; ``None`` when there is only one."""
        return self.choices[1] if len(self.choices) > 1 else None

    @property
    def alternative(self) -> Choice | None:
        """What the best is compared with: the considered choice, else the next best."""
        return self.considered if self.considered is not None else self.next_best

    def gain(self) -> float:
        """How much better the best is than :attr:`alternative` (>= 0; 0 when none)."""
        other = self.alternative
        if other is None:
            return 0.0
        difference = self.best.value - other.value
        return difference if self.higher_is_better else -difference


def ranked(choices: Iterable[Choice], higher_is_better: bool, considered: Choice | None = None) -> Advice:
    """An :class:`Advice` with ``choices`` best first; equal values keep their given order."""
    sign = -1.0 if higher_is_better else 1.0
    ordered = tuple(sorted(choices, key=lambda c: sign * c.value))
    return Advice(ordered, higher_is_better, considered)



#: Computer players' levels (the setting ``computer-level``), weakest first, each with its chance
#: of taking the best choice: a level takes the best with that chance, else the next best with the
#: same chance, and so on down the ranked choices (the last is taken when all others were passed).
#: So a weaker level mostly plays well and its mistakes are mostly small. ``best`` draws nothing.
LEVELS: dict[str, float] = {"relaxed": 0.5, "steady": 0.7, "sharp": 0.85, "best": 1.0}
#: The level of a first start: optimal play, exactly the strategy's best move.
DEFAULT_LEVEL = "best"


def pick(advice: Advice, rng: random.Random, chance: float) -> Choice:
    """The choice a computer player of a level with ``chance`` (see :data:`LEVELS`) takes.

    The draws come from ``rng``, the session's seeded generator, so a seeded
    game is replayed move for move; at chance 1 nothing is drawn, so the
    best level leaves the generator (and every later throw) as it was.
    """
    for choice in advice.choices[:-1]:
        if chance >= 1.0 or rng.random() < chance:
            return choice
    return advice.choices[-1]
