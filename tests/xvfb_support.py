"""A virtual X display for window tests: Xvfb on a free display number, killed afterwards.

The tests that use it are skipped only where ``Xvfb`` is not installed (CI
installs the xvfb package, see .ci/run).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _free_display() -> int:
    for number in range(90, 400):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


@contextmanager
def xvfb_display(width: int, height: int) -> Iterator[str]:
    """A running Xvfb screen of ``width`` x ``height``; its ``DISPLAY`` name."""
    binary = shutil.which("Xvfb")
    if binary is None:
        pytest.skip("Xvfb is not installed")
    number = _free_display()
    server = subprocess.Popen([binary, f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("Xvfb did not start")
            time.sleep(0.05)
        yield f":{number}"
    finally:
        server.kill()
        server.wait()
