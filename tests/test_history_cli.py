"""``accessible-dice --history`` and the settings behind the command line's flags."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from rules_support import play_randomly

from accessible_dice import settings as config
from accessible_dice.cli import Launch, parse_args
from accessible_dice.games import new_game
from accessible_dice.history import ScoreHistory

ROOT = Path(__file__).resolve().parents[1]


def history_command(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "ACCESSIBLE_DICE_DATA": str(tmp_path / "data"),
           "ACCESSIBLE_DICE_CONFIG": str(tmp_path / "config"), "PYTHONIOENCODING": "utf-8", "TZ": "UTC"}
    return subprocess.run([sys.executable, "-m", "accessible_dice", "--history", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def test_history_says_when_no_game_was_finished(tmp_path: Path) -> None:
    done = history_command(tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == "The score history is empty: no game has been finished yet.\n"


def test_history_prints_the_count_the_records_and_the_latest_games(tmp_path: Path) -> None:
    with ScoreHistory(tmp_path / "data" / "history.sqlite3") as history:
        for seed in range(3):
            game = play_randomly(new_game("shut-the-box", ["Anna", "Ben"]), seed)
            history.record(game, dice="random", finished=datetime(2026, 3, 1 + seed, 12, tzinfo=timezone.utc))
        expected = {name: history.summaries(players=[name])[0] for name in ("Anna", "Ben")}
    done = history_command(tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[:2] == ["Score history: 3 finished games.", "Personal bests and averages:"]
    for line, name in zip(lines[2:4], ("Anna", "Ben"), strict=True):
        summary = expected[name]
        assert line.startswith(f"Shut the Box, {name}: 3 games, ")
        assert f"best {summary.best} penalty point" in line and f"average {summary.average:.1f}." in line
    assert lines[4] == "Latest games:"
    assert [line.split(",")[0] for line in lines[5:]] == ["March 3", "March 2", "March 1"]


def test_history_reports_damage_on_standard_error_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "history.sqlite3").write_text("scribbled over")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text("verbosity = loud\n")
    done = history_command(tmp_path)
    assert done.returncode == 0
    assert done.stdout.startswith("The score history is empty")
    errors = done.stderr.splitlines()
    assert errors[0].startswith("accessible-dice: Settings line 1: verbosity cannot be loud")
    assert errors[1].startswith("accessible-dice: The settings file was repaired")
    assert errors[2].startswith("accessible-dice: The score history could not be read; it is kept as history.damaged-")


def test_history_that_cannot_be_opened_exits_1_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    done = history_command(tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("accessible-dice: The score history cannot be used:")


@pytest.mark.parametrize(("argv", "expected"), [
    ([], {"lang": "nb", "speech": "text", "verbosity": "brief"}),
    (["--lang", "de", "--speech", "none", "--verbosity", "full"], {"lang": "de", "speech": "none",
                                                                   "verbosity": "full"}),
    (["--verbosity", "normal"], {"lang": "nb", "speech": "text", "verbosity": "normal"}),
])
def test_a_flag_wins_over_the_setting_and_the_setting_over_the_default(argv: list[str], expected: dict) -> None:
    launch = parse_args(argv).with_settings(config.Settings(language="nb", speech="text", verbosity="brief"))
    assert {key: getattr(launch, key) for key in expected} == expected


def test_without_settings_the_flags_keep_their_documented_defaults() -> None:
    launch = parse_args([])
    assert (launch.lang, launch.speech, launch.verbosity, launch.history) == (None, "auto", "normal", False)
    assert launch.with_settings(config.Settings()) == Launch()
    assert parse_args(["--history"]).history
