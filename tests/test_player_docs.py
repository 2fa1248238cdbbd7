"""The players' documents in all seven languages: they exist, are linked, and name the same keys.

English has docs/keys.md, docs/playing.md, docs/speech.md, docs/settings.md and docs/online.md;
every other language has them as docs/<code>/…, linked from its
docs/<code>/accessibility.md. A translation says things in its own words, so
what must agree is what a player presses or types exactly: the function keys,
the command-line flags and the settings file's names. The key pages are made
from the window's key table in each language (``python -m accessible_dice.ui.window.keys CODE``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from accessible_dice import settings as config
from accessible_dice.presentation.i18n import LANGUAGES, language
from accessible_dice.ui.window import keys

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ("keys.md", "playing.md", "speech.md", "settings.md", "online.md")
OTHERS = [code for code in LANGUAGES if code != "en"]


def page(code: str, name: str) -> Path:
    return DOCS / name if code == "en" else DOCS / code / name


def exact(text: str) -> dict[str, set[str]]:
    """What a page names that a player presses or types as it is, in any language."""
    return {"function keys": set(re.findall(r"\bF\d{1,2}\b", text)),
            "flags": set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text)),
            "settings": {key for key in re.findall(r"^\| `([a-z-]+)` \|", text, re.MULTILINE)
                         if key in config.BY_KEY}}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_key_page_of_each_language_is_made_from_the_key_table(code: str) -> None:
    words = language(code)
    assert words.code == code
    assert page(code, "keys.md").read_text(encoding="utf-8") == keys.reference(words._, code), (
        f"run: python -m accessible_dice.ui.window.keys {code} > {page(code, 'keys.md').relative_to(DOCS.parent)}")


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name", PAGES)
def test_SR_16_every_players_page_exists_in_each_language_and_names_the_same_keys(code: str, name: str) -> None:
    english = exact(page("en", name).read_text(encoding="utf-8"))
    translated = exact(page(code, name).read_text(encoding="utf-8"))
    assert translated == english


def test_the_settings_pages_list_every_setting() -> None:
    for code in LANGUAGES:
        assert exact(page(code, "settings.md").read_text(encoding="utf-8"))["settings"] == set(config.BY_KEY), code


@pytest.mark.parametrize("code", OTHERS)
def test_each_accessibility_page_links_its_own_languages_pages(code: str) -> None:
    text = page(code, "accessibility.md").read_text(encoding="utf-8")
    links = set(re.findall(r"\]\(([^)#]+)\)", text))
    for name in PAGES:
        assert name in links, f"docs/{code}/accessibility.md does not link {name}"
    for link in links:
        if not link.startswith("http"):
            assert (DOCS / code / link).resolve().exists(), f"docs/{code}/accessibility.md: {link} is missing"


@pytest.mark.parametrize("code", OTHERS)
def test_each_settings_page_gives_the_yes_no_settings_in_its_own_words(code: str) -> None:
    """The program says "effekte-aus nein"; a page saying `true`/`false` there sent players to English words."""
    from accessible_dice.presentation import options

    words = language(code)
    yes, no = f"`{options.word('yes', words)}`", f"`{options.word('no', words)}`"
    text = page(code, "settings.md").read_text(encoding="utf-8")
    switches = [spec.key for spec in config.SPECS if spec.kind == "yes-no"]
    rows = {key: re.search(rf"^\| `{key}` \|.*$", text, re.MULTILINE) for key in switches}
    wrong = {key: row.group(0) for key, row in rows.items()
             if row is None or "`true`" in row.group(0) or "`false`" in row.group(0)
             or not (yes in row.group(0) or no in row.group(0))}
    assert wrong == {}
    said = [line for line in text.split("\n\n") if "`true`" in line and "`false`" in line]
    assert len(said) == 1 and yes in said[0] and no in said[0], "one paragraph says the file writes true and false"
