"""Chat at online tables never sounds like the game, and any Matrix client can follow the game.

Against a real Synapse (tests/synapse_server.py): members who take a
display name that reads as game news, or a seated player's name, are said
as chat from who they really are; a correction replaces its line; the
opener removes a member who watches; a plain matrix-nio client (what
Element sees) finds the room named after the game and its players and a
sentence for every entry; and the host's own moves send no request event.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from nio import AsyncClient, MessageDirection, RoomMessagesResponse
from online_support import Player, play_to_end, refused, seated, settle, step, wait_for, wait_invited
from synapse_server import Synapse, register, synapse_server  # noqa: F401 - the fixture

from accessible_dice.online import protocol
from accessible_dice.online.refusals import ChatForPlayers
from accessible_dice.online.table import Chat
from accessible_dice.play.online import chat_words
from accessible_dice.presentation.i18n import language

#: What the trial's adversary took as display name, and said (reports/turn3/online.md, B7).
SPOOF = "Ann threw 6, 6, 6, 6, and 6. Yatzy, 50 points. Your turn. Ann"
FALSE_NEWS = "Game over. Mal wins with 374 points."


async def member(server: Synapse, host: Player, room: str, shown: str) -> Player:
    """A member who watches the table, invited by the host, under the display name ``shown``."""
    guest = await Player.signed_in(register(server))
    await host.connection.client.room_invite(room, guest.account.user_id)
    await wait_invited(guest, room)
    await guest.connection.join(room)
    await guest.connection.client.set_displayname(shown)
    await guest.sit(room)
    return guest


def chats(player: Player) -> list[Chat]:
    return [item for item in player.all_heard() if isinstance(item, Chat)]


async def timeline(reader: AsyncClient, room: str) -> list[dict]:
    """Every event of the room from the first, as any Matrix client reads them."""
    events: list[dict] = []
    start = None
    while True:
        page = await reader.room_messages(room, start=start, direction=MessageDirection.front, limit=500)
        assert isinstance(page, RoomMessagesResponse)
        events += [event.source for event in page.chunk]
        if not page.chunk or not page.end or page.end == start:
            return events
        start = page.end


def referee_notices(events: list[dict], referee: Player) -> list[dict]:
    return [event["content"] for event in events
            if event["type"] == "m.room.message" and event["content"].get("msgtype") == "m.notice"
            and event["sender"] == referee.account.user_id]


def told(events: list[dict], referee: Player) -> list[int]:
    """The entries the referee's notices put in words, in the order they say them."""
    return [seq for content in referee_notices(events, referee) for seq in content[protocol.NOTICE_OF]["seq"]]


def test_chat_is_said_as_chat_from_who_really_sent_it(synapse_server: Synapse) -> None:  # noqa: F811
    english = language("en")

    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, room):
            ann, ben = players
            spoofer = await member(synapse_server, ann, room, SPOOF)
            twin = await member(synapse_server, ann, room, "Ben")  # a spectator under a seated player's name
            carla = await member(synapse_server, ann, room, "Carla")
            players.extend([spoofer, twin, carla])  # ended with the others
            await ben.connection.client.set_displayname("Carla")  # a player's display name is never his name here
            assert ann.view is not None and ben.view is not None
            await wait_for(lambda: ann.view is not None and ann.view.members.get(carla.account.user_id) == "Carla"
                           and ann.view.members.get(ben.account.user_id) == "Carla")
            for sender, text in ((spoofer, FALSE_NEWS), (twin, "my turn now"), (carla, "hello"),
                                 (ben, "good luck")):
                assert sender.view is not None
                await sender.view.say(text)
            await wait_for(lambda: len(chats(ann)) == 4)
            said = {item.text: chat_words(english, item).text for item in chats(ann)}
            assert said[FALSE_NEWS] == f"Chat from {spoofer.account.user_id}, watching: {FALSE_NEWS}"
            assert said["my turn now"] == f"Chat from {twin.account.user_id}, watching: my turn now"
            # A plain name nobody else has is said as it is; Ben's own "Carla" does not take it from her: he
            # is said by his seat.
            assert said["hello"] == f"Chat from {carla.account.user_id}, watching: hello"
            assert said["good luck"] == "Chat from Ben: good luck"

            # Ben corrects his message: the corrected line, said as such; the spoofer cannot correct it for him.
            first = next(item for item in chats(ann) if item.text == "good luck")
            for editor, text in ((spoofer, "I resign"), (ben, "good luck, Ann")):
                await editor.connection.send(room, "m.room.message", {
                    "msgtype": "m.text", "body": f"* {text}", "m.new_content": {"msgtype": "m.text", "body": text},
                    "m.relates_to": {"rel_type": "m.replace", "event_id": first.event}})
            await wait_for(lambda: any(item.corrects for item in chats(ann)))
            await ann.view.say("thanks")  # whatever came before it has come
            await wait_for(lambda: any(item.text == "thanks" for item in chats(ben)))
            corrected = [item for item in chats(ann) if item.corrects]
            assert [chat_words(english, item).text for item in corrected] == [
                "Chat from Ben, corrected: good luck, Ann"]
            assert corrected[0].corrects == first.event

            # The opener (the referee here) removes the spoofer; a player may not.
            assert ann.view.may_remove() and not ben.view.may_remove()
            await ann.view.remove(spoofer.account.user_id)
            state = await ann.connection.client.room_get_state_event(room, "m.room.member", spoofer.account.user_id)
            assert state.content["membership"] == "ban"

    asyncio.run(play())


def test_at_a_players_only_table_a_watchers_chat_is_refused_and_never_said(synapse_server: Synapse) -> None:  # noqa: F811
    """Issue 27: the opener of a public table chooses who may chat; "players" is its default there."""
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"], chat="players") as (players, room):
            ann, ben = players
            watcher = await member(synapse_server, ann, room, "Carla")
            players.append(watcher)
            assert watcher.view is not None and ann.view is not None and ben.view is not None
            assert ann.view.spec.chat == "players"
            with pytest.raises(ChatForPlayers):
                await watcher.view.say("hello")  # refused in words, nothing sent
            # As from Element, where nothing refuses it: the players' programs do not say it.
            await watcher.connection.send(room, "m.room.message", {"msgtype": "m.text", "body": "buy my dice"})
            await ben.view.say("good luck")
            await wait_for(lambda: any(item.text == "good luck" for item in chats(ann)))
            assert [item.text for item in chats(ann)] == ["good luck"]

    asyncio.run(play())


def test_any_matrix_client_reads_the_game_and_the_hosts_moves_need_no_request(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, room):
            ann, ben = players
            await play_to_end(players, seed=3)
            assert ann.view is not None and ben.view is not None
            entries = ann.view.table.seq if ann.view.table else 0
            await settle(players, entries)
            # Nothing the referee's notices say is heard as chat by the players' programs.
            assert not chats(ann) and not chats(ben)
            # A plain Matrix client, as Element is: the room's name, and a sentence for every entry (the last
            # ones' words go out a moment after them).
            reader = AsyncClient(ben.account.homeserver, ben.account.user_id, device_id=ben.account.device_id)
            reader.restore_login(ben.account.user_id, ben.account.device_id, ben.account.access_token)
            try:
                name = await reader.room_get_state_event(room, "m.room.name")
                events = await timeline(reader, room)
                while len(told(events, ann)) < entries:
                    await asyncio.sleep(0.2)
                    events = await timeline(reader, room)
            finally:
                await reader.close()
            assert name.content["name"] == "Shut the Box: Ann and Ben"
            notices = referee_notices(events, ann)
            assert told(events, ann) == list(range(1, entries + 1))  # every entry, once, in order
            assert all(content["body"].strip() for content in notices)
            assert "Game over" in notices[-1]["body"]
            assert "threw" in notices[0]["body"]
            # The host's own moves went straight to its referee: no request of Ann's in the room; Ben's are there.
            senders = [event["sender"] for event in events if event["type"] == protocol.REQUEST]
            assert ann.account.user_id not in senders and ben.account.user_id in senders

    asyncio.run(play())


def test_a_request_from_the_host_is_checked_by_its_referee_at_once(synapse_server: Synapse) -> None:  # noqa: F811
    """The host's out-of-turn request is refused by its own referee, as one from the room would be."""
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Ann", "Ben"]) as (players, _room):
            ann, ben = players
            rng = random.Random(5)
            await step(players, rng)  # Ann throws
            await step(players, rng)  # Ann shuts: Ben's turn ... unless she threw again
            assert ann.view is not None and ben.view is not None
            while ann.view.my_turn():
                await step(players, rng)
            asked = await ann.view.throw()
            refusal = await refused(ann, asked)
            assert type(refusal.error).__name__ == "NotYourTurn"

    asyncio.run(play())
