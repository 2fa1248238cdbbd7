"""What the picker (:mod:`.picker`) builds for each game: a typed move's grammar, as plain data.

Apart from the picker, which draws with pygame, so that the games' boards
(:mod:`.storeslem`, :mod:`.quiclo`), which the static page's screen uses
too (:mod:`accessible_dice.page`), name their grammar without pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EQUATION", "STRIKE", "Grammar"]


@dataclass(frozen=True)
class Grammar:
    """What a game's typed move is made of, so the picker lists only pieces that fit.

    ``equals``: one "=" between two sides (QUICLO), and only then is the
    move ready to send; ``brackets``: "(" and ")" allowed; ``several``:
    more than one number side by side (Storeslem's "5+4 6").
    """

    equals: bool
    brackets: bool
    several: bool


#: QUICLO's equation: the dice, the four signs and one "=", no brackets.
EQUATION = Grammar(equals=True, brackets=False, several=False)
#: Storeslem's strike: up to three numbers made from the dice with the four signs and brackets.
STRIKE = Grammar(equals=False, brackets=True, several=True)
