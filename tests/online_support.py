"""What the online tests share: players' programs at one table, played through a real Synapse.

Each :class:`Player` is a real :class:`~accessible_dice.online.client.Connection`
(matrix-nio over HTTP to the test homeserver) with its table view; the
moves come from the computer players' own choice, so whole games are played
the way people would, every step a request answered by the referee.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from synapse_server import Account, Synapse, register

from accessible_dice import save
from accessible_dice.online.client import Connection, TableView
from accessible_dice.online.protocol import Seat
from accessible_dice.online.table import News, Played, Refused
from accessible_dice.session import computer_plan

#: The computers' pace at the tests' tables (ms): quick, but still a pause of the referee's own.
PACE = 20
#: The longest any step may take to reach every program: only a failing test waits this long, and a
#: machine shared by many test runs can be slow (a sync that just returned, a homeserver kept busy).
STEP_LIMIT = 60.0


@dataclass
class Player:
    """One player's program: its account, its connection and, once seated, its view of the table."""

    account: Account
    connection: Connection
    view: TableView | None = None
    heard: list[News] = field(default_factory=list)

    @classmethod
    async def signed_in(cls, account: Account) -> Player:
        connection = Connection(account.homeserver, account.user_id, account.access_token, account.device_id)
        await connection.start()
        return cls(account, connection)

    async def sit(self, room_id: str) -> TableView:
        self.view = await self.connection.sit(room_id)
        return self.view

    def take_news(self) -> list[News]:
        """Everything the table told this program since last asked (kept in :attr:`heard` too)."""
        assert self.view is not None
        taken = []
        while not self.view.news.empty():
            taken.append(self.view.news.get_nowait())
        self.heard.extend(taken)
        return taken

    def all_heard(self) -> list[News]:
        """Everything the table told this program so far, the news just come included."""
        self.take_news()
        return self.heard

    async def kill(self) -> None:
        """Stop the program at once: no leaving, no goodbye (the room keeps its seat)."""
        await self.connection.close()
        self.view = None


#: The longest a whole online test may take (a Yatzy game of some 200 requests on a loaded machine takes
#: a few minutes): past it the test fails with a reason, instead of hanging on a wait nobody bounded.
TEST_LIMIT = 600.0


def run(test: Coroutine[Any, Any, None], limit: float = TEST_LIMIT) -> None:
    """Run an online test's coroutine, failing in words after ``limit`` seconds (its players are then ended
    by their ``seated`` block as the coroutine is cancelled)."""
    async def bounded() -> None:
        try:
            await asyncio.wait_for(test, limit)
        except asyncio.TimeoutError:
            raise AssertionError(f"the online test did not end within {limit:.0f} s: a wait was not answered"
                                 " (see the stacks above, or the programs' logs)") from None

    asyncio.run(bounded())


async def wait_for(condition: Callable[[], bool], limit: float = STEP_LIMIT) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the table did not get there in time")
        await asyncio.sleep(0.01)


async def refused(player: Player, request_id: str) -> Refused:
    """The referee's refusal of ``request_id``, as ``player``'s program heard it."""
    assert player.view is not None
    found: list[Refused] = []

    def answered() -> bool:
        found.extend(item for item in player.take_news() if isinstance(item, Refused) and item.request == request_id)
        return bool(found)

    await wait_for(answered)
    return found[0]


async def settle(players: Sequence[Player], seq: int) -> None:
    """Wait until every seated program has applied entry ``seq``."""
    await wait_for(lambda: all(p.view is not None and p.view.table is not None and p.view.table.seq >= seq
                               for p in players))
    for player in players:
        player.take_news()


async def step(players: Sequence[Player], rng: random.Random) -> None:
    """The player to act asks for one thing (a throw, or the move a computer player would choose); all see it."""
    view = players[0].view
    assert view is not None
    seat = view.game.current_player()
    actor = next(p for p in players if p.view is not None and seat in p.view.seats)
    assert actor.view is not None
    before = actor.view.table.seq if actor.view.table else 0
    if actor.view.game.dice_request() is not None:
        await actor.view.throw()
    else:
        moves, _advice = computer_plan(actor.view.game, rng)
        await actor.view.move(moves[0])
    await settle(players, before + 1)
    # Computers the referee plays may follow, at the table's pace: wait until a person is to act again (or
    # the game is over) and the last entry reached everyone.
    await wait_for(lambda: person_or_end(view) and len({p.view.table.seq for p in players
                                                        if p.view and p.view.table}) == 1)


def person_or_end(view: TableView) -> bool:
    """Whether a seated person is to act at the table (no computer of the referee's), or the game is over."""
    turn = view.game.current_player()
    return turn is None or view.spec.seats[turn].user is not None


async def play_steps(players: Sequence[Player], count: int, rng: random.Random) -> bool:
    """Up to ``count`` steps of the game; whether it is over."""
    for _ in range(count):
        view = players[0].view
        assert view is not None
        if view.game.is_over():
            return True
        await step(players, rng)
    view = players[0].view
    assert view is not None
    return bool(view.game.is_over())


async def play_to_end(players: Sequence[Player], seed: int, limit: int = 2000) -> None:
    if not await play_steps(players, limit, random.Random(seed)):
        raise AssertionError("the game did not end")


def played_events(news: Sequence[News]) -> list[Played]:
    return [item for item in news if isinstance(item, Played)]


class RefereeProcess:
    """A standalone referee, ``python -m accessible_dice.online.referee``, as a real process of its own."""

    def __init__(self, account: Account, folder: Path) -> None:
        self.account = account
        self.folder = folder
        self.token = folder / "referee-token"
        self.token.write_text(account.access_token, encoding="utf-8")
        os.chmod(self.token, 0o600)
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        log = (self.folder / f"referee-{self.starts}.log").open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "accessible_dice.online.referee", "--homeserver", self.account.homeserver,
             "--user", self.account.user_id, "--device", self.account.device_id, "--token-file", str(self.token)],
            stdout=log, stderr=subprocess.STDOUT)

    def kill(self) -> None:
        """Kill it outright (SIGKILL): nothing is tidied up."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        return "\n".join(path.read_text(errors="replace") for path in sorted(self.folder.glob("referee-*.log")))


@contextlib.asynccontextmanager
async def seated(server: Synapse, game: str, names: list[str], *, computers: tuple[str, ...] = (),
                 referee: str | None = None, options: dict | None = None,
                 manual: bool = False, chat: str | None = None) -> AsyncIterator[tuple[list[Player], str]]:
    """Players' programs at a new table opened by the first; the others invited, joined and sitting.

    Every program in the list (a test may add to it, or replace one) is ended when the block is left.
    """
    players = [await Player.signed_in(register(server)) for _ in names]
    seats = [Seat(name, player.account.user_id) for name, player in zip(names, players, strict=True)]
    seats += [Seat(name) for name in computers]
    room = await players[0].connection.open_table(game, options or {}, seats, referee=referee,
                                                  dice="manual" if manual else "random", pace=PACE, chat=chat)
    for player in players[1:]:
        await wait_invited(player, room)
        await player.connection.join(room)
    try:
        for player in players:
            await player.sit(room)
        yield players, room
    finally:
        for player in players:
            await player.kill()


async def wait_invited(player: Player, room: str) -> None:
    await wait_for(lambda: any(invitation.room_id == room for invitation in player.connection.invitations()))


def same_game_everywhere(players: list[Player]) -> None:
    games = [player.view.game for player in players if player.view is not None]
    assert all(game == games[0] for game in games)
    # The history replays through the checked entry point, as a save: every move was legal.
    assert save.loads(save.dumps(games[0])) == games[0]
