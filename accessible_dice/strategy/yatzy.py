"""Yatzy: optimal solitaire play, for each play order, by dynamic programming.

The method is the standard one for Yahtzee (Verhoeff; Glenn) and Yatzy
(Larsson and Sjöberg). Between turns, all that matters for the rest of a
game is *which boxes are filled* (15 bits) and *the upper-section total*,
capped at 63 because only "63 or more" earns the bonus. For each such state
``E[boxes, upper]`` is the expected score still to come under optimal play;
the full card is worth 0 and the empty card (``E[0, 0]``) is the expected
final total: 248.439989 in free order.

One turn is solved backwards, as in the widget of Glenn's paper. Dice are
interchangeable, so a throw is a sorted multiset (252 of five dice) and a
keep is a sorted multiset of zero to five dice (462):

1. after the last throw, the best box: its points, the bonus if this box
   brings the upper total to 63, and ``E`` of the state it leads to;
2. a keep is worth the average, over one more die, of the keep with that
   die added (a keep of five is the throw itself), so all keeps follow from
   the throws in five averaging steps;
3. a throw with a re-throw left is worth its best sub-keep (keeping all five
   means stopping), found in five max steps over "this keep less one die";
4. steps 2 and 3 again for the first re-throw, then step 2 alone gives the
   turn's value before its first throw.

States are solved from 14 filled boxes down to none, 256 at a time as
columns of numpy arrays. Only states a game can reach are solved (in
upper-first order the lower boxes wait for the upper six; in order, the
filled boxes are always the first ones; upper totals no set of upper boxes
can make are skipped); the others stay NaN. A state whose bonus is out of
reach is copied from the same card's total 0 (:func:`out_of_reach`), and a
box is compared only on the throws it scores in (:func:`_final_values`):
the same table to the bit, in a third of the work (docs/strategy.md).

The tables come with the program: ``tables/yatzy-ORDER.table`` beside this
module, one per play order, built by ``python tools/strategy_table.py
build`` (byte for byte the same on every rebuild; CI rebuilds and compares)
and read in place, memory-mapped, so a game holds in memory only the pages
its hints touch. Each file is one line of JSON (the format, its version,
the play order, the array's shape and type and the SHA-256 of what follows)
and then the array ``E`` itself, raw little-endian float32, row by row
(card, then upper total): numpy maps it (``np.memmap`` at the header line's
length) and plain Python reads it with ``array("f").frombytes`` (see
docs/strategy.md, "The table files"): :mod:`.yatzy_turn` re-solves a turn
from it so, where numpy cannot be had (the static page). It is built in float64 and kept in
float32 (8 MiB; every figure agrees to four decimals). A file of another
size is not read at all; a missing, damaged or outdated one is not used.

Where the shipped table cannot be used, the one kept on disk is read: in
the folder named by the environment variable ``ACCESSIBLE_DICE_STRATEGY_CACHE``
or given as a parameter, else in ``strategy/`` of the data folder
(``ACCESSIBLE_DICE_DATA`` moves it, like every file of the program); and
if that is missing or damaged too, the table is built and kept there. The
build runs in a process of its own (the game's process holds only the mapped
table), says how far it is (:func:`build_progress`), and solves a few hundred
states at a time, freeing each turn's work arrays as it goes. Hints then
re-solve just the current state's turn, in a millisecond.

With several players the advice (and the computer player) is still the
solitaire optimum, maximising the expected final total; it does not weigh
the opponents' cards.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from math import factorial, prod
from pathlib import Path

from accessible_dice import threads
from accessible_dice.games.base import Move
from accessible_dice.games.yatzy import (
    BONUS,
    BONUS_THRESHOLD,
    DICE,
    FACES,
    THROWS,
    Box,
    Section,
    Yatzy,
)
from accessible_dice.strategy.arrays import np
from accessible_dice.strategy.common import Advice
from accessible_dice.strategy.yatzy_keeps import (
    ADD,
    BOX_POINTS,
    BOXES,
    CACHE_ENV,  # noqa: F401  (read here by the tests and tools)
    DISTINCT,
    FACE_COUNT,
    FULL_CARD,
    KEEP_INDEX,
    KEEPS,
    LESS,
    LEVELS,
    SHAPE,
    TABLE_BYTES,  # noqa: F401  (read here by the tests)
    TABLE_DTYPE,
    TABLE_VERSION,  # noqa: F401
    TABLES,
    THROWN,
    UPPER_BOXES,
    UPPER_STATES,
    advise,
    allowed,
    cache_dir,
    header,
    table_path,
    values_start,
)

#: The folder of the tables that come with the program (``None``: none are used).
SHIPPED: Path | None = TABLES
#: How the table is kept on disk and read: little-endian float32.
DTYPE = np.dtype(TABLE_DTYPE)
#: Solved turns a table keeps for hints (11 KiB each) before it starts afresh.
TURNS_KEPT = 1024
#: States solved together, as columns: large enough to hide numpy's per-call
#: overhead, small enough to keep each (462, N) work array under a MiB.
CHUNK = 256

# ------------------------------------------------------------ dice combinatorics

#: ``_ADD[k, f]``: keep ``k`` (fewer than five dice) with one more die showing ``f + 1``.
_ADD = np.array(ADD, dtype=np.intp)
#: ``_LESS[k]``: keep ``k`` (one die or more) less each of its distinct faces in turn, padded to five columns.
_LESS = np.array([(less * DICE)[:DICE] for less in LESS], dtype=np.intp)
#: ``POINTS[b, r]``: what throw ``r`` scores in box ``b``, by the game's own :func:`score`.
POINTS = np.array(BOX_POINTS, dtype=np.float64)
#: ``_COUNT[f, r]``: how many dice of throw ``r`` show ``f + 1``.
_COUNT = np.array(FACE_COUNT, dtype=np.intp)
#: ``_SCORING[b]``: the throws that score more than 0 in box ``b`` (any other throw scores it 0).
_SCORING = tuple(np.flatnonzero(points) for points in POINTS)
#: ``_CHANCE[r]``: the chance of throw ``r`` with five dice (multinomial: 5! / (n1! ... n6!) / 6^5).
_CHANCE = np.array([factorial(DICE) / prod(factorial(roll.count(f)) for f in range(1, FACES + 1))
                    for roll in KEEPS[THROWN]]) / FACES ** DICE


def _upper_totals(filled: int) -> np.ndarray:
    """The capped upper totals that the filled upper boxes in ``filled`` can add up to."""
    totals = {0}
    for i, box in enumerate(BOXES):
        if filled >> i & 1 and box.face is not None:
            totals = {min(BONUS_THRESHOLD, t + box.face * n) for t in totals for n in range(DICE + 1)}
    return np.array(sorted(totals), dtype=np.intp)


_UPPER_TOTALS = [_upper_totals(filled) for filled in range(UPPER_BOXES + 1)]


# ------------------------------------------------------------------ play orders


def _cards_by_filled(order: str) -> list[np.ndarray]:
    """The reachable cards, grouped by how many boxes are filled."""
    layers = [np.array([0], dtype=np.int64)]
    for _ in BOXES:
        cards = layers[-1]
        following = [cards[allowed(order, cards, b)] | (1 << b) for b in range(len(BOXES))]
        layers.append(np.unique(np.concatenate(following)))
    return layers


# -------------------------------------------------------------- one turn, vectorised


#: The upper and the lower boxes' indices, as a column each, to solve every box of a kind at once.
_UPPER_COLUMN = np.array([[i] for i, box in enumerate(BOXES) if box.face is not None])
_LOWER_COLUMN = np.array([[i] for i, box in enumerate(BOXES) if box.face is None])
#: ``_FACE[b]``: the face an upper box counts (0 for a lower box).
_FACE = np.array([box.face or 0 for box in BOXES])


def _lower_worths(values: np.ndarray, order: str, cards: np.ndarray, uppers: np.ndarray,
                  boxes: np.ndarray = _LOWER_COLUMN) -> np.ndarray:
    """(len(boxes), N): the future after scoring each lower box (its points are the throw's, :data:`POINTS`)."""
    # Where the box is barred its following state may be unsolved (NaN): np.where, not a sum.
    barred = ~allowed(order, cards[None, :], boxes)
    return np.where(barred, -np.inf, values[(cards[None, :] | (1 << boxes)) * UPPER_STATES + uppers[None, :]])


def _upper_worths(values: np.ndarray, order: str, cards: np.ndarray, uppers: np.ndarray,
                  boxes: np.ndarray = _UPPER_COLUMN) -> np.ndarray:
    """(len(boxes), 6, N): each upper box's worth when 0 to 5 dice show its face (points, bonus, future).

    An upper box scores face × count: six outcomes per state, spread over the throws by :data:`_COUNT`.
    """
    barred = ~allowed(order, cards[None, :], boxes)
    points = (_FACE[boxes] * np.arange(DICE + 1))[:, :, None]
    reached = np.minimum(uppers + points, BONUS_THRESHOLD)
    bonus = np.where((reached == BONUS_THRESHOLD) & (uppers < BONUS_THRESHOLD), BONUS, 0)
    following = ((cards[None, :] | (1 << boxes)) * UPPER_STATES)[:, None, :]
    return np.where(barred[:, None, :], -np.inf, points + bonus + values[following + reached])


def _worth_by_count(values: np.ndarray, order: str, cards: np.ndarray, uppers: np.ndarray,
                    box: int) -> np.ndarray:
    """What scoring ``box`` is worth besides a lower box's points; -inf where the order does not allow it.

    An upper box: (6, N), its worth when 0 to 5 dice show its face (points,
    the bonus if they complete it, the future). A lower box: (1, N), the
    future after it.
    """
    if BOXES[box].face is None:
        return _lower_worths(values, order, cards, uppers, np.array([[box]]))
    return _upper_worths(values, order, cards, uppers, np.array([[box]]))[0]


def _scored(worth: np.ndarray, box: int, throws: np.ndarray | slice) -> np.ndarray:
    """(len(throws), N): the worth of scoring ``throws`` in ``box``, from :func:`_worth_by_count`."""
    face = BOXES[box].face
    return POINTS[box][throws, None] + worth if face is None else worth[_COUNT[face - 1][throws]]


def _box_values(values: np.ndarray, order: str, cards: np.ndarray, uppers: np.ndarray,
                box: int) -> np.ndarray:
    """(252, N): each final throw's worth in ``box`` (points, bonus, future); -inf where not allowed."""
    return _scored(_worth_by_count(values, order, cards, uppers, box), box, slice(None))


def _final_values(values: np.ndarray, order: str, cards: np.ndarray, uppers: np.ndarray) -> np.ndarray:
    """(462, N): in the rows of the throws (:data:`THROWN`), each final throw's worth in the best allowed box.

    The other rows are left for :func:`_keep_values` to fill in place (no copy of the throws).

    A box a throw scores 0 in is worth the same for every such throw (the
    future, no points, no bonus: its first row), so the best of those rows
    starts every throw, and each box then only compares the throws it scores
    in (:data:`_SCORING`): about a third of the work of comparing all 15
    boxes on all 252 throws, with the same result to the bit.
    """
    upper, lower = _upper_worths(values, order, cards, uppers), _lower_worths(values, order, cards, uppers)
    worths = {**{int(box): upper[i] for i, box in enumerate(_UPPER_COLUMN[:, 0])},
              **{int(box): lower[i:i + 1] for i, box in enumerate(_LOWER_COLUMN[:, 0])}}
    nothing = np.maximum(upper[:, 0].max(axis=0), lower.max(axis=0))
    keeps = np.empty((len(KEEPS), len(cards)))
    best = keeps[THROWN]
    best[...] = nothing[None, :]
    for box, worth in worths.items():
        throws = _SCORING[box]
        if 3 * len(throws) > 2 * len(best):  # One pair, Chance: (nearly) every throw scores, so all at once
            np.maximum(best, _scored(worth, box, slice(None)), out=best)
        else:
            scored = _scored(worth, box, throws)
            best[throws] = np.maximum(scored, best[throws], out=scored)
    return keeps


def _keep_values(keeps: np.ndarray) -> np.ndarray:
    """(462, N): each keep's worth, given each throw's worth in the throws' rows: the mean over one more die.

    The rows of fewer dice are filled in place (and ``keeps`` returned).
    """
    for level in reversed(LEVELS[:DICE]):
        more = _ADD[level]
        total = keeps[more[:, 0]]
        for face in range(1, FACES):
            total += keeps[more[:, face]]
        np.divide(total, FACES, out=keeps[level])
    return keeps


def _best_keeps(keeps: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """(462, N), new (or ``out``): in the throws' rows, each throw's worth with a re-throw to come, its best sub-keep.

    The other rows hold each smaller keep's best sub-keep, which :func:`_keep_values` then overwrites.
    """
    best = np.empty_like(keeps) if out is None else out
    best[0] = keeps[0]
    for size, level in enumerate(LEVELS[1:], start=1):
        less = _LESS[level.start - 1:level.stop - 1]
        below = best[less[:, 0]]
        for i in range(1, DICE):
            more = DISTINCT[size][i]  # the keeps with another distinct face to take away: a prefix
            np.maximum(below[:more], best[less[:more, i]], out=below[:more])
        np.maximum(keeps[level], below, out=best[level])
    return best


def _turn_keeps(final: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The keep values before each throw of a turn: (first throw, first re-throw, last re-throw)."""
    last = _keep_values(final)
    first_rethrow = _keep_values(_best_keeps(last))
    return _keep_values(_best_keeps(first_rethrow)), first_rethrow, last


def _turn_value(final: np.ndarray) -> np.ndarray:
    """(N,): the turn's worth before its first throw, each earlier stage freed as soon as the next is made.

    The worth of ``_turn_keeps(final)[0][0]`` (summed another way), for the build, which needs no
    more: it holds one stage's work arrays at a time instead of three.
    """
    keeps, spare = _keep_values(final), np.empty_like(final)
    for _ in range(THROWS - 2):  # two arrays in turn: each stage is made from the other
        keeps, spare = _keep_values(_best_keeps(keeps, out=spare)), keeps
    # Before the first throw only the empty keep counts: the chance-weighted mean of the throws, summed
    # row by row (numpy's sum over the first axis), so every machine adds in the same order (no BLAS).
    return (_CHANCE[:, None] * _best_keeps(keeps, out=spare)[THROWN]).sum(axis=0)


def layers(order: str) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The states to solve, as (cards, upper totals) arrays, from 14 filled boxes down to none.

    One layer at a time: all of them at once would hold every state's index (tens of MiB) through the build.
    """
    for cards in reversed(_cards_by_filled(order)[:-1]):
        totals = [_UPPER_TOTALS[c & UPPER_BOXES] for c in cards]
        yield np.repeat(cards, [len(t) for t in totals]), np.concatenate(totals)


#: ``_UPPER_LEFT[u]``: the most the upper boxes still empty in the set of filled upper boxes ``u`` can add.
_UPPER_LEFT = np.array([DICE * sum(box.face or 0 for i, box in enumerate(BOXES) if not filled >> i & 1
                                   and box.section is Section.UPPER) for filled in range(UPPER_BOXES + 1)])


def out_of_reach(cards: np.ndarray, uppers: np.ndarray) -> np.ndarray:
    """Whether the bonus is out of reach: the empty upper boxes cannot bring ``uppers`` to 63.

    The upper total then changes nothing to come (no bonus, whatever is
    scored), so the state is worth what the same card with 0 is worth, to
    the bit: the same sums of the same numbers. The build solves only that
    one (a third of all states in free order) and copies it.
    """
    return uppers + _UPPER_LEFT[cards & UPPER_BOXES] < BONUS_THRESHOLD


def solve(order: str = "free", workers: int = 1, progress: Callable[[float], None] | None = None) -> np.ndarray:
    """``E[card, upper]`` for every reachable state; NaN for the others.

    The states with the same number of filled boxes depend only on states
    with more, so their chunks can be shared among ``workers`` threads (numpy
    releases the interpreter lock while it computes). One is the default: on
    these shared two-core machines a second thread made the build no faster,
    and under load twice as slow (threads waiting on each other for the
    interpreter lock; docs/performance.md), for more CPU and memory.
    ``progress`` is told the share of the work done (0 to 1) after each layer.
    """
    values = np.full(SHAPE, np.nan).ravel()
    values[FULL_CARD * UPPER_STATES:] = 0.0

    def solve_chunk(cards: np.ndarray, uppers: np.ndarray) -> None:
        values[cards * UPPER_STATES + uppers] = _turn_value(_final_values(values, order, cards, uppers))

    sizes = [math.comb(len(BOXES), filled) for filled in range(len(BOXES))]  # the work of a layer, roughly
    with ThreadPoolExecutor(max(1, workers), initializer=threads.block_here) as pool:
        for filled, (layer_cards, layer_uppers) in zip(reversed(range(len(BOXES))), layers(order), strict=True):
            copied = out_of_reach(layer_cards, layer_uppers) & (layer_uppers > 0)
            state_cards, uppers = layer_cards[~copied], layer_uppers[~copied]
            starts = range(0, len(state_cards), CHUNK)
            # list() waits for the whole layer and re-raises any worker's error.
            list(pool.map(solve_chunk, [state_cards[s:s + CHUNK] for s in starts],
                          [uppers[s:s + CHUNK] for s in starts]))
            firsts = layer_cards[copied] * UPPER_STATES
            values[firsts + layer_uppers[copied]] = values[firsts]
            if progress is not None:
                progress(sum(sizes[filled:]) / sum(sizes))
    return values.reshape(SHAPE)


# ------------------------------------------------------------------ the table on disk


def _header(order: str, data: np.ndarray) -> dict[str, object]:
    return header(order, hashlib.sha256(data.data).hexdigest())


def _read(path: Path, order: str) -> np.ndarray | None:
    """The table in ``path``, memory-mapped, if it is whole, of this version and order; else ``None``.

    The size is checked before anything else is read, so a foreign file
    (however large) is never loaded.
    """
    try:
        with path.open("rb") as file:
            start = values_start(file, order)
        return np.memmap(path, dtype=DTYPE, mode="r", offset=start, shape=SHAPE)
    except (OSError, ValueError):
        return None


def _write(path: Path, order: str, values: np.ndarray) -> bool:
    """Write atomically, so a crash never leaves half a table; whether it was written.

    The file is replaced, never rewritten in place: another game may have
    the old one mapped, and a mapped file must not change under it.

    A read-only folder is no error: the table is then kept in memory only.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.partial")
        with partial.open("wb") as file:
            file.write(json.dumps(_header(order, values)).encode() + b"\n")
            file.write(values.data)
        os.replace(partial, path)
    except OSError:
        return False
    return True


class YatzyTable:
    """The solved states of one play order, and each state's turn, solved on demand."""

    def __init__(self, order: str, values: np.ndarray, from_cache: bool) -> None:
        self.order = order
        self.values = values
        #: Whether the table was read from disk rather than built now.
        self.from_cache = from_cache
        self._flat = values.ravel()
        self._turns: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def expected_total(self) -> float:
        """The expected final total of a game played optimally from the empty card."""
        return float(self.values[0, 0])

    def box_values(self, card: int, upper: int, dice: Sequence[int]) -> dict[Box, float]:
        """Each box the order allows, with what scoring ``dice`` there is worth from now on.

        The worth is the points, the bonus if they complete it, and the
        expected score of the rest of the game.
        """
        throw = KEEP_INDEX[tuple(sorted(dice))] - THROWN.start
        cards, uppers = np.array([card]), np.array([min(upper, BONUS_THRESHOLD)])
        worth = {box: float(_box_values(self._flat, self.order, cards, uppers, i)[throw, 0])
                 for i, box in enumerate(BOXES)}
        return {box: value for box, value in worth.items() if value != -np.inf}

    def keep_values(self, card: int, upper: int, throws_left: int) -> np.ndarray:
        """(462,): each keep's worth from now on when ``throws_left`` throws are still to come.

        ``throws_left`` counts the throw the keep is for: 3 before the first
        throw (only the empty keep matters), 2 or 1 for the re-throws.
        """
        key = (card, min(upper, BONUS_THRESHOLD))
        if key not in self._turns:
            if len(self._turns) >= TURNS_KEPT:
                self.clear_turns()
            cards, uppers = np.array([key[0]]), np.array([key[1]])
            final = _final_values(self._flat, self.order, cards, uppers)
            self._turns[key] = tuple(keeps[:, 0] for keeps in _turn_keeps(final))  # type: ignore[assignment]
        return self._turns[key][THROWS - throws_left]

    def clear_turns(self) -> None:
        """Forget the turns solved so far (they are re-solved on demand, in a millisecond)."""
        self._turns.clear()


def shipped_path(order: str) -> Path | None:
    """The table of ``order`` that comes with the program (see :data:`SHIPPED`), if any are used."""
    return None if SHIPPED is None else SHIPPED / f"yatzy-{order}.table"


def load_table(order: str = "free", directory: str | os.PathLike[str] | None = None) -> YatzyTable:
    """The table of ``order``: the shipped one, else the cache folder's, else built and saved there.

    The build runs in a process of its own (:func:`build_apart`), so the
    game's process never holds the build's arrays, only the mapped table;
    where that cannot work (no interpreter to start, a read-only folder) it
    is built here.
    """
    shipped = shipped_path(order)
    values = None if shipped is None else _read(shipped, order)
    if values is not None:
        return YatzyTable(order, values, from_cache=True)
    path = table_path(order, directory)
    values = _read(path, order)
    if values is not None:
        return YatzyTable(order, values, from_cache=True)
    _progress[order] = 0.0
    try:
        if build_apart(order, path.parent):
            mapped = _read(path, order)
            if mapped is not None:
                return YatzyTable(order, mapped, from_cache=False)
        kept = built(order, progress=lambda done: _progress.__setitem__(order, done))
        mapped = _read(path, order) if _write(path, order, kept) else None
        return YatzyTable(order, kept if mapped is None else mapped, from_cache=False)
    finally:
        del _progress[order]


#: The share done (0 to 1) of each table being built now, by play order.
_progress: dict[str, float] = {}


def build_progress(order: str) -> float | None:
    """How far the build of ``order``'s table is (0 to 1), while it is being built; else ``None``."""
    return _progress.get(order)


def built(order: str, progress: Callable[[float], None] | None = None) -> np.ndarray:
    """The table of ``order`` solved now: built in float64, kept in float32 (the float64 array is freed here).

    A table built and one read from the cache are the same to the last bit.
    """
    return np.ascontiguousarray(solve(order, progress=progress), dtype=DTYPE)


def build_apart(order: str, directory: Path) -> bool:
    """Build and save the table of ``order`` in ``directory`` in a new process (this module run); whether it did.

    The new process prints the share done after each layer (a number from 0
    to 1 a line), kept for :func:`build_progress`. It ends with this one: it
    watches the pipe on its standard input, which this process holds open and
    never writes, and stops when the pipe closes (the program ended, however
    it ended).
    """
    try:
        process = subprocess.Popen([sys.executable, "-m", __name__, order, str(directory)], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError:
        return False
    try:
        assert process.stdout is not None
        for line in process.stdout:
            with contextlib.suppress(ValueError):  # anything else it might print
                _progress[order] = min(1.0, max(0.0, float(line)))
        return process.wait() == 0
    finally:
        if process.stdin is not None:
            process.stdin.close()
        if process.stdout is not None:
            process.stdout.close()


def _end_with_parent() -> None:
    """In the process :func:`build_apart` starts: stop at once when the program that started it ends."""
    def watch() -> None:
        # The raw descriptor, not sys.stdin: a thread blocked in a buffered read stops the interpreter's exit.
        while os.read(0, 4096):
            pass
        os._exit(1)

    threads.start(threading.Thread(target=watch, daemon=True))


_tables: dict[tuple[str, Path], YatzyTable] = {}
_tables_lock = threading.Lock()


def table(order: str = "free", directory: str | os.PathLike[str] | None = None) -> YatzyTable:
    """:func:`load_table`, once per process and folder (safe to call from a background thread)."""
    key = (order, cache_dir(directory))
    with _tables_lock:
        if key not in _tables:
            _tables[key] = load_table(order, key[1])
        return _tables[key]


# ------------------------------------------------------------ the game's entry points


def best_move(game: Yatzy, considering: Move | None = None, directory: str | os.PathLike[str] | None = None
              ) -> Advice:
    """The best way to play the current dice, with every alternative (:func:`.yatzy_keeps.advise`).

    The table is loaded (or built) on first use: see :func:`table`.
    """
    return advise(game, lambda order: table(order, directory), considering)


def computer_move(game: Yatzy) -> Move:
    """The next move of the solitaire-optimal play for the current player."""
    return best_move(game).best.move


def prepare(game: Yatzy) -> None:
    """Make the table of the game's order ready before its first hint or computer move: it comes with the
    program and is read in a moment, but is built (seconds to minutes) where that file is missing or
    damaged. :meth:`accessible_dice.session.Session.prepare_strategy` calls it on a background thread."""
    table(game.options["order"])


def progress(game: Yatzy) -> float | None:
    """How far :func:`prepare` is (0 to 1) while the game's table is being built; else ``None``."""
    return build_progress(str(game.options["order"]))


if __name__ == "__main__":
    # ``python -m accessible_dice.strategy.yatzy ORDER FOLDER``: what build_apart runs.
    _end_with_parent()
    chosen, folder = sys.argv[1], Path(sys.argv[2])

    def report(done: float) -> None:
        print(f"{done:.3f}", flush=True)

    sys.exit(0 if _write(table_path(chosen, folder), chosen, built(chosen, progress=report)) else 1)
