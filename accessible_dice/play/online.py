"""Online tables in the terminal: sign in, open or join a table on Matrix, play and chat there.

``accessible-dice online`` and the main menu's *Play online* open the
online menu; ``--table ROOM`` goes straight to a table. Everything said is
worded here, by the local presenter in the local player's language: from
the room only data comes (docs/online.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import os
import queue
import re
from collections import deque
from collections.abc import Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

from accessible_dice import saved_games
from accessible_dice import settings as config
from accessible_dice.errors import N_, DiceError, IllegalMove, InvalidInput
from accessible_dice.games import game_class
from accessible_dice.games.base import Action, Event, Game, Roll, WrongPlayerCount
from accessible_dice.names import check_names
from accessible_dice.online import account, lobby, protocol
from accessible_dice.online.background import Background
from accessible_dice.online.chat import trusted_name
from accessible_dice.online.client import (
    Connection,
    Invitation,
    OnlineError,
    SignedOut,
    TableNotReady,
    TableSummary,
    TableView,
)
from accessible_dice.online.protocol import BadEvent, Seat, open_seat, seat_name
from accessible_dice.online.refusals import NotSeated, NotYourTurn
from accessible_dice.online.seating import GameInProgress, SeatsOpen, between_games
from accessible_dice.online.table import (
    Chat,
    ComputerThinking,
    ConnectionChanged,
    OutOfStep,
    Played,
    RefereeAway,
    RefereeBack,
    Refused,
    Reread,
    Reseated,
    TakenBack,
    WhileAway,
)
from accessible_dice.play import commands
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.play.inbox import EndOfLines, Inbox, Lines
from accessible_dice.play.menu import Back, EndOfInput, Menu
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import TITLES, typed_words
from accessible_dice.presentation import undo as undo_words
from accessible_dice.presentation.away import while_away
from accessible_dice.presentation.describe import Presenter, answer, combine, news
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.options import word as option_word
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import Session, rethrow_due
from accessible_dice.strategy.common import LEVELS
from accessible_dice.ui.launch_request import ROOM, Online
from accessible_dice.undo import rewind
from accessible_dice.utterance import Cue, Utterance

#: A Matrix user id, as the protocol checks it.
USER_ID = re.compile(r"@[^:\s]{1,200}:[^\s]{1,255}")


def play_online(announcer: Announcer, language: Language, settings: SettingsScreen, lines: Lines) -> None:
    """The main menu's *Play online*: the online menu, and back to the main menu when it ends."""
    online_menu(announcer, lines.inbox(), language, settings)


def online_menu(announcer: Announcer, inbox: Inbox, language: Language, settings: SettingsScreen,
            online: Online | None = None) -> None:
    """The online menu (or the table, or the logout, ``online`` asks for) until it is left."""
    _quiet_nio()
    menu = OnlineMenu(announcer, inbox, language, settings, account.account_path())
    try:
        if online is not None and online.action == "logout":
            menu.log_out()
        else:
            menu.run(None if online is None else online.table)
    finally:
        menu.close()


def _quiet_nio() -> None:
    """matrix-nio warns of every answer it finds incomplete (a homeserver without ``.well-known``); only its
    errors are worth a line on standard error and in the log."""
    logging.getLogger("nio").setLevel(logging.ERROR)


@contextlib.contextmanager
def hidden_typing() -> Iterator[None]:
    """What is typed is not shown (nor read aloud as it is echoed) while a password is typed, on a terminal."""
    try:
        import termios
    except ImportError:  # Windows: the console echoes; nothing to turn off from here
        yield
        return
    fd = 0
    if not os.isatty(fd):
        yield
        return
    before = termios.tcgetattr(fd)
    quiet = [*before[:3], before[3] & ~termios.ECHO, *before[4:]]
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, before)


class OnlineMenu(Menu):
    """The online menu: signing in first where no sign-in is kept, then tables to open or join.

    Built on the main menu's questions (``back``, ``quit``, ``help``,
    ``repeat`` work at every step), reading through the :class:`Inbox` so a
    table is heard while its player thinks.
    """

    def __init__(self, announcer: Announcer, inbox: Inbox, language: Language, settings: SettingsScreen,
                 kept_at: Path) -> None:
        super().__init__(announcer, inbox.read_line, language, manual=False, seed=None, saves=saved_games.folder(),
                         settings=settings)
        self.screen = settings
        self.inbox = inbox
        self.kept_at = kept_at
        self.account: account.Account | None = None
        self.network = Background()
        self.connection: Connection | None = None

    # ------------------------------------------------------------ signing in and out

    def signed_in(self) -> account.Account:
        """The kept sign-in, else the player signs in now (asked until it works, or ``back``)."""
        if self.account is not None:
            return self.account
        try:
            self.account = account.kept(self.kept_at)
        except DiceError as error:
            self.refuse(error)
        if self.account is not None:
            return self.account
        while self.account is None:
            try:
                self.account = self._sign_in()
            except DiceError as error:
                self.refuse(error)
        try:
            account.keep(self.account, self.kept_at)
        except DiceError as error:
            self.refuse(error)
        # Translators: signed in online; {user} is the Matrix user id, like @anna:matrix.org.
        self.say(answer(self._("Signed in as {user}.").format(user=self.account.user_id)))
        return self.account

    def _sign_in(self) -> account.Account:
        """One sign-in: homeserver, user name, then the password (sent once, never kept) or an access token
        (a secret as well: neither is shown, nor read aloud, as it is typed).

        A homeserver that does not answer in :data:`account.SIGN_IN_SECONDS` is
        said, and the player chooses: try again, another address, or back.
        """
        # Translators: the first sign-in question online; the address of the player's Matrix homeserver.
        address = self.ask(news(self._("Sign in to Matrix. Type the address of your homeserver, like "
                                       "https://matrix.org.")))
        account.homeserver_url(address)  # a bad address is said before anything else is asked
        # Translators: the sign-in's user question; Enter gives an access token instead of a password.
        user = self.ask(news(self._("Type your user name, like anna or @anna:matrix.org, or press Enter to "
                                    "give an access token instead of a password.")))
        with hidden_typing():
            if not user:
                # Translators: signing in with an access token (from another Matrix app's settings); not shown.
                secret = self.ask(news(self._("Type the access token. It is not shown, and it is sent to the "
                                              "homeserver only.")))
            else:
                # Translators: the password question; it is not shown, and only the homeserver gets it.
                secret = self.ask(news(self._("Type your password. It is not shown, and it is sent to the "
                                              "homeserver only, never kept.")))
        while True:
            # Translators: said while signing in waits for the homeserver; {address} is what was typed.
            self.say(news(self._("Signing in at {address}…").format(address=address)))
            signing_in = account.sign_in(address, "", token=secret) if not user \
                else account.sign_in(address, user, password=secret)
            try:
                return self.network.call(signing_in, account.SIGN_IN_SECONDS + 30)
            except account.NoAnswer as error:
                self.refuse(error)
            if not self._try_again():
                return self._sign_in()

    def _try_again(self) -> bool:
        """After a homeserver that did not answer: try again (``True``), another address (``False``), or back."""
        items = [
            # Translators: after a homeserver did not answer: the same sign-in once more.
            (self._("Try again"), ("again",)),
            # Translators: after a homeserver did not answer: type another address.
            (self._("Another address"), ("address",)),
            # Translators: after a homeserver did not answer: leave signing in.
            (self._("Back"), ("back",)),
        ]
        # Translators: the question after a homeserver did not answer while signing in.
        chosen = self.choose(self._("What now?"), items, default=0)
        if chosen == 2:
            raise Back
        return chosen == 0

    def log_out(self) -> None:
        """``logout``: end the kept token on the homeserver and forget it here (said either way)."""
        where = self.kept_at
        try:
            kept = self.account or account.kept(where)
        except DiceError as error:
            self.refuse(error)
            kept = None
        self.account = None
        if kept is None:
            # Translators: logout when no sign-in is kept.
            self.say(answer(self._("You are not signed in.")))
            return
        if self.network.call(account.log_out(kept, where)):
            # Translators: logged out; {user} is the Matrix user id.
            self.say(answer(self._("Signed out {user}; the sign-in is forgotten.").format(user=kept.user_id)))
        else:
            # Translators: logged out here, but the homeserver could not be reached to end the token.
            self.say(answer(self._("Signed out {user} here; the homeserver could not be told, so end that "
                                   "session in another Matrix app.").format(user=kept.user_id)))

    def connected(self) -> Connection:
        """The connection of the signed-in account, started (once); a refused kept token is forgotten and the
        player signs in again."""
        if self.connection is not None:
            return self.connection
        waited = False
        while True:
            kept = self.signed_in()
            connection = Connection(kept.homeserver, kept.user_id, kept.access_token, kept.device_id)
            try:
                self.network.call(asyncio.wait_for(connection.start(), account.SIGN_IN_SECONDS))
            except (OnlineError, TimeoutError):
                self.network.call(connection.close())
                why = self._why_not(kept)
                if isinstance(why, account.NoAnswer):
                    self._wait_for_homeserver(why, told=waited)
                    waited = True
                    continue
                if not isinstance(why, account.TokenRefused):
                    raise why from None
                self.refuse(why)
                account.forget(self.kept_at)
                self.account = None
                continue
            if waited:
                # Translators: the homeserver answers again after the program waited for it at the start.
                self.say(news(self._("The homeserver answers again.")))
            self.connection = connection
            return connection

    def _wait_for_homeserver(self, why: account.NoAnswer, told: bool) -> None:
        """The homeserver does not answer (at the start, with a kept sign-in): said once, then a word every
        :data:`RETRY_SECONDS` while it is tried again; a line typed meanwhile tries at once, ``back`` stops."""
        if not told:
            self.refuse(why)
            # Translators: the homeserver does not answer when the program starts; it is tried again by itself.
            self.say(news(self._("Trying again every few seconds; type back to stop waiting.")))
        else:
            # Translators: said every few seconds while the program waits for the homeserver to answer.
            self.say(news(self._("Still no answer; trying again.")))
        try:
            item = self.inbox.items.get(timeout=RETRY_SECONDS)
        except queue.Empty:
            return
        if isinstance(item, EndOfLines):
            raise EndOfInput
        typed = item.strip().casefold() if isinstance(item, str) else ""
        # Translators: the menu word that returns to the main menu.
        if typed in commands.spellings(N_("back"), self.language) | commands.words_for("quit", self.language):
            raise Back

    def _why_not(self, kept: account.Account) -> DiceError:
        """Why a kept sign-in does not connect, in words: the token refused, or no answer."""
        try:
            self.network.call(account.sign_in(kept.homeserver, "", token=kept.access_token))
        except DiceError as error:
            return error
        return account.NoAnswer(address=kept.homeserver)

    # ------------------------------------------------------------ the menu

    def run(self, table: str | None = None) -> None:
        """Sign in where needed, then the table asked for, then the online menu, until ``back`` or ``quit``.

        A table that cannot be joined is said, and the menu follows; a
        homeserver that cannot be reached is said, and the menu ends.
        """
        try:
            try:
                self.connected()
            except DiceError as error:
                self.refuse(error)
                return
            if table is not None:
                self._guarded(lambda: self._join(table))
            while self._guarded(self._online_main):
                pass
        except (Back, EndOfInput):  # back (or the end of input) while signing in
            return

    def _guarded(self, step: Callable[[], object]) -> bool:
        """Do ``step``; what the homeserver refuses is said, and ``back`` typed in it ends it: whether
        the online menu goes on (``False`` once its own Back or Sign out was chosen)."""
        try:
            return step() is not False
        except Back:
            return True
        except DiceError as error:
            self.refuse(error)
        except SignedOut:
            self.refuse(account.SignedOut())
            self._close_connection()
            account.forget(self.kept_at)
            self.account = None  # the next step signs in again
        except OnlineError as error:
            self.refuse(HomeserverTrouble(reason=str(error)))
        except TimeoutError:  # the network thread's answer did not come in Background.call's time
            self.refuse(account.NoAnswer(address=self.account.homeserver if self.account else "?"))
        return True

    def _online_main(self) -> bool:
        items: list[tuple[str, Sequence[str]]] = [
            # Translators: online menu item: a new table, the player choosing the game and inviting the others.
            (self._("Open a table"), ("open",)),
            # Translators: online menu item: the invitations, or a table named by its room.
            (self._("Join a table"), ("join",)),
            # Translators: online menu item: the tables in progress, with whose turn it is.
            (self._("My tables"), ("tables",)),
            # Translators: online menu item: end the sign-in and forget it.
            (self._("Sign out"), ("logout", "sign-out")),
            # Translators: online menu item: back to where the online menu was opened from.
            (self._("Back"), ("back",)),
        ]
        try:
            # Translators: the online menu's title; {user} is the Matrix user id signed in.
            chosen = items[self.choose(self._("Online, signed in as {user}:").format(
                user=self.connected().user_id), items, default=0)][1][0]
        except Back:  # back at the online menu itself leaves it
            return False
        if chosen == "open":
            self._open()
        elif chosen == "join":
            self._invitations()
        elif chosen == "tables":
            self._my_tables()
        else:
            if chosen == "logout":
                self._close_connection()
                self.log_out()
            return False
        return True

    def _close_connection(self) -> None:
        if self.connection is not None:
            self.network.call(self.connection.close())
            self.connection = None

    def close(self) -> None:
        """Leave the homeserver (the tables stay in their rooms) and stop the network thread."""
        self._close_connection()
        self.network.close()

    # ------------------------------------------------------------ opening and joining

    def _open(self) -> None:
        """Open a table: the game, who plays (Matrix ids invited; cpu for a computer), options, dice."""
        connection = self.connected()
        game_id = self._game()
        assert game_id is not None  # without a last game offered, a game is always chosen
        seats = self._seats(game_id, connection.user_id)
        options = self._options(game_id, {})
        dice = [
            # Translators: online dice choice: the table's referee throws for everyone.
            (self._("random, thrown by the table"), ("random",)),
            # Translators: online dice choice: each player throws real dice and types them; trusted play.
            (self._("manual: everyone throws real dice and types them (trusted play)"), ("manual",)),
        ]
        # Translators: the question before the online dice choices.
        manual = self.choose(self._("Dice:"), dice, default=0) == 1
        chat = self._chat_setting() if any(seat.open for seat in seats) else None
        level = self._level() if any(seat.user is None and not seat.open for seat in seats) else None
        referee = self._referee()
        room = open_table(self.language, self.network, connection, game_id, options, seats, manual=manual,
                          level=level, referee=referee, pace=self.screen.settings.computer_pace, say=self.say,
                          chat=chat)
        self._sit(room)

    def _chat_setting(self) -> str:
        """Who may chat at a public table, where anyone on the homeserver may watch: players only by default."""
        items = [
            # Translators: opening a public table, chat choice: only the seated players' chat is said.
            (self._("players only: people watching are not heard"), ("players",)),
            # Translators: opening a public table, chat choice: everyone's chat is said, people watching too.
            (self._("everyone, people watching too"), ("everyone", "open")),
            # Translators: opening a public table, chat choice: no chat is said at the table.
            (self._("off: no chat at all"), ("off",)),
        ]
        # Translators: opening a public table: the question before the chat choices.
        return CHAT_SETTINGS[self.choose(self._("Chat at this public table:"), items, default=0)]

    def _level(self) -> str:
        """How well the table's computers play (the referee plays them): the computer-level setting by default."""
        levels = list(LEVELS)
        items = [(option_word(level, self.language), (level,)) for level in levels]
        chosen = self.screen.settings.computer_level
        # Translators: opening an online table with computer seats: the question before the levels.
        return levels[self.choose(self._("How well do the computers play?"), items,
                                  default=levels.index(chosen) if chosen in levels else len(levels) - 1)]

    def _referee(self) -> str | None:
        """Who referees: this program (Enter), or a standalone referee bot named by its Matrix id."""
        # Translators: opening a table: who holds the game and throws the dice; Enter is the player's program.
        prompt = news(self._("Referee: press Enter for your own program (the table waits while you are away), or "
                             "type the Matrix id of a referee bot, like @dice-referee:matrix.org."))
        while True:
            text = self.ask(prompt)
            if not text:
                return None
            if USER_ID.fullmatch(text):
                return text
            self.refuse(NotAUser(text=text))

    def _seats(self, game_id: str, me: str) -> list[Seat]:
        """The seats: this player first, then each Matrix id typed (invited) or cpu name (a computer)."""
        prompt = seats_prompt(self.language, game_id)
        while True:
            text = self.ask(prompt)
            try:
                return typed_seats(self.language, game_id, me, text)
            except DiceError as error:
                self.refuse(error)

    def _invitations(self) -> None:
        """*Join a table*: the invitations, numbered, or a room typed."""
        connection = self.connected()
        invitations = connection.invitations()
        items = [(invitation_label(self.language, i), (i.room_id,)) for i in invitations]
        public = self.network.call(lobby.public_tables(connection))
        items += [(public_label(self.language, table), (table.room_id,)) for table in public]
        if items:
            # Translators: the title of the list of invitations and public tables with a free seat.
            chosen = self.choose(self._("Invitations and public tables:"), items, default=0)
            if chosen < len(invitations):
                self._join(invitations[chosen].room_id)
            else:
                table = public[chosen - len(invitations)]
                self.network.call(lobby.take_seat(connection, table))
                self._sit(table.room_id)
            return
        # Translators: no invitation is waiting; the player may type a room id or alias instead.
        text = self.ask(news(self._("No invitations. Type the table's room, like !abc:matrix.org or "
                                    "#name:matrix.org, or back.")))
        self._join(text)

    def _join(self, typed: str) -> None:
        """Join the table named (a room id, alias or matrix.to link) and sit at it."""
        found = ROOM.fullmatch(typed.strip())
        if found is None:
            raise NotARoom(room=typed.strip())
        room = found.group(1)
        connection = self.connected()
        if room.startswith("#"):  # an alias: the room it names (the room's state is read by its id)
            resolved = self.network.call(connection.client.room_resolve_alias(room))
            if not getattr(resolved, "room_id", None):
                raise NoSuchTable(room=room)
            room = str(resolved.room_id)
        try:
            self.network.call(connection.join(room))
        except SignedOut:
            raise
        except OnlineError:
            raise NoSuchTable(room=room) from None
        self._sit(room)

    def _my_tables(self) -> None:
        """*My tables*: the tables in progress, whose turn it is at each; one chosen is sat at."""
        tables = [t for t in self.network.call(self.connected().tables()) if not t.over]
        if not tables:
            # Translators: My tables, when no online game is in progress.
            self.say(answer(self._("No tables in progress.")))
            return
        items = [(table_label(self.language, t), (t.room_id,)) for t in tables]
        # Translators: the title of the list of online tables in progress.
        chosen = self.choose(self._("Tables in progress:"), items, default=0)
        self._sit(tables[chosen].room_id)

    def _sit(self, room: str) -> None:
        """Play at the table in ``room`` until the player leaves it (back to this menu)."""
        connection = self.connected()
        try:
            view = self.network.call(connection.sit(room))
        except (TableNotReady, BadEvent):  # no table set up, or one this program cannot play
            raise NotATable(room=room) from None
        except SignedOut:
            raise
        except OnlineError:
            raise NoSuchTable(room=room) from None
        game, seq = self.network.call(_snapshot(view))
        session = TableSession(game, view, seq, self.network, self.inbox)
        forwarding = asyncio.run_coroutine_threadsafe(_forward(view, self.inbox), self.network.loop)
        try:
            ended = TablePlay(self.announcer, self.inbox, self.language, self.screen).play_table(session)
        finally:
            forwarding.cancel()
            self.network.call(view.leave())
            self.inbox.handle = lambda _news: None
        if ended == "eof":
            raise EndOfInput


# ---------------------------------------------------------------- refusals of the online menu and table


class HomeserverTrouble(DiceError):
    # Translators: the homeserver could not do what was asked; {reason} is its own message, often in English.
    template = N_("The homeserver could not do it: {reason}")


class NotARoom(InvalidInput):
    # Translators: what was typed names no Matrix room; {room} is it.
    template = N_("{room} is not a room; type one like !abc:matrix.org or #name:matrix.org.")


class NoSuchTable(DiceError):
    # Translators: a room that cannot be joined or read (unknown, or no invitation); {room} is it.
    template = N_("The table in room {room} cannot be joined: it does not exist, or you are not invited.")


class NotATable(DiceError):
    # Translators: a room without a table (no game set up there by its referee); {room} is it.
    template = N_("Room {room} holds no table: no referee has set a game up there.")


class NotAPlayer(InvalidInput):
    # Translators: opening a table, one of the players typed is neither a Matrix id nor a computer; {text} is it.
    template = N_("{text} is not a Matrix id like @ben:matrix.org, nor a computer player's name starting with cpu.")


class NotAUser(InvalidInput):
    # Translators: opening a table, the referee typed is no Matrix user id; {text} is what was typed.
    template = N_("{text} is not a Matrix id, like @dice-referee:matrix.org.")


class NoRedoOnline(IllegalMove):
    # Translators: redo at an online table, where every step is the referee's and cannot be done again.
    template = N_("At an online table a step taken back is not done again; play it anew.")


class StillWaiting(Exception):
    """A request waits for a referee who is away (said as news): the player may go on typing meanwhile."""


class RefereeRefusedIt(IllegalMove):
    # Translators: the referee refused a move for a reason this program does not know (a newer version).
    template = N_("The table's referee refused that.")


class HintForYourTurn(IllegalMove):
    # Translators: hint asked for at an online table by a spectator, or while another player is to act.
    template = N_("At an online table the hint is for your own turn only.")


class ChatNotSent(DiceError):
    # Translators: a chat message could not be sent (the connection to the homeserver is out); type it again.
    template = N_("The message could not be sent; type it again when the connection is back.")


class NoSuchMember(InvalidInput):
    # Translators: mute or remove at an online table with a name that is no single member's; {name} is what was
    # typed.
    template = N_("No one member of the table is called {name}; type the name chat says, or the Matrix id.")


class MayNotRemove(IllegalMove):
    # Translators: remove at an online table by a member who may not remove others.
    template = N_("Only the table's referee or its opener may remove members.")


class RemoveOnlyWatchers(IllegalMove):
    # Translators: remove at an online table naming a player (or oneself, or the referee); {name} is who.
    template = N_("{name} plays at this table; only members who watch can be removed.")


class NothingToSay(InvalidInput):
    # Translators: "say" typed alone at an online table; say is the typed word (TABLE_WORDS).
    template = N_("Type say and the message, like say good luck.")


#: The commands an online table adds to the game's (each word in every language, the English one too).
TABLE_WORDS = {
    # Translators: typed at an online table before a chat message: say good luck.
    "say": N_("say"),
    # Translators: typed at an online table: the last chat messages again.
    "chat": N_("chat"),
    # Translators: typed at an online table: chat messages are no longer said (or said again); with a name, only
    # that member's.
    "mute": N_("mute"),
    # Translators: typed at an online table with a member's name: that member is removed from the table's room.
    "remove": N_("remove"),
    # Translators: typed at an online table: who sits where, the referee and the dice.
    "table": N_("table"),
    # Translators: typed at an online table: leave it (the game goes on in the room; come back later).
    "leave": N_("leave"),
    # Translators: typed at an online table whose game is over: a new game at the same table.
    "again": N_("again"),
    # Translators: typed at an online table by someone watching: take the open seat.
    "sit": N_("sit"),
    # Translators: typed at an online table between games: give one's seat up (someone watching may take it).
    "stand": N_("stand"),
}
#: Typed for an open seat when opening a table.
# Translators: typed when opening an online table, in the list of players: a seat anyone can take (public table).
OPEN_WORD = N_("open")
#: The chat choices when opening a public table, in the order offered (protocol.CHAT's words).
CHAT_SETTINGS = ("players", "open", "off")
#: How many chat messages ``chat`` says again.
CHAT_REPEATED = 10
#: The sound of a chat message.
CHAT_CUE = Cue("chat")


def open_table(language: Language, network: Background, connection: Connection, game_id: str,
               options: dict[str, Any], seats: Sequence[Seat], *, manual: bool, level: str | None,
               referee: str | None, pace: str, say: Callable[[Utterance], None], chat: str | None = None) -> str:
    """Open a table in a new room (the terminal's and the window's): what it means said first, the room said
    after; its room id. ``pace`` is the opener's computer-pace setting; ``chat`` who may chat (by default
    everyone at an invited table, the players only at a public one)."""
    invited = [seat.user for seat in seats if seat.user and seat.user != connection.user_id]
    # Translators: said when a table is opened: Matrix end-to-end encryption is not used for tables.
    say(news(language._("Tables are not encrypted: the homeserver's administrators can read the moves and "
                        "the chat.")))
    public = any(seat.open for seat in seats)
    if public:
        # Translators: opening a table with open seats: anyone on the homeserver can find it and watch.
        say(news(language._("The table is public: anyone on the homeserver finds it in the room directory, "
                            "can take an open seat or watch.")))
    room = network.call(connection.open_table(game_id, options, seats, dice="manual" if manual else "random",
                                              invite=invited, referee=referee, level=level, public=public,
                                              language=language.code, pace=table_pace(pace), chat=chat))
    # Translators: a table was opened; {room} is its Matrix room id, {invited} the users invited (a list).
    say(news(language.ngettext("The table is open in room {room}; {invited} is invited.",
                               "The table is open in room {room}; {invited} are invited.",
                               len(invited)).format(room=room, invited=language.join(invited))
             # Translators: a table was opened and nobody invited; {room} is its Matrix room id.
             if invited else language._("The table is open in room {room}.").format(room=room)))
    return room


def seats_prompt(language: Language, game_id: str) -> Utterance:
    """The question who plays at a table being opened (the terminal's and the window's)."""
    cls = game_class(game_id)
    # Translators: opening a table: who else plays; {low} and {high} count every player, the opener too.
    prompt = news(language._("Who plays with you? Type the Matrix ids of the players to invite, like "
                             "@ben:matrix.org, separated by commas; names starting with cpu are computer players. "
                             "The table seats {low} to {high} players, you first.").format(
                                 low=cls.min_players, high=cls.max_players))
    # Translators: opening a table, after the question who plays; {open} is the typed word for a free seat.
    public = language._("Type {open} for a seat anyone can take: the table is then public, in the homeserver's "
                        "room directory.").format(open=language._(OPEN_WORD))
    return combine([prompt, news(public)]) or prompt


def typed_seats(language: Language, game_id: str, me: str, text: str) -> list[Seat]:
    """The seats typed: ``me`` first, then each Matrix id (invited), cpu name (a computer) or open seat; a bad
    one, a bad name or a wrong count is refused in words."""
    cls = game_class(game_id)
    parts = [part for part in text.split(",") if part.strip()]
    spellings = commands.spellings(OPEN_WORD, language)
    seats = [Seat(seat_name(me), me), *(open_seat(number) if part.strip().casefold() in spellings else _seat(part)
                                        for number, part in enumerate(parts, start=1))]
    check_names(",".join(seat.name for seat in seats))
    if not cls.min_players <= len(seats) <= cls.max_players:
        raise WrongPlayerCount(game=language._(TITLES[game_id]), low=cls.min_players,
                               high=cls.max_players, count=len(seats))
    return seats


def invitation_label(language: Language, invitation: Invitation) -> str:
    """An invitation in the listener's words: who invited, and the table by its room's name, which says the game
    and who plays ("Invitation from Anna (@anna:matrix.org): Yatzy: Anna and Ben"); the room id only for a
    room without a name."""
    inviter = invitation.inviter
    who = f"{seat_name(inviter)} ({inviter})" if inviter else "?"
    if invitation.name:
        # Translators: an invitation to an online table; {user} is who invited (name and Matrix id), {table} the
        # table's room name (its game and players, in the inviter's language).
        return language._("Invitation from {user}: {table}").format(user=who, table=invitation.name)
    # Translators: an invitation to a room without a name; {user} is who invited, {room} the room's id.
    return language._("Invitation from {user}: room {room}").format(user=who, room=invitation.room_id)


def public_label(language: Language, table: lobby.PublicTable) -> str:
    """A public table in the listener's words: "Yatzy, 2 of 4 seats free, in English, by Anna"."""
    code = table.spec.language
    spoken = Locale.parse(code).get_display_name(language.code) if code and _known(code) else None
    # Translators: a public online table; {game} its name, {free} of {seats} seats are free, {name} the opener.
    said = language.ngettext("{game}, {free} of {seats} seat free, by {name}",
                             "{game}, {free} of {seats} seats free, by {name}", len(table.spec.seats))
    if spoken:
        # Translators: a public online table; {language} is the opener's language, like "in English".
        said = language.ngettext("{game}, {free} of {seats} seat free, in {language}, by {name}",
                                 "{game}, {free} of {seats} seats free, in {language}, by {name}",
                                 len(table.spec.seats))
    return said.format(game=language._(TITLES.get(table.spec.game, table.spec.game)),
                       free=language.number(table.free), seats=language.number(len(table.spec.seats)),
                       language=spoken, name=table.opener_name)


def table_label(language: Language, table: TableSummary) -> str:
    """A table in *My tables*: its game, its players and whose turn it is (the terminal's and the window's)."""
    title = language._(TITLES.get(table.spec.game, table.spec.game))
    players = language.join(table.spec.players)
    if table.my_turn:
        # Translators: a table in My tables where it is the player's turn; {game}, {players} a list.
        return language._("{game} with {players}: your turn").format(game=title, players=players)
    turn = "" if table.turn is None else table.spec.players[table.turn]
    # Translators: a table in My tables; {name} is the player to act.
    return language._("{game} with {players}: {name}'s turn").format(game=title, players=players, name=turn)


def _known(code: str) -> bool:
    """Whether Babel can name the language ``code`` (a table event's language is untrusted data)."""
    try:
        Locale.parse(code)
    except (ValueError, TypeError, UnknownLocaleError):
        return False
    return True


def table_pace(setting: str) -> int:
    """The table's computer pace (ms) from the opener's computer-pace setting; a table cannot wait for one
    player's Enter, so ``wait`` takes the normal pace."""
    seconds = config.PACES.get(setting) or config.PACES["normal"] or protocol.DEFAULT_PACE / 1000
    return round(seconds * 1000)


def _seat(text: str) -> Seat:
    """One player typed when opening a table: a Matrix id (invited) or a computer's name."""
    typed = text.strip()
    if typed.casefold().startswith("cpu"):
        return Seat(typed)
    if not USER_ID.fullmatch(typed):
        raise NotAPlayer(text=typed)
    return Seat(seat_name(typed), typed)


@dataclass(frozen=True)
class Snapshot:
    """The table's game as the network thread had it after entry ``seq`` (a copy the main thread may keep)."""

    game: Game
    seq: int
    #: This account's seats as the table event had them then (a seat taken changes them).
    seats: tuple[int, ...] = ()
    #: The table event that changed (a seat taken or given up, a new game); ``None`` for a re-read.
    change: Reseated | None = None


async def _snapshot(view: TableView) -> tuple[Game, int]:
    """A copy of the view's game and its entry number, taken on the network's loop (so nothing changes it)."""
    assert view.table is not None
    return copy.deepcopy(view.game), view.table.seq


async def _forward(view: TableView, inbox: Inbox) -> None:
    """Hand the table's news to the main thread; a re-read comes with a copy of the game re-read."""
    while True:
        item = await view.news.get()
        if isinstance(item, Reread | Reseated):
            game, seq = await _snapshot(view)
            inbox.put(Snapshot(game, seq, view.seats, item if isinstance(item, Reseated) else None))
        else:
            inbox.put(item)


# ---------------------------------------------------------------- the game at the table


class TableSession(Session):
    """A game at an online table, played like one at home: every action is a request to the table's referee.

    Its ``game`` is this program's own copy, kept by the main thread from the
    referee's entries (:meth:`absorb`), so reviews and hints never read a
    game the network thread is changing. The players of the other seats
    count as :attr:`computers` for the words (their turn sounds as another's)
    but never act here: the referee plays the real computers.
    """

    def __init__(self, game: Game, view: TableView, seq: int, network: Background, inbox: Inbox) -> None:
        super().__init__(game, manual=view.spec.manual)
        self.view = view
        self.seq = seq
        self.network = network
        self.inbox = inbox
        self.seats = frozenset(view.seats)
        self.computers = frozenset(range(len(game.players))) - self.seats
        #: This program's requests not yet answered, oldest first.
        self.outstanding: deque[str] = deque()
        #: The request :meth:`_ask` waits for, its answer once it came, and whether the referee is away.
        self.waiting_for: str | None = None
        self.answer: Played | TakenBack | Refused | None = None
        self.away = False

    def computer_to_act(self) -> bool:
        return False

    # -- the referee's entries

    def absorb(self, played: Played | TakenBack) -> bool:
        """Apply an entry to this program's game; ``False`` for one it has already."""
        if played.seq <= self.seq:
            return False
        if isinstance(played, TakenBack):
            rewind(self.game, len(self.game.history) - len(played.actions))
        else:
            for action in played.actions:
                self.game.apply_trusted(action)
        self.seq = played.seq
        return True

    def reset(self, snapshot: Snapshot) -> None:
        """The game as re-read from the room, in place (the presenter holds this object)."""
        self.game.__dict__.clear()
        self.game.__dict__.update(snapshot.game.__dict__)
        self.seq = snapshot.seq
        self.seats = frozenset(snapshot.seats)
        self.computers = frozenset(range(len(self.game.players))) - self.seats

    # -- acting: a request, then its answer

    def _due(self) -> None:
        """Refuse here, at once, what the referee would refuse: no seat, or another's turn."""
        if not self.seats:
            raise NotSeated()
        player = self.game.current_player()
        if player is not None and player not in self.seats:
            raise NotYourTurn(name=self.game.players[player])

    def _ask(self, request: Coroutine[Any, Any, str]) -> Played | TakenBack:
        """Send a request and wait for the referee's answer; a refusal is raised in this player's words.

        While it waits, the table's news is said as it comes. When the
        referee is away (said as news), :class:`StillWaiting` leaves the
        player free: the request is sent again by itself, and its answer is
        said as news when it comes.
        """
        request_id = self.network.call(request)
        self.outstanding.append(request_id)
        self.waiting_for, self.answer, self.away = request_id, None, False
        try:
            self.inbox.wait(lambda: self.answer is not None or self.away, ANSWER_SECONDS)
        finally:
            self.waiting_for = None
        found, self.answer = self.answer, None
        if isinstance(found, Refused):
            raise found.error or RefereeRefusedIt()
        if found is None:
            raise StillWaiting()
        return found

    def answered(self, item: Played | TakenBack | Refused) -> bool:
        """Note which request of this program's ``item`` answers; ``True`` when it is the one being waited
        for (it is then the :attr:`answer`, and not said as news).

        The referee answers requests in the order it reads them, so an
        accepted one answers the oldest outstanding; a refusal names its own.
        """
        if isinstance(item, Refused):
            request_id: str | None = item.request
            with contextlib.suppress(ValueError):
                self.outstanding.remove(item.request)
        elif item.mine and self.outstanding:
            request_id = self.outstanding.popleft()
        else:
            return False
        if request_id != self.waiting_for:
            return False
        self.answer = item
        return True

    def act(self, action: Action) -> list[Event]:
        self._due()
        if isinstance(action, Roll):
            return list(self._events(self._ask(self.view.roll(action.values))))
        self.game.check_move(action)
        return list(self._events(self._ask(self.view.move(action))))

    @staticmethod
    def _events(played: Played | TakenBack) -> tuple[Event, ...]:
        return played.events if isinstance(played, Played) else ()

    def roll(self) -> list[Event]:
        """``roll``: with real dice as at home (the values are typed next); else the referee throws."""
        if self.manual:
            return super().roll()
        self._due()
        if self.request() is None:
            rethrow_due(self.game)  # a throw that cannot be made is refused here, in words
        return list(self._events(self._ask(self.view.throw())))

    def undo(self) -> tuple[Action, ...]:
        """Ask the referee to take back the last step; the actions taken back (the referee decides)."""
        self._due()
        taken = self._ask(self.view.undo())
        return taken.actions

    def redo(self) -> list[Event]:
        raise NoRedoOnline()


#: Seconds between two tries of a homeserver that did not answer at the start.
RETRY_SECONDS = 5.0
#: Seconds a request waits here for its answer at most (the referee's absence is news after fewer).
ANSWER_SECONDS = 60.0


class TablePlay(Controller):
    """The terminal at an online table: the commands of play at home, the table's own, and its news as it comes."""

    def __init__(self, announcer: Announcer, inbox: Inbox, language: Language, settings: SettingsScreen) -> None:
        super().__init__(announcer, inbox.read_line, language, Verbosity.named(settings.settings.verbosity), settings)
        self.inbox = inbox
        self.chat: list[Utterance] = []
        #: Each chat line by the event id of the message it says (a correction replaces its line).
        self.chat_lines: dict[str, Utterance] = {}
        self.muted = False
        #: The Matrix ids of the members whose chat is not said (``mute`` and their name).
        self.muted_members: set[str] = set()
        self.told_over = False

    def play_table(self, session: TableSession) -> str:
        """Play at the table until the player leaves it (``"left"``) or input ends (``"eof"``)."""
        self.session = session
        presenter = self.presenter(session)
        self.inbox.handle = lambda item: self.hear(session, presenter, item)
        self.say(self.table_words(session, presenter))
        self.opening(session, presenter, resumed=bool(session.game.history))
        self.told_over = session.game.is_over()
        while True:
            self._due_now(session, presenter)
            line = self.read_line()
            if line is None:
                self.say(self.leaving_words())
                return "eof"
            try:
                if self._table_command(line, session):
                    continue
            except Leave:
                self.say(self.leaving_words())
                return "left"
            except DiceError as refusal:
                self.say(presenter.refusal(refusal))
                continue
            except OnlineError as error:  # the homeserver refused it (a member not removed): said
                self.say(presenter.refusal(HomeserverTrouble(reason=str(error))))
                continue
            except TimeoutError:  # the homeserver did not take it in time: said, nothing changed
                self.say(presenter.refusal(account.NoAnswer(address=session.view.connection.client.homeserver)))
                continue
            try:
                command = commands.parse(line, session.game, self.language, manual=session.manual,
                                         rng=session.dice.rng, keep_by=self.keep_by())
                if command.name == "quit":
                    self.say(self.leaving_words())
                    return "left"
                confirmed = self._confirmed(command, session)
                if confirmed is None:
                    return "eof"
                if confirmed:
                    self.execute(command, session, presenter)
            except DiceError as refusal:
                self.say(presenter.refusal(refusal))
            except StillWaiting:  # said as news: the referee is away
                pass
            except TimeoutError:  # the network thread's answer did not come in Background.call's time
                self.say(presenter.refusal(account.NoAnswer(address=session.view.connection.client.homeserver)))

    def _due_now(self, session: TableSession, presenter: Presenter) -> None:
        """Before each line: real dice of this player's to type are asked for (once), the end said once."""
        request = session.request()
        if (request is not None and session.manual and request.player in session.seats
                and self.prompted_at != len(session.game.history)):
            self.say(presenter.dice_prompt(request))
            self.prompted_at = len(session.game.history)
        if session.game.is_over() and not self.told_over:
            self.told_over = True
            words = {name: self._(typed) for name, typed in TABLE_WORDS.items()}
            if session.seats:
                # Translators: the game at an online table is over; the words are the typed ones.
                said = self._("The game is over. Type {again} for a new game at this table, {stand} to give "
                              "your seat up, or {leave} to leave the table; board and standings still "
                              "answer.").format(**words)
            else:
                # Translators: the game at an online table is over, said to someone watching; the words are the
                # typed ones.
                said = self._("The game is over. Type {sit} to take a seat when one is open, or {leave} to "
                              "leave the table.").format(**words)
            self.say(news(said))

    def _table_command(self, line: str, session: TableSession) -> bool:
        """The table's own commands (say, chat, mute, table, leave); ``True`` when the line was one."""
        word, _space, rest = line.strip().partition(" ")
        chosen = table_word(word, self.language)
        if chosen is None:
            return False
        if chosen == "say":
            if not rest.strip():
                raise NothingToSay()
            try:
                session.network.call(session.view.say(rest.strip()))
            except OnlineError:
                raise ChatNotSent() from None
            # Translators: a chat message was sent to the table.
            self.say(answer(self._("Said to the table.")))
        elif chosen == "chat":
            # Translators: chat asked for before any message came.
            said = self.chat[-CHAT_REPEATED:] or [answer(self._("No chat messages yet."))]
            for message in said:
                self.announcer.say(answer(message.text, *message.cues), remember=False)
        elif chosen == "mute" and rest.strip():
            self.say(self.mute_member(session, rest.strip()))
        elif chosen == "remove":
            self.say(remove_member(session, rest.strip(), self.language))
        elif chosen == "mute":
            self.muted = not self.muted
            # Translators: chat messages are no longer said (mute typed again says them again); {chat} is the
            # typed word that says them.
            self.say(answer(self._("Chat muted; type {chat} to hear the messages.").format(
                chat=self._(TABLE_WORDS["chat"])) if self.muted
                            # Translators: chat messages are said again as they come.
                            else self._("Chat messages are said again.")))
        elif chosen == "table":
            self.say(self.table_words(session, self.presenter(session)))
        elif chosen == "leave":
            raise Leave
        else:
            self.say(seat_request(session, chosen, self.language))
        return True

    def mute_member(self, session: TableSession, typed: str) -> Utterance:
        """``mute NAME``: that member's chat is no longer said (or, muted already, said again)."""
        user = member_named(session.view, typed)
        name, _seated = trusted_name(user, session.view.spec, session.view.members)
        if user in self.muted_members:
            self.muted_members.discard(user)
            # Translators: a member's chat at an online table is said again; {name} is who.
            return answer(self._("Chat from {name} is said again.").format(name=name))
        self.muted_members.add(user)
        # Translators: a member's chat at an online table is no longer said; {name} is who, {mute} the typed word.
        return answer(self._("Chat from {name} is muted; type {mute} and the name again to hear it.").format(
            name=name, mute=self._(TABLE_WORDS["mute"])))

    def hint(self, args: tuple[str, ...], session: Session, presenter: Presenter) -> Utterance:
        """The hint, for the player to act only: a spectator, or a player waiting for another, gets none (it
        could be passed on in the chat)."""
        turn = session.game.current_player()
        if isinstance(session, TableSession) and turn is not None and turn not in session.seats:
            raise HintForYourTurn()
        return super().hint(args, session, presenter)

    def help_answer(self, session: Session) -> Utterance:
        """The game's help, then the table's own commands."""
        words = {name: self._(typed) for name, typed in TABLE_WORDS.items()}
        # Translators: help at an online table, after the game's help; the words are the typed ones.
        table = self._("At the table: {say} and a message to chat, {chat} for the last messages, {mute} to "
                       "mute chat or {mute} and a name to mute one member, {table} for who sits where, {leave} "
                       "to leave the table.").format(**words)
        if isinstance(session, TableSession) and session.view.may_remove():
            # Translators: help at an online table for the member who may remove others; the word is the typed one.
            table += " " + self._("{remove} and a name removes a member who watches from the table.").format(
                **words)
        # Translators: help at an online table, after the table's commands; the words are the typed ones.
        table += " " + self._("Between games: {again} for a new game at this table, {stand} to give your seat "
                              "up, {sit} to take an open one.").format(**words)
        return answer(" ".join([super().help_answer(session).text, table]))

    # ------------------------------------------------------------ news from the table

    def hear(self, session: TableSession, presenter: Presenter, item: Any) -> None:
        """Say one piece of the table's news in this player's words (and keep the game in step)."""
        if isinstance(item, Played | TakenBack):
            fresh = session.absorb(item)
            if session.answered(item) or not fresh:
                return
            if isinstance(item, Played):
                self.report(session, presenter, list(item.events))
            else:
                self.say(undo_words.taken_back(presenter, item.actions))
        elif isinstance(item, Refused):
            if not session.answered(item):
                self.say(presenter.refusal(item.error or RefereeRefusedIt()))
        elif isinstance(item, RefereeAway):
            session.away = True
            self.say(self.news_words(presenter, item))
        elif isinstance(item, Snapshot):
            session.reset(item)
            if item.change is None:
                # Translators: the table was read again from the room and is in step; whose turn follows.
                self.say(combine([news(self._("The table is in step again.")), presenter.turn_news()]))
            else:
                self.told_over = session.game.is_over()
                self.say(self.reseated_words(session, presenter, item.change))
        elif isinstance(item, Chat):
            message = chat_words(self.language, item)
            earlier = self.chat_lines.get(item.corrects or "")
            if earlier is not None and earlier in self.chat:
                self.chat[self.chat.index(earlier)] = message  # the corrected line replaces the first one
            else:
                self.chat.append(message)
            self.chat_lines[item.event] = message
            if item.corrects:
                self.chat_lines[item.corrects] = message
            if not self.muted and item.user not in self.muted_members:
                self.say(message)
        else:
            self.say(self.news_words(presenter, item))

    def news_words(self, presenter: Presenter, item: Any) -> Utterance | None:
        """The words of the news that is not the game's: the connection, the referee, being away."""
        if isinstance(item, OutOfStep):
            # Translators: an entry of the table did not fit the game; the room is being read again.
            return news(self._("The table is out of step; reading it again from the room."), Cue("invalid"))
        if isinstance(item, RefereeAway):
            # Translators: a move waits for the table's referee, who does not answer; it is played when it is back.
            return news(self._("Waiting for the table's referee; your move is sent again until it answers."))
        if isinstance(item, ComputerThinking):
            return thinking_words(self.language, presenter, item)
        if isinstance(item, RefereeBack):
            # Translators: the table's referee answers again after being away.
            return news(self._("The table's referee is back."))
        if isinstance(item, ConnectionChanged) and item.lost and isinstance(self.session, TableSession) \
                and self.session.view.connection.signed_out:
            return news(account.SignedOut().render(self._, self.language.ngettext))
        if isinstance(item, ConnectionChanged):
            # Translators: the connection to the homeserver was lost; the program keeps trying by itself.
            return news(self._("The connection to the homeserver is lost; trying again.") if item.lost
                        # Translators: the connection to the homeserver came back.
                        else self._("Connected again."))
        if isinstance(item, WhileAway):
            seats = self.session.seats if isinstance(self.session, TableSession) else ()
            return while_away(presenter, item.events, seats)
        return None

    def table_words(self, session: TableSession, presenter: Presenter) -> Utterance:
        """Who sits where, who referees, the dice and the room; and which seat is this player's."""
        spec = session.view.spec
        seats = self.language.join(
            # Translators: one seat at an online table: the player's name and who plays it.
            self._("{name} ({who})").format(name=seat.name, who=seat.user or (
                # Translators: a seat at an online table that nobody has taken yet.
                self._("open seat") if seat.open
                # Translators: a seat at an online table that a computer player plays.
                else self._("computer")))
            for seat in spec.seats)
        # Translators: a table's description; {game} its name, {seats} the seats, {referee} a Matrix id, {room}.
        said = [self._("{game} at room {room}: {seats}. Referee: {referee}.").format(
            game=presenter.game_title(), room=session.view.room_id, seats=seats, referee=spec.referee)]
        if spec.manual:
            # Translators: an online table with real dice: each player types their own; nobody checks them.
            said.append(self._("Everyone throws real dice and types them: this is trusted play."))
        if spec.chat == "players":
            # Translators: the table command at an online table where the opener chose that only players chat.
            said.append(self._("Only the players' chat is said here."))
        elif spec.chat == "off":
            # Translators: the table command at an online table where the opener turned chat off.
            said.append(self._("Chat is off at this table."))
        mine = [presenter.name(seat) for seat in sorted(session.seats)]
        # Translators: which seat at an online table is this player's; {name} the seat's player name.
        said.append(self._("You play {name}.").format(name=self.language.join(mine)) if mine
                    # Translators: at an online table without a seat: the player hears the game only.
                    else self._("You are watching."))
        return news(" ".join(said))

    def reseated_words(self, session: TableSession, presenter: Presenter, change: Reseated) -> Utterance | None:
        """A seat taken or given up, a new game begun: who, and what follows (whose turn, or the seats open)."""
        _ = self._
        said = []
        me = session.view.connection.user_id
        for before, after in zip(change.before.seats, change.after.seats, strict=False):
            if before.user == after.user:
                continue
            if after.user == me:
                # Translators: at an online table, this player took a seat; {name} is the seat's player name.
                said.append(_("You take a seat: you play {name}.").format(name=after.name))
            elif after.user is not None:
                # Translators: at an online table, someone took a seat; {name} is their player name.
                said.append(_("{name} takes a seat.").format(name=after.name))
            elif before.user == me:
                # Translators: at an online table, this player gave their seat up between games.
                said.append(_("You gave your seat up; you are watching."))
            else:
                # Translators: at an online table, a player gave their seat up between games; anyone may take it.
                said.append(_("{name} gives their seat up; it is open.").format(name=before.name))
        if change.new_game:
            # Translators: a new game begins at an online table; {number} counts the table's games, {players}
            # is a list of the players' names.
            said.append(_("Game {number} at this table: {players}.").format(
                number=self.language.number(change.after.number), players=self.language.join(change.after.players)))
        waiting = change.after.open_seats()
        if waiting:
            said.append(SeatsOpen(count=len(waiting)).render(_, self.language.ngettext))
        else:
            said.append(presenter.turn_news().text)
        return news(" ".join(said))

    def leaving_words(self) -> Utterance:
        # Translators: leaving an online table; the game stays in the room and the player can come back.
        return answer(self._("You left the table; the game stays in its room. Come back through My tables."))


class Leave(Exception):
    """``leave`` typed at a table."""


def table_word(word: str, language: Language) -> str | None:
    """The table command ``word`` types (a :data:`TABLE_WORDS` name), or ``None``.

    English words work in every language, but never over the player's own:
    at a German table ``stand`` is the standings (German's word for them),
    not English "give your seat up".
    """
    typed = word.casefold()
    own = {form for english, _letters in commands.COMMON.values() if language._(english) != english
           for form in typed_words.forms(language._(english))}
    for name, english in TABLE_WORDS.items():
        if typed in commands.spellings(english, language) and (
                typed in typed_words.forms(language._(english)) or typed not in own):
            return name
    return None


def thinking_words(language: Language, presenter: Presenter, item: ComputerThinking) -> Utterance:
    """The referee's computer takes long over its step: said once, so nobody waits in silence (its move, when it
    comes, is said as every move is)."""
    # Translators: at an online table, the referee's computer player {name} takes long over its step (its
    # strategy is being prepared); its move is said when it comes, and every command answers meanwhile.
    return news(language._("{name} is still working out its move; this can take a while. Its move is said when "
                           "it comes.").format(name=presenter.name(item.seat)))


def chat_words(language: Language, item: Chat) -> Utterance:
    """A chat line, always introduced as chat and by a name the players can trust, with the chat sound (the
    terminal's and the window's): it can never sound like the game's own news."""
    said = CHAT_LINES[item.seated, item.corrects is not None]
    return news(language._(said).format(name=item.name, text=item.text), CHAT_CUE)


#: A chat line's words, by whether its sender plays a seat and whether it corrects an earlier message.
CHAT_LINES = {
    # Translators: a chat message at an online table from a player; {name} is their seat's name, {text} it.
    (True, False): N_("Chat from {name}: {text}"),
    # Translators: a chat message at an online table that its player corrected; {name} the seat's name, {text} it.
    (True, True): N_("Chat from {name}, corrected: {text}"),
    # Translators: a chat message at an online table from a member who watches; {name} is their name or Matrix
    # id, {text} the message.
    (False, False): N_("Chat from {name}, watching: {text}"),
    # Translators: a chat message at an online table that a member who watches corrected.
    (False, True): N_("Chat from {name}, watching, corrected: {text}"),
}


def member_named(view: TableView, typed: str) -> str:
    """The Matrix id of the member ``typed`` names: by their Matrix id, their seat or the name chat says them by;
    :class:`NoSuchMember` when none, or more than one."""
    wanted = " ".join(typed.split()).casefold()
    found = {user for user in view.members
             if wanted in (user.casefold(), trusted_name(user, view.spec, view.members)[0].casefold())}
    if len(found) != 1:
        raise NoSuchMember(name=typed)
    return found.pop()


def remove_member(session: TableSession, typed: str, language: Language) -> Utterance:
    """``remove NAME``: a member who watches is put out of the table's room for good (by whoever may remove
    members: the referee, and the opener of a table with a standalone referee); a seated player is not."""
    view = session.view
    if not view.may_remove():
        raise MayNotRemove()
    user = member_named(view, typed)
    if user == view.connection.user_id or view.spec.seats_of(user) or user == view.spec.referee:
        raise RemoveOnlyWatchers(name=typed)
    name, _seated = trusted_name(user, view.spec, view.members)
    session.network.call(view.remove(user))
    # Translators: a member was removed from an online table; {name} is who.
    return answer(language._("{name} is removed from the table.").format(name=name))


def seat_request(session: TableSession, chosen: str, language: Language) -> Utterance:
    """``again``, ``sit`` or ``stand`` (the terminal's and the window's): refused here when it cannot be done,
    else asked of the referee, whose answer comes as news (the table changed, or its refusal)."""
    view = session.view
    if chosen == "sit":
        session.network.call(view.sit_down())
    elif not session.seats:
        raise NotSeated()
    elif chosen == "again":
        if not session.game.is_over():
            raise GameInProgress()
        session.network.call(view.play_again())
    else:
        if not between_games(session.game, session.seq):
            raise GameInProgress()
        session.network.call(view.stand_up())
    # Translators: a seat or a new game was asked for at an online table; the referee's answer is said next.
    return answer(language._("Asked the table's referee."))
