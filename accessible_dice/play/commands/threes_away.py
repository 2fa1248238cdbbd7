"""Threes Away's typed command: ``keep D ...`` (or just the dice).

Dice are named by position, counting from 1 in the order the dice were
announced, or with the keep-by setting ``value`` by their faces; the rules
refuse a keep that leaves a 3 behind or names no die.
"""

from __future__ import annotations

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game, Move
from accessible_dice.games.threes_away import THREE, Keep, ThreesAway
from accessible_dice.play.commands import Typed, dice_in, dice_placeholder, spellings
from accessible_dice.presentation.i18n import Language

#: Command words, marked for translation; the English word always works too.
WORDS = {
    # Translators: Threes Away command: keep dice by position, "keep 1 3".
    "keep": N_("keep"),
}


class NameDiceByPosition(InvalidInput):
    # Translators: the keep command needs die positions, counted from 1.
    template = N_("Name the dice to keep by position, like keep 1 3.")


class NameDiceByValue(InvalidInput):
    # Translators: with the setting keep-by = value, keep names the faces shown, "keep 3 1".
    template = N_("Name the dice to keep by the faces they show, like keep 3 1.")


def parse(game: Game, typed: Typed) -> Move | None:
    """The keep a line names, ``None`` when it is not a Threes Away command."""
    assert isinstance(game, ThreesAway)
    words, language = typed.words, typed.language
    if words[0] in spellings(WORDS["keep"], language):
        named = words[1:]
    elif words[0].replace(",", "").isdigit():
        named = words
    else:
        return None
    table = game.dice_on_table()
    if not named and enter_move(game) is not None:  # "keep" alone keeps the 3s that must be kept
        return enter_move(game)
    return Keep(dice_in(named, typed, table, range(len(table)), NameDiceByPosition, NameDiceByValue))


def enter_move(game: Game) -> Move | None:
    """What Enter does after a throw with 3s in it: keep only the 3s, which must be kept anyway (playtest P12:
    22 of a 6-round game's 48 commands were those keeps, typed)."""
    assert isinstance(game, ThreesAway)
    if game.is_over() or game.dice_request() is not None:
        return None
    threes = tuple(p for p, value in enumerate(game.dice_on_table()) if value == THREE)
    move = Keep(threes)
    return move if threes and move in game.legal_moves() else None


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, ThreesAway)
    # Translators: how to type the keep command in help; D stands for a die (see the help's placeholders).
    return [language._("keep D")] if game.legal_moves() else []


def placeholders(language: Language, keep_by: str) -> list[str]:
    """What the help's D stands for."""
    return [dice_placeholder(language, keep_by)]


def numbered(game: Game) -> list[tuple[int, Move]]:
    """The keeps that differ in what they keep, fewest dice first: two dice showing 2 are one choice, not two."""
    assert isinstance(game, ThreesAway)
    table = game.dice_on_table()
    seen: set[tuple[int, ...]] = set()
    listed: list[Move] = []
    keeps = [move for move in game.legal_moves() if isinstance(move, Keep)]
    for move in sorted(keeps, key=lambda m: (len(m.positions), sorted(table[p] for p in m.positions))):
        values = tuple(sorted(table[p] for p in move.positions))
        if values not in seen:
            seen.add(values)
            listed.append(move)
    return list(enumerate(listed, start=1))
