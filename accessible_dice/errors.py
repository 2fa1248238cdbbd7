"""Refusals that can be spoken.

Every refusal is a ``ValueError`` subclass that carries its data, not just a
sentence: the presentation layer renders ``template`` in the player's language
with the same data (Textual's ``Failure`` + ``describe_failure`` idea), while
``str(error)`` stays a clear English sentence for scripts, logs and tests.

Three families, as in python-chess: *invalid* input is malformed ("seven",
six values for five dice); an *illegal* move is well formed but not allowed
now (a fourth throw, a used box); *ambiguous* input could mean several moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar


def N_(message: str) -> str:
    """Mark a message for extraction by babel without translating it yet."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for babel (keyword ``NP_:1,2``) without translating it.

    Refusals that count something set ``template, plural = NP_(...)`` so the
    catalog holds one plural entry, with every form the language needs.
    """
    return singular, plural


def NC_(context: str, message: str) -> str:
    """Mark ``message`` with a context (msgctxt; babel keyword ``NC_:1c,2``) without translating it.

    One English word with two uses ("none": a QUICLO command and a setting's
    value) gets two catalog entries, so each language may say them
    differently; the message is translated later with ``pgettext(context, message)``.
    """
    return message


class InContext(str):
    """An English message that carries its context: it compares, hashes and prints as the message, and
    :meth:`Language._ <accessible_dice.presentation.i18n.Language._>` translates it in its context."""

    context: str

    def __new__(cls, context: str, message: str) -> InContext:
        marked = super().__new__(cls, message)
        marked.context = context
        return marked


def GC_(game: str, word: str) -> str:
    """Mark a game's command ``word`` with the game as its context (msgctxt; babel keyword ``GC_:1c,2``).

    The same English word can mean something else in another game (Yatzy's ``hold`` holds dice, Pig's
    banks the points): with its game as context each language translates it for that game, and a word
    another game translated already is not silently taken over. It is translated wherever said, by
    ``Language._``, in its context.
    """
    return InContext(game, word)


Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]


class DiceError(ValueError):
    """Base of every refusal in the game; the message says what was wrong."""

    template: ClassVar[str] = N_("{reason}")
    #: Plural form of ``template``; used when ``count_key`` names a number.
    plural: ClassVar[str | None] = None
    count_key: ClassVar[str | None] = None

    def __init__(self, **data: Any) -> None:
        self.data = data
        super().__init__(self.render())

    def render(
        self,
        gettext: Translate = lambda s: s,
        ngettext: TranslatePlural | None = None,
    ) -> str:
        """The sentence, in whatever language the given gettext functions speak."""
        if self.plural is not None and self.count_key is not None:
            n = int(self.data[self.count_key])
            if ngettext is None:
                text = self.template if n == 1 else self.plural
            else:
                text = ngettext(self.template, self.plural, n)
        else:
            text = gettext(self.template)
        return text.format(**self.data)


class InvalidInput(DiceError):
    """Malformed input: it cannot mean any move at all."""


class IllegalMove(DiceError):
    """A well-formed move that the rules do not allow now."""


class AmbiguousInput(DiceError):
    """Input that could mean more than one move."""


class Refused(IllegalMove):
    """An illegal move whose reason is given as a ready sentence.

    Prefer a dedicated subclass with its own template; this exists for the
    rare refusal that only composes other messages.
    """
