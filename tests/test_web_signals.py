"""The browser table ended by SIGTERM in the middle of a game keeps the game, and ``--resume`` brings it back.

The program is run as a player runs it (``python -m accessible_dice --ui
web``, its own data folders, ``BROWSER=true`` so that no browser opens by
itself), played in Debian's chromium by keys, ended by SIGTERM (a logout, a
shutdown, ``kill``), started again with ``--resume``: the page shows the
same game, the same dice on the table, and says it was continued.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_endings import LIMIT, environment
from web_support import browser, log_lines, opened, press

__all__ = ["browser"]


@pytest.fixture
def programs() -> Iterator[list[subprocess.Popen[str]]]:
    """The programs a test starts; any still running at its end is killed by its id."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for program in started:
        if program.poll() is None:
            program.kill()
            program.wait(10)


def start(programs: list[subprocess.Popen[str]], data: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """``accessible-dice --ui web ARGS`` started; it and the page's address it prints first."""
    program = subprocess.Popen([sys.executable, "-m", "accessible_dice", "--ui", "web", "--lang", "en", *args],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment(data, BROWSER="true"))
    programs.append(program)
    assert program.stdout is not None
    first = program.stdout.readline()
    assert first.startswith("The game is at http://127.0.0.1:"), first + (program.stderr.read() if
                                                                         program.stderr else "")
    return program, first.split(" at ", 1)[1].strip()


def dice(page: Any) -> list[int]:
    return [int(value) for value in page.evaluate("state.dice.map((die) => die.value)")]


def test_sigterm_mid_game_keeps_the_game_and_resume_brings_it_back_in_the_page(
        browser: Any, tmp_path: Path, programs: list[subprocess.Popen[str]]) -> None:
    program, url = start(programs, tmp_path, "--game", "shut-the-box", "--players", "Anna,Bob", "--seed", "7")
    page = opened(browser, url)
    press(page, "r")
    thrown = dice(page)
    assert len(thrown) == 2
    assert log_lines(page)[-1].startswith("Anna threw"), log_lines(page)
    program.send_signal(signal.SIGTERM)
    out, err = program.communicate(timeout=LIMIT)
    assert program.returncode == 143, (out, err)
    assert "Traceback" not in out + err
    page.close()

    again, url = start(programs, tmp_path, "--resume")
    page = opened(browser, url)
    assert page.get_by_role("heading", level=1).text_content() == "Shut the Box"
    assert dice(page) == thrown
    assert "continued" in " ".join(log_lines(page)), log_lines(page)
    press(page, "d")  # the game answers: the same dice, said
    again.send_signal(signal.SIGTERM)
    again.communicate(timeout=LIMIT)
