"""Game terms defined on demand (checklist CG-08): every scoring category of every game, in the player's words.

The rules page explains them all at once; here one term is said alone, when
the player asks: ``explain full-house`` in the terminal, E in the window on
a Yatzy box or a move button. Without a term, the game's terms are listed.
A term is typed as its name in the player's language or in English, with
spaces or hyphens and accents optional, as a Yatzy box is typed after
``score``.
"""

from __future__ import annotations

from dataclasses import dataclass

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.games.yatzy import Box
from accessible_dice.presentation import TITLES
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.shut_the_box import WAY_NAMES
from accessible_dice.presentation.typed_words import box_spellings
from accessible_dice.utterance import Utterance


@dataclass(frozen=True)
class Term:
    """A game term: its name as said and typed, and what it means, both marked for translation.

    ``face`` fills ``{face}`` in a definition shared by several terms (Yatzy's Ones to Sixes).
    """

    name: str
    definition: str
    face: int | None = None


class UnknownTerm(InvalidInput):
    # Translators: "explain" was typed with a word that is no term of this game; {terms} lists the terms.
    template = N_("{term} is not a term of this game; the terms are {terms}.")


# Translators: what a Yatzy box Ones to Sixes scores; {face} is 1 to 6.
_UPPER = N_("The sum of the dice showing {face}.")
_YATZY_LOWER = {
    # Translators: what the Yatzy box One pair means and scores.
    Box.ONE_PAIR: N_("Two dice with the same face. It scores those two dice; of two pairs, the higher counts."),
    # Translators: what the Yatzy box Two pairs means and scores.
    Box.TWO_PAIRS: N_("Two pairs of different faces. It scores the four dice of the pairs."),
    # Translators: what the Yatzy box Three of a kind means and scores.
    Box.THREE_OF_A_KIND: N_("Three dice with the same face. It scores those three dice."),
    # Translators: what the Yatzy box Four of a kind means and scores.
    Box.FOUR_OF_A_KIND: N_("Four dice with the same face. It scores those four dice."),
    # Translators: what the Yatzy box Small straight means and scores.
    Box.SMALL_STRAIGHT: N_("The dice 1, 2, 3, 4 and 5. It scores 15."),
    # Translators: what the Yatzy box Large straight means and scores.
    Box.LARGE_STRAIGHT: N_("The dice 2, 3, 4, 5 and 6. It scores 20."),
    # Translators: what the Yatzy box Full house means and scores.
    Box.FULL_HOUSE: N_("Three dice of one face and two of another. It scores the sum of all five."),
    # Translators: what the Yatzy box Chance means and scores.
    Box.CHANCE: N_("Any five dice. It scores their sum."),
    # Translators: what the Yatzy box Yatzy means and scores.
    Box.YATZY: N_("All five dice show the same face. It scores 50."),
}

TERMS: dict[str, tuple[Term, ...]] = {
    "yatzy": (
        *(Term(box.label, _YATZY_LOWER.get(box, _UPPER), None if box in _YATZY_LOWER else face)
          for face, box in enumerate(Box, start=1)),
        # Translators: the name of the Yatzy upper bonus, explained on demand (the scorecard row's word).
        Term(N_("Bonus"),
             # Translators: what the Yatzy term Bonus means, said when the player asks (CG-08).
             N_("50 points more when Ones to Sixes add up to 63 or more.")),
    ),
    "shut-the-box": (
        # Translators: a Shut the Box term, explained on demand: one of the ten numbered flaps.
        Term(N_("Flap"),
             # Translators: what the Shut the Box term Flap means, said when the player asks (CG-08).
             N_("One of the numbers 1 to 10 on your board. It is open until you shut it.")),
        Term(WAY_NAMES["singles"],
             # Translators: what the Shut the Box term Singles means, said when the player asks (CG-08).
             N_("Shut the flaps of the numbers on the two dice.")),
        Term(WAY_NAMES["sum"],
             # Translators: what the Shut the Box term Sum means, said when the player asks (CG-08).
             N_("Shut the flap of the two dice added, if that is 10 or less.")),
        Term(WAY_NAMES["difference"],
             # Translators: what the Shut the Box term Difference means, said when the player asks (CG-08).
             N_("Easy variant only: shut the flap of the larger die minus the smaller.")),
        # Translators: a Shut the Box term, explained on demand: the score of a round.
        Term(N_("Penalty points"),
             # Translators: what the Shut the Box term Penalty points means, said when the player asks (CG-08).
             N_("At the end of a round, the sum of your open flaps. The fewest wins.")),
    ),
    "storeslem": (
        # Translators: the name of a player's Storeslem board, explained on demand (the boards' heading).
        Term(N_("Board"),
             # Translators: what the Storeslem term Board means, said when the player asks (CG-08).
             N_("Your nine different numbers from 1 to 24, in 3 rows of 3.")),
        # Translators: Storeslem's strike, explained on demand (the strike button's word).
        Term(N_("Strike"),
             # Translators: what the Storeslem term Strike means, said when the player asks (CG-08).
             N_("Cross out a number on your board that you made from the dice.")),
        # Translators: Storeslem's pass, explained on demand (the hint's word).
        Term(N_("Pass"),
             # Translators: what the Storeslem term Pass means, said when the player asks (CG-08).
             N_("Strike nothing after this throw.")),
        # Translators: a Storeslem term, explained on demand: the diagonal bonus.
        Term(N_("Free strike"),
             # Translators: what the Storeslem term Free strike means, said when the player asks (CG-08).
             N_("When a diagonal is first struck, strike one more number of your choice. "
                                   "Once a game.")),
        # Translators: a Storeslem term, explained on demand: a row with all its numbers struck.
        Term(N_("Full row"),
             # Translators: what the Storeslem term Full row means, said when the player asks (CG-08).
             N_("A row with all three numbers struck: 10 points at the end.")),
        # Translators: a Storeslem term, explained on demand: a column with all its numbers struck.
        Term(N_("Full column"),
             # Translators: what the Storeslem term Full column means, said when the player asks (CG-08).
             N_("A column with all three numbers struck: 15 points at the end.")),
    ),
    "threes-away": (
        # Translators: Threes Away's keep, explained on demand (the keep button's word).
        Term(N_("Keep"),
             # Translators: what the Threes Away term Keep means, said when the player asks (CG-08).
             N_("Set aside dice you just threw: at least one, and every 3.")),
        # Translators: a Threes Away term, explained on demand: a die showing 3.
        Term(N_("Three"),
             # Translators: what the Threes Away term Three means, said when the player asks (CG-08).
             N_("A die showing 3 counts 0 points.")),
        # Translators: a Threes Away term, explained on demand: the game where the highest total wins.
        Term(N_("High"),
             # Translators: what the Threes Away term High means, said when the player asks (CG-08).
             N_("The game where the highest total wins.")),
        # Translators: a Threes Away term, explained on demand: the game where the lowest total wins.
        Term(N_("Low"),
             # Translators: what the Threes Away term Low means, said when the player asks (CG-08).
             N_("The game where the lowest total wins.")),
    ),
    "quiclo": (
        # Translators: a QUICLO term, explained on demand.
        Term(N_("Equation"),
             # Translators: what the QUICLO term Equation means, said when the player asks (CG-08).
             N_("At least 3 dice with signs between them and one =. Both sides must be equal.")),
        # Translators: a QUICLO term, explained on demand: what a player has 3 of at the start.
        Term(N_("Life"),
             # Translators: what the QUICLO term Life means, said when the player asks (CG-08).
             N_("Everyone starts with 3. A wrong equation costs one; one with all 6 dice gains one.")),
        # Translators: a QUICLO term, explained on demand: the solution helper (the typed word is helper).
        Term(N_("Helper"),
             # Translators: what the QUICLO term Helper means, said when the player asks (CG-08).
             N_("The program finds an equation for you. It costs 1 life.")),
        # Translators: QUICLO's "no equation possible", explained on demand (the hint's words).
        Term(N_("No equation possible"),
             # Translators: what the QUICLO term No equation possible means, said when the player asks (CG-08).
             N_("Say that no equation can be made. If the program finds one, you "
                                            "lose 1 life.")),
    ),
}


def terms(game_id: str) -> tuple[Term, ...]:
    """The terms of ``game_id`` (none for a game that defines none, such as one registered elsewhere)."""
    return TERMS.get(game_id, ())


def definition(term: Term, language: Language) -> Utterance:
    """A term and what it means: "Full house: three dice of one face and two of another. …"."""
    meaning = language._(term.definition)
    if term.face is not None:
        meaning = meaning.format(face=language.number(term.face))
    # Translators: a game term explained on demand; {term} is its name, {definition} what it means.
    return answer(language._("{term}: {definition}").format(term=language._(term.name), definition=meaning))


def explain(game_id: str, typed: tuple[str, ...], language: Language, *, keys: bool = False) -> Utterance:
    """``explain`` (typed) or E (``keys``): the term named in ``typed``, or the game's terms and how to ask."""
    if not typed:
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
    if game_id == "yatzy":
        rows = {f"box-{box.value}": term for box, term in zip(Box, found, strict=False)}
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
    game, listed = language._(TITLES[game_id]), names(game_id, language)
    if keys:
        # Translators: E in the window on nothing with a term; {game} the game, {terms} lists its terms.
        return answer(language._("Terms of {game}: {terms}. Press E on a box or a move to hear what it "
                                 "means.").format(game=game, terms=listed))
    # Translators: "explain" typed alone; {terms} lists the terms; explain is the typed word, like "explain sum".
    return answer(language._("Terms of {game}: {terms}. Type explain and a term, like explain {example}.").format(
        game=game, terms=listed, example=language._(terms(game_id)[0].name).lower()))
