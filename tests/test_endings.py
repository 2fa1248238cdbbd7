"""How the program ends, whatever arrives: bytes that are not text, no input at all, a crash, a signal, no display.

reliability.md C1, C3 to C8, U1, U9 and W4. Each is run through the real
command line (:func:`e2e_support.watched_command`), except the crash, which
needs a fault that the program itself no longer has: it is put in by the
test, in process.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from e2e_support import watched_command

from accessible_dice import cli, ending, storage
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.speech.spy import SpeechSpy
from accessible_dice.ui import launch

CONSOLE = ["--ui", "console", "--speech", "text"]
#: Seconds any one run here may take before its stack is dumped.
LIMIT = 30.0
#: A Yatzy game's first line for one player: whose turn, then how to throw (Controller.first_step, CG-05).
OPENING = "Yatzy: Player. Your turn. Type roll or r, or press Enter, to throw. Type help for the commands."


def environment(data: Path, **changes: str | None) -> dict[str, str]:
    """The run's environment: its own folders, strict UTF-8 on standard input (as an ordinary desktop
    locale such as en_US.UTF-8 has it), the dummy sound driver; ``None`` removes a variable."""
    env = {**os.environ, "ACCESSIBLE_DICE_DATA": str(data), "ACCESSIBLE_DICE_CONFIG": str(data / "config"),
           "ACCESSIBLE_DICE_STRATEGY_CACHE": str(data / "strategy"), "SDL_AUDIODRIVER": "dummy",
           "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "TERM": "dumb"}
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run_bytes(args: list[str], typed: bytes, data: Path, **changes: str | None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(watched_command(args, LIMIT), input=typed, capture_output=True, env=environment(
        data, **changes), timeout=LIMIT + 10)
    result = subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode("utf-8", "replace"),
                                         done.stderr.decode("utf-8", "replace"))
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


# ---------------------------------------------------------------- what arrives on standard input


def test_latin1_bytes_typed_in_a_utf8_locale_are_refused_in_words_like_any_unknown_word(tmp_path: Path) -> None:
    """C1: a Latin-1 terminal sends hjälp, würfeln and pořadí as bytes that are not UTF-8; it died at the first."""
    typed = "slå\n".encode() + b"hj\xe4lp\nw\xfcrfeln\npo\xf8ad\xed\nq\n"
    done = run_bytes(["--game", "shut-the-box", *CONSOLE, "--lang", "sv", "--seed", "1"], typed, tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[2:] == ["Fel: hj\ufffdlp är inget kommando här. Skriv hjälp för att höra kommandona.",
                         "Fel: w\ufffdrfeln är inget kommando här. Skriv hjälp för att höra kommandona.",
                         "Fel: po\ufffdad\ufffd är inget kommando här. Skriv hjälp för att höra kommandona.",
                         "Spelet är sparat. Hej då."]


def test_a_closed_standard_input_is_the_end_of_input(tmp_path: Path) -> None:
    """C7: ``<&-`` left ``sys.stdin`` as None, and the first read crashed."""
    done = subprocess.run(watched_command(["--game", "yatzy", *CONSOLE], LIMIT), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=environment(tmp_path), timeout=LIMIT + 10,
                          preexec_fn=lambda: os.close(0))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.splitlines() == [OPENING, "Goodbye."]


# ---------------------------------------------------------------- a crash


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> SpeechSpy:
    """``launch.run`` in this process: typed lines from a list, the voice a spy, no signal handlers changed."""
    for key, value in environment(tmp_path).items():
        monkeypatch.setenv(key, value)
    voice = SpeechSpy()
    monkeypatch.setattr(launch, "_outputs", lambda *_args: Announcer(None, voice))
    monkeypatch.setattr(ending, "catch_signals", lambda: None)
    monkeypatch.setattr(launch, "_playing", launch._Playing())
    return voice


def boom(*_args: object) -> None:
    raise RuntimeError("a fault put in by the test")


@pytest.mark.parametrize(("typed", "saved"), [(["1 2", "help"], True), (["help"], False)])
def test_SR_01_a_crash_is_said_in_the_players_language_and_voice_and_says_saved_only_when_it_was(
        in_process: SpeechSpy, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, typed: list[str], saved: bool) -> None:
    """U1: the crash line was English in every language, never spoken, and said "saved" with nothing saved."""
    monkeypatch.setattr(Controller, "help_answer", boom)
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
    status = launch.run(cli.parse_args(["--game", "shut-the-box", *CONSOLE, "--dice", "manual", "--lang", "de"]))
    log = tmp_path / "error.log"
    expected = ("Etwas ist schiefgelaufen (RuntimeError), das Programm muss beendet werden. "
                + ("Das Spiel ist gespeichert. " if saved else "") + f"Die Einzelheiten stehen in {log}.")
    assert status == 1 and capsys.readouterr().err == f"accessible-dice: {expected}\n"
    assert in_process.log[-1].text == expected
    assert "RuntimeError: a fault put in by the test" in log.read_text(encoding="utf-8")


def test_history_has_the_same_crash_guard_as_play(in_process: SpeechSpy, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """C4: ``--history`` showed a raw traceback."""
    monkeypatch.setattr("accessible_dice.presentation.scores.history_lines", boom)
    assert cli.main(["--history", "--lang", "en"]) == 1
    said = capsys.readouterr()
    assert said.err.startswith("accessible-dice: Something went wrong (RuntimeError) and the program has to stop.")
    assert "Traceback" not in said.out + said.err


def test_history_with_a_settings_file_of_600_brackets_is_not_a_crash(tmp_path: Path) -> None:
    """C3 and C4 together: every start died, and ``--history`` with a traceback."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text("verbosity = " + "[" * 600 + "]" * 600 + "\n")
    done = run_bytes(["--history"], b"", tmp_path)
    assert done.returncode == 0 and "verbosity cannot be [[[[" in done.stderr and len(done.stderr) < 1000


# ---------------------------------------------------------------- signals


def started(data: Path, *args: str, starter: Sequence[str] = ()) -> subprocess.Popen[str]:
    """The program with ``args``, run by ``starter`` (a command such as ``nohup``) if one is given."""
    return subprocess.Popen([*starter, *watched_command([*args, *CONSOLE], LIMIT)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(data))


def after_a_throw(data: Path, starter: Sequence[str] = ()) -> subprocess.Popen[str]:
    """A Yatzy game that has thrown once (so the sound mixer has started, with SDL's signal handling)."""
    program = started(data, "--game", "yatzy", "--seed", "4", starter=starter)
    assert program.stdin is not None and program.stdout is not None
    program.stdout.readline()
    program.stdin.write("roll\n")
    program.stdin.flush()
    program.stdout.readline()
    return program


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 0)])
def test_sigterm_and_sighup_end_a_game_at_once_saved_after_the_mixer_started(tmp_path: Path, name: str,
                                                                               status: int) -> None:
    """C6: SDL's handler swallowed SIGTERM once the mixer had started; the program ran on."""
    program = after_a_throw(tmp_path)
    program.send_signal(getattr(signal, name))
    out, err = program.communicate(timeout=LIMIT)
    assert program.returncode == status and "Traceback" not in err, err
    assert out.splitlines()[-1] == "Game saved. Goodbye."
    saves = list((tmp_path / "saves").glob("*.json"))
    assert saves and '"roll"' in saves[0].read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("nohup") is None, reason="nohup is a POSIX command")
def test_a_game_started_with_nohup_outlives_its_terminal_and_still_ends_on_sigterm(tmp_path: Path) -> None:
    """``nohup`` starts the program with SIGHUP ignored so that it outlives its terminal; it stays ignored."""
    program = after_a_throw(tmp_path, starter=["nohup"])
    assert program.stdin is not None and program.stdout is not None
    program.send_signal(signal.SIGHUP)
    program.stdin.write("roll\n")  # the game goes on: the second throw is heard
    program.stdin.flush()
    assert program.stdout.readline().startswith("Player threw ")
    program.send_signal(signal.SIGTERM)
    out, err = program.communicate(timeout=LIMIT)
    assert program.returncode == 143 and "Traceback" not in err, err
    assert out.splitlines()[-1] == "Game saved. Goodbye."


#: Runs the program as ``-m`` does, after a line on standard error saying that Python itself has started.
STARTED = ("import runpy, sys; sys.stderr.write('started\\n'); sys.stderr.flush(); sys.argv[0] = 'accessible_dice'; "
           "runpy.run_module('accessible_dice', run_name='__main__', alter_sys=True)")


@pytest.mark.parametrize("delay", [0.0, 0.01, 0.03, 0.06, 0.1, 0.2, 0.4])
def test_ctrl_c_at_any_moment_of_the_start_ends_without_a_traceback(tmp_path: Path, delay: float) -> None:
    """C5: Ctrl+C in the first 60 ms landed in the program's imports and printed a traceback.

    The delays count from the moment Python itself has started (its own
    start-up, the site module, is not the program's to guard).
    """
    program = subprocess.Popen([sys.executable, "-c", STARTED, "--game", "yatzy", *CONSOLE], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(tmp_path))
    assert program.stderr is not None and program.stderr.readline() == "started\n"
    time.sleep(delay)
    program.send_signal(signal.SIGINT)
    _out, err = program.communicate(timeout=LIMIT)
    assert "/accessible_dice/" not in err, err  # no traceback through the program's own files
    assert program.returncode == 130 or "<string>" in err, err  # else it landed in the starter line above


def test_ctrl_c_during_a_game_says_it_is_saved(tmp_path: Path) -> None:
    """U9: Ctrl+C ended with no words; a blind player could not know nothing was lost."""
    program = after_a_throw(tmp_path)
    program.send_signal(signal.SIGINT)
    out, err = program.communicate(timeout=LIMIT)
    assert program.returncode == 130 and out.splitlines()[-1] == "Game saved. Goodbye.", err


def test_temporary_files_of_interrupted_writes_are_removed_at_the_next_start(tmp_path: Path) -> None:
    """W4: SIGKILL during a save left ``current.json<random>.tmp`` behind, forever."""
    saves = tmp_path / "saves"
    saves.mkdir(parents=True)
    stale, fresh = saves / "current.jsonab12cd34.tmp", saves / "current.jsonzz99yy88.tmp"
    for path in (stale, fresh):
        path.write_text("{", encoding="utf-8")
    old = time.time() - 2 * storage.STALE_SECONDS
    os.utime(stale, (old, old))
    run_bytes(["--game", "yatzy", *CONSOLE], b"q\n", tmp_path)
    assert not stale.exists() and fresh.exists()  # a fresh one may be another game's write in progress


# ---------------------------------------------------------------- no display


@pytest.fixture
def x_server() -> tuple[str, socket.socket]:
    """Something taking connections where an X server of a free display number would (TCP 6000 + n)."""
    listener = socket.socket()
    for number in range(50, 90):
        try:
            listener.bind(("127.0.0.1", 6000 + number))
        except OSError:
            continue
        listener.listen()
        return f"127.0.0.1:{number}", listener
    pytest.skip("no free X display number to listen on")


def test_a_display_answers_only_when_its_x_server_takes_the_connection(x_server: tuple[str, socket.socket]) -> None:
    display, listener = x_server
    assert launch.display_answers({"DISPLAY": display})
    listener.close()
    assert not launch.display_answers({"DISPLAY": display})
    assert not launch.display_answers({"DISPLAY": ":987"}) and not launch.display_answers({})
    assert launch.display_answers({"SDL_VIDEODRIVER": "dummy"})


@pytest.mark.parametrize("display", [":987", "192.0.2.1:0", None])
def test_window_without_a_display_that_answers_says_so_at_once_and_exits_2(tmp_path: Path,
                                                                            display: str | None) -> None:
    """C8: SDL drew nowhere, and the window waited for keys that could not come."""
    begun = time.monotonic()
    quick = run_bytes(["--game", "yatzy", *CONSOLE], b"q\n", tmp_path / "quick")
    baseline = time.monotonic() - begun
    begun = time.monotonic()
    done = run_bytes(["--game", "yatzy", "--ui", "window", "--speech", "text"], b"q\n", tmp_path,
                     SDL_VIDEODRIVER=None, DISPLAY=display, WAYLAND_DISPLAY=None)
    took = time.monotonic() - begun
    assert quick.returncode == 0 and done.returncode == 2 and done.stdout == ""
    shown = display or '""'
    assert done.stderr == f"accessible-dice: The window cannot be shown: no display answers at {shown}.\n"
    assert took < 2 * baseline + launch.PROBE_SECONDS


def test_auto_with_a_stale_display_says_so_and_plays_in_the_terminal(tmp_path: Path) -> None:
    done = run_bytes(["--game", "yatzy", "--speech", "text"], b"q\n", tmp_path, SDL_VIDEODRIVER=None,
                     DISPLAY=":987", WAYLAND_DISPLAY=None)
    assert done.returncode == 0
    assert done.stderr == "accessible-dice: No display answers at :987; using the terminal.\n"
    assert done.stdout.splitlines() == [OPENING, "Goodbye."]
