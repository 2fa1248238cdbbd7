"""What the window draws: text inside the window at every size and scale, a visible focus, contrast.

LV-07 (text size), LV-08 (200 % text without losing content off screen),
LV-15/LV-17 (focus inside the window), LV-18 (the focus changes enough
pixels, with enough contrast), LV-06 (held dice differ without colour),
and a screenshot of each game in each theme checked for size and contrast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame
import pytest
from window_driver import Driver, open_driver

from accessible_dice.theme import THEMES, Theme, contrast_ratio
from accessible_dice.ui.window import Entry, draw
from accessible_dice.ui.window.draw import Metrics
from accessible_dice.ui.window.menu import MainMenu

_driver = pytest.fixture(name="driver")(open_driver)

SIZES = [(1280, 720), (1920, 1080)]
SCALES = [1.0, 2.0, 3.0]


def _main_menu(d: Driver) -> None:
    d.window.push(MainMenu(d.window, manual=False, seed=1))


def _games(d: Driver) -> None:
    _main_menu(d)
    d.keys("return")


def _options(d: Driver) -> None:
    _games(d)
    d.keys("down", "down", "return")  # past the quick game: Yatzy
    d.type("Anna, Bartholomew-Maximilian, cpu")
    d.keys("return")


def _entry(d: Driver) -> None:
    _games(d)
    d.keys("down", "return")  # past the quick game: Shut the Box
    d.type("Anna, Ben, Carla, Dave")


def _confirm(d: Driver) -> None:
    _main_menu(d)
    d.keys("escape")


def _help(d: Driver) -> None:
    d.game("yatzy", ["Anna"])
    d.keys("f1")


def _rules(d: Driver) -> None:
    d.game("yatzy", ["Anna"])
    d.keys("ctrl+f1")


def _shut_the_box(d: Driver) -> None:
    d.game("shut-the-box", ["Anna", "Ben", "Carla", "Dave"], seed=2)
    d.keys("return", "down")


def _yatzy(d: Driver) -> None:
    d.game("yatzy", ["Anna", "Ben", "Carla", "Dave", "Eve", "Frank", "Gus", "Hanna"], seed=2)
    d.keys("r", "1", "4", "down", "down", "down")


def _threes_away(d: Driver) -> None:
    d.game("threes-away", ["Anna", "Ben"], seed=2, start="order", rounds="2")
    d.keys("r", "2", "up")


def _storeslem(d: Driver) -> None:
    d.game("storeslem", ["Anna", "Ben"], seed=2)
    d.keys("return", "return", "r", "down", "down", "return")


def _quiclo(d: Driver) -> None:
    d.game("quiclo", ["Anna", "Ben", "Carla"], seed=2)
    d.keys("r", "down")


def _actions(d: Driver) -> None:
    d.game("shut-the-box", ["Anna"])
    d.keys("escape")


SCREENS: dict[str, Callable[[Driver], None]] = {
    "main menu": _main_menu, "games": _games, "options": _options, "names field": _entry,
    "confirm": _confirm, "help": _help, "rules": _rules, "shut the box": _shut_the_box, "yatzy": _yatzy,
    "threes away": _threes_away, "storeslem": _storeslem, "quiclo": _quiclo, "actions": _actions,
}
GAMES = {"shut the box": _shut_the_box, "yatzy": _yatzy, "threes away": _threes_away, "storeslem": _storeslem,
         "quiclo": _quiclo}


def _render(d: Driver, size: tuple[int, int], scale: float = 1.0) -> tuple[pygame.Surface, draw.Drawn]:
    surface = pygame.Surface(size)
    d.window.scale = scale
    drawn = d.window.draw(surface)
    return surface, drawn


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p"])
@pytest.mark.parametrize("name", list(SCREENS))
def test_LV_17_text_stays_inside_the_window_and_the_focus_is_on_screen(driver: Driver, name: str,
                                                                 size: tuple[int, int], scale: float) -> None:
    SCREENS[name](driver)
    surface, drawn = _render(driver, size, scale)
    window = surface.get_rect()
    outside = [(text, rect) for text, rect in drawn.texts if not window.contains(rect)]
    assert outside == []
    assert drawn.texts, "something is written"
    assert drawn.focus is not None and window.contains(drawn.focus)
    assert all(window.contains(rect) for rect in drawn.cells.values())


@pytest.mark.parametrize("name", ["main menu", "shut the box", "yatzy", "threes away", "actions"])
def test_LV_18_the_focus_changes_enough_pixels_with_enough_contrast(driver: Driver, name: str) -> None:
    """LV-17/LV-18: focused against unfocused, the focused item's area changes visibly."""
    SCREENS[name](driver)
    screen = driver.top
    focused_key = screen.focus.cell_key
    before, drawn = _render(driver, SIZES[1])
    cell = drawn.cells[focused_key]
    area = drawn.focus
    assert area is not None and area.contains(cell)
    driver.keys("down") if name != "yatzy" else driver.keys("up")
    assert screen.focus.cell_key != focused_key
    after, _ = _render(driver, SIZES[1])
    changed = [(before.get_at((x, y))[:3], after.get_at((x, y))[:3])
               for x in range(area.left, area.right) for y in range(area.top, area.bottom)
               if before.get_at((x, y)) != after.get_at((x, y))]
    perimeter = 2 * (cell.width + cell.height)
    assert len(changed) >= 2 * perimeter
    strong = [pair for pair in changed if contrast_ratio(*pair) >= 3]
    assert len(strong) >= 2 * perimeter


def test_LV_07_body_text_is_at_least_18_px_high_at_1080p_and_scales_with_the_window() -> None:
    """LV-07: the smallest text drawn (notes under dice and flaps) has capitals 18 px high or more."""
    pygame.font.init()
    for height, least in ((1080, 18), (2160, 36)):
        m = Metrics(height * 16 // 9, height, 1.0)
        image = draw.font(m.note).render("H", True, (255, 255, 255))
        assert image.get_bounding_rect().height >= least
    assert Metrics(1920, 1080, 2.0).body == 2 * Metrics(1920, 1080, 1.0).body


def test_LV_06_a_held_die_differs_from_a_loose_one_in_greyscale(driver: Driver) -> None:
    """LV-06: held is shown by place, a frame and a word, so it survives without colour."""
    screen = driver.game("yatzy", ["Anna"], seed=3)
    driver.keys("r")
    driver.keys("down")  # the focus leaves the dice, so only the hold differs
    loose, drawn = _render(driver, SIZES[0])
    area = drawn.cells["die0"].inflate(40, 40)
    driver.keys("1")
    assert screen.game.held() == (0,)
    driver.keys("down")
    held, _ = _render(driver, SIZES[0])
    grey = [pygame.transform.grayscale(image) for image in (loose, held)]
    differ = sum(grey[0].get_at((x, y)) != grey[1].get_at((x, y))
                 for x in range(area.left, area.right) for y in range(area.top, area.bottom))
    assert differ > area.width * area.height // 10


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("name", list(GAMES))
def test_LV_04_a_screenshot_of_each_game_in_each_theme(driver: Driver, name: str, theme: str) -> None:
    """The picture has the window's size, is mostly the theme's background, and its text colour is 7:1 on it
    (the low-contrast theme's own 4.5:1 there)."""
    driver.window.theme = THEMES[theme]
    GAMES[name](driver)
    surface, _ = _render(driver, SIZES[0])
    assert surface.get_size() == SIZES[0]
    colours = Counter(tuple(surface.get_at((x, y))[:3]) for x in range(0, 1280, 4) for y in range(0, 720, 4))
    (background, most), *others = colours.most_common()
    assert background == THEMES[theme].background and most > sum(colours.values()) // 2
    strongest = max(contrast_ratio(colour, background) for colour, _ in others)
    assert strongest >= THEMES[theme].least
    assert THEMES[theme].text in colours and THEMES[theme].face in colours


@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p"])
@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("name", list(SCREENS))
def test_LV_04_every_text_reaches_7_to_1_against_the_lowest_contrast_pixel_behind_it(
        driver: Driver, name: str, theme: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each screen is drawn twice: once as it is, noting every text's colour and the box of its letters, and
    once with the texts left out, which leaves what lies behind them. Every pixel behind a text is 7:1 or
    more from the text's colour (4.5:1 in the low-contrast theme), so no texture, picture or neighbouring shape
    ever lowers the contrast."""
    driver.window.theme = THEMES[theme]
    SCREENS[name](driver)
    written: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
    text = draw.Painter.text

    def noting(painter: draw.Painter, words: str, size: int, colour: tuple[int, int, int], **where: object) -> object:
        rect = text(painter, words, size, colour, **where)  # type: ignore[arg-type]
        if words.strip():  # the box of the letters' ink, not of the line with its leading
            written.append((draw.font(size).render(words, True, colour).get_bounding_rect().move(rect.topleft),
                            colour))
        return rect

    monkeypatch.setattr(draw.Painter, "text", noting)
    _render(driver, size)
    monkeypatch.setattr(draw, "_rendered", lambda words, size, colour: pygame.Surface(
        draw.font(size).size(words), pygame.SRCALPHA))
    behind, _ = _render(driver, size)
    assert written
    window = behind.get_rect()
    low = []
    for rect, colour in written:
        area = rect.clip(window)
        under = {behind.get_at((x, y))[:3]
                 for x in range(area.left, area.right, 2) for y in range(area.top, area.bottom, 2)}
        worst = min(contrast_ratio(colour, pixel) for pixel in under)
        if worst < THEMES[theme].least:
            low.append((rect, colour, round(worst, 2)))
    assert low == []


def _settings(d: Driver) -> None:
    d.setting("theme")


def _score_history(d: Driver) -> None:
    _main_menu(d)
    assert d.top.focus.place("scores")
    d.keys("return")


#: LV-13's screens: the menus, the settings, each game, the score history and the help.
EVERY_SCREEN = {**SCREENS, "settings": _settings, "score history": _score_history}


def _colours(surface: pygame.Surface) -> Counter[tuple[int, int, int]]:
    raw = pygame.image.tobytes(surface, "RGB")
    return Counter(tuple(raw[at:at + 3]) for at in range(0, len(raw), 3))  # type: ignore[misc]


def _blends(theme: Theme) -> Callable[[tuple[int, int, int]], bool]:
    """Whether a colour is one of the theme's, or between two of them (the soft edge of a letter or a pip)."""
    roles = {theme.background, theme.text, theme.border, theme.focus, theme.focus_fill, theme.focus_text, theme.face,
             theme.pip, theme.held}

    def between(colour: tuple[int, int, int], a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        span = [y - x for x, y in zip(a, b, strict=True)]
        length = sum(d * d for d in span)
        along = sum((c - x) * d for c, x, d in zip(colour, a, span, strict=True))
        t = 0.0 if length == 0 else max(0.0, min(1.0, along / length))
        return all(abs(c - (x + t * d)) <= 3 for c, x, d in zip(colour, a, span, strict=True))

    return lambda colour: any(between(colour, a, b) for a in roles for b in roles)


@pytest.mark.parametrize("name", list(EVERY_SCREEN))
def test_LV_13_switching_the_theme_draws_every_screen_in_the_new_palette(driver: Driver, name: str) -> None:
    """The low-contrast theme chosen in the settings: every pixel of the screen is then of its colours (or a
    letter's soft edge between two of them), none is left in the old theme's, dice and boards included."""
    EVERY_SCREEN[name](driver)
    before, _ = _render(driver, SIZES[0])
    old = THEMES["yellow-on-black"]
    assert old.background in _colours(before)
    driver.window.prefs.command(["theme", "low-contrast"])
    new = driver.window.theme
    assert new is THEMES["low-contrast"]
    colours = _colours(_render(driver, SIZES[0])[0])
    in_palette = _blends(new)
    strays = sorted(colour for colour in colours if not in_palette(colour))
    assert strays == []
    assert {new.background, new.text} <= set(colours)
    assert not {old.background, old.text, old.focus, old.held} & set(colours)
    assert colours.most_common(1)[0][0] == new.background


def test_an_open_text_field_is_drawn_with_its_text_and_a_frame(driver: Driver) -> None:
    _entry(driver)
    assert isinstance(driver.top, Entry)
    _, drawn = _render(driver, SIZES[1])
    assert "field" in drawn.cells and drawn.focus is not None and drawn.focus.contains(drawn.cells["field"])
    assert any("Anna, Ben, Carla, Dave" in text for text, _ in drawn.texts)


def test_every_registered_game_has_its_screens_checked() -> None:
    """A game added to the registry fails here until it has its render scenario above (issue 28)."""
    from accessible_dice.games import GAMES as REGISTERED

    assert {name.replace(" ", "-") for name in GAMES} == set(REGISTERED)
