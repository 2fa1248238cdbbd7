"""No module outside a game's own parts names the game (issue 28): what a game contributes is found through
the registry, so a new game edits no shared table (CONTRIBUTING.md, "Adding a game").

Read from the source (the AST): a string constant that is a registered game's id, in a module that is not
one of that game's parts (its rules, words, commands, board, strategy, and the strategy's own helpers,
``strategy/<module>_*.py``), is a central table or a special case in waiting.
"""

from __future__ import annotations

import ast
from pathlib import Path

from accessible_dice.games import GAMES, MODULE_PARTS

PACKAGE = Path(__file__).resolve().parents[1] / "accessible_dice"
#: Where a game id is said on purpose, by module (relative to the package) and id: the registry itself, and
#: the main menu's "Quick game" (a choice of the menu, not a part of the game).
ON_PURPOSE = {("games/__init__.py", game_id) for game_id in GAMES} | {("play/menu.py", "shut-the-box")}


def _own_files(game_id: str) -> set[str]:
    """The files of ``game_id``'s parts in the package, and its strategy's helpers (``yatzy_keeps.py``)."""
    found = set()
    for part in MODULE_PARTS:
        path = GAMES[game_id].module(part)
        if path is not None and path.startswith("accessible_dice."):
            found.add(path.removeprefix("accessible_dice.").replace(".", "/") + ".py")
    strategy = GAMES[game_id].strategy
    if strategy is not None and strategy.startswith("accessible_dice.strategy."):
        module = strategy.rpartition(".")[2]
        found |= {f"strategy/{path.name}" for path in (PACKAGE / "strategy").glob(f"{module}_*.py")}
    return found


def named_games(base: Path = PACKAGE) -> set[tuple[str, str]]:
    """(module, game id) for every string constant that is a game id, outside that game's own parts."""
    found = set()
    for path in sorted(base.rglob("*.py")):
        inside = path.relative_to(base).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in GAMES and inside not in _own_files(node.value):
                found.add((inside, node.value))
    return found


def test_no_module_but_the_game_s_own_parts_names_a_game() -> None:
    named = named_games() - ON_PURPOSE
    assert named == set(), sorted(named)


def test_a_table_keyed_by_a_game_is_found(tmp_path: Path) -> None:
    """A mutation: a dict keyed by a game's id in a shared module is named."""
    (tmp_path / "session.py").write_text('PREPARE = {"yatzy": print}\n')
    assert named_games(tmp_path) == {("session.py", "yatzy")}
