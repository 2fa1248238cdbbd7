"""Yatzy in the window: five dice to hold, the throw-again button, the scorecard as a grid.

The scorecard has a row per box and a column per player (SR-10: "Full
house, Anna: 25 points"); the player to move's empty boxes show in brackets
what the dice would score there. Enter on a die holds or releases it, on a
box scores it, asking first when it would score 0. Number keys 1-5 hold or
release by position, Shift+1-6 by face value.
"""

from __future__ import annotations

from collections.abc import Callable

from accessible_dice.boards.base import Board
from accessible_dice.boards.model import Cell, Pressed, Row
from accessible_dice.games.base import Move
from accessible_dice.games.yatzy import Box, Hold, Release, Score, Scorecard, ThrowAgain, Yatzy


class YatzyBoard(Board):
    contexts = ("dice",)
    game: Yatzy

    # ------------------------------------------------------------ dice

    def die_act(self, position: int) -> Callable[[], None]:
        return lambda: self.toggle((position,))

    def toggle(self, positions: tuple[int, ...]) -> None:
        """Hold the dice at ``positions`` if any is loose, else release them."""
        move: Move = Release(positions) if set(positions) <= set(self.game.held()) else Hold(positions)
        self.screen.act_move(move)

    def number(self, pressed: Pressed) -> None:
        """1-5 by position, Shift+1-6 by face value: loose dice are held first, else released."""
        def numbered() -> None:
            positions = self.dice_for(pressed)
            loose = tuple(p for p in positions if p not in self.game.held())
            self.toggle(loose or positions)

        self.screen.attempt(numbered)

    def moves(self) -> list[Cell]:
        if ThrowAgain() not in self.game.legal_moves():
            return []
        left = self.game.throws_left()
        # Translators: the throw-again button in Yatzy, said when focused; {count} throws remain.
        label = self.say.ngettext("Throw again: {count} throw left.", "Throw again: {count} throws left.",
                                  left).format(count=self.say.language.number(left))
        # Translators: the throw-again button's text in the window.
        return [Cell("again", label, self._("Throw again"), act=self.screen.roll)]

    # ------------------------------------------------------------ the scorecard

    def rows(self) -> list[Row]:
        game = self.game
        current = game.current_player()
        potential = dict(game.open_boxes()) if game.dice_request() is None else {}
        cards = [game.scorecard(p) for p in range(len(game.players))]
        home = current or 0
        rows = [self.names_row(home)] if len(game.players) > 1 else []
        rows += [Row(f"box-{box.value}", [self.box_cell(box, p, card, potential if p == current else {})
                                         for p, card in enumerate(cards)], header=self._(box.label), home=home)
                for box in Box]
        sums = (
            # Translators: a scorecard row in the window: the upper section's sum.
            (self._("Upper sum"), lambda card: card.upper_sum),
            # Translators: a scorecard row in the window: the upper section's bonus.
            (self._("Bonus"), lambda card: card.bonus),
            # Translators: a scorecard row in the window: the total.
            (self._("Total"), lambda card: card.total),
        )
        for n, (title, value) in enumerate(sums):
            cells = []
            for p, card in enumerate(cards):
                points = self.say.language.number(value(card))
                # Translators: a sum on the scorecard, said when focused, e.g. "Total, Anna: 187".
                label = self._("{cell}: {points}").format(cell=self.cell_name(title, p), points=points)
                cells.append(Cell(f"sum{n}-{p}", label, points, kind="cell"))
            rows.append(Row(f"sum{n}", cells, header=title, home=home))
        return rows

    def names_row(self, home: int) -> Row:
        """The column headings: each player's name, the one to move said as such."""
        cells = []
        for player, name in enumerate(self.game.players):
            # Translators: a scorecard column heading, said when focused: the player to move.
            to_move = self._("{name}, to move").format(name=name)
            label = to_move if player == self.game.current_player() else name
            # Translators: under the scorecard column heading of the player to move in the window (framed too).
            note = self._("to move") if self.to_move(player) else ""
            cells.append(Cell(f"name-{player}", label, name, note=note, kind="cell", marked=self.to_move(player)))
        return Row("names", cells, home=home, sticky=True)

    def box_cell(self, box: Box, player: int, card: Scorecard, potential: dict[Box, int]) -> Cell:
        who = self.cell_name(self._(box.label), player)
        number = self.say.language.number
        if box in card.points:
            points = card.points[box]
            # Translators: a filled Yatzy box, said when focused, e.g. "Twos: 6 points" or "Twos, Anna: 6 points".
            label = self.say.ngettext("{cell}: {points} point", "{cell}: {points} points", points).format(
                cell=who, points=number(points))
            text = number(points)
        elif box in potential:
            # Translators: an empty Yatzy box that the dice on the table would score now, said when focused.
            label = self._("{cell}: empty, would score {points}").format(cell=who, points=number(potential[box]))
            text = f"({number(potential[box])})"
        else:
            # Translators: an empty Yatzy box, said when focused.
            label = self._("{cell}: empty").format(cell=who)
            text = ""
        return Cell(f"{box.value}-{player}", label, text, kind="cell", act=lambda: self.score(player, box))

    def cell_name(self, row: str, player: int) -> str:
        """A scorecard cell's name: its row, and with several players its player too."""
        if len(self.game.players) == 1:
            return row
        # Translators: a scorecard cell: its row and its player's column, e.g. "Full house, Anna".
        return self._("{row}, {name}").format(row=row, name=self.player_name(player))

    def score(self, player: int, box: Box) -> None:
        """Enter on a box: score it (``score BOX``), asking first, as the terminal does, when it would score 0."""
        move = Score(box.value)

        def scored() -> None:
            self.owner_check(player)
            question = self.screen.terminal.confirmation(self.screen.session, move)
            if question is None:
                self.screen.act_move(move)
            else:
                self.screen.confirm(question, lambda: self.screen.act_move(move))

        self.screen.attempt(scored)


BOARD = YatzyBoard
