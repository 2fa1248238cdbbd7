"""Running the real command line for the end-to-end and golden tests.

Every run gets its own data folder (``ACCESSIBLE_DICE_DATA``, and the
strategy's table cache inside it), so no test ever reads or writes the
player's own files, and no run may show a traceback.

:func:`play` runs an end-to-end game in English and, for another language,
once more in that language with its command words, and checks that both
are the same game (see :func:`said_alike`).
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from accessible_dice.games import GAMES
from accessible_dice.games.yatzy import Box, UnknownBox
from accessible_dice.play import commands
from accessible_dice.presentation.i18n import Language, language
from accessible_dice.presentation.yatzy import box_word

#: The languages the end-to-end games are played in: English, and Czech as the other.
LANGUAGES = ("en", "cs")
#: What the program says once a game is over (and input has not ended yet).
AFTER_GAME = ("Type rematch, or press Enter, to play again with the same players and options; new for another game; "
              "quit to stop. You can still type board, standings or history.")
#: The largest number a translation may say as a word instead of digits ("jedno kolo", "tří kostek").
SAID_IN_WORDS = 3


@dataclass
class Result:
    status: int
    lines: list[str]
    stderr: str
    #: The same game played in another language (:func:`play`), when one was asked for.
    other: Result | None = None


#: The system's language as a run sees it: none of ours, so a run without --lang speaks English on any machine.
NO_SYSTEM_LANGUAGE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


#: The tests' folder: ``python -m pig`` (the command line with the example game registered) is found there.
TESTS = Path(__file__).resolve().parent


def run_cli(args: Sequence[str], typed: Sequence[str], data: Path, timeout: float = 60,
            system: Mapping[str, str] = NO_SYSTEM_LANGUAGE, module: str = "accessible_dice",
            extra: Mapping[str, str] | None = None) -> Result:
    """``python -m accessible_dice ARGS`` with ``typed`` as standard input, one line each.

    ``system`` sets the locale variables the program reads for the system's language.
    ``module`` ``pig`` runs the same command line with the example game
    registered (tests/pig/__main__.py); ``extra`` adds environment variables.
    """
    done = subprocess.run(watched_command(args, timeout, module), input="".join(f"{line}\n" for line in typed),
                          capture_output=True, text=True, encoding="utf-8", env=cli_environment(data, system, extra),
                          timeout=timeout + DUMP_GRACE)
    assert not done.stderr.startswith(HUNG), f"the program hung; every thread's stack:\n{done.stderr}"
    assert "Traceback" not in done.stdout and "Traceback" not in done.stderr, done.stderr
    return Result(done.returncode, done.stdout.splitlines(), done.stderr)


def cli_environment(data: Path, system: Mapping[str, str] = NO_SYSTEM_LANGUAGE,
                    extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A run's environment: its own data folders under ``data``, ``tests/`` on the path (for ``python -m
    pig``), the locale variables ``system`` and the variables ``extra``."""
    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **(extra or {}),
            "ACCESSIBLE_DICE_DATA": str(data), "ACCESSIBLE_DICE_STRATEGY_CACHE": str(data / "strategy"),
            "ACCESSIBLE_DICE_CONFIG": str(data / "config"),
            "TERM": "dumb", "SDL_AUDIODRIVER": "dummy", "PYTHONIOENCODING": "utf-8", **system}


def the_save(data: Path) -> Path:
    """The one saved game in the data folder ``data`` (each game has a file of its own)."""
    (path,) = (data / "saves").glob("*.json")
    return path


def no_save_left(data: Path) -> bool:
    return not list((data / "saves").glob("*.json"))
#: The main menu as a new player hears it (no saved game yet).
MAIN_MENU = ("Main menu: 1 New game, 2 Settings, 3 Score history, 4 Tutorial, 5 Practice game, 6 Play online, "
             "7 Turn speech off, or 8 Quit. Enter: New game.")
def game_list() -> str:
    """The game list of a first start, where Enter plays the quick game (CG-01): every registered game."""
    listed = [f"{number} {parts.title}" for number, parts in enumerate(GAMES.values(), start=1)]
    listed[-1] = f"or {listed[-1]}"
    return (f"Choose a game: {', '.join(listed)}. "
            "Enter: a quick game of Shut the Box alone, with the usual options.")


#: The game list of a first start with the program's own games.
GAME_LIST = game_list()


def refused(reason: str) -> str:
    """A refusal as the terminal prints it: after the word that marks it (ER-05; the voice says only ``reason``)."""
    return f"Error: {reason}"

#: How faulthandler's dump of a run that hung begins (:func:`watched_command`): "Timeout (0:01:00)!".
HUNG = "Timeout ("
#: Seconds the harness waits beyond a run's time limit for its stack dump to arrive.
DUMP_GRACE = 10.0


def watched_command(args: Sequence[str], timeout: float, module: str = "accessible_dice") -> list[str]:
    """``python -m MODULE ARGS``, which dumps every thread's stack and ends when it runs past ``timeout``.

    So a hang in CI (newcomer.md finding 1) shows where each thread waited,
    instead of a bare time-out. The program itself is run as ``-m`` runs it
    (:func:`runpy.run_module`), so the command line tested is the real one.
    """
    watch = ("import faulthandler, runpy, sys; "
             f"faulthandler.dump_traceback_later({float(timeout)!r}, exit=True); "
             f"sys.argv[0] = {module!r}; "
             f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)")
    return [sys.executable, "-c", watch, *args]


def typed_in(lang: Language, game_id: str, line: str) -> str:
    """A typed line with its command word (and a Yatzy box) in ``lang``'s words: "strike 5" -> "škrtni 5"."""
    words = line.split()
    if not words:
        return line
    translated = {word: lang._(word) for word, _letters in commands.COMMON.values()}
    translated |= {word: lang._(word) for word in commands.game_commands(game_id).WORDS.values()}
    first = translated.get(words[0].casefold(), words[0])
    rest = words[1:]
    if game_id == "yatzy" and words[0].casefold() == "score" and rest:
        with contextlib.suppress(UnknownBox):  # a box that does not exist stays as typed
            rest = [box_word(Box.lookup(" ".join(rest)), lang)]
    return " ".join([first, *rest])


def said_alike(english: Sequence[str], other: Sequence[str]) -> list[str]:
    """How two transcripts of one game differ as a game: a line more or less, or other numbers in a line.

    Words differ between languages and so may their order, but a line says
    the same numbers (dice, flaps, points, lives) in every language: the
    other line may say no number the English one does not, and leaves out
    only the small ones a language says in words ("jeden život", "trojku").
    """
    if len(english) != len(other):
        return [f"{len(other)} lines instead of {len(english)}"]
    found = []
    for here, there in zip(english, other, strict=True):
        said, wanted = Counter(map(int, re.findall(r"\d+", there))), Counter(map(int, re.findall(r"\d+", here)))
        if said - wanted or any(n > SAID_IN_WORDS for n in wanted - said):
            found.append(f"{there!r} does not say the numbers of {here!r}")
    return found


def play(lang: str, args: Sequence[str], typed: Sequence[str], data: Path, module: str = "accessible_dice") -> Result:
    """An end-to-end game: in English, and when ``lang`` is another language, in it too, the same game.

    The other run types the same lines with that language's command words
    and must be said alike (:func:`said_alike`); it is kept in ``other``. The
    English result is returned, so a test's exact English checks hold in
    every language it is run for. ``module`` is as for :func:`run_cli`.
    """
    game_id = args[args.index("--game") + 1]
    english = run_cli([*args, "--lang", "en"], typed, data / "en", module=module)
    if lang == "en":
        return english
    words = language(lang)
    assert words.code == lang, f"no catalog for {lang}"
    other = run_cli([*args, "--lang", lang], [typed_in(words, game_id, line) for line in typed], data / lang,
                    module=module)
    differences = said_alike(english.lines, other.lines)
    assert other.status == english.status and not differences, "\n".join(differences)
    english.other = other
    return english
