"""Many tables at once: one standalone referee process holding ``--tables`` concurrent tables.

Everything real: a Synapse homeserver on 127.0.0.1 (tests/synapse_server.py),
one ``python -m accessible_dice.online.referee`` process (the bot account
every table names as referee), and two players' programs per table (real
matrix-nio connections, in this process) playing Shut the Box with random
legal moves, every step a request the referee checks and answers.

First a baseline: one table alone, ``--steps`` requests. Then all the
tables at once. For each, the latency from a request to the *other*
player's program having applied the referee's answer (median, 95th
percentile), and the referee's CPU time and resident memory (from /proc).
With ``--restart`` the referee is killed (SIGKILL) halfway through and
started again: every table must go on where it was.

At the end every table is checked: both programs have the same game, every
request sent was answered exactly once (no action lost, none doubled), and
the entries are numbered without a gap. Results: docs/performance.md.

    python benchmarks/online_load.py [--tables 50] [--steps 20] [--restart]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

# Run from a checkout: the package, and the tests' Synapse fixture, from beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from online_support import Player, RefereeProcess
from synapse_server import Account, Synapse, _end, register, start

from accessible_dice.online.client import TableView
from accessible_dice.online.protocol import Seat

#: The game the tables play: random legal moves end it in a few dozen steps, and it needs no strategy table.
GAME = "shut-the-box"
#: Seconds any one answer may take before the run counts it as lost.
ANSWER_LIMIT = 120.0
#: Seconds a table's set-up (invitation, joining, the referee adopting it) may take.
SETUP_LIMIT = 180.0
#: Tables opened at the same time: SQLite makes a homeserver create rooms one by one, so fifty at once would
#: only wait in its queue past the clients' time limit (the set-up is not what is measured).
OPENING_AT_ONCE = 4


@dataclass
class Process:
    """CPU seconds and memory of a process, read from /proc (Linux)."""

    pid: int

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks of 1/100 s

    def memory(self) -> tuple[float, float]:
        """Resident and peak resident memory, in MiB."""
        status = dict(line.split(":", 1) for line in Path(f"/proc/{self.pid}/status").read_text().splitlines()
                      if ":" in line)
        return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


@dataclass
class TableRun:
    """One table's two programs, the requests they sent and the latencies they saw."""

    room: str
    players: list[Player]
    sent: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)


async def open_tables(server: Synapse, referee: Account, count: int, name: str) -> list[TableRun]:
    """``count`` tables of two fresh players each (accounts named after ``name``), refereed by ``referee``."""
    opening = asyncio.Semaphore(OPENING_AT_ONCE)

    async def one(number: int) -> TableRun:
        async with opening:
            return await open_one(number)

    async def open_one(number: int) -> TableRun:
        anna, ben = [await Player.signed_in(register(server, f"{name}{number}-{who}")) for who in ("a", "b")]
        seats = [Seat("Anna", anna.account.user_id), Seat("Ben", ben.account.user_id)]
        room = await anna.connection.open_table(GAME, {}, seats, referee=referee.user_id)
        deadline = time.monotonic() + SETUP_LIMIT
        while not any(invitation.room_id == room for invitation in ben.connection.invitations()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{room}: Ben was not invited")
            await asyncio.sleep(0.1)
        await ben.connection.join(room)
        while (await anna.connection.read_room(room)).spec is None:  # until the referee adopted the table
            if time.monotonic() > deadline:
                raise AssertionError(f"{room}: the referee did not take the table up")
            await asyncio.sleep(1.0)
        for player in (anna, ben):
            player.view = await player.connection.sit(room, wait=SETUP_LIMIT)
        return TableRun(room, [anna, ben])

    return list(await asyncio.gather(*(one(number) for number in range(count))))


async def applied(view: TableView, seq: int) -> None:
    """Until ``view`` has applied entry ``seq`` (woken by its news, never polling)."""
    assert view.table is not None
    async with asyncio.timeout(ANSWER_LIMIT):
        while view.table.seq < seq:
            await view.news.get()


async def play(run: TableRun, steps: int, seed: int, halfway: asyncio.Event | None = None) -> None:
    """Up to ``steps`` requests at the table, each a random legal one by the player to act."""
    rng = random.Random(seed)
    for number in range(steps):
        if halfway is not None and number == steps // 2:
            await halfway.wait()
        views = [player.view for player in run.players]
        assert views[0] is not None and views[1] is not None and views[0].table is not None
        game = views[0].game
        turn = game.current_player()
        if turn is None:
            return
        actor, other = (views[0], views[1]) if turn in views[0].seats else (views[1], views[0])
        seq = views[0].table.seq + 1
        started = time.perf_counter()
        if game.dice_request() is not None:
            run.sent.append(await actor.throw())
        else:
            run.sent.append(await actor.move(rng.choice(game.legal_moves())))
        await applied(other, seq)
        run.latencies.append((time.perf_counter() - started) * 1000)
        await applied(actor, seq)


def check(run: TableRun) -> None:
    """Both programs hold the same game; every request answered once; the entries numbered without a gap."""
    views = [player.view for player in run.players]
    assert views[0] is not None and views[1] is not None and views[0].table is not None
    assert views[0].game == views[1].game, f"{run.room}: the programs' games differ"
    entries = views[0].table.entries
    assert [entry.seq for entry in entries] == list(range(1, len(entries) + 1)), f"{run.room}: a gap"
    answering = [entry.request for entry in entries if entry.request is not None]
    assert sorted(answering) == sorted(run.sent), f"{run.room}: a request lost or answered twice"
    assert not any(view.pending for view in views), f"{run.room}: a request still waits"


@dataclass
class Figures:
    """What one phase measured: latencies (ms), the referee's CPU seconds, wall seconds and memory (MiB)."""

    tables: int
    latencies: list[float]
    cpu: float
    wall: float
    memory: float
    peak: float
    #: The homeserver's CPU seconds meanwhile (where the time goes when the referee's is small).
    homeserver: float = 0.0

    def line(self, label: str, base: float | None = None) -> str:
        median = statistics.median(self.latencies)
        p95 = statistics.quantiles(self.latencies, n=20)[-1] if len(self.latencies) > 1 else median
        ratio = f" ({median / base:.1f}x the baseline)" if base else ""
        return (f"{label}: {self.tables} table(s), {len(self.latencies)} requests in {self.wall:.1f} s: "
                f"latency median {median:.0f} ms, 95th percentile {p95:.0f} ms{ratio}; referee CPU "
                f"{self.cpu:.1f} s ({100 * self.cpu / self.wall:.0f}% of one core), memory {self.memory:.0f} MiB "
                f"(peak {self.peak:.0f} MiB); Synapse CPU {self.homeserver:.1f} s "
                f"({100 * self.homeserver / self.wall:.0f}% of one core)")


async def phase(runs: list[TableRun], steps: int, referee: RefereeProcess, restart: bool,
                homeserver: Process) -> Figures:
    """Play every table of ``runs`` at once and measure; with ``restart``, the referee killed halfway."""
    assert referee.process is not None
    process = Process(referee.process.pid)
    cpu, started, served = process.cpu(), time.perf_counter(), homeserver.cpu()
    halfway = asyncio.Event() if restart else None
    playing = [asyncio.create_task(play(run, steps, seed, halfway)) for seed, run in enumerate(runs)]
    used = 0.0
    if halfway is not None:
        await asyncio.sleep(2.0)
        used = process.cpu() - cpu
        referee.kill()
        referee.start()
        assert referee.process is not None
        process = Process(referee.process.pid)
        cpu = process.cpu()
        halfway.set()
    await asyncio.gather(*playing)
    wall = time.perf_counter() - started
    memory, peak = process.memory()
    for run in runs:
        check(run)
    return Figures(len(runs), [ms for run in runs for ms in run.latencies], used + process.cpu() - cpu, wall,
                   memory, peak, homeserver.cpu() - served)


async def measure(server: Synapse, folder: Path, tables: int, steps: int, restart: bool) -> tuple[Figures, Figures]:
    """The baseline (one table) and the load (``tables`` at once), through one referee process."""
    bot = register(server, "load-referee")
    referee = RefereeProcess(bot, folder)
    referee.start()
    runs: list[TableRun] = []
    try:
        runs = await open_tables(server, bot, 1, "base")
        homeserver = Process(server.process.pid)
        base = await phase(runs, steps, referee, False, homeserver)
        loaded = await open_tables(server, bot, tables, "load")
        runs += loaded
        load = await phase(loaded, steps, referee, restart, homeserver)
        return base, load
    finally:
        for run in runs:
            for player in run.players:
                await player.kill()
        referee.stop()
        log = referee.log()
        if "Traceback" in log or sys.exc_info()[0] is not None:
            print(log, file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--steps", type=int, default=20, help="requests per table (fewer when a game ends)")
    parser.add_argument("--restart", action="store_true", help="kill and restart the referee halfway")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = start(Path(folder) / "synapse")
        try:
            base, load = asyncio.run(measure(server, Path(folder), args.tables, args.steps, args.restart))
        finally:
            _end(server.process)
    median = statistics.median(base.latencies)
    print(base.line("baseline"))
    print(load.line("under load", median))
    print("every table checked: the same game at both programs, every request answered exactly once")


if __name__ == "__main__":
    main()
