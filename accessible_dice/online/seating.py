"""Taking an open seat at a table (a public one, docs/online.md): asked by a member, decided by the referee.

A member of the room without a seat asks with a request ``{"sit": true}``
for seat ``n``; the referee gives it to them when it is open, by sending
the table event again with that seat the member's (named after their Matrix
id), which every program reads as the table changed. Until every open seat
is taken the game does not start: the referee refuses every move with
:class:`SeatsOpen`, and its computers wait.
"""

from __future__ import annotations

from dataclasses import replace

from accessible_dice.errors import N_, IllegalMove
from accessible_dice.online.protocol import Seat, TableSpec, seat_name

#: The ask of a request for an open seat.
SIT = {"sit": True}


class SeatsOpen(IllegalMove):
    # Translators: online table: a move asked for before every seat is taken; {count} seats are still open.
    template = N_("The game starts when every seat is taken; {count} still open.")


class SeatNotOpen(IllegalMove):
    # Translators: online table: someone asked for a seat that is already taken (or is a computer's).
    template = N_("That seat is not open; choose another table or watch this one.")


class AlreadySeated(IllegalMove):
    # Translators: online table: someone with a seat asked for another one.
    template = N_("You already have a seat at this table.")


def check_playing(spec: TableSpec) -> None:
    """:class:`SeatsOpen` while the table still waits for players."""
    waiting = spec.open_seats()
    if waiting:
        raise SeatsOpen(count=len(waiting))


def seated(spec: TableSpec, user: str, seat: int) -> TableSpec:
    """The table with ``user`` in open seat ``seat``: the same ``spec`` when they already sit there (a request
    read again after the referee's restart); a refusal when the seat is not open to them."""
    if 0 <= seat < len(spec.seats) and spec.seats[seat].user == user:
        return spec
    if spec.seats_of(user):
        raise AlreadySeated()
    if not 0 <= seat < len(spec.seats) or not spec.seats[seat].open:
        raise SeatNotOpen()
    taken = {other.name for other in spec.seats}
    name = seat_name(user)
    while name in taken:  # two Annas from two homeservers: the second is Anna2
        name = f"{seat_name(user)}{len(taken)}"
        taken.add(name)
    seats = list(spec.seats)
    seats[seat] = Seat(name, user)
    return replace(spec, seats=tuple(seats))
