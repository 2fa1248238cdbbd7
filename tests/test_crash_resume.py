"""Crash safety: the real program is killed (SIGKILL) at random moments; resume loses at most the move in flight.

Each run plays a whole game through the command line with typed dice. The
test waits until the save holds the moves already typed (the save is written
before the program answers, so a saved move is a completed move), types the
next line and kills the program a few milliseconds later, while it reads,
plays, writes or answers. Then the save must be readable and hold exactly
the completed moves, or those and the one in flight, never anything else;
``--resume`` must continue from there. Every game is killed several times
and then played to its end, which must leave no save and one recorded game
whose actions are exactly the ones typed.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rules_support import play_randomly

from accessible_dice import save
from accessible_dice.games import new_game
from accessible_dice.games.base import Action, Roll
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.games.threes_away import Keep
from accessible_dice.history import ScoreHistory

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["shut-the-box", "threes-away"]
RUNS = 6
KILLS_PER_RUN = 3


def planned(game_id: str, seed: int) -> tuple[list[Action], list[str]]:
    """A whole game's actions (random dice, random legal moves) and the lines that type them."""
    game = play_randomly(new_game(game_id, ["Anna", "Ben"], {"rounds": 2} if game_id == "threes-away" else {}), seed)
    return list(game.history), [typed(action) for action in game.history]


def typed(action: Action) -> str:
    if isinstance(action, Roll):
        return " ".join(map(str, action.values))
    if isinstance(action, Shut):
        return action.way
    assert isinstance(action, Keep)
    return "keep " + " ".join(str(p + 1) for p in action.positions)


def start(game_id: str, data: Path, resume: bool) -> subprocess.Popen:
    what = ["--resume"] if resume else ["--game", game_id, "--players", "Anna,Ben"]
    options = ["--option", "rounds=2"] if game_id == "threes-away" and not resume else []
    env = {**os.environ, "ACCESSIBLE_DICE_DATA": str(data), "ACCESSIBLE_DICE_CONFIG": str(data / "config"),
           "SDL_AUDIODRIVER": "dummy", "PYTHONIOENCODING": "utf-8"}
    return subprocess.Popen([sys.executable, "-m", "accessible_dice", *what, *options, "--ui", "console",
                             "--speech", "text", "--dice", "manual"], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)


def saved_actions(saves: Path) -> list[Action]:
    """The actions in the one save in the folder ``saves`` (each game has a file of its own)."""
    found = list(saves.glob("*.json"))
    assert len(found) <= 1, "a game resumed keeps its own file"
    return list(save.read(found[0]).history) if found else []


def wait_for_save(path: Path, count: int, program: subprocess.Popen) -> None:
    """Until the save holds ``count`` actions: then they are completed moves."""
    deadline = time.monotonic() + 20
    while len(saved_actions(path)) < count:
        assert program.poll() is None, "the program ended before the move was saved"
        assert time.monotonic() < deadline, f"move {count} was never saved"
        time.sleep(0.005)


@pytest.mark.parametrize("run", range(RUNS))
def test_GN_04_a_killed_game_resumes_at_the_last_completed_move(tmp_path: Path, run: int) -> None:
    game_id = GAMES[run % len(GAMES)]
    actions, lines = planned(game_id, seed=run)
    chance = random.Random(1000 + run)
    path = tmp_path / "saves"
    done = 0
    for _kill in range(KILLS_PER_RUN):
        if done + 1 > len(actions) - 2:
            break  # the move in flight must not end the game
        target = chance.randint(done + 1, len(actions) - 2)
        program = start(game_id, tmp_path, resume=done > 0)
        for line in lines[done:target]:
            program.stdin.write(line + "\n")
            program.stdin.flush()
        wait_for_save(path, target, program)
        program.stdin.write(lines[target] + "\n")  # the move in flight
        program.stdin.flush()
        time.sleep(chance.choice([0, chance.uniform(0, 0.003), chance.uniform(0, 0.02)]))
        program.send_signal(signal.SIGKILL)
        program.wait(timeout=10)
        found = saved_actions(path)
        assert found in (actions[:target], actions[:target + 1]), f"after a kill at move {target + 1}"
        done = len(found)
    program = start(game_id, tmp_path, resume=True)
    program.communicate("".join(line + "\n" for line in lines[done:]), timeout=60)
    assert program.returncode == 0
    assert not list(path.glob("*.json")), "a finished game leaves no save"
    with ScoreHistory(tmp_path / "history.sqlite3") as history:
        (recorded,) = [row["save"] for row in history._rows("SELECT save FROM games")]
    assert list(save.loads(recorded).history) == actions
