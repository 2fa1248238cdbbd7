"""Shut the Box in the window: a row of ten flaps per player; the ways to use the throw as buttons.

Enter on a flap is the terminal's ``shut N``; Enter on a button is ``sum``,
``singles`` or ``difference``; a number key (0 for 10) goes to that flap of
the player to move. A shut flap is drawn lying down and labelled "shut".
"""

from __future__ import annotations

from functools import partial

from accessible_dice.boards.base import Board
from accessible_dice.boards.model import Cell, Pressed, Row
from accessible_dice.games.shut_the_box import FLAPS, ShutTheBox, way_for_flaps
from accessible_dice.presentation.shut_the_box import WAY_NAMES


class ShutTheBoxBoard(Board):
    contexts = ("flaps",)
    game: ShutTheBox

    def rows(self) -> list[Row]:
        several = len(self.game.players) > 1
        rows = []
        for player in range(len(self.game.players)):
            open_flaps = self.game.open_flaps(player)
            cells = []
            for flap in FLAPS:
                shut = flap not in open_flaps
                if shut:
                    # Translators: a flap in the window, said when focused.
                    label = self._("Flap {flap}, shut").format(flap=self.say.language.number(flap))
                else:
                    # Translators: a flap in the window, said when focused.
                    label = self._("Flap {flap}, open").format(flap=self.say.language.number(flap))
                # Translators: the label under a shut flap in the window (not the command word "shut").
                note = self.say.language.pgettext("flap label", "shut") if shut else ""
                cells.append(Cell(f"flap{player}-{flap}", label, self.say.language.number(flap), note=note,
                                  kind="flap", marked=shut, act=partial(self.shut, player, flap)))
            rows.append(Row(f"board{player}", cells, header=self.player_header(player) if several else "",
                            say_header=several, turn=several and self.to_move(player)))
        return rows

    def shut(self, player: int, flap: int) -> None:
        """Enter on a flap: the one way to use the throw that shuts exactly it (``shut N``)."""
        def shut_it() -> None:
            self.owner_check(player)
            self.screen.act_move(way_for_flaps(self.game, [flap]))

        self.screen.attempt(shut_it)

    def moves(self) -> list[Cell]:
        available = self.game.available()
        return [Cell(f"way-{move.way}", self.say.move_words(move), self._(WAY_NAMES[move.way]),  # type: ignore[attr-defined]
                     note=self.say.numbers(sorted(available[move.way])),  # type: ignore[attr-defined]
                     act=partial(self.screen.act_move, move))
                for move in self.game.legal_moves()]

    def number(self, pressed: Pressed) -> None:
        player = self.say.whose(None)
        self.screen.focus_on(f"board{player}", f"flap{player}-{pressed.number}")


BOARD = ShutTheBoxBoard
