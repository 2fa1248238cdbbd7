"""Peak memory (resident set) of a whole game, per game and front end, against the interpreter with the package.

Each figure is one fresh process, measured by the operating system at its
end (``os.wait4``: the peak resident set size), so nothing of an earlier
run counts:

- baseline: ``python -c "import accessible_dice"``;
- terminal: the real command line, ``--ui console --speech text``, a seeded
  game of two computer players from the first throw to the end;
- window: the real window (SDL's dummy video and audio drivers) with the
  same game, its computer players played through by the N key, a frame
  drawn after each step, as the window's own loop does; speech through the
  built-in voice (eSpeak NG, ``--speech tts``, the default) and the sound
  cues, as a player without a screen reader hears them; the window is
  1536x864 (what it opens at on a 1920x1080 desktop), ``--size`` to change.

Yatzy's strategy table is read from the cache folder (built first if it is
not there, in a process of its own), except in the row "yatzy, table built
in the game": there the cache is empty and the tables that come with the
program are set aside (as where that file is missing or damaged), so the
game builds the table in the background while it is played. The last rows
play all five games one after another in one window process, and a Yatzy
game of four players in which every step is drawn at the next zoom (100 to
300 % and back) and every twelfth in the next theme (issue 23: the
rendered-text cache grew with the zoom).

    python benchmarks/memory.py [--games yatzy,quiclo] [--speech tts|text|none] [--size 1536x864]
                                [--budget-terminal 80] [--budget-window 150] [--window-only]

The budgets (MB) are those of docs/performance.md; the exit status is 1 if
a figure is over its budget.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = ("shut-the-box", "yatzy", "storeslem", "quiclo", "threes-away")
PLAYERS = "cpu1,cpu2"
FOUR = "cpu1,cpu2,cpu3,cpu4"
SEED = "3"


def environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "ACCESSIBLE_DICE_DATA": str(folder / "data"),
            "ACCESSIBLE_DICE_CONFIG": str(folder / "config"),
            "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "TERM": "dumb"}


#: Runs the measured command as the child of a fresh, small interpreter and prints its exit status and peak
#: resident set. A process forked straight from this one would start its peak at this one's size (Linux counts
#: the pages shared at the fork): a test run grown to 150 MB would make every figure 150 MB.
_MEASURE = ("import os, subprocess, sys; "
            "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL); "
            "_pid, status, usage = os.wait4(p.pid, 0); "
            "print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)")


def peak_mb(command: list[str], env: dict[str, str], typed: str = "") -> float:
    """The peak resident set of ``command`` run to its end, in MB (10^6 bytes)."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, *command], input=typed.encode(), capture_output=True,
                          env=env, check=False)
    status, peak = done.stdout.split() if done.returncode == 0 else ("1", "0")
    if int(status) != 0:
        raise RuntimeError(f"{command} ended with {status}: {done.stderr.decode()}")
    # Linux reports kilobytes, macOS bytes.
    return int(peak) * (1 if sys.platform == "darwin" else 1024) / 1e6


def baseline(env: dict[str, str]) -> float:
    return peak_mb([sys.executable, "-c", "import accessible_dice"], env)


#: The program's command line run with the Yatzy tables it comes with set aside, so that it builds the table
#: (the row "table built in the game"): what a missing or damaged file makes it do.
_WITHOUT_SHIPPED = ("import runpy, sys; from accessible_dice.strategy import yatzy; yatzy.SHIPPED = None; "
                    "sys.argv[0] = 'accessible_dice'; runpy.run_module('accessible_dice', run_name='__main__')")


def terminal(game: str, env: dict[str, str], shipped: bool = True) -> float:
    start = ["-m", "accessible_dice"] if shipped else ["-c", _WITHOUT_SHIPPED]
    return peak_mb([sys.executable, *start, "--game", game, "--ui", "console", "--speech", "text",
                    "--players", PLAYERS, "--seed", SEED, "--lang", "en"], env)


def window(games: str, env: dict[str, str], speech: str = "tts", size: str = "1536x864", players: str = PLAYERS,
           zoom: bool = False, shipped: bool = True) -> float:
    return peak_mb([sys.executable, __file__, "--window-child", games, "--speech", speech, "--size", size,
                    "--players", players, *(["--zoom"] if zoom else []),
                    *([] if shipped else ["--without-shipped"])], env)


#: The zoom steps Ctrl+Plus goes through, up and back: what a player who zooms in to read and out again draws.
ZOOMS = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 2.5, 2.0, 1.75, 1.5, 1.25)


def window_child(games: str, speech: str, size: str, players: str = PLAYERS, zoom: bool = False) -> None:
    """Play each of ``games`` (comma-separated) in one real window until it ends (the child :func:`window` measures)."""
    import pygame

    from accessible_dice import audio
    from accessible_dice.presentation.i18n import language
    from accessible_dice.session import new_session
    from accessible_dice.sound import SoundPlayer
    from accessible_dice.speech import Speaker
    from accessible_dice.ui.window import Window
    from accessible_dice.ui.window.game import GameScreen

    lang = language("en")
    speaker = Speaker(speech, gettext=lang._, stream=open(os.devnull, "w"))  # noqa: SIM115 - closed with the speaker
    cues = SoundPlayer()
    window = Window(lang, speaker, cues)
    width, height = (int(n) for n in size.split("x"))
    window.open((width, height))
    try:
        for game in games.split(","):
            session = new_session(game, players.split(","), {}, seed=int(SEED))
            window.push(GameScreen(window, session))
            steps = 0
            while not session.game.is_over():
                if zoom:
                    # Every step at the next zoom, and every twelve the next theme (F8): the drawing's caches
                    # see every text size and colour a zooming player's window draws.
                    window.scale = ZOOMS[steps % len(ZOOMS)]
                    if steps % len(ZOOMS) == 0:
                        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F8, mod=0, unicode="",
                                                             scancode=0))
                steps += 1
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n",
                                                     scancode=0))
                window.pump()
                window.tick()
                window.frame()
            window.pop()
    finally:  # as the program ends (ui/window/run.py): the mixer last, with nothing playing
        window.close()
        speaker.close()
        cues.close()
        audio.shutdown()


def prepare_yatzy(env: dict[str, str]) -> None:
    """Build Yatzy's table into the cache folder first, in a process of its own."""
    subprocess.run([sys.executable, "-c", "from accessible_dice.strategy import yatzy; yatzy.table('free')"],
                   env=env, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--budget-terminal", type=float, default=80.0)
    parser.add_argument("--budget-window", type=float, default=150.0)
    parser.add_argument("--speech", default="tts", choices=("tts", "text", "none"), help="the window's speech")
    parser.add_argument("--size", default="1536x864", help="the window's size, WIDTHxHEIGHT")
    parser.add_argument("--window-only", action="store_true", help="only the window's rows (no terminal)")
    parser.add_argument("--window-child", help=argparse.SUPPRESS)
    parser.add_argument("--without-shipped", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--players", default=PLAYERS, help=argparse.SUPPRESS)
    parser.add_argument("--zoom", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.without_shipped:
        from accessible_dice.strategy import yatzy

        yatzy.SHIPPED = None
    if args.window_child:
        window_child(args.window_child, args.speech, args.size, args.players, args.zoom)
        return 0
    over = False
    with tempfile.TemporaryDirectory() as folder:
        env = environment(Path(folder))
        base = baseline(env)
        print(f"baseline (python -c 'import accessible_dice'): {base:.1f} MB")
        print(f"{'game':<32} {'terminal':>9} {'over base':>10} {'window':>8} {'over base':>10}")

        def row(name: str, text: float, shown: float) -> bool:
            print(f"{name:<32} {text:>6.1f} MB {text - base:>7.1f} MB {shown:>5.1f} MB {shown - base:>7.1f} MB")
            return text > args.budget_terminal or shown > args.budget_window

        env.setdefault("ACCESSIBLE_DICE_STRATEGY_CACHE", str(Path(folder) / "strategy"))
        prepare_yatzy(env)
        if not args.window_only:
            cold = {**env, "ACCESSIBLE_DICE_STRATEGY_CACHE": str(Path(folder) / "cold-text")}
            building = terminal("yatzy", cold, shipped=False), window(
                "yatzy", {**cold, "ACCESSIBLE_DICE_STRATEGY_CACHE": str(Path(folder) / "cold-window")}, args.speech,
                args.size, shipped=False)
            for game in args.games.split(","):
                over = row(game, terminal(game, env), window(game, env, args.speech, args.size)) or over
            over = row("yatzy, table built in the game", *building) or over
        for name, games, players, zoom in (("all five games in one window", ",".join(GAMES), PLAYERS, False),
                                           ("yatzy, 4 players, zoom and themes", "yatzy", FOUR, True)):
            shown = window(games, env, args.speech, args.size, players, zoom)
            print(f"{name:<32} {'':>9} {'':>10} {shown:>5.1f} MB {shown - base:>7.1f} MB")
            over = over or shown > args.budget_window
    print(f"budgets: terminal {args.budget_terminal:.0f} MB, window {args.budget_window:.0f} MB: "
          f"{'OVER' if over else 'within'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
