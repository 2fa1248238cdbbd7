"""One table, two languages: a Czech and a German player hear the same game, each in their own words.

Only data travels (the referee's entries, a refusal's class and data); each
program's own presenter says it in its player's language, through a real
Synapse.
"""

from __future__ import annotations

import asyncio

from online_support import play_to_end, played_events, same_game_everywhere, seated, settle, wait_for
from synapse_server import Synapse, synapse_server  # noqa: F401 - the fixture

from accessible_dice.games.base import DiceThrown
from accessible_dice.online.table import Refused
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.i18n import language


def test_a_czech_and_a_german_player_each_hear_the_game_in_their_own_words(synapse_server: Synapse) -> None:  # noqa: F811
    async def play() -> None:
        async with seated(synapse_server, "shut-the-box", ["Jana", "Jonas"]) as (players, _room):
            jana, jonas = players
            assert jana.view is not None and jonas.view is not None
            czech = presenter_for(jana.view.game, language("cs"))
            german = presenter_for(jonas.view.game, language("de"))
            english = presenter_for(jana.view.game, language("en"))
            # Jonas asks out of turn: the refusal comes back as data and is said in German.
            await jonas.view.throw()
            await wait_for(lambda: any(isinstance(n, Refused) for n in jonas.all_heard()))
            refused = next(n for n in jonas.heard if isinstance(n, Refused))
            assert refused.error is not None
            assert german.refusal(refused.error).text == "Jana ist am Zug, nicht du."
            await play_to_end(players, seed=11)
            await settle(players, jana.view.table.seq if jana.view.table else 0)
            same_game_everywhere(players)
            heard_cs, heard_de = played_events(jana.heard), played_events(jonas.heard)
            assert [n.seq for n in heard_cs] == [n.seq for n in heard_de] == list(range(1, len(heard_cs) + 1))
            throws = 0
            for said_cs, said_de in zip(heard_cs, heard_de, strict=True):
                cs_text = czech.announce(said_cs.events)
                de_text = german.announce(said_de.events)
                assert cs_text is not None and de_text is not None and cs_text.text != de_text.text
                for event in said_cs.events:
                    if isinstance(event, DiceThrown):
                        throws += 1
                        in_czech, in_german = czech.describe(event), german.describe(event)
                        in_english = english.describe(event)
                        assert in_czech is not None and in_german is not None and in_english is not None
                        assert in_czech.text in cs_text.text and in_german.text in de_text.text
                        assert len({in_czech.text, in_german.text, in_english.text}) == 3
            assert throws > 2

    asyncio.run(play())
