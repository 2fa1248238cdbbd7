"""Yatzy's hints and computer players without numpy: one turn re-solved in plain Python from the shipped table.

Where numpy cannot be imported (the static page, which runs in Pyodide:
docs/web.md) :mod:`accessible_dice.strategy` plays Yatzy with this module
instead of :mod:`.yatzy`. It reads the same table files
(``tables/yatzy-ORDER.table``: docs/strategy.md, "The table files"), but
never the whole table into Python: a turn needs the values of at most
fifteen following cards, 64 float32 each, read by a seek and
``array("f").frombytes`` (a kilobyte or four per turn). The file is checked
once on first use as numpy's reader checks it (its size first, then the
header and the SHA-256 of its bytes, hashed a mebibyte at a time).

The turn is then solved backwards exactly as :mod:`.yatzy` solves it, with
the same keeps (:mod:`.yatzy_keeps`), the same sums in the same order and in
the same float64, so the advice is the same to the bit
(tests/test_yatzy_turn.py compares both on hundreds of states): the best box
after the last throw, each keep the mean over one more die, each throw
with a re-throw left its best sub-keep, twice more. No table is built here:
where none can be had (the page could not fetch it, or it is damaged) the
game is played with plain moves, and :data:`unavailable` is told, so the
page says so in words.
"""

from __future__ import annotations

import logging
import sys
import threading
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO

from accessible_dice.games.base import Move
from accessible_dice.games.yatzy import BONUS, BONUS_THRESHOLD, DICE, FACES, THROWS, Box, Yatzy
from accessible_dice.strategy.common import Advice
from accessible_dice.strategy.yatzy_keeps import (
    ADD,
    BOX_POINTS,
    BOXES,
    FACE_COUNT,
    KEEP_INDEX,
    KEEPS,
    LESS,
    LEVELS,
    TABLES,
    THROWN,
    UPPER_STATES,
    VALUE_BYTES,
    advise,
    allowed,
    table_path,
    values_start,
)

log = logging.getLogger(__name__)

#: How a shipped table not on disk is got: ``fetch(name, path)`` writes the file ``name`` at ``path`` and
#: gives ``""``, or says why it could not. The static page sets it (:mod:`accessible_dice.page`): the
#: site's ``strategy/NAME``, fetched the first time Yatzy's hints or computer players need it.
fetch: Callable[[str, Path], str] | None = None
#: Told once, with the play order, when that order's table cannot be had: the page says so in words.
unavailable: Callable[[str], None] | None = None
#: Solved turns kept (4 KiB each) before the oldest is forgotten.
TURNS_KEPT = 64
_ROW_BYTES = UPPER_STATES * VALUE_BYTES
_UPPER_FACES = tuple((i, box.face) for i, box in enumerate(BOXES) if box.face is not None)
_LOWER = tuple(i for i, box in enumerate(BOXES) if box.face is None)


class TurnTable:
    """One play order's table file, open; each turn re-solved from the few rows it needs."""

    def __init__(self, order: str, file: BinaryIO, start: int) -> None:
        self.order = order
        self._file = file
        self._start = start
        self._lock = threading.Lock()
        self._turns: dict[tuple[int, int], tuple[list[float], list[float], list[float]]] = {}

    def _row(self, card: int) -> array[float]:
        """The 64 values of ``card`` (upper totals 0 to 63)."""
        row = array("f")
        with self._lock:
            self._file.seek(self._start + card * _ROW_BYTES)
            row.frombytes(self._file.read(_ROW_BYTES))
        if sys.byteorder == "big":  # the file is little-endian
            row.byteswap()
        return row

    def _worths(self, card: int, upper: int) -> tuple[list[tuple[int, list[float]]], list[tuple[int, float]]]:
        """Each allowed upper box with its worth when 0 to 5 dice show its face (points, bonus, future), and
        each allowed lower box with the future after it (its points are the throw's): as :mod:`.yatzy`'s."""
        uppers = []
        for box, face in _UPPER_FACES:
            if allowed(self.order, card, box):
                following = self._row(card | 1 << box)
                worth = []
                for count in range(DICE + 1):
                    points = face * count
                    reached = min(upper + points, BONUS_THRESHOLD)
                    bonus = BONUS if reached == BONUS_THRESHOLD and upper < BONUS_THRESHOLD else 0
                    worth.append(points + bonus + following[reached])
                uppers.append((box, worth))
        lowers = [(box, float(self._row(card | 1 << box)[upper])) for box in _LOWER if allowed(self.order, card, box)]
        return uppers, lowers

    def box_values(self, card: int, upper: int, dice: Sequence[int]) -> dict[Box, float]:
        """Each box the order allows, with what scoring ``dice`` there is worth from now on."""
        throw = KEEP_INDEX[tuple(sorted(dice))] - THROWN.start
        uppers, lowers = self._worths(card, min(upper, BONUS_THRESHOLD))
        worth = {box: by_count[FACE_COUNT[BOXES[box].face - 1][throw]]  # type: ignore[operator]
                 for box, by_count in uppers}
        worth |= {box: BOX_POINTS[box][throw] + future for box, future in lowers}
        return {BOXES[box]: value for box, value in sorted(worth.items())}

    def keep_values(self, card: int, upper: int, throws_left: int) -> list[float]:
        """(462): each keep's worth from now on when ``throws_left`` throws are still to come (3, 2 or 1)."""
        key = (card, min(upper, BONUS_THRESHOLD))
        turn = self._turns.get(key)
        if turn is None:
            if len(self._turns) >= TURNS_KEPT:
                del self._turns[next(iter(self._turns))]
            turn = self._turns[key] = _turn_keeps(self._final_values(*key))
        return turn[THROWS - throws_left]

    def clear_turns(self) -> None:
        """Forget the turns solved so far (re-solved on demand, in a few milliseconds)."""
        self._turns.clear()

    def _final_values(self, card: int, upper: int) -> list[float]:
        """(462): in the throws' places, each final throw's worth in the best allowed box; the rest 0."""
        uppers, lowers = self._worths(card, upper)
        columns = [[worth[count] for count in FACE_COUNT[BOXES[box].face - 1]]  # type: ignore[operator]
                   for box, worth in uppers]
        columns += [[points + future for points in BOX_POINTS[box]] for box, future in lowers]
        return [0.0] * THROWN.start + [max(worths) for worths in zip(*columns, strict=True)]


def _keep_values(keeps: list[float]) -> list[float]:
    """Each keep of fewer than five dice: the mean over one more die (summed in :mod:`.yatzy`'s order), in place."""
    for level in reversed(LEVELS[:DICE]):
        for keep in range(level.start, level.stop):
            more = ADD[keep]
            total = keeps[more[0]]
            for face in range(1, FACES):
                total += keeps[more[face]]
            keeps[keep] = total / FACES
    return keeps


def _best_keeps(keeps: list[float]) -> list[float]:
    """New: each keep's best sub-keep (itself included); in the throws' places, a throw's worth with a re-throw left."""
    best = [keeps[0]]
    for keep in range(1, len(KEEPS)):
        best.append(max(keeps[keep], *(best[less] for less in LESS[keep - 1])))
    return best


def _turn_keeps(final: list[float]) -> tuple[list[float], list[float], list[float]]:
    """The keep values before each throw of a turn: (first throw, first re-throw, last re-throw)."""
    last = _keep_values(final)
    first_rethrow = _keep_values(_best_keeps(last))
    return _keep_values(_best_keeps(first_rethrow)), first_rethrow, last


# ------------------------------------------------------------------ the table file


def _open(path: Path, order: str) -> TurnTable | None:
    """The table in ``path``, open, if whole, of this version and order (as :mod:`.yatzy` checks); else ``None``."""
    try:
        file = path.open("rb")
    except OSError:
        return None
    try:
        start = values_start(file, order)
    except (OSError, ValueError) as error:
        log.warning("the Yatzy table %s cannot be used: %s", path, error)
        file.close()
        return None
    return TurnTable(order, file, start)


def load_table(order: str) -> TurnTable | None:
    """The table of ``order``: the shipped one (fetched first where :data:`fetch` is set and it is not
    on disk), else the one kept in the cache folder; ``None`` when neither can be used."""
    name = f"yatzy-{order}.table"
    shipped = TABLES / name
    if fetch is not None and not shipped.is_file():
        try:
            shipped.parent.mkdir(parents=True, exist_ok=True)
            reason = fetch(name, shipped)
        except OSError as error:
            reason = str(error)
        if reason:
            log.warning("the Yatzy table %s could not be fetched: %s", name, reason)
    return _open(shipped, order) or _open(table_path(order), order)


_tables: dict[str, TurnTable | None] = {}
_tables_lock = threading.Lock()


def table(order: str) -> TurnTable | None:
    """:func:`load_table`, once per process; when it gives none, :data:`unavailable` is told, once (and the
    game is played with plain moves until the program starts again: in the page, until it is reloaded)."""
    with _tables_lock:
        if order not in _tables:
            _tables[order] = load_table(order)
            if _tables[order] is None and unavailable is not None:
                unavailable(order)
        return _tables[order]


# ------------------------------------------------------------ the game's entry points


def available(game: Yatzy) -> bool:
    """Whether the table of the game's play order can be had (read, or fetched, on the first call)."""
    return table(str(game.options["order"])) is not None


def _solved(order: str) -> TurnTable:
    found = table(order)
    if found is None:
        raise KeyError(f"no Yatzy table for {order}")  # strategy.has_strategy said so first
    return found


def best_move(game: Yatzy, considering: Move | None = None) -> Advice:
    """The best way to play the current dice, with every alternative (:func:`.yatzy_keeps.advise`)."""
    return advise(game, _solved, considering)


def computer_move(game: Yatzy) -> Move:
    """The next move of the solitaire-optimal play for the current player."""
    return best_move(game).best.move
