"""Public tables: found in the homeserver's room directory, with their open seats; a seat asked for.

A table opened public (:meth:`Connection.open_table <accessible_dice.online.client.Connection.open_table>`
with ``public=True``) is a room of type ``org.accessible_dice.table`` in the
room directory, readable by anyone (history visibility ``world_readable``):
so its table event can be read before joining, and the list says what it
is — game, seats free of all, the opener's language, the opener — in the
listener's own words ("Yatzy, 2 of 4 seats free, in English, by Anna").
Only tables with an open seat are listed, and only those whose table
event comes from the referee it names, as everywhere else.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from dataclasses import dataclass
from typing import Any

from nio import RoomGetStateResponse

from accessible_dice.online import protocol
from accessible_dice.online.client import Connection, OnlineError
from accessible_dice.online.protocol import BadEvent, Request, TableSpec, seat_name
from accessible_dice.online.seating import SIT, SeatNotOpen

log = logging.getLogger(__name__)

#: Seconds a seat asked for waits for the referee's answer before the player watches meanwhile.
SEAT_WAIT = 20.0
#: Seconds between two readings of the table while waiting for a seat.
SEAT_POLL = 0.3
#: The most directory entries read (one page; a homeserver's public tables are few).
DIRECTORY_LIMIT = 200


@dataclass(frozen=True)
class PublicTable:
    """A public table with an open seat: its room, its table, and who opened it (the room's creator)."""

    room_id: str
    spec: TableSpec
    opener: str

    @property
    def free(self) -> int:
        return len(self.spec.open_seats())

    @property
    def opener_name(self) -> str:
        """The opener's name at the table (their seat's), else the name their Matrix id gives."""
        seats = self.spec.seats_of(self.opener)
        return self.spec.seats[seats[0]].name if seats else seat_name(self.opener)


async def directory(connection: Connection) -> list[dict[str, Any]]:
    """The homeserver's public rooms of the table type (the directory's own entries)."""
    body = json.dumps({"limit": DIRECTORY_LIMIT, "filter": {"room_types": [protocol.TABLE]}})
    path = "/_matrix/client/v3/publicRooms"
    try:
        response = await connection.client.send("POST", path, body, headers={
            "Content-Type": "application/json", "Authorization": f"Bearer {connection.client.access_token}"})
        found = await response.json(content_type=None)
    except Exception as error:  # the homeserver is away, or answered no JSON
        raise OnlineError(f"the room directory could not be read: {error}") from None
    if response.status != 200 or not isinstance(found, dict) or not isinstance(found.get("chunk"), list):
        raise OnlineError(f"the room directory could not be read: {found}")
    return [room for room in found["chunk"] if isinstance(room, dict) and room.get("room_type") == protocol.TABLE
            and isinstance(room.get("room_id"), str)]


async def public_tables(connection: Connection) -> list[PublicTable]:
    """The public tables with a seat open to this account (not one it sits at already), in directory order."""
    tables = []
    for room in await directory(connection):
        table = await _public_table(connection, room["room_id"])
        if table is not None and table.free and not table.spec.seats_of(connection.user_id):
            tables.append(table)
    return tables


async def _public_table(connection: Connection, room_id: str) -> PublicTable | None:
    """The table a public room holds, read from outside; ``None`` for a room that is none (logged)."""
    state = await connection.client.room_get_state(room_id)
    if not isinstance(state, RoomGetStateResponse):
        log.info("%s: a public table that cannot be read: %s", room_id, getattr(state, "message", state))
        return None
    spec, opener = None, None
    for event in state.events:
        if not isinstance(event, dict):
            continue
        if event.get("type") == "m.room.create":
            opener = event.get("sender")
        elif event.get("type") == protocol.TABLE and event.get("state_key") == "":
            try:
                candidate = protocol.parse_table(event.get("content"))
            except BadEvent as error:
                log.info("%s: table event ignored: %s", room_id, error)
                continue
            if event.get("sender") == candidate.referee:
                spec = candidate
    if spec is None or not isinstance(opener, str):
        return None
    return PublicTable(room_id, spec, opener)


async def take_seat(connection: Connection, table: PublicTable, wait: float = SEAT_WAIT) -> None:
    """Join the table and ask its referee for its first open seat, until the referee answers.

    The referee answers by the table event (the seat now this account's);
    someone quicker makes its refusal, raised here to be said. A referee
    that does not answer within ``wait`` seconds (away) leaves the request
    in the room, to be answered when it is back; meanwhile this account
    watches.
    """
    await connection.join(table.room_id)
    request = Request(uuid.uuid4().hex, table.spec.open_seats()[0], SIT)
    await connection.send(table.room_id, protocol.REQUEST, request.to_json(), txn_id=request.id)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        record = await connection.read_room(table.room_id)
        if record.spec is not None and record.spec.seats_of(connection.user_id):
            return
        for refusal in record.refusals:
            if refusal.request == request.id:
                error = protocol.rebuild_refusal(refusal)
                raise error or SeatNotOpen()
        await asyncio.sleep(SEAT_POLL)
