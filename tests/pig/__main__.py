"""``python -m pig ARGS``: the real ``accessible-dice`` command line, with Pig registered first.

``PIG_WITHOUT=<part>`` registers Pig with that part (a field of
:class:`~accessible_dice.games.Parts`) pointing where nothing is, so a test
sees what a newcomer's half-written game does: refused in words.
``PIG_WITHOUT=goal`` keeps every part but leaves the presenter's tutorial goal out.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import tempfile
from pathlib import Path

from accessible_dice.cli import main
from pig import PARTS, registered

without = os.environ.get("PIG_WITHOUT")
nowhere = {"pages": Path(tempfile.gettempdir()) / "pig-has-no-pages-here"}
if without == "goal":
    from pig.presentation import PigPresenter

    PigPresenter.goal = ""
    without = None
parts = dataclasses.replace(PARTS, **{without: nowhere.get(without, f"pig.no_{without}")}) if without else PARTS
with registered(parts):
    status = main(sys.argv[1:])
sys.exit(status)
