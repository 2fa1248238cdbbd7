"""The five games, one module each, and the registry that names them.

Modules are imported on first use, so asking for one game never loads the
others (QUICLO's solver tables, say).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game

#: Registry name -> module inside this package; the module's ``GAME`` is the class.
GAMES: dict[str, str] = {
    "shut-the-box": "shut_the_box",
    "yatzy": "yatzy",
    "storeslem": "storeslem",
    "quiclo": "quiclo",
    "threes-away": "threes_away",
}


class UnknownGame(InvalidInput):
    template = N_("There is no game called {name}; choose one of: {known}.")


def game_class(name: str) -> type[Game]:
    """The class of the game registered as ``name``."""
    module = GAMES.get(name)
    if module is None:
        raise UnknownGame(name=name, known=", ".join(GAMES))
    return importlib.import_module(f"{__name__}.{module}").GAME  # type: ignore[no-any-return]


def new_game(name: str, players: Sequence[str], options: Mapping[str, Any] | None = None) -> Game:
    return game_class(name)(players, options)
