"""The timing harness the benchmarks share: a run's seconds, the best of several, a hint against a listing.

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

from accessible_dice.games.base import Game
from accessible_dice.strategy import best_move


def seconds(run: Callable[[], object]) -> float:
    """How long one call of ``run`` takes."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` calls: the least disturbed by other work on the machine."""
    return min(seconds(run) for _ in range(repeats))


def hint_and_listing(game: Game, fresh: Callable[[], None]) -> tuple[float, float]:
    """The time of a hint on ``game`` now (after ``fresh`` empties what it may have kept) and,
    as its baseline, the time of listing the legal moves of the same state."""

    def hint() -> None:
        fresh()
        best_move(game)

    return best_of(3, hint), best_of(3, game.legal_moves)


def median_ratio(times: Sequence[float], baselines: Sequence[float]) -> float:
    """The median of each time over its own baseline."""
    return statistics.median(t / b for t, b in zip(times, baselines, strict=True))
