"""The window's colours: three high-contrast themes, a low-contrast one, and every colour lives here.

Low-vision players choose between yellow on black (the default), white on
black and black on white (docs/spec/experience.md §5); a player for whom high contrast
glares chooses low contrast, grey on dark grey at 5.7:1 (checklist LV-13).
Each may choose their own text and background colours from :data:`PALETTE`:
a pair under 4.5:1 (WCAG AA, the least any text reaches, LV-01) is refused
with its contrast said (:func:`check_pair`); a pair from 4.5:1 to under 7:1
is taken, and said with its contrast as a warning (:func:`faint_pair`),
since a player may want exactly that. No other module names a colour
(checklist LV-13): the drawing code asks the theme for a role ("text",
"focus", "pip"), so a new theme is one more entry in :data:`THEMES`.

Every pair of colours that must be told apart is declared in
:meth:`Theme.text_pairs` (text on its background, at least 7:1, WCAG AAA,
LV-02, in the high-contrast themes; at least the theme's ``least`` in any)
and :meth:`Theme.graphic_pairs` (focus frame, held-die marker, pips on a face,
a face on the table, at least 3:1, WCAG 1.4.11, LV-05);
``tests/test_theme.py`` computes each ratio with WCAG's relative luminance.
Colour is never the only cue: held dice are raised, framed and labelled,
shut flaps are lowered, barred and labelled, the focus is a thick frame and
an inversion (LV-06).
"""

from __future__ import annotations

from dataclasses import dataclass

from accessible_dice.errors import N_, InvalidInput

Colour = tuple[int, int, int]

#: WCAG's thresholds, as used by the tests and by anyone adding a theme.
TEXT_CONTRAST = 7.0
GRAPHIC_CONTRAST = 3.0
#: The least any text reaches, in the low-contrast theme and in a pair the player chose (WCAG AA, LV-01).
LOW_CONTRAST = 4.5


def _linear(channel: int) -> float:
    """One sRGB channel (0..255) as linear light, per WCAG 2.2's definition."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: Colour) -> float:
    """WCAG relative luminance: 0 for black, 1 for white."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@dataclass(frozen=True)
class Theme:
    """The colour of each role on screen.

    ``background`` is the page and the table; ``text`` every word and digit
    on it; ``border`` the thin outline of an item; ``focus`` the thick frame
    around the focused item, whose inside turns ``focus_fill`` with
    ``focus_text``; ``face`` and ``pip`` draw a die; ``held`` marks a held
    die (beside its raised place and the word "held"), a colour that is
    never the focus frame's, in a rounded frame where the focus is square.
    ``least`` is the contrast every text pair reaches: :data:`TEXT_CONTRAST` in a
    high-contrast theme, :data:`LOW_CONTRAST` in the low-contrast one.
    """

    id: str
    #: The theme's name as spoken, marked for translation.
    title: str
    background: Colour
    text: Colour
    border: Colour
    focus: Colour
    focus_fill: Colour
    focus_text: Colour
    face: Colour
    pip: Colour
    held: Colour
    least: float = TEXT_CONTRAST

    @property
    def high_contrast(self) -> bool:
        return self.least >= TEXT_CONTRAST

    def text_pairs(self) -> dict[str, tuple[Colour, Colour]]:
        """Text and its background: must reach :data:`TEXT_CONTRAST` (LV-01..LV-03)."""
        return {
            "text on background": (self.text, self.background),
            "focused text on focus fill": (self.focus_text, self.focus_fill),
            # The text field and placeholders use the page's own colours (LV-03).
            "typed text in a field": (self.text, self.background),
        }

    def graphic_pairs(self) -> dict[str, tuple[Colour, Colour]]:
        """Shapes that carry meaning against what touches them: :data:`GRAPHIC_CONTRAST` (LV-05)."""
        return {
            "item border on background": (self.border, self.background),
            "focus frame on background": (self.focus, self.background),
            "focus fill on background": (self.focus_fill, self.background),
            "held marker on table": (self.held, self.background),
            "pips on die face": (self.pip, self.face),
            "die face on table": (self.face, self.background),
        }


BLACK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)
YELLOW: Colour = (255, 255, 0)
CYAN: Colour = (0, 255, 255)
DARK_BLUE: Colour = (0, 0, 192)
#: The held-die marker, a colour of its own in every theme: never the focus frame's (issue 13).
#: A light magenta: pure magenta is 6.7:1 on black, under the 7:1 that high contrast asks of every shape (LV-02).
MAGENTA: Colour = (255, 80, 255)
DARK_RED: Colour = (176, 0, 0)
#: The low-contrast theme's text and page: 5.7:1, over WCAG AA's 4.5:1 and well under the 19:1 of yellow on black.
GREY: Colour = (170, 170, 170)
DARK_GREY: Colour = (48, 48, 48)
#: Its focus frame, a pale gold (6.7:1 on dark grey), and held marker, a pale magenta (5.3:1): neither is grey.
PALE_GOLD: Colour = (200, 185, 120)
PALE_MAGENTA: Colour = (210, 140, 210)

THEMES: dict[str, Theme] = {
    theme.id: theme
    for theme in (
        # Translators: a colour theme's name.
        Theme("yellow-on-black", N_("Yellow on black"), background=BLACK, text=YELLOW, border=YELLOW,
              focus=WHITE, focus_fill=YELLOW, focus_text=BLACK, face=YELLOW, pip=BLACK, held=MAGENTA),
        # Translators: a colour theme's name.
        Theme("white-on-black", N_("White on black"), background=BLACK, text=WHITE, border=WHITE,
              focus=YELLOW, focus_fill=WHITE, focus_text=BLACK, face=WHITE, pip=BLACK, held=MAGENTA),
        # Translators: a colour theme's name.
        Theme("black-on-white", N_("Black on white"), background=WHITE, text=BLACK, border=BLACK,
              focus=DARK_BLUE, focus_fill=BLACK, focus_text=WHITE, face=BLACK, pip=WHITE, held=DARK_RED),
        # Translators: a colour theme's name: soft grey text on a dark grey page, for players whom high contrast glares.
        Theme("low-contrast", N_("Low contrast: grey on dark grey"), background=DARK_GREY, text=GREY, border=GREY,
              focus=PALE_GOLD, focus_fill=GREY, focus_text=DARK_GREY, face=GREY, pip=DARK_GREY, held=PALE_MAGENTA,
              least=LOW_CONTRAST),
    )
}
DEFAULT = "yellow-on-black"

#: Colours a player may choose for text and background beyond the themes (``text-colour``,
#: ``background-colour``); ``theme`` keeps the theme's own. Grey on dark grey is the low-contrast pair.
PALETTE: dict[str, Colour] = {
    "black": BLACK, "white": WHITE, "yellow": YELLOW, "cyan": CYAN, "green": (0, 255, 0),
    "navy": (0, 0, 128), "cream": (255, 250, 205), "grey": GREY, "dark-grey": DARK_GREY,
}
#: Colours for the focus frame and the held marker of a chosen pair, tried in this order.
_MARKERS: tuple[Colour, ...] = (WHITE, YELLOW, CYAN, MAGENTA, BLACK, DARK_BLUE, DARK_RED, PALE_GOLD, PALE_MAGENTA)


class ColoursTooClose(InvalidInput):
    # Translators: a colour pair refused; {text} and {background} are colour words, {ratio} e.g. "1.1".
    template = N_("{text} on {background} has a contrast of only {ratio} to 1; text needs at least 4.5 to 1, "
                  "so the colours stay as they were.")


class ColoursFaint(InvalidInput):
    """Not a refusal: a pair taken, said with its contrast, as the player may not have meant it."""

    # Translators: said after a colour pair was taken; {text} and {background} are colour words, {ratio} e.g. "5.7".
    template = N_("{text} on {background} has a contrast of {ratio} to 1, lower than the 7 to 1 of high "
                  "contrast; F8 goes back to the themes.")


def chosen_colours(theme_id: str, text: str, background: str) -> tuple[Colour, Colour]:
    """The text and background colours of ``theme_id`` with the player's choices (``theme``: the theme's own)."""
    theme = THEMES[theme_id]
    return (PALETTE.get(text, theme.text), PALETTE.get(background, theme.background))


def _ratio(theme_id: str, text: str, background: str) -> float:
    return contrast_ratio(*chosen_colours(theme_id, text, background))


def check_pair(theme_id: str, text: str, background: str) -> None:
    """Refuse a text and background pair under 4.5:1 (WCAG AA), saying its contrast: it could not be read."""
    ratio = _ratio(theme_id, text, background)
    if ratio < LOW_CONTRAST:
        raise ColoursTooClose(text=text, background=background, ratio=round(ratio, 1), colours=True)


def faint_pair(theme_id: str, text: str, background: str) -> ColoursFaint | None:
    """The warning for a pair of the player's own under 7:1 (none for a theme's own colours: its name says it)."""
    ratio = _ratio(theme_id, text, background)
    if (text, background) == ("theme", "theme") or ratio >= TEXT_CONTRAST:
        return None
    return ColoursFaint(text=text, background=background, ratio=round(ratio, 1), colours=True)


def themed(theme_id: str, text: str = "theme", background: str = "theme") -> Theme:
    """The theme, or a theme made from the player's pair: focus and held markers chosen to stand out on it."""
    theme = THEMES[theme_id]
    if text == "theme" and background == "theme":
        return theme
    ink, page = chosen_colours(theme_id, text, background)
    markers = [c for c in _MARKERS if c not in (ink, page) and contrast_ratio(c, page) >= GRAPHIC_CONTRAST]
    focus = markers[0] if markers else ink
    held = markers[1] if len(markers) > 1 else ink
    return Theme(theme.id, theme.title, background=page, text=ink, border=ink, focus=focus, focus_fill=ink,
                 focus_text=page, face=ink, pip=page, held=held, least=min(TEXT_CONTRAST, contrast_ratio(ink, page)))


def next_theme(current: str) -> Theme:
    """The theme after ``current`` in :data:`THEMES`, round and round (the theme key)."""
    ids = list(THEMES)
    return THEMES[ids[(ids.index(current) + 1) % len(ids)]]
