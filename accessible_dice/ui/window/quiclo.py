"""QUICLO in the window: the six dice, everybody's lives, and the three ways to answer a throw.

An equation is built by arrows and Enter with the Build an equation button
(the picker: the dice left and the signs, :mod:`accessible_dice.ui.window.picker`),
or typed: a digit or ( opens the field (each character is said, "=" as
"equals"; Up reads the whole equation), as does the Type an equation
button. The helper and "no equation possible" are buttons.
"""

from __future__ import annotations

from functools import partial

from accessible_dice.games.quiclo import DeclareNone, Quiclo, UseHelper
from accessible_dice.presentation.quiclo import QuicloPresenter
from accessible_dice.ui.window.boards import TypedBoard
from accessible_dice.ui.window.grammar import EQUATION
from accessible_dice.ui.window.model import Cell, Row


class QuicloBoard(TypedBoard):
    game: Quiclo
    say: QuicloPresenter

    def rows(self) -> list[Row]:
        rows = []
        for player in range(len(self.game.players)):
            if self.game.in_game[player]:  # noqa: SIM108 - each message keeps its own translator comment
                text = self.say.lives_words(self.game.lives[player])
            else:
                # Translators: in the QUICLO window, a player who has no lives left.
                text = self._("out")
            rows.append(Row(f"lives{player}", [Cell(f"lives{player}", self.say.lives_line(player), text,
                                                    kind="cell")],
                            header=self.player_header(player, text), turn=self.to_move(player)))
        return rows

    def moves(self) -> list[Cell]:
        if self.game.is_over() or self.game.dice_request() is not None:
            return []
        # Translators: QUICLO button that opens the field for an equation.
        label = self._("Type an equation")
        typing = Cell("type", label, label, act=self.screen.type_command)
        # Translators: QUICLO button that opens the picker: the equation built by arrows and Enter, no typing.
        build = self._("Build an equation")
        building = Cell("build", build, build, act=lambda: self.screen.pick_command(build, EQUATION))
        return [building, typing, *(Cell(move.kind, self.say.move_words(move), self.say.move_words(move),
                               act=partial(self.screen.act_move, move))
                          for move in (UseHelper(), DeclareNone()))]


BOARD = QuicloBoard
