"""Storeslem: the strike with the best expected final score, and a board to start with.

Every board is on its own: the throws are shared, but nothing one player
does changes another's board or score. So the best play for a board is an
expectimax over that board alone, and with several players the advice is
this solitaire optimum (the best expected score, not the best chance to beat
the others), as in the other games.

**The state** of a board between decisions is the set of struck cells (9
bits) and the number of throws still to come. Whether the diagonal's free
strike is spent needs no bit of its own: it is spent exactly when some
diagonal is full (the first full diagonal grants it at once, and nothing is
ever unstruck). With ``V[n][S]`` the expected final score with cells ``S``
struck and ``n`` throws to come:

    V[0][S] = the struck numbers + the bonus of every full row and column
    V[n][S] = Σ over the 56 distinct throws t of p(t) · max over the strikes
              allowed by t and S, passing included, of W(S, S ∪ strike)

where ``W(S, S')`` is ``V[n − 1][S']``, except that a strike that completes
the board's first diagonal is followed by the best free strike:
``max over open cells c of V[n − 1][S' ∪ {c}]`` (or ``V[n − 1][S']`` when no
cell is open: the bonus lapses). Throws are sorted multisets of three dice
weighted by their share of the 216 ordered throws; the strikes a throw
allows come from the game's own :func:`~accessible_dice.games.storeslem.strikes`
(with every number 1..24 open, once; the strikes allowed on a board with
some cells struck are exactly those whose numbers are all on the board and
open). ``V[3][∅]`` is the board's expected score.

All 512 sets are solved at once per throw count, as numpy arrays: a table of
(strike, set) pairs gives for each strike and each set the index of the
value it leads to (the free strike folded in, or "not allowed"), and a
maximum per throw plus a weighted sum finish a layer. A whole board takes
a few milliseconds, which is what makes the board search below possible.

**The board suggestion** is the best board found by a search, not a proven
optimum: steepest-ascent hill climbing, from many seeded random boards,
over the boards one change away (two cells swapped, or one number replaced
by one not on the board), each valued exactly as above. The result for the
default bonuses and the search that finds it: docs/strategy.md.

What does not need numpy (the throws, the strikes of a board, the lines as
bits, the suggested board, the advice) is :mod:`.storeslem_strikes`', shared
with :mod:`.storeslem_plain`, the same expectimax in plain Python for the
static page.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from accessible_dice.games.storeslem import CELLS, DICE, HIGHEST, LOWEST, ROLLS, random_board
from accessible_dice.strategy.arrays import np
from accessible_dice.strategy.storeslem_strikes import (
    COLUMN_MASKS,
    DEFAULT_BONUSES,
    FULL,
    HAS_DIAGONAL,
    ROW_MASKS,
    SUGGESTED_BOARD,
    THROWS,
    Board,
    Bonuses,
    Solution,
    Strategy,
    best_image,
    throw_strikes,
)

__all__ = ["DEFAULT_BONUSES", "SUGGESTED_BOARD", "THROWS", "Solution", "best_move", "board_value", "climb",
           "computer_move", "neighbours", "search", "solve", "suggested_board"]

_MASKS = np.arange(FULL + 1)
_CELL_BITS = 1 << np.arange(CELLS)
#: ``_STRUCK[S, c]``: 1 when cell ``c`` is in set ``S``.
_STRUCK = (_MASKS[:, None] >> np.arange(CELLS)) & 1
_HAS_DIAGONAL = np.array(HAS_DIAGONAL)
_PROBABILITIES = np.array([p for _, p in THROWS])
#: Where a (strike, set) pair leads in the table of a layer: the index of the
#: value after striking, in the half "may earn the free strike" (sets without
#: a full diagonal) or "has had it" (sets with one); the last slot is -inf,
#: for a strike that names a cell already struck.
_NOT_ALLOWED = 2 * (FULL + 1)
_TARGET = np.where(
    (_MASKS[:, None] & _MASKS[None, :]) == 0,
    (_MASKS[:, None] | _MASKS[None, :]) + (FULL + 1) * _HAS_DIAGONAL[None, :],
    _NOT_ALLOWED,
).astype(np.int16)
_OPEN = _STRUCK == 0
#: ``_REACHABLE[n]``: the sets a game can have struck with ``n`` throws still to come
#: (at most three cells a throw, and one free strike once a throw has been made).
_REACHABLE = {left: np.flatnonzero(_STRUCK.sum(axis=1) <= (ROLLS - left) * DICE + (left < ROLLS))
              for left in range(1, ROLLS + 1)}
_ONE_MORE = _MASKS[:, None] | _CELL_BITS[None, :]


@cache
def _all_strikes() -> tuple[np.ndarray, np.ndarray]:
    """Every strike of every throw with all of 1..24 open: numbers (padded with 0) and throw index."""
    numbers: list[tuple[int, ...]] = []
    throw: list[int] = []
    for index, options in enumerate(throw_strikes()):
        for struck in options:
            numbers.append(struck + (0,) * (DICE - len(struck)))
            throw.append(index)
    return np.array(numbers), np.array(throw)


def _board_strikes(board: Board) -> tuple[np.ndarray, list[slice]]:
    """The cell sets each throw can strike on ``board`` (passing, 0, included), sorted by throw.

    Returns the sets and, for each throw in :data:`THROWS`, the slice of its sets.
    """
    numbers, throw = _all_strikes()
    cell = np.zeros(HIGHEST + 1, dtype=np.int64)
    cell[list(board)] = _CELL_BITS
    cells = cell[numbers]
    on_board = ((cells != 0) | (numbers == 0)).all(axis=1)
    passes = np.arange(len(THROWS)) * (FULL + 1)
    keys = np.unique(np.concatenate([throw[on_board] * (FULL + 1) + cells[on_board].sum(axis=1), passes]))
    bounds = [*np.searchsorted(keys, passes).tolist(), len(keys)]
    return keys % (FULL + 1), [slice(start, end) for start, end in itertools.pairwise(bounds)]


def _bonus(rows: Bonuses, columns: Bonuses) -> np.ndarray:
    """The row and column bonus of every set of struck cells."""
    bonus = np.zeros(FULL + 1)
    for line, value in [*zip(ROW_MASKS, rows, strict=True), *zip(COLUMN_MASKS, columns, strict=True)]:
        bonus += np.where((_MASKS & line) == line, value, 0)
    return bonus


def _with_free_strike(values: np.ndarray) -> np.ndarray:
    """For every set, its value after the best free strike (itself when the board is full)."""
    best = np.where(_OPEN, values[_ONE_MORE], -np.inf).max(axis=1)
    best[FULL] = values[FULL]
    return best


def _values(board: Board, rows: Bonuses, columns: Bonuses) -> np.ndarray:
    """``V[n][S]`` for every throw count ``n`` (0..3) and set ``S`` a game can reach (NaN for the rest)."""
    sets, throws = _board_strikes(board)
    values = np.full((ROLLS + 1, FULL + 1), np.nan)
    values[0] = _STRUCK @ np.array(board, dtype=float) + _bonus(rows, columns)
    table = np.empty(_NOT_ALLOWED + 1)
    table[_NOT_ALLOWED] = -np.inf
    best = np.empty((len(THROWS), FULL + 1))
    for left in range(1, ROLLS + 1):
        after = values[left - 1]
        table[:FULL + 1] = np.where(_HAS_DIAGONAL, _with_free_strike(after), after)
        table[FULL + 1:_NOT_ALLOWED] = after
        reachable = _REACHABLE[left]
        reached = table[_TARGET[sets][:, reachable]]
        # The best strike of each throw (a slice each: numpy's reduceat is slower here).
        for index, strikes_of_throw in enumerate(throws):
            best[index, :len(reachable)] = reached[strikes_of_throw].max(axis=0)
        values[left, reachable] = _PROBABILITIES @ best[:, :len(reachable)]
    return values


def board_value(board: Sequence[int], rows: Bonuses = DEFAULT_BONUSES[0],
                columns: Bonuses = DEFAULT_BONUSES[1]) -> float:
    """The expected final score of a fresh game on ``board`` under optimal play."""
    return float(_values(tuple(board), tuple(rows), tuple(columns))[ROLLS, 0])


@lru_cache(maxsize=64)
def solve(board: Board, rows: Bonuses = DEFAULT_BONUSES[0], columns: Bonuses = DEFAULT_BONUSES[1]) -> Solution:
    """Solve ``board`` (a few milliseconds); the last boards asked about are kept."""
    return Solution(board, _values(board, rows, columns))


# -------------------------------------------------------------- the board search


def neighbours(board: Board) -> Iterator[Board]:
    """The boards one change away: two cells swapped, or one number replaced by an unused one."""
    for i in range(CELLS):
        for j in range(i + 1, CELLS):
            swapped = list(board)
            swapped[i], swapped[j] = board[j], board[i]
            yield tuple(swapped)
    unused = [n for n in range(LOWEST, HIGHEST + 1) if n not in board]
    for i in range(CELLS):
        for number in unused:
            yield (*board[:i], number, *board[i + 1:])


def climb(board: Board, rows: Bonuses = DEFAULT_BONUSES[0],
          columns: Bonuses = DEFAULT_BONUSES[1]) -> tuple[Board, float]:
    """Steepest-ascent hill climbing from ``board``: a board no single change improves, and its value.

    Each step moves to the best neighbour (the first in :func:`neighbours`'
    order on a tie) while it is better by more than rounding.
    """
    value = board_value(board, rows, columns)
    while True:
        scored = [(board_value(other, rows, columns), other) for other in neighbours(board)]
        best_value, best = max(scored, key=lambda pair: pair[0])
        if best_value <= value + 1e-9:
            return board, value
        board, value = best, best_value


def search(starts: int, seed: int = 0, rows: Bonuses = DEFAULT_BONUSES[0],
           columns: Bonuses = DEFAULT_BONUSES[1]) -> list[tuple[float, Board]]:
    """Climb from ``starts`` random boards of ``random.Random(seed)``; every end, best first."""
    rng = random.Random(seed)
    ends = [climb(random_board(rng), rows, columns) for _ in range(starts)]
    return sorted(((value, board) for board, value in ends), key=lambda end: -end[0])


@cache
def suggested_board(rows: Bonuses = DEFAULT_BONUSES[0], columns: Bonuses = DEFAULT_BONUSES[1]) -> Board:
    """The board to suggest: the search's best board, turned to suit the bonuses
    (:func:`.storeslem_strikes.best_image`)."""
    return best_image(board_value, rows, columns)


# ------------------------------------------------------------ the game's entry points


#: The entry points: :func:`.storeslem_strikes.advise` with the boards solved here.
_STRATEGY = Strategy(solve, suggested_board)
best_move = _STRATEGY.best_move
computer_move = _STRATEGY.computer_move
