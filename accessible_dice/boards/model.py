"""What a window screen is made of: rows of focusable cells, and the focus moving over them.

A screen describes itself as :class:`Row` objects holding :class:`Cell`
objects; :mod:`accessible_dice.ui.window.draw` draws them and :class:`Focus` moves
over them. A cell's ``label`` is what is spoken when it is focused, and the
window shows the same words in its message line, so what is drawn is what
is spoken. Nothing here imports pygame, so the navigation is tested alone.

One model serves every screen. A menu is a column of one-cell rows that
wraps from the last item to the first (SR-11); a game board is a ragged grid:
Up and Down move between rows (dice, moves, each player's flaps, each
scorecard box), Left and Right along a row, and nothing wraps, so a player
always knows where the edges are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

#: How a cell is drawn.
KINDS = ("button", "die", "flap", "cell", "line")


@dataclass
class Cell:
    """One focusable thing: a menu item, a die, a flap, a scorecard cell, a line of help.

    ``key`` stays the same while the screen is rebuilt after each action, so
    the focus stays on the same flap or box. ``text`` is drawn large, ``note``
    small beneath it; ``marked`` is a held die or a shut flap (drawn by shape
    and by the note's word, never by colour alone); ``value`` is a die's face.
    ``act`` is what Enter and Space do; ``None`` means nothing can be done here.
    """

    key: str
    label: str
    text: str = ""
    note: str = ""
    kind: str = "button"
    value: int | None = None
    marked: bool = False
    act: Callable[[], object] | None = None


@dataclass
class Row:
    """A line of cells. ``region`` says where it is drawn: ``dice``, ``actions`` or ``list``.

    ``header`` is drawn at the row's left (a player's name, a box name) and is
    said before the cell when the focus comes into the row from another one,
    if ``say_header`` (a label that already names it does not need it twice).
    ``home`` is the cell focused when coming from a row of another length,
    e.g. the current player's column of a scorecard. ``turn`` marks the
    row of the player to move (drawn with a pointer beside the header);
    a ``sticky`` row (a scorecard's names) stays in view while the rows
    below it scroll. Rows of one ``panel`` are one player's small board:
    several panels may be drawn side by side.
    """

    key: str
    cells: list[Cell]
    region: str = "list"
    header: str = ""
    say_header: bool = False
    home: int = 0
    turn: bool = False
    sticky: bool = False
    panel: str = ""


@dataclass
class Focus:
    """Where the focus is: a row and a cell in it, kept by their keys across rebuilds."""

    row: int = 0
    col: int = 0
    row_key: str = ""
    cell_key: str = ""
    #: True for menus: Up from the first item goes to the last (SR-11).
    wrap: bool = False
    _rows: list[Row] = field(default_factory=list, repr=False)

    # ------------------------------------------------------------ keeping it in place

    def settle(self, rows: Sequence[Row]) -> None:
        """Find the focused cell again in freshly built ``rows`` (or the nearest one)."""
        self._rows = [row for row in rows if row.cells]
        if not self._rows:
            self.row = self.col = 0
            self.row_key = self.cell_key = ""
            return
        for r, row in enumerate(self._rows):
            if row.key == self.row_key:
                self.row = r
                keys = [cell.key for cell in row.cells]
                self.col = keys.index(self.cell_key) if self.cell_key in keys else min(self.col, len(keys) - 1)
                break
        else:
            self.row = min(self.row, len(self._rows) - 1)
            self.col = min(self.col, len(self._rows[self.row].cells) - 1)
        self._remember()

    def _remember(self) -> None:
        row = self._rows[self.row]
        self.row_key, self.cell_key = row.key, row.cells[self.col].key

    @property
    def rows(self) -> list[Row]:
        return self._rows

    def cell(self) -> Cell | None:
        return self._rows[self.row].cells[self.col] if self._rows else None

    def current_row(self) -> Row | None:
        return self._rows[self.row] if self._rows else None

    # ------------------------------------------------------------ moving

    def place(self, row_key: str, cell_key: str | None = None) -> bool:
        """Put the focus on a row (and cell) by key; ``False`` if there is none."""
        for r, row in enumerate(self._rows):
            if row.key != row_key:
                continue
            keys = [cell.key for cell in row.cells]
            self.row, self.col = r, (keys.index(cell_key) if cell_key in keys else row.home)
            self._remember()
            return True
        return False

    def vertical(self, step: int) -> bool:
        """Up (-1) or Down (+1) a row; ``False`` at an edge (no wrap) when nothing moved."""
        if not self._rows:
            return False
        target = self.row + step
        if not 0 <= target < len(self._rows):
            if not self.wrap:
                return False
            target %= len(self._rows)
        old = self._rows[self.row]
        new = self._rows[target]
        self.col = min(self.col, len(new.cells) - 1) if len(new.cells) == len(old.cells) else new.home
        self.col = min(self.col, len(new.cells) - 1)
        self.row = target
        self._remember()
        return True

    def horizontal(self, step: int) -> bool:
        """Left (-1) or Right (+1) along the row; in a one-cell list, the same as Up and Down."""
        if not self._rows:
            return False
        cells = self._rows[self.row].cells
        if len(cells) == 1 and all(len(row.cells) == 1 for row in self._rows):
            return self.vertical(step)
        target = self.col + step
        if not 0 <= target < len(cells):
            return False
        self.col = target
        self._remember()
        return True

    def edge(self, last: bool) -> bool:
        """Home / End: the row's first or last cell; in a one-cell list, the first or last row."""
        if not self._rows:
            return False
        if all(len(row.cells) == 1 for row in self._rows):
            target_row = len(self._rows) - 1 if last else 0
            moved = target_row != self.row
            self.row, self.col = target_row, 0
        else:
            target_col = len(self._rows[self.row].cells) - 1 if last else 0
            moved = target_col != self.col
            self.col = target_col
        self._remember()
        return moved

    def letter(self, letter: str) -> bool:
        """Jump to the next row whose header (or only cell's text) starts with ``letter``."""
        wanted = letter.casefold()
        count = len(self._rows)
        for step in range(1, count + 1):
            r = (self.row + step) % count
            row = self._rows[r]
            name = row.header or (row.cells[0].text if len(row.cells) == 1 else "")
            if name.casefold().startswith(wanted):
                if row is not self._rows[self.row] and len(row.cells) != len(self._rows[self.row].cells):
                    self.col = row.home
                self.row = r
                self.col = min(self.col, len(row.cells) - 1)
                self._remember()
                return True
        return False


@dataclass(frozen=True)
class Pressed:
    """What a key press (or a page's button) means on a screen: an action, its number if any, the character typed."""

    action: str
    number: int | None = None
    letter: str = ""
