"""docs/window.md's table: for every game, player count and window size, what the window shows at 100, 200, 300 %.

The same setups and OCR as the pixel tests (tests/window_fit.py,
tests/window_pixels.py): every game of the registry with 1, 2, 4 and the
most players, after its first throw, the focus on the first board cell
(as a magnifier user reading the board), on SDL's dummy display. For each
zoom it prints

- *rows*: the board's rows seen whole (every cell of the row on screen)
  out of all of them (a scorecard's names row counts as a row), and
  *cells*: the board's cells on screen out of all of them;
- *text*: the smallest text read, in px: of every board cell, board
  heading, the status line and each die's digit read by tesseract, the
  one whose tallest word is lowest (a word's box: its capitals, digits or
  ascenders, so about the cap height).

    python benchmarks/window_table.py            # prints the markdown table (about a minute)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_folder = tempfile.mkdtemp(prefix="window-table-")
os.environ["ACCESSIBLE_DICE_DATA"] = str(Path(_folder) / "data")
os.environ["ACCESSIBLE_DICE_CONFIG"] = str(Path(_folder) / "config")

import pygame  # noqa: E402
import window_fit  # noqa: E402
import window_pixels as pixels  # noqa: E402
from window_driver import Driver, open_window  # noqa: E402

from accessible_dice import games  # noqa: E402

ZOOMS = (1.0, 2.0, 3.0)


def _focus_board(d: Driver) -> None:
    row = next(r for r in d.window.view().rows if r.region == "list" and any(c.text for c in r.cells))
    d.top.focus.place(row.key, next(c for c in row.cells if c.text).key)


def measure(d: Driver, game: str, count: int, size: tuple[int, int], zoom: float) -> tuple[str, str, pixels.Sheet]:
    """Rows seen whole of all, cells seen of all, and the sheet to read."""
    d.window.scale = 1.0
    window_fit.setup(d, game, count)
    _focus_board(d)
    d.window.scale = zoom
    surface = pygame.Surface(size)
    drawn = d.window.draw(surface)
    view = d.window.view()
    board = [row for row in view.rows if row.region == "list"]
    seen = sum(all(cell.key in drawn.cells for cell in row.cells) for row in board)
    cells = [cell.key for row in board for cell in row.cells]
    crops = [pixels.status_crop(drawn, view), *pixels.board_crops(drawn, view), *pixels.dice_crops(drawn, view)]
    d.window.scale = 1.0
    return f"{seen}/{len(board)}", f"{sum(key in drawn.cells for key in cells)}/{len(cells)}", \
        pixels.Sheet(surface, crops)


def main() -> int:
    window, spy = open_window()
    d = Driver(window, spy)
    rows = []
    for game in games.GAMES:
        for count in window_fit.counts(game):
            for size in window_fit.SIZES:
                rows.append((game, count, size, [measure(d, game, count, size, zoom) for zoom in ZOOMS]))
    pixels.read([sheet for *_case, zoomed in rows for _rows, _cells, sheet in zoomed])
    zooms = " | ".join(f"{round(zoom * 100)} %: rows | cells | text px" for zoom in ZOOMS)
    print(f"| game | players | window | {zooms} |")
    print("| --- | --- | --- |" + " --- | --- | --- |" * len(ZOOMS))
    for game, count, size, zoomed in rows:
        parts = []
        for seen, cells, sheet in zoomed:
            heights = [crop.tallest for crop in sheet.crops if crop.found]
            parts += [seen, cells, f"{min(heights):.0f}" if heights else "—"]
        print(f"| {game} | {count} | {size[0]}x{size[1]} | " + " | ".join(parts) + " |")
    pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
