"""Pig's typed commands: ``hold`` (bank the turn total); throwing again is the shared ``roll``.

What every commands module defines: ``WORDS`` (the game's own command words,
marked for translation; the English word always works too), ``parse(game,
typed)`` (the move a line names, ``None`` when the line is not one of this
game's commands) and ``help_words(game, language)`` (how to type the moves
possible now, for ``help``).
"""

from __future__ import annotations

from accessible_dice.errors import GC_
from accessible_dice.games.base import Game, Move
from accessible_dice.play.commands import Typed, command_word, spellings
from accessible_dice.presentation.i18n import Language
from pig.rules import Hold, Pig

#: Command words, marked for translation; the English word always works too.
WORDS = {
    # Translators: Pig command: bank the points thrown this turn (not Yatzy's hold, which holds dice).
    "hold": GC_("pig", "hold"),
}


def parse(game: Game, typed: Typed) -> Move | None:
    """``hold``, or ``None`` for a line that is not a Pig command."""
    assert isinstance(game, Pig)
    return Hold() if typed.words[0] in spellings(WORDS["hold"], typed.language) else None


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, Pig)
    if not game.legal_moves():
        return []
    return [command_word("roll", language), language._(WORDS["hold"])]
