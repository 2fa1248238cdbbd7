"""The standalone referee: a bot account that referees every table it is invited to (``accessible-dice referee``).

A table is refereed by default in the program of the player who opened it
(:class:`~accessible_dice.online.refereeing.Referee`, started by
:meth:`Connection.sit <accessible_dice.online.client.Connection.sit>`).
A table opened with a standalone referee names this bot's account instead:
:func:`serve` accepts each invitation, checks that the room's power levels
leave the referee's events to it alone (:func:`adopt`) and hosts any number
of tables at once (``accessible-dice referee``, or
``python -m accessible_dice.online.referee``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from collections.abc import Sequence

from accessible_dice.online import protocol
from accessible_dice.online.client import Connection
from accessible_dice.online.protocol import BadEvent
from accessible_dice.online.room import OnlineError, referee_in_charge
from accessible_dice.online.table import Table

log = logging.getLogger(__name__)


async def adopt(connection: Connection, room_id: str) -> bool:
    """Take up a table whose proposed table event names this account as referee; whether it is refereed here now.

    The room's power levels must leave the referee's events to this account
    alone (the opener hands them over as it opens the table); then the
    table event is sent again under this account's name, which is what makes
    the table count, and refereeing starts.
    """
    record = await connection.read_room(room_id)
    spec = record.spec or record.proposed
    if spec is None or spec.referee != connection.user_id:
        return False
    if not referee_in_charge(record.power_levels, connection.user_id):
        log.warning("%s: others may send the referee's events here; not refereeing", room_id)
        return False
    if record.spec is None:
        try:
            Table(spec)
        except BadEvent as error:
            log.warning("%s: the proposed table cannot be played: %s", room_id, error)
            return False
        await connection.put_state(room_id, protocol.TABLE, spec.to_json())
    await connection.host(room_id)
    return True


async def serve(connection: Connection, stop: asyncio.Event | None = None) -> None:
    """Referee every table this account is invited to or sits at as referee, until ``stop`` is set.

    Invitations are accepted at once; a room that turns out to be no table
    for this account is left again.
    """
    async def invited(room_id: str) -> None:
        try:
            await connection.join(room_id)
            if not await adopt(connection, room_id):
                await connection.leave_room(room_id)
        except OnlineError as error:
            log.warning("%s: invitation not taken: %s", room_id, error)

    connection.on_invite(invited)
    for invitation in connection.invitations():
        await invited(invitation.room_id)
    joined = await connection.client.joined_rooms()
    for room_id in list(getattr(joined, "rooms", [])):
        try:
            await adopt(connection, room_id)
        except OnlineError as error:
            log.warning("%s: not refereed: %s", room_id, error)
    await (stop or asyncio.Event()).wait()


async def run(homeserver: str, user_id: str, access_token: str, device_id: str | None = None,
              stop: asyncio.Event | None = None) -> None:
    """Sign in with a token and referee (:func:`serve`) until ``stop`` is set; :class:`OnlineError` if sign-in fails."""
    connection = Connection(homeserver, user_id, access_token, device_id)
    await connection.start()
    try:
        await serve(connection, stop)
    finally:
        await connection.close()


def main(argv: Sequence[str] | None = None) -> int:
    """The standalone referee's command line: the account from options or the environment; runs until SIGTERM or Ctrl+C.

    The token is read from ``--token-file`` (a file readable by the user only)
    or the ``ACCESSIBLE_DICE_REFEREE_TOKEN`` environment variable, never from
    the command line, where other users could read it.
    """
    parser = argparse.ArgumentParser(prog="accessible-dice referee",
                                     description="Referee online tables as a Matrix bot account.")
    parser.add_argument("--homeserver", required=True, help="the homeserver's URL, like https://matrix.example.org")
    parser.add_argument("--user", required=True, help="the bot's Matrix id, like @dice-referee:example.org")
    parser.add_argument("--token-file", help="a file holding the bot's access token")
    parser.add_argument("--device", default=None, help="the device id the token belongs to")
    args = parser.parse_args(argv)
    token = os.environ.get("ACCESSIBLE_DICE_REFEREE_TOKEN", "")
    if args.token_file:
        try:
            with open(args.token_file, encoding="utf-8") as handle:
                token = handle.read().strip()
        except OSError as error:
            print(f"accessible-dice referee: the token file cannot be read: {error.strerror}", file=sys.stderr)
            return 2
    if not token:
        print("accessible-dice referee: give the access token in --token-file or ACCESSIBLE_DICE_REFEREE_TOKEN",
              file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    async def refereeing() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        await run(args.homeserver, args.user, token, args.device, stop)

    try:
        asyncio.run(refereeing())
    except OnlineError as error:
        print(f"accessible-dice referee: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
