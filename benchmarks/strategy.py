"""How fast are the strategies? Run: ``python benchmarks/strategy.py``.

Absolute times on a shared two-core machine are noisy, so each figure comes
with a baseline measured in the same run, and the ratio is what to compare:

* Yatzy table build, per play order, against one plain numpy pass of the
  same size (adding two (462, N) arrays chunk by chunk over every state the
  build solves), and loading the cached table against reading its bytes.
* Shut the Box and Threes Away solving, against calling the rule functions
  the solvers call (``moves`` for every flap set and throw, ``keeps`` for
  every throw).
* Hints, on the states of seeded games played by the computer player (each
  Yatzy state's turn solved afresh), against listing the legal moves of the
  same state.

Tables are built in a temporary folder, never in the user's. Results and
their meaning: docs/performance.md, section "Strategy".
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Callable
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import numpy as np

# Run from a checkout: the package from beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of, hint_times, median_ratio, seconds

from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Game
from accessible_dice.games.shut_the_box import FLAPS, ShutTheBox, moves
from accessible_dice.games.threes_away import ThreesAway, keeps
from accessible_dice.games.yatzy import ORDERS, Yatzy
from accessible_dice.strategy import best_move, shut_the_box, threes_away
from accessible_dice.strategy import yatzy as yatzy_strategy


def numpy_pass(order: str) -> None:
    """One addition of (462, CHUNK) arrays per chunk of the states the build solves."""
    states = sum(len(cards) for cards, _ in yatzy_strategy.layers(order))
    a = np.ones((len(yatzy_strategy.KEEPS), yatzy_strategy.CHUNK))
    for _ in range(0, states, yatzy_strategy.CHUNK):
        np.add(a, a)


def yatzy_tables(orders: list[str], folder: Path) -> None:
    print("Yatzy tables (build vs one numpy pass of the same size; load vs reading the bytes)")
    for order in orders:
        built = seconds(lambda order=order: yatzy_strategy.load_table(order, folder))
        baseline = best_of(3, lambda order=order: numpy_pass(order))
        path = yatzy_strategy.table_path(order, folder)
        loaded = best_of(3, lambda order=order: yatzy_strategy.load_table(order, folder))
        raw = best_of(3, lambda path=path: path.read_bytes())
        value = yatzy_strategy.load_table(order, folder).expected_total()
        print(f"  {order:12} expected {value:.6f}  build {built:7.2f} s = {built / baseline:6.0f}× pass "
              f"({baseline * 1000:.0f} ms)  load {loaded * 1000:5.0f} ms = {loaded / raw:4.1f}× read")


def solver_against_rules(label: str, solve: Any, argument: object, rules: Callable[[], object], called: str) -> None:
    """Time ``solve(argument)`` (a cached solver) from an empty cache against ``rules``, the rule calls it makes."""

    def cold() -> None:
        solve.cache_clear()
        solve(argument)

    took, baseline = best_of(3, cold), best_of(3, rules)
    print(f"  {label} {took * 1000:6.0f} ms = "
          f"{took / baseline:4.1f}× the {called} calls ({baseline * 1000:.0f} ms)")


def small_solvers() -> None:
    print("Shut the Box and Threes Away solvers (vs calling their rule functions)")
    for easy in (False, True):
        def rules(easy: bool = easy) -> None:
            for bits in range(1, 1 << len(FLAPS)):
                open_flaps = [f for f in FLAPS if bits >> (f - 1) & 1]
                for dice, _ in shut_the_box.THROWS:
                    moves(open_flaps, dice, easy)

        solver_against_rules(f"shut the box {'easy' if easy else 'plain':6}", shut_the_box.solve, easy,
                             rules, "moves()")

    def enumerate_keeps() -> None:
        for count in range(1, 6):
            for thrown in combinations_with_replacement(range(1, 7), count):
                keeps(thrown)

    for variant in threes_away.VARIANTS:
        solver_against_rules(f"threes away {variant:7}", threes_away.solve, variant, enumerate_keeps, "keeps()")


def hints(folder: Path, count: int) -> None:
    print(f"Hints on {count} seeded decisions (vs listing the legal moves of the same state)")
    cases: list[tuple[str, Callable[[], Game], Callable[[], None]]] = [
        ("yatzy free", lambda: Yatzy(["cpu"]),
         yatzy_strategy.table("free", folder).clear_turns),
        ("shut the box", lambda: ShutTheBox(["cpu"], {"rounds": 20}), lambda: None),
        ("threes away", lambda: ThreesAway(["cpu"], {"rounds": 20, "variant": "high"}),
         threes_away._keep_values.cache_clear),
    ]
    for name, new_game, fresh in cases:
        hint, listing = hint_times(new_game(), RandomDice(1), fresh, lambda game: best_move(game).best.move, count)
        ratio = median_ratio(hint, listing)
        print(f"  {name:13} median {statistics.median(hint) * 1000:6.2f} ms, slowest {max(hint) * 1000:6.2f} ms"
              f" = {ratio:5.0f}× listing moves ({statistics.median(listing) * 1e6:.0f} µs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", nargs="*", default=list(ORDERS), choices=ORDERS,
                        help="Yatzy play orders whose tables to build [all]")
    parser.add_argument("--hints", type=int, default=200, help="decisions to time per game [200]")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        yatzy_tables(args.orders, Path(folder))
        small_solvers()
        if "free" in args.orders:
            hints(Path(folder), args.hints)


if __name__ == "__main__":
    main()
