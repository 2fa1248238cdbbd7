"""Presentation: game events, refusals and review answers as utterances.

One module per game (``presentation/<module>.py``, the same module name as in
:data:`accessible_dice.games.GAMES`) defines ``PRESENTER``, a subclass of
:class:`~accessible_dice.presentation.describe.Presenter`. The words are made
here and only here; the rules carry data, the speaker only speaks.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from accessible_dice.errors import N_, NC_, InvalidInput
from accessible_dice.games import GAMES
from accessible_dice.games.base import Game
from accessible_dice.presentation.describe import Presenter
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.verbosity import Verbosity

#: Every game's name for menus, before a game exists (words.md: each country's own name).
TITLES = {
    # Translators: game name (Czech: Šance); see words.md.
    "shut-the-box": N_("Shut the Box"),
    # Translators: game name; see words.md.
    "yatzy": N_("Yatzy"),
    # Translators: game name; see words.md.
    "storeslem": N_("Storeslem"),
    # Translators: game name (German sheet: QUICLO Gleichung); see words.md.
    "quiclo": N_("QUICLO Equation"),
    # Translators: game name (Swedish sheet: Treor bort); see words.md.
    "threes-away": N_("Threes Away"),
}

#: Names said differently in the list of all the games: in Czech "Šance" is also a Yatzy box, so the
#: game menu says "Šance (Shut the Box)" (words.md); a game missing here is listed by its :data:`TITLES` name.
LISTED = {
    # Translators: the game's name in the game menu, beside Yatzy (Czech: Šance (Shut the Box)); see words.md.
    "shut-the-box": NC_("in the list of games", "Shut the Box"),
}


def listed_title(game_id: str, language: Language) -> str:
    """``game_id``'s name in a menu of all the games."""
    if game_id in LISTED:
        return language.pgettext("in the list of games", LISTED[game_id])
    return language._(TITLES[game_id])


class NotPlayableYet(InvalidInput):
    # Translators: {game} is a game's name whose spoken version is not written yet.
    template = N_("{game} cannot be played here yet.")


def presenter_class(game_id: str) -> type[Presenter]:
    """The presenter of ``game_id``; :class:`NotPlayableYet` while it is not written."""
    try:
        module = importlib.import_module(f"{__name__}.{GAMES[game_id]}")
    except ModuleNotFoundError:
        raise NotPlayableYet(game=TITLES.get(game_id, game_id)) from None
    return module.PRESENTER  # type: ignore[no-any-return]


def playable() -> list[str]:
    """The games whose rules and presentation both exist, in registry order."""
    found = []
    for game_id, module in GAMES.items():
        try:
            importlib.import_module(f"accessible_dice.games.{module}")
            presenter_class(game_id)
        except (ModuleNotFoundError, NotPlayableYet):
            continue
        found.append(game_id)
    return found


def presenter_for(game: Game, language: Language, verbosity: Verbosity = Verbosity.NORMAL,
                  computers: Iterable[int] = ()) -> Presenter:
    return presenter_class(game.id)(game, language, verbosity, computers)
