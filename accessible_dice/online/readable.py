"""A table as an ordinary Matrix client (Element and any other) shows it: a room name and the moves in words.

The game itself travels as data in the referee's own event types, which
other Matrix apps hide. So that a friend following in Element can read the
game too, the referee names the room after the game and its players, and
after the entries sends an ``m.notice`` that says them in words, in the
table's language (the opener's): one notice for the entries that come
together (a throw and the computers' moves after it), so the homeserver
gets few extra events and no entry waits for its words. The notice is for people only: it names
its entry (:data:`~accessible_dice.online.protocol.NOTICE_OF`) and no
program reads the game from it; the players' programs do not say it as
chat, since each says the entry itself in its own player's language. Only
the referee's entries count (docs/online-protocol.md).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from accessible_dice.games.base import Action, Event, Game
from accessible_dice.online import protocol
from accessible_dice.online.protocol import TableSpec
from accessible_dice.presentation import TITLES, presenter_for
from accessible_dice.presentation import undo as undo_words
from accessible_dice.presentation.i18n import Language, language


def table_language(spec: TableSpec) -> Language:
    """The table's language: its opener's, English when it names none."""
    return _language(spec.language or "en")


@functools.lru_cache(maxsize=8)
def _language(code: str) -> Language:
    """A language's catalog, read once (a referee puts every entry of every table in words)."""
    return language(code)


def room_name(spec: TableSpec) -> str:
    """The room's name in the table's language: "Yatzy: Anna, Ben and cpu"."""
    words = table_language(spec)
    # Translators: the name of an online table's Matrix room, shown in every Matrix app; {game} is its name,
    # {players} a list of the players' names.
    return words._("{game}: {players}").format(game=words._(TITLES.get(spec.game, spec.game)),
                                               players=words.join(spec.players))


def entry_words(spec: TableSpec, game: Game, events: Sequence[Event] = (),
                taken_back: Sequence[Action] = ()) -> str | None:
    """One entry in words in the table's language: the ``events`` it caused, or the ``taken_back`` actions of an
    undo; ``None`` when it has nothing to say."""
    presenter = presenter_for(game, table_language(spec))
    said = undo_words.taken_back(presenter, taken_back) if taken_back else presenter.announce(events)
    return said.text if said is not None and said.text.strip() else None


def notice(number: int, said: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """The ``m.notice`` content for entries of game ``number`` at the table: each ``(seq, words)`` in order,
    their sentences one after the other in its ``body``."""
    return {"msgtype": "m.notice", "body": " ".join(words for _seq, words in said),
            protocol.NOTICE_OF: {"number": number, "seq": [seq for seq, _words in said]}}
