"""Shut the Box (Czech variant): the move that shuts the box in the fewest turns.

Exact dynamic programming over the 1,024 sets of open flaps. With open set S,
a turn is one throw of two dice; if the throw allows a move the player shuts
some flaps, else nothing happens but the turn is spent. So the expected
number of turns still needed is

    T(∅) = 0
    T(S) = 1 + Σ_throws p · (min over the throw's moves of T(S − shut), or T(S) if none)

T(S) stands on both sides only through the throws that allow nothing, so
T(S) = (1 + Σ_movable p · min T(S − shut)) / (1 − p_none). Every move shuts at
least one flap, so solving the sets in order of size needs no iteration.
Optimal solitaire play takes 19.163444 turns on average, 18.933954 with the
difference rule (the easy variant).

With several players the advice is still the solitaire-optimal move (fewest
expected turns): shutting the box first is what wins a round, and it is what
a player at the table would call good play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from accessible_dice.games.base import Move
from accessible_dice.games.shut_the_box import FACES, FLAPS, Shut, ShutTheBox, moves
from accessible_dice.strategy.common import Advice, Choice, ranked

#: Each unordered throw of two dice with its probability (a double 1/36, else 2/36).
THROWS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / FACES**2)
    for a, b in combinations_with_replacement(range(1, FACES + 1), 2)
)
ALL_OPEN = (1 << len(FLAPS)) - 1


def _bits(flaps: Iterable[int]) -> int:
    return sum(1 << (flap - 1) for flap in flaps)


def _flaps(bits: int) -> tuple[int, ...]:
    return tuple(flap for flap in FLAPS if bits >> (flap - 1) & 1)


@dataclass(frozen=True)
class Solution:
    """Expected turns to shut the box from every set of open flaps, under optimal play."""

    easy: bool
    #: ``turns[bits]``: expected turns still needed with the flaps in ``bits`` open.
    turns: tuple[float, ...]
    #: ``after[bits][throw]``: the open flaps after the best move with ``THROWS[throw]``
    #: (``bits`` itself when nothing can be done); a fast policy for simulations.
    after: tuple[tuple[int, ...], ...]

    def expected_turns(self, open_flaps: Iterable[int] = FLAPS) -> float:
        return self.turns[_bits(open_flaps)]

    def ways(self, open_flaps: Iterable[int], dice: tuple[int, int]) -> dict[str, tuple[frozenset[int], float]]:
        """Each available way with the flaps it shuts and the expected turns left after it.

        Two ways that shut the same flaps are the same choice; the first in
        the game's order of ways is kept.
        """
        bits = _bits(open_flaps)
        result: dict[str, tuple[frozenset[int], float]] = {}
        for way, shut in moves(_flaps(bits), dice, self.easy).items():
            if all(shut != seen for seen, _ in result.values()):
                result[way] = (shut, self.turns[bits & ~_bits(shut)])
        return result

    def best_way(self, open_flaps: Iterable[int], dice: tuple[int, int]) -> str | None:
        """The way that leaves the fewest expected turns; ``None`` when nothing can be done."""
        ways = self.ways(open_flaps, dice)
        return min(ways, key=lambda way: ways[way][1]) if ways else None


@cache
def solve(easy: bool = False) -> Solution:
    """Solve every set of open flaps, smallest sets first (a fraction of a second)."""
    turns = [0.0] * (ALL_OPEN + 1)
    after: list[tuple[int, ...]] = [(0,) * len(THROWS)] * (ALL_OPEN + 1)
    for bits in sorted(range(1, ALL_OPEN + 1), key=int.bit_count):
        open_flaps = _flaps(bits)
        best = [min((bits & ~_bits(shut) for shut in moves(open_flaps, dice, easy).values()),
                    key=turns.__getitem__, default=bits) for dice, _ in THROWS]
        stuck = sum(p for (_, p), following in zip(THROWS, best, strict=True) if following == bits)
        total = 1.0 + sum(p * turns[following] for (_, p), following in zip(THROWS, best, strict=True)
                          if following != bits)
        turns[bits] = total / (1.0 - stuck)
        after[bits] = tuple(best)
    return Solution(easy, tuple(turns), tuple(after))


# ------------------------------------------------------------ the game's entry points


def best_move(game: ShutTheBox, considering: Move | None = None) -> Advice:
    """The move that shuts the box in the fewest expected turns, with the alternatives.

    A choice's value is the expected number of turns this round takes for
    the current player: the turns taken so far, this one included, plus the
    expected turns after the move. ``considering`` is a move the player has
    in mind (checked: an illegal one raises the game's refusal); its choice
    is returned as :attr:`Advice.considered`.
    """
    game.check_move_due()  # nothing to advise while no move is due
    player = game.turn
    assert game.dice is not None
    solution = solve(bool(game.options["easy"]))
    taken = game.turns[player]
    ways = solution.ways(game.open_flaps(player), (game.dice[0], game.dice[1]))
    choices = {way: Choice((Shut(way),), taken + after) for way, (_, after) in ways.items()}
    considered = None
    if considering is not None:
        game.check_move(considering)
        assert isinstance(considering, Shut)
        shut = game.available()[considering.way]
        considered = next(choices[way] for way, (flaps, _) in ways.items() if flaps == shut)
    return ranked(choices.values(), higher_is_better=False, considered=considered)


def computer_move(game: ShutTheBox) -> Move:
    """The solitaire-optimal move for the player whose move it is."""
    return best_move(game).best.move

