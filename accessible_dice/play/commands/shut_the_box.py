"""Shut the Box's typed commands: ``singles``, ``sum``, ``difference``, ``shut N [N]``.

Bare numbers (``7``, ``3 4``) mean ``shut``; the flaps named must be exactly
what one way of using the throw shuts, else the rules' refusal says why.
"""

from __future__ import annotations

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game, Move
from accessible_dice.games.shut_the_box import WAYS, Shut, ShutTheBox, way_for_flaps
from accessible_dice.play.commands import Typed, numbers_in, spellings
from accessible_dice.presentation.i18n import Language

#: Command words, marked for translation; the English word always works too.
WORDS = {
    # Translators: Shut the Box command: shut the flaps of both dice.
    "singles": N_("singles"),
    # Translators: Shut the Box command: shut the flap of the sum.
    "sum": N_("sum"),
    # Translators: Shut the Box command (easy variant): shut the flap of the difference.
    "difference": N_("difference"),
    # Translators: Shut the Box command: shut the flaps named by number, "shut 3 4".
    "shut": N_("shut"),
}


class NameFlapsByNumber(InvalidInput):
    # Translators: the shut command needs flap numbers.
    template = N_("Name the flaps by number, like shut 7 or shut 3 4.")


def parse(game: Game, typed: Typed) -> Move | None:
    """The move a line names, ``None`` when it is not a Shut the Box command."""
    assert isinstance(game, ShutTheBox)
    words, language = typed.words, typed.language
    first = words[0]
    for way in WAYS:
        if first in spellings(WORDS[way], language):
            return Shut(way)
    if first in spellings(WORDS["shut"], language):
        return way_for_flaps(game, numbers_in(words[1:], NameFlapsByNumber))
    if first.replace(",", "").isdigit():
        return way_for_flaps(game, numbers_in(words, NameFlapsByNumber))
    return None


def help_words(game: Game, language: Language) -> list[str]:
    """The ways the current throw allows, then ``shut`` with its flaps."""
    assert isinstance(game, ShutTheBox)
    available = [language._(WORDS[way]) for way in WAYS if way in game.available()]
    # Translators: how to type the shut command in help; N stands for a flap number.
    return [*available, language._("shut N")] if available else []


def placeholders(language: Language, keep_by: str) -> list[str]:
    """What the help's N stands for."""
    # Translators: help: the placeholder N of "shut N".
    return [language._("N is a flap's number, like shut 7 or shut 3 4")]
