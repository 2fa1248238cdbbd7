"""The terminal front end: one line per announcement, one command per typed line.

It works through a pipe, over SSH and with a terminal screen reader (SR-15):
no colours, no cursor movement, no box art, no prompt characters; every line
it prints is an announcement. It is also what the end-to-end tests drive.

The flow of one line: typed text -> :func:`~accessible_dice.ui.commands.parse`
-> the session (rules) -> events -> the presenter -> :class:`Announcer` (the
printed line, the voice, the sound cues, the history). A refusal at any step
is said with its reason and changes nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol, TextIO

from accessible_dice import settings as config
from accessible_dice import strategy
from accessible_dice.dice import example_entry
from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games.base import Event
from accessible_dice.history import NotKept, ScoreHistory
from accessible_dice.presentation import options, presenter_for, scores
from accessible_dice.presentation import undo as undo_words
from accessible_dice.presentation.describe import Presenter, answer, combine, news
from accessible_dice.presentation.history import History
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import Session, simple_move
from accessible_dice.speech import SpeechOutput
from accessible_dice.ui import commands
from accessible_dice.ui.settings_screen import SettingsScreen
from accessible_dice.utterance import Cue, Utterance

#: Seconds the last words may take to finish when the program ends.
FINISH_LIMIT = 5.0

#: Reads the next typed line; ``None`` at the end of input.
ReadLine = Callable[[], "str | None"]


class CuePlayer(Protocol):
    """What the terminal needs from the sound player: an utterance's cues, in order."""

    def play_all(self, cues: Sequence[Cue]) -> None: ...


class NoSuchPlayer(InvalidInput):
    # Translators: {name} was typed after "board"; {players} lists the names.
    template = N_("There is no player {name}; the players are {players}.")


class NoSuchVerbosity(InvalidInput):
    # Translators: {level} was typed after "verbosity"; {allowed} lists the levels, e.g. "brief, normal or full".
    template = N_("{level} is not a verbosity; it can be {allowed}.")


class Announcer:
    """Everything said goes through here: printed, spoken, sounded and remembered.

    ``lines`` is where the terminal prints; ``voice`` speaks (a
    :class:`~accessible_dice.speech.Speaker`; when its backend is ``text`` it
    prints the line itself and the terminal does not); ``cues`` plays the
    sounds.
    """

    def __init__(self, lines: TextIO | None, voice: SpeechOutput | None = None, cues: CuePlayer | None = None) -> None:
        self.lines = lines
        self.voice = voice
        self.cues = cues
        self.history = History()

    def say(self, utterance: Utterance | None, remember: bool = True) -> None:
        if utterance is None or not utterance.text:
            return
        if remember:
            self.history.add(utterance)
        if self.lines is not None and not self._voice_prints():
            self.lines.write(" ".join(utterance.text.split()) + "\n")
            self.lines.flush()
        if self.voice is not None:
            self.voice.speak(utterance)
        if self.cues is not None and utterance.cues:
            self.cues.play_all(utterance.cues)

    def _voice_prints(self) -> bool:
        """Whether the voice is the ``text`` backend, which prints each line itself (also after a fallback)."""
        return getattr(self.voice, "backend", None) == "text"

    def silence(self) -> None:
        if self.voice is not None:
            self.voice.silence()

    def close(self, wait: float = FINISH_LIMIT) -> None:
        """Let the last words finish (up to ``wait`` seconds), then release the voice."""
        if self.voice is None:
            return
        deadline = time.monotonic() + wait
        while self.voice.is_speaking() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.voice.close()


class Terminal:
    """Plays one game session from typed lines."""

    def __init__(self, announcer: Announcer, read_line: ReadLine, language: Language,
                 verbosity: Verbosity = Verbosity.NORMAL, settings: SettingsScreen | None = None) -> None:
        self.announcer = announcer
        self.read_line = read_line
        self.language = language
        self.verbosity = verbosity
        #: The ``settings`` command; without one given, changes hold for this run only.
        self.settings = settings or SettingsScreen(language, config.Settings(verbosity=verbosity.name.lower()))
        #: The history length when real dice were last asked for, so each throw is asked for once.
        self.prompted_at = -1
        self._ = language._

    def say(self, utterance: Utterance | None) -> None:
        self.announcer.say(utterance)

    # ------------------------------------------------------------ the game loop

    def play(self, session: Session, resumed: bool = False) -> str:
        """Play until the game ends (``"over"``), the player quits (``"quit"``) or input ends (``"eof"``)."""
        game = session.game
        presenter = presenter_for(game, self.language, self.verbosity, session.computers)
        opening = [presenter.opening(resumed)]
        if not resumed:
            opening.append(presenter.announce(game.opening_events(), prompt=self._human_moves(session)))
        self.say(combine(opening))
        self.prompted_at = -1
        while True:
            while not game.is_over() and session.computer_to_act():
                self._report(session, presenter, session.computer_step())
            if game.is_over():
                return "over"
            request = session.request()
            if request is not None and session.manual and self.prompted_at != len(game.history):
                self.say(presenter.dice_prompt(request))
                self.prompted_at = len(game.history)
            line = self.read_line()
            if line is None:
                self._goodbye(session)
                return "eof"
            try:
                command = commands.parse(line, game, self.language, manual=session.manual, rng=session.dice.rng)
                if command.name == "quit":
                    self._goodbye(session)
                    return "quit"
                self._execute(command, session, presenter)
            except DiceError as refusal:
                self.say(presenter.refusal(refusal))

    def _human_moves(self, session: Session) -> bool:
        """Whether a person must now choose a move (so the choices are said)."""
        player = session.game.current_player()
        return (player is not None and player not in session.computers
                and session.request() is None and not session.game.is_over())

    def _report(self, session: Session, presenter: Presenter, events: list[Event]) -> None:
        self.say(presenter.announce(events, prompt=self._human_moves(session)))
        self._storage_news(session)

    def _storage_news(self, session: Session) -> None:
        """A failed autosave, or a finished game the score history could not take: said, and play goes on."""
        if session.save_error is not None:
            # Translators: autosave failed; {reason} is the system's reason. The game goes on.
            self.say(news(self._("The game could not be saved: {reason}.").format(reason=session.save_error)))
        if session.record_problem is not None:
            self.say(news(session.record_problem.render(self._, self.language.ngettext)))
            session.record_problem = None

    def _goodbye(self, session: Session) -> None:
        if session.game.is_over() or session.save_to is None:
            # Translators: the player leaves.
            self.say(answer(self._("Goodbye.")))
        elif session.save_error is None:
            # Translators: the player leaves a game in progress; it can be continued later.
            self.say(answer(self._("Game saved. Goodbye.")))
        else:
            # Translators: leaving, but the last save failed; {reason} is the system's reason.
            self.say(answer(self._("The game could not be saved: {reason}. Goodbye.").format(
                reason=session.save_error)))

    # ------------------------------------------------------------ one command

    def _execute(self, command: commands.Command, session: Session, presenter: Presenter) -> None:
        name = command.name
        if name == "move":
            assert command.move is not None
            self._report(session, presenter, session.act(command.move))
        elif name == "values":
            self._report(session, presenter, session.enter(command.args[0]))
        elif name == "roll":
            self._roll(session, presenter)
        elif name == "help":
            self.say(self.help_answer(session))
        elif name == "dice":
            self.say(presenter.dice_answer())
        elif name == "board":
            self.say(presenter.board_answer(self._player(command.args, presenter)))
        elif name == "standings":
            self.say(presenter.standings_answer())
        elif name == "turn":
            self.say(presenter.turn_answer())
        elif name == "moves":
            self.say(presenter.moves_answer())
        elif name == "hint":
            self.say(self._hint(command.args, session, presenter))
        elif name == "stop":
            self.announcer.silence()
        elif name == "verbosity":
            self._verbosity(command.args, presenter)
        elif name in ("undo", "redo"):
            self._undo(name, session, presenter)
        elif name == "settings":
            self.say(self.settings.command(command.args))
            self.verbosity = presenter.verbosity = Verbosity.named(self.settings.settings.verbosity)
        elif name == "history":
            self._scores(session)
        else:
            self._review_history(name)

    def _undo(self, name: str, session: Session, presenter: Presenter) -> None:
        """Take back the last step, or do it again; with real dice due, the prompt that follows says what."""
        if name == "undo":
            taken = session.undo()
            request = session.request()
            if session.manual and request is not None:  # the dice to type again, asked for at once
                self.say(combine([undo_words.taken_back(presenter, taken, where=False),
                                  presenter.dice_prompt(request)], interrupt=True))
                self.prompted_at = len(session.game.history)
            else:
                self.say(undo_words.taken_back(presenter, taken))
        else:
            self.say(undo_words.done_again(presenter, session.redo(), prompt=self._human_moves(session)))
        self._storage_news(session)

    def _scores(self, session: Session) -> None:
        """This game's records for its players, from the score history."""
        if session.record_to is None:
            raise NotKept()
        with ScoreHistory(session.record_to) as history:
            lines = scores.records_lines(history, self.language, session.game.id, session.game.players)
        self.say(answer(" ".join(lines)))

    def _hint(self, args: tuple[str, ...], session: Session, presenter: Presenter) -> Utterance:
        """The best move now; ``hint sum`` compares the move named with the best."""
        game = session.game
        if game.is_over() or game.dice_request() is not None:
            return presenter.moves_answer()
        considering = None
        if args:
            line = " ".join(args)
            considering = commands.game_commands(game.id).parse(
                game, commands.Typed(line.casefold().split(), line, self.language, random.Random()))
            if considering is None:
                raise commands.UnknownCommand(word=args[0])
        if strategy.has_strategy(game):
            return presenter.advice_answer(strategy.best_move(game, considering))
        return presenter.hint_answer(simple_move(game, session.dice.rng))

    def _roll(self, session: Session, presenter: Presenter) -> None:
        """Throw random dice; with real dice, ask for them (again)."""
        before = len(session.game.history)
        events = session.roll()
        if events:
            self._report(session, presenter, events)
        request = session.request()
        if session.manual and request is not None and len(session.game.history) == before:
            self.say(presenter.dice_prompt(request))

    def _player(self, args: tuple[str, ...], presenter: Presenter) -> int | None:
        """The player named after ``board`` (a name or a number from 1), or ``None``: the current one."""
        if not args:
            return None
        wanted = " ".join(args)
        players = presenter.game.players
        for index, name in enumerate(players):
            if name.casefold() == wanted.casefold() or wanted == str(index + 1):
                return index
        raise NoSuchPlayer(name=wanted, players=self.language.join(players))

    def _verbosity(self, args: tuple[str, ...], presenter: Presenter) -> None:
        spec = config.BY_KEY["verbosity"]
        if args:
            try:
                self.verbosity = presenter.verbosity = Verbosity.named(options.typed_value(spec, args[0],
                                                                                          self.language))
            except KeyError:
                raise NoSuchVerbosity(level=args[0], allowed=spec.allowed, option=spec) from None
        # Translators: the verbosity now; {level} is brief, normal or full.
        self.say(answer(self._("Verbosity: {level}.").format(level=options.word(self.verbosity.name.lower(),
                                                                                 self.language))))

    def _review_history(self, name: str) -> None:
        history = self.announcer.history
        if name == "repeat":
            last = history.last()
            said = None if last is None else answer(last.text, *last.cues)
        else:
            step = {"previous": -1, "next": 1}.get(name, 0)
            if step < 0 and history.at_edge(step):
                # Translators: stepping back through the history went past its first message.
                said = answer(self._("No older messages."))
            elif step > 0 and history.at_edge(step):
                # Translators: stepping forward through the history went past its last message.
                said = answer(self._("No newer messages."))
            else:
                found = {"previous": history.previous, "next": history.next,
                         "oldest": history.oldest, "newest": history.newest}[name]()
                said = None if found is None else answer(found.text, *found.cues)
        # Translators: repeat or history asked for before anything was said.
        self.announcer.say(said or answer(self._("Nothing was said yet.")), remember=False)

    def help_answer(self, session: Session) -> Utterance:
        """The commands that work now, then the ones that always work (CG-05)."""
        game = session.game
        any_time = self.language.join(commands.any_time(self.language))
        request = session.request()
        if game.is_over():
            # Translators: help after the game's end; {commands} lists command words.
            return answer(self._("The game is over. You can type: {commands}.").format(commands=any_time))
        if request is not None and session.manual:
            # Translators: help while manual dice are due; {example} shows the format, e.g. "3 5".
            now = self.language.ngettext(
                "Type the value of the die thrown, like {example}.",
                "Type the values of the {count} dice thrown, like {example}.", request.count).format(
                count=request.count, example=example_entry(request.count, request.faces))
        else:
            # Translators: help: {commands} lists the commands that act now, e.g. "singles, sum or shut N".
            now = self._("Now: {commands}.").format(
                commands=self.language.join(commands.actions_now(game, self.language), "or"))
        said = [now]
        if session.timeline.can_undo():
            # Translators: help, when the last step can be taken back.
            said.append(self._("To take back the last step, type undo."))
        if session.timeline.undone:
            # Translators: help, after an undo.
            said.append(self._("To do it again, type redo."))
        # Translators: help: {commands} lists the commands that always work, e.g. "dice (d), board (b)".
        return answer(" ".join([*said, self._("Any time: {commands}.").format(commands=any_time)]))
