"""Online tables in the window: sign in, join a table or come back to one, play and chat there, by keys.

The same account, connection, table and words as the terminal's online
play (:mod:`accessible_dice.play.online`): the sign-in is kept the
same way, a table is a :class:`TableSession` whose every action is a request
to the table's referee, and the table's news is said by the terminal's
:class:`TablePlay` (its presenter, in this player's language). The window
only chooses differently: menus and text fields instead of typed lines,
and the game screen of offline play with the table's own keys (W to
say something to the table) and its actions menu (who sits where, leave).

The table's news comes through an :class:`Inbox` that no one types into:
the network thread puts, the window's loop takes on each tick, so the
other players' moves and chat are said and shown while this player thinks.
A request of this player's waits for the referee's answer (a fraction of a
second at a live table), taking the news meanwhile, as the terminal does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path

from accessible_dice.boards.model import Cell
from accessible_dice.errors import N_, DiceError
from accessible_dice.online import account, lobby
from accessible_dice.online.background import Background
from accessible_dice.online.chat import trusted_name
from accessible_dice.online.client import Connection, OnlineError, TableNotReady
from accessible_dice.online.protocol import Seat
from accessible_dice.online.seating import between_games
from accessible_dice.play.inbox import Inbox
from accessible_dice.play.online import (
    USER_ID,
    HomeserverTrouble,
    NoSuchTable,
    NotARoom,
    NotATable,
    NotAUser,
    StillWaiting,
    TablePlay,
    TableSession,
    _forward,
    _snapshot,
    invitation_label,
    open_table,
    public_label,
    remove_member,
    seat_request,
    seats_prompt,
    table_label,
    typed_seats,
)
from accessible_dice.presentation import TITLES, NotPlayableYet, listed_title, playable
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.options import word as option_word
from accessible_dice.strategy.common import LEVELS
from accessible_dice.ui.launch_request import ROOM
from accessible_dice.ui.window import Entry, Menu, MenuItem, Window, keys
from accessible_dice.ui.window.draw import Overlay
from accessible_dice.ui.window.game import ActionsMenu, GameScreen
from accessible_dice.ui.window.game_options import Options
from accessible_dice.utterance import Utterance

#: What a password field shows for each character typed.
HIDDEN = "•"


class SecretEntry(Entry):
    """A password field: what is typed is neither said nor shown, only how much of it there is."""

    def prompt(self) -> Overlay:
        return Overlay(self.title, typed=HIDDEN * len(self.typed), caret=self.caret)

    def text(self, typed: str) -> None:
        if self.fresh:
            self.typed, self.caret, self.fresh = "", 0, False
        self.typed = self.typed[:self.caret] + typed + self.typed[self.caret:]
        self.caret += len(typed)
        self.window.say(answer(self._(STAR)), remember=False)
        self.window.shown.answer = None

    def _read(self) -> None:
        # Translators: reading a password field in the window (Up or Down); its characters are never said.
        self.window.say(answer(self.window.language.ngettext("{count} character, hidden",
                                                             "{count} characters, hidden", len(self.typed)).format(
            count=self.window.language.number(len(self.typed)))), remember=False)

    def _char(self, char: str) -> str:
        return self._(STAR)


# Translators: said for each character typed into a password field in the window (it is never said itself).
STAR = N_("star")


class OnlineMenu(Menu):
    """*Play online*: signing in first where no sign-in is kept, then the tables to join or come back to.

    It owns the network thread and the connection for as long as it is
    open; leaving it (or closing the window) leaves the homeserver, and the
    tables stay in their rooms.
    """

    def __init__(self, window: Window, kept_at: Path | None = None) -> None:
        # Translators: the title of the online menu in the window.
        super().__init__(window, window._("Play online"))
        self.kept_at = kept_at or account.account_path()
        self.network = Background()
        self.connection: Connection | None = None
        self.table: TableScreen | None = None
        #: The dice of a table being opened (its options switch them), and no seed: the referee throws.
        self.manual = False
        self.seed: int | None = None
        window.on_close.append(self.close)

    def items(self) -> list[MenuItem]:
        _ = self._
        if self.connection is None:
            return [
                # Translators: online menu item in the window, before signing in (or after a sign-in failed).
                ("sign-in", _("Sign in"), self.sign_in),
                # Translators: online menu item: back to where the online menu was opened from.
                ("back", _("Back"), self.back),
            ]
        return [
            # Translators: online menu item: a new table, the player choosing the game and inviting the others.
            ("open", _("Open a table"), self.open_table),
            # Translators: online menu item: the invitations, or a table named by its room.
            ("join", _("Join a table"), partial(self.guarded, self.join)),
            # Translators: online menu item: the tables in progress, with whose turn it is.
            ("tables", _("My tables"), partial(self.guarded, self.my_tables)),
            # Translators: online menu item: end the sign-in and forget it.
            ("logout", _("Sign out"), partial(self.guarded, self.sign_out)),
            # Translators: online menu item: back to where the online menu was opened from.
            ("back", _("Back"), self.back),
        ]

    def opened(self) -> None:
        """The kept sign-in connects at once; without one, signing in starts."""
        try:
            kept = account.kept(self.kept_at)
        except DiceError as error:
            self.window.refuse(error)
            kept = None
        if kept is not None and self.connect(kept):
            return
        super().opened()
        self.sign_in()

    # ------------------------------------------------------------ signing in and out

    def sign_in(self) -> None:
        """Homeserver, then user name, then the password (sent once, never kept) or an access token."""
        def address(text: str) -> bool:
            try:
                account.homeserver_url(text)
            except DiceError as error:
                self.window.refuse(error)
                return False
            # Translators: the sign-in's user question; Enter gives an access token instead of a password.
            prompt = self._("Type your user name, like anna or @anna:matrix.org, or press Enter to give an access "
                            "token instead of a password.")
            self.window.push(Entry(self.window, prompt, partial(user, text)))
            return True

        def user(address: str, name: str) -> bool:
            if name:
                # Translators: the password question; it is not shown, and only the homeserver gets it.
                prompt = self._("Type your password. It is not shown, and it is sent to the homeserver only, "
                                "never kept.")
                self.window.push(SecretEntry(self.window, prompt, partial(secret, address, name, False)))
            else:
                # Translators: signing in with an access token (from another Matrix app's settings).
                prompt = self._("Type the access token.")
                self.window.push(SecretEntry(self.window, prompt, partial(secret, address, "", True)))
            return True

        def secret(address: str, name: str, token: bool, text: str) -> bool:
            given = {"token": text} if token else {"password": text}
            try:
                signed = self.network.call(account.sign_in(address, name, **given))
            except DiceError as error:
                self.window.refuse(error)
                return False
            try:
                account.keep(signed, self.kept_at)
            except DiceError as error:
                self.window.refuse(error)
            # Translators: signed in online; {user} is the Matrix user id, like @anna:matrix.org.
            self.window.say(answer(self._("Signed in as {user}.").format(user=signed.user_id)))
            self.connect(signed)
            return True

        # Translators: the first sign-in question online; the address of the player's Matrix homeserver.
        prompt = self._("Sign in to Matrix. Type the address of your homeserver, like https://matrix.org.")
        self.window.push(Entry(self.window, prompt, address))

    def connect(self, kept: account.Account) -> bool:
        """Start the connection of ``kept``; a refused token is forgotten and said (the player signs in again)."""
        connection = Connection(kept.homeserver, kept.user_id, kept.access_token, kept.device_id)
        try:
            self.network.call(connection.start())
        except OnlineError:
            self.network.call(connection.close())
            try:
                self.network.call(account.sign_in(kept.homeserver, "", token=kept.access_token))
                why: DiceError = account.NoAnswer(address=kept.homeserver)
            except DiceError as error:
                why = error
            self.window.refuse(why)
            if isinstance(why, account.TokenRefused):
                account.forget(self.kept_at)
            return False
        self.connection = connection
        self.settled()
        self.focus.place("open")
        self.revealed()
        return True

    def revealed(self) -> None:
        if self.connection is not None:
            # Translators: the online menu's title in the window (read out before the focused item, so without
            # a colon); {user} is the Matrix user id signed in.
            self.title = self._("Online, signed in as {user}").format(user=self.connection.user_id)
        super().revealed()

    def sign_out(self) -> None:
        """End the token on the homeserver and forget it here (said either way); the main menu follows."""
        kept = account.kept(self.kept_at)
        told = kept is not None and self.network.call(account.log_out(kept, self.kept_at))
        self.close()
        if kept is None:
            return
        if told:
            # Translators: logged out; {user} is the Matrix user id.
            self.window.say(answer(self._("Signed out {user}; the sign-in is forgotten.").format(user=kept.user_id)))
        else:
            # Translators: logged out here, but the homeserver could not be reached to end the token.
            self.window.say(answer(self._("Signed out {user} here; the homeserver could not be told, so end that "
                                          "session in another Matrix app.").format(user=kept.user_id)))
        self.window.pop()

    def back(self) -> None:
        self.close()
        self.window.pop()

    def close(self) -> None:
        """Leave the table and the homeserver (the tables stay in their rooms) and stop the network thread."""
        if self.table is not None:
            self.table.leave_room()
        if self.connection is not None:
            self.network.call(self.connection.close())
            self.connection = None
        if self.close in self.window.on_close:
            self.window.on_close.remove(self.close)
            self.network.close()

    # ------------------------------------------------------------ tables

    def open_table(self) -> None:
        """*Open a table*: the game, who plays (typed as in the terminal), its options and dice, the level of
        its computers, its referee; then the table."""
        def seats(game_id: str, text: str) -> bool:
            assert self.connection is not None
            try:
                chosen = typed_seats(self.window.language, game_id, self.connection.user_id, text)
            except DiceError as error:
                self.window.refuse(error)
                return False
            self.window.push(TableOptions(self, game_id, chosen))
            return True

        def game(game_id: str) -> None:
            if game_id not in playable():
                self.window.refuse(NotPlayableYet(game=game_id))
                return
            self.window.push(Entry(self.window, seats_prompt(self.window.language, game_id), partial(seats, game_id)))

        items: list[MenuItem] = [(game_id, listed_title(game_id, self.window.language), partial(game, game_id))
                                 for game_id in TITLES]
        # Translators: the title of the list of games.
        self.window.push(Menu(self.window, self._("Choose a game"), items))

    def guarded(self, step: Callable[[], object]) -> None:
        """Do ``step``; what the homeserver refuses is said, and the menu stays."""
        try:
            step()
        except DiceError as error:
            self.window.refuse(error)
        except OnlineError as error:
            self.window.refuse(HomeserverTrouble(reason=str(error)))
        except TimeoutError:  # the network thread's answer did not come (Background.call's limit)
            self.window.refuse(account.NoAnswer(address=self.connection.client.homeserver if self.connection
                                                else ""))

    def join(self) -> None:
        """*Join a table*: the invitations and public tables with a free seat, or a room to type."""
        connection = self.connection
        assert connection is not None
        invitations = connection.invitations()
        public = self.network.call(lobby.public_tables(connection))
        items: list[MenuItem] = [
            (f"invitation-{number}", invitation_label(self.window.language, found),
             partial(self.guarded, partial(self.enter, found.room_id)))
            for number, found in enumerate(invitations)]
        items += [(f"public-{number}", public_label(self.window.language, table),
                   partial(self.guarded, partial(self.take_seat, table))) for number, table in enumerate(public)]
        # Translators: the field for a table's room, in the window; after a list of invitations or alone.
        prompt = self._("Type the table's room, like !abc:matrix.org or #name:matrix.org.")
        if not items:
            # Translators: no invitation is waiting; the player may type a room id or alias instead.
            prompt = self._("No invitations. Type the table's room, like !abc:matrix.org or #name:matrix.org, "
                            "or back.")
            self.window.push(Entry(self.window, prompt, self.typed_room))
            return
        # Translators: the item of Join a table that opens a field for a room's address.
        items.append(("room", self._("Another room"), lambda: self.window.push(Entry(self.window, prompt,
                                                                                     self.typed_room))))
        # Translators: the title of the window's list of invitations and public tables with a free seat (read out
        # before the focused item, so without a colon).
        self.window.push(Menu(self.window, self._("Invitations and public tables"), items))

    def typed_room(self, typed: str) -> bool:
        """A room typed: the table there (the field closes as it opens); else the field stays for correction."""
        found = ROOM.fullmatch(typed.strip())
        if found is None:
            self.window.refuse(NotARoom(room=typed.strip()))
        else:
            self.guarded(partial(self.enter, found.group(1)))
        return False

    def enter(self, room: str) -> None:
        assert self.connection is not None
        try:
            self.network.call(self.connection.join(room))
        except OnlineError:
            raise NoSuchTable(room=room) from None
        self.sit(room)

    def take_seat(self, table: lobby.PublicTable) -> None:
        assert self.connection is not None
        self.network.call(lobby.take_seat(self.connection, table))
        self.sit(table.room_id)

    def my_tables(self) -> None:
        """*My tables*: the tables in progress, whose turn it is at each; Enter sits at one."""
        assert self.connection is not None
        tables = [t for t in self.network.call(self.connection.tables()) if not t.over]
        if not tables:
            # Translators: My tables, when no online game is in progress.
            self.window.say(answer(self._("No tables in progress.")))
            return
        items: list[MenuItem] = [(f"table-{number}", table_label(self.window.language, table),
                                  partial(self.guarded, partial(self.sit, table.room_id)))
                                 for number, table in enumerate(tables)]
        # Translators: the title of the window's list of online tables in progress (read out before the focused
        # item, so without a colon).
        self.window.push(Menu(self.window, self._("Tables in progress"), items))

    def sit(self, room: str) -> None:
        """Sit at the table in ``room``: its game read from the room, its news forwarded, its screen opened."""
        assert self.connection is not None
        try:
            view = self.network.call(self.connection.sit(room))
        except TableNotReady:
            raise NotATable(room=room) from None
        except OnlineError:
            raise NoSuchTable(room=room) from None
        game, seq = self.network.call(_snapshot(view))
        inbox = Inbox()  # never started: nothing is typed into it, only the table's news comes
        session = TableSession(game, view, seq, self.network, inbox)
        forwarding = asyncio.run_coroutine_threadsafe(_forward(view, inbox), self.network.loop)
        while self.window.top is not self:  # the lists that led here go
            self.window.remove(self.window.screens[-1])
        self.table = TableScreen(self, session, forwarding)
        self.window.push(self.table)


class TableOptions(Options):
    """A table's options and dice before it opens; its first item asks the level of its computers (if any)
    and its referee, then opens it."""

    def __init__(self, menu: OnlineMenu, game_id: str, seats: list[Seat]) -> None:
        super().__init__(menu, game_id, tuple(seat.name for seat in seats))
        self.online = menu
        self.seats = seats

    def items(self) -> list[MenuItem]:
        _ = self._
        if self.online.manual:
            # Translators: online dice choice: each player throws real dice and types them; trusted play.
            dice = _("manual: everyone throws real dice and types them (trusted play)")
        else:
            # Translators: online dice choice: the table's referee throws for everyone.
            dice = _("random, thrown by the table")
        # Translators: options list item: where the dice come from; Enter switches.
        return [*super().items()[:-1], ("dice", _("Dice: {dice}").format(dice=dice), self.switch_dice)]

    def start(self) -> None:
        if not any(seat.user is None for seat in self.seats):
            self.ask_referee(None)
            return
        chosen = self.window.prefs.settings.computer_level
        items: list[MenuItem] = [(level, option_word(level, self.window.language), partial(self.ask_referee, level))
                                 for level in LEVELS]
        # Translators: opening an online table with computer seats: the question before the levels.
        levels = Menu(self.window, self._("How well do the computers play?"), items)
        levels.settled()
        levels.focus.place(chosen if chosen in LEVELS else list(LEVELS)[-1])
        self.window.push(levels)

    def ask_referee(self, level: str | None) -> None:
        def referee(text: str) -> bool:
            if text and not USER_ID.fullmatch(text):
                self.window.refuse(NotAUser(text=text))
                return False
            self.online.guarded(partial(self.open, level, text or None))
            return False  # the table's screen has taken the field's place, or the field stays to correct

        # Translators: opening a table: who holds the game and throws the dice; Enter is the player's program.
        prompt = self._("Referee: press Enter for your own program (the table waits while you are away), or type "
                        "the Matrix id of a referee bot, like @dice-referee:matrix.org.")
        self.window.push(Entry(self.window, prompt, referee))

    def open(self, level: str | None, referee: str | None) -> None:
        connection = self.online.connection
        assert connection is not None
        room = open_table(self.window.language, self.online.network, connection, self.game_id, self.values,
                          self.seats, manual=self.online.manual, level=level, referee=referee,
                          pace=self.window.prefs.settings.computer_pace, say=self.window.say)
        self.online.sit(room)


class TableScreen(GameScreen):
    """The game screen at an online table: the offline keys and review, the table's news as it comes, chat."""

    def __init__(self, menu: OnlineMenu, session: TableSession, forwarding: Future[None]) -> None:
        window = menu.window
        self.play = TablePlay(window.announcer, session.inbox, window.language, window.prefs)
        self.play.typed = False  # the window acts by keys: no typed words in hints and reviews
        self.play.session = session
        super().__init__(window, session, resumed=bool(session.game.history), terminal=self.play)
        self.contexts = (*self.contexts, "table")
        self.menu = menu
        self.table = session
        self.forwarding = forwarding

    def opened(self) -> None:
        self.table.inbox.handle = lambda item: self.play.hear(self.table, self.presenter, item)
        self.window.say(self.play.table_words(self.table, self.presenter))
        super().opened()

    def tick(self, now: float) -> bool:
        """The table's news, said (and shown) as it comes; then what the game screen does in time."""
        heard = not self.table.inbox.items.empty()
        if heard:
            self.table.inbox.drain()
            self.after()
        return super().tick(now) or heard

    def attempt(self, action: Callable[[], object]) -> bool:
        """The game screen's attempt; a request waiting for a referee who is away (said as news) leaves the
        player free, and the homeserver's trouble is said."""
        try:
            return super().attempt(action)
        except StillWaiting:
            return False
        except OnlineError as error:
            self.window.refuse(HomeserverTrouble(reason=str(error)))
            return False
        except TimeoutError:  # the network thread's answer did not come (Background.call's limit)
            self.window.refuse(account.NoAnswer(address=self.table.view.connection.client.homeserver))
            return False

    def ask_values(self, interrupt: bool) -> None:
        """The field for real dice opens by itself for this player's own throws only (R asks for any)."""
        request = self.table.request()
        if interrupt or (request is not None and request.player in self.table.seats):
            super().ask_values(interrupt)

    def act(self, pressed: keys.Pressed) -> bool:
        if pressed.action == "chat":
            self.chat()
            return True
        return super().act(pressed)

    def chat(self) -> None:
        """W: a field for a message to the table; Enter sends it, Escape or nothing typed sends nothing."""
        def send(text: str) -> bool:
            if not text:
                return True
            try:
                self.table.network.call(self.table.view.say(text))
            except OnlineError as error:
                self.window.refuse(HomeserverTrouble(reason=str(error)))
                return False
            # Translators: a chat message was sent to the table.
            self.window.say(answer(self._("Said to the table.")))
            return True

        # Translators: the field for a chat message at an online table in the window; Enter sends it.
        self.window.push(Entry(self.window, self._("Say to the table:"), send))

    def actions(self) -> list[Cell]:
        if self.game.is_over():
            cells = [Cell(key, label, label, act=partial(self.seat, key)) for key, label in self.seat_items()]
            label = self._(LEAVE)
            return [*cells, Cell("menu", label, label, act=self.leave)]
        return super().actions()

    def seat_items(self) -> list[tuple[str, str]]:
        """What can be asked of the seats now: a new game once this one is over, a seat taken or given up
        between games (the terminal's again, sit and stand)."""
        _ = self._
        if not self.table.seats:
            # Translators: window item at an online table for someone watching: take the open seat.
            return [("sit", _("Take a seat"))] if self.table.view.spec.open_seats() else []
        items = []
        if self.game.is_over():
            # Translators: window item at an online table whose game is over: a new game at the same table.
            items.append(("again", _("Play again at this table")))
        if between_games(self.game, self.table.seq):
            # Translators: window item at an online table between games: give one's seat up for someone else.
            items.append(("stand", _("Give your seat up")))
        return items

    def seat(self, chosen: str) -> None:
        """A new game, a seat taken or given up: asked of the table's referee, whose answer comes as news."""
        try:
            said = seat_request(self.table, chosen, self.window.language)
        except DiceError as refusal:
            self.window.refuse(refusal)
            return
        except OnlineError as error:
            self.window.refuse(HomeserverTrouble(reason=str(error)))
            return
        self.window.say(said)

    def back(self) -> None:
        if self.game.is_over():
            self.leave()
        else:
            self.window.push(TableActions(self))

    def leave_room(self) -> None:
        """Stop hearing the table (the game stays in its room, the seat kept)."""
        self.forwarding.cancel()
        self.table.inbox.handle = lambda _news: None
        if self.menu.table is self:
            self.menu.table = None
            self.menu.network.call(self.table.view.leave())

    def leave(self) -> None:
        """Leave the table for the online menu; the game waits in its room."""
        self.leave_room()
        self.window.say(self.play.leaving_words())
        while self.window.top is not self.menu and self.window.top is not None:
            self.window.remove(self.window.screens[-1])
        self.menu.revealed()

    def ask_close(self) -> None:
        # Translators: confirming closing the program at an online table; the game stays in its room.
        self.window.confirm(self._("Close Accessible Dice? The game stays in its room."), self.exit, closing=True)

    def exit(self) -> None:
        self.leave_room()
        self.window.say(self.play.leaving_words())
        self.window.running = False


# Translators: the item that leaves an online table in the window (the game stays in its room).
LEAVE = N_("Leave the table")


class TableActions(ActionsMenu):
    """Escape at an online table: the game's actions menu, with the table's own and no redo."""

    game: TableScreen

    def items(self) -> list[MenuItem]:
        _ = self._
        table = self.game
        kept = [item for item in super().items() if item[0] not in ("redo", "quit", "report", "profile")]
        own: list[MenuItem] = [
            # Translators: actions menu item at an online table: a chat message (W).
            ("chat", _("Say to the table"), self.chat),
            # Translators: actions menu item at an online table: who sits where, the referee, the dice.
            ("seats", _("Who sits where"), lambda: self.window.say(table.play.table_words(table.table,
                                                                                           table.presenter))),
            ("leave", _(LEAVE), table.leave),
        ]
        members: list[MenuItem] = []
        if self.others():
            # Translators: actions menu item at an online table: a list of the other members, Enter mutes the
            # chat of the one chosen, or says it again.
            members.append(("mute", _("Mute or unmute someone's chat"), self.mute))
            if table.table.view.may_remove():
                # Translators: actions menu item at an online table, for its referee or opener: a list of those
                # who watch, Enter removes the one chosen from the table.
                members.append(("remove", _("Remove someone who watches"), self.remove))
        seats: list[MenuItem] = [(key, label, partial(self.seat, key)) for key, label in table.seat_items()]
        return [kept[0], *own[:2], *seats, *members, *kept[1:-1], own[2], kept[-1]]

    def others(self, watching: bool = False) -> list[tuple[str, str]]:
        """The table's other members as (Matrix id, the name chat says them by), those who watch only if
        ``watching``: chosen from a list, so nobody has to type a name or a Matrix id right."""
        view = self.game.table.view
        found = [(user, trusted_name(user, view.spec, view.members)[0]) for user in view.members
                 if user != view.connection.user_id]
        return [(user, name) for user, name in found
                if not (watching and (view.spec.seats_of(user) or user == view.spec.referee))]

    def mute(self) -> None:
        """The members, each said as muted or not; Enter on one mutes its chat or says it again (the terminal's
        ``mute NAME``), and the game is back."""
        muted = self.game.play.muted_members
        # Translators: an item of the list of members to mute at an online table: {name} is who; said for one
        # whose chat is muted now.
        items: list[MenuItem] = [(user, self._("{name}, muted").format(name=name) if user in muted else name,
                                  partial(self.chosen, partial(self.game.play.mute_member, self.game.table, user)))
                                 for user, name in self.others()]
        # Translators: the title of the list of members at an online table whose chat can be muted.
        self.window.push(Menu(self.window, self._("Whose chat?"), items))

    def remove(self) -> None:
        """Those who watch; Enter on one removes them from the table's room (the terminal's ``remove NAME``)."""
        table = self.game.table
        items: list[MenuItem] = [(user, name, partial(self.chosen, partial(remove_member, table, user,
                                                                         self.window.language)))
                                 for user, name in self.others(watching=True)]
        if not items:
            # Translators: remove chosen at an online table where nobody only watches.
            self.window.say(answer(self._("Nobody here only watches: a player cannot be removed.")))
            return
        # Translators: the title of the list of those who watch an online table, to remove one.
        self.window.push(Menu(self.window, self._("Remove whom?"), items))

    def chosen(self, done: Callable[[], Utterance]) -> None:
        """Back at the game, then what was chosen done and said; a refusal (the homeserver's too) in words."""
        while self.window.screens[-1] is not self.game:
            self.window.remove(self.window.screens[-1])
        try:
            self.window.say(done())
        except DiceError as refused:
            self.window.refuse(refused)
        except OnlineError as error:
            self.window.refuse(HomeserverTrouble(reason=str(error)))

    def chat(self) -> None:
        """The chat field over the game, not over this menu (the message is sent from the game)."""
        self.window.remove(self)
        self.game.chat()

    def seat(self, chosen: str) -> None:
        """Back at the table, then the seat asked for, so the referee's answer is heard there as it comes."""
        self.window.remove(self)
        self.game.seat(chosen)
