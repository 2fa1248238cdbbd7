"""What a Threes Away player hears (rules: docs/rules/threes-away.md).

Dice are said in the order thrown, because that order gives their positions
for ``keep``: "Anna threw 3, 2, 6, 4 and 5. Keep the 3: die 1." Then "3 and 2
kept, 2 points so far." and at the end of the turn "Anna scores 9 points;
25 in total."
"""

from __future__ import annotations

from accessible_dice.errors import N_
from accessible_dice.games.base import DiceThrown, Move, RoundEnded, StarterChosen
from accessible_dice.games.threes_away import (
    DICE,
    THREE,
    DiceKept,
    Keep,
    RoundsSet,
    ThreesAway,
    TurnScored,
    deciding,
    turn_score,
)
from accessible_dice.presentation.describe import THROW_CUES, Presenter, Term, answer, combine, news
from accessible_dice.utterance import Utterance


class ThreesAwayPresenter(Presenter):
    # Translators: the game's name (Swedish: Treor bort); see docs/spec/words.md.
    title = N_("Threes Away")
    #: The tutorial's opening: what the game is about (accessible_dice.tutorial).
    # Translators: the opening of the Threes Away tutorial: what the game is about.
    goal = N_("In Threes Away you throw the dice and keep at least one after each throw, until all five are "
              "kept. Every 3 counts nothing. The lowest total wins, or the highest in the variant high.")
    game: ThreesAway

    def setup_words(self) -> Utterance | None:
        if self.game.options["variant"] == "high":
            # Translators: Threes Away variant High.
            said = [news(self._("High: the highest total wins."))]
        else:
            # Translators: Threes Away variant Low.
            said = [news(self._("Low: the lowest total wins."))]
        # A throw that decided already is not said again as a game continues (playtest P9).
        if deciding(self.game.rolloff) is not None:
            # Translators: Threes Away: who starts is decided by a throw of all five dice.
            said.append(news(self._("Everyone throws all five dice; the highest sum starts.")))
        if self.game.rounds is None:
            # Translators: Threes Away: the starting player's die sets the number of rounds.
            said.append(news(self._("The starting player throws one die for the number of rounds.")))
        elif not self.game.history:  # a game continued says "round 1 of 2" in its turn line
            rounds = self.game.rounds
            # Translators: Threes Away: the number of rounds was chosen before the game.
            said.append(news(self.ngettext("{rounds} round.", "{rounds} rounds.", rounds).format(
                rounds=self.language.number(rounds))))
        return combine(said)

    # ------------------------------------------------------------ events

    def on_DiceThrown(self, event: DiceThrown) -> Utterance:
        """A throw for the start says its sum, the number that decides (playtest P10)."""
        if event.purpose != "start" or self.brief:
            return super().on_DiceThrown(event)
        # Translators: Threes Away: a throw of five dice to decide who starts, and its sum, which decides.
        return news(self._("{name} threw {dice} for the start: {total} in all.").format(
            name=self.name(event.player), dice=self.dice_words(event.values),
            total=self.language.number(sum(event.values))), *THROW_CUES)

    def on_StarterChosen(self, event: StarterChosen) -> Utterance:
        """Who starts, and, while the rounds are still to be thrown, that this player throws for them
        (real dice have their own prompt for that throw)."""
        if self.game.rounds is not None or self.manual_dice:
            return super().on_StarterChosen(event)
        # Translators: Threes Away: the starter is decided and now throws one die for the number of rounds.
        return news(self._("{name} starts, and now throws one die for the number of rounds.").format(
            name=self.name(event.player)))

    def on_RoundsSet(self, event: RoundsSet) -> Utterance:
        # Translators: Threes Away: the number of rounds was thrown.
        return news(self.ngettext("The game has {rounds} round.", "The game has {rounds} rounds.",
                                  event.rounds).format(rounds=self.language.number(event.rounds)))

    def on_DiceKept(self, event: DiceKept) -> Utterance:
        values = self.numbers(event.values)
        if event.forced and len(event.values) > 1:
            # Translators: Threes Away: every die thrown showed 3, so all were kept at once.
            return news(self._("All kept."))
        if self.brief or len(event.kept) == DICE:
            # Translators: dice set aside, e.g. "3 and 2 kept."
            return news(self._("{values} kept.").format(values=values))
        # Translators: dice set aside and the turn score so far, e.g. "3 and 2 kept, 2 points so far."
        return news(self._("{values} kept, {score} so far.").format(
            values=values, score=self.score_words(turn_score(event.kept))))

    def on_TurnScored(self, event: TurnScored) -> Utterance:
        score, total = self.score_words(event.score), self.score_words(event.total)
        if self.solo:
            # Translators: solitaire Threes Away: the turn's score and the total.
            return news(self._("Turn score {score}; {total} in total.").format(score=score, total=total))
        # Translators: a player's turn score and total, e.g. "Anna scores 9 points; 25 in total."
        return news(self._("{name} scores {score}; {total} in total.").format(
            name=self.name(event.player), score=score, total=total))

    def on_RoundEnded(self, event: RoundEnded) -> Utterance | None:
        said = super().on_RoundEnded(event)
        if self.game.is_over() or self.solo:
            return said
        return combine([said, self.standings_words()]) or said

    # ------------------------------------------------------------ review

    def threes(self) -> list[int]:
        """Positions, from 1, of the threes just thrown."""
        return [p + 1 for p, value in enumerate(self.game.dice_on_table()) if value == THREE]

    def choices(self) -> Utterance | None:
        if self.game.dice_on_table() == () or self.game.is_over():
            return None
        threes = self.threes()
        if threes:
            # Translators: Threes Away: every 3 thrown must be kept; {positions} are die positions.
            said = self.ngettext("Keep the 3: die {positions}.", "Keep the 3s: dice {positions}.",
                                 len(threes)).format(positions=self.numbers(threes))
        else:
            # Translators: Threes Away: at least one of the dice thrown must be kept.
            said = self._("Keep at least one die.")
        if self.full:
            # Translators: how to type a keep; positions count from 1 in the order the dice were said.
            said = " ".join([said, self._("Type keep and the positions, like keep 1 3.")])
        return news(said)

    def move_words(self, move: Move) -> str:
        assert isinstance(move, Keep)
        table = self.game.dice_on_table()
        positions = [p + 1 for p in move.positions]
        # Translators: a keep in a hint: positions, then the values, e.g. "Keep dice 2 and 4 (3 and 6)".
        return self.ngettext("Keep die {positions} ({values})", "Keep dice {positions} ({values})",
                             len(positions)).format(positions=self.numbers(positions),
                                                    values=self.numbers(table[p] for p in move.positions))

    def expected_words(self, value: float) -> str:
        # Translators: the strategy's expected score of the whole turn.
        return self._("{value} expected points this turn").format(value=self.language.decimal(value))

    def dice_answer(self) -> Utterance:
        table = self.game.dice_on_table()
        kept = self.game.kept_dice()
        said = [super().dice_answer().text] if table or not kept else []
        if kept:
            # Translators: the dice kept this turn, in the order kept.
            said.append(self._("Kept: {dice}.").format(dice=self.numbers(kept)))
        return answer(" ".join(said))

    def board_answer(self, player: int | None = None) -> Utterance:
        """A player's turn scores and total, and the dice kept in the turn being played."""
        who = self.whose(player)
        scores = self.game.turn_scores[who]
        if scores:
            # Translators: a player's turn scores and total, e.g. "Anna: turns 9 and 12, 21 points."
            said = [self._("{name}: turns {scores}, {total}.").format(
                name=self.name(who), scores=self.numbers(scores), total=self.score_words(sum(scores)))]
        else:
            # Translators: a player who has not finished a turn yet.
            said = [self._("{name}: no turns played yet.").format(name=self.name(who))]
        if who == self.game.turn and self.game.kept_dice():
            kept = self.game.kept_dice()
            # Translators: the dice kept so far in this turn and what they score.
            said.append(self._("Kept now: {dice}, {score}.").format(dice=self.numbers(kept),
                                                                   score=self.score_words(turn_score(kept))))
        return answer(" ".join(said))


#: The game's terms, explained on demand (``explain`` typed, E in the window; checklist CG-08).
TERMS: tuple[Term, ...] = (
    # Translators: Threes Away's keep, explained on demand (the keep button's word).
    Term(N_("Keep"),
         # Translators: what the Threes Away term Keep means, said when the player asks (CG-08).
         N_("Set aside dice you just threw: at least one, and every 3.")),
    # Translators: a Threes Away term, explained on demand: a die showing 3.
    Term(N_("Three"),
         # Translators: what the Threes Away term Three means, said when the player asks (CG-08).
         N_("A die showing 3 counts 0 points.")),
    # Translators: a Threes Away term, explained on demand: the game where the highest total wins.
    Term(N_("High"),
         # Translators: what the Threes Away term High means, said when the player asks (CG-08).
         N_("The game where the highest total wins.")),
    # Translators: a Threes Away term, explained on demand: the game where the lowest total wins.
    Term(N_("Low"),
         # Translators: what the Threes Away term Low means, said when the player asks (CG-08).
         N_("The game where the lowest total wins.")),
)

PRESENTER = ThreesAwayPresenter

