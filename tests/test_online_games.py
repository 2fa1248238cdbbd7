"""Whole games of all five games at online tables, through a real Synapse (tests/synapse_server.py).

Two or three players' programs, each its own Matrix account and connection,
and a referee: in the opening player's program, or a standalone referee
process (a bot account hosting many tables). Every program ends with the
same game, the one the referee holds, played to its end through requests.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from online_support import Player, RefereeProcess, play_to_end, settle
from synapse_server import Synapse, register, synapse_server  # noqa: F401 - the fixture

from accessible_dice import save
from accessible_dice.online.protocol import Seat
from accessible_dice.online.table import WhileAway


@pytest.fixture(scope="module")
def referee_bot(synapse_server: Synapse, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RefereeProcess]:  # noqa: F811
    """One standalone referee process for the module's tables, as a host would run it."""
    referee = RefereeProcess(register(synapse_server, "referee-bot"), tmp_path_factory.mktemp("referee"))
    referee.start()
    try:
        yield referee
    finally:
        referee.stop()


async def seated(server: Synapse, game: str, names: list[str], *, computers: tuple[str, ...] = (),
                 referee: str | None = None, options: dict | None = None) -> tuple[list[Player], str]:
    """Players' programs at a new table opened by the first; the others invited, joined and sitting."""
    players = [await Player.signed_in(register(server)) for _ in names]
    seats = [Seat(name, player.account.user_id) for name, player in zip(names, players, strict=True)]
    seats += [Seat(name) for name in computers]
    room = await players[0].connection.open_table(game, options or {}, seats, referee=referee, pace=PACE)
    for player in players[1:]:
        await wait_invited(player, room)
        await player.connection.join(room)
    for player in players:
        await player.sit(room)
    return players, room


async def wait_invited(player: Player, room: str) -> None:
    for _ in range(500):
        if any(invitation.room_id == room for invitation in player.connection.invitations()):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{player.account.user_id} was not invited")


def same_game_everywhere(players: list[Player]) -> None:
    games = [player.view.game for player in players if player.view is not None]
    assert all(game == games[0] for game in games)
    # The history replays through the checked entry point, as a save: every move was legal.
    assert save.loads(save.dumps(games[0])) == games[0]


#: The computers' pace at these tables (ms): quick, but still a pause of the referee's own.
PACE = 20

GAMES = [
    ("shut-the-box", ["Ann", "Ben"], (), None),
    ("yatzy", ["Ann", "Ben"], (), None),
    ("storeslem", ["Ann", "Ben", "Cid"], (), None),
    ("quiclo", ["Ann", "Ben"], ("cpu1",), None),
    ("threes-away", ["Ann", "Ben", "Cid"], (), None),
]


@pytest.mark.parametrize(("game", "names", "computers", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_whole_game_refereed_by_the_opener(synapse_server: Synapse, game: str, names: list[str],  # noqa: F811
                                           computers: tuple[str, ...], options: dict | None) -> None:
    async def play() -> None:
        players, _room = await seated(synapse_server, game, names, computers=computers, options=options)
        try:
            await play_to_end(players, seed=len(game))
            same_game_everywhere(players)
            assert players[0].view is not None and players[0].view.game.is_over()
        finally:
            for player in players:
                await player.kill()

    asyncio.run(play())


# Yatzy is the longest game (some 200 requests): played once, with the opener as referee, above.
@pytest.mark.parametrize("game", ["shut-the-box", "threes-away", "quiclo", "storeslem"])
def test_whole_game_refereed_by_a_standalone_referee(synapse_server: Synapse, referee_bot: RefereeProcess,  # noqa: F811
                                                     game: str) -> None:
    async def play() -> None:
        players, _room = await seated(synapse_server, game, ["Ann", "Ben"], referee=referee_bot.account.user_id)
        try:
            await play_to_end(players, seed=7)
            same_game_everywhere(players)
        finally:
            for player in players:
                await player.kill()

    asyncio.run(play())


def test_a_player_killed_mid_game_comes_back_to_the_same_game(synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    async def play() -> None:
        players, room = await seated(synapse_server, "threes-away", ["Ann", "Ben"])
        try:
            for _ in range(6):
                await play_to_end_steps(players, 1)
            ben = players[1]
            await ben.kill()
            # Ann plays on while Ben is gone (her turns only), then Ben's program starts again.
            assert players[0].view is not None
            again = await Player.signed_in(ben.account)
            await again.sit(room)
            players[1] = again
            assert again.view is not None and again.view.game == players[0].view.game
            news = again.take_news()
            assert any(isinstance(item, WhileAway) for item in news)
            await play_to_end(players, seed=3)
            same_game_everywhere(players)
        finally:
            for player in players:
                await player.kill()

    asyncio.run(play())


async def play_to_end_steps(players: list[Player], count: int) -> None:
    """``count`` steps of the game (or fewer, if it ends)."""
    import random

    from online_support import step

    rng = random.Random(count)
    for _ in range(count):
        assert players[0].view is not None
        if players[0].view.game.is_over():
            return
        await step(players, rng)
    assert players[0].view is not None
    await settle(players, players[0].view.table.seq if players[0].view.table else 0)
