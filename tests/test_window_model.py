"""Moving the focus: menus wrap (SR-11), boards do not; the focus stays on its cell across rebuilds."""

from __future__ import annotations

from accessible_dice.boards.model import Cell, Focus, Row


def menu(*labels: str) -> list[Row]:
    return [Row(label, [Cell(label, label, label)]) for label in labels]


def board() -> list[Row]:
    return [
        Row("dice", [Cell(f"die{n}", f"Die {n}") for n in range(5)], region="dice"),
        Row("actions", [Cell("throw", "Throw")], region="actions"),
        Row("empty", []),
        Row("ones", [Cell("ones-0", "Ones, Anna"), Cell("ones-1", "Ones, Ben")], header="Ones", home=1),
        Row("twos", [Cell("twos-0", "Twos, Anna"), Cell("twos-1", "Twos, Ben")], header="Twos", home=1),
        Row("fives", [Cell("fives-0", "Fives, Anna"), Cell("fives-1", "Fives, Ben")], header="Fives", home=1),
    ]


def test_SR_11_a_menu_wraps_both_ways_and_left_right_move_like_up_down() -> None:
    focus = Focus(wrap=True)
    focus.settle(menu("New game", "Continue", "Quit"))
    assert focus.vertical(-1) and focus.cell_key == "Quit"
    assert focus.vertical(1) and focus.cell_key == "New game"
    assert focus.horizontal(1) and focus.cell_key == "Continue"


def test_a_board_stops_at_its_edges_and_skips_empty_rows() -> None:
    focus = Focus()
    focus.settle(board())
    assert not focus.vertical(-1)
    assert not focus.horizontal(-1)
    assert focus.horizontal(1) and focus.cell_key == "die1"
    assert focus.vertical(1) and focus.row_key == "actions"
    assert focus.vertical(1) and focus.row_key == "ones"


def test_entering_a_row_of_another_length_lands_on_its_home_cell() -> None:
    focus = Focus()
    focus.settle(board())
    focus.place("actions")
    focus.vertical(1)
    assert focus.cell_key == "ones-1"
    focus.horizontal(-1)
    focus.vertical(1)
    assert focus.cell_key == "twos-0", "same length: the column is kept"


def test_home_and_end_go_to_the_ends_of_the_row_or_of_a_menu() -> None:
    focus = Focus()
    focus.settle(board())
    focus.edge(last=True)
    assert focus.cell_key == "die4"
    menu_focus = Focus(wrap=True)
    menu_focus.settle(menu("a", "b", "c"))
    menu_focus.edge(last=True)
    assert menu_focus.cell_key == "c"


def test_a_letter_jumps_to_the_next_row_starting_with_it() -> None:
    focus = Focus()
    focus.settle(board())
    assert focus.letter("f") and focus.row_key == "fives"
    assert focus.letter("T") and focus.row_key == "twos"
    assert not focus.letter("x") and focus.row_key == "twos"


def test_the_focus_keeps_its_cell_when_the_rows_are_rebuilt() -> None:
    focus = Focus()
    rows = board()
    focus.settle(rows)
    focus.place("twos", "twos-0")
    rebuilt = [row for row in board() if row.key != "ones"]
    focus.settle(rebuilt)
    assert (focus.row_key, focus.cell_key) == ("twos", "twos-0")
    focus.settle([row for row in board() if row.key != "twos"])
    assert focus.row_key == "ones", "a row that went away leaves the focus at its place in the list"
