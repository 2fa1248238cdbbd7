"""What every game has in common: actions, events, the checked entry point.

The shape follows OpenSpiel's game API. A game is a state that answers the
questions a front end asks (whose turn, must dice be thrown, which moves are
legal, the standings) and changes only through :meth:`Game.apply` (checked,
for people) or :meth:`Game.apply_trusted` (for replay and computer players),
as in python-chess's ``push_san`` and ``push``. Each change returns *events*:
small frozen dataclasses, named in the past tense, that carry data and no
words; the presentation layer says them.

A throw is an action too (:class:`Roll`), so the action history, dice
included, is the whole game: saving is writing it, loading is replaying it.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from accessible_dice.dice import DiceRequest, check_values
from accessible_dice.errors import N_, IllegalMove, InvalidInput
from accessible_dice.games.options import Option, resolve

# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Move:
    """A player's decision. Subclasses are frozen dataclasses with a ``kind``.

    Fields are ints, strings, bools or tuples of them (sorted where order does
    not matter), so a move is canonical, hashable and round-trips through JSON.
    """

    kind: ClassVar[str] = "move"
    #: Whether the move can never be taken back: its result told the player something they could
    #: not know before (a judged equation, the helper's equation) or cost a life, and undoing it
    #: would let them play it again knowing that (docs/playing.md, "Taking a step back").
    final: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"move": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        names = {f.name for f in dataclasses.fields(cls)}
        fields = {k: v for k, v in data.items() if k != "move"}
        if set(fields) != names:
            raise BadAction(action=repr(dict(data)))
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})


@dataclass(frozen=True)
class DiceMove(Move):
    """A move naming dice on the table by ``positions`` (0-based, stored sorted so equal moves are equal).

    Yatzy's hold and release and Threes Away's keep; their positions are
    checked by :func:`accessible_dice.dice.check_positions`.
    """

    positions: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "positions", tuple(sorted(self.positions)))


@dataclass(frozen=True)
class Roll:
    """The values of a throw: the answer to the game's :class:`DiceRequest`."""

    values: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"roll": list(self.values)}


Action = Move | Roll


class BadAction(InvalidInput):
    # Translators: a saved move that this game does not know.
    template = N_("{action} is not a move of this game.")


# ----------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something that happened. Subclasses are named in the past tense.

    ``step`` marks a step on the way to a result (dice thrown, held or kept, a turn handed over), not a result
    itself: a player coming back to an online table hears the results only (presentation/away.py), so each
    game says which of its events are steps, and no central list names a game's events.
    """

    step: ClassVar[bool] = False


@dataclass(frozen=True)
class DiceThrown(Event):
    """``player`` threw ``values``; ``table`` is every die now on the table.

    ``table`` differs from ``values`` after a re-throw of some dice (Yatzy), so
    the presentation can say the new dice first, then the whole set.
    """

    step = True
    player: int
    values: tuple[int, ...]
    purpose: str = "turn"
    table: tuple[int, ...] = ()


@dataclass(frozen=True)
class TurnStarted(Event):
    step = True
    player: int
    round: int


@dataclass(frozen=True)
class RollOffTied(Event):
    """The start throw was tied; these players throw again among themselves."""

    step = True
    players: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class StarterChosen(Event):
    player: int


@dataclass(frozen=True)
class RoundEnded(Event):
    step = True
    round: int


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over; ``scores`` is what the ranking used, per player."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


# ---------------------------------------------------------------- refusals


class GameIsOver(IllegalMove):
    template = N_("The game is over.")


class ThrowFirst(IllegalMove):
    # Translators: a move was tried while the game waits for dice.
    template = N_("Throw the dice first.")


class NoThrowNow(IllegalMove):
    # Translators: dice values were given when no throw is due.
    template = N_("No dice are to be thrown now.")


class WrongPlayerCount(InvalidInput):
    template = N_("{game} is for {low} to {high} players; {count} were given.")


class NotLegalNow(IllegalMove):
    # Translators: {move} names the move in the game's own words.
    template = N_("{move} is not possible now.")


# ---------------------------------------------------------------- standings


@dataclass(frozen=True)
class Standing:
    """One line of the standings: rank 1 is best; tied players share a rank."""

    player: int
    score: int
    rank: int


def rank(scores: Sequence[int], higher_is_better: bool) -> list[Standing]:
    """Standings from best to worst; equal scores share the better rank."""
    order = sorted(range(len(scores)), key=lambda p: (-scores[p] if higher_is_better else scores[p], p))
    standings: list[Standing] = []
    for position, player in enumerate(order, start=1):
        if standings and scores[standings[-1].player] == scores[player]:
            position = standings[-1].rank
        standings.append(Standing(player, scores[player], position))
    return standings


# ----------------------------------------------------------------- roll-off


@dataclass
class RollOff:
    """"Everyone throws; the highest starts; tied highest throw again".

    Shared by every game whose start is decided by a throw. ``contenders``
    throw in order; when all have thrown, a single best total wins, otherwise
    the tied players throw again among themselves.
    """

    contenders: list[int]
    count: int = 1
    faces: int = 6
    totals: dict[int, int] = field(default_factory=dict)

    @classmethod
    def for_start(cls, start: str, players: int, count: int = 1) -> RollOff | None:
        """The roll-off of ``players`` throwing ``count`` dice each when the game's ``start``
        option is "roll"; ``None`` when the first player entered starts, or plays alone."""
        return cls(list(range(players)), count) if start == "roll" and players > 1 else None

    @property
    def winner(self) -> int | None:
        return self.contenders[0] if len(self.contenders) == 1 else None

    def request(self) -> DiceRequest | None:
        if self.winner is not None:
            return None
        thrower = next(p for p in self.contenders if p not in self.totals)
        return DiceRequest(thrower, self.count, self.faces, "start")

    def record(self, values: Sequence[int]) -> list[Event]:
        request = self.request()
        assert request is not None, "the roll-off is decided"
        events: list[Event] = [DiceThrown(request.player, tuple(values), "start")]
        self.totals[request.player] = sum(values)
        if len(self.totals) == len(self.contenders):
            best = max(self.totals.values())
            self.contenders = [p for p in self.contenders if self.totals[p] == best]
            self.totals = {}
            if len(self.contenders) == 1:
                events.append(StarterChosen(self.contenders[0]))
            else:
                events.append(RollOffTied(tuple(self.contenders), best))
        return events

    def snapshot(self) -> dict[str, Any]:
        return {"contenders": list(self.contenders), "totals": sorted(self.totals.items())}


def deciding(rolloff: RollOff | None) -> RollOff | None:
    """``rolloff`` while it has not yet chosen who starts; ``None`` once it has, or when there is none."""
    return rolloff if rolloff is not None and rolloff.winner is None else None


# -------------------------------------------------------------------- game


class Game(ABC):
    """A game in progress: its players, options, state and action history."""

    #: The registry name, as on the command line ("shut-the-box").
    id: ClassVar[str]
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    options_spec: ClassVar[tuple[Option, ...]] = ()
    #: Every move class of the game, for reading saves.
    move_types: ClassVar[tuple[type[Move], ...]] = ()
    #: Whether a higher score ranks better (Yatzy) or a lower one (Shut the Box).
    higher_is_better: ClassVar[bool] = True

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise WrongPlayerCount(game=self.id, low=self.min_players, high=self.max_players,
                                   count=len(players))
        self.players: tuple[str, ...] = tuple(players)
        self.options: dict[str, Any] = resolve(self.id, self.options_spec, options or {})
        self.history: list[Action] = []
        self.setup()

    # -- the questions a front end asks; none of them changes anything

    @abstractmethod
    def setup(self) -> None:
        """Lay out the starting state from ``players`` and ``options``."""

    @abstractmethod
    def dice_request(self) -> DiceRequest | None:
        """The dice that must be thrown now, or ``None`` when a move is due."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every move allowed now; empty while dice are due or after the end.

        Games whose moves cannot be listed (a typed equation) list the moves
        that always exist and check the rest in :meth:`check_move`.
        """

    @abstractmethod
    def current_player(self) -> int | None:
        """Who throws or moves now; ``None`` once the game is over."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each player's score as the ranking reads it (penalties, totals, lives)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data: equal snapshots mean equal games."""

    def opening_events(self) -> list[Event]:
        """What to announce before the first action (whose turn it is)."""
        player = self.current_player()
        return [] if player is None else [TurnStarted(player, 1)]

    def standings(self) -> list[Standing]:
        return rank(self.scores(), self.higher_is_better)

    def winners(self) -> tuple[int, ...]:
        """The players who share the best result, once the game is over."""
        if not self.is_over():
            return ()
        return tuple(s.player for s in self.standings() if s.rank == 1)

    def dice_on_table(self) -> tuple[int, ...]:
        """The dice lying on the table now (empty before the first throw)."""
        return ()

    def held(self) -> tuple[int, ...]:
        """Positions (0-based) of the dice on the table that are held or kept."""
        return ()

    def plain_move(self, rng: random.Random) -> Move | None:
        """The game's own rule of thumb for the move now, where no strategy answers (a hint, a computer
        player, the self-test): ``None`` when it has none, and the first legal move is taken
        (:func:`accessible_dice.session.simple_move`). ``rng`` is the session's, for a choice by chance."""
        return None

    # -- acting

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's action after checking it; a refusal changes nothing."""
        if isinstance(action, Roll):
            self.check_roll(action)
        else:
            self.check_move(action)
        return self.apply_trusted(action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """Apply an action known to be legal (replay, computer players)."""
        events = self._roll(action.values) if isinstance(action, Roll) else self._move(action)
        self.history.append(action)
        if self.is_over() and not any(isinstance(e, GameEnded) for e in events):
            events.append(GameEnded(self.winners(), self.scores()))
        return events

    def check_roll(self, roll: Roll) -> None:
        request = self.dice_request()
        if request is None:
            raise GameIsOver() if self.is_over() else NoThrowNow()
        check_values(roll.values, request.count, request.faces)

    def check_move(self, move: Move) -> None:
        """Refuse ``move`` with a reason unless it is legal now.

        Subclasses override :meth:`refusal` to explain *why* a listed kind of
        move is not possible, and this method itself when moves are not listed.
        """
        self.check_move_due()
        if move not in self.legal_moves():
            raise self.refusal(move)

    def check_move_due(self) -> None:
        """Refuse any move while none is due: the game is over, or dice must be thrown first."""
        if self.is_over():
            raise GameIsOver()
        if self.dice_request() is not None:
            raise ThrowFirst()

    def refusal(self, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now (called only when it is not)."""
        return NotLegalNow(move=move.kind)

    @abstractmethod
    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        """Take the thrown values (already checked against the request)."""

    @abstractmethod
    def _move(self, move: Move) -> list[Event]:
        """Carry out a legal move."""

    # -- saving

    @classmethod
    def action_from_json(cls, data: Mapping[str, Any]) -> Action:
        if "roll" in data:
            values = data["roll"]
            if set(data) != {"roll"} or not isinstance(values, list):
                raise BadAction(action=repr(dict(data)))
            return Roll(tuple(values))
        kinds = {t.kind: t for t in cls.move_types}
        kind = data.get("move")
        move_type = kinds.get(kind) if isinstance(kind, str) else None
        if move_type is None:
            raise BadAction(action=repr(dict(data)))
        try:
            return move_type.from_json(data)
        except TypeError:
            raise BadAction(action=repr(dict(data))) from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (type(self) is type(other) and self.players == other.players
                and self.options == other.options and self.snapshot() == other.snapshot())

    __hash__ = None  # type: ignore[assignment]
