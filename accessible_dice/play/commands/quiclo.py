"""QUICLO's typed commands: ``equation E`` or just E (``12/3=2+2``), ``helper``, ``none``.

A bare line must hold an ``=`` to be taken as an equation, since a wrong
equation costs a life: a slip such as typed dice values is refused at no
cost. ``equation ...`` sends the text to the judge as it is.
"""

from __future__ import annotations

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game, Move
from accessible_dice.games.quiclo import DeclareNone, Quiclo, UseHelper, WriteEquation
from accessible_dice.play.commands import Typed, spellings
from accessible_dice.presentation.i18n import Language

WORDS = {
    # Translators: QUICLO command: the equation follows, "equation 12/3=2+2".
    "equation": N_("equation"),
    # Translators: QUICLO command: ask the solution helper (costs a life).
    "helper": N_("helper"),
    # Translators: QUICLO command: declare that no equation is possible.
    "none": N_("none"),
}


class EquationNeedsEquals(InvalidInput):
    # Translators: a typed line without "=" is not taken as an equation; nothing is lost.
    template = N_("An equation needs an = sign, like 12/3=2+2. Or type helper, or none.")


def parse(game: Game, typed: Typed) -> Move | None:
    assert isinstance(game, Quiclo)
    first, language = typed.words[0], typed.language
    if first in spellings(WORDS["helper"], language):
        return UseHelper()
    if first in spellings(WORDS["none"], language):
        return DeclareNone()
    if first in spellings(WORDS["equation"], language):
        return WriteEquation(typed.rest)
    if "=" in typed.line:
        return WriteEquation(typed.line.strip())
    if any(char.isdigit() for char in typed.line):
        raise EquationNeedsEquals()
    return None


def costly(game: Game, move: Move, language: Language) -> str | None:
    """Before the helper chosen by its number (``c 1``): it costs a life (playtest P13)."""
    assert isinstance(game, Quiclo)
    if not isinstance(move, UseHelper):
        return None
    player = game.current_player()
    left = game.lives[player] - 1 if player is not None else 0
    # Translators: a number of lives, e.g. "2 lives".
    lives = language.ngettext("{count} life", "{count} lives", left).format(count=language.number(left))
    # Translators: QUICLO: the helper was chosen by its number; {left} is the lives left after it ("2 lives").
    return language._("Use the helper? It costs a life: {left} left after it.").format(left=lives)


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, Quiclo)
    # Translators: how to type an equation in help; E stands for the equation.
    return [language._("equation E"), language._(WORDS["helper"]), language._(WORDS["none"])]


def placeholders(language: Language, keep_by: str) -> list[str]:
    """What the help's E stands for."""
    # Translators: help: the placeholder E of "equation E".
    return [language._("E is an equation with at least 3 of the dice, like 12/3=2+2, typed with or without "
                       "the word equation")]
