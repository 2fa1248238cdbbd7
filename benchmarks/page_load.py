"""The static page's load: a bare Pyodide page against ours, in the same run, with the bytes each transfers.

Both are served from one built site (``accessible-dice build-page``) by
Python's ``http.server`` on 127.0.0.1 and opened in Debian's Chromium, each
time in a fresh browser context (nothing cached), alternating:

- **bare**: a module worker that loads the same Pyodide runtime and runs
  ``1 + 1`` (the least a Pyodide page does);
- **ours**: ``index.html?game=shut-the-box&players=Anna`` until the game is
  drawn and ready to play (``body.dataset.drawn``).

Run: ``python benchmarks/page_load.py [ROUNDS]`` (3 by default). It prints
each round, the medians and the ratio ours ÷ bare (issue 26 asks for at
most 1.5×), and the bytes each transferred.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from accessible_dice.page_build import build

CHROMIUM = "/usr/lib/chromium/chromium"
BARE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"><script type="module" src="bare.js"></script></head>
<body><p id="out">loading</p></body></html>"""
BARE_SCRIPT = """const w = new Worker("bare-worker.js", {type: "module"});
w.onmessage = (e) => { document.getElementById("out").textContent = e.data; };"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({indexURL: new URL("pyodide/", import.meta.url).href});
postMessage("ready " + py.runPython("1 + 1"));"""


class _Counting(http.server.SimpleHTTPRequestHandler):
    sent = 0
    lock = threading.Lock()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with _Counting.lock:
            _Counting.sent += len(data)
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


def _load(browser: Any, url: str, ready: str) -> tuple[float, int]:
    context = browser.new_context()
    page = context.new_page()
    _Counting.sent = 0
    start = time.perf_counter()
    page.goto(url)
    while not page.evaluate(ready):
        time.sleep(0.02)
    took = time.perf_counter() - start
    sent = _Counting.sent
    context.close()
    return took, sent


def main(rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="page-load-"))
    build(folder)
    (folder / "bare.html").write_text(BARE_PAGE)
    (folder / "bare.js").write_text(BARE_SCRIPT)
    (folder / "bare-worker.js").write_text(BARE_WORKER)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Counting, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    bare: list[tuple[float, int]] = []
    ours: list[tuple[float, int]] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        for number in range(1, rounds + 1):
            bare.append(_load(browser, f"{site}/bare.html",
                              "document.getElementById('out').textContent.startsWith('ready')"))
            ours.append(_load(browser, f"{site}/index.html?game=shut-the-box&players=Anna",
                              "Number(document.body.dataset.drawn || 0) > 0"))
            print(f"round {number}: bare {bare[-1][0]:.2f} s, ours {ours[-1][0]:.2f} s")
        browser.close()
    server.shutdown()
    bare_time = statistics.median(t for t, _ in bare)
    our_time = statistics.median(t for t, _ in ours)
    print()
    print(f"| | ready (median of {rounds}) | bytes transferred |")
    print("| --- | --- | --- |")
    print(f"| bare Pyodide page (runtime loaded, `1 + 1` run) | {bare_time:.2f} s | {bare[0][1] / 1e6:.2f} MB |")
    print(f"| our page, Shut the Box ready to play | {our_time:.2f} s | {ours[0][1] / 1e6:.2f} MB |")
    print(f"| **ratio, ours ÷ bare** | **{our_time / bare_time:.2f}×** | "
          f"{ours[0][1] / bare[0][1]:.2f}× |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
