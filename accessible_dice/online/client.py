"""A player's program at online tables: one Matrix account through matrix-nio, and the tables it sits at.

How a front end uses it (all coroutines; :mod:`accessible_dice.online.background`
runs them for a front end that blocks on input)::

    connection = Connection(homeserver, user_id, access_token, device_id)
    await connection.start()                          # first sync; then it keeps syncing, reconnecting by itself
    room = await connection.open_table("yatzy", {}, [Seat("Ann", me), Seat("Ben", "@ben:hs")],
                                       invite=["@ben:hs"])       # this program is the referee
    # or: await connection.join(invitation.room_id) for one of connection.invitations()
    view = await connection.sit(room)                 # the game replayed from the room; hosts it if we referee
    presenter = presenter_for(view.game, language)    # the local player's words
    await view.move(some_move) / view.throw() / view.roll([3, 4]) / view.undo() / view.say("hi")
    news = await view.news.get()                      # Played, Refused, Chat, RefereeAway, ... (table.News)
    await view.leave()                                # stop listening (the seat stays; come back with sit)
    await connection.close()

Every request carries an id; it is sent again, under the same id, until
the referee answers it (the homeserver keeps one event per transaction id,
the referee answers one request once), so a dropped connection loses none
and applies none twice. A request unanswered for :data:`AWAY_AFTER`
seconds makes :class:`~accessible_dice.online.table.RefereeAway` news.

Nothing is encrypted (Matrix end-to-end encryption is not used in this
version): a front end says so where a table is opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from nio import (
    AsyncClient,
    AsyncClientConfig,
    JoinedRoomsResponse,
    JoinResponse,
    MessageDirection,
    RoomBanResponse,
    RoomCreateResponse,
    RoomGetStateResponse,
    RoomInviteResponse,
    RoomMessagesResponse,
    RoomPreset,
    RoomSendResponse,
    RoomVisibility,
    SyncResponse,
)

from accessible_dice import history, save, saved_games, storage
from accessible_dice.errors import DiceError
from accessible_dice.games.base import Game, Move
from accessible_dice.online import protocol, readable
from accessible_dice.online.chat import trusted_name
from accessible_dice.online.protocol import BadEvent, Entry, Refusal, Request, Seat, TableSpec
from accessible_dice.online.refereeing import Referee
from accessible_dice.online.refusals import ChatForPlayers, ChatIsOff, NoOpenSeat, NotSeated
from accessible_dice.online.room import Listener, OnlineError, RoomRecord, take
from accessible_dice.online.seating import AGAIN, SIT, STAND, AlreadySeated, again
from accessible_dice.online.table import (
    Chat,
    ComputerThinking,
    ConnectionChanged,
    EntryMismatch,
    News,
    OutOfStep,
    Played,
    RefereeAway,
    RefereeBack,
    Refused,
    Reread,
    Reseated,
    Table,
    TakenBack,
    WhileAway,
    last_of,
)
from accessible_dice.save import SaveInfo

log = logging.getLogger(__name__)

#: Seconds a request may wait for the referee before the table hears that the referee is away.
AWAY_AFTER = 8.0
#: Seconds between two sendings of a request still unanswered.
RESEND_EVERY = 3.0
#: How long one sync waits on the homeserver for news (milliseconds).
SYNC_WAIT_MS = 15_000
#: The room version tables are made in: power levels as this protocol relies on them (no privileged creators).
ROOM_VERSION = "10"
#: The power level that may remove (kick or ban) members: the referee's, and the opener's beside a standalone
#: referee, below what the referee's own events need.
REMOVER = 50
#: The longest chat message said; the rest is cut.
CHAT_LIMIT = 1000
_SYNC_FILTER = {"presence": {"types": []}, "account_data": {"types": []},
                "room": {"timeline": {"limit": 50}, "state": {"lazy_load_members": True},
                         "ephemeral": {"types": []}, "account_data": {"types": []}}}


class SignedOut(OnlineError):
    """The homeserver no longer knows this account's access token (revoked, or the session ended elsewhere)."""


def refused(response: Any, what: str) -> OnlineError:
    """The error a homeserver's error answer means: :class:`SignedOut` for a token it no longer knows."""
    if getattr(response, "status_code", None) in SIGNED_OUT:
        return SignedOut(f"{what}: the access token is no longer valid")
    return OnlineError(f"{what}: {getattr(response, 'message', response)}")


#: The homeserver's error codes for a token it does not know (any more).
SIGNED_OUT = ("M_UNKNOWN_TOKEN", "M_MISSING_TOKEN")


class TableNotReady(OnlineError):
    """The room has no table event from its referee (yet: a standalone referee adopts a table when it joins)."""


def power_levels(referee: str, opener: str | None = None) -> dict[str, Any]:
    """The room's power levels: only ``referee`` may send the table, action and refused events (the
    homeserver itself refuses them from anyone else) or change the power levels; it, and the ``opener`` of
    a table with a standalone referee, may remove members (:data:`REMOVER`); everyone may chat, send
    requests and invite."""
    only_referee = dict.fromkeys((*protocol.REFEREE_ONLY, "m.room.power_levels", "m.room.tombstone",
                                  "m.room.server_acl", "m.room.history_visibility", "m.room.join_rules"), 100)
    users = {referee: 100} if opener in (None, referee) else {referee: 100, opener: REMOVER}
    return {"users": users, "users_default": 0, "events": only_referee, "events_default": 0,
            "state_default": 100, "ban": REMOVER, "kick": REMOVER, "redact": 100, "invite": 0,
            "notifications": {"room": 100}}


@dataclass(frozen=True)
class Invitation:
    """An invitation to a room: who invited us (``None`` when not known) and the room's name, which a table's
    room has from its game and players (``None`` for a room without one)."""

    room_id: str
    inviter: str | None
    name: str | None = None


@dataclass(frozen=True)
class TableSummary:
    """A table in progress, for *My tables*: whose turn it is, and whether that is this account."""

    room_id: str
    spec: TableSpec
    turn: int | None
    my_turn: bool
    over: bool


class Connection:
    """One signed-in Matrix account: the nio client, its sync loop, the listeners of its rooms."""

    def __init__(self, homeserver: str, user_id: str, access_token: str, device_id: str | None = None) -> None:
        config = AsyncClientConfig(max_timeouts=2, request_timeout=30, backoff_factor=0.1,
                                   max_timeout_retry_wait_time=2, encryption_enabled=False)
        self.client = AsyncClient(homeserver, user_id, device_id=device_id or "", config=config)
        self.client.restore_login(user_id, device_id or "", access_token)
        self.user_id = user_id
        self.online = False
        #: The homeserver said it no longer knows the access token: nothing works until the player signs in again.
        self.signed_out = False
        self._listeners: dict[str, list[Listener]] = {}
        self._invite_handlers: list[Callable[[str], Awaitable[None]]] = []
        self._sync_task: asyncio.Task[None] | None = None
        #: The rooms this account was invited to (room id -> inviter), as the last sync said.
        self._invited: dict[str, Invitation] = {}
        self._hosted: dict[str, Referee] = {}

    # -- the connection

    async def start(self) -> None:
        """Sync once, then keep syncing; :class:`OnlineError` when the homeserver is away or refuses the token."""
        response = await self._sync(timeout=0)
        if not isinstance(response, SyncResponse):
            raise refused(response, "the homeserver did not answer the sign-in")
        self.online = True
        self._take_invitations(response)
        self._sync_task = asyncio.create_task(self._sync_forever(), name=f"sync {self.user_id}")

    async def close(self) -> None:
        """Stop syncing and hosting, and close the connection (nothing at the tables changes)."""
        for referee in list(self._hosted.values()):
            await referee.stop()
        self._hosted.clear()
        if self._sync_task is not None:
            self._sync_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sync_task
            self._sync_task = None
        await self.client.close()

    async def _sync(self, timeout: int) -> Any:
        try:
            return await self.client.sync(timeout=timeout, sync_filter=_SYNC_FILTER,
                                          since=self.client.next_batch or None)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # aiohttp's and nio's errors of a dropped connection, whatever their class
            log.info("sync failed: %s", error)
            return None

    async def _sync_forever(self) -> None:
        pause = 0.2
        while True:
            response = await self._sync(SYNC_WAIT_MS)
            if getattr(response, "status_code", None) in SIGNED_OUT:
                self.signed_out = True
            if not isinstance(response, SyncResponse):
                if self.online:
                    self.online = False
                    await self._tell_connection(False)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 3.0)
                continue
            pause = 0.2
            if not self.online:
                self.online = True
                await self._tell_connection(True)
            for room_id, room in response.rooms.join.items():
                events = [event.source for event in room.timeline.events if isinstance(event.source, dict)]
                for listener in list(self._listeners.get(room_id, ())):
                    try:
                        await listener.on_events(events, bool(room.timeline.limited))
                    except Exception:  # one table's trouble must not stop every table's sync
                        log.exception("a table could not take its events")
            for room_id in self._take_invitations(response):
                for handler in list(self._invite_handlers):
                    await handler(room_id)

    def _take_invitations(self, response: SyncResponse) -> list[str]:
        new = []
        for room_id, invite in response.rooms.invite.items():
            inviter, name = None, None
            for event in invite.invite_state:
                source = getattr(event, "source", {})
                content = source.get("content")
                if source.get("type") == "m.room.member" and source.get("state_key") == self.user_id:
                    inviter = source.get("sender")
                elif source.get("type") == "m.room.name" and isinstance(content, dict) \
                        and isinstance(content.get("name"), str):
                    name = " ".join(content["name"].split())[:protocol.MAX_STRING] or None
            if room_id not in self._invited:
                new.append(room_id)
            self._invited[room_id] = Invitation(room_id, inviter if isinstance(inviter, str) else None, name)
        for room_id in list(response.rooms.join) + list(response.rooms.leave):
            self._invited.pop(room_id, None)
        return new

    async def _tell_connection(self, online: bool) -> None:
        for listeners in list(self._listeners.values()):
            for listener in list(listeners):
                await listener.on_connection(online)

    def listen(self, room_id: str, listener: Listener) -> None:
        self._listeners.setdefault(room_id, []).append(listener)

    async def deliver(self, room_id: str, event: dict[str, Any]) -> None:
        """Give the listeners of ``room_id`` an event this account has just sent, as the sync will bring it.

        The referee in a player's own program hands its entries to that program's table this way the moment
        the homeserver has taken them, so its player hears a move one sync sooner (docs/online-protocol.md,
        "The host's program"); the copy the sync brings later is the same entry seen twice, and passed over.
        """
        for listener in list(self._listeners.get(room_id, ())):
            try:
                await listener.on_events([event], False)
            except Exception:  # as in the sync loop: one table's trouble must not stop the referee
                log.exception("a table could not take its own referee's event")

    def unlisten(self, room_id: str, listener: Listener) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._listeners[room_id].remove(listener)

    def on_invite(self, handler: Callable[[str], Awaitable[None]]) -> None:
        """Call ``handler(room_id)`` for each new invitation (the standalone referee joins them)."""
        self._invite_handlers.append(handler)

    # -- rooms

    async def send(self, room_id: str, event_type: str, content: dict[str, Any], txn_id: str | None = None) -> str:
        """Send one event; its id, or :class:`OnlineError`. The same ``txn_id`` sent twice makes one event."""
        try:
            response = await self.client.room_send(room_id, event_type, content, tx_id=txn_id or uuid.uuid4().hex)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            raise OnlineError(f"the event could not be sent: {error}") from None
        if not isinstance(response, RoomSendResponse):
            raise refused(response, "the homeserver refused the event")
        return str(response.event_id)

    async def put_state(self, room_id: str, event_type: str, content: dict[str, Any]) -> None:
        try:
            response = await self.client.room_put_state(room_id, event_type, content)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            raise OnlineError(f"the state could not be sent: {error}") from None
        if not hasattr(response, "event_id"):
            raise refused(response, "the homeserver refused the state")

    async def open_table(self, game: str, options: Mapping[str, Any], seats: Sequence[Seat], *,
                         dice: str = "random", level: str | None = None, invite: Iterable[str] = (),
                         public: bool = False, referee: str | None = None, name: str | None = None,
                         pace: int = protocol.DEFAULT_PACE, language: str | None = None,
                         chat: str | None = None) -> str:
        """Open a table: a new room with the table event and power levels; its room id.

        ``chat`` is who may chat (:data:`~accessible_dice.online.protocol.CHAT`); by default everyone at an
        invited table and only the players at a public one, where anybody on the homeserver may watch.

        ``referee`` is this account unless a standalone referee's account is
        given: it is invited, adopts the table when it joins, and only then
        can the table be played. A bad game, option or seat list raises the
        rules' refusal (a :class:`DiceError`) before any room is made.
        """
        referee = referee or self.user_id
        shown = _shown_options(TableSpec(game, dict(options), tuple(seats), referee, dice, level, pace))
        chat = chat or ("players" if public else "open")
        if chat not in protocol.CHAT:
            raise ValueError(f"chat must be one of {protocol.CHAT}, not {chat!r}")
        spec = TableSpec(game, shown, tuple(seats), referee, dice, level, pace, language, chat=chat)
        name = name or readable.room_name(spec)  # what every Matrix app lists the room as
        guests = [user for user in dict.fromkeys([*invite, *(s.user for s in seats if s.user)]) if user != self.user_id]
        # A public table is in the room directory, and readable before joining: its seats are shown there.
        seen = "world_readable" if public else "shared"
        # A standalone referee is invited only once the referee's events are its alone (below): invited at
        # once, it could join first, find the opener still able to send them, and rightly refuse the table.
        guests = [user for user in guests if user != referee]
        levels = power_levels(referee)
        if referee != self.user_id:
            levels["users"] = {referee: 100, self.user_id: 100}  # for the room's first events; handed over below
        response = await self.client.room_create(
            visibility=RoomVisibility.public if public else RoomVisibility.private,
            name=name, room_version=ROOM_VERSION, room_type=protocol.ROOM_TYPE, federate=True,
            preset=RoomPreset.public_chat if public else RoomPreset.private_chat,
            invite=guests, power_level_override=levels,
            initial_state=[{"type": protocol.TABLE, "state_key": "", "content": spec.to_json()},
                           {"type": "m.room.history_visibility", "state_key": "",
                            "content": {"history_visibility": seen}}])
        if not isinstance(response, RoomCreateResponse):
            raise refused(response, "the table could not be opened")
        room_id = str(response.room_id)
        if referee != self.user_id:
            # Hand the referee's events over now: the referee needs them, and the opener must not keep them.
            await self.put_state(room_id, "m.room.power_levels", power_levels(referee, self.user_id))
            invited = await self.client.room_invite(room_id, referee)
            if not isinstance(invited, RoomInviteResponse):
                raise refused(invited, "the referee could not be invited")
        return room_id

    async def join(self, room_id: str) -> None:
        """Join a table we were invited to, or a public one."""
        response = await self.client.join(room_id)
        if not isinstance(response, JoinResponse):
            raise refused(response, "the table could not be joined")
        self._invited.pop(room_id, None)

    async def leave_room(self, room_id: str) -> None:
        """Leave the room for good (the seat's moves stay in its history)."""
        await self.client.room_leave(room_id)

    def invitations(self) -> list[Invitation]:
        """The rooms this account is invited to and has not joined."""
        return list(self._invited.values())

    async def read_room(self, room_id: str) -> RoomRecord:
        """The whole of a room as a table: its state, then every event from the first.

        :class:`OnlineError` when it cannot be read.
        """
        state = await self.client.room_get_state(room_id)
        if not isinstance(state, RoomGetStateResponse):
            raise refused(state, "the table could not be read")
        record = RoomRecord(room_id, None, None, {})
        for event in state.events:
            if not isinstance(event, dict):
                continue
            kind, content = event.get("type"), event.get("content")
            if kind == protocol.TABLE and event.get("state_key") == "":
                try:
                    spec = protocol.parse_table(content)
                except BadEvent as error:
                    log.info("%s: table event ignored: %s", room_id, error)
                    continue
                if event.get("sender") == spec.referee:
                    record.spec = spec
                else:
                    record.proposed = spec
            elif kind == "m.room.power_levels" and isinstance(content, dict):
                record.power_levels = content
            elif kind == "m.room.member" and isinstance(content, dict) and content.get("membership") == "join":
                user = str(event.get("state_key"))
                shown = content.get("displayname")
                record.members[user] = shown if isinstance(shown, str) and shown else user
        referee = (record.spec or record.proposed or TableSpec("", {}, (), "")).referee
        async for event in self._history(room_id):
            take(record, event, referee)
        return record

    async def _history(self, room_id: str) -> Any:
        start: str | None = None
        while True:
            response = await self.client.room_messages(room_id, start=start, direction=MessageDirection.front,
                                                       limit=500)
            if not isinstance(response, RoomMessagesResponse):
                raise refused(response, "the table's history could not be read")
            for event in response.chunk:
                if isinstance(event.source, dict):
                    yield event.source
            if not response.chunk or not response.end or response.end == start:
                return
            start = response.end

    async def summary(self, room_id: str) -> TableSummary | None:
        """Whose turn it is at a table this account joined; ``None`` for a room that is no table."""
        record = await self.read_room(room_id)
        if record.spec is None:
            return None
        try:
            table = Table(record.spec)
        except BadEvent:
            return None
        table.replay(record.entries)
        turn = table.turn_of()
        mine = turn is not None and record.spec.seats[turn].user == self.user_id
        return TableSummary(room_id, record.spec, turn, mine, table.game.is_over())

    async def tables(self) -> list[TableSummary]:
        """*My tables*: every joined room that is a table, with whose turn it is."""
        response = await self.client.joined_rooms()
        if not isinstance(response, JoinedRoomsResponse):
            raise refused(response, "the tables could not be listed")
        rooms = list(response.rooms)
        found = []
        for room_id in rooms:
            try:
                summary = await self.summary(room_id)
            except OnlineError as error:
                log.info("%s: not read: %s", room_id, error)
                continue
            if summary is not None:
                found.append(summary)
        return found

    async def sit(self, room_id: str, *, host: bool = True, wait: float = 30.0) -> TableView:
        """Sit at (or watch) a joined table: its game replayed, its news from now on.

        When this account is the table's referee and ``host`` is true, the
        referee is started here too (the program of the player who opened the
        table referees it). :class:`TableNotReady` when the room has had no
        table event from its referee for ``wait`` seconds.
        """
        view = TableView(self, room_id)
        self.listen(room_id, view)
        try:
            deadline = time.monotonic() + wait
            while True:
                record = await self.read_room(room_id)
                if record.spec is not None or time.monotonic() > deadline:
                    break
                await asyncio.sleep(1.0)
            if record.spec is None:
                raise TableNotReady("the table's referee has not set the table up")
            if host and record.spec.referee == self.user_id:
                await self.host(room_id)
            await view.start(record)
        except BaseException:
            self.unlisten(room_id, view)
            raise
        return view

    def hosting(self, room_id: str) -> Referee | None:
        """The :class:`~accessible_dice.online.refereeing.Referee` of ``room_id`` when this program hosts it."""
        return self._hosted.get(room_id)

    async def host(self, room_id: str) -> None:
        """Referee ``room_id`` from this program (once; it stops with :meth:`close`)."""
        if room_id in self._hosted:
            return
        referee = Referee(self, room_id)
        self._hosted[room_id] = referee
        try:
            await referee.start()
        except BaseException:
            self._hosted.pop(room_id, None)
            raise


def _played_again(request: Request, record: RoomRecord) -> bool:
    """Whether ``request`` asks for a new game after one the table has already moved past."""
    asked = request.ask.get(AGAIN) if set(request.ask) == {AGAIN} else None
    return isinstance(asked, int) and record.spec is not None and asked < record.spec.number


def local_copy(room_id: str, user_id: str) -> Path:
    """Where this program keeps its copy of a table's game: the data folder's ``online`` folder, by room and account."""
    key = hashlib.sha256(f"{user_id} {room_id}".encode()).hexdigest()[:24]
    return storage.data_dir() / "online" / f"{key}.json"


def _shown_options(spec: TableSpec) -> dict[str, Any]:
    """The table's options as a save shows them, after the rules checked them (their refusal if not)."""
    from accessible_dice.games import game_class

    game = game_class(spec.game)(spec.players, dict(spec.options))
    return {option.key: option.show(game.options[option.key]) for option in game.options_spec}


def _rebuilt(old: Table, new: Table) -> Table:
    """``new``, keeping ``old``'s game object where it is the same game (a seat taken and renamed after its
    player): a presenter holding the game goes on with the new names."""
    if type(new.game) is type(old.game):
        old.game.__dict__.clear()
        old.game.__dict__.update(new.game.__dict__)
        new.game = old.game
    return new


class TableView:
    """A table as this account's program sees it: the replayed game, its requests, its news.

    ``news`` is an :class:`asyncio.Queue` of :data:`~accessible_dice.online.table.News`
    for the front end to say with its own presenter; ``game`` is the game
    object a presenter holds (rebuilt in place, never replaced).
    """

    def __init__(self, connection: Connection, room_id: str) -> None:
        self.connection = connection
        self.room_id = room_id
        self.news: asyncio.Queue[News] = asyncio.Queue()
        self.table: Table | None = None
        self.members: dict[str, str] = {}
        self.power_levels: dict[str, Any] = {}
        #: This program's requests not yet answered, with when each was first sent and last sent.
        self.pending: dict[str, tuple[Request, float, float]] = {}
        self._mine: set[str] = set()
        #: The step (game number, seq) a computer was last said to be thinking over.
        self._thinking: tuple[int, int] | None = None
        self._waiting: list[tuple[list[dict[str, Any]], bool]] | None = []
        self._away = False
        #: The games of this table put into the score history by this program (by number).
        self._recorded: set[int] = set()
        self._watch: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        #: This program's requests being answered by its own referee (kept until done).
        self._answering: set[asyncio.Task[None]] = set()
        #: Who sent each chat message heard (by event id): only a message's sender may correct it.
        self._chat_senders: dict[str, str] = {}
        #: The local copy of the table's game, a save like any other, written after each entry (the room is
        #: the record; this copy lets a player review, or play on alone, should the homeserver lose it).
        self.local_copy = local_copy(room_id, connection.user_id)

    # -- what a front end reads

    @property
    def spec(self) -> TableSpec:
        assert self.table is not None, "the table is read when sit() returns"
        return self.table.spec

    @property
    def game(self) -> Game:
        assert self.table is not None, "the table is read when sit() returns"
        return self.table.game

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this account plays (empty for a spectator)."""
        return self.spec.seats_of(self.connection.user_id)

    def my_turn(self) -> bool:
        turn = self.game.current_player()
        return turn is not None and turn in self.seats

    # -- starting, re-reading

    async def start(self, record: RoomRecord) -> None:
        assert record.spec is not None
        self.table = Table(record.spec)
        await self._load(record, first=True)
        waiting, self._waiting = self._waiting or [], None
        for events, limited in waiting:
            await self.on_events(events, limited)
        self._watch = asyncio.create_task(self._watchdog(), name=f"watch {self.room_id}")

    async def _load(self, record: RoomRecord, first: bool = False) -> None:
        assert self.table is not None and record.spec is not None
        # A seat taken or given up, a new game (the table event again): said as such, so a front end takes its
        # seats and game anew.
        before = self.table.spec
        changed = record.spec != before
        if first:
            for finished in record.finished():
                self._record(finished)
        elif changed and record.spec.number != before.number:
            self._record(self.table)  # the game that ended, before its object becomes the new game's
        if changed:
            if replace(record.spec, seats=before.seats) == before and record.spec.players == before.players:
                self.table.spec = record.spec  # a seat taken: the same game, the same game object
            else:
                self.table = _rebuilt(self.table, Table(record.spec))
        self.members = dict(record.members)
        self.power_levels = dict(record.power_levels)
        me = self.connection.user_id
        mine = [request.id for sender, request in record.requests if sender == me]
        self._mine.update(mine)
        answered = record.answered()
        now = time.monotonic()
        seats = record.spec.seats_of(me)
        for sender, request in record.requests:
            # Only a request for a seat of ours gets an answer, or one for an open seat.
            if sender == me and request.id not in answered and request.id not in self.pending \
                    and (request.seat in seats or dict(request.ask) == SIT) and not _played_again(request, record):
                self.pending[request.id] = (request, now, now)
        for request_id, (request, _first, _last) in list(self.pending.items()):
            if _played_again(request, record):  # another player asked first: the new game is the answer
                await self._answered(request_id)
        entries = record.current()
        fits = not first and not changed and entries[:self.table.seq] == self.table.entries
        # Only the new entries, said as they come; else the whole game again.
        if not (fits and all([await self._apply(entry) for entry in entries[self.table.seq:]])):
            bad = self.table.replay(entries)
            if bad is not None:
                log.warning("%s: entries from %s on that do not fit are left out (at entry %s)", self.room_id, bad,
                            self.table.seq)
            if changed and not first:
                await self.news.put(Reseated(self.table.seq, before, record.spec))
            elif not first:
                await self.news.put(Reread(self.table.seq))
        for refusal in record.refusals:
            await self._refusal(refusal)
        for request_id in answered:
            await self._answered(request_id)
        if first and mine:
            heard = max(last_of(self.table.entries, mine), self._heard_before())
            await self.news.put(WhileAway(self.table.since(heard)))
        self._keep_copy()

    async def reread(self) -> None:
        """Read the whole room again and rebuild the game in place (after a gap or an entry that did not fit)."""
        async with self._lock:
            record = await self.connection.read_room(self.room_id)
            if record.spec is None:
                log.warning("%s: the table event is gone; keeping the table as it was", self.room_id)
                return
            await self._load(record)

    # -- listening

    async def on_events(self, events: list[dict[str, Any]], limited: bool) -> None:
        if self._waiting is not None:
            self._waiting.append((events, limited))
            return
        if limited:
            await self.reread()
            return
        for event in events:
            await self._take(event)

    async def on_connection(self, online: bool) -> None:
        await self.news.put(ConnectionChanged(lost=not online))
        if online:
            await self.reread()
            await self._resend(force=True)

    async def _take(self, event: dict[str, Any]) -> None:
        assert self.table is not None
        kind, sender, content = event.get("type"), event.get("sender"), event.get("content")
        referee = self.table.spec.referee
        try:
            if kind == protocol.ACTION and sender == referee:
                await self._entry(protocol.parse_entry(content))
            elif kind == protocol.REFUSED and sender == referee:
                await self._refusal(protocol.parse_refusal(content))
            elif kind == protocol.THINKING and sender == referee:
                thinking = protocol.parse_thinking(content)
                step = (thinking.number, thinking.seq)
                # Said once (the referee's own program has it twice: delivered at once, then synced), and only
                # while that step is still to come.
                if step == (self.table.spec.number, self.table.seq + 1) and step != self._thinking \
                        and self.table.game.current_player() == thinking.seat:
                    self._thinking = step
                    await self.news.put(ComputerThinking(thinking.seat))
            elif kind == protocol.TABLE and sender == referee:
                spec = protocol.parse_table(content)
                if spec != self.table.spec:
                    await self.reread()
                if spec.request is not None:
                    await self._answered(spec.request)
            elif kind == "m.room.message" and isinstance(sender, str) and sender != self.connection.user_id:
                await self._chat(sender, event)
            elif kind == "m.room.member" and isinstance(content, dict) and content.get("membership") == "join":
                shown = content.get("displayname")
                user = str(event.get("state_key"))
                self.members[user] = shown if isinstance(shown, str) and shown else user
            elif kind in protocol.REFEREE_ONLY:
                log.info("%s: %s from %s ignored: not the referee", self.room_id, kind, sender)
        except BadEvent as error:
            log.info("%s: %s from %s ignored: %s", self.room_id, kind, sender, error)

    async def _entry(self, entry: Entry) -> None:
        """A live entry: applied and said; one that does not fit makes the table re-read the room."""
        assert self.table is not None
        if not await self._apply(entry):
            await self.news.put(OutOfStep(entry.seq))
            await self.reread()

    async def _apply(self, entry: Entry) -> bool:
        """Apply ``entry`` and put its news; ``False`` (and nothing changed) when it does not fit."""
        assert self.table is not None
        try:
            news = self.table.receive(entry)
        except EntryMismatch as mismatch:
            log.warning("%s: %s", self.room_id, mismatch)
            return False
        if news is None:
            return True
        mine = entry.request is not None and entry.request in self._mine
        if entry.request is not None:
            await self._answered(entry.request)
        if isinstance(news, Played):
            news = Played(news.seq, news.events, news.actions, mine)
        else:
            news = TakenBack(news.seq, news.actions, mine)
        await self.news.put(news)
        # The front end takes the news first: the copy is a spare of what the room holds, and writing it (to
        # disk, synced) must not hold up what the player hears.
        await asyncio.sleep(0)
        self._keep_copy()
        return True

    async def _refusal(self, refusal: Refusal) -> None:
        if refusal.request not in self.pending:
            return  # another program's request, or one already answered
        await self._answered(refusal.request)
        error = protocol.rebuild_refusal(refusal, self.game.options_spec)
        await self.news.put(Refused(refusal.request, error))

    def _heard_before(self) -> int:
        """The last entry this program had applied when it last stopped, as its local copy says (0 without one)."""
        assert self.table is not None
        try:
            copy = save.read(self.local_copy)
        except save.BadSave:
            return 0
        return self.table.heard_up_to(copy.history)

    def _record(self, table: Table) -> None:
        """A finished game this account played into its score history (once: the history keys each game by its
        actions), so a table that plays again keeps every result; a history that cannot take it is logged."""
        if not table.game.is_over() or not table.spec.seats_of(self.connection.user_id) \
                or table.spec.number in self._recorded:
            return
        try:
            saved_games.record(table.game, SaveInfo(dice=table.spec.dice), history.history_path())
        except history.HistoryUnavailable as error:
            log.warning("%s: game %s not put into the score history: %s", self.room_id, table.spec.number, error)
            return
        self._recorded.add(table.spec.number)

    def _keep_copy(self) -> None:
        assert self.table is not None
        self._record(self.table)
        try:
            self.local_copy.parent.mkdir(parents=True, exist_ok=True)
            save.write(self.table.game, self.local_copy, SaveInfo(dice=self.table.spec.dice).touched())
        except OSError as error:  # the room still holds the game; the copy is a spare
            log.info("%s: the local copy could not be written: %s", self.room_id, error)

    async def _answered(self, request_id: str) -> None:
        self.pending.pop(request_id, None)
        if self._away and not self.pending:
            self._away = False
            await self.news.put(RefereeBack())

    async def _chat(self, sender: str, event: dict[str, Any]) -> None:
        """A chat message, or a correction of one of the sender's own (a Matrix edit, said as the corrected
        line); the name it is said with is one the players can trust (:func:`~accessible_dice.online.chat.
        trusted_name`). The referee's notices that put its entries in words are not chat."""
        assert self.table is not None
        content = event.get("content")
        if not isinstance(content, dict) or content.get("msgtype") not in ("m.text", "m.emote", "m.notice"):
            return
        if sender == self.table.spec.referee and protocol.NOTICE_OF in content:
            return
        if not self.table.spec.may_chat(sender):  # the opener chose who may chat (protocol.CHAT)
            log.info("%s: chat from %s not said: this table's chat is %s", self.room_id, sender, self.table.spec.chat)
            return
        relation = content.get("m.relates_to")
        corrects = None
        if isinstance(relation, dict) and relation.get("rel_type") == "m.replace":
            corrects = relation.get("event_id")
            replaced = content.get("m.new_content")
            if not isinstance(corrects, str) or not isinstance(replaced, dict):
                return
            if self._chat_senders.get(corrects, sender) != sender:
                log.info("%s: %s's correction of another's message ignored", self.room_id, sender)
                return
            content = replaced
        body = content.get("body")
        if not isinstance(body, str) or not body.strip():
            return
        text = " ".join(body.split())[:CHAT_LIMIT]
        event_id = str(event.get("event_id", ""))
        self._chat_senders[event_id] = sender
        name, seated = trusted_name(sender, self.table.spec, self.members)
        await self.news.put(Chat(sender, name, text, seated, event_id, corrects))

    # -- acting

    async def ask(self, ask: Mapping[str, Any], seat: int | None = None) -> str:
        """Send a request (see :mod:`~accessible_dice.online.protocol`); its id.

        ``seat`` defaults to this account's seat that is to act now, else its
        first. A spectator's request is refused here with :class:`NotSeated`.
        The answer comes as news; until then the request is sent again by itself.
        """
        seats = self.seats
        if not seats:
            raise NotSeated()
        if seat is None:
            turn = self.game.current_player()
            seat = turn if turn in seats else seats[0]
        return await self._send_request(Request(uuid.uuid4().hex, seat, dict(ask)))

    async def _send_request(self, request: Request) -> str:
        """Send ``request`` (again by itself until it is answered); its id."""
        now = time.monotonic()
        self.pending[request.id] = (request, now, now)
        self._mine.add(request.id)
        referee = self.connection.hosting(self.room_id)
        if referee is not None and referee.ready:
            # The referee is this program: it answers at once, and the room hears only its entry (or refusal),
            # which this table applies as soon as the homeserver has taken it (Connection.deliver). In a task, so
            # the player never waits on the referee's lock (a computer's long first step). Should the entry not
            # get out, the request goes to the room as any other after RESEND_EVERY.
            answering = asyncio.create_task(referee.local(request), name=f"local request {request.id}")
            self._answering.add(answering)
            answering.add_done_callback(self._answering.discard)
            return request.id
        try:
            await self.connection.send(self.room_id, protocol.REQUEST, request.to_json(), txn_id=request.id)
        except OnlineError as error:
            log.info("%s: request %s not sent yet (%s); it will be", self.room_id, request.id, error)
        return request.id

    async def move(self, move: Move, seat: int | None = None) -> str:
        """Ask for one of the game's moves."""
        return await self.ask(move.to_json(), seat)

    async def throw(self, seat: int | None = None) -> str:
        """Ask the referee to throw the random dice due (after the game's re-throw move, where it has one)."""
        return await self.ask({"throw": True}, seat)

    async def roll(self, values: Sequence[int], seat: int | None = None) -> str:
        """Give the values of real dice just thrown (a manual-dice table)."""
        return await self.ask({"roll": list(values)}, seat)

    async def undo(self, seat: int | None = None) -> str:
        """Ask to take back the last step, as the rules of undo allow (the referee decides)."""
        return await self.ask({"undo": True}, seat)

    async def sit_down(self, seat: int | None = None) -> str:
        """Ask for an open seat (the first one unless ``seat`` is given); the table event then names this account
        (:class:`~accessible_dice.online.table.Reseated` news), or the refusal comes as news.

        :class:`NoOpenSeat` when no seat is open; :class:`AlreadySeated` for a member with a seat.
        """
        open_seats = self.spec.open_seats()
        if self.seats:
            raise AlreadySeated()
        if not open_seats or (seat is not None and seat not in open_seats):
            raise NoOpenSeat()
        return await self._send_request(Request(uuid.uuid4().hex, open_seats[0] if seat is None else seat, SIT))

    async def stand_up(self) -> str:
        """Give this account's seat up between games (it is open again, for anyone to take); the answer comes
        as news. :class:`NotSeated` for a spectator."""
        return await self.ask(STAND, self.seats[0] if self.seats else None)

    async def play_again(self) -> str:
        """Ask for a new game at the table, its game being over (the referee refuses it while it is played)."""
        return await self.ask(again(self.spec.number))

    async def say(self, text: str) -> None:
        """Send a chat message to the table (an ordinary Matrix text message); refused, and nothing sent, where
        the table's chat setting would have nobody say it."""
        if not self.spec.may_chat(self.connection.user_id):
            raise ChatIsOff() if self.spec.chat == "off" else ChatForPlayers()
        await self.connection.send(self.room_id, "m.room.message", {"msgtype": "m.text", "body": text[:CHAT_LIMIT]})

    def may_remove(self) -> bool:
        """Whether this account may remove members from the table's room (its power level allows a ban)."""
        levels = self.power_levels
        try:
            mine = int(dict(levels.get("users", {})).get(self.connection.user_id, levels.get("users_default", 0)))
            return mine >= int(levels.get("ban", 50))
        except (TypeError, ValueError):
            return False

    async def remove(self, user: str) -> None:
        """Put ``user`` out of the table's room for good (a ban: they cannot come back by themselves)."""
        response = await self.connection.client.room_ban(self.room_id, user)
        if not isinstance(response, RoomBanResponse):
            raise refused(response, "the member could not be removed")

    def check_locally(self, move: Move) -> DiceError | None:
        """The rules' refusal of ``move`` now, checked here before asking (``None`` when it is legal)."""
        try:
            self.game.check_move(move)
        except DiceError as error:
            return error
        return None

    # -- waiting for the referee

    async def _watchdog(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            oldest = min((first for _request, first, _last in self.pending.values()), default=now)
            if not self._away and oldest < now - AWAY_AFTER:
                self._away = True
                await self.news.put(RefereeAway())
            await self._resend()

    async def _resend(self, force: bool = False) -> None:
        now = time.monotonic()
        for request_id, (request, first, last) in list(self.pending.items()):
            if not force and now - last < RESEND_EVERY:
                continue
            try:
                await self.connection.send(self.room_id, protocol.REQUEST, request.to_json(), txn_id=request.id)
            except OnlineError:
                return
            if request_id in self.pending:
                self.pending[request_id] = (request, first, now)

    async def leave(self) -> None:
        """Stop listening to the table (the seat stays: :meth:`Connection.sit` comes back to it)."""
        self.connection.unlisten(self.room_id, self)
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
            self._watch = None
