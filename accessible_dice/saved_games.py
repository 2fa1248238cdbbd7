"""The saved games: one file per game started, in the data folder's ``saves`` folder.

Every game gets its own file when it is started
(``saves/<game>-<UTC start time>-<random>.json``), so starting a game never
touches another one's save, and two programs playing two games at once
each keep their own. :func:`find` reads them all: the games in progress,
most recently played first (the main menu lists them, ``--resume`` takes
the first); the finished games still waiting to be recorded in the score
history (:func:`record_waiting` records them at the next start); and the
damaged ones, each moved aside as it is found and said once. A save of a
game this program has not registered (a game kept outside the package,
joined by ``games.register`` in another program) is not damaged: it is
left where it is, unlisted, for the program that has the game.

The single ``saves/current.json`` of earlier versions is renamed to a file
of its own the first time it is found, and listed like any other.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from accessible_dice import history, save
from accessible_dice.errors import N_, DiceError
from accessible_dice.games.base import Game
from accessible_dice.names import computer_seats
from accessible_dice.save import BadSave, SaveInfo
from accessible_dice.storage import data_dir, move_aside

#: The one save file of versions before one file per game.
LEGACY_NAME = "current.json"
#: What a file moved aside has in its name (see :func:`~accessible_dice.storage.move_aside`).
_MOVED_ASIDE = ".damaged-"


class SaveMovedAside(BadSave):
    # Translators: a save that cannot be loaded was renamed, not deleted; {reason} ends with a full stop.
    template = N_("The saved game cannot be used: {reason} It is kept as {name}.")


class RecordWaits(DiceError):
    # Translators: said once after a game's last move, when the score history could not take it;
    # {reason} is the system's reason, like "database is locked".
    template = N_("The score history cannot be used now ({reason}). The finished game is kept and will be "
                  "recorded the next time the program starts.")


def folder() -> Path:
    """Where the saves are: the ``saves`` folder in the data folder."""
    return data_dir() / "saves"


def new_path(game_id: str, where: Path | None = None, now: datetime | None = None) -> Path:
    """A save file of its own for a game of ``game_id`` started now; nothing is written yet."""
    stamp = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    base = where or folder()
    while True:
        path = base / f"{game_id}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


@dataclass(frozen=True)
class SavedGame:
    path: Path
    game: Game
    info: SaveInfo
    #: When it was last played: as saved, else (a save of an earlier version) the file's time.
    played: datetime


@dataclass
class Found:
    """What :func:`find` found in the saves folder."""

    #: Games in progress, the most recently played first.
    games: list[SavedGame] = field(default_factory=list)
    #: Finished games whose save stays until the score history has them.
    waiting: list[SavedGame] = field(default_factory=list)
    #: Saves that could not be used, moved aside just now: each is said once.
    refused: list[BadSave] = field(default_factory=list)


def load(path: Path) -> SavedGame:
    """The game saved in ``path``; a save that cannot be used is moved aside (:class:`SaveMovedAside`),
    but a save of a game not registered in this program (:class:`~.save.GameNotHere`) is left as it is.

    It is never deleted, so the player (or a bug report) still has it, and
    it is reported once: the next look no longer finds it.
    """
    try:
        game, info = save.read_with_info(path)
        played = info.played or datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    except save.GameNotHere:
        raise  # not damaged: kept as it is for the program that has the game
    except (BadSave, OSError) as error:
        reason = error.data["reason"] if isinstance(error, BadSave) else f"it cannot be read ({error.strerror})."
        try:
            kept = move_aside(path)
        except OSError:
            raise BadSave(reason=reason) from None
        raise SaveMovedAside(reason=reason, name=kept.name) from None
    return SavedGame(path, game, info, played)


def find(where: Path | None = None) -> Found:
    """Every save in ``where`` (the saves folder), sorted out; damaged ones are moved aside."""
    base = where or folder()
    found = Found()
    try:
        paths = sorted(path for path in base.glob("*.json") if _MOVED_ASIDE not in path.name)
    except OSError:
        return found
    for path in paths:
        try:
            saved = load(path)
        except save.GameNotHere:
            continue  # a game kept outside the package, whose program is not this one: not listed, not touched
        except BadSave as error:
            found.refused.append(error)
            continue
        if path.name == LEGACY_NAME:
            saved = _migrated(saved)
        (found.waiting if saved.game.is_over() else found.games).append(saved)
    found.games.sort(key=lambda saved: saved.played, reverse=True)
    return found


def _migrated(saved: SavedGame) -> SavedGame:
    """The old single save, renamed to a file of its own (kept where it is if it cannot be)."""
    target = new_path(saved.game.id, saved.path.parent, saved.played)
    try:
        saved.path.replace(target)
    except OSError:
        return saved
    return replace(saved, path=target)


@dataclass
class Recorded:
    """What :func:`record_waiting` did: the games now in the score history, and a problem to say."""

    games: list[SavedGame] = field(default_factory=list)
    problem: DiceError | None = None


def record(game: Game, info: SaveInfo, record_to: Path) -> history.HistoryDamaged | None:
    """Put a finished game into the score history, waiting only briefly for a lock; a damaged history
    moved aside is returned, to be said. :class:`~accessible_dice.history.HistoryUnavailable` if it cannot be.
    """
    with history.ScoreHistory(record_to, wait=history.RECORD_SECONDS) as scores:
        scores.record(game, dice=info.dice, computers=computer_seats(game.players))
        return scores.damaged


def record_waiting(waiting: Sequence[SavedGame], record_to: Path) -> Recorded:
    """Record the finished games that wait for the score history, and remove each save once it is in.

    When the history still cannot take them, the saves stay; the reason is
    returned only for games whose player was not told yet (then marked as
    told), so it is said once and not at every start.
    """
    done = Recorded()
    for number, saved in enumerate(waiting):
        try:
            damaged = record(saved.game, saved.info, record_to)
        except history.HistoryUnavailable as error:
            untold = [other for other in waiting[number:] if not other.info.told]
            for other in untold:
                _mark_told(other)
            if untold:
                done.problem = RecordWaits(reason=error.data["reason"])
            return done
        done.problem = done.problem or damaged
        saved.path.unlink(missing_ok=True)
        done.games.append(saved)
    return done


def _mark_told(saved: SavedGame) -> None:
    with contextlib.suppress(OSError):  # then it is said again next time, which is better than never
        save.write(saved.game, saved.path, replace(saved.info, told=True))
