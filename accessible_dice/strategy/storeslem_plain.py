"""Storeslem's hints and computer players without numpy: the same expectimax as :mod:`.storeslem`, in plain Python.

Where numpy cannot be imported (the static page, which runs in Pyodide:
docs/web.md), :mod:`accessible_dice.strategy` plays Storeslem with this
module instead of :mod:`.storeslem` (its ``Parts.without_numpy``). It solves the same
``V[n][S]`` over the 512 struck-sets of a board, layer by layer, with the
same throws, strikes and free strike (:mod:`.storeslem_strikes`), so its
best strike is the numpy solver's (tests/test_strategy_storeslem_plain.py
compares both): the values agree to 1e-9, not to the bit, as the sums over
the 56 throws are added in another order.

**Fast enough for a hint** without arrays, a board is solved once (and kept:
:func:`solve`, the last 64 boards) in a few tens of milliseconds
(docs/performance.md, "Storeslem without numpy"):

- only the sets a game on this board can reach are solved, found forward
  from the empty board with the board's own strikes (for the suggested
  board 303 of the 502 sets with at most seven cells struck before the last
  throw, fewer on most boards);
- the inner loops run in C: for each set, one ``operator.itemgetter`` reads
  the value after every one of the 512 possible strikes (a struck cell
  named again reads a slot holding -inf), and for each throw another picks
  its own strikes out of that row, for ``max``; the weighted sum over the
  throws adds whole columns with ``map``.

**The board suggestion** is the searched board of :mod:`.storeslem` (its
hill climb needs thousands of solved boards: minutes here), stored as
:data:`~.storeslem_strikes.SUGGESTED_BOARD`; for other bonuses, the best of
its 8 images, as there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from operator import add, itemgetter, mul

from accessible_dice.games.storeslem import CELLS, ROLLS
from accessible_dice.strategy import storeslem_strikes as shared
from accessible_dice.strategy.storeslem_strikes import FULL, HAS_DIAGONAL, Board, Bonuses, Solution

#: The slot of a layer's row read for a strike that names a cell already struck: -inf.
NOT_ALLOWED = FULL + 1
#: ``_FREE_SETS[S]``: the sets one free strike makes of ``S`` (each open cell struck); ``_FREE[S]`` reads
#: their values from a row (the sets twice over, so that ``itemgetter`` gives a tuple even for one).
_FREE_SETS = [[s | 1 << c for c in range(CELLS) if not s >> c & 1] for s in range(FULL + 1)]
_FREE = [itemgetter(*sets * 2) for sets in _FREE_SETS[:FULL]]


@cache
def _after_strikes(struck: int) -> itemgetter:
    """Reads, from a layer's row, the value after each of the 512 strikes from ``struck`` (in mask order)."""
    return itemgetter(*[struck | mask if not struck & mask else NOT_ALLOWED for mask in range(FULL + 1)])


def _reachable(masks: Sequence[tuple[int, ...]]) -> dict[int, list[int]]:
    """The sets a game on the board can have struck with 3, 2 and 1 throws still to come, sorted."""
    distinct = sorted(set().union(*masks))
    reached = {ROLLS: [0]}
    for left in range(ROLLS - 1, 0, -1):
        found: set[int] = set()
        for struck in reached[left + 1]:
            for mask in distinct:
                if not struck & mask:
                    after = struck | mask
                    if HAS_DIAGONAL[after] and not HAS_DIAGONAL[struck] and after != FULL:
                        found.update(_FREE_SETS[after])  # the free strike follows at once
                    else:
                        found.add(after)
        reached[left] = sorted(found)
    return reached


def _values(board: Board, rows: Bonuses, columns: Bonuses) -> list[list[float]]:
    """``V[n][S]`` for every throw count ``n`` (0..3) and set ``S`` a game on ``board`` can reach (NaN for the rest)."""
    weights: dict[tuple[int, ...], float] = {}  # throws that allow the same strikes here, weighed together
    for masks, (_, probability) in zip(shared.strike_masks(board), shared.THROWS, strict=True):
        weights[masks] = weights.get(masks, 0.0) + probability
    pick = [(itemgetter(*masks * 2), probability) for masks, probability in weights.items()]
    reachable = _reachable(list(weights))
    values = [[float(shared.final_score(board, struck, rows, columns)) for struck in range(FULL + 1)]]
    for left in range(1, ROLLS + 1):
        after = values[-1]
        # A strike from a set without a full diagonal that makes one is followed by the best free strike.
        free = [max(_FREE[s](after)) if HAS_DIAGONAL[s] and s != FULL else after[s] for s in range(FULL + 1)]
        after, free = [*after, -math.inf], [*free, -math.inf]
        sets = reachable[left]
        rows_after = [_after_strikes(s)(after if HAS_DIAGONAL[s] else free) for s in sets]
        total: list[float] = [0.0] * len(sets)
        for strikes_of_throw, probability in pick:
            best = map(max, map(strikes_of_throw, rows_after))
            total = list(map(add, total, map(mul, best, [probability] * len(sets))))
        layer = [math.nan] * (FULL + 1)
        for struck, value in zip(sets, total, strict=True):
            layer[struck] = value
        values.append(layer)
    return values


@lru_cache(maxsize=64)
def solve(board: Board, rows: Bonuses = shared.DEFAULT_BONUSES[0],
          columns: Bonuses = shared.DEFAULT_BONUSES[1]) -> Solution:
    """Solve ``board`` (tens of milliseconds without numpy); the last boards asked about are kept."""
    return Solution(board, _values(board, rows, columns))


def board_value(board: Sequence[int], rows: Bonuses = shared.DEFAULT_BONUSES[0],
                columns: Bonuses = shared.DEFAULT_BONUSES[1]) -> float:
    """The expected final score of a fresh game on ``board`` under optimal play."""
    return solve(tuple(board), tuple(rows), tuple(columns)).expected_score()


@cache
def suggested_board(rows: Bonuses = shared.DEFAULT_BONUSES[0], columns: Bonuses = shared.DEFAULT_BONUSES[1]) -> Board:
    """The searched board itself for the default bonuses (solved once, for its value, on the first hint);
    for others, the best of its 8 images, as :func:`.storeslem.suggested_board` chooses."""
    if (rows, columns) == shared.DEFAULT_BONUSES:
        return shared.SUGGESTED_BOARD
    return shared.best_image(board_value, rows, columns)


#: The entry points: :func:`.storeslem_strikes.advise` with the boards solved here.
_STRATEGY = shared.Strategy(solve, suggested_board)
best_move = _STRATEGY.best_move
computer_move = _STRATEGY.computer_move
