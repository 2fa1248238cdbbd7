"""The terminal front end: one line per announcement, one command per typed line.

It works through a pipe, over SSH and with a terminal screen reader (SR-15):
no colours, no cursor movement, no box art, no prompt characters; every line
it prints is an announcement. It is also what the end-to-end tests drive.

The flow of one line: typed text -> :func:`~accessible_dice.play.commands.parse`
-> the session (rules) -> events -> the presenter -> :class:`Announcer` (the
printed line, the voice, the sound cues, the history). A refusal at any step
is said with its reason and changes nothing.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Protocol, TextIO

from accessible_dice import bug_report, profiles, strategy
from accessible_dice import settings as config
from accessible_dice.dice import example_entry
from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games.base import Event, Game, GameEnded, Move, ThrowFirst
from accessible_dice.history import NotKept, ScoreHistory
from accessible_dice.play import commands
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.practice import kept_note, left_for_menu, practice_note
from accessible_dice.presentation import options, presenter_for, scores, terms
from accessible_dice.presentation import saves as saves_words
from accessible_dice.presentation import settings as settings_words
from accessible_dice.presentation import undo as undo_words
from accessible_dice.presentation.describe import Presenter, answer, combine, news
from accessible_dice.presentation.history import History
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.rules import rules_page
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import RETHROW, Session, StrategyPreparing, simple_move
from accessible_dice.speech import SpeechOutput
from accessible_dice.speech.speaker import DRAIN_LIMIT
from accessible_dice.strategy.common import Advice
from accessible_dice.utterance import Cue, Utterance

#: Seconds the last words may take to reach the player when the program ends.
FINISH_LIMIT = DRAIN_LIMIT

#: Seconds a computer's first move waits, unannounced, for its strategy (read from disk it is ready sooner).
READY_GRACE = 1.0
#: Seconds between the progress lines while the terminal waits for a computer's strategy being built.
PROGRESS_EVERY = 10.0

#: Seconds between looks at a computer's strategy being built while the terminal answers typed lines meanwhile.
LOOK_EVERY = 0.1

#: Reads the next typed line; ``None`` at the end of input.
ReadLine = Callable[[], "str | None"]
#: Whether a typed line can be read at once, waiting up to the seconds given; ``None`` when it cannot be known.
LineReady = Callable[[float], "bool | None"]


class CuePlayer(Protocol):
    """What the terminal needs from the sound player: an utterance's cues, in order."""

    def play_all(self, cues: Sequence[Cue]) -> None: ...


class ComputerWaits(InvalidInput):
    # Translators: the computer-pace setting is "wait" and a move was typed while a computer player is due.
    template = N_("{name} is a computer player: press Enter for its next step.")


class StrategyWaits(InvalidInput):
    # Translators: a command that would change the game was typed while a computer player waits for its strategy
    # being prepared ("Preparing the hints and the computer players ..." was said); reviews still answer.
    template = N_("{name} is still waiting for its strategy; ask again when it has played. Reviews like board, "
                  "dice and repeat answer meanwhile.")


class NoSuchPlayer(InvalidInput):
    # Translators: {name} was typed after "board"; {players} lists the names.
    template = N_("There is no player {name}; the players are {players}.")


#: What answers while a computer player waits for its strategy: the commands that change nothing in the game
#: (undo and redo do; the settings are a dialogue of their own; quit and menu are carried out once it stops waiting).
WHILE_PREPARING = frozenset({"help", *commands.ANY_TIME} - {"undo", "redo", "settings"})

#: The word that confirms a destructive choice (the English word works in every language).
# Translators: typed to confirm a question like "Score 0 in Full house?".
YES = N_("yes")


#: What can be chosen once a game is over (quit is the shared command): the word to type.
AFTER_GAME = {
    # Translators: typed after a game: play again with the same players and options.
    "rematch": N_("rematch"),
    # Translators: typed after a game: choose another game in the menu.
    "new": N_("new"),
}


class NoSuchVerbosity(InvalidInput):
    # Translators: {level} was typed after "verbosity"; {allowed} lists the levels, e.g. "brief, normal or full".
    template = N_("{level} is not a verbosity; it can be {allowed}.")


def refusal_mark(language: Language) -> str:
    """The word before a refusal's printed line in the terminal (ER-05)."""
    # Translators: printed (not spoken by the built-in voice) before each refusal in the terminal, e.g.
    # "Error: Flap 7 is already shut."; a screen reader reading the terminal and a braille display show it.
    return language._("Error:")


def before_last(game: Game, moves: Sequence[Move]) -> Game:
    """A copy of ``game`` after all of ``moves`` but the last (each checked), to try or weigh the last one."""
    trial = copy.deepcopy(game)
    for move in moves[:-1]:
        trial.apply(move)
    return trial


class Announcer:
    """Everything said goes through here: printed, spoken, sounded and remembered.

    ``lines`` is where the terminal prints; ``voice`` speaks (a
    :class:`~accessible_dice.speech.Speaker`; when its backend is ``text`` it
    prints the line itself and the terminal does not); ``cues`` plays the
    sounds. ``mark`` is the word printed before every refusal's line
    (:func:`refusal_mark`, ER-05): the printed line has it, a voice does not
    say it (docs/playing.md, "Refusals").
    """

    def __init__(self, lines: TextIO | None, voice: SpeechOutput | None = None, cues: CuePlayer | None = None,
                 mark: str = "") -> None:
        self.lines = lines
        self.voice = voice
        self.cues = cues
        self.mark = mark
        self.history = History()
        #: News may come from a background thread (the strategy made ready): one utterance at a time.
        self._saying = threading.RLock()

    def say(self, utterance: Utterance | None, remember: bool = True) -> None:
        with self._saying:
            self._say(utterance, remember)

    def _say(self, utterance: Utterance | None, remember: bool) -> None:
        if utterance is None or not utterance.text:
            return
        if remember:
            self.history.add(utterance)
        printed = self.printed(utterance)
        if self.lines is not None and not self._voice_prints():
            self.lines.write(" ".join(printed.text.split()) + "\n")
            self.lines.flush()
        if self.voice is not None:
            self.voice.speak(printed if self._voice_prints() else utterance)
        if self.cues is not None and utterance.cues:
            self.cues.play_all(utterance.cues)

    def printed(self, utterance: Utterance) -> Utterance:
        """``utterance`` as its line is printed: a refusal (it has the "invalid" cue, as the window's alert
        does) begins with the mark, so it stands apart on the screen and on a braille line, not by sound
        alone."""
        if not self.mark or not any(cue.name == "invalid" for cue in utterance.cues):
            return utterance
        return dataclasses.replace(utterance, text=f"{self.mark} {utterance.text}")

    def _voice_prints(self) -> bool:
        """Whether the voice is the ``text`` backend, which prints each line itself (also after a fallback)."""
        return getattr(self.voice, "backend", None) == "text"

    def silence(self) -> None:
        if self.voice is not None:
            self.voice.silence()

    def close(self, wait: float = FINISH_LIMIT) -> None:
        """Let the last words reach the player (up to ``wait`` seconds), then release the voice and the cues.

        Draining, not "while speaking": a goodbye still waiting in the queue is not yet being spoken.
        """
        if self.voice is not None:
            self.voice.drain(wait)
            self.voice.close()
        close_cues = getattr(self.cues, "close", None)
        if close_cues is not None:  # cues still waiting would find the mixer gone at exit
            close_cues()


class Controller:
    """Carries out every front end's commands on one game session; :meth:`play` plays it from typed lines.

    It is the terminal's, the window's, the browser page's (``WebTerminal``) and an online table's
    (``TablePlay``) executor, which is why it lives in the play layer, not in a front end.
    Its public methods are also the window's (:mod:`accessible_dice.ui.window.game`):
    :meth:`presenter` and :meth:`opening` to start a game, :meth:`execute`
    for a command, :meth:`report` for events, :meth:`getting_ready` before
    a computer's move, :meth:`hint`, :meth:`confirmation`, :meth:`records`,
    :meth:`review_history` and :meth:`goodbye`. So both front ends act, and
    speak, alike.
    """

    def __init__(self, announcer: Announcer, read_line: ReadLine, language: Language,
                 verbosity: Verbosity = Verbosity.NORMAL, settings: SettingsScreen | None = None,
                 typed: bool = True) -> None:
        self.announcer = announcer
        #: Whether moves are typed (the terminal): hints then say what to type, the moves review numbers the
        #: moves for ``c N``, and Enter's one move is offered. The window, which acts by keys, says ``False``.
        self.typed = typed
        self.read_line = read_line
        self.language = language
        self.verbosity = verbosity
        #: The ``settings`` command; without one given, changes hold for this run only.
        self.settings = settings or SettingsScreen(language, config.Settings(verbosity=verbosity.name.lower()))
        #: The history length when real dice were last asked for, so each throw is asked for once.
        self.prompted_at = -1
        #: A line typed at a question (ER-04) that was not its answer: it is the next command.
        self.pending: str | None = None
        #: The game :meth:`play` is playing (or played last), so the program's end can say whether it is saved.
        self.session: Session | None = None
        #: Whether a typed line waits (the terminal's :meth:`~accessible_dice.play.inbox.Lines.ready`), so lines
        #: are answered while a computer waits for its strategy; by default it cannot be known.
        self.line_ready: LineReady = lambda _seconds: None
        self._ = language._

    def say(self, utterance: Utterance | None) -> None:
        self.announcer.say(utterance)

    # ------------------------------------------------------------ the game loop

    def play(self, session: Session, resumed: bool = False) -> str:
        """Play until the player quits (``"quit"``), input ends (``"eof"``), goes back to the main menu
        (``"new"``: ``menu``, the game saved), or after the end of the game the player asks for a
        ``"rematch"`` or a ``"new"`` game (:meth:`after_game`)."""
        game = session.game
        self.session = session
        presenter = self.presenter(session)
        self.opening(session, presenter, resumed)
        told_wait = False
        while True:
            waiting = self.waits_for_enter(session)
            if not waiting:
                self._computers(session, presenter)
                told_wait = False
            elif not told_wait:
                # Translators: the computer-pace setting is "wait": a computer player moves only on Enter.
                self.say(news(self._("{name} plays: press Enter for each step.").format(
                    name=presenter.name(game.current_player() or 0))))
                told_wait = True
            if game.is_over():
                return self.after_game(session, presenter)
            request = session.request()
            if not waiting and request is not None and session.manual and self.prompted_at != len(game.history):
                self.say(presenter.dice_prompt(request))
                self.prompted_at = len(game.history)
            line = self.next_line()
            if line is None:
                self.goodbye(session)
                return "eof"
            if waiting and not line.strip():
                self.getting_ready(session)
                self._computer_step(session, presenter)
                continue
            try:
                command = commands.parse(line, game, self.language, manual=session.manual, rng=session.dice.rng,
                                         keep_by=self.keep_by())
                if waiting and command.name not in commands.ANY_TIME:
                    raise ComputerWaits(name=presenter.name(game.current_player() or 0))
                if command.name == "quit":
                    self.goodbye(session)
                    return "quit"
                if command.name == "menu":  # KB-15: back to the main menu, the game saved
                    self.say(left_for_menu(session, self.language))
                    return "new"
                confirmed = self._confirmed(command, session)
                if confirmed is None:
                    self.goodbye(session)
                    return "eof"
                if confirmed:
                    self.execute(command, session, presenter)
            except DiceError as refusal:
                self.say(self.refused(refusal, session, presenter))

    def after_game(self, session: Session, presenter: Presenter) -> str:
        """The end of a game is a place: reviews still answer (board, standings, history, repeat), and
        the player chooses ``"rematch"`` (Enter: same players and options), ``"new"`` or ``"quit"``."""
        self.say(news(self.after_game_words()))
        while True:
            line = self.read_line()
            if line is None:
                self.goodbye(session)
                return "eof"
            choice = line.strip().casefold()
            if not choice:
                return "rematch"
            chosen = next((name for name, word in AFTER_GAME.items()
                           if choice in commands.spellings(word, self.language)), None)
            if chosen is not None:
                return chosen
            try:
                command = commands.parse(line, session.game, self.language, manual=session.manual,
                                         rng=session.dice.rng, keep_by=self.keep_by())
                if command.name == "quit":
                    self.goodbye(session)
                    return "quit"
                if command.name == "menu":
                    return "new"
                self.execute(command, session, presenter)
            except DiceError as refusal:
                self.say(self.refused(refusal, session, presenter))

    def refused(self, refusal: DiceError, session: Session, presenter: Presenter) -> Utterance:
        """A refusal as said. With real dice, "Throw the dice first." is not the reason (at the table they
        are thrown): the program waits for their values, so that is said, with the prompt that says how."""
        request = session.request()
        if isinstance(refusal, ThrowFirst) and session.manual and request is not None:
            # Translators: real dice: a move was typed before the values of the thrown dice; the dice prompt
            # follows ("Ola, throw 2 dice and type their values …").
            said = answer(self._("The dice's values come first."), Cue("invalid"))
            return combine([said, presenter.dice_prompt(request)], interrupt=True) or said
        return presenter.refusal(refusal)

    def after_game_words(self) -> str:
        """What can be done once a game is over."""
        # Translators: after the end of a game; rematch, new and quit are typed words (AFTER_GAME), board and
        # standings the review commands.
        return self._("Type rematch, or press Enter, to play again with the same players and options; new for "
                      "another game; quit to stop. You can still type board, standings or history.")

    def _computers(self, session: Session, presenter: Presenter) -> None:
        """The computer players' steps until a person is due; said first if their strategy is still being made.

        Quit or menu typed while a computer waits for its strategy ends the
        wait: it is carried out as the next command (:attr:`pending`).
        """
        told = False
        while not session.game.is_over() and session.computer_to_act():
            if not told and self.getting_ready(session):
                told = True
                if not self._await_strategy(session, presenter):
                    return
            self._computer_step(session, presenter)

    def _await_strategy(self, session: Session, presenter: Presenter) -> bool:
        """Until a computer's strategy is ready: say how far it is every :data:`PROGRESS_EVERY` seconds and
        answer what is typed meanwhile (:meth:`_meanwhile`); the session says when it is ready.

        ``False`` when the player typed quit or menu, which is then the next command.
        """
        answering = True
        progress_at = time.monotonic() + PROGRESS_EVERY
        while not session.strategy_ready():
            left = progress_at - time.monotonic()
            if left <= 0:
                percent = session.strategy_progress()
                # Translators: said every ten seconds while a computer player waits for the strategy being built;
                # {percent} is a whole number from 0 to 100.
                self.say(news(self._("Still preparing: {percent} percent done.").format(percent=percent)))
                progress_at = time.monotonic() + PROGRESS_EVERY
                continue
            typed = self.line_ready(min(left, LOOK_EVERY)) if answering else None
            if typed is None:  # lines cannot be waited for here, or input ended: only the strategy is
                session.strategy_ready(wait=left)
            elif typed:
                line = self.read_line()
                if line is None:
                    answering = False  # the end stays the end for the next read, after the computer's move
                elif not self._meanwhile(line, session, presenter):
                    self.pending = line
                    return False
        return True

    def _meanwhile(self, line: str, session: Session, presenter: Presenter) -> bool:
        """A line typed while a computer waits for its strategy: a review answers (:data:`WHILE_PREPARING`),
        anything else is refused with why; ``False`` for quit and menu, which wait for the caller."""
        try:
            command = commands.parse(line, session.game, self.language, manual=session.manual, rng=session.dice.rng,
                                     keep_by=self.keep_by())
            if command.name in ("quit", "menu"):
                return False
            if command.name not in WHILE_PREPARING:
                raise StrategyWaits(name=presenter.name(session.game.current_player() or 0))
            self.execute(command, session, presenter)
        except DiceError as refusal:
            self.say(self.refused(refusal, session, presenter))
        return True

    def _computer_step(self, session: Session, presenter: Presenter) -> None:
        """One step of the computer player due: its throw, or its move."""
        if session.request() is not None:
            self.report(session, presenter, session.computer_step())
        else:
            self.computer_plays(session, presenter, *session.computer_choice(self.computer_level(session)))

    def waits_for_enter(self, session: Session) -> bool:
        """The ``computer-pace`` setting is ``wait`` and a computer player is due (KB-09): each of its steps
        waits for Enter, while every review command still answers. The timed paces are the window's: in
        the terminal, each announcement is heard whole before the next, which is the pace already."""
        return (self.settings.settings.computer_pace == "wait" and not session.game.is_over()
                and session.computer_to_act())

    def computer_level(self, session: Session) -> str:
        """How well ``session``'s computer players play: the level it was saved with, or the
        ``computer-level`` setting (read at each move, so a change holds from the next one)."""
        return session.computer_level(self.settings.settings.computer_level)

    def keep_by(self) -> str:
        """What numbers after hold, release and keep name (the ``keep-by`` setting), read at each command."""
        return self.settings.settings.keep_by

    def _confirmed(self, command: commands.Command, session: Session) -> bool | None:
        """Whether to carry out ``command``: asked first when destructive and confirmations are on (ER-04).

        ``None`` when input ended at the question.
        """
        if command.name != "move" or command.move is None:
            return True
        question = self.confirmation(session, command.move)
        if question is None and command.chosen and self.settings.settings.confirm:
            question = commands.costly(session.game, command.move, self.language)
        if question is None:
            return True
        # Translators: after a question like "Score 0 in Full house?"; "yes" and "no" are the words to type
        # (YES below, and the value word "no"); any other command typed is carried out instead.
        self.say(answer(self._("{question} Type yes to confirm, or no to choose again; any other command is "
                               "carried out instead.").format(question=question)))
        reply = self.read_line()
        if reply is None:
            return None
        typed = reply.strip().casefold()
        if typed in self.yes_words():
            return True
        # Translators: the player did not confirm; nothing was done.
        self.say(answer(self._("Not done; choose again.")))
        if typed and typed not in self.no_words():
            self.pending = reply  # playtest P3: "q" or "score yatzy" at the question is not lost
        return False

    def yes_words(self) -> set[str]:
        """What confirms a question: yes in English and the player's language, and its first letter (``y``),
        unless that letter is a command's (Czech "ano" would be "a", the hint)."""
        words = commands.spellings(YES, self.language) | {"y"}
        letters = {letter for _, (_, short) in commands.COMMON.items() for letter in short}
        words |= {word[0] for word in commands.spellings(YES, self.language) if word[0] not in letters}
        return words

    def no_words(self) -> set[str]:
        """What declines a question, so it is not read as a command: no, ``n``, and the player's word."""
        return commands.spellings(options.word("no", self.language), self.language) | {"no", "n"}

    def next_line(self) -> str | None:
        """The next typed line: one typed at a question that was not its answer comes first."""
        line, self.pending = self.pending, None
        return line if line is not None else self.read_line()

    def _human_moves(self, session: Session) -> bool:
        """Whether a person must now choose a move (so the choices are said)."""
        player = session.game.current_player()
        return (player is not None and player not in session.computers
                and session.request() is None and not session.game.is_over())

    def _storage_news(self, session: Session) -> None:
        """After an action is said: a finished game goes into the score history (so any wait for it
        comes after the words), then a failed autosave, or a history that could not take the game,
        is said, and play goes on."""
        session.finish()
        if session.save_error is not None:
            # Translators: autosave failed; {reason} is the system's reason. The game goes on.
            self.say(news(self._("The game could not be saved: {reason}.").format(reason=session.save_error)))
        if session.record_problem is not None:
            self.say(news(session.record_problem.render(self._, self.language.ngettext)))
            session.record_problem = None

    # ------------------------------------------------------------ shared with the window

    def presenter(self, session: Session) -> Presenter:
        """The words of ``session``'s game, at the verbosity now; typed, its hints say what to type."""
        presenter = presenter_for(session.game, self.language, self.verbosity, session.computers)
        presenter.keep_by = self.keep_by() if self.typed else None
        presenter.manual_dice = session.manual
        return presenter

    def opening(self, session: Session, presenter: Presenter, resumed: bool = False) -> None:
        """A game begins (or is resumed): say so, and start making its strategy ready in the background."""
        session.prepare_strategy(self.strategy_news)
        followed = self.follow_turn(session, presenter)
        opening: list[Utterance | None] = [presenter.opening(resumed)]
        if session.dice_changed_from is not None:
            opening.append(news(saves_words.dice_changed_words(session.dice_changed_from, self.language)))
        if session.practice and session.tutorial is None:  # a tutorial says it in its own words
            opening.append(practice_note(self.language))
        if not resumed:
            # A tutorial says what is due itself, with how to do it: the game does not say it first (playtest P5).
            prompt = self._human_moves(session) and session.tutorial is None
            opening.append(presenter.announce(session.game.opening_events(), prompt=prompt))
            if session.tutorial is None:  # a tutorial says what to press itself
                opening.append(self.first_step(session, presenter))
        guided = None if session.tutorial is None else session.tutorial.opening(session, presenter, resumed)
        self.say(combine([*opening, followed, guided]))
        self.prompted_at = -1

    def first_step(self, session: Session, presenter: Presenter) -> Utterance | None:
        """Once per game, at its start: who acts first and how, and that help lists the commands (CG-05)."""
        if not self.typed:
            return None
        player = session.game.current_player()
        request = session.request()
        if player is None or player in session.computers or (request is not None and session.manual):
            # Translators: the end of a game's first announcement (the dice prompt or a computer's move follows).
            return news(self._("Type help for the commands."))
        named = not session.game.opening_events()  # else the opening said whose turn it is already
        if request is not None and named:
            # Translators: the end of a game's first announcement: who throws first (for the start) and how.
            return news(self._("{name} throws first: type roll or r, or press Enter. Type help for the commands.")
                        .format(name=presenter.name(player)))
        if request is not None:
            # Translators: the end of a game's first announcement, after whose turn it is: how to throw.
            return news(self._("Type roll or r, or press Enter, to throw. Type help for the commands."))
        if presenter.solo:
            # Translators: the end of a game's first announcement, alone, when the choices just said how to act.
            return news(self._("Type help for the commands."))
        # Translators: the end of a game's first announcement when a move, not a throw, comes first.
        return news(self._("{name} goes first. Type help for the commands.").format(name=presenter.name(player)))

    def getting_ready(self, session: Session) -> bool:
        """Before a computer's move: whether its strategy is still being made (after :data:`READY_GRACE`).

        Nothing is said here: :meth:`strategy_news` says it once for hints and
        computer players alike, as soon as the wait is longer than a moment.
        """
        return session.request() is None and not session.strategy_ready(wait=READY_GRACE)

    def strategy_news(self, ready: bool) -> None:
        """The strategy took long to make ready (``False``) or is now ready (``True``): say so.

        Called by :meth:`Session.prepare_strategy` from a background thread
        (the announcer takes one utterance at a time).
        """
        if ready:
            # Translators: said once the hints and computer players, being prepared, can answer.
            self.say(news(self._("Hints are ready.")))
        else:
            # Translators: said when the hints and computer players must be prepared first (their file was
            # missing or damaged); the program says "Hints are ready." when they are.
            self.say(news(self._("Preparing the hints and the computer players; this can take a while. You will "
                                 "hear when they are ready.")))

    def report(self, session: Session, presenter: Presenter, events: list[Event]) -> None:
        """Say what an action did (and, after the move that hands over, the choices of a person to move,
        with Enter's one move when there is only one), in the settings of the person to move now."""
        followed = self.follow_turn(session, presenter)
        events = presenter.winner_first(events)
        ending = next((i for i, event in enumerate(events) if isinstance(event, GameEnded)), None)
        if ending is not None:  # the end of the game on a line of its own, the winner first
            self.say(presenter.announce(events[:ending]))
            events = events[ending:]
        prompt = self._human_moves(session)
        self.say(combine([presenter.announce(events, prompt=prompt), self._only_move(session, presenter)
                          if prompt and not presenter.brief else None, followed]))
        self._storage_news(session)

    def _only_move(self, session: Session, presenter: Presenter) -> Utterance | None:
        """Where one move is possible, typed play offers it to Enter."""
        only = commands.only_action(session.game, session.manual) if self.typed else None
        return None if only is None or only.move is None else presenter.only_move_news(only.move)

    def computer_plays(self, session: Session, presenter: Presenter, move: Move | None,
                       advice: Advice | None) -> None:
        """Play a computer player's chosen move and say it; at full verbosity first why, for a fresh decision.

        The reason is worded before the move, while the dice it speaks of are
        still on the table.
        """
        why = presenter.computer_reason(advice) if advice is not None and session.fresh_decision() else None
        if why is not None:
            self.say(why)
        assert move is not None, "a game that waits for a move lists one"
        self.report(session, presenter, session.act(move))

    def goodbye(self, session: Session) -> None:
        """Leaving: said, with whether the game in progress was saved."""
        note = kept_note(session, self.language)
        if note is not None:
            # Translators: the player leaves, after what a practice game or a tutorial keeps.
            self.say(answer(" ".join([note, self._("Goodbye.")])))
        elif session.game.is_over() or session.save_to is None or not session.game.history:
            # Translators: the player leaves (nothing to save: over, not saved, or nothing done yet).
            self.say(answer(self._("Goodbye.")))
        elif session.save_error is None:
            # Translators: the player leaves a game in progress; it can be continued later.
            self.say(answer(self._("Game saved. Goodbye.")))
        else:
            # Translators: leaving, but the last save failed; {reason} is the system's reason.
            self.say(answer(self._("The game could not be saved: {reason}. Goodbye.").format(
                reason=session.save_error)))

    def confirmation(self, session: Session, move: Move) -> str | None:
        """The question to ask before ``move`` (scoring 0), or ``None``: nothing to ask, or confirmations off."""
        if not self.settings.settings.confirm:
            return None
        return commands.confirmation(session.game, move, self.language)

    # ------------------------------------------------------------ one command

    def execute(self, command: commands.Command, session: Session, presenter: Presenter) -> None:
        """Carry out one command (a refusal is raised as a ``DiceError`` and changes nothing); in a tutorial,
        then its next step."""
        before = len(session.game.history)
        self._execute(command, session, presenter)
        if session.tutorial is not None:
            self.say(session.tutorial.after(command.name, session, presenter, before))

    def _execute(self, command: commands.Command, session: Session, presenter: Presenter) -> None:
        name = command.name
        if name == "move":
            self._moves(command.moves, session, presenter)
        elif name == "values":
            self.report(session, presenter, session.enter(command.args[0]))
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
            self.say(presenter.numbered_answer(commands.numbered(session.game)) if self.typed
                     else presenter.moves_answer())
        elif name == "hint":
            self.say(self.hint(command.args, session, presenter))
        elif name == "explain":
            self.say(terms.explain(session.game.id, command.args, self.language, keys=not self.typed))
        elif name == "stop":
            self.announcer.silence()
        elif name == "verbosity":
            self._verbosity(command.args, presenter)
        elif name in ("undo", "redo"):
            self._undo(name, session, presenter)
        elif name == "settings":
            self.say(self.settings.command(command.args))
            self.verbosity = presenter.verbosity = Verbosity.named(self.settings.settings.verbosity)
            presenter.keep_by = self.keep_by() if self.typed else None
        elif name == "history":
            self.say(answer(" ".join(self.records(session))))
        elif name == "rules":
            self._rules(session)
        elif name == "report":
            self.say(self.problem_report(session))
        elif name == "profile":
            self.say(self.own_settings(session, presenter, command.args))
        else:
            self.review_history(name)

    def _moves(self, moves: tuple[Move, ...], session: Session, presenter: Presenter) -> None:
        """Make a command's moves, said as one announcement; several are first tried on a copy, so a
        refusal of any changes nothing (Yatzy's keep: release, hold, throw)."""
        if len(moves) > 1:
            before_last(session.game, moves).check_move(moves[-1])
        *first, last = moves
        events = [event for move in first for event in session.act(move)]
        # A re-throw is the roll command's: it throws random dice at once, or asks for the real ones.
        events += session.roll() if last.kind == RETHROW else session.act(last)
        self.report(session, presenter, events)
    def own_settings(self, session: Session, presenter: Presenter, args: tuple[str, ...]) -> Utterance:
        """``profile``: the player on turn has own settings or not; ``profile yes`` / ``no`` changes that (GN-02)."""
        name = profiles.person_on_turn(session.game, session.computers)
        if name is None:
            raise profiles.NoPersonOnTurn()
        word = commands.command_word("profile", self.language)
        if args:
            wanted = profiles.SWITCH.parse(options.typed_value(profiles.SWITCH, args[0], self.language))
            if wanted is None:
                raise config.SettingValueRefused(key=word, value=args[0],
                                                 allowed=options.allowed_words(profiles.SWITCH, self.language))
            try:
                self.settings.keep_own(name, wanted)
            except OSError as error:
                return profiles.not_kept_words(name, error, self.language)
            self._settings_followed(presenter)
        return profiles.state_words(name, self.settings.player == name, self.settings.settings, self.language, word)

    def follow_turn(self, session: Session, presenter: Presenter) -> Utterance | None:
        """A person's turn: their own settings hold, or the shared ones; said when that changed anything."""
        name = profiles.person_on_turn(session.game, session.computers)
        if name is None or not self.settings.follow(name):
            return None
        self._settings_followed(presenter)
        return profiles.followed_words(name, self.settings.player == name, self.language)

    def _settings_followed(self, presenter: Presenter) -> None:
        """The settings in effect changed as a whole: the words at once, the voice where it can."""
        chosen = self.settings.settings
        self.verbosity = presenter.verbosity = Verbosity.named(chosen.verbosity)
        self.follow_voice(chosen)

    def follow_voice(self, chosen: config.Settings) -> None:
        """The built-in voice takes the rate, volume, pitch and voice of ``chosen`` at once (SR-06)."""
        configure = getattr(self.announcer.voice, "configure", None)
        if configure is not None:
            configure(dataclasses.replace(chosen.voice_settings(), language=self.language.code))

    def problem_report(self, session: Session | None) -> Utterance:
        """``report``: a problem report written, with the game, the settings and what was said (GN-11)."""
        return bug_report.report(session, self.announcer.history, self.settings.settings, self.language)

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

    def records(self, session: Session) -> list[str]:
        """This game's records for its players, from the score history, a line each."""
        if session.record_to is None:
            raise NotKept()
        with ScoreHistory(session.record_to) as history:
            return scores.records_lines(history, self.language, session.game.id, session.game.players)

    def _rules(self, session: Session) -> None:
        """The game's rules page, a line per heading, paragraph, list item or table row."""
        first, *rest = rules_page(session.game.id, self.language)
        self.say(answer(first))
        for line in rest:
            self.say(news(line))

    def hint(self, args: tuple[str, ...], session: Session, presenter: Presenter) -> Utterance:
        """The best move now; ``hint sum`` compares the move named with the best.

        While the strategy is still being made (see :meth:`Session.prepare_strategy`)
        it says so rather than keep the player waiting; read from disk it is ready
        within :data:`READY_GRACE`, which a hint typed as the game starts waits for
        (on a busy machine the shipped table's checksum took longer than the typing).
        """
        game = session.game
        request = session.request()
        if session.manual and request is not None and not game.is_over():
            # Real dice are due (a computer's too): the hint is to throw them, not the moves of whoever is
            # due (playtest P11 heard the computer's fifteen boxes).
            return dataclasses.replace(presenter.dice_prompt(request), interrupt=True)
        if game.is_over() or game.dice_request() is not None:
            return presenter.moves_answer()
        considering = None
        if args:
            line = " ".join(args)
            considering = commands.game_commands(game.id).parse(
                game, commands.Typed(line.casefold().split(), line, self.language, random.Random(), self.keep_by()))
            if considering is None:
                raise commands.UnknownCommand(word=args[0])
            if isinstance(considering, tuple):  # several moves (Yatzy's keep): the state before the last, and it
                game, considering = before_last(game, considering), considering[-1]
        if strategy.has_strategy(game):
            if not session.strategy_ready(wait=READY_GRACE):
                raise StrategyPreparing(percent=session.strategy_progress())
            return presenter.advice_answer(strategy.best_move(game, considering))
        return presenter.hint_answer(simple_move(game, session.dice.rng))

    def _roll(self, session: Session, presenter: Presenter) -> None:
        """Throw random dice (after asking for a re-throw where the game has one); with real dice, ask for them."""
        before = len(session.game.history)
        events = session.roll()
        if events:
            self.report(session, presenter, events)
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
        """``verbosity brief`` is the setting, as ``settings verbosity brief`` is: kept in the profile of the
        player on turn when they have one, so it holds on their turns only (GN-02: it stayed for this run
        only, and so carried over to the next player's turns), else in the shared settings."""
        spec = config.BY_KEY["verbosity"]
        if args:
            try:
                level = Verbosity.named(options.typed_value(spec, args[0], self.language))
            except KeyError:
                raise NoSuchVerbosity(level=args[0], allowed=spec.allowed, option=spec) from None
            failure = self.settings.change("verbosity", level.name.lower())
            self.verbosity = presenter.verbosity = level
            if failure is not None:
                self.say(settings_words.changed("verbosity", self.settings.settings, self.language, failure))
                return
        # Translators: the verbosity now; {level} is brief, normal or full.
        self.say(answer(self._("Verbosity: {level}.").format(level=options.word(self.verbosity.name.lower(),
                                                                                 self.language))))

    def review_history(self, name: str) -> None:
        """``repeat``, ``previous``, ``next``, ``oldest``, ``newest``: what was said, again; nothing new is kept."""
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
        """The commands that work now, what their letters stand for, then those that always work (CG-05), then
        the features for listening (SR-16)."""
        game = session.game
        any_time = self.language.join(commands.any_time(self.language))
        request = session.request()
        if game.is_over():
            # Translators: help after the game's end; {commands} lists command words.
            return answer(" ".join([self._("The game is over. You can type: {commands}.").format(commands=any_time),
                                    self.after_game_words()]))
        if request is not None and session.manual:
            # Translators: help while manual dice are due; {example} shows the format, e.g. "3 5".
            now = [self.language.ngettext(
                "Type the value of the die thrown, like {example}.",
                "Type the values of the {count} dice thrown, like {example}.", request.count).format(
                count=request.count, example=example_entry(request.count, request.faces))]
        else:
            # Translators: help: {commands} lists the commands that act now, e.g. "singles, sum or shut N".
            now = [self._("Now: {commands}.").format(commands=self.language.join(
                commands.actions_now(game, self.language, manual=session.manual), "or"))]
            now += [f"{meaning}." for meaning in commands.placeholders(game, self.language, self.keep_by())]
            only = self._only_move(session, self.presenter(session))
            now += [] if only is None else [only.text]
        # Translators: help: {commands} lists the commands that always work, e.g. "dice (d), board (b)".
        return answer(" ".join([*now, self._("Any time: {commands}.").format(commands=any_time),
                                commands.listening_words(self.language)]))
