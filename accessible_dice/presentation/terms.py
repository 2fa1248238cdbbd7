"""Game terms defined on demand (checklist CG-08): every scoring category of every game, in the player's words.

The rules page explains them all at once; here one term is said alone, when
the player asks: ``explain full-house`` in the terminal, E in the window on
a Yatzy box or a move button. Without a term, the game's terms are listed.
A term is typed as its name in the player's language or in English, with
spaces or hyphens and accents optional, as a Yatzy box is typed after
``score``.
"""

from __future__ import annotations

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games import part_module, parts
from accessible_dice.presentation.describe import Term, answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.typed_words import box_spellings
from accessible_dice.utterance import Utterance


class UnknownTerm(InvalidInput):
    # Translators: "explain" was typed with a word that is no term of this game; {terms} lists the terms.
    template = N_("{term} is not a term of this game; the terms are {terms}.")


def terms(game_id: str) -> tuple[Term, ...]:
    """The terms of ``game_id``, from its own presentation module's ``TERMS`` (none for a game that defines none)."""
    found: tuple[Term, ...] = getattr(part_module(game_id, "presentation"), "TERMS", ())
    return found


def definition(term: Term, language: Language) -> Utterance:
    """A term and what it means: "Full house: three dice of one face and two of another. …"."""
    meaning = language._(term.definition)
    if term.face is not None:
        meaning = meaning.format(face=language.number(term.face))
    # Translators: a game term explained on demand; {term} is its name, {definition} what it means.
    return answer(language._("{term}: {definition}").format(term=language._(term.name), definition=meaning))


def explain(game_id: str, typed: tuple[str, ...], language: Language, *, keys: bool = False) -> Utterance:
    """``explain`` (typed) or E (``keys``): the term named in ``typed``, or the game's terms and how to ask."""
    if not typed or not terms(game_id):  # a game without terms says so, never "the terms are ."
        return listing(game_id, language, keys=keys)
    wanted = " ".join(" ".join(typed).replace("-", " ").casefold().split())
    for term in terms(game_id):
        if wanted in box_spellings(term.name, language):
            return definition(term, language)
    raise UnknownTerm(term=" ".join(typed)[:40], terms=names(game_id, language))


def focused(game_id: str, row_key: str, label: str, language: Language) -> Term | None:
    """The term the window's focus is on: a Yatzy box's row, or a cell whose label begins with a term's name
    (a move button: "Singles (3 and 4)"); ``None`` on anything else."""
    found = terms(game_id)
    rows = {term.row: term for term in found if term.row is not None}
    if row_key in rows:
        return rows[row_key]
    shown = label.casefold()
    starting = [term for term in found if shown.startswith(language._(term.name).casefold())]
    return max(starting, key=lambda term: len(language._(term.name)), default=None)


def on_focus(game_id: str, row_key: str, label: str, language: Language) -> Utterance:
    """E in the window or the browser: the term the focus is on, else the game's terms and how to hear one."""
    term = focused(game_id, row_key, label, language)
    return explain(game_id, (), language, keys=True) if term is None else definition(term, language)


def names(game_id: str, language: Language) -> str:
    """The game's terms, listed in the player's words."""
    return language.join(language._(term.name) for term in terms(game_id))


def listing(game_id: str, language: Language, *, keys: bool) -> Utterance:
    """The game's terms and how to hear one: typed in the terminal, by E in the window."""
    if not terms(game_id):
        # Translators: explain (or E) in a game that has no terms of its own to explain.
        return answer(language._("This game has no terms to explain; its rules page says how it is played."))
    game, listed = language._(parts(game_id).title), names(game_id, language)
    if keys:
        # Translators: E in the window on nothing with a term; {game} the game, {terms} lists its terms.
        return answer(language._("Terms of {game}: {terms}. Press E on a box or a move to hear what it "
                                 "means.").format(game=game, terms=listed))
    # Translators: "explain" typed alone; {terms} lists the terms; explain is the typed word, like "explain sum".
    return answer(language._("Terms of {game}: {terms}. Type explain and a term, like explain {example}.").format(
        game=game, terms=listed, example=language._(terms(game_id)[0].name).lower()))
