"""How fast are the strategies? Run: ``python benchmarks/strategy.py``.

Absolute times on a shared two-core machine are noisy, so each figure comes
with a baseline measured in the same run, and the ratio is what to compare:

* Yatzy table build, free order, against the reference solver
  (benchmarks/reference_yatzy.c: the textbook per-state solver in plain C,
  compiled with ``cc -O2`` here and given the same dice tables), run in the
  same process tree one after the other; each build's peak memory is its
  own process's (``ru_maxrss`` of a child). The other play orders, against
  one plain numpy pass of the same size (adding two (462, N) arrays chunk
  by chunk over every state the build solves). Loading the shipped table,
  against reading its bytes.
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
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations_with_replacement, product
from math import factorial, prod
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


REFERENCE = Path(__file__).with_name("reference_yatzy.c")


def reference_input() -> bytes:
    """The dice tables the reference solver reads (see its header), made from the game's own scoring."""
    ints: list[int] = [int(p) for row in yatzy_strategy.POINTS for p in row]
    throws = yatzy_strategy.KEEPS[yatzy_strategy.THROWN]
    for keep in yatzy_strategy.KEEPS:
        rethrown = list(combinations_with_replacement(range(1, 7), 5 - len(keep)))
        ints.append(len(rethrown))
        for dice in rethrown:
            ways = factorial(len(dice)) // prod(factorial(n) for n in Counter(dice).values())
            ints += [throws.index(tuple(sorted(keep + dice))), ways * 6 ** len(keep)]
    for throw in throws:
        counts = sorted(Counter(throw).items())
        keeps = {tuple(sorted(f for (f, _), n in zip(counts, ns, strict=True) for _ in range(n)))
                 for ns in product(*(range(k + 1) for _, k in counts))}
        ints += [len(keeps), *(yatzy_strategy.KEEP_INDEX[k] for k in sorted(keeps))]
    return struct.pack(f"<{len(ints)}i", *ints)


def timed_child(command: list[str], given: bytes = b"") -> tuple[float, float, float, str]:
    """Run ``command`` (fed ``given``): its wall seconds, its CPU seconds, its own peak memory in MB
    (``ru_maxrss``) and its output."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(given)
    child.stdin.close()
    output = child.stdout.read().decode().strip()
    _, status, usage = os.wait4(child.pid, 0)  # this child's own figures, not every child's so far
    took = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({child.returncode})")
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output


def free_build_against_reference(folder: Path, rounds: int) -> None:
    """The free-order build in a process of its own, against the reference C solver, alternately, ``rounds`` times.

    Each round's ratio is printed, then the best time of each against the
    other's best (the load of a shared machine only ever adds time). The
    build uses two threads, the reference one: the CPU seconds say how much
    of the gain is the second core.
    """
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("  (no C compiler: the reference solver cannot run)")
        return
    binary = folder / "reference_yatzy"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(REFERENCE)], check=True)
    given = reference_input()
    build = [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
             "from accessible_dice.strategy import yatzy; print(f'{float(yatzy.built(\"free\")[0, 0]):.6f}')",
             str(Path(__file__).resolve().parent.parent)]
    ours_best = reference_best = ours_cpu_best = reference_cpu_best = float("inf")
    for _ in range(rounds):
        reference, reference_cpu, _, reference_value = timed_child([str(binary)], given)
        ours, ours_cpu, ours_mb, our_value = timed_child(build)
        print(f"  free order: build {ours:6.2f} s (CPU {ours_cpu:5.1f} s, {our_value}, peak {ours_mb:.0f} MB) = "
              f"{ours / reference:4.2f}× the reference C solver ({reference:.2f} s, CPU {reference_cpu:.1f} s, "
              f"{reference_value})")
        ours_best, reference_best = min(ours_best, ours), min(reference_best, reference)
        ours_cpu_best, reference_cpu_best = min(ours_cpu_best, ours_cpu), min(reference_cpu_best, reference_cpu)
    print(f"  free order, best of {rounds}: build {ours_best:.2f} s = {ours_best / reference_best:4.2f}× the "
          f"reference's {reference_best:.2f} s; CPU {ours_cpu_best:.1f} s = {ours_cpu_best / reference_cpu_best:4.2f}×"
          f" its {reference_cpu_best:.1f} s")


def yatzy_tables(orders: list[str], folder: Path, rounds: int) -> None:
    print("Yatzy tables (free build vs the reference C solver; other builds vs one numpy pass of the same size; "
          "loading the shipped table vs reading its bytes)")
    if "free" in orders and rounds > 0:
        free_build_against_reference(folder, rounds)
    for order in orders:
        if order != "free":
            built = seconds(lambda order=order: yatzy_strategy.built(order))
            baseline = best_of(3, lambda order=order: numpy_pass(order))
            print(f"  {order:12} build {built:7.2f} s = {built / baseline:6.0f}× pass ({baseline * 1000:.0f} ms)")
        path = yatzy_strategy.shipped_path(order)
        assert path is not None
        loaded = best_of(3, lambda order=order: yatzy_strategy.load_table(order, folder))
        raw = best_of(3, lambda path=path: path.read_bytes())
        table = yatzy_strategy.load_table(order, folder)
        print(f"  {order:12} expected {table.expected_total():.6f} (shipped: {table.from_cache})  "
              f"load {loaded * 1000:5.0f} ms = {loaded / raw:4.1f}× read")


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
    parser.add_argument("--rounds", type=int, default=3,
                        help="free-order builds against the reference solver, alternately; 0: none [3]")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        yatzy_tables(args.orders, Path(folder), args.rounds)
        small_solvers()
        if "free" in args.orders:
            hints(Path(folder), args.hints)


if __name__ == "__main__":
    main()
