"""Storeslem: one test per rule and Decision of docs/spec/rules.md section 3, and the sheet's game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product

import pytest
from rules_support import refused

from accessible_dice import arithmetic, save
from accessible_dice.dice import DieOutOfRange, WrongDiceCount
from accessible_dice.errors import DiceError
from accessible_dice.games import new_game
from accessible_dice.games import storeslem as ss
from accessible_dice.games.base import (
    DiceThrown,
    GameEnded,
    GameIsOver,
    Move,
    Roll,
    RoundEnded,
    ThrowFirst,
    TurnStarted,
)

#: The sheet's board, row by row; 10 and 11 stand for its blank x and y.
REFERENCE = (5, 6, 17, 10, 9, 11, 21, 4, 2)
#: The number of the 216 ordered rolls that reach each target 1..24 (docs/spec/rules.md).
REACHED = [143, 171, 148, 147, 129, 130, 127, 124, 115, 111, 78, 122,
           57, 69, 76, 66, 30, 74, 30, 62, 42, 30, 21, 66]
ALL_ROLLS = list(product(range(1, 7), repeat=3))
#: A board that three 1s cannot touch.
HIGH = (20, 21, 22, 23, 24, 19, 18, 17, 16)


def start(*boards: Sequence[int], options: dict[str, str] | None = None) -> ss.Storeslem:
    game = ss.Storeslem([f"P{i + 1}" for i in range(len(boards))], options)
    for board in boards:
        game.apply(ss.SetBoard(tuple(board)))
    return game


def typed(game: ss.Storeslem, text: str) -> list:
    return game.apply(game.read_strike(text))


def at_the_second_throw() -> ss.Storeslem:
    """The sheet's game alone: its first turn struck 2, 4 and 5; its second throw, 6, 5 and 4, awaits a strike."""
    game = start(REFERENCE)
    game.apply(Roll((2, 4, 5)))
    typed(game, "2 4 5")
    game.apply(Roll((6, 5, 4)))
    return game


# ------------------------------------------------------------ the sheet's game


def test_reference_game_scores_99() -> None:
    game = start(REFERENCE)
    assert game.apply(Roll((2, 4, 5)))[:2] == [DiceThrown(0, (2, 4, 5), "turn", (2, 4, 5)), TurnStarted(0, 1)]
    assert typed(game, "2 4 5") == [ss.NumbersStruck(0, (2, 4, 5), ("2", "4", "5")), RoundEnded(1)]

    game.apply(Roll((6, 5, 4)))
    assert typed(game, "5+4 6") == [
        ss.NumbersStruck(0, (6, 9), ("6", "5 + 4")),
        ss.DiagonalCompleted(0, (1,), first=True),
        ss.FreeStrikeGranted(0),
    ]
    assert game.dice_request() is None, "the free strike comes before anyone goes on"
    assert typed(game, "17") == [ss.FreeStrikeTaken(0, 17), RoundEnded(2)]

    game.apply(Roll((1, 6, 3)))
    assert typed(game, "(6+1)·3") == [
        ss.NumbersStruck(0, (21,), ("(6 + 1) × 3",)),
        ss.DiagonalCompleted(0, (2,), first=False),
        RoundEnded(3),
        ss.BoardScored(0, struck=64, rows=(1, 3), columns=(2,), bonus=35, total=99),
        GameEnded((0,), (99,)),
    ]
    assert game.is_over() and game.scores() == (99,)


def test_reference_sheet_options_for_each_roll() -> None:
    """The sheet's lists of possibilities for each throw are all legal moves."""
    moves = _after_roll((2, 4, 5), open_board=(11, 9, 2, 4, 5)).legal_moves()
    assert {ss.Strike((11,)), ss.Strike((2, 9)), ss.Strike((2, 4, 5))} <= set(moves)
    moves = _after_roll((6, 5, 4), open_board=(14, 9, 6)).legal_moves()
    assert {ss.Strike((14,)), ss.Strike((6, 9))} <= set(moves)
    assert not any(isinstance(m, ss.Strike) and len(m.numbers) == 3 for m in moves)


def _after_roll(dice: tuple[int, ...], open_board: Sequence[int]) -> ss.Storeslem:
    others = [n for n in range(24, 0, -1) if n not in open_board]
    game = start((*open_board, *others[:9 - len(open_board)]))
    game.apply(Roll(dice))
    return game


# ------------------------------------------------------- values and evaluate


def test_reference_figure_counts_rolls_reaching_each_target_with_all_three_dice() -> None:
    made = [ss.values(roll) for roll in ALL_ROLLS]
    counts = [sum(1 for values in made if target in values) for target in range(1, 25)]
    assert counts == REACHED
    assert all(counts), "every target 1..24 is reachable by some roll"


def test_reference_figure_is_not_the_any_grouping_reading() -> None:
    """Counting every grouping (singles and pairs too) gives other figures: the
    reference counts expressions that use all three dice, as values() does."""
    made = [{n for numbers in ss.strikes(roll, range(1, 25)) for n in numbers} for roll in ALL_ROLLS]
    counts = [sum(1 for numbers in made if target in numbers) for target in range(1, 25)]
    assert counts != REACHED
    assert counts[0] == 216 > REACHED[0]


def test_values_use_each_die_exactly_once() -> None:
    assert ss.values([4]) == {4}
    assert ss.values([6, 3]) == {9, 3, 18, 2}
    assert {11, 14, 21} <= ss.values([2, 4, 5]) | ss.values([6, 5, 4]) | ss.values([1, 6, 3])
    assert 21 in ss.values([1, 6, 3]) and max(ss.values([1, 1, 1])) == 3


def test_values_are_whole_numbers_at_least_zero() -> None:
    for roll in ALL_ROLLS[::7]:
        assert all(isinstance(v, int) and v >= 0 for v in ss.values(roll))
    assert 0 in ss.values([3, 3]) and ss.values([1, 2]) == {3, 1, 2}


@pytest.mark.parametrize(("dice", "error"), [([], WrongDiceCount), ([1, 2, 3, 4], WrongDiceCount),
                                             ([7, 1, 1], DieOutOfRange), ([0], DieOutOfRange)])
def test_values_refuse_bad_dice(dice: list[int], error: type[DiceError]) -> None:
    with pytest.raises(error):
        ss.values(dice)


def test_evaluate_the_sheets_expressions() -> None:
    assert ss.evaluate("2+4+5", [2, 4, 5]) == 11
    assert ss.evaluate("5·4−6", [6, 5, 4]) == 14
    assert ss.evaluate("(6+1)·3", [1, 6, 3]) == 21
    assert ss.evaluate("5 + 4", [6, 5, 4]) == 9, "a die may be left out"


@pytest.mark.parametrize(
    ("expression", "dice", "error"),
    [("5+5", [6, 5, 4], arithmetic.UsedTooOften), ("7", [6, 5, 4], arithmetic.NotRolled),
     ("4-5", [6, 5, 4], arithmetic.BelowZero), ("5/4", [6, 5, 4], arithmetic.UnevenDivision),
     ("5+", [6, 5, 4], arithmetic.MissingNumberAtEnd), ("5", [6, 5, 9], DieOutOfRange)],
)
def test_evaluate_refuses_with_a_reason(expression: str, dice: list[int], error: type[DiceError]) -> None:
    with pytest.raises(error):
        ss.evaluate(expression, dice)


# -------------------------------------------------------------------- boards


def test_board_is_typed_row_by_row() -> None:
    assert ss.parse_board("5 6 17, 10 9 11, 21 4 2") == ss.SetBoard(REFERENCE)


@pytest.mark.parametrize(
    ("text", "error"),
    [("1 2 3 4 5 6 7 8", ss.BoardWrongCount), ("1 2 3 4 5 6 7 8 9 10", ss.BoardWrongCount),
     ("1 2 3 4 5 6 7 8 8", ss.BoardNumberRepeated), ("0 2 3 4 5 6 7 8 9", ss.BoardNumberOutOfRange),
     ("1 2 3 4 5 6 7 8 25", ss.BoardNumberOutOfRange), ("1 2 3 4 five 6 7 8 9", ss.NotABoardNumber),
     ("1 2 3 4 -5 6 7 8 9", ss.NotABoardNumber), ("1 2 3 4 5 6 7 8 123456", ss.BoardNumberOutOfRange)],
)
def test_board_needs_nine_different_numbers_from_1_to_24(text: str, error: type[DiceError]) -> None:
    with pytest.raises(error):
        ss.parse_board(text)
    game = ss.Storeslem(["Ann"])
    cells = tuple(int(t) if t.isdigit() else t for t in text.split())
    refused(game, ss.SetBoard(cells), error)  # type: ignore[arg-type]


def test_board_refusals_name_the_number() -> None:
    with pytest.raises(ss.BoardNumberRepeated) as caught:
        ss.check_board((1, 2, 3, 4, 5, 6, 7, 8, 8))
    assert str(caught.value) == "8 is on the board twice; all nine numbers must be different."


def test_random_board_comes_from_the_callers_generator() -> None:
    board = ss.random_board(random.Random(7))
    ss.check_board(board)
    assert board == ss.random_board(random.Random(7))
    assert len({ss.random_board(random.Random(seed)) for seed in range(20)}) > 1


def test_boards_are_set_in_seat_order_before_the_first_roll() -> None:
    game = ss.Storeslem(["Ann", "Ben"])
    assert game.current_player() == 0 and game.dice_request() is None
    assert game.legal_moves() == [ss.SetBoard(ss.DEFAULT_BOARD)]
    refused(game, Roll((1, 2, 3)), DiceError)
    refused(game, ss.Pass(), ss.BoardFirst)
    assert game.apply(ss.SetBoard(REFERENCE)) == [ss.BoardSet(0, REFERENCE), TurnStarted(1, 1)]
    assert game.current_player() == 1
    game.apply(ss.SetBoard(ss.DEFAULT_BOARD))
    assert game.dice_request() is not None


def test_boards_cannot_change_after_the_first_roll() -> None:
    game = start(REFERENCE)
    game.apply(Roll((6, 6, 6)))
    refused(game, ss.SetBoard(ss.DEFAULT_BOARD), ss.BoardsAlreadySet)


# ------------------------------------------------------------------- throws


def test_exactly_three_shared_rolls_thrown_in_rotation() -> None:
    game = start(REFERENCE, REFERENCE, REFERENCE)
    throwers = []
    while not game.is_over():
        request = game.dice_request()
        if request is not None:
            assert (request.count, request.faces) == (3, 6)
            throwers.append(request.player)
            game.apply(Roll((6, 6, 6)))
        else:
            game.apply(ss.Pass())
    assert throwers == [0, 1, 2]


def test_every_player_strikes_after_each_roll_starting_with_the_thrower() -> None:
    game = start(REFERENCE, REFERENCE, REFERENCE)
    game.apply(Roll((1, 1, 1)))
    for _ in range(3):
        game.apply(ss.Pass())
    events = game.apply(Roll((2, 4, 5)))
    assert events[1] == TurnStarted(1, 2)
    order = [game.current_player()]
    for _ in range(2):
        game.apply(ss.Strike((2,)))
        order.append(game.current_player())
    assert order == [1, 2, 0]
    game.apply(ss.Strike((2,)))
    assert game.dice_request() is not None


def test_game_ends_after_the_third_rolls_strikes() -> None:
    game = start(HIGH)
    for _ in range(3):
        game.apply(Roll((1, 1, 1)))
    assert game.is_over() and game.current_player() is None and game.legal_moves() == []
    refused(game, Roll((1, 2, 3)), DiceError)


# ------------------------------------------------------------------- strikes


def test_strike_three_singles() -> None:
    game = _after_roll((2, 4, 5), open_board=(2, 4, 5))
    assert ss.Strike((2, 4, 5)) in game.legal_moves()
    typed(game, "2 4 5")
    assert {2, 4, 5} <= game.struck[0]


def test_strike_a_pair_and_a_single() -> None:
    game = _after_roll((2, 4, 5), open_board=(9, 2))
    assert typed(game, "4+5 2")[0] == ss.NumbersStruck(0, (2, 9), ("2", "4 + 5"))


def test_strike_one_number_from_all_three_dice() -> None:
    game = _after_roll((2, 4, 5), open_board=(11,))
    assert typed(game, "2+4+5")[0] == ss.NumbersStruck(0, (11,), ("2 + 4 + 5",))


def test_a_group_whose_number_is_not_open_is_simply_not_struck() -> None:
    """After the sheet's first roll 2 4 5 only 9 (4+5) of 9+2 may be open: strike 9 alone."""
    game = _after_roll((2, 4, 5), open_board=(9,))
    assert ss.Strike((9,)) in game.legal_moves()
    assert typed(game, "4+5")[0] == ss.NumbersStruck(0, (9,), ("4 + 5",))


def test_a_bare_number_is_made_by_the_game() -> None:
    game = _after_roll((6, 5, 4), open_board=(9, 6))
    assert typed(game, "9 6")[0] == ss.NumbersStruck(0, (6, 9), ("6", "5 + 4"))


def test_strikes_chosen_from_the_list_are_said_with_a_way_to_make_them() -> None:
    game = _after_roll((6, 5, 4), open_board=(14, 9, 6))
    struck = game.apply(ss.Strike((14,)))[0]
    assert isinstance(struck, ss.NumbersStruck) and struck.numbers == (14,)
    (expression,) = struck.expressions
    assert ss.evaluate(expression, (6, 5, 4)) == 14
    assert sorted(arithmetic.numbers(arithmetic.parse_expression(expression))) == [4, 5, 6]


def test_listed_strikes_expressions_make_their_numbers() -> None:
    game = _after_roll((6, 5, 4), open_board=(14, 9, 6, 2, 7))
    for move in game.legal_moves():
        if isinstance(move, ss.Strike):
            trial = ss.Storeslem(game.players)
            for action in game.history:
                trial.apply(action)
            struck = trial.apply(move)[0]
            assert isinstance(struck, ss.NumbersStruck)
            used = [n for e in struck.expressions for n in arithmetic.numbers(arithmetic.parse_expression(e))]
            arithmetic.check_uses(used, (6, 5, 4))
            assert [ss.evaluate(e, (6, 5, 4)) for e in struck.expressions] == list(struck.numbers)


def test_legal_moves_list_every_possible_strike_and_pass() -> None:
    game = _after_roll((2, 4, 5), open_board=(2, 4, 5, 9, 11))
    moves = game.legal_moves()
    assert moves[-1] == ss.Pass()
    strikes = {m.numbers for m in moves if isinstance(m, ss.Strike)}
    assert strikes == ss.strikes((2, 4, 5), game.open_numbers(0))
    assert {(11,), (2, 9), (2, 4, 5), (4,)} <= strikes
    assert (2, 4, 9) not in strikes and (9, 11) not in strikes


def test_pass_is_allowed_even_when_something_could_be_struck() -> None:
    game = _after_roll((2, 4, 5), open_board=(2, 4, 5))
    assert game.apply(ss.Pass())[0] == ss.Passed(0)
    assert not game.struck[0]


def test_a_player_who_can_strike_nothing_passes_at_once() -> None:
    game = start(HIGH, HIGH)
    events = game.apply(Roll((1, 1, 1)))
    assert ss.Passed(0, forced=True) in events and ss.Passed(1, forced=True) in events
    assert game.dice_request() is not None


# ---------------------------------------------------------- strike refusals


@pytest.mark.parametrize(
    ("text", "error"),
    [("5+5", arithmetic.UsedTooOften),          # the 5 is used twice
     ("5+4 4", ss.CannotMakeTogether),          # the 4 is in 5+4 already
     ("5+4 6+4", arithmetic.UsedTooOften),      # two expressions share the 4
     ("121", ss.CannotMake),                    # no expression of 6 5 4 makes it
     ("1+2", arithmetic.NotRolled),
     ("4-5", arithmetic.BelowZero),
     ("5/4", arithmetic.UnevenDivision),
     ("4 4", ss.NumberNamedTwice),
     ("4 5 6 9", ss.TooManyNumbers),
     ("5 = 5", arithmetic.EqualsNotAllowed)],
)
def test_strikes_use_the_dice_apart_and_refuse_with_a_reason(text: str, error: type[DiceError]) -> None:
    with pytest.raises(error):
        ss.parse_strike(text, (6, 5, 4))


def test_disjoint_dice_refusal_says_which_die() -> None:
    with pytest.raises(arithmetic.UsedTooOften) as caught:
        ss.parse_strike("5+4 6+4", (6, 5, 4))
    assert str(caught.value) == "The 4 is used 2 times, but only one 4 was rolled."


def test_cannot_make_together_lists_numbers_and_dice() -> None:
    with pytest.raises(ss.CannotMakeTogether) as caught:
        ss.parse_strike("9 6 4", (6, 5, 4))
    assert str(caught.value) == "9, 6, 4 cannot all be made at once from 6, 5, 4: each die goes into one number only."


def test_equal_dice_can_each_be_used() -> None:
    assert ss.parse_strike("2+2 1", (2, 2, 1)) == ss.Strike((1, 4), ("1", "2 + 2"))


@pytest.mark.parametrize(
    ("move", "error"),
    [(ss.Strike(()), ss.StrikeAtLeastOne),
     (ss.Strike((12,)), ss.NotOnBoard),
     (ss.Strike((9, 9)), ss.NumberNamedTwice),
     (ss.Strike((21,)), ss.CannotMake),
     (ss.Strike((6, 9, 4)), ss.CannotMakeTogether),
     (ss.Strike((10,), ("5 + 5",)), arithmetic.UsedTooOften),
     (ss.Strike((9,), ("6 + 4",)), DiceError),
     (ss.FreeStrike(17), DiceError),
     (ss.SetBoard(REFERENCE), ss.BoardsAlreadySet),
     (Roll((1, 2, 3)), DiceError)],
)
def test_refused_strikes_leave_the_game_unchanged(move: Move | Roll, error: type[DiceError]) -> None:
    game = start(REFERENCE)
    game.apply(Roll((6, 5, 4)))
    refused(game, move, error)


def test_already_struck_numbers_cannot_be_struck_again() -> None:
    game = at_the_second_throw()
    error = refused(game, game.read_strike("5 6"), ss.AlreadyStruck)
    assert str(error) == "5 is already struck."


# -------------------------------------------------------------- the diagonal


def test_diagonal_grants_one_free_strike_before_anyone_goes_on() -> None:
    game = start(REFERENCE, REFERENCE)
    game.apply(Roll((2, 4, 5)))
    game.apply(ss.Strike((2, 4, 5)))
    game.apply(ss.Pass())
    game.apply(Roll((6, 5, 4)))  # thrown by player 2, who strikes first
    game.apply(ss.Pass())
    events = game.apply(ss.Strike((6, 9)))
    assert events[-1] == ss.FreeStrikeGranted(0)
    assert game.current_player() == 0 and game.dice_request() is None
    assert game.legal_moves() == [ss.FreeStrike(n) for n in (10, 11, 17, 21)]
    refused(game, ss.Pass(), ss.FreeStrikeDue)
    refused(game, ss.Strike((10,)), ss.FreeStrikeDue)
    refused(game, ss.FreeStrike(9), ss.AlreadyStruck)
    refused(game, ss.FreeStrike(12), ss.NotOnBoard)
    assert game.apply(ss.FreeStrike(11)) == [ss.FreeStrikeTaken(0, 11), RoundEnded(2)]


def test_strike_is_read_only_when_a_strike_is_due() -> None:
    game = ss.Storeslem(["Ann"])
    with pytest.raises(ss.BoardFirst):
        game.read_strike("5")
    game.apply(ss.SetBoard(REFERENCE))
    with pytest.raises(ThrowFirst):
        game.read_strike("5")
    _finish_passing(game)
    with pytest.raises(GameIsOver):
        game.read_strike("5")


def test_free_strike_is_typed_as_strike_with_one_number() -> None:
    game = at_the_second_throw()
    typed(game, "5+4 6")
    assert game.read_strike("17") == ss.FreeStrike(17)
    with pytest.raises(ss.FreeStrikeIsOneNumber):
        game.read_strike("10 11")
    with pytest.raises(ss.FreeStrikeIsOneNumber):
        game.read_strike("6+4")


def test_diagonal_bonus_only_once_per_game() -> None:
    """The reference game's second diagonal grants nothing (see the first test);
    here both diagonals complete in one strike and grant a single free strike."""
    board = (1, 20, 2, 21, 5, 22, 3, 23, 4)
    game = start(board)
    game.apply(Roll((1, 2, 3)))
    game.apply(ss.Strike((1, 2, 3)))
    game.apply(Roll((4, 5, 6)))
    events = game.apply(ss.Strike((4, 5)))
    assert ss.DiagonalCompleted(0, (1, 2), first=True) in events
    assert events.count(ss.FreeStrikeGranted(0)) == 1
    game.apply(ss.FreeStrike(20))
    assert game.bonus_used == [True]


def test_free_strike_lapses_when_no_open_number_remains() -> None:
    """Three throws cannot fill a board, so the state is built directly."""
    game = start(REFERENCE)
    game.apply(Roll((2, 4, 5)))
    game.struck[0] = set(REFERENCE) - {2}
    events = game.apply(ss.Strike((2,)))
    assert events[:3] == [ss.NumbersStruck(0, (2,), ("2",)), ss.DiagonalCompleted(0, (1,), True),
                          ss.FreeStrikeLapsed(0)]
    assert not game.free_strike_due and game.dice_request() is not None


# ------------------------------------------------------------------- scoring


def test_score_is_struck_numbers_plus_full_rows_and_columns() -> None:
    game = start(REFERENCE, options={"row-bonus": "1,2,3", "column-bonus": "4,5,6"})
    game.struck[0] = {5, 6, 17, 9, 4, 2}
    assert game.full_lines(0) == ((1,), (2,))
    assert game.scores() == (43 + 1 + 5,)


def test_default_bonuses_are_10_per_row_and_15_per_column() -> None:
    game = start(REFERENCE)
    assert game.options == {"row-bonus": (10, 10, 10), "column-bonus": (15, 15, 15)}
    game.struck[0] = set(REFERENCE)
    assert game.scores() == (sum(REFERENCE) + 30 + 45,)


def _finish_passing(game: ss.Storeslem) -> None:
    while not game.is_over():
        game.apply(Roll((1, 1, 1)) if game.dice_request() else ss.Pass())


@pytest.mark.parametrize(("third", "winners"), [(6, (2,)), (3, (0, 1))])
def test_highest_score_wins_and_ties_share(third: int, winners: tuple[int, ...]) -> None:
    game = start(REFERENCE, REFERENCE, ss.DEFAULT_BOARD)
    game.apply(Roll((6, 5, 4)))
    game.apply(ss.Strike((4,)))
    game.apply(ss.Strike((4,)))
    game.apply(ss.Strike((third,)))
    _finish_passing(game)
    assert game.scores() == (4, 4, third)
    assert game.winners() == winners


# --------------------------------------------------------- saving and playing


def test_save_and_replay_give_the_same_game_typed_expressions_included() -> None:
    game = at_the_second_throw()
    typed(game, "(6-4)·5")
    restored = save.loads(save.dumps(game))
    assert restored == game and restored.history == game.history
    assert restored.history[-1] == ss.Strike((10,), ("(6 − 4) × 5",))


def test_a_save_with_a_wrong_expression_is_refused() -> None:
    game = start(REFERENCE)
    game.apply(Roll((6, 5, 4)))
    game.apply(game.read_strike("5+4"))
    text = save.dumps(game).replace("5 + 4", "6 + 4")
    with pytest.raises(save.BadSave):
        save.loads(text)


def test_options_are_three_numbers_each() -> None:
    with pytest.raises(DiceError):
        new_game("storeslem", ["Ann"], {"row-bonus": "10,10"})


def test_a_whole_game_for_three_players_through_the_rules_api() -> None:
    boards = [REFERENCE, ss.random_board(random.Random(1)), ss.parse_board("1 2 3 4 5 6 7 8 9").cells]
    game = new_game("storeslem", ["Ann", "Ben", "Cy"])
    for board in boards:
        game.apply(ss.SetBoard(tuple(board)))
    throws = iter([(2, 4, 5), (6, 5, 4), (1, 6, 3)])
    while not game.is_over():
        if game.dice_request() is not None:
            game.apply(Roll(next(throws)))
            continue
        moves = game.legal_moves()
        assert moves
        # Strike the most numbers listed (free strikes: the largest open number).
        game.apply(max(moves, key=lambda m: (len(getattr(m, "numbers", ())), getattr(m, "number", 0))))
    assert len(game.history) > 9
    assert all(score > 0 for score in game.scores())
    assert game.winners()
    refused(game, ss.Pass(), GameIsOver)
