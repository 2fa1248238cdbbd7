"""One player's view of a game in the browser: the game's board, read into plain data for the page.

The web front end has no game logic of its own. Each game's board is the
window's too (``boards/<game>.py``): it reads the game and turns a button
pressed on a cell into the same moves the terminal's commands make. The
board only needs a small surface of its screen (act on a move, attempt
something that may be refused, throw, open the typing field, move the
focus, ask to confirm); :class:`WebScreen` is that surface for one browser
client, and :meth:`WebScreen.view` is what the page draws: the dice, the
actions, the board's rows, every label in the client's language.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, Protocol, cast

from accessible_dice.boards.base import Board, BoardScreen, Chosen, TypedBoard
from accessible_dice.boards.model import Cell, Pressed, Row
from accessible_dice.boards.rows import GameRows
from accessible_dice.errors import DiceError
from accessible_dice.games import part_module
from accessible_dice.games.base import Move
from accessible_dice.play.commands import Command
from accessible_dice.play.controller import Controller
from accessible_dice.presentation import terms
from accessible_dice.presentation.describe import Presenter, answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import Session
from accessible_dice.utterance import Utterance


@contextmanager
def _moves_worked_out_once(game: Any) -> Iterator[None]:
    """While the page's view is made nothing moves, yet every button tried asks for the legal moves (a
    Yatzy scorecard of four: 270 times, five sixths of the view's time): worked out once, for that while."""
    moves = game.legal_moves()
    game.legal_moves = lambda: moves
    try:
        yield
    finally:
        del game.legal_moves


class _Table(Protocol):
    """What a page's screen uses of the table it is played at (:class:`~accessible_dice.ui.web.table.Table`)."""

    prompted_at: int | None

    def leave_game(self, outcome: str) -> None: ...


class Client(Protocol):
    """What a page's screen uses of its client (:class:`~accessible_dice.ui.web.table.Client`): declared here,
    so the screen needs nothing of the table module, which builds on this one."""

    @property
    def language(self) -> Language: ...

    @property
    def table(self) -> _Table: ...

    @property
    def terminal(self) -> Controller: ...

    def say(self, utterance: Utterance | None) -> None: ...

    def focus(self, target: str, text: str = "") -> None: ...

    def ask(self, question: str, on_yes: Callable[[], object]) -> None: ...

    def check(self, session: Session, name: str) -> None: ...

    def execute(self, command: Command) -> bool: ...


class _Prefs:
    """What a board reads of the window's preferences: the settings in effect for this client."""

    def __init__(self, client: Client) -> None:
        self._client = client

    @property
    def settings(self) -> Any:
        return self._client.terminal.settings.settings


class WebScreen:
    """The surface of :class:`~accessible_dice.ui.window.game.GameScreen` that the boards use, for one client.

    The dice row, a die's label and the action buttons are the window's own
    methods, borrowed as they are (they read only what this class has), so
    the page names every die and button exactly as the window says them.
    """

    #: Borrowed from the window's game screen (:class:`~.rows.GameRows`): they use ``game``, ``board``,
    #: ``presenter``, ``session``, ``window.language``, ``window.say``, ``_``, ``roll`` and ``to_menu`` only.
    dice_row: ClassVar[Callable[[Any], Row]] = GameRows.dice_row
    die_label: ClassVar[Callable[[Any, int], str]] = GameRows.die_label
    actions: ClassVar[Callable[[Any], list[Cell]]] = GameRows.actions

    #: While :meth:`why_not` tries a button: what it would have said (its refusal), instead of saying it.
    _trying: list[str] | None = None

    def __init__(self, client: Client, session: Session, presenter: Presenter) -> None:
        self.client = client
        self.session = session
        self.game = session.game
        self.presenter = presenter
        self.language = client.language
        self._ = client.language._
        self.prefs = _Prefs(client)
        #: The cell a button press named last, so a board that says its new state says that cell.
        self.pressed_key = ""
        module = part_module(self.game.id, "board")
        # The boards are typed for the window's screen; they use only the surface this class has.
        board_screen = cast(BoardScreen, self)
        self.board: Board = TypedBoard(board_screen) if module is None else module.BOARD(board_screen)

    @property
    def window(self) -> WebScreen:
        """The boards reach the language, the preferences and the terminal through ``screen.window``."""
        return self

    @property
    def terminal(self) -> Any:
        return self.client.terminal

    # ------------------------------------------------------------ what the boards call

    def say(self, utterance: Utterance | None) -> None:
        """What the borrowed window methods say through ``window.say``: to this client."""
        if self._trying is None:  # a button being tried says nothing
            self.client.say(utterance)

    def act_move(self, move: Move) -> bool:
        if self._trying is not None:  # only checked, as the table and the game would check it
            self.client.check(self.session, "move")
            self.game.check_move(move)
            return True
        return self.client.execute(Command("move", move=move))

    def roll(self) -> None:
        """R or the throw button: the terminal's roll; with real dice due, their field and the prompt, at once."""
        if self._trying is not None:
            self.client.check(self.session, "roll")
            return
        request = self.session.request()
        if self.session.manual and request is not None:
            self.client.focus("values")
            self.client.say(answer(self.presenter.dice_prompt(request).text))
            self.client.table.prompted_at = len(self.game.history)
        else:
            self.client.execute(Command("roll"))

    def type_command(self, start: str = "") -> None:
        if self._trying is None:
            self.client.focus("command", start)

    def pick_command(self, title: str, grammar: object) -> None:
        """The window's "Build a strike" and "Build an equation" pickers: on the page, the Command field
        (where the same strike or equation is typed, read back by the screen reader as it is typed)."""
        self.type_command()

    def focus_on(self, row_key: str, cell_key: str) -> None:
        if self._trying is None:
            self.client.focus(cell_key)

    def say_focus(self) -> None:
        """A board changed the pressed cell (a number chosen): its new label is said."""
        cell = self.cell(self.pressed_key)
        if cell is not None:
            self.say(answer(cell.label))

    def say_die(self, position: int) -> None:
        self.say(answer(self.die_label(position)))

    def confirm(self, question: str, on_yes: Callable[[], object]) -> None:
        if self._trying is None:
            self.client.ask(question, on_yes)

    def to_menu(self) -> None:
        if self._trying is None:
            self.client.table.leave_game("new")

    def why_not(self, cell: Cell) -> str:
        """Why the button of ``cell`` cannot act now (the refusal Enter on it would get), or ``""`` if it can.

        Its action is tried with every effect held back: a move or a throw only
        checked (by the table's rules and the game's), what it would say kept
        (an action that refuses says why), and what the board chose on the way
        (a number to strike, a die to keep) put back as it was.
        """
        if cell.act is None:
            return ""
        chosen = {name: value for name, value in vars(self.board).items() if isinstance(value, Chosen)}
        for name, value in chosen.items():  # a copy to try on; the game itself is shared, never copied
            setattr(self.board, name, copy.deepcopy(value, {id(value.game): value.game}))
        self._trying = said = []
        try:
            cell.act()
        except DiceError as refusal:
            said.append(self.presenter.refusal(refusal).text)
        finally:
            self._trying = None
            for name, value in chosen.items():
                setattr(self.board, name, value)
        return said[0] if said else ""

    def attempt(self, action: Callable[[], object]) -> bool:
        """Run ``action``; a refusal is said (kept, while a button is tried) and changes nothing."""
        try:
            action()
        except DiceError as refusal:
            said = self.presenter.refusal(refusal)
            if self._trying is not None:
                self._trying.append(said.text)
            else:
                self.say(said)
            return False
        return True

    # ------------------------------------------------------------ for the page

    def rows(self) -> list[Row]:
        return [self.dice_row(), Row("actions", self.actions(), region="actions"),
                *self.board.rows()]

    def cell(self, key: str) -> Cell | None:
        """The cell the page's button ``key`` stands for now, if it is still there."""
        return next((cell for row in self.rows() for cell in row.cells if cell.key == key), None)

    def explain(self, key: object) -> None:
        """E: the term of the button the page's focus is on (``key``; anything else: none), as in the window."""
        row_key, label = next(((row.key, cell.label) for row in self.rows() for cell in row.cells
                               if cell.key == key), ("", ""))
        self.client.say(terms.on_focus(self.game.id, row_key, label, self.language))

    def press(self, key: str) -> bool:
        """A button on the page: what Enter does on that cell in the window; ``False`` if there is none now."""
        cell = self.cell(key)
        if cell is None or cell.act is None:
            return False
        self.pressed_key = key
        self.attempt(cell.act)
        return True

    def number(self, number: int, shift: bool) -> None:
        """A number key in the game (hold a die, go to a flap), as the window's board takes it."""
        self.board.number(Pressed("face" if shift else "hold", number=number, letter=str(number)))

    def view(self) -> dict[str, Any]:
        """The game as the page draws it: plain data, every word already in the client's language."""
        with _moves_worked_out_once(self.game):
            return self._view()

    def _view(self) -> dict[str, Any]:
        dice, actions, *board = self.rows()
        shown = self._cell
        return {
            "dice": [shown(cell) for cell in dice.cells],
            "actions": [shown(cell) for cell in actions.cells],
            "board": [{"key": row.key, "header": row.header, "turn": row.turn, "panel": row.panel,
                       "names": row.key == "names", "cells": [shown(cell) for cell in row.cells]} for row in board],
            "status": self.presenter.turn_news().text,
            "typed": isinstance(self.board, TypedBoard),
            "values": self.session.manual and self.session.request() is not None,
        }


    def _cell(self, cell: Cell) -> dict[str, Any]:
        """A cell as the page draws it; ``why``: why its button cannot act now (``""``: it can)."""
        return {"key": cell.key, "label": cell.label, "text": cell.text, "note": cell.note, "kind": cell.kind,
                "value": cell.value, "marked": cell.marked, "act": cell.act is not None, "why": self.why_not(cell)}
