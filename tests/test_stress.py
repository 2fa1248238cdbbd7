"""The intermittent freeze (newcomer.md finding 1): a Storeslem game against the computer, 200 times, under load.

It hung once in CI at 0 % CPU, at the end of the game: the program was
ending while its sound cues were still playing, so the mixer was closed by
Python's own exit, and SDL's sound thread, which takes Python's lock when a
sound ends, could be stopped while it held SDL's lock. Now the program
closes the cues and then the mixer itself, from the main thread, before it
ends (``audio.shutdown``). Each run is watched (``watched_command``): a run
that hangs dumps every thread's stack, and the test fails with it.

The machine is kept busy meanwhile (a process spinning), and four games
run at a time, so the timing is as bad as a loaded CI runner's. The 120
games are played in this process, through the command line's own code
(200 took 80 s of a 25-minute suite); 20 more are whole processes, for
the program's exit, where it hung.
"""

from __future__ import annotations

import faulthandler
import io
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from e2e_support import HUNG, watched_command
from test_golden import GOLDEN

from accessible_dice import cli, ending

#: The game that hung: tests/test_golden_languages.py's Norwegian Storeslem game, its English half.
ARGS = ["--game", "storeslem", "--ui", "console", "--speech", "text", "--lang", "en", "--verbosity", "normal",
        "--players", "Anna,cpu", "--seed", "6"]
#: Games played in this process, through the real command line's code (``cli.main``) with the real mixer.
RUNS = 120
#: Games played as whole processes, four at a time, so the program's exit (where it hung) is played too.
PROCESSES = 20
AT_ONCE = 4
#: Seconds one game may take (it takes about half a second) before every thread's stack is dumped.
LIMIT = 30.0


@pytest.fixture
def busy_machine() -> Iterator[None]:
    """A process that keeps a core busy while the games run."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


def typed() -> str:
    return (GOLDEN / "nb-storeslem.in").read_text(encoding="utf-8")


def finished(said: str) -> bool:
    """The game reached its end: the result, the question after the game, and the goodbye when the input ended."""
    *_, result, question, goodbye = said.splitlines()
    return result.startswith("Game over.") and question.startswith("Type rematch") and goodbye == "Goodbye."


def environment(data: Path) -> dict[str, str]:
    return {"ACCESSIBLE_DICE_DATA": str(data), "ACCESSIBLE_DICE_CONFIG": str(data / "config"),
            "ACCESSIBLE_DICE_STRATEGY_CACHE": str(data / "strategy"), "SDL_AUDIODRIVER": "dummy",
            "TERM": "dumb", "PYTHONIOENCODING": "utf-8", "LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8"}


def test_the_storeslem_game_against_the_computer_never_hangs_in_play(tmp_path: Path, busy_machine: None,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """120 games in this process: cues on timer threads, the mixer opened, closed and opened again."""
    monkeypatch.setattr(ending, "catch_signals", lambda: None)
    said = []
    try:
        for run in range(RUNS):
            faulthandler.dump_traceback_later(LIMIT, exit=True)  # a hang ends the test run with every stack
            for key, value in environment(tmp_path / str(run)).items():
                monkeypatch.setenv(key, value)
            out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
            monkeypatch.setattr(sys, "stdout", out)
            monkeypatch.setattr(sys, "stdin", io.StringIO(typed()))
            assert cli.main(ARGS) == 0
            out.seek(0)
            said.append(out.read())
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert finished(said[0]) and said == [said[0]] * RUNS


def test_the_storeslem_game_against_the_computer_never_hangs_at_its_end(tmp_path: Path, busy_machine: None) -> None:
    """Whole processes, four at a time: the hang was at the program's very end."""

    def play(run: int) -> tuple[int, str, str]:
        env = {**environment(tmp_path / str(run)), "PATH": "/usr/bin:/bin"}
        done = subprocess.run(watched_command(ARGS, LIMIT), input=typed(), capture_output=True, text=True,
                              encoding="utf-8", env=env, timeout=LIMIT + 30)
        return done.returncode, done.stdout, done.stderr

    with ThreadPoolExecutor(AT_ONCE) as pool:
        results = list(pool.map(play, range(PROCESSES)))
    hung = [err for _status, _out, err in results if err.startswith(HUNG)]
    assert not hung, f"{len(hung)} of {PROCESSES} games hung; the first one's threads:\n{hung[0]}"
    first = results[0][1]
    assert finished(first)
    assert all(status == 0 and out == first and err == "" for status, out, err in results)
