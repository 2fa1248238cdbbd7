"""The games and the registry that names each one's parts.

A game is more than its rules: it needs words (a presenter), typed commands,
a menu title and a rules page, and may have a board (the window's and the page's) and a strategy.
:class:`Parts` names where each lives, as module paths imported on first use,
so asking for one game never loads the others (QUICLO's solver tables, say),
and a game kept outside the package (the example game in ``tests/pig/``) is
added with :func:`register` without editing anything here. CONTRIBUTING.md,
"Adding a game", lists what each part must define.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from accessible_dice.errors import N_, NC_, InvalidInput
from accessible_dice.games.base import Game

#: What each part's module must define, by part name; ``board`` and ``strategy`` may be left out.
REQUIRED: dict[str, tuple[str, ...]] = {
    "rules": ("GAME",),
    "presentation": ("PRESENTER",),
    "commands": ("WORDS", "parse", "help_words"),
    "board": ("BOARD",),
    "strategy": ("best_move", "computer_move"),
}


@dataclass(frozen=True)
class Parts:
    """Where one game's parts are: module paths, its title, and its rules pages.

    ``title`` is the game's name marked with ``N_`` (translated where said).
    ``board`` may be ``None``: the window and the page then show the typed board (a text
    field for the game's commands). ``strategy`` may be ``None``: no hints and
    no computer players. ``pages`` is the folder of the rules pages
    (``<id>.md``, translations in ``<code>/<id>.md``); ``None`` means the
    program's own (``docs/rules``).
    """

    title: str
    rules: str
    presentation: str
    commands: str
    board: str | None = None
    strategy: str | None = None
    pages: Path | None = None
    #: The name in the list of all the games where it must differ from ``title``, marked
    #: ``NC_(LIST_OF_GAMES, ...)``; ``None``: the title.
    listed: str | None = None
    #: The module of a strategy that needs no numpy, for a game whose own ``strategy`` does: it plays where
    #: numpy cannot be imported (the static page), with the same interface; ``None``: there the game makes
    #: its plain move (:meth:`~accessible_dice.games.base.Game.plain_move`).
    without_numpy: str | None = None

    @classmethod
    def packaged(cls, module: str, title: str, listed: str | None = None, without_numpy: str | None = None) -> Parts:
        """A game inside this package: ``module`` in games/, presentation/, play/commands/, boards/ and strategy/
        (``without_numpy``: a module of strategy/ too)."""
        package = "accessible_dice"
        return cls(title, f"{package}.games.{module}", f"{package}.presentation.{module}",
                   f"{package}.play.commands.{module}", f"{package}.boards.{module}", f"{package}.strategy.{module}",
                   listed=listed,
                   without_numpy=None if without_numpy is None else f"{package}.strategy.{without_numpy}")

    def module(self, part: str) -> str | None:
        """The module path of ``part`` (one of :data:`MODULE_PARTS`), ``None`` when the game leaves it out."""
        path: str | None = getattr(self, part)
        return path


#: Every field of :class:`Parts` that names a module: the required parts, and the numpy-free strategy.
MODULE_PARTS = (*REQUIRED, "without_numpy")

#: The translation context of a game's name in the list of all the games (:attr:`Parts.listed`).
LIST_OF_GAMES = "in the list of games"

#: Registry name -> the game's parts, in menu order.
GAMES: dict[str, Parts] = {
    "shut-the-box": Parts.packaged(
        # Translators: game name (Czech: Šance); see docs/spec/words.md.
        "shut_the_box", N_("Shut the Box"),
        # Translators: the game's name in the game menu, beside Yatzy (Czech: Šance (Shut the Box)); see
        # docs/spec/words.md.
        listed=NC_("in the list of games", "Shut the Box")),
    # Translators: game name; see docs/spec/words.md.
    "yatzy": Parts.packaged("yatzy", N_("Yatzy"), without_numpy="yatzy_turn"),
    # Translators: game name; see docs/spec/words.md.
    "storeslem": Parts.packaged("storeslem", N_("Storeslem"), without_numpy="storeslem_plain"),
    # Translators: game name (German sheet: QUICLO Gleichung); see docs/spec/words.md.
    "quiclo": Parts.packaged("quiclo", N_("QUICLO Equation")),
    # Translators: game name (Swedish sheet: Treor bort); see docs/spec/words.md.
    "threes-away": Parts.packaged("threes_away", N_("Threes Away")),
}


class UnknownGame(InvalidInput):
    template = N_("There is no game called {name}; choose one of: {known}.")


class NotPlayableYet(InvalidInput):
    # Translators: {game} is a game's name; a part of it (its words, its commands, ...) is not written yet.
    template = N_("{game} cannot be played here yet.")


def register(game_id: str, parts: Parts) -> None:
    """Add a game kept outside this package; it joins the menus and ``--game`` like the others.

    A name taken already is a programming mistake (never a player's), so it
    raises a plain ``ValueError`` rather than a spoken refusal.
    """
    if game_id in GAMES:
        raise ValueError(f"a game called {game_id} is registered already")
    GAMES[game_id] = parts


def unregister(game_id: str) -> None:
    """Take back a game added by :func:`register` (a test's example game, after the test)."""
    GAMES.pop(game_id, None)


def parts(game_id: str) -> Parts:
    """The parts of the game registered as ``game_id``."""
    found = GAMES.get(game_id)
    if found is None:
        raise UnknownGame(name=game_id, known=", ".join(GAMES))
    return found


def part_module(game_id: str, part: str) -> ModuleType | None:
    """The module of ``game_id``'s ``part``; ``None`` when the game leaves it out or it is not written yet."""
    path = parts(game_id).module(part)
    if path is None:
        return None
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as error:
        if error.name is not None and path.startswith(error.name):
            return None  # the part's own module is missing, not something it imports
        raise


def game_class(name: str) -> type[Game]:
    """The class of the game registered as ``name``."""
    module = part_module(name, "rules")
    if module is None:
        raise NotPlayableYet(game=name)
    game: type[Game] = module.GAME
    return game


def new_game(name: str, players: Sequence[str], options: Mapping[str, Any] | None = None) -> Game:
    return game_class(name)(players, options)
