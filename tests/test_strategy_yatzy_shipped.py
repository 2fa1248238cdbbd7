"""Yatzy's strategy tables come with the program: read at once, the same without numpy, in the wheel,
and a damaged one falls back to building, said in words with its progress.

The rebuild that must give the shipped bytes is in tests/test_strategy_yatzy.py
(``test_the_shipped_tables_are_what_the_build_makes``), which builds them anyway.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
from e2e_support import run_cli
from timing_support import budget

from accessible_dice.games.yatzy import ORDERS
from accessible_dice.strategy import yatzy as strategy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import strategy_table  # noqa: E402

#: The published (free) and computed expected totals (docs/strategy.md).
EXPECTED = {"free": 248.4400, "upper-first": 204.8723, "in-order": 122.5585}
PREPARING = "being prepared"


@pytest.mark.parametrize("order", ORDERS)
def test_the_shipped_table_is_read_in_place_memory_mapped(tmp_path, order):
    """Nothing is built or written: the shipped file is mapped, and its figure is the known one."""
    start = time.perf_counter()
    table = strategy.load_table(order, tmp_path)
    took = time.perf_counter() - start
    assert table.from_cache and isinstance(table.values, np.memmap)
    assert Path(table.values.filename) == strategy.shipped_path(order)
    assert not list(tmp_path.iterdir())
    assert round(table.expected_total(), 4) == EXPECTED[order]
    assert took < budget(1.0), took


def test_plain_python_reads_the_table_as_numpy_does():
    """The format needs no numpy: a header line, then little-endian float32 read by ``array``."""
    path = strategy.shipped_path("free")
    header, values = strategy_table.read_plain(path)
    mapped = strategy.load_table("free").values
    assert header["shape"] == list(strategy.SHAPE) and header["dtype"] == "<f4"
    assert len(values) == mapped.size
    for card, upper in [(0, 0), (0b111111, 63), (0b101010101010101, 12), (strategy.FULL_CARD - 1, 0)]:
        plain = values[card * strategy.UPPER_STATES + upper]
        assert plain == float(mapped[card, upper]) or (np.isnan(plain) and np.isnan(mapped[card, upper]))


def test_the_tool_checks_the_shipped_tables_and_finds_a_damaged_one(tmp_path, monkeypatch, capsys):
    assert strategy_table.check(list(ORDERS), rebuild=False)
    for order in ORDERS:
        data = bytearray(strategy.shipped_path(order).read_bytes())
        if order == "in-order":
            data[-4 * 7] ^= 0xFF  # one value
        (tmp_path / f"yatzy-{order}.table").write_bytes(bytes(data))
    monkeypatch.setattr(strategy, "SHIPPED", tmp_path)
    capsys.readouterr()
    assert not strategy_table.check(list(ORDERS), rebuild=False)
    assert "in-order     MISSING, DAMAGED OR OUTDATED" in capsys.readouterr().out


def test_the_wheel_carries_the_tables(tmp_path):
    """``pip wheel .`` (what ``pip install .`` installs) holds every table, byte for byte."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True,
                   cwd=tmp_path)
    (wheel,) = tmp_path.glob("accessible_dice-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for order in ORDERS:
            packed = archive.read(f"accessible_dice/strategy/tables/yatzy-{order}.table")
            assert packed == strategy.shipped_path(order).read_bytes()


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_without_a_good_shipped_table_the_cache_is_built_with_progress(tmp_path, monkeypatch, damage):
    """A missing or damaged shipped file is not used: the table is built (reporting how far) and kept."""
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    if damage == "damaged":
        data = bytearray(strategy.shipped_path("upper-first").read_bytes())
        data[-4 * 1000] ^= 0x01
        (shipped / "yatzy-upper-first.table").write_bytes(bytes(data))
    monkeypatch.setattr(strategy, "SHIPPED", shipped)
    seen: list[float] = []
    real_read = strategy._read

    def read(path, order):  # the progress, as the game would see it, while the build runs
        progress = strategy.build_progress(order)
        if progress is not None:
            seen.append(progress)
        return real_read(path, order)

    monkeypatch.setattr(strategy, "_read", read)
    table = strategy.load_table("upper-first", tmp_path / "cache")
    assert not table.from_cache and round(table.expected_total(), 4) == EXPECTED["upper-first"]
    assert seen == [1.0]  # the build process reported its last layer before the table was read
    assert strategy.build_progress("upper-first") is None
    assert strategy.load_table("upper-first", tmp_path / "cache").from_cache


def test_the_build_reports_its_progress_layer_by_layer():
    reported: list[float] = []
    strategy.solve("in-order", progress=reported.append)
    assert len(reported) == 15 and reported == sorted(reported) and reported[-1] == 1.0 and reported[0] > 0


# ------------------------------------------------------------------ a fresh install, end to end


def fresh_home(tmp_path: Path) -> dict[str, str]:
    """An empty home folder and empty XDG folders, as a new player's machine has."""
    folders = {"HOME": "home", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state",
               "XDG_CACHE_HOME": "cache"}
    for name in folders.values():
        (tmp_path / name).mkdir()
    return {variable: str(tmp_path / name) for variable, name in folders.items()}


def test_a_new_players_first_hint_comes_at_once(tmp_path):
    """Fresh home, Yatzy in the terminal: throw, hint — the advice, never "being prepared", within the budget.

    The budget is the whole run's (the start of Python included), scaled by
    the machine's speed: far less than building the table would take.
    """
    start = time.perf_counter()
    result = run_cli(["--game", "yatzy", "--ui", "console", "--speech", "text", "--seed", "4", "--players", "Ann"],
                     ["roll", "hint", "quit"], tmp_path / "data", extra=fresh_home(tmp_path))
    took = time.perf_counter() - start
    assert result.status == 0, result.stderr
    assert not [line for line in result.lines if PREPARING in line or "Preparing" in line]
    hint = next(i for i, line in enumerate(result.lines) if line.startswith("Ann threw")) + 1
    assert result.lines[hint].startswith("Hint: ") and "expected final total" in result.lines[hint], result.lines
    assert not (tmp_path / "data" / "strategy").exists()  # nothing was built
    assert took < budget(6.0), took


def test_a_hint_typed_while_the_table_is_still_being_read_waits_for_it(tmp_path):
    """The shipped table read slowly (half a second, as numpy's import and the checksum took on a busy CI
    machine): the hint typed at once after the throw waits that moment and gives the advice."""
    result = run_cli(["--game", "yatzy", "--ui", "console", "--speech", "text", "--seed", "4", "--players", "Ann"],
                     ["roll", "hint", "quit"], tmp_path / "data", module="slow_prepare",
                     extra={**fresh_home(tmp_path), "SLOW_PREPARE": "0.5"})
    assert result.status == 0, result.stderr
    assert not [line for line in result.lines if PREPARING in line], result.lines
    hint = next(i for i, line in enumerate(result.lines) if line.startswith("Ann threw")) + 1
    assert result.lines[hint].startswith("Hint: "), result.lines


def test_two_computer_players_score_their_first_boxes_at_once(tmp_path):
    """Fresh home, Yatzy of two computers: they play it all, nothing is being prepared, within the budget.

    The whole game takes less than the budget of their first boxes would if
    the table were built (tens of seconds).
    """
    start = time.perf_counter()
    result = run_cli(["--game", "yatzy", "--ui", "console", "--speech", "text", "--seed", "4",
                      "--players", "cpu1,cpu2"], [], tmp_path / "data", extra=fresh_home(tmp_path))
    took = time.perf_counter() - start
    assert result.status == 0, result.stderr
    assert not [line for line in result.lines if PREPARING in line or "Preparing" in line]
    scored = [i for i, line in enumerate(result.lines) if re.match(r"[A-Z][a-z ]+: \d+ points?\. Total ", line)]
    assert len(scored) == 2 * 15, result.lines[:20]  # a whole game: every box of both
    assert "cpu2's turn" in result.lines[scored[0]] and "cpu1's turn" in result.lines[scored[1]]
    assert took < budget(15.0), took
