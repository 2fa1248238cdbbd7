"""The static page's games from outside the package: registered in the page as the building program had them.

A game kept outside this package joins a program with ``games.register``
(CONTRIBUTING, "Adding a game"). ``build-page`` run by a program that
registered one (the example game: ``python -m pig build-page DIR``) puts the
game's package in the page's archive with a list of what was registered,
:data:`REGISTERED`; the page registers the same before it reads its address,
so ``?game=pig`` and the menus know the game as the building program did.
"""

from __future__ import annotations

import json
from pathlib import Path

from accessible_dice.errors import InContext
from accessible_dice.games import GAMES, MODULE_PARTS, Parts, register

#: The archive's list of the games registered from elsewhere: their ids and parts, pages relative to it.
REGISTERED = "registered-games.json"


def register_packed(root: Path) -> list[str]:
    """Register the games the archive unpacked at ``root`` lists (none if it lists none); their ids."""
    listing = root / REGISTERED
    if not listing.is_file():
        return []
    added = []
    for record in json.loads(listing.read_text("utf-8")):
        if record["id"] in GAMES:
            continue
        context, listed = record["listed"] or (None, None)
        register(record["id"], Parts(
            record["title"], **{part: record[part] for part in MODULE_PARTS},
            pages=None if record["pages"] is None else root / record["pages"],
            listed=InContext(context, listed) if context and listed else listed))
        added.append(record["id"])
    return added
