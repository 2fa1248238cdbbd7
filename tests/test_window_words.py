"""The window's own words are ready for translation, and add nothing to what the game says.

Every string of the window modules goes through gettext with a translator
comment and named placeholders; game events are worded only by the
presenter (the window has no ``on_<Event>`` of its own).
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_file

UI = Path(__file__).resolve().parents[1] / "accessible_dice" / "ui"
WINDOW = sorted((UI / "window").glob("*.py"))


def _messages() -> list[tuple[str, int, object, list[str]]]:
    return [(path.name, lineno, message, comments)
            for path in WINDOW
            for lineno, message, comments, _context in extract_from_file(
                "python", path, comment_tags=("Translators:",), strip_comment_tags=True)]


def test_every_window_string_has_a_translator_comment() -> None:
    messages = _messages()
    assert len(messages) > 100
    assert [(f, n, m) for f, n, m, comments in messages if not comments] == []


def test_window_placeholders_are_named() -> None:
    texts = [t for _, _, message, _ in _messages() for t in (message if isinstance(message, tuple) else (message,))]
    assert [t for t in texts if re.search(r"\{\}|\{\d+\}|%[sd]", t)] == []


def test_the_window_words_no_game_event_itself() -> None:
    source = "\n".join(path.read_text() for path in WINDOW)
    assert re.search(r"def on_[A-Z]", source) is None
    assert "import Event" not in source
