"""What a low-vision player sees, read back from the pixels with tesseract (issue 23).

Every game of the registry, with 1, 2, 4 and the most players it allows,
at 1024x768, 1366x768 and 1920x1080 (and the example game Pig, registered
here as a newcomer's game is, with 2 players at 1024x768), drawn at 100 %
on SDL's dummy display: whose turn (the status's first words) and every board heading
and every number or word of every board cell are read by OCR where the
layout put them. After 2 and 4 Ctrl+Plus (150 % and 200 %) the focused
board item, whose turn and every die's digit are read again, and their
letters must have grown. All screenshots of a test go to one tesseract
process (tests/window_pixels.py), so the whole file takes seconds.

The tests of the tests break the drawing on purpose (the message panel
draws no text, the dice are drawn at 100 % while zoomed, the board's cells
draw nothing) and check that the pixel checks then fail, where the
layout's own rectangles would still pass.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pig
import pygame
import pytest
import window_fit
import window_pixels as pixels
from window_driver import Driver, open_window

from accessible_dice import games
from accessible_dice.ui.window import draw

pytestmark = pytest.mark.skipif(not pixels.available(), reason="tesseract is not installed")

SIZES = window_fit.SIZES
#: The 100 % cases: every game of the registry with each player count at each size, and the example game Pig
#: (tests/pig, registered for this module as a newcomer's game is) in one representative case.
WHOLE = [(game, count, size) for game in games.GAMES for count in window_fit.counts(game) for size in SIZES] \
    + [(pig.GAME_ID, 2, (1024, 768))]
#: The zoom cases, one per game at the laptop size (and Yatzy with four players, the report's case), and Pig.
ZOOMED = [(game, 2 if games.game_class(game).max_players >= 2 else 1, (1366, 768)) for game in games.GAMES] \
    + [("yatzy", 4, (1366, 768)), (pig.GAME_ID, 2, (1366, 768))]


@pytest.fixture(scope="module", autouse=True)
def _pig() -> Iterator[None]:
    with pig.registered():
        yield


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Driver]:
    """One window for the module: every case starts its game on a fresh screen stack."""
    folder = tmp_path_factory.mktemp("pixels")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ACCESSIBLE_DICE_DATA", str(folder / "data"))
        patch.setenv("ACCESSIBLE_DICE_CONFIG", str(folder / "config"))
        window, spy = open_window()
        yield Driver(window, spy)
        pygame.event.clear()
        pygame.display.quit()


def _shot(d: Driver, size: tuple[int, int]) -> tuple[pygame.Surface, draw.Drawn]:
    surface = pygame.Surface(size)
    return surface, d.window.draw(surface)


def _whole(d: Driver, game: str, count: int, size: tuple[int, int]) -> pixels.Sheet:
    """The screen at 100 % after the first throw: whose turn and every board heading and cell."""
    d.window.scale = 1.0
    window_fit.setup(d, game, count)
    surface, drawn = _shot(d, size)
    view = d.window.view()
    sheet = pixels.Sheet(surface, [pixels.status_crop(drawn, view), *pixels.board_crops(drawn, view)])
    sheet.sizes = (drawn.body, drawn.board)  # type: ignore[attr-defined]
    return sheet


def _focus_board(d: Driver) -> None:
    """The focus on the first board cell with words (a flap, a box, a player's lives)."""
    row = next(r for r in d.window.view().rows if r.region == "list" and any(c.text for c in r.cells))
    cell = next(c for c in row.cells if c.text)
    assert d.top.focus.place(row.key, cell.key)


def _zoomed(d: Driver, game: str, count: int, size: tuple[int, int]) -> list[pixels.Sheet]:
    """The focused board cell, whose turn and the dice at 100 %, after 2 and after 4 Ctrl+Plus."""
    d.window.scale = 1.0
    window_fit.setup(d, game, count)
    _focus_board(d)
    sheets = []
    for presses in (0, 2, 2):
        d.keys(*["ctrl+="] * presses)
        surface, drawn = _shot(d, size)
        view = d.window.view()
        sheets.append(pixels.Sheet(surface, [pixels.focus_crop(drawn, view), pixels.status_crop(drawn, view),
                                             *pixels.dice_crops(drawn, view)]))
    assert d.window.scale == 2.0, "four Ctrl+Plus are 200 %"
    d.window.scale = 1.0
    return sheets


def _missing(sheet: pixels.Sheet) -> list[pixels.Crop]:
    return [crop for crop in sheet.crops if not crop.found]


def _shrunk(sheets: list[pixels.Sheet]) -> list[str]:
    """The crops whose letters did not grow from one zoom to the next (by at least a tenth)."""
    return [f"{small.name}: {small.height:.0f} → {large.height:.0f} px"
            for before, after in itertools.pairwise(sheets)
            for small, large in zip(before.crops, after.crops, strict=True)
            if not large.height >= 1.1 * small.height]


@pytest.fixture(scope="module")
def read_100(driver: Driver) -> dict[tuple[str, int, tuple[int, int]], pixels.Sheet]:
    sheets = {case: _whole(driver, *case) for case in WHOLE}
    pixels.read(list(sheets.values()))
    return sheets


@pytest.fixture(scope="module")
def read_zoomed(driver: Driver) -> dict[tuple[str, int, tuple[int, int]], list[pixels.Sheet]]:
    sheets = {case: _zoomed(driver, *case) for case in ZOOMED}
    pixels.read([sheet for three in sheets.values() for sheet in three])
    return sheets


@pytest.mark.parametrize(("game", "count", "size"), WHOLE, ids=[f"{g}-{n}-{w}x{h}" for g, n, (w, h) in WHOLE])
def test_at_100_percent_whose_turn_and_every_board_label_and_number_are_read(
        read_100: dict[tuple[str, int, tuple[int, int]], pixels.Sheet], game: str, count: int,
        size: tuple[int, int]) -> None:
    sheet = read_100[(game, count, size)]
    assert len(sheet.crops) > 1, "a board is drawn"
    assert _missing(sheet) == []
    body, board = sheet.sizes  # type: ignore[attr-defined]
    assert board >= body, "the board's text is never smaller than the status line's (issue 23)"


@pytest.mark.parametrize(("game", "count", "size"), ZOOMED, ids=[f"{g}-{n}" for g, n, _size in ZOOMED])
def test_after_2_and_4_ctrl_plus_the_focus_whose_turn_and_the_dice_are_read_and_larger(
        read_zoomed: dict[tuple[str, int, tuple[int, int]], list[pixels.Sheet]], game: str, count: int,
        size: tuple[int, int]) -> None:
    sheets = read_zoomed[(game, count, size)]
    assert [_missing(sheet) for sheet in sheets] == [[], [], []]
    assert _shrunk(sheets) == []


# ---------------------------------------------------------------- tests of the tests: break the drawing


def _blank(function: Callable[..., object]) -> Callable[..., object]:
    """``function`` (which draws with a painter, its first argument) laying out as usual but drawing nothing."""
    def drawing_nothing(p: draw.Painter, *args: object, **kwargs: object) -> object:
        canvas = p.canvas
        p.canvas = draw.Canvas(None)
        try:
            return function(p, *args, **kwargs)
        finally:
            p.canvas = canvas
    return drawing_nothing


def test_a_board_whose_cells_draw_nothing_fails_the_100_percent_check(driver: Driver,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The layout is unchanged (every rectangle in place, "nothing hidden"), only the pixels are missing."""
    whole = _whole(driver, "shut-the-box", 2, (1366, 768))
    original = draw._draw_cell

    def cell(p: draw.Painter, cell: object, *args: object, **kwargs: object) -> None:
        board = getattr(cell, "kind", "") in ("flap", "cell")
        (_blank(original) if board else original)(p, cell, *args, **kwargs)  # type: ignore[operator]

    monkeypatch.setattr(draw, "_draw_cell", cell)
    broken = _whole(driver, "shut-the-box", 2, (1366, 768))
    pixels.read([whole, broken])
    assert _missing(whole) == []
    flaps = {crop.name for crop in broken.crops if crop.name.startswith("flap")}
    assert len(flaps) == 20 and {crop.name for crop in _missing(broken)} >= flaps
    assert all(crop.rect is not None for crop in broken.crops), "the layout alone still says all is there"


def test_dice_drawn_at_100_percent_while_zoomed_fail_the_zoom_check(driver: Driver,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    original = draw._band_dice

    def small(row: object, focus: object, width: int, m: draw.Metrics, *args: object) -> object:
        return original(row, focus, width, dataclasses.replace(m, scale=1.0), *args)  # type: ignore[arg-type]

    monkeypatch.setattr(draw, "_band_dice", small)
    sheets = _zoomed(driver, "yatzy", 2, (1366, 768))
    pixels.read(sheets)
    assert any(name.startswith("die") for name in (line.split(":")[0] for line in _shrunk(sheets)))


def _fresh(d: Driver) -> Driver:
    """A new window on the module's display (the LV tests expect one of their own)."""
    window, spy = open_window()
    return Driver(window, spy)


def _lv_08(d: Driver) -> None:
    import test_checklist
    test_checklist.test_LV_08_LV_15_at_200_percent_every_game_shows_its_dice_and_message_and_no_cells_overlap(
        d, (1280, 720))


def _lv_09(d: Driver) -> None:
    import test_window_layout
    test_window_layout.test_LV_09_LV_15_every_element_is_inside_whole_apart_and_never_shrinks_as_the_zoom_grows(
        d, "yatzy", (1280, 720), "yellow-on-black")


def _lv_16(d: Driver) -> None:
    import test_checklist
    test_checklist.test_LV_16_the_messages_are_under_the_dice_and_reach_into_the_middle_of_the_window(
        d, (1280, 720))


def _lv_16_kb_08(d: Driver) -> None:
    import test_window_low_vision
    test_window_low_vision.test_LV_16_KB_08_the_players_own_result_stays_on_screen_with_the_computers_next_line(d)


@pytest.mark.parametrize("check", [_lv_08, _lv_09, _lv_16, _lv_16_kb_08],
                         ids=["LV-08", "LV-09", "LV-16", "LV-16-KB-08"])
def test_a_message_panel_drawing_no_text_fails_the_lv_tests_that_passed_with_it(
        driver: Driver, monkeypatch: pytest.MonkeyPatch, check: Callable[[Driver], None]) -> None:
    """The audit's mutation (issue 23): the panel laid out as usual but drawing nothing. These four tests
    passed with it; now each passes as the window is and fails with the mutation."""
    check(_fresh(driver))
    monkeypatch.setattr(draw, "_messages", _blank(draw._messages))
    with pytest.raises(AssertionError):
        check(_fresh(driver))


def test_the_sheet_reads_what_it_is_given(tmp_path: Path) -> None:
    """The reader itself: a drawn word is found, a blank rectangle is not."""
    pygame.font.init()
    surface = pygame.Surface((400, 100))
    surface.fill((0, 0, 0))
    surface.blit(draw.font(30).render("Chance 23", True, (255, 255, 0)), (10, 10))
    sheet = pixels.Sheet(surface, [pixels.Crop("word", "Chance 23", pygame.Rect(0, 0, 250, 60)),
                                   pixels.Crop("blank", "Chance", pygame.Rect(0, 60, 400, 40))])
    pixels.read([sheet])
    assert [crop.found for crop in sheet.crops] == [True, False]
    assert 15 <= sheet.crops[0].height <= 35


# ---------------------------------------------------------------- LV-11: the line-spacing setting


def _pitches(d: Driver) -> list[float]:
    """The rules page (Ctrl+F1) drawn at each line spacing (set on the settings screen, as a player does: Left and
    Right on the item): the distance from one line's letters to the next's, measured on the pixels of its
    longest paragraph, and that paragraph read back by OCR."""
    from accessible_dice.ui.window.settings import SettingsMenu

    d.window.scale = 1.0
    d.window.screens = []
    d.game("yatzy", ["Anna"])
    pitches = []
    for spacing in (100, 150, 200):
        d.window.push(SettingsMenu(d.window))
        d.top.settled()
        assert d.top.focus.place("line-spacing")
        while d.window.prefs.settings.line_spacing != spacing:
            d.keys("left" if d.window.prefs.settings.line_spacing > spacing else "right")
        d.keys("escape")
        d.keys("ctrl+f1")
        surface, drawn = _shot(d, (1024, 768))
        block = max((item for item in drawn.items if item.kind == "line"),
                    key=lambda item: sum(item.rect.contains(rect) for _text, rect in drawn.texts))
        pitches.append(pixels.line_pitch(surface, block.rect))
        words = " ".join(text for text, rect in drawn.texts if block.rect.contains(rect))
        sheet = pixels.Sheet(surface, [pixels.Crop("paragraph", words, block.rect)])
        pixels.read([sheet])
        assert sheet.crops[0].found, sheet.crops[0]
        d.keys("escape")
    return pitches


def test_LV_11_the_line_spacing_setting_spreads_the_lines_at_once(driver: Driver) -> None:
    single, half, double = _pitches(_fresh(driver))
    assert half >= 1.25 * single and double >= 1.25 * half, (single, half, double)


def test_a_line_spacing_the_drawing_ignores_fails_the_LV_11_check(driver: Driver,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    original = draw.render

    def fixed(surface: pygame.Surface, view: draw.View, theme: object, scale: float = 1.0, floor: int = 18,
              spacing: float = 1.5, origin: tuple[int, int] = (0, 0)) -> draw.Drawn:
        return original(surface, view, theme, scale, floor, 1.5, origin)  # type: ignore[arg-type]

    monkeypatch.setattr("accessible_dice.ui.window.render", fixed)
    single, half, double = _pitches(_fresh(driver))
    assert not (half >= 1.25 * single and double >= 1.25 * half)


# ---------------------------------------------------------------- the column heading stays with the focus


def _deep_in_the_card(d: Driver) -> pixels.Sheet:
    """Four-player Yatzy at 1366x768 and 200 %, the focus on Anna's Yatzy box (the card scrolled far down):
    the focused box, and Anna's column heading (the names row) where the window shows it."""
    d.window.scale = 1.0
    window_fit.setup(d, "yatzy", 4)
    assert d.top.focus.place("box-yatzy", "yatzy-0")
    d.keys("ctrl+=", "ctrl+=", "ctrl+=", "ctrl+=")
    surface, drawn = _shot(d, (1366, 768))
    view = d.window.view()
    heading = drawn.cells.get("name-0")
    focus = drawn.cells.get("yatzy-0")
    d.window.scale = 1.0
    assert heading is None or focus is None or heading.bottom <= focus.top
    return pixels.Sheet(surface, [pixels.focus_crop(drawn, view),
                                  pixels.Crop("heading", "Anna", None if heading is None else heading.inflate(-8, -8))])


def test_at_200_percent_the_focused_box_keeps_its_column_heading_in_view(driver: Driver,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Read by OCR: the focused box and "Anna" above it. Without the pinned names row (the mutation), the
    heading has scrolled away and is not read."""
    kept = _deep_in_the_card(driver)
    monkeypatch.setattr(draw, "_sticky", lambda *args: None)
    lost = _deep_in_the_card(driver)
    pixels.read([kept, lost])
    assert _missing(kept) == []
    assert [crop.name for crop in _missing(lost)] == ["heading"]
