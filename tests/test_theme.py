"""The window's colours: WCAG contrast of every pair that must be told apart, in every theme.

LV-01..LV-03: text on its background at least 7:1 (AAA) in every theme, not
only a special high-contrast one. LV-05: the focus frame, the held-die
marker, pips on a face and a face on the table at least 3:1. LV-13: no
colour is named outside the theme module.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from accessible_dice.theme import (
    DEFAULT,
    GRAPHIC_CONTRAST,
    LOW_CONTRAST,
    TEXT_CONTRAST,
    THEMES,
    Colour,
    contrast_ratio,
    next_theme,
    relative_luminance,
)

HIGH = [theme for theme in THEMES.values() if theme.high_contrast]

PACKAGE = Path(__file__).resolve().parents[1] / "accessible_dice"


def test_relative_luminance_follows_wcag() -> None:
    assert relative_luminance((0, 0, 0)) == 0
    assert relative_luminance((255, 255, 255)) == pytest.approx(1)
    # WCAG's worked values: pure sRGB primaries weigh 0.2126, 0.7152 and 0.0722.
    assert relative_luminance((255, 0, 0)) == pytest.approx(0.2126)
    assert relative_luminance((0, 255, 0)) == pytest.approx(0.7152)
    assert relative_luminance((0, 0, 255)) == pytest.approx(0.0722)
    # The low end is linear: 10/255 is below the 0.04045 knee.
    assert relative_luminance((10, 10, 10)) == pytest.approx(10 / 255 / 12.92)


def test_contrast_ratio_is_symmetric_and_spans_1_to_21() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast_ratio((118, 118, 118), (118, 118, 118)) == 1
    # #767676 on white is WCAG's well-known 4.54:1.
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def _under(pairs: dict[str, tuple[Colour, Colour]], least: float) -> dict[str, float]:
    """The pairs whose contrast is under ``least``, each with its ratio (rounded, to read in a failure)."""
    ratios = {name: contrast_ratio(*pair) for name, pair in pairs.items()}
    return {name: round(ratio, 2) for name, ratio in ratios.items() if ratio < least}


@pytest.mark.parametrize("theme", HIGH, ids=[theme.id for theme in HIGH])
def test_LV_01_LV_02_LV_03_every_text_pair_reaches_7_to_1(theme) -> None:
    assert _under(theme.text_pairs(), TEXT_CONTRAST) == {}


def test_LV_13_the_low_contrast_theme_is_under_7_to_1_and_keeps_wcag_aa() -> None:
    """The low-contrast choice is lower than every high-contrast theme yet keeps WCAG AA's 4.5:1 (LV-01)."""
    low = THEMES["low-contrast"]
    assert not low.high_contrast and low.least == LOW_CONTRAST
    ratios = {name: round(contrast_ratio(*pair), 2) for name, pair in low.text_pairs().items()}
    assert ratios == {"text on background": 5.68, "focused text on focus fill": 5.68, "typed text in a field": 5.68}
    assert all(contrast_ratio(theme.text, theme.background) > 15 for theme in HIGH)


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_LV_05_every_graphic_pair_reaches_3_to_1(theme) -> None:
    pairs = theme.graphic_pairs()
    assert {"focus frame on background", "held marker on table", "pips on die face", "die face on table"} <= set(pairs)
    assert _under(pairs, GRAPHIC_CONTRAST) == {}


@pytest.mark.parametrize("theme", HIGH, ids=[theme.id for theme in HIGH])
def test_LV_02_every_shape_that_carries_meaning_reaches_7_to_1_as_high_contrast_asks(theme) -> None:
    """In a high-contrast theme XAG 102's 7:1 holds for the shapes too, not only LV-05's 3:1."""
    assert _under(theme.graphic_pairs(), TEXT_CONTRAST) == {}


def test_the_three_themes_of_experience_md_with_yellow_on_black_first_then_low_contrast() -> None:
    assert list(THEMES) == ["yellow-on-black", "white-on-black", "black-on-white", "low-contrast"]
    assert [theme.id for theme in HIGH] == list(THEMES)[:3]
    assert DEFAULT == "yellow-on-black"
    yellow = THEMES["yellow-on-black"]
    assert (yellow.text, yellow.background) == ((255, 255, 0), (0, 0, 0))
    assert THEMES["black-on-white"].background == (255, 255, 255)


def test_the_theme_key_goes_round_all_themes() -> None:
    seen = [DEFAULT]
    for _ in THEMES:
        seen.append(next_theme(seen[-1]).id)
    assert seen[-1] == DEFAULT and set(seen) == set(THEMES)


def test_LV_06_focus_is_shown_by_more_than_a_colour_change() -> None:
    """LV-06: the focused fill differs from the page in every theme (an inversion), besides the frame."""
    for theme in THEMES.values():
        assert theme.focus_fill != theme.background and theme.focus_text != theme.text


def test_LV_13_no_colour_is_named_outside_the_theme_module() -> None:
    """LV-13: every RGB triple and hex colour of the window and its boards lives in theme.py."""
    window_files = sorted([*(PACKAGE / "ui" / "window").glob("*.py"), *(PACKAGE / "boards").glob("*.py")])
    assert len(window_files) > 10
    triple = re.compile(r"\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)")
    hex_colour = re.compile(r"#[0-9a-fA-F]{6}\b")
    found = [(path.name, m.group()) for path in window_files for m in
             [*triple.finditer(path.read_text()), *hex_colour.finditer(path.read_text())]]
    assert found == []
