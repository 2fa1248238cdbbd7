"""``python -m slow_prepare ARGS``: the real ``accessible-dice`` command line, every strategy slow to prepare.

As a missing or damaged Yatzy table makes it (a build of half a minute),
but in seconds: ``SLOW_PREPARE`` is how many seconds the preparation
sleeps, ``SLOW_PROGRESS`` the seconds between the terminal's progress lines.
"""

from __future__ import annotations

import os
import sys
import time

from accessible_dice import session
from accessible_dice.cli import main
from accessible_dice.play import controller

seconds = float(os.environ.get("SLOW_PREPARE", "4"))
session.prepare_for = lambda game: lambda _game: time.sleep(seconds)
controller.PROGRESS_EVERY = float(os.environ.get("SLOW_PROGRESS", str(controller.PROGRESS_EVERY)))
sys.exit(main(sys.argv[1:]))
