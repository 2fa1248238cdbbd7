"""The window through the command line, in its own process: keys play, a screenshot is taken.

Once under SDL's dummy driver (always), and once on a real X display with
SDL's x11 driver: Xvfb, started on a free display number for the test and
killed after it; that test is skipped only when ``Xvfb`` is not installed
(CI installs the xvfb package). Keys are posted into the program's event
queue just before its loop starts, and the display surface is saved as it closes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from xvfb_support import xvfb_display

from accessible_dice.theme import THEMES, contrast_ratio

ROOT = Path(__file__).resolve().parents[1]

#: Runs the command line with keys queued: throw, then Escape, C (Close), Enter, Y (Yes), Enter.
PLAYER = """
import os, sys, pygame
from accessible_dice import cli
from accessible_dice.ui.window import Window

keys = [(pygame.K_RETURN, ""), (pygame.K_ESCAPE, ""), (pygame.K_c, "c"), (pygame.K_RETURN, ""),
        (pygame.K_y, "y"), (pygame.K_RETURN, "")]
run, close = Window.run, Window.close

def queued_run(self):
    for key, text in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    return run(self)

def shot_close(self):
    surface = pygame.display.get_surface()
    self.frame()
    pygame.image.save(surface, os.environ["SHOT"])
    print("driver:", pygame.display.get_driver(), file=sys.stderr)
    close(self)

Window.run, Window.close = queued_run, shot_close
sys.exit(cli.main(["--ui", "window", "--game", "shut-the-box", "--speech", "text", "--seed", "1"]))
"""


@pytest.fixture
def xvfb() -> Iterator[str]:
    with xvfb_display(1280, 800) as display:
        yield display


def _play(tmp_path: Path, **env: str) -> tuple[list[str], pygame.Surface]:
    """Run the command line with the queued keys; its printed lines and the screenshot."""
    shot = tmp_path / "window.png"
    done = subprocess.run([sys.executable, "-c", PLAYER], capture_output=True, text=True, timeout=60, env={
        **os.environ, "SDL_AUDIODRIVER": "dummy", "SHOT": str(shot), "ACCESSIBLE_DICE_DATA": str(tmp_path / "data"),
        "ACCESSIBLE_DICE_CONFIG": str(tmp_path / "config"), "PYTHONPATH": str(ROOT), **env})
    assert done.returncode == 0, done.stderr
    assert f"driver: {env['SDL_VIDEODRIVER']}" in done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Shut the Box: Player. Turn 1."
    assert lines[1].startswith("Player threw ")
    assert lines[-1] == "Game saved. Goodbye."
    return lines, pygame.image.load(str(shot))


def test_the_command_line_runs_the_window_by_keys_without_a_display(tmp_path: Path) -> None:
    """``--ui window`` end to end under SDL's dummy driver (always runs, also where Xvfb is missing)."""
    _lines, image = _play(tmp_path, SDL_VIDEODRIVER="dummy")
    assert image.get_width() >= 800 and image.get_height() >= 600


def test_KB_01_the_command_line_opens_a_real_window_that_plays_and_closes_by_keys(xvfb: str, tmp_path: Path) -> None:
    _lines, image = _play(tmp_path, DISPLAY=xvfb, SDL_VIDEODRIVER="x11")
    assert image.get_size() == (1024, 640), "80 % of the 1280x800 screen"
    colours = Counter(tuple(image.get_at((x, y))[:3]) for x in range(0, 1024, 4) for y in range(0, 640, 4))
    theme = THEMES["yellow-on-black"]
    (background, _), *_ = colours.most_common()
    assert background == theme.background
    assert theme.text in colours and contrast_ratio(theme.text, background) >= 7
    assert theme.focus in colours, "the focus frame is drawn"
