"""QUICLO strategy: the computer writes the solver's equation; the hint prices the helper."""

from __future__ import annotations

import time
from itertools import combinations_with_replacement

import pytest
from rules_support import play_out
from timing_support import budget

from accessible_dice import solver, strategy
from accessible_dice.dice import RandomDice
from accessible_dice.games import quiclo
from accessible_dice.games.base import GameIsOver, Roll, ThrowFirst
from accessible_dice.games.quiclo import DeclareNone, Quiclo, UseHelper, WriteEquation, check, solve
from accessible_dice.strategy import best_move, computer_move
from accessible_dice.strategy.quiclo import HELPER_COST, WRONG_DECLARATION_COST, HelperAdvice, HintJudgesNoEquation

SIX_DICE_ROLL = (5, 1, 3, 2, 4, 12)


def _five_dice_roll() -> tuple[int, ...]:
    """The first seeded roll whose best equation has five dice (2.5 % of rolls)."""
    dice = RandomDice(5)
    while True:
        roll = dice.throw(Quiclo(["A"]).dice_request())
        if solver.most_dice(roll) == 5:
            return roll


def _thrown(roll=SIX_DICE_ROLL, players=("Ann",)) -> Quiclo:
    game = Quiclo(list(players))
    game.apply(Roll(roll))
    return game


def test_both_games_have_a_strategy():
    assert strategy.has_strategy(Quiclo(["A"]))


# ------------------------------------------------------------------ the computer


def test_the_computer_writes_the_solvers_equation_as_its_own():
    game = _thrown()
    assert computer_move(game) == WriteEquation(solve(SIX_DICE_ROLL))


def test_the_computers_equation_is_valid_and_longest_for_every_distinct_roll():
    for roll in combinations_with_replacement(range(1, 13), 6):
        verdict = check(solve(roll), roll)
        assert verdict.valid and verdict.dice_used == solver.most_dice(roll), roll


def test_the_computer_never_loses_a_life_and_gains_one_on_six_dice_rolls():
    game = Quiclo(["cpu"])
    dice = RandomDice(11)
    for _ in range(400):
        roll = dice.throw(game.dice_request())
        game.apply(Roll(roll))
        before = game.lives[0]
        game.apply(computer_move(game))
        assert game.lives[0] - before == (1 if solver.most_dice(roll) == 6 else 0), roll
    assert not game.is_over()


def test_the_computer_pays_no_life_for_the_helpers_skill():
    game = _thrown(_five_dice_roll())
    move = computer_move(game)
    assert isinstance(move, WriteEquation)
    game.apply(move)
    assert game.lives == [3]


def test_with_no_equation_the_computer_declares_none_at_no_cost(monkeypatch):
    # No throw of six D12 lacks an equation (tests/test_solver.py), so pretend one does.
    monkeypatch.setattr(quiclo, "solve", lambda dice: None)
    game = _thrown()
    assert computer_move(game) == DeclareNone()
    game.apply(DeclareNone())
    assert game.lives == [3]


@pytest.mark.parametrize("others", [1, 2, 5])
def test_computer_players_finish_whole_games_legally(others):
    # Computers never lose a life, so the game ends when the others have used
    # the helper (a life a turn) until they are out: the computer wins.
    players = ["cpu", *(f"P{i}" for i in range(others))]
    game = play_out(Quiclo(players), RandomDice(others),
                    lambda playing: computer_move(playing) if playing.current_player() == 0 else UseHelper())
    assert game.winners() == (0,) and game.lives[0] >= 3


def test_computers_alone_never_lose_a_life():
    game = Quiclo(["cpu", "cpu2", "cpu3"])
    dice = RandomDice(3)
    while game.round <= 30:
        request = game.dice_request()
        game.apply(Roll(dice.throw(request)) if request else computer_move(game))
        assert min(game.lives) >= 3
    assert not game.is_over()


# ------------------------------------------------------------------ the hint


def test_the_hint_says_the_helper_would_give_six_dice_for_one_life():
    advice = best_move(_thrown())
    assert isinstance(advice, HelperAdvice)
    assert (advice.helper_dice, advice.helper_cost, advice.written_gain) == (6, 1, 1)
    assert advice.best.move == UseHelper() and advice.best.value == -1


def test_the_hint_says_five_dice_when_that_is_the_best_equation():
    advice = best_move(_thrown(_five_dice_roll()))
    assert (advice.helper_dice, advice.written_gain) == (5, 0)


def test_the_hint_does_not_give_the_equation_away():
    game = _thrown()
    advice = best_move(game)
    assert solve(SIX_DICE_ROLL) not in repr(advice)
    assert all(not isinstance(choice.move, WriteEquation) for choice in advice.choices)
    assert game.lives == [3] and len(game.history) == 1  # the hint itself changes nothing


def test_the_helper_costs_what_the_hint_says():
    game = _thrown()
    cost = best_move(game).helper_cost
    game.apply(UseHelper())
    assert game.lives == [3 - cost] and cost == HELPER_COST == 1


def test_declaring_none_is_valued_as_the_game_charges_it():
    game = _thrown()
    declare = next(c for c in best_move(game).choices if c.move == DeclareNone())
    game.apply(DeclareNone())
    assert declare.value == -WRONG_DECLARATION_COST == game.lives[0] - 3


def test_declaring_none_is_the_best_choice_when_no_equation_exists(monkeypatch):
    monkeypatch.setattr(quiclo, "solve", lambda dice: None)
    advice = best_move(_thrown())
    assert advice.best.move == DeclareNone() and advice.best.value == 0
    assert (advice.helper_dice, advice.written_gain) == (0, 0)


def test_the_hint_values_the_helper_or_declaring_when_asked():
    game = _thrown()
    assert best_move(game, considering=UseHelper()).considered.move == UseHelper()
    assert best_move(game, considering=DeclareNone()).considered.move == DeclareNone()


def test_the_hint_does_not_judge_a_written_equation():
    game = _thrown()
    with pytest.raises(HintJudgesNoEquation) as refused:
        best_move(game, considering=WriteEquation("1 + 2 = 3"))
    assert str(refused.value) == ("The hint does not judge equations: write it to play it, "
                                  "or ask the helper for 1 life.")


def test_no_hint_before_the_throw_or_after_the_end():
    game = Quiclo(["Ann"], {"lives": 1})
    with pytest.raises(ThrowFirst):
        best_move(game)
    game.apply(Roll(SIX_DICE_ROLL))
    game.apply(UseHelper())
    with pytest.raises(GameIsOver):
        best_move(game)
    with pytest.raises(GameIsOver):
        computer_move(game)


def test_a_hint_and_a_computer_move_come_back_in_under_50_ms_from_cold_tables():
    game = _thrown(_five_dice_roll())
    solver.clear_tables()
    start = time.perf_counter()
    best_move(game)
    computer_move(game)
    assert time.perf_counter() - start < budget(0.05)
