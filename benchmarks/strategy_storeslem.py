"""Storeslem and QUICLO strategies: timings, and the Storeslem board search.

Run: ``python benchmarks/strategy_storeslem.py`` (timings, a minute or so);
``--search 100`` repeats the recorded board search (minutes);
``--arrangements`` values every arrangement of the suggested board's numbers
(several minutes). Absolute times on a shared two-core machine are noisy, so
each time comes with a baseline measured in the same run:

* valuing a Storeslem board exactly, against listing the game's own strikes
  of the 56 throws on that board once (what any solver must do at least);
* hints (Storeslem and QUICLO) on the decisions of seeded computer games,
  each Storeslem board solved afresh and QUICLO's tables empty, against
  listing the legal moves of the same state.

Results and their meaning: docs/performance.md, section "Storeslem/QUICLO
strategy"; the board search: docs/strategy.md.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run from a checkout: the package from beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of, hint_times, median_ratio

from accessible_dice import solver
from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Action, Game
from accessible_dice.games.quiclo import Quiclo, UseHelper
from accessible_dice.games.storeslem import CELLS, SIZE, Storeslem, random_board, strikes
from accessible_dice.strategy import computer_move
from accessible_dice.strategy import storeslem as strategy


def board_values(boards: int) -> None:
    print(f"Storeslem: valuing {boards} random boards exactly (vs listing their strikes once)")
    rng = random.Random(1)
    times, baselines = [], []
    for _ in range(boards):
        board = random_board(rng)
        times.append(best_of(3, lambda board=board: strategy.board_value(board)))
        baselines.append(best_of(3, lambda board=board: [strikes(dice, board) for dice, _ in strategy.THROWS]))
    ratio = median_ratio(times, baselines)
    print(f"  median {statistics.median(times) * 1000:.2f} ms a board, slowest {max(times) * 1000:.2f} ms"
          f" = {ratio:.2f}× listing the strikes ({statistics.median(baselines) * 1000:.2f} ms)")
    for name, board in [("sheet's board (x=10, y=11)", (5, 6, 17, 10, 9, 11, 21, 4, 2)),
                        ("suggested board", strategy.SUGGESTED_BOARD)]:
        print(f"  {name}: expected {strategy.board_value(board):.6f}")


def hints(games: int) -> None:
    print(f"Hints on every decision of {games} seeded games (vs listing the legal moves of the same state)")
    # QUICLO's other player asks the helper each turn (a life a turn), so that the game ends.
    cases: list[tuple[str, Callable[[], Game], Callable[[], None], Callable[[Game], Action]]] = [
        ("storeslem, board solved afresh", lambda: Storeslem(["cpu", "cpu2", "cpu3"]),
         strategy.solve.cache_clear, computer_move),
        ("storeslem, board already solved", lambda: Storeslem(["cpu", "cpu2", "cpu3"]), lambda: None, computer_move),
        ("quiclo, empty solver tables", lambda: Quiclo(["cpu", "helper"]), solver.clear_tables,
         lambda game: computer_move(game) if game.current_player() == 0 else UseHelper()),
    ]
    for name, new_game, fresh, choose in cases:
        played = [hint_times(new_game(), RandomDice(seed), fresh, choose) for seed in range(games)]
        hint = [time for hints, _ in played for time in hints]
        listing = [time for _, listings in played for time in listings]
        ratio = median_ratio(hint, listing)
        print(f"  {name:32} {len(hint):4} hints: median {statistics.median(hint) * 1000:6.2f} ms,"
              f" slowest {max(hint) * 1000:6.2f} ms = {ratio:5.0f}× listing moves"
              f" ({statistics.median(listing) * 1e6:.1f} µs)")


def search(starts: int) -> None:
    print(f"Storeslem board search: steepest-ascent climbs from {starts} random boards (seed 0)")
    start = time.perf_counter()
    ends = strategy.search(starts, seed=0)
    took = time.perf_counter() - start
    best_value, best = ends[0]
    reached = sum(1 for value, _ in ends if value > best_value - 1e-9)
    number_sets = {tuple(sorted(board)) for _, board in ends}
    print(f"  {took:.0f} s; best {best_value:.6f} on {best}, reached by {reached} of {starts} climbs")
    print(f"  distinct local optima: {len({round(v, 6) for v, _ in ends})} values on "
          f"{len(number_sets)} number set(s): {sorted(number_sets)[:5]}")
    recorded = strategy.board_value(strategy.SUGGESTED_BOARD)
    print(f"  recorded suggestion {strategy.SUGGESTED_BOARD}: {recorded:.6f}"
          f" ({'matches' if abs(recorded - best_value) < 1e-9 else 'DIFFERS'})")


def _mirror_images(board: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The board with its rows and/or columns reversed: same value under any bonuses symmetric both ways."""
    cells = [[board[r * SIZE + c] for c in range(SIZE)] for r in range(SIZE)]
    images = []
    for flip_rows, flip_columns in itertools.product((False, True), repeat=2):
        rows = cells[::-1] if flip_rows else cells
        images.append(tuple(n for row in rows for n in (row[::-1] if flip_columns else row)))
    return images


def arrangements() -> None:
    numbers = sorted(strategy.SUGGESTED_BOARD)
    print(f"Storeslem: every arrangement of {numbers}, up to mirror images (default bonuses)")
    start = time.perf_counter()
    best_value, best, count = -1.0, (), 0
    for board in itertools.permutations(numbers, CELLS):
        if board != min(_mirror_images(board)):
            continue
        count += 1
        value = strategy.board_value(board)
        if value > best_value + 1e-9:
            best_value, best = value, board
    print(f"  {count} arrangements in {time.perf_counter() - start:.0f} s; best {best_value:.6f} on {best}")
    recorded = strategy.board_value(strategy.SUGGESTED_BOARD)
    print(f"  recorded suggestion: {recorded:.6f}"
          f" ({'is a best arrangement' if recorded > best_value - 1e-9 else 'is NOT the best arrangement'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200, help="random boards to value [200]")
    parser.add_argument("--games", type=int, default=20, help="seeded games whose hints to time [20]")
    parser.add_argument("--search", type=int, default=0, metavar="STARTS", help="repeat the board search")
    parser.add_argument("--arrangements", action="store_true", help="value every arrangement of the suggestion")
    args = parser.parse_args()
    board_values(args.boards)
    hints(args.games)
    if args.search:
        search(args.search)
    if args.arrangements:
        arrangements()


if __name__ == "__main__":
    main()
