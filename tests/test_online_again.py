"""A table plays again, and a spectator is seated between games, through a real Synapse.

Amy (whose program referees) and Bo play Shut the Box while Cid watches.
Nobody changes seats while the game is played (the referee refuses it, in
each player's language); when it is over Bo gives his seat up, which begins
game 2 with the seat open, Cid takes it, and game 2 is played. Amy's
program, the referee, is killed and started again between games: no seat
request is answered twice. Two players asking for game 3 at once make one
new game. Every finished game is in the score history with its own
players, and the entries of one game never reach another.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from online_support import Player, play_steps, play_to_end, refused, same_game_everywhere, seated, step, wait_for
from synapse_server import Synapse, register, synapse_server  # noqa: F401 - the fixture

from accessible_dice.history import ScoreHistory, history_path
from accessible_dice.online.refusals import NoOpenSeat
from accessible_dice.online.seating import AlreadySeated, GameInProgress
from accessible_dice.online.table import Reseated
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.i18n import language


def results(*names: str) -> list[set[str]]:
    """The players of each game in the score history that any of ``names`` played, oldest first (by seat)."""
    with ScoreHistory(history_path()) as scores:
        games = [sorted(game.results, key=lambda result: result.seat) for game in reversed(scores.games())]
    return [{result.player for result in game} for game in games if {result.player for result in game} & set(names)]


def test_a_table_plays_again_and_a_spectator_takes_the_seat_given_up(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Amy", "Bo"]) as (players, room):
            amy, bo = players
            cid = await Player.signed_in(register(synapse_server))
            players.append(cid)
            await amy.connection.client.room_invite(room, cid.account.user_id)
            await wait_for(lambda: any(i.room_id == room for i in cid.connection.invitations()))
            await cid.connection.join(room)
            await cid.sit(room)
            assert amy.view and bo.view and cid.view and cid.view.seats == ()
            rng = random.Random(3)

            # -- while the game is played: no seat for the spectator, no seat given up, no new game
            with pytest.raises(NoOpenSeat):
                await cid.view.sit_down()
            await play_steps(players, 2, rng)
            stand = (await refused(bo, await bo.view.stand_up())).error
            again = (await refused(amy, await amy.view.play_again())).error
            assert isinstance(stand, GameInProgress) and isinstance(again, GameInProgress)
            english = presenter_for(bo.view.game, language("en")).refusal(stand).text
            german = presenter_for(bo.view.game, language("de")).refusal(stand).text
            assert english.startswith("This game is still being played") and german != english

            # -- game 1 to its end; its result is in the score history
            await play_to_end(players, seed=11)
            first = amy.view.game
            same_game_everywhere(players)
            await wait_for(lambda: len(results("Amy", "Bo")) == 1)
            assert results("Amy", "Bo") == [{"Amy", "Bo"}]

            # -- Bo gives his seat up: game 2 begins with it open; Cid takes it
            await bo.view.stand_up()
            await wait_for(lambda: all(p.view is not None and p.view.spec.number == 2 for p in players))
            assert amy.view.spec.open_seats() == (1,) and bo.view.seats == ()
            assert any(isinstance(n, Reseated) and n.new_game for n in amy.all_heard())
            assert amy.view.game is first and not first.history, "the same game object, a new game in it"
            with pytest.raises(AlreadySeated):
                await amy.view.sit_down()
            await cid.view.sit_down()
            cid_name = cid.account.user_id[1:].split(":")[0].capitalize()
            await wait_for(lambda: all(p.view is not None and p.view.spec.players == ("Amy", cid_name)
                                       for p in players))
            assert cid.view.seats == (1,) and amy.view.spec.number == 2, "a seat taken before game 2 began"

            # -- the referee (Amy's program) killed and started again: nothing answered twice
            await amy.kill()
            amy = players[0] = await Player.signed_in(amy.account)
            await amy.sit(room)
            assert amy.view is not None
            await step(players, rng)
            assert amy.view.spec.number == 2 and amy.view.spec.players == ("Amy", cid_name)
            assert amy.view.table is not None and all(entry.number == 2 for entry in amy.view.table.entries)

            # -- game 2 to its end; two players ask for game 3 at once: one new game
            await play_to_end(players, seed=12)
            same_game_everywhere(players)
            assert cid.view.seats == (1,)
            await asyncio.gather(amy.view.play_again(), cid.view.play_again())
            await wait_for(lambda: all(p.view is not None and p.view.spec.number == 3 and not p.view.pending
                                       for p in players))
            await asyncio.sleep(1.0)  # any second new game would have come by now
            assert all(p.view is not None and p.view.spec.number == 3 for p in players)
            assert amy.view.spec.players == ("Amy", cid_name) and not amy.view.game.history

            # -- both finished games are in the score history, each with its own players
            await wait_for(lambda: len(results("Amy", "Bo", cid_name)) == 2)
            assert results("Amy", "Bo", cid_name) == [{"Amy", "Bo"}, {"Amy", cid_name}]

    asyncio.run(play())
