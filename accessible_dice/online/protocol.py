"""The events of an online table, and the checking of everything read from a room.

A table is a Matrix room (docs/online.md). Four event types carry the game,
each content a JSON object with ``"version": 1``:

``org.accessible_dice.table`` (state, key ``""``)
    The table: ``game`` id, ``options`` (as a save shows them), ``seats``
    (each ``{"name": ..., "user": "@id:server"}``, or ``{"name": "cpu..."}``
    for a computer the referee plays), ``referee`` (the Matrix user who
    holds the authoritative game), ``dice`` (``"random"`` or ``"manual"``)
    ``level`` (the computers' level) and ``pace`` (milliseconds the referee
    waits before each computer's step, so players can follow). It counts
    only when its sender is the referee it names. ``number`` is which game
    at this table is being played (1, 2, ...; absent for the first): a table
    plays again, each game's entries numbered from 1 under its own
    ``number``. ``request`` is the id of the seat request it answers (a seat
    taken or given up, a new game), so a restarted referee answers it once.
``org.accessible_dice.request`` (any seated player)
    ``id`` (unique, chosen by the asking program), ``seat`` (from 0) and
    ``ask``: a move as the save writes it (``{"move": "shut", ...}``),
    ``{"throw": true}`` (the referee throws the random dice due, after a
    re-throw move where the game has one), ``{"roll": [3, 4]}`` (dice typed
    from a real throw, manual tables only), ``{"undo": true}``, or a seat
    request, answered by the table event sent again: ``{"sit": true}`` (take
    the open seat ``seat``), ``{"stand": true}`` (give seat ``seat`` up
    between games: it is open again) or ``{"again": n}`` (game ``n`` is over:
    play a new game at this table, same seats).
``org.accessible_dice.action`` (the referee only)
    ``seq`` (1, 2, 3, ...: one per entry of a game, none skipped), ``number``
    (the table's game it belongs to; absent for the first), ``request`` (the id
    answered, or ``null`` for a computer's move) and either ``actions`` (the
    actions applied, as the save writes them, in order) or ``undo`` (how
    many of the last actions were taken back).
``org.accessible_dice.refused`` (the referee only)
    ``request`` (the id refused), ``refusal`` (the refusal's class, as
    ``module.Class``) and ``data`` (its data), so the asking player's
    program says it in its own language.

Everything read from a room is untrusted: :func:`check_content` refuses
content that is too large, too deep, of the wrong types or of another
version with :class:`BadEvent` (logged and ignored, never a crash).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from accessible_dice.errors import DiceError
from accessible_dice.games.options import Option

VERSION = 1
TABLE = "org.accessible_dice.table"
#: The room type of a table's room (in its create event), so the room directory lists tables apart.
ROOM_TYPE = "org.accessible_dice.table"
REQUEST = "org.accessible_dice.request"
ACTION = "org.accessible_dice.action"
REFUSED = "org.accessible_dice.refused"
#: The referee's word that a computer seat's step is taking long (its strategy being built): no player waits
#: in silence for it (docs/online-protocol.md, "A computer that takes long").
THINKING = "org.accessible_dice.thinking"
#: The key of the referee's ``m.notice`` that says entries in words for other Matrix apps (its value: the game's
#: ``number`` and the entries' ``seq`` list); such a notice is no chat, and no program reads the game from it.
NOTICE_OF = "org.accessible_dice.entry"
#: The events only the referee may send; the room's power levels make the homeserver refuse them from anyone else.
REFEREE_ONLY = (TABLE, ACTION, REFUSED, THINKING)
DICE = ("random", "manual")
#: Who may chat at a table, as the table event says (docs/online.md, "Who may chat"): everyone in the room,
#: only the seated players, or nobody.
CHAT = ("open", "players", "off")
#: The computers' pace when a table names none (ms): about the time a sentence of news takes to be heard.
DEFAULT_PACE = 1500
#: The slowest pace a table may ask for (ms).
MAX_PACE = 10_000

#: The most a content may weigh as JSON (Matrix allows 64 KiB per event; a game's entry is well under 2 KiB).
MAX_BYTES = 16_000
#: The deepest nesting of lists and objects a content may have (an entry needs 4).
MAX_DEPTH = 6
#: The longest string anywhere in a content (an equation, a name, a request id).
MAX_STRING = 500
#: The largest number anywhere in a content.
MAX_NUMBER = 10**9
_REQUEST_ID = re.compile(r"[A-Za-z0-9._~-]{1,64}")
_LANGUAGE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?")
_USER_ID = re.compile(r"@[^:\s]{1,200}:[^\s]{1,255}")


class BadEvent(ValueError):
    """An event read from the room that is not what the protocol allows; ``str()`` says why (for the log)."""


@dataclass(frozen=True)
class Seat:
    """A seat at the table: the player's name in the game, and the Matrix user who plays it.

    A seat without a user is a computer's (its name says so, ``cpu...``)
    unless it is ``open``: the first member who asks to sit there
    (``{"sit": true}``) gets it, so a public table can be joined by anyone.
    """

    name: str
    user: str | None = None
    open: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        if self.user is not None:
            data["user"] = self.user
        elif self.open:
            data["open"] = True
        return data


def seat_name(user: str) -> str:
    """The name a Matrix user plays under: the id's local part, capitalised (``@anna:hs`` plays as Anna)."""
    local = user[1:].split(":", 1)[0]
    return local[:1].upper() + local[1:]


def open_seat(number: int) -> Seat:
    """Seat ``number`` (from 0) left open: its name until someone takes it is only a placeholder."""
    return Seat(f"seat-{number + 1}", open=True)


@dataclass(frozen=True)
class TableSpec:
    """What ``org.accessible_dice.table`` says: the game, its seats and its referee."""

    game: str
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    referee: str
    dice: str = "random"
    level: str | None = None
    pace: int = DEFAULT_PACE
    #: The language the opener speaks (a code like ``"en"``), for the list of public tables.
    language: str | None = None
    #: Which game at this table is played now (1 for the first; a table can play again).
    number: int = 1
    #: Whose chat the players' programs say (:data:`CHAT`): everyone's, only the seated players', or nobody's.
    chat: str = "open"
    #: The seat request this table event answers (not part of what the table is, so not compared).
    request: str | None = field(default=None, compare=False)

    @property
    def manual(self) -> bool:
        return self.dice == "manual"

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def open_seats(self) -> tuple[int, ...]:
        """The seats nobody has taken yet (a public table's)."""
        return tuple(number for number, seat in enumerate(self.seats) if seat.open)

    def seats_of(self, user: str) -> tuple[int, ...]:
        """The seats ``user`` plays (one, usually; two people at one program share an account)."""
        return tuple(number for number, seat in enumerate(self.seats) if seat.user == user)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": VERSION, "game": self.game, "options": dict(self.options),
                                "seats": [seat.to_json() for seat in self.seats], "referee": self.referee,
                                "dice": self.dice}
        if self.level is not None:
            data["level"] = self.level
        if self.pace != DEFAULT_PACE:
            data["pace"] = self.pace
        if self.language is not None:
            data["language"] = self.language
        if self.number != 1:
            data["number"] = self.number
        if self.chat != "open":
            data["chat"] = self.chat
        if self.request is not None:
            data["request"] = self.request
        return data

    def may_chat(self, user: str) -> bool:
        """Whether ``user``'s chat is said at this table (the referee's notices are never chat)."""
        return self.chat == "open" or (self.chat == "players" and bool(self.seats_of(user)))


@dataclass(frozen=True)
class Request:
    """A seated player's request: ``ask`` is what they ask for (see the module's docstring)."""

    id: str
    seat: int
    ask: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return _content(self)


@dataclass(frozen=True)
class Entry:
    """One accepted step of the game: ``actions`` applied, or the last ``undo`` actions taken back."""

    seq: int
    request: str | None
    actions: tuple[Mapping[str, Any], ...] = ()
    undo: int = 0
    #: The table's game this entry belongs to (:attr:`TableSpec.number`).
    number: int = 1

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": VERSION, "seq": self.seq, "request": self.request}
        if self.number != 1:
            data["number"] = self.number
        if self.undo:
            data["undo"] = self.undo
        else:
            data["actions"] = [dict(action) for action in self.actions]
        return data


@dataclass(frozen=True)
class Refusal:
    """The referee refused a request: the refusal's class and data, to be said in each player's language."""

    request: str
    refusal: str
    data: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return _content(self)


@dataclass(frozen=True)
class Thinking:
    """The computer in ``seat`` is working out the step that will be entry ``seq`` of game ``number``, and it
    has taken longer than a moment; the entry itself says when it is done."""

    seat: int
    seq: int
    number: int = 1

    def to_json(self) -> dict[str, Any]:
        return _content(self)


def _content(event: Request | Refusal | Thinking) -> dict[str, Any]:
    """An event's content: its fields as they are, and the protocol's version."""
    return {"version": VERSION, **{key: dict(value) if isinstance(value, Mapping) else value
                                   for key, value in vars(event).items()}}


# ---------------------------------------------------------------- checking what the room holds


def check_content(content: Any) -> dict[str, Any]:
    """``content`` if it is a JSON object of this protocol's version within every limit; else :class:`BadEvent`."""
    if not isinstance(content, dict):
        raise BadEvent("the content is not an object")
    try:
        size = len(json.dumps(content, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError, RecursionError):
        raise BadEvent("the content is not JSON") from None
    if size > MAX_BYTES:
        raise BadEvent(f"the content is too large ({size} bytes)")
    _check_value(content, 0)
    if content.get("version") != VERSION or isinstance(content.get("version"), bool):
        raise BadEvent(f"version {str(content.get('version'))[:20]!r} is not {VERSION}")
    return content


def _check_value(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise BadEvent("the content is nested too deeply")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > MAX_STRING:
                raise BadEvent("a key is not a short string")
            _check_value(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_value(item, depth + 1)
    elif isinstance(value, str):
        if len(value) > MAX_STRING:
            raise BadEvent("a string is too long")
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int):
        if abs(value) > MAX_NUMBER:
            raise BadEvent("a number is too large")
    else:  # floats: nothing in a table is a fraction
        raise BadEvent(f"a value of type {type(value).__name__} is not allowed")


def _field(content: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = content.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadEvent(f"{key!r} is missing or of the wrong type")
    return value


def _count(content: Mapping[str, Any], key: str, low: int) -> int:
    value: int = _field(content, key, int)
    if value < low:
        raise BadEvent(f"{key!r} is below {low}")
    return value


def _action_object(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise BadEvent("an action is not an object")
    return value


def parse_table(content: Any) -> TableSpec:
    data = check_content(content)
    seats = []
    for item in _field(data, "seats", list):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str) or not item["name"]:
            raise BadEvent("a seat has no name")
        user = item.get("user")
        if user is not None and (not isinstance(user, str) or not _USER_ID.fullmatch(user)):
            raise BadEvent("a seat's user is not a Matrix user id")
        seats.append(Seat(item["name"], user, user is None and item.get("open") is True))
    if not seats:
        raise BadEvent("the table has no seats")
    referee = _field(data, "referee", str)
    if not _USER_ID.fullmatch(referee):
        raise BadEvent("the referee is not a Matrix user id")
    dice = data.get("dice", "random")
    if dice not in DICE:
        raise BadEvent("the dice are neither random nor manual")
    level = data.get("level")
    if level is not None and not isinstance(level, str):
        raise BadEvent("the level is not a word")
    pace = data.get("pace", DEFAULT_PACE)
    if not isinstance(pace, int) or isinstance(pace, bool) or not 0 <= pace <= MAX_PACE:
        raise BadEvent(f"the pace is not a number of milliseconds up to {MAX_PACE}")
    language = data.get("language")
    if language is not None and (not isinstance(language, str) or not _LANGUAGE.fullmatch(language)):
        raise BadEvent("the language is not a language code")
    request = data.get("request")
    if request is not None and (not isinstance(request, str) or not _REQUEST_ID.fullmatch(request)):
        raise BadEvent("the request answered is not an id")
    chat = data.get("chat", "open")
    if chat not in CHAT:
        raise BadEvent("the chat setting is not open, players or off")
    return TableSpec(_field(data, "game", str), _field(data, "options", dict), tuple(seats), referee, dice, level,
                     pace, language, _number(data), chat, request)


def _number(data: Mapping[str, Any]) -> int:
    """Which game at the table an event is of (1 when it says none)."""
    return _count(data, "number", 1) if "number" in data else 1


def parse_request(content: Any) -> Request:
    data = check_content(content)
    request_id = _field(data, "id", str)
    if not _REQUEST_ID.fullmatch(request_id):
        raise BadEvent("the request id is not a short plain word")
    return Request(request_id, _count(data, "seat", 0), _action_object(data.get("ask")))


def parse_entry(content: Any) -> Entry:
    data = check_content(content)
    request = data.get("request")
    if request is not None and not isinstance(request, str):
        raise BadEvent("the request answered is not an id")
    seq = _count(data, "seq", 1)
    if "undo" in data:
        return Entry(seq, request, undo=_count(data, "undo", 1), number=_number(data))
    actions = tuple(_action_object(item) for item in _field(data, "actions", list))
    if not actions:
        raise BadEvent("an entry has no actions")
    return Entry(seq, request, actions, number=_number(data))


def parse_refusal(content: Any) -> Refusal:
    data = check_content(content)
    return Refusal(_field(data, "request", str), _field(data, "refusal", str), _field(data, "data", dict))


def parse_thinking(content: Any) -> Thinking:
    data = check_content(content)
    return Thinking(_count(data, "seat", 0), _count(data, "seq", 1), _number(data))


# ---------------------------------------------------------------- refusals as data


def refusal_name(error: DiceError) -> str:
    """The name a refusal travels under: its class, ``module.Class``."""
    return f"{type(error).__module__}.{type(error).__qualname__}"


def _refusal_classes() -> dict[str, type[DiceError]]:
    """Every refusal class the program has loaded, by :func:`refusal_name`."""
    found: dict[str, type[DiceError]] = {}
    waiting: list[type[DiceError]] = [DiceError]
    while waiting:
        kind = waiting.pop()
        found[f"{kind.__module__}.{kind.__qualname__}"] = kind
        waiting.extend(kind.__subclasses__())
    return found


def refusal_data(error: DiceError) -> dict[str, Any]:
    """A refusal's data as JSON: numbers, words and lists of them as they are, an option by its key."""
    data: dict[str, Any] = {}
    for key, value in error.data.items():
        if isinstance(value, Option):
            data[key] = {"option": value.key}
        elif isinstance(value, tuple | list):
            data[key] = [item if isinstance(item, int | str) else str(item) for item in value]
        elif value is None or isinstance(value, bool | int | str):
            data[key] = value
        else:
            data[key] = str(value)
    return data


def rebuild_refusal(refusal: Refusal, options: tuple[Option, ...] = ()) -> DiceError | None:
    """The refusal the referee sent, as the refusal object the presenter says; ``None`` if it is not one we know.

    Only a loaded :class:`DiceError` subclass is made, never any other class,
    and only when its sentence can be made from the data sent.
    """
    kind = _refusal_classes().get(refusal.refusal)
    if kind is None:
        return None
    by_key = {option.key: option for option in options}
    data: dict[str, Any] = {}
    for key, value in refusal.data.items():
        if isinstance(value, list):
            data[key] = tuple(value)
        elif isinstance(value, dict):
            option = by_key.get(str(value.get("option")))
            if option is None:
                return None
            data[key] = option
        else:
            data[key] = value
    error = kind.__new__(kind)
    error.data = data
    try:
        ValueError.__init__(error, error.render())
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None
    return error
