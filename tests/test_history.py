"""The score history: recording finished games, bests and averages, migrations, damage, concurrent programs."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from rules_support import play_randomly

from accessible_dice.games import new_game
from accessible_dice.games.base import Game
from accessible_dice.history import (
    LATEST,
    MIGRATIONS,
    HistoryUnavailable,
    Result,
    ScoreHistory,
    history_path,
)

ROOT = Path(__file__).resolve().parents[1]
START = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)


def finished(game_id: str, players: list[str], seed: int, options: dict | None = None) -> Game:
    """A whole game with random dice and random legal moves from ``seed``."""
    return play_randomly(new_game(game_id, players, options or {}), seed)


@pytest.fixture
def history(tmp_path: Path) -> ScoreHistory:
    with ScoreHistory(tmp_path / "history.sqlite3") as opened:
        yield opened


def test_the_history_lives_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path))
    assert history_path() == tmp_path / "history.sqlite3"


def test_a_finished_game_is_recorded_with_date_game_options_players_and_results(history: ScoreHistory) -> None:
    game = finished("shut-the-box", ["Anna", "cpu"], 1, {"rounds": 2})
    assert history.record(game, dice="manual", computers={1}, finished=START)
    (recorded,) = history.games()
    assert recorded.finished == START and recorded.game == "shut-the-box" and recorded.dice == "manual"
    assert recorded.options == {"easy": "no", "rounds": "2", "start": "order"}
    assert recorded.results == tuple(Result(s.player, game.players[s.player], s.score, s.rank, s.player == 1)
                                     for s in game.standings())


def test_the_recorded_save_replays_to_the_finished_game(history: ScoreHistory) -> None:
    from accessible_dice import save

    game = finished("threes-away", ["Anna", "Ben"], 5)
    history.record(game, dice="random")
    (text,) = [row[0] for row in history._rows("SELECT save FROM games")]
    assert save.loads(text) == game


def test_a_game_is_recorded_once(history: ScoreHistory) -> None:
    game = finished("shut-the-box", ["Anna"], 2)
    assert history.record(game, dice="random")
    assert not history.record(game, dice="random", finished=START)
    assert history.count() == 1


def test_an_unfinished_game_is_not_recorded(history: ScoreHistory) -> None:
    with pytest.raises(ValueError, match="finished"):
        history.record(new_game("shut-the-box", ["Anna"]), dice="random")
    assert history.count() == 0


def test_bests_and_averages_per_game_options_and_player(history: ScoreHistory) -> None:
    games = [finished("shut-the-box", ["Anna", "Ben"], seed) for seed in range(8)]
    games += [finished("shut-the-box", ["anna", "Ben"], seed, {"rounds": 3}) for seed in range(3)]
    for day, game in enumerate(games):
        history.record(game, dice="random", finished=START + timedelta(days=day))
    summaries = {(s.player, s.options["rounds"]): s for s in history.summaries()}
    assert set(summaries) == {("Anna", "1"), ("Ben", "1"), ("anna", "3"), ("Ben", "3")}
    for (name, rounds), summary in summaries.items():
        played = [(day, g) for day, g in enumerate(games)
                  if g.options["rounds"] == int(rounds)]
        seat = 0 if name.casefold() == "anna" else 1
        scores = [g.scores()[seat] for _day, g in played]
        assert summary.played == len(played) and not summary.alone
        assert summary.best == min(scores)  # penalty points: lower is better
        assert summary.average == pytest.approx(sum(scores) / len(scores))
        assert summary.wins == sum(1 for _day, g in played if seat in g.winners())
        first_best = next(day for day, g in played if g.scores()[seat] == min(scores))
        assert summary.best_on == START + timedelta(days=first_best)


def test_names_match_whatever_their_case_and_the_latest_spelling_is_shown(history: ScoreHistory) -> None:
    history.record(finished("shut-the-box", ["ANNA"], 1), dice="random", finished=START)
    history.record(finished("shut-the-box", ["Anna"], 2), dice="random", finished=START + timedelta(hours=1))
    (summary,) = history.summaries()
    assert summary.player == "Anna" and summary.played == 2


def test_higher_is_better_follows_the_game_and_its_variant(history: ScoreHistory) -> None:
    for seed in range(4):
        history.record(finished("threes-away", ["Anna"], seed, {"variant": "high", "rounds": 2}), dice="random")
        history.record(finished("threes-away", ["Anna"], seed, {"variant": "low", "rounds": 2}), dice="random")
    by_variant = {s.options["variant"]: s for s in history.summaries(game="threes-away")}
    high, low = by_variant["high"], by_variant["low"]
    assert high.higher_is_better and not low.higher_is_better
    assert high.best >= high.average >= 0 and low.best <= low.average


def test_a_game_alone_and_a_game_with_others_are_kept_apart_and_alone_wins_nothing(history: ScoreHistory) -> None:
    history.record(finished("shut-the-box", ["Anna"], 1), dice="random")
    history.record(finished("shut-the-box", ["Anna", "Ben"], 1), dice="random")
    alone, together = sorted(history.summaries(players=["anna"]), key=lambda s: not s.alone)
    assert alone.alone and alone.wins == 0 and alone.played == 1
    assert not together.alone and together.played == 1


def test_games_are_listed_latest_first_and_can_be_narrowed(history: ScoreHistory) -> None:
    for day in range(5):
        game_id = "shut-the-box" if day % 2 else "threes-away"
        history.record(finished(game_id, ["Anna", "Ben"], day), dice="random", finished=START + timedelta(days=day))
    assert [g.finished.day for g in history.games()] == [5, 4, 3, 2, 1]
    assert [g.finished.day for g in history.games(limit=2)] == [5, 4]
    assert [g.game for g in history.games(game="shut-the-box")] == ["shut-the-box"] * 2
    assert all([r.rank for r in g.results] == sorted(r.rank for r in g.results) for g in history.games())


# ---------------------------------------------------------------- the file


def test_a_new_history_has_the_latest_schema_in_wal_mode(history: ScoreHistory) -> None:
    assert history.version() == LATEST >= 2
    assert history._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_old_history_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    game = finished("shut-the-box", ["Anna", "Ben"], 3)
    old = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        old.execute(statement)
    old.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    old.execute("INSERT INTO schema_version VALUES (1)")
    old.execute("INSERT INTO games VALUES (1, 'k', ?, 'shut-the-box', ?, 'random', 0, '{}')",
                (START.isoformat(), json.dumps({"easy": "no", "rounds": "1", "start": "order"})))
    old.executemany("INSERT INTO results VALUES (1, ?, ?, ?, 0, ?, ?)",
                    [(s.player, game.players[s.player], game.players[s.player].casefold(), s.score, s.rank)
                     for s in game.standings()])
    old.commit()
    old.close()
    with ScoreHistory(path) as migrated:
        assert migrated.version() == LATEST
        indexes = {row[0] for row in migrated._db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"results_by_player", "games_by_game"} <= indexes
        assert [g.finished for g in migrated.games()] == [START]
        assert migrated.record(game, dice="random")
        assert migrated.count() == 2


def test_a_history_from_a_newer_program_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with ScoreHistory(path) as history:
        history._db.execute("UPDATE schema_version SET version = ?", (LATEST + 1,))
    with pytest.raises(HistoryUnavailable, match="newer version"):
        ScoreHistory(path)
    assert path.exists()


def test_a_damaged_history_is_moved_aside_with_its_companions_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_text("this is not a database, it was overwritten by accident\n" * 50)
    (tmp_path / "history.sqlite3-wal").write_bytes(b"stale")
    history = ScoreHistory(path)
    assert history.damaged is not None
    kept = tmp_path / history.damaged.data["name"]
    assert kept.name.startswith("history.damaged-") and kept.name.endswith(".sqlite3")
    assert kept.read_text().startswith("this is not a database")
    assert (tmp_path / (kept.name + "-wal")).read_bytes() == b"stale"
    assert history.record(finished("shut-the-box", ["Anna"], 1), dice="random") and history.count() == 1
    history.close()
    with ScoreHistory(path) as again:
        assert again.damaged is None and again.count() == 1


def test_a_history_that_cannot_be_made_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(HistoryUnavailable, match="cannot be used"):
        ScoreHistory(blocker / "history.sqlite3")


WRITER = textwrap.dedent("""
    import random, sys
    from pathlib import Path
    from accessible_dice.dice import RandomDice
    from accessible_dice.games import new_game
    from accessible_dice.games.base import Roll
    from accessible_dice.history import ScoreHistory

    path, first = Path(sys.argv[1]), int(sys.argv[2])
    for seed in range(first, first + 12):
        game = new_game("shut-the-box", ["Anna", "Ben", "cpu"])
        dice, chooser = RandomDice(seed), random.Random(seed)
        while not game.is_over():
            request = game.dice_request()
            game.apply(Roll(dice.throw(request)) if request else chooser.choice(game.legal_moves()))
        with ScoreHistory(path) as history:  # a new connection per game, as a session opens it
            history.record(game, dice="random", computers={2})
""")


def test_programs_writing_at_once_keep_the_history_whole(tmp_path: Path) -> None:
    """Four programs start together on no file; their seeds overlap, so some record the same game."""
    path = tmp_path / "history.sqlite3"
    firsts = [0, 6, 12, 18]
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(first)], cwd=ROOT,
                                stderr=subprocess.PIPE, text=True) for first in firsts]
    for writer in writers:
        _out, errors = writer.communicate(timeout=60)
        assert writer.returncode == 0, errors
    with ScoreHistory(path) as history:
        assert history._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert history.version() == LATEST
        assert history.count() == len({seed for first in firsts for seed in range(first, first + 12)})
        assert all(len(g.results) == 3 for g in history.games())
        summaries = history.summaries()
        assert {s.player for s in summaries} == {"Anna", "Ben", "cpu"}
        assert all(s.played == history.count() for s in summaries)
        assert [s.computer for s in summaries] == [False, False, True]


def test_a_history_damaged_inside_is_moved_aside_too(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with ScoreHistory(path) as history:
        history.record(finished("shut-the-box", ["Anna"], 1), dice="random")
    raw = bytearray(path.read_bytes())
    raw[16:len(raw)] = b"\xa5" * (len(raw) - 16)  # the header stays, the pages are garbage
    path.write_bytes(bytes(raw))
    with ScoreHistory(path) as history:
        assert history.damaged is not None and history.count() == 0
        assert (tmp_path / history.damaged.data["name"]).read_bytes() == bytes(raw)
