"""Running the real command line for the end-to-end and golden tests.

Every run gets its own data folder (``ACCESSIBLE_DICE_DATA``, and the
strategy's table cache inside it), so no test ever reads or writes the
player's own files, and no run may show a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Result:
    status: int
    lines: list[str]
    stderr: str


def run_cli(args: Sequence[str], typed: Sequence[str], data: Path, timeout: float = 60) -> Result:
    """``python -m accessible_dice ARGS`` with ``typed`` as standard input, one line each."""
    env = {**os.environ, "ACCESSIBLE_DICE_DATA": str(data), "ACCESSIBLE_DICE_STRATEGY_CACHE": str(data / "strategy"),
           "ACCESSIBLE_DICE_CONFIG": str(data / "config"),
           "TERM": "dumb", "SDL_AUDIODRIVER": "dummy", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "accessible_dice", *args],
                          input="".join(f"{line}\n" for line in typed), capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=timeout)
    assert "Traceback" not in done.stdout and "Traceback" not in done.stderr, done.stderr
    return Result(done.returncode, done.stdout.splitlines(), done.stderr)
