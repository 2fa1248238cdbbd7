"""What a game shows above its board, in the window and on the web page alike: the dice and the moves.

These rows read only the game, its board, its presenter and the player's
language, and nothing here imports pygame: the web page (``--ui web``, and
the static page, which has no pygame at all) names every die and button with
the same methods as the window (:class:`GameRows`, borrowed by
:class:`~accessible_dice.ui.web.screen.WebScreen`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from accessible_dice.boards.model import Cell, Row
from accessible_dice.errors import N_, IllegalMove

#: The review keys (the terminal commands of the same names).
REVIEW = ("dice", "board", "standings", "turn", "moves")
#: The commands that change the game.
ACTING = ("move", "values", "roll")
#: The commands that change the game's history: refused while a move is being thought out.
CHANGING = (*ACTING, "undo", "redo")


class ComputerPlaying(IllegalMove):
    # Translators: a key that acts was pressed during a computer player's turn; Enter plays its next step.
    template = N_("{name} is playing; Enter plays its next step now.")


class StillThinking(IllegalMove):
    # Translators: a key that acts was pressed while a hint or a computer's move is being worked out.
    template = N_("Still thinking; a moment please.")


class NoComputerPlaying(IllegalMove):
    # Translators: the skip key (N) was pressed when no computer player is playing.
    template = N_("No computer player is playing now.")


class GameRows:
    """The dice row, a die's label and the action buttons of a game screen.

    A screen using them has ``game``, ``board``, ``presenter``, ``session``,
    ``window.language``, ``_``, ``roll`` and ``to_menu``.
    """

    game: Any
    board: Any
    presenter: Any
    session: Any
    window: Any
    _: Callable[[str], str]
    roll: Callable[[], None]
    to_menu: Callable[[], None]

    def dice_row(self) -> Row:
        cells = []
        for position, value in enumerate(self.game.dice_on_table()):
            cells.append(Cell(f"die{position}", self.die_label(position), self.window.language.number(value),
                              note=self.board.die_note(position), kind="die", value=value,
                              marked=self.board.die_marked(position), act=self.board.die_act(position)))
        return Row("dice", cells, region="dice")

    def die_label(self, position: int) -> str:
        value = self.window.language.number(self.game.dice_on_table()[position])
        number = self.window.language.number(position + 1)
        note = self.board.die_note(position)
        if note:
            # Translators: a die, said when focused: position, value and its mark ("held", "keep").
            return str(self._("Die {position}: {value}, {note}").format(position=number, value=value, note=note))
        # Translators: a die, said when focused: its position and value.
        return str(self._("Die {position}: {value}").format(position=number, value=value))

    def actions(self) -> list[Cell]:
        if self.game.is_over():
            # Translators: the button after a game's end.
            label = self._("Back to the main menu")
            return [Cell("menu", label, label, act=self.to_menu)]
        request = self.session.request()
        if request is not None:
            due = self.presenter.due()
            # Translators: the throw button in the window (R does the same).
            return [Cell("throw", due.text if due is not None else "", self._("Throw"), act=self.roll)]
        return list(self.board.moves())
