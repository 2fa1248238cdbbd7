"""Storeslem's typed commands: ``board N ...``, ``random-board``, ``strike X [X [X]]``, ``pass``.

Each X of a strike is a number or an expression over the dice (``strike 5+4
6``, ``strike (6+1)*3``); the diagonal's free strike is ``strike N``. Bare
numbers mean ``board`` while boards are filled in and ``strike`` after a
throw.
"""

from __future__ import annotations

from accessible_dice.errors import N_, IllegalMove
from accessible_dice.games.base import Game, Move
from accessible_dice.games.storeslem import Pass, SetBoard, Storeslem, parse_board, random_board
from accessible_dice.play.commands import Typed, spellings
from accessible_dice.presentation.i18n import Language

WORDS = {
    # Translators: Storeslem command: fill the board, "board 5 6 17 1 9 3 21 4 2".
    "board": N_("board"),
    # Translators: Storeslem command: a random board.
    "random-board": N_("random-board"),
    # Translators: Storeslem command: strike numbers made from the dice, "strike 5+4 6".
    "strike": N_("strike"),
    # Translators: Storeslem command: strike nothing after this throw.
    "pass": N_("pass"),
}


class BoardsStay(IllegalMove):
    """A board typed (or asked for at random) once every board is set: said as it is, not as "Throw the dice
    first." (which the rules would answer, and which is not the reason)."""

    # Translators: Storeslem: "board ..." or "random-board" typed after every board is set.
    template = N_("Every board is set; the boards stay as they are for the whole game.")


def _setting_boards(game: Storeslem) -> bool:
    return None in game.boards and not game.is_over()


def parse(game: Game, typed: Typed) -> Move | None:
    assert isinstance(game, Storeslem)
    first, language = typed.words[0], typed.language
    if first in spellings(WORDS["random-board"], language):
        if not _setting_boards(game) and not game.is_over():
            raise BoardsStay()
        return SetBoard(random_board(typed.rng))
    if first in spellings(WORDS["pass"], language):
        return Pass()
    bare = first[0].isdigit() or first[0] == "("
    if first in spellings(WORDS["strike"], language) or (bare and not _setting_boards(game)):
        return game.read_strike(typed.rest if not bare else typed.line)
    # "board", "board Ben" and "board 2" stay the shared review; with numbers it fills the board.
    numbers = typed.words[1:]
    filling = bool(numbers) and numbers[0][0].isdigit() and (len(numbers) > 1 or "," in numbers[0])
    if first in spellings(WORDS["board"], language) and filling:
        if not _setting_boards(game) and not game.is_over():
            raise BoardsStay()
        return parse_board(typed.rest)
    if bare:
        return parse_board(typed.line)
    return None


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, Storeslem)
    if _setting_boards(game):
        # Translators: how to type a board in help; N stands for a number.
        return [language._("board N N N N N N N N N"), language._(WORDS["random-board"])]
    if game.free_strike_due:
        # Translators: how to type the free strike in help.
        return [language._("strike N")]
    # Translators: how to type a strike in help; X is a number or a calculation with the dice.
    return [language._("strike X X X"), language._(WORDS["pass"])]


def placeholders(language: Language, keep_by: str) -> list[str]:
    """What the help's N and X stand for."""
    # Translators: help: the placeholders N and X of Storeslem's board and strike.
    return [language._("N is a number from 1 to 24; X is an open number or a calculation with the dice that "
                       "makes it, like 5+4")]


def numbered(game: Game) -> list[tuple[int, Move]]:
    """The strikes (or the free strike, or pass) by number; none while boards are filled in (typed, or random)."""
    assert isinstance(game, Storeslem)
    return [] if _setting_boards(game) else list(enumerate(game.legal_moves(), start=1))
