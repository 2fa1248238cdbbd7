"""Threes Away, High and Low: one test per rule and Decision of docs/spec/rules.md §5."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import check_saves_replay, refused

from accessible_dice.dice import DiceRequest, DieNamedTwice, DieOutOfRange, NoSuchDie, WrongDiceCount
from accessible_dice.games import new_game
from accessible_dice.games.base import (
    DiceThrown,
    GameEnded,
    GameIsOver,
    NoThrowNow,
    RollOffTied,
    RoundEnded,
    StarterChosen,
    ThrowFirst,
    TurnStarted,
    WrongPlayerCount,
)
from accessible_dice.games.base import Roll as R
from accessible_dice.games.threes_away import (
    DiceKept,
    Keep,
    KeepAtLeastOne,
    KeepEveryThree,
    RoundsSet,
    ThreesAway,
    TurnScored,
    keeps,
    turn_score,
)

FIVE_ONES = R((1, 1, 1, 1, 1))


def game(players: int = 2, **options: str) -> ThreesAway:
    return ThreesAway([f"P{i}" for i in range(players)], options)


def quick_turn(g: ThreesAway) -> list:
    """A whole turn at once: five dice thrown, all kept."""
    g.apply(FIVE_ONES)
    return g.apply(Keep((0, 1, 2, 3, 4)))


# ------------------------------------------------------------ players, options


def test_one_to_eight_players() -> None:
    assert game(1).players == ("P0",)
    assert len(game(8).players) == 8
    with pytest.raises(WrongPlayerCount):
        game(9)


def test_registered_under_its_command_line_name() -> None:
    assert isinstance(new_game("threes-away", ["Anna"]), ThreesAway)


def test_options_and_defaults() -> None:
    assert game().options == {"variant": "low", "rounds": "roll", "start": "roll"}
    assert game(variant="high", rounds="4", start="order").options == {
        "variant": "high", "rounds": 4, "start": "order"}


# ---------------------------------------------------------------- who starts


def test_start_everyone_throws_all_five_dice_and_the_highest_sum_starts() -> None:
    g = game(3, rounds="2")
    assert g.opening_events() == []
    assert g.dice_request() == DiceRequest(0, 5, 6, "start")
    g.apply(R((1, 2, 3, 4, 5)))
    g.apply(R((6, 6, 6, 6, 1)))
    events = g.apply(R((6, 6, 6, 6, 6)))
    assert events == [DiceThrown(2, (6, 6, 6, 6, 6), "start"), StarterChosen(2), TurnStarted(2, 1)]
    assert g.dice_request() == DiceRequest(2, 5, 6)


def test_start_tied_highest_throw_again_among_themselves() -> None:
    g = game(3, rounds="2")
    g.apply(R((6, 6, 6, 6, 6)))
    g.apply(R((1, 1, 1, 1, 1)))
    assert g.apply(R((6, 6, 6, 6, 6)))[-1] == RollOffTied((0, 2), 30)
    assert g.dice_request() == DiceRequest(0, 5, 6, "start")
    g.apply(R((1, 1, 1, 1, 2)))
    assert g.current_player() == 2, "player 1 is out of the roll-off"
    assert g.apply(R((1, 1, 1, 1, 1)))[-2] == StarterChosen(0)


def test_the_starter_throws_one_die_that_sets_the_number_of_rounds() -> None:
    g = game(2)
    g.apply(R((1, 1, 1, 1, 1)))
    g.apply(R((2, 2, 2, 2, 2)))
    assert g.dice_request() == DiceRequest(1, 1, 6, "rounds")
    assert g.rounds is None
    events = g.apply(R((4,)))
    assert events == [DiceThrown(1, (4,), "rounds", (4,)), RoundsSet(1, 4), TurnStarted(1, 1)]
    assert g.rounds == 4


def test_decision_the_number_of_rounds_may_be_fixed_as_an_option() -> None:
    g = game(2, rounds="3", start="order")
    assert g.rounds == 3
    assert g.opening_events() == [TurnStarted(0, 1)]
    assert g.dice_request() == DiceRequest(0, 5, 6)


def test_start_order_player_one_starts_and_throws_the_rounds_die() -> None:
    g = game(3, start="order")
    assert g.opening_events() == []
    assert g.dice_request() == DiceRequest(0, 1, 6, "rounds")


def test_practice_needs_no_roll_off_but_still_throws_for_rounds() -> None:
    g = game(1)
    assert g.dice_request() == DiceRequest(0, 1, 6, "rounds")


# ---------------------------------------------------------------- the turn


def test_a_throw_is_of_all_the_dice_not_yet_kept() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((1, 2, 4, 5, 6)))
    g.apply(Keep((0, 1)))
    assert g.dice_request() == DiceRequest(0, 3, 6)
    assert g.kept_dice() == (1, 2)


def test_sheet_example_low_scores_nine() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((3, 2, 6, 4, 5)))
    assert g.apply(Keep((0, 1))) == [DiceKept(0, (3, 2), (0, 1), (3, 2))]
    g.apply(R((6, 3, 1)))
    g.apply(Keep((1, 2)))
    events = g.apply(R((6,)))
    assert events == [
        DiceThrown(0, (6,), "turn", (6,)),
        DiceKept(0, (6,), (0,), (3, 2, 3, 1, 6), forced=True),
        TurnScored(0, 9, 9),
        TurnStarted(1, 1),
    ]
    assert turn_score((3, 3, 1, 2, 6)) == 9


def test_must_keep_at_least_one_of_the_dice_just_thrown() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((1, 2, 4, 5, 6)))
    assert str(refused(g, Keep(()), KeepAtLeastOne)) == "Keep at least one die."


def test_must_keep_every_three_just_thrown() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((3, 2, 6, 3, 5)))
    assert str(refused(g, Keep((1,)), KeepEveryThree)) == "Keep every 3: dice 1, 4 show 3."
    assert str(refused(g, Keep((0, 1)), KeepEveryThree)) == "Keep every 3: die 4 shows 3."


def test_may_keep_more_than_required() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((3, 2, 6, 4, 5)))
    g.apply(Keep((0, 1, 2, 3)))
    assert g.dice_request() == DiceRequest(0, 1, 6)


def test_kept_dice_are_set_aside_for_good() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((1, 2, 4, 5, 6)))
    g.apply(Keep((4,)))
    g.apply(R((1, 1, 1, 1)))
    assert g.kept_dice() == (6,) and g.dice_on_table() == (1, 1, 1, 1)


def test_legal_moves_list_every_allowed_keep() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((3, 2, 6, 3, 5)))
    allowed = g.legal_moves()
    assert len(allowed) == 8 and Keep((0, 3)) in allowed and Keep((0, 1, 2, 3, 4)) in allowed
    assert all({0, 3} <= set(m.positions) for m in allowed if isinstance(m, Keep))


def test_decision_a_forced_keep_is_made_at_once() -> None:
    g = game(2, rounds="1", start="order")
    events = g.apply(R((3, 3, 3, 3, 3)))
    assert events[1] == DiceKept(0, (3, 3, 3, 3, 3), (0, 1, 2, 3, 4), (3, 3, 3, 3, 3), forced=True)
    assert events[2] == TurnScored(0, 0, 0)
    assert g.current_player() == 1


def test_keep_positions_are_zero_based_and_canonical() -> None:
    assert Keep((4, 0, 2)) == Keep((0, 2, 4))
    assert Keep.from_json({"move": "keep", "positions": [2, 0]}) == Keep((0, 2))


def test_a_turn_ends_when_all_five_are_kept() -> None:
    g = game(2, rounds="1", start="order")
    assert quick_turn(g)[-2:] == [TurnScored(0, 5, 5), TurnStarted(1, 1)]


# ---------------------------------------------------------------- scoring


def test_turn_score_is_the_sum_with_every_three_counting_zero() -> None:
    assert turn_score((3, 3, 3, 3, 3)) == 0
    assert turn_score((6, 6, 6, 6, 6)) == 30
    assert turn_score((1, 2, 3, 4, 5)) == 12
    assert turn_score(()) == 0


def test_turn_score_refuses_bad_dice() -> None:
    with pytest.raises(DieOutOfRange):
        turn_score((1, 7))
    with pytest.raises(WrongDiceCount):
        turn_score((1,) * 6)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=5))
def test_property_turn_score_bounds(kept: list[int]) -> None:
    score = turn_score(kept)
    assert 0 <= score <= sum(kept) <= 6 * len(kept)
    assert score == sum(kept) - 3 * kept.count(3)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=5))
def test_property_keeps_hold_every_three_and_at_least_one(thrown: list[int]) -> None:
    allowed = keeps(thrown)
    threes = {p for p, v in enumerate(thrown) if v == 3}
    assert all(k and threes <= set(k) and list(k) == sorted(set(k)) for k in allowed)
    free = len(thrown) - len(threes)
    assert len(allowed) == 2**free - (0 if threes else 1)


# -------------------------------------------------------------- rounds, winning


def test_every_player_one_turn_per_round_from_the_starter_wrapping_around() -> None:
    g = game(3, rounds="2")
    for values in ((1, 1, 1, 1, 1), (6, 6, 6, 6, 6), (2, 2, 2, 2, 2)):
        g.apply(R(values))
    order = []
    for _ in range(6):
        order.append(g.current_player())
        events = quick_turn(g)
    assert order == [1, 2, 0, 1, 2, 0]
    assert RoundEnded(2) in events and g.is_over()


def test_round_ends_after_the_last_player_in_order() -> None:
    g = game(2, rounds="2", start="order")
    quick_turn(g)
    assert quick_turn(g)[-2:] == [RoundEnded(1), TurnStarted(0, 2)]


def test_low_the_lowest_total_wins() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((6, 6, 6, 6, 6)))
    g.apply(Keep((0, 1, 2, 3, 4)))
    events = quick_turn(g)
    assert events[-1] == GameEnded((1,), (30, 5))


def test_high_the_highest_total_wins() -> None:
    g = game(2, rounds="1", start="order", variant="high")
    g.apply(R((6, 6, 6, 6, 6)))
    g.apply(Keep((0, 1, 2, 3, 4)))
    assert quick_turn(g)[-1] == GameEnded((0,), (30, 5))
    assert [s.player for s in g.standings()] == [0, 1]


def test_ties_share_the_win() -> None:
    g = game(3, rounds="1", start="order")
    quick_turn(g)
    g.apply(R((6, 6, 6, 6, 6)))
    g.apply(Keep((0, 1, 2, 3, 4)))
    assert quick_turn(g)[-1] == GameEnded((0, 2), (5, 30, 5))


def test_practice_the_total_is_the_score() -> None:
    g = game(1)
    g.apply(R((2,)))
    quick_turn(g)
    events = quick_turn(g)
    assert events[-3:] == [TurnScored(0, 5, 10), RoundEnded(2), GameEnded((0,), (10,))]


# ------------------------------------------------------------------ refusals


def test_refusal_positions_that_name_no_die() -> None:
    g = game(2, rounds="1", start="order")
    g.apply(R((1, 2, 4, 5, 6)))
    assert str(refused(g, Keep((5,)), NoSuchDie)) == "There is no die 6; the dice are numbered 1 to 5."
    refused(g, Keep((-1,)), NoSuchDie)
    refused(g, Keep(("1",)), NoSuchDie)  # type: ignore[arg-type]
    assert str(refused(g, Keep((1, 1)), DieNamedTwice)) == "Die 2 is named twice."
    g.apply(Keep((0,)))
    g.apply(R((2, 4, 5, 6)))
    assert str(refused(g, Keep((4,)), NoSuchDie)) == "There is no die 5; the dice are numbered 1 to 4."


def test_refusal_before_the_throw_and_after_the_end() -> None:
    g = game(1, rounds="1")
    refused(g, Keep((0,)), ThrowFirst)
    g.apply(FIVE_ONES)
    refused(g, FIVE_ONES, NoThrowNow)
    g.apply(Keep((0, 1, 2, 3, 4)))
    refused(g, Keep((0,)), GameIsOver)
    refused(g, FIVE_ONES, GameIsOver)


def test_refusal_wrong_dice_values() -> None:
    g = game(1, rounds="1")
    refused(g, R((1, 1)), WrongDiceCount)
    refused(g, R((1, 1, 1, 1, 7)), DieOutOfRange)
    g.apply(R((1, 2, 4, 5, 6)))
    g.apply(Keep((0, 1)))
    error = refused(g, FIVE_ONES, WrongDiceCount)
    assert str(error) == "Enter 3 values from 1 to 6; you entered 5.", "a re-throw asks only for the rest"


# ------------------------------------------------------------ save and replay


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**16), players=st.integers(1, 4))
def test_save_then_replay_gives_an_equal_game(seed: int, players: int) -> None:
    check_saves_replay(game(players, variant="high" if seed % 2 else "low"), seed, seed % 30)
