"""Yatzy's hint without numpy (the static page) against the numpy solver's. Run: ``python benchmarks/yatzy_turn.py``.

Both answer the same decisions of seeded games played by the computer
player, in every play order, each turn re-solved afresh (the solved turns
kept by either are forgotten before each hint), best of three, in one run
in this CPython: the ratio is the figure to compare. Also the first use of
each table without numpy (the file opened and its SHA-256 checked, once per
play order), against reading its bytes. The page runs the same Python in
Pyodide (WebAssembly), a few times slower than CPython; the hint budget in
the page is 50 ms (issue 26). Results: docs/performance.md, "Yatzy without numpy".
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of, seconds

from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Roll
from accessible_dice.games.yatzy import ORDERS, Yatzy
from accessible_dice.strategy import yatzy, yatzy_turn


def timed(order: str, most: int) -> tuple[list[float], list[float]]:
    """Each hint's seconds without numpy and with it, at the decisions of a seeded game of two computers."""
    numpy_table, plain_table = yatzy.table(order), yatzy_turn.table(order)
    assert plain_table is not None
    game, dice = Yatzy(["A", "B"], {"order": order}), RandomDice(ORDERS.index(order) + 1)
    plain_times: list[float] = []
    numpy_times: list[float] = []

    def plain_hint() -> None:
        plain_table.clear_turns()
        yatzy_turn.best_move(game)

    def numpy_hint() -> None:
        numpy_table.clear_turns()
        yatzy.best_move(game)

    while not game.is_over() and len(plain_times) < most:
        request = game.dice_request()
        if request:
            game.apply(Roll(dice.throw(request)))
            continue
        plain_times.append(best_of(3, plain_hint))
        numpy_times.append(best_of(3, numpy_hint))
        game.apply(yatzy.computer_move(game))
    return plain_times, numpy_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=60, help="decisions timed per play order [60]")
    hints = parser.parse_args().hints
    print(f"Yatzy hints, {hints} decisions per play order, each turn solved afresh (best of 3):")
    for order in ORDERS:
        opened = seconds(lambda order=order: yatzy_turn.load_table(order))
        path = yatzy_turn.TABLES / f"yatzy-{order}.table"
        read = best_of(3, path.read_bytes)
        plain_times, numpy_times = timed(order, hints)
        ratio = statistics.median(p / n for p, n in zip(plain_times, numpy_times, strict=True))
        print(f"  {order:12} pure Python median {statistics.median(plain_times) * 1000:5.2f} ms, slowest "
              f"{max(plain_times) * 1000:5.2f} ms; numpy median {statistics.median(numpy_times) * 1000:5.2f} ms, "
              f"slowest {max(numpy_times) * 1000:5.2f} ms; ratio {ratio:4.1f}×")
        print(f"  {'':12} first use without numpy (opened, SHA-256 checked) {opened * 1000:5.1f} ms = "
              f"{opened / read:4.1f}× reading its bytes ({read * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
