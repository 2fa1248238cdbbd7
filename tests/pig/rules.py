"""Pig: the example game's rules (one die, a turn total at risk, first to 100 wins).

A turn is a chain of throws of one die. A 1 loses the points thrown this turn
and passes the die on; any other face adds to the turn total, and the player
then throws again (:class:`RollAgain`) or banks the turn total
(:class:`Hold`). The first to bank 100 points or more wins at once.

Like every rules module: no I/O, no randomness of its own (a throw is a
:class:`~accessible_dice.dice.DiceRequest` answered by a ``Roll``), events
are frozen dataclasses in the past tense carrying data only, and the module
ends with ``GAME``. Pig needs no refusal of its own: both moves are legal
whenever a move is due, and the shared refusals (throw first, the game is
over) cover the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from accessible_dice.dice import DiceRequest
from accessible_dice.games.base import DiceThrown, Event, Game, Move, TurnStarted

#: The points that win.
GOAL = 100
FACES = 6
#: The face that loses the turn total.
PIG_OUT = 1


@dataclass(frozen=True)
class RollAgain(Move):
    """Throw the die again, risking the turn total.

    Its kind is ``throw``, the re-throw convention (``session.RETHROW``): the
    shared ``roll`` command and the window's throw button then do it.
    """

    kind = "throw"


@dataclass(frozen=True)
class Hold(Move):
    """Bank the turn total and pass the die on."""

    kind = "hold"


@dataclass(frozen=True)
class TurnLost(Event):
    """``player`` threw a 1 and lost the ``lost`` points thrown this turn."""

    player: int
    lost: int


@dataclass(frozen=True)
class PointsBanked(Event):
    """``player`` banked ``points``; ``total`` is their score now."""

    player: int
    points: int
    total: int


class Pig(Game):
    id = "pig"
    min_players = 2
    max_players = 6
    move_types = (RollAgain, Hold)

    def setup(self) -> None:
        self.totals = [0] * len(self.players)
        self.turn = 0
        #: The points thrown this turn, not yet banked.
        self.at_risk = 0
        #: The last throw of this turn; ``None`` while a throw is due.
        self.thrown: int | None = None
        self.over = False

    def dice_request(self) -> DiceRequest | None:
        return None if self.over or self.thrown is not None else DiceRequest(self.turn, 1, FACES)

    def legal_moves(self) -> list[Move]:
        return [] if self.dice_request() is not None or self.over else [RollAgain(), Hold()]

    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def dice_on_table(self) -> tuple[int, ...]:
        return () if self.thrown is None else (self.thrown,)

    def snapshot(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "turn": self.turn, "at_risk": self.at_risk, "thrown": self.thrown,
                "over": self.over}

    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        player, (value,) = self.turn, values
        events: list[Event] = [DiceThrown(player, values, "turn", values)]
        if value != PIG_OUT:
            self.thrown = value
            self.at_risk += value
            return events
        events.append(TurnLost(player, self.at_risk))
        return events + self._pass()

    def _move(self, move: Move) -> list[Event]:
        if isinstance(move, RollAgain):
            self.thrown = None
            return []
        player, banked = self.turn, self.at_risk
        self.totals[player] += banked
        self.at_risk = 0  # banked: no longer at risk, even when the game ends here
        events: list[Event] = [PointsBanked(player, banked, self.totals[player])]
        if self.totals[player] >= GOAL:
            self.over = True
            return events
        return events + self._pass()

    def _pass(self) -> list[Event]:
        """The die goes to the next player, with a turn total of nothing."""
        self.turn = (self.turn + 1) % len(self.players)
        self.at_risk, self.thrown = 0, None
        return [TurnStarted(self.turn, 1)]


GAME = Pig
