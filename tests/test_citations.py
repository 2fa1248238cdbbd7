"""Every document the code, the tests, the tools and the translators' catalog cite is in the repository.

A citation that points outside the repository (the design brief once lived
elsewhere) leaves a newcomer, and every translator reading "see words.md" in
the catalog, with nothing to open (issue 28). A cited ``.md`` file must be at
its path from the repository root; a bare name (``online.md``) may also be a
document of docs/.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: A cited document of the design brief (docs/spec/README.md), not part of a longer word or URL. The test
#: reports of the project (playtest.md, newcomer.md, ...) are cited as where a finding came from, not as
#: documents to read, and are not checked here.
CITED = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)*(?:words|interfaces|experience|rules|architecture|online"
                   r"|accessibility-checklist)\.md)\b")
#: Test files that name the old citations on purpose, as what must not appear.
ON_PURPOSE = {"test_citations.py", "test_rules_pages.py"}
WHERE = [path for path in [*sorted((ROOT / "accessible_dice").rglob("*.py")), *sorted((ROOT / "tests").rglob("*.py")),
                           *sorted((ROOT / "tools").glob("*.py")), *sorted((ROOT / "benchmarks").glob("*.py")),
                           ROOT / "locales" / "accessible_dice.pot"] if path.name not in ON_PURPOSE]


def citations(text: str) -> set[str]:
    """The brief's documents ``text`` cites (a test report, ``reports/.../online.md``, is not one)."""
    return {cited for cited in CITED.findall(text) if "reports/" not in cited}


def found(cited: str) -> bool:
    if ".." in Path(cited).parts:
        return False  # outside the repository, even where the file happens to be there
    return (ROOT / cited).is_file() or ("/" not in cited and (ROOT / "docs" / cited).is_file())


def test_every_document_cited_is_in_the_repository() -> None:
    dangling = sorted((str(path.relative_to(ROOT)), cited) for path in WHERE
                      for cited in citations(path.read_text(encoding="utf-8")) if not found(cited))
    assert dangling == []


def test_a_citation_of_a_missing_document_is_found() -> None:
    """The test of the test: the old citations are caught, the ones in the repository are not."""
    assert not found("words.md") and not found("../shared/spec/rules.md")
    assert found("docs/spec/words.md") and found("online.md") and found("docs/rules/yatzy.md")
    assert citations("(see words.md; docs/spec/rules.md §2, https://x.org/a.md)") == {"words.md", "docs/spec/rules.md"}
