"""The terminal at online tables, end to end: the real command line under pexpect, against a real Synapse.

``python -m accessible_dice online --speech text`` in a pseudo-terminal, as
a player would type at it: signing in (a password once, or an access
token), the sign-in kept readable by the user alone and forgotten by
``logout``; bad input answered in words; and two players, one in Czech and
one in German, at one table: a whole game of Shut the Box, table chat, a
player leaving and coming back through *My tables*, and one killed outright
and started again with ``--table``, each hearing the same game in their
own language; every command of play at home at a table; a table refereed by
``accessible-dice referee``; and a connection pulled out mid-game (a real
TCP link cut), the move typed meanwhile played once when it is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import re
import secrets
import signal
import socket
import stat
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pexpect
import pytest
from e2e_support import NO_SYSTEM_LANGUAGE, TESTS, watched_command
from synapse_server import Synapse, register, synapse_server  # noqa: F401 - the fixture
from test_online_safety import Cable

from accessible_dice.online import account
from accessible_dice.presentation import TITLES
from accessible_dice.presentation.i18n import Language, language

#: Seconds one expected line may take (two cores shared by many programs, a sync that just returned).
LINE_LIMIT = 60
#: Seconds of silence after which a program is taken to have said all it had to say.
QUIET = 0.5
#: The longest a whole program may run before its stacks are dumped.
PROGRAM_LIMIT = 600


def with_password(server: Synapse, name: str) -> tuple[str, str]:
    """A new account with a password the test knows (open registration on the test server only)."""
    password = secrets.token_hex(8)
    body = json.dumps({"username": name, "password": password, "auth": {"type": "m.login.dummy"}}).encode()
    request = urllib.request.Request(f"{server.url}/_matrix/client/v3/register", data=body,
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)["user_id"], password


def token_works(server: Synapse, token: str) -> bool:
    request = urllib.request.Request(f"{server.url}/_matrix/client/v3/account/whoami",
                                     headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30):
            return True
    except urllib.error.HTTPError:
        return False


@dataclass
class Program:
    """One player's ``accessible-dice`` under pexpect; everything it printed is kept in :attr:`said`."""

    child: pexpect.spawn
    lang: Language
    heard: io.StringIO = field(default_factory=io.StringIO)

    @classmethod
    def start(cls, home: Path, args: list[str], lang: str = "en") -> Program:
        path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONPATH": path, "ACCESSIBLE_DICE_DATA": str(home / "data"),
               "ACCESSIBLE_DICE_CONFIG": str(home / "config"), "TERM": "dumb", "SDL_AUDIODRIVER": "dummy",
               "PYTHONIOENCODING": "utf-8", **NO_SYSTEM_LANGUAGE}
        command = watched_command([*args, "--speech", "text", "--lang", lang], PROGRAM_LIMIT)
        child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=LINE_LIMIT,
                              dimensions=(24, 1000))
        program = cls(child, language(lang))
        child.logfile_read = program.heard
        return program

    @property
    def said(self) -> str:
        return self.heard.getvalue()

    def expect(self, text: str) -> None:
        """Wait for ``text`` (said in this program's language by the caller) to be printed."""
        self.child.expect_exact(text)

    def type(self, line: str) -> None:
        self.child.sendline(line)

    def settle(self) -> None:
        """Read until the program has been quiet for :data:`QUIET` seconds."""
        deadline = time.monotonic() + LINE_LIMIT
        while time.monotonic() < deadline:
            try:
                self.child.read_nonblocking(65536, timeout=QUIET)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return

    def ended(self) -> int:
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert "Traceback" not in self.said, self.said
        return int(self.child.exitstatus if self.child.exitstatus is not None else -1)

    def _(self, text: str) -> str:
        return self.lang._(text)


def kept_sign_in(home: Path, server: Synapse, name: str) -> account.Account:
    """A sign-in kept in ``home``'s config folder, as a first sign-in leaves it."""
    registered = register(server, name)
    kept = account.Account(registered.homeserver, registered.user_id, registered.device_id,
                           registered.access_token)
    account.keep(kept, home / "config" / account.ACCOUNT_FILE)
    return kept


# ---------------------------------------------------------------- signing in and out


def test_a_password_is_typed_once_only_the_token_is_kept_for_the_user_alone_and_logout_forgets_it(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    user, password = with_password(synapse_server, "olga")
    first = Program.start(tmp_path, ["online"])
    first.expect("Type the address of your homeserver")
    first.type("ht tp://nowhere")
    first.expect("ht tp://nowhere is not a homeserver address; type one like https://matrix.org.")
    with silent_server() as port:  # accepts the connection and never answers: the sign-in is bounded and said
        first.type(f"127.0.0.1:{port}")  # without http://, as the trial typed it: https to a plain port
        first.type("olga")
        first.type("not the password")
        first.expect(f"Signing in at 127.0.0.1:{port}…")
        first.expect(f"No homeserver answers at 127.0.0.1:{port}. Check the address and the network connection.")
        first.expect("What now?")
        first.type("2")  # another address
    first.type(synapse_server.url)
    first.type("olga")
    first.expect("Type your password.")
    first.type("not the password")
    first.expect("The homeserver refused the sign-in of olga: the user name or the password is wrong.")
    first.type(synapse_server.url)
    first.type("olga")
    first.expect("Type your password.")
    first.type(password)
    first.expect(f"Signed in as {user}.")
    first.expect(f"Online, signed in as {user}:")
    first.type("q")
    assert first.ended() == 0
    assert password not in first.said.split("Type your password.")[-1]  # not echoed where it was typed

    kept_at = tmp_path / "config" / account.ACCOUNT_FILE
    assert stat.S_IMODE(kept_at.stat().st_mode) == 0o600
    assert password not in kept_at.read_text(encoding="utf-8")
    token = json.loads(kept_at.read_text(encoding="utf-8"))["access_token"]
    assert token_works(synapse_server, token)

    again = Program.start(tmp_path, ["online"])
    again.expect(f"Online, signed in as {user}:")  # no question: the kept token signs in
    again.type("q")
    assert again.ended() == 0
    assert "homeserver" not in again.said.split("Online, signed in")[0]

    out = Program.start(tmp_path, ["online", "logout"])
    out.expect(f"Signed out {user}; the sign-in is forgotten.")
    assert out.ended() == 0
    assert not kept_at.exists()
    assert not token_works(synapse_server, token)


def test_an_access_token_signs_in_and_a_refused_one_is_said(synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    registered = register(synapse_server, "tokenuser")
    program = Program.start(tmp_path, ["online"])
    program.expect("Type the address of your homeserver")
    program.type(synapse_server.url)
    program.expect("press Enter to give an access token")
    program.type("")
    program.expect("Type the access token.")
    program.type("syt_not_a_token")
    program.expect("The homeserver does not accept the access token; sign in again.")
    assert "syt_not_a_token" not in program.said  # a token is a secret: never shown, so never read aloud
    program.type(synapse_server.url)
    program.type("")
    program.expect("Type the access token.")
    program.type(registered.access_token)
    program.expect(f"Signed in as {registered.user_id}.")
    program.type("q")
    assert program.ended() == 0
    assert registered.access_token not in program.said
    kept = account.kept(tmp_path / "config" / account.ACCOUNT_FILE)
    assert kept is not None and kept.access_token == registered.access_token


@contextlib.contextmanager
def silent_server() -> Iterator[int]:
    """A port on 127.0.0.1 that accepts connections (the kernel's backlog) and never answers a byte."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen(16)
        yield listening.getsockname()[1]


def test_a_token_revoked_meanwhile_is_said_as_signed_out_and_the_player_signs_in_again(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    kept = kept_sign_in(tmp_path, synapse_server, "revoked")
    program = Program.start(tmp_path, ["online"])
    program.expect(f"Online, signed in as {kept.user_id}:")
    request = urllib.request.Request(f"{synapse_server.url}/_matrix/client/v3/logout", data=b"{}",
                                     headers={"Authorization": f"Bearer {kept.access_token}",
                                              "Content-Type": "application/json"}, method="POST")
    urllib.request.urlopen(request, timeout=30).close()  # the session ended in another Matrix app
    program.type("3")  # My tables
    program.expect("You were signed out of this homeserver; sign in again.")
    program.expect("Type the address of your homeserver")
    program.type("q")
    assert program.ended() == 0
    assert not (tmp_path / "config" / account.ACCOUNT_FILE).exists()


def test_an_unknown_room_is_refused_in_words_and_a_bad_one_on_the_command_line_in_one_line(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    kept = kept_sign_in(tmp_path, synapse_server, "roomless")
    program = Program.start(tmp_path, ["online", "--table", "!nothing:dice.test"])
    program.expect("The table in room !nothing:dice.test cannot be joined: it does not exist, or you are not "
                   "invited.")
    program.expect(f"Online, signed in as {kept.user_id}:")
    program.type("2")
    program.expect("No invitations. Type the table's room")
    program.type("lobby")
    program.expect("lobby is not a room; type one like !abc:matrix.org or #name:matrix.org.")
    program.expect("Online, signed in as")
    program.type("q")
    assert program.ended() == 0

    usage = Program.start(tmp_path, ["online", "--table", "lobby"])
    usage.expect("accessible-dice: --table: 'lobby' is not a room id")
    assert usage.ended() == 2


def test_the_main_menu_plays_online_and_comes_back(synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    kept = kept_sign_in(tmp_path, synapse_server, "menuplayer")
    program = Program.start(tmp_path, ["--ui", "console"])
    program.expect("6 Play online, 7 Turn speech off, or 8 Quit.")
    program.type("6")
    program.expect(f"Online, signed in as {kept.user_id}:")
    program.type("5")
    program.expect("6 Play online, 7 Turn speech off, or 8 Quit.")
    program.type("8")
    program.expect("Goodbye.")
    assert program.ended() == 0


# ---------------------------------------------------------------- a whole game, in two languages


@pytest.fixture
def czech_and_german(synapse_server: Synapse, tmp_path: Path) -> Iterator[tuple[Program, Program, Path]]:  # noqa: F811
    """Anna in Czech and Ben in German, each signed in on the same homeserver, in folders of their own."""
    kept_sign_in(tmp_path / "anna", synapse_server, "anna")
    kept_sign_in(tmp_path / "ben", synapse_server, "ben")
    anna = Program.start(tmp_path / "anna", ["online"], "cs")
    ben = Program.start(tmp_path / "ben", ["online"], "de")
    try:
        yield anna, ben, tmp_path
    finally:
        for program in (anna, ben):
            if program.child.isalive():
                program.child.kill(signal.SIGKILL)


def over_line(program: Program) -> str:
    """The end of the game at a table, said to a seated player: a new game, the seat given up, or leaving."""
    return program._("The game is over. Type {again} for a new game at this table, {stand} to give your seat up, "
                     "or {leave} to leave the table; board and standings still answer.").format(
                         again=program._("again"), stand=program._("stand"), leave=program._("leave"))


def threw(program: Program, name: str) -> re.Pattern[str]:
    """A throw of ``name``'s said in the program's language ("Anna threw 3 and 4." / "Anna hat ... geworfen.")."""
    template = re.escape(program._("{name} threw {dice}.")).replace(re.escape("{name}"), name)
    return re.compile(template.replace(re.escape("{dice}"), r"[^.]+"))


def turns(programs: list[Program], until: int) -> None:
    """Every program tries to throw, then make the first move, in turn; the one not on turn is refused in
    words and nothing changes. Until ``until`` rounds of that have passed or the game is over everywhere."""
    for _round in range(until):
        if all(over_line(program) in program.said for program in programs):
            return
        for program in programs:
            for line in ("r", "c 1"):
                program.type(line)
                program.settle()


def test_a_czech_and_a_german_player_play_a_whole_game_chat_and_come_back(
        czech_and_german: tuple[Program, Program, Path]) -> None:
    anna, ben, home = czech_and_german
    anna.expect("Online")
    anna.type("1")          # Open a table
    anna.expect(anna._("Choose a game:"))
    anna.type("1")          # Shut the Box
    anna.type("@ben:dice.test")
    anna.type("")           # the options as they are
    anna.type("")           # random dice, thrown by the table
    anna.type("")           # refereed by her own program
    anna.expect(anna._("Tables are not encrypted: the homeserver's administrators can read the moves and the chat."))
    anna.child.expect(r"![A-Za-z0-9]+:dice\.test")
    room = anna.child.after
    anna.expect(anna._("You play {name}.").format(name="Anna"))
    anna.settle()

    ben.expect("Online")
    ben.type("2")           # Join a table: the invitation, named after the game and players in Anna's words
    ben.expect(ben._("Invitation from {user}: {table}").format(
        user="Anna (@anna:dice.test)", table=anna._("{game}: {players}").format(
            game=anna._(TITLES["shut-the-box"]), players=anna.lang.join(["Anna", "Ben"]))).replace("\xa0", " "))
    ben.type("1")
    ben.expect(ben._("You play {name}.").format(name="Ben"))
    ben.settle()

    ben.type("say Hallo Anna")
    anna.expect(anna._("Chat from {name}: {text}").format(name="Ben", text="Hallo Anna"))
    anna.type("say Ahoj Bene")
    ben.expect(ben._("Chat from {name}: {text}").format(name="Anna", text="Ahoj Bene"))

    turns([anna, ben], until=2)
    assert threw(ben, "Anna").search(ben.said), ben.said  # Anna's throw, in German words at Ben's
    assert threw(anna, "Anna").search(anna.said)          # and in Czech at hers

    anna.type("q")          # Anna leaves the table (her program still referees it) and comes back
    anna.expect(anna._("You left the table; the game stays in its room. Come back through My tables."))
    anna.type("3")
    anna.expect(anna._("Tables in progress:"))
    anna.type("1")
    anna.expect(anna._("You play {name}.").format(name="Anna"))
    anna.settle()

    ben.child.kill(signal.SIGKILL)  # Ben's program dies mid-game, without a word
    ben.child.expect(pexpect.EOF)
    ben = Program.start(home / "ben", ["online", "--table", room], "de")
    ben.expect(ben._("You play {name}.").format(name="Ben"))
    ben.settle()

    turns([anna, ben], until=60)
    for program in (anna, ben):
        assert over_line(program) in program.said, program.said

    # -- the table plays again; between games Ben gives his seat up and takes it again, each said in each
    # player's own words
    anna.type(anna._("again"))
    for program in (anna, ben):
        program.expect(program._("Game {number} at this table: {players}.").format(
            number="2", players=program.lang.join(["Anna", "Ben"])).replace("\xa0", " "))  # the terminal's spaces
        program.settle()
    ben.type("stand")  # German's word for the standings: never shadowed by English "stand" (give the seat up)
    ben.child.expect(r"Anna: \d+ .*Ben: \d+ ")  # the standings, in German
    ben.settle()
    assert ben._("Asked the table's referee.") not in ben.said
    ben.type(ben._("stand"))
    ben.expect(ben._("You gave your seat up; you are watching."))
    anna.expect(anna._("{name} gives their seat up; it is open.").format(name="Ben"))
    ben.type(ben._("sit"))
    ben.expect(ben._("You take a seat: you play {name}.").format(name="Ben"))
    anna.expect(anna._("{name} takes a seat.").format(name="Ben"))
    for program in (anna, ben):
        program.settle()
        program.type("q")
        program.settle()
        program.type("q")
        assert program.ended() == 0
    assert "Traceback" not in anna.said + ben.said


# ---------------------------------------------------------------- a table refereed by a standalone bot


def test_a_table_opened_in_the_terminal_is_refereed_by_the_referee_command(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    """``accessible-dice referee`` (the core's referee behind the command line) hosts the table Anna opens
    naming it; her program only asks, the bot throws and checks."""
    bot = register(synapse_server, "dice-referee")
    token = tmp_path / "referee-token"
    token.write_text(bot.access_token, encoding="utf-8")
    os.chmod(token, 0o600)
    command = watched_command(["referee", "--homeserver", bot.homeserver, "--user", bot.user_id,
                               "--device", bot.device_id, "--token-file", str(token)], PROGRAM_LIMIT)
    with (tmp_path / "referee.log").open("wb") as log:
        referee = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                   env={**os.environ, "PYTHONPATH": str(TESTS)})
    try:
        kept_sign_in(tmp_path, synapse_server, "solo")
        anna = Program.start(tmp_path, ["online"])
        anna.expect("Online")
        for line in ("1", "1", "cpu", "", "", "", bot.user_id):  # Shut the Box against the computer (at the
            # computer level of the settings), the bot referees
            anna.type(line)
        anna.expect(f"Referee: {bot.user_id}. You play Solo.")
        anna.type("r")
        anna.child.expect(r"Solo threw \d and \d\.")
        anna.type("table")
        anna.expect(f"Referee: {bot.user_id}.")
        anna.type("q")
        anna.type("q")
        assert anna.ended() == 0
    finally:
        referee.terminate()
        referee.wait(30)
    assert "Traceback" not in (tmp_path / "referee.log").read_text(errors="replace")


def test_the_referee_command_without_an_account_says_what_it_needs(tmp_path: Path) -> None:
    program = Program.start(tmp_path, ["referee"])
    program.child.expect("accessible-dice referee: error: the following arguments are required: --homeserver, "
                         "--user")
    assert program.ended() == 2


def test_every_command_of_play_at_home_works_at_a_table_and_the_referee_decides_undo(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    """Yatzy against the computer at a table refereed by the player's own program: the reviews, the hint,
    undo (the referee takes the step back), redo refused in words, and the table's own commands."""
    kept_sign_in(tmp_path, synapse_server, "alone")
    program = Program.start(tmp_path, ["online"])
    program.expect("Online")
    for line in ("1", "2", "cpu", "", "", "", ""):  # Yatzy against the computer (its level: the setting's),
        # random dice, own referee
        program.type(line)
    program.expect("You play Alone.")
    said = {"r": "Alone threw", "hold 1": "Held: the", "undo": "Taken back: Hold die 1",
            "redo": "At an online table a step taken back is not done again; play it anew.",
            "d": "Dice: ", "s": "Standings: ", "t": "Alone's turn, round 1 of 15.", "m": "1 Ones",
            "chat": "No chat messages yet.", "mute": "Chat muted; type chat to hear the messages.",
            "mute alone": "Chat from Alone is muted; type mute and the name again to hear it.",
            "remove Alone": "Alone plays at this table; only members who watch can be removed.",
            "remove nobody": "No one member of the table is called nobody;",
            "say hello": "Said to the table.", "help": "At the table: say and a message to chat",
            "table": "Yatzy at room !", "board cpu": "cpu: nothing filled yet.", "score chance": "Chance: "}
    for line, answer in said.items():
        program.type(line)
        program.expect(answer)
    program.expect("cpu threw")  # the referee plays the computer, and it is heard here
    program.expect("Round 1 of 15 over. Alone's turn.")
    program.type("q")
    program.type("q")
    assert program.ended() == 0


# ---------------------------------------------------------------- a connection pulled out


@pytest.fixture
def cable(synapse_server: Synapse) -> Iterator[tuple[Cable, Callable[[Coroutine[Any, Any, Any]], Any]]]:  # noqa: F811
    """A TCP connection to the homeserver that the test pulls out and puts back, on a loop of its own."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(work: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(work, loop).result(30)

    wire = Cable(int(synapse_server.url.rsplit(":", 1)[1]))
    run(wire.plug())
    try:
        yield wire, run
    finally:
        run(wire.unplug())
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_a_homeserver_down_at_the_start_is_waited_for_with_a_word_and_the_player_may_go_back(
        synapse_server: Synapse, tmp_path: Path,  # noqa: F811
        cable: tuple[Cable, Callable[[Coroutine[Any, Any, Any]], Any]]) -> None:
    wire, run = cable
    kept = kept_sign_in(tmp_path, synapse_server, "patient")
    address = f"http://127.0.0.1:{wire.port}"
    account.keep(replace(kept, homeserver=address), tmp_path / "config" / account.ACCOUNT_FILE)
    run(wire.unplug())
    program = Program.start(tmp_path, ["online"])
    program.expect(f"No homeserver answers at {address}.")
    program.expect("Trying again every few seconds; type back to stop waiting.")
    program.expect("Still no answer; trying again.")
    run(wire.plug())
    program.expect("The homeserver answers again.")
    program.expect(f"Online, signed in as {kept.user_id}:")
    program.type("q")
    assert program.ended() == 0
    run(wire.unplug())
    program = Program.start(tmp_path, ["online"])
    program.expect("Trying again every few seconds; type back to stop waiting.")
    program.type("back")
    program.expect("Goodbye.")
    assert program.ended() == 0
    run(wire.plug())  # as the fixture leaves it


def test_a_player_whose_connection_drops_hears_it_and_the_move_typed_meanwhile_is_played_once_it_is_back(
        synapse_server: Synapse, tmp_path: Path,  # noqa: F811
        cable: tuple[Cable, Callable[[Coroutine[Any, Any, Any]], Any]]) -> None:
    wire, run = cable
    kept_sign_in(tmp_path / "anna", synapse_server, "cableanna")
    ben_account = kept_sign_in(tmp_path / "ben", synapse_server, "cableben")
    account.keep(replace(ben_account, homeserver=f"http://127.0.0.1:{wire.port}"),
                 tmp_path / "ben" / "config" / account.ACCOUNT_FILE)
    anna = Program.start(tmp_path / "anna", ["online"])
    ben = Program.start(tmp_path / "ben", ["online"])
    try:
        anna.expect("Online")
        for line in ("1", "1", ben_account.user_id, "", "", ""):  # Shut the Box with Ben, Anna's program referees
            anna.type(line)
        anna.expect("You play Cableanna.")
        ben.expect("Online")
        ben.type("2")
        ben.type("1")
        ben.expect("You play Cableben.")
        anna.type("r")
        anna.settle()
        anna.type("c 1")
        ben.expect("Cableben's turn.")
        ben.settle()

        run(wire.unplug())
        ben.expect("The connection to the homeserver is lost; trying again.")
        ben.type("say anyone there?")  # chat cannot wait: said, and Ben stays at the table
        ben.expect("The message could not be sent; type it again when the connection is back.")
        ben.type("r")  # while the cable is out: the request waits, and is sent again
        ben.expect("Waiting for the table's referee; your move is sent again until it answers.")
        run(wire.plug())
        ben.expect("Connected again.")
        ben.child.expect(r"Cableben threw \d and \d\.")
        anna.child.expect(r"Cableben threw \d and \d\.")
        anna.settle()
        assert len(re.findall(r"Cableben threw", anna.said)) == 1  # played once, however often it was sent
        for program in (anna, ben):
            program.type("q")
            program.type("q")
            assert program.ended() == 0
    finally:
        for program in (anna, ben):
            if program.child.isalive():
                program.child.kill(signal.SIGKILL)
