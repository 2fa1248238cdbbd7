"""Threes Away strategy: exact expected turn scores, a simulation, hints and computer players."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest
from rules_support import play_out
from timing_support import budget

from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Roll
from accessible_dice.games.threes_away import Keep, KeepEveryThree, ThreesAway, keeps
from accessible_dice.strategy import best_move, computer_move
from accessible_dice.strategy.threes_away import keep_values, solve

EXPECTED = {"high": Fraction(308933071, 17006112), "low": Fraction(504205555, 80621568)}


@pytest.mark.parametrize("variant", ["high", "low"])
def test_expected_turn_score_under_optimal_play(variant):
    assert solve(variant)[5] == EXPECTED[variant]
    assert float(EXPECTED["high"]) == pytest.approx(18.166002, abs=5e-7)
    assert float(EXPECTED["low"]) == pytest.approx(6.253979, abs=5e-7)


@pytest.mark.parametrize("variant", ["high", "low"])
def test_a_single_die_is_kept_whatever_it_shows(variant):
    # 1 + 2 + 0 + 4 + 5 + 6 over 6: the 3 counts nothing, and there is no choice.
    assert solve(variant)[1] == 3


def test_every_three_just_thrown_is_kept_in_every_choice():
    # 3 and 6: keep the 3 alone (it counts 0; the last die averages 3) or both.
    assert keep_values((6, 3), "high") == {(3,): 3.0, (3, 6): 6.0}
    assert keep_values((3, 3, 1), "low") == {(3, 3): 3.0, (1, 3, 3): 1.0}


@pytest.mark.parametrize("variant", ["high", "low"])
def test_seeded_simulation_of_20000_turns_agrees_within_0_1(variant):
    rng = random.Random(5 if variant == "high" else 6)
    best = max if variant == "high" else min
    turns, total = 20_000, 0
    for _ in range(turns):
        left = 5
        while left:
            thrown = tuple(rng.randint(1, 6) for _ in range(left))
            values = keep_values(thrown, variant)
            kept = best(values, key=values.get)
            total += sum(v for v in kept if v != 3)
            left -= len(kept)
    assert total / turns == pytest.approx(float(EXPECTED[variant]), abs=0.1)


def _game_with(variant, thrown, kept=()):
    game = ThreesAway(["Ann"], {"variant": variant, "rounds": 1, "start": "order"})
    if kept:
        game.apply(Roll((*kept, *thrown)))
        game.apply(Keep(tuple(range(len(kept)))))
    game.apply(Roll(thrown))
    return game


def test_every_distinct_allowed_keep_is_a_choice_and_the_best_comes_first():
    game = _game_with("low", (3, 2, 6, 4, 5))  # the sheet's example throw
    advice = best_move(game)
    kept_values = {tuple(sorted(game.dice_on_table()[p] for p in c.move.positions)) for c in advice.choices}
    assert kept_values == {tuple(sorted(game.dice_on_table()[p] for p in k)) for k in keeps(game.dice_on_table())}
    assert all(0 in c.move.positions for c in advice.choices)  # the 3 is always kept
    assert [c.value for c in advice.choices] == sorted(c.value for c in advice.choices)
    assert not advice.higher_is_better


def test_the_value_counts_the_dice_kept_earlier_in_the_turn():
    game = _game_with("high", (6, 6), kept=(5, 4, 1))
    advice = best_move(game)
    # Keep both sixes: 5 + 4 + 1 + 6 + 6 = 22, nothing left to throw.
    assert advice.best.move == Keep((0, 1)) and advice.best.value == 22
    assert advice.next_best.value == pytest.approx(10 + 6 + 3)


def test_the_hint_values_the_keep_the_player_considers_and_refuses_an_illegal_one():
    game = _game_with("high", (3, 6, 1, 6, 2))
    advice = best_move(game, considering=Keep((0, 2)))
    assert advice.considered.move == Keep((0, 2))
    assert advice.gain() == pytest.approx(advice.best.value - advice.considered.value) and advice.gain() > 0
    with pytest.raises(KeepEveryThree):
        best_move(game, considering=Keep((1,)))


def test_a_hint_comes_back_in_under_50_ms():
    game = _game_with("low", (1, 2, 4, 5, 6))
    start = time.perf_counter()
    best_move(game)
    assert time.perf_counter() - start < budget(0.05)


@pytest.mark.parametrize(("players", "options"), [
    (["cpu"], {"variant": "high", "rounds": 3}),
    (["cpu", "cpu2", "cpu3"], {"variant": "low", "rounds": "roll", "start": "roll"}),
])
def test_computer_players_finish_whole_games_legally(players, options):
    game = play_out(ThreesAway(players, options), RandomDice(11), computer_move)
    assert game.winners()
