"""A game's rules page for players (docs/rules/<game>.md) as plain lines to say one by one.

The pages are Markdown for readers of the source; a listener needs none of
its marks. So headings become lines of their own, each list item and each
table row is a line (its cells joined with commas), a paragraph is one
line, and ``#``, ``*``, ``|``, backticks and link targets are dropped. The
terminal's ``rules`` command prints the lines; the window's Ctrl+F1 reads
them a line at a time.

A heading comes back as a :class:`Heading`, a string like the others that
the window draws larger and underlined (LV-08: headers stay distinct).

The pages ship with the program (see :mod:`accessible_dice.resources`), in
English and in each language of the game.
"""

from __future__ import annotations

import re
from pathlib import Path

from accessible_dice import resources
from accessible_dice.games import parts
from accessible_dice.presentation.i18n import Language

#: A list item's mark: ``-``, ``*`` or ``+``; numbered items keep their number ("1. Throw ...").
_BULLET = re.compile(r"^[-*+]\s+")
_NUMBERED = re.compile(r"^\d+[.)]\s+")
#: ``[text](target)`` -> ``text``.
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


class Heading(str):
    """A line that is a heading of the page; it is said and printed as any line."""

    __slots__ = ()


def rules_dir() -> Path:
    """The rules pages: ``accessible_dice._rules`` installed, ``docs/rules/`` in a checkout."""
    return resources.data_folder("_rules", "docs/rules")


def pages_dir(game_id: str) -> Path:
    """The folder of ``game_id``'s rules pages: the game's own if its :class:`Parts` names one, else the program's."""
    own = parts(game_id).pages
    return own if own is not None else rules_dir()


def _plain(text: str) -> str:
    """Inline Markdown dropped: emphasis, code marks, link targets; spaces made single."""
    text = _LINK.sub(r"\1", text)
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])", r"\1", text)
    return " ".join(text.split())


def rules_lines(markdown: str) -> list[str]:
    """The lines of a Markdown page, as said (see the module's docstring)."""
    lines: list[str] = []
    paragraph: list[str] = []

    def end_paragraph(heading: bool = False) -> None:
        if paragraph:
            said = _plain(" ".join(paragraph))
            if said:
                lines.append(Heading(said) if heading else said)
            paragraph.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            end_paragraph()
        elif line.startswith("#"):
            end_paragraph()
            paragraph.append(line.lstrip("#"))
            end_paragraph(heading=True)
        elif line.startswith("|"):
            end_paragraph()
            if not set(line) <= set("|-: "):  # not the row under a table's heading
                paragraph.append(", ".join(c.strip() for c in line.strip("|").split("|") if c.strip()))
                end_paragraph()
        elif _BULLET.match(line) or _NUMBERED.match(line):
            end_paragraph()
            paragraph.append(_BULLET.sub("", line))
        else:  # a paragraph's next line, or a list item's continued line
            paragraph.append(line)
    end_paragraph()
    return lines


def rules_page(game_id: str, language: Language) -> list[str]:
    """The lines of ``game_id``'s rules page in the player's language.

    The English page is ``<game>.md``; a translation is ``<code>/<game>.md``
    beside it. Without a translation the English page is read, and without
    any page one line says where the rules are.
    """
    folder = pages_dir(game_id)
    for path in (folder / language.code / f"{game_id}.md", folder / f"{game_id}.md"):
        if path.is_file():
            try:
                return rules_lines(path.read_text(encoding="utf-8"))
            except OSError:
                continue
    # Translators: the rules pages are missing from this installation; {game} is the game's name.
    return [language._("The rules of {game} are not installed; they are in docs/rules in the source code.")
            .format(game=language._(parts(game_id).title))]
