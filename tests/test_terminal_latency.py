"""The terminal's timing targets (command -> speaker under 5 ms, start -> first announcement under 1 s),
measured through the real command line with the benchmark's own code.

Each is a ratio against a baseline measured in the same run, so a busy
machine slows both sides and the test stays fair: a review command's round
trip against the same round trip through a Python process that only echoes
lines, and the start against a bare Python's start. The bounds are a few
times what this machine measures (docs/performance.md), and on that machine
they are well inside the targets (40 x 0.015 ms and 20 x 35 ms).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import terminal_latency as bench

GAME = [sys.executable, "-m", "accessible_dice", *bench.GAME]
#: A Python child that answers each line at once: the pipe and the interpreter, nothing of the game.
ECHO = [sys.executable, "-u", "-c", "import sys\nfor line in sys.stdin: print(line, end='', flush=True)"]
BARE = [sys.executable, "-c", "print('ready')"]


def test_a_review_command_reaches_the_speaker_within_40_times_a_python_echo(tmp_path: Path) -> None:
    env = bench.environment(str(tmp_path))
    game = statistics.median(bench.round_trips(GAME, b"board\n", 60, env))
    echo = statistics.median(bench.round_trips(ECHO, b"board\n", 60, env))
    assert game < 40 * echo, (game, echo)


def test_the_first_announcement_comes_within_20_times_a_bare_python_start(tmp_path: Path) -> None:
    env = bench.environment(str(tmp_path))
    start = statistics.median(bench.first_line(GAME, env) for _ in range(3))
    bare = statistics.median(bench.first_line(BARE, env) for _ in range(3))
    assert start < 20 * bare, (start, bare)
