"""Each game's board, in the window and on the page: its focusable cells, what Enter does on them, its number keys.

A board reads the game (never changes it) and turns what Enter or a number
key asks for into the same moves the terminal's commands make; the game
screen carries them out through the shared executor. The words said for a
focused cell are item descriptions ("Flap 7, open", "Twos: empty, would
score 6"); everything the game announces comes from the presenter.

Each game's board is in the board module its
:class:`~accessible_dice.games.Parts` names (``boards/<game module>.py``
in the package; its ``BOARD`` class), loaded only when that game is played. A game without one still
plays in the window and on the page: :class:`TypedBoard` shows the dice, the throw button
and a text field for the game's typed commands (Storeslem's strikes,
QUICLO's equations), read by the terminal's own command parser; :class:`Grammar` says what such a
command is made of, for the window's picker that builds one by arrows and Enter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from accessible_dice.boards.model import Cell, Pressed, Row
from accessible_dice.dice import check_positions
from accessible_dice.errors import N_, IllegalMove
from accessible_dice.games import part_module
from accessible_dice.games.base import Game, ThrowFirst
from accessible_dice.play.controller import Controller
from accessible_dice.presentation.describe import Presenter
from accessible_dice.session import Session


@dataclass(frozen=True)
class Grammar:
    """What a game's typed move is made of, so the picker lists only pieces that fit.

    ``equals``: one "=" between two sides (QUICLO), and only then is the
    move ready to send; ``brackets``: "(" and ")" allowed; ``several``:
    more than one number side by side (Storeslem's "5+4 6").
    """

    equals: bool
    brackets: bool
    several: bool


#: QUICLO's equation: the dice, the four signs and one "=", no brackets.
EQUATION = Grammar(equals=True, brackets=False, several=False)
#: Storeslem's strike: up to three numbers made from the dice with the four signs and brackets.
STRIKE = Grammar(equals=False, brackets=True, several=True)


class BoardScreen(Protocol):
    """What a board uses of the screen it is shown on: the window's game screen
    (:class:`~accessible_dice.ui.window.game.GameScreen`) or the page's (``ui/web/screen.py``). Declared
    here, below both, so the boards need neither."""

    session: Session
    presenter: Presenter
    terminal: Controller
    #: The window (its ``prefs``), or what stands in for it on the page.
    window: Any

    def _(self, message: str) -> str: ...

    def attempt(self, action: Callable[[], object]) -> bool: ...

    def act_move(self, move: object) -> bool: ...

    def roll(self) -> None: ...

    def type_command(self, start: str = "") -> None: ...

    def pick_command(self, title: str, grammar: Grammar) -> None: ...

    def confirm(self, question: str, on_yes: Callable[[], object]) -> None: ...

    def focus_on(self, row_key: str, cell_key: str) -> None: ...

    def say_die(self, position: int) -> None: ...

    def say_focus(self) -> None: ...


class NotYourBoard(IllegalMove):
    # Translators: Enter on another player's flap or box; {name} owns it, {current} is to move.
    template = N_("That is {name}'s; it is {current}'s turn.")


class NoDieShows(IllegalMove):
    # Translators: Shift and a number pressed to hold the dice showing it, but none does.
    template = N_("No die shows {value}.")


class Board:
    """The cells of one game beyond the dice and the actions, and its number keys."""

    #: Extra key contexts (see :mod:`accessible_dice.ui.window.keys`).
    contexts: tuple[str, ...] = ()

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen
        self.game = screen.session.game
        self.say = screen.presenter
        self._ = screen._

    def rows(self) -> list[Row]:
        return []

    def die_act(self, position: int) -> Callable[[], None] | None:
        """What Enter does on die ``position`` (0-based); ``None``: nothing."""
        return None

    def die_marked(self, position: int) -> bool:
        return position in self.game.held()

    def die_note(self, position: int) -> str:
        # Translators: under a held die in the window (shown, and said with the die).
        return self._("held") if self.die_marked(position) else ""

    def moves(self) -> list[Cell]:
        """Buttons for the moves possible now, beside the throw button."""
        return []

    def number(self, pressed: Pressed) -> None:
        """A number key (1-5, Shift+1-6, a flap number)."""

    def dice_for(self, pressed: Pressed) -> tuple[int, ...]:
        """The dice (0-based positions) a number key names, or a refusal.

        1 to 5 name a die by position and Shift with a number the dice showing
        it; the setting keep-by = value swaps the two.
        """
        number = pressed.number or 0
        table = self.game.dice_on_table()
        if not table:
            raise ThrowFirst()
        by_value = (pressed.action == "face") != (self.screen.window.prefs.settings.keep_by == "value")
        if not by_value:
            check_positions((number - 1,), len(table))
            return (number - 1,)
        showing = tuple(p for p, value in enumerate(table) if value == number)
        if not showing:
            raise NoDieShows(value=number)
        return showing

    def player_name(self, player: int) -> str:
        return self.game.players[player]

    def to_move(self, player: int) -> bool:
        return not self.game.is_over() and self.game.current_player() == player

    def player_header(self, player: int, standing: str | None = None) -> str:
        """A board's heading in words: the name, the score with its unit, and whose turn ("Anna — 3 lives, to move").

        ``standing`` is the score in words; the game's score words by default
        (points, penalty points, turns).
        """
        score = self.say.score_words(self.game.scores()[player]) if standing is None else standing
        # Translators: a board's heading in the window: a player's name and score, e.g. "Anna — 8 penalty points".
        header = self._("{name} — {score}").format(name=self.player_name(player), score=score)
        if self.to_move(player):
            # Translators: a board's heading for the player to move; the window also draws a pointer beside it.
            header = self._("{header}, to move").format(header=header)
        return header

    def owner_check(self, player: int) -> None:
        """Refuse acting on another player's board."""
        current = self.game.current_player()
        if current is not None and player != current:
            raise NotYourBoard(name=self.player_name(player), current=self.player_name(current))


# ---------------------------------------------------------------- any other game


class Chosen:
    """Things chosen on a board before one move sends them all (dice to keep, numbers to strike).

    The choice is the window's own, not the game's; it is forgotten as soon
    as the game moves on.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._items: set[int] = set()
        self._at = -1

    def current(self) -> set[int]:
        if self._at != len(self.game.history):
            self._items, self._at = set(), len(self.game.history)
        return self._items

    def toggle(self, items: Iterable[int]) -> None:
        """Choose ``items``, or unchoose them if all are chosen already."""
        wanted = set(items)
        chosen = self.current()
        if wanted <= chosen:
            chosen.difference_update(wanted)
        else:
            chosen.update(wanted)


class TypedBoard(Board):
    """The shared parts, and a field for the game's typed commands; a digit or ( starts typing."""

    contexts = ("typing",)

    def type_button(self) -> Cell:
        # Translators: a button that opens a text field for a typed move, e.g. "strike 5+4 6".
        label = self._("Type a move")
        return Cell("type", label, label, act=self.screen.type_command)

    def moves(self) -> list[Cell]:
        return [] if self.game.is_over() else [self.type_button()]

    def number(self, pressed: Pressed) -> None:
        self.screen.type_command(pressed.letter)


def board_for(screen: BoardScreen) -> Board:
    """The game's board (its board module's ``BOARD``), else the typed board."""
    module = part_module(screen.session.game.id, "board")
    if module is None:
        return TypedBoard(screen)
    board: Board = module.BOARD(screen)
    return board
