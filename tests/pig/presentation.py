"""Pig's words: its events, its moves and what can be chosen, in the player's language.

What every presenter writes: an ``on_<Event>`` method for each event of the
rules (the shared events are said by the base class), :meth:`choices` (what
``moves`` and the prompt after a throw say), :meth:`move_words` (a move as a
hint names it: never the move's ``kind``), :meth:`expected_words` (the
strategy's measure), :meth:`board_answer` and :meth:`score_words` where the
game has them, and ``PRESENTER`` at the end.
"""

from __future__ import annotations

from accessible_dice.errors import N_
from accessible_dice.games.base import Move
from accessible_dice.presentation.describe import Presenter, answer, news
from accessible_dice.utterance import Cue, Utterance
from pig import PARTS
from pig.rules import GOAL, Hold, Pig, PointsBanked, TurnLost


class PigPresenter(Presenter):
    title = PARTS.title
    # Translators: the opening of the Pig tutorial (the example game): what the game is about.
    goal = N_("In Pig you throw one die as often as you like and bank the turn's points; a 1 loses them. "
              "The first to 100 points wins.")
    game: Pig

    def setup_words(self) -> Utterance:
        # Translators: Pig, said at the start: the goal.
        return news(self._("The first to bank {goal} points wins.").format(goal=self.language.number(GOAL)))

    def on_TurnLost(self, event: TurnLost) -> Utterance:
        # Translators: Pig: a 1 was thrown; {points} is the turn total lost, e.g. "8 points".
        return news(self._("A 1: {name} loses {points}.").format(name=self.name(event.player),
                                                               points=self.score_words(event.lost)),
                    Cue("life_lost"))

    def on_PointsBanked(self, event: PointsBanked) -> Utterance:
        # Translators: Pig: a player banked the turn total; {total} is their score now.
        return news(self._("{name} banks {points}; {total} in total.").format(
            name=self.name(event.player), points=self.score_words(event.points),
            total=self.language.number(event.total)), Cue("bonus"))

    def choices(self) -> Utterance | None:
        if not self.game.legal_moves():
            return None
        # Translators: Pig, after a throw: the turn total and the two choices; roll and hold are typed words.
        return news(self._("{points} this turn: roll again, or hold to bank them.").format(
            points=self.score_words(self.game.at_risk)))

    def move_words(self, move: Move) -> str:
        if isinstance(move, Hold):
            # Translators: Pig, a move in a hint or on the window's button: bank the turn total.
            return self._("Hold and bank {points}").format(points=self.score_words(self.game.at_risk))
        # Translators: Pig, a move in a hint or on the window's button: throw the die again.
        return self._("Roll again")

    def expected_words(self, value: float) -> str:
        # Translators: the strategy's expected score of the whole turn.
        return self._("{value} expected points this turn").format(value=self.language.decimal(value))

    def board_answer(self, player: int | None = None) -> Utterance:
        who = self.whose(player)
        # Translators: Pig: a player's banked score.
        said = [self._("{name}: {total}.").format(name=self.name(who),
                                                  total=self.score_words(self.game.totals[who]))]
        if who == self.game.turn and self.game.at_risk:
            # Translators: Pig: the points thrown this turn, not banked yet.
            said.append(self._("At risk this turn: {points}.").format(points=self.score_words(self.game.at_risk)))
        return answer(" ".join(said))


PRESENTER = PigPresenter
