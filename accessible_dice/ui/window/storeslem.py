"""Storeslem in the window: each player's 3×3 board; numbers chosen with Enter, then struck with one button.

Choosing is the window's own: Enter on an open number of your board marks
it, the Strike button sends the chosen numbers (the game finds how the dice
make them, or says why they cannot), and Pass strikes nothing. A strike
with calculations is built by arrows and Enter with the Build a strike
button (:mod:`accessible_dice.ui.window.picker`), or typed, as a board of
your own is: a digit or ( opens the field, as does the Type a move button. The diagonal's free strike is Enter
on the number.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from accessible_dice.games.storeslem import SIZE, FreeStrike, Pass, SetBoard, Storeslem, Strike, random_board
from accessible_dice.ui.window.boards import Chosen, TypedBoard
from accessible_dice.ui.window.grammar import STRIKE
from accessible_dice.ui.window.model import Cell, Row

if TYPE_CHECKING:
    from accessible_dice.ui.window.game import GameScreen


class StoreslemBoard(TypedBoard):
    game: Storeslem

    def __init__(self, screen: GameScreen) -> None:
        super().__init__(screen)
        self.chosen = Chosen(self.game)

    def rows(self) -> list[Row]:
        several = len(self.game.players) > 1
        number = self.say.language.number
        rows = []
        for player in range(len(self.game.players)):
            board = self.game.boards[player]
            if board is None:
                continue
            for r in range(SIZE):
                cells = []
                for index in range(r * SIZE, (r + 1) * SIZE):
                    value = board[index]
                    struck = value in self.game.struck[player]
                    chosen = player == self.game.current_player() and value in self.chosen.current()
                    if struck:
                        # Translators: under a struck number of a Storeslem board in the window.
                        note = self._("struck")
                    elif chosen:
                        # Translators: under a Storeslem board number chosen to strike in the window.
                        note = self._("chosen")
                    else:
                        # Translators: a Storeslem board number that is neither struck nor chosen.
                        note = self._("open")
                    # Translators: a Storeslem board number, said when focused: "17, open", "17, struck".
                    label = self._("{number}, {state}").format(number=number(value), state=note)
                    note = "" if not (struck or chosen) else note
                    # Struck numbers lie down like shut flaps; chosen ones get a heavy frame.
                    cells.append(Cell(f"cell{player}-{index}", label, number(value), note=note,
                                      kind="cell" if chosen else "flap", marked=struck or chosen,
                                      act=partial(self.choose, player, value)))
                rows.append(Row(f"board{player}-{r}", cells,
                                header=self.player_header(player) if r == 0 and several else "",
                                say_header=several, turn=r == 0 and several and self.to_move(player),
                                panel=f"player{player}"))
        return rows

    def choose(self, player: int, value: int) -> None:
        """Enter on a number: the free strike when due, else choose it for the Strike button."""
        def chosen() -> None:
            self.owner_check(player)
            if self.game.free_strike_due:
                self.screen.act_move(FreeStrike(value))
                return
            self.game.read_strike(str(value))  # the game's refusal when no strike is due now
            self.chosen.toggle((value,))
            self.screen.say_focus()

        self.screen.attempt(chosen)

    def moves(self) -> list[Cell]:
        game = self.game
        if game.is_over() or game.dice_request() is not None:
            return []
        if None in game.boards:
            board = SetBoard(random_board(self.screen.session.dice.rng))
            # Translators: Storeslem button: fill the board with nine random numbers.
            random_label = self._("Random board")
            return [Cell("random", random_label, random_label, act=lambda: self.screen.act_move(board)),
                    self.type_button()]
        if game.free_strike_due:
            return [self.type_button()]
        chosen = tuple(sorted(self.chosen.current()))
        if chosen:
            label = self.say.move_words(Strike(chosen))
        else:
            # Translators: Storeslem's strike button before any number is chosen.
            label = self._("Strike: first choose numbers on your board with Enter.")
        # Translators: Storeslem's strike button in the window.
        strike = Cell("strike", label, self._("Strike"), act=lambda: self.screen.act_move(Strike(chosen)))
        passing = self.say.move_words(Pass())
        # Translators: Storeslem button that opens the picker: a strike with calculations, built by arrows and
        # Enter from the dice, no typing.
        build = self._("Build a strike")
        building = Cell("build", build, build, act=lambda: self.screen.pick_command(build, STRIKE))
        return [strike, Cell("pass", passing, passing, act=lambda: self.screen.act_move(Pass())), building,
                self.type_button()]


BOARD = StoreslemBoard
