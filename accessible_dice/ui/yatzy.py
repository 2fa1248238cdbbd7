"""Yatzy's typed commands: ``hold P ...``, ``release P ...``, ``score BOX`` (``roll`` is shared).

Positions count from 1 in the order the dice were announced. Box names are
the command words of interfaces.md (``full-house``), the English labels
("full house") or the player's language's names ("Kåk", ``fuldt-hus``,
"fuldt hus"); a refusal lists the player's words (presentation/yatzy.py).
"""

from __future__ import annotations

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game, Move
from accessible_dice.games.yatzy import Box, Hold, Release, Score, UnknownBox, Yatzy, score
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.typed_words import box_spellings
from accessible_dice.ui.commands import Typed, command_word, positions_in, spellings

WORDS = {
    # Translators: Yatzy command: hold dice by position, "hold 1 3".
    "hold": N_("hold"),
    # Translators: Yatzy command: release held dice by position, "release 2".
    "release": N_("release"),
    # Translators: Yatzy command: fill a box, "score full-house".
    "score": N_("score"),
}


class NameDiceByPosition(InvalidInput):
    # Translators: hold and release need die positions, counted from 1.
    template = N_("Name the dice by position, like hold 1 3.")


class NameTheBox(InvalidInput):
    # Translators: the score command needs a box name.
    template = N_("Name the box, like score full-house.")


def box_named(words: list[str], language: Language) -> Box:
    """The box called ``words``: command word, English label or translated name (``fuldt-hus``, "Fuldt hus"),
    accents optional, inflected where the language inflects it ("malou postupku")."""
    if not words:
        raise NameTheBox()
    text = " ".join(words)
    for box in Box:
        if " ".join(text.replace("-", " ").split()) in box_spellings(box.label, language):
            return box
    try:
        return Box.lookup(text)
    except UnknownBox:
        raise UnknownBox(text=text[:40], known=" ".join(b.command for b in Box)) from None


def parse(game: Game, typed: Typed) -> Move | None:
    assert isinstance(game, Yatzy)
    words, language = typed.words, typed.language
    first = words[0]
    if first in spellings(WORDS["hold"], language):
        return Hold(positions_in(words[1:], NameDiceByPosition))
    if first in spellings(WORDS["release"], language):
        return Release(positions_in(words[1:], NameDiceByPosition))
    if first in spellings(WORDS["score"], language):
        return Score(box_named(words[1:], language).value)
    return None


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, Yatzy)
    said = []
    if game.throws_left() > 0:
        # Translators: how to type hold in help; P stands for a die position.
        said.append(language._("hold P"))
        # Translators: how to type release in help; P stands for a die position.
        said.append(language._("release P"))
        said.append(command_word("roll", language))
    # Translators: how to type the score command in help.
    said.append(language._("score BOX"))
    return said


def confirmation(game: Game, move: Move, language: Language) -> str | None:
    """Scoring 0 in a box is asked about first (ER-04); other moves are not."""
    assert isinstance(game, Yatzy)
    if not isinstance(move, Score) or move not in game.legal_moves():
        return None
    box = Box.lookup(move.box)
    if score(box, game.dice_on_table()) != 0:
        return None
    # Translators: confirming a Yatzy box that would score nothing; {box} is its name.
    return language._("Score 0 in {box}?").format(box=language._(box.label))
