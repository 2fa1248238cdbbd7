"""Reading the window's pixels back as a person would: crops of a drawn screen read by tesseract.

The layout says *where* to look (a cell's rectangle, the status line's,
a board heading's); the words must then be found in the *pixels* there,
read by OCR, so a region drawn blank, a text drawn too small to read or
a die drawn smaller than its rectangle fails. To keep the suite fast,
each screenshot's crops are pasted one under another into one sheet (a
line each, black ink on white), and all sheets go to one tesseract
process (an image list, TSV out); every word read is given back to the
crop it lies in, with its height in the window's pixels.

Used by tests/test_window_pixels.py, the LV tests that read the panel,
and ``python tests/window_table.py`` (docs/window.md's table).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pygame

from accessible_dice.ui.window.draw import Drawn, View

#: Space between two crops on a sheet, and around the ink of each.
GAP = 24
#: How many stray characters may be read between two expected ones (a sign read as a letter).
SLIP = 2
#: The height a line of each crop is scaled to on the sheet.
LETTERS = 40
#: Characters tesseract often reads for a digit standing alone; counted as that digit where a number is expected.
DIGITS = str.maketrans({"l": "1", "i": "1", "|": "1", "!": "1", "]": "1", "[": "1", "j": "1", "t": "1",
                        "o": "0", "d": "0", "s": "5", "b": "8", "z": "2", "g": "9", "q": "9"})


def available() -> bool:
    return shutil.which("tesseract") is not None


@dataclass
class Crop:
    """One place to read: what must be found there, and what was read (words and their heights in px)."""

    name: str
    expected: str
    rect: pygame.Rect | None
    words: list[str] = field(default_factory=list)
    heights: list[float] = field(default_factory=list)

    @property
    def found(self) -> bool:
        return self.rect is not None and contains(self.words, self.expected)

    @property
    def height(self) -> float:
        """The median height of the words read here, in the window's pixels (0: nothing read)."""
        return float(np.median(self.heights)) if self.heights else 0.0

    @property
    def tallest(self) -> float:
        """The tallest word read here, in px: its capitals or digits (a word like "move" is only x-high)."""
        return max(self.heights, default=0.0)

    def __repr__(self) -> str:
        return f"{self.name}: wanted {self.expected!r}, read {' '.join(self.words)!r}"


def letters(text: str) -> str:
    """Letters and digits only, casefolded: "Anna — 0 points," → "anna0points" (OCR's spaces are not trusted)."""
    return "".join(re.findall(r"[^\W_]", text.casefold()))


def contains(read: Sequence[str], expected: str) -> bool:
    """``expected``'s letters and digits read in order, at most :data:`SLIP` stray characters between two
    (a sign read as a letter: "×" as "x"); a digit may be read as its look-alike (1 as l)."""
    got, want = letters(" ".join(read)), letters(expected)
    if not want:
        return bool(got) or not expected.strip()
    reach = {at for at, char in enumerate(got) if _same(char, want[0])}
    for char in want[1:]:
        reach = {at for at in range(len(got)) if _same(got[at], char) and any(at - k in reach
                                                                             for k in range(1, SLIP + 2))}
        if not reach:
            return False
    return bool(reach)


def _same(read: str, want: str) -> bool:
    return read == want or (want.isdigit() and read.translate(DIGITS) == want)


def _ink(pixels: np.ndarray, rect: pygame.Rect) -> np.ndarray | None:
    """The crop's ink, rows first, 0 (none) to 255 (full): how far each pixel is from the crop's most common
    colour (the cell's fill), so soft letter edges stay soft; frames and rules (long straight runs) left out;
    ``None`` if blank."""
    area = pixels[rect.left:rect.right, rect.top:rect.bottom].astype(np.int32)
    if area.size == 0:
        return None
    packed = (area[..., 0] << 16) | (area[..., 1] << 8) | area[..., 2]
    values, counts = np.unique(packed, return_counts=True)
    ground = values[counts.argmax()]
    back = np.array([(ground >> 16) & 255, (ground >> 8) & 255, ground & 255])
    distance = np.abs(area - back).sum(axis=2).T
    ink = np.clip(distance * 255 // max(1, int(distance.max())), 0, 255)
    solid = ink > 96
    # A frame's side runs (nearly) the crop's whole width or height, longer than any stroke of a letter.
    high, wide = solid.shape
    across = max(24, wide * 3 // 4, high * 3 // 2)
    down = max(24, high * 9 // 10)
    ink[_long_runs(solid, across) | _long_runs(solid.T, down).T] = 0
    solid = ink > 96
    if not solid.any():
        return None
    rows, cols = np.flatnonzero(solid.any(axis=1)), np.flatnonzero(solid.any(axis=0))
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def _long_runs(ink: np.ndarray, length: int) -> np.ndarray:
    """The ink on a run along a row of at least ``length`` pixels."""
    if ink.shape[1] < length:
        return np.zeros_like(ink)
    padded = np.pad(ink.astype(np.int32), ((0, 0), (1, 0))).cumsum(axis=1)
    starts = (padded[:, length:] - padded[:, :-length]) == length
    covered = np.pad(starts.astype(np.int32), ((0, 0), (length, length - 1))).cumsum(axis=1)
    return (covered[:, length:] - covered[:, :-length])[:, :ink.shape[1]] > 0


def _line_height(ink: np.ndarray) -> int:
    """The tallest run of rows with ink: one line of the crop's letters."""
    rows = (ink > 96).any(axis=1)
    best = run = 0
    for on in rows:
        run = run + 1 if on else 0
        best = max(best, run)
    return best


def _lines(ink: np.ndarray) -> list[np.ndarray]:
    """The crop's lines of letters, apart where a band of blank rows at least a third of a line high parts
    them (an umlaut's dots are nearer their letter): tesseract, reading a sheet as one block, skips a short
    second line pasted whole under a long first one (a player's name wrapped before "to move")."""
    rows = (ink > 96).any(axis=1)
    parted = max(3, _line_height(ink) // 3)
    lines, start, blank = [], 0, 0
    for n, on in enumerate(rows):
        if on:
            if blank >= parted and n - blank > start:
                lines.append(ink[start:n - blank])
                start = n
            blank = 0
        else:
            blank += 1
    lines.append(ink[start:len(rows) - blank])
    return lines


class Sheet:
    """The crops of one screenshot, pasted one under another, each scaled so its letters are 40 px high
    (tesseract reads a block of one text size best); the heights read are divided back."""

    def __init__(self, surface: pygame.Surface, crops: list[Crop]) -> None:
        self.crops = crops
        pixels = pygame.surfarray.array3d(surface)
        window = surface.get_rect()
        parts: list[tuple[Crop, np.ndarray, float]] = []
        for crop in crops:
            whole = _ink(pixels, crop.rect.clip(window)) if crop.rect is not None else None
            if whole is None:
                continue
            for ink in _lines(whole):
                scale = LETTERS / max(1, _line_height(ink))
                size = (max(1, round(ink.shape[1] * scale)), max(1, round(ink.shape[0] * scale)))
                grey = pygame.surfarray.make_surface(np.repeat(ink.T[:, :, None], 3, axis=2).astype(np.uint8))
                big = pygame.surfarray.array3d(pygame.transform.smoothscale(grey, size))[:, :, 0].T
                parts.append((crop, big, size[1] / ink.shape[0]))
        width = max((ink.shape[1] for _crop, ink, _scale in parts), default=1) + 2 * GAP
        height = sum(ink.shape[0] + GAP for _crop, ink, _scale in parts) + GAP
        page = np.full((height, width), 255, dtype=np.uint8)
        self.spans: list[tuple[int, int, Crop, float]] = []
        y = GAP
        for crop, ink, scale in parts:
            page[y:y + ink.shape[0], GAP:GAP + ink.shape[1]] = 255 - ink
            self.spans.append((y, y + ink.shape[0], crop, scale))
            y += ink.shape[0] + GAP
        self.page = page

    def save(self, path: Path) -> None:
        surface = pygame.surfarray.make_surface(np.repeat(self.page.T[:, :, None], 3, axis=2))
        pygame.image.save(surface, str(path))

    def take(self, left: int, top: int, width: int, height: int, text: str) -> None:
        """A word tesseract read at this place on the sheet: it goes to the crop it lies in."""
        middle = top + height / 2
        for start, end, crop, scale in self.spans:
            if start - GAP / 2 <= middle < end + GAP / 2:
                crop.words.append(text)
                crop.heights.append(height / scale)
                return


def read(sheets: Sequence[Sheet], processes: int = 2) -> None:
    """Read every sheet, in ``processes`` tesseract runs at most (each an image list), filling their crops."""
    sheets = [sheet for sheet in sheets if sheet.spans]
    if not sheets:
        return
    with tempfile.TemporaryDirectory(prefix="window-ocr-") as folder:
        root = Path(folder)
        for n, sheet in enumerate(sheets):
            sheet.save(root / f"sheet{n:03}.png")
        groups = [list(range(start, len(sheets), processes)) for start in range(min(processes, len(sheets)))]

        def run(group: list[int]) -> None:
            listing = root / f"list{group[0]}.txt"
            listing.write_text("".join(f"{root / f'sheet{n:03}.png'}\n" for n in group), encoding="utf-8")
            done = subprocess.run(["tesseract", str(listing), "stdout", "--psm", "6", "tsv"], capture_output=True,
                                  text=True, timeout=600, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
            assert done.returncode == 0, done.stderr
            for line in done.stdout.splitlines()[1:]:
                cells = line.split("\t")
                if len(cells) < 12 or cells[0] != "5" or not cells[11].strip():
                    continue
                page, left, top, width, height = (int(cells[i]) for i in (1, 6, 7, 8, 9))
                sheets[group[page - 1]].take(left, top, width, height, cells[11])

        with ThreadPoolExecutor(len(groups)) as pool:
            list(pool.map(run, groups))


# ---------------------------------------------------------------- what a game screen must show


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return rects[0].unionall(rects[1:]) if rects else None


def turn_line(view: View) -> str:
    """Whose turn: the status's first sentence up to its first comma ("Anna's turn", "Turn 1")."""
    return re.split(r"[.,:;]", view.status, maxsplit=1)[0]


def status_crop(drawn: Drawn, view: View) -> Crop:
    rects = [p.rect for p in drawn.items if p.kind == "text" and p.key.startswith("status-")]
    return Crop("turn", turn_line(view), _union(rects))


def board_crops(drawn: Drawn, view: View) -> list[Crop]:
    """Every board heading and every board cell with words, where the layout put it (``None``: not drawn)."""
    crops = []
    for row in view.rows:
        if row.region != "list":
            continue
        if row.header:
            # Beside its cells (a "header"), or in lines of its own above them when long.
            rects = [p.rect for p in drawn.items if (p.kind, p.key) == ("header", row.key)
                     or (p.kind == "text" and p.key.startswith(f"header-{row.key}-"))]
            crops.append(Crop(f"{row.key} heading", row.header, _union(rects)))
        for cell in row.cells:
            if cell.text.strip():
                rect = drawn.cells.get(cell.key)
                # Inside the cell's border: its words, not its box.
                crops.append(Crop(cell.key, cell.text, None if rect is None else rect.inflate(-8, -8)))
    return crops


def dice_crops(drawn: Drawn, view: View) -> list[Crop]:
    """Each die's digit, read under its face (the words drawn inside the die's slot)."""
    crops = []
    for row in view.rows:
        if row.region != "dice":
            continue
        for cell in row.cells:
            slot = drawn.cells.get(cell.key)
            texts = [rect for text, rect in drawn.texts if slot is not None and text == cell.text
                     and slot.contains(rect)]
            # The lowest: a die of more than six faces also shows its number on the face.
            crops.append(Crop(cell.key, cell.text, max(texts, key=lambda rect: rect.top) if texts else None))
    return crops


def focus_crop(drawn: Drawn, view: View) -> Crop:
    cell = view.focus
    assert cell is not None
    rect = drawn.cells.get(cell.key)
    return Crop("focus", cell.text, None if rect is None else rect.inflate(-8, -8))


def message_crop(drawn: Drawn, index: int | None, expected: str) -> Crop:
    """One entry of the message panel (``None``: the answer to the last key)."""
    key = "answer" if index is None else f"message{index}"
    return Crop(key, expected, next((p.rect for p in drawn.items if p.kind == "message" and p.key == key), None))


def newest_crop(drawn: Drawn, view: View) -> Crop:
    """The newest announcement in the panel: whole, or (when longer than the panel) its last words."""
    assert view.messages, "something was announced"
    text = view.messages[-1].text
    if any(key.startswith("message-line") for key in drawn.hidden):
        text = " ".join(text.split()[-3:])
    return message_crop(drawn, len(view.messages) - 1, text)


def panel_sheet(window: object, size: tuple[int, int], scale: float) -> Sheet:
    """The window drawn at ``size`` and ``scale``, to read the newest message in its panel."""
    surface = pygame.Surface(size)
    window.scale = scale  # type: ignore[attr-defined]
    drawn = window.draw(surface)  # type: ignore[attr-defined]
    return Sheet(surface, [newest_crop(drawn, window.view())])  # type: ignore[attr-defined]


def uninked(surface: pygame.Surface, drawn: Drawn) -> list[str]:
    """The texts the layout placed whose rectangle on ``surface`` holds no letters (no pixels that stand out
    from the rectangle's most common colour): placed, but not drawn. A cheap pixel check, without OCR."""
    pixels = pygame.surfarray.pixels3d(surface)
    window = surface.get_rect()
    blank = []
    for text, rect in drawn.texts:
        area = pixels[rect.clip(window).left:rect.clip(window).right,
                      rect.clip(window).top:rect.clip(window).bottom].reshape(-1, 3).astype(np.int32)
        if area.size == 0:
            blank.append(text)
            continue
        packed = (area[:, 0] << 16) | (area[:, 1] << 8) | area[:, 2]
        values, counts = np.unique(packed, return_counts=True)
        ground = values[counts.argmax()]
        back = np.array([(ground >> 16) & 255, (ground >> 8) & 255, ground & 255])
        if int((np.abs(area - back).sum(axis=1) > 150).sum()) < 4:
            blank.append(text)
    del pixels
    return blank


def line_pitch(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The median distance between the tops of the lines of letters inside ``rect`` (runs of rows with ink)."""
    area = pygame.surfarray.array3d(surface)[rect.left:rect.right, rect.top:rect.bottom].astype(np.int32)
    back = area[0, 0]
    rows = (np.abs(area - back).sum(axis=2) > 150).any(axis=0)
    tops = [n for n in range(1, len(rows)) if rows[n] and not rows[n - 1]] + ([0] if rows[0] else [])
    tops.sort()
    assert len(tops) >= 2, "a paragraph of several lines"
    return float(np.median(np.diff(tops)))
