"""Threes Away in the window: choose dice with 1-5 (or Enter on a die), then keep them with one button.

The rules take one keep per throw (``keep 1 3``), so choosing is the
window's own: chosen dice are raised and labelled "keep" until the Keep
button sends them, and the choice is forgotten when the dice change.
"""

from __future__ import annotations

from collections.abc import Callable

from accessible_dice.boards.base import Board, BoardScreen, Chosen
from accessible_dice.boards.model import Cell, Pressed, Row
from accessible_dice.games.threes_away import Keep, ThreesAway


class ThreesAwayBoard(Board):
    contexts = ("dice",)
    game: ThreesAway

    def __init__(self, screen: BoardScreen) -> None:
        super().__init__(screen)
        self.chosen = Chosen(self.game)

    def die_marked(self, position: int) -> bool:
        return position in self.chosen.current()

    def die_note(self, position: int) -> str:
        # Translators: under a die chosen to keep in Threes Away (shown, and said with the die).
        return self.say.language.pgettext("die mark", "keep") if self.die_marked(position) else ""

    def die_act(self, position: int) -> Callable[[], None]:
        return lambda: self.choose((position,))

    def choose(self, positions: tuple[int, ...]) -> None:
        self.chosen.toggle(positions)
        self.screen.say_die(positions[0])

    def number(self, pressed: Pressed) -> None:
        self.screen.attempt(lambda: self.choose(self.dice_for(pressed)))

    def moves(self) -> list[Cell]:
        if not self.game.legal_moves():
            return []
        keep = Keep(tuple(sorted(self.chosen.current())))
        if keep.positions:  # noqa: SIM108 - each message keeps its own translator comment
            label = self.say.move_words(keep)
        else:
            # Translators: Threes Away's keep button before any die is chosen.
            label = self._("Keep: first choose dice with 1 to 5 or Enter.")
        # Translators: Threes Away's keep button in the window.
        return [Cell("keep", label, self._("Keep"), act=lambda: self.screen.act_move(keep))]

    def rows(self) -> list[Row]:
        rows = []
        kept = self.game.kept_dice()
        if kept:
            # Translators: a row in the Threes Away window: the dice kept this turn.
            title = self._("Kept")
            number = self.say.language.number
            # Translators: a kept die in Threes Away, said when focused, e.g. "Kept: 2".
            cells = [Cell(f"kept{n}", self._("{header}: {item}").format(header=title, item=number(value)),
                          number(value), kind="cell") for n, value in enumerate(kept)]
            rows.append(Row("kept", cells, header=title))
        for player in range(len(self.game.players)):
            total = self.say.score_words(self.game.totals()[player])
            rows.append(Row(f"player{player}", [Cell(f"total{player}", self.say.board_answer(player).text, total,
                                                     kind="cell")],
                            header=self.player_header(player), turn=self.to_move(player)))
        return rows


BOARD = ThreesAwayBoard
