"""Storeslem, math dice bingo.

Rules: docs/spec/rules.md section 3; the player's page is docs/rules/storeslem.md.
Each player fills a 3×3 board with nine different numbers from 1 to 24
(:class:`SetBoard`). Then three shared throws of three dice; after each,
every player in turn strikes numbers they can make from the dice
(:class:`Strike`) or passes (:class:`Pass`). The first full diagonal grants
one :class:`FreeStrike`, once per game. Score: the numbers struck plus the
bonus of every full row and column.

A strike's dice are split into groups — all three, two and one, or three
singles — and each group makes one number, using each of its dice exactly
once with + − × ÷ and brackets (whole numbers >= 0 throughout, see
:mod:`accessible_dice.arithmetic`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations, product
from typing import Any

from accessible_dice import arithmetic
from accessible_dice.arithmetic import BinaryOp, Node, Number
from accessible_dice.dice import DiceRequest, WrongDiceCount, check_values
from accessible_dice.errors import N_, IllegalMove, InvalidInput
from accessible_dice.games.base import (
    BadAction,
    DiceThrown,
    Event,
    Game,
    GameIsOver,
    Move,
    NotLegalNow,
    RoundEnded,
    ThrowFirst,
    TurnStarted,
)
from accessible_dice.games.options import numbers as number_list

DICE = 3
FACES = 6
ROLLS = 3
SIZE = 3
CELLS = SIZE * SIZE
LOWEST, HIGHEST = 1, 24
#: Cell indices (row by row, from 0) of diagonal 1 (top left to bottom right)
#: and diagonal 2 (top right to bottom left).
DIAGONALS = ((0, 4, 8), (2, 4, 6))
#: The board listed by :meth:`Storeslem.legal_moves`, so that a program always
#: has a move; players type their own or ask for :func:`random_board`.
DEFAULT_BOARD = (1, 2, 3, 4, 5, 6, 7, 8, 9)


# ---------------------------------------------------------------- refusals


class BoardWrongCount(InvalidInput):
    template = N_("A board has 9 numbers; you gave {given}.")


class NotABoardNumber(InvalidInput):
    # Translators: {text} is what was typed where a board number was expected.
    template = N_("{text} is not a whole number; give 9 numbers from 1 to 24, like 5 6 17 1 9 3 21 4 2.")


class BoardNumberOutOfRange(InvalidInput):
    template = N_("{number} cannot be on the board; use whole numbers from {low} to {high}.")


class BoardNumberRepeated(InvalidInput):
    template = N_("{number} is on the board twice; all nine numbers must be different.")


class BoardFirst(IllegalMove):
    template = N_("Fill in your board first: nine different numbers from 1 to 24.")


class BoardsAlreadySet(IllegalMove):
    template = N_("The boards are set; they cannot change once the dice are thrown.")


class StrikeAtLeastOne(IllegalMove):
    template = N_("Strike at least one number, or pass.")


class TooManyNumbers(InvalidInput):
    # Translators: three dice make at most three numbers.
    template = N_("Three dice make at most three numbers; you gave {given}.")


class NumberNamedTwice(InvalidInput):
    template = N_("{number} is named twice; each number can be struck once.")


class NotOnBoard(IllegalMove):
    template = N_("{number} is not on your board.")


class AlreadyStruck(IllegalMove):
    template = N_("{number} is already struck.")


class CannotMake(IllegalMove):
    # Translators: {dice} lists the three dice, e.g. "6, 5, 4".
    template = N_("{number} cannot be made from {dice}.")


class CannotMakeTogether(IllegalMove):
    # Translators: {numbers} and {dice} are lists, e.g. "9, 6, 4" and "6, 5, 4".
    template = N_("{numbers} cannot all be made at once from {dice}: each die goes into one number only.")


class FreeStrikeDue(IllegalMove):
    template = N_("Take your free strike first: strike one open number of your choice.")


class FreeStrikeIsOneNumber(InvalidInput):
    template = N_("The free strike names one open number, like strike 17.")


# ------------------------------------------------------- the rules as functions


def _check_dice(dice: Sequence[int], low: int = 1) -> tuple[int, ...]:
    values = check_values(dice, DICE, FACES, at_most=True)
    if len(values) < low:
        raise WrongDiceCount(count=DICE, faces=FACES, given=len(values))
    return values


@cache
def _made(dice: tuple[int, ...]) -> dict[int, Node]:
    """Every number that ``dice`` make, each die used exactly once, with one way to make it.

    Every order and every bracketing: the dice split into a left and a right
    part in every way, and each pair of results is combined with every sign.
    The first way found is kept, so simple ways (a die alone, +) come first.
    """
    if len(dice) == 1:
        return {dice[0]: Number(dice[0])}
    made: dict[int, Node] = {}
    indices = range(len(dice))
    for size in range(1, len(dice)):
        for left_part in combinations(indices, size):
            left = _made(tuple(dice[i] for i in left_part))
            right = _made(tuple(dice[i] for i in indices if i not in left_part))
            for (a, a_node), (b, b_node), op in product(left.items(), right.items(), arithmetic.OPERATORS):
                try:
                    value = arithmetic.operate(op, a, b)
                except arithmetic.ArithmeticBroken:
                    continue
                made.setdefault(value, BinaryOp(op, a_node, b_node))
    return made


def values(dice: Sequence[int]) -> set[int]:
    """Every number >= 0 that an expression makes using each die exactly once.

    For three dice this means *all three* dice: the reading that reproduces
    the reference figures (docs/spec/rules.md; tested over all 216 rolls).
    """
    return set(_made(_check_dice(dice)))


def evaluate(expression: str, dice: Sequence[int]) -> int:
    """The value of a typed expression over ``dice``, each die used at most once.

    Raises an :class:`~accessible_dice.errors.DiceError` (a ``ValueError``)
    that says what is wrong and where.
    """
    rolled = _check_dice(dice)
    node = arithmetic.parse_expression(expression)
    arithmetic.check_uses(arithmetic.numbers(node), rolled)
    return arithmetic.evaluate(node)


def _partitions(dice: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to split ``dice`` into groups, the finest (all singles) first."""
    if not dice:
        yield []
        return
    first, rest = dice[0], dice[1:]
    for partition in _partitions(rest):
        yield [(first,), *partition]
    for partition in _partitions(rest):
        for i in range(len(partition)):
            yield [*partition[:i], (first, *partition[i]), *partition[i + 1:]]


def _ways(targets: Sequence[int], dice: tuple[int, ...]) -> list[Node] | None:
    """One way to make every target at once from separate groups of ``dice``.

    The groups must be disjoint; dice left over form groups of their own that
    strike nothing. ``None`` when the targets cannot all be made together.
    """
    for partition in sorted(_partitions(dice), key=len, reverse=True):
        for groups in permutations(partition, len(targets)):
            made = [_made(group) for group in groups]
            if all(target in options for target, options in zip(targets, made, strict=True)):
                return [options[target] for target, options in zip(targets, made, strict=True)]
    return None


def strikes(dice: Sequence[int], open_numbers: Sequence[int]) -> set[tuple[int, ...]]:
    """Every set of open numbers (sorted) that one strike can cross out.

    Each grouping of the dice makes one number per group; any of those that
    are open and different may be struck, at least one.
    """
    rolled = _check_dice(dice, low=DICE)
    wanted = set(open_numbers)
    found: set[tuple[int, ...]] = set()
    for partition in _partitions(rolled):
        choices = [[None, *sorted(set(_made(group)) & wanted)] for group in partition]
        for picked in product(*choices):
            struck = [n for n in picked if n is not None]
            if struck and len(set(struck)) == len(struck):
                found.add(tuple(sorted(struck)))
    return found


def random_board(rng: random.Random) -> tuple[int, ...]:
    """Nine different numbers from 1 to 24 in random cells, from the caller's generator.

    The rules never draw random numbers themselves; the front end passes the
    session's seeded generator so a game stays replayable.
    """
    return tuple(rng.sample(range(LOWEST, HIGHEST + 1), CELLS))


def check_board(cells: Sequence[Any]) -> None:
    """Refuse a board unless it holds nine different whole numbers from 1 to 24."""
    if len(cells) != CELLS:
        raise BoardWrongCount(given=len(cells))
    seen: set[int] = set()
    for number in cells:
        if type(number) is not int:
            raise NotABoardNumber(text=str(number))
        if not LOWEST <= number <= HIGHEST:
            raise BoardNumberOutOfRange(number=number, low=LOWEST, high=HIGHEST)
        if number in seen:
            raise BoardNumberRepeated(number=number)
        seen.add(number)


_SEPARATORS = re.compile(r"[\s,;]+")


def parse_board(text: str) -> SetBoard:
    """Read a typed board, row by row: ``5 6 17 1 9 3 21 4 2``."""
    cells: list[int] = []
    for token in _SEPARATORS.split(text.strip()[:200]):
        if not token:
            continue
        if not token.isascii() or not token.isdigit():
            raise NotABoardNumber(text=token)
        if len(token) > len(str(HIGHEST)) + 1:
            raise BoardNumberOutOfRange(number=token, low=LOWEST, high=HIGHEST)
        cells.append(int(token))
    check_board(cells)
    return SetBoard(tuple(cells))


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _check_numbers(numbers: Sequence[int]) -> None:
    """Refuse a strike that names more than three numbers, or one twice."""
    if len(numbers) > DICE:
        raise TooManyNumbers(given=len(numbers))
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            raise NumberNamedTwice(number=number)
        seen.add(number)


def parse_strike(text: str, dice: Sequence[int]) -> Strike:
    """Read ``5+4 6`` or ``(6+1)*3`` (the words after ``strike``) into a :class:`Strike`.

    Each item is a number or an expression over the dice. An expression is
    checked as typed: its arithmetic, and that the expressions together use
    each die at most once. A bare number is made by the game from the dice
    left over (``9`` from 6 5 4 is 5 + 4). Whether the numbers are open is
    for the game to check, which knows the board.
    """
    rolled = _check_dice(dice, low=DICE)
    nodes = arithmetic.parse_expressions(text)
    targets = [arithmetic.evaluate(node) for node in nodes]
    _check_numbers(targets)
    typed = [node for node in nodes if isinstance(node, BinaryOp)]
    used = [n for node in typed for n in arithmetic.numbers(node)]
    arithmetic.check_uses(used, rolled)
    left = list(rolled)
    for number in used:
        left.remove(number)
    bare = [node.value for node in nodes if isinstance(node, Number)]
    ways = _ways(bare, tuple(left))
    if ways is None:
        raise _cannot_make(targets, rolled)
    made = iter(ways)
    expressions = [arithmetic.show(node if isinstance(node, BinaryOp) else next(made)) for node in nodes]
    return Strike(tuple(targets), tuple(expressions))


def _cannot_make(targets: Sequence[int], dice: tuple[int, ...]) -> IllegalMove:
    """Why ``targets`` cannot be struck from ``dice``: one impossible number, or the set."""
    for target in targets:
        if _ways([target], dice) is None:
            return CannotMake(number=target, dice=_listed(dice), rolled=tuple(dice))
    return CannotMakeTogether(numbers=_listed(targets), dice=_listed(dice), rolled=tuple(dice),
                              targets=tuple(targets))


# ------------------------------------------------------------------ moves


@dataclass(frozen=True)
class SetBoard(Move):
    """Fill the board: ``cells`` row by row, rows from the top, cells from the left."""

    kind = "board"
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Strike(Move):
    """Strike ``numbers`` (sorted); ``expressions[i]`` shows how ``numbers[i]`` is made.

    ``expressions`` is empty for a strike chosen from :meth:`Storeslem.legal_moves`
    (the game then finds a way to make each number); a typed strike keeps
    what the player wrote, so it can be said back and is checked on replay.
    """

    kind = "strike"
    numbers: tuple[int, ...]
    expressions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Malformed moves (from a damaged save) stay as they are, for check_move to refuse.
        if all(type(n) is int for n in self.numbers) and len(self.expressions) in (0, len(self.numbers)):
            order = sorted(range(len(self.numbers)), key=self.numbers.__getitem__)
            object.__setattr__(self, "numbers", tuple(self.numbers[i] for i in order))
            if self.expressions:
                object.__setattr__(self, "expressions", tuple(self.expressions[i] for i in order))


@dataclass(frozen=True)
class FreeStrike(Move):
    """The diagonal's bonus: strike one open ``number`` of the player's choice."""

    kind = "free-strike"
    number: int


@dataclass(frozen=True)
class Pass(Move):
    """Strike nothing after this throw."""

    kind = "pass"


# ----------------------------------------------------------------- events


@dataclass(frozen=True)
class BoardSet(Event):
    player: int
    cells: tuple[int, ...]


@dataclass(frozen=True)
class NumbersStruck(Event):
    """``player`` struck ``numbers``; ``expressions[i]`` is how ``numbers[i]`` was made."""

    player: int
    numbers: tuple[int, ...]
    expressions: tuple[str, ...]


@dataclass(frozen=True)
class DiagonalCompleted(Event):
    """``diagonals`` (1: top left to bottom right, 2: top right to bottom left) just became full.

    ``first`` is true when this is the board's first full diagonal, the one
    that grants the free strike (or lets it lapse on a full board).
    """

    player: int
    diagonals: tuple[int, ...]
    first: bool


@dataclass(frozen=True)
class FreeStrikeGranted(Event):
    player: int


@dataclass(frozen=True)
class FreeStrikeLapsed(Event):
    """The first diagonal was completed with no open number left to strike.

    Three throws strike at most seven numbers, so this cannot happen with the
    sheet's dice; the rule is kept so no state is ever left without a move.
    """

    player: int


@dataclass(frozen=True)
class FreeStrikeTaken(Event):
    player: int
    number: int


@dataclass(frozen=True)
class Passed(Event):
    """``forced`` when nothing on the board could be made, so the pass was made at once."""

    player: int
    forced: bool = False


@dataclass(frozen=True)
class BoardScored(Event):
    """The end: ``rows`` and ``columns`` (1-based) are full and earn ``bonus``."""

    player: int
    struck: int
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    bonus: int
    total: int


# ------------------------------------------------------------------- game


class Storeslem(Game):
    id = "storeslem"
    min_players = 1
    max_players = 8
    options_spec = (
        number_list("row-bonus", (10, 10, 10), 0, 999),
        number_list("column-bonus", (15, 15, 15), 0, 999),
    )
    move_types = (SetBoard, Strike, FreeStrike, Pass)

    def setup(self) -> None:
        count = len(self.players)
        self.boards: list[tuple[int, ...] | None] = [None] * count
        self.struck: list[set[int]] = [set() for _ in range(count)]
        self.bonus_used = [False] * count
        #: Throws made so far (0..3).
        self.rolls = 0
        self.dice: tuple[int, ...] = ()
        #: Players still to strike after the current throw, the next first.
        self.waiting: list[int] = []
        self.free_strike_due = False

    # -- review

    def thrower(self, roll: int) -> int:
        """Decision: the throws rotate: player 1 throws first, then player 2, ..."""
        return roll % len(self.players)

    def open_numbers(self, player: int) -> tuple[int, ...]:
        board = self.boards[player] or ()
        return tuple(n for n in board if n not in self.struck[player])

    def full_lines(self, player: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The full rows and columns of ``player``'s board, numbered from 1."""
        board = self.boards[player]
        if board is None:
            return (), ()
        full = [board[i] in self.struck[player] for i in range(CELLS)]
        rows = tuple(r + 1 for r in range(SIZE) if all(full[r * SIZE:(r + 1) * SIZE]))
        columns = tuple(c + 1 for c in range(SIZE) if all(full[c::SIZE]))
        return rows, columns

    def _full_diagonals(self, player: int) -> set[int]:
        board = self.boards[player]
        if board is None:
            return set()
        return {d + 1 for d, cells in enumerate(DIAGONALS) if all(board[i] in self.struck[player] for i in cells)}

    def bonus(self, player: int) -> int:
        rows, columns = self.full_lines(player)
        return (sum(self.options["row-bonus"][r - 1] for r in rows)
                + sum(self.options["column-bonus"][c - 1] for c in columns))

    def _setting_boards(self) -> bool:
        return None in self.boards

    def _board_setter(self) -> int:
        return self.boards.index(None)

    def dice_request(self) -> DiceRequest | None:
        if self._setting_boards() or self.waiting or self.rolls == ROLLS:
            return None
        return DiceRequest(self.thrower(self.rolls), DICE, FACES)

    def plain_move(self, rng: random.Random) -> Move | None:
        """A random board; then the strike worth the most now (greedy), the highest free strike."""
        if None in self.boards:
            return SetBoard(random_board(rng))
        return max(self.legal_moves(), key=lambda move: sum(getattr(move, "numbers", ())) + getattr(move, "number", 0))

    def legal_moves(self) -> list[Move]:
        if self.is_over() or self.dice_request() is not None:
            return []
        if self._setting_boards():
            return [SetBoard(DEFAULT_BOARD)]
        player = self.waiting[0]
        if self.free_strike_due:
            return [FreeStrike(n) for n in sorted(self.open_numbers(player))]
        options = strikes(self.dice, self.open_numbers(player))
        return [*(Strike(numbers) for numbers in sorted(options, key=lambda s: (len(s), s))), Pass()]

    def current_player(self) -> int | None:
        if self.is_over():
            return None
        if self._setting_boards():
            return self._board_setter()
        if self.waiting:
            return self.waiting[0]
        return self.thrower(self.rolls)

    def is_over(self) -> bool:
        return self.rolls == ROLLS and not self.waiting

    def scores(self) -> tuple[int, ...]:
        """What each board is worth now: the numbers struck and the full rows and columns.

        Rows and columns score only at the end, but as nothing is ever
        unstruck, the standings mid-game already say what they would earn.
        """
        return tuple(sum(self.struck[p]) + self.bonus(p) for p in range(len(self.players)))

    def dice_on_table(self) -> tuple[int, ...]:
        return self.dice

    def snapshot(self) -> dict[str, Any]:
        return {
            "boards": [list(board) if board else None for board in self.boards],
            "struck": [sorted(numbers) for numbers in self.struck],
            "bonus_used": list(self.bonus_used),
            "rolls": self.rolls,
            "dice": list(self.dice),
            "waiting": list(self.waiting),
            "free_strike_due": self.free_strike_due,
        }

    # -- reading typed strikes

    def read_strike(self, text: str) -> Move:
        """The move meant by ``strike …`` now: a :class:`FreeStrike` when one is due."""
        if self.is_over():
            raise GameIsOver()
        if self._setting_boards():
            raise BoardFirst()
        if self.dice_request() is not None:
            raise ThrowFirst()
        if not self.free_strike_due:
            return parse_strike(text, self.dice)
        nodes = arithmetic.parse_expressions(text)
        if len(nodes) != 1 or not isinstance(nodes[0], Number):
            raise FreeStrikeIsOneNumber()
        return FreeStrike(nodes[0].value)

    # -- refusals

    def check_move(self, move: Move) -> None:
        """Boards and strikes are checked piece by piece, for a precise reason.

        Neither can be checked against :meth:`legal_moves` alone: it lists one
        board of the many allowed, and strikes without the typed expressions.
        """
        self.check_move_due()
        if isinstance(move, SetBoard) and self._setting_boards():
            check_board(move.cells)
        elif isinstance(move, Strike) and not self._setting_boards():
            self._check_strike(move)
        elif move not in self.legal_moves():
            raise self.refusal(move)

    def _check_strike(self, move: Strike) -> None:
        if self.free_strike_due:
            raise FreeStrikeDue()
        if not all(type(n) is int for n in move.numbers) or len(move.expressions) not in (0, len(move.numbers)):
            raise BadAction(action=repr(move))
        if not move.numbers:
            raise StrikeAtLeastOne()
        _check_numbers(move.numbers)
        player = self.waiting[0]
        for number in move.numbers:
            if number not in (self.boards[player] or ()):
                raise NotOnBoard(number=number)
            if number in self.struck[player]:
                raise AlreadyStruck(number=number)
        if move.expressions:
            # A typed strike: each expression makes its number, and together they share no die.
            for number, expression in zip(move.numbers, move.expressions, strict=True):
                if arithmetic.evaluate(arithmetic.parse_expression(str(expression))) != number:
                    raise BadAction(action=repr(move))
            parse_strike(" ".join(f"({e})" for e in move.expressions), self.dice)
        elif move.numbers not in strikes(self.dice, self.open_numbers(player)):
            raise _cannot_make(move.numbers, self.dice)

    def refusal(self, move: Move) -> IllegalMove:
        if self._setting_boards():
            return BoardFirst()
        if isinstance(move, SetBoard):
            return BoardsAlreadySet()
        if isinstance(move, Pass) and self.free_strike_due:
            return FreeStrikeDue()
        if isinstance(move, FreeStrike) and self.free_strike_due:
            player = self.waiting[0]
            if move.number in self.struck[player]:
                return AlreadyStruck(number=move.number)
            return NotOnBoard(number=move.number)
        return NotLegalNow(move=move.kind)

    # -- acting

    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        thrower = self.thrower(self.rolls)
        self.rolls += 1
        self.dice = values
        count = len(self.players)
        self.waiting = [(thrower + i) % count for i in range(count)]
        return [DiceThrown(thrower, values, "turn", values), *self._next_turn()]

    def _move(self, move: Move) -> list[Event]:
        if isinstance(move, SetBoard):
            player = self._board_setter()
            self.boards[player] = move.cells
            events: list[Event] = [BoardSet(player, move.cells)]
            if self._setting_boards():
                events.append(TurnStarted(self._board_setter(), 1))
            return events
        player = self.waiting[0]
        if isinstance(move, Pass):
            return self._turn_done([Passed(player)])
        if isinstance(move, FreeStrike):
            self.free_strike_due = False
            return self._strike(player, [move.number], [FreeStrikeTaken(player, move.number)])
        assert isinstance(move, Strike)
        expressions = move.expressions or self._shown_ways(move.numbers)
        return self._strike(player, move.numbers, [NumbersStruck(player, move.numbers, expressions)])

    def _shown_ways(self, numbers: tuple[int, ...]) -> tuple[str, ...]:
        ways = _ways(numbers, self.dice)
        assert ways is not None, "a listed strike can be made"
        return tuple(arithmetic.show(node) for node in ways)

    def _strike(self, player: int, numbers: Sequence[int], events: list[Event]) -> list[Event]:
        """Cross ``numbers`` out, then see to a diagonal just completed."""
        before = self._full_diagonals(player)
        self.struck[player].update(numbers)
        completed = tuple(sorted(self._full_diagonals(player) - before))
        if not completed:
            return self._turn_done(events)
        first = not self.bonus_used[player]
        events.append(DiagonalCompleted(player, completed, first))
        if not first:
            return self._turn_done(events)
        self.bonus_used[player] = True
        open_numbers = self.open_numbers(player)
        if not open_numbers:
            return self._turn_done([*events, FreeStrikeLapsed(player)])
        self.free_strike_due = True
        return [*events, FreeStrikeGranted(player)]

    def _turn_done(self, events: list[Event]) -> list[Event]:
        self.waiting.pop(0)
        return [*events, *self._next_turn()]

    def _next_turn(self) -> list[Event]:
        """Start the next player's strike, pass for them if they can strike nothing, or end the throw."""
        if not self.waiting:
            events: list[Event] = [RoundEnded(self.rolls)]
            if self.is_over():
                events.extend(self._scored(p) for p in range(len(self.players)))
            return events
        player = self.waiting[0]
        events = [TurnStarted(player, self.rolls)]
        if not strikes(self.dice, self.open_numbers(player)):
            # Decision: a player who can strike nothing passes at once.
            return self._turn_done([*events, Passed(player, forced=True)])
        return events

    def _scored(self, player: int) -> BoardScored:
        rows, columns = self.full_lines(player)
        struck = sum(self.struck[player])
        bonus = self.bonus(player)
        return BoardScored(player, struck, rows, columns, bonus, struck + bonus)


GAME = Storeslem
