"""The independent check of the QUICLO solver: try every ordered equation.

Deliberately naive and sharing nothing with ``accessible_dice.solver`` or
``accessible_dice.arithmetic``: every order of every choice of dice, every
choice of signs with exactly one =, each read by its own small evaluator
(× and ÷ first, then + and − left to right, never below zero, even
divisions). The tests cross-check the solver against it; the benchmark
(benchmarks/quiclo_solver.py) times it against the solver.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

ARITHMETIC = ("+", "−", "×", "÷")


def side_value(numbers: Sequence[int], signs: Sequence[str]) -> int | None:
    """The value of one side, or None when a rule breaks."""
    total, pending, term = 0, "+", numbers[0]
    for sign, number in zip(signs, numbers[1:], strict=True):
        if sign == "×":
            term *= number
        elif sign == "÷":
            if term % number:
                return None
            term //= number
        else:
            total = total + term if pending == "+" else total - term
            if total < 0:
                return None
            pending, term = sign, number
    total = total + term if pending == "+" else total - term
    return None if total < 0 else total


def holds(numbers: Sequence[int], signs: Sequence[str]) -> bool:
    """Whether ``numbers`` joined by ``signs`` (exactly one "=") is a valid equation."""
    at = signs.index("=")
    left = side_value(numbers[:at + 1], signs[:at])
    return left is not None and left == side_value(numbers[at + 1:], signs[at + 1:])


def brute_force(dice: Sequence[int]) -> tuple[int, str | None]:
    """The most dice any valid equation uses, and the first such equation found."""
    for size in range(len(dice), 2, -1):
        for chosen in sorted(set(itertools.combinations(sorted(dice), size))):
            for order in sorted(set(itertools.permutations(chosen))):
                for at in range(size - 1):
                    for rest in itertools.product(ARITHMETIC, repeat=size - 2):
                        signs = (*rest[:at], "=", *rest[at:])
                        if holds(order, signs):
                            words = [str(order[0])]
                            for sign, number in zip(signs, order[1:], strict=True):
                                words += [sign, str(number)]
                            return size, " ".join(words)
    return 0, None


def read_equation(text: str) -> tuple[list[int], list[str]]:
    """Split an equation written with single spaces into numbers and signs."""
    words = text.split()
    return [int(word) for word in words[::2]], words[1::2]
