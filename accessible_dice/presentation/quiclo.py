"""What a QUICLO Equation player hears (rules: docs/rules/quiclo.md).

"Anna threw 12, 3, 7, 1, 10, and 5." then "12 ÷ 3 = 2 + 2: right, with 4
dice." or "... wrong: the left side makes 4, the right side 5. Anna loses a
life: 2 left." The hint never gives the equation away (the helper costs a
life); it says how many dice the best equation uses.
"""

from __future__ import annotations

from accessible_dice import arithmetic
from accessible_dice.errors import N_
from accessible_dice.games.base import GameEnded, Move
from accessible_dice.games.quiclo import (
    DICE,
    DeclareNone,
    EquationJudged,
    HelperUsed,
    LifeGained,
    LifeLost,
    NoneDeclared,
    PlayerOut,
    Quiclo,
    UseHelper,
    WriteEquation,
)
from accessible_dice.presentation.describe import Presenter, Term, answer, combine, news
from accessible_dice.strategy.common import Advice
from accessible_dice.utterance import Cue, Utterance


class QuicloPresenter(Presenter):
    # Translators: the game's name (German sheet: QUICLO Gleichung); see docs/spec/words.md.
    title = N_("QUICLO Equation")
    #: The tutorial's opening: what the game is about (accessible_dice.tutorial).
    # Translators: the opening of the QUICLO tutorial: what the game is about; 12/3=2+2 is typed as is.
    goal = N_("In QUICLO you throw six dice and make an equation from as many of them as you can, like "
              "12/3=2+2. A wrong equation costs a life.")
    game: Quiclo

    def score_words(self, score: int) -> str:
        # Translators: the QUICLO score: full rounds survived.
        return self.ngettext("{score} round survived", "{score} rounds survived", score).format(
            score=self.language.number(score))

    def on_GameEnded(self, event: GameEnded) -> Utterance:
        """A match is won by lasting, not by a count of rounds: the last player with lives, or those out together."""
        if self.solo:
            return super().on_GameEnded(event)
        if len(event.winners) == 1:
            # Translators: a QUICLO match ends: one player still has lives.
            text = self._("Game over. {name} wins, the last player with lives.").format(
                name=self.name(event.winners[0]))
        else:
            # Translators: a QUICLO match ends with everyone left out in the same round; they share the win.
            text = self._("Game over. {players} share the win: they were out in the same round.").format(
                players=self.names(event.winners))
        return combine([news(text, Cue("win")), self.others_after(event.winners)]) or news(text)

    def score_line(self, player: int, score: int) -> str:
        """A player of a match after the end: in which round they went out."""
        if self.game.in_game[player]:
            return super().score_line(player, score)
        # Translators: a QUICLO player after the end of a match, e.g. "Ola, out in round 2".
        return self._("{name}, out in round {round}").format(name=self.name(player),
                                                             round=self.language.number(score + 1))

    def lives_words(self, lives: int) -> str:
        # Translators: a number of lives, e.g. "2 lives".
        return self.ngettext("{count} life", "{count} lives", lives).format(count=self.language.number(lives))

    def setup_words(self) -> Utterance | None:
        """The lives everyone starts with; a game continued says the lives now instead."""
        if self.game.history:
            return news(self.standings_answer().text)
        lives = self.lives_words(self.game.options["lives"])
        if self.solo:
            # Translators: QUICLO alone, said at the start.
            return news(self._("You start with {lives}.").format(lives=lives))
        # Translators: QUICLO, said at the start.
        return news(self._("Everyone starts with {lives}.").format(lives=lives))

    # ------------------------------------------------------------ events

    def on_EquationJudged(self, event: EquationJudged) -> Utterance:
        if event.valid:
            if event.dice_used == DICE:
                # Translators: a right equation using all six dice (it wins a life).
                return news(self._("{equation}: right, with all {count} dice!").format(
                    equation=event.shown, count=self.language.number(DICE)), Cue("bonus"))
            # Translators: a right equation, e.g. "12 ÷ 3 = 2 + 2: right, with 4 dice" (3 to 5 dice).
            return news(self.ngettext("{equation}: right, with {count} die.", "{equation}: right, with {count} dice.",
                                      event.dice_used).format(equation=event.shown,
                                                              count=self.language.number(event.dice_used)))
        reason = self.refusal_text(event.reason) if event.reason is not None else ""
        # A judged move, not a refusal: it has no "invalid" cue, so the terminal prints no "Error:" before it
        # (that word means nothing changed); the life it costs has its own cue (on_LifeLost).
        # Translators: a wrong equation and why, e.g. "12 ÷ 3 = 2 + 3: wrong. The left side makes 4, ..."
        return news(self._("{equation}: wrong. {reason}").format(equation=event.shown, reason=reason))

    def on_HelperUsed(self, event: HelperUsed) -> Utterance:
        if event.equation is None:
            # Translators: the solution helper finds nothing (cannot happen with six twelve-sided dice).
            return news(self._("The helper finds no equation."))
        # Translators: the solution helper's equation.
        return news(self._("Helper: {equation}.").format(equation=event.equation))

    def on_NoneDeclared(self, event: NoneDeclared) -> Utterance:
        if event.confirmed or event.equation is None:
            # Translators: "no equation possible" was right; nothing is lost.
            return news(self._("Right: no equation is possible."))
        # Translators: "no equation possible" was wrong; the game says one.
        return news(self._("There is one: {equation}.").format(equation=event.equation))

    def on_LifeGained(self, event: LifeGained) -> Utterance:
        # Translators: a life won; {lives} is the new count, e.g. "4 lives".
        return news(self._("{name} gains a life: {lives}.").format(name=self.name(event.player),
                                                                   lives=self.lives_words(event.lives)),
                    Cue("life_won"))

    def on_LifeLost(self, event: LifeLost) -> Utterance:
        name = self.name(event.player)
        if event.lives == 0:
            # Translators: a player loses the last life (what follows says they are out); not "0 lives left".
            return news(self._("{name} loses the last life.").format(name=name), Cue("life_lost"))
        # Translators: a life lost; {lives} is what is left, e.g. "2 lives".
        return news(self._("{name} loses a life: {lives} left.").format(name=name, lives=self.lives_words(event.lives)),
                    Cue("life_lost"))

    def on_PlayerOut(self, event: PlayerOut) -> Utterance:
        # Translators: a player with no lives left at the end of a round.
        return news(self._("{name} is out.").format(name=self.name(event.player)))

    # ------------------------------------------------------------ review

    def choices(self) -> Utterance | None:
        if not self.game.dice_on_table() or self.game.is_over():
            return None
        # Translators: what can be done after the throw; helper and none are typed commands.
        return news(self._("Type an equation with at least 3 of the dice, like 12/3=2+2; or helper, or none."))

    def lives_line(self, player: int) -> str:
        if not self.game.in_game[player]:
            # Translators: a player who is out, in the lives review.
            return self._("{name} is out").format(name=self.name(player))
        # Translators: a player's lives, e.g. "Anna 3 lives".
        return self._("{name} {lives}").format(name=self.name(player), lives=self.lives_words(self.game.lives[player]))

    def board_answer(self, player: int | None = None) -> Utterance:
        who = self.whose(player)
        return answer(self.lives_line(who) + ".")

    def standings_words(self) -> Utterance:
        """A match is ranked by lasting, not by "rounds survived" (playtest D12): during it, everybody's lives;
        after it, who lasted, then in which round each other player went out. Alone, the rounds are the score."""
        if not self.game.is_over():
            lines = self.language.join(self.lives_line(p) for p in range(len(self.game.players)))
            # Translators: everybody's lives, then the round, e.g. "Lives: Anna 3 lives and Ben 2 lives."
            return news(self._("Lives: {lines}.").format(lines=lines))
        if self.solo:
            return super().standings_words()
        # Translators: one line of a QUICLO match's final standings: rank, then "Anna 2 lives" or "Ben, out in round 3".
        ranked = [self._("{rank}. {who}.").format(
            rank=self.language.number(s.rank),
            who=self.lives_line(s.player) if self.game.in_game[s.player] else self.score_line(s.player, s.score))
            for s in self.game.standings()]
        # Translators: followed by the standings, best first.
        return news(" ".join([self._("Standings:"), *ranked]))

    def move_words(self, move: Move) -> str:
        if isinstance(move, UseHelper):
            # Translators: the QUICLO helper as a choice in a hint.
            return self._("The helper")
        if isinstance(move, DeclareNone):
            # Translators: "no equation possible" as a choice in a hint.
            return self._("No equation possible")
        assert isinstance(move, WriteEquation)
        # Translators: a typed equation as a move (one taken back), e.g. "The equation 1=1=1".
        return self._("The equation {equation}").format(equation=move.text)

    def expected_words(self, value: float) -> str:
        # Translators: what a choice does to the player's lives this turn, e.g. "lives change -1".
        return self._("lives change {value}").format(value=self.language.number(round(value)))

    def advice_answer(self, advice: Advice) -> Utterance:
        """The strategy's hint: how many dice the helper's equation uses and its price, never the equation."""
        dice = getattr(advice, "helper_dice", None)
        if dice is None:
            return super().advice_answer(advice)
        cost = self.lives_words(getattr(advice, "helper_cost", 1))
        considered = advice.considered.move if advice.considered is not None else None
        if isinstance(considered, DeclareNone) and dice:
            # Translators: asked about "no equation possible" when there is one; {cost} e.g. "1 life".
            return answer(self._("An equation exists: declaring none would cost {cost}.").format(cost=cost))
        if dice == 0:
            # Translators: a QUICLO hint when the dice make no equation at all.
            return answer(self._("Hint: no equation is possible; type none."))
        if dice == DICE:
            # Translators: a QUICLO hint: all six dice make an equation (it wins a life); the helper costs {cost}.
            return answer(self._("Hint: an equation with all {count} dice exists. The helper costs {cost}.").format(
                count=self.language.number(DICE), cost=cost))
        # Translators: a QUICLO hint: the longest equation uses {count} dice; the helper costs {cost}.
        return answer(self.ngettext("Hint: the best equation uses {count} die. The helper costs {cost}.",
                                    "Hint: the best equation uses {count} dice. The helper costs {cost}.",
                                    dice).format(count=self.language.number(dice), cost=cost))

    def hint_answer(self, move: Move | None) -> Utterance:
        """How many dice the best equation uses; never the equation, which the helper sells for a life."""
        if not isinstance(move, WriteEquation):
            return super().hint_answer(move)
        left, right = arithmetic.parse_equation(move.text)
        count = len(arithmetic.numbers(left) + arithmetic.numbers(right))
        if count == DICE:
            # Translators: a QUICLO hint: an equation with every die exists (it would win a life).
            return answer(self._("Hint: an equation with all {count} dice exists.").format(
                count=self.language.number(DICE)))
        # Translators: a QUICLO hint: the largest equation possible uses {count} dice.
        return answer(self.ngettext("Hint: the best equation uses {count} die.",
                                    "Hint: the best equation uses {count} dice.", count).format(
            count=self.language.number(count)))


#: The game's terms, explained on demand (``explain`` typed, E in the window; checklist CG-08).
TERMS: tuple[Term, ...] = (
    # Translators: a QUICLO term, explained on demand.
    Term(N_("Equation"),
         # Translators: what the QUICLO term Equation means, said when the player asks (CG-08).
         N_("At least 3 dice with signs between them and one =. Both sides must be equal.")),
    # Translators: a QUICLO term, explained on demand: what a player has 3 of at the start.
    Term(N_("Life"),
         # Translators: what the QUICLO term Life means, said when the player asks (CG-08).
         N_("Everyone starts with 3. A wrong equation costs one; one with all 6 dice gains one.")),
    # Translators: a QUICLO term, explained on demand: the solution helper (the typed word is helper).
    Term(N_("Helper"),
         # Translators: what the QUICLO term Helper means, said when the player asks (CG-08).
         N_("The program finds an equation for you. It costs 1 life.")),
    # Translators: QUICLO's "no equation possible", explained on demand (the hint's words).
    Term(N_("No equation possible"),
         # Translators: what the QUICLO term No equation possible means, said when the player asks (CG-08).
         N_("Say that no equation can be made. If the program finds one, you "
                                        "lose 1 life.")),
)

PRESENTER = QuicloPresenter
