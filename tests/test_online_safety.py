"""Online tables stay safe and whole: forged and broken events, a dropped connection, a referee away.

Against a real Synapse (tests/synapse_server.py), with real connections and
a real standalone referee process killed outright and started again.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from online_support import (
    Player,
    RefereeProcess,
    play_to_end,
    same_game_everywhere,
    seated,
    settle,
    step,
    wait_for,
    wait_invited,
)
from synapse_server import Synapse, register, synapse_server  # noqa: F401 - the fixture

from accessible_dice.online import client, protocol
from accessible_dice.online.client import OnlineError
from accessible_dice.online.refusals import NotYourTurn
from accessible_dice.online.room import referee_in_charge
from accessible_dice.online.table import ConnectionChanged, OutOfStep, Played, RefereeAway, RefereeBack, Refused
from accessible_dice.session import computer_plan


async def requests_answered(player: Player, request_id: str) -> int:
    """How many entries and refusals in the room answer ``request_id``."""
    assert player.view is not None
    record = await player.connection.read_room(player.view.room_id)
    return sum(1 for entry in record.entries if entry.request == request_id) + sum(
        1 for refusal in record.refusals if refusal.request == request_id)


def test_the_homeserver_refuses_the_referees_events_from_anyone_else(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, room):
            ben = players[1]
            entry = protocol.Entry(1, None, ({"roll": [6, 6]},)).to_json()
            for kind, content in ((protocol.ACTION, entry),
                                  (protocol.REFUSED, protocol.Refusal("x", "y", {}).to_json()),
                                  (protocol.THINKING, protocol.Thinking(0, 1).to_json())):
                with pytest.raises(OnlineError):
                    await ben.connection.send(room, kind, content)
            with pytest.raises(OnlineError):
                await ben.connection.put_state(room, protocol.TABLE, {"version": 1})
            with pytest.raises(OnlineError):
                await ben.connection.put_state(room, "m.room.power_levels", client.power_levels(ben.account.user_id))
            record = await ben.connection.read_room(room)
            assert record.entries == [] and referee_in_charge(record.power_levels, players[0].account.user_id)

    asyncio.run(play())


def test_forged_and_broken_requests_change_nothing(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, room):
            ann, ben = players
            mallory = await Player.signed_in(register(synapse_server))
            players.append(mallory)  # ended with the others; a spectator, so the play below passes her by
            assert ann.view is not None and ben.view is not None
            await ann.connection.client.room_invite(room, mallory.account.user_id)
            await wait_invited(mallory, room)
            await mallory.connection.join(room)
            await mallory.sit(room)
            assert mallory.view is not None and mallory.view.seats == ()
            # A member without a seat asks for Ann's seat: ignored, never answered.
            forged = protocol.Request("forged-1", 0, {"throw": True})
            await mallory.connection.send(room, protocol.REQUEST, forged.to_json())
            # Ben is seated, but it is Ann's turn.
            out_of_turn = await ben.view.throw()
            # Garbage of every kind the protocol refuses, from a seated player.
            garbage: list[object] = [
                {"version": 2, "id": "g1", "seat": 1, "ask": {"throw": True}},
                {"version": 1, "id": "g2", "seat": 1, "ask": [1, 2]},
                {"version": 1, "id": "g3", "seat": "one", "ask": {"throw": True}},
                {"version": 1, "id": "g4", "seat": 1, "ask": {"throw": True}, "pad": "x" * 30_000},
                {"version": 1, "id": "g5", "seat": 1, "ask": _nested(40)},
                {"version": 1, "id": "g6", "seat": 1, "ask": {"move": "shut", "way": 2**40}},
                {"version": 1, "id": "g7", "seat": 1, "ask": {"move": "no-such-move"}},
                {"version": 1, "id": "g8/../..", "seat": 1, "ask": {"throw": True}},
                {"version": 1, "id": "g9", "seat": 99, "ask": {"throw": True}},
            ]
            for content in garbage:
                await ben.connection.send(room, protocol.REQUEST, content)  # type: ignore[arg-type]
            blank = {"msgtype": "m.text", "body": "   ", "formatted": {"a": [1]}}
            await ben.connection.send(room, "m.room.message", blank)
            await wait_for(lambda: any(isinstance(n, Refused) for n in ben.take_news()))
            refused = [n for n in ben.heard if isinstance(n, Refused)]
            assert [n.request for n in refused] == [out_of_turn]
            assert isinstance(refused[0].error, NotYourTurn)
            assert refused[0].error.data == {"name": "Ann"}
            assert ann.view.table is not None and ann.view.table.seq == 0
            # The referee is well: Ann's own request is answered, the game goes on and ends.
            await play_to_end(players, seed=5)
            same_game_everywhere(players)
            assert await requests_answered(ann, "forged-1") == 0
            assert all(not isinstance(n, Refused) for n in mallory.all_heard())

    asyncio.run(play())


def _nested(depth: int) -> dict:
    value: dict = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def test_entries_out_of_sequence_are_left_out_and_the_table_read_again(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, room):
            ann, ben = players
            assert ben.view is not None and ben.view.table is not None
            rng = random.Random(1)
            for _ in range(3):
                await step(players, rng)
            seq = ben.view.table.seq
            before = ben.view.game.snapshot()
            # Even the referee's own account cannot get a bad entry past the clients: a gap, a second entry
            # under a number taken, an entry the rules refuse.
            bad = [protocol.Entry(seq + 5, None, ({"roll": [1, 1]},)),
                   protocol.Entry(seq, None, ({"roll": [2, 2]},)),
                   protocol.Entry(seq + 1, None, ({"roll": [9, 9, 9]},))]
            for entry in bad:
                await ann.connection.send(room, protocol.ACTION, entry.to_json())
            await wait_for(lambda: sum(isinstance(n, OutOfStep) for n in ben.all_heard()) >= 3)
            assert ben.view.table.seq == seq and ben.view.game.snapshot() == before
            await play_to_end(players, seed=2)
            same_game_everywhere(players)

    asyncio.run(play())


class Cable:
    """A TCP connection to the homeserver that the test can pull out and put back (a real dropped connection)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.server: asyncio.base_events.Server | None = None
        self.links: set[asyncio.StreamWriter] = set()

    async def plug(self) -> None:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def unplug(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.links):
            writer.transport.abort()
        self.links.clear()
        await self.server.wait_closed()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self.links.update((writer, up_writer))

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


def test_a_dropped_connection_reconnects_and_loses_no_request_nor_applies_one_twice(
        synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        cable = Cable(int(synapse_server.url.rsplit(":", 1)[1]))
        await cable.plug()
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, room):
            ann, ben = players
            await ben.kill()
            ben = await Player.signed_in(replace(ben.account, homeserver=f"http://127.0.0.1:{cable.port}"))
            await ben.sit(room)
            players[1] = ben
            rng = random.Random(4)
            assert ann.view is not None and ben.view is not None
            while ben.view.game.current_player() != 1:
                await step(players, rng)
            await cable.unplug()
            await wait_for(lambda: any(isinstance(n, ConnectionChanged) and n.lost for n in ben.all_heard()))
            asked = await ben.view.throw()  # while the cable is out
            await asyncio.sleep(0.5)
            assert asked in ben.view.pending
            await cable.plug()
            await wait_for(lambda: asked not in ben.view.pending)
            await settle(players, ann.view.table.seq if ann.view.table else 0)
            assert await requests_answered(ann, asked) == 1
            assert any(isinstance(n, Played) and n.mine for n in ben.heard)
            await play_to_end(players, seed=4)
            same_game_everywhere(players)
        await cable.unplug()

    asyncio.run(play())


@pytest.fixture
def quick_to_miss_the_referee(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The referee is missed after one second (not eight), so the test need not wait long."""
    monkeypatch.setattr(client, "AWAY_AFTER", 1.0)
    monkeypatch.setattr(client, "RESEND_EVERY", 0.5)
    yield


def test_the_referee_killed_is_missed_and_play_resumes_when_it_is_back(
        synapse_server: Synapse, tmp_path: Path, quick_to_miss_the_referee: None) -> None:  # noqa: F811
    referee = RefereeProcess(register(synapse_server), tmp_path)
    referee.start()

    async def play() -> None:
        async with seated(synapse_server, "threes-away", ["Ann", "Ben"],
                          referee=referee.account.user_id) as (players, _room):
            ann = players[0]
            rng = random.Random(8)
            for _ in range(5):
                await step(players, rng)
            referee.kill()
            assert ann.view is not None and ann.view.table is not None
            seq = ann.view.table.seq
            actor = next(p for p in players if p.view and p.view.my_turn())
            assert actor.view is not None
            if actor.view.game.dice_request() is not None:
                await actor.view.throw()
            else:
                await actor.view.move(computer_plan(actor.view.game, rng)[0][0])
            await wait_for(lambda: any(isinstance(n, RefereeAway) for n in actor.all_heard()))
            assert ann.view.table.seq == seq
            referee.start()  # the same bot account, a new process: it reads the room and answers what waits
            await settle(players, seq + 1)
            assert any(isinstance(n, RefereeBack) for n in actor.heard)
            await play_to_end(players, seed=8)
            same_game_everywhere(players)

    try:
        asyncio.run(play())
    finally:
        referee.stop()
    assert "Traceback" not in referee.log()
