"""What a Storeslem player hears (rules: docs/rules/storeslem.md).

Three shared throws; after each, every player strikes what they can make.
"Anna threw 6, 5, and 4. You can strike 4, 5, 6, 9, and 20." then "Anna
struck 9 (5+4) and 6." A struck number's cue is panned by its column and
pitched by its value.
"""

from __future__ import annotations

from collections.abc import Sequence

from accessible_dice.errors import N_
from accessible_dice.games.base import DiceThrown, Event, Move, RoundEnded
from accessible_dice.games.storeslem import (
    DIAGONALS,
    ROLLS,
    SIZE,
    BoardScored,
    BoardSet,
    DiagonalCompleted,
    FreeStrike,
    FreeStrikeGranted,
    FreeStrikeLapsed,
    FreeStrikeTaken,
    NumbersStruck,
    Pass,
    Passed,
    SetBoard,
    Storeslem,
    Strike,
    strikes,
)
from accessible_dice.presentation.describe import Presenter, Term, answer, combine, news
from accessible_dice.strategy.common import Advice
from accessible_dice.utterance import Cue, Utterance


class StoreslemPresenter(Presenter):
    summary_events = (BoardScored,)
    # Translators: the game's name; see docs/spec/words.md.
    title = N_("Storeslem")
    #: The tutorial's opening: what the game is about (accessible_dice.tutorial).
    # Translators: the opening of the Storeslem tutorial: what the game is about (the game's own opening has just
    # said how a board is filled and what rows and columns score).
    goal = N_("You make your board's numbers from the dice and strike them out: as many as you can, and the "
              "biggest ones.")
    game: Storeslem

    def rounds_total(self) -> int:
        """A "round" here is one of the three shared throws."""
        return ROLLS

    def setup_words(self) -> Utterance | None:
        said = []
        if None in self.game.boards:  # how boards are filled matters only until they are (playtest P9)
            # Translators: Storeslem, said at the start.
            said.append(news(self._("Everyone fills a board with nine different numbers from 1 to 24; then three "
                                    "throws of three dice.")))
        rows, columns = self.game.options["row-bonus"], self.game.options["column-bonus"]
        # Translators: the bonus of each full row and column, e.g. "Rows 10, 10 and 10; columns 15, 15 and 15."
        said.append(news(self._("Full rows score {rows}; full columns {columns}.").format(
            rows=self.numbers(rows), columns=self.numbers(columns))))
        return combine(said)

    def strike_cue(self, player: int, number: int) -> Cue:
        """A struck number: panned by its column, pitched by its value."""
        board = self.game.boards[player] or ()
        column = board.index(number) % SIZE if number in board else 1
        return Cue("strike", position=column / (SIZE - 1), pitch=number - 1)

    # ------------------------------------------------------------ events

    #: Whether the announcement being made says a throw, so its strikers' choices need not say the dice again.
    thrown_now = False

    def announce(self, events: Sequence[Event], prompt: bool = False) -> Utterance | None:
        """As every game's, but the choices say the dice unless this very announcement just did."""
        self.thrown_now = any(isinstance(event, DiceThrown) for event in events)
        try:
            return super().announce(events, prompt)
        finally:
            self.thrown_now = False

    def on_BoardSet(self, event: BoardSet) -> Utterance:
        """The board is read, a random one above all: the player learns it only so (D10)."""
        # Translators: a player's board is filled in.
        said = news(self._("{name}'s board is set.").format(name=self.name(event.player)))
        if self.brief:
            return said
        return combine([said, news(self.rows_words(event.player))]) or said

    def on_NumbersStruck(self, event: NumbersStruck) -> Utterance:
        made = [self.made_words(n, e) for n, e in zip(event.numbers, event.expressions, strict=True)]
        cues = [self.strike_cue(event.player, n) for n in event.numbers]
        if self.brief:
            # Translators: brief: numbers struck, e.g. "9 and 6 struck."
            return news(self._("{numbers} struck.").format(numbers=self.numbers(event.numbers)), *cues)
        # Translators: numbers struck and how they were made, e.g. "Anna struck 9 (5+4) and 6."
        return news(self._("{name} struck {numbers}.").format(name=self.name(event.player),
                                                              numbers=self.language.join(made)), *cues)

    def made_words(self, number: int, expression: str) -> str:
        """``9 (5+4)``; a single die is just its number."""
        if expression == str(number):
            return self.language.number(number)
        # Translators: a number and the calculation that made it, e.g. "9 (5+4)".
        return self._("{number} ({expression})").format(number=self.language.number(number),
                                                        expression=expression)

    def on_DiagonalCompleted(self, event: DiagonalCompleted) -> Utterance:
        if not event.first:
            # Translators: a second full diagonal; the free strike is given once per game only.
            return news(self._("{name} completed the other diagonal; the free strike comes only once.").format(
                name=self.name(event.player)))
        # Translators: a diagonal of the board is now fully struck (a free strike follows).
        said = self.ngettext("{name} completed a diagonal.", "{name} completed both diagonals.",
                             len(event.diagonals)).format(name=self.name(event.player))
        return news(said, Cue("bonus"))

    def on_FreeStrikeGranted(self, event: FreeStrikeGranted) -> Utterance:
        # Translators: the diagonal's bonus: one more number of the player's choice.
        return news(self._("Free strike: {name} strikes any open number.").format(name=self.name(event.player)))

    def on_FreeStrikeLapsed(self, event: FreeStrikeLapsed) -> Utterance:
        # Translators: the free strike has nothing left to strike.
        return news(self._("No open number is left for the free strike."))

    def on_FreeStrikeTaken(self, event: FreeStrikeTaken) -> Utterance:
        # Translators: the number chosen for the free strike.
        return news(self._("{name} struck {number}, the free strike.").format(
            name=self.name(event.player), number=self.language.number(event.number)),
            self.strike_cue(event.player, event.number))

    def on_Passed(self, event: Passed) -> Utterance:
        if event.forced:
            # Translators: nothing on the player's board can be made from the dice.
            return news(self._("{name} can strike nothing.").format(name=self.name(event.player)))
        # Translators: the player chose to strike nothing.
        return news(self._("{name} passed.").format(name=self.name(event.player)))

    def on_BoardScored(self, event: BoardScored) -> Utterance:
        # Translators: the end of the game for one board: struck numbers, bonus for full lines, total.
        said = [self._("{name}: {struck} struck, {bonus} bonus, {total}.").format(
            name=self.name(event.player), struck=self.language.number(event.struck),
            bonus=self.language.number(event.bonus), total=self.score_words(event.total))]
        if event.rows:
            # Translators: the full rows of a board, numbered from the top.
            said.append(self.ngettext("Full row {rows}.", "Full rows {rows}.", len(event.rows)).format(
                rows=self.numbers(event.rows)))
        if event.columns:
            # Translators: the full columns of a board, numbered from the left.
            said.append(self.ngettext("Full column {columns}.", "Full columns {columns}.",
                                      len(event.columns)).format(columns=self.numbers(event.columns)))
        return news(" ".join(said))

    def on_RoundEnded(self, event: RoundEnded) -> Utterance:
        return news(self.round_over(event.round), Cue("round_end"))

    def round_over(self, number: int) -> str:
        # Translators: Storeslem: every player has struck after throw {round} of {rounds}.
        return self._("Throw {round} of {rounds} done.").format(**self.round_values(number))

    # ------------------------------------------------------------ review

    def makeable(self, player: int) -> list[int]:
        """The open numbers the dice can make, each on its own."""
        found = {n for numbers in strikes(self.game.dice, self.game.open_numbers(player)) for n in numbers}
        return sorted(found)

    def choices(self) -> Utterance | None:
        game = self.game
        player = game.current_player()
        if player is None or game.dice_request() is not None:
            return None
        if None in game.boards:
            # Translators: how to fill the board; board and random-board are typed commands.
            return news(self._("Fill your board: type board and nine different numbers from 1 to 24, "
                               "row by row, or random-board."))
        if game.free_strike_due:
            # Translators: the free strike: any open number.
            return news(self._("Strike any open number: {numbers}.").format(
                numbers=self.numbers(sorted(game.open_numbers(player)))))
        # Translators: the open numbers the dice can make now; the player may strike up to three at once.
        strike = news(self._("You can strike {numbers}, or pass.").format(numbers=self.numbers(self.makeable(player))))
        if self.thrown_now:
            return strike
        # Translators: the dice of the throw, said again as a player's strike turn comes, e.g. "Dice: 1, 2, 5."
        dice = news(self._("Dice: {dice}.").format(dice=self.language.numbers(game.dice, "standard-narrow")))
        return combine([dice, strike])

    def rows_words(self, player: int) -> str:
        """The board row by row, struck numbers marked."""
        board = self.game.boards[player]
        if board is None:
            # Translators: a board not yet filled in.
            return self._("{name} has no board yet.").format(name=self.name(player))
        rows = []
        for row in range(SIZE):
            cells = [self.cell_words(player, board[row * SIZE + column]) for column in range(SIZE)]
            # Translators: one row of the board, e.g. "Row 1: 5 struck, 6, 17."
            rows.append(self._("Row {row}: {cells}.").format(row=self.language.number(row + 1),
                                                             cells=", ".join(cells)))
        return " ".join(rows)

    def cell_words(self, player: int, number: int) -> str:
        if number in self.game.struck[player]:
            # Translators: a struck number on the board, e.g. "5 struck".
            return self._("{number} struck").format(number=self.language.number(number))
        return self.language.number(number)

    def board_answer(self, player: int | None = None) -> Utterance:
        who = self.whose(player)
        if self.game.boards[who] is None:  # the name once: "Ola has no board yet."
            return answer(self.rows_words(who))
        # Translators: the start of the board review, e.g. "Anna's board."
        said = [self._("{name}'s board.").format(name=self.name(who)), self.rows_words(who), self.lines_words(who)]
        return answer(" ".join(said))

    def lines_words(self, player: int) -> str:
        """What the board is worth now, and whether the free strike is still to come."""
        # Translators: a board's worth now, struck numbers plus full rows and columns.
        said = [self._("Worth {score} now.").format(score=self.score_words(self.game.scores()[player]))]
        if not self.game.bonus_used[player]:
            board = self.game.boards[player] or ()
            diagonal = max(sum(board[i] in self.game.struck[player] for i in cells) for cells in DIAGONALS)
            # Translators: how many cells of the best diagonal are struck; a full one gives a free strike.
            said.append(self._("Best diagonal: {count} of 3 struck.").format(count=self.language.number(diagonal)))
        return " ".join(said)

    def dice_answer(self) -> Utterance:
        if not self.game.dice:
            return super().dice_answer()
        # Translators: the dice review with the throw's number, e.g. "Dice: 6, 5, and 4, throw 2 of 3."
        return answer(self._("Dice: {dice}, throw {round} of {rounds}.").format(
            dice=self.dice_words(self.game.dice), **self.round_values(self.game.rolls)))

    # ------------------------------------------------------------ hints

    def expected_words(self, value: float) -> str:
        # Translators: the strategy's expected final score of the board.
        return self._("{value} expected points").format(value=self.language.decimal(value))

    def hint_answer(self, move: Move | None) -> Utterance:
        """While boards are filled in the hint says how, not a board the program would choose."""
        if isinstance(move, SetBoard):
            # Translators: a hint while boards are filled in.
            how = self._("Type your own board, or random-board")
            # Translators: a suggested move; {move} says it.
            return answer(self._("Hint: {move}.").format(move=how))
        return super().hint_answer(move)

    def advice_answer(self, advice: Advice) -> Utterance:
        """As :meth:`hint_answer`, a board is never chosen for the player."""
        if isinstance(advice.best.move, SetBoard):
            return self.hint_answer(advice.best.move)
        return super().advice_answer(advice)

    def move_words(self, move: Move) -> str:
        if isinstance(move, Strike):
            # Translators: a hint to strike numbers, e.g. "Strike 9 and 6".
            return self._("Strike {numbers}").format(numbers=self.numbers(move.numbers))
        if isinstance(move, FreeStrike):
            # Translators: a hint for the free strike, e.g. "Strike 17".
            return self._("Strike {numbers}").format(numbers=self.language.number(move.number))
        if isinstance(move, SetBoard):
            # Translators: a board as a move (one taken back), e.g. "The board 5, 6, 17, 1, 9, 3, 21, 4, and 2".
            return self._("The board {numbers}").format(numbers=self.numbers(move.cells))
        assert isinstance(move, Pass)
        # Translators: a hint to strike nothing.
        return self._("Pass")



#: The game's terms, explained on demand (``explain`` typed, E in the window; checklist CG-08).
TERMS: tuple[Term, ...] = (
    # Translators: the name of a player's Storeslem board, explained on demand (the boards' heading).
    Term(N_("Board"),
         # Translators: what the Storeslem term Board means, said when the player asks (CG-08).
         N_("Your nine different numbers from 1 to 24, in 3 rows of 3.")),
    # Translators: Storeslem's strike, explained on demand (the strike button's word).
    Term(N_("Strike"),
         # Translators: what the Storeslem term Strike means, said when the player asks (CG-08).
         N_("Cross out a number on your board that you made from the dice.")),
    # Translators: Storeslem's pass, explained on demand (the hint's word).
    Term(N_("Pass"),
         # Translators: what the Storeslem term Pass means, said when the player asks (CG-08).
         N_("Strike nothing after this throw.")),
    # Translators: a Storeslem term, explained on demand: the diagonal bonus.
    Term(N_("Free strike"),
         # Translators: what the Storeslem term Free strike means, said when the player asks (CG-08).
         N_("When a diagonal is first struck, strike one more number of your choice. "
                               "Once a game.")),
    # Translators: a Storeslem term, explained on demand: a row with all its numbers struck.
    Term(N_("Full row"),
         # Translators: what the Storeslem term Full row means, said when the player asks (CG-08).
         N_("A row with all three numbers struck: 10 points at the end.")),
    # Translators: a Storeslem term, explained on demand: a column with all its numbers struck.
    Term(N_("Full column"),
         # Translators: what the Storeslem term Full column means, said when the player asks (CG-08).
         N_("A column with all three numbers struck: 15 points at the end.")),
)

PRESENTER = StoreslemPresenter
