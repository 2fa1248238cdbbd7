"""A table's room as the client and the referee both read it: its events filed into one record.

Below both (:mod:`.client`, the player's side, and :mod:`.refereeing`, the
referee's): the homeserver's refusal (:class:`OnlineError`), the room read
whole (:class:`RoomRecord`, filled event by event by :func:`take`), whether
its power levels leave the referee's events to the referee alone
(:func:`referee_in_charge`), and what the sync loop tells whoever listens to
a room (:class:`Listener`). The client starts a referee when this account
referees a table it sits at, and the referee builds on what it reads here,
so neither imports the other (``tests/test_import_graph.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from accessible_dice.online import protocol
from accessible_dice.online.protocol import BadEvent, Entry, Refusal, Request, TableSpec
from accessible_dice.online.table import Table

log = logging.getLogger(__name__)


class OnlineError(Exception):
    """The homeserver refused or could not be reached; ``str()`` says why (for the log and the front end)."""


def referee_in_charge(levels: Mapping[str, Any], referee: str) -> bool:
    """Whether ``levels`` (a power levels content) let nobody but ``referee`` send the referee's events."""
    try:
        users = {user: int(level) for user, level in dict(levels.get("users", {})).items()}
        default = int(levels.get("users_default", 0))
        events = dict(levels.get("events", {}))
        needed = [int(events.get(kind, levels.get("state_default", 50))) for kind in protocol.REFEREE_ONLY]
        needed.append(int(events.get("m.room.power_levels", levels.get("state_default", 50))))
    except (TypeError, ValueError, AttributeError):
        return False
    others = [level for user, level in users.items() if user != referee] + [default]
    return users.get(referee, default) >= max(needed) and all(level < min(needed) for level in others)


@dataclass
class RoomRecord:
    """What a room holds for a table, read whole: its table event and, in timeline order, the rest."""

    room_id: str
    #: The table event, when its sender is the referee it names; ``proposed`` holds one from anyone else.
    spec: TableSpec | None
    proposed: TableSpec | None
    power_levels: dict[str, Any]
    entries: list[Entry] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    #: Each request with its sender.
    requests: list[tuple[str, Request]] = field(default_factory=list)
    #: Display names of the members who joined, by user id.
    members: dict[str, str] = field(default_factory=dict)
    #: The referee's table events in the timeline, by game number (the last of each: the seats it was played with).
    games: dict[int, TableSpec] = field(default_factory=dict)
    #: The seat requests the referee's table events answered.
    seat_answers: set[str] = field(default_factory=set)

    def answered(self) -> set[str]:
        """The ids of the requests the referee answered (accepted, refused, or a seat request done)."""
        return ({entry.request for entry in self.entries if entry.request} | {r.request for r in self.refusals}
                | self.seat_answers)

    def current(self) -> list[Entry]:
        """The entries of the game the table plays now (a table that played again holds earlier games' too)."""
        number = self.spec.number if self.spec is not None else 1
        return [entry for entry in self.entries if entry.number == number]

    def finished(self) -> list[Table]:
        """The earlier games at this table, each replayed with the seats it was played with."""
        number = self.spec.number if self.spec is not None else 1
        done = []
        for spec in (self.games[earlier] for earlier in sorted(self.games) if earlier < number):
            try:
                table = Table(spec)
            except BadEvent:
                continue
            table.replay(entry for entry in self.entries if entry.number == spec.number)
            done.append(table)
        return done


def take(record: RoomRecord, event: dict[str, Any], referee: str) -> None:
    """File one timeline event of a room into ``record``; anything malformed is logged and left out."""
    kind, sender, content = event.get("type"), event.get("sender"), event.get("content")
    try:
        if kind == protocol.REQUEST and isinstance(sender, str):
            record.requests.append((sender, protocol.parse_request(content)))
        elif kind == protocol.ACTION and sender == referee:
            record.entries.append(protocol.parse_entry(content))
        elif kind == protocol.REFUSED and sender == referee:
            record.refusals.append(protocol.parse_refusal(content))
        elif kind == protocol.TABLE and sender == referee and event.get("state_key") == "":
            spec = protocol.parse_table(content)
            record.games[spec.number] = spec
            if spec.request is not None:
                record.seat_answers.add(spec.request)
        elif kind in (protocol.ACTION, protocol.REFUSED):
            log.info("%s: %s from %s ignored: not the referee", record.room_id, kind, sender)
    except BadEvent as error:
        log.info("%s: %s from %s ignored: %s", record.room_id, kind, sender, error)


class Listener(Protocol):
    """What the sync loop tells a table: its new timeline events, and the connection lost or back."""

    async def on_events(self, events: list[dict[str, Any]], limited: bool) -> None: ...

    async def on_connection(self, online: bool) -> None: ...
