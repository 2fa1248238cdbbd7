"""Game options and the command line (docs/spec/interfaces.md §1)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from accessible_dice.cli import UsageError, description, parse_args
from accessible_dice.games.options import BadOptionValue, UnknownOption, choice, integer, numbers, resolve, yes_no

SPECS = (yes_no("easy", False), integer("rounds", 1, 1, 20, also=("roll",)),
         choice("start", ("order", "roll"), "order"), numbers("row-bonus", (10, 10, 10), 0, 100))


def test_defaults_apply_when_nothing_is_given() -> None:
    assert resolve("g", SPECS, {}) == {"easy": False, "rounds": 1, "start": "order", "row-bonus": (10, 10, 10)}


def test_typed_values_are_parsed_and_checked() -> None:
    values = resolve("g", SPECS, {"easy": "yes", "rounds": "roll", "start": "ROLL", "row-bonus": "5, 6,7"})
    assert values == {"easy": True, "rounds": "roll", "start": "roll", "row-bonus": (5, 6, 7)}


def test_parsed_values_from_a_save_round_trip() -> None:
    values = resolve("g", SPECS, {"easy": True, "rounds": 3, "row-bonus": [1, 2, 3]})
    assert values["easy"] is True and values["rounds"] == 3 and values["row-bonus"] == (1, 2, 3)


@pytest.mark.parametrize(("key", "value"), [("easy", "maybe"), ("rounds", "0"), ("rounds", "21"),
                                             ("rounds", "1e3"), ("start", "first"), ("row-bonus", "1,2")])
def test_a_bad_value_is_refused_saying_what_is_allowed(key: str, value: str) -> None:
    with pytest.raises(BadOptionValue) as caught:
        resolve("g", SPECS, {key: value})
    assert key in str(caught.value) and "use" in str(caught.value)


def test_an_unknown_option_lists_the_known_ones() -> None:
    with pytest.raises(UnknownOption) as caught:
        resolve("g", SPECS, {"colour": "red"})
    assert "easy, rounds, start, row-bonus" in str(caught.value)


def test_the_command_line_defaults() -> None:
    launch = parse_args([])
    assert (launch.game, launch.ui, launch.speech, launch.dice, launch.verbosity) == (
        None, "auto", "auto", "random", "normal")


def test_a_full_command_line_is_read() -> None:
    launch = parse_args(["--game", "shut-the-box", "--players", "Anna, Ben", "--ui", "console",
                         "--speech", "text", "--lang", "CS", "--dice", "manual", "--seed", "42",
                         "--option", "easy=yes", "--option", "rounds=3", "--verbosity", "full"])
    assert launch.players == ("Anna", "Ben") and launch.lang == "cs" and launch.seed == 42
    assert launch.options == {"easy": True, "rounds": 3, "start": "order"}


@pytest.mark.parametrize("argv", [
    ["--game", "chess"], ["--ui", "tv"], ["--speech", "loud"], ["--lang", "xx"], ["--dice", "loaded"],
    ["--seed", "one"], ["--verbosity", "chatty"], ["--option", "easy=yes"],
    ["--game", "shut-the-box", "--option", "easy"], ["--game", "shut-the-box", "--option", "easy=maybe"],
    ["--game", "shut-the-box", "--option", "colour=red"], ["--game", "shut-the-box", "--players", "A,,B"],
    ["--game", "shut-the-box", "--players", "A,B,C,D,E"], ["--game", "shut-the-box", "--players", "Ann,ann"],
    ["--players", "Anna"], ["--bogus"], ["--gam", "yatzy"],
])
def test_every_bad_flag_is_refused(argv: list[str]) -> None:
    with pytest.raises(UsageError):
        parse_args(argv)


@pytest.mark.parametrize("argv", [["--game", "yatzy", "--option", "order=sideways"], ["--lang", "xx"], ["--bogus"]])
def test_a_bad_flag_exits_2_with_one_line_and_no_traceback(argv: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "accessible_dice", *argv],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("accessible-dice: ")
    assert "Traceback" not in result.stderr


def test_version_and_help_work() -> None:
    version = subprocess.run([sys.executable, "-m", "accessible_dice", "--version"],
                             capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("accessible-dice ")
    helped = subprocess.run([sys.executable, "-m", "accessible_dice", "--help"],
                            capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0
    for flag in ("--game", "--players", "--ui", "--speech", "--lang", "--dice", "--seed", "--option",
                 "--verbosity", "--resume", "--version"):
        assert flag in helped.stdout


def test_help_lists_every_games_options_with_what_they_take() -> None:
    """docs/playing.md says ``--help`` lists the game options; it listed none (playtest P14)."""
    from accessible_dice.cli import options_epilog
    from accessible_dice.games import GAMES, game_class

    listed = options_epilog()
    for game_id in GAMES:
        assert f"  {game_id}:" in listed
        for spec in game_class(game_id).options_spec:
            assert f"    {spec.key}: {spec.allowed} (default " in listed
    assert "    easy: yes or no (default no)" in listed


def test_a_log_file_that_cannot_be_written_is_said_in_one_sentence_not_a_traceback(tmp_path, capsys) -> None:
    """reliability P2: a full data folder printed Python's "--- Logging error --- Traceback" at start."""
    import io
    import logging

    from accessible_dice.ui.launch import _LogFile

    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    handler = _LogFile(tmp_path / "accessible-dice.log", encoding="utf-8")
    handler.stream = Full()
    log = logging.getLogger("test-full-disk")
    log.propagate = False
    log.addHandler(handler)
    try:
        log.warning("one")
        log.warning("two")
    finally:
        log.removeHandler(handler)
    said = capsys.readouterr().err
    assert "Traceback" not in said and "Logging error" not in said
    assert said.count("\n") == 1 and "cannot be written (No space left on device)" in said


def test_help_names_every_registered_game_without_counting_them() -> None:
    """``--help`` lists the games from the registry, so a game added there is named too (issue 28)."""
    from pig import registered

    with registered():
        said = description()
    assert said.endswith("QUICLO Equation, Threes Away and Pig.") and "Five" not in said
