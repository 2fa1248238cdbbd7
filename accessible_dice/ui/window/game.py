"""A game in the window: the same session, commands and presenter as the terminal, driven by keys.

Rows, top to bottom: the dice (drawn large), the actions (throw, the moves
possible now), then the game's board (:mod:`accessible_dice.boards.base`).
Every key becomes what the terminal would do for the same command, run by
the shared executor, so the words said (and shown) are the presenter's.

Computer players' steps are paced (KB-09): the next one waits until the
speech before it has finished and ``Window.pace`` seconds have passed (the
``computer-pace`` setting), or, at the pace ``wait``, for Enter. Enter takes
the next step at once; N plays the computer players' turns through to the
next person's. With real dice the field for their values opens by itself
whenever a throw is due; Escape closes it, and R opens it again.

Choosing a computer player's move and a hint may take long the first time
(the Yatzy strategy table is built once, in seconds, in the background from
the game's start), so that thinking runs on a worker thread while the loop
goes on answering keys; the game is not changed until the answer is back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as NotYet
from typing import Any

from accessible_dice import profiles
from accessible_dice.boards.base import Grammar, TypedBoard, board_for
from accessible_dice.boards.model import Row
from accessible_dice.boards.rows import (
    ACTING,
    CHANGING,
    REVIEW,
    ComputerPlaying,
    GameRows,
    NoComputerPlaying,
    StillThinking,
)
from accessible_dice.errors import DiceError
from accessible_dice.play import commands
from accessible_dice.play.commands import Command
from accessible_dice.play.controller import Controller
from accessible_dice.practice import kept_note, left_for_menu
from accessible_dice.presentation import TITLES, options, terms
from accessible_dice.presentation.describe import answer, combine, news
from accessible_dice.presentation.rules import rules_page
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import Session
from accessible_dice.ui.window import Entry, Menu, MenuItem, Reader, Screen, Window
from accessible_dice.ui.window.keys import Pressed
from accessible_dice.ui.window.picker import Picker
from accessible_dice.ui.window.settings import SettingsMenu, as_words

#: How long the loop waits for thinking before going on with other events.
THINK_WAIT = 0.05


class DiceEntry(Entry):
    """The field for the values of real dice: a letter typed into it (R, the throw key, pressed out
    of habit as docs/keys.md says) goes in as nothing and says the prompt again, so "r7" is never sent."""

    def text(self, typed: str) -> None:
        if any(char.isalpha() for char in typed):
            self.window.say(answer(self.said.text), remember=False)
            return
        super().text(typed)


class GameScreen(GameRows, Screen):
    """One game session on screen."""

    wrap = False
    positions = False
    board_layout = True

    def __init__(self, window: Window, session: Session, resumed: bool = False,
                 terminal: Controller | None = None) -> None:
        """``terminal``: the executor of the commands, the window's own unless given (an online table's)."""
        game = session.game
        super().__init__(window, window._(TITLES[game.id]))
        self.terminal = terminal or window.terminal
        self.session = session
        self.game = game
        self.resumed = resumed
        self.presenter = self.terminal.presenter(session)
        self.board = board_for(self)
        self.contexts = ("anywhere", "lists", "history", "game", *self.board.contexts)
        self.takes_text = isinstance(self.board, TypedBoard)
        #: Whose turn it was when the action being carried out began: the message panel tags its words so.
        self.acting = ""
        self.next_step = 0.0
        #: The history length when the field for real dice was last opened by itself (Escape keeps it shut).
        self.prompted_at = -1
        #: N was pressed: the computer players' steps follow at once until a person is due.
        self.skipping = False
        #: Whether "getting ready" or "Enter plays the next step" was said in this stretch of computer turns.
        self.told = False
        #: Thinking on the worker thread: its future and what to do with the answer on the loop.
        self.thinking: tuple[Future[Any], Callable[[Any], None]] | None = None

    # ------------------------------------------------------------ what it shows

    def rows(self) -> list[Row]:
        return [self.dice_row(), Row("actions", self.actions(), region="actions"), *self.board.rows()]

    def status(self) -> str:
        return self.presenter.turn_news().text

    def help_intro(self) -> str:
        """F1 starts with what can be done now (the presenter's words)."""
        return self.presenter.moves_answer().text

    def help_notes(self) -> list[str]:
        """F1 ends with the one feature for listening that has no key of its own and so is not in the list of
        keys before it: the verbosity (SR-16)."""
        # Translators: the last line of the key help (F1) of a game; the actions menu item "Verbosity" changes
        # how much is said.
        return [self._("How much is said: Escape, then Verbosity: brief, normal or full.")]

    # ------------------------------------------------------------ opening

    def opened(self) -> None:
        self.settled()
        self.window.shown.owner = lambda: self.acting
        self.focus.place("actions")
        self.terminal.opening(self.session, self.presenter, self.resumed)
        self.after()

    # ------------------------------------------------------------ acting

    def attempt(self, action: Callable[[], object]) -> bool:
        """Run ``action``; a refusal is said (with the presenter's localized lists) and changes nothing."""
        try:
            action()
        except DiceError as refusal:
            self.window.say(self.presenter.refusal(refusal))
            return False
        return True

    def refuse(self, error: DiceError) -> None:
        self.window.say(self.presenter.refusal(error))

    def execute(self, command: Command) -> bool:
        """Carry out a command exactly as the terminal does; then what the new state needs.

        Nothing changes the game while a move is thought out (the answer would
        meet another game), and only Enter and N act in a computer's turn;
        undo and redo may (a wrongly typed throw for a computer player).
        """
        if command.name in CHANGING and self.thinking is not None:
            self.refuse(StillThinking())
            return False
        if command.name in ACTING and self.computer_turn():
            player = self.game.current_player()
            self.refuse(ComputerPlaying(name=self.game.players[player or 0]))
            return False
        self.mark_acting()
        done = self.attempt(lambda: self.terminal.execute(command, self.session, self.presenter))
        if done and command.name in ("undo", "redo"):
            self.prompted_at = -1  # the history may be as long as when the field last opened, for another throw
        self.after()
        return done

    def mark_acting(self) -> None:
        """The words that follow are about the player to move now (their result, then what follows it)."""
        player = self.game.current_player()
        self.acting = "" if player is None else self.game.players[player]

    def text(self, typed: str) -> None:
        """A typed game: a digit or "(" typed on the board starts a move with it (Shift+9 types "(")."""
        if typed[:1] in tuple("0123456789("):
            self.type_command(typed)

    def think(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        """Run ``work`` on the worker thread; ``then`` gets its answer on the loop (see :meth:`tick`)."""
        self.thinking = (self.window.worker.submit(work), then)
        self.finish_thinking(THINK_WAIT)

    def finish_thinking(self, wait: float = 0.0) -> bool:
        """Take the answer if it is there; ``True`` when something was done with it."""
        if self.thinking is None:
            return False
        future, then = self.thinking
        try:
            answer_now = future.result(timeout=wait)
        except NotYet:
            return False
        except DiceError as refusal:
            self.thinking = None
            self.refuse(refusal)
            return True
        self.thinking = None
        self.attempt(lambda: then(answer_now))
        self.after()
        return True

    def hint(self) -> None:
        """A: the terminal's hint, worked out off the loop."""
        self.think(lambda: self.terminal.hint((), self.session, self.presenter), self.window.say)

    def act_move(self, move: object) -> bool:
        return self.execute(Command("move", move=move))  # type: ignore[arg-type]

    def roll(self) -> None:
        """R or the throw button: the terminal's roll (a Yatzy re-throw included); with real dice due, the field."""
        if self.session.manual and self.session.request() is not None:
            self.ask_values(interrupt=True)
        else:
            self.execute(Command("roll"))

    def ask_values(self, interrupt: bool) -> None:
        """Open the field for the values of real dice (ER-03: the prompt says how many and how).

        Opened by itself (not ``interrupt``) right after the terminal said the
        prompt (after an undo), the field opens without saying it again.
        """
        request = self.session.request()
        if request is None or isinstance(self.window.top, Entry):
            return
        terminal = self.terminal
        said_already = not interrupt and terminal.prompted_at == len(self.game.history)
        self.prompted_at = terminal.prompted_at = len(self.game.history)
        prompt = self.presenter.dice_prompt(request)
        said = answer(prompt.text, *prompt.cues) if interrupt else prompt
        self.window.push(DiceEntry(self.window, said, self.enter_values, quiet=said_already))

    def enter_values(self, text: str) -> bool:
        before = len(self.game.history)
        self.execute(Command("values", (text,)))
        return len(self.game.history) != before

    def type_command(self, start: str = "") -> None:
        """A text field for the game's typed commands, read by the terminal's parser; ``start`` is typed first."""
        self.window.push(Entry(self.window, self.presenter.moves_answer().text, self.typed, text=start,
                               replace=False))

    def typed(self, text: str) -> bool:
        """A typed line (the text field's, or the picker's built by arrows and Enter), read by the terminal's
        parser and carried out; whether the game moved on (else the refusal was said)."""
        before = len(self.game.history)
        self.attempt(lambda: self.execute(commands.parse(text, self.game, self.window.language,
                                                         manual=self.session.manual,
                                                         rng=self.session.dice.rng,
                                                         keep_by=self.terminal.keep_by())))
        return len(self.game.history) != before

    def pick_command(self, title: str, grammar: Grammar) -> None:
        """The picker that builds a typed move by arrows and Enter from the dice on the table (KB-11)."""
        self.window.push(Picker(self.window, title, grammar, self.game.dice_on_table(), self.typed))

    def after(self) -> None:
        """After each action: the field for real dice when a throw is due, the menu button at the end."""
        if not self.computer_turn():  # a person is due: the next computer turns start afresh
            self.skipping = self.told = False
        if self.game.is_over():
            self.focus.place("actions")
            return
        if (self.session.manual and self.session.request() is not None
                and self.prompted_at != len(self.game.history) and self.window.top is self):
            self.ask_values(interrupt=False)

    def confirm(self, question: str, on_yes: Callable[[], object]) -> None:
        self.window.confirm(question, on_yes)

    # ------------------------------------------------------------ focus helpers for boards

    def focus_on(self, row_key: str, cell_key: str) -> None:
        self.settled()
        if self.focus.place(row_key, cell_key):
            self.say_focus(row_changed=True)

    def say_die(self, position: int) -> None:
        self.settled()
        self.focus.place("dice", f"die{position}")
        self.window.say(answer(self.die_label(position)), remember=False)

    # ------------------------------------------------------------ keys

    def act(self, pressed: Pressed) -> bool:
        name = pressed.action
        if name == "activate" and self.computer_turn():
            self.step()
        elif name == "roll":
            self.roll()
        elif name in REVIEW:
            self.execute(Command(name))
        elif name == "hint":
            self.hint()
        elif name == "everybody":
            self.window.say(combine((self.presenter.board_answer(p) for p in range(len(self.game.players))),
                                    interrupt=True))
        elif name == "rules":
            self.window.push(rules_reader(self.window, self.game.id))
        elif name in ("undo", "redo"):
            self.execute(Command(name))
        elif name == "records":
            self.records()
        elif name == "explain":
            self.explain()
        elif name == "skip":
            self.skip()
        elif name == "type" and self.window.texting:
            pass  # the character itself follows as text: "(" where Shift+9 types it
        elif name in ("hold", "face", "flap", "type"):
            self.board.number(pressed)
        else:
            return super().act(pressed)
        return True

    def ask_close(self) -> None:
        """Closing the program during a game: asked, then the game's goodbye (it is saved, or for a practice
        game or a tutorial what is kept of it)."""
        note = kept_note(self.session, self.window.language)
        # Translators: confirming closing the program during a practice game or a tutorial; then what is kept.
        question = self._("Close Accessible Dice?") + " " + note if note else None
        # Translators: confirming closing the program during a game.
        self.window.confirm(question or self._("Close Accessible Dice? The game is saved."), self.exit, closing=True)

    def exit(self) -> None:
        self.terminal.goodbye(self.session)
        self.window.running = False

    def explain(self) -> None:
        """E: what the focused Yatzy box or move means (CG-08), else the game's terms; the terminal's ``explain``."""
        cell = self.focus.cell()
        self.window.say(terms.on_focus(self.game.id, self.focus.row_key, "" if cell is None else cell.label,
                                       self.window.language))

    def records(self) -> None:
        """H: this game's records for its players, from the score history (the terminal's ``history``)."""
        try:
            lines = self.terminal.records(self.session)
        except DiceError as refusal:
            self.refuse(refusal)
            return
        # Translators: the title of the score history page in the window.
        self.window.push(Reader(self.window, self._("Score history"), lines))

    def back(self) -> None:
        if self.game.is_over():
            self.to_menu()
        else:
            self.window.push(ActionsMenu(self))

    def to_menu(self) -> None:
        self.window.to_main_menu(self.session.manual)

    # ------------------------------------------------------------ computer players

    def computer_turn(self) -> bool:
        return not self.game.is_over() and self.session.computer_to_act()

    def step(self) -> None:
        """The computer player's throw, or its move (thought out off the loop)."""
        if self.thinking is not None:
            return
        self.next_step = time.monotonic() + (self.window.pace or 0.0)
        self.mark_acting()
        if self.session.request() is not None:
            self.report(self.session.computer_step())
            self.after()
        else:
            self.told = self.terminal.getting_ready(self.session) or self.told
            level = self.terminal.computer_level(self.session)
            self.think(lambda: self.session.computer_choice(level),
                       lambda chosen: self.terminal.computer_plays(self.session, self.presenter, *chosen))

    def skip(self) -> None:
        """N: the computer players' steps at once, without pauses, until a person is due (GN-05)."""
        if not self.computer_turn():
            self.refuse(NoComputerPlaying())
            return
        self.skipping = True
        self.window.announcer.silence()
        self.step()

    def report(self, events: list[Any]) -> None:
        self.terminal.report(self.session, self.presenter, events)

    def tick(self, now: float) -> bool:
        """A computer player's next step, once the last words are said and its pace allows; paused under menus.

        At the pace ``wait`` (``Window.pace`` is ``None``) only Enter or N
        plays a step; the first time in a stretch of computer turns says so.
        """
        if self.finish_thinking():
            return True
        if self.window.top is not self or self.thinking is not None or not self.computer_turn():
            return False
        if not self.skipping:
            if self.window.pace is None:
                return self.tell_wait()
            if now < self.next_step or getattr(self.window.voice, "is_speaking", lambda: False)():
                return False
        self.step()
        return True

    def tell_wait(self) -> bool:
        """At the pace ``wait``: say once per stretch of computer turns how to go on; ``True`` if said."""
        if self.told:
            return False
        self.told = True
        player = self.game.current_player()
        # Translators: the computer-pace setting is "wait": computer players move only when Enter or N is pressed.
        self.window.say(news(self._("{name} plays: Enter for each step, N for all of them.").format(
            name=self.game.players[player or 0])))
        return True


class ActionsMenu(Menu):
    """Escape in a game: back to it, keys, rules, theme, verbosity, leave."""

    def __init__(self, game: GameScreen) -> None:
        # Translators: the title of the menu Escape opens during a game.
        super().__init__(game.window, game._("Actions"))
        self.game = game

    def items(self) -> list[MenuItem]:
        _ = self._
        window = self.window
        level = window.terminal.verbosity
        items: list[MenuItem] = [
            # Translators: actions menu item.
            ("resume", _("Back to the game"), window.pop),
            # Translators: actions menu item: undo, as Ctrl+Z does (the terminal's undo).
            ("undo", _("Take back the last step"), lambda: self.back_and("undo")),
            # Translators: actions menu item: redo, as Ctrl+Y does (the terminal's redo).
            ("redo", _("Do again the step taken back"), lambda: self.back_and("redo")),
            # Translators: actions menu item: the key help.
            ("keys", _("Keys"), lambda: window.push(window.help_screen(self.game))),
            # Translators: actions menu item: {game} is the game's name.
            ("rules", _("Rules of {game}").format(game=self.game.title),
             lambda: window.push(rules_reader(window, self.game.game.id))),
            # Translators: actions menu item: the colour theme now; Enter changes it.
            ("theme", _("Theme: {name}").format(name=_(window.theme.title)), lambda: window.global_key("theme")),
            # Translators: actions menu item: how much is said now; Enter changes it.
            ("verbosity", _("Verbosity: {level}").format(level=options.word(level.name.lower(), window.language)),
             self.next_verbosity),
            # Translators: actions menu item: the list of settings.
            ("settings", _("Settings"), lambda: window.push(SettingsMenu(window))),
            # Translators: actions menu item: write a problem report to send (the terminal's report).
            ("report", _("Report a problem"),
             lambda: window.say(window.terminal.problem_report(self.game.session))),
            # Translators: actions menu item: leave the game (it is saved) for the main menu.
            ("quit", _("Quit to the main menu"), self.ask_quit),
            # Translators: actions menu item: close the program (the game is saved).
            ("exit", _("Close Accessible Dice"), self.game.ask_close),
        ]
        person = profiles.person_on_turn(self.game.game, self.game.session.computers)
        if person is not None and window.prefs.profiles is not None:
            own = options.word("yes" if window.prefs.player == person else "no", window.language)
            # Translators: actions menu item: whether {name} (on turn) keeps own settings; Enter switches.
            items.insert(7, ("profile", _("Own settings for {name}: {value}").format(name=person, value=own),
                             self.switch_profile))
        return items

    def spoken(self, key: str, label: str) -> str:
        """The theme and the verbosity are said as combo boxes, own settings as a checkbox (SR-02)."""
        window = self.window
        if key == "theme":
            return self.control(label, as_words(options.name("theme", window.language)), "combo box",
                                self._(window.theme.title))
        if key == "verbosity":
            level = window.terminal.verbosity.name.lower()
            return self.control(label, as_words(options.name("verbosity", window.language)), "combo box",
                                as_words(options.word(level, window.language)))
        person = profiles.person_on_turn(self.game.game, self.game.session.computers)
        if key == "profile" and person is not None:
            # Translators: actions menu item as said, a checkbox: whether {name} (on turn) keeps own settings.
            return self.checkbox(label, self._("Own settings for {name}").format(name=person),
                                 window.prefs.player == person)
        return label

    def switch_profile(self) -> None:
        """Own settings for the person on turn, or the shared ones again (the terminal's ``profile``)."""
        person = profiles.person_on_turn(self.game.game, self.game.session.computers)
        wanted = options.word("no" if self.window.prefs.player == person else "yes", self.window.language)
        self.game.execute(Command("profile", (wanted,)))
        self.say_focus()

    def back_and(self, name: str) -> None:
        """Back in the game, then the command, so what it says comes after the game's title (KB-03:
        undo and redo without a chord)."""
        self.window.remove(self)
        self.game.execute(Command(name))

    def next_verbosity(self) -> None:
        level = Verbosity((self.window.terminal.verbosity + 1) % len(Verbosity))
        self.game.execute(Command("verbosity", (level.name.lower(),)))
        self.window.keep("verbosity", level.name.lower())

    def ask_quit(self) -> None:
        note = kept_note(self.game.session, self.window.language)
        # Translators: confirming leaving a practice game or a tutorial for the main menu; then what is kept.
        question = self._("Quit this game?") + " " + note if note else None
        # Translators: confirming leaving a game for the main menu.
        self.window.confirm(question or self._("Quit this game? It is saved; the main menu can continue it."),
                            self.quit)

    def quit(self) -> None:
        self.window.say(left_for_menu(self.game.session, self.window.language))
        self.game.to_menu()


def rules_reader(window: Window, game_id: str) -> Reader:
    """Ctrl+F1: the game's rules page (the terminal's ``rules``), a line at a time."""
    # Translators: the title of the rules page in the window; {game} is its name.
    title = window._("Rules of {game}").format(game=window._(TITLES[game_id]))
    return Reader(window, title, rules_page(game_id, window.language))

