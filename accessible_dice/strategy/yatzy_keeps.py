"""Yatzy's keeps and throws, the card as the strategy table sees it, the table file's header, and the advice.

What the numpy solver (:mod:`.yatzy`, which builds and maps the tables) and
the pure-Python turn (:mod:`.yatzy_turn`, which reads a few hundred values
of the same file where numpy cannot be had: the static page) both need, in
one numpy-free place, so the two give the same advice by the same code: the
dice combinatorics (:data:`KEEPS` and how they follow from each other), the
card's state (:func:`card_state`), the file's header (:func:`header`) and
:func:`advise`, which turns one turn's values into ranked choices.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Sequence
from importlib import resources
from itertools import combinations_with_replacement, product
from pathlib import Path
from typing import Any, BinaryIO, Protocol

from accessible_dice.games.base import Move
from accessible_dice.games.yatzy import (
    BONUS_THRESHOLD,
    DICE,
    FACES,
    ORDERS,
    Box,
    Hold,
    Release,
    Score,
    Section,
    ThrowAgain,
    Yatzy,
    score,
)
from accessible_dice.storage import data_dir
from accessible_dice.strategy.common import Advice, Choice, ranked

#: Bump when the scoring, the rules, the solver or the file format change: older tables are rebuilt.
TABLE_VERSION = 3
FORMAT = "accessible-dice yatzy table"
#: The folder of the tables that come with the program, beside this module.
TABLES = Path(str(resources.files(__package__ or "accessible_dice.strategy") / "tables"))

BOXES = tuple(Box)
FULL_CARD = (1 << len(BOXES)) - 1
UPPER_BOXES = sum(1 << i for i, box in enumerate(BOXES) if box.section is Section.UPPER)
#: Upper totals 0..63; 63 stands for "63 or more".
UPPER_STATES = BONUS_THRESHOLD + 1
SHAPE = (FULL_CARD + 1, UPPER_STATES)
#: How the table is kept on disk: little-endian float32 (numpy's name for it, as the header says it).
TABLE_DTYPE = "<f4"
VALUE_BYTES = 4
#: The bytes of the table after its header line: a file of any other size is not read.
TABLE_BYTES = SHAPE[0] * SHAPE[1] * VALUE_BYTES

#: Every keep (sorted multiset of 0..5 dice), by size; the last 252 are the throws. Within a size, the
#: keeps with more distinct faces come first, so the keeps with more than ``i`` distinct sub-keeps of
#: one die less are a prefix of their size (:data:`DISTINCT`): the numpy solver takes slices, not copies.
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep for size in range(DICE + 1)
    for keep in sorted(combinations_with_replacement(range(1, FACES + 1), size), key=lambda k: (-len(set(k)), k)))
KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}
#: ``LEVELS[n]`` is the slice of the keeps of ``n`` dice.
_starts = [sum(1 for k in KEEPS if len(k) < n) for n in range(DICE + 2)]
LEVELS = tuple(slice(_starts[n], _starts[n + 1]) for n in range(DICE + 1))
THROWN = LEVELS[DICE]
#: ``ADD[k][f]``: keep ``k`` (fewer than five dice) with one more die showing ``f + 1``.
ADD = tuple(tuple(KEEP_INDEX[tuple(sorted((*k, f)))] for f in range(1, FACES + 1)) for k in KEEPS[:THROWN.start])
#: ``LESS[k - 1]``: keep ``k`` (one die or more) less each of its distinct faces in turn.
LESS = tuple(tuple(KEEP_INDEX[k[:k.index(f)] + k[k.index(f) + 1:]] for f in sorted(set(k))) for k in KEEPS[1:])
#: ``DISTINCT[n][i]``: how many keeps of ``n`` dice have more than ``i`` distinct faces (a prefix of the size).
DISTINCT = tuple(tuple(sum(1 for k in KEEPS[LEVELS[n]] if len(set(k)) > i) for i in range(DICE))
                 for n in range(DICE + 1))

#: ``BOX_POINTS[b][r]``: what throw ``r`` scores in box ``b``, by the game's own :func:`score`.
BOX_POINTS = tuple(tuple(score(box, roll) for roll in KEEPS[THROWN]) for box in BOXES)
#: ``FACE_COUNT[f][r]``: how many dice of throw ``r`` show ``f + 1``.
FACE_COUNT = tuple(tuple(roll.count(face) for roll in KEEPS[THROWN]) for face in range(1, FACES + 1))


def allowed(order: str, cards: Any, box: Any) -> Any:
    """For each card (a bit set of filled boxes), whether the play order lets ``box`` be filled next.

    The same rule as :meth:`Yatzy.allowed_boxes`, on bits: for one card and box (ints, the
    pure-Python turn), or for thousands of cards at once as numpy arrays (and, with a column of
    boxes against a row of cards, for several boxes at once: the solver).
    """
    empty = (cards >> box & 1) == 0
    if order == "free":
        return empty
    if order == "upper-first":
        return empty & ((UPPER_BOXES >> box & 1 == 1) | (cards & UPPER_BOXES == UPPER_BOXES))
    if order == "in-order":
        # The first empty box: every box before it filled, it empty.
        return cards & ((2 << box) - 1) == (1 << box) - 1
    raise ValueError(f"order must be one of {ORDERS}, not {order!r}")


CACHE_ENV = "ACCESSIBLE_DICE_STRATEGY_CACHE"


def cache_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Where tables are kept: ``directory``, else ``$ACCESSIBLE_DICE_STRATEGY_CACHE``, else the data folder's."""
    if directory is not None:
        return Path(directory)
    from_environment = os.environ.get(CACHE_ENV)
    if from_environment:
        return Path(from_environment)
    return data_dir() / "strategy"


def table_path(order: str, directory: str | os.PathLike[str] | None = None) -> Path:
    return cache_dir(directory) / f"yatzy-{order}.table"


def header(order: str, sha256: str) -> dict[str, object]:
    """The header line of a table file of ``order`` whose values' bytes have this SHA-256 (hex)."""
    return {"format": FORMAT, "version": TABLE_VERSION, "order": order, "shape": list(SHAPE),
            "dtype": TABLE_DTYPE, "sha256": sha256}


def values_start(file: BinaryIO, order: str) -> int:
    """Where the values begin in an open table file, once it is checked whole, of this version and order:
    its size first, so a foreign file (however large) is never read; ``ValueError`` says why not. Both
    readers check a table so, numpy's (:mod:`.yatzy`) and the page's (:mod:`.yatzy_turn`)."""
    line = file.readline(4096)
    if os.fstat(file.fileno()).st_size != len(line) + TABLE_BYTES:
        raise ValueError("not the size of a table")
    digest = hashlib.sha256()
    while chunk := file.read(1 << 20):
        digest.update(chunk)
    if json.loads(line) != header(order, digest.hexdigest()):
        raise ValueError("another version, order or checksum")
    return len(line)


class Values(Protocol):
    """A keep's values by its index in :data:`KEEPS`: a list here, a numpy row in :mod:`.yatzy`."""

    def __getitem__(self, keep: int, /) -> Any: ...


class TurnValues(Protocol):
    """One play order's solved table, as a hint asks it: the current turn's boxes and keeps."""

    def box_values(self, card: int, upper: int, dice: Sequence[int]) -> dict[Box, float]: ...

    def keep_values(self, card: int, upper: int, throws_left: int) -> Values: ...


# ------------------------------------------------------------ the game's entry points


def card_state(game: Yatzy) -> tuple[int, int, int]:
    """The current player's (card bits, upper total, total so far)."""
    card = game.scorecard(game.player)
    bits = sum(1 << i for i, box in enumerate(BOXES) if box in card.points)
    return bits, card.upper_sum, card.total


def _sub_keeps(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sorted sub-multiset of ``dice`` except all five, the empty one first."""
    counts = sorted(Counter(dice).items())
    keeps = [tuple(sorted(face for (face, _), n in zip(counts, ns, strict=True) for _ in range(n)))
             for ns in product(*(range(k + 1) for _, k in counts))]
    return sorted((k for k in keeps if len(k) < len(dice)), key=lambda k: (len(k), k))


def _hold_positions(dice: Sequence[int], held: Sequence[int], keep: Sequence[int]) -> tuple[int, ...]:
    """Positions showing the values of ``keep``, preferring dice already held (fewest moves)."""
    wanted = Counter(keep)
    chosen = []
    for position in sorted(range(len(dice)), key=lambda p: (p not in held, p)):
        if wanted[dice[position]] > 0:
            wanted[dice[position]] -= 1
            chosen.append(position)
    return tuple(sorted(chosen))


def _rethrow(game: Yatzy, hold: tuple[int, ...], value: float) -> Choice:
    """The choice of re-throwing all but ``hold``: release, hold, then throw."""
    held = set(game.held())
    release = tuple(sorted(held - set(hold)))
    add = tuple(sorted(set(hold) - held))
    moves: list[Move] = [Release(release)] if release else []
    moves += [Hold(add)] if add else []
    return Choice((*moves, ThrowAgain()), value, hold)


def advise(game: Yatzy, solved: Callable[[str], TurnValues], considering: Move | None = None) -> Advice:
    """The best way to play the current dice, with every alternative, for the current player.

    ``solved`` gives the table of a play order (loaded on first use). Choices
    are a re-throw keeping some dice (:attr:`Choice.hold` names them; the
    moves release and hold what is needed, then throw) or a box to score
    now. A choice's value is the expected final total of the player's card.
    ``considering`` is a move the player has in mind (checked: an illegal one
    raises the game's refusal): a ``score`` is that box, a ``hold`` or
    ``release`` is a re-throw of the dice then held, a ``throw`` a re-throw
    of the dice held now; holding all five is scoring the best box.
    """
    game.check_move_due()  # nothing to advise while no move is due
    turn = solved(str(game.options["order"]))
    card, upper, total = card_state(game)
    dice = game.dice_on_table()
    boxes = {box: Choice((Score(box.value),), total + worth)
             for box, worth in turn.box_values(card, upper, dice).items()}
    rethrows: dict[tuple[int, ...], Choice] = {}
    if game.throws_left() > 0:
        worth = turn.keep_values(card, upper, game.throws_left())
        for keep in _sub_keeps(dice):
            hold = _hold_positions(dice, game.held(), keep)
            rethrows[keep] = _rethrow(game, hold, total + float(worth[KEEP_INDEX[keep]]))
    advice = ranked([*rethrows.values(), *boxes.values()], higher_is_better=True)
    if considering is None:
        return advice
    game.check_move(considering)
    if isinstance(considering, Score):
        considered = boxes[Box.by_id(considering.box)]
    else:
        held = set(game.held())
        if isinstance(considering, Hold):
            held |= set(considering.positions)
        elif isinstance(considering, Release):
            held -= set(considering.positions)
        keep = tuple(sorted(dice[p] for p in held))
        considered = rethrows[keep] if keep in rethrows else max(boxes.values(), key=lambda c: c.value)
    return ranked(advice.choices, higher_is_better=True, considered=considered)
