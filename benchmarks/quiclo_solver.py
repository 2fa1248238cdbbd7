"""How fast is the QUICLO solution helper? Run: ``python benchmarks/quiclo_solver.py``.

Times :func:`accessible_dice.games.quiclo.solve` on seeded rolls of six D12
against the brute-force enumerator the tests use as their oracle
(tests/quiclo_brute_force.py: every order, every choice of signs), in the
same run and on the same rolls, and the time to classify all 12,376 distinct
rolls by the most dice their best equation uses. The solver's tables are
cleared first, so "cold" includes building them; "warm" is a second pass
over the same rolls. Results and their meaning: docs/performance.md.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

# Run from a checkout: the package, and the tests' brute force, from beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quiclo_brute_force import brute_force
from timing import seconds

from accessible_dice import solver
from accessible_dice.dice import DiceRequest, RandomDice
from accessible_dice.games import quiclo

Roll = tuple[int, ...]


def seeded_rolls(count: int, seed: int) -> list[Roll]:
    dice = RandomDice(seed)
    request = DiceRequest(0, quiclo.DICE, quiclo.FACES)
    return [dice.throw(request) for _ in range(count)]


def per_roll_ms(total: float, rolls: Sequence[Roll]) -> float:
    return 1000 * total / len(rolls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=1000, help="seeded rolls to time [1000]")
    parser.add_argument("--seed", type=int, default=1, help="seed of the rolls [1]")
    parser.add_argument("--brute", type=int, default=None,
                        help="time the brute force on only the first N rolls [all]")
    args = parser.parse_args()

    rolls = seeded_rolls(args.rolls, args.seed)
    brute_rolls = rolls[: args.brute] if args.brute is not None else rolls

    solver.clear_tables()
    cold = seconds(lambda: [quiclo.solve(roll) for roll in rolls])
    warm = seconds(lambda: [quiclo.solve(roll) for roll in rolls])
    sizes: list[int] = []
    brute = seconds(lambda: sizes.extend(brute_force(roll)[0] for roll in brute_rolls))
    disagree = [roll for roll, size in zip(brute_rolls, sizes, strict=True)
                if solver.most_dice(roll) != size]

    every = list(itertools.combinations_with_replacement(range(1, quiclo.FACES + 1), quiclo.DICE))
    solver.clear_tables()
    best: Counter[int] = Counter()
    classify = seconds(lambda: best.update(solver.most_dice(roll) for roll in every))

    brute_ms = per_roll_ms(brute, brute_rolls)
    print(f"rolls: {len(rolls)} seeded (seed {args.seed}); brute force on {len(brute_rolls)} of them")
    print(f"solve, cold tables: {per_roll_ms(cold, rolls):8.3f} ms per roll")
    print(f"solve, warm tables: {per_roll_ms(warm, rolls):8.3f} ms per roll")
    print(f"brute force:        {brute_ms:8.3f} ms per roll")
    print(f"ratio brute/solve:  {brute_ms / per_roll_ms(cold, rolls):8.0f}x cold, "
          f"{brute_ms / per_roll_ms(warm, rolls):.0f}x warm")
    print(f"classify all {len(every)} distinct rolls (cold): {classify:.2f} s; "
          f"best 6/5/4/3/none: {best[6]}/{best[5]}/{best[4]}/{best[3]}/{best[0]}")
    if disagree:
        print(f"DISAGREEMENT with the brute force on {disagree}")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
