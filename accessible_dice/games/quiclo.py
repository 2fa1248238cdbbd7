"""QUICLO Gleichung: equations from six twelve-sided dice, with lives.

Rules: docs/spec/rules.md section 4; the player's page is docs/rules/quiclo.md.
A turn is a throw of six D12 (a chance event), then one move: a typed
:class:`WriteEquation`, the solution helper (:class:`UseHelper`), or
"no equation possible" (:class:`DeclareNone`). Lives are counted as the
moves happen; who is out is settled only at the end of each full round, so
every player still in has had the same number of turns.

Two functions are the rules as a library (docs/spec/interfaces.md): :func:`check`
judges an equation against a roll, :func:`solve` is the solution helper.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from accessible_dice import arithmetic, solver
from accessible_dice.dice import DiceRequest, check_values
from accessible_dice.errors import N_, DiceError, IllegalMove, InvalidInput
from accessible_dice.games.base import (
    DiceThrown,
    Event,
    Game,
    Move,
    RoundEnded,
    TurnStarted,
)
from accessible_dice.games.options import integer

DICE = 6
FACES = 12
MIN_DICE = solver.MIN_DICE

# ---------------------------------------------------------------- refusals


class NotAnEquation(InvalidInput):
    # Translators: the text typed has no number at all, e.g. only "=" or "x".
    template = N_("That is not an equation; write one with the dice, like 12 ÷ 3 = 2 + 2.")


class TooFewDice(IllegalMove):
    # Translators: {count} numbers were used; QUICLO needs at least {least}.
    template = N_("An equation needs at least {least} dice; this one uses {count}.")


class SidesDiffer(IllegalMove):
    # Translators: the two sides of a QUICLO equation have different values.
    template = N_("The left side makes {left}, the right side {right}.")


#: Errors that mean the text is not an equation at all (a slip at the
#: keyboard): refused at no cost. Every other error is a wrong equation.
_NOT_AN_EQUATION: tuple[type[DiceError], ...] = (
    arithmetic.NotText,
    arithmetic.EmptyInput,
    arithmetic.TooLong,
    arithmetic.UnexpectedCharacter,
)


# ------------------------------------------------------- the rules as functions


@dataclass(frozen=True)
class Verdict:
    """How an equation was judged.

    ``dice_used`` counts the numbers written (0 when the text could not be
    read as an equation); ``reason`` is the English sentence of ``error``,
    empty when valid; ``error`` keeps the data so it can be said in another
    language. ``shown`` is the equation in the standard signs.
    """

    valid: bool
    dice_used: int
    reason: str = ""
    error: DiceError | None = field(default=None, compare=False)
    shown: str = ""
    #: The text is no equation at all (a slip at the keyboard): the game refuses it at no cost.
    slip: bool = False


def _checked_dice(dice: Sequence[int]) -> tuple[int, ...]:
    return check_values(dice, DICE, FACES)


def _invalid(error: DiceError, dice_used: int, shown: str, *, slip: bool = False) -> Verdict:
    return Verdict(False, dice_used, str(error), error, shown, slip)


def check(equation: str, dice: Sequence[int]) -> Verdict:
    """Judge ``equation`` against the six ``dice`` thrown: a verdict for any text (docs/spec/interfaces.md section 2).

    Text that is no equation at all (empty, too long, a letter or a stray
    character, no number anywhere, not text) gives an invalid verdict marked
    ``slip``, which the game refuses at no cost; every other fault is an
    invalid verdict that costs a life. Only a wrong roll raises (a
    ``ValueError`` subclass): it is the caller's mistake, not the equation's.
    """
    rolled = _checked_dice(dice)
    typed = equation.strip() if isinstance(equation, str) else ""
    try:
        left, right = arithmetic.parse_equation(equation)
    except arithmetic.ExpressionInvalid as error:
        if isinstance(error, _NOT_AN_EQUATION):
            return _invalid(error, 0, typed, slip=True)
        if not any("0" <= char <= "9" for char in equation):
            return _invalid(NotAnEquation(), 0, typed, slip=True)
        return _invalid(error, 0, typed)
    shown = f"{arithmetic.show(left)} {solver.EQUALS} {arithmetic.show(right)}"
    used = arithmetic.numbers(left) + arithmetic.numbers(right)
    try:
        if len(used) < MIN_DICE:
            raise TooFewDice(least=MIN_DICE, count=len(used))
        arithmetic.check_uses(used, rolled)
        values = arithmetic.evaluate(left), arithmetic.evaluate(right)
        if values[0] != values[1]:
            raise SidesDiffer(left=values[0], right=values[1])
    except DiceError as error:
        return _invalid(error, len(used), shown)
    return Verdict(True, len(used), shown=shown)


def solve(dice: Sequence[int]) -> str | None:
    """The equation the solution helper says: the most dice (6, then 5, 4, 3).

    ``None`` when no valid equation with at least three dice exists (no roll
    of six D12 is like that: every one has an equation with four or more).
    """
    return solver.find_equation(_checked_dice(dice))


# ------------------------------------------------------------ moves and events


@dataclass(frozen=True)
class WriteEquation(Move):
    """The player's equation, exactly as typed (judged when applied; the verdict is final)."""

    kind = "equation"
    final = True
    text: str

    def __post_init__(self) -> None:
        # A damaged save may hold anything here; reading it refuses a non-text.
        if not isinstance(self.text, str):
            raise TypeError(f"an equation is text, not {self.text!r}")


@dataclass(frozen=True)
class UseHelper(Move):
    """Ask the solution helper: costs a life and ends the turn (final: its equation was heard)."""

    kind = "helper"
    final = True


@dataclass(frozen=True)
class DeclareNone(Move):
    """Declare "no equation possible"; free only when the solver agrees (final: the answer was heard)."""

    kind = "none"
    final = True


@dataclass(frozen=True)
class EquationJudged(Event):
    """``player``'s equation, ``shown`` in the standard signs, was judged.

    ``lives_change`` is +1, 0 or −1; ``reason`` is the error that made it
    invalid (``None`` when valid). It is left out of equality, since errors
    compare by identity and a replay makes new ones.
    """

    player: int
    shown: str
    valid: bool
    dice_used: int
    lives_change: int
    reason: DiceError | None = field(default=None, compare=False)


@dataclass(frozen=True)
class HelperUsed(Event):
    """The solution helper said ``equation`` (``None``: there is none)."""

    player: int
    equation: str | None


@dataclass(frozen=True)
class NoneDeclared(Event):
    """``player`` declared "no equation possible".

    ``confirmed`` when the solver agrees; otherwise ``equation`` is one that
    exists.
    """

    player: int
    confirmed: bool
    equation: str | None


@dataclass(frozen=True)
class LifeGained(Event):
    player: int
    lives: int


@dataclass(frozen=True)
class LifeLost(Event):
    player: int
    lives: int


@dataclass(frozen=True)
class PlayerOut(Event):
    player: int


# -------------------------------------------------------------------- game


class Quiclo(Game):
    id = "quiclo"
    min_players = 1
    max_players = 6
    options_spec = (integer("lives", 3, 1, 9),)
    move_types = (WriteEquation, UseHelper, DeclareNone)

    def setup(self) -> None:
        count = len(self.players)
        self.lives: list[int] = [self.options["lives"]] * count
        self.in_game: list[bool] = [True] * count
        #: Full rounds each player finished with lives left: the score.
        self.survived: list[int] = [0] * count
        self.round = 1
        self.turn: int | None = 0
        self.dice: tuple[int, ...] = ()

    # -- questions

    def dice_request(self) -> DiceRequest | None:
        if self.turn is None or self.dice:
            return None
        return DiceRequest(self.turn, DICE, FACES, "turn")

    def plain_move(self, rng: random.Random) -> Move | None:
        """The helper's equation, the one with the most dice."""
        equation = solve(self.dice_on_table())
        return DeclareNone() if equation is None else WriteEquation(equation)

    def legal_moves(self) -> list[Move]:
        if self.turn is None or not self.dice:
            return []
        return [UseHelper(), DeclareNone()]

    def current_player(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.turn is None

    def scores(self) -> tuple[int, ...]:
        """Full rounds survived: in practice, the turns survived.

        Players who drop out in the same round survived equally long, so the
        ranking shares the win among them when nobody is left.
        """
        return tuple(self.survived)

    def dice_on_table(self) -> tuple[int, ...]:
        return self.dice

    def snapshot(self) -> dict[str, Any]:
        return {"lives": list(self.lives), "in_game": list(self.in_game),
                "survived": list(self.survived), "round": self.round,
                "turn": self.turn, "dice": list(self.dice)}

    # -- checking

    def check_move(self, move: Move) -> None:
        """Equations cannot be listed: refuse only what is not an equation at all."""
        if not isinstance(move, WriteEquation):
            super().check_move(move)
            return
        self.check_move_due()
        verdict = check(move.text, self.dice)
        if verdict.slip:
            assert verdict.error is not None
            raise verdict.error

    # -- acting

    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        self.dice = values
        assert self.turn is not None
        return [DiceThrown(self.turn, values, "turn", values)]

    def _move(self, move: Move) -> list[Event]:
        player = self.turn
        assert player is not None
        events: list[Event]
        if isinstance(move, WriteEquation):
            verdict = check(move.text, self.dice)
            change = (1 if verdict.dice_used == DICE else 0) if verdict.valid else -1
            events = [EquationJudged(player, verdict.shown, verdict.valid, verdict.dice_used,
                                     change, verdict.error)]
        elif isinstance(move, UseHelper):
            change = -1
            events = [HelperUsed(player, solve(self.dice))]
        else:
            equation = solve(self.dice)
            change = 0 if equation is None else -1
            events = [NoneDeclared(player, equation is None, equation)]
        events += self._change_lives(player, change)
        return events + self._next_turn()

    def _change_lives(self, player: int, change: int) -> list[Event]:
        if change == 0:
            return []
        self.lives[player] += change
        kind = LifeGained if change > 0 else LifeLost
        return [kind(player, self.lives[player])]

    def _next_turn(self) -> list[Event]:
        """Pass the dice on; after the last player of a round, settle who is out."""
        assert self.turn is not None
        self.dice = ()
        later = [p for p in range(self.turn + 1, len(self.players)) if self.in_game[p]]
        if later:
            self.turn = later[0]
            return [TurnStarted(self.turn, self.round)]
        events: list[Event] = [RoundEnded(self.round)]
        for player, playing in enumerate(self.in_game):
            if not playing:
                continue
            if self.lives[player] > 0:
                self.survived[player] += 1
            else:
                self.in_game[player] = False
                events.append(PlayerOut(player))
        remaining = [p for p, playing in enumerate(self.in_game) if playing]
        if not remaining or (len(remaining) == 1 and len(self.players) > 1):
            self.turn = None
            return events
        self.round += 1
        self.turn = remaining[0]
        return [*events, TurnStarted(self.turn, self.round)]


GAME = Quiclo
