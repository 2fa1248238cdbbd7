"""Yatzy's typed commands: ``hold D ...``, ``release D ...``, ``keep D ...``, ``score BOX`` (``roll`` is shared).

Dice (D) are named by position, counting from 1 in the order the dice were
announced, or with the keep-by setting ``value`` by the face they show
(``hold 5 5`` holds two fives). ``keep D ...`` (``k``) is the whole re-throw
in one command: exactly those dice held, the others thrown again; ``keep``
alone throws all five again.

A box (BOX) is named by its scorecard number (1 to 15), by its command word
(``full-house``), its English label or the player's language's name
("Kåk", ``fuldt-hus``), accents optional, or by the start of any of them
that fits one box only (``score full``); a bare ``score`` fills the one box
the play order allows. A refusal lists the player's words
(presentation/yatzy.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.base import Game, Move
from accessible_dice.games.yatzy import Box, Hold, Release, Score, ThrowAgain, UnknownBox, Yatzy, score
from accessible_dice.play.commands import Typed, command_word, dice_in, dice_placeholder, spellings
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.typed_words import box_spellings, plain

WORDS = {
    # Translators: Yatzy command: hold dice by position, "hold 1 3".
    "hold": N_("hold"),
    # Translators: Yatzy command: release held dice by position, "release 2".
    "release": N_("release"),
    # Translators: Yatzy command: fill a box, "score full-house".
    "score": N_("score"),
    # Translators: Yatzy command: hold exactly these dice and throw the others again, "keep 1 3"
    # (the same word as Threes Away's keep).
    "keep": N_("keep"),
}
#: The letter of ``keep``, typed in every language.
KEEP_LETTER = "k"


class NameDiceByPosition(InvalidInput):
    # Translators: hold and release need die positions, counted from 1.
    template = N_("Name the dice by position, like hold 1 3.")


class NameDiceByValue(InvalidInput):
    # Translators: with the setting keep-by = value, hold, release and keep name the faces shown, "hold 5 5".
    template = N_("Name the dice by the faces they show, like hold 5 5.")


class NameTheBox(InvalidInput):
    # Translators: the score command needs a box name, and more than one box can be filled.
    template = N_("Name the box, like score full-house or score 13.")


class AmbiguousBox(InvalidInput):
    # Translators: {text} is the start of a box name typed; {boxes} lists the boxes it could be.
    template = N_("{text} could be {boxes}; type more of the name, or the box's number.")


def folded(text: str) -> str:
    """``text`` as box names are compared: without accents (presentation/typed_words.py), hyphens for spaces."""
    return "-".join(plain(text).replace("-", " ").replace("_", " ").split())


def _names(box: Box, language: Language) -> set[str]:
    """Every way to write ``box``: command word, English label, the player's language's name and its
    inflections ("malou postupku"), folded alike."""
    return {folded(name) for name in {box.command, *box_spellings(box.label, language)}}


def box_named(game: Yatzy, words: list[str], language: Language) -> Box:
    """The box ``words`` name: by number (1-15 in scorecard order), by name or its unique start, accents
    optional; a bare ``score`` is the one box the play order allows now."""
    if not words:
        allowed = game.allowed_boxes()
        if len(allowed) == 1:
            return allowed[0]
        raise NameTheBox()
    text = folded(" ".join(words))
    if text.isascii() and text.isdigit() and 1 <= int(text) <= len(Box):
        return list(Box)[int(text) - 1]
    exact = [box for box in Box if text in _names(box, language)]
    if exact:
        return exact[0]
    started = [box for box in Box if any(name.startswith(text) for name in _names(box, language))]
    empty = game.cards[game.player].empty
    if len(started) > 1:  # the boxes still empty decide, so "score s" finds the one straight left
        started = [box for box in started if box in empty] or started
    if len(started) == 1:
        return started[0]
    if started:
        raise AmbiguousBox(text=" ".join(words)[:40], boxes=", ".join(b.label for b in started),
                           box_ids=tuple(b.value for b in started))
    try:
        return Box.lookup(" ".join(words))
    except UnknownBox:
        raise UnknownBox(text=" ".join(words)[:40], known=" ".join(b.command for b in Box)) from None


def dice_named(game: Yatzy, words: list[str], typed: Typed, among: Iterable[int]) -> tuple[int, ...]:
    """The dice ``words`` name, by place or by face (keep-by), of those ``among`` when by face."""
    return dice_in(words, typed, game.dice_on_table(), among, NameDiceByPosition, NameDiceByValue)


def keep_moves(game: Yatzy, keep: tuple[int, ...]) -> tuple[Move, ...]:
    """Hold exactly ``keep`` and throw the rest again: the release, the hold and the throw needed."""
    held = set(game.held())
    release = tuple(sorted(held - set(keep)))
    add = tuple(sorted(set(keep) - held))
    return (*([Release(release)] if release else []), *([Hold(add)] if add else []), ThrowAgain())


def parse(game: Game, typed: Typed) -> Move | tuple[Move, ...] | None:
    assert isinstance(game, Yatzy)
    words, language = typed.words, typed.language
    first = words[0]
    if first in spellings(WORDS["hold"], language):
        return Hold(dice_named(game, words[1:], typed, game.released()))
    if first in spellings(WORDS["release"], language):
        return Release(dice_named(game, words[1:], typed, game.held()))
    if first in spellings(WORDS["keep"], language) | {KEEP_LETTER}:
        held = game.held()
        every = (*held, *(p for p in game.released()))  # by face, the dice held now are kept first
        keep = dice_named(game, words[1:], typed, every) if words[1:] else ()
        return keep_moves(game, keep)
    if first in spellings(WORDS["score"], language):
        return Score(box_named(game, words[1:], language).value)
    return None


def numbered(game: Game) -> list[tuple[int, Move]]:
    """The boxes that can be filled now, each with its scorecard number (the number ``score N`` takes)."""
    assert isinstance(game, Yatzy)
    if not game.dice_on_table():
        return []
    return [(list(Box).index(box) + 1, Score(box.value)) for box in game.allowed_boxes()]


def help_words(game: Game, language: Language) -> list[str]:
    assert isinstance(game, Yatzy)
    said = []
    if game.throws_left() > 0:
        # Translators: how to type keep in help; D stands for a die (see the help's placeholders).
        said.append(language._("keep D"))
        # Translators: how to type hold in help; D stands for a die.
        said.append(language._("hold D"))
        # Translators: how to type release in help; D stands for a die.
        said.append(language._("release D"))
        said.append(command_word("roll", language))
    # Translators: how to type the score command in help; BOX is a box's name or number.
    said.append(language._("score BOX"))
    return said


def placeholders(language: Language, keep_by: str) -> list[str]:
    """What the help's D and BOX stand for."""
    # Translators: help: the placeholder BOX.
    box = language._("BOX is a box's number from 1 to 15, its name, or the start of its name, like full")
    return [dice_placeholder(language, keep_by), box]


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

