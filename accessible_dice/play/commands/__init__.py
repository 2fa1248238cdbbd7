"""Typed commands: one line of the terminal front end becomes one :class:`Command`.

The commands every game shares (docs/spec/interfaces.md §1: help, review, repeat, roll,
manual values, quit) are read here; each game's own commands (``shut 7``,
``keep 1 3``) are read by its commands module (``ui/<game module>.py`` for
the games in the package; see :class:`~accessible_dice.games.Parts`), which
offers ``WORDS``, ``parse(game, typed: Typed) -> Move | None`` and
``help_words(game, language) -> list[str]`` (see CONTRIBUTING.md, "Adding a
game"). Words are case-insensitive; the translated word of the player's
language is accepted beside the English one, accents optional, with the
language's other words for it (presentation/typed_words.py).

Parsing changes nothing: a line that is not a command, or a move the rules
refuse, raises a refusal with a reason, and the game stays as it was.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType

from accessible_dice.errors import N_, IllegalMove, InvalidInput
from accessible_dice.games import NotPlayableYet, part_module
from accessible_dice.games.base import Game, Move
from accessible_dice.presentation import typed_words
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.options import word
from accessible_dice.session import rethrow_due

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
    # Translators: terminal command: choose one of the moves the moves command numbers, "choose 2" (or "c 2").
    "choose": (N_("choose"), ("c",)),
    # Translators: terminal command: a hint.
    "hint": (N_("hint"), ("a",)),
    # Translators: terminal command: what a game term means ("explain full-house"); alone, the game's terms.
    "explain": (N_("explain"), ()),
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
    # Translators: terminal command: a player's own settings ("profile yes" keeps them, "profile no" drops them).
    "profile": (N_("profile"), ()),
    # Translators: terminal command: write a problem report (the game, settings, what was said) to send.
    "report": (N_("report"), ()),
    # Translators: terminal command: leave the game for the main menu, the game saved (it can be continued there).
    "menu": (N_("menu"), ()),
    # Translators: terminal command: save and leave.
    "quit": (N_("quit"), ("q",)),
}

#: Dice values as typed: digits with spaces or commas between them.
_VALUES = re.compile(r"^[\d\s,;]+$")
#: A choice by number written together: ``c2``, ``#2``, ``# 2`` (``c 2`` and ``choose 2`` are words).
_GLUED_CHOICE = re.compile(r"^(?:c|#)\s*(\d{1,3})$")


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
    #: What numbers after hold, release and keep name: ``position`` or ``value`` (the keep-by setting).
    keep_by: str = "position"

    @property
    def rest(self) -> str:
        """The line after its first word, as typed (expressions keep their signs and brackets)."""
        parts = self.line.strip().split(maxsplit=1)
        return parts[1] if len(parts) > 1 else ""


@dataclass(frozen=True)
class Command:
    """What a line asks for. ``name`` is a :data:`COMMON` name, ``"values"`` or ``"move"``.

    A move command may take several moves in a row (``then``): Yatzy's
    ``keep 1 3`` releases, holds and throws again; they are checked together
    before any is made.
    """

    name: str
    args: tuple[str, ...] = ()
    move: Move | None = None
    then: tuple[Move, ...] = ()
    #: Chosen by its number (``c 1``), not by its words: a move that costs something is asked about first.
    chosen: bool = False

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move the command makes, in order."""
        return () if self.move is None else (self.move, *self.then)


class UnknownCommand(InvalidInput):
    # Translators: {word} is what the player typed.
    template = N_("{word} is not a command here. Type help for the commands.")


class NoSuchChoice(InvalidInput):
    # Translators: "choose N" (or "c N") named no numbered move; {number} is what was typed.
    template = N_("{number} is not one of the moves now; type moves to hear them numbered.")


class NothingToChoose(IllegalMove):
    # Translators: "choose N" while no move is to be chosen (dice are due, or the game is over).
    template = N_("There are no moves to choose from now.")


class RandomDiceOnly(IllegalMove):
    # Translators: dice values were typed but the game throws random dice.
    template = N_("The dice are random in this game; type roll to throw.")


def game_commands(game_id: str) -> ModuleType:
    """The module that reads ``game_id``'s own commands; :class:`NotPlayableYet` while it is not written."""
    module = part_module(game_id, "commands")
    if module is None:
        raise NotPlayableYet(game=game_id)
    return module


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


def parse(line: str, game: Game, language: Language, *, manual: bool, rng: random.Random | None = None,
          keep_by: str = "position") -> Command:
    """Read one typed line; raises a refusal when it is no command.

    Bare numbers are dice values while dice are due, otherwise the game's own
    number command (flaps to shut, dice to keep). While real dice are due,
    any other text is taken as their values and refused as such. A move
    from the numbered list is chosen with ``c N`` (``choose N``, ``#N``), so
    a number never means two things. An empty line does the one thing
    possible (:func:`only_action`), else reviews the turn.
    """
    words = line.casefold().split()
    if not words:
        return only_action(game, manual) or Command("turn")
    glued = _GLUED_CHOICE.match(line.strip().casefold())
    if glued is not None:
        return _made(choice(game, glued.group(1)), chosen=True)
    first, rest = words[0], tuple(line.split()[1:])
    typed = Typed(words, line, language, rng or random.Random(), keep_by)
    for name in COMMON:
        if first in words_for(name, language):
            if name == "roll" and rest:
                return _values(" ".join(rest), game, manual)
            if name == "choose":
                return _made(choice(game, " ".join(rest)), chosen=True)
            # A game may give a shared word a meaning with arguments (Storeslem's "board 5 6 17 ...").
            made = game_commands(game.id).parse(game, typed) if rest else None
            return Command(name, rest) if made is None else _made(made)
    request = game.dice_request()
    if request is not None and _VALUES.match(line):
        return _values(line, game, manual)
    if request is not None and manual and line.strip()[:1].isdigit():
        # Real dice are due: numbers are their values, refused as such ("3 x"), never flaps or dice to keep.
        return Command("values", (line,))
    made = game_commands(game.id).parse(game, typed)
    if made is not None:
        return _made(made)
    if request is not None and manual:
        # Anything else typed while real dice are due is read as their values, so
        # the refusal says what a die value looks like (checklist ER-01).
        return Command("values", (line,))
    if _VALUES.match(line):  # values typed at a real table, for the re-throw they start (Yatzy, after hold)
        return _values(line, game, manual)
    raise UnknownCommand(word=words[0])


def _made(made: Move | tuple[Move, ...], chosen: bool = False) -> Command:
    """The command of a game's parsed move, or of several moves in a row (Yatzy's keep)."""
    first, *then = made if isinstance(made, tuple) else (made,)
    return Command("move", move=first, then=tuple(then), chosen=chosen)


def numbered(game: Game) -> list[tuple[int, Move]]:
    """The moves ``moves`` lists and ``choose N`` picks, with their numbers.

    By default the rules' legal moves, counted from 1; a game's command
    module may offer ``numbered(game)`` (Yatzy numbers its boxes as on the
    scorecard, so ``c 7`` and ``score 7`` are the same box).
    """
    if game.is_over() or game.dice_request() is not None:
        return []
    own = getattr(game_commands(game.id), "numbered", None)
    return own(game) if own is not None else list(enumerate(game.legal_moves(), start=1))


def choice(game: Game, text: str) -> Move:
    """The move numbered ``text`` in :func:`numbered`; a refusal when there is none."""
    listed = dict(numbered(game))
    if not listed:
        raise NothingToChoose()
    number = text.strip()
    if not (number.isascii() and number.isdigit()) or int(number) not in listed:
        raise NoSuchChoice(number=number[:20] or "?")
    return listed[int(number)]


def only_action(game: Game, manual: bool) -> Command | None:
    """What Enter does when exactly one thing can be done: throw random dice, or the one legal move."""
    if game.is_over():
        return None
    if game.dice_request() is not None:
        return None if manual else Command("roll")
    listed = numbered(game)
    if len(listed) == 1 and len(game.legal_moves()) == 1:
        return Command("move", move=listed[0][1])
    # A game may give Enter the move its rules make nearly forced (Threes Away: keep only the 3s).
    enter_move = getattr(game_commands(game.id), "enter_move", None)
    move = None if enter_move is None else enter_move(game)
    return None if move is None else Command("move", move=move)


def _values(text: str, game: Game, manual: bool) -> Command:
    """Typed values of real dice: for the throw due, or for a re-throw they start (Yatzy)."""
    if game.dice_request() is None:
        rethrow_due(game)
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


def dice_placeholder(language: Language, keep_by: str) -> str:
    """What D stands for in help, as the keep-by setting reads it."""
    if keep_by == "value":
        # Translators: help: the placeholder D with the setting keep-by = value.
        return language._("D is the face a die shows, like 5 5 for two fives")
    # Translators: help: the placeholder D: dice by their places as said, counted from 1.
    return language._("D is a die's place as said, from 1, like 1 3")


class NoDieShows(InvalidInput):
    # Translators: keep-by = value: "hold 6" when no die that could be chosen shows a 6; {value} is the face.
    template = N_("No die that can be chosen here shows {value}.")


def dice_in(words: tuple[str, ...] | list[str], typed: Typed, table: Sequence[int], among: Iterable[int],
            by_position: type[InvalidInput], by_value: type[InvalidInput]) -> tuple[int, ...]:
    """The positions (from 0) of the dice ``words`` name: by place, or by face with the keep-by setting ``value``.

    By face, each number takes one die of ``among`` showing it, the first
    listed first; a face no such die shows is refused (``hold 5 5`` holds two
    fives, ``keep 3 1`` in Threes Away keeps a 3 and a 1).
    """
    if typed.keep_by != "value":
        return positions_in(words, by_position)
    left, chosen = list(among), []
    for value in numbers_in(words, by_value):
        found = next((p for p in left if table[p] == value), None)
        if found is None:
            raise NoDieShows(value=value)
        left.remove(found)
        chosen.append(found)
    return tuple(chosen)


#: The shared commands that work at any time, in the order help says them (undo and redo answer
#: "nothing to take back" when there is nothing, so they are always listed).
ANY_TIME = ("dice", "board", "standings", "turn", "moves", "hint", "explain", "repeat", "previous", "next", "oldest",
            "newest", "verbosity", "stop", "undo", "redo", "settings", "history", "profile", "rules", "report", "menu",
            "quit")


def actions_now(game: Game, language: Language, *, manual: bool = False) -> list[str]:
    """The commands that act now, in the words to type (CG-05); empty once the game is over.

    Roll says that Enter throws too (random dice); a numbered list adds
    ``c N``.
    """
    if game.is_over():
        return []
    if game.dice_request() is not None:
        roll = command_word("roll", language)
        # Translators: help: the roll command; r or an empty line (Enter) throws too.
        return [roll if manual else language._("{roll} (r, or Enter)").format(roll=roll)]
    said = list(game_commands(game.id).help_words(game, language))
    if numbered(game):
        # Translators: help: choose a move by its number in the moves list, "c 2".
        said.append(language._("c N, a move by its number in the moves list"))
    return said


def placeholders(game: Game, language: Language, keep_by: str) -> list[str]:
    """What the letters in the help's commands stand for (D, BOX, N, E, X), as the game's module says."""
    own = getattr(game_commands(game.id), "placeholders", None)
    return [] if own is None or game.is_over() or game.dice_request() is not None else own(language, keep_by)


def confirmation(game: Game, move: Move, language: Language) -> str | None:
    """The question to ask before ``move`` when it is destructive (ER-04: scoring 0 in Yatzy), else ``None``.

    A game's command module may offer ``confirmation(game, move, language)``;
    both front ends ask it, each in its own way (a typed yes, a Yes button).
    """
    question = getattr(game_commands(game.id), "confirmation", None)
    return None if question is None else question(game, move, language)


def costly(game: Game, move: Move, language: Language) -> str | None:
    """The question to ask before ``move`` when it was chosen by its number and costs something (QUICLO's
    helper: a life), else ``None``. A number is easily mistyped; a word (``helper``) is meant. A game's
    command module may offer ``costly(game, move, language)``."""
    question = getattr(game_commands(game.id), "costly", None)
    return None if question is None else question(game, move, language)


def listening_words(language: Language) -> str:
    """The features for listening, said after the commands in the in-game help (SR-16): the help is where a
    player who has just started looks, so it names them, in the command words of the player's language."""
    names = {name: language._(COMMON[name][0]) for name in ("repeat", "previous", "next", "verbosity", "stop")}
    # Translators: in-game help, after the list of commands: the features for listening. {repeat}, {previous},
    # {next}, {verbosity} and {stop} are command words, {brief} and {full} the verbosity levels.
    return language._("For listening: {repeat} says the last message again, {previous} and {next} step "
                      "through what was said, {verbosity} {brief} or {verbosity} {full} says less or more, and "
                      "{stop} stops the speech.").format(**names, brief=word("brief", language),
                                                         full=word("full", language))


def any_time(language: Language) -> list[str]:
    """The commands that always work, with their letters ("dice (d)")."""
    said = []
    for name in ANY_TIME:
        word, letters = COMMON[name]
        said.append(f"{language._(word)} ({letters[0]})" if letters else language._(word))
    return said
