"""The referee: the one program that holds a table's authoritative game, throws its dice and answers requests.

By default it runs in the program of the player who opened the table
(:meth:`Connection.sit <accessible_dice.online.client.Connection.sit>` starts
it there); :mod:`accessible_dice.online.referee` runs it as a standalone bot
that joins every table it is invited to referee and hosts any number of them
at once. It reads the room with :mod:`.room`, below the client, and uses of
its connection only what :class:`Link` declares, so the client that starts it
is not imported here.

For each request it checks that the sender plays the seat asked for
(anyone else's request is ignored with a line in the log), that the seat is
to act, and then the action itself with the rules' checked entry point,
through the same :class:`~accessible_dice.session.Session` as at home: a
refusal goes back as the refusal's class and data, an accepted action as
the next numbered entry with the request's id. Each request is answered
once, whatever how often it arrives. Computers' moves follow as entries of
their own. The referee keeps nothing the room does not: started again, it
reads the room, rebuilds the game from its own entries and answers the
requests still waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

from accessible_dice.errors import DiceError
from accessible_dice.games.base import Action, Event, GameIsOver, Move, Roll
from accessible_dice.online import protocol, readable
from accessible_dice.online.protocol import Entry, Refusal, Request
from accessible_dice.online.refusals import DiceByReferee, NotYourTurn, TypeYourDice
from accessible_dice.online.room import Listener, OnlineError, RoomRecord, take
from accessible_dice.online.seating import SIT, check_playing, is_seat_request, reseated
from accessible_dice.online.table import Table
from accessible_dice.session import PREPARE_NOTICE, Session
from accessible_dice.strategy.common import DEFAULT_LEVEL, LEVELS

log = logging.getLogger(__name__)

#: How often an entry or a refusal is tried before the referee gives up and reads the table again.
SEND_ATTEMPTS = 30
#: Seconds a computer's step may take before the room is told it is thinking (as at home: the session's
#: PREPARE_NOTICE).
THINKING_NOTICE = PREPARE_NOTICE
#: Seconds the words of an entry wait for more entries to come, to go out in one notice with them.
NOTICE_PAUSE = 1.0
#: The most entries one notice says (a table that never pauses still gets its words).
NOTICE_MOST = 20
#: What other Matrix apps are told: an entry's words (the game's number, its seq, the words), or the room's
#: name to send again.
Told = tuple[int, int, str] | Callable[[], Awaitable[object]]


class Link(Protocol):
    """What a referee uses of its account's connection (:class:`~accessible_dice.online.client.Connection`):
    declared here, below the client, which starts a referee for a table this account referees."""

    user_id: str

    def listen(self, room_id: str, listener: Listener) -> None: ...

    def unlisten(self, room_id: str, listener: Listener) -> None: ...

    async def deliver(self, room_id: str, event: dict[str, Any]) -> None: ...

    async def send(self, room_id: str, event_type: str, content: dict[str, Any], txn_id: str | None = None) -> str: ...

    async def put_state(self, room_id: str, event_type: str, content: dict[str, Any]) -> None: ...

    async def read_room(self, room_id: str) -> RoomRecord: ...


class Referee:
    """One table refereed by this program's account."""

    def __init__(self, connection: Link, room_id: str) -> None:
        self.connection = connection
        self.room_id = room_id
        self.session: Session | None = None
        self.spec: protocol.TableSpec | None = None
        #: The game here went ahead of the room (an entry could not be sent): rebuild it from the room.
        self.stale = False
        self.seq = 0
        self.answered: set[str] = set()
        self._lock = asyncio.Lock()
        #: The tasks taking this table's events, in the order they came (see :meth:`on_events`).
        self._working: set[asyncio.Task[None]] = set()
        #: The task playing the computers' seats, at the table's pace (one at a time).
        self._computing: asyncio.Task[None] | None = None
        #: Per process, so a retried send is one event and two processes never share a transaction id.
        self._txn = secrets.token_hex(6)
        #: What other Matrix apps are to be told (the entries' notices, the room's name), waiting to be sent.
        self._notices: asyncio.Queue[Told] = asyncio.Queue()
        self._telling: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Read the room, rebuild the game from this referee's entries, answer what waits; then listen."""
        self.connection.listen(self.room_id, self)
        self._telling = asyncio.create_task(self._tell_other_apps(), name=f"notices {self.room_id}")
        await self._catch_up()

    async def stop(self) -> None:
        self.connection.unlisten(self.room_id, self)
        for task in [*self._working, self._computing, self._telling]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _catch_up(self) -> None:
        async with self._lock:
            record = await self.connection.read_room(self.room_id)
            if record.spec is None or record.spec.referee != self.connection.user_id:
                log.warning("%s: not refereed here (no table event of ours)", self.room_id)
                return
            table = Table(record.spec)
            bad = table.replay(record.entries)
            if bad is not None:
                log.warning("%s: our entry %s does not apply; refereeing from entry %s", self.room_id, bad, table.seq)
            self.spec = record.spec
            self.session = Session(table.game, manual=record.spec.manual)
            self.stale = False
            self.seq = table.seq
            self.answered = record.answered()
            for sender, request in record.requests:
                await self._handle(sender, request)
            self._computers()

    # -- listening (the same calls the client's tables get)

    async def on_events(self, events: list[dict[str, Any]], limited: bool) -> None:
        """Take the events in a task of this table's: the answers' round trips to the homeserver then hold up
        neither the sync loop nor the other tables (one referee hosts many); the table's lock keeps its
        requests in the order they came."""
        task = asyncio.create_task(self._take_events(events, limited), name=f"requests {self.room_id}")
        self._working.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._working.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s: requests not taken", self.room_id, exc_info=task.exception())

    async def _take_events(self, events: list[dict[str, Any]], limited: bool) -> None:
        if limited or self.stale:
            await self._catch_up()
            return
        record = RoomRecord(self.room_id, None, None, {})
        for event in events:
            if event.get("type") == protocol.REQUEST:
                take(record, event, self.connection.user_id)
        async with self._lock:
            for sender, request in record.requests:
                await self._handle(sender, request)
            self._computers()

    async def on_connection(self, online: bool) -> None:
        if online:
            await self._catch_up()

    # -- answering

    async def _handle(self, sender: str, request: Request) -> None:
        session, spec = self.session, self.spec
        if session is None or spec is None or request.id in self.answered:
            return
        seats = spec.seats
        if dict(request.ask) != SIT and (request.seat >= len(seats) or seats[request.seat].user != sender):
            log.info("%s: request %s from %s for seat %s ignored: not their seat",
                     self.room_id, request.id, sender, request.seat)
            return
        if is_seat_request(request.ask):
            await self._seat(sender, request)
            return
        before = len(session.game.history)
        try:
            check_playing(spec)
            events, taken = self._carry_out(session, request)
        except DiceError as error:
            await self._refuse(request, error)
            return
        except Exception:  # values of a type no rule expects: untrusted data, never a crash
            log.info("%s: request %s is not readable; ignored", self.room_id, request.id)
            self.answered.add(request.id)
            # Should anything have been applied before it broke, the room decides again what the game is.
            self.stale = len(session.game.history) != before
            return
        self.answered.add(request.id)
        if taken:
            await self._publish(request.id, taken=taken)
        else:
            await self._publish(request.id, session.game.history[before:], events)

    async def local(self, request: Request) -> None:
        """A request of this program's own player: checked and answered at once, as one from the room would be,
        but with no request event (the entry or the refusal is the first the room hears of it)."""
        async with self._lock:
            try:
                await self._handle(self.connection.user_id, request)
            except Exception:  # the request is still pending at the player's: it goes to the room
                log.exception("%s: own request %s not answered here", self.room_id, request.id)
                return
            self._computers()

    @property
    def ready(self) -> bool:
        """Whether this referee holds the table's game (it read the room and referees it)."""
        return self.session is not None and not self.stale

    async def _refuse(self, request: Request, error: DiceError) -> None:
        self.answered.add(request.id)
        refusal = Refusal(request.id, protocol.refusal_name(error), protocol.refusal_data(error))
        await self._send(protocol.REFUSED, refusal.to_json())

    async def _seat(self, sender: str, request: Request) -> None:
        """A seat taken or given up, or a new game: the table event sent again (naming the request), the game
        built afresh with its players; refused when the seat is not open or the game is being played."""
        assert self.spec is not None and self.session is not None
        try:
            spec = reseated(self.spec, self.session.game, self.seq, sender, request.seat, request.ask)
        except DiceError as error:
            await self._refuse(request, error)
            return
        self.answered.add(request.id)
        if spec == self.spec:
            return
        spec = replace(spec, request=request.id)
        try:
            await self.connection.put_state(self.room_id, protocol.TABLE, spec.to_json())
        except OnlineError as error:  # not taken: the request is sent again and asked anew
            self.answered.discard(request.id)
            log.info("%s: seat %s not changed yet (%s)", self.room_id, request.seat, error)
            return
        if spec.players != self.spec.players:  # the room's name says who plays
            self._notices.put_nowait(partial(self.connection.put_state, self.room_id, "m.room.name",
                                             {"name": readable.room_name(spec)}))
        # Seats change only between games (no move is played while one is open, and a change after the end
        # begins the next game), so the game starts afresh with its players' names.
        self.spec, self.session = spec, Session(Table(spec).game, manual=spec.manual)
        self.seq = 0
        self._computers()

    def _carry_out(self, session: Session, request: Request) -> tuple[list[Event], tuple[Action, ...]]:
        """Apply what ``request`` asks for (a refusal raises): the events it caused, and the actions an undo
        took back."""
        game, ask = session.game, request.ask
        if set(ask) == {"undo"}:
            return [], self._undo(session, request.seat)
        turn = game.current_player()
        if turn is None:
            raise GameIsOver()
        dice_for_computer = session.manual and game.dice_request() is not None and turn in session.computers
        if turn != request.seat and not dice_for_computer:
            raise NotYourTurn(name=game.players[turn])
        if set(ask) == {"throw"}:
            if session.manual:
                raise TypeYourDice()
            return session.roll(), ()
        if "roll" in ask:
            if not session.manual:
                raise DiceByReferee()
            values = ask["roll"]
            return session.enter(" ".join(str(value) for value in values) if isinstance(values, list)
                                 else str(values)), ()
        action = game.action_from_json(ask)
        assert isinstance(action, Move | Roll)
        return session.act(action), ()

    def _undo(self, session: Session, seat: int) -> tuple[Action, ...]:
        steps = list(session.timeline.steps)
        taken = session.undo()
        first = steps[len(steps) - len(taken)]
        if first.player != seat:
            session.redo()
            raise NotYourTurn(name=session.game.players[first.player])
        return taken

    def _computers(self) -> None:
        """Have the computers play their seats, unless they already are: in a task of their own, so the
        table's pause before each of their steps holds up neither the sync loop nor any other table."""
        if self._computing is None or self._computing.done():
            self._computing = asyncio.create_task(self._play_computers(), name=f"computers {self.room_id}")

    async def _play_computers(self) -> None:
        """Each step a computer is due, after the table's pace, until a person is to act (or the game ends)."""
        while self._computer_due():
            assert self.spec is not None
            await asyncio.sleep(self.spec.pace / 1000)
            async with self._lock:
                session, spec = self.session, self.spec
                if session is None or spec is None or not self._computer_due():
                    return
                level = spec.level if spec.level in LEVELS else DEFAULT_LEVEL
                before = len(session.game.history)
                # On a thread: the first Yatzy step builds the strategy table where the shipped one is missing
                # or damaged (half a minute), and the loop must go on syncing and answering every other table
                # meanwhile. This table's lock keeps its own requests waiting until the step is done.
                step = asyncio.ensure_future(asyncio.to_thread(session.computer_step, level or DEFAULT_LEVEL))
                done, _pending = await asyncio.wait({step}, timeout=THINKING_NOTICE)
                if not done:
                    await self._tell_thinking(session)
                events = await step
                await self._publish(None, session.game.history[before:], events)

    async def _tell_thinking(self, session: Session) -> None:
        """Tell the room that the computer to act is taking long (:data:`protocol.THINKING`), once per step:
        each player's program says so in its own words, so nobody waits in silence. Tried once: it is a
        courtesy, and the entry that follows is the record."""
        assert self.spec is not None
        seat = session.game.current_player()
        if seat is None:
            return
        content = protocol.Thinking(seat, self.seq + 1, self.spec.number).to_json()
        try:
            event_id = await self.connection.send(self.room_id, protocol.THINKING, content,
                                                  f"{self._txn}-{self.spec.number}-{self.seq + 1}-thinking")
        except OnlineError as error:
            log.info("%s: the computer's long step not told (%s)", self.room_id, error)
            return
        await self.connection.deliver(self.room_id, {"type": protocol.THINKING, "sender": self.connection.user_id,
                                                     "content": content, "event_id": event_id})

    def _computer_due(self) -> bool:
        return (self.session is not None and self.spec is not None and not self.stale and not self.spec.open_seats()
                and self.session.computer_to_act())

    async def _publish(self, request: str | None, actions: Sequence[Action] = (), events: Sequence[Event] = (),
                       taken: Sequence[Action] = ()) -> None:
        """The next entry: the ``actions`` applied (and the ``events`` they caused), or an undo of ``taken``;
        then, for other Matrix apps, its notice in words (:mod:`~accessible_dice.online.readable`)."""
        self.seq += 1
        assert self.spec is not None and self.session is not None
        entry = Entry(self.seq, request, tuple(action.to_json() for action in actions), len(taken), self.spec.number)
        # The game's number too: each game's entries are numbered from 1, and a transaction id sent again is one event.
        txn = f"{self._txn}-{self.spec.number}-{self.seq}"
        await self._send(protocol.ACTION, entry.to_json(), txn)
        try:
            words = readable.entry_words(self.spec, self.session.game, events, taken)
        except Exception:  # the words are a courtesy to other apps; the entry is the record
            log.exception("%s: entry %s not put in words", self.room_id, self.seq)
            words = None
        if words is not None:
            self._notices.put_nowait((self.spec.number, self.seq, words))

    async def _tell_other_apps(self) -> None:
        """Send the entries' words and the room's name in order, after the entries (so no entry waits for its
        words): the words of entries that come within :data:`NOTICE_PAUSE` of each other in one notice (at most
        :data:`NOTICE_MOST`). One that cannot be sent is left out (the entry is the record)."""
        waiting: Told | None = None
        while True:
            told = waiting or await self._notices.get()
            waiting = None
            try:
                if callable(told):
                    await told()
                    continue
                number, seq, words = told
                said = [(seq, words)]
                while len(said) < NOTICE_MOST:
                    try:
                        waiting = await asyncio.wait_for(self._notices.get(), NOTICE_PAUSE)
                    except asyncio.TimeoutError:
                        break
                    if callable(waiting) or waiting[0] != number:
                        break
                    said.append(waiting[1:])
                    waiting = None
                await self.connection.send(self.room_id, "m.room.message", readable.notice(number, said),
                                           f"{self._txn}-{number}-{said[0][0]}-{said[-1][0]}-words")
            except OnlineError as error:
                log.info("%s: words for other apps not sent (%s)", self.room_id, error)

    async def _send(self, kind: str, content: dict[str, Any], txn: str | None = None) -> None:
        """Send until the homeserver takes it: the game here is already past it, so it must get out."""
        txn = txn or f"{self._txn}-{secrets.token_hex(6)}"
        pause = 0.2
        for _attempt in range(SEND_ATTEMPTS):
            try:
                event_id = await self.connection.send(self.room_id, kind, content, txn)
            except OnlineError as error:
                log.info("%s: %s not sent yet (%s)", self.room_id, kind, error)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 3.0)
                continue
            # The room has it now: a table in this same program applies it at once, not a sync later.
            await self.connection.deliver(self.room_id, {"type": kind, "sender": self.connection.user_id,
                                                         "content": content, "event_id": event_id})
            return
        log.error("%s: %s could not be sent; the table will be read again", self.room_id, kind)
        self.stale = True
