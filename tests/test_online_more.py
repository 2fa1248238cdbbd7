"""Online tables beyond two friends: public tables found in the room directory, a seat taken there, computer
seats played by the referee at the table's level and pace, a spectator who hears the game, and a player who
leaves for the night and comes back to a summary and their turn — all through a real Synapse."""

from __future__ import annotations

import asyncio
import random
import threading
import time

import pytest
from online_support import Player, refused, step, wait_for
from synapse_server import Synapse, register, synapse_server  # noqa: F401 - the fixture

from accessible_dice.games.base import Event
from accessible_dice.online import lobby, refereeing
from accessible_dice.online.protocol import Seat, open_seat
from accessible_dice.online.refusals import NotSeated
from accessible_dice.online.seating import SeatsOpen
from accessible_dice.online.table import ComputerThinking, Played, WhileAway
from accessible_dice.play.online import thinking_words
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.away import while_away
from accessible_dice.presentation.i18n import language
from accessible_dice.session import Session

#: The computers' pace at this table (ms): long enough to measure, short enough for CI.
PACE = 300
#: Seconds the computer's long thought lasts at most (the other table's answer ends it much sooner).
THOUGHT_LIMIT = 20.0


def test_a_public_table_with_a_computer_a_spectator_and_a_player_coming_back(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        anna, ben, cid = [await Player.signed_in(register(synapse_server, name)) for name in ("anna", "ben", "cid")]
        try:
            me = anna.account.user_id
            room = await anna.connection.open_table("yatzy", {}, [Seat("Anna", me), Seat("cpu1"), open_seat(2)],
                                                    public=True, level="steady", pace=PACE, language="en")
            await anna.sit(room)
            assert anna.view is not None

            # In the room directory, with its open seat, before anyone joined.
            found = [table for table in await lobby.public_tables(ben.connection) if table.room_id == room]
            assert len(found) == 1
            table = found[0]
            assert (table.free, len(table.spec.seats), table.spec.language, table.opener_name) == (1, 3, "en", "Anna")
            assert not [t for t in await lobby.public_tables(anna.connection) if t.room_id == room]  # seated there

            # Nothing is played while a seat is open; the computer waits too.
            error = (await refused(anna, await anna.view.throw())).error
            assert isinstance(error, SeatsOpen)
            assert anna.view.table is not None and anna.view.table.seq == 0

            await lobby.take_seat(ben.connection, table)
            await ben.sit(room)
            assert ben.view is not None
            await wait_for(lambda: ben.view is not None and ben.view.seats == (2,) and anna.view is not None
                           and anna.view.spec.seats[2].user == ben.account.user_id)
            assert tuple(anna.view.game.players) == ("Anna", "cpu1", "Ben")
            assert not [t for t in await lobby.public_tables(cid.connection) if t.room_id == room]  # no seat left

            # A spectator: a member without a seat hears every step and cannot play.
            await cid.connection.join(room)
            await cid.sit(room)
            assert cid.view is not None and cid.view.seats == ()
            with pytest.raises(NotSeated):
                await cid.view.throw()

            rng = random.Random(4)
            players = [anna, ben, cid]
            while anna.view.game.current_player() != 2:  # Anna's turn, then the computer's
                await step(players, rng)
            while anna.view.game.current_player() == 2:  # Ben's turn
                await step(players, rng)
            seq_before_night = ben.view.table.seq if ben.view.table else 0

            # Ben leaves for the night; Anna plays her turn and the computer its own, at the table's pace.
            await ben.kill()
            arrivals: dict[int, float] = {}  # when the spectator heard each entry
            cid.take_news()

            def note() -> None:
                for item in cid.take_news():
                    if isinstance(item, Played):
                        arrivals[item.seq] = time.monotonic()

            async def listening() -> None:
                while True:
                    note()
                    await asyncio.sleep(0.005)

            listener = asyncio.create_task(listening())
            while anna.view.game.current_player() != 2:
                if anna.view.game.current_player() == 0:
                    await step([anna], rng)
                await asyncio.sleep(0.01)
            listener.cancel()
            await wait_for(lambda: cid.view is not None and cid.view.table is not None and anna.view is not None
                           and anna.view.table is not None and cid.view.table.seq == anna.view.table.seq)
            note()
            last = anna.view.table.seq
            assert sorted(arrivals) == list(range(seq_before_night + 1, last + 1))  # the spectator heard each step
            assert cid.view.game == anna.view.game
            computer = [entry.seq for entry in anna.view.table.entries if entry.request is None]
            assert computer, "the computer played its turn"
            gaps = [arrivals[seq] - arrivals[seq - 1] for seq in computer if seq - 1 in arrivals]
            assert gaps and min(gaps) >= PACE / 1000 * 0.8

            # Ben comes back: a summary of the night, newest last, in his own language, and his turn.
            back = await Player.signed_in(ben.account)
            await back.sit(room)
            await wait_for(lambda: any(isinstance(item, WhileAway) for item in back.take_news()) or any(
                isinstance(item, WhileAway) for item in back.heard))
            away = next(item for item in back.heard if isinstance(item, WhileAway))
            assert back.view is not None
            said = while_away(presenter_for(back.view.game, language("en")), away.events, back.view.seats)
            assert said is not None
            assert said.text.startswith("While you were away: Anna: ")
            assert "cpu1: " in said.text and said.text.endswith("Your turn, round 2 of 15.")
            german = while_away(presenter_for(back.view.game, language("de")), away.events, back.view.seats)
            assert german is not None and "While you were away" not in german.text
            ben = back
        finally:
            for player in (anna, ben, cid):
                await player.kill()

    asyncio.run(play())


def test_a_computer_thinking_long_holds_up_no_other_table_of_its_referee(synapse_server: Synapse,  # noqa: F811
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Yatzy step of a computer builds the strategy table, 13-28 s on a fresh machine: meanwhile the
    same referee answers a throw at another table (it stalled every table it kept, and their syncs)."""
    thinking, released = threading.Event(), threading.Event()
    stalled: list[bool] = []
    step_of = Session.computer_step

    def long_thought(session: Session, level: str) -> list[Event]:
        if session.game.id == "yatzy" and not released.is_set():
            thinking.set()
            stalled.append(not released.wait(THOUGHT_LIMIT))  # released only by the other table's answer
        return step_of(session, level)

    monkeypatch.setattr(Session, "computer_step", long_thought)
    monkeypatch.setattr(refereeing, "THINKING_NOTICE", 0.3)

    async def play() -> None:
        anna = await Player.signed_in(register(synapse_server))
        try:
            me = anna.account.user_id
            thought = await anna.connection.open_table("yatzy", {}, [Seat("cpu1"), Seat("Anna", me)], pace=PACE)
            other = await anna.connection.open_table("shut-the-box", {}, [Seat("Anna", me)], pace=PACE)
            slow, quick = await anna.sit(thought), await anna.connection.sit(other)  # anna hears the slow one
            await wait_for(thinking.is_set)
            await quick.throw()
            await wait_for(lambda: quick.table is not None and quick.table.seq >= 1)
            # Nobody waits in silence: the room is told the computer is thinking, once, before its move.
            await wait_for(lambda: any(isinstance(item, ComputerThinking) for item in anna.all_heard()))
            released.set()
            await wait_for(lambda: slow.table is not None and slow.table.seq >= 1)
            heard = anna.all_heard()
            assert [item for item in heard if isinstance(item, ComputerThinking)] == [ComputerThinking(0)], heard
            said = thinking_words(language("de"), presenter_for(slow.game, language("de")), ComputerThinking(0))
            assert said.text.startswith("cpu1 ") and "working" not in said.text, said.text  # in the player's words
        finally:
            released.set()
            await anna.kill()

    asyncio.run(play())
    assert stalled == [False], "the other table was answered while the computer thought"
