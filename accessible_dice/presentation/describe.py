"""Events, refusals and review requests turned into utterances: the common part.

A :class:`Presenter` reads a game (never changes it) and says things about it
in the player's language. Each game has a subclass in its own module
(``presentation/<game>.py``) that adds its events and review answers; the
common events of :mod:`accessible_dice.games.base` are said here.

How an event is found: an event class ``FlapsShut`` is said by the method
``on_FlapsShut(event)``, which returns an :class:`Utterance` or ``None`` (when
another event of the same action already says it). Every event of a rules
module needs such a method; ``tests/test_presentation.py`` checks it.

The most important words come first ("Flap 7 shut. Ben's turn."). What the
game announces by itself is queued; what a player asked for (review, help,
refusals) interrupts speech in progress.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from accessible_dice.dice import DiceRequest, example_entry
from accessible_dice.errors import DiceError
from accessible_dice.games.base import (
    DiceThrown,
    Event,
    Game,
    GameEnded,
    Move,
    NoThrowNow,
    RollOffTied,
    RoundEnded,
    StarterChosen,
    TurnStarted,
)
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.options import localized_data as localized_options
from accessible_dice.presentation.options import refusal_words
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.strategy.common import Advice, Choice
from accessible_dice.utterance import Cue, Utterance

#: A throw's sounds: the shake, then the landing.
THROW_CUES = (Cue("dice_shake"), Cue("dice_land"))


def combine(parts: Iterable[Utterance | None], interrupt: bool = False) -> Utterance | None:
    """Whole sentences said one after another as one announcement, cues in order."""
    said = [part for part in parts if part is not None and part.text]
    if not said:
        return None
    return Utterance(" ".join(part.text for part in said),
                     tuple(cue for part in said for cue in part.cues), interrupt)


def answer(text: str, *cues: Cue) -> Utterance:
    """What a player asked for: it interrupts speech in progress."""
    return Utterance(text, cues, interrupt=True)


def news(text: str, *cues: Cue) -> Utterance:
    """What the game announces by itself: it is queued."""
    return Utterance(text, cues, interrupt=False)


@dataclass(frozen=True)
class Term:
    """A game term: its name as said and typed, and what it means, both marked for translation.

    ``face`` fills ``{face}`` in a definition shared by several terms (Yatzy's Ones to Sixes). ``row`` is the
    key of the board row it explains (Yatzy's boxes), so E on that row explains it. A game's presentation
    module lists its terms as ``TERMS`` (:mod:`accessible_dice.presentation.terms` finds them there).
    """

    name: str
    definition: str
    face: int | None = None
    row: str | None = None


class Presenter:
    """Says one game's events and answers review requests about it.

    ``computers`` are the players the program plays, so a manual-dice prompt
    can ask the table to throw *for* them.
    """

    #: The game's name, marked for translation in the subclass.
    title: ClassVar[str] = ""
    #: What the game is about in two short sentences, said as its tutorial opens (:mod:`accessible_dice.tutorial`),
    #: marked for translation in the subclass; a game without one is not playable yet (:func:`~accessible_dice.
    #: presentation.missing`), so the tutorial never lacks it.
    goal: ClassVar[str] = ""
    #: How the terminal names dice after hold, release and keep (the keep-by setting), so hints can say
    #: what to type; ``None`` where moves are not typed (the window), and hints describe them instead.
    keep_by: str | None = None
    #: Whether the players throw real dice and type them: then each throw has its own prompt ("Anna, throw
    #: 1 die for the number of rounds …"), and the game's words need not say who throws next.
    manual_dice: bool = False

    def __init__(self, game: Game, language: Language, verbosity: Verbosity = Verbosity.NORMAL,
                 computers: Iterable[int] = ()) -> None:
        self.game = game
        self.language = language
        self.verbosity = verbosity
        self.computers = frozenset(computers)
        self._ = language._
        self.ngettext = language.ngettext

    # ------------------------------------------------------------ helpers

    @property
    def brief(self) -> bool:
        return self.verbosity == Verbosity.BRIEF

    @property
    def full(self) -> bool:
        return self.verbosity == Verbosity.FULL

    @property
    def solo(self) -> bool:
        """A game of one player (solitaire): no turns to hand over, no standings to say."""
        return len(self.game.players) == 1

    def name(self, player: int) -> str:
        return self.game.players[player]

    def names(self, players: Iterable[int]) -> str:
        return self.language.join(self.name(p) for p in players)

    def dice_words(self, values: Sequence[int]) -> str:
        """Dice values as a list: "3 and 4", or "3, 4" when brief."""
        return self.language.numbers(values, "standard-narrow" if self.brief else "standard")

    def numbers(self, values: Iterable[int]) -> str:
        return self.language.numbers(values)

    def game_title(self) -> str:
        return self._(self.title)

    def rounds_total(self) -> int | None:
        """How many rounds the game has, when it has rounds and they are known."""
        rounds = getattr(self.game, "rounds", None)
        return rounds if isinstance(rounds, int) else None

    def round_values(self, number: int) -> dict[str, str]:
        """The placeholders ``round`` and ``rounds`` of the round templates."""
        total = self.rounds_total()
        return {"round": self.language.number(number),
                "rounds": "" if total is None else self.language.number(total)}

    def score_words(self, score: int) -> str:
        """A score with its unit, e.g. "16 points"; games override the unit."""
        # Translators: a score in the standings or at the end of the game.
        return self.ngettext("{score} point", "{score} points", score).format(
            score=self.language.number(score))

    # ------------------------------------------------------------ announcements

    def opening(self, resumed: bool = False) -> Utterance:
        """The first words of a game: its name and players, then whose turn."""
        if resumed:  # noqa: SIM108 - each message keeps its own translator comment
            # Translators: a saved game is continued; {game} is its name, {players} a list.
            text = self._("{game} continued: {players}.")
        else:
            # Translators: a new game starts; {game} is its name, {players} a list of names.
            text = self._("{game}: {players}.")
        said = text.format(game=self.game_title(), players=self.names(range(len(self.game.players))))
        return combine([news(said), self.setup_words(), self.turn_news() if resumed else None]) or news(said)

    def setup_words(self) -> Utterance | None:
        """The chosen options worth saying at the start (rounds, variant); games override."""
        return None

    def announce(self, events: Sequence[Event], prompt: bool = False) -> Utterance | None:
        """Everything one action caused, as one announcement.

        ``prompt`` adds what the player now to move can choose (not when brief).
        """
        parts = [self.describe(event) for event in self.winner_first(events)]
        if prompt and not self.brief:
            parts.append(self.choices())
        return combine(parts)

    #: Events that sum a game up (each board's points, the last round's results): when the game ends they
    #: follow the winner's line, so the winner is heard first (games name theirs).
    summary_events: ClassVar[tuple[type[Event], ...]] = ()

    def winner_first(self, events: Sequence[Event]) -> list[Event]:
        """``events`` in the order said: at the end of the game, who won before the summary events."""
        ended = [event for event in events if isinstance(event, GameEnded)]
        if not ended:
            return list(events)
        summary = [event for event in events if isinstance(event, self.summary_events)]
        rest = [event for event in events if event not in ended and event not in summary]
        return [*rest, *ended, *summary]

    def describe(self, event: Event) -> Utterance | None:
        method = getattr(self, f"on_{type(event).__name__}", None)
        if method is None:
            raise LookupError(f"{type(self).__name__} cannot say {type(event).__name__}")
        said: Utterance | None = method(event)
        return said

    def on_DiceThrown(self, event: DiceThrown) -> Utterance:
        dice = self.dice_words(event.values)
        if self.brief:
            # Translators: brief verbosity: just the dice thrown, e.g. "3, 4."
            return news(self._("{dice}.").format(dice=dice), *THROW_CUES)
        if event.purpose == "start":
            # Translators: a throw to decide who starts.
            text = self._("{name} threw {dice} for the start.")
        elif event.purpose == "rounds":
            # Translators: the throw that sets the number of rounds.
            text = self._("{name} threw {dice} for the rounds.")
        else:
            # Translators: {dice} is a list of values, e.g. "3 and 4".
            text = self._("{name} threw {dice}.")
        said = text.format(name=self.name(event.player), dice=dice)
        if event.table and tuple(event.table) != tuple(event.values):
            # Translators: after a re-throw, all the dice on the table.
            said = " ".join([said, self._("Now {dice}.").format(dice=self.dice_words(event.table))])
        return news(said, *THROW_CUES)

    def on_TurnStarted(self, event: TurnStarted) -> Utterance:
        if self.solo:
            # Translators: solitaire: the next turn begins.
            return news(self._("Your turn."), Cue("your_turn"))
        cue = Cue("other_turn" if event.player in self.computers else "your_turn")
        # Translators: whose turn it is now.
        return news(self._("{name}'s turn.").format(name=self.name(event.player)), cue)

    def on_RollOffTied(self, event: RollOffTied) -> Utterance:
        # Translators: a tie in the throw for who starts; those players throw again.
        return news(self._("{players} tied with {total}; they throw again.").format(
            players=self.names(event.players), total=self.language.number(event.total)))

    def on_StarterChosen(self, event: StarterChosen) -> Utterance:
        # Translators: the throw for who starts is decided.
        return news(self._("{name} starts.").format(name=self.name(event.player)))

    def on_RoundEnded(self, event: RoundEnded) -> Utterance | None:
        return news(self.round_over(event.round), Cue("round_end"))

    def round_over(self, number: int) -> str:
        if self.rounds_total() is None:
            # Translators: a round ended; the number of rounds is open.
            return self._("Round {round} over.").format(**self.round_values(number))
        # Translators: a round ended, e.g. "Round 2 of 5 over."
        return self._("Round {round} of {rounds} over.").format(**self.round_values(number))

    def on_GameEnded(self, event: GameEnded) -> Utterance:
        winners = list(event.winners)
        if self.solo:
            # Translators: solitaire ends; {score} is e.g. "12 turns".
            text = self._("Game over: {score}.").format(score=self.score_words(event.scores[0]))
        elif len(winners) == 1:
            # Translators: {score} is the winner's result, e.g. "0 penalty points".
            text = self._("Game over. {name} wins with {score}.").format(
                name=self.name(winners[0]), score=self.score_words(event.scores[winners[0]]))
        else:
            # Translators: several players share the win; {players} is a list of names.
            text = self._("Game over. {players} share the win with {score}.").format(
                players=self.names(winners), score=self.score_words(event.scores[winners[0]]))
        return combine([news(text, Cue("win")), None if self.solo else self.others_after(winners)]) or news(text)

    def others_after(self, winners: Sequence[int]) -> Utterance | None:
        """The players after the winners, best first and short: "Then Ben 87 points and Cid 54 points."."""
        others = [s for s in self.game.standings() if s.player not in winners]
        if not others:
            return None
        # Translators: after the winner's line, the other players best first,
        # e.g. "Then Ben 87 points and Cid 54 points."
        return news(self._("Then {results}.").format(
            results=self.language.join(self.score_line(s.player, s.score) for s in others)))

    def score_line(self, player: int, score: int) -> str:
        # Translators: one player's result in a list, e.g. "Ben with 16 penalty points" (after "Then" at the end of
        # a game, and in "Totals:"); keep a word or a colon between the name and the score, so they do not run
        # together when spoken ("Ben: 16 Strafpunkte").
        return self._("{name} with {score}").format(name=self.name(player), score=self.score_words(score))

    # ------------------------------------------------------------ refusals and prompts

    def refusal(self, error: DiceError) -> Utterance:
        """A refusal in the player's language, its number lists said by babel.

        A throw while a move is due is followed by the moves possible now, so
        the fix is known (ER-02).
        """
        said = answer(self.refusal_text(error), Cue("invalid"))
        if isinstance(error, NoThrowNow) and not self.brief:
            return combine([said, self.due()], interrupt=True) or said
        return said

    def refusal_text(self, error: DiceError) -> str:
        # The same refusal with its data re-said; rendering reads only ``data``.
        return refusal_words(error, self.language, self.localized_data(error))

    def localized_data(self, error: DiceError) -> dict:
        """Re-say the lists and words in a refusal's data in the player's language; games add their own.

        A refusal that lists numbers carries them as a tuple of ints (under
        any name) beside the English display string its template uses
        ("3, 4"); that string is replaced by babel's list ("3 a 4").
        Option and setting words are re-said by :mod:`presentation.options`.
        """
        data = error.data
        result = localized_options(error, self.language)
        for key, values in data.items():
            if not isinstance(values, tuple) or not all(isinstance(v, int) for v in values):
                continue
            shown = ", ".join(str(v) for v in values)
            for name, value in data.items():
                if name != key and value == shown:
                    result[name] = self.numbers(values)
        return result

    def dice_prompt(self, request: DiceRequest) -> Utterance:
        """Ask the table to throw real dice and type the values (ER-03): the count, the range and both
        formats, spaced and, for dice of one digit, joined ("3 5 or 35"), so nobody learns the short way
        only from a refusal."""
        example = example_entry(request.count, request.faces)
        if request.count > 1 and request.faces <= 9:
            # Translators: the two ways the values of real dice may be typed, in a dice prompt's "like ...":
            # {spaced} is "3 5", {joined} the same digits without spaces, "35".
            example = self._("{spaced} or {joined}").format(spaced=example, joined=example.replace(" ", ""))
        values = {"name": self.name(request.player), "count": request.count, "faces": request.faces,
                  "example": example}
        if request.player in self.computers:
            # Translators: manual dice for a computer player; a person throws for it.
            text = self.ngettext("Throw {count} die for {name} and type its value from 1 to {faces}, "
                                 "like {example}.",
                                 "Throw {count} dice for {name} and type their values from 1 to {faces}, "
                                 "like {example}.", request.count)
        elif request.purpose == "start":
            # Translators: manual dice: the throw that decides who starts.
            text = self.ngettext("{name}, throw {count} die to decide who starts and type its value "
                                 "from 1 to {faces}, like {example}.",
                                 "{name}, throw {count} dice to decide who starts and type their values "
                                 "from 1 to {faces}, like {example}.", request.count)
        elif request.purpose == "rounds":
            # Translators: manual dice: the throw that sets the number of rounds.
            text = self.ngettext("{name}, throw {count} die for the number of rounds and type its value "
                                 "from 1 to {faces}, like {example}.",
                                 "{name}, throw {count} dice for the number of rounds and type their "
                                 "values from 1 to {faces}, like {example}.", request.count)
        else:
            # Translators: manual dice: {count} real dice to throw; {example} shows the format.
            text = self.ngettext("{name}, throw {count} die and type its value from 1 to {faces}, "
                                 "like {example}.",
                                 "{name}, throw {count} dice and type their values from 1 to {faces}, "
                                 "like {example}.", request.count)
        return news(text.format(**values), Cue("your_turn"))

    # ------------------------------------------------------------ review

    def dice_answer(self) -> Utterance:
        table = self.game.dice_on_table()
        if not table:
            # Translators: the dice review before the first throw.
            return answer(self._("No dice on the table."))
        # Translators: the review of the dice on the table.
        said = [self._("Dice: {dice}.").format(dice=self.dice_words(table))]
        held = self.game.held()
        if held:
            # Translators: which dice are held, by value.
            said.append(self._("Held: {dice}.").format(dice=self.dice_words([table[p] for p in held])))
        return answer(" ".join(said))

    def whose(self, player: int | None) -> int:
        """The player a review is about: ``player`` if named, else the one to act now (the first once it is over)."""
        current = self.game.current_player() if player is None else player
        return 0 if current is None else current

    def board_answer(self, player: int | None = None) -> Utterance:
        """A player's own board or scorecard; games override."""
        # Translators: the board review in a game without boards.
        return answer(self._("This game has no board."))

    def standings_words(self) -> Utterance:
        # Translators: one line of the standings: rank, name and score.
        lines = [self._("{rank}. {name}, {score}.").format(
            rank=self.language.number(s.rank), name=self.name(s.player), score=self.score_words(s.score))
            for s in self.game.standings()]
        # Translators: followed by the standings, best first.
        return news(" ".join([self._("Standings:"), *lines]))

    def standings_answer(self) -> Utterance:
        said = self.standings_words()
        return answer(said.text, *said.cues)

    def turn_news(self) -> Utterance:
        """Whose turn, which round, and what is due now (CG-04, CG-11)."""
        if self.game.is_over():
            # Translators: the turn review after the end.
            return news(self._("The game is over."))
        said = self.whose_turn()
        return combine([news(said), self.due()]) or news(said)

    def whose_turn(self) -> str:
        """Whose turn it is and which round, as a sentence (the game is not over)."""
        player = self.game.current_player()
        assert player is not None
        number = getattr(self.game, "round", None)
        if not isinstance(number, int) or self.rounds_total() == 1:
            # Translators: whose turn it is now.
            said = self._("{name}'s turn.").format(name=self.name(player))
        elif self.rounds_total() is None:
            # Translators: whose turn, while the number of rounds is not known yet.
            said = self._("{name}'s turn, round {round}.").format(name=self.name(player),
                                                                  **self.round_values(number))
        else:
            # Translators: whose turn, and progress, e.g. "Anna's turn, round 2 of 5."
            said = self._("{name}'s turn, round {round} of {rounds}.").format(name=self.name(player),
                                                                              **self.round_values(number))
        return said

    def turn_answer(self) -> Utterance:
        said = self.turn_news()
        return answer(said.text, *said.cues)

    def due(self) -> Utterance | None:
        """What the player to act must do now: throw, or choose."""
        request = self.game.dice_request()
        if request is None:
            return self.choices()
        # Translators: the player must throw now; {count} dice.
        return news(self.ngettext("Throw {count} die.", "Throw {count} dice.", request.count).format(
            count=self.language.number(request.count)))

    def choices(self) -> Utterance | None:
        """The moves possible now, with what each does; games override."""
        return None

    def moves_answer(self) -> Utterance:
        if self.game.is_over():
            # Translators: the moves review after the end.
            return answer(self._("The game is over."))
        said = self.due()
        if said is None:
            # Translators: the moves review when nothing is to be chosen.
            return answer(self._("Nothing to choose now."))
        return answer(said.text, *said.cues)

    def move_words(self, move: Move) -> str:
        """A move in the player's words, able to start a sentence (for hints); games override."""
        return move.kind

    def list_words(self, move: Move) -> str:
        """A move as the numbered moves list says it (short); by default as a hint says it."""
        return self.move_words(move)

    def numbered_intro(self) -> Utterance | None:
        """What the numbered moves list starts with: by default the choices (a game's rule for them)."""
        return self.choices()

    def numbered_answer(self, numbered: Sequence[tuple[int, Move]]) -> Utterance:
        """The terminal's moves review: each move with the number ``c N`` picks it by (CG-05)."""
        if not numbered:
            return self.moves_answer()
        # Translators: one move of the numbered moves list, e.g. "2 Sum (7)."
        items = [self._("{number} {move}.").format(number=self.language.number(number), move=self.list_words(move))
                 for number, move in numbered]
        if len(numbered) == 1 and len(self.game.legal_moves()) == 1:
            # Translators: the moves review when one move is possible; Enter (an empty line) makes it.
            close = self._("Press Enter for it.")
        else:
            # Translators: after the numbered moves; "c 2" (or "choose 2") picks move 2.
            close = self._("Type c and a number to choose, like c {number}.").format(
                number=self.language.number(numbered[-1][0]))
        intro = self.numbered_intro()
        return answer(" ".join([*([intro.text] if intro is not None else []), *items, close]))

    def only_move_news(self, move: Move) -> Utterance:
        """Offered after the prompt when one move is possible: Enter makes it."""
        # Translators: the only move possible now; an empty line (Enter) makes it, e.g. "Press Enter for Sum (8)."
        return news(self._("Press Enter for {move}.").format(move=self.list_words(move)))

    def expected_words(self, value: float) -> str:
        """A strategy's expected value in the game's own measure; games override the unit."""
        # Translators: the expected outcome of a hinted move, e.g. "expected 5.3".
        return self._("expected {value}").format(value=self.language.decimal(value))

    def hint_answer(self, move: Move | None) -> Utterance:
        """A suggested move, for games without a strategy; without one, what can be done."""
        if move is None:
            return self.moves_answer()
        # Translators: a suggested move; {move} says it, e.g. "Sum (7)".
        return answer(self._("Hint: {move}.").format(move=self.move_words(move)))

    def choice_words(self, choice: Choice) -> str:
        """A strategy's choice in the player's words: by default its first move; games override."""
        return self.move_words(choice.move)

    def computer_reason(self, advice: Advice) -> Utterance | None:
        """Why a computer player chose its move, said at full verbosity; nothing when it had no choice."""
        other = advice.alternative
        if not self.full or other is None:
            return None
        # Translators: full verbosity, after a computer player's move: why it chose it, e.g.
        # "Why: Sum (7), 19.4 expected turns; next best Singles (2 and 5), 19.9 expected turns."
        return news(self._("Why: {move}, {value}; next best {other_move}, {other}.").format(
            move=self.choice_words(advice.best), value=self.expected_words(advice.best.value),
            other_move=self.choice_words(other), other=self.expected_words(other.value)))

    def advice_answer(self, advice: Advice) -> Utterance:
        """The strategy's best move and what it is worth, against the next best or the move asked about."""
        best, other = advice.best, advice.alternative
        move, value = self.choice_words(best), self.expected_words(best.value)
        if other is None:
            # Translators: a hint when the throw allows one move only.
            return answer(self._("Hint: {move}. It is the only choice.").format(move=move))
        if advice.considered is not None and advice.considered.value == best.value:
            # Translators: the player asked about a move that is as good as any.
            return answer(self._("{move} is the best choice, {value}.").format(
                move=self.choice_words(advice.considered), value=value))
        if advice.considered is not None:
            # Translators: the move asked about is worse; {value} and {other} are expected outcomes.
            return answer(self._("Better: {move}, {value}, instead of {other}.").format(
                move=move, value=value, other=self.expected_words(other.value)))
        if not self.full:  # the next best is detail: said at full verbosity (playtest P4)
            # Translators: a hint, e.g. "Hint: Sum (7), 5.3 expected turns."
            return answer(self._("Hint: {move}, {value}.").format(move=move, value=value))
        # Translators: a hint with the next best move, e.g. "Hint: Sum (7), 5.3 expected turns. Next best: ..."
        return answer(self._("Hint: {move}, {value}. Next best: {other_move}, {other}.").format(
            move=move, value=value, other_move=self.choice_words(other), other=self.expected_words(other.value)))
