"""A game being played: its people and computer players, its dice, its save.

The session sits between a front end and the rules. It knows who is a
computer player (a name starting with ``cpu``), where the dice come from
(random, seedable; or manual: typed from real dice), and it saves the game
after every action so that a quit, a crash or the end of input loses nothing.
It speaks no words: it returns the rules' events for the presentation.
"""

from __future__ import annotations

import copy
import logging
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from accessible_dice import history, save, saved_games, strategy, threads
from accessible_dice.dice import DiceRequest, RandomDice, parse_dice
from accessible_dice.errors import N_, DiceError, IllegalMove
from accessible_dice.games import new_game
from accessible_dice.games.base import Action, Event, Game, GameIsOver, Move, NoThrowNow, Roll
from accessible_dice.names import computer_seats
from accessible_dice.presentation.describe import Presenter
from accessible_dice.save import SaveInfo
from accessible_dice.strategy.common import DEFAULT_LEVEL, LEVELS, Advice, pick
from accessible_dice.undo import Timeline
from accessible_dice.utterance import Utterance

log = logging.getLogger(__name__)

#: The move kind that asks for a re-throw of the dice not held (Yatzy).
RETHROW = "throw"


class Guide(Protocol):
    """What a session carries for a tutorial, for the front end to ask (:class:`accessible_dice.tutorial.Guide`
    is the one). Declared here, below the tutorial, which builds on sessions: the session needs only this."""

    def opening(self, session: Session, presenter: Presenter, resumed: bool) -> Utterance | None: ...

    def after(self, command: str, session: Session, presenter: Presenter, before: int) -> Utterance | None: ...


# ---------------------------------------------------------------- computer players


def simple_move(game: Game, rng: random.Random) -> Move | None:
    """A plain legal move for games without a strategy: the game's own rule of thumb (its
    :meth:`~accessible_dice.games.base.Game.plain_move`), else the first."""
    plain = game.plain_move(rng)
    if plain is not None:
        return plain
    moves = game.legal_moves()
    return moves[0] if moves else None


def computer_plan(game: Game, rng: random.Random,
                  level: str = DEFAULT_LEVEL) -> tuple[tuple[Move, ...], Advice | None]:
    """What a computer player of ``level`` does now: the moves of its choice, in order, and the
    strategy's advice when it follows the best choice (its reason, spoken at full verbosity).

    Its own rule comes first, where the game's strategy has one (its ``computer_play``): QUICLO's best
    move (the solver's equation) never loses a life, so a computer playing it could not be beaten and a
    game of computers would never end. Otherwise it takes a choice of the strategy's
    ranked ones as its level says (:func:`~accessible_dice.strategy.common.pick`;
    at the best level, the best choice), else the game's plain move.
    """
    chance = LEVELS[level]
    player = strategy.own_part(game, "computer_play")
    if player is not None:
        move = player(game, rng, chance)
        return (() if move is None else (move,)), None
    if strategy.has_strategy(game):
        advice = strategy.best_move(game)
        choice = pick(advice, rng, chance)
        return choice.moves, advice if choice is advice.best else None
    move = simple_move(game, rng)
    return (() if move is None else (move,)), None


# ---------------------------------------------------------------- the strategy, made ready in advance


def prepare_for(game: Game) -> Callable[[Game], None] | None:
    """What the game's strategy must make before its first hint or computer move, when making it can take
    long (its strategy module's ``prepare``; ``None`` where it has none): Yatzy's table comes with the
    program and is read in a moment, but is built (several seconds to minutes) where that file is missing
    or damaged. :meth:`Session.prepare_strategy` makes it in the background as the game starts;
    :func:`progress_for` says how far it is."""
    found: Callable[[Game], None] | None = strategy.own_part(game, "prepare")
    return found


def progress_for(game: Game) -> Callable[[Game], float | None] | None:
    """How far :func:`prepare_for`'s work is (0 to 1, or ``None``): the strategy module's ``progress``."""
    found: Callable[[Game], float | None] | None = strategy.own_part(game, "progress")
    return found


#: Seconds the preparation may take before the player is told of it (and later that it is done).
PREPARE_NOTICE = 2.0


class StrategyPreparing(IllegalMove):
    # Translators: a hint was asked for while the game's strategy is still being worked out (only when
    # its file was missing or damaged); {percent} is how much is done, a whole number from 0 to 100.
    template = N_("The hints are still being prepared: {percent} percent done. You will hear when they are ready.")


# ---------------------------------------------------------------- the session


def rethrow_move(game: Game) -> Move | None:
    """The legal move that asks for a re-throw now (Yatzy's ``throw``), if there is one."""
    return next((move for move in game.legal_moves() if move.kind == RETHROW), None)


def rethrow_due(game: Game) -> Move:
    """The re-throw legal now, for a ``roll`` or typed values while no throw is due; else the refusal.

    The refusal is the game's own reason where it has a re-throw ("All five
    dice are held: release one to throw again.", "No throws left: score a
    box."), so the player hears what to do rather than only that no dice
    are to be thrown.
    """
    again = rethrow_move(game)
    if again is not None:
        return again
    if game.is_over():
        raise GameIsOver()
    for kind in game.move_types:
        if kind.kind == RETHROW:
            game.check_move(kind())
    raise NoThrowNow()

class Session:
    """One game with its players, its dice source, its save file and its score history.

    Every action goes through the :class:`~accessible_dice.undo.Timeline`, so
    the last step can be taken back (:meth:`undo`) and done again
    (:meth:`redo`); both save at once, like any action.

    The save holds, beside the game, how it is played (``info``: the dice
    source, the computer level), so a resumed game plays on as it was.
    """

    def __init__(self, game: Game, *, manual: bool = False, seed: int | None = None,
                 save_to: Path | None = None, record_to: Path | None = None, info: SaveInfo | None = None) -> None:
        self.game = game
        self.manual = manual
        self.info = replace(info or SaveInfo(), dice="manual" if manual else "random")
        self.dice = RandomDice(seed)
        self.save_to = save_to
        self.record_to = record_to
        self.computers = computer_seats(game.players)
        #: A practice game (checklist CG-06, :mod:`accessible_dice.practice`): neither saved nor recorded.
        self.practice = False
        #: The guide of a tutorial (:mod:`accessible_dice.tutorial`), which is a practice game too.
        self.tutorial: Guide | None = None
        self.timeline = Timeline(game, manual=manual, computers=self.computers)
        #: The dice source the save had, when ``--dice`` changed it at resume (said once), else ``None``.
        self.dice_changed_from: str | None = None
        #: The ``computer-level`` setting as last seen (see :meth:`computer_level`).
        self._level_setting: str | None = None
        #: Whether the finished game is in the score history (see :meth:`finish`).
        self.recorded = False
        #: Why the last save failed (``None`` when it worked); the front end says it once.
        self.save_error: str | None = None
        #: What went wrong recording the finished game in the score history, to be said once.
        self.record_problem: DiceError | None = None
        #: The thread making the strategy ready (see :meth:`prepare_strategy`), once started.
        self._preparing: threading.Thread | None = None
        #: The rest of a weaker computer level's choice (see :meth:`computer_choice`), and the
        #: length of the history at which its first move is due.
        self._plan: tuple[Move, ...] = ()
        self._plan_at = 0

    @classmethod
    def resume(cls, path: Path, *, manual: bool | None = None, seed: int | None = None,
               record_to: Path | None = None) -> Session:
        """Continue the game saved in ``path``; :class:`~accessible_dice.save.BadSave` if it cannot be.

        A save that cannot be loaded is moved aside
        (:class:`~accessible_dice.saved_games.SaveMovedAside` names the copy),
        so it is reported once and never lost.
        """
        return cls.continued(saved_games.load(path), manual=manual, seed=seed, record_to=record_to)

    @classmethod
    def continued(cls, saved: saved_games.SavedGame, *, manual: bool | None = None, seed: int | None = None,
                  record_to: Path | None = None) -> Session:
        """Continue a saved game with its own dice source, or with ``manual`` where the command line
        gave one (``--dice``); a change is kept in :attr:`dice_changed_from`, to be said."""
        chosen = saved.info.manual if manual is None else manual
        session = cls(saved.game, manual=chosen, seed=seed, save_to=saved.path, record_to=record_to,
                      info=saved.info)
        if chosen != saved.info.manual:
            session.dice_changed_from = saved.info.dice
        return session

    # -- questions

    def request(self) -> DiceRequest | None:
        return self.game.dice_request()

    def computer_to_act(self) -> bool:
        """Whether the program acts now by itself (a computer's move, or its random dice)."""
        player = self.game.current_player()
        if player is None or player not in self.computers:
            return False
        return self.request() is None or not self.manual

    def strategy_progress(self) -> int:
        """How far the preparation of the strategy is, in percent (0 until it reports)."""
        progress = progress_for(self.game)
        done = None if progress is None else progress(self.game)
        return round(100 * (done or 0.0))

    def strategy_ready(self, wait: float = 0.0) -> bool:
        """Whether a hint or a computer move can be worked out without waiting for :meth:`prepare_strategy`.

        ``wait`` gives the work up to that many seconds to finish first: read
        from disk, the table is there in a moment, so nobody need be told to wait.
        """
        if self._preparing is not None and wait > 0:
            self._preparing.join(wait)
        return self._preparing is None or not self._preparing.is_alive()

    # -- the strategy

    def prepare_strategy(self, news: Callable[[bool], None] | None = None) -> None:
        """Start making what the game's strategy needs (:func:`prepare_for`) on a background thread, once.

        Both front ends call it as a game starts, so the first hint or
        computer move does not wait. Read from disk it is done at once; if it
        takes longer than :data:`PREPARE_NOTICE` (the table is being built),
        ``news(False)`` is called once then, and ``news(True)`` when it is
        ready, both from a background thread: the front end says so. The
        thread is a daemon: leaving the program never waits for it (a table
        half built is not kept; the next start builds it again).
        """
        if self._preparing is not None:
            return
        prepare = prepare_for(self.game)
        if prepare is None:
            return  # without numpy (the static page, no threads) Yatzy's table is read on first use
        told = threading.Event()
        finished = threading.Event()
        lock = threading.Lock()

        def tell() -> None:
            with lock:
                if not finished.is_set() and news is not None:
                    told.set()
                    news(False)

        notice = threading.Timer(PREPARE_NOTICE, tell)
        notice.daemon = True

        def work() -> None:
            try:
                prepare(self.game)
            except Exception:  # the first hint or computer move tries again and says what is wrong
                if threading.main_thread().is_alive():  # else the program is ending, and the work with it
                    log.info("the strategy could not be prepared in advance", exc_info=True)
            finally:
                notice.cancel()
                with lock:
                    finished.set()
                    if told.is_set() and news is not None:
                        news(True)

        self._preparing = threading.Thread(target=work, name="strategy-warm-up", daemon=True)
        threads.start(self._preparing)
        threads.start(notice)

    # -- acting; each returns the events, or raises a DiceError and changes nothing

    def roll(self) -> list[Event]:
        """The player's ``roll``: start a re-throw where the game has one, then throw random dice.

        With manual dice nothing is thrown here: the values are typed next.
        """
        events: list[Event] = []
        if self.request() is None:
            events = self.act(rethrow_due(self.game))
        request = self.request()
        if self.manual or request is None:
            return events
        return events + self.act(Roll(self.dice.throw(request)))

    def enter(self, text: str) -> list[Event]:
        """Take typed values of real dice for the throw that is due.

        Where no throw is due but the game has a re-throw (Yatzy), typing the
        values of the dice re-thrown starts it: ``roll 4 1`` after holding three
        dice. The values are checked against that re-throw first, so a bad
        entry changes nothing.
        """
        request = self.request()
        if request is not None:
            return self.act(Roll(parse_dice(text, request.count, request.faces)))
        again = rethrow_due(self.game)
        trial = copy.deepcopy(self.game)
        trial.apply(again)
        request = trial.dice_request()
        assert request is not None, "a re-throw asks for dice"
        values = parse_dice(text, request.count, request.faces)
        return self.act(again) + self.act(Roll(values))

    def act(self, action: Action) -> list[Event]:
        events = self.timeline.apply(action)
        self.save()
        return events

    def undo(self) -> tuple[Action, ...]:
        """Take back the last step a person made (see :mod:`accessible_dice.undo`); the actions taken back."""
        taken = self.timeline.undo()
        self.save()
        return taken

    def redo(self) -> list[Event]:
        """Do again what the last undo took back; its events."""
        events = self.timeline.redo()
        self.save()
        return events

    def computer_level(self, setting: str) -> str:
        """The level this game's computers play at, given the ``computer-level`` setting now.

        A new game takes the setting; a resumed one the level it was saved
        with. A change of the setting while the game is played holds from the
        next move. The level is saved with the game.
        """
        if setting != self._level_setting:
            if self.info.level is None or self._level_setting is not None:
                self.info = replace(self.info, level=setting)
            self._level_setting = setting
        return self.info.level or setting

    def computer_choice(self, level: str = DEFAULT_LEVEL) -> tuple[Move | None, Advice | None]:
        """The computer player's move now at ``level`` (the ``computer-level`` setting), and the
        advice it follows, if it follows the best choice.

        The level is read at every move, so a change holds from the next one.
        Below the best level a choice of several moves (Yatzy: release, hold,
        then throw) is carried out to its end, the rest kept and played next,
        so the level draws once per decision; anything else happening in
        between (an undo) drops it. The best level works every move out
        afresh, exactly as it always has.
        """
        if level != DEFAULT_LEVEL and self._plan and self._plan_at == len(self.game.history):
            move, self._plan = self._plan[0], self._plan[1:]
            try:
                self.game.check_move(move)
            except DiceError:
                self._plan = ()
            else:
                self._plan_at += 1
                return move, None
        moves, advice = computer_plan(self.game, self.dice.rng, level)
        self._plan, self._plan_at = moves[1:], len(self.game.history) + 1
        return (moves[0] if moves else None), advice

    def computer_step(self, level: str = DEFAULT_LEVEL) -> list[Event]:
        """The computer player's next action at ``level``: its random throw, or its move."""
        assert self.computer_to_act()
        if self.request() is not None:
            return self.roll()
        move, _advice = self.computer_choice(level)
        assert move is not None, "a game that waits for a move lists one"
        return self.act(move)

    def fresh_decision(self) -> bool:
        """Whether the move due now is a new decision: right after the dice land, or before any throw.

        The later steps that carry a decision out (Yatzy's hold, then throw)
        need no second reason.
        """
        return not self.game.history or isinstance(self.game.history[-1], Roll)

    # -- saving

    def save(self) -> None:
        """Save after every action, the finished game too: it stays saved until :meth:`finish` has
        put it into the score history, so a crash or a locked history never loses it."""
        if self.save_to is None:
            return
        try:
            self.info = self.info.touched()
            save.write(self.game, self.save_to, self.info)
            self.save_error = None
        except OSError as error:
            self.save_error = error.strerror or str(error)

    def finish(self) -> None:
        """Once the game's end has been said: record it in the score history, then remove its save.

        The front ends call it after announcing the last move, so any wait
        for a locked history (short: :data:`~accessible_dice.history.RECORD_SECONDS`)
        comes after the words. When the history cannot take the game, its save
        stays, waiting to be recorded at the next start
        (:func:`~accessible_dice.saved_games.record_waiting`), and
        :attr:`record_problem` says so once. A game is recorded once, however often.
        """
        if not self.game.is_over() or self.recorded:
            return
        if self.record_to is not None:
            try:
                self.record_problem = saved_games.record(self.game, self.info, self.record_to)
            except history.HistoryUnavailable as error:
                if self.save_to is None or self.save_error is not None:
                    self.record_problem = error
                    return
                self.record_problem = saved_games.RecordWaits(reason=error.data["reason"])
                self.info = replace(self.info, told=True)
                self.save()
                return
        self.recorded = True
        if self.save_to is not None:
            try:
                self.save_to.unlink(missing_ok=True)
            except OSError as error:  # it is recorded; a save left behind is recorded once more, changing nothing
                log.info("a finished game's save could not be removed: %s", error)


def new_session(game_id: str, players: Sequence[str], options: dict, *, manual: bool = False,
                seed: int | None = None, save_to: Path | None = None, record_to: Path | None = None) -> Session:
    """A new game; a bad option or player count raises a refusal (a ``DiceError``)."""
    return Session(new_game(game_id, players, options), manual=manual, seed=seed, save_to=save_to,
                   record_to=record_to)


def rematch(session: Session) -> Session:
    """The same game again: its players, options, dice source and history, with new dice and a save of its own.

    The new dice come from the old game's generator, so a seeded run stays
    reproducible and is still not the same game twice.
    """
    game = session.game
    save_to = None if session.save_to is None else saved_games.new_path(game.id, session.save_to.parent)
    return new_session(game.id, game.players, dict(game.options), manual=session.manual,
                       seed=session.dice.rng.randrange(2**32), save_to=save_to, record_to=session.record_to)
