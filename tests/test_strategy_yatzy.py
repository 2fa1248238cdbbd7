"""Yatzy strategy: the reference figures, the cache, hints and computer players.

The free-order table takes a few tens of seconds to build, so it is built
once per test session into a temporary folder (``solved`` below); the
in-order table builds in a fraction of a second and serves the cache tests.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from math import factorial, prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import play_out
from timing_support import budget

from accessible_dice.dice import RandomDice
from accessible_dice.games.base import Roll, ThrowFirst
from accessible_dice.games.yatzy import BoxNotNext, Hold, Release, Score, ThrowAgain, Yatzy
from accessible_dice.strategy import best_move, computer_move
from accessible_dice.strategy import yatzy as strategy

#: The tables that come with the program; this module's tests build their own (see ``cache_folder``).
SHIPPED = strategy.SHIPPED


@pytest.fixture(scope="module", autouse=True)
def cache_folder(tmp_path_factory):
    """Every table of this module is built here, in one temporary folder named by the environment.

    The shipped tables are set aside meanwhile, so the build, the cache and
    the hints are tested on tables built now (and the free one is compared
    with the shipped file: ``test_the_shipped_tables_are_what_the_build_makes``).
    """
    folder = tmp_path_factory.mktemp("strategy-cache")
    before = os.environ.get(strategy.CACHE_ENV)
    os.environ[strategy.CACHE_ENV] = str(folder)
    strategy.SHIPPED = None
    strategy._tables.clear()
    yield folder
    strategy.SHIPPED = SHIPPED
    strategy._tables.clear()
    if before is None:
        del os.environ[strategy.CACHE_ENV]
    else:
        os.environ[strategy.CACHE_ENV] = before


@pytest.fixture(scope="module")
def solved(cache_folder):
    """The free-order table, built once per module (and timed against the 2-minute budget)."""
    start = time.perf_counter()
    table = strategy.table("free")
    assert not table.from_cache and time.perf_counter() - start < budget(120)
    return table


def _at_final_throw(dice, order="free"):
    """A new game whose first turn has used all three throws, the last showing ``dice``."""
    game = Yatzy(["Ann"], {"order": order})
    for values in [(1, 1, 2, 2, 4), (1, 1, 2, 2, 4), dice]:
        if game.dice_on_table():
            game.apply(ThrowAgain())
        game.apply(Roll(values))
    return game


# ------------------------------------------------------------ the reference figures


def test_free_order_expected_total_is_248_4400(solved):
    """Kept in float32, the table still gives the published figure to four decimals (248.439989)."""
    assert round(solved.expected_total(), 4) == 248.4400
    assert solved.expected_total() == pytest.approx(248.439989, abs=5e-5)


def test_in_order_expected_total_is_122_5585(cache_folder):
    assert round(strategy.table("in-order").expected_total(), 4) == 122.5585


def test_upper_first_expected_total_is_204_8723(cache_folder):
    # Not a published figure: computed here, stated in docs/strategy.md.
    assert round(strategy.table("upper-first").expected_total(), 4) == 204.8723


@pytest.mark.parametrize(("dice", "box", "expected"), [
    ((1, 2, 3, 4, 5), "small_straight", 251.9477),
    ((6, 6, 6, 6, 6), "yatzy", 280.1217),
    ((3, 3, 3, 5, 5), "full_house", 245.4876),
])
def test_first_turn_final_throw_scores_the_best_box(solved, dice, box, expected):
    advice = best_move(_at_final_throw(dice))
    assert advice.best.moves == (Score(box),)
    assert round(advice.best.value, 4) == expected
    assert all(isinstance(choice.move, Score) for choice in advice.choices)


def test_the_first_throws_best_choices_average_to_the_expected_total(solved):
    """E[empty card] is the mean over first throws of the best choice: hints agree with the table."""
    mean = 0.0
    for dice in combinations_with_replacement(range(1, 7), 5):
        game = Yatzy(["Ann"])
        game.apply(Roll(dice))
        ways = factorial(5) // prod(factorial(k) for k in Counter(dice).values())
        mean += ways / 6**5 * best_move(game).best.value
    assert mean == pytest.approx(solved.expected_total(), abs=5e-5)  # the table is float32, hints float64


# ------------------------------------------------------------------------ hints


def test_hint_holds_the_three_fives_and_values_the_alternatives(solved):
    game = Yatzy(["Ann"])
    game.apply(Roll((5, 2, 5, 1, 5)))
    advice = best_move(game, considering=Score("fives"))
    assert advice.best.hold == (0, 2, 4)
    assert advice.best.moves == (Hold((0, 2, 4)), ThrowAgain())
    assert advice.considered.moves == (Score("fives"),)
    assert advice.best.value > advice.next_best.value > advice.considered.value
    assert advice.gain() == pytest.approx(advice.best.value - advice.considered.value)
    assert [c.value for c in advice.choices] == sorted((c.value for c in advice.choices), reverse=True)


def test_hint_releases_held_dice_that_should_be_thrown_again(solved):
    game = Yatzy(["Ann"])
    game.apply(Roll((5, 2, 5, 1, 5)))
    game.apply(Hold((1, 3)))
    advice = best_move(game, considering=ThrowAgain())
    assert advice.best.moves == (Release((1, 3)), Hold((0, 2, 4)), ThrowAgain())
    assert advice.considered.hold == (1, 3)


def test_considering_holding_all_five_is_scoring_the_best_box(solved):
    game = Yatzy(["Ann"])
    game.apply(Roll((5, 2, 5, 1, 5)))
    advice = best_move(game, considering=Hold((0, 1, 2, 3, 4)))
    best_box = max((c for c in advice.choices if c.hold is None), key=lambda c: c.value)
    assert advice.considered == best_box


def test_values_include_the_points_already_on_the_card(cache_folder):
    game = _at_final_throw((2, 2, 2, 2, 2), order="in-order")
    game.apply(Score("ones"))
    game.apply(Roll((2, 2, 2, 2, 2)))
    advice = best_move(game)
    # Ones scored 0; now Twos takes 10, then the rest of the game from (2 boxes, upper 10).
    expected = 10 + strategy.table("in-order").values[0b11, 10]
    assert advice.best.moves == (Score("twos"),) and advice.best.value == pytest.approx(expected)


def test_considering_an_illegal_move_raises_the_games_refusal(cache_folder):
    game = _at_final_throw((2, 2, 2, 2, 2), order="in-order")
    with pytest.raises(BoxNotNext):
        best_move(game, considering=Score("yatzy"))


def test_no_hint_while_dice_are_due(cache_folder):
    with pytest.raises(ThrowFirst):
        best_move(Yatzy(["Ann"], {"order": "in-order"}))


def test_a_hint_comes_back_in_under_50_ms(solved):
    """Timed on states never seen before (each turn is solved afresh), best of three."""
    game, dice = Yatzy(["Ann"]), RandomDice(3)
    times = []
    while len(times) < 8:
        request = game.dice_request()
        if request:
            game.apply(Roll(dice.throw(request)))
            continue
        runs = []
        for _ in range(3):
            solved.clear_turns()
            start = time.perf_counter()
            advice = best_move(game)
            runs.append(time.perf_counter() - start)
        times.append(min(runs))
        game.apply(advice.best.move)
    assert max(times) < budget(0.05), times


# ------------------------------------------------------------------ play orders


@settings(max_examples=60, deadline=None)
@given(filled=st.sets(st.integers(0, 14), max_size=14), order=st.sampled_from(["free", "upper-first", "in-order"]))
def test_allowed_boxes_match_the_game(filled, order):
    game = Yatzy(["Ann"], {"order": order})
    boxes = list(strategy.BOXES)
    game.cards[0].points = {boxes[i]: 0 for i in filled}
    card = np.array([sum(1 << i for i in filled)])
    assert {boxes[i] for i in range(15) if strategy.allowed(order, card, i)[0]} == set(game.allowed_boxes())


# ------------------------------------------------------------------------- cache


def test_a_missing_table_is_built_and_saved(tmp_path):
    first = strategy.load_table("in-order", tmp_path)
    assert not first.from_cache and strategy.table_path("in-order", tmp_path).exists()
    again = strategy.load_table("in-order", tmp_path)
    assert again.from_cache
    np.testing.assert_array_equal(first.values, again.values)


def test_a_table_that_fails_its_checksum_is_rebuilt(tmp_path):
    good = np.array(strategy.load_table("in-order", tmp_path).values)  # a copy: the file is damaged in place below
    path = strategy.table_path("in-order", tmp_path)
    data = bytearray(path.read_bytes())
    data[-4 * 7] ^= 0xFF  # one byte of a value, not of the header
    path.write_bytes(bytes(data))
    rebuilt = strategy.load_table("in-order", tmp_path)
    assert not rebuilt.from_cache
    np.testing.assert_array_equal(rebuilt.values, good)
    assert strategy.load_table("in-order", tmp_path).from_cache


def test_a_table_of_another_version_is_rebuilt(tmp_path):
    strategy.load_table("in-order", tmp_path)
    path = strategy.table_path("in-order", tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    old = json.loads(header) | {"version": strategy.TABLE_VERSION - 1}
    path.write_bytes(json.dumps(old).encode() + b"\n" + data)
    assert not strategy.load_table("in-order", tmp_path).from_cache
    assert strategy.load_table("in-order", tmp_path).from_cache


@pytest.mark.parametrize("damage", [b"", b"not a table", b'{"format": 1}\n1234'])
def test_a_truncated_or_foreign_file_is_rebuilt(tmp_path, damage):
    path = strategy.table_path("in-order", tmp_path)
    path.write_bytes(damage)
    assert not strategy.load_table("in-order", tmp_path).from_cache
    assert strategy.load_table("in-order", tmp_path).from_cache


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(strategy.CACHE_ENV, str(tmp_path))
    assert strategy.table_path("free") == tmp_path / "yatzy-free.table"
    assert strategy.cache_dir("elsewhere") == strategy.Path("elsewhere")


def test_without_its_own_folder_the_cache_is_in_the_data_folder_like_every_file(monkeypatch, tmp_path):
    monkeypatch.delenv(strategy.CACHE_ENV, raising=False)
    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path))
    assert strategy.table_path("free") == tmp_path / "strategy" / "yatzy-free.table"


@pytest.mark.parametrize("extra", [-4, 4, 1 << 20])
def test_a_file_of_another_size_is_not_read_but_rebuilt(tmp_path, extra):
    """The size is checked before anything is read, so a large foreign file is never loaded."""
    strategy.load_table("in-order", tmp_path)
    path = strategy.table_path("in-order", tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:extra] if extra < 0 else data + b"\0" * extra)
    assert strategy._read(path, "in-order") is None
    assert not strategy.load_table("in-order", tmp_path).from_cache
    assert strategy.load_table("in-order", tmp_path).from_cache


def test_the_table_is_read_memory_mapped_in_float32(tmp_path):
    built = strategy.load_table("in-order", tmp_path)
    read = strategy.load_table("in-order", tmp_path)
    assert isinstance(read.values, np.memmap) and read.values.dtype == np.float32
    assert read.values.shape == strategy.SHAPE
    np.testing.assert_array_equal(built.values, read.values)
    assert strategy.table_path("in-order", tmp_path).stat().st_size < strategy.TABLE_BYTES + 4096


# ------------------------------------------------------------- computer players


@pytest.mark.parametrize(("players", "order"), [
    (["cpu"], "free"),
    (["cpu", "cpu2"], "upper-first"),
    (["cpu", "cpu2"], "in-order"),
])
def test_computer_players_finish_whole_games_legally(solved, players, order):
    game = play_out(Yatzy(players, {"order": order}), RandomDice(2024), computer_move)
    assert all(game.scorecard(p).is_full for p in range(len(players)))
    assert statistics.mean(game.scores()) > 50


def test_the_table_is_built_in_a_process_of_its_own(tmp_path):
    assert strategy.build_apart("in-order", tmp_path)
    assert strategy._read(strategy.table_path("in-order", tmp_path), "in-order") is not None


def test_the_build_process_ends_when_the_program_that_started_it_ends(tmp_path):
    """It watches its standard input, a pipe the program holds: closed, the build stops at once, writing nothing."""
    build = subprocess.Popen([sys.executable, "-m", strategy.__name__, "free", str(tmp_path)], stdin=subprocess.PIPE)
    assert build.stdin is not None
    build.stdin.close()
    assert build.wait(timeout=budget(10)) == 1
    assert not strategy.table_path("free", tmp_path).exists()


# ------------------------------------------------------------- the shipped tables


@pytest.mark.parametrize("order", ["free", "upper-first", "in-order"])
def test_the_shipped_tables_are_what_the_build_makes(solved, order):
    """The rebuild (this module's, in a temporary folder) gives the shipped file's bytes, checksum and all.

    So ``python tools/strategy_table.py build`` is reproducible, and a solver
    change that alters the table without a rebuild of the shipped ones fails here.
    """
    assert SHIPPED is not None
    shipped = SHIPPED / f"yatzy-{order}.table"
    built = strategy.table(order)  # built in this module's folder (the shipped ones are set aside)
    assert shipped.read_bytes() == strategy.table_path(order).read_bytes()
    header = json.loads(shipped.open("rb").readline())
    assert header["sha256"] == hashlib.sha256(np.ascontiguousarray(built.values).data).hexdigest()
