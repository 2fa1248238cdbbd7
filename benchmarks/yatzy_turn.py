"""Yatzy's hint without numpy (the static page) against the numpy solver's. Run: ``python benchmarks/yatzy_turn.py``.

Both answer the same decisions of seeded games played by the computer
player, in every play order, each turn re-solved afresh (the solved turns
kept by either are forgotten before each hint), best of three, in one run:
the ratio is the figure to compare. Also the first use of each table
without numpy (the file opened and its SHA-256 checked, once per play
order), against reading its bytes.

``--page`` also builds the static site into a temporary folder, serves it on
127.0.0.1 and runs the same pure-Python hints (this very file, copied into
the page) in Pyodide in Debian's Chromium, where the page runs them: the
hint budget there is 50 ms (issue 26). Results: docs/performance.md,
"Yatzy without numpy".
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import best_of, seconds

from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Roll
from accessible_dice.games.yatzy import ORDERS, Yatzy
from accessible_dice.strategy import yatzy_turn

CHROMIUM = "/usr/lib/chromium/chromium"


def plain_times(order: str, most: int, also: list | None = None) -> tuple[list[float], float]:
    """Each pure-Python hint's seconds at the decisions of a seeded game of two computers, and the table's
    first use; ``also`` (a list) gets, at each decision, the same hint timed by numpy (where there is numpy)."""
    opened = seconds(lambda: yatzy_turn.table(order))
    plain_table = yatzy_turn.table(order)
    assert plain_table is not None
    game, dice = Yatzy(["A", "B"], {"order": order}), RandomDice(ORDERS.index(order) + 1)
    times: list[float] = []

    def plain_hint() -> None:
        plain_table.clear_turns()
        yatzy_turn.best_move(game)

    while not game.is_over() and len(times) < most:
        request = game.dice_request()
        if request:
            game.apply(Roll(dice.throw(request)))
            continue
        times.append(best_of(3, plain_hint))
        if also is not None:
            also.append(_numpy_time(game))
        game.apply(yatzy_turn.computer_move(game))
    return times, opened


def _numpy_time(game: Yatzy) -> float:
    from accessible_dice.strategy import yatzy  # numpy: only in CPython

    numpy_table = yatzy.table(str(game.options["order"]))

    def numpy_hint() -> None:
        numpy_table.clear_turns()
        yatzy.best_move(game)

    return best_of(3, numpy_hint)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def in_the_page(most: int) -> dict[str, tuple[list[float], float]]:
    """:func:`plain_times` of every play order, run in Pyodide in Chromium from a freshly built site."""
    from playwright.sync_api import sync_playwright

    from accessible_dice.page_build import build

    folder = Path(tempfile.mkdtemp(prefix="yatzy-turn-site-"))
    build(folder)
    bench = Path(__file__).resolve().parent
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    code = (f"import json, sys; sys.path[:0] = ['/lib/bench', '/lib/ad']; import yatzy_turn_bench as b\n"
            f"json.dumps({{o: b.plain_times(o, {most}) for o in {list(ORDERS)!r}}})")
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/static/words.json")  # the site's origin
            answer = page.evaluate("""async ([code, bench, timing, orders]) => {
              const {loadPyodide} = await import("/pyodide/pyodide.mjs");
              const py = await loadPyodide({indexURL: "/pyodide/"});
              py.unpackArchive(await (await fetch("/python/site.zip")).arrayBuffer(), "zip", {extractDir: "/lib/ad"});
              const tables = "/lib/ad/accessible_dice/strategy/tables";
              py.FS.mkdirTree(tables);
              py.FS.mkdirTree("/lib/bench");
              py.FS.writeFile("/lib/bench/yatzy_turn_bench.py", bench);
              py.FS.writeFile("/lib/bench/timing.py", timing);
              for (const order of orders) {  // as worker.js fetches and unpacks them
                const packed = await (await fetch(`/strategy/yatzy-${order}.table.gz`)).arrayBuffer();
                const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
                const table = new Uint8Array(await new Response(stream).arrayBuffer());
                py.FS.writeFile(`${tables}/yatzy-${order}.table`, table);
              }
              return await py.runPythonAsync(code);
            }""", [code, (bench / "yatzy_turn.py").read_text(), (bench / "timing.py").read_text(), list(ORDERS)])
            browser.close()
    finally:
        server.shutdown()
    import json

    return {order: (times, opened) for order, (times, opened) in json.loads(answer).items()}


def _ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:5.2f} ms, slowest {max(times) * 1000:5.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=60, help="decisions timed per play order [60]")
    parser.add_argument("--page", action="store_true", help="also in Pyodide in Chromium, from a built site")
    arguments = parser.parse_args()
    hints = arguments.hints
    page = in_the_page(hints) if arguments.page else {}
    print(f"Yatzy hints, {hints} decisions per play order, each turn solved afresh (best of 3):")
    for order in ORDERS:
        numpy_times: list[float] = []
        times, opened = plain_times(order, hints, numpy_times)
        read = best_of(3, (yatzy_turn.TABLES / f"yatzy-{order}.table").read_bytes)
        ratio = statistics.median(p / n for p, n in zip(times, numpy_times, strict=True))
        print(f"  {order:12} CPython, pure Python {_ms(times)}; numpy {_ms(numpy_times)}; ratio {ratio:4.1f}×")
        print(f"  {'':12} first use without numpy (opened, SHA-256 checked) {opened * 1000:5.1f} ms = "
              f"{opened / read:4.1f}× reading its bytes ({read * 1000:.1f} ms)")
        if order in page:
            in_page, page_opened = page[order]
            slower = statistics.median(p / c for p, c in zip(in_page, times, strict=True))
            print(f"  {'':12} Pyodide in Chromium, pure Python {_ms(in_page)} = {slower:4.1f}× CPython's; "
                  f"first use {page_opened * 1000:5.1f} ms")


if __name__ == "__main__":
    main()
