"""The types are checked: mypy over accessible_dice/ (configured in pyproject.toml) finds nothing.

Run here so that the README's test command, and with it CI, fails the moment
an annotation is wrong. mypy's own cache goes to a temporary folder, so the
run leaves nothing in the checkout.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error_in_the_package(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy"),
                           "--config-file", str(ROOT / "pyproject.toml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
