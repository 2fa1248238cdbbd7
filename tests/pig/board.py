"""Pig in the window: after a throw, two buttons, Roll again and Hold (R and Enter on them do the same).

What every board module defines: ``BOARD``, a
:class:`~accessible_dice.boards.base.Board` subclass whose ``moves()``
are the buttons for the moves possible now (each says the presenter's
``move_words``) and whose ``rows()`` are what can be reviewed cell by cell
(here each player's score). A board only reads the game; its buttons make
the same moves the terminal's commands make.
"""

from __future__ import annotations

from accessible_dice.boards.base import Board
from accessible_dice.boards.model import Cell, Row
from accessible_dice.games.base import Move
from pig.rules import Pig, RollAgain


class PigBoard(Board):
    game: Pig

    def moves(self) -> list[Cell]:
        return [self.button(move) for move in self.game.legal_moves()]

    def button(self, move: Move) -> Cell:
        said = self.say.move_words(move)
        act = self.screen.roll if isinstance(move, RollAgain) else (lambda: self.screen.act_move(move))
        return Cell(move.kind, said, said, act=act)

    def rows(self) -> list[Row]:
        return [Row(f"player{player}", [Cell(f"total{player}", self.say.board_answer(player).text,
                                             self.say.language.number(total), kind="cell")], header=name)
                for player, (name, total) in enumerate(zip(self.game.players, self.game.totals, strict=True))]


BOARD = PigBoard
