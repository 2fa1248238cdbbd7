"""QUICLO: the computer writes the solver's equation; the hint tells what the helper would cost.

A QUICLO turn is one decision with no chance after it, so "optimal play" is
simply the solver's equation: it uses the most dice, so it gains a life
whenever a six-dice equation exists and costs nothing otherwise.

**Computer players** write that equation themselves (:class:`WriteEquation`):
finding equations is their own skill, so they never pay the solution
helper's life. Had a roll no equation (no throw of six D12 is like that),
they would declare "no equation possible", which the solver confirms.

**A hint** must not give the equation away for free: that is what the
solution helper is for, and it costs a life (docs/spec/rules.md §4). So the advice,
a :class:`HelperAdvice`, says how many dice the helper's equation would use
and what the helper costs, before the player decides to use it; the
equation itself is said only when the player uses the helper. Its choices
are the two moves that need no equation from the player, valued by the
lives they change: the helper (−1) and "no equation possible" (0 when the
solver agrees, else −1). A written equation is never judged by a hint
(that would be a free helper); asking about one is refused.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from accessible_dice import solver
from accessible_dice.errors import NP_, IllegalMove
from accessible_dice.games import quiclo
from accessible_dice.games.base import Move
from accessible_dice.games.quiclo import DICE, DeclareNone, Quiclo, UseHelper, WriteEquation
from accessible_dice.strategy.common import Advice, Choice, ranked

#: Lives the solution helper costs, and "no equation possible" when one exists
#: (docs/spec/rules.md §4); the game takes the same, as the tests check.
HELPER_COST = 1
WRONG_DECLARATION_COST = 1
#: How many of the six dice a computer player looks at (:func:`computer_play`).
GLANCE = 4


class HintJudgesNoEquation(IllegalMove):
    # Translators: said when the player asks the hint about an equation of their own.
    template, plural = NP_(
        "The hint does not judge equations: write it to play it, or ask the helper for {cost} life.",
        "The hint does not judge equations: write it to play it, or ask the helper for {cost} lives.",
    )
    count_key = "cost"


@dataclass(frozen=True)
class HelperAdvice(Advice):
    """QUICLO's hint: what the solution helper would give, and its price, without the equation.

    ``helper_dice`` is the number of dice in the helper's equation (6 down
    to 3; 0 when there is none); ``helper_cost`` the lives the helper costs.
    The presentation says, say, "The helper would give an equation with 6
    dice; it costs 1 life". ``choices`` hold the helper and "no equation
    possible", valued in lives gained (+) or lost (−) this turn.
    """

    helper_dice: int = 0
    helper_cost: int = HELPER_COST

    @property
    def written_gain(self) -> int:
        """The lives a player gains by writing an equation as long as the helper's: 1 for all six dice."""
        return 1 if self.helper_dice == DICE else 0


def best_move(game: Quiclo, considering: Move | None = None) -> HelperAdvice:
    """How many dice the helper's equation uses and what it costs; the equation stays hidden.

    ``considering`` may be the helper or "no equation possible" (its choice
    becomes :attr:`Advice.considered`); an equation of the player's own is
    refused with :class:`HintJudgesNoEquation`.
    """
    game.check_move_due()  # nothing to advise while no move is due
    if isinstance(considering, WriteEquation):
        raise HintJudgesNoEquation(cost=HELPER_COST)
    dice = game.dice_on_table()
    # The game's own helper and judge, so the hint cannot disagree with what the helper would say.
    equation = quiclo.solve(dice)
    most = 0 if equation is None else quiclo.check(equation, dice).dice_used
    helper = Choice((UseHelper(),), -HELPER_COST)
    declare = Choice((DeclareNone(),), 0 if equation is None else -WRONG_DECLARATION_COST)
    considered = None
    if considering is not None:
        game.check_move(considering)
        considered = helper if isinstance(considering, UseHelper) else declare
    advice = ranked([helper, declare], higher_is_better=True, considered=considered)
    return HelperAdvice(advice.choices, advice.higher_is_better, advice.considered, most, HELPER_COST)


def computer_play(game: Quiclo, rng: random.Random, chance: float) -> Move | None:
    """A computer player's move, which plays worse than the hint (and than :func:`computer_move`): the
    helper never fails, so a computer using it would never lose a life, and a game between computers would
    never end. It looks at four of the six dice only (:data:`GLANCE`): never wins a life, and loses one
    when those four make nothing. Below the best level it also overlooks the equation the four make, with
    the level's ``chance`` (:data:`~accessible_dice.strategy.common.LEVELS`) of seeing it, and pays the
    helper instead. :func:`accessible_dice.session.computer_plan` takes it before the ranked choices."""
    equation = solver.find_equation(rng.sample(game.dice_on_table(), GLANCE))
    if equation is not None and chance < 1.0 and rng.random() >= chance:
        equation = None
    return UseHelper() if equation is None else WriteEquation(equation)


def computer_move(game: Quiclo) -> Move:
    """The solver's equation, written as the computer's own (no life paid)."""
    game.check_move_due()  # nothing to play while no move is due
    equation = quiclo.solve(game.dice_on_table())
    return DeclareNone() if equation is None else WriteEquation(equation)
