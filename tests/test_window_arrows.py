"""Checklist KB-11: a whole game of each of the five games in the window with the arrows and Enter alone.

Every key is posted as an SDL event through :func:`press`, which refuses
any key but Up, Down, Left, Right and Enter, so no test here types, uses
Escape, a number key or R. The moves of QUICLO and Storeslem that are
calculations are built with the picker (``ui/window/picker.py``); the dice
are the session's seeded random ones, thrown by Enter on the throw button.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest
from window_driver import Driver, open_driver

from accessible_dice.arithmetic import SPELLINGS
from accessible_dice.errors import DiceError
from accessible_dice.games import quiclo
from accessible_dice.games.storeslem import Storeslem, Strike
from accessible_dice.ui.window import Confirm, Entry
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.menu import MainMenu
from accessible_dice.ui.window.picker import Picker

_driver = pytest.fixture(name="driver")(open_driver)

#: The only keys a test here presses.
ALLOWED = {"up", "down", "left", "right", "return"}


def press(driver: Driver, *names: str) -> None:
    """Press keys, none of them outside :data:`ALLOWED`."""
    assert set(names) <= ALLOWED, f"not an arrow or Enter: {names}"
    driver.keys(*names)


def to_row(driver: Driver, row_key: str) -> None:
    """The focus on a row by Up and Down: to the top, then down."""
    for _ in range(40):
        if driver.top.focus.row == 0:
            break
        press(driver, "up")
    for _ in range(40):
        if driver.top.focus.row_key == row_key:
            return
        press(driver, "down")
    raise AssertionError(f"no row {row_key}")


def to_cell(driver: Driver, row_key: str, cell_key: str) -> None:
    """The focus on a cell by arrows: its row, then Left to the row's start and Right to the cell."""
    to_row(driver, row_key)
    for _ in range(10):
        if driver.top.focus.col == 0:
            break
        press(driver, "left")
    for _ in range(10):
        if driver.focused() == cell_key:
            return
        press(driver, "right")
    raise AssertionError(f"no cell {cell_key} in {row_key}")


def choose(driver: Driver, row_key: str, cell_key: str) -> None:
    to_cell(driver, row_key, cell_key)
    press(driver, "return")


def throw(driver: Driver) -> None:
    """Enter on the throw button."""
    choose(driver, "actions", "throw")


def actions(driver: Driver) -> list[str]:
    """The buttons of the actions row now."""
    row = next(row for row in driver.top.settled() if row.key == "actions")
    return [cell.key for cell in row.cells]


def play(driver: Driver, move: Callable[[list[str]], None]) -> None:
    """Play to the end: Enter on the throw button whenever it is there, else ``move`` (given the buttons)."""
    screen = driver.top
    assert isinstance(screen, GameScreen)
    game = screen.game
    for _step in range(80):
        if game.is_over():
            return
        buttons = actions(driver)
        if "throw" in buttons:
            throw(driver)  # also after a throw that passed the turn (nothing could be done with it)
        else:
            move(buttons)
    raise AssertionError("the game did not end")


def pick(driver: Driver, pieces: list[str]) -> None:
    """In the picker: Down to each piece (a die's value, a sign; ``+6`` is 6 as a new number), Enter on it,
    then Down to Send and Enter."""
    picker = driver.top
    assert isinstance(picker, Picker)
    for piece in [*pieces, "send"]:
        key = f"next{piece[1:]}" if piece.startswith("+") and piece != "+" else (
            piece if piece == "send" else f"piece{piece}")
        for _ in range(20):
            if driver.focused() == key:
                break
            press(driver, "down")
        assert driver.focused() == key, f"{key} is not offered after {picker.pieces}"
        press(driver, "return")


def pieces_of(text: str) -> list[str]:
    """An equation as the picker's pieces, in the standard signs: ``12/3=2+2`` -> 12 ÷ 3 = 2 + 2."""
    return [SPELLINGS.get(token, token) for token in re.findall(r"\d+|\S", text)]


# ---------------------------------------------------------------- the games


def test_KB_11_a_whole_game_of_shut_the_box_by_arrows_and_enter(driver: Driver) -> None:
    """Enter throws and takes a way to shut flaps; Left and Right reach the other ways."""
    screen = driver.game("shut-the-box", ["Anna"], seed=3)
    game = screen.game
    ways = iter(range(100))
    play(driver, lambda buttons: choose(driver, "actions", buttons[next(ways) % len(buttons)]))
    assert game.is_over()
    assert driver.spy.texts[-1].endswith(f"Game over: {game.scores()[0]} turns.")
    press(driver, "return")
    assert isinstance(driver.top, MainMenu)


def test_KB_11_a_whole_game_of_yatzy_by_arrows_and_enter(driver: Driver) -> None:
    """Enter on a die holds it, Enter on Throw again throws the rest, Enter on a box scores; a 0 is
    confirmed by Up to Yes."""
    screen = driver.game("yatzy", ["Anna"], seed=11)
    game = screen.game
    confirmed = 0
    for _round in range(15):
        throw(driver)
        table = game.dice_on_table()
        best = max(set(table), key=table.count)
        for position in (p for p, value in enumerate(table) if value == best):
            choose(driver, "dice", f"die{position}")
        assert set(game.held()) == {p for p, value in enumerate(table) if value == best}
        choose(driver, "actions", "again")
        target = game.allowed_boxes()[0]
        to_row(driver, f"box-{target.value}")
        press(driver, "return")
        if isinstance(driver.top, Confirm):
            confirmed += 1
            press(driver, "up", "return")
        assert target in game.scorecard(0).points
    assert game.is_over() and confirmed >= 1
    total = game.scorecard(0).total
    assert f"Game over: {total} points." in " ".join(driver.spy.texts[-2:])


def test_KB_11_a_whole_game_of_threes_away_by_arrows_and_enter(driver: Driver) -> None:
    """Enter on each die to keep (the 3s, which count nothing, and the lowest), then Enter on Keep."""
    screen = driver.game("threes-away", ["Anna"], seed=3, variant="low", rounds="1", start="order")
    game = screen.game

    def keep(_buttons: list[str]) -> None:
        table = game.dice_on_table()
        for position in (p for p, value in enumerate(table) if value in (3, min(table))):  # every 3 is kept
            choose(driver, "dice", f"die{position}")
        choose(driver, "actions", "keep")

    play(driver, keep)
    assert game.is_over()
    assert f"Game over: {game.scores()[0]} points." in " ".join(driver.spy.texts[-2:])


def _calculated_strike(game: Storeslem) -> list[str]:
    """A strike the board allows that needs a sign: two dice and one of the four signs, as pieces."""
    for a, b in itertools.permutations(game.dice_on_table(), 2):
        for sign in ("+", "×", "−", "÷"):
            try:
                move = game.read_strike(f"{a}{sign}{b}")
                game.check_move(move)
            except DiceError:
                continue
            return [str(a), sign, str(b)]
    raise AssertionError(f"no calculated strike with {game.dice_on_table()}")


def test_KB_11_a_whole_game_of_storeslem_by_arrows_and_enter(driver: Driver) -> None:
    """Random board; a strike built in the picker; numbers chosen on the board and struck; a pass."""
    screen = driver.game("storeslem", ["Anna"], seed=4)
    game = screen.game
    choose(driver, "actions", "random")
    assert game.boards[0] is not None
    # Throw 1: a calculation built in the picker.
    throw(driver)
    pieces = _calculated_strike(game)
    choose(driver, "actions", "build")
    pick(driver, pieces)
    assert isinstance(driver.top, GameScreen)
    struck = set(game.struck[0])
    assert struck, "the built strike was made"
    # Throw 2: numbers chosen on the board with Enter, then the Strike button.
    throw(driver)
    strike = next(m for m in game.legal_moves() if isinstance(m, Strike))
    for number in strike.numbers:
        index = game.boards[0].index(number)
        choose(driver, f"board0-{index // 3}", f"cell0-{index}")
    choose(driver, "actions", "strike")
    assert set(strike.numbers) <= game.struck[0]
    # Throw 3: pass (or the free strike first, by Enter on an open number).
    throw(driver)
    while game.free_strike_due:
        index = next(i for i, n in enumerate(game.boards[0]) if n not in game.struck[0])
        choose(driver, f"board0-{index // 3}", f"cell0-{index}")
    if not game.is_over():
        choose(driver, "actions", "pass")
    assert game.is_over()
    board, struck = game.boards[0], game.struck[0]
    rows = sum(all(board[r * 3 + c] in struck for c in range(3)) for r in range(3))
    columns = sum(all(board[r * 3 + c] in struck for r in range(3)) for c in range(3))
    score = sum(struck) + 10 * rows + 15 * columns  # the default bonuses
    assert game.scores()[0] == score
    assert "Game over" in driver.spy.texts[-1] and str(score) in driver.spy.texts[-1]


def test_KB_11_a_whole_game_of_quiclo_by_arrows_and_enter(driver: Driver) -> None:
    """An equation built in the picker is right; the helper then costs the last life: one turn survived."""
    screen = driver.game("quiclo", ["Anna"], seed=2, lives=1)
    game = screen.game
    turns = 0
    while not game.is_over() and turns < 10:
        turns += 1
        throw(driver)
        if turns == 1:
            equation = quiclo.solve(game.dice_on_table())
            assert equation is not None
            choose(driver, "actions", "build")
            pick(driver, pieces_of(equation))
            assert isinstance(driver.top, GameScreen)
            assert ": right" in " ".join(driver.spy.texts[-3:])
        else:
            choose(driver, "actions", "helper")
    assert game.is_over()
    assert game.lives[0] == 0
    survived = turns - 1
    assert game.scores()[0] == survived
    assert "Game over" in " ".join(driver.spy.texts[-2:])


# ---------------------------------------------------------------- the picker itself


def test_KB_11_the_picker_offers_what_may_follow_and_sends_it_as_typed(driver: Driver) -> None:
    screen = driver.game("quiclo", ["Anna"], seed=2, lives=3)
    throw(driver)
    dice = screen.game.dice_on_table()
    choose(driver, "actions", "build")
    picker = driver.top
    assert isinstance(picker, Picker)
    assert driver.last.startswith("Build an equation from ")
    offered = [row.key for row in picker.focus.rows]
    assert offered == [*(f"piece{v}" for v in sorted(set(dice))), "close"], "numbers first, no sign yet"
    first = min(dice)
    press(driver, "return")
    assert picker.pieces == [str(first)]
    assert driver.last == f"{first}. plus, 1 of 7", "the calculation, then the first piece that may follow"
    offered = [row.key for row in picker.focus.rows]
    assert offered == ["piece+", "piece−", "piece×", "piece÷", "piece=", "erase", "close"]
    # "a = b" sent is judged exactly as a typed "a=b" is: wrong (fewer than three dice), a life lost.
    second = sorted(dice)[1]
    pick(driver, ["=", str(second)])
    assert isinstance(driver.top, GameScreen), "a move was made: the picker closed"
    assert screen.game.lives[0] == 2
    assert any(text.startswith(f"{first} = {second}: wrong.") for text in driver.spy.texts[-4:])


def test_the_picker_deletes_the_last_piece_and_closes_without_sending(driver: Driver) -> None:
    screen = driver.game("storeslem", ["Anna"], seed=4)
    choose(driver, "actions", "random")
    throw(driver)
    choose(driver, "actions", "build")
    picker = driver.top
    assert isinstance(picker, Picker)
    press(driver, "return", "return")  # the lowest die, then plus
    assert len(picker.pieces) == 2
    to_row(driver, "erase")
    press(driver, "return")
    assert len(picker.pieces) == 1
    to_row(driver, "close")
    press(driver, "return")
    assert isinstance(driver.top, GameScreen)
    assert not screen.game.struck[0]
    assert not isinstance(driver.top, Entry)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_KB_11_LV_08_at_200_percent_the_picker_shows_the_calculation_and_the_focused_piece(
        driver: Driver, size: tuple[int, int]) -> None:
    """However far the list scrolls, the calculation so far stays on screen above the focused piece, and only
    the piece has the focus frame."""
    import pygame

    driver.game("storeslem", ["Anna", "Ben"], seed=4)
    choose(driver, "actions", "random")
    choose(driver, "actions", "random")
    throw(driver)
    choose(driver, "actions", "build")
    press(driver, "return", "return", "return")  # a die, plus, a die
    driver.window.scale = 2.0
    surface = pygame.Surface(size)
    for _piece in driver.top.focus.rows:
        drawn = driver.window.draw(surface)
        focused = driver.focused()
        assert focused in drawn.cells and drawn.focus is not None
        assert surface.get_rect().contains(drawn.focus)
        assert drawn.cells["field"].bottom <= drawn.cells[focused].top, "the calculation above the piece"
        assert not drawn.focus.colliderect(drawn.cells["field"]), "one focus frame, on the piece"
        press(driver, "down")
