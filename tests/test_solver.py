"""The QUICLO solver: reference figures, validity, and the brute-force cross-check."""

from __future__ import annotations

import itertools
from collections import Counter
from math import factorial, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quiclo_brute_force import brute_force, holds, read_equation

from accessible_dice import solver
from accessible_dice.games import quiclo

ALL_ROLLS = list(itertools.combinations_with_replacement(range(1, 13), 6))
#: Rolls whose best equation has five dice, and four (found by the classification).
BEST_FIVE = [(1, 1, 1, 1, 1, 6), (12, 12, 12, 12, 11, 7), (1, 1, 1, 1, 2, 10)]
BEST_FOUR = [(1, 1, 1, 1, 5, 11), (1, 1, 4, 9, 9, 10), (1, 1, 4, 10, 11, 11)]


def ordered_rolls(roll: tuple[int, ...]) -> int:
    """How many of the 12^6 ordered rolls sort to ``roll``."""
    return factorial(len(roll)) // prod(factorial(k) for k in Counter(roll).values())


@pytest.fixture(scope="module")
def best_by_roll() -> dict[tuple[int, ...], int]:
    return {roll: solver.most_dice(roll) for roll in ALL_ROLLS}


def test_reference_figures_over_every_distinct_roll(best_by_roll: dict[tuple[int, ...], int]) -> None:
    assert len(ALL_ROLLS) == 12_376
    assert Counter(best_by_roll.values()) == {6: 11_615, 5: 639, 4: 122}


def test_reference_shares_over_all_ordered_rolls(best_by_roll: dict[tuple[int, ...], int]) -> None:
    weight = Counter[int]()
    for roll, best in best_by_roll.items():
        weight[best] += ordered_rolls(roll)
    assert sum(weight.values()) == 12**6
    assert round(100 * weight[6] / 12**6, 3) == 97.196
    assert round(100 * (weight[6] + weight[5]) / 12**6, 3) == 99.746


def test_every_roll_gets_a_valid_equation_with_the_most_dice(
        best_by_roll: dict[tuple[int, ...], int]) -> None:
    for roll, best in best_by_roll.items():
        equation = solver.find_equation(roll)
        assert equation is not None
        numbers, signs = read_equation(equation)
        assert holds(numbers, signs), equation
        assert len(numbers) == best, equation
        assert not Counter(numbers) - Counter(roll), f"{equation} uses dice not in {roll}"


@pytest.mark.parametrize("roll", BEST_FIVE + BEST_FOUR)
def test_hard_rolls_agree_with_the_brute_force(roll: tuple[int, ...]) -> None:
    size, _ = brute_force(roll)
    assert solver.most_dice(roll) == size
    assert quiclo.check(quiclo.solve(roll) or "", roll).dice_used == size


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=6, max_size=6))
def test_solve_matches_the_brute_force_and_passes_check(dice: list[int]) -> None:
    size, example = brute_force(dice)
    equation = quiclo.solve(dice)
    assert equation is not None and example is not None
    verdict = quiclo.check(equation, dice)
    assert verdict.valid and verdict.dice_used == size, (equation, verdict)
    assert quiclo.check(example, dice).valid, example


def test_the_helper_tries_six_dice_first() -> None:
    equation = quiclo.solve((12, 3, 2, 2, 1, 1))
    assert equation is not None and quiclo.check(equation, (12, 3, 2, 2, 1, 1)).dice_used == 6


def test_no_equation_gives_none_and_the_brute_force_agrees() -> None:
    assert solver.find_equation((1, 1, 5)) is None
    assert solver.most_dice((1, 1, 5)) == 0
    assert brute_force((1, 1, 5)) == (0, None)


def test_the_brute_force_reads_the_rules_as_rules_md() -> None:
    """The oracle itself: school precedence, never below zero, even divisions."""
    assert holds([5, 1, 3, 2, 4], ["+", "×", "=", "×"])  # 5 + 1 × 3 = 2 × 4
    assert holds([12, 2, 3, 6], ["−", "×", "="])  # 12 − (2 × 3) = 6
    assert not holds([2, 5, 4, 1], ["−", "+", "="])  # 2 − 5 goes below zero
    assert not holds([6, 4, 2, 3], ["÷", "×", "="])  # 6 ÷ 4 is not whole


@pytest.mark.parametrize("size", [3, 4])
def test_every_small_roll_agrees_with_the_brute_force(size: int) -> None:
    for dice in itertools.combinations_with_replacement(range(1, 9), size):
        best, _ = brute_force(dice)
        assert solver.most_dice(dice) == best, dice
        equation = solver.find_equation(dice)
        if best == 0:
            assert equation is None
        else:
            assert equation is not None and holds(*read_equation(equation)), (dice, equation)


@pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6, 7), (0, 1, 2, 3, 4, 5),
                                  (1, 2, 3, 4, 5, 13), (1, 2, 3, 4, 5, "6")])
def test_solve_refuses_a_roll_that_is_not_six_d12(dice: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match=r"\d"):
        quiclo.solve(dice)  # type: ignore[arg-type]
