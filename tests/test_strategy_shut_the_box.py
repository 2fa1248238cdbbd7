"""Shut the Box strategy: exact expected turns, a simulation, hints and computer players."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest
from rules_support import play_out
from timing_support import budget

from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Roll, ThrowFirst
from accessible_dice.games.shut_the_box import DifferenceOnlyEasy, Shut, ShutTheBox
from accessible_dice.strategy import best_move, computer_move
from accessible_dice.strategy.shut_the_box import ALL_OPEN, THROWS, solve


def test_optimal_play_takes_19_163444_turns_without_the_difference():
    assert solve(easy=False).expected_turns() == pytest.approx(19.163444, abs=5e-7)


def test_optimal_play_takes_18_933954_turns_with_the_difference():
    assert solve(easy=True).expected_turns() == pytest.approx(18.933954, abs=5e-7)


def test_a_throw_that_allows_no_move_still_costs_a_turn():
    # Only flap 1 open: singles needs a die showing 1 (11 throws of 36), so a
    # geometric wait of 36/11 turns; with the difference, 8 more throws help.
    assert solve(False).expected_turns([1]) == pytest.approx(float(Fraction(36, 11)), abs=1e-12)
    assert solve(True).expected_turns([1]) == pytest.approx(float(Fraction(36, 19)), abs=1e-12)
    assert solve(False).expected_turns([]) == 0


@pytest.mark.parametrize("easy", [False, True])
def test_seeded_simulation_of_20000_games_agrees_within_0_2(easy):
    solution = solve(easy)
    rng = random.Random(20240 + easy)
    index = {dice: i for i, (dice, _) in enumerate(THROWS)}
    games, turns = 20_000, 0
    for _ in range(games):
        bits = ALL_OPEN
        while bits:
            a, b = sorted((rng.randint(1, 6), rng.randint(1, 6)))
            bits = solution.after[bits][index[a, b]]
            turns += 1
    assert turns / games == pytest.approx(solution.expected_turns(), abs=0.2)


def _game_with(open_flaps, dice, easy=False):
    game = ShutTheBox(["Ann"], {"easy": easy})
    game.open[0] = set(open_flaps)
    game.apply(Roll(dice))
    return game


def test_the_hint_is_the_move_with_the_fewest_expected_turns():
    game = _game_with(range(1, 11), (3, 4))
    advice = best_move(game)
    assert {c.move for c in advice.choices} == {Shut("singles"), Shut("sum")}
    assert [c.value for c in advice.choices] == sorted(c.value for c in advice.choices)
    assert not advice.higher_is_better
    solution = solve(False)
    # The value counts this turn plus the expected turns after the move.
    assert advice.best.value == pytest.approx(1 + min(solution.expected_turns(set(range(1, 11)) - {7}),
                                                      solution.expected_turns(set(range(1, 11)) - {3, 4})))
    assert advice.gain() == pytest.approx(advice.next_best.value - advice.best.value)


def test_the_hint_values_the_move_the_player_considers():
    game = _game_with(range(1, 11), (3, 4))
    worse = next(c for c in best_move(game).choices[1:])
    advice = best_move(game, considering=worse.move)
    assert advice.considered == worse
    assert advice.alternative == worse


def test_considering_an_illegal_move_raises_the_games_refusal():
    game = _game_with(range(1, 11), (3, 5))
    with pytest.raises(DifferenceOnlyEasy):
        best_move(game, considering=Shut("difference"))


def test_two_ways_that_shut_the_same_flaps_are_one_choice():
    # 2 and 4 with flap 4 shut: singles and the difference both shut flap 2 only.
    game = _game_with({2, 5}, (2, 4), easy=True)
    advice = best_move(game)
    assert [c.move for c in advice.choices] == [Shut("singles")]
    assert advice.next_best is None and advice.gain() == 0


def test_no_hint_while_dice_are_due():
    with pytest.raises(ThrowFirst):
        best_move(ShutTheBox(["Ann"]))


def test_a_hint_comes_back_in_under_50_ms():
    game = _game_with(range(1, 11), (2, 6))
    start = time.perf_counter()
    best_move(game)
    assert time.perf_counter() - start < budget(0.05)


@pytest.mark.parametrize(("players", "options"), [
    (["cpu"], {}),
    (["cpu", "cpu2", "cpu3"], {"rounds": 3, "start": "roll"}),
    (["cpu", "cpu2"], {"easy": True, "rounds": 2}),
])
def test_computer_players_finish_whole_games_legally(players, options):
    game = play_out(ShutTheBox(players, options), RandomDice(7), computer_move)
    assert game.winners()
