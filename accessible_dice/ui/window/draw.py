"""Drawing a window screen for low vision: a layout computed from the space, then painted.

:func:`render` takes a :class:`View` (what a screen shows: title, status,
rows of cells, what was said, an overlay) and first computes a
:class:`Layout` (every element's rectangle), then paints it. The tests read
the layout's own rectangles (docs/window.md explains every rule):

- **Beside, not under.** On a landscape window a game's title, status,
  dice, actions, text field and messages are a column at the left and the
  board or scorecard fills the rest; a menu's list is at the left and the
  messages at the right. A portrait window (or a zoom too large for two
  columns) stacks them, with the messages in a band at the bottom.
- **Fit at 100 %.** Text is 1/24 of the window's height; the board's text
  is the largest size (never under the floor) at which every row and
  column of the board fits its area, so at 100 % the whole game is seen
  without scrolling from 1280x720 up.
- **Zoom only enlarges.** Every size (text, board text, dice, pips, cells)
  is its 100 % size times the zoom, so nothing shrinks as the zoom grows;
  a die stops growing only at a sixth of the window's height. What no
  longer fits scrolls: a column shows whole units only (a row, a line of
  dice, a button row), the one with the focus always whole, and a "more"
  mark in a strip of its own says what is above, below or beside.
- **The dice stay in view.** A line of dice scrolled past stays at the top
  as faces of body-text size (a unit's stand-in), while it fits with the
  focused unit; the message panel gives way to it, down to one line.
- **Messages stay.** The latest things said are listed newest first in a
  panel nothing else covers, each wrapped in full and tagged with whose
  turn it was; the history keys (Comma, Period) scroll it.
- Wrapped text has a line spacing of 1.5, lines of at most 80 characters,
  and a page's paragraphs (the rules, the help) a line and a half more
  apart; a page's headings are larger and underlined (LV-11, LV-08).

Every colour comes from the :class:`~accessible_dice.theme.Theme`.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from accessible_dice.boards.model import Cell, Row
from accessible_dice.theme import THEMES, Colour, Theme

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

#: pygame's own sans-serif font, shipped with it, so every machine draws the same (LV-10).
FONT_FILE = str(Path(pygame.__file__).parent / "freesansbold.ttf")
#: Body text as a share of the window height at zoom 1 (45 px at 1080p).
BODY_SHARE = 1 / 24
#: No text is ever smaller than this by default (LV-07: 18 px at 1080p); the ``smallest-text`` setting raises it.
SMALLEST = 18
SCALES = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
#: Line spacing of wrapped text, as a multiple of the text size (LV-11), unless the ``line-spacing`` setting
#: says otherwise (1 to 2).
SPACING = 1.5
#: The spacing of the screen being drawn (``render``'s, from the ``line-spacing`` setting).
_spacing = SPACING
#: No wrapped line holds more characters than this, however wide the window (LV-11).
MEASURE = 80
#: A heading of a page is this much larger than its body text (LV-08: headers stay distinct).
HEADING = 1.25
#: A die never grows past this share of the window's height.
DIE_CAP = 1 / 6
#: A landscape window is at least this much wider than high: the regions go beside each other.
LANDSCAPE = 1.2
#: Below this height (800x600) a zoomed band's dice may give way so that the page keeps a tenth of the window.
SMALL_HEIGHT = 700
#: Above this zoom a game's regions are stacked in one column (two would each be too narrow).
BESIDE_ZOOM = 1.5


@dataclass
class Overlay:
    """A text field or a question drawn in the column of the screen beneath it."""

    prompt: str
    #: The text typed so far, or ``None`` for a question with buttons.
    typed: str | None = None
    caret: int = 0
    rows: list[Row] = field(default_factory=list)


@dataclass(frozen=True)
class Message:
    """One thing said, as the message panel lists it: its words, whose turn it was, whether it refused."""

    text: str
    owner: str = ""
    alert: bool = False


@dataclass(frozen=True)
class Words:
    """The few words the drawing itself writes, in the player's language (given by the window)."""

    above: str = "More above"
    below: str = "More below"
    left: str = "More to the left"
    right: str = "More to the right"


@dataclass
class View:
    """Everything a screen shows, in words and cells; :func:`layout` decides where."""

    title: str
    rows: list[Row]
    focus: Cell | None = None
    status: str = ""
    #: What was announced, oldest first (the panel shows the newest first).
    messages: list[Message] = field(default_factory=list)
    #: The answer to the player's last key (a focused item said), shown above the messages.
    answer: Message | None = None
    #: The message the history keys are on (an index of ``messages``), or ``None`` for the newest.
    reviewing: int | None = None
    overlay: Overlay | None = None
    #: A game screen: its board goes beside the dice, not under them.
    game: bool = False
    words: Words = field(default_factory=Words)


@dataclass(frozen=True)
class Placed:
    """One element of the layout: what it is (``kind``), its key, and its rectangle."""

    kind: str
    key: str
    rect: pygame.Rect


@dataclass
class Drawn:
    """The layout as drawn: every element's rectangle, every text's, the focus frame, what is scrolled away."""

    items: list[Placed] = field(default_factory=list)
    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    cells: dict[str, pygame.Rect] = field(default_factory=dict)
    focus: pygame.Rect | None = None
    message: pygame.Rect | None = None
    #: Keys of elements not on screen now (scrolled away); a "more" mark shows where.
    hidden: list[str] = field(default_factory=list)
    #: Sizes used, for the tests: body text, board text, die, die digit, smallest text.
    body: int = 0
    board: int = 0
    die: int = 0
    digit: int = 0
    smallest: int = 0
    #: The message panel's entries drawn (indexes of ``View.messages``) and the answer, if shown.
    shown_messages: list[int] = field(default_factory=list)
    #: A zoomed game: the focused item's key when it is larger than the view and shows only in part.
    partial: list[str] = field(default_factory=list)
    #: A zoomed game: the top-left of the page the window shows (``render``'s ``origin`` next time).
    origin: tuple[int, int] = (0, 0)

    def place(self, kind: str, key: str, rect: pygame.Rect) -> None:
        self.items.append(Placed(kind, key, pygame.Rect(rect)))
        if kind in FOCUSABLE:
            self.cells[key] = pygame.Rect(rect)


@dataclass(frozen=True)
class Metrics:
    """The sizes of one layout: the window, the zoom, the floor, and the board's text size at 100 %."""

    width: int
    height: int
    scale: float
    floor: int = SMALLEST
    #: The board's text size at zoom 1, chosen so the board fits (``0``: the body size).
    board_base: int = 0
    die_base: int = 0
    #: The left column's width at zoom 1 (a game beside its board).
    side_base: int = 0
    #: Body text at zoom 1 when a game's board needs it smaller than :attr:`base` (``0``: the base).
    text_base: int = 0
    #: The focus frame's thickness when it is not the body's sixth (the zoomed band keeps its 100 % frame).
    frame_base: int = 0

    @property
    def base(self) -> float:
        """Body text at zoom 1: 1/24 of the height (of 4/3 of the width, on a narrow window)."""
        return min(self.height, self.width * 0.75) * BODY_SHARE

    @property
    def body(self) -> int:
        return max(self.floor, round((self.text_base or self.base) * self.scale))

    @property
    def title(self) -> int:
        return round(self.body * 1.25)

    @property
    def note(self) -> int:
        return max(self.floor, round(self.body * 0.75))

    @property
    def board(self) -> int:
        return max(self.floor, round((self.board_base or self.base) * self.scale))

    @property
    def board_note(self) -> int:
        return max(self.floor, round(self.board * 0.75))

    @property
    def mark(self) -> int:
        """The "more" marks' text on menus and pages: the note size at 100 %, so a zoomed page's strips do not
        take the lines they point to. A zoomed game's marks are note text, zoomed (issue 23)."""
        return max(self.floor, round(self.base * 0.75))

    @property
    def pad(self) -> int:
        return max(4, self.body // 4)

    @property
    def frame(self) -> int:
        """The focus frame's thickness: several times an item's own border (LV-18)."""
        return self.frame_base or max(4, self.body // 6)

    @property
    def ring(self) -> int:
        """How far the focus frame reaches outside its item: the frame and a gap."""
        return self.frame + max(3, self.frame // 2)

    @property
    def margin(self) -> int:
        return max(8, round(self.base / 2))

    @property
    def die(self) -> int:
        return min(round(self.die_base * self.scale), round(self.height * DIE_CAP))


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    return pygame.font.Font(FONT_FILE, size)


class TextCache:
    """Rendered texts, the most recently drawn kept, bounded by the bytes of their surfaces, not their number.

    A line of body text is a few kilobytes at 100 % but about a megabyte at
    300 % on a large window, so 4,096 entries could hold hundreds of
    megabytes (issue 23: 192 MB after zooming); a byte budget keeps every
    zoom's working set (only what is on screen is rendered, see
    :meth:`Painter.text`) and lets the rest go.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self.entries: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()

    @staticmethod
    def cost(image: pygame.Surface) -> int:
        return image.get_width() * image.get_height() * image.get_bytesize()

    def __call__(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        key = (text, size, colour)
        image = self.entries.get(key)
        if image is not None:
            self.entries.move_to_end(key)
            return image
        image = font(size).render(text, True, colour)
        self.entries[key] = image
        self.bytes += self.cost(image)
        while self.bytes > self.budget and len(self.entries) > 1:
            _key, old = self.entries.popitem(last=False)
            self.bytes -= self.cost(old)
        return image

    def cache_clear(self) -> None:
        self.entries.clear()
        self.bytes = 0


#: The rendered-text cache's budget: a 1920x1080 screen of text is 8 MB.
TEXT_CACHE_BYTES = 16 * 2**20
_rendered = TextCache(TEXT_CACHE_BYTES)


@lru_cache(maxsize=8192)
def _size(text: str, size: int) -> tuple[int, int]:
    """A text's size as :func:`_rendered` draws it (but for accented capitals), without rendering it."""
    face = font(size)
    return int(face.size(text)[0]), int(face.get_linesize())


@lru_cache(maxsize=8192)
def _width(text: str, size: int) -> int:
    return int(font(size).size(text)[0])


def cell_pad(size: int) -> int:
    """The space between a cell's border and its words."""
    return max(3, size // 6)


def line_height(size: int) -> int:
    return int(font(size).get_linesize())


def step(size: int, lines: int) -> int:
    """The distance between lines: the font's own for one line, the spacing (1.5) times the size for wrapped text."""
    return max(line_height(size), round(size * _spacing)) if lines > 1 else line_height(size)


def block_height(size: int, lines: int) -> int:
    return step(size, lines) * (lines - 1) + line_height(size) if lines else 0


@lru_cache(maxsize=4096)
def _wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if _width(candidate, size) <= width and len(candidate) <= MEASURE:
                line = candidate
                continue
            if line:
                lines.append(line)
            while (_width(word, size) > width or len(word) > MEASURE) and len(word) > 1:
                cut = next(n for n in range(min(len(word) - 1, MEASURE), 0, -1)
                           if _width(word[:n], size) <= width or n == 1)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` nor longer than :data:`MEASURE`; a long word too.

    Nothing is cut off: every character lands on some line (LV-08).
    """
    return list(_wrap(text, size, max(1, width)))


class Canvas:
    """Where a painter draws: a surface seen through an offset, or nowhere (a layout pass, measuring only).

    The zoomed game (:func:`_magnified`) is laid out on a page several
    times the window's size and shown through the window like a magnifier;
    drawing that page at an offset, clipped to the window, costs no
    surface of the page's size (a 300 % page of 1920x1080 would be 75 MB).
    """

    def __init__(self, surface: pygame.Surface | None, offset: tuple[int, int] = (0, 0)) -> None:
        self.surface = surface
        self.dx, self.dy = offset

    def _moved(self, rect: pygame.Rect | tuple[int, int, int, int]) -> pygame.Rect:
        return pygame.Rect(rect).move(self.dx, self.dy)

    def _point(self, point: tuple[float, float]) -> tuple[float, float]:
        return point[0] + self.dx, point[1] + self.dy

    def shows(self, rect: pygame.Rect) -> bool:
        """Whether anything of ``rect`` would land inside the surface's clip (a layout pass shows nothing)."""
        return self.surface is not None and self._moved(rect).colliderect(self.surface.get_clip())

    def blit(self, image: pygame.Surface, rect: pygame.Rect) -> None:
        if self.surface is not None:
            self.surface.blit(image, self._moved(rect))

    def rect(self, colour: Colour, rect: pygame.Rect | tuple[int, int, int, int], width: int = 0,
             border_radius: int = 0) -> None:
        if self.surface is not None:
            pygame.draw.rect(self.surface, colour, self._moved(rect), width, border_radius=border_radius)

    def line(self, colour: Colour, start: tuple[int, int], end: tuple[int, int], width: int = 1) -> None:
        if self.surface is not None:
            pygame.draw.line(self.surface, colour, self._point(start), self._point(end), width)

    def circle(self, colour: Colour, centre: tuple[int, int], radius: int) -> None:
        if self.surface is not None:
            pygame.draw.circle(self.surface, colour, self._point(centre), radius)

    def polygon(self, colour: Colour, points: Sequence[tuple[int, int]]) -> None:
        if self.surface is not None:
            pygame.draw.polygon(self.surface, colour, [self._point(point) for point in points])


class Painter:
    """Draws text, boxes and dice on one surface and records where (see :class:`Drawn`)."""

    def __init__(self, surface: pygame.Surface | None, theme: Theme, metrics: Metrics,
                 offset: tuple[int, int] = (0, 0)) -> None:
        self.canvas = Canvas(surface, offset)
        self.theme = theme
        self.m = metrics
        self.drawn = Drawn(smallest=metrics.floor)
        self.words = Words()

    def text(self, text: str, size: int, colour: Colour, *, center: tuple[int, int] | None = None,
             topleft: tuple[int, int] | None = None) -> pygame.Rect:
        rect = pygame.Rect((0, 0), _size(text, size))
        if self.canvas.shows(self._placed(rect, center, topleft).inflate(rect.height, rect.height)):
            # Rendered only when it may be seen: a zoomed page is drawn through the window, most of it clipped
            # away. (Accented capitals make a rendered line a little taller than the font's line size.)
            image = _rendered(text, size, colour)
            rect = self._placed(image.get_rect(), center, topleft)
            self.canvas.blit(image, rect)
        else:
            rect = self._placed(rect, center, topleft)
        if text.strip():
            self.drawn.texts.append((text, rect))
            self.drawn.smallest = min(self.drawn.smallest, size)
        return rect

    @staticmethod
    def _placed(rect: pygame.Rect, center: tuple[int, int] | None, topleft: tuple[int, int] | None) -> pygame.Rect:
        if center is not None:
            rect.center = center
        elif topleft is not None:
            rect.topleft = topleft
        return rect

    def lines(self, lines: Sequence[str], size: int, colour: Colour, left: int, top: int, *,
              centre_in: int | None = None) -> int:
        """Draw lines one under another (spaced 1.5 when wrapped); centred in a width if given."""
        distance = step(size, len(lines))
        for n, line in enumerate(lines):
            y = top + n * distance
            if centre_in is None:
                self.text(line, size, colour, topleft=(left, y))
            else:
                self.text(line, size, colour, center=(left + centre_in // 2, y + line_height(size) // 2))
        return block_height(size, len(lines))

    def box(self, rect: pygame.Rect, focused: bool, border: int = 2) -> Colour:
        """An item's box; focused: filled and framed thickly. Returns the colour for its text."""
        t = self.theme
        if focused:
            self.focus_frame(rect)
            self.canvas.rect(t.focus_fill, rect)
            return t.focus_text
        self.canvas.rect(t.border, rect, border)
        return t.text

    def focus_frame(self, rect: pygame.Rect) -> None:
        """The thick square frame around the focused item, a gap of background between (LV-17, LV-18)."""
        outer = rect.inflate(2 * self.ring, 2 * self.ring)
        self.canvas.rect(self.theme.focus, outer, self.m.frame)
        self.drawn.focus = outer

    @property
    def ring(self) -> int:
        return self.m.ring

    def die(self, rect: pygame.Rect, value: int) -> None:
        """A die face with its pips (1 to 6), or its number for dice with more faces."""
        t = self.theme
        radius = rect.width // 8
        self.canvas.rect(t.face, rect, border_radius=radius)
        if not 1 <= value <= 6:
            self.text(str(value), max(self.m.floor, round(rect.height * 0.55)), t.pip, center=rect.center)
            return
        third = rect.width / 4
        spots = {
            1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }[value]
        for dx, dy in spots:
            centre = (round(rect.centerx + dx * third), round(rect.centery + dy * third))
            self.canvas.circle(t.pip, centre, max(3, round(rect.width / 10)))

    def warning(self, rect: pygame.Rect) -> None:
        """A warning triangle with "!": a refusal is marked by shape, not colour (ER-05)."""
        t = self.theme
        points = [(rect.centerx, rect.top), (rect.right, rect.bottom), (rect.left, rect.bottom)]
        self.canvas.polygon(t.text, points)
        self.text("!", round(rect.height * 0.7), t.background, center=(rect.centerx, rect.centery + rect.height // 6))

    def arrow(self, centre: tuple[int, int], size: int, direction: str, colour: Colour | None = None) -> None:
        """A triangle pointing up, down, left or right (more marks, whose turn)."""
        x, y, s = centre[0], centre[1], size // 2
        points = {
            "up": [(x, y - s), (x + s, y + s), (x - s, y + s)],
            "down": [(x, y + s), (x + s, y - s), (x - s, y - s)],
            "left": [(x - s, y), (x + s, y - s), (x + s, y + s)],
            "right": [(x + s, y), (x - s, y - s), (x - s, y + s)],
        }[direction]
        self.canvas.polygon(colour or self.theme.text, points)


# ---------------------------------------------------------------- units: what a column is made of


@dataclass
class Unit:
    """A piece of a column that is shown whole or not at all: a text block, a line of dice, a board row.

    ``draw(painter, x, y)`` paints it with its top-left at ``(x, y)``;
    ``keys`` are the state elements in it (for what is hidden), ``focus``
    whether the focused item is in it. ``stand_in``: a smaller form drawn
    at the top of the column while the column is scrolled past the unit
    (the dice, while a move is chosen under them: LV-08).
    """

    height: int
    draw: Callable[[Painter, int, int], None]
    keys: tuple[str, ...] = ()
    focus: bool = False
    stand_in: Unit | None = None
    #: Space after the unit, beyond the column's gap, when another unit follows it (a page's paragraph).
    after: int = 0


def _column(p: Painter, rect: pygame.Rect, units: list[Unit], sticky: Unit | None = None,
            gap: int | None = None) -> None:
    """Units top to bottom in ``rect``, ``gap`` apart; scrolled so the focused unit is whole, with "more" strips.

    A unit scrolled past above that has a stand-in leaves it at the top,
    under the "more above" strip, when the stand-ins fit with the focused unit.
    """
    m = p.m
    top = rect.top
    if sticky is not None:
        sticky.draw(p, rect.left, top)
        top += sticky.height
    gap = m.pad if gap is None else gap
    if _extent(units, gap) <= rect.bottom - top:
        y = top
        for unit in units:
            unit.draw(p, rect.left, y)
            y += unit.height + gap + unit.after
        return
    strip = line_height(m.mark) + m.pad
    room = rect.bottom - top - 2 * strip
    target = next((n for n, u in enumerate(units) if u.focus), 0)
    standing = _stand_ins(units, room, gap)

    def span(first: int, last: int) -> int:
        ins = sum(stand_in.height + gap for n, stand_in in standing.items() if n < first)
        return _extent(units[first:last + 1], gap) + ins

    first = 0
    while first < target and span(first, target) > room:
        first += 1
    last = target
    while last + 1 < len(units) and span(first, last + 1) <= room:
        last += 1
    while first > 0 and span(first - 1, last) <= room:
        first -= 1
    if first > 0:
        _more(p, pygame.Rect(rect.left, top, rect.width, strip - m.pad), "up", p.words.above)
    y = top + strip
    for unit in [stand_in for n, stand_in in standing.items() if n < first] + units[first:last + 1]:
        unit.draw(p, rect.left, y)
        y += unit.height + gap + unit.after
    for n, unit in enumerate(units):
        if (n < first and n not in standing) or n > last:
            p.drawn.hidden.extend(unit.keys)
    if last + 1 < len(units):
        _more(p, pygame.Rect(rect.left, rect.bottom - strip + m.pad, rect.width, strip - m.pad), "down",
              p.words.below)


def _extent(units: list[Unit], gap: int) -> int:
    """How high ``units`` are one under another, ``gap`` and each one's space after between them."""
    return sum(u.height for u in units) + sum(gap + u.after for u in units[:-1])


def _stand_ins(units: list[Unit], room: int, gap: int) -> dict[int, Unit]:
    """The stand-ins of the units before the focused one that fit in ``room`` with it, by the unit's index
    (the ones nearest the focus win)."""
    target = next((n for n, u in enumerate(units) if u.focus), 0)
    standing = {n: u.stand_in for n, u in enumerate(units[:target]) if u.stand_in is not None}
    while standing and units[target].height + sum(u.height + gap for u in standing.values()) > room:
        del standing[min(standing)]
    return standing


def _more(p: Painter, rect: pygame.Rect, direction: str, words: str) -> None:
    """A "more" mark: a triangle and words, in a strip nothing else uses."""
    size = line_height(p.m.mark)
    p.arrow((rect.left + size // 2, rect.centery), size, direction)
    label = wrap(words, p.m.mark, rect.width - size - p.m.pad)[0] if words else ""
    if label:
        p.text(label, p.m.mark, p.theme.text, topleft=(rect.left + size + p.m.pad, rect.centery - size // 2))
    p.drawn.place("more", direction, rect)


def _text_units(text: str, size: int, width: int, key: str, turn: bool = False) -> list[Unit]:
    """A block of text, one unit per line (spaced 1.5), so a long one scrolls line by line, never cut.

    ``turn``: a pointer before the first line (the heading of the player to move).
    """
    arrow = line_height(max(SMALLEST, round(size * 0.75))) if turn else 0
    lines = wrap(text, size, width - arrow)
    distance = step(size, len(lines))
    units = []
    for n, line in enumerate(lines):
        def draw(p: Painter, x: int, y: int, line: str = line, n: int = n) -> None:
            if turn and n == 0:
                p.arrow((x + arrow // 2, y + line_height(size) // 2), arrow - ARROW_GAP, "right")
            p.text(line, size, p.theme.text, topleft=(x + arrow, y))
            p.drawn.place("text", f"{key}-{n}", pygame.Rect(x, y, width, line_height(size)))

        units.append(Unit(distance if n < len(lines) - 1 else line_height(size), draw, (f"{key}-{n}",)))
    return units


# ---------------------------------------------------------------- cells and buttons


#: Board cells keep room for this much text, so the grid does not jump as scores appear.
ROOM = "(88)"
#: The space a whose-turn triangle leaves before the name it points to, so it never touches a letter (LV-04).
ARROW_GAP = 4
#: How far inside its border a chosen cell's frame is drawn, and the gap it keeps from the words.
CHOSEN_INSET = 3
#: A scorecard column keeps room for a name this wide; longer names wrap.
NAME_ROOM = "Hannah"


#: The kinds of placed elements the focus can be on.
FOCUSABLE = ("die", "button", "cell", "flap", "line", "heading", "field")
#: Cells that are a page's text, not something to press: drawn left-aligned without a box.
TEXT_KINDS = ("line", "heading")


def _own_size(cell: Cell, size: int) -> int:
    """The text size of ``cell`` in a board or page whose text is ``size``: a heading's is larger."""
    return round(size * HEADING) if cell.kind == "heading" else size


def _cell_size(cell: Cell, size: int, pad: int, most: int) -> tuple[int, int]:
    """A cell's natural size at text ``size`` when at most ``most`` wide: its wrapped text, its note, padding."""
    size = _own_size(cell, size)
    note = max(SMALLEST, round(size * 0.75))
    lines = wrap(cell.text or " ", size, max(1, most - 4 * pad))
    board = cell.kind in ("flap", "cell")
    width = max([_width(line, size) for line in lines] + [_width(cell.note, note)]
                + [_width(ROOM, size) if board else 0])
    notes = line_height(note) if cell.note or cell.kind == "flap" else 0
    height = block_height(size, len(lines)) + notes + 2 * pad
    if cell.kind == "flap":
        height += height // 4  # room to lie down by a fifth when shut
    return min(most, width + 4 * pad), height


def _draw_cell(p: Painter, cell: Cell, rect: pygame.Rect, focused: bool, size: int, *, wide: bool = False) -> None:
    """A button, flap, scorecard cell, line of text or heading: its words centred (left-aligned for text)."""
    m = p.m
    size = _own_size(cell, size)
    pad = cell_pad(size)
    note_size = max(m.floor, round(size * 0.75))
    p.drawn.place(cell.kind if cell.kind in ("flap", "cell", *TEXT_KINDS) else "button", cell.key, rect)
    if cell.kind == "flap" and cell.marked:
        # A shut flap lies down: lower, with a heavy bar along its top.
        rect = pygame.Rect(rect.left, rect.top + rect.height // 5, rect.width, rect.height - rect.height // 5)
    if focused:
        colour = p.box(rect, True)
    elif cell.kind not in TEXT_KINDS:
        colour = p.box(rect, False)
    else:
        colour = p.theme.text
    if cell.kind == "flap" and cell.marked:
        p.canvas.rect(colour, (rect.left, rect.top, rect.width, max(4, m.frame)))
    elif cell.kind == "cell" and cell.marked:
        # A chosen cell: a heavy rounded frame inside its border, besides its word; no thicker than the
        # cell's padding, so it never runs under the words (LV-04).
        inside = rect.inflate(-2 * CHOSEN_INSET, -2 * CHOSEN_INSET)
        p.canvas.rect(colour if focused else p.theme.held, inside, min(m.frame, pad), border_radius=pad)
    lines = wrap(cell.text or " ", size, rect.width - 4 * pad)
    height = block_height(size, len(lines))
    if cell.kind in TEXT_KINDS or wide:
        # Lines of text and full-width menu items are left-aligned, like any block of text (LV-12).
        top = rect.top + pad if cell.kind in TEXT_KINDS else rect.centery - height // 2
        p.lines(lines, size, colour, rect.left + 2 * pad, top)
        if cell.kind == "heading":
            # A heading is underlined as well as larger, so it stands apart from the text (LV-08).
            rule = rect.top + pad + height + pad // 2
            p.canvas.line(colour, (rect.left + 2 * pad, rule), (rect.right - 2 * pad, rule),
                             max(2, m.frame // 2))
        return
    notes = line_height(note_size) if cell.note else 0
    top = rect.centery - (height + notes) // 2
    p.lines(lines, size, colour, rect.left, top, centre_in=rect.width)
    # A note wider than its cell (eight scorecard columns at 1280x720: "to move") gives way rather than run
    # over the border (LV-04); what it says is said and shown otherwise (the frame, the status line).
    if cell.note and _width(cell.note, note_size) <= rect.width - 2 * pad:
        p.text(cell.note, note_size, colour, center=(rect.centerx, top + height + notes // 2))


def _flow_units(cells: list[Cell], focus: Cell | None, width: int, m: Metrics) -> list[Unit]:
    """Buttons left to right, onto further lines when the column is narrow; one unit per line.

    The focus frame reaches outside a button: each line keeps room for it.
    """
    size = m.body
    pad = cell_pad(size)
    ring = m.ring
    gap = max(pad * 3, 2 * ring)
    width -= 2 * ring
    if not cells:
        return []
    sizes = [_cell_size(c, size, pad, width) for c in cells]
    lines: list[list[int]] = [[]]
    used = 0
    for n, (w, _h) in enumerate(sizes):
        if lines[-1] and used + gap + w > width:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(n)
    units = []
    for line in lines:
        height = max(sizes[n][1] for n in line)

        def draw(p: Painter, x: int, y: int, line: list[int] = line, height: int = height) -> None:
            x, y = x + ring, y + ring
            for n in line:
                _draw_cell(p, cells[n], pygame.Rect(x, y, sizes[n][0], height), cells[n] is focus, size)
                x += sizes[n][0] + gap

        units.append(Unit(height + 2 * ring, draw, tuple(cells[n].key for n in line),
                          any(cells[n] is focus for n in line)))
    return units


# ---------------------------------------------------------------- the dice


def _dice_units(row: Row, focus: Cell | None, width: int, m: Metrics) -> tuple[list[Unit], int, int]:
    """The dice in one or two lines: each die, its digit under it, "held" under that; and the die and digit sizes."""
    size = m.die
    count = len(row.cells)
    ring = m.frame + 4
    lift = size // 8
    # The digit under a die is body text; beyond 150 % it grows as notes do, so a die's column stays in view.
    digit = m.body if m.scale <= BESIDE_ZOOM else m.note
    digit_h = line_height(digit)
    note_h = line_height(m.note)
    words = max(max(_width(c.text, digit), _width(c.note, m.note)) for c in row.cells)
    gap = max(size // 5, 2 * m.pad)
    slot = max(size + 2 * ring, words + 2 * m.pad)
    per_line = max(1, min(count, (width - 2 * m.ring + gap) // (slot + gap)))
    height = 2 * ring + lift + size + m.pad + digit_h + note_h + 2 * m.frame
    units = []
    for start in range(0, count, per_line):
        cells = row.cells[start:start + per_line]

        def draw(p: Painter, x: int, y: int, cells: list[Cell] = cells) -> None:
            outer = p.ring
            for n, cell in enumerate(cells):
                left = x + outer + n * (slot + gap)
                top = y + outer
                # Held dice are raised; the others sit lower.
                face = pygame.Rect(left + (slot - size) // 2, top + ring + (0 if cell.marked else lift), size, size)
                label = pygame.Rect(left, top + 2 * ring + lift + size + m.pad, slot, digit_h + note_h)
                colour = p.theme.text
                whole = pygame.Rect(left, top, slot, label.bottom - top)
                if cell is focus:
                    p.focus_frame(whole)
                    p.canvas.rect(p.theme.focus_fill, label)
                    colour = p.theme.focus_text
                if cell.marked:
                    # Held: a rounded frame in the held colour, a gap of table between (the focus frame is square).
                    p.canvas.rect(p.theme.held, face.inflate(2 * ring, 2 * ring), m.frame,
                                     border_radius=size // 4)
                p.die(face, cell.value or 0)
                p.text(cell.text, digit, colour, center=(label.centerx, label.top + digit_h // 2))
                if cell.note:
                    p.text(cell.note, m.note, colour, center=(label.centerx, label.top + digit_h + note_h // 2))
                p.drawn.place("die", cell.key, whole)

        frame_room = 2 * (m.frame + max(3, m.frame // 2))
        units.append(Unit(height + frame_room, draw, tuple(c.key for c in cells), focus in cells,
                          stand_in=_dice_line(cells, m)))
    return units, size, digit


def _dice_line(cells: list[Cell], m: Metrics) -> Unit:
    """The dice as one line of faces as high as body text, held ones raised and framed: what stays in view
    while the column is scrolled past the dice (the full dice come back with the focus)."""
    size = m.body
    ring = m.frame + 2
    lift = size // 8
    gap = 2 * m.pad
    height = size + lift + 2 * ring

    def draw(p: Painter, x: int, y: int) -> None:
        for n, cell in enumerate(cells):
            slot = pygame.Rect(x + n * (size + 2 * ring + gap), y, size + 2 * ring, height)
            face = pygame.Rect(slot.left + ring, slot.top + ring + (0 if cell.marked else lift), size, size)
            if cell.marked:
                p.canvas.rect(p.theme.held, face.inflate(2 * ring - 2, 2 * ring - 2), m.frame // 2,
                                 border_radius=size // 4)
            p.die(face, cell.value or 0)
            p.drawn.place("die", cell.key, slot)

    return Unit(height, draw)


def _die_base(m: Metrics, count: int, width: int, room: float) -> int:
    """A die's size at zoom 1: as large as the column's width allows in one line (two if it must), within ``room``."""
    base = round(m.base)
    ring = m.frame + 4
    for size in range(round(3.2 * base), base, -2):
        gap = max(size // 5, 2 * m.pad)
        for lines in (1, 2):
            per_line = -(-count // lines)
            across = per_line * (size + 2 * ring) + (per_line - 1) * gap + 2 * m.ring
            down = lines * (size * 9 // 8 + 2 * ring + 2 * line_height(base) + 2 * m.ring)
            if across <= width and down <= room:
                return size
    return base


# ---------------------------------------------------------------- the board: a grid of rows


@dataclass
class Grid:
    """The sizes of a board at one text size: header column, cell size, cells per line, height."""

    size: int
    header_w: int
    cell_w: int
    cell_h: int
    per_line: int
    widest: int
    heights: list[int]
    gap: int
    #: Headers go above their cells (too wide to go beside them).
    above: bool = False

    def width(self) -> int:
        return self.header_w + self.gap + self.widest * (self.cell_w + self.gap)


def _full_width(row: Row) -> bool:
    """A menu item or a line of text: one cell, no header, as wide as the column."""
    return len(row.cells) == 1 and not row.header


def _columns(rows: list[Row], size: int, width: int, gap: int, header_w: int, widest: int) -> tuple[int, int, int]:
    """With headers ``header_w`` wide beside the cells: the room for cells, a cell's width, and cells per line."""
    pad = cell_pad(size)
    arrow = line_height(max(SMALLEST, round(size * 0.75)))
    room = width - header_w - gap - 2 * arrow
    body = [c for r in rows if not _full_width(r) and not r.sticky for c in r.cells]
    cell_w = max((_cell_size(c, size, pad, max(1, room))[0] for c in body), default=0)
    grid = [c for r in rows if not _full_width(r) for c in r.cells]
    cell_w = cell_w or max((_cell_size(c, size, pad, max(1, room))[0] for c in grid), default=0)
    if any(r.sticky for r in rows):
        # Room for a short name ("Hanna") in each column; longer names wrap within it.
        cell_w = max(cell_w, min(_width(NAME_ROOM, size) + 4 * pad, (max(1, room) + gap) // max(1, widest) - gap))
    per_line = max(1, min(widest, (room + gap) // (cell_w + gap))) if cell_w else 1
    return room, cell_w, per_line


def _grid(rows: list[Row], size: int, width: int, gap: int) -> Grid:
    """The board's sizes at text ``size`` in ``width``; ``gap`` between cells leaves room for the focus frame.

    Headers (a row's name, a player's name and score) go beside their row's
    cells when every column then fits across, and above them only when it
    does not: a label stacked over its cells doubles a row's height, so it
    is the last resort, never the rule (issue 23: Yatzy with one player
    showed 10 of 18 rows with its labels stacked and 40 % of the width
    empty). Cells are as wide as the widest cell of the board's body, and
    a sticky heading row (names) wraps its words into that width rather
    than widening every column.
    """
    pad = cell_pad(size)
    headers = [r.header for r in rows if r.header]
    arrow = line_height(max(SMALLEST, round(size * 0.75)))
    widest_header = max((_width(h, size) for h in headers), default=0) + 2 * pad + arrow
    widest = max((len(r.cells) for r in rows if not _full_width(r)), default=0)
    beside = _columns(rows, size, width, gap, widest_header if headers else 0, widest)
    above = bool(headers) and (beside[2] < widest or widest_header > width // 2)
    header_w = 0 if above or not headers else widest_header
    _room, cell_w, per_line = beside if not above else _columns(rows, size, width, gap, 0, widest)
    body = [c for r in rows if not _full_width(r) and not r.sticky for c in r.cells]
    grid = [c for r in rows if not _full_width(r) for c in r.cells]
    cell_h = max((_cell_size(c, size, pad, cell_w)[1] for c in body or grid), default=0)
    heights = []
    for row in rows:
        if _full_width(row):
            heights.append(_cell_size(row.cells[0], size, pad, width)[1])
            continue
        # A heading row (a scorecard's names) frames the player to move: the words, a padding inside the
        # border, move in by the frame's inset and a pixel more, so the frame (as thick as the padding) misses them.
        own = max(_cell_size(c, size, pad, cell_w)[1] for c in row.cells) + 2 * (CHOSEN_INSET + 1) \
            if row.sticky else cell_h
        lines = len(wrap(row.header, size, (width if above else header_w) - 2 * pad - arrow)) if row.header else 0
        if above:
            # A heading above its cells keeps clear of the focus frame, which reaches ``gap`` above them (LV-04).
            heights.append(own + (block_height(size, lines) + max(pad, gap) if lines else 0))
        else:
            heights.append(max(own, block_height(size, lines) + 2 * pad))
    return Grid(size, header_w, cell_w, cell_h, per_line, widest, heights, gap, above)


def _grid_fits(rows: list[Row], size: int, area: pygame.Rect, m: Metrics) -> bool:
    units, heading, paged = _board_units(rows, None, area.width, size, m)
    return not paged and sum(u.height for u in units) + (heading.height if heading else 0) <= area.height


def _fitting_size(rows: list[Row], largest: int, smallest: int, area: pygame.Rect, m: Metrics) -> int:
    """The largest text size from ``smallest`` to ``largest`` at which the whole board fits ``area``."""
    if not rows or _grid_fits(rows, largest, area, m):
        return largest
    low, high = smallest, largest
    while low < high:
        middle = (low + high + 1) // 2
        if _grid_fits(rows, middle, area, m):
            low = middle
        else:
            high = middle - 1
    return low


def _panels(rows: list[Row]) -> list[list[Row]]:
    """Rows grouped by their ``panel`` (each player's own board), in order; one group when none has a panel."""
    groups: list[list[Row]] = []
    for row in rows:
        if groups and row.panel and groups[-1][0].panel == row.panel:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups if all(row.panel for row in rows) else [rows]


def _across(panels: list[list[Row]], size: int, width: int, m: Metrics) -> tuple[int, int] | None:
    """How many small boards go in a line, and how wide each is: the choice that makes them least tall.

    Narrower boards put their player's name above the cells instead of beside them, one row more each,
    and may still be shorter in all for having more boards in a line (issue 23: eight Storeslem boards in
    two columns of four, names beside, scrolled at 1366x768, where four columns of two fit); between two
    as tall, the fewer columns keep the names beside. ``None`` if no two fit side by side.
    """
    extra = 4 * m.ring + 2 * line_height(max(SMALLEST, round(size * 0.75)))
    best: tuple[int, int, int] | None = None
    for across in range(2, len(panels) + 1):
        room = (width + m.ring) // across - m.ring
        # The grid keeps room for its "more" arrows itself (:func:`_columns`): only the focus frame is taken off.
        grids = [_grid(panel, size, room - 4 * m.ring, m.ring) for panel in panels]
        natural = max(grid.width() for grid in grids) + extra
        if natural > room + m.ring or any(grid.per_line < grid.widest for grid in grids):
            break
        tall = -(-len(panels) // across) * max(sum(grid.heights) + m.ring * len(grid.heights) for grid in grids)
        if best is None or tall < best[0]:
            best = (tall, across, natural)
    return None if best is None else best[1:]


def _side_by_side(rows: list[Row], focus: Cell | None, width: int, size: int,
                  m: Metrics) -> tuple[list[Unit], Unit | None, bool] | None:
    """Small boards (Storeslem's 3x3) next to each other, as many as fit across; ``None`` if only one fits."""
    panels = _panels(rows)
    if len(panels) < 2:
        return None
    chosen = _across(panels, size, width, m)
    if chosen is None:
        return None
    across, natural = chosen
    units: list[Unit] = []
    for first in range(0, len(panels), across):
        line = [_board_units(panel, focus, natural, size, m, whole_headings=True)[0]
                for panel in panels[first:first + across]]
        for n in range(max(len(units_of) for units_of in line)):
            parts = [(column, units_of[n]) for column, units_of in enumerate(line) if n < len(units_of)]
            tallest = max(part.height for _, part in parts)

            def draw(p: Painter, x: int, y: int, parts: list[tuple[int, Unit]] = parts, tallest: int = tallest) -> None:
                # Bottoms aligned: a name wrapped over two lines ("Anna — 0 points, to / move") stands
                # higher, and every board's first row of cells stays level with its neighbours'.
                for column, part in parts:
                    part.draw(p, x + column * (natural + m.ring), y + tallest - part.height)

            units.append(Unit(tallest, draw,
                              tuple(key for _, part in parts for key in part.keys),
                              any(part.focus for _, part in parts)))
    return units, None, False


def _board_units(rows: list[Row], focus: Cell | None, width: int, size: int,
                 m: Metrics, whole_headings: bool = False) -> tuple[list[Unit], Unit | None, bool]:
    """The board's rows as units, a sticky heading row apart, and whether columns are paged (too wide).

    Columns are paged around the focus when they cannot all be shown;
    players' small boards go side by side when several fit across.
    ``whole_headings``: a long heading stays in one unit with its cells (a small board beside others,
    whose rows are drawn level with theirs).
    """
    beside = _side_by_side(rows, focus, width, size, m)
    if beside is not None:
        return beside
    ring = m.ring
    width -= 2 * ring
    grid = _grid(rows, size, width, ring)
    pad = cell_pad(size)
    arrow = line_height(max(SMALLEST, round(size * 0.75)))
    target = next((r for r in rows if focus in r.cells), None)
    column = target.cells.index(focus) if target is not None and focus is not None and not _full_width(target) \
        else next((r.home for r in rows if not _full_width(r)), 0)
    start = 0
    if grid.per_line < grid.widest:
        start = min(max(0, column - grid.per_line // 2), grid.widest - grid.per_line)

    def unit(row: Row, height: int) -> Unit:
        def draw(p: Painter, x: int, y: int) -> None:
            x, y = x + ring, y + ring // 2
            top = y
            if _full_width(row):
                cell = row.cells[0]
                _draw_cell(p, cell, pygame.Rect(x, y, width, height), cell is focus, size, wide=True)
                return
            left = x
            if row.header:
                header_x = left
                if row.turn:
                    # Whose turn: a pointing triangle beside the name (and the words "to move" in it).
                    p.arrow((left + arrow // 2, y + arrow // 2 + pad), arrow - ARROW_GAP, "right")
                    header_x += arrow
                header_w = width if grid.above else grid.header_w
                lines = wrap(row.header, size, header_w - 2 * pad - arrow)
                p.lines(lines, size, p.theme.text, header_x, y + (0 if grid.above else pad))
                used = block_height(size, len(lines)) + max(pad, grid.gap) if grid.above else height
                p.drawn.place("header", row.key, pygame.Rect(left, y, header_w, used))
                if grid.above:
                    y += used
            cells_x = left + grid.header_w + grid.gap + arrow
            shown = row.cells[start:start + grid.per_line]
            if start > 0:
                p.arrow((cells_x - arrow // 2 - 2, y + grid.cell_h // 2), arrow, "left")
                p.drawn.place("more", f"left-{row.key}", pygame.Rect(cells_x - arrow - 2, y, arrow, grid.cell_h))
            if start + grid.per_line < len(row.cells):
                right = cells_x + len(shown) * (grid.cell_w + grid.gap)
                p.arrow((right + arrow // 2, y + grid.cell_h // 2), arrow, "right")
                p.drawn.place("more", f"right-{row.key}", pygame.Rect(right, y, arrow, grid.cell_h))
            p.drawn.hidden.extend(c.key for c in row.cells if c not in shown)
            cell_h = height - (y - top) if row.sticky else grid.cell_h
            for cell in shown:
                _draw_cell(p, cell, pygame.Rect(cells_x, y, grid.cell_w, cell_h), cell is focus, size)
                cells_x += grid.cell_w + grid.gap

        # Rows are a focus frame's reach apart, half of it above and half below each row; a page's
        # paragraph (the rules, the help) is followed by a line and a half more (LV-11: paragraph spacing
        # at least twice the line spacing), a heading is not: it belongs to what follows it.
        after = round(size * _spacing) if _full_width(row) and row.cells[0].kind == "line" else 0
        return Unit(height + ring, draw, tuple(c.key for c in row.cells), focus in row.cells, after=after)

    units: list[Unit] = []
    heading: Unit | None = None
    for row, height in zip(rows, grid.heights, strict=True):
        lines = len(wrap(row.header, size, width - 2 * pad - arrow)) if row.header else 0
        if grid.above and lines > 1 and not whole_headings:
            # A long heading above its row: lines of its own, then the cells (never taller than the window);
            # a one-line heading stays in one unit with its cells, so it is never shown without them.
            units += _text_units(row.header, size, width, f"header-{row.key}", row.turn)
            row = dataclasses.replace(row, header="")
            height -= block_height(size, lines) + max(pad, grid.gap)
        units.append(unit(row, height))
        if row.sticky:
            heading = units.pop()
    return units, heading, grid.per_line < grid.widest


# ---------------------------------------------------------------- the message panel


def _messages(p: Painter, view: View, rect: pygame.Rect) -> None:
    """The things said, newest first, each whole (the answer to the last key after the newest); never covered."""
    m = p.m
    t = p.theme
    p.canvas.rect(t.border, rect, 2)
    p.drawn.message = pygame.Rect(rect)
    p.drawn.place("messages", "messages", rect)
    inner = rect.inflate(-4 * m.pad, -2 * m.pad)
    y = inner.top
    size = m.body
    sign = line_height(size)
    newest = len(view.messages) - 1 if view.reviewing is None else view.reviewing
    entries: list[tuple[int | None, Message]] = [(n, view.messages[n]) for n in range(newest, -1, -1)]
    newest_text = view.messages[-1].text if view.messages else ""
    if view.answer is not None and view.answer.text and view.answer.text != newest_text and view.reviewing is None:
        # The answer to the last key comes after the newest announcement, which it never pushes away.
        entries.insert(min(1, len(entries)), (None, view.answer))
    if newest < len(view.messages) - 1:
        strip = line_height(m.mark) + m.pad
        _more(p, pygame.Rect(inner.left, y, inner.width, strip - m.pad), "up", p.words.above)
        y += strip
    cut = False
    indent = 0
    for count, (index, entry) in enumerate(entries):
        width = inner.width - (sign + m.pad if entry.alert else 0)
        lines = wrap(entry.text, size, width)
        owner = wrap(entry.owner, m.note, inner.width - 2 * m.pad)[:1] if entry.owner else []
        if y + line_height(m.note) + m.pad + line_height(size) + line_height(m.mark) > inner.bottom:
            owner = []  # a panel one line high: the words before whose they are
        tag = line_height(m.note) + m.pad if owner else 0
        height = tag + block_height(size, len(lines))
        if y + height > inner.bottom:
            if count == 0:
                # The newest is longer than the panel (a zoomed window): the panel is scrolled to its end, so
                # the last words said ("…2 throws left.") are seen, with a mark over them (issue 23).
                # The mark is a triangle before the first line shown, so it costs the panel no line.
                owner, tag = [], 0
                fit = max(1, (inner.bottom - y) // step(size, len(lines)))
                p.drawn.hidden.extend(f"message-line{n}" for n in range(len(lines) - fit))
                lines = wrap(entry.text, size, width - sign - m.pad)
                lines = lines[-fit:]
                p.arrow((inner.left + sign // 2, y + sign // 2), sign, "up")
                p.drawn.place("more", "up", pygame.Rect(inner.left, y, sign, sign))
                indent = sign + m.pad
                height = block_height(size, len(lines))
                cut = True
            else:
                strip = line_height(m.mark) + m.pad
                if y + strip <= inner.bottom:
                    _more(p, pygame.Rect(inner.left, y, inner.width, strip - m.pad), "down", p.words.below)
                break
        if owner:
            # Whose turn it was: the name inverted, like a label on the line.
            label = pygame.Rect(inner.left, y, _width(owner[0], m.note) + 2 * m.pad, line_height(m.note))
            p.canvas.rect(t.focus_fill, label)
            p.text(owner[0], m.note, t.focus_text, topleft=(label.left + m.pad, label.top))
            y += tag
        left = inner.left + (indent if cut else 0)
        if entry.alert:
            p.warning(pygame.Rect(left, y, sign, sign))
            left += sign + m.pad
        p.lines(lines, size, t.text, left, y)
        shift = indent if cut else 0
        p.drawn.place("message", f"message{index}" if index is not None else "answer",
                      pygame.Rect(inner.left + shift, y - tag, inner.width - shift, height))
        if index is not None:
            p.drawn.shown_messages.append(index)
        if cut:
            break
        y += block_height(size, len(lines)) + m.pad
        if count == 0 and len(entries) > 1:
            # The newest is set apart from the older ones by a rule.
            p.canvas.line(t.border, (inner.left, y), (inner.right, y), max(2, m.frame // 2))
            y += m.pad * 2
        if y >= inner.bottom:
            break


def _message_height(view: View, m: Metrics, width: int, least: int) -> int:
    """How high the panel must be to show its first entry whole (the message the history keys are on, the
    newest, or the answer to the last key when nothing was announced yet), and at least ``least`` lines."""
    inner = width - 4 * m.pad
    at = len(view.messages) - 1 if view.reviewing is None else view.reviewing
    first = view.messages[at] if view.messages else view.answer
    sign = line_height(m.body) + m.pad if first is not None and first.alert else 0
    lines = len(wrap(first.text, m.body, inner - sign)) if first is not None else 1
    tag = line_height(m.note) + m.pad if first is not None and first.owner else 0
    return block_height(m.body, max(least, lines)) + tag + 3 * m.pad


# ---------------------------------------------------------------- the overlay: a field or a question


def _overlay_units(p: Painter, overlay: Overlay, focus: Cell | None, width: int) -> list[Unit]:
    """A prompt, then a text field or buttons, as units of the column (so nothing is drawn over them)."""
    m = p.m
    units = _text_units(overlay.prompt, m.body, width, "prompt")
    buttons = [c for r in overlay.rows for c in r.cells]
    if overlay.typed is not None:
        units.append(_field_unit(m, overlay, focus, width))
    units += _flow_units(buttons, focus, width, m)
    return units


def _field_unit(m: Metrics, overlay: Overlay, focus: Cell | None, width: int) -> Unit:
    """The text field of ``overlay`` with what is typed so far and the caret, as a unit of a column."""
    assert overlay.typed is not None
    ring = m.ring
    field_lines = wrap(overlay.typed + " ", m.body, width - 2 * ring - 2 * m.pad)
    box_h = block_height(m.body, len(field_lines)) + 2 * m.pad
    on_button = any(c is focus for r in overlay.rows for c in r.cells)

    def draw(painter: Painter, x: int, y: int) -> None:
        box = pygame.Rect(x + ring, y + ring, width - 2 * ring, box_h)
        if not on_button:  # one focus frame on screen: the picker's is on its focused piece
            painter.focus_frame(box)
        painter.canvas.rect(painter.theme.border, box, 2)
        painter.lines(field_lines, m.body, painter.theme.text, box.left + m.pad, box.top + m.pad)
        _caret(painter, overlay, field_lines, box)
        painter.drawn.place("field", "field", box)

    # The field is kept in view: it has the focus, or the focus is on a button under it (the picker's
    # pieces) and the field stands in at the top when the column scrolls past it.
    return Unit(box_h + 2 * ring, draw, ("field",), not on_button,
                stand_in=Unit(box_h + 2 * ring, draw, ("field",)) if on_button else None)


def _caret(p: Painter, overlay: Overlay, lines: list[str], box: pygame.Rect) -> None:
    """A thick bar where the next character goes."""
    m = p.m
    assert overlay.typed is not None
    left = overlay.caret
    distance = step(m.body, len(lines))
    for n, line in enumerate(lines):
        if left <= len(line) or n == len(lines) - 1:
            x = box.left + m.pad + _width(line[:left], m.body)
            y = box.top + m.pad + n * distance
            p.canvas.rect(p.theme.text, (x, y, max(3, m.frame // 2), line_height(m.body)))
            return
        left -= len(line) + 1


# ---------------------------------------------------------------- the whole screen


def render(surface: pygame.Surface, view: View, theme: Theme, scale: float = 1.0, floor: int = SMALLEST,
           spacing: float = SPACING, origin: tuple[int, int] = (0, 0)) -> Drawn:
    """Lay ``view`` out for ``surface``'s size and draw it (the window, or an image for tests); where things went.

    A zoomed game is drawn as a magnifier would (:func:`_magnified`);
    ``origin`` is where its view of the page was last (``Drawn.origin``);
    ``spacing``: wrapped lines are this many times the text size apart
    (the ``line-spacing`` setting, LV-11).
    """
    global _spacing
    _spacing = spacing
    width, height = surface.get_size()
    surface.fill(theme.background)
    if view.game and scale > 1:
        return _magnified(surface, view, theme, scale, floor, origin)
    m = _metrics(view, width, height, scale, floor)
    p = Painter(surface, theme, m)
    p.words = view.words
    if view.game:
        _game(p, view)
    else:
        _screen(p, view)
    p.drawn.body, p.drawn.board = m.body, m.board
    return p.drawn


def _magnified(surface: pygame.Surface, view: View, theme: Theme, scale: float, floor: int,
               origin: tuple[int, int]) -> Drawn:
    """A zoomed game, as a screen magnifier shows it: the 100 % screen made ``scale`` times larger, seen
    through the window, the view following the focus; whose turn and the dice pinned at the top.

    The page is the game laid out at 100 % with every size (text, board,
    cells, the column's width, the floor) times ``scale``, so everything
    grows by the same factor and nothing ever reflows or shrinks (issue 23).
    Above it a band that never scrolls holds the status line (whose turn,
    throws left) and the dice with their digits and "held", as large as
    at 100 % times the zoom where the window's width allows and never
    smaller than at 100 %; at the bottom the message panel, as high as the
    newest message needs, up to 0.38 of the window. The view of the page moves only when the focus
    would leave it, by as little as brings the focused item whole into
    view; "more" marks as large as note text say what lies beyond.
    """
    width, height = surface.get_size()
    one = _metrics(view, width, height, 1.0, floor)
    # The band's text is zoomed; its frames and gaps stay as at 100 % (they are not what is read), so the
    # band leaves the page as much of the window as it can.
    zoomed = dataclasses.replace(one, scale=scale, frame_base=one.frame)
    band = Painter(surface, theme, zoomed)
    band.words = view.words
    dice, _actions, _listed = _parts(view)
    focus = view.focus if view.overlay is None else None
    inner = width - 2 * one.margin
    every = _text_units(view.status, zoomed.body, inner, "status") if view.status else []
    units = every[:1] + [u for u in every[1:] if _extent(every[:every.index(u) + 1], zoomed.pad) <= height // 5]
    # The page: the 100 % layout times the zoom, without the dice (they are in the band), and without the
    # status when the band shows it whole.
    page_size = (round(width * scale), round(height * scale))
    # A text field (typed, or the picker's calculation so far) is in the band too, under the dice.
    typed = view.overlay is not None and view.overlay.typed is not None
    page_view = dataclasses.replace(view, rows=[r for r in view.rows if r.region != "dice"],
                                    status="" if len(units) == len(every) else view.status,
                                    overlay=dataclasses.replace(view.overlay, typed=None)
                                    if typed and view.overlay is not None else view.overlay)
    page_m = Metrics(page_size[0], page_size[1], 1.0, round(floor * scale), round(one.board * scale), 0,
                     round(one.side_base * scale), round(one.body * scale))
    measure = Painter(None, theme, page_m)
    measure.words = view.words
    _game(measure, page_view, messages=False)
    strip = line_height(zoomed.note) + zoomed.pad
    lines, die, digit = _band_dice(dice, focus, inner, zoomed, height) if dice is not None else ([], 0, 0)
    least = block_height(zoomed.body, 1) + 3 * zoomed.pad  # one line: a long one shows its end, marked inline
    over = one.margin + _extent(units + lines, zoomed.pad) + zoomed.pad + strip + least + zoomed.pad \
        + height // 10 - (height - one.margin)
    if over > 0 and dice is not None and height < SMALL_HEIGHT and die > zoomed.die_base:
        # A small window at a large zoom (800x600 at 300 %): the dice give way so that the page keeps a tenth
        # of the window, down to their 100 % size, never smaller (issue 23).
        lines, die, digit = _band_dice(dice, focus, inner, zoomed, height, max(zoomed.die_base, die - over))
    field = _field_unit(zoomed, view.overlay, view.focus, inner).height + zoomed.pad \
        if typed and view.overlay is not None else 0

    def short() -> int:
        """How much taller the focused item is than the page's view under the band as it is now."""
        if measure.drawn.focus is None:
            return 0
        end = one.margin + sum(unit.height + zoomed.pad for unit in units + lines) + field
        room = height - one.margin - end - strip - zoomed.pad
        told = max(min(_message_height(view, zoomed, inner, 1), round(height * 0.38), room - kept()), least)
        return measure.drawn.focus.height - (room - told)

    def kept() -> int:
        """What the page keeps of the window's height: a quarter, or the focused item whole if taller."""
        return max(height // 4, measure.drawn.focus.height if measure.drawn.focus is not None else 0)

    # The page shows the focused item whole: where the band leaves it less room, the message panel gives way
    # (down to one line, see ``kept``), then the status's later lines (its first, whose turn, stays; the whole
    # status is then at the top of the page), rather than the flap or box being cut (issue 23). The dice
    # give way to it only on a small window (800x600), as they do for the page's tenth above, and never below
    # their 100 % size: elsewhere they would shrink as the zoom grows. What still does not fit shows in part.
    if short() > 0 and len(units) > 1:
        units = units[:1]
        page_view = dataclasses.replace(page_view, status=view.status)
        measure = Painter(None, theme, page_m)
        measure.words = view.words
        _game(measure, page_view, messages=False)
    if dice is not None and height < SMALL_HEIGHT and short() > 0 and die > zoomed.die_base:
        lines, die, digit = _band_dice(dice, focus, inner, zoomed, height, max(zoomed.die_base, die - short()))
    if typed and view.overlay is not None:
        lines.append(_field_unit(zoomed, view.overlay, view.focus, inner))
    keep = kept()
    y = one.margin
    for unit in units + lines:
        unit.draw(band, one.margin, y)
        y += unit.height + zoomed.pad
    # The "more" marks go beside the dice where there is room for the four triangles, else in a strip under
    # the page.
    arrow = line_height(zoomed.note)
    faces = [rect for key, rect in band.drawn.cells.items() if key.startswith("die")]
    right = max((rect.right for rect in faces), default=width)
    room = one.margin + inner - right - 2 * zoomed.pad
    across = 4 if room >= 4 * (arrow + 3 * zoomed.pad) else 2  # one line of four triangles, or two of two
    beside = bool(faces) and room >= across * (arrow + 3 * zoomed.pad) \
        and (4 // across) * strip <= faces[0].height
    if beside:
        top = min(rect.top for rect in faces)
        marks = pygame.Rect(right + 2 * zoomed.pad, top + (faces[0].height - (4 // across) * strip) // 2,
                            across * (arrow + 3 * zoomed.pad), strip - zoomed.pad)
        strip = 0
    # The messages: a panel at the bottom, as high as the newest needs up to 0.38 of the window, scrolled to
    # its end (the history keys step through the older ones); the page leaves its own panel out.
    # The page keeps at least a quarter of the window, and the focused item whole: the panel gives way first.
    left = height - one.margin - y - strip - zoomed.pad - keep
    told = max(min(_message_height(view, zoomed, inner, 1), round(height * 0.38), left), least)
    panel = pygame.Rect(one.margin, height - one.margin - told, inner, told)
    _messages(band, view, panel)
    port = pygame.Rect(0, y, width, max(0, panel.top - zoomed.pad - y - strip))
    if not beside:
        marks = pygame.Rect(one.margin, port.bottom, inner, strip - zoomed.pad)
    wanted = _in_view(measure.drawn, view, port.size)
    ox, oy = _follow(origin, wanted, port.size, page_size)
    # A scorecard's names row scrolled away above is pinned at the top of the view, so the focused box's
    # column heading (whose column it is) stays in view as the board scrolls (issue 23); the view under it
    # follows the focus in what is left.
    names = _sticky(measure.drawn, page_view, page_m)
    pin = 0
    if names is not None and oy > names.top and names.height < port.height // 2:
        pin = names.height
        ox, oy = _follow(origin, wanted, (port.width, port.height - pin), page_size)
        if oy <= names.top:
            pin = 0
            ox, oy = _follow(origin, wanted, port.size, page_size)
    seen_port = pygame.Rect(port.left, port.top + pin, port.width, port.height - pin)
    shift = (-ox, seen_port.top - oy)
    page = Painter(surface, theme, page_m, shift)
    page.words = view.words
    surface.set_clip(seen_port)
    _game(page, page_view, messages=False)
    drawn = band.drawn
    layers = [(page, shift, seen_port)]
    if pin and names is not None:
        names_port = pygame.Rect(port.left, port.top, port.width, pin)
        names_shift = (-ox, port.top - names.top)
        pinned = Painter(surface, theme, page_m, names_shift)
        pinned.words = view.words
        surface.set_clip(names_port)
        _game(pinned, page_view, messages=False)
        layers.append((pinned, names_shift, names_port))
    surface.set_clip(None)
    away = []
    view_key = view.focus.key if view.focus is not None else ""
    for painter, moved, shown_in in layers:
        for placed in painter.drawn.items:
            rect = placed.rect.move(moved)
            if shown_in.contains(rect):
                drawn.place(placed.kind, placed.key, rect)
            elif placed.kind != "more":
                away.append(placed.key)
                if placed.key == view_key and placed.kind in FOCUSABLE and shown_in.colliderect(rect) \
                        and painter is page:
                    drawn.partial.append(placed.key)
        drawn.texts += [(text, rect.move(moved)) for text, rect in painter.drawn.texts
                        if shown_in.contains(rect.move(moved))]
    seen = {placed.key for placed in drawn.items}
    drawn.partial = [key for key in drawn.partial if key not in drawn.cells]
    drawn.hidden += [key for key in dict.fromkeys(away + page.drawn.hidden) if key not in seen]
    if page.drawn.focus is not None and seen_port.colliderect(page.drawn.focus.move(shift)):
        drawn.focus = page.drawn.focus.move(shift).clip(seen_port)  # the part of the frame in view
    drawn.smallest = min(band.drawn.smallest, page.drawn.smallest)
    beyond = [("up", view.words.above, oy > 0), ("down", view.words.below, oy + seen_port.height < page_size[1]),
              ("left", view.words.left, ox > 0), ("right", view.words.right, ox + port.width < page_size[0])]
    shown = [(direction, words) for direction, words, more in beyond if more]
    needed = sum(arrow + 3 * zoomed.pad + _width(words, zoomed.note) for _direction, words in shown)
    x, y = marks.left, marks.top
    for direction, words in shown:
        # Each mark says where, in words as large as note text; when all four do not fit, the triangles alone
        # (beside the dice, two lines of two if need be).
        part = arrow + 3 * zoomed.pad + (_width(words, zoomed.note) if needed <= marks.width else 0)
        if x + part - zoomed.pad > marks.right + 1:
            x, y = marks.left, y + line_height(zoomed.note) + zoomed.pad
        _more(band, pygame.Rect(x, y, part - zoomed.pad, marks.height), direction,
              words if needed <= marks.width else "")
        x += part
    drawn.body, drawn.board, drawn.die, drawn.digit = page_m.body, page_m.board, die, digit
    drawn.origin = (ox, oy)
    return drawn


def _sticky(drawn: Drawn, view: View, m: Metrics) -> pygame.Rect | None:
    """Where the page drew its sticky row (a scorecard's names), with the focus frame's reach; ``None``: none."""
    rects = [drawn.cells[cell.key] for row in view.rows if row.sticky for cell in row.cells if cell.key in drawn.cells]
    if not rects:
        return None
    row = rects[0].unionall(rects[1:])
    return pygame.Rect(row.left, row.top - m.ring, row.width, row.height + 2 * m.ring)


def _in_view(drawn: Drawn, view: View, port: tuple[int, int]) -> pygame.Rect | None:
    """What the view must show of the page: the focused item, with (as far as they fit together) the text
    field it builds (the picker's calculation) and its row's header beside it."""
    focus = drawn.focus
    if focus is None:
        return None
    headers = [p.rect for p in drawn.items if p.kind == "header" and p.rect.top <= focus.centery <= p.rect.bottom
               and p.rect.right <= focus.left]
    field = [p.rect for p in drawn.items if p.kind == "field"]
    wanted = focus
    for extra in field + headers:
        wider = wanted.union(extra)
        if wider.width <= port[0] and wider.height <= port[1]:
            wanted = wider
    return wanted


def _follow(origin: tuple[int, int], focus: pygame.Rect | None, port: tuple[int, int],
            page: tuple[int, int]) -> tuple[int, int]:
    """Where the view of the page goes: where it was, moved as little as brings ``focus`` whole into view."""
    def axis(at: int, low: int, high: int, room: int, total: int) -> int:
        if high - low > room or low < at:
            at = low
        elif high > at + room:
            at = high - room
        return max(0, min(at, total - room))

    if focus is None:
        return max(0, min(origin[0], page[0] - port[0])), max(0, min(origin[1], page[1] - port[1]))
    return (axis(origin[0], focus.left, focus.right, port[0], page[0]),
            axis(origin[1], focus.top, focus.bottom, port[1], page[1]))


def _band_dice(row: Row, focus: Cell | None, width: int, m: Metrics, height: int,
               most: int = 0) -> tuple[list[Unit], int, int]:
    """The dice in the zoomed band, in one line: faces, and under each its digit (body text) and "held" (note).

    A face is its 100 % size times the zoom, as far as the window allows
    (a sixth of its height, all the dice across), and never smaller than
    at 100 % unless the dice would not go across in one line (at 800x600
    a 100 % die that went onto a second line is made to fit); under a
    face its digit, as large as at 100 % times the zoom, and "held"
    beside it ("3 held") or, where the slot is narrow, under it. Held dice are framed and say
    "held"; they are not raised here (the band's height is the page's loss).
    ``most``: the largest face the window leaves room for (``0``: no limit).
    """
    count = len(row.cells)
    note = m.note
    # The digit is as large as at 100 % times the zoom (body text), like everything else (issue 23); "held"
    # is a note beside it ("3 held") where the slot is wide enough, else under it.
    digit = m.body
    ring = m.frame + 4
    pad = max(4, round(m.pad / m.scale))
    gap = 2 * pad
    across = (width - 2 * m.ring + gap) // max(1, count) - gap
    beside = [_width(c.text, digit) + (pad + _width(c.note, note) if c.note else 0) for c in row.cells]
    one_line = max(beside) + 2 * pad <= across
    words = max(beside if one_line else [max(_width(c.text, digit), _width(c.note, note)) for c in row.cells])
    words += 2 * pad
    wanted = max(m.die_base, min(round(m.die_base * m.scale), round(height * DIE_CAP)))
    label_h = line_height(digit) + (0 if one_line else line_height(note))
    size = max(m.note, min(across - 2 * ring, wanted, most or wanted))
    slot = max(size + 2 * ring, min(words, across))
    cells = row.cells

    def draw(p: Painter, x: int, y: int) -> None:
        for n, cell in enumerate(cells):
            left = x + p.ring + n * (slot + gap)
            top = y + p.ring
            face = pygame.Rect(left + (slot - size) // 2, top + ring, size, size)
            label = pygame.Rect(left, top + 2 * ring + size + pad, slot, label_h)
            whole = pygame.Rect(left, top, slot, label.bottom - top)
            colour = p.theme.text
            if cell is focus:
                p.focus_frame(whole)
                p.canvas.rect(p.theme.focus_fill, label)
                colour = p.theme.focus_text
            if cell.marked:
                p.canvas.rect(p.theme.held, face.inflate(2 * ring, 2 * ring), m.frame, border_radius=size // 4)
            p.die(face, cell.value or 0)
            if one_line:
                x0 = label.centerx - beside[n] // 2
                p.text(cell.text, digit, colour, topleft=(x0, label.top))
                if cell.note:
                    p.text(cell.note, note, colour, topleft=(x0 + _width(cell.text, digit) + pad,
                                                              label.top + line_height(digit) - line_height(note)))
            else:
                p.text(cell.text, digit, colour, center=(label.centerx, label.top + line_height(digit) // 2))
                if cell.note:
                    p.text(cell.note, note, colour,
                           center=(label.centerx, label.top + line_height(digit) + line_height(note) // 2))
            p.drawn.place("die", cell.key, whole)

    unit = Unit(2 * ring + size + pad + label_h + 2 * m.ring, draw, tuple(c.key for c in cells), focus in cells)
    return [unit], size, digit


def _parts(view: View) -> tuple[Row | None, list[Cell], list[Row]]:
    dice = next((r for r in view.rows if r.region == "dice" and r.cells), None)
    actions = [c for r in view.rows if r.region == "actions" for c in r.cells]
    listed = [r for r in view.rows if r.region == "list" and r.cells]
    return dice, actions, listed


def _beside(m: Metrics) -> bool:
    return m.width >= LANDSCAPE * m.height


def _side_width(m: Metrics, zoom: float) -> int:
    """The left column's width at ``zoom``: what the board leaves at 100 % (a quarter to 0.6 of the window)."""
    return min(round((m.side_base or m.width * 0.34) * zoom), round(m.width * 0.6))


def _areas(m: Metrics, zoom: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The side column and the main area of a two-column window at ``zoom``."""
    side = _side_width(m, zoom)
    left = pygame.Rect(m.margin, m.margin, side, m.height - 2 * m.margin)
    right = pygame.Rect(left.right + m.margin, m.margin, m.width - side - 3 * m.margin, m.height - 2 * m.margin)
    return left, right


#: The shares of the window's width the left column of a game may take at 100 %, tried in turn.
SHARES = tuple(n / 40 for n in range(10, 25))
#: The share of the height a line of dice may take at 100 %, largest first, tried until the column fits.
DICE_ROOMS = (0.32, 0.26, 0.2)
#: Body text as a share of the window's base size, tried in turn when the left column does not fit.
TEXT_CAPS = (1.0, 0.85, 0.7)


def _metrics(view: View, width: int, height: int, scale: float, floor: int) -> Metrics:
    """The sizes at zoom 1 that make everything fit (the board's text, the die, the column), zoomed by ``scale``."""
    return dataclasses.replace(_fitted(_shape(view), width, height, floor, view), scale=scale)


def _shape(view: View) -> tuple[object, ...]:
    """What the sizes at 100 % depend on: the rows' and cells' words, the status, the question, the log's last."""
    rows = tuple((r.region, r.header, r.sticky, r.panel, tuple((c.text, c.note, c.kind) for c in r.cells))
                 for r in view.rows)
    overlay = None if view.overlay is None else (view.overlay.prompt, view.overlay.typed is not None,
                                                 tuple(c.text for r in view.overlay.rows for c in r.cells))
    return view.title, view.status, view.game, rows, overlay


_FITTED: dict[tuple[object, ...], Metrics] = {}


def _fitted(shape: tuple[object, ...], width: int, height: int, floor: int, view: View) -> Metrics:
    """:func:`_fit`, remembered for the last few screens (a frame is drawn many times between two moves)."""
    key = (shape, width, height, floor)
    found = _FITTED.get(key)
    if found is None:
        found = _FITTED[key] = _fit(view, width, height, floor)
        while len(_FITTED) > 16:
            del _FITTED[next(iter(_FITTED))]
    return found


def _fit(view: View, width: int, height: int, floor: int) -> Metrics:
    """The sizes at 100 %: the board gets the largest text at which it fits whole, the left column the rest.

    Every width of the left column in :data:`SHARES` is tried: the board's
    text is the largest at which every row and column fits beside it; body
    text is no larger than the board's (issue 23: the board is the game, its
    text never smaller than the status line's, down to the floor); the dice are the largest that leave the column
    room for the title, status, moves and three lines of messages. The
    width chosen fits the column, then the whole board, then gives the
    largest board text, then the largest body text and dice.
    """
    one = Metrics(width, height, 1.0, floor)
    base = round(one.base)
    dice, _actions, listed = _parts(view)
    count = len(dice.cells) if dice is not None else 5
    whole = pygame.Rect(one.margin, one.margin, width - 2 * one.margin, height - 2 * one.margin)
    if not view.game:
        return Metrics(width, height, 1.0, floor, base, _die_base(one, count, whole.width, height * 0.32))
    if not _beside(one):
        board = _fitting_size(listed, base, floor, whole, one)
        return Metrics(width, height, 1.0, floor, board, _die_base(one, count, whole.width, height * 0.32))
    best: tuple[tuple[int, int, int, int, int], Metrics] | None = None
    for share in SHARES:
        trial = Metrics(width, height, 1.0, floor, side_base=round(width * share))
        side, area = _areas(trial, 1.0)
        board = _fitting_size(listed, base, floor, area, trial) if listed else base
        whole_board = int(not listed or _grid_fits(listed, board, area, trial))
        for text, room in itertools.product(TEXT_CAPS, DICE_ROOMS):
            sized = dataclasses.replace(trial, text_base=min(round(base * text), board))
            die = _die_base(sized, count, side.width, height * room)
            fitted = dataclasses.replace(sized, board_base=board, die_base=die)
            painter = Painter(None, THEMES["yellow-on-black"], fitted)
            need = _extent(_side_units(painter, view, side.width), fitted.pad) + fitted.margin \
                + _message_height(view, fitted, side.width, 3)
            fits = need <= side.height
            score = (int(fits), whole_board, board if fits else 0, fitted.body, die)
            if best is None or score > best[0]:
                best = (score, fitted)
            if fits:
                break
    assert best is not None
    return best[1]


def _head_units(p: Painter, view: View, width: int) -> list[Unit]:
    m = p.m
    units = _text_units(view.title, m.title, width, "title")
    if view.status:
        units += _text_units(view.status, m.body, width, "status")
    return units


def _side_units(p: Painter, view: View, width: int) -> list[Unit]:
    """Title, status, dice, actions and the text field or question, in reading order."""
    dice, actions, _listed = _parts(view)
    focus = None if view.overlay is not None else view.focus
    units = _head_units(p, view, width)
    if dice is not None:
        dice_units, p.drawn.die, p.drawn.digit = _dice_units(dice, focus, width, p.m)
        units += dice_units
    units += _flow_units(actions, focus, width, p.m)
    if view.overlay is not None:
        units += _overlay_units(p, view.overlay, view.focus, width)
    return units


def _least_panel(m: Metrics) -> int:
    """The smallest message panel: one line with whose it is, and a "more" mark."""
    return block_height(m.body, 1) + line_height(m.mark) + 3 * m.pad


def _split(m: Metrics, view: View, rect: pygame.Rect, units: list[Unit], share: float,
           pinned: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """``rect`` cut into the content above (``units``) and the message panel below.

    The panel gets what the content leaves, and at least three lines or the
    newest message whole, up to ``share`` of the height; the content scrolls
    when it needs more. ``pinned``: the height of a row kept at the top (a scorecard's names).
    """
    wanted = _message_height(view, m, rect.width, 3)
    least = min(wanted, round(rect.height * share))
    least = max(least, min(wanted, _least_panel(m)))
    panel = max(least, rect.height - _extent(units, m.pad) - m.margin)
    # The focused unit is always whole: the panel gives way to it, the "more" strips and the dice's
    # stand-ins above it, down to its smallest, when it must.
    strips = 2 * (line_height(m.mark) + m.pad)
    most = rect.height - m.margin - _least_panel(m) - strips - pinned
    ins = sum(stand_in.height + m.pad for stand_in in _stand_ins(units, most, m.pad).values())
    focused = max((u.height for u in units if u.focus), default=0) + strips + pinned + ins
    panel = max(_least_panel(m), min(panel, rect.height - m.margin - focused))
    top = pygame.Rect(rect.left, rect.top, rect.width, rect.height - panel - m.margin)
    return top, pygame.Rect(rect.left, top.bottom + m.margin, rect.width, panel)


def _game(p: Painter, view: View, messages: bool = True) -> None:
    """A game's screen: the left column (with the message panel, unless ``messages`` is false) and the board."""
    m = p.m
    _dice, _actions, listed = _parts(view)
    board_focus = view.focus if view.overlay is None else None
    if _beside(m) and m.scale <= BESIDE_ZOOM:
        side, main = _areas(m, m.scale)
        units = _side_units(p, view, side.width)
        content, panel = _split(m, view, side, units, 0.6)
        _column(p, content, units)
        if messages:
            _messages(p, view, panel)
        board, sticky, _paged = _board_units(listed, board_focus, main.width, m.board, m)
        _column(p, main, board, sticky, gap=0)
        return
    whole = pygame.Rect(m.margin, m.margin, m.width - 2 * m.margin, m.height - 2 * m.margin)
    board, sticky, _paged = _board_units(listed, board_focus, whole.width, m.board, m)
    above = _side_units(p, view, whole.width)
    focused = max((u.height for u in board if u.focus), default=0)
    room = whole.height - _least_panel(m) - m.margin - 2 * (line_height(m.mark) + m.pad)
    if sticky is not None and focused and sticky.height + focused <= room:
        # The focus is in the scorecard: its names stay at the top, so every number keeps its owner in view.
        content, panel = _split(m, view, whole, above + board, 0.35, sticky.height)
        _column(p, content, above + board, sticky)
    else:
        units = above + ([sticky] if sticky is not None else []) + board
        content, panel = _split(m, view, whole, units, 0.35)
        _column(p, content, units)
    if messages:
        _messages(p, view, panel)


def _screen(p: Painter, view: View) -> None:
    """A menu, a page of help or a question: the list (with the field or question) and the messages beside it."""
    m = p.m
    _dice, _actions, listed = _parts(view)
    whole = pygame.Rect(m.margin, m.margin, m.width - 2 * m.margin, m.height - 2 * m.margin)
    if _beside(m):
        share = min(0.45, 0.36 * max(1.0, m.scale * 0.8))
        panel_w = round(whole.width * share)
        content = pygame.Rect(whole.left, whole.top, whole.width - panel_w - m.margin, whole.height)
        panel = pygame.Rect(content.right + m.margin, whole.top, panel_w, whole.height)
    else:
        content, panel = whole, whole
    focus = view.focus if view.overlay is None else None
    units = _head_units(p, view, content.width)
    if view.overlay is not None:
        units += _overlay_units(p, view.overlay, view.focus, content.width)
    board, sticky, _paged = _board_units(listed, focus, content.width, m.body, m)
    units += ([sticky] if sticky is not None else []) + board
    if not _beside(m):
        content, panel = _split(m, view, whole, units, 0.35)
    _column(p, content, units)
    _messages(p, view, panel)
