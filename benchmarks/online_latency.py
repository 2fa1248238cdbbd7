"""How long an online table takes: from a player's request to the other player's speaker.

Everything real: a Synapse homeserver on 127.0.0.1 (tests/synapse_server.py),
and two ``accessible-dice online`` programs at one Yatzy table, Anna's
(which referees it) and Ben's, driven through their standard input and read
on their standard output (the ``text`` speaker). Three figures, each the
median and the 95th percentile of ``--rounds`` samples:

- a plain Matrix message round trip, the baseline: one matrix-nio client
  sends an ``m.room.message``, another, syncing, receives it (no program of
  ours in between);
- chat at the table: Anna types ``say ...`` until Ben's program says it;
- the host's move: Anna types ``hold 1`` (then ``release 1``) until Ben's
  program says the move; the referee in Anna's own program checks it and
  sends the entry at once, with no request event (docs/online-protocol.md);
- another player's move: Ben types ``hold 1`` (then ``release 1``) until
  Anna's program says it: Ben's request crosses the homeserver to the
  referee, then the referee's entry crosses it back.

So the host's move costs about one plain round trip and another player's
about two; the ratios say how much our programs add. Results:
docs/performance.md.

    python benchmarks/online_latency.py [--rounds 100]
"""

from __future__ import annotations

import argparse
import asyncio
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

from accessible_dice.online import account

#: Seconds any one line may take to come.
LINE_LIMIT = 30.0


def summary(samples: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile, in milliseconds."""
    return statistics.median(samples), statistics.quantiles(samples, n=20)[-1]


async def plain_round_trips(server: Synapse, rounds: int) -> list[float]:
    """Milliseconds from one client's ``room_send`` until another client's sync has the message."""
    sender_account, receiver_account = register(server), register(server)
    sender, receiver = (nio.AsyncClient(server.url, a.user_id) for a in (sender_account, receiver_account))
    for client, held in ((sender, sender_account), (receiver, receiver_account)):
        client.restore_login(held.user_id, held.device_id, held.access_token)
    try:
        room = (await sender.room_create(invite=[receiver_account.user_id])).room_id
        await receiver.join(room)
        await receiver.sync(timeout=0)
        times = []
        for number in range(rounds):
            body = f"ping {number}"
            started = time.perf_counter()
            await sender.room_send(room, "m.room.message", {"msgtype": "m.text", "body": body})
            while not await _has(receiver, room, body):
                pass
            times.append((time.perf_counter() - started) * 1000)
        return times
    finally:
        await sender.close()
        await receiver.close()


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


def table_round_trips(server: Synapse, folder: Path, rounds: int) -> tuple[list[float], list[float], list[float]]:
    """Chat, the host's moves and the other player's moves at one Yatzy table between two programs (ms)."""
    anna_account, ben_account = register(server, "anna"), register(server, "ben")
    anna, ben = Program(folder / "anna", anna_account), Program(folder / "ben", ben_account)
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
        chat, moves, others = [], [], []
        for number in range(rounds):
            started = time.perf_counter()
            anna.type(f"say ping {number}")
            ben.until(f"ping {number}")
            chat.append((time.perf_counter() - started) * 1000)
            moves.append(move_time(anna, ben, number))
        anna.type("score chance")  # Ben's turn
        ben.until("Chance")  # Anna scored: Ben is to throw
        ben.type("r")
        anna.until("Ben threw")
        others = [move_time(ben, anna, number) for number in range(rounds)]
        return chat, moves, others
    finally:
        for program in (anna, ben):
            program.close()


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
            plain = asyncio.run(plain_round_trips(server, args.rounds))
            chat, moves, others = table_round_trips(server, Path(folder), args.rounds)
        finally:
            _end(server.process)
    base = statistics.median(plain)
    for label, samples in (("plain Matrix message round trip", plain), ("chat at the table", chat),
                           ("the host's move -> the other player's speaker", moves),
                           ("another player's move -> the host's speaker", others)):
        median, p95 = summary(samples)
        print(f"{label}, {len(samples)} rounds: median {median:.1f} ms, 95th percentile {p95:.1f} ms "
              f"({median / base:.1f}x the plain round trip)")


if __name__ == "__main__":
    main()
