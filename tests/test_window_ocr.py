"""The window on a real X display, read back by OCR: what a low-vision player sees is really there.

Each game is started through the command line under Xvfb (a screen of
1600x900 or 2400x1350, so the window is 1280x720 or 1920x1080: 80 % of
it) with SDL's x11 driver; the first frame is saved and checked for
contrast, then read with tesseract (the Debian package tesseract-ocr; the
tests are skipped only where it or Xvfb is missing). Every scorecard row
name of a four-player Yatzy game and every flap of a four-player Shut the
Box game must be found in the text read; the other games are checked for
contrast and for every player's name.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest
from xvfb_support import xvfb_display

from accessible_dice.theme import THEMES, contrast_ratio

ROOT = Path(__file__).resolve().parents[1]
FOUR = "Anna,Ben,Carla,Dave"

#: Runs the command line, saves the first frame drawn, and leaves.
SHOOTER = """
import os, sys, pygame
from accessible_dice import cli
from accessible_dice.ui.window import Window

def shot_run(self):
    self.frame()
    pygame.image.save(pygame.display.get_surface(), os.environ["SHOT"])
    return 0

Window.run = shot_run
sys.exit(cli.main(["--ui", "window", "--speech", "text", "--seed", "3", *sys.argv[1:]]))
"""

YATZY_ROWS = ["Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "One pair", "Two pairs", "Three of a kind",
              "Four of a kind", "Small straight", "Large straight", "Full house", "Chance", "Yatzy", "Upper sum",
              "Bonus", "Total"]


@pytest.fixture(params=[(1600, 900), (2400, 1350)], ids=["1280x720", "1920x1080"])
def screen(request: pytest.FixtureRequest) -> Iterator[tuple[str, tuple[int, int]]]:
    if shutil.which("tesseract") is None:
        pytest.skip("tesseract is not installed")
    width, height = request.param
    with xvfb_display(width, height) as display:
        yield display, (width * 4 // 5, height * 4 // 5)


def _shoot(tmp_path: Path, display: str, *args: str) -> pygame.Surface:
    shot = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-c", SHOOTER, *args], capture_output=True, text=True, timeout=60, env={
        **os.environ, "SDL_VIDEODRIVER": "x11", "DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "SHOT": str(shot),
        "ACCESSIBLE_DICE_DATA": str(tmp_path / "data"), "ACCESSIBLE_DICE_CONFIG": str(tmp_path / "config"),
        "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return pygame.image.load(str(shot))


def _contrast(image: pygame.Surface) -> None:
    """Mostly the theme's background, and its text at 7:1 or more on it."""
    theme = THEMES["yellow-on-black"]
    width, height = image.get_size()
    colours = Counter(tuple(image.get_at((x, y))[:3]) for x in range(0, width, 4) for y in range(0, height, 4))
    (background, most), *_ = colours.most_common()
    assert background == theme.background and most > sum(colours.values()) // 2
    assert theme.text in colours and contrast_ratio(theme.text, background) >= 7


def _long_runs(ink: np.ndarray, length: int) -> np.ndarray:
    """The ink pixels on a run of at least ``length`` along the second axis (a box's border, not a letter)."""
    padded = np.pad(ink.astype(np.int32), ((0, 0), (1, 0))).cumsum(axis=1)
    starts = (padded[:, length:] - padded[:, :-length]) == length
    covered = np.pad(starts.astype(np.int32), ((0, 0), (length, length - 1))).cumsum(axis=1)
    return (covered[:, length:] - covered[:, :-length])[:, :ink.shape[1]] > 0


def _read(image: pygame.Surface, tmp_path: Path) -> str:
    """The text tesseract reads, from a black-on-white copy, region by region (:func:`_regions`), at twice the size."""
    return "\n".join(_regions(image, tmp_path))


def _regions(image: pygame.Surface, tmp_path: Path, scale: int = 2) -> list[str]:
    """The text tesseract reads in each region of a black-on-white copy, in order.

    Ink is every pixel that stands out from the background, without the
    boxes' borders (long straight runs), which tesseract takes for letters.
    The page is cut where a stripe of the full height holds no ink (the
    margin between the left column and the board), and each region is read
    as a block of text, at ``scale`` times its size.
    """
    pixels = pygame.surfarray.array3d(image).astype(np.int32)
    ink = np.abs(pixels - pixels[0, 0]).sum(axis=2) > 180
    length = max(40, image.get_height() // 16)
    ink &= ~(_long_runs(ink, length) | _long_runs(ink.T, length).T)
    blank = ~ink.any(axis=1)
    cuts, start = [0], 0
    for x in range(1, len(blank)):
        if blank[x] and not blank[x - 1]:
            start = x
        if not blank[x] and blank[x - 1] and x - start >= 12 and x - cuts[-1] > 20:
            cuts.append(start + (x - start) // 2)
    cuts.append(len(blank))
    texts = []
    for n, (left, right) in enumerate(itertools.pairwise(cuts)):
        page = np.where(ink[left:right, :, None], 0, 255).astype(np.uint8).repeat(3, axis=2)
        surface = pygame.surfarray.make_surface(page)
        path = tmp_path / f"region{n}.png"
        pygame.image.save(pygame.transform.smoothscale(surface, (surface.get_width() * scale,
                                                                 surface.get_height() * scale)), str(path))
        done = subprocess.run(["tesseract", str(path), "-", "--psm", "6"], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        texts.append(done.stdout)
    return texts


def test_every_yatzy_scorecard_row_of_four_players_is_on_screen_and_read(
        screen: tuple[str, tuple[int, int]], tmp_path: Path) -> None:
    display, size = screen
    image = _shoot(tmp_path, display, "--game", "yatzy", "--players", FOUR)
    assert image.get_size() == size
    _contrast(image)
    text = " ".join(_read(image, tmp_path).split())
    missing = [row for row in YATZY_ROWS if row not in text]
    assert missing == [], text
    assert all(name in text for name in FOUR.split(",")), text


def test_every_flap_of_four_players_is_on_screen_and_read(screen: tuple[str, tuple[int, int]],
                                                         tmp_path: Path) -> None:
    display, size = screen
    image = _shoot(tmp_path, display, "--game", "shut-the-box", "--players", FOUR)
    assert image.get_size() == size
    _contrast(image)
    # Each region is read at twice and at its own size, and counted as the read that finds more of each number:
    # tesseract sometimes takes a lone 7 at one size for "r(" (at 1920x1080). No read counts twice.
    twice, once = _regions(image, tmp_path), _regions(image, tmp_path, scale=1)
    numbers: Counter[str] = Counter()
    for big, small in zip(twice, once, strict=True):
        numbers += Counter(re.findall(r"\b(10|[1-9])\b", big)) | Counter(re.findall(r"\b(10|[1-9])\b", small))
    text = "\n".join(twice)
    assert all(numbers[str(flap)] >= 4 for flap in range(1, 11)), (numbers, text, "\n".join(once))
    assert all(name in text for name in FOUR.split(",")), text


@pytest.mark.parametrize("game", ["storeslem", "quiclo", "threes-away"])
def test_the_other_games_on_a_real_display_have_the_themes_contrast(screen: tuple[str, tuple[int, int]],
                                                                     tmp_path: Path, game: str) -> None:
    display, size = screen
    image = _shoot(tmp_path, display, "--game", game, "--players", FOUR)
    assert image.get_size() == size
    _contrast(image)
    text = _read(image, tmp_path)
    assert all(name in text for name in FOUR.split(",")), text
