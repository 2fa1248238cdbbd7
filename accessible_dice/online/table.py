"""A table's game, rebuilt on every player's program by replaying the referee's entries.

The room's timeline is the game's history. Each client replays the
referee's entries (:class:`~accessible_dice.online.protocol.Entry`) in
sequence through the game's *checked* entry point, so a referee's mistake
(or a forged entry that got past the homeserver) can never make a state
the rules forbid. An entry that does not follow the last one (a gap, a
second entry with the same number that differs) or does not apply is never
fatal: :class:`OutOfStep` says so, and the client re-reads the room.

What a front end hears comes as *news* (:data:`News`): data only, said by
the local presenter in the local player's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from accessible_dice.errors import DiceError
from accessible_dice.games import game_class
from accessible_dice.games.base import Action, Event, Game
from accessible_dice.online.protocol import BadEvent, Entry, TableSpec
from accessible_dice.undo import rewind

# ---------------------------------------------------------------- news for the front end


@dataclass(frozen=True)
class Played:
    """An entry of the referee applied: the rules' events, to be said with ``presenter.announce(events)``.

    ``mine`` is true when it answers a request of this program's.
    """

    seq: int
    events: tuple[Event, ...]
    actions: tuple[Action, ...]
    mine: bool = False


@dataclass(frozen=True)
class TakenBack:
    """The referee took back ``actions`` (say with :func:`accessible_dice.presentation.undo.taken_back`)."""

    seq: int
    actions: tuple[Action, ...]
    mine: bool = False


@dataclass(frozen=True)
class Refused:
    """The referee refused this program's request; say ``presenter.refusal(error)``.

    ``error`` is ``None`` when the refusal is one this program does not know
    (a newer referee): say that the referee refused the move.
    """

    request: str
    error: DiceError | None


@dataclass(frozen=True)
class Chat:
    """A table chat message from Matrix id ``user``, said with ``name``: a name the players can trust (their
    seat's, else a plain display name nobody else has, else the Matrix id: :mod:`~accessible_dice.online.chat`).

    ``seated`` is false for a member only watching. ``event`` is the message's event id; ``corrects`` the id of
    the sender's own earlier message this one corrects (a Matrix edit), whose line it replaces.
    """

    user: str
    name: str
    text: str
    seated: bool = True
    event: str = ""
    corrects: str | None = None


@dataclass(frozen=True)
class OutOfStep:
    """The room held an entry that does not follow or does not apply; the table is being re-read."""

    seq: int


@dataclass(frozen=True)
class Reread:
    """The table was read again from the room after :class:`OutOfStep`, or after the connection came back."""

    seq: int


@dataclass(frozen=True)
class RefereeAway:
    """A request of this program's has waited too long: the table's referee is away (say "Waiting for the
    table's referee"). The request stays and is sent again; :class:`RefereeBack` follows when it answers."""


@dataclass(frozen=True)
class RefereeBack:
    """The referee answered again after :class:`RefereeAway`."""


@dataclass(frozen=True)
class WhileAway:
    """What happened at the table since this program's player last acted there, said when they sit down again
    ("While you were away: ..."); ``events`` may be empty (nothing happened)."""

    events: tuple[Event, ...]


@dataclass(frozen=True)
class Reseated:
    """The referee sent the table event again: a seat taken or given up, or a new game begun at the table
    (``after.number`` past ``before.number``); the game was read again, as :class:`Reread`."""

    seq: int
    before: TableSpec
    after: TableSpec

    @property
    def new_game(self) -> bool:
        return self.after.number != self.before.number


@dataclass(frozen=True)
class ConnectionChanged:
    """The connection to the homeserver was lost (``lost``) or came back (not ``lost``)."""

    lost: bool


@dataclass(frozen=True)
class ComputerThinking:
    """The referee says the computer in ``seat`` is taking long over its next step (its strategy being built):
    say so once (its move, when it comes, is news of its own)."""

    seat: int


News = (Played | TakenBack | Refused | Chat | OutOfStep | Reread | Reseated | RefereeAway | RefereeBack
        | WhileAway | ConnectionChanged | ComputerThinking)


# ---------------------------------------------------------------- the replayed game


class EntryMismatch(Exception):
    """An entry that does not follow the table's last one, or does not apply to its game."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(f"entry {seq}: {reason}")
        self.seq = seq


def new_game(spec: TableSpec) -> Game:
    """The table's game before any action.

    :class:`BadEvent` when the table names no game, players or options we can play.
    """
    try:
        return game_class(spec.game)(spec.players, dict(spec.options))
    except DiceError as error:
        raise BadEvent(f"the table cannot be played: {error}") from None
    except Exception as error:  # options of a type no option takes: the table event is untrusted
        raise BadEvent(f"the table's options are not readable ({type(error).__name__})") from None


@dataclass
class Table:
    """One table's game as replayed from the referee's entries.

    ``game`` is the same object for the table's whole life (a presenter
    holds it): a re-read rebuilds it in place.
    """

    spec: TableSpec
    game: Game = field(init=False)
    #: Every entry applied, in order (entry ``n`` is ``entries[n - 1]``).
    entries: list[Entry] = field(default_factory=list)
    #: The events each entry caused, as :attr:`entries`.
    events: list[tuple[Event, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = new_game(self.spec)

    @property
    def seq(self) -> int:
        """The number of the last entry applied (0 before any)."""
        return len(self.entries)

    def receive(self, entry: Entry) -> Played | TakenBack | None:
        """Apply the next entry; ``None`` for one already applied (the same entry seen twice).

        :class:`EntryMismatch` for a gap, a different entry under a number
        already taken, or an entry that the rules refuse; the game is then
        as it was before the entry. An entry of an earlier game at the table
        is one already played (``None``); one of a later game does not follow.
        """
        if entry.number != self.spec.number:
            if entry.number < self.spec.number:
                return None
            raise EntryMismatch(entry.seq, f"it is of game {entry.number}; the table plays game {self.spec.number}")
        if entry.seq <= self.seq:
            if self.entries[entry.seq - 1] == entry:
                return None
            raise EntryMismatch(entry.seq, "a second, different entry under the same number")
        if entry.seq != self.seq + 1:
            raise EntryMismatch(entry.seq, f"entry {self.seq + 1} is missing")
        if entry.undo:
            return self._undo(entry)
        before = len(self.game.history)
        events: list[Event] = []
        try:
            for data in entry.actions:
                events.extend(self.game.apply(self.game.action_from_json(data)))
        except Exception as error:  # a refusal, or values of no type the rules expect: untrusted data
            rewind(self.game, before)
            raise EntryMismatch(entry.seq, f"it does not apply ({type(error).__name__}: {error})") from None
        self.entries.append(entry)
        self.events.append(tuple(events))
        return Played(entry.seq, tuple(events), tuple(self.game.history[before:]))

    def _undo(self, entry: Entry) -> TakenBack:
        length = len(self.game.history) - entry.undo
        if length < 0:
            raise EntryMismatch(entry.seq, "it takes back more than was played")
        taken = tuple(self.game.history[length:])
        rewind(self.game, length)
        self.entries.append(entry)
        self.events.append(())
        return TakenBack(entry.seq, taken)

    def replay(self, entries: Iterable[Entry]) -> int | None:
        """Rebuild the game in place from the room's entries (in timeline order, duplicates and earlier games'
        entries skipped).

        The whole history is there, so an entry that does not fit (out of
        sequence, a second one under a number, one the rules refuse) can only
        be a bad one: it is left out and the rest replayed. Returns the number
        of the first one left out (``None`` when all fitted).
        """
        rewind(self.game, 0)
        self.entries.clear()
        self.events.clear()
        first_bad: int | None = None
        for entry in entries:
            try:
                self.receive(entry)
            except EntryMismatch as mismatch:
                first_bad = mismatch.seq if first_bad is None else first_bad
        return first_bad

    def heard_up_to(self, history: Sequence[Action]) -> int:
        """The last entry after which the game's history was ``history`` (what a program had applied when
        it stopped, read from its local copy); 0 when none was."""
        now = self.game.history
        if list(now[:len(history)]) != list(history):
            return 0
        length, found = 0, 0
        for entry in self.entries:
            length = length - entry.undo if entry.undo else length + len(entry.actions)
            if length == len(history):
                found = entry.seq
        return found

    def since(self, seq: int) -> tuple[Event, ...]:
        """Every event of the entries after entry ``seq``, for "While you were away"."""
        return tuple(event for events in self.events[seq:] for event in events)

    def turn_of(self) -> int | None:
        """The seat that throws or moves now; ``None`` once the game is over."""
        return self.game.current_player()


def last_of(entries: Sequence[Entry], requests: Iterable[str]) -> int:
    """The number of the last entry answering one of ``requests`` (0 when none does)."""
    asked = set(requests)
    return max((entry.seq for entry in entries if entry.request in asked), default=0)
