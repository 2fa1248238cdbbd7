"""The QUICLO equation solver: the longest valid equation over a roll.

Trying every ordered equation is slow (six dice give 720 orders times 1,280
sign choices, and a roll without a six-dice equation must exhaust them all),
so this is a dynamic programme over the *sub-multisets* of the dice instead.
Dice are interchangeable by value, so a sub-multiset (a sorted tuple) names
what a subset of dice can make, and the tables it fills are shared by every
roll containing it: all 12,376 distinct six-D12 rolls together have only
6,187 sub-multisets of one to five dice.

The levels follow school precedence, which is how an equation without
brackets is read (docs/spec/rules.md §4):

* ``_terms(dice)``: the values of a chain of × and ÷ over exactly these dice,
  read left to right; a division must come out even. A chain ends with one
  die, so the chain over ``dice`` is a chain over ``dice`` minus that die,
  times or divided by it.
* ``_sides(dice)``: the values of a chain of such terms joined by + and −,
  read left to right, never below zero at any step (2 − 5 + 4 is not allowed
  although it ends at 1). Again the last step adds or subtracts one term
  built from some of the dice to a chain built from the rest. Values are
  kept as the bits of a Python int, so "add t to every value" is a shift.
* An equation is two disjoint sub-multisets whose side values meet; the best
  one uses the most dice.

Rather than storing a witness expression for every (sub-multiset, value) pair,
the witness for the one pair the answer needs is rebuilt by asking the same
tables which step produced it (:func:`_side_tokens`); the tables stay small
ints and frozensets, and the rebuild costs nothing next to filling them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import cache

from accessible_dice.arithmetic import DIVIDE, MINUS, PLUS, TIMES

Dice = tuple[int, ...]
Token = int | str

EQUALS = "="
#: Fewer dice than this do not make an equation (the sheet: at least 3).
MIN_DICE = 3


def _splits(dice: Dice) -> Iterator[tuple[Dice, Dice]]:
    """Every way to split a sorted multiset into two non-empty sorted parts.

    Even splits come first: the solver stops at the first split whose sides
    meet, and small sides have small tables, cheap to build from cold.
    """
    sizes = sorted(range(1, len(dice)), key=lambda size: abs(2 * size - len(dice)))
    for size in sizes:
        seen: set[Dice] = set()
        for picked in itertools.combinations(range(len(dice)), size):
            second = tuple(dice[i] for i in picked)
            if second not in seen:
                seen.add(second)
                yield tuple(d for i, d in enumerate(dice) if i not in picked), second


def _without_each(dice: Dice) -> Iterator[tuple[int, Dice]]:
    """Each distinct die, with the multiset that is left without it."""
    for i, die in enumerate(dice):
        if i == 0 or dice[i - 1] != die:
            yield die, dice[:i] + dice[i + 1:]


@cache
def _terms(dice: Dice) -> frozenset[int]:
    """The values a × ÷ chain over exactly ``dice`` can make (all >= 1)."""
    if len(dice) == 1:
        return frozenset(dice)
    values: set[int] = set()
    for die, rest in _without_each(dice):
        for value in _terms(rest):
            values.add(value * die)
            if value % die == 0:
                values.add(value // die)
    return frozenset(values)


@cache
def _sides(dice: Dice) -> int:
    """The values one side over exactly ``dice`` can make, as bits of an int.

    Bit ``v`` is set when some order and signs make ``v``. Shifting left by a
    term ``t`` adds it to every value; shifting right subtracts it, and the
    bits that would fall below zero drop off, which is the rule itself.
    """
    bits = 0
    for value in _terms(dice):
        bits |= 1 << value
    for first, last_term in _splits(dice):
        before = _sides(first)
        for term in _terms(last_term):
            bits |= (before << term) | (before >> term)
    return bits


def clear_tables() -> None:
    """Forget every table, so a benchmark can time the solver from cold.

    The tables for six D12 hold at most 6,187 sub-multisets (about 15 MB);
    they are kept for the life of the program because every roll reuses them.
    """
    _terms.cache_clear()
    _sides.cache_clear()


def _has(bits: int, value: int) -> bool:
    return value >= 0 and bool(bits >> value & 1)


def _best(dice: Sequence[int]) -> tuple[Dice, Dice, int] | None:
    """The two sides and their common value of an equation using the most dice."""
    roll = tuple(sorted(dice))
    for size in range(len(roll), MIN_DICE - 1, -1):
        for used in sorted(set(itertools.combinations(roll, size))):
            for left, right in _splits(used):
                common = _sides(left) & _sides(right)
                if common:
                    return left, right, (common & -common).bit_length() - 1
    return None


def most_dice(dice: Sequence[int]) -> int:
    """How many dice the longest valid equation uses; 0 when none has >= 3."""
    best = _best(dice)
    return 0 if best is None else len(best[0]) + len(best[1])


def _term_tokens(dice: Dice, value: int) -> list[Token]:
    """A × ÷ chain over ``dice`` that makes ``value`` (which it must reach)."""
    if len(dice) == 1:
        return [dice[0]]
    for die, rest in _without_each(dice):
        inner = _terms(rest)
        if value % die == 0 and value // die in inner:
            return [*_term_tokens(rest, value // die), TIMES, die]
        if value * die in inner:
            return [*_term_tokens(rest, value * die), DIVIDE, die]
    raise AssertionError(f"{value} is not a term of {dice}")


def _side_tokens(dice: Dice, value: int) -> list[Token]:
    """A + − chain of terms over ``dice`` that makes ``value``."""
    if value in _terms(dice):
        return _term_tokens(dice, value)
    for first, last_term in _splits(dice):
        before = _sides(first)
        for term in sorted(_terms(last_term)):
            if _has(before, value - term):
                return [*_side_tokens(first, value - term), PLUS, *_term_tokens(last_term, term)]
            if _has(before, value + term):
                return [*_side_tokens(first, value + term), MINUS, *_term_tokens(last_term, term)]
    raise AssertionError(f"{value} is not a side of {dice}")


def find_equation(dice: Sequence[int]) -> str | None:
    """A valid equation using the most dice, in the standard signs, or None.

    The common value chosen is the smallest both sides can make, which tends
    to give short, easily checked equations ("12 ÷ 3 = 2 + 2").
    """
    best = _best(dice)
    if best is None:
        return None
    left, right, value = best
    tokens = [*_side_tokens(left, value), EQUALS, *_side_tokens(right, value)]
    return " ".join(str(token) for token in tokens)
