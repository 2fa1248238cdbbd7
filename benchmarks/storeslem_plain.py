"""Storeslem without numpy (strategy/storeslem_plain.py, the static page's): a board solved, and a hint.

Run: ``python benchmarks/storeslem_plain.py`` (seconds) for CPython here;
``--pyodide SITE`` runs the same measures in the page's own runtime, the
Pyodide of a site built by ``accessible-dice build-page SITE``, under node
(WebAssembly as in the browser). Each time comes with a baseline measured
in the same run and the same runtime: listing the game's own strikes of the
56 throws on the board once (what any solver must do at least), and, in
CPython, the numpy solver on the same boards.

The first hint on a board solves it (then it is kept); every later hint on
that board reads the solved values. Results: docs/performance.md, section
"Storeslem without numpy".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: What is timed, in whichever Python runs it (CPython here, or Pyodide): prints one line of JSON.
MEASURE = r'''
import json, random, statistics, time
from accessible_dice.games import storeslem as ss
from accessible_dice.games.base import Roll
from accessible_dice.strategy import storeslem_plain as plain

def best_of(n, work):
    times = []
    for _ in range(n):
        start = time.perf_counter(); work(); times.append(time.perf_counter() - start)
    return min(times)

def solved_afresh(board):
    plain.solve.cache_clear()
    plain.solve(board)

rng = random.Random(1)
boards = {"suggested": plain.shared.SUGGESTED_BOARD, "sheet's": (5, 6, 17, 10, 9, 11, 21, 4, 2)}
boards |= {f"random {i}": ss.random_board(rng) for i in range(10)}
result = {}
for name, board in boards.items():
    strikes = best_of(3, lambda: [ss.strikes(dice, board) for dice, _ in plain.shared.THROWS])
    result[name] = {"solve": best_of(3, lambda: solved_afresh(board)), "strikes": strikes}
game = ss.Storeslem(["A"])
game.apply(ss.SetBoard(plain.shared.SUGGESTED_BOARD))
game.apply(Roll((2, 5, 5)))
plain.solve.cache_clear()
start = time.perf_counter(); plain.best_move(game); first = time.perf_counter() - start
later = best_of(5, lambda: plain.best_move(game))
moves = best_of(5, game.legal_moves)
result["hint"] = {"first": first, "later": later, "moves": moves}
print(json.dumps(result))
'''

NODE = r'''
import { loadPyodide } from "%(site)s/pyodide/pyodide.mjs";
import fs from "fs";
const py = await loadPyodide({indexURL: "%(site)s/pyodide/"});
try {
  const code = new Uint8Array(fs.readFileSync("%(site)s/python/site.zip"));
  py.unpackArchive(code, "zip", {extractDir: "/lib/accessible-dice"});
  py.runPython("import sys; sys.path.insert(0, '/lib/accessible-dice')");
  py.runPython(fs.readFileSync("%(measure)s", "utf8"));
} catch (error) {  // Python's own reason, not the runtime's source
  console.error(String(error && error.message || error).slice(-2000));
  process.exit(1);
}
'''


def in_pyodide(site: Path) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as folder:
        measure, script = Path(folder) / "measure.py", Path(folder) / "run.mjs"
        measure.write_text(MEASURE)
        script.write_text(NODE % {"site": site.resolve(), "measure": measure})
        done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(f"Pyodide under node failed: {done.stderr[-2000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def in_cpython() -> dict[str, dict[str, float]]:
    done = subprocess.run([sys.executable, "-c", MEASURE], capture_output=True, text=True, check=True, cwd=ROOT)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def numpy_solves(names: list[str]) -> dict[str, float]:
    """The numpy solver on the same boards (CPython only), best of 3 each."""
    from accessible_dice.games import storeslem as ss
    from accessible_dice.strategy import storeslem as with_numpy

    rng = random.Random(1)
    boards = [with_numpy.SUGGESTED_BOARD, (5, 6, 17, 10, 9, 11, 21, 4, 2), *(ss.random_board(rng) for _ in range(10))]

    def timed(work: Callable[[], object]) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        return min(times)

    return {name: timed(lambda board=board: with_numpy.board_value(board))
            for name, board in zip(names, boards, strict=True)}


def report(where: str, result: dict[str, dict[str, float]], numpy: dict[str, float] | None) -> None:
    hint = result.pop("hint")
    print(f"{where}: a board solved afresh without numpy (vs listing its strikes once"
          f"{', and vs numpy' if numpy else ''})")
    for name, times in result.items():
        extra = f", {times['solve'] / numpy[name]:.1f}× numpy's {numpy[name] * 1000:.1f} ms" if numpy else ""
        print(f"  {name:10} {times['solve'] * 1000:6.1f} ms = {times['solve'] / times['strikes']:.1f}× listing the "
              f"strikes ({times['strikes'] * 1000:.1f} ms){extra}")
    solves = [times["solve"] for times in result.values()]
    ratios = [times["solve"] / times["strikes"] for times in result.values()]
    print(f"  median {statistics.median(solves) * 1000:.1f} ms, slowest {max(solves) * 1000:.1f} ms; "
          f"median {statistics.median(ratios):.1f}× listing the strikes")
    print(f"  a hint on the suggested board after a throw: first (solves the board) {hint['first'] * 1000:.1f} ms, "
          f"later {hint['later'] * 1000:.2f} ms = {hint['later'] / hint['moves']:.1f}× listing the legal moves "
          f"({hint['moves'] * 1000:.2f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", type=Path, metavar="SITE", help="also in the Pyodide of a built site, under node")
    args = parser.parse_args()
    here = in_cpython()
    names = [name for name in here if name != "hint"]
    report("CPython", here, numpy_solves(names))
    if args.pyodide is not None:
        report("Pyodide (node)", in_pyodide(args.pyodide), None)


if __name__ == "__main__":
    main()
