"""The package's import graph has no circle, and no front end imports another (docs/design.md, "Layers").

The graph is read from the source (the AST), not from what happens to be
imported at run time: an import inside a function counts, and so does one
under ``if TYPE_CHECKING:``, because a circle hidden that way is still a
circle for whoever reads or moves the code. A circle is broken by placement
(a module below both), never by hiding an import.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "accessible_dice"
#: The front ends: each imports the play layer beneath it, never another front end.
FRONT_ENDS = ("accessible_dice.ui.terminal", "accessible_dice.ui.window", "accessible_dice.ui.web")
#: What the front ends share: the play layer, the boards (the window's and the page's) and the colour themes.
BENEATH_THE_FRONT_ENDS = ("accessible_dice.play", "accessible_dice.boards", "accessible_dice.theme")



def module_name(path: Path, base: Path = ROOT) -> str:
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(base: Path = ROOT) -> dict[str, Path]:
    """Every module of the package under ``base``, by its dotted name."""
    return {module_name(path, base): path for path in sorted((base / PACKAGE).rglob("*.py"))}


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The package's modules that ``path`` (module ``name``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # "from a import b": b is a module of a, or a name defined in a.
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return {_owner(module, known) for module in found if module.split(".")[0] == PACKAGE} - {name, ""}


def _owner(module: str, known: set[str]) -> str:
    """``module``, or the nearest package of it that is a file of ours (``a.b.C`` -> ``a.b``)."""
    while module and module not in known:
        module = module.rpartition(".")[0]
    return module


def graph(base: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package -> the package's modules it imports."""
    found = modules(base)
    known = set(found)
    return {name: imported(path, name, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each as a circle to name."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def test_the_package_has_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_no_front_end_imports_another() -> None:
    crossing = sorted((name, target) for name, targets in graph().items() for target in targets
                      for front in FRONT_ENDS for other in FRONT_ENDS
                      if front != other and _within(name, front) and _within(target, other))
    assert crossing == []


@pytest.mark.parametrize("layer", BENEATH_THE_FRONT_ENDS)
def test_a_shared_layer_imports_no_front_end_and_not_the_launcher(layer: str) -> None:
    """The play layer, the boards and the colours are beneath every front end: they import none of them,
    nor ui/launch.py, which picks them."""
    above = (*FRONT_ENDS, "accessible_dice.ui.launch")
    edges = graph()
    assert any(_within(name, layer) for name in edges)  # a layer moved away would pass unread
    found = sorted((name, target) for name, targets in edges.items() if _within(name, layer)
                   for target in targets if any(_within(target, front) for front in above))
    assert found == []


def test_every_package_ships_in_the_wheel() -> None:
    """A package moved or made (boards/ was) is listed in pyproject's packages, or an installed program lacks it."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {name for name, path in modules().items() if path.name == "__init__.py"}
    assert folders - listed == set()


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


# ---------------------------------------------------------------- the test of the test


@pytest.mark.parametrize("hidden", ["plain", "typing", "function"])
def test_a_circle_is_found_however_the_import_is_written(tmp_path: Path, hidden: str) -> None:
    """A mutation: two modules that import each other, one of them at the top, under TYPE_CHECKING or
    inside a function, make one circle, named."""
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from accessible_dice import b\n")
    second = {"plain": "from accessible_dice.a import thing\n",
              "typing": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from accessible_dice import a\n",
              "function": "def later():\n    from . import a\n"}[hidden]
    (package / "b.py").write_text(second)
    assert cycles(graph(tmp_path)) == [["accessible_dice.a", "accessible_dice.b"]]
