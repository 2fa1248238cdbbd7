"""Threes Away, High and Low.

Rules: docs/spec/rules.md section 5; the player's page is docs/rules/threes-away.md.
A turn is a chain of small actions: throw the dice not yet kept (a chance
event), then :class:`Keep` some of the dice just thrown, until all five are
kept. Every 3 counts 0. In High the highest total wins, in Low the lowest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from accessible_dice.dice import DiceRequest, check_positions, check_values
from accessible_dice.errors import N_, NP_, IllegalMove
from accessible_dice.games.base import (
    DiceMove,
    DiceThrown,
    Event,
    Game,
    Move,
    NotLegalNow,
    RollOff,
    RoundEnded,
    TurnStarted,
    deciding,
)
from accessible_dice.games.options import choice, integer

DICE = 5
FACES = 6
#: The face that scores nothing and must always be kept.
THREE = 3

# ---------------------------------------------------------------- refusals


class KeepAtLeastOne(IllegalMove):
    template = N_("Keep at least one die.")


class KeepEveryThree(IllegalMove):
    # Translators: {dice} lists die positions counted from 1, e.g. "2, 4".
    template, plural = NP_(
        "Keep every 3: die {dice} shows 3.",
        "Keep every 3: dice {dice} show 3.",
    )
    count_key = "count"


# ------------------------------------------------------- the rule as a function


def turn_score(kept: Sequence[int]) -> int:
    """The score of the dice kept in a turn: their sum, every 3 counting 0.

    Accepts up to five dice, so a part of a turn can be scored as well.
    """
    values = check_values(kept, DICE, FACES, at_most=True)
    return sum(value for value in values if value != THREE)


def keeps(thrown: Sequence[int]) -> list[tuple[int, ...]]:
    """Every allowed keep of the dice ``thrown``, as 0-based positions.

    At least one die, and every 3; smallest keeps first.
    """
    threes = {p for p, value in enumerate(thrown) if value == THREE}
    return [combo for size in range(1, len(thrown) + 1)
            for combo in combinations(range(len(thrown)), size) if threes <= set(combo)]


# ------------------------------------------------------------ moves and events


@dataclass(frozen=True)
class Keep(DiceMove):
    """Keep the dice just thrown at ``positions``, counted from 0.

    Positions are stored sorted, so equal keeps are equal moves. (The terminal
    counts from 1, as dice are announced; it subtracts one.)
    """

    kind = "keep"


@dataclass(frozen=True)
class RoundsSet(Event):
    """``player`` threw the rounds die: the game has ``rounds`` rounds."""

    player: int
    rounds: int


@dataclass(frozen=True)
class DiceKept(Event):
    """``player`` kept ``values`` (the dice at ``positions`` of the throw).

    ``kept`` is every die kept this turn so far, in the order kept.
    ``forced`` is true when the rules left no choice and the keep was made
    at once: a single die thrown, or only threes.
    """

    step = True
    player: int
    values: tuple[int, ...]
    positions: tuple[int, ...]
    kept: tuple[int, ...]
    forced: bool = False


@dataclass(frozen=True)
class TurnScored(Event):
    player: int
    score: int
    total: int


# -------------------------------------------------------------------- game


class ThreesAway(Game):
    id = "threes-away"
    min_players = 1
    max_players = 8
    options_spec = (
        choice("variant", ("high", "low"), "low"),
        integer("rounds", "roll", 1, 20, also=("roll",)),  # type: ignore[arg-type]
        choice("start", ("order", "roll"), "roll"),
    )
    move_types = (Keep,)

    def setup(self) -> None:
        count = len(self.players)
        self.rolloff = RollOff.for_start(self.options["start"], count, DICE)
        #: The number of rounds; ``None`` until the rounds die is thrown.
        self.rounds: int | None = None if self.options["rounds"] == "roll" else int(self.options["rounds"])
        self.starter = 0
        self.round = 1
        self.turn = 0
        #: The dice just thrown, while a keep is due.
        self.thrown: tuple[int, ...] | None = None
        self.kept: list[int] = []
        self.turn_scores: list[list[int]] = [[] for _ in range(count)]
        self.over = False
        # The variant, not the class, says which way the totals rank: High
        # ranks the highest first, Low the lowest.
        self.higher_is_better = self.options["variant"] == "high"  # type: ignore[misc]

    # -- review

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(scores) for scores in self.turn_scores)

    def kept_dice(self) -> tuple[int, ...]:
        """The dice kept so far this turn, in the order kept."""
        return tuple(self.kept)

    def dice_request(self) -> DiceRequest | None:
        rolloff = deciding(self.rolloff)
        if self.over:
            return None
        if rolloff is not None:
            return rolloff.request()
        if self.rounds is None:
            return DiceRequest(self.starter, 1, FACES, "rounds")
        return DiceRequest(self.turn, DICE - len(self.kept), FACES) if self.thrown is None else None

    def legal_moves(self) -> list[Move]:
        if self.over or self.thrown is None:
            return []
        return [Keep(positions) for positions in keeps(self.thrown)]

    def current_player(self) -> int | None:
        if self.over:
            return None
        request = self.dice_request()
        return request.player if request is not None else self.turn

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, ...]:
        return self.totals()

    def dice_on_table(self) -> tuple[int, ...]:
        return self.thrown or ()

    def opening_events(self) -> list[Event]:
        waiting = deciding(self.rolloff) is not None or self.rounds is None
        return [] if waiting else super().opening_events()

    def snapshot(self) -> dict[str, Any]:
        return {
            "rolloff": self.rolloff.snapshot() if self.rolloff else None,
            "rounds": self.rounds,
            "starter": self.starter,
            "round": self.round,
            "turn": self.turn,
            "thrown": list(self.thrown) if self.thrown else None,
            "kept": list(self.kept),
            "turn_scores": [list(scores) for scores in self.turn_scores],
            "over": self.over,
        }

    # -- refusals

    def check_move(self, move: Move) -> None:
        """Positions that name no die of the throw are malformed input.

        An empty keep is well formed: the rules refuse it (:class:`KeepAtLeastOne`).
        """
        if isinstance(move, Keep) and move.positions and self.thrown is not None and not self.over:
            check_positions(move.positions, len(self.thrown))
        super().check_move(move)

    def refusal(self, move: Move) -> IllegalMove:
        if not isinstance(move, Keep) or self.thrown is None:
            return NotLegalNow(move=move.kind)
        if not move.positions:
            return KeepAtLeastOne()
        missing = [p + 1 for p, value in enumerate(self.thrown) if value == THREE and p not in move.positions]
        return KeepEveryThree(dice=", ".join(map(str, missing)), count=len(missing), positions=tuple(missing))

    # -- acting

    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        rolloff = deciding(self.rolloff)
        if rolloff is not None:
            events = rolloff.record(values)
            if rolloff.winner is not None:
                self.starter = self.turn = rolloff.winner
                events.extend(self._first_turn())
            return events
        if self.rounds is None:
            self.rounds = values[0]
            return [DiceThrown(self.starter, values, "rounds", values),
                    RoundsSet(self.starter, self.rounds), *self._first_turn()]
        self.thrown = values
        events = [DiceThrown(self.turn, values, "turn", values)]
        choices = keeps(values)
        if len(choices) == 1:
            # Decision: when the rules leave one keep only, it is made at once.
            events.extend(self._keep(choices[0], forced=True))
        return events

    def _first_turn(self) -> list[Event]:
        """Announce the first turn, once the rounds are known."""
        return [] if self.rounds is None else [TurnStarted(self.turn, self.round)]

    def _move(self, move: Move) -> list[Event]:
        assert isinstance(move, Keep)
        return self._keep(move.positions, forced=False)

    def _keep(self, positions: tuple[int, ...], forced: bool) -> list[Event]:
        assert self.thrown is not None
        values = tuple(self.thrown[p] for p in positions)
        self.kept.extend(values)
        self.thrown = None
        player = self.turn
        events: list[Event] = [DiceKept(player, values, positions, tuple(self.kept), forced)]
        if len(self.kept) < DICE:
            return events
        score = turn_score(self.kept)
        self.turn_scores[player].append(score)
        self.kept = []
        events.append(TurnScored(player, score, self.totals()[player]))
        self.turn = (self.turn + 1) % len(self.players)
        if self.turn != self.starter:
            return [*events, TurnStarted(self.turn, self.round)]
        events.append(RoundEnded(self.round))
        if self.round == self.rounds:
            self.over = True
            return events
        self.round += 1
        return [*events, TurnStarted(self.turn, self.round)]


GAME = ThreesAway
