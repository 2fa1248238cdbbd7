"""Checklist LV-10: the window's font draws every character of every language.

A missing glyph shows as an empty box, which a low-vision player cannot read
and a screen reader never reports. Every translated string of the seven
catalogs, and the signs the games draw (× ÷ − ·), must have a glyph in the
font the window uses.
"""

from __future__ import annotations

import pygame
import pytest
from babel.messages.pofile import read_po
from catalog_support import catalogs

from accessible_dice.arithmetic import SPELLINGS
from accessible_dice.ui.window.draw import FONT_FILE


@pytest.fixture(scope="module")
def font() -> pygame.font.Font:
    pygame.font.init()
    return pygame.font.Font(FONT_FILE, 24)


#: A code point no font has: it draws the font's "missing glyph" box.
NOT_A_CHARACTER = "\uffff"


def looks(font: pygame.font.Font, char: str) -> bytes:
    return pygame.image.tobytes(font.render(char, False, (255, 255, 255), (0, 0, 0)), "RGB")


def missing(font: pygame.font.Font, text: str) -> set[str]:
    """The characters of ``text`` the font draws as its missing-glyph box.

    SDL_ttf reports that box's metrics for a missing glyph rather than none,
    so each character's drawing is compared with the box's.
    """
    box = looks(font, NOT_A_CHARACTER)
    return {char for char in set(text) if not char.isspace() and looks(font, char) == box}


@pytest.mark.parametrize("code", catalogs.LANGUAGES)
def test_LV_10_every_string_of_the_language_has_its_glyphs(font: pygame.font.Font, code: str) -> None:
    with catalogs.po_path(code).open("rb") as handle:
        catalog = read_po(handle, locale=code)
    lacking: set[str] = set()
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in strings:
            lacking |= missing(font, text)
    assert not lacking, f"{code}: the window font has no glyph for {sorted(lacking)}"


def test_the_signs_of_the_games_have_glyphs(font: pygame.font.Font) -> None:
    assert not missing(font, "".join(SPELLINGS) + "()=")


def test_the_check_finds_a_missing_glyph(font: pygame.font.Font) -> None:
    assert missing(font, "\U0001F3B2") == {"\U0001F3B2"}  # a die emoji: not in the font
