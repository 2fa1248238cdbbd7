"""Pig, the example game: every part a real game needs, kept under tests/ and registered only by the tests.

The parts (what each must define: CONTRIBUTING.md, "Adding a game"):
``pig.rules`` (the rules, ``GAME``), ``pig.presentation`` (the words,
``PRESENTER``), ``pig.commands`` (the typed commands), ``pig.board`` (the
window board, ``BOARD``), ``pig.strategy`` (hints and computer players),
and ``pages/`` (the rules pages, English and the six translations). Its
words are in the program's catalogs like any game's (tools/catalogs.py
extracts this folder too), so the catalog and pseudo-locale checks cover it.

:func:`registered` adds it to the registry for a test; ``python -m pig``
(with ``tests/`` on the path) is the real command line with Pig registered,
for the end-to-end games.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from accessible_dice.errors import N_
from accessible_dice.games import GAMES, Parts, register, unregister

GAME_ID = "pig"
#: Every game the program registers, and Pig: what the suites over every game parametrize with.
EVERY_GAME = (*GAMES, GAME_ID)
PARTS = Parts(
    # Translators: the example game's name (Pig, a dice game known under many names).
    title=N_("Pig"),
    rules="pig.rules",
    presentation="pig.presentation",
    commands="pig.commands",
    board="pig.board",
    strategy="pig.strategy",
    pages=Path(__file__).resolve().parent / "pages",
)


@contextmanager
def registered(parts: Parts = PARTS) -> Iterator[str]:
    """Pig in the registry while the ``with`` block runs (``parts`` may leave a part out); its id."""
    register(GAME_ID, parts)
    try:
        yield GAME_ID
    finally:
        unregister(GAME_ID)
