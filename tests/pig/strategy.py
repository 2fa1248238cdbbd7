"""Pig's hints and computer players: the most points banked this turn, on average, none counted past the goal.

A choice's value is the expected number of points the turn banks under the
best play for that measure: holding banks the turn total; throwing again
loses it on a 1 and otherwise goes on from a higher total. Points past the
goal are worth nothing (the win is the same), so a turn total that wins is
banked. Exact for this measure, and the classic "hold at 20" falls out of
it; it does not weigh the opponents' scores, which is enough for an example.
"""

from __future__ import annotations

from functools import cache

from accessible_dice.games.base import Move
from accessible_dice.strategy.common import Advice, Choice, ranked
from pig.rules import FACES, GOAL, PIG_OUT, Hold, Pig, RollAgain


@cache
def turn_value(at_risk: int, needed: int) -> float:
    """Expected points banked (at most ``needed``) from a turn total of ``at_risk`` when ``needed`` more points win."""
    return max(float(at_risk), throw_value(at_risk, needed)) if at_risk < needed else float(needed)


def throw_value(at_risk: int, needed: int) -> float:
    """Expected points banked after throwing again from ``at_risk`` (a 1 banks nothing)."""
    return sum(turn_value(at_risk + face, needed) for face in range(1, FACES + 1) if face != PIG_OUT) / FACES


def best_move(game: Pig, considering: Move | None = None) -> Advice:
    """Hold or throw again, best first, with what each banks on average this turn."""
    game.check_move_due()
    needed = GOAL - game.totals[game.turn]
    # Hold first: when both bank the same on average, the safe choice ranks first.
    choices = {Hold(): Choice((Hold(),), float(min(game.at_risk, needed))),
               RollAgain(): Choice((RollAgain(),), throw_value(game.at_risk, needed))}
    considered = None
    if considering is not None:
        game.check_move(considering)
        considered = choices[considering]
    return ranked(choices.values(), higher_is_better=True, considered=considered)


def computer_move(game: Pig) -> Move:
    return best_move(game).best.move
