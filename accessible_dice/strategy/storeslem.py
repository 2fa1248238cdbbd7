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
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from accessible_dice.games.base import Move
from accessible_dice.games.storeslem import (
    CELLS,
    DIAGONALS,
    DICE,
    FACES,
    HIGHEST,
    LOWEST,
    ROLLS,
    SIZE,
    FreeStrike,
    SetBoard,
    Storeslem,
    Strike,
    random_board,
    strikes,
)
from accessible_dice.strategy.arrays import np
from accessible_dice.strategy.common import Advice, Choice, ranked

Board = tuple[int, ...]
Bonuses = tuple[int, ...]

#: Each distinct throw (sorted) with its probability among the 216 ordered throws.
THROWS: tuple[tuple[tuple[int, ...], float], ...] = tuple(
    (dice, factorial(DICE) / prod(factorial(k) for k in Counter(dice).values()) / FACES**DICE)
    for dice in combinations_with_replacement(range(1, FACES + 1), DICE)
)
#: The board found by the search for the default bonuses (rows 10, columns 15),
#: row by row, and its exact expected score under optimal play.
SUGGESTED_BOARD: Board = (24, 4, 2, 20, 1, 5, 3, 23, 6)
DEFAULT_BONUSES = ((10, 10, 10), (15, 15, 15))

FULL = (1 << CELLS) - 1
_MASKS = np.arange(FULL + 1)
_CELL_BITS = 1 << np.arange(CELLS)
#: ``_STRUCK[S, c]``: 1 when cell ``c`` is in set ``S``.
_STRUCK = (_MASKS[:, None] >> np.arange(CELLS)) & 1
_DIAGONAL_MASKS = [sum(1 << c for c in cells) for cells in DIAGONALS]
_HAS_DIAGONAL = np.zeros(FULL + 1, dtype=bool)
for _diagonal in _DIAGONAL_MASKS:
    _HAS_DIAGONAL |= (_MASKS & _diagonal) == _diagonal
_ROWS = [sum(1 << (r * SIZE + c) for c in range(SIZE)) for r in range(SIZE)]
_COLUMNS = [sum(1 << (r * SIZE + c) for r in range(SIZE)) for c in range(SIZE)]
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
    everything = range(LOWEST, HIGHEST + 1)
    for index, (dice, _) in enumerate(THROWS):
        for struck in strikes(dice, everything):
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
    for line, value in [*zip(_ROWS, rows, strict=True), *zip(_COLUMNS, columns, strict=True)]:
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


@dataclass(frozen=True, eq=False)
class Solution:
    """Optimal play for one board: the expected final score from every position."""

    board: Board
    #: ``values[n, S]``: the expected final score with the cells in ``S`` struck
    #: and ``n`` throws still to come, every strike of the last throw made.
    values: np.ndarray

    def cells(self, numbers: Iterable[int]) -> int:
        """The set (bits) of the cells holding ``numbers``."""
        return sum(1 << self.board.index(n) for n in set(numbers))

    def expected_score(self, struck: Iterable[int] = (), throws_left: int = ROLLS) -> float:
        """The expected final score with ``struck`` and ``throws_left``; NaN where no game can be."""
        return float(self.values[throws_left, self.cells(struck)])

    def free_strike_value(self, struck: int, throws_left: int) -> float:
        """The value of ``struck`` just after the free strike is granted: the best free strike."""
        return float(_with_free_strike(self.values[throws_left])[struck])

    def strike_value(self, before: int, after: int, throws_left: int) -> float:
        """The value of striking from ``before`` to ``after`` with ``throws_left`` throws to come.

        A strike that completes the board's first diagonal is followed by the
        best free strike.
        """
        if not _HAS_DIAGONAL[before] and _HAS_DIAGONAL[after]:
            return self.free_strike_value(after, throws_left)
        return float(self.values[throws_left, after])


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


def _images(board: Board) -> list[Board]:
    """``board`` under the 8 symmetries of the square, itself first.

    Each keeps the diagonals diagonals and the rows and columns lines, so it
    changes only which bonus each line earns.
    """
    images = []
    for transpose, flip_rows, flip_columns in itertools.product((False, True), repeat=3):
        cells = []
        for r, c in itertools.product(range(SIZE), repeat=2):
            r, c = (c, r) if transpose else (r, c)
            cells.append(board[(SIZE - 1 - r if flip_rows else r) * SIZE + (SIZE - 1 - c if flip_columns else c)])
        images.append(tuple(cells))
    return images


@cache
def suggested_board(rows: Bonuses = DEFAULT_BONUSES[0], columns: Bonuses = DEFAULT_BONUSES[1]) -> Board:
    """The board to suggest: the search's best board, turned to suit the bonuses.

    The best of :data:`SUGGESTED_BOARD`'s 8 images (itself on a tie, so it
    is the answer for the default bonuses): a few milliseconds, where a new
    search for other bonuses would take minutes.
    """
    return max(_images(SUGGESTED_BOARD), key=lambda board: board_value(board, rows, columns))


# ------------------------------------------------------------ the game's entry points


def _bonuses(game: Storeslem) -> tuple[Bonuses, Bonuses]:
    return tuple(game.options["row-bonus"]), tuple(game.options["column-bonus"])


def _board_advice(game: Storeslem, considering: Move | None) -> Advice:
    """The suggested board and its expected score, and the board the player considers."""
    rows, columns = _bonuses(game)
    board = suggested_board(rows, columns)
    choices = [Choice((SetBoard(board),), board_value(board, rows, columns))]
    considered = None
    if considering is not None:
        game.check_move(considering)
        assert isinstance(considering, SetBoard)
        if considering.cells == board:
            considered = choices[0]
        else:
            considered = Choice((considering,), board_value(considering.cells, rows, columns))
            choices.append(considered)
    return ranked(choices, higher_is_better=True, considered=considered)


def best_move(game: Storeslem, considering: Move | None = None) -> Advice:
    """The strike (or pass, or free strike) with the best expected final score, and the rest.

    A choice's value is the expected final score of the current player's
    board: what is struck already, the bonuses, and optimal play for the
    throws still to come. While boards are being filled, the advice is the
    suggested board (:func:`suggested_board`) and its expected score; a
    :class:`SetBoard` under ``considering`` is valued exactly and added as a
    second choice. ``considering`` is checked: an illegal move raises the
    game's refusal. A typed strike is valued by its numbers.
    """
    game.check_move_due()  # nothing to advise while no move is due
    player = game.current_player()
    assert player is not None
    board = game.boards[player]
    if board is None:
        return _board_advice(game, considering)
    solution = solve(board, *_bonuses(game))
    struck = solution.cells(game.struck[player])
    left = ROLLS - game.rolls

    def value(move: Move) -> float:
        if isinstance(move, Strike):
            return solution.strike_value(struck, struck | solution.cells(move.numbers), left)
        if isinstance(move, FreeStrike):
            return float(solution.values[left, struck | solution.cells([move.number])])
        return float(solution.values[left, struck])

    choices = {move: Choice((move,), value(move)) for move in game.legal_moves()}
    considered = None
    if considering is not None:
        game.check_move(considering)
        key = Strike(considering.numbers) if isinstance(considering, Strike) else considering
        considered = choices[key]
    return ranked(choices.values(), higher_is_better=True, considered=considered)


def computer_move(game: Storeslem) -> Move:
    """The suggested board, then the best strike, free strike or pass."""
    return best_move(game).best.move

