"""Presentation: game events, refusals and review answers as utterances.

Each game's presenter module (named by its :class:`~accessible_dice.games.Parts`,
``presentation/<module>.py`` for the games in the package) defines
``PRESENTER``, a subclass of
:class:`~accessible_dice.presentation.describe.Presenter`. The words are made
here and only here; the rules carry data, the speaker only speaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from accessible_dice.games import GAMES, LIST_OF_GAMES, REQUIRED, NotPlayableYet, part_module, parts
from accessible_dice.games.base import Game
from accessible_dice.presentation.describe import Presenter
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.rules import pages_dir
from accessible_dice.presentation.verbosity import Verbosity

__all__ = ["TITLES", "NotPlayableYet", "missing", "playable", "presenter_class", "presenter_for"]

def listed_title(game_id: str, language: Language) -> str:
    """``game_id``'s name in a menu of all the games: its ``Parts.listed`` where it has one (in Czech
    "Šance" is also a Yatzy box, so the game menu says "Šance (Shut the Box)"), else its title."""
    listed = GAMES[game_id].listed
    if listed is not None:
        return language.pgettext(LIST_OF_GAMES, listed)
    return language._(TITLES[game_id])


class _Titles(Mapping[str, str]):
    """Every registered game's name for menus (marked for translation), read from the registry as it is now."""

    def __getitem__(self, game_id: str) -> str:
        return GAMES[game_id].title

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: Game id -> its name, before a game exists (docs/spec/words.md: each country's own name); translate where said.
TITLES: Mapping[str, str] = _Titles()


def missing(game_id: str) -> list[str]:
    """The parts ``game_id`` lacks to be played: a module or a name its part must define, its English rules page.

    Empty for a complete game. ``board`` and ``strategy`` are optional: they
    are missing only when :class:`~accessible_dice.games.Parts` names them and
    they are not there. A game with a part missing is refused in words at the
    menu and on the command line, never offered and then crashed.
    """
    lacking = []
    for part, names in REQUIRED.items():
        if parts(game_id).module(part) is None:
            continue
        try:
            module = part_module(game_id, part)
        except ModuleNotFoundError as absent:
            if part == "strategy" and absent.name == "numpy":
                continue  # no numpy here (the static page): played with plain moves (strategy.has_strategy)
            raise
        if module is None or not all(hasattr(module, name) for name in names):
            lacking.append(part)
    words = part_module(game_id, "presentation")
    if words is not None and hasattr(words, "PRESENTER") and not getattr(words.PRESENTER, "goal", ""):
        lacking.append("tutorial goal")  # the presenter's goal: what its tutorial says the game is about
    if not (pages_dir(game_id) / f"{game_id}.md").is_file():
        lacking.append("rules page")
    return lacking


def playable() -> list[str]:
    """The games with every part there, in registry order."""
    return [game_id for game_id in GAMES if not missing(game_id)]


def presenter_class(game_id: str) -> type[Presenter]:
    """The presenter of ``game_id``; :class:`NotPlayableYet` while it is not written."""
    module = part_module(game_id, "presentation")
    if module is None or not hasattr(module, "PRESENTER"):
        raise NotPlayableYet(game=game_id)
    presenter: type[Presenter] = module.PRESENTER
    return presenter


def presenter_for(game: Game, language: Language, verbosity: Verbosity = Verbosity.NORMAL,
                  computers: Iterable[int] = ()) -> Presenter:
    return presenter_class(game.id)(game, language, verbosity, computers)
