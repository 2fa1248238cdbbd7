"""Memory stays within its budget (docs/performance.md): a whole game's peak resident memory, measured by
benchmarks/memory.py in a fresh process, under 80 MB in the terminal and 150 MB in the window.

Memory, unlike time, does not depend on how busy the machine is, so the
budgets are the figures themselves. Yatzy is the game to watch (its
strategy table); Shut the Box stands for the others in the window.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import memory

TERMINAL_MB = 80
WINDOW_MB = 150


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The benchmark's environment, with the test run's strategy cache (the table is built once a run)."""
    cache = os.environ["ACCESSIBLE_DICE_STRATEGY_CACHE"]
    return {**memory.environment(tmp_path), "ACCESSIBLE_DICE_STRATEGY_CACHE": cache}


@pytest.mark.parametrize("game", ["yatzy", "storeslem"])
def test_a_whole_game_in_the_terminal_stays_under_80_mb(game: str, env: dict[str, str]) -> None:
    assert memory.terminal(game, env) < TERMINAL_MB


def test_a_whole_game_of_yatzy_in_the_window_with_speech_stays_under_150_mb(env: dict[str, str]) -> None:
    assert memory.window("yatzy", env) < WINDOW_MB
