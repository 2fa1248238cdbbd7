"""Drawing a window screen: large text, large dice, a thick focus frame, nothing by colour alone.

:func:`render` takes a :class:`View` (what a screen shows: title, status,
rows of cells, the last message, an overlay) and lays it out for the
window's size and text scale, top to bottom in reading order:

- the screen's title and its status line (whose turn, what is due);
- the dice, large, with pips *and* digits; a held die is raised, framed and
  labelled;
- the actions (throw, the moves possible now);
- the last thing said, in a framed box near the dice (AU-06, LV-16); a
  refusal gets a warning sign, not just another colour (ER-05);
- the board or list, scrolled so the focused row is always on screen;
- an overlay on top (a text field or a yes/no question).

Sizes come from the window height and the text scale (Ctrl+Plus and
Ctrl+Minus): body text is 1/24 of the height, 45 px at 1080p (LV-07), and
every colour comes from the :class:`~accessible_dice.ui.theme.Theme`.
:class:`Drawn` records where each text and each cell went, so tests can
check that text stays inside the window and the focus can be seen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from accessible_dice.ui.theme import Colour, Theme
from accessible_dice.ui.window_model import Cell, Row

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

#: pygame's own sans-serif font, shipped with it, so every machine draws the same (LV-10).
FONT_FILE = str(Path(pygame.__file__).parent / "freesansbold.ttf")
#: Body text as a share of the window height at text scale 1 (45 px at 1080p).
BODY_SHARE = 1 / 24
#: No text is ever smaller than this (LV-07: 18 px at 1080p).
SMALLEST = 18
SCALES = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)


@dataclass
class Overlay:
    """A text field or a question drawn over the screen beneath it."""

    prompt: str
    #: The text typed so far, or ``None`` for a question with buttons.
    typed: str | None = None
    caret: int = 0
    rows: list[Row] = field(default_factory=list)


@dataclass
class View:
    """Everything a screen shows, in words and cells; :func:`render` decides where."""

    title: str
    rows: list[Row]
    focus: Cell | None = None
    status: str = ""
    message: str = ""
    #: The message is a refusal: drawn with a warning sign.
    alert: bool = False
    overlay: Overlay | None = None


@dataclass
class Drawn:
    """Where things went: every text's rectangle, each cell's, and the focus frame's."""

    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    cells: dict[str, pygame.Rect] = field(default_factory=dict)
    focus: pygame.Rect | None = None
    message: pygame.Rect | None = None
    smallest: int = 0


@dataclass(frozen=True)
class Metrics:
    """The sizes of one layout, from the window size and the text scale."""

    width: int
    height: int
    scale: float

    @property
    def body(self) -> int:
        return max(SMALLEST, round(self.height * BODY_SHARE * self.scale))

    @property
    def title(self) -> int:
        return round(self.body * 1.25)

    @property
    def note(self) -> int:
        return max(SMALLEST, round(self.body * 0.75))

    @property
    def pad(self) -> int:
        return max(6, self.body // 4)

    @property
    def frame(self) -> int:
        """The focus frame's thickness: several times an item's own border (LV-18)."""
        return max(5, self.body // 6)

    @property
    def margin(self) -> int:
        return max(8, self.body // 2)


@lru_cache(maxsize=32)
def font(size: int) -> pygame.font.Font:
    return pygame.font.Font(FONT_FILE, size)


@lru_cache(maxsize=2048)
def _rendered(text: str, size: int, colour: Colour) -> pygame.Surface:
    return font(size).render(text, True, colour)


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width``; a long word is broken too.

    Nothing is cut off: every character lands on some line (LV-08).
    """
    measure = font(size).size
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if measure(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while measure(word)[0] > width and len(word) > 1:
                cut = max(1, next(n for n in range(len(word), 0, -1) if measure(word[:n])[0] <= width or n == 1))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


class Painter:
    """Draws text, boxes and dice on one surface and records where (see :class:`Drawn`)."""

    def __init__(self, surface: pygame.Surface, theme: Theme, metrics: Metrics) -> None:
        self.surface = surface
        self.theme = theme
        self.m = metrics
        self.drawn = Drawn(smallest=metrics.note)

    def text(self, text: str, size: int, colour: Colour, *, center: tuple[int, int] | None = None,
             topleft: tuple[int, int] | None = None) -> pygame.Rect:
        image = _rendered(text, size, colour)
        rect = image.get_rect()
        if center is not None:
            rect.center = center
        elif topleft is not None:
            rect.topleft = topleft
        self.surface.blit(image, rect)
        if text.strip():
            self.drawn.texts.append((text, rect))
        return rect

    def lines(self, lines: list[str], size: int, colour: Colour, left: int, top: int, *,
              centre_in: int | None = None) -> int:
        """Draw lines one under another; centred in a width if given. Returns the height used."""
        step = font(size).get_linesize()
        for n, line in enumerate(lines):
            y = top + n * step
            if centre_in is None:
                self.text(line, size, colour, topleft=(left, y))
            else:
                self.text(line, size, colour, center=(left + centre_in // 2, y + step // 2))
        return step * len(lines)

    def box(self, rect: pygame.Rect, focused: bool, border: int = 2) -> Colour:
        """An item's box; focused: filled and framed thickly. Returns the colour for its text."""
        t = self.theme
        if focused:
            self.focus_frame(rect)
            pygame.draw.rect(self.surface, t.focus_fill, rect)
            return t.focus_text
        pygame.draw.rect(self.surface, t.border, rect, border)
        return t.text

    def focus_frame(self, rect: pygame.Rect) -> None:
        """The thick frame around the focused item, a gap of background between (LV-17, LV-18)."""
        gap = max(3, self.m.frame // 2)
        outer = rect.inflate(2 * (gap + self.m.frame), 2 * (gap + self.m.frame))
        pygame.draw.rect(self.surface, self.theme.focus, outer, self.m.frame)
        self.drawn.focus = outer

    def die(self, rect: pygame.Rect, value: int) -> None:
        """A die face with its pips (1 to 6), or its number for dice with more faces."""
        t = self.theme
        radius = rect.width // 8
        pygame.draw.rect(self.surface, t.face, rect, border_radius=radius)
        if not 1 <= value <= 6:
            self.text(str(value), round(rect.height * 0.55), t.pip, center=rect.center)
            return
        third = rect.width / 4
        spots = {
            1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }[value]
        for dx, dy in spots:
            centre = (round(rect.centerx + dx * third), round(rect.centery + dy * third))
            pygame.draw.circle(self.surface, t.pip, centre, max(3, round(rect.width / 10)))

    def warning(self, rect: pygame.Rect) -> None:
        """A warning triangle with "!": a refusal is marked by shape, not colour (ER-05)."""
        t = self.theme
        points = [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
        pygame.draw.polygon(self.surface, t.text, points)
        self.text("!", round(rect.height * 0.7), t.background, center=(rect.centerx, rect.centery + rect.height // 6))

    def arrow(self, centre: tuple[int, int], size: int, direction: str) -> None:
        """A small triangle saying there is more above, below, left or right."""
        x, y, s = centre[0], centre[1], size // 2
        points = {
            "up": [(x, y - s), (x + s, y + s), (x - s, y + s)],
            "down": [(x, y + s), (x + s, y - s), (x - s, y - s)],
            "left": [(x - s, y), (x + s, y - s), (x + s, y + s)],
            "right": [(x + s, y), (x - s, y - s), (x - s, y + s)],
        }[direction]
        pygame.draw.polygon(self.surface, self.theme.text, points)


# ---------------------------------------------------------------- cells


def _cell_lines(cell: Cell, m: Metrics, width: int) -> list[str]:
    return wrap(cell.text or " ", m.body, max(1, width - 4 * m.pad))


#: Board cells keep room for this much text and a note, so the grid does not jump as scores appear.
ROOM = "(88)"


def _cell_size(cell: Cell, m: Metrics, most: int) -> tuple[int, int]:
    """A cell's natural size when at most ``most`` wide: its wrapped text, its note, padding."""
    lines = _cell_lines(cell, m, most)
    board = cell.kind in ("flap", "cell")
    width = max([font(m.body).size(line)[0] for line in lines] + [font(m.note).size(cell.note)[0]]
                + [font(m.body).size(ROOM)[0] if board else 0])
    notes = font(m.note).get_linesize() if cell.note or cell.kind == "flap" else 0
    height = len(lines) * font(m.body).get_linesize() + notes + 2 * m.pad
    if cell.kind == "flap":
        height += height // 3  # room to lie down by a quarter when shut
    return min(most, width + 4 * m.pad), height


def _draw_cell(p: Painter, cell: Cell, rect: pygame.Rect, focused: bool, *, border: bool = True,
               most_lines: int | None = None, wide: bool = False) -> None:
    """A button, flap, scorecard cell or line of text: its words centred (left-aligned for lines)."""
    m = p.m
    p.drawn.cells[cell.key] = rect
    if cell.kind == "flap" and cell.marked:
        # A shut flap lies down: lower, with a heavy bar along its top.
        rect = pygame.Rect(rect.left, rect.top + rect.height // 4, rect.width, rect.height - rect.height // 4)
    if focused:
        colour = p.box(rect, True)
    elif border:
        colour = p.box(rect, False)
    else:
        colour = p.theme.text
    if cell.kind == "flap" and cell.marked:
        pygame.draw.rect(p.surface, colour, (rect.left, rect.top, rect.width, max(4, m.frame)))
    elif cell.kind == "cell" and cell.marked:
        # A chosen cell: a heavy frame inside its border, besides its word.
        pygame.draw.rect(p.surface, colour if focused else p.theme.held, rect.inflate(-6, -6), m.frame)
    lines = _cell_lines(cell, m, rect.width)
    if most_lines is not None and len(lines) > most_lines:
        lines = lines[:max(1, most_lines)]
        p.arrow((rect.right - m.note, rect.bottom - m.note // 2), m.note // 2, "down")
    step = font(m.body).get_linesize()
    top = rect.top + m.pad
    if cell.kind == "line" or wide:
        # Lines of text and full-width menu items are left-aligned, like any block of text (LV-12).
        p.lines(lines, m.body, colour, rect.left + 2 * m.pad, top if cell.kind == "line" else
                rect.centery - step * len(lines) // 2)
        return
    if not cell.note:
        top = rect.centery - step * len(lines) // 2
    p.lines(lines, m.body, colour, rect.left, top, centre_in=rect.width)
    if cell.note:
        note_y = top + step * len(lines) + font(m.note).get_linesize() // 2
        p.text(cell.note, m.note, colour, center=(rect.centerx, note_y))


# ---------------------------------------------------------------- regions


def _dice(p: Painter, row: Row, focus: Cell | None, top: int, size: int) -> int:
    """The dice row, centred: each die, its digit under it, and "held" under that. Returns its height."""
    m = p.m
    ring = m.frame + 4
    lift = size // 6
    digit_h = font(m.body).get_linesize()
    note_h = font(m.note).get_linesize()
    # Each die has a slot wide enough for the die and for the words under it.
    words = max(max(font(m.body).size(c.text)[0], font(m.note).size(c.note)[0]) for c in row.cells)
    slot = max(size + 2 * ring, words + 2 * m.pad)
    gap = max(size // 4, 2 * m.pad)
    left = (m.width - len(row.cells) * slot - (len(row.cells) - 1) * gap) // 2
    bottom = top
    for n, cell in enumerate(row.cells):
        x = left + n * (slot + gap)
        # Held dice are raised; the others sit lower.
        face = pygame.Rect(x + (slot - size) // 2, top + ring + (0 if cell.marked else lift), size, size)
        label = pygame.Rect(x, top + 2 * ring + lift + size + m.pad, slot, digit_h + note_h)
        colour = p.theme.text
        if cell is focus:
            p.focus_frame(pygame.Rect(x, top, slot, label.bottom - top))
            pygame.draw.rect(p.surface, p.theme.focus_fill, label)
            colour = p.theme.focus_text
        if cell.marked:
            # Held: framed in the held colour with a gap of table between.
            pygame.draw.rect(p.surface, p.theme.held, face.inflate(2 * ring, 2 * ring), m.frame,
                             border_radius=size // 6)
        p.die(face, cell.value or 0)
        p.text(cell.text, m.body, colour, center=(label.centerx, label.top + digit_h // 2))
        if cell.note:
            p.text(cell.note, m.note, colour, center=(label.centerx, label.top + digit_h + note_h // 2))
        p.drawn.cells[cell.key] = pygame.Rect(x, top, slot, label.bottom - top)
        bottom = label.bottom
    return bottom - top + m.pad


def _flow(p: Painter, cells: list[Cell], focus: Cell | None, top: int) -> int:
    """Buttons left to right, centred, onto further lines when the window is narrow."""
    m = p.m
    gap = m.pad * 3
    usable = m.width - 2 * m.margin
    sizes = [_cell_size(c, m, usable) for c in cells]
    lines: list[list[int]] = [[]]
    used = 0
    for n, (w, _h) in enumerate(sizes):
        if lines[-1] and used + gap + w > usable:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(n)
    y = top
    for line in lines:
        height = max(sizes[n][1] for n in line)
        x = (m.width - sum(sizes[n][0] for n in line) - gap * (len(line) - 1)) // 2
        for n in line:
            _draw_cell(p, cells[n], pygame.Rect(x, y, sizes[n][0], height), cells[n] is focus)
            x += sizes[n][0] + gap
        y += height + gap
    return y - top


def _full_width(row: Row) -> bool:
    """A menu item or a line of text: one cell, no header, as wide as the window."""
    return len(row.cells) == 1 and not row.header


def _list(p: Painter, rows: list[Row], focus: Cell | None, top: int, bottom: int) -> None:
    """The board or list: rows with headers, scrolled so the focused row shows if it can."""
    m = p.m
    if not rows or bottom <= top:
        return
    left, right = m.margin, m.width - m.margin
    gap = m.pad * 2
    width = right - left
    step = font(m.body).get_linesize()
    headers = [r.header for r in rows if r.header]
    header_w = min(max((font(m.body).size(h)[0] for h in headers), default=0) + 2 * m.pad, int(width * 0.4))
    arrow = m.note
    room = width - header_w - gap - arrow
    grid = [c for r in rows if not _full_width(r) for c in r.cells]
    cell_w = max((_cell_size(c, m, room)[0] for c in grid), default=0)
    cell_h = max((_cell_size(c, m, cell_w)[1] for c in grid), default=0)
    per_line = max(1, (room + gap) // (cell_w + gap)) if cell_w else 1

    def height(row: Row) -> int:
        if _full_width(row):
            return min(_cell_size(row.cells[0], m, width)[1], bottom - top) + gap
        lines = wrap(row.header, m.body, header_w - 2 * m.pad) if row.header else []
        return max(cell_h, len(lines) * step) + gap

    heights = [height(r) for r in rows]
    target = next((n for n, r in enumerate(rows) if focus in r.cells), 0)
    first = 0
    while first < target and sum(heights[first:target + 1]) - gap > bottom - top:
        first += 1
    focus_col = rows[target].cells.index(focus) if focus in rows[target].cells else 0
    if first > 0:
        p.arrow((right - arrow // 2, top + arrow // 2), arrow, "up")
    y = top
    for n in range(first, len(rows)):
        row = rows[n]
        if y + heights[n] - gap > bottom:
            p.arrow((right - arrow // 2, bottom - arrow // 2), arrow, "down")
            break
        if _full_width(row):
            cell = row.cells[0]
            rect = pygame.Rect(left, y, width, heights[n] - gap)
            _draw_cell(p, cell, rect, cell is focus, border=cell.kind != "line", wide=True,
                       most_lines=(rect.height - 2 * m.pad) // step)
            y += heights[n]
            continue
        if row.header:
            p.lines(wrap(row.header, m.body, header_w - 2 * m.pad), m.body, p.theme.text, left, y + m.pad)
        start = 0
        if len(row.cells) > per_line:
            start = min(max(0, focus_col - per_line // 2), len(row.cells) - per_line)
            if start > 0:
                p.arrow((left + header_w - arrow // 2, y + cell_h // 2), arrow, "left")
            if start + per_line < len(row.cells):
                p.arrow((left + header_w + gap + per_line * (cell_w + gap), y + cell_h // 2), arrow, "right")
        x = left + header_w + gap
        for cell in row.cells[start:start + per_line]:
            _draw_cell(p, cell, pygame.Rect(x, y, cell_w, cell_h), cell is focus)
            x += cell_w + gap
        y += heights[n]


def _message(p: Painter, text: str, alert: bool, top: int, max_lines: int) -> int:
    """The last thing said, framed, centred near the dice; returns the height used."""
    m = p.m
    if not text or max_lines < 1:
        return 0
    width = min(m.width - 2 * m.margin, max(int(m.width * 0.8), 1))
    sign = font(m.body).get_linesize() if alert else 0
    inner = width - 4 * m.pad - (sign + m.pad if alert else 0)
    lines = clipped(text, m.body, inner, max_lines)
    height = len(lines) * font(m.body).get_linesize() + 2 * m.pad
    rect = pygame.Rect((m.width - width) // 2, top, width, height)
    pygame.draw.rect(p.surface, p.theme.border, rect, m.frame if alert else 2)
    left = rect.left + 2 * m.pad
    if alert:
        p.warning(pygame.Rect(left, rect.top + m.pad, sign, sign))
        left += sign + m.pad
    p.lines(lines, m.body, p.theme.text, left, rect.top + m.pad)
    p.drawn.message = rect
    return height


def _overlay(p: Painter, overlay: Overlay, focus: Cell | None) -> None:
    """A panel over the middle of the window: a prompt, then a text field or buttons."""
    m = p.m
    t = p.theme
    width = m.width - 4 * m.margin
    inner = width - 4 * m.pad
    prompt = wrap(overlay.prompt, m.body, inner)
    line = font(m.body).get_linesize()
    field_lines = wrap(overlay.typed + " ", m.body, inner - 2 * m.pad) if overlay.typed is not None else []
    buttons = [c for r in overlay.rows for c in r.cells]
    button_h = max((_cell_size(c, m, inner)[1] for c in buttons), default=0)
    limit = m.height - 2 * m.margin - 2 * m.pad - (len(field_lines) * line + 4 * m.pad if field_lines else 0) \
        - (button_h + 4 * m.pad if buttons else 0)
    prompt = prompt[: max(1, limit // line)]
    height = len(prompt) * line + 2 * m.pad
    height += len(field_lines) * line + 4 * m.pad if field_lines else 0
    height += button_h + 6 * m.pad if buttons else 0
    height = min(height, m.height - 2 * m.margin)
    panel = pygame.Rect(2 * m.margin, (m.height - height) // 2, width, height)
    pygame.draw.rect(p.surface, t.background, panel.inflate(2 * m.frame, 2 * m.frame))
    pygame.draw.rect(p.surface, t.border, panel.inflate(2 * m.frame, 2 * m.frame), m.frame)
    y = panel.top + m.pad
    y += p.lines(prompt, m.body, t.text, panel.left + 2 * m.pad, y)
    if overlay.typed is not None:
        box = pygame.Rect(panel.left + 2 * m.pad, y + m.pad, inner, len(field_lines) * line + 2 * m.pad)
        p.focus_frame(box)
        pygame.draw.rect(p.surface, t.border, box, 2)
        p.lines(field_lines, m.body, t.text, box.left + m.pad, box.top + m.pad)
        _caret(p, overlay, field_lines, box)
        p.drawn.cells["field"] = box
    if buttons:
        _flow(p, buttons, focus, panel.bottom - button_h - 3 * m.pad)


def _caret(p: Painter, overlay: Overlay, lines: list[str], box: pygame.Rect) -> None:
    """A thick bar where the next character goes."""
    m = p.m
    assert overlay.typed is not None
    left = overlay.caret
    for n, line in enumerate(lines):
        if left <= len(line) or n == len(lines) - 1:
            x = box.left + m.pad + font(m.body).size(line[:left])[0]
            y = box.top + m.pad + n * font(m.body).get_linesize()
            pygame.draw.rect(p.surface, p.theme.text, (x, y, max(3, m.frame // 2), font(m.body).get_linesize()))
            return
        left -= len(line) + 1


# ---------------------------------------------------------------- the whole screen


def render(surface: pygame.Surface, view: View, theme: Theme, scale: float = 1.0) -> Drawn:
    """Draw ``view`` on ``surface`` (the window, or an image for tests); where everything went.

    When large text leaves no room, the regions above the focused item
    (title, dice, actions, message) are left out one by one, top first,
    until everything drawn is inside the window and the focus shows, as a
    page scrolls down (LV-08, LV-17).
    """
    region = _focus_region(view)
    for skip in range(region + 1):
        drawn = _render(surface, view, theme, scale, skip)
        if _fits(drawn, surface.get_rect(), view):
            break
    return drawn


def _focus_region(view: View) -> int:
    """The index in :data:`REGIONS` (4 for the board) of the focused item; 0 under an overlay."""
    if view.overlay is not None or view.focus is None:
        return 0
    row = next((row for row in view.rows if view.focus in row.cells), None)
    return {"dice": 1, "actions": 2}.get(row.region if row else "", len(REGIONS))


def _fits(drawn: Drawn, window: pygame.Rect, view: View) -> bool:
    focus = view.focus if view.overlay is None else None
    texts_in = all(window.contains(rect) for _, rect in drawn.texts)
    return texts_in and (focus is None or (focus.key in drawn.cells and window.contains(drawn.cells[focus.key])))


#: The regions above the board, in the order they are left out when the board needs the room.
REGIONS = ("title", "dice", "actions", "message")


def clipped(text: str, size: int, width: int, most: int) -> list[str]:
    """``text`` wrapped into at most ``most`` lines, the last ending in "…" if more was cut.

    Only the on-screen copy is shortened: every line is also spoken, and
    stays in the message history (, and .).
    """
    lines = wrap(text, size, width)
    if len(lines) <= most:
        return lines
    last = lines[most - 1]
    while last and font(size).size(last + " …")[0] > width:
        last = last[:-1]
    return [*lines[:most - 1], last + " …"]


def _render(surface: pygame.Surface, view: View, theme: Theme, scale: float, skip: int) -> Drawn:
    width, height = surface.get_size()
    m = Metrics(width, height, scale)
    p = Painter(surface, theme, m)
    surface.fill(theme.background)
    focus = None if view.overlay is not None else view.focus
    dice = next((r for r in view.rows if r.region == "dice" and r.cells), None)
    actions = [c for r in view.rows if r.region == "actions" for c in r.cells]
    listed = [r for r in view.rows if r.region == "list" and r.cells]
    line = font(m.body).get_linesize()
    y = m.margin
    if skip <= 0:
        y += p.lines(clipped(view.title, m.title, width - 2 * m.margin, 1), m.title, theme.text, m.margin, y)
        if view.status:
            y += p.lines(clipped(view.status, m.body, width - 2 * m.margin, 2), m.body, theme.text, m.margin, y)
        y += m.pad
    if dice is not None and skip <= 1:
        count = len(dice.cells)
        # Large, but never more than a third of the height with their digits and notes.
        beside = font(m.body).get_linesize() + font(m.note).get_linesize() + 2 * m.frame + 4 * m.pad
        size = min(round(height * 0.14 * min(scale, 1.5)), (width - 2 * m.margin) * 3 // (4 * count + count - 1),
                   int((height / 3 - beside) / 1.2))
        y += _dice(p, dice, focus, y, max(size, m.body))
    if actions and skip <= 2:
        y += _flow(p, actions, focus, y)
    if skip <= 3 and y + line + 2 * m.pad <= height - m.margin:
        # The board keeps room for two rows; the message gets up to four lines of the rest.
        reserve = 2 * (line + 3 * m.pad) if listed else 0
        most = max(1, min(4, (height - m.margin - reserve - y - 2 * m.pad) // line))
        y += _message(p, view.message, view.alert, y, most) + m.pad * 2
    _list(p, listed, focus, y, height - m.margin)
    if view.overlay is not None:
        _overlay(p, view.overlay, view.focus)
    return p.drawn
