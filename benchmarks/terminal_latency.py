"""How fast the terminal front end answers, through the real command line.

Two figures, each against a simple baseline measured in the same run, since
absolute times on a shared 2-core machine are noisy:

- command -> speaker: a review command (``board``: the flaps as a spoken list)
  typed into a running game, until its announcement arrives on standard
  output (the ``text`` speaker), against the same round trip through ``cat``;
- start -> first announcement: launching ``accessible-dice --game ...`` until
  the first spoken line, against starting a bare Python that prints one line.

    python benchmarks/terminal_latency.py [--rounds 200] [--starts 10]
"""

from __future__ import annotations

import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

GAME = ["--game", "shut-the-box", "--ui", "console", "--speech", "text", "--dice", "manual",
        "--players", "Anna,Ben", "--lang", "en"]


def environment(folder: str) -> dict[str, str]:
    return {**os.environ, "ACCESSIBLE_DICE_DATA": folder, "ACCESSIBLE_DICE_CONFIG": folder,
            "SDL_AUDIODRIVER": "dummy", "TERM": "dumb"}


class Lines:
    """Reads whole lines from a pipe without blocking past a deadline."""

    def __init__(self, fd: int) -> None:
        self.fd, self.buffer = fd, b""

    def next(self, timeout: float = 10.0) -> str:
        deadline = time.perf_counter() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise TimeoutError("no line in time")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise EOFError("the program ended")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8")

    def drain(self, quiet: float = 0.3) -> None:
        while select.select([self.fd], [], [], quiet)[0]:
            if not os.read(self.fd, 65536):
                return
        self.buffer = b""


def round_trips(command: list[str], line: bytes, rounds: int, env: dict[str, str]) -> list[float]:
    """Milliseconds from writing ``line`` to the first line that comes back, ``rounds`` times."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
    assert process.stdin is not None and process.stdout is not None
    reader = Lines(process.stdout.fileno())
    reader.drain()  # the game's opening lines
    times = []
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            process.stdin.write(line)
            reader.next()
            times.append((time.perf_counter() - start) * 1000)
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    return times


def first_line(command: list[str], env: dict[str, str]) -> float:
    """Milliseconds from launching ``command`` to its first line on standard output."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
    assert process.stdout is not None and process.stdin is not None
    Lines(process.stdout.fileno()).next(timeout=30)
    elapsed = (time.perf_counter() - start) * 1000
    process.stdin.close()
    process.wait(timeout=30)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--starts", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = environment(folder)
        game = [sys.executable, "-m", "accessible_dice", *GAME]
        command = statistics.median(round_trips(game, b"board\n", args.rounds, env))
        pipe = statistics.median(round_trips(["cat"], b"board\n", args.rounds, env))
        start = statistics.median(first_line(game, env) for _ in range(args.starts))
        bare = statistics.median(first_line([sys.executable, "-c", "print('ready')"], env)
                                 for _ in range(args.starts))
    print(f"command -> speaker, median of {args.rounds}: {command:.2f} ms "
          f"(pipe alone {pipe:.3f} ms; {command / pipe:.1f}x the pipe)")
    print(f"start -> first announcement, median of {args.starts}: {start:.0f} ms "
          f"(bare python {bare:.0f} ms; {start / bare:.1f}x)")


if __name__ == "__main__":
    main()
