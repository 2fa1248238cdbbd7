"""How long an online table takes: from a player's request to the other player's speaker.

Everything real: a Synapse homeserver on 127.0.0.1 (tests/synapse_server.py),
and two ``accessible-dice online`` programs at one Yatzy table, Anna's
(which referees it) and Ben's, driven through their standard input and read
on their standard output (the ``text`` speaker). Three figures, each the
median and the 95th percentile of ``--rounds`` samples:

- a plain Matrix message round trip, the baseline: one matrix-nio client
  sends an ``m.room.message``, another, syncing, receives it (no program of
  ours in between), one before each of the table's samples, so the baseline
  is taken at the same moments, and under the same load, as the table;
- chat at the table: Anna types ``say ...`` until Ben's program says it;
- the host's move: Anna types ``hold 1`` (then ``release 1``) until Ben's
  program says the move; the referee in Anna's own program checks it and
  sends the entry at once, with no request event (docs/online-protocol.md);
- another player's move: Ben types ``hold 1`` (then ``release 1``) until
  Anna's program says it: Ben's request crosses the homeserver to the
  referee, which sends its entry and hands it to Anna's table once the
  homeserver has taken it.

So the host's move costs about one plain round trip and another player's
about one and a half to two; the ratios say how much our programs add. Results:
docs/performance.md.

    python benchmarks/online_latency.py [--rounds 100]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run from a checkout: the package, and the tests' Synapse fixture, from beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import nio
from synapse_server import Account, Synapse, _end, register, start
from terminal_latency import Lines, environment

from accessible_dice.loop_thread import LoopThread
from accessible_dice.online import account

#: Seconds any one line may take to come.
LINE_LIMIT = 30.0


def summary(samples: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile, in milliseconds."""
    return statistics.median(samples), statistics.quantiles(samples, n=20)[-1]


class Pinger:
    """Two matrix-nio clients in a room of their own, on a loop thread: the plain round trip, asked for
    between the table's samples, so the baseline is measured at the same moments (and load) as the table."""

    def __init__(self, server: Synapse) -> None:
        self.loop = LoopThread("plain round trips")
        self.loop.start()
        self.server = server
        self.count = 0
        self.loop.call(self._open())

    async def _open(self) -> None:
        sender_account, receiver_account = register(self.server), register(self.server)
        self.sender, self.receiver = (nio.AsyncClient(self.server.url, a.user_id)
                                      for a in (sender_account, receiver_account))
        for client, held in ((self.sender, sender_account), (self.receiver, receiver_account)):
            client.restore_login(held.user_id, held.device_id, held.access_token)
        self.room = (await self.sender.room_create(invite=[receiver_account.user_id])).room_id
        await self.receiver.join(self.room)
        await self.receiver.sync(timeout=0)

    def ping(self) -> float:
        """Milliseconds from one client's ``room_send`` until the other client's sync has the message."""
        self.count += 1
        return self.loop.call(self._ping(f"ping {self.count}"), LINE_LIMIT)

    async def _ping(self, body: str) -> float:
        started = time.perf_counter()
        await self.sender.room_send(self.room, "m.room.message", {"msgtype": "m.text", "body": body})
        while not await _has(self.receiver, self.room, body):
            pass
        return (time.perf_counter() - started) * 1000

    def close(self) -> None:
        async def closed() -> None:
            await self.sender.close()
            await self.receiver.close()
        self.loop.call(closed())
        self.loop.close()


async def _has(client: nio.AsyncClient, room: str, body: str) -> bool:
    """One long-polling sync; whether it brought the message ``body``."""
    response = await client.sync(timeout=30_000, since=client.next_batch)
    joined = getattr(response, "rooms", None)
    events = joined.join[room].timeline.events if joined is not None and room in joined.join else []
    return any(getattr(event, "body", None) == body for event in events)


class Program:
    """One ``accessible-dice online`` at the table, its lines read without blocking past a deadline."""

    def __init__(self, home: Path, held: Account) -> None:
        kept = account.Account(held.homeserver, held.user_id, held.device_id, held.access_token)
        account.keep(kept, home / "config" / account.ACCOUNT_FILE)
        env = {**environment(str(home / "data")), "ACCESSIBLE_DICE_CONFIG": str(home / "config")}
        self.process = subprocess.Popen([sys.executable, "-m", "accessible_dice", "online", "--speech", "text",
                                         "--lang", "en"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, bufsize=0)
        assert self.process.stdout is not None
        self.lines = Lines(self.process.stdout.fileno())

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())

    def until(self, text: str) -> str:
        """The next line holding ``text`` (the lines before it are passed over)."""
        while True:
            line = self.lines.next(LINE_LIMIT)
            if text in line:
                return line

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def table_round_trips(server: Synapse, folder: Path, rounds: int) -> dict[str, list[float]]:
    """Chat, the host's moves and the other player's moves at one Yatzy table between two programs, and a
    plain round trip beside each sample (ms)."""
    anna_account, ben_account = register(server, "anna"), register(server, "ben")
    anna, ben = Program(folder / "anna", anna_account), Program(folder / "ben", ben_account)
    pinger = Pinger(server)
    found: dict[str, list[float]] = {"plain": [], "chat": [], "host": [], "other": []}
    try:
        for line in ("1", "2", ben_account.user_id, "", "", ""):  # open a table: Yatzy, Ben invited, as it is
            anna.type(line)
        anna.until("You play Anna.")
        time.sleep(1.0)  # the invitation reaches Ben's sync
        ben.type("2")
        ben.type("1")
        ben.until("You play Ben.")
        anna.type("r")
        ben.until("Anna threw")
        for number in range(rounds):
            found["plain"].append(pinger.ping())
            started = time.perf_counter()
            anna.type(f"say ping {number}")
            ben.until(f"ping {number}")
            found["chat"].append((time.perf_counter() - started) * 1000)
            found["host"].append(move_time(anna, ben, number))
        anna.type("score chance")  # Ben's turn
        ben.until("Chance")  # Anna scored: Ben is to throw
        ben.type("r")
        anna.until("Ben threw")
        for number in range(rounds):
            found["plain"].append(pinger.ping())
            found["other"].append(move_time(ben, anna, number))
        return found
    finally:
        for program in (anna, ben):
            program.close()
        pinger.close()


def move_time(mover: Program, watcher: Program, number: int) -> float:
    """Milliseconds from ``mover`` typing a hold (or a release) until ``watcher``'s program says it."""
    started = time.perf_counter()
    mover.type("hold 1" if number % 2 == 0 else "release 1")
    watcher.until("die 1")  # the move, as the other player hears it ("Held: the 6 (die 1).")
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = start(Path(folder) / "synapse")
        try:
            found = table_round_trips(server, Path(folder), args.rounds)
        finally:
            _end(server.process)
    base = statistics.median(found["plain"])
    for label, key in (("plain Matrix message round trip", "plain"), ("chat at the table", "chat"),
                       ("the host's move -> the other player's speaker", "host"),
                       ("another player's move -> the host's speaker", "other")):
        median, p95 = summary(found[key])
        print(f"{label}, {len(found[key])} rounds: median {median:.1f} ms, 95th percentile {p95:.1f} ms "
              f"({median / base:.1f}x the plain round trip)")
    if hasattr(os, "getloadavg"):  # the figures mean little on a busy machine: say how busy it was
        print(f"load average over the last minute at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
