"""The timing harness the benchmarks share: a run's seconds, the best of several, hints against listings.

Absolute times on a shared two-core machine are noisy, so every benchmark
sets a figure beside a baseline measured in the same run; these helpers
measure both the same way. The benchmarks are run as scripts
(``python benchmarks/strategy.py``), so this folder is on the path and they
import this module as ``timing``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from accessible_dice.dice import DiceSource
from accessible_dice.games.base import Action, Game, Roll
from accessible_dice.strategy import best_move


def seconds(run: Callable[[], object]) -> float:
    """How long one call of ``run`` takes."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` calls: the least disturbed by other work on the machine."""
    return min(seconds(run) for _ in range(repeats))


def hint_times(game: Game, dice: DiceSource, fresh: Callable[[], None], choose: Callable[[Game], Action],
               most: int | None = None) -> tuple[list[float], list[float]]:
    """Play ``game`` (``dice`` throw, ``choose`` moves) and time each decision, up to ``most`` of them.

    At each: a hint (after ``fresh`` empties what the strategy may have kept)
    and, as its baseline, listing the legal moves of the same state; both
    the best of three.
    """
    hints: list[float] = []
    listings: list[float] = []
    while not game.is_over() and (most is None or len(hints) < most):
        request = game.dice_request()
        if request:
            game.apply(Roll(dice.throw(request)))
            continue

        def hint() -> None:
            fresh()
            best_move(game)

        hints.append(best_of(3, hint))
        listings.append(best_of(3, game.legal_moves))
        game.apply(choose(game))
    return hints, listings


def median_ratio(times: Sequence[float], baselines: Sequence[float]) -> float:
    """The median of each time over its own baseline."""
    return statistics.median(t / b for t, b in zip(times, baselines, strict=True))
