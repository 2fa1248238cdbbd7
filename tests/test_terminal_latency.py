"""The terminal's timing targets (issue: command -> speaker median under 5 ms,
start -> first announcement under 1 s), measured through the real command line
with the benchmark's own code."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import terminal_latency as bench


def test_a_review_command_reaches_the_speaker_within_5_ms_median(tmp_path: Path) -> None:
    game = [sys.executable, "-m", "accessible_dice", *bench.GAME]
    times = bench.round_trips(game, b"board\n", 60, bench.environment(str(tmp_path)))
    assert statistics.median(times) < 5.0


def test_the_first_announcement_comes_within_a_second_of_starting(tmp_path: Path) -> None:
    game = [sys.executable, "-m", "accessible_dice", *bench.GAME]
    env = bench.environment(str(tmp_path))
    assert statistics.median(bench.first_line(game, env) for _ in range(3)) < 1000
