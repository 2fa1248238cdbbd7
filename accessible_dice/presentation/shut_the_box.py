"""What a Shut the Box player hears (rules: docs/rules/shut-the-box.md).

Short and numbers first: "Anna threw 3 and 4. Singles: 3 and 4. Sum: 7.",
then "Flap 7 shut. Ben's turn." Each shut flap has its own cue, panned from
flap 1 on the left to flap 10 on the right and pitched by its number.
"""

from __future__ import annotations

from collections.abc import Sequence

from accessible_dice.errors import N_
from accessible_dice.games.base import Move, TurnStarted
from accessible_dice.games.shut_the_box import (
    FLAPS,
    BoxShut,
    FlapsShut,
    RoundScored,
    Shut,
    ShutTheBox,
    TurnPassed,
)
from accessible_dice.presentation.describe import Presenter, Term, answer, combine, news
from accessible_dice.utterance import Cue, Utterance

#: The ways to use a throw, as the player hears them (capitalised: they start a sentence).
WAY_NAMES = {
    # Translators: Shut the Box, shut the flaps of both dice's numbers.
    "singles": N_("Singles"),
    # Translators: Shut the Box, shut the flap of the dice's sum.
    "sum": N_("Sum"),
    # Translators: Shut the Box (easy variant), shut the flap of the dice's difference.
    "difference": N_("Difference"),
}


def flap_cue(flap: int) -> Cue:
    """A flap's sound: flap 1 far left and lowest, flap 10 far right and highest."""
    return Cue("flap_shut", position=(flap - FLAPS[0]) / (FLAPS[-1] - FLAPS[0]), pitch=flap - 1)


class ShutTheBoxPresenter(Presenter):
    # Translators: the game's name (Czech: Šance); see docs/spec/words.md.
    title = N_("Shut the Box")
    #: The tutorial's opening: what the game is about (accessible_dice.tutorial).
    # Translators: the opening of the Shut the Box tutorial: what the game is about, in two short sentences.
    goal = N_("In Shut the Box you throw two dice and shut flaps numbered 1 to 10 that make your throw: "
              "its sum, or its two numbers. Shut as many flaps as you can.")
    game: ShutTheBox

    def flaps_words(self, flaps: Sequence[int]) -> str:
        # Translators: no flaps at all, e.g. "Shut: none."
        return self.numbers(flaps) if flaps else self.language.pgettext("no flaps", "none")

    def score_words(self, score: int) -> str:
        if self.solo:
            # Translators: the solitaire score of Shut the Box: turns taken.
            return self.ngettext("{score} turn", "{score} turns", score).format(
                score=self.language.number(score))
        # Translators: Shut the Box scores penalty points: the sum of the open flaps.
        return self.ngettext("{score} penalty point", "{score} penalty points", score).format(
            score=self.language.number(score))

    def setup_words(self) -> Utterance | None:
        said = []
        if self.game.options["easy"]:
            # Translators: Shut the Box option.
            said.append(news(self._("Easy variant: the difference counts too.")))
        if self.game.rounds > 1:
            # Translators: the match length.
            said.append(news(self.ngettext("{rounds} round.", "{rounds} rounds.", self.game.rounds).format(
                rounds=self.language.number(self.game.rounds))))
        if self.game.rolloff is not None:
            # Translators: who starts is decided by a throw of one die each.
            said.append(news(self._("Everyone throws one die; the highest starts.")))
        return combine(said)

    # ------------------------------------------------------------ events

    def on_TurnStarted(self, event: TurnStarted) -> Utterance:
        if self.solo:
            number = self.game.turns[event.player] + 1
            # Translators: solitaire Shut the Box counts turns; that count is the score.
            said = news(self._("Turn {number}.").format(number=self.language.number(number)), Cue("your_turn"))
        else:
            said = super().on_TurnStarted(event)
        if self.full:
            return combine([said, self.open_flaps_news(event.player)]) or said
        return said

    def open_flaps_news(self, player: int) -> Utterance:
        # Translators: the flaps still open on a player's board.
        return news(self._("Open: {flaps}.").format(flaps=self.flaps_words(self.game.open_flaps(player))))

    def on_FlapsShut(self, event: FlapsShut) -> Utterance:
        flaps = self.numbers(event.flaps)
        cues = [flap_cue(flap) for flap in event.flaps]
        if self.brief:
            # Translators: brief verbosity: flaps just shut, e.g. "7 shut."
            return news(self._("{flaps} shut.").format(flaps=flaps), *cues)
        # Translators: flaps just shut, e.g. "Flap 7 shut." or "Flaps 3 and 4 shut."
        said = self.ngettext("Flap {flaps} shut.", "Flaps {flaps} shut.", len(event.flaps)).format(flaps=flaps)
        return news(said, *cues)

    def on_TurnPassed(self, event: TurnPassed) -> Utterance:
        # Translators: Shut the Box: the throw allows no move; play moves on.
        return news(self._("Nothing can be shut."))

    def on_BoxShut(self, event: BoxShut) -> Utterance:
        if self.solo:
            # Translators: solitaire: every flap is shut.
            return news(self._("Box shut!"), Cue("bonus"))
        # Translators: a player shut all ten flaps and wins the round.
        return news(self._("{name} shut the box!").format(name=self.name(event.player)), Cue("bonus"))

    def on_RoundScored(self, event: RoundScored) -> Utterance | None:
        """Said only in a match of several rounds: a single round ends with the game."""
        if self.game.rounds == 1:
            return None
        values = event.turns if self.solo else event.penalties
        per_player = [self.score_line(p, values[p]) for p in self.leader_first(values)]
        parts = [news(self.round_over(event.round))]
        # Translators: this round's results, e.g. "This round: Anna 0 penalty points and Ben 16 penalty points."
        parts.append(news(self._("This round: {results}.").format(results=self.language.join(per_player))))
        if not self.game.is_over() and not self.solo and event.round > 1:  # after round 1 they are this round's
            totals = [self.score_line(p, event.totals[p]) for p in self.leader_first(event.totals)]
            # Translators: the match so far, added over the rounds played.
            parts.append(news(self._("Totals: {results}.").format(results=self.language.join(totals))))
        return combine(parts)

    def leader_first(self, penalties: Sequence[int]) -> list[int]:
        """The players, fewest penalty points first (ties in seat order): the leader is said first."""
        return sorted(range(len(self.game.players)), key=lambda p: penalties[p])

    def on_RoundEnded(self, event: object) -> None:
        """:meth:`on_RoundScored` says the end of the round with its results."""
        return None

    # ------------------------------------------------------------ review

    def choices(self) -> Utterance | None:
        available = self.game.available()
        if not available:
            return None
        # Translators: one way to use the throw and the flaps it shuts, e.g. "Sum: 7."
        said = [self._("{way}: {flaps}.").format(way=self._(WAY_NAMES[way]), flaps=self.numbers(flaps))
                for way, flaps in available.items()]
        return news(" ".join(said))

    def numbered_intro(self) -> Utterance | None:
        """The numbered list says each way with its flaps already."""
        return None

    def move_words(self, move: Move) -> str:
        assert isinstance(move, Shut)
        flaps = sorted(self.game.available().get(move.way, ()))
        # Translators: a move in a hint, e.g. "Sum (7)" or "Singles (3 and 4)".
        return self._("{way} ({flaps})").format(way=self._(WAY_NAMES[move.way]), flaps=self.numbers(flaps))

    def expected_words(self, value: float) -> str:
        # Translators: the strategy's expected number of turns to shut the box this round.
        return self._("{value} expected turns").format(value=self.language.decimal(value))

    def board_answer(self, player: int | None = None) -> Utterance:
        who = self.whose(player)
        open_flaps = self.game.open_flaps(who)
        shut = [flap for flap in FLAPS if flap not in open_flaps]
        # Translators: a player's board, e.g. "Anna: open 1, 2 and 5. Shut: 3, 4, 6, 7, 8, 9 and 10."
        return answer(self._("{name}: open {open}. Shut: {shut}.").format(
            name=self.name(who), open=self.flaps_words(open_flaps), shut=self.flaps_words(shut)))

    def turn_number(self) -> int:
        """Alone, the turn being played: a turn counts from its throw, so before it the next one."""
        player = self.game.current_player() or 0
        return self.game.turns[player] + (0 if self.game.dice is not None else 1)

    def whose_turn(self) -> str:
        """Alone, the turn's number: it is the score (playtest: "Player's turn." gave no number)."""
        if not self.solo:
            return super().whose_turn()
        # Translators: solitaire Shut the Box counts turns; that count is the score.
        return self._("Turn {number}.").format(number=self.language.number(self.turn_number()))

    def standings_answer(self) -> Utterance:
        """Mid-game, the penalty each player would have now, then the match totals; alone, the flaps open and
        the turn being played (not "2 turns" during turn 2, which sounded like two played)."""
        if self.game.is_over():
            return super().standings_answer()
        if self.solo:
            open_flaps = self.game.open_flaps(0)
            # Translators: solitaire Shut the Box, mid-game, e.g. "9 flaps open, in turn 2."
            return answer(self.ngettext("{count} flap open, in turn {number}.", "{count} flaps open, in turn {number}.",
                                        len(open_flaps)).format(count=self.language.number(len(open_flaps)),
                                                                number=self.language.number(self.turn_number())))
        lines = []
        for player in range(len(self.game.players)):
            open_flaps = self.game.open_flaps(player)
            # Translators: a player's position now, e.g. "Ben: 4 flaps open, 27 points."
            lines.append(self.ngettext("{name}: {count} flap open, {points}.",
                                       "{name}: {count} flaps open, {points}.", len(open_flaps)).format(
                name=self.name(player), count=self.language.number(len(open_flaps)),
                points=self.score_words(self.game.turns[player] if self.solo else sum(open_flaps))))
        if self.game.results and not self.solo:
            totals = [self.score_line(p, s) for p, s in enumerate(self.game.penalties())]
            # Translators: the match totals over the finished rounds.
            lines.append(self._("Totals: {results}.").format(results=self.language.join(totals)))
        return answer(" ".join(lines))


#: The game's terms, explained on demand (``explain`` typed, E in the window; checklist CG-08).
TERMS: tuple[Term, ...] = (
    # Translators: a Shut the Box term, explained on demand: one of the ten numbered flaps.
    Term(N_("Flap"),
         # Translators: what the Shut the Box term Flap means, said when the player asks (CG-08).
         N_("One of the numbers 1 to 10 on your board. It is open until you shut it.")),
    Term(WAY_NAMES["singles"],
         # Translators: what the Shut the Box term Singles means, said when the player asks (CG-08).
         N_("Shut the flaps of the numbers on the two dice.")),
    Term(WAY_NAMES["sum"],
         # Translators: what the Shut the Box term Sum means, said when the player asks (CG-08).
         N_("Shut the flap of the two dice added, if that is 10 or less.")),
    Term(WAY_NAMES["difference"],
         # Translators: what the Shut the Box term Difference means, said when the player asks (CG-08).
         N_("Easy variant only: shut the flap of the larger die minus the smaller.")),
    # Translators: a Shut the Box term, explained on demand: the score of a round.
    Term(N_("Penalty points"),
         # Translators: what the Shut the Box term Penalty points means, said when the player asks (CG-08).
         N_("At the end of a round, the sum of your open flaps. The fewest wins.")),
)

PRESENTER = ShutTheBoxPresenter
