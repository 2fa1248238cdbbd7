"""Manual dice entry (docs/spec/rules.md, "Manual dice") and the dice sources."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from accessible_dice.dice import (
    DiceRequest,
    DieNamedTwice,
    DieOutOfRange,
    NoDieNamed,
    NoSuchDie,
    NotADieValue,
    RandomDice,
    ScriptedDice,
    SeparateBigDice,
    WrongDiceCount,
    check_positions,
    example_entry,
    parse_dice,
)
from accessible_dice.errors import InvalidInput


@pytest.mark.parametrize("text", ["3 4", "34", "3,4", " 3 , 4 ", "3;4"])
def test_two_six_sided_dice_may_be_typed_with_or_without_separators(text: str) -> None:
    assert parse_dice(text, 2, 6) == (3, 4)


def test_six_d12_need_separators_and_read_two_digit_values() -> None:
    assert parse_dice("12 3 7 1 10 5", 6, 12) == (12, 3, 7, 1, 10, 5)
    assert parse_dice("12,3,7,1,10,5", 6, 12) == (12, 3, 7, 1, 10, 5)


def test_dice_with_more_than_nine_faces_refuse_run_together_digits() -> None:
    with pytest.raises(SeparateBigDice):
        parse_dice("123711", 6, 12)


def test_wrong_count_is_refused_saying_what_was_expected_and_given() -> None:
    with pytest.raises(WrongDiceCount) as caught:
        parse_dice("3 4 5", 2, 6)
    assert str(caught.value) == "Enter 2 values from 1 to 6; you entered 3."


def test_wrong_count_message_uses_the_singular_for_one_die() -> None:
    with pytest.raises(WrongDiceCount) as caught:
        parse_dice("", 1, 6)
    assert str(caught.value) == "Enter 1 value from 1 to 6; you entered 0."


def test_a_face_out_of_range_names_the_die_and_the_fix() -> None:
    with pytest.raises(DieOutOfRange) as caught:
        parse_dice("3 7", 2, 6)
    assert str(caught.value) == "Die 2: 7 is not valid, enter 1 to 6."
    with pytest.raises(DieOutOfRange):
        parse_dice("0 3", 2, 6)
    with pytest.raises(DieOutOfRange):
        parse_dice("13 1 1 1 1 1", 6, 12)


def test_dice_named_by_place_must_exist_and_be_named_once_each() -> None:
    check_positions((4, 0, 2), 5)
    with pytest.raises(NoSuchDie) as caught:
        check_positions((3,), 3)
    assert str(caught.value) == "There is no die 4; the dice are numbered 1 to 3."
    for wrong in ((-1,), (5,), ("2",), (1.0,), (True,)):
        with pytest.raises(NoSuchDie):
            check_positions(wrong, 5)  # type: ignore[arg-type]
    with pytest.raises(DieNamedTwice) as twice:
        check_positions((2, 0, 2), 5)
    assert str(twice.value) == "Die 3 is named twice."
    with pytest.raises(NoDieNamed) as none:
        check_positions((), 5)
    assert str(none.value) == "Name at least one die, 1 to 5."


@pytest.mark.parametrize("text", ["three four", "3 x", "3.5 4", "-3 4", "٣٤"])
def test_letters_and_other_symbols_are_refused_with_an_example(text: str) -> None:
    with pytest.raises(NotADieValue) as caught:
        parse_dice(text, 2, 6)
    assert "like 3 5" in str(caught.value)


@given(st.text(max_size=60), st.integers(1, 6), st.sampled_from([6, 12]))
def test_any_text_either_parses_to_valid_dice_or_raises_invalid_input(text: str, count: int, faces: int) -> None:
    try:
        values = parse_dice(text, count, faces)
    except InvalidInput:
        return
    assert len(values) == count and all(1 <= v <= faces for v in values)


@pytest.mark.parametrize(("count", "faces"), [(1, 6), (2, 6), (5, 6), (6, 12), (3, 6)])
def test_the_example_entry_is_itself_valid(count: int, faces: int) -> None:
    assert len(parse_dice(example_entry(count, faces), count, faces)) == count


def test_random_dice_are_seedable_and_in_range() -> None:
    request = DiceRequest(0, 6, 12)
    first = [RandomDice(7).throw(request) for _ in range(3)]
    again = [RandomDice(7).throw(request) for _ in range(3)]
    assert first == again
    source = RandomDice(1)
    seen = {v for _ in range(500) for v in source.throw(request)}
    assert seen == set(range(1, 13))


def test_scripted_dice_answer_in_order_and_refuse_a_mismatch() -> None:
    source = ScriptedDice([(3, 4), (6, 6)])
    assert source.throw(DiceRequest(0, 2)) == (3, 4)
    with pytest.raises(LookupError):
        source.throw(DiceRequest(0, 3))
