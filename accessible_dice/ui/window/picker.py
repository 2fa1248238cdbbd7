"""Building a typed move by arrows and Enter alone: QUICLO's equations, Storeslem's strikes (checklist KB-11).

A player who cannot type (a switch, one hand on the arrows) still writes
the arithmetic these games are made of: the picker lists the pieces that
can come next (the dice still unused, the game's signs, brackets, "=", a
new number), Up and Down (or Left and Right) move through them and Enter
takes the focused one. After each piece the whole calculation so far is
said and shown large in the field. "Send" hands the finished text to the
game screen exactly as if it had been typed (the terminal's command parser,
the game's own checks), so the picker adds no rule of its own: a wrong
equation is judged as a typed one is, a refusal is said and the picker
stays open for a correction.

Only pieces that can follow the last one are listed (a sign after a
number, a number after a sign), so a calculation is never left broken by a
slip, and each list is short; whether the numbers, the dice used and the
result are right is still for the game to say. The list starts again at
its first piece after each choice, and wraps like a menu.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial

from accessible_dice.arithmetic import DIVIDE, MINUS, PLUS, TIMES
from accessible_dice.presentation.describe import answer
from accessible_dice.ui.window import CHARACTER_NAMES, Screen, Window
from accessible_dice.ui.window.draw import Overlay
from accessible_dice.ui.window.grammar import Grammar
from accessible_dice.ui.window.model import Cell, Row

#: The character each sign is said by (see :data:`CHARACTER_NAMES`): the picker writes the standard signs.
SAID_AS = {PLUS: "+", MINUS: "-", TIMES: "*", DIVIDE: "/", "=": "=", "(": "(", ")": ")"}
#: Where one number of a strike ends and the next begins (spaces do not matter to the parser).
NEXT = " "


class Picker(Screen):
    """The pieces that may come next, one per line; Enter takes one, Send hands the text on."""

    contexts = ("anywhere", "lists", "history")
    overlay = True

    def __init__(self, window: Window, title: str, grammar: Grammar, dice: Sequence[int],
                 send: Callable[[str], bool]) -> None:
        """``send`` gets the finished text and answers whether the move was made (then the picker closes)."""
        super().__init__(window, title)
        self.grammar = grammar
        self.dice = tuple(dice)
        self.send = send
        self.pieces: list[str] = []

    # ------------------------------------------------------------ the calculation so far

    def written(self) -> str:
        """The calculation as the game's parser reads it (and the field shows it)."""
        return " ".join(self.pieces)

    def _word(self, piece: str) -> str:
        if piece in SAID_AS:
            return self._(CHARACTER_NAMES[SAID_AS[piece]])
        return self.window.language.number(int(piece))

    def spoken(self) -> str:
        """The calculation in words, each number of a strike apart: "5 plus 4 and 6"."""
        groups: list[list[str]] = [[]]
        for piece in self.pieces:
            if piece == NEXT:
                groups.append([])
            else:
                groups[-1].append(self._word(piece))
        words = [" ".join(group) for group in groups if group]
        # Translators: a field with nothing in it (here the calculation being built by arrows and Enter).
        return self.window.language.join(words) if words else self._("Empty.")

    def unused(self) -> list[int]:
        """The dice not yet in the calculation, each value once, lowest first."""
        left = Counter(self.dice)
        left.subtract(int(piece) for piece in self.pieces if piece.isdigit())
        return sorted(value for value, count in left.items() if count > 0)

    def _depth(self) -> int:
        """Brackets open in the number being written."""
        start = max((n + 1 for n, piece in enumerate(self.pieces) if piece == NEXT), default=0)
        return sum({"(": 1, ")": -1}.get(piece, 0) for piece in self.pieces[start:])

    def _operand_ended(self) -> bool:
        """The last piece ends a number (a die or ")"): a sign may follow, not another number."""
        return bool(self.pieces) and (self.pieces[-1].isdigit() or self.pieces[-1] == ")")

    # ------------------------------------------------------------ the pieces offered

    def rows(self) -> list[Row]:
        _ = self._
        cells: list[Cell] = []
        if self._operand_ended():
            cells += [self._piece(sign) for sign in (PLUS, MINUS, TIMES, DIVIDE)]
            if self.grammar.equals and "=" not in self.pieces:
                cells.append(self._piece("="))
            if self.grammar.brackets and self._depth() > 0:
                cells.append(self._piece(")"))
            if self.grammar.several and self._depth() == 0:
                for value in self.unused():
                    number = self.window.language.number(value)
                    # Translators: Storeslem, building a strike by arrows and Enter: a die's value that
                    # starts the next number to strike, e.g. "6, as a new number" after "5 plus 4".
                    label = _("{number}, as a new number").format(number=number)
                    cells.append(Cell(f"next{value}", label, label, act=partial(self.take, NEXT, str(value))))
            if self._depth() == 0 and (not self.grammar.equals or "=" in self.pieces):
                # Translators: building a move by arrows and Enter: the item that sends it,
                # e.g. "Send: 5 plus 1 equals 6".
                send = _("Send: {calculation}").format(calculation=self.spoken())
                cells.append(Cell("send", send, send, act=self.done))
        else:
            cells += [self._piece(str(value)) for value in self.unused()]
            if self.grammar.brackets:
                cells.append(self._piece("("))
        if self.pieces:
            # Translators: building a move by arrows and Enter: the item that takes back the last piece.
            erase = _("Delete the last one")
            cells.append(Cell("erase", erase, erase, act=self.erase))
        # Translators: building a move by arrows and Enter: the item that closes it, sending nothing.
        close = _("Close without sending")
        cells.append(Cell("close", close, close, act=self.back))
        return [Row(cell.key, [cell]) for cell in cells]

    def _piece(self, piece: str) -> Cell:
        word = self._word(piece)
        return Cell(f"piece{piece}", word, piece, act=partial(self.take, piece))

    # ------------------------------------------------------------ what Enter does

    def take(self, *pieces: str) -> None:
        self.pieces += pieces
        self._said_again()

    def erase(self) -> None:
        self.pieces.pop()
        if self.pieces and self.pieces[-1] == NEXT:  # a new number's first die goes with its start
            self.pieces.pop()
        self._said_again()

    def _said_again(self) -> None:
        """The calculation so far, then the first piece that may follow it (the list starts again)."""
        rows = self.settled()
        self.focus.place(rows[0].key)
        # Translators: building a move by arrows and Enter: the calculation so far, then the focused item,
        # e.g. "5 plus 4. plus, 1 of 8".
        self.window.say(answer(self._("{calculation}. {item}").format(calculation=self.spoken(),
                                                                       item=self.describe())), remember=False)

    def done(self) -> None:
        if self.send(self.written()):
            self.window.remove(self)

    # ------------------------------------------------------------ what it says and shows

    def help_intro(self) -> str:
        return self.prompt_words()

    def prompt_words(self) -> str:
        dice = self.window.language.join(self.window.language.number(value) for value in self.dice)
        # Translators: opening the picker that builds a QUICLO equation or a Storeslem strike by arrows and
        # Enter; {title} is its button's name, {dice} the dice thrown, e.g. "5, 1, 3, 2, 4 and 12".
        return self._("{title} from {dice}: Up and Down go through what may come next, Enter takes it; "
                      "Send hands it to the game.").format(title=self.title, dice=dice)

    def prompt(self) -> Overlay:
        return Overlay(self.prompt_words(), typed=self.written(), caret=len(self.written()), rows=self.settled())

    def opened(self) -> None:
        self.settled()
        self.revealed()

    def revealed(self) -> None:
        # Translators: opening the picker that builds a move by arrows and Enter: what it is, then the focused
        # item, e.g. "Build an equation from 5, 1 and 3: ... 1, 1 of 4".
        self.window.say(answer(self._("{question} {item}").format(question=self.prompt_words(),
                                                                  item=self.describe())), remember=False)
