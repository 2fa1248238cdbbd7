"""Threes Away: the keep that gives the best expected turn score, High or Low.

A turn's score is the sum of the kept dice with every 3 counting 0, and what
was kept earlier never changes what may be kept later, so the only state that
matters is how many dice are still to be thrown. Exact dynamic programming,
in fractions:

    V(0) = 0
    V(n) = Σ_throws of n dice p · best over allowed keeps k of (score(k) + V(n − |k|))

where "best" is the maximum in High and the minimum in Low, and an allowed
keep holds at least one die and every 3 (the game's own :func:`keeps`).
Optimal play scores 308933071/17006112 ≈ 18.166002 a turn in High and
504205555/80621568 ≈ 6.253979 in Low.

With several players the advice is still this turn-score optimum; it does
not weigh the other players' totals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from accessible_dice.games.base import Move
from accessible_dice.games.threes_away import DICE, FACES, Keep, ThreesAway, keeps, turn_score
from accessible_dice.strategy.common import Advice, Choice, ranked

VARIANTS = ("high", "low")


def _throws(count: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every sorted throw of ``count`` dice with its probability."""
    return [(values, Fraction(factorial(count) // prod(factorial(k) for k in Counter(values).values()),
                              FACES**count))
            for values in combinations_with_replacement(range(1, FACES + 1), count)]


def _distinct_keeps(thrown: Sequence[int]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The allowed keeps of ``thrown`` by their sorted values, each with the first positions found.

    Keeps of equal values are the same choice; positions come from the
    game's own :func:`keeps`, smallest keeps first.
    """
    result: dict[tuple[int, ...], tuple[int, ...]] = {}
    for positions in keeps(thrown):
        result.setdefault(tuple(sorted(thrown[p] for p in positions)), positions)
    return result


@cache
def solve(variant: str) -> tuple[Fraction, ...]:
    """``V[n]``: the expected score of the dice still to come with ``n`` dice to throw."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, not {variant!r}")
    best = max if variant == "high" else min
    values = [Fraction(0)]
    for count in range(1, DICE + 1):
        values.append(sum((p * best(turn_score(kept) + values[count - len(kept)]
                                    for kept in _distinct_keeps(thrown))
                           for thrown, p in _throws(count)), Fraction(0)))
    return tuple(values)


def keep_values(thrown: Sequence[int], variant: str) -> dict[tuple[int, ...], float]:
    """Each distinct keep of ``thrown`` (sorted values) with the expected score of the dice it starts."""
    return dict(_keep_values(tuple(sorted(thrown)), variant))


@cache
def _keep_values(thrown: tuple[int, ...], variant: str) -> dict[tuple[int, ...], float]:
    values = solve(variant)
    return {kept: float(turn_score(kept) + values[len(thrown) - len(kept)])
            for kept in _distinct_keeps(thrown)}


# ------------------------------------------------------------ the game's entry points


def best_move(game: ThreesAway, considering: Move | None = None) -> Advice:
    """The keep with the best expected turn score, with the alternatives.

    A choice's value is the expected score of the whole turn: the dice kept
    so far plus the keep plus optimal play for the rest. ``considering`` is a
    :class:`Keep` the player has in mind (checked: an illegal one raises the
    game's refusal); its choice is returned as :attr:`Advice.considered`.
    """
    game.check_move_due()  # nothing to advise while no move is due
    thrown = game.dice_on_table()
    variant = str(game.options["variant"])
    so_far = turn_score(game.kept_dice())
    values = keep_values(thrown, variant)
    choices = {kept: Choice((Keep(positions),), so_far + values[kept])
               for kept, positions in _distinct_keeps(thrown).items()}
    considered = None
    if considering is not None:
        game.check_move(considering)
        assert isinstance(considering, Keep)
        considered = choices[tuple(sorted(thrown[p] for p in considering.positions))]
    return ranked(choices.values(), higher_is_better=variant == "high", considered=considered)


def computer_move(game: ThreesAway) -> Move:
    """The keep with the best expected turn score for the player whose move it is."""
    return best_move(game).best.move
