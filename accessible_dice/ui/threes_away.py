"""Threes Away's typed command: ``keep P ...`` (or just the positions).

Positions count from 1 in the order the dice were announced; the rules
refuse a keep that leaves a 3 behind or names no die.
"""

from __future__ import annotations

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game, Move
from accessible_dice.games.threes_away import Keep, ThreesAway
from accessible_dice.presentation.i18n import Language
from accessible_dice.ui.commands import Typed, positions_in, spellings

#: Command words, marked for translation; the English word always works too.
WORDS = {
    # Translators: Threes Away command: keep dice by position, "keep 1 3".
    "keep": N_("keep"),
}


class NameDiceByPosition(InvalidInput):
    # Translators: the keep command needs die positions, counted from 1.
    template = N_("Name the dice to keep by position, like keep 1 3.")


def parse(game: Game, typed: Typed) -> Move | None:
    """The keep a line names, ``None`` when it is not a Threes Away command."""
    assert isinstance(game, ThreesAway)
    words, language = typed.words, typed.language
    if words[0] in spellings(WORDS["keep"], language):
        return Keep(positions_in(words[1:], NameDiceByPosition))
    if words[0].replace(",", "").isdigit():
        return Keep(positions_in(words, NameDiceByPosition))
    return None


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, ThreesAway)
    # Translators: how to type the keep command in help; P stands for a die position.
    return [language._("keep P")] if game.legal_moves() else []
