"""Tutorials (checklist CG-02): a short guided first game of each game, in both front ends.

A tutorial is a practice game (:mod:`accessible_dice.practice`) of one player
with a guide beside it. The guide says what the game is about, then one step
at a time what to do and how (the word to type in the terminal, the key to
press in the window), waits until the player has done it, and says what
happened. The steps are the same for every game, because the game itself
says what each throw and move did; the guide adds the way to do it:

1. what is due: throw the dice, or (Storeslem) fill the board;
2. hear the dice again, as at any time;
3. what is due now: a move, chosen from the moves the game says are possible;
4. hear your board or scorecard;
5. what is due once more; then the guide says goodbye and the game goes on as
   practice, to its end or until the player leaves.

Anything else the player does is done as always (a tutorial is a real game);
the step waiting is said again after it. A step with nothing to hear (the
dice before the first throw) is passed over.

Leaving a tutorial keeps it: its game and its step are written to
``tutorials/<game>.json`` in the data folder after every step, and choosing
the tutorial again continues it where it was left. A finished tutorial
leaves no file. The main menu offers the tutorial of a game the first time
that game is chosen (``tutorials/offered.json`` remembers which were).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from accessible_dice import save
from accessible_dice.games import game_class
from accessible_dice.games.base import Roll
from accessible_dice.presentation import TITLES
from accessible_dice.presentation.describe import combine, news
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import Session, new_session
from accessible_dice.storage import data_dir, write_atomic
from accessible_dice.utterance import Utterance

if TYPE_CHECKING:
    from accessible_dice.presentation.describe import Presenter

log = logging.getLogger(__name__)

FOLDER = "tutorials"
OFFERED = "offered.json"
#: Each game's tutorial throws the same dice every time (a seed per game), so the guide can be tested.
SEED = 2026

#: The steps, in order: ``act`` is whatever the game asks for now; the others are the review commands.
STEPS = ("act", "dice", "act", "board", "act")


@dataclass
class Guide:
    """One tutorial in progress: its game, the step it waits for, and the front end it is said in."""

    game_id: str
    language: Language
    window: bool
    step: int = 0
    folder: Path | None = None

    # -- where it is kept

    @property
    def path(self) -> Path:
        return (self.folder or data_dir() / FOLDER) / f"{self.game_id}.json"

    def keep(self, session: Session) -> None:
        """Write the game and the step, so leaving loses nothing; a finished tutorial leaves no file."""
        try:
            if self.step >= len(STEPS) or session.game.is_over():
                self.path.unlink(missing_ok=True)
            else:
                write_atomic(self.path, json.dumps({"step": self.step, "game": save.to_json(session.game)}))
        except OSError as error:  # the tutorial goes on; only continuing it later is lost
            log.warning("could not keep the tutorial of %s: %s", self.game_id, error)

    # -- what it says

    def _how(self, command: str) -> str:
        """How to give ``command`` here: the word to type, or the window's key."""
        _ = self.language._
        if self.window:
            from accessible_dice.ui.window.keys import active

            key = next(binding.keys for binding in active() if binding.action == command)
            # Translators: how to do a tutorial step in the window; {key} is a key's name, e.g. "R".
            return _("press {key}").format(key=_(key))
        from accessible_dice.play.commands import command_word

        # Translators: how to do a tutorial step in the terminal; {word} is the command word, e.g. "roll".
        return _("type {word}").format(word=command_word(command, self.language))

    def instruction(self, session: Session, presenter: Presenter) -> Utterance | None:
        """What to do now, and how; ``None`` after the last step."""
        _ = self.language._
        if self.step >= len(STEPS):
            return None
        name = STEPS[self.step]
        if name == "dice":
            # Translators: a tutorial step: hear the dice again; {how} is e.g. "type dice" or "press D".
            return news(_("Now hear the dice again, as you can at any time: {how}.").format(how=self._how("dice")))
        if name == "board":
            # Translators: a tutorial step: hear one's board or scorecard; {how} is e.g. "type board" or "press C".
            return news(_("Now hear your board: {how}.").format(how=self._how("board")))
        if session.request() is not None:
            # Translators: a tutorial step: throw the dice; {how} is e.g. "type roll" or "press R".
            return news(_("Now throw the dice: {how}.").format(how=self._how("roll")))
        moves = presenter.moves_answer().text
        if self.window:
            # Translators: a tutorial step in the window: make a move; {moves} is what the game says is possible.
            return news(_("Now make a move. {moves} Choose one with the arrow keys and Enter.").format(moves=moves))
        from accessible_dice.play.commands import actions_now

        words = actions_now(session.game, self.language)
        if all(word.split()[0].casefold() in moves.casefold() for word in words):
            # The game's words say already what to type (Storeslem's board: "type board and nine …").
            # Translators: a tutorial step in the terminal: make a move; {moves} is what the game says is
            # possible and how to type it.
            return news(_("Now make a move. {moves}").format(moves=moves))
        # Translators: a tutorial step in the terminal: make a move; {moves} is what the game says is possible,
        # {words} the command words that make a move, e.g. "singles, sum, or shut".
        return news(_("Now make a move. {moves} Type one of {words}.").format(
            moves=moves, words=self.language.join(words, "or")))

    def opening(self, session: Session, presenter: Presenter, resumed: bool) -> Utterance | None:
        """What the tutorial says as it opens (after the game's own opening), or as it continues."""
        _ = self.language._
        game = _(TITLES[self.game_id])
        if resumed:
            # Translators: a tutorial left earlier goes on; {game} is the game's name.
            start = _("The tutorial of {game} goes on.").format(game=game)
        else:
            # Translators: a tutorial starts; {game} is the game's name; "Tutorial" is the main menu item.
            start = " ".join([_("Tutorial of {game}: a short guided game, not saved and not in the score history. "
                                "If you leave it, Tutorial in the main menu continues it.")
                              .format(game=game), _(presenter.goal)])
        self._pass_over(session)
        return combine([news(start), self.instruction(session, presenter)])

    def after(self, command: str, session: Session, presenter: Presenter, before: int) -> Utterance | None:
        """A command was carried out (``before``: the history's length before it): the next step, when it was the
        one waited for, with what happened; else the step waiting, again."""
        if self.step >= len(STEPS):
            return None
        _ = self.language._
        name = STEPS[self.step]
        acted = name == "act" and len(session.game.history) > before
        explained: Utterance | None = None
        if acted:
            threw = isinstance(session.game.history[-1], Roll)
            # Translators: a tutorial explains the throw just made (its words were said just before).
            explained = news(_("That was your throw: the dice and what they allow were said.") if threw
                             # Translators: a tutorial explains the move just made.
                             else _("That was your move: what it did was said."))
            # A throw that leaves no dice on the table (who starts, how many rounds) is not yet the step.
            acted = not threw or bool(session.game.dice_on_table())
        if acted or command == name:
            self.step += 1
            self._pass_over(session)
        if self.step >= len(STEPS) or session.game.is_over():
            self.step = len(STEPS)
            # Translators: the tutorial's last words; the game goes on as practice.
            last = news(_("That is the tutorial: you threw, moved and asked. Play on to the end of this game for "
                          "practice, or leave it."))
            self.keep(session)
            return combine([explained, last])
        self.keep(session)
        return combine([explained, self.instruction(session, presenter)])

    def _pass_over(self, session: Session) -> None:
        """Skip a review step with nothing to hear (the dice before any are thrown)."""
        while self.step < len(STEPS) and STEPS[self.step] == "dice" and not session.game.dice_on_table():
            self.step += 1


def start(game_id: str, player: str, language: Language, *, window: bool,
          folder: Path | None = None) -> tuple[Session, bool]:
    """The tutorial of ``game_id``: the one left earlier, continued (``True``), or a new one."""
    guide = Guide(game_id, language, window, folder=folder)
    kept = _kept(guide.path)
    if kept is not None:
        game, guide.step = kept
        session = Session(game, seed=SEED)
        resumed = True
    else:
        session = new_session(game_id, players(game_id, player), {}, seed=SEED)
        resumed = False
    session.practice = True
    session.tutorial = guide
    return session, resumed


def players(game_id: str, player: str) -> list[str]:
    """Who plays a tutorial: the player alone, with computer players where the game needs more (Pig needs two)."""
    needed = game_class(game_id).min_players
    return [player, *("cpu" if seat == 1 else f"cpu{seat}" for seat in range(1, needed))]


def _kept(path: Path) -> tuple[Any, int] | None:
    """A tutorial left earlier, if its file reads; a damaged one is dropped (a tutorial can start again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return save.from_json(data["game"]), int(data["step"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, save.BadSave) as error:
        log.warning("the tutorial kept in %s cannot be continued: %s", path, error)
        return None


def offer(game_id: str, language: Language, folder: Path | None = None) -> Utterance | None:
    """The first time ``game_id`` is chosen: a line saying its tutorial is there; later ``None``."""
    path = (folder or data_dir() / FOLDER) / OFFERED
    try:
        offered = set(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):  # none offered yet, or a damaged list: offer again
        offered = set()
    if game_id in offered:
        return None
    try:
        write_atomic(path, json.dumps(sorted(offered | {game_id})))
    except OSError as error:
        log.warning("could not remember that the tutorial was offered: %s", error)
    # Translators: said the first time a game is chosen; "Tutorial" is the main menu item.
    return news(language._("New to {game}? Tutorial in the main menu plays a short guided first game.").format(
        game=language._(TITLES[game_id])))
