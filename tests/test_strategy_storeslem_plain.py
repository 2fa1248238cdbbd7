"""Storeslem without numpy (strategy/storeslem_plain.py, the static page's): the numpy solver's advice, in plain Python.

Both solvers are run on the same boards and the same game states: every
value a game can meet agrees to 1e-9, and the best strike (or pass, or free
strike) is the same one wherever it is better than the next by more than
rounding. The page's own import path has no numpy: tests/test_static_page.py.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from accessible_dice.dice import RandomDice
from accessible_dice.games import storeslem as ss
from accessible_dice.games.base import Roll
from accessible_dice.strategy import storeslem as with_numpy
from accessible_dice.strategy import storeslem_plain as plain

REFERENCE = (5, 6, 17, 10, 9, 11, 21, 4, 2)
ODD_BONUSES = ((30, 0, 5), (0, 20, 1))


def _boards() -> list[tuple[int, ...]]:
    rng = random.Random(26)
    return [plain.shared.SUGGESTED_BOARD, REFERENCE, *(ss.random_board(rng) for _ in range(4))]


@pytest.mark.parametrize("bonuses", [plain.shared.DEFAULT_BONUSES, ODD_BONUSES])
def test_every_value_a_game_can_meet_is_the_numpy_solver_s(bonuses) -> None:
    for board in _boards():
        mine = plain.solve(board, *bonuses).values
        theirs = with_numpy.solve(board, *bonuses).values
        solved = 0
        for left in range(ss.ROLLS + 1):
            for struck in range(plain.FULL + 1):
                if not math.isnan(mine[left][struck]):
                    assert mine[left][struck] == pytest.approx(theirs[left, struck], abs=1e-9), (board, left, struck)
                    solved += 1
        assert solved > 512  # every final score, and the sets a game reaches before the last throws
        assert mine[ss.ROLLS][0] == pytest.approx(with_numpy.board_value(board, *bonuses), abs=1e-9)


def _same_best(game: ss.Storeslem) -> None:
    """Both strategies advise the same move here (or moves worth the same to rounding), with the same values."""
    mine, theirs = plain.best_move(game), with_numpy.best_move(game)
    assert [c.move for c in mine.choices] and {c.move for c in mine.choices} == {c.move for c in theirs.choices}
    worth = {choice.move: choice.value for choice in theirs.choices}
    for choice in mine.choices:
        assert not math.isnan(choice.value) and choice.value == pytest.approx(worth[choice.move], abs=1e-9)
    if mine.best.move != theirs.best.move:
        assert worth[mine.best.move] == pytest.approx(theirs.best.value, abs=1e-9)


def test_the_best_strike_is_the_numpy_solver_s_through_seeded_games() -> None:
    """Seeded games of three players on different boards (the suggestion, the sheet's, random ones), every
    decision of every player compared, free strikes included; the moves played are the plain strategy's."""
    decisions = free = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = ss.Storeslem(["A", "B", "C"])
        dice = RandomDice(seed)
        boards = [plain.shared.SUGGESTED_BOARD, REFERENCE, ss.random_board(rng)]
        for board in boards:
            game.apply(ss.SetBoard(board))
        while not game.is_over():
            request = game.dice_request()
            if request is not None:
                game.apply(Roll(dice.throw(request)))
                continue
            _same_best(game)
            decisions += 1
            free += game.free_strike_due
            game.apply(plain.computer_move(game))
    assert decisions >= 36 and free >= 1


def test_the_board_suggestion_is_the_numpy_strategy_s_at_once() -> None:
    game = ss.Storeslem(["A"])
    advice = plain.best_move(game)
    assert advice.best.move == ss.SetBoard(with_numpy.suggested_board())
    assert advice.best.value == pytest.approx(88.886758, abs=1e-6)
    assert plain.suggested_board(*ODD_BONUSES) == with_numpy.suggested_board(*ODD_BONUSES)
    considered = plain.best_move(game, ss.SetBoard(REFERENCE))
    assert considered.considered is not None and considered.considered.value == pytest.approx(61.723851, abs=1e-6)


def test_without_numpy_storeslem_plays_with_the_plain_strategy() -> None:
    """numpy and pygame made unimportable, as in the page: every game starts from the page's address (the
    window's boards, which the page's screen uses, need neither), and Storeslem's advice is this module's."""
    code = ("import sys; sys.modules['numpy'] = sys.modules['pygame'] = None\n"
            "from accessible_dice import page, strategy\n"
            "from accessible_dice.games import part_module\n"
            "from accessible_dice.games.storeslem import Storeslem\n"
            "for game in ('shut-the-box', 'yatzy', 'storeslem', 'quiclo', 'threes-away'):\n"
            "    assert page.options(f'?game={game}')[1] is None and part_module(game, 'board') is not None\n"
            "game = Storeslem(['A', 'cpu'])\n"
            "assert strategy.has_strategy(game) and not strategy.has_own_strategy(game)\n"
            "advice = strategy.best_move(game)\n"
            "print(advice.best.move.cells, round(advice.best.value, 6))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["(24,", "4,", "2,", "20,", "1,", "5,", "3,", "23,", "6)", "88.886758"]
