"""What both Storeslem solvers share: the throws, the struck-sets, the suggested board and the advice.

Storeslem's expectimax (:mod:`.storeslem`, docs/strategy.md "Storeslem")
is solved with numpy arrays where numpy can be had, and in plain Python in
the static page (:mod:`.storeslem_plain`, which runs in Pyodide without
numpy). Both value a position by ``V[n][S]``: the expected final score with
the cells in ``S`` (9 bits) struck and ``n`` throws still to come. What does
not depend on how the layers are computed is here, once, with no numpy: the
56 distinct throws and their weights, the strikes each throw allows on a
board, the lines and diagonals as bits, the suggested board and its images
under the square's symmetries, and how a solved board becomes ranked advice
for the game (:func:`advise`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any, Protocol

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
    strikes,
)
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

#: Every cell struck.
FULL = (1 << CELLS) - 1
DIAGONAL_MASKS = tuple(sum(1 << c for c in cells) for cells in DIAGONALS)
ROW_MASKS = tuple(sum(1 << (r * SIZE + c) for c in range(SIZE)) for r in range(SIZE))
COLUMN_MASKS = tuple(sum(1 << (r * SIZE + c) for r in range(SIZE)) for c in range(SIZE))
#: ``HAS_DIAGONAL[S]``: whether set ``S`` has a full diagonal (so its free strike has been granted).
HAS_DIAGONAL = tuple(any(s & d == d for d in DIAGONAL_MASKS) for s in range(FULL + 1))


@cache
def throw_strikes() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each throw of :data:`THROWS`, every strike it allows with all of 1..24 open (the game's own
    :func:`~accessible_dice.games.storeslem.strikes`), sorted: the strikes on a board with some cells
    struck are exactly those whose numbers are all on the board and open."""
    everything = range(LOWEST, HIGHEST + 1)
    return tuple(tuple(sorted(strikes(dice, everything))) for dice, _ in THROWS)


def strike_masks(board: Board) -> list[tuple[int, ...]]:
    """For each throw of :data:`THROWS`, the cell sets it can strike on an empty ``board``, passing (0)
    included, sorted."""
    cell = {number: 1 << index for index, number in enumerate(board)}
    masks = []
    for options in throw_strikes():
        found = {0}
        for numbers in options:
            if all(n in cell for n in numbers):
                found.add(sum(cell[n] for n in numbers))
        masks.append(tuple(sorted(found)))
    return masks


def final_score(board: Board, struck: int, rows: Bonuses, columns: Bonuses) -> int:
    """The score of ``board`` with the cells ``struck``: the numbers, and every full row's and column's bonus."""
    score = sum(number for index, number in enumerate(board) if struck >> index & 1)
    lines = zip((*ROW_MASKS, *COLUMN_MASKS), (*rows, *columns), strict=True)
    return score + sum(bonus for line, bonus in lines if struck & line == line)


class Values(Protocol):
    """``values[n][S]``: a numpy array (:mod:`.storeslem`) or a list of lists (:mod:`.storeslem_plain`)."""

    def __getitem__(self, throws_left: int, /) -> Any: ...


class Solution:
    """Optimal play for one board: the expected final score from every position a game can reach.

    ``values[n][S]`` is the expected final score with the cells in ``S`` struck and ``n`` throws still
    to come, every strike of the last throw made (NaN where no game can be): numpy's array or plain lists.
    """

    def __init__(self, board: Board, values: Values) -> None:
        self.board = board
        self.values = values

    def cells(self, numbers: Iterable[int]) -> int:
        """The set (bits) of the cells holding ``numbers``."""
        return sum(1 << self.board.index(n) for n in set(numbers))

    def expected_score(self, struck: Iterable[int] = (), throws_left: int = ROLLS) -> float:
        """The expected final score with ``struck`` and ``throws_left``; NaN where no game can be."""
        return float(self.values[throws_left][self.cells(struck)])

    def free_strike_value(self, struck: int, throws_left: int) -> float:
        """The value of ``struck`` just after the free strike is granted: the best free strike."""
        row = self.values[throws_left]
        if struck == FULL:
            return float(row[FULL])
        return max(float(row[struck | 1 << c]) for c in range(CELLS) if not struck >> c & 1)

    def strike_value(self, before: int, after: int, throws_left: int) -> float:
        """The value of striking from ``before`` to ``after`` with ``throws_left`` throws to come.

        A strike that completes the board's first diagonal is followed by the
        best free strike.
        """
        if not HAS_DIAGONAL[before] and HAS_DIAGONAL[after]:
            return self.free_strike_value(after, throws_left)
        return float(self.values[throws_left][after])


Solve = Callable[[Board, Bonuses, Bonuses], Solution]


def images(board: Board) -> list[Board]:
    """``board`` under the 8 symmetries of the square, itself first.

    Each keeps the diagonals diagonals and the rows and columns lines, so it
    changes only which bonus each line earns.
    """
    found = []
    for transpose, flip_rows, flip_columns in itertools.product((False, True), repeat=3):
        cells = []
        for r, c in itertools.product(range(SIZE), repeat=2):
            r, c = (c, r) if transpose else (r, c)
            cells.append(board[(SIZE - 1 - r if flip_rows else r) * SIZE + (SIZE - 1 - c if flip_columns else c)])
        found.append(tuple(cells))
    return found


def best_image(value: Callable[[Board, Bonuses, Bonuses], float], rows: Bonuses, columns: Bonuses) -> Board:
    """The board to suggest: the best of :data:`SUGGESTED_BOARD`'s 8 images by ``value`` (itself on a tie, so
    it is the answer for the default bonuses): 8 boards solved, where a new search would take minutes."""
    return max(images(SUGGESTED_BOARD), key=lambda board: value(board, rows, columns))


# ------------------------------------------------------------ the game's entry points


def bonuses(game: Storeslem) -> tuple[Bonuses, Bonuses]:
    return tuple(game.options["row-bonus"]), tuple(game.options["column-bonus"])


def _board_advice(game: Storeslem, solve: Solve, suggested: Board, considering: Move | None) -> Advice:
    """The suggested board and its expected score, and the board the player considers."""
    rows, columns = bonuses(game)
    choices = [Choice((SetBoard(suggested),), solve(suggested, rows, columns).expected_score())]
    considered = None
    if considering is not None:
        game.check_move(considering)
        assert isinstance(considering, SetBoard)
        if considering.cells == suggested:
            considered = choices[0]
        else:
            considered = Choice((considering,), solve(considering.cells, rows, columns).expected_score())
            choices.append(considered)
    return ranked(choices, higher_is_better=True, considered=considered)


def advise(game: Storeslem, solve: Solve, suggested: Callable[[Bonuses, Bonuses], Board],
           considering: Move | None = None) -> Advice:
    """The strike (or pass, or free strike) with the best expected final score, and the rest.

    A choice's value is the expected final score of the current player's
    board: what is struck already, the bonuses, and optimal play for the
    throws still to come (``solve``: the board's :class:`Solution`). While
    boards are being filled, the advice is the ``suggested`` board and its
    expected score; a :class:`SetBoard` under ``considering`` is valued
    exactly and added as a second choice. ``considering`` is checked: an
    illegal move raises the game's refusal. A typed strike is valued by its numbers.
    """
    game.check_move_due()  # nothing to advise while no move is due
    player = game.current_player()
    assert player is not None
    board = game.boards[player]
    if board is None:
        return _board_advice(game, solve, suggested(*bonuses(game)), considering)
    solution = solve(board, *bonuses(game))
    struck = solution.cells(game.struck[player])
    left = ROLLS - game.rolls

    def value(move: Move) -> float:
        if isinstance(move, Strike):
            return solution.strike_value(struck, struck | solution.cells(move.numbers), left)
        if isinstance(move, FreeStrike):
            return float(solution.values[left][struck | solution.cells([move.number])])
        return float(solution.values[left][struck])

    choices = {move: Choice((move,), value(move)) for move in game.legal_moves()}
    considered = None
    if considering is not None:
        game.check_move(considering)
        key = Strike(considering.numbers) if isinstance(considering, Strike) else considering
        considered = choices[key]
    return ranked(choices.values(), higher_is_better=True, considered=considered)


class Strategy:
    """A Storeslem strategy's entry points (:mod:`accessible_dice.strategy`'s ``best_move`` and
    ``computer_move``) over one way to ``solve`` boards and one board to suggest."""

    def __init__(self, solve: Solve, suggested: Callable[[Bonuses, Bonuses], Board]) -> None:
        self.solve = solve
        self.suggested = suggested

    def best_move(self, game: Storeslem, considering: Move | None = None) -> Advice:
        """The strike (or pass, or free strike) with the best expected final score, and the rest (:func:`advise`)."""
        return advise(game, self.solve, self.suggested, considering)

    def computer_move(self, game: Storeslem) -> Move:
        """The suggested board, then the best strike, free strike or pass."""
        return self.best_move(game).best.move
