"""Seats at a table between games (docs/online.md): asked for by members, decided by the referee.

A member of the room without a seat asks with a request ``{"sit": true}``
for seat ``n``; the referee gives it to them when it is open, by sending
the table event again with that seat the member's (named after their Matrix
id), which every program reads as the table changed. Until every open seat
is taken the game does not start: the referee refuses every move with
:class:`SeatsOpen`, and its computers wait.

A table plays again: once its game is over, a seated player asks for
another (``{"again": n}``, n the game just over), and the table event comes
again with the next ``number``. Seats change only between games, that is
while the game is over or has not begun: a seated player gives theirs up
(``{"stand": true}``: it is open again, for a spectator to take), a member
takes an open one. A change after a game ended begins the next game with
the seats as they now are, so the finished game keeps the players it had.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from accessible_dice.errors import N_, IllegalMove
from accessible_dice.games.base import Game
from accessible_dice.online.protocol import Seat, TableSpec, open_seat, seat_name

#: The ask of a request for an open seat.
SIT = {"sit": True}
#: The ask of a request to give one's seat up between games.
STAND = {"stand": True}
#: The key of a request for a new game at the table (its value: the number of the game that is over).
AGAIN = "again"


def again(number: int) -> dict[str, Any]:
    """The ask of a request for a new game after game ``number``."""
    return {AGAIN: number}


def is_seat_request(ask: Mapping[str, Any]) -> bool:
    """Whether ``ask`` is answered by the table event (a seat taken or given up, a new game), not by an entry."""
    return dict(ask) in (SIT, STAND) or set(ask) == {AGAIN}


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


class GameInProgress(IllegalMove):
    # Translators: online table: a seat given up, or a new game asked for, while the game is still being played.
    template = N_("This game is still being played: seats change, and a new game begins, once it is over.")


def between_games(game: Game, played: int) -> bool:
    """Whether seats may change: the game is over, or nothing of it has been played (``played`` entries)."""
    return game.is_over() or played == 0


def reseated(spec: TableSpec, game: Game, played: int, user: str, seat: int, ask: Mapping[str, Any]) -> TableSpec:
    """The table after a seat request of ``user`` for ``seat`` (``ask`` is :data:`SIT`, :data:`STAND`, which
    the referee takes only from the seat's player, or :func:`again`); the same ``spec`` when it changes nothing
    (asked again). A change after the game ended begins the next game (``number`` + 1), so the one that ended
    keeps its players; a refusal when the seat is not open, or the game is being played.
    """
    if set(ask) == {AGAIN}:
        over = ask[AGAIN]
        if isinstance(over, int) and not isinstance(over, bool) and over < spec.number:
            return spec  # another player asked first: the new game has begun
        if over != spec.number or not game.is_over():
            raise GameInProgress()
        return replace(spec, number=spec.number + 1)
    if dict(ask) == SIT:
        after = seated(spec, user, seat)
    elif not between_games(game, played):
        raise GameInProgress()
    else:
        seats = list(spec.seats)
        seats[seat] = open_seat(seat)
        after = replace(spec, seats=tuple(seats))
    return replace(after, number=spec.number + 1) if after != spec and game.is_over() else after
