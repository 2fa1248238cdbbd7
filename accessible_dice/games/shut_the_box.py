"""Shut the Box, the Czech variant for blind and low-vision players ("Šance").

Rules: docs/spec/rules.md section 1; the player's page is docs/rules/shut-the-box.md.
Each player has ten flaps. A turn is one throw of two dice (a chance event)
and then, if the throw allows anything, one :class:`Shut` move: *singles*,
*sum* or, in the easy variant, *difference*. The first player to shut all
ten flaps ends the round; everyone else scores the open flaps as penalty.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from accessible_dice.dice import DiceRequest, check_values
from accessible_dice.errors import N_, NP_, IllegalMove, InvalidInput
from accessible_dice.games.base import (
    DiceThrown,
    Event,
    Game,
    GameIsOver,
    Move,
    NotLegalNow,
    RollOff,
    RoundEnded,
    ThrowFirst,
    TurnStarted,
    deciding,
)
from accessible_dice.games.options import choice, integer, yes_no

FLAPS = tuple(range(1, 11))
#: The ways to use a throw, in the order they are offered.
WAYS = ("singles", "sum", "difference")
DICE = 2
FACES = 6

# ---------------------------------------------------------------- refusals


class NotFlaps(InvalidInput):
    # Translators: a program called the rules with something that is no list of flaps (never typed by a player).
    template = N_("The open flaps must be a list of numbers, like 1 2 9.")


class NoSuchFlap(InvalidInput):
    # Translators: the flaps are numbered 1 to 10.
    template = N_("There is no flap {flap}; the flaps are 1 to 10.")


class NoFlapNamed(InvalidInput):
    template = N_("Name the flap or flaps to shut.")


class TooManyFlaps(InvalidInput):
    template = N_("One throw shuts at most two flaps.")


class FlapAlreadyShut(IllegalMove):
    # Translators: {flaps} is one flap number or a list of them, e.g. "3, 4".
    template, plural = NP_(
        "Flap {flaps} is already shut.",
        "Flaps {flaps} are already shut.",
    )
    count_key = "count"


class NoFlapForSum(IllegalMove):
    template = N_("{a} and {b} make {total}; there is no flap {total}.")


class NoDifference(IllegalMove):
    template = N_("Both dice show {a}; there is no difference to shut.")


class DifferenceOnlyEasy(IllegalMove):
    template = N_("The difference may be used only in the easy variant.")


class SinglesShutBoth(IllegalMove):
    # Translators: singles shuts every open flap among the two dice, never just one.
    template = N_("Singles shuts both {a} and {b}.")


class FlapsNotPossible(IllegalMove):
    # Translators: {flaps} is one flap number or a list of them, e.g. "3, 4".
    template = N_("With {a} and {b} you cannot shut {flaps}.")


def _listed(flaps: Iterable[int]) -> str:
    """Flap numbers as data for a template; the presentation may re-render them."""
    return ", ".join(str(f) for f in sorted(flaps))


def _already_shut(flaps: Iterable[int]) -> FlapAlreadyShut:
    ordered = tuple(sorted(flaps))
    return FlapAlreadyShut(flaps=_listed(ordered), count=len(ordered), numbers=ordered)


# ------------------------------------------------------- the rule as a function


def _checked_dice(dice: Sequence[int]) -> tuple[int, int]:
    first, second = check_values(dice, DICE, FACES)
    return first, second


def _checked_flaps(flaps: Iterable[int]) -> frozenset[int]:
    if isinstance(flaps, (str, bytes)) or not isinstance(flaps, Iterable):
        raise NotFlaps()
    given = tuple(flaps)
    for flap in given:
        if type(flap) is not int or flap not in FLAPS:
            raise NoSuchFlap(flap=flap)
    return frozenset(given)


def moves(open_flaps: Iterable[int], dice: Sequence[int], easy: bool = False) -> dict[str, frozenset[int]]:
    """The available ways to use the throw ``dice``, each with the flaps it shuts.

    Only available ways are listed, so an empty result means "nothing can be
    done". Singles shuts every open flap among the two dice (docs/spec/rules.md
    Decision: shutting fewer is never better, so the player is not asked).
    Sum needs ``a + b <= 10``; difference needs the easy variant and ``a != b``;
    both only when their flap is open.
    """
    a, b = _checked_dice(dice)
    flaps = _checked_flaps(open_flaps)
    candidates = {
        "singles": {a, b},
        "sum": {a + b},
        "difference": {abs(a - b)} if easy else set(),
    }
    return {way: frozenset(shut & flaps) for way, shut in candidates.items() if shut & flaps}


def penalty(open_flaps: Iterable[int]) -> int:
    """Penalty points for the flaps left open at the end of a round: their sum."""
    return sum(_checked_flaps(open_flaps))


# ------------------------------------------------------------ moves and events


@dataclass(frozen=True)
class Shut(Move):
    """Use the throw one way: ``way`` is ``singles``, ``sum`` or ``difference``."""

    kind = "shut"
    way: str


@dataclass(frozen=True)
class FlapsShut(Event):
    player: int
    way: str
    flaps: tuple[int, ...]
    dice: tuple[int, ...]


@dataclass(frozen=True)
class TurnPassed(Event):
    """Nothing could be shut with ``dice``; play moved on."""

    player: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class BoxShut(Event):
    """``player`` shut all ten flaps and won the round."""

    player: int


@dataclass(frozen=True)
class RoundScored(Event):
    """Per player: this round's ``penalties``, the match ``totals`` so far,
    and the ``turns`` taken this round (the practice score)."""

    round: int
    penalties: tuple[int, ...]
    totals: tuple[int, ...]
    turns: tuple[int, ...]


# -------------------------------------------------------------------- game


class ShutTheBox(Game):
    id = "shut-the-box"
    min_players = 1
    max_players = 4
    options_spec = (
        yes_no("easy", False),
        integer("rounds", 1, 1, 20),
        choice("start", ("order", "roll"), "order"),
    )
    move_types = (Shut,)
    higher_is_better = False

    def setup(self) -> None:
        count = len(self.players)
        self.rolloff = RollOff.for_start(self.options["start"], count)
        #: The current round, from 1, and the player who began it.
        self.round = 1
        self.first = 0
        self.turn = 0
        self.open: list[set[int]] = [set(FLAPS) for _ in range(count)]
        #: The dice of the current turn, while a move is due.
        self.dice: tuple[int, ...] | None = None
        self.turns = [0] * count
        #: Finished rounds: (penalties, turns) per player.
        self.results: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.over = False

    # -- review

    @property
    def rounds(self) -> int:
        """How many rounds the match has."""
        return int(self.options["rounds"])

    @property
    def practice(self) -> bool:
        return len(self.players) == 1

    def open_flaps(self, player: int) -> tuple[int, ...]:
        return tuple(sorted(self.open[player]))

    def penalties(self) -> tuple[int, ...]:
        """Each player's penalty points over the finished rounds."""
        return tuple(sum(result[0][p] for result in self.results) for p in range(len(self.players)))

    def turns_taken(self) -> tuple[int, ...]:
        """Each player's turns over the whole match, the current round included."""
        return tuple(sum(result[1][p] for result in self.results) + self.turns[p]
                     for p in range(len(self.players)))

    def available(self) -> dict[str, frozenset[int]]:
        """The ways the current throw can be used (empty while dice are due)."""
        if self.dice is None or self.over:
            return {}
        return moves(self.open[self.turn], self.dice, self.options["easy"])

    def dice_request(self) -> DiceRequest | None:
        rolloff = deciding(self.rolloff)
        if self.over:
            return None
        if rolloff is not None:
            return rolloff.request()
        return DiceRequest(self.turn, DICE, FACES) if self.dice is None else None

    def legal_moves(self) -> list[Move]:
        return [Shut(way) for way in self.available()]

    def current_player(self) -> int | None:
        if self.over:
            return None
        request = self.dice_request()
        return request.player if request is not None else self.turn

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, ...]:
        """Penalty totals; in practice the number of turns taken."""
        return self.turns_taken() if self.practice else self.penalties()

    def dice_on_table(self) -> tuple[int, ...]:
        return self.dice or ()

    def opening_events(self) -> list[Event]:
        return [] if deciding(self.rolloff) is not None else super().opening_events()

    def snapshot(self) -> dict[str, Any]:
        return {
            "rolloff": self.rolloff.snapshot() if self.rolloff else None,
            "round": self.round,
            "first": self.first,
            "turn": self.turn,
            "open": [sorted(flaps) for flaps in self.open],
            "dice": list(self.dice) if self.dice else None,
            "turns": list(self.turns),
            "results": [[list(p), list(t)] for p, t in self.results],
            "over": self.over,
        }

    # -- refusals

    def refusal(self, move: Move) -> IllegalMove:
        if not isinstance(move, Shut) or move.way not in WAYS or self.dice is None:
            return NotLegalNow(move=move.kind)
        a, b = self.dice
        if move.way == "singles":
            return _already_shut({a, b})
        if move.way == "sum":
            return NoFlapForSum(a=a, b=b, total=a + b) if a + b > len(FLAPS) else _already_shut({a + b})
        if not self.options["easy"]:
            return DifferenceOnlyEasy()
        return NoDifference(a=a) if a == b else _already_shut({abs(a - b)})

    # -- acting

    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        rolloff = deciding(self.rolloff)
        if rolloff is not None:
            return self._roll_off(rolloff, values)
        player = self.turn
        self.turns[player] += 1
        self.dice = values
        events: list[Event] = [DiceThrown(player, values, "turn", values)]
        if not self.available():
            self.dice = None
            events.append(TurnPassed(player, values))
            events.extend(self._next_turn())
        return events

    def _roll_off(self, rolloff: RollOff, values: tuple[int, ...]) -> list[Event]:
        events = rolloff.record(values)
        if rolloff.winner is not None:
            self.first = self.turn = rolloff.winner
            events.append(TurnStarted(self.turn, self.round))
        return events

    def _move(self, move: Move) -> list[Event]:
        assert isinstance(move, Shut) and self.dice is not None
        player, dice = self.turn, self.dice
        flaps = self.available()[move.way]
        self.open[player] -= flaps
        self.dice = None
        events: list[Event] = [FlapsShut(player, move.way, tuple(sorted(flaps)), dice)]
        if self.open[player]:
            return events + self._next_turn()
        return events + self._end_round(player)

    def _next_turn(self) -> list[Event]:
        self.turn = (self.turn + 1) % len(self.players)
        return [TurnStarted(self.turn, self.round)]

    def _end_round(self, winner: int) -> list[Event]:
        penalties, turns = tuple(sum(flaps) for flaps in self.open), tuple(self.turns)
        self.results.append((penalties, turns))
        self.turns = [0] * len(self.players)
        events: list[Event] = [
            BoxShut(winner),
            RoundScored(self.round, penalties, self.penalties(), turns),
            RoundEnded(self.round),
        ]
        if self.round == self.rounds:
            self.over = True
            return events
        # Decision: each later round begins with the next player after the
        # previous round's first player.
        self.round += 1
        self.first = (self.first + 1) % len(self.players)
        self.turn = self.first
        self.open = [set(FLAPS) for _ in self.players]
        return [*events, TurnStarted(self.turn, self.round)]


# ------------------------------------------------------ the terminal's helper


def way_for_flaps(game: ShutTheBox, flaps: Iterable[int]) -> Shut:
    """The move that shuts exactly ``flaps`` (the terminal's ``shut N [N]``).

    Raises a refusal that says why when no available way shuts exactly those
    flaps: a flap that does not exist or is already shut, singles asked for
    only one of two open flaps, the difference outside the easy variant.
    When two ways shut the same flaps, the first in :data:`WAYS` is chosen;
    the result is the same.
    """
    if game.is_over():
        raise GameIsOver()
    if game.dice is None:
        raise ThrowFirst()
    wanted = _checked_flaps(flaps)
    if not wanted:
        raise NoFlapNamed()
    if len(wanted) > DICE:
        raise TooManyFlaps()
    available = game.available()
    for way, shut in available.items():
        if shut == wanted:
            return Shut(way)
    a, b = game.dice
    already = wanted - game.open[game.turn]
    if already:
        raise _already_shut(already)
    if wanted < available.get("singles", frozenset()):
        raise SinglesShutBoth(a=a, b=b)
    if wanted == {abs(a - b)} and not game.options["easy"]:
        raise DifferenceOnlyEasy()
    raise FlapsNotPossible(a=a, b=b, flaps=_listed(wanted), numbers=tuple(sorted(wanted)))


GAME = ShutTheBox
