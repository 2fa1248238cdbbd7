"""The score history: every finished game, and each player's bests and averages.

Kept in SQLite (Python's own ``sqlite3``) in the user data folder, so it needs
no server and survives crashes: each game is recorded in one transaction,
which is there whole or not at all.

Two windows may play at once. The database runs in WAL mode (readers never
wait for the writer) with a busy timeout (a writer waits for the other
instead of failing), and every write starts with ``BEGIN IMMEDIATE``, so two
writers queue rather than deadlock. A game is recorded once: its key is a
hash of its save, so recording it again (a retry, a second window resuming
the same save) changes nothing.

The schema is versioned (table ``schema_version``) and migrated forward by
:data:`MIGRATIONS` when the program starts, inside the same kind of
transaction, so two programs starting together migrate it once. A file that
is not a database is moved aside, never deleted, and a new one started.

This module speaks no words: :mod:`accessible_dice.presentation.scores` says
what it returns.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from accessible_dice import save
from accessible_dice.errors import N_, DiceError
from accessible_dice.games.base import Game
from accessible_dice.storage import data_dir, move_aside

FILE_NAME = "history.sqlite3"
_HEADER = b"SQLite format 3\x00"
#: How long a writer waits for another program's transaction before giving up.
BUSY_SECONDS = 15.0
#: How long recording a game just finished waits for a locked database: short, since the player
#: waits too; a game not recorded stays saved and is recorded at the next start.
RECORD_SECONDS = 1.5

#: Schema changes, in order: ``MIGRATIONS[n]`` takes version n to n + 1.
#: Never edit one that has shipped; add a new one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: games and their results.
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            finished TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            dice TEXT NOT NULL,
            higher_is_better INTEGER NOT NULL,
            save TEXT NOT NULL
        )""",
        """CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player TEXT NOT NULL,
            player_key TEXT NOT NULL,
            computer INTEGER NOT NULL,
            score INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
    ),
    # 2: the per-player summaries look games up by player and by game.
    (
        "CREATE INDEX results_by_player ON results (player_key)",
        "CREATE INDEX games_by_game ON games (game, options)",
    ),
)
LATEST = len(MIGRATIONS)


class HistoryUnavailable(DiceError):
    # Translators: the score history could not be read or written; {reason} is the system's reason.
    template = N_("The score history cannot be used: {reason}.")


class HistoryDamaged(DiceError):
    # Translators: the score history file was unreadable; {name} is the file it was renamed to.
    template = N_("The score history could not be read; it is kept as {name} and a new one was started.")


class NotKept(DiceError):
    # Translators: the score history was asked for in a game that records none (a test, a demonstration).
    template = N_("No score history is kept here.")


def history_path() -> Path:
    return data_dir() / FILE_NAME


# ---------------------------------------------------------------- what it returns


@dataclass(frozen=True)
class Result:
    """One player's result in one finished game; rank 1 is best."""

    seat: int
    player: str
    score: int
    rank: int
    computer: bool = False


@dataclass(frozen=True)
class FinishedGame:
    number: int
    finished: datetime
    game: str
    #: The options as a save shows them (``{"easy": "no", "rounds": "1"}``).
    options: dict[str, str]
    dice: str
    results: tuple[Result, ...]


@dataclass(frozen=True)
class Summary:
    """A player's record in one game with one set of options, alone or with others.

    Only equal options compare, and a game played alone apart from one
    played with others (Shut the Box alone counts turns, not penalty points).
    ``wins`` counts the games won or shared; ``best`` is the best score and
    ``best_on`` when it was first made.
    """

    game: str
    options: dict[str, str]
    alone: bool
    player: str
    computer: bool
    played: int
    wins: int
    best: int
    best_on: datetime
    average: float
    higher_is_better: bool = True


# ---------------------------------------------------------------- the database


class ScoreHistory:
    """The score history database; open it, use it, close it (or use ``with``).

    ``damaged`` is set when the file found was not a database and was moved
    aside: the front end says it once. ``wait`` is how long to wait for
    another program's write (see :data:`RECORD_SECONDS`).
    """

    def __init__(self, path: Path | None = None, wait: float = BUSY_SECONDS) -> None:
        self.path = path or history_path()
        self.wait = wait
        self.damaged: HistoryDamaged | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not _is_database(self.path):
                self._move_aside()
            self._db = self._open()
        except sqlite3.OperationalError as error:
            raise HistoryUnavailable(reason=str(error)) from None
        except sqlite3.DatabaseError:  # damaged inside: SQLite has closed it, so it can be moved
            self._move_aside()
            try:
                self._db = self._open()
            except sqlite3.Error as error:
                raise HistoryUnavailable(reason=str(error)) from None
        except OSError as error:
            raise HistoryUnavailable(reason=error.strerror or str(error)) from None

    def _move_aside(self) -> None:
        kept = move_aside(self.path, companions=("-wal", "-shm", "-journal"))
        self.damaged = HistoryDamaged(name=kept.name)

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.wait, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA journal_mode = WAL").fetchone()
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    @contextmanager
    def _writing(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``) so writers queue."""
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @classmethod
    def _migrate(cls, db: sqlite3.Connection) -> None:
        with cls._writing(db):
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else int(row[0])
            if version > LATEST:
                raise HistoryUnavailable(reason=f"a newer version of the program made it (schema {version})")
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    db.execute(statement)
            if row is None:
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST,))
            else:
                db.execute("UPDATE schema_version SET version = ?", (LATEST,))

    def version(self) -> int:
        return int(self._db.execute("SELECT version FROM schema_version").fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ScoreHistory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------- writing

    def record(self, game: Game, *, dice: str, computers: Collection[int] = (),
               finished: datetime | None = None) -> bool:
        """Record a finished game; ``False`` when it was recorded before (nothing changes)."""
        if not game.is_over():
            raise ValueError("only finished games go into the score history")
        data = save.to_json(game)
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        when = (finished or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds")
        try:
            with self._writing(self._db) as db:
                cursor = db.execute(
                    "INSERT OR IGNORE INTO games (key, finished, game, options, dice, higher_is_better, save) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (key, when, game.id, json.dumps(data["options"], sort_keys=True), dice,
                     int(game.higher_is_better), text))
                if cursor.rowcount == 0:
                    return False
                db.executemany(
                    "INSERT INTO results (game_id, seat, player, player_key, computer, score, rank) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(cursor.lastrowid, s.player, game.players[s.player], game.players[s.player].casefold(),
                      int(s.player in computers), s.score, s.rank) for s in game.standings()])
        except sqlite3.Error as error:
            raise HistoryUnavailable(reason=str(error)) from None
        return True

    # -------------------------------------------------------- reading

    def _rows(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise HistoryUnavailable(reason=str(error)) from None

    def count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM games")[0][0])

    def games(self, limit: int | None = None, game: str | None = None) -> list[FinishedGame]:
        """Finished games, the latest first, each with its results best first."""
        where, parameters = ("WHERE game = ?", (game,)) if game else ("", ())
        rows = self._rows(
            "SELECT g.id, g.finished, g.game, g.options, g.dice, r.seat, r.player, r.score, r.rank, r.computer "
            f"FROM (SELECT * FROM games {where} ORDER BY finished DESC, id DESC LIMIT ?) g "
            "JOIN results r ON r.game_id = g.id ORDER BY g.finished DESC, g.id DESC, r.rank, r.seat",
            (*parameters, -1 if limit is None else limit))
        heads: dict[int, sqlite3.Row] = {}
        results: dict[int, list[Result]] = {}
        for row in rows:
            heads.setdefault(row["id"], row)
            results.setdefault(row["id"], []).append(
                Result(row["seat"], row["player"], row["score"], row["rank"], bool(row["computer"])))
        return [FinishedGame(number, _when(head["finished"]), head["game"], json.loads(head["options"]),
                             head["dice"], tuple(results[number])) for number, head in heads.items()]

    def summaries(self, game: str | None = None, players: Collection[str] = ()) -> list[Summary]:
        """Each player's record per game, options and alone or not, in game then player order.

        Names match whatever their case (Anna is anna); the latest spelling is
        shown. ``game`` and ``players`` narrow it (the review during a game).
        """
        rows = self._rows(
            "SELECT g.game, g.options, g.higher_is_better, g.finished, r.player, r.player_key, r.computer, "
            "r.score, r.rank, (SELECT COUNT(*) FROM results o WHERE o.game_id = g.id) AS seats "
            "FROM results r JOIN games g ON g.id = r.game_id ORDER BY g.finished, g.id")
        wanted = {name.casefold() for name in players}
        groups: dict[tuple[str, str, bool, str], list[sqlite3.Row]] = {}
        for row in rows:
            if (game is None or row["game"] == game) and (not wanted or row["player_key"] in wanted):
                key = (row["game"], row["options"], row["seats"] == 1, row["player_key"])
                groups.setdefault(key, []).append(row)
        return [_summary(group) for _key, group in sorted(groups.items())]


def _is_database(path: Path) -> bool:
    """Whether ``path`` is missing, empty or starts as every SQLite database does.

    Checked before SQLite opens it, because SQLite deletes the ``-wal`` file
    of a file it cannot read when it closes it, and that may hold games.
    """
    try:
        with path.open("rb") as handle:
            start = handle.read(len(_HEADER))
    except FileNotFoundError:
        return True
    return start in (b"", _HEADER)


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _summary(rows: list[sqlite3.Row]) -> Summary:
    """One player's rows (oldest first) summed up; the first best score counts as made then."""
    first, latest = rows[0], rows[-1]
    scores = [int(row["score"]) for row in rows]
    best = max(scores) if first["higher_is_better"] else min(scores)
    return Summary(
        game=first["game"], options=json.loads(first["options"]), alone=first["seats"] == 1,
        player=latest["player"], computer=bool(latest["computer"]), played=len(rows),
        wins=sum(1 for row in rows if row["rank"] == 1 and row["seats"] > 1), best=best,
        best_on=_when(rows[scores.index(best)]["finished"]), average=sum(scores) / len(scores),
        higher_is_better=bool(first["higher_is_better"]))
