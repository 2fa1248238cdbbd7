"""Shut the Box, the Czech variant: one test per rule and Decision of docs/spec/rules.md §1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import check_saves_replay, refused

from accessible_dice.dice import DiceRequest, DieOutOfRange, WrongDiceCount
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
from accessible_dice.games.options import BadOptionValue
from accessible_dice.games.shut_the_box import (
    BoxShut,
    DifferenceOnlyEasy,
    FlapAlreadyShut,
    FlapsNotPossible,
    FlapsShut,
    NoDifference,
    NoFlapForSum,
    NoFlapNamed,
    NoSuchFlap,
    RoundScored,
    Shut,
    ShutTheBox,
    SinglesShutBoth,
    TooManyFlaps,
    TurnPassed,
    moves,
    penalty,
    way_for_flaps,
)

ALL = set(range(1, 11))


def game(players: int = 2, **options: str) -> ShutTheBox:
    return ShutTheBox([f"P{i}" for i in range(players)], options)


def with_open(g: ShutTheBox, player: int, flaps: set[int]) -> ShutTheBox:
    """Set a player's open flaps directly, to reach a late position quickly."""
    g.open[player] = set(flaps)
    return g


# ------------------------------------------------------------------ players


def test_one_to_four_players() -> None:
    assert game(1).players == ("P0",)
    assert game(4).current_player() == 0
    with pytest.raises(WrongPlayerCount):
        game(5)


def test_registered_under_its_command_line_name() -> None:
    assert isinstance(new_game("shut-the-box", ["Anna"]), ShutTheBox)


def test_options_and_defaults() -> None:
    assert game().options == {"easy": False, "rounds": 1, "start": "order"}
    assert game(easy="yes", rounds="3", start="roll").options == {"easy": True, "rounds": 3, "start": "roll"}
    with pytest.raises(BadOptionValue):
        game(rounds="0")


def test_each_player_has_ten_open_flaps_at_the_start() -> None:
    g = game(3)
    assert [g.open_flaps(p) for p in range(3)] == [tuple(range(1, 11))] * 3


# ---------------------------------------------------------------- who starts


def test_start_order_the_first_player_entered_starts() -> None:
    g = game(3)
    assert g.opening_events() == [TurnStarted(0, 1)]
    assert g.dice_request() == DiceRequest(0, 2, 6)


def test_start_roll_everyone_throws_one_die_and_the_highest_starts() -> None:
    g = game(3, start="roll")
    assert g.opening_events() == []
    assert g.dice_request() == DiceRequest(0, 1, 6, "start")
    g.apply(R((2,)))
    g.apply(R((5,)))
    assert g.current_player() == 2
    events = g.apply(R((4,)))
    assert events == [DiceThrown(2, (4,), "start"), StarterChosen(1), TurnStarted(1, 1)]
    assert g.dice_request() == DiceRequest(1, 2, 6)


def test_start_roll_tied_highest_throw_again_among_themselves_only() -> None:
    g = game(3, start="roll")
    g.apply(R((6,)))
    g.apply(R((1,)))
    assert g.apply(R((6,)))[-1] == RollOffTied((0, 2), 6)
    assert g.dice_request() == DiceRequest(0, 1, 6, "start")
    g.apply(R((3,)))
    assert g.dice_request() == DiceRequest(2, 1, 6, "start"), "player 1 is out of the roll-off"
    assert g.apply(R((3,)))[-1] == RollOffTied((0, 2), 3)
    g.apply(R((2,)))
    assert g.apply(R((4,)))[-2:] == [StarterChosen(2), TurnStarted(2, 1)]


def test_practice_needs_no_roll_off() -> None:
    g = game(1, start="roll")
    assert g.dice_request() == DiceRequest(0, 2, 6)


# ---------------------------------------------------------------- the turn


def test_two_dice_are_thrown_together_once_per_turn() -> None:
    g = game(2)
    events = g.apply(R((3, 4)))
    assert events == [DiceThrown(0, (3, 4), "turn", (3, 4))]
    assert g.dice_request() is None and g.dice_on_table() == (3, 4)
    refused(g, R((1, 1)), NoThrowNow)


def test_play_passes_to_the_next_player_and_wraps_around() -> None:
    g = game(3)
    started = []
    for _ in range(3):
        g.apply(R((1, 2)))
        started += [e.player for e in g.apply(Shut("sum")) if isinstance(e, TurnStarted)]
    assert started == [1, 2, 0]


def test_sheet_example_three_and_four() -> None:
    assert moves(ALL, (3, 4)) == {"singles": {3, 4}, "sum": {7}}
    assert moves(ALL, (3, 4), easy=True) == {"singles": {3, 4}, "sum": {7}, "difference": {1}}


def test_decision_singles_shuts_both_flaps_when_both_are_open() -> None:
    g = game(2)
    g.apply(R((3, 4)))
    assert g.apply(Shut("singles"))[0] == FlapsShut(0, "singles", (3, 4), (3, 4))
    assert g.open_flaps(0) == (1, 2, 5, 6, 7, 8, 9, 10)


def test_decision_singles_shuts_the_open_one_when_the_other_is_shut() -> None:
    assert moves(ALL - {4}, (3, 4))["singles"] == {3}


def test_decision_singles_with_equal_dice_shuts_one_flap() -> None:
    assert moves(ALL, (5, 5))["singles"] == {5}


def test_decision_singles_unavailable_when_neither_flap_is_open() -> None:
    assert "singles" not in moves(ALL - {3, 4}, (3, 4))


def test_sum_only_when_at_most_ten_and_its_flap_is_open() -> None:
    assert moves(ALL, (4, 6))["sum"] == {10}
    assert "sum" not in moves(ALL, (5, 6))
    assert "sum" not in moves(ALL - {7}, (3, 4))


def test_difference_only_in_the_easy_variant_with_unequal_dice_and_open_flap() -> None:
    assert "difference" not in moves(ALL, (2, 6))
    assert moves(ALL, (2, 6), easy=True)["difference"] == {4}
    assert "difference" not in moves(ALL, (4, 4), easy=True)
    assert "difference" not in moves(ALL - {4}, (2, 6), easy=True)


def test_easy_variant_offers_the_difference_in_play() -> None:
    g = game(2, easy="yes")
    g.apply(R((2, 6)))
    assert g.legal_moves() == [Shut("singles"), Shut("sum"), Shut("difference")]
    assert g.apply(Shut("difference"))[0] == FlapsShut(0, "difference", (4,), (2, 6))


def test_legal_moves_are_only_the_available_ways() -> None:
    g = with_open(game(2), 0, ALL - {3, 4})
    g.apply(R((3, 4)))
    assert g.legal_moves() == [Shut("sum")]


def test_nothing_possible_the_turn_passes_with_nothing_shut() -> None:
    g = with_open(game(2), 0, {9, 10})
    events = g.apply(R((1, 2)))
    assert events == [DiceThrown(0, (1, 2), "turn", (1, 2)), TurnPassed(0, (1, 2)), TurnStarted(1, 1)]
    assert g.open_flaps(0) == (9, 10)
    assert g.dice_request() == DiceRequest(1, 2, 6)


def test_moves_with_no_open_flap_in_reach_is_empty() -> None:
    assert moves({9, 10}, (1, 2), easy=True) == {}


# ------------------------------------------------------------- round and match


def test_round_ends_at_once_when_a_player_shuts_all_ten_flaps_sheet_penalties() -> None:
    g = game(4)
    for player, flaps in enumerate([{7}, {2, 3}, {7, 9}, {9, 10}]):
        with_open(g, player, flaps)
    g.apply(R((3, 4)))
    events = g.apply(Shut("sum"))
    assert events[1:4] == [BoxShut(0), RoundScored(1, (0, 5, 16, 19), (0, 5, 16, 19), (1, 0, 0, 0)),
                           RoundEnded(1)]
    assert events[-1] == GameEnded((0,), (0, 5, 16, 19))
    assert [s.player for s in g.standings()] == [0, 1, 2, 3], "ranked from the fewest penalty points"


def test_penalty_is_the_sum_of_the_open_flaps() -> None:
    assert (penalty({2, 3}), penalty({7, 9}), penalty({9, 10}), penalty(())) == (5, 16, 19, 0)


def test_default_match_is_one_round() -> None:
    g = with_open(game(2), 0, {7})
    g.apply(R((3, 4)))
    g.apply(Shut("sum"))
    assert g.is_over() and g.current_player() is None and g.dice_request() is None


def test_decision_later_rounds_start_with_the_next_player_after_the_previous_first() -> None:
    g = game(3, rounds="3", start="roll")
    for values in ((1,), (1,), (6,)):
        g.apply(R(values))
    firsts = [g.current_player()]
    for _ in range(2):
        player = g.current_player()
        with_open(g, player, {7})
        g.apply(R((3, 4)))
        events = g.apply(Shut("sum"))
        assert events[-1] == TurnStarted(g.current_player(), g.round)
        firsts.append(g.current_player())
    assert firsts == [2, 0, 1]
    assert g.round == 3 and g.rounds == 3


def test_all_flaps_open_again_for_each_round() -> None:
    g = with_open(game(2, rounds="2"), 0, {7})
    g.apply(R((3, 4)))
    g.apply(Shut("sum"))
    assert g.open_flaps(0) == g.open_flaps(1) == tuple(range(1, 11))


def test_match_winner_has_the_lowest_total_penalty() -> None:
    g = game(2, rounds="2")
    with_open(with_open(g, 0, {7}), 1, {1})
    g.apply(R((3, 4)))
    g.apply(Shut("sum"))  # round 1: P0 0, P1 1
    with_open(with_open(g, 1, {7}), 0, {2})
    g.apply(R((3, 4)))
    events = g.apply(Shut("sum"))  # round 2: P1 0, P0 2
    assert g.penalties() == (2, 1)
    assert events[-1] == GameEnded((1,), (2, 1))


def test_ties_share_the_match_win() -> None:
    g = game(2, rounds="2")
    with_open(with_open(g, 0, {7}), 1, {4})
    g.apply(R((3, 4)))
    g.apply(Shut("sum"))
    with_open(with_open(g, 1, {7}), 0, {4})
    g.apply(R((3, 4)))
    g.apply(Shut("sum"))
    assert g.winners() == (0, 1)


def test_practice_the_round_runs_until_the_box_is_shut_and_the_score_is_turns_taken() -> None:
    g = with_open(game(1), 0, {1, 10})
    g.apply(R((5, 6)))  # nothing possible: a turn all the same
    g.apply(R((1, 2)))
    g.apply(Shut("singles"))
    assert not g.is_over() and g.scores() == (2,)
    g.apply(R((4, 6)))
    events = g.apply(Shut("sum"))
    assert events[-1] == GameEnded((0,), (3,))
    assert RoundScored(1, (0,), (0,), (3,)) in events


def test_review_queries() -> None:
    g = with_open(game(2, rounds="2"), 1, {2, 3})
    assert (g.round, g.rounds, g.penalties()) == (1, 2, (0, 0))
    assert g.open_flaps(1) == (2, 3)
    assert g.available() == {}
    g.apply(R((3, 4)))
    assert g.available() == {"singles": {3, 4}, "sum": {7}}


# ------------------------------------------------------------------ refusals


def test_refusal_singles_when_both_flaps_are_shut() -> None:
    g = with_open(game(2), 0, ALL - {3, 4})
    g.apply(R((3, 4)))
    assert str(refused(g, Shut("singles"), FlapAlreadyShut)) == "Flaps 3, 4 are already shut."


def test_refusal_sum_over_ten_and_sum_flap_shut() -> None:
    g = game(2)
    g.apply(R((5, 6)))
    assert str(refused(g, Shut("sum"), NoFlapForSum)) == "5 and 6 make 11; there is no flap 11."
    h = with_open(game(2), 0, ALL - {7})
    h.apply(R((3, 4)))
    assert str(refused(h, Shut("sum"), FlapAlreadyShut)) == "Flap 7 is already shut."


def test_refusal_difference_outside_easy_and_with_equal_dice() -> None:
    g = game(2)
    g.apply(R((2, 6)))
    refused(g, Shut("difference"), DifferenceOnlyEasy)
    h = game(2, easy="yes")
    h.apply(R((4, 4)))
    refused(h, Shut("difference"), NoDifference)


def test_refusal_before_the_throw_and_after_the_end() -> None:
    g = game(2)
    refused(g, Shut("sum"), ThrowFirst)
    with_open(g, 0, {7})
    g.apply(R((3, 4)))
    g.apply(Shut("sum"))
    refused(g, Shut("sum"), GameIsOver)
    refused(g, R((1, 2)), GameIsOver)


def test_refusal_wrong_dice_values() -> None:
    g = game(2)
    refused(g, R((1, 2, 3)), WrongDiceCount)
    refused(g, R((0, 7)), DieOutOfRange)


# ------------------------------------------------------- the terminal's helper


def test_way_for_flaps_names_the_way() -> None:
    g = game(2, easy="yes")
    g.apply(R((2, 6)))
    assert way_for_flaps(g, [6, 2]) == Shut("singles")
    assert way_for_flaps(g, [8]) == Shut("sum")
    assert way_for_flaps(g, [4]) == Shut("difference")


def test_way_for_flaps_prefers_singles_when_two_ways_shut_the_same_flap() -> None:
    g = with_open(game(2, easy="yes"), 0, ALL - {6})
    g.apply(R((3, 6)))
    assert g.available()["singles"] == g.available()["difference"] == {3}
    assert way_for_flaps(g, [3]) == Shut("singles")


def test_way_for_flaps_refusals_say_why() -> None:
    g = with_open(game(2), 0, ALL - {4})
    with pytest.raises(ThrowFirst):
        way_for_flaps(g, [3])
    g.apply(R((3, 5)))
    cases = [
        ([], NoFlapNamed, "Name the flap or flaps to shut."),
        ([11], NoSuchFlap, "There is no flap 11; the flaps are 1 to 10."),
        ([1, 2, 3], TooManyFlaps, "One throw shuts at most two flaps."),
        ([4], FlapAlreadyShut, "Flap 4 is already shut."),
        ([3], SinglesShutBoth, "Singles shuts both 3 and 5."),
        ([2], DifferenceOnlyEasy, "The difference may be used only in the easy variant."),
        ([9], FlapsNotPossible, "With 3 and 5 you cannot shut 9."),
        ([3, 8], FlapsNotPossible, "With 3 and 5 you cannot shut 3, 8."),
    ]
    for flaps, error, message in cases:
        with pytest.raises(error) as caught:
            way_for_flaps(g, flaps)
        assert str(caught.value) == message


# ------------------------------------------------------- the rule as a function


def test_moves_refuses_bad_input_with_a_reason() -> None:
    with pytest.raises(WrongDiceCount):
        moves(ALL, (3,))
    with pytest.raises(DieOutOfRange):
        moves(ALL, (3, 7))
    with pytest.raises(NoSuchFlap):
        moves({0, 3}, (3, 4))


@settings(max_examples=200, deadline=None)
@given(open_flaps=st.sets(st.integers(1, 10)), a=st.integers(1, 6), b=st.integers(1, 6), easy=st.booleans())
def test_property_moves_shut_only_open_flaps_reached_by_the_dice(
    open_flaps: set[int], a: int, b: int, easy: bool
) -> None:
    found = moves(open_flaps, (a, b), easy)
    reach = {"singles": {a, b}, "sum": {a + b}, "difference": {abs(a - b)}}
    for way, flaps in found.items():
        assert flaps and flaps <= open_flaps and flaps <= reach[way]
    assert found.get("singles", frozenset()) == {a, b} & open_flaps
    assert ("difference" in found) <= easy
    assert moves(open_flaps, (b, a), easy) == found, "the order of the dice does not matter"


# ------------------------------------------------------------ save and replay


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**16), players=st.integers(1, 4))
def test_save_then_replay_gives_an_equal_game(seed: int, players: int) -> None:
    check_saves_replay(game(players, rounds="2", start="roll", easy="yes"), seed, seed % 40)
