"""The players' rules pages: shipped in the package, found installed or in a checkout, said without Markdown."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from accessible_dice.games import GAMES
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.rules import rules_dir, rules_lines, rules_page

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
EN = Language("en")


def test_markdown_marks_are_dropped_headings_items_and_rows_become_lines() -> None:
    page = """# Yatzy

Throw **five** dice and
score a *box*. Type `score full-house`.

## Boxes

- Ones: the sum of the 1s.
- Full house: a pair and three
  of a kind.
1. Throw.

| Box | Type |
| --- | --- |
| Chance | `chance` |

See [the keys](../keys.md).
"""
    assert rules_lines(page) == [
        "Yatzy",
        "Throw five dice and score a box. Type score full-house.",
        "Boxes",
        "Ones: the sum of the 1s.",
        "Full house: a pair and three of a kind.",
        "1. Throw.",
        "Box, Type",
        "Chance, chance",
        "See the keys.",
    ]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_page_is_there_and_reads_without_markup(game_id: str) -> None:
    lines = rules_page(game_id, EN)
    assert len(lines) > 10
    assert not [line for line in lines if line.startswith(("#", "-", "|")) or "**" in line or "`" in line]


def test_a_missing_page_says_where_the_rules_are(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from accessible_dice.presentation import rules

    monkeypatch.setattr(rules, "rules_dir", lambda: tmp_path)
    assert rules_page("yatzy", EN) == ["The rules of Yatzy are not installed; they are in docs/rules in the "
                                       "source code."]


def test_the_rules_are_found_in_a_checkout() -> None:
    assert rules_dir() == ROOT / "docs" / "rules"


def test_the_rules_are_found_in_an_installed_package(tmp_path: Path) -> None:
    """Installed, pyproject puts docs/rules/ at accessible_dice/_rules; no checkout around it."""
    site = tmp_path / "site-packages"
    shutil.copytree(ROOT / "accessible_dice", site / "accessible_dice", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "docs" / "rules", site / "accessible_dice" / "_rules")
    found = subprocess.run(
        [sys.executable, "-c", "from accessible_dice.presentation.rules import rules_dir; print(rules_dir())"],
        env=dict(os.environ, PYTHONPATH=str(site)), cwd=tmp_path, capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert Path(found) == site / "accessible_dice" / "_rules"


def test_the_package_ships_the_rules_pages() -> None:
    """What a wheel holds: pyproject maps docs/rules to the package accessible_dice._rules, with its pages."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "accessible_dice._rules" in setup["packages"]
    assert setup["package-dir"]["accessible_dice._rules"] == "docs/rules"
    assert setup["package-data"]["accessible_dice._rules"] == ["*.md", "*/*.md"]
    assert {path.stem for path in (ROOT / "docs" / "rules").glob("*.md")} >= set(GAMES)


def test_the_page_is_read_in_the_players_language_else_in_english(tmp_path: Path, monkeypatch) -> None:
    from accessible_dice.presentation import rules
    from accessible_dice.presentation.i18n import language

    (tmp_path / "cs").mkdir()
    (tmp_path / "yatzy.md").write_text("# Yatzy\n\nFive dice.\n", encoding="utf-8")
    (tmp_path / "cs" / "yatzy.md").write_text("# Yatzy\n\nPět kostek.\n", encoding="utf-8")
    monkeypatch.setattr(rules, "rules_dir", lambda: tmp_path)
    assert rules.rules_page("yatzy", language("cs")) == ["Yatzy", "Pět kostek."]
    assert rules.rules_page("yatzy", language("de")) == ["Yatzy", "Five dice."]



@pytest.mark.parametrize("code", ["cs", "de", "nb", "sv", "da", "fi"])
def test_SR_16_CG_08_every_game_has_its_rules_page_in_every_language(code: str) -> None:
    pages = {path.stem for path in (ROOT / "docs" / "rules" / code).glob("*.md")}
    assert pages == set(GAMES)


#: What points outside the repository, or at the developers' specification, in a page a player reads.
OUTSIDE = ("../shared", "shared/spec", "rules.md", "words.md", "interfaces.md")
#: "The spec" in the seven languages: the rules pages say the rules, not where the developers keep them.
SPEC_WORDS = ("the spec", "specifikac", "spezifikation", "specifikation", "spesifikasjon", "määrittely")


@pytest.mark.parametrize("page", [*sorted((ROOT / "docs" / "rules").rglob("*.md")), ROOT / "CONTRIBUTING.md"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_pages_and_contributing_point_to_nothing_outside_the_repository(page: Path) -> None:
    """The rules command reads these pages aloud: no developer notes, no files a player does not have (D14)."""
    text = page.read_text(encoding="utf-8")
    assert not [word for word in OUTSIDE if word in text]
    if page.name != "CONTRIBUTING.md":
        assert not [word for word in SPEC_WORDS if word in text.casefold()]
