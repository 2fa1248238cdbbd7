"""The window at online tables, driven by posted keys under SDL's dummy video driver, against a real Synapse.

Anna plays in the window; Ben is another program (a real
:class:`~accessible_dice.online.client.Connection` on a network thread of
the test's own) that opened the table, referees it and plays his turns.
Anna signs in from the main menu's *Play online* with her password (a bad
address and a wrong password said and corrected first), joins by the
invitation, throws and shuts flaps by keys, hears Ben's turn as it comes,
chats both ways with W, leaves, finds the table in *My tables* with
whose turn it is, comes back to it, and signs out.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from babel import Locale
from synapse_server import Account, Synapse, register, synapse_server  # noqa: F401 - the fixture
from test_online_terminal import Program, kept_sign_in, with_password
from test_window import _to_row as to_row
from window_driver import Driver, open_driver

from accessible_dice.online import account, lobby
from accessible_dice.online.background import Background
from accessible_dice.online.client import Connection, TableView
from accessible_dice.online.protocol import Seat
from accessible_dice.online.table import Chat
from accessible_dice.session import computer_plan
from accessible_dice.ui.window import Confirm, Entry, Menu
from accessible_dice.ui.window.menu import MainMenu
from accessible_dice.ui.window.online import OnlineMenu, SecretEntry, TableScreen

_driver = pytest.fixture(name="driver")(open_driver)

#: The longest one step may take to reach the other program (two cores shared by many programs).
LIMIT = 60.0


def until(condition: Callable[[], bool], driver: Driver | None = None, limit: float = LIMIT) -> None:
    """Wait for ``condition``, letting the window take the table's news meanwhile (its loop's tick)."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "the table did not get there in time"
        if driver is not None:
            driver.window.tick()
        time.sleep(0.02)


def ben_plays(view: TableView, network: Background, rng: random.Random, seq: Callable[[], int],
              driver: Driver | None) -> None:
    """Ben's program plays his turn (a throw, the move a computer would choose) until he is not to act;
    ``seq`` is how far the window's game is, waited for when the window is at the table (``driver``)."""
    for _ in range(40):
        if driver is not None:
            until(lambda: view.table is not None and seq() == view.table.seq, driver)
        if view.game.is_over() or view.game.current_player() != 1:
            return
        before = view.table.seq if view.table else 0
        if view.game.dice_request() is not None:
            network.call(view.throw())
        else:
            network.call(view.move(computer_plan(view.game, rng)[0][0]))
        until(lambda before=before: view.table is not None and view.table.seq > before)  # type: ignore[misc]


@pytest.fixture
def network() -> Iterator[Background]:
    """Ben's program's network thread."""
    background = Background()
    yield background
    background.close()


@contextmanager
def ben_beside(driver: Driver, server: Synapse, network: Background, name: str) -> Iterator[Connection]:
    """Ben's program, connected on the network thread; at the end the window's connections and his are closed."""
    ben_account = register(server, name)
    ben = Connection(ben_account.homeserver, ben_account.user_id, ben_account.access_token, ben_account.device_id)
    network.call(ben.start())
    try:
        yield ben
    finally:
        for closing in list(driver.window.on_close):
            closing()
        network.call(ben.close())


def anna_kept_signed_in(server: Synapse, name: str) -> Account:
    """Anna registered, and her sign-in kept as the window keeps it (the online menu connects at once)."""
    anna = register(server, name)
    account.keep(account.Account(anna.homeserver, anna.user_id, anna.device_id, anna.access_token))
    return anna


def test_sign_in_join_play_chat_my_tables_and_sign_out_in_the_window(
        driver: Driver, synapse_server: Synapse, network: Background, tmp_path: Path) -> None:  # noqa: F811
    anna, password = with_password(synapse_server, "anna-window")
    with ben_beside(driver, synapse_server, network, "ben-window") as ben:
        signed_in_join_play_chat_my_tables_and_sign_out(driver, synapse_server, network, anna, password, ben)


def signed_in_join_play_chat_my_tables_and_sign_out(driver: Driver, server: Synapse, network: Background,
                                                     anna: str, password: str, ben: Connection) -> None:
    """Anna signs in in the window with her password and plays at Ben's table, refereed by his program."""
    room = network.call(ben.open_table("shut-the-box", {}, [Seat("Anna", anna), Seat("Ben", ben.user_id)],
                                       invite=[anna], pace=0))
    view: TableView = network.call(ben.sit(room))  # Ben's program referees the table
    window = driver.window
    try:
        # -- signing in from the main menu, the mistakes said and corrected
        window.push(MainMenu(window, manual=False, seed=None))
        driver.keys("end", "up", "up")
        assert driver.last.startswith("Play online")
        driver.keys("return")
        assert isinstance(driver.top, Entry) and "homeserver" in driver.last
        driver.type("not an address")
        driver.keys("return")
        assert isinstance(driver.top, Entry) and "not an address" in driver.last
        driver.keys("ctrl+a")
        for _ in "not an address":
            driver.keys("backspace")
        driver.type(server.url)
        driver.keys("return")
        assert "user name" in driver.last
        driver.type("anna-window")
        driver.keys("return")
        assert isinstance(driver.top, SecretEntry)
        driver.type("wrong")
        assert driver.last == "star"
        shown = driver.top.prompt()
        assert shown is not None and shown.typed == "•" * len("wrong"), "the password is not shown"
        driver.keys("return")
        assert isinstance(driver.top, SecretEntry), "a wrong password leaves the field open"
        for _ in "wrong":
            driver.keys("backspace")
        driver.type(password)
        driver.keys("return")
        assert any(f"Signed in as {anna}." in text for text in driver.spy.texts)
        assert password not in account.account_path().read_text(encoding="utf-8")
        menu = driver.top
        assert isinstance(menu, OnlineMenu) and menu.connection is not None
        assert driver.last.startswith(f"Online, signed in as {anna}. ")

        # -- joining by the invitation
        until(lambda: bool(menu.connection and menu.connection.invitations()), driver)
        driver.keys("j", "return")  # Join a table
        assert isinstance(driver.top, Menu) and "Invitation from" in driver.last
        driver.keys("return")
        screen = driver.top
        assert isinstance(screen, TableScreen)
        assert any("You play Anna." in text for text in driver.spy.texts)

        # -- Anna's turn by keys: R throws, Enter shuts the focused flaps, until Ben is to act
        game = screen.game
        for _ in range(40):
            if game.is_over() or game.current_player() != 0:
                break
            driver.keys("r" if game.dice_request() is not None else "return")
        assert game.current_player() == 1 or game.is_over()
        assert any("Anna threw" in text for text in driver.spy.texts)
        driver.keys("r")
        assert "Ben" in driver.last and "turn" in driver.last, "another's turn is refused in words"
        driver.keys("a")
        screen.finish_thinking(wait=10)
        assert driver.last == "At an online table the hint is for your own turn only."

        # -- chat both ways: W sends, what comes is said and shown in the message panel
        driver.keys("w")
        assert isinstance(driver.top, Entry) and driver.last == "Say to the table:"
        driver.type("good luck")
        driver.keys("return")
        assert driver.last == "Said to the table."
        heard: list[object] = []

        def chat_came() -> bool:
            heard.extend(network.news(view))
            return any(isinstance(item, Chat) and item.text == "good luck" and item.user == anna for item in heard)

        until(chat_came)
        network.call(view.say("thanks"))
        until(lambda: any(m.text == "Chat from Ben: thanks" for m in window.view().messages), driver)
        assert "Chat from Ben: thanks" in driver.spy.texts
        window.draw()

        # -- muting Ben's chat from the table's actions, a list of the members: his chat, kept for the chat
        # review, is not said until the same item says it again
        def mute_ben(said: str) -> None:
            driver.keys("escape")
            assert driver.last.startswith("Actions. Back to the game")
            driver.keys("m")
            assert driver.last.startswith("Mute or unmute someone's chat")
            driver.keys("return")
            assert driver.last.startswith("Whose chat?")
            assert isinstance(driver.top, Menu) and [label for _key, label, _act in driver.top.items()] == [
                "Ben" if said == "muted" else "Ben, muted"]
            driver.keys("return")
            assert driver.top is screen and driver.last.startswith(f"Chat from Ben is {said}")

        mute_ben("muted")
        network.call(view.say("hush"))
        until(lambda: any("hush" in message.text for message in screen.play.chat), driver)
        mute_ben("said again")
        network.call(view.say("again"))
        until(lambda: "Chat from Ben: again" in driver.spy.texts, driver)
        assert not any("hush" in text for text in driver.spy.texts), "a muted member's chat was said"

        # -- leaving: Escape, the table's actions, Leave the table
        driver.keys("escape")
        assert driver.last.startswith("Actions. Back to the game")
        driver.keys("l")
        assert driver.last.startswith("Leave the table")
        driver.keys("return")
        assert driver.top is menu
        assert any("You left the table" in text for text in driver.spy.texts)

        # -- My tables, by the mouse: a click focuses it, a second one chooses it; whose turn it is there
        window.draw()
        where = window.drawn.cells["tables"].center
        window.click(where)
        assert driver.last.startswith("My tables")
        window.click(where)
        assert driver.last.startswith("Tables in progress. Shut the Box with Anna and Ben: Ben's turn")
        driver.keys("escape")

        # -- Ben plays while Anna is away; My tables says it is her turn, and sitting down says what happened
        rng = random.Random(5)
        ben_plays(view, network, rng, lambda: 0, None)
        driver.keys("m", "return")
        assert driver.last.startswith("Tables in progress. Shut the Box with Anna and Ben: your turn")
        driver.keys("return")
        screen = driver.top
        assert isinstance(screen, TableScreen)
        until(lambda: any(text.startswith("While you were away: Ben") for text in driver.spy.texts), driver)

        # -- Anna's next turn by keys, then Ben's heard in the window as it comes
        game = screen.game
        for _ in range(40):
            if game.is_over() or game.current_player() != 0:
                break
            driver.keys("r" if game.dice_request() is not None else "return")
        heard_before = sum("Ben threw" in text for text in driver.spy.texts)
        ben_had_a_turn = not game.is_over() and game.current_player() == 1
        ben_plays(view, network, rng, lambda: screen.table.seq, driver)
        until(lambda: view.table is not None and screen.table.seq == view.table.seq, driver)
        if ben_had_a_turn:
            assert sum("Ben threw" in text for text in driver.spy.texts) > heard_before
        driver.keys("escape", "l", "return")
        assert driver.top is menu

        # -- signing out: the token ended, the sign-in forgotten, the main menu again
        driver.keys("s", "return")
        assert any(f"Signed out {anna}; the sign-in is forgotten." in text for text in driver.spy.texts)
        assert not account.account_path().exists()
        assert isinstance(driver.top, MainMenu)
    finally:
        network.call(view.leave())


def test_a_table_opened_in_the_window_is_refereed_by_it_and_joined_by_another(
        driver: Driver, synapse_server: Synapse, network: Background) -> None:  # noqa: F811
    """Open a table: the game, who plays (a typo refused), options, the referee (Enter: this program); Ben
    joins by the invitation, and Anna's throw, refereed in the window's program, reaches him."""
    anna = anna_kept_signed_in(synapse_server, "anna-opens")
    window = driver.window
    with ben_beside(driver, synapse_server, network, "ben-joins") as ben:
        menu = OnlineMenu(window)
        window.push(menu)  # the kept sign-in connects at once
        assert driver.last.startswith(f"Online, signed in as {anna.user_id}. Open a table, 1 of 5")
        driver.keys("return")
        assert driver.last.startswith("Choose a game. Shut the Box")
        driver.keys("return")
        assert "Who plays with you?" in driver.last
        driver.type("ben")
        driver.keys("return")
        assert "ben is not a Matrix id" in driver.last
        for _ in "ben":
            driver.keys("backspace")
        driver.type(ben.user_id)
        driver.keys("return")
        assert driver.last.startswith("Options for Shut the Box. Start the game")
        driver.keys("end")
        assert driver.last.startswith("Dice: random, thrown by the table")
        driver.keys("home", "return")
        assert "Referee: press Enter" in driver.last
        driver.keys("return")
        screen = driver.top
        assert isinstance(screen, TableScreen)
        assert any("Tables are not encrypted" in text for text in driver.spy.texts)
        assert any("is invited." in text and ben.user_id in text for text in driver.spy.texts)

        until(lambda: bool(ben.invitations()))
        room = ben.invitations()[0].room_id
        assert room == screen.table.view.room_id
        network.call(ben.join(room))
        view: TableView = network.call(ben.sit(room))
        annas_throw_reaches_ben(driver, screen, view)
        network.call(view.leave())


def annas_throw_reaches_ben(driver: Driver, screen: TableScreen, view: TableView) -> None:
    """R in Anna's window: she hears her throw, and Ben's program gets the same dice from the table."""
    driver.keys("r")
    assert any("Anna" in text and "threw" in text for text in driver.spy.texts[-3:]), driver.spy.texts[-3:]
    until(lambda: view.table is not None and view.table.seq >= screen.table.seq)
    assert view.game.dice_on_table() == screen.game.dice_on_table()


def public_yatzy_opened(driver: Driver) -> TableScreen:
    """The online menu (a kept sign-in), Open a table, Yatzy, "open, cpu", the level and the referee by Enter:
    the public table's screen, its being public said."""
    driver.window.push(OnlineMenu(driver.window))
    driver.keys("return")  # Open a table
    driver.keys("y")
    assert driver.last.startswith("Yatzy")
    driver.keys("return")
    driver.type("open, cpu")
    driver.keys("return", "return")  # the seats, then Start the game
    assert driver.last.startswith("How well do the computers play?")
    driver.keys("return")
    assert "Referee: press Enter" in driver.last
    driver.keys("return")
    screen = driver.top
    assert isinstance(screen, TableScreen)
    assert any("The table is public" in text for text in driver.spy.texts)
    return screen


def test_a_public_yatzy_table_with_a_computer_opened_in_the_window_and_a_seat_taken_from_the_directory(
        driver: Driver, synapse_server: Synapse, network: Background) -> None:  # noqa: F811
    """Who plays: "open, cpu": the table is public (said), the computers' level is asked, Ben finds the table in
    the room directory ("Yatzy, ... seats free, in English, by ...") and takes the seat; the game starts."""
    anna_kept_signed_in(synapse_server, "anna-public")
    with ben_beside(driver, synapse_server, network, "ben-public") as ben:
        screen = public_yatzy_opened(driver)
        found: list[lobby.PublicTable] = []

        def listed() -> bool:
            found[:] = network.call(lobby.public_tables(ben))
            return bool(found)

        until(listed)
        table = found[0]
        assert table.room_id == screen.table.view.room_id and table.free == 1
        network.call(lobby.take_seat(ben, table))
        view: TableView = network.call(ben.sit(table.room_id))
        until(lambda: view.seats == (1,) and 1 in screen.table.view.spec.seats_of(ben.user_id), driver)
        until(lambda: screen.game.current_player() == 0 and view.table is not None
              and view.table.seq == screen.table.seq, driver)
        annas_throw_reaches_ben(driver, screen, view)
        network.call(view.leave())


def test_a_spectator_in_the_window_hears_and_sees_the_game_as_it_happens_and_never_gets_the_hint(
        driver: Driver, synapse_server: Synapse, network: Background) -> None:  # noqa: F811
    """Anna, a member of the room without a seat, watches Ben play against the computer his program referees:
    every throw is said and listed in the message panel as it comes, the dice shown are the table's, and the
    hint (A) is refused at the computer's turn and at Ben's alike, as is a throw of her own."""
    anna = anna_kept_signed_in(synapse_server, "anna-watches")
    window = driver.window
    with ben_beside(driver, synapse_server, network, "ben-watched") as ben:
        room = network.call(ben.open_table("shut-the-box", {}, [Seat("cpu1"), Seat("Ben", ben.user_id)],
                                           invite=[anna.user_id], pace=50))
        view: TableView = network.call(ben.sit(room))  # Ben's program referees and plays the computer
        try:
            menu = OnlineMenu(window)
            window.push(menu)
            until(lambda: bool(menu.connection and menu.connection.invitations()), driver)
            driver.keys("j", "return", "return")  # Join a table, the invitation
            screen = driver.top
            assert isinstance(screen, TableScreen) and not screen.table.seats
            assert any("You are watching." in text for text in driver.spy.texts)

            # -- the computer's turn as it comes, then Ben's: heard, listed and shown; no hint at either
            rng = random.Random(8)
            computer = 0
            for turn in range(3):
                computer_before = computer
                until(lambda: view.game.is_over() or (view.game.current_player() == 1 and view.table is not None
                                                       and screen.table.seq == view.table.seq), driver)
                if view.game.is_over():
                    break
                computer = sum("cpu1 threw" in m.text for m in window.view().messages)
                assert turn == 0 or computer > computer_before, "the computer's whole turn shown as it came"
                driver.keys("a")
                screen.finish_thinking(wait=10)
                assert driver.last == "At an online table the hint is for your own turn only."
                driver.keys("r")
                assert driver.last == "You have no seat at this table: you are watching."
                heard = sum("Ben threw" in text for text in driver.spy.texts)
                ben_plays(view, network, rng, lambda: screen.table.seq, driver)
                until(lambda: view.table is not None and screen.table.seq == view.table.seq, driver)
                assert sum("Ben threw" in text for text in driver.spy.texts) > heard
                assert any(m.text.startswith("Ben threw") for m in window.view().messages)
                assert screen.game.dice_on_table() == view.game.dice_on_table()
                assert screen.game.history == view.game.history
            assert not any(text.startswith(("Hint", "Try", "Best")) for text in driver.spy.texts)
            driver.keys("escape", "l", "return")
            assert driver.top is menu
        finally:
            network.call(view.leave())


def annas_yatzy_turn(driver: Driver, screen: TableScreen) -> None:
    """Anna's Yatzy turn by keys in the window: R throws, arrows reach the first box she may score, Enter
    scores it (a zero confirmed)."""
    game = screen.game
    driver.keys("r")
    target = game.allowed_boxes()[0]
    to_row(driver, f"box-{target.value}")
    driver.keys("return")
    if isinstance(driver.top, Confirm):
        driver.keys("y", "return")
    assert game.current_player() != 0


def test_done_when_a_public_yatzy_table_from_the_window_a_german_friend_in_the_terminal_a_computer_a_watcher(
        driver: Driver, synapse_server: Synapse, network: Background, tmp_path: Path) -> None:  # noqa: F811
    """Issue 19's "done when" in one test: Anna opens a public Yatzy table in the window; Bert joins from the
    terminal in German and takes its free seat from the directory; the computer has the third seat; Cid
    watches; Bert leaves for the night, and coming back he hears in German what happened and that it is his
    turn."""
    anna_kept_signed_in(synapse_server, "anna-done")
    kept_sign_in(tmp_path / "bert", synapse_server, "bert")
    with ben_beside(driver, synapse_server, network, "cid-done") as cid:
        screen = public_yatzy_opened(driver)
        room = screen.table.view.room_id
        network.call(cid.join(room))
        watching: TableView = network.call(cid.sit(room))
        assert watching.seats == ()

        bert = Program.start(tmp_path / "bert", ["online"], "de")
        try:
            bert.expect("Online")
            bert.type("2")  # Join a table: the public one, in his words
            bert.expect(bert.lang.ngettext("{game}, {free} of {seats} seat free, in {language}, by {name}",
                                           "{game}, {free} of {seats} seats free, in {language}, by {name}", 3)
                        .format(game="Yatzy", free="1", seats="3", name="Anna-done",
                                language=Locale.parse("en").get_display_name("de")))
            bert.type("1")
            bert.expect(bert._("You play {name}.").format(name="Bert"))
            until(lambda: screen.table.view.spec.players == ("Anna-done", "Bert", "cpu"), driver)

            # -- round 1: Anna in the window, Bert in the terminal; he leaves for the night at once, and the
            # computer (at the normal pace, 1.5 s a step) and Anna play on meanwhile
            annas_yatzy_turn(driver, screen)
            bert.settle()
            bert.type("r")
            bert.type("score chance")
            bert.type("q")
            bert.type("q")
            assert bert.ended() == 0
            until(lambda: screen.game.current_player() == 0, driver)  # the computer played its turn
            annas_yatzy_turn(driver, screen)
            assert screen.game.current_player() == 1
            until(lambda: watching.table is not None and watching.table.seq == screen.table.seq, driver)
            assert watching.game.history == screen.game.history, "the watcher saw every step"

            # -- Bert comes back: My tables says it is his turn; the summary, in German, newest last
            bert = Program.start(tmp_path / "bert", ["online"], "de")
            bert.expect("Online")
            bert.type("3")
            bert.expect(bert._("{game} with {players}: your turn").format(
                game="Yatzy", players=bert.lang.join(["Anna-done", "Bert", "cpu"])).replace("\xa0", " "))
            bert.type("1")
            away = bert._("While you were away: {news}").split("{news}")[0]
            bert.expect(away)
            bert.expect(bert._("Your turn, round {round} of {rounds}.").format(round="2", rounds="15"))
            summary = bert.said.rsplit(away, 1)[1]
            assert "Anna-done" in summary and "cpu" in summary, summary  # the computer's turn and Anna's
            bert.settle()
            assert "Traceback" not in bert.said
        finally:
            if bert.child.isalive():
                bert.child.kill(signal.SIGKILL)
            network.call(watching.leave())


def test_at_a_game_s_end_in_the_window_the_table_plays_again_and_a_seat_is_given_up_and_taken(
        driver: Driver, synapse_server: Synapse, network: Background) -> None:  # noqa: F811
    """Anna plays Shut the Box in the window with Ben's program to its end; *Play again at this table* begins
    game 2, said with its players; between games the actions menu gives her seat up (she watches) and takes
    the open seat again."""
    anna = anna_kept_signed_in(synapse_server, "anna-again")
    window = driver.window
    with ben_beside(driver, synapse_server, network, "ben-again") as ben:
        room = network.call(ben.open_table("shut-the-box", {}, [Seat("Anna", anna.user_id), Seat("Ben", ben.user_id)],
                                           invite=[anna.user_id], pace=0))
        view: TableView = network.call(ben.sit(room))
        try:
            menu = OnlineMenu(window)
            window.push(menu)
            until(lambda: bool(menu.connection and menu.connection.invitations()), driver)
            driver.keys("j", "return", "return")
            screen = driver.top
            assert isinstance(screen, TableScreen)
            game, rng = screen.game, random.Random(2)
            for _ in range(80):  # each one's turn, and a roll-off after a tie
                until(lambda: view.table is not None and screen.table.seq == view.table.seq, driver)
                if game.is_over():
                    break
                if game.current_player() == 0:
                    driver.keys("r" if game.dice_request() is not None else "return")
                else:
                    ben_plays(view, network, rng, lambda: screen.table.seq, driver)
            assert game.is_over(), driver.spy.texts[-5:]

            # -- the end: Play again at this table, the first of the end's buttons
            assert [cell.key for cell in screen.actions()] == ["again", "stand", "menu"]
            screen.seat("again")
            assert driver.last == "Asked the table's referee."
            until(lambda: any(text.startswith("Game 2 at this table: Anna and Ben.") for text in driver.spy.texts),
                  driver)
            assert not game.is_over() and not game.history and screen.table.seats == {0}

            # -- between games (nothing played yet): the seat given up, then taken again, by the actions menu
            driver.keys("escape", "g")
            assert driver.last.startswith("Give your seat up")
            driver.keys("return")
            until(lambda: "You gave your seat up; you are watching." in " ".join(driver.spy.texts), driver)
            assert not screen.table.seats
            driver.keys("escape", "t")
            assert driver.last.startswith("Take a seat")
            driver.keys("return")
            until(lambda: "You take a seat: you play Anna-again." in " ".join(driver.spy.texts), driver)
            assert screen.table.seats == {0} and view.spec.players == ("Anna-again", "Ben")
            assert driver.top is screen and not screen.forwarding.done(), "back at the table, its news still coming"
        finally:
            network.call(view.leave())
