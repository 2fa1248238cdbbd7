"""The shared arithmetic: what players may type in Storeslem and QUICLO."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from timing_support import budget

from accessible_dice import arithmetic as ar
from accessible_dice.errors import DiceError


def value(text: str) -> int:
    return ar.evaluate(ar.parse_expression(text))


# ----------------------------------------------------- the sheets' examples


@pytest.mark.parametrize(("text", "expected"), [("2+4+5", 11), ("5·4−6", 14), ("(6+1)·3", 21), ("4+5", 9)])
def test_storeslem_sheet_examples(text: str, expected: int) -> None:
    assert value(text) == expected


def test_quiclo_equation_reads_both_sides() -> None:
    left, right = ar.parse_equation("12/3=2+2")
    assert (ar.evaluate(left), ar.evaluate(right)) == (4, 4)
    assert ar.numbers(left) + ar.numbers(right) == [12, 3, 2, 2]


# ----------------------------------------------------------------- spellings


@pytest.mark.parametrize("sign", ["-", "−"])
def test_minus_spellings(sign: str) -> None:
    assert value(f"9{sign}4") == 5


@pytest.mark.parametrize("sign", ["*", "x", "X", "×", "·"])
def test_times_spellings(sign: str) -> None:
    assert value(f"3{sign}4") == 12


@pytest.mark.parametrize("sign", ["/", ":", "÷"])
def test_divide_spellings(sign: str) -> None:
    assert value(f"12{sign}4") == 3


def test_spaces_anywhere() -> None:
    assert value("  ( 6 +1 )   ·3 ") == 21


def test_digit_runs_are_one_number() -> None:
    assert ar.numbers(ar.parse_expression("12+3")) == [12, 3]


# --------------------------------------------------- order of operations


def test_times_before_plus() -> None:
    assert value("5+1×3") == 8


def test_division_left_to_right() -> None:
    assert value("8/2/2") == 2


def test_minus_left_to_right() -> None:
    assert value("9−3−2") == 4


def test_parentheses_group_first() -> None:
    assert value("9−(3−2)") == 8


# ------------------------------------------------- whole numbers >= 0 only


def test_below_zero_midway_is_refused_even_if_the_end_is_positive() -> None:
    with pytest.raises(ar.BelowZero) as caught:
        value("2 − 5 + 4")
    assert caught.value.data == {"left": 2, "op": "−", "right": 5, "position": 2, "column": 3}
    assert str(caught.value) == "2 − 5 goes below zero."


def test_zero_is_allowed() -> None:
    assert value("3-3") == 0


def test_uneven_division_is_refused() -> None:
    with pytest.raises(ar.UnevenDivision) as caught:
        value("1 + 7 : 2")
    assert caught.value.data["left"] == 7 and caught.value.data["right"] == 2
    assert caught.value.data["column"] == 7


def test_division_by_zero_is_refused() -> None:
    with pytest.raises(ar.DivisionByZero):
        value("6/(3-3)")


def test_operate_applies_the_same_rules() -> None:
    assert ar.operate(ar.DIVIDE, 6, 3) == 2
    with pytest.raises(ar.BelowZero):
        ar.operate(ar.MINUS, 1, 2)


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "error", "column"),
    [
        ("5 + a", ar.UnexpectedCharacter, 5),
        ("5 ٣", ar.UnexpectedCharacter, 3),
        ("+5", ar.MissingNumber, 1),
        ("()", ar.MissingNumber, 2),
        ("5 + × 3", ar.TwoSignsInARow, 5),
        ("5 3", ar.MissingSign, 3),
        ("(2)(3)", ar.MissingSign, 4),
        ("(5+1", ar.UnclosedParenthesis, 1),
        ("5+1)", ar.UnopenedParenthesis, 4),
        ("5=5", ar.EqualsNotAllowed, 2),
        ("=5", ar.EqualsNotAllowed, 1),
        ("1+12345", ar.NumberTooLarge, 3),
        ("(" * 11 + "1" + ")" * 11, ar.NestedTooDeep, 11),
    ],
)
def test_errors_say_where(text: str, error: type[ar.ExpressionInvalid], column: int) -> None:
    with pytest.raises(error) as caught:
        ar.parse_expression(text)
    assert caught.value.data["column"] == column
    assert caught.value.data["position"] == column - 1
    assert str(caught.value).endswith(".")


def test_unexpected_character_names_it() -> None:
    with pytest.raises(ar.UnexpectedCharacter) as caught:
        ar.parse_expression("5 & 2")
    assert str(caught.value) == "“&” at character 3 is not a number or a sign."


def test_two_signs_name_both() -> None:
    with pytest.raises(ar.TwoSignsInARow) as caught:
        ar.parse_expression("5 * - 3")
    assert (caught.value.data["first"], caught.value.data["second"]) == ("×", "−")


def test_missing_number_at_the_end() -> None:
    with pytest.raises(ar.MissingNumberAtEnd):
        ar.parse_expression("5 +")


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_input(text: str) -> None:
    with pytest.raises(ar.EmptyInput):
        ar.parse_expression(text)


def test_too_long() -> None:
    with pytest.raises(ar.TooLong) as caught:
        ar.parse_expression("1+" * 100 + "1")
    assert caught.value.data == {"length": 201, "limit": ar.MAX_LENGTH}


def test_nesting_up_to_the_limit_is_fine() -> None:
    assert value("(" * ar.MAX_DEPTH + "1" + ")" * ar.MAX_DEPTH) == 1


def test_largest_number_is_fine() -> None:
    assert value(str(ar.MAX_NUMBER)) == ar.MAX_NUMBER
    with pytest.raises(ar.NumberTooLarge):
        value(str(ar.MAX_NUMBER + 1))


def test_parentheses_can_be_forbidden() -> None:
    with pytest.raises(ar.ParenthesesNotAllowed) as caught:
        ar.parse_expression("2×(3+1)", parentheses=False)
    assert caught.value.data["column"] == 3


# ---------------------------------------------------------------- equations


@pytest.mark.parametrize(("text", "count"), [("1+2", 0), ("1=1=1", 2)])
def test_equation_needs_exactly_one_equals(text: str, count: int) -> None:
    with pytest.raises(ar.NeedsOneEquals) as caught:
        ar.parse_equation(text)
    assert caught.value.data == {"count": count}


def test_equation_has_no_parentheses() -> None:
    with pytest.raises(ar.ParenthesesNotAllowed):
        ar.parse_equation("(1+1)=2")


def test_equation_needs_a_number_before_the_equals() -> None:
    with pytest.raises(ar.MissingNumber) as caught:
        ar.parse_equation("5 + = 5")
    assert caught.value.data["column"] == 5


def test_equation_needs_a_number_after_the_equals() -> None:
    with pytest.raises(ar.MissingNumberAtEnd):
        ar.parse_equation("5 =")


def test_equation_needs_a_number_at_the_start() -> None:
    with pytest.raises(ar.MissingNumber) as caught:
        ar.parse_equation("= 5")
    assert caught.value.data["column"] == 1


def test_equation_numbers_are_not_concatenated() -> None:
    with pytest.raises(ar.MissingSign):
        ar.parse_equation("1 2 = 12")


# ------------------------------------------------- several side by side


@pytest.mark.parametrize(
    ("text", "shown"),
    [("5+4 6", ["5 + 4", "6"]), ("5 + 4 6", ["5 + 4", "6"]), ("2 4 5", ["2", "4", "5"]),
     ("(6+1)*3", ["(6 + 1) × 3"]), ("5 (1+2)·3", ["5", "(1 + 2) × 3"])],
)
def test_a_new_calculation_starts_where_a_number_follows_a_complete_one(text: str, shown: list[str]) -> None:
    assert [ar.show(node) for node in ar.parse_expressions(text)] == shown


@pytest.mark.parametrize(
    ("text", "error"),
    [("5+4)", ar.UnopenedParenthesis), ("5 4 +", ar.MissingNumberAtEnd), ("5 = 4", ar.EqualsNotAllowed),
     ("", ar.EmptyInput)],
)
def test_several_calculations_refuse_like_one(text: str, error: type[ar.ExpressionInvalid]) -> None:
    with pytest.raises(error):
        ar.parse_expressions(text)


# --------------------------------------------------------------- dice uses


def test_uses_within_the_dice_pass() -> None:
    ar.check_uses([5, 4], [6, 5, 4])
    ar.check_uses([2, 2], [2, 2, 1])


def test_a_number_not_rolled_is_named() -> None:
    with pytest.raises(ar.NotRolled) as caught:
        ar.check_uses([1, 7], [1, 2, 3])
    assert str(caught.value) == "7 was not rolled."


def test_a_die_used_twice_is_named() -> None:
    with pytest.raises(ar.UsedTooOften) as caught:
        ar.check_uses([5, 5], [6, 5, 4])
    assert str(caught.value) == "The 5 is used 2 times, but only one 5 was rolled."


def test_a_die_used_too_often_with_plural() -> None:
    with pytest.raises(ar.UsedTooOften) as caught:
        ar.check_uses([2, 2, 2], [2, 2, 1])
    assert str(caught.value) == "The 2 is used 3 times, but only 2 were rolled."


# --------------------------------------------------------------------- show


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("5*4-6", "5 × 4 − 6"),
        ("(6+1)*3", "(6 + 1) × 3"),
        ("((2))", "2"),
        ("6+(5-4)", "6 + 5 − 4"),
        ("6-(5-4)", "6 − (5 − 4)"),
        ("8:(4:2)", "8 ÷ (4 ÷ 2)"),
        ("2x(3x4)", "2 × 3 × 4"),
        ("(2*3)+4", "2 × 3 + 4"),
        ("007", "7"),
    ],
)
def test_show_uses_real_signs_and_minimal_brackets(text: str, shown: str) -> None:
    assert ar.show(ar.parse_expression(text)) == shown


def test_nodes_built_by_code_show_and_evaluate() -> None:
    node = ar.BinaryOp(ar.TIMES, ar.BinaryOp(ar.PLUS, ar.Number(6), ar.Number(1)), ar.Number(3))
    assert (ar.show(node), ar.evaluate(node), ar.numbers(node)) == ("(6 + 1) × 3", 21, [6, 1, 3])


# ------------------------------------------------------------------ fuzzing

ALPHABET = "0123456789+-−*xX×·/:÷()= \t.a,٣"


def _expressions(depth: int) -> st.SearchStrategy[ar.Node]:
    leaf = st.builds(ar.Number, st.integers(0, 12))
    if depth == 0:
        return leaf
    inner = _expressions(depth - 1)
    return st.one_of(leaf, st.builds(ar.BinaryOp, st.sampled_from(ar.OPERATORS), inner, inner))


def _only_documented_errors(call: Callable[[], object]) -> None:
    """``call`` returns or raises this module's errors, and takes well under 10 ms.

    The time is the best of three runs, so a garbage collection pause does not
    make the test flaky.
    """
    times = []
    for _ in range(3):
        start = time.perf_counter()
        try:
            call()
        except DiceError as error:
            assert type(error).__module__ == ar.__name__
            assert str(error)
        times.append(time.perf_counter() - start)
    assert min(times) < budget(0.01)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60) | st.text(max_size=250))
def test_any_text_gives_a_value_or_a_documented_error_fast(text: str) -> None:
    _only_documented_errors(lambda: ar.evaluate(ar.parse_expression(text)))
    _only_documented_errors(lambda: [ar.evaluate(n) for n in ar.parse_equation(text)])
    _only_documented_errors(lambda: [ar.evaluate(n) for n in ar.parse_expressions(text)])


@settings(max_examples=200, deadline=None)
@given(_expressions(3))
def test_show_reads_back_to_the_same_value(node: ar.Node) -> None:
    try:
        expected = ar.evaluate(node)
    except ar.ArithmeticBroken:
        return
    again = ar.parse_expression(ar.show(node))
    assert ar.evaluate(again) == expected
    assert ar.numbers(again) == ar.numbers(node)
    assert ar.show(again) == ar.show(node)


def test_worst_case_input_is_fast() -> None:
    start = time.perf_counter()
    for text in ["9999×" * 39 + "9999", "(" * 10 + "1+" * 90 + "1" + ")" * 10, "1" * 200]:
        with contextlib.suppress(DiceError):
            ar.evaluate(ar.parse_expression(text))
    assert time.perf_counter() - start < budget(0.03)
