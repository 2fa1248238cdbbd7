"""Storeslem strategy: the exact evaluator against brute force, the board search, hints, computers.

The brute force below is written apart from the strategy's numpy solver: it
walks the 216 *ordered* throws at every step and asks the game's own
``strikes`` what each throw allows, with plain sets for the board.
"""

from __future__ import annotations

import random
import statistics
import time
from functools import cache
from itertools import product

import pytest
from rules_support import play_out
from timing_support import budget

from accessible_dice.dice import RandomDice
from accessible_dice.games import storeslem as ss
from accessible_dice.games.base import Roll, ThrowFirst
from accessible_dice.strategy import best_move, computer_move
from accessible_dice.strategy import storeslem as strategy

#: The sheet's board, row by row, with 10 and 11 for its blanks x and y (as in tests/test_storeslem.py).
REFERENCE = (5, 6, 17, 10, 9, 11, 21, 4, 2)
REFERENCE_VALUE = 61.723851
SUGGESTED_VALUE = 88.886758
ORDERED_THROWS = list(product(range(1, 7), repeat=3))
ROWS, COLUMNS = strategy.DEFAULT_BONUSES


# ------------------------------------------------------------------ brute force


@cache
def _options(dice: tuple[int, ...], open_numbers: tuple[int, ...]) -> list[tuple[int, ...]]:
    return sorted(ss.strikes(dice, open_numbers))


def _full_diagonal(board, struck) -> bool:
    return any(all(board[c] in struck for c in cells) for cells in ss.DIAGONALS)


def _score(board, struck) -> int:
    lines = [(board[r * 3:r * 3 + 3], ROWS[r]) for r in range(3)] + [(board[c::3], COLUMNS[c]) for c in range(3)]
    return sum(struck) + sum(bonus for line, bonus in lines if set(line) <= struck)


def _after(board, before, after, left, value) -> float:
    """The value of a strike: with the best free strike if it completes the first diagonal."""
    if not _full_diagonal(board, before) and _full_diagonal(board, after):
        rest = [n for n in board if n not in after]
        if rest:
            return max(value(board, after | {n}, left) for n in rest)
    return value(board, after, left)


def _throw_value(board, struck, left, dice, value) -> float:
    open_numbers = tuple(n for n in board if n not in struck)
    best = value(board, struck, left - 1)  # pass
    for numbers in _options(tuple(sorted(dice)), open_numbers):
        best = max(best, _after(board, struck, struck | frozenset(numbers), left - 1, value))
    return best


def every_sequence(board, struck, left) -> float:
    """The exact expectimax over every sequence of ordered throws (216**left of them), no memo."""
    if left == 0:
        return _score(board, struck)
    return sum(_throw_value(board, struck, left, dice, every_sequence) for dice in ORDERED_THROWS) / 216


def by_position(board) -> dict[tuple[frozenset[int], int], float]:
    """The same expectimax over a whole game, remembered per position: every position it met, valued."""
    known: dict[tuple[frozenset[int], int], float] = {}

    def value(board, struck, left) -> float:
        if (struck, left) not in known:
            known[struck, left] = _score(board, struck) if left == 0 else sum(
                _throw_value(board, struck, left, dice, value) for dice in ORDERED_THROWS) / 216
        return known[struck, left]

    value(board, frozenset(), 3)
    return known


# ------------------------------------------------------------------ the evaluator


def test_with_no_throw_left_a_board_is_worth_its_score():
    solution = strategy.solve(REFERENCE)
    struck = {5, 6, 17, 9, 21, 4, 2}  # the sheet's final board
    assert solution.expected_score(struck, throws_left=0) == 99


@pytest.mark.parametrize("struck", [
    {5, 9},                 # 2 completes the first diagonal: the free strike follows
    {5, 9, 2, 10, 11, 21},  # the free strike is spent: the other diagonal grants nothing
    {5, 6, 17, 10, 11, 4},  # rows and columns to complete
    set(),                  # a board that one throw can only begin
])
def test_the_last_throw_agrees_with_all_216_throws(struck):
    exact = every_sequence(REFERENCE, frozenset(struck), 1)
    assert strategy.solve(REFERENCE).expected_score(struck, 1) == pytest.approx(exact, abs=1e-9)


def test_every_position_of_a_whole_game_agrees_with_the_brute_force():
    solution = strategy.solve(REFERENCE)
    known = by_position(REFERENCE)
    assert len(known) > 300
    for (struck, left), exact in known.items():
        assert solution.expected_score(struck, left) == pytest.approx(exact, abs=1e-9), (sorted(struck), left)


def test_the_sheets_board_is_worth_61_723851_under_optimal_play():
    assert strategy.board_value(REFERENCE) == pytest.approx(REFERENCE_VALUE, abs=5e-7)


def test_the_56_throws_weigh_as_the_216_ordered_ones():
    assert len(strategy.THROWS) == 56
    assert sum(p for _, p in strategy.THROWS) == pytest.approx(1)
    assert dict(strategy.THROWS)[(1, 2, 3)] == pytest.approx(6 / 216)
    assert dict(strategy.THROWS)[(4, 4, 4)] == pytest.approx(1 / 216)


def test_the_free_strike_is_spent_exactly_when_a_diagonal_is_full():
    # What lets the state do without a "free strike used" bit, on seeded games.
    for seed in range(20):
        game = ss.Storeslem(["A", "B"])
        dice = RandomDice(seed)
        while not game.is_over():
            request = game.dice_request()
            game.apply(Roll(dice.throw(request)) if request else computer_move(game))
            if None not in game.boards and not game.free_strike_due:
                for player in range(2):
                    assert game.bonus_used[player] == _full_diagonal(game.boards[player], game.struck[player])


# ------------------------------------------------------------------ optimum and greedy


def _greedy(board, struck, options):
    """The most points now: numbers struck plus the rows and columns they complete."""
    return max(options, key=lambda numbers: _score(board, struck | set(numbers)), default=None)


def _play(board, throws, choose) -> int:
    struck: set[int] = set()
    for left, dice in zip((2, 1, 0), throws, strict=True):
        options = sorted(ss.strikes(dice, [n for n in board if n not in struck]))
        picked = choose(board, struck, options, left)
        if picked is None:
            continue
        before = set(struck)
        struck |= set(picked)
        if not _full_diagonal(board, before) and _full_diagonal(board, struck) and len(struck) < 9:
            struck.add(choose(board, struck, [(n,) for n in board if n not in struck], left)[0])
    return _score(board, struck)


def _optimal(board, struck, options, left):
    solution = strategy.solve(board)
    cells = solution.cells(struck)
    values = {numbers: solution.strike_value(cells, cells | solution.cells(numbers), left) for numbers in options}
    best = max(values, key=values.__getitem__, default=None)
    return best if best is not None and values[best] > solution.values[left, cells] else None


@pytest.mark.parametrize("board", [REFERENCE, strategy.SUGGESTED_BOARD, ss.DEFAULT_BOARD])
def test_optimal_play_never_does_worse_than_greedy_on_seeded_games(board):
    rng = random.Random(314)
    games = [[tuple(rng.randint(1, 6) for _ in range(3)) for _ in range(3)] for _ in range(600)]
    optimal = [_play(board, throws, _optimal) for throws in games]
    greedy = [_play(board, throws, lambda b, s, o, _: _greedy(b, s, o)) for throws in games]
    assert statistics.mean(optimal) >= statistics.mean(greedy)
    # The same throws for both: the mean difference is far more than its noise.
    assert statistics.mean(optimal) == pytest.approx(strategy.board_value(board), abs=2.5)


# ------------------------------------------------------------------ the board suggestion


def test_the_suggested_board_is_worth_88_886758():
    assert strategy.board_value(strategy.SUGGESTED_BOARD) == pytest.approx(SUGGESTED_VALUE, abs=5e-7)
    assert strategy.suggested_board() == strategy.SUGGESTED_BOARD
    ss.check_board(strategy.SUGGESTED_BOARD)


def test_no_single_change_improves_the_suggested_board():
    assert len(list(strategy.neighbours(strategy.SUGGESTED_BOARD))) == 36 + 9 * 15
    assert strategy.climb(strategy.SUGGESTED_BOARD) == (strategy.SUGGESTED_BOARD, pytest.approx(SUGGESTED_VALUE))


def test_the_suggested_board_beats_random_boards():
    rng = random.Random(2024)
    values = [strategy.board_value(ss.random_board(rng)) for _ in range(50)]
    assert max(values) < strategy.board_value(strategy.SUGGESTED_BOARD) - 10


def test_the_climb_moves_to_the_best_neighbour_until_none_is_better(monkeypatch):
    spoilt = (*strategy.SUGGESTED_BOARD[:8], 7)
    worse = (*strategy.SUGGESTED_BOARD[:8], 8)
    # A small neighbourhood, to follow the climb in a few evaluations.
    monkeypatch.setattr(strategy, "neighbours", lambda board: iter([worse, strategy.SUGGESTED_BOARD, spoilt]))
    assert strategy.board_value(spoilt) < SUGGESTED_VALUE
    assert strategy.climb(spoilt) == (strategy.SUGGESTED_BOARD, pytest.approx(SUGGESTED_VALUE))


def test_other_bonuses_get_the_suggested_board_turned_to_suit_them():
    # Rows worth more than columns: the board's easy lines should be its rows.
    rows, columns = (30, 30, 30), (0, 0, 0)
    board = strategy.suggested_board(rows, columns)
    assert board == tuple(strategy.SUGGESTED_BOARD[c * 3 + r] for r in range(3) for c in range(3))
    assert strategy.board_value(board, rows, columns) > strategy.board_value(strategy.SUGGESTED_BOARD, rows, columns)


# ------------------------------------------------------------------ hints


def _game_after(*throws, board=REFERENCE):
    game = ss.Storeslem(["Ann"])
    game.apply(ss.SetBoard(board))
    for dice, move in throws:
        game.apply(Roll(dice))
        if move is not None:
            game.apply(move)
    return game


def test_the_hint_values_every_strike_and_the_pass():
    game = _game_after(((2, 4, 5), None))
    advice = best_move(game)
    assert {c.move for c in advice.choices} == set(game.legal_moves())
    assert advice.higher_is_better
    assert [c.value for c in advice.choices] == sorted((c.value for c in advice.choices), reverse=True)
    # The best strike's value is the board's value from the first throw on.
    solution = strategy.solve(REFERENCE)
    assert advice.best.value == pytest.approx(max(
        solution.strike_value(0, solution.cells(m.numbers), 2) for m in game.legal_moves()
        if isinstance(m, ss.Strike)))


def test_the_free_strike_is_an_optimisation_step():
    game = _game_after(((2, 4, 5), ss.Strike((2, 4, 5))), ((6, 5, 4), ss.Strike((6, 9))))
    assert game.free_strike_due
    advice = best_move(game)
    assert {c.move for c in advice.choices} == {ss.FreeStrike(n) for n in (17, 10, 11, 21)}
    solution = strategy.solve(REFERENCE)
    assert advice.best.value == pytest.approx(solution.free_strike_value(solution.cells({2, 4, 5, 6, 9}), 1))


def test_the_hint_values_a_typed_strike_by_its_numbers():
    game = _game_after(((6, 5, 4), None))
    typed = game.read_strike("5+4 6")
    advice = best_move(game, considering=typed)
    assert advice.considered is not None and advice.considered.move == ss.Strike((6, 9))


def test_considering_an_illegal_strike_raises_the_games_refusal():
    game = _game_after(((6, 5, 4), None))
    with pytest.raises(ss.NotOnBoard):
        best_move(game, considering=ss.Strike((14,)))


def test_while_boards_are_filled_the_hint_is_the_suggested_board():
    game = ss.Storeslem(["Ann", "Bob"])
    advice = best_move(game)
    assert advice.best.move == ss.SetBoard(strategy.SUGGESTED_BOARD)
    assert advice.best.value == pytest.approx(SUGGESTED_VALUE)
    asked = best_move(game, considering=ss.SetBoard(REFERENCE))
    assert asked.considered.value == pytest.approx(REFERENCE_VALUE, abs=5e-7)
    assert asked.gain() == pytest.approx(SUGGESTED_VALUE - REFERENCE_VALUE, abs=1e-6)
    with pytest.raises(ss.BoardNumberRepeated):
        best_move(game, considering=ss.SetBoard((1, 1, 2, 3, 4, 5, 6, 7, 8)))


def test_no_hint_while_dice_are_due():
    with pytest.raises(ThrowFirst):
        best_move(_game_after())


def test_a_hint_comes_back_in_under_50_ms_even_for_a_new_board():
    game = _game_after(((6, 5, 4), None), board=(3, 8, 13, 18, 23, 1, 6, 11, 16))
    strategy.solve.cache_clear()
    start = time.perf_counter()
    best_move(game)
    assert time.perf_counter() - start < budget(0.05)


# ------------------------------------------------------------------ computer players


@pytest.mark.parametrize(("players", "options", "seed"), [
    (["cpu"], {}, 1),
    (["cpu", "cpu2", "cpu3"], {}, 2),
    (["cpu", "cpu2", "cpu3", "cpu4", "cpu5", "cpu6", "cpu7", "cpu8"], {}, 3),
    (["cpu", "cpu2"], {"row-bonus": (10, 20, 10), "column-bonus": (15, 15, 30)}, 4),
])
def test_computer_players_finish_whole_games_legally(players, options, seed):
    game = play_out(ss.Storeslem(players, options), RandomDice(seed), computer_move)
    assert all(board is not None for board in game.boards) and game.winners()
