"""Typed commands: one line of the terminal front end becomes one :class:`Command`.

The commands every game shares (interfaces.md §1: help, review, repeat, roll,
manual values, quit) are read here; each game's own commands (``shut 7``,
``keep 1 3``) are read by its module ``ui/<game module>.py``, which offers
``parse(game, typed: Typed) -> Move | None`` and
``help_words(game, language) -> list[str]`` (see docs/playing.md, "Adding a
game"). Words are case-insensitive; the translated word of the player's
language is accepted beside the English one, accents optional, with the
language's other words for it (presentation/typed_words.py).

Parsing changes nothing: a line that is not a command, or a move the rules
refuse, raises a refusal with a reason, and the game stays as it was.
"""

from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass
from types import ModuleType

from accessible_dice.errors import N_, IllegalMove, InvalidInput
from accessible_dice.games import GAMES
from accessible_dice.games.base import Game, Move, NoThrowNow
from accessible_dice.presentation import typed_words
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import rethrow_move

#: The shared commands: name -> (word marked for translation, short letters).
COMMON: dict[str, tuple[str, tuple[str, ...]]] = {
    # Translators: terminal command words; players may type the translation or the English word.
    "help": (N_("help"), ("h", "?")),
    # Translators: terminal command: speak the dice.
    "dice": (N_("dice"), ("d",)),
    # Translators: terminal command: speak my board or scorecard.
    "board": (N_("board"), ("b",)),
    # Translators: terminal command: speak everybody's standings.
    "standings": (N_("standings"), ("s",)),
    # Translators: terminal command: whose turn, which round.
    "turn": (N_("turn"), ("t",)),
    # Translators: terminal command: the moves possible now.
    "moves": (N_("moves"), ("m",)),
    # Translators: terminal command: a hint.
    "hint": (N_("hint"), ("a",)),
    # Translators: terminal command: the last announcement again.
    "repeat": (N_("repeat"), ()),
    # Translators: terminal command: the previous announcement in the history.
    "previous": (N_("previous"), (",",)),
    # Translators: terminal command: the next announcement in the history.
    "next": (N_("next"), (".",)),
    # Translators: terminal command: the oldest announcement in the history.
    "oldest": (N_("oldest"), ("<",)),
    # Translators: terminal command: the newest announcement in the history.
    "newest": (N_("newest"), (">",)),
    # Translators: terminal command: throw the dice.
    "roll": (N_("roll"), ("r",)),
    # Translators: terminal command: stop speaking.
    "stop": (N_("stop"), ()),
    # Translators: terminal command: change how much is said (brief, normal, full).
    "verbosity": (N_("verbosity"), ("v",)),
    # Translators: terminal command: take back the last step (a wrongly typed throw, a move).
    "undo": (N_("undo"), ()),
    # Translators: terminal command: do again what undo took back.
    "redo": (N_("redo"), ()),
    # Translators: terminal command: hear or change the settings ("settings verbosity brief").
    "settings": (N_("settings"), ()),
    # Translators: terminal command: personal bests and averages from the score history.
    "history": (N_("history"), ()),
    # Translators: terminal command: the rules of the game being played.
    "rules": (N_("rules"), ()),
    # Translators: terminal command: save and leave.
    "quit": (N_("quit"), ("q",)),
}

#: Dice values as typed: digits with spaces or commas between them.
_VALUES = re.compile(r"^[\d\s,;]+$")


@dataclass(frozen=True)
class Typed:
    """A line for a game's own parser: its words (lower case), the line as typed, and context.

    ``rng`` is the session's seeded generator, for moves a program picks at
    random on request (Storeslem's ``random-board``), so a seeded game stays
    the same game.
    """

    words: list[str]
    line: str
    language: Language
    rng: random.Random

    @property
    def rest(self) -> str:
        """The line after its first word, as typed (expressions keep their signs and brackets)."""
        parts = self.line.strip().split(maxsplit=1)
        return parts[1] if len(parts) > 1 else ""


@dataclass(frozen=True)
class Command:
    """What a line asks for. ``name`` is a :data:`COMMON` name, ``"values"`` or ``"move"``."""

    name: str
    args: tuple[str, ...] = ()
    move: Move | None = None


class UnknownCommand(InvalidInput):
    # Translators: {word} is what the player typed.
    template = N_("{word} is not a command here. Type help for the commands.")


class RandomDiceOnly(IllegalMove):
    # Translators: dice values were typed but the game throws random dice.
    template = N_("The dice are random in this game; type roll to throw.")


def game_commands(game_id: str) -> ModuleType:
    """The module that reads ``game_id``'s own commands."""
    return importlib.import_module(f"accessible_dice.ui.{GAMES[game_id]}")


def spellings(word: str, language: Language) -> set[str]:
    """A command word as typed: the English word or its translation, any case, accents optional,
    and the language's other words for it ("hoď" beside "hod"; presentation/typed_words.py)."""
    return typed_words.spellings(word, language)


def words_for(name: str, language: Language) -> set[str]:
    """Every spelling of a shared command: English, translated, and its letters."""
    word, letters = COMMON[name]
    return spellings(word, language) | set(letters)


def command_word(name: str, language: Language) -> str:
    """The word a player is told to type for a shared command."""
    return language._(COMMON[name][0])


def parse(line: str, game: Game, language: Language, *, manual: bool, rng: random.Random | None = None) -> Command:
    """Read one typed line; raises a refusal when it is no command.

    Bare numbers are dice values while dice are due, otherwise the game's own
    number command (flaps to shut, dice to keep). While real dice are due,
    any other text is taken as their values and refused as such.
    """
    words = line.casefold().split()
    if not words:
        return Command("turn")
    first, rest = words[0], tuple(line.split()[1:])
    typed = Typed(words, line, language, rng or random.Random())
    for name in COMMON:
        if first in words_for(name, language):
            if name == "roll" and rest:
                return _values(" ".join(rest), game, manual)
            # A game may give a shared word a meaning with arguments (Storeslem's "board 5 6 17 ...").
            move = game_commands(game.id).parse(game, typed) if rest else None
            return Command(name, rest) if move is None else Command("move", move=move)
    request = game.dice_request()
    if request is not None and _VALUES.match(line):
        return _values(line, game, manual)
    move = game_commands(game.id).parse(game, typed)
    if move is not None:
        return Command("move", move=move)
    if request is not None and manual:
        # Anything else typed while real dice are due is read as their values, so
        # the refusal says what a die value looks like (checklist ER-01).
        return Command("values", (line,))
    if _VALUES.match(line):
        raise NoThrowNow()
    raise UnknownCommand(word=words[0])


def _values(text: str, game: Game, manual: bool) -> Command:
    """Typed values of real dice: for the throw due, or for a re-throw they start (Yatzy)."""
    if game.dice_request() is None and rethrow_move(game) is None:
        raise NoThrowNow()
    if not manual:
        raise RandomDiceOnly()
    return Command("values", (text,))


def numbers_in(words: tuple[str, ...] | list[str], make_error: type[InvalidInput], **data: object) -> list[int]:
    """Whole numbers named in a command (``shut 3 4``, ``keep 1,3``); else ``make_error``.

    The game's refusals say what is wrong with the numbers themselves (no flap
    11, no die 6); this only refuses what is not a number at all.
    """
    tokens = [t for word in words for t in re.split(r"[,;]", word) if t]
    if not tokens or not all(t.isascii() and t.isdigit() and len(t) <= 3 for t in tokens):
        raise make_error(**data)
    return [int(t) for t in tokens]


def positions_in(words: tuple[str, ...] | list[str], make_error: type[InvalidInput]) -> tuple[int, ...]:
    """Dice named by their places as announced, counting from 1 (``hold 1 3``), as the rules
    count them, from 0; else ``make_error``."""
    return tuple(number - 1 for number in numbers_in(words, make_error))


#: The shared commands that work at any time, in the order help says them (undo and redo
#: join them, before quit, while they work).
ANY_TIME = ("dice", "board", "standings", "turn", "moves", "hint", "repeat", "previous", "next", "settings",
            "history", "rules", "quit")


def actions_now(game: Game, language: Language) -> list[str]:
    """The commands that act now, in the words to type (CG-05); empty once the game is over."""
    if game.is_over():
        return []
    if game.dice_request() is not None:
        return [command_word("roll", language)]
    return list(game_commands(game.id).help_words(game, language))


def confirmation(game: Game, move: Move, language: Language) -> str | None:
    """The question to ask before ``move`` when it is destructive (ER-04: scoring 0 in Yatzy), else ``None``.

    A game's command module may offer ``confirmation(game, move, language)``;
    both front ends ask it, each in its own way (a typed yes, a Yes button).
    """
    question = getattr(game_commands(game.id), "confirmation", None)
    return None if question is None else question(game, move, language)


def any_time(language: Language, *, undo: bool = False, redo: bool = False) -> list[str]:
    """The commands that always work, with their letters ("dice (d)"); ``undo`` and ``redo`` when they work."""
    names = [*ANY_TIME[:-1], *(["undo"] if undo else []), *(["redo"] if redo else []), ANY_TIME[-1]]
    said = []
    for name in names:
        word, letters = COMMON[name]
        said.append(f"{language._(word)} ({letters[0]})" if letters else language._(word))
    return said
