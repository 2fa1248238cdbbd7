"""The table: one game thread, the main menu and a game, played by one or more browser clients.

Everything that reads or changes the game runs on one thread, taking the
clients' messages from one queue in the order they came, so two devices at
a table never act on the game at the same moment. Each client (a browser
tab: the host's, or a device that joined with the code) has its own
language, its own :class:`~accessible_dice.play.controller.Controller` (the
words, the hints, the history) and its own seat. An action is carried out
by the acting client's terminal, exactly as the terminal front end does,
and its events are then said to every other client by that client's own
terminal, in its own language (:meth:`Table.share`).

The main menu is the terminal's (:class:`~accessible_dice.play.menu.Menu`),
answered by the host's page: its numbered choices become buttons, and a
typed answer goes to it as a typed line would.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from accessible_dice import saved_games
from accessible_dice import settings as config
from accessible_dice.boards.rows import ACTING, CHANGING, ComputerPlaying, NoComputerPlaying
from accessible_dice.errors import N_, DiceError, IllegalMove
from accessible_dice.games.base import Action, Event
from accessible_dice.history import history_path
from accessible_dice.play import commands
from accessible_dice.play.commands import Command
from accessible_dice.play.controller import AFTER_GAME, YES, Announcer, Controller
from accessible_dice.play.menu import Menu
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import TITLES
from accessible_dice.presentation import undo as undo_words
from accessible_dice.presentation.describe import Presenter, answer, combine, news
from accessible_dice.presentation.i18n import LANGUAGES, Language, language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import Session, rematch
from accessible_dice.settings import PACES
from accessible_dice.storage import data_dir
from accessible_dice.ui.web.messages import Message
from accessible_dice.ui.web.screen import WebScreen
from accessible_dice.utterance import Utterance

log = logging.getLogger(__name__)

#: The file in the data folder where the menu keeps the last new game's choices (as the terminal's).
MENU_MEMORY = "last-game.json"
#: The kind of the table's own message that the strategy took long or is ready (never a page's: pages send text).
STRATEGY_NEWS = object()


class NotYourTurn(IllegalMove):
    # Translators: at a table with one device per player: someone acted on another player's turn.
    template = N_("It is {name}'s turn.")


class WebAnnouncer(Announcer):
    """What a client hears: kept in its history, and sent to its page (the page's screen reader says it)."""

    def __init__(self, client: Client) -> None:
        super().__init__(None)
        self.client = client

    def say(self, utterance: Utterance | None, remember: bool = True) -> None:
        super().say(utterance, remember)
        if utterance is not None and utterance.text:
            self.client.gather({"t": "say", "text": " ".join(utterance.text.split()), "interrupt": utterance.interrupt,
                              "cues": [{"name": cue.name, "position": cue.position, "pitch": cue.pitch}
                                       for cue in utterance.cues]})

    def silence(self) -> None:
        self.client.send({"t": "hush"})


class WebTerminal(Controller):
    """A client's terminal: what it reports about the game is also said to the other clients."""

    def __init__(self, client: Client, settings: SettingsScreen) -> None:
        super().__init__(client.announcer, client.table.read_line, client.language,
                         Verbosity.named(settings.settings.verbosity), settings)
        self.client = client

    def report(self, session: Session, presenter: Presenter, events: list[Event]) -> None:
        super().report(session, presenter, events)
        self.client.table.share(self.client, session, events)

    def strategy_news(self, ready: bool) -> None:
        """The strategy's news comes from a background thread: the table's thread says it (:data:`STRATEGY_NEWS`)."""
        self.client.table.post(self.client, {"t": STRATEGY_NEWS, "ready": ready})


class WebMenu(Menu):
    """The terminal's main menu; each question's numbered choices and prompt are also shown on the page."""

    def __init__(self, client: Client, **kwargs: Any) -> None:
        super().__init__(client.announcer, client.table.read_line, client.language, **kwargs)
        self.client = client

    def choose(self, title: str, items: Sequence[tuple[str, Sequence[str]]], default: int | None = None,
               more: tuple[str, Sequence[tuple[str, Sequence[str]]]] | None = None, enter: str | None = None,
               brief: str | None = None, described: str | None = None) -> int:
        self.client.choices = [label for label, _words in [*items, *(more or ("", ()))[1]]]
        try:
            return super().choose(title, items, default, more, enter, brief, described)
        finally:
            self.client.choices = []

    def ask(self, prompt: Utterance, explained: str | None = None) -> str:
        self.client.prompt = prompt.text
        return super().ask(prompt, explained)


@dataclass
class Pending:
    """A question asked of one client (scoring 0): what yes does."""

    question: str
    on_yes: Callable[[], object]


class Client:
    """One browser page at the table: its language, seat, terminal and what it is shown."""

    def __init__(self, table: Table, ident: str, lang: Language, host: bool) -> None:
        self.table = table
        self.ident = ident
        self.host = host
        #: The player this device plays for; ``None``: the host plays every seat no device has taken.
        self.seat: int | None = None
        self.sockets: list[Callable[[Message], None]] = []
        self.unsent: list[Message] = []
        #: What was said since the page was last drawn: one key press's announcements, sent as one.
        self.gathered: list[Message] = []
        #: Whether a page of this client was opened before (a new one then gets the history).
        self.greeted = False
        self.choices: list[str] = []
        self.prompt = ""
        self.pending: Pending | None = None
        self.focus_request: dict[str, str] | None = None
        self.screen: WebScreen | None = None
        self.presenter: Presenter | None = None
        self._speak_in(lang)

    def set_language(self, lang: Language) -> None:
        """A new language (on the table's thread): a new terminal with its words; the game is shown in it now."""
        self._speak_in(lang)
        if self.table.session is not None:
            self.join_game(self.table.session)

    def _speak_in(self, lang: Language) -> None:
        self.language = lang
        self.announcer = WebAnnouncer(self)
        # A device that joined changes its own settings, for this game only.
        current = self.table.settings if self.host else SettingsScreen(lang, self.table.settings.settings)
        self.terminal = WebTerminal(self, current)

    def join_game(self, session: Session) -> Presenter:
        """This client sees ``session`` from now on, in its language; its presenter."""
        self.presenter = self.terminal.presenter(session)
        self.screen = WebScreen(self, session, self.presenter)
        return self.presenter

    # ------------------------------------------------------------ to the page

    def send(self, message: Message) -> None:
        """To every page of this client; what is said while none is open waits for the first (the opening)."""
        sockets = list(self.sockets)
        if not sockets and message["t"] == "say":
            self.unsent.append(message)
        for socket in sockets:
            socket(message)

    def gather(self, said: Message) -> None:
        self.gathered.append(said)

    def send_gathered(self, turn: bool = False) -> None:
        """What one step made this client hear, as one announcement: Orca says lines that come close
        together in an order of its own (docs/web-orca.md), one insertion it says as it is. ``turn``: one
        of the computer turns N plays at once (the page leaves the time to say it before the next)."""
        if not self.gathered:
            return
        gathered, self.gathered = self.gathered, []
        texts = [said["text"] for n, said in enumerate(gathered) if n == 0 or said["text"] != gathered[n - 1]["text"]]
        self.send({"t": "say", "text": " ".join(texts),  # the same sentence twice in a row is said once
                   "interrupt": any(said["interrupt"] for said in gathered), "turn": turn,
                   "cues": [cue for said in gathered for cue in said["cues"]]})

    def deliver(self) -> None:
        """A page opened: what was said before it (the game's opening) is said now, once; a page opened
        again (reloaded, or a second tab) gets what was said before as its history, shown but not said."""
        waiting, self.unsent = self.unsent, []
        if self.greeted and not waiting:
            self.send({"t": "history", "texts": [" ".join(said.text.split()) for said in self.announcer.history]})
        self.greeted = True
        for message in waiting:
            self.send(message)

    def say(self, utterance: Utterance | None) -> None:
        self.announcer.say(utterance)

    def focus(self, target: str, text: str = "") -> None:
        self.focus_request = {"target": target, "text": text}

    def ask(self, question: str, on_yes: Callable[[], object]) -> None:
        self.pending = Pending(question, on_yes)
        self.say(answer(question))

    # ------------------------------------------------------------ acting

    def may_act(self, session: Session) -> bool:
        """Whether this client may change the game now: its seat is to move (the host: a seat nobody took)."""
        player = session.game.current_player()
        if player is None:
            return True
        if self.seat is not None:
            return player == self.seat
        return self.host and player not in self.table.taken_seats()

    def check(self, session: Session, name: str) -> None:
        """Refuse the command ``name`` if the table's rules forbid it now: a computer is to act, or (with
        one device per player) it is another seat's turn. The game's own rules are the game's."""
        if name in ACTING and session.computer_to_act():
            raise ComputerPlaying(name=session.game.players[session.game.current_player() or 0])
        referee = self.host and name in ("undo", "redo")  # the host may take back anyone's step
        if name in CHANGING and not (referee or self.may_act(session)):
            raise NotYourTurn(name=session.game.players[session.game.current_player() or 0])

    def execute(self, command: Command) -> bool:
        """Carry out a command as the terminal does; a refusal is said and changes nothing."""
        session = self.table.session
        assert session is not None and self.presenter is not None
        try:
            self.check(session, command.name)
            before = tuple(session.game.history)
            self.terminal.execute(command, session, self.presenter)
            if command.name in ("undo", "redo"):
                self.table.share_undo(self, session, before)
        except DiceError as refusal:
            self.say(self.presenter.refusal(refusal))
            return False
        return True

    def line(self, text: str) -> None:
        """A typed line in a game: the terminal's parser, the question asked first where it asks (ER-04)."""
        session = self.table.session
        assert session is not None and self.presenter is not None and self.screen is not None
        if self.pending is not None:
            pending, self.pending = self.pending, None
            if text.strip().casefold() in commands.spellings(YES, self.language):
                self.screen.attempt(pending.on_yes)
            else:
                # Translators: the player did not confirm; nothing was done.
                self.say(answer(self.language._("Not done; choose again.")))
            return
        if session.game.is_over() and self.after_game(text):
            return
        try:
            command = commands.parse(text, session.game, self.language, manual=session.manual,
                                     rng=session.dice.rng, keep_by=self.terminal.keep_by())
        except DiceError as refusal:
            self.say(self.presenter.refusal(refusal))
            return
        if command.name == "quit":
            self.table.leave_game("new", self)
            return
        question = None if command.move is None else self.terminal.confirmation(session, command.move)
        if question is not None:
            self.ask(question, lambda: self.execute(command))
            return
        self.execute(command)

    def after_game(self, text: str) -> bool:
        """After a game: rematch (or an empty line) and new are chosen by the host; ``True`` if it was one."""
        choice = text.strip().casefold()
        chosen = "rematch" if not choice else next(
            (name for name, word in AFTER_GAME.items() if choice in commands.spellings(word, self.language)), None)
        if chosen is None or not self.host:
            return False
        self.table.leave_game(chosen)
        return True

    def view(self) -> Message:
        """Everything this client's page shows now."""
        table = self.table
        _ = self.language._
        shown: Message = {"t": "state", "lang": self.language.code, "languages": list(LANGUAGES),
                          "host": self.host, "seat": self.seat, "listen": table.join_code is not None,
                          "settings": _page_settings(self.terminal.settings.settings),
                          "words": page_words(self.language)}
        shown["themes"] = shown["words"].pop("themes")
        if self.host and table.join_text is not None:
            shown["join"] = table.join_text(self.language)
        if self.focus_request is not None:
            shown["focus"], self.focus_request = self.focus_request, None
        session = table.session
        if session is None or self.screen is None:
            # Translators: the web page's heading while the main menu is shown.
            shown.update(screen="menu", title=_("Main menu"), prompt=self.prompt if self.host else waiting_words(_),
                         choices=self.choices if self.host else [])
            return shown
        shown.update(screen="game", title=_(TITLES[session.game.id]), **self.screen.view(),
                     question=None if self.pending is None else self.pending.question,
                     players=list(session.game.players), taken=sorted(table.taken_seats()),
                     over=session.game.is_over())
        return shown


def waiting_words(_: Callable[[str], str]) -> str:
    # Translators: with one device per player: the host left the game for the main menu.
    return _("The host went back to the main menu. The game is saved; this page follows the next one.")


def page_words(lang: Language) -> Message:
    """The page's own words (headings, labels, buttons) in ``lang``; everything else comes from the presenter."""
    from babel import Locale

    from accessible_dice.theme import THEMES

    _ = lang._
    return {
        # Translators: a heading of the web page: the numbered choices of a menu question, as buttons.
        "choices": _("Choices"),
        # Translators: a heading of the web page, and the name of the list of dice.
        "dice": _("Dice"),
        # Translators: a heading of the web page: the buttons for the moves possible now.
        "moves": _("Moves"),
        # Translators: a heading of the web page: the players' boards or scorecards.
        "board": _("Board"),
        # Translators: a heading of the web page: everything said, the latest last.
        "messages": _("Messages"),
        # Translators: the label of the web page's field for typed commands (the terminal's commands).
        "command": _("Command"),
        # Translators: the label of the web page's field for a menu answer (a number or a word).
        "answer": _("Answer"),
        # Translators: the button beside a field of the web page that sends what was typed.
        "send": _("Send"),
        # Translators: the label of the web page's field for the values of real dice.
        "values": _("Values of the dice thrown"),
        # Translators: the web page's button that confirms a question such as "Score 0 in Full house?".
        "yes": _("Yes"),
        # Translators: the web page's button that declines a question such as "Score 0 in Full house?".
        "no": _("No"),
        # Translators: a heading of the web page: its own settings (colours, language, voice).
        "page": _("This page"),
        # Translators: the label of the web page's choice of colour theme.
        "theme": _("Colours"),
        # Translators: the label of the web page's choice of language.
        "language": _("Language"),
        # Translators: with one device per player: the label of the choice of whom this device plays for.
        "seat": _("My seat"),
        # Translators: with one device per player: the seat choice for a device that only follows the game.
        "watch": _("Nobody: only follow the game"),
        # Translators: on the web page, opened again: what was said before it was opened, a list to read.
        "earlier": _("Said before"),
        # Translators: said by the web page when it lost its connection to the program (closed, or the network).
        "lost": _("The game does not answer: its program was closed, or the connection was lost. "
                  "This page keeps trying to reach it."),
        # Translators: a setting of the web page, for players without a screen reader.
        "voice": _("Speak with the browser's voice"),
        "language_names": {code: Locale.parse(code).get_display_name(lang.code) for code in LANGUAGES},
        "themes": [(theme_id, _(theme.title)) for theme_id, theme in THEMES.items()],
    }


def _page_settings(chosen: config.Settings) -> Message:
    """The settings the page itself follows: its theme and the sound cues' volume."""
    return {"theme": chosen.theme, "sound_volume": chosen.sound_volume, "sound_mute": chosen.sound_mute,
            "sound_balance": chosen.sound_balance, "sound_mono": chosen.sound_mono}


class _Stop(Exception):
    """The server is stopping: the table's thread ends."""


class Table:
    """The game thread and its clients; :meth:`post` is the only way in, from any thread."""

    def __init__(self, lang: Language, settings: SettingsScreen, *, manual: bool, seed: int | None,
                 dice_given: bool, join_code: str | None, first: Session | None = None,
                 resumed: bool = False) -> None:
        self.inbox: queue.Queue[tuple[Client | None, Message]] = queue.Queue()
        self.session: Session | None = None
        self.settings = settings
        self.join_code = join_code
        #: What the host's page says about joining (``--listen``): the join page and the code, in a language.
        self.join_text: Callable[[Language], str] | None = None
        self.manual, self.seed, self.dice_given = manual, seed, dice_given
        self.first = (first, resumed) if first is not None else None
        self.clients: dict[str, Client] = {}
        self.lock = threading.RLock()
        self.outcome: str | None = None
        #: How long the game's history was when real dice were last asked for (the terminal's ``prompted_at``).
        self.prompted_at: int | None = None
        self.host = self.client("host", lang, host=True)
        self.thread = threading.Thread(target=self.run, name="web-table", daemon=True)
        #: Set when the table has ended (the host quit the program from the menu).
        self.ended = threading.Event()

    def client(self, ident: str, lang: Language, host: bool = False) -> Client:
        """The client of that id, made on first sight (a page reloaded keeps its seat and history)."""
        with self.lock:
            found = self.clients.get(ident)
            if found is None:
                found = self.clients[ident] = Client(self, ident, lang, host)
            return found

    def members(self) -> list[Client]:
        """The clients now (the server's thread adds clients while the table's reads them)."""
        with self.lock:
            return list(self.clients.values())

    def taken_seats(self) -> set[int]:
        """The seats of the devices with a page open: a device whose tab was closed leaves its seat to the
        host's page (which plays it) or to a device that takes it; it gets it back on a reload if still free."""
        return {client.seat for client in self.members() if client.seat is not None and client.sockets}

    def post(self, client: Client | None, message: Message) -> None:
        self.inbox.put((client, message))

    def stop(self) -> None:
        self.inbox.put((None, {"t": "stop"}))

    # ------------------------------------------------------------ the thread

    def run(self) -> None:
        try:
            self._run()
        except _Stop:
            pass
        except Exception as error:  # a player never sees a traceback: it goes to the log, and the page says so
            log.exception("the web table stopped")
            # Translators: an unexpected error ends the program; {error} is its technical name, for a bug report.
            self.host.say(news(self.host.language._("Something went wrong ({error}) and the program has to stop.")
                               .format(error=type(error).__name__)))
        finally:
            self.session = None
            self.ended.set()
            self.refresh()

    def _run(self) -> None:
        playing = self.first or self.menu()
        while playing is not None:
            outcome = self.play(*playing)
            playing = (rematch(playing[0]), False) if outcome == "rematch" else self.menu()
        # Translators: leaving the program from the main menu.
        self.host.say(answer(self.host.language._("Goodbye.")))

    def menu(self) -> tuple[Session, bool] | None:
        menu = WebMenu(self.host, manual=self.manual, seed=self.seed, dice_given=self.dice_given,
                       saves=saved_games.folder(), record_to=history_path(), settings=self.settings,
                       remember_to=data_dir() / MENU_MEMORY)
        return menu.run()

    def read_line(self) -> str | None:
        """The menu's next answer, from the host's page (a choice's button or a typed line)."""
        while True:
            self.refresh()
            client, message = self.next_message()
            if client is None or not client.host:
                continue
            if message["t"] == "choice":
                return str(message["n"])
            if message["t"] == "line":
                return str(message["text"])
            log.info("a message from the page has no meaning in the menu: %.80r", message)

    def next_message(self, timeout: float | None = None) -> tuple[Client | None, Message]:
        """The next message for the game; what any screen answers the same (hello, language) is handled here."""
        while True:
            client, message = self.inbox.get(timeout=timeout)
            kind = message.get("t")
            if kind == "stop":
                raise _Stop
            if client is not None and kind == "hello":
                if self.session is not None and client.presenter is None:  # joined during the game
                    client.say(client.join_game(self.session).turn_answer())
                self.refresh()
                client.deliver()
            elif kind == "gone":  # a page closed (the server's): a seat it held may be free now
                self.refresh()
            elif client is not None and kind == "lang":
                client.set_language(language(message["code"]))
                self.refresh()
            elif client is not None and kind == "setting":
                self.change_setting(client, message["key"], message["value"])
            elif client is not None and kind is STRATEGY_NEWS:
                Controller.strategy_news(client.terminal, bool(message["ready"]))
                self.refresh()
            else:
                return client, message

    def change_setting(self, client: Client, key: str, value: str) -> None:
        """A setting chosen on the page (the theme, the sound volume): the terminal's ``settings`` command."""
        try:
            client.say(client.terminal.settings.command([key, value]))
        except DiceError as refusal:
            client.say(answer(refusal.render(client.language._, client.language.ngettext)))
        self.refresh()

    def refresh(self) -> None:
        """Every page shown as it is now, and then told what was said since it was last drawn: the page
        moves its focus (if it does) before the announcement, which waits for the focus to settle."""
        for client in self.members():
            if client.sockets:
                client.send(client.view())
            client.send_gathered()

    # ------------------------------------------------------------ a game

    def play(self, session: Session, resumed: bool) -> str:
        self.session, self.outcome = session, None
        for client in self.members():
            client.join_game(session)
            client.pending = None
        told_end = False
        try:
            for client in self.members():
                assert client.presenter is not None
                client.terminal.opening(session, client.presenter, resumed and client is self.host)
            while self.outcome is None:
                if session.game.is_over() and not told_end:
                    told_end = True
                    for client in self.members():
                        client.say(news(client.terminal.after_game_words()))
                self.ask_for_dice(session)
                self.refresh()
                self.turn(session)
        finally:
            self.session = None
            for client in self.members():
                client.screen = client.presenter = None
                client.pending = None
        return self.outcome

    def ask_for_dice(self, session: Session) -> None:
        """With real dice due, the devices that may throw them are told what to throw, once a step, as the
        terminal tells its player (a page that only showed the field would leave a screen reader silent)."""
        request = session.request()
        if request is None or not session.manual or self.prompted_at == len(session.game.history):
            return
        self.prompted_at = len(session.game.history)
        for client in self.members():
            if client.presenter is not None and client.may_act(session):
                client.say(client.presenter.dice_prompt(request))

    def turn(self, session: Session) -> None:
        """One message handled, or a computer player's step when its pace comes."""
        pace = PACES.get(self.settings.settings.computer_pace, PACES["normal"])
        computer = not session.game.is_over() and session.computer_to_act()
        try:
            client, message = self.next_message(timeout=pace if computer and pace is not None else None)
        except queue.Empty:
            self.computer_step(session)
            return
        if client is None:
            return
        if computer and message["t"] in ("step", "skip"):
            self.computer_step(session, all_of_them=message["t"] == "skip")
        elif message["t"] == "step":  # Enter on the page itself: the terminal's empty line (the one move)
            self.handle(client, {"t": "line", "text": ""})
        elif message["t"] == "skip" and client.presenter is not None:
            client.say(client.presenter.refusal(NoComputerPlaying()))
        else:
            self.handle(client, message)

    def computer_step(self, session: Session, all_of_them: bool = False) -> None:
        """The computer player's throw or move, said by the host's terminal (and shared with the others)."""
        terminal, presenter = self.host.terminal, self.host.presenter
        assert presenter is not None
        while True:
            player = session.game.current_player()
            if session.request() is not None:
                terminal.report(session, presenter, session.computer_step())
            else:
                terminal.getting_ready(session)
                move, advice = session.computer_choice(terminal.computer_level(session))
                terminal.computer_plays(session, presenter, move, advice)
            if not (all_of_them and not session.game.is_over() and session.computer_to_act()):
                return
            if session.game.current_player() != player:  # N: each computer turn its own line, in order
                for client in self.members():
                    client.send_gathered(turn=True)

    def handle(self, client: Client, message: Message) -> None:
        """A message from a page in a game (checked by :func:`.messages.checked`); one that has no meaning
        now (an answer with no question, a seat without ``--listen``) is dropped and changes nothing."""
        kind = message["t"]
        screen = client.screen
        if screen is None:
            return
        if kind == "line":
            client.line(message["text"])
        elif kind == "values":
            client.execute(Command("values", (message["text"],)))
        elif kind == "key" and message["name"] == "roll":
            screen.roll()  # the throw button's roll: with real dice due, their field and the prompt
        elif kind == "key" and message["name"] == "everybody":
            presenter = screen.presenter  # Shift+C, as in the window: every player's board
            client.say(combine((presenter.board_answer(p) for p in range(len(screen.game.players))), interrupt=True))
        elif kind == "key":
            client.execute(Command(message["name"]))
        elif kind == "explain":
            screen.explain(message["key"])
        elif kind == "press":
            if client.may_act(screen.session):
                screen.press(message["key"])
            else:
                player = screen.game.current_player() or 0
                client.say(screen.presenter.refusal(NotYourTurn(name=screen.game.players[player])))
        elif kind == "number":
            screen.attempt(lambda: screen.number(message["n"], message["shift"]))
        elif kind == "answer" and client.pending is not None:
            client.line(YES if message["yes"] else "")
        elif kind == "seat" and self.join_code is not None:
            self.choose_seat(client, message["seat"])
        else:
            log.info("a message from the page has no meaning now: %.80r", message)

    def choose_seat(self, client: Client, seat: object) -> None:
        """A device takes a player's seat (or none, to watch); a seat another device has is refused."""
        session = self.session
        assert session is not None and client.presenter is not None
        if seat is None:
            client.seat = None
        elif isinstance(seat, int) and 0 <= seat < len(session.game.players) and seat not in self.taken_seats():
            for other in self.members():  # a device gone (its tab closed) that sat there: no longer
                if other.seat == seat:
                    other.seat = None
            client.seat = seat
        else:
            return
        client.say(client.presenter.turn_answer())

    def share(self, origin: Client, session: Session, events: list[Event]) -> None:
        """What one client's terminal reported, said to every other client in its own words."""
        for client in self.members():
            if client is not origin and client.presenter is not None:
                Controller.report(client.terminal, session, client.presenter, events)

    def share_undo(self, origin: Client, session: Session, before: tuple[Action, ...]) -> None:
        """An undo or a redo on one device, said to the others: what was taken back, or that it was done again."""
        now = session.game.history
        for client in self.members():
            presenter = client.presenter
            if client is origin or presenter is None:
                continue
            said: Utterance | None
            if len(now) < len(before):
                said = undo_words.taken_back(presenter, before[len(now):])
            else:
                said = combine([undo_words.done_again(presenter, ()), presenter.turn_news()])
            if said is not None:
                client.say(news(said.text, *said.cues))

    def leave_game(self, outcome: str, client: Client | None = None) -> None:
        """End the game being played: ``rematch``, or ``new`` for the main menu (the game stays saved)."""
        if client is not None and self.session is not None:
            client.terminal.goodbye(self.session)
        if outcome == "new":  # the other devices are told why their game is gone
            for other in self.members():
                if not other.host:
                    other.say(news(waiting_words(other.language._)))
        self.outcome = outcome
