"""How fast the browser table answers a key: the page's WebSocket round trip, against a bare one.

Two figures, each the median and the 95th percentile of ``--rounds``
samples, in the same run (absolute times on a shared 2-core machine are
noisy, the ratio less so):

- baseline: a bare aiohttp WebSocket server that sends back each message it
  gets (no program of ours), the same client;
- a review key: the real ``--ui web`` table (``ui.web.start``: its server,
  its checks of every message, the terminal's commands and presenter), one
  Shut the Box game; the client sends what the page sends for D (``{"t":
  "key", "name": "dice"}``) and waits for the announcement (``"say"``), as
  the page does before it puts it into its live region.

The page's own waits for the screen reader (docs/web.md: 0.4 s between
lines, 0.8 s after a focus move) come on top in the browser, by design; this
measures what the program adds. Results: docs/performance.md.

    python benchmarks/web_latency.py [--rounds 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web

from accessible_dice.ui.launch_request import Launch
from accessible_dice.ui.web import start


async def echo(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    async for message in ws:
        await ws.send_str(message.data)
    return ws


async def baseline(rounds: int) -> list[float]:
    app = web.Application()
    app.add_routes([web.get("/ws", echo)])
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    times = []
    async with aiohttp.ClientSession() as client, client.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
        for _ in range(rounds):
            began = time.perf_counter()
            await ws.send_str(json.dumps({"t": "key", "name": "dice"}))
            await ws.receive()
            times.append(time.perf_counter() - began)
    await runner.cleanup()
    return times


async def table(url: str, rounds: int) -> list[float]:
    host = url.split("/")[2]
    times = []
    async with aiohttp.ClientSession() as client, client.ws_connect(
            url.replace("/?", "/ws?"), origin=f"http://{host}") as ws:
        await asyncio.sleep(1.0)  # the opening: state and first announcement, then quiet
        while True:
            try:
                await asyncio.wait_for(ws.receive(), 0.5)
            except asyncio.TimeoutError:
                break
        for _ in range(rounds):
            began = time.perf_counter()
            await ws.send_str(json.dumps({"t": "key", "name": "dice"}))
            while True:
                message = json.loads((await ws.receive()).data)
                if message.get("t") == "say":
                    break
            times.append(time.perf_counter() - began)
    return times


def figures(name: str, times: list[float], base: float | None = None) -> float:
    median = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    ratio = "" if base is None else f"   {median / base:.1f}x the baseline's median"
    print(f"{name:<44} median {median * 1000:7.2f} ms   95th percentile {p95 * 1000:7.2f} ms{ratio}")
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    base = figures("baseline: bare aiohttp WebSocket echo", asyncio.run(baseline(args.rounds)))
    server = start(Launch(game="shut-the-box", players=("Anna",), seed=7, lang="en"))
    try:
        figures("review key D -> its announcement (--ui web)", asyncio.run(table(server.url, args.rounds)), base)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
