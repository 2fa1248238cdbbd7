"""No message from a page ends the program: every websocket message is checked in one place.

A fuzz of malformed, unknown and out-of-place messages is sent at the main
menu, in a game and at game over: the table's thread lives and the page
still answers. The pages are capped per secret and in all, each refused one
told why in words; the host's terminal shows nothing of aiohttp's own;
``--port`` serves on the port asked for and refuses one that is taken.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket as sockets
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp
import pytest

from accessible_dice.ui.launch_request import Launch
from accessible_dice.ui.web import server as web_server
from accessible_dice.ui.web import start
from accessible_dice.ui.web.messages import KINDS, checked

#: Values of every JSON type, of which each field gets the wrong ones.
ODD = [None, True, False, 0, -1, 10**30, 1.5, "", "x" * 300, "\u0000\u202e", [], [1], {}, {"t": "line"}]


@pytest.fixture
def serve() -> Iterator[Callable[..., Any]]:
    servers = []

    def started(listen: bool = False, **launch: Any) -> Any:
        server = start(Launch(**launch), listen=listen)
        servers.append(server)
        return server

    yield started
    for server in servers:
        server.stop()


def malformed(seed: int, count: int) -> list[str]:
    """Messages no page sends: each known kind with a field missing or of a wrong type, unknown kinds,
    the table's own (stop, hello), arrays, numbers, broken JSON, deep nesting; shuffled with ``seed``."""
    chosen = random.Random(seed)
    made: list[Any] = [{"t": "stop"}, {"t": "hello"}, {"t": None}, {"t": 5}, {"t": ["line"]}, {}, {"text": ""},
                       [], [1, 2], 7, "line", None, {"t": "__class__"}, {"t": "line\u0000"}]
    for kind, (required, optional) in KINDS.items():
        fields = [*required, *optional]
        for name in fields:
            for odd in ODD:
                if odd is None and name in optional:
                    continue  # an optional None is the absent default of some
                made.append({"t": kind, **{other: "x" for other in required if other != name}, name: odd})
            made.append({"t": kind, **{other: "x" for other in required if other != name}})  # the field missing
    texts = [json.dumps(message) for message in made]
    texts += ["not json", "{", "[" * 2000 + "]" * 2000, '{"t": "line", "text": "\\ud800"}', "\u00ff" * 100]
    texts = [text for text in texts if checked(text) is None]
    # Well made, but out of place anywhere: they pass the check, and the table drops them.
    texts += [json.dumps(message) for message in ({"t": "answer", "yes": True}, {"t": "seat", "seat": 0},
                                                  {"t": "press", "key": "flap0-99"}, {"t": "explain", "key": "x"},
                                                  {"t": "setting", "key": "theme", "value": "x"})]
    chosen.shuffle(texts)
    return texts[:count]


def test_checked_lets_through_only_what_a_page_sends() -> None:
    assert checked('{"t": "line"}') is None  # the message that once ended the program (reliability P1)
    assert checked('{"t": "choice", "n": true}') is None
    assert checked('{"t": "stop"}') is None and checked('{"t": "hello"}') is None
    assert checked('{"t": "key", "name": "__class__"}') is None
    assert checked('{"t": "number", "n": 3}') == {"t": "number", "n": 3, "shift": False}
    assert checked('{"t": "line", "text": "roll", "extra": [1]}') == {"t": "line", "text": "roll"}
    assert checked("[" * 100_000) is None
    assert checked(json.dumps({"t": "line", "text": "\ud800"})) is None  # no page could be sent it back
    # Every message the page's own script sends passes: the kinds here are the kinds app.js sends.
    script = (web_server.resources.files("accessible_dice.ui.web") / "static" / "app.js").read_text()
    sent = {kind for kind in KINDS if f't: "{kind}"' in script}
    assert sent == set(KINDS)


async def _fuzz(server: Any, texts: list[str]) -> list[dict[str, Any]]:
    """``texts`` sent through the host's websocket, then a language change: the page's answer (a state)."""
    origin = f"http://127.0.0.1:{server.port}"
    async with aiohttp.ClientSession() as client, client.ws_connect(
            f"ws://127.0.0.1:{server.port}/ws?k={server.token}", origin=origin) as socket:
        for text in texts:
            await socket.send_str(text)
        await socket.send_str(json.dumps({"t": "lang", "code": "de"}))
        received: list[dict[str, Any]] = []
        while not any(m.get("t") == "state" and m.get("lang") == "de" for m in received):
            received.append(json.loads((await socket.receive(timeout=30)).data))
        return received


def test_no_message_ends_the_program_at_the_menu_in_a_game_or_at_its_end(serve: Callable[..., Any]) -> None:
    texts = malformed(seed=25, count=400)
    menu = serve(lang="en")
    answers = asyncio.run(_fuzz(menu, texts))
    assert menu.table.thread.is_alive() and not menu.table.ended.is_set()
    assert [m for m in answers if m["t"] == "state"][-1]["screen"] == "menu"

    game = serve(game="shut-the-box", players=("Anna",), seed=1, lang="en")
    asyncio.run(_fuzz(game, texts))
    assert game.table.thread.is_alive() and game.table.session.game.history == []

    over = serve(game="threes-away", players=("cpu",), seed=3, lang="en")
    over.table.post(over.table.host, {"t": "skip"})  # the computer plays the whole game
    answers = asyncio.run(_fuzz(over, texts))
    assert over.table.thread.is_alive() and over.table.session.game.is_over()
    assert [m for m in answers if m["t"] == "state"][-1]["over"] is True


async def _pages(url: str, origin: str, count: int) -> list[tuple[list[dict[str, Any]], int | None]]:
    """``count`` pages opened at once: what each was sent first, and its close code (``None``: still open)."""
    async with aiohttp.ClientSession() as client:
        opened = [await client.ws_connect(url, origin=origin) for _ in range(count)]
        found = []
        for socket in opened:
            first = await socket.receive(timeout=30)
            said = [json.loads(first.data)] if first.type == aiohttp.WSMsgType.TEXT else []
            if said and said[0]["t"] == "full":
                await socket.receive(timeout=30)  # the close
            found.append((said, socket.close_code))
        for socket in opened:
            await socket.close()
        return found


def test_one_page_too_many_is_told_so_in_its_language(serve: Callable[..., Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    server = serve(game="shut-the-box", players=("Anna",), seed=1, lang="de", given=frozenset({"lang"}))
    origin = f"http://127.0.0.1:{server.port}"
    url = f"ws://127.0.0.1:{server.port}/ws?k={server.token}"
    found = asyncio.run(_pages(url, origin, web_server.PAGES_PER_CLIENT + 1))
    assert [code for _said, code in found[:-1]] == [None] * web_server.PAGES_PER_CLIENT
    said, code = found[-1]
    assert code == web_server.FULL
    assert said[0]["t"] == "full" and "Seiten" in said[0]["text"]  # in the host's German
    monkeypatch.setattr(web_server, "PAGES_IN_ALL", 2)
    found = asyncio.run(_pages(url, origin, 3))
    assert [code for _said, code in found] == [None, None, web_server.FULL]
    assert server.table.thread.is_alive()
    # Once pages are closed, a new one is served again.
    assert asyncio.run(_pages(url, origin, 1))[0][1] is None


def _free_port() -> int:
    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_port_serves_there_refuses_a_taken_one_and_the_terminal_shows_only_the_game_s_words(
        tmp_path: Any) -> None:
    port = _free_port()
    environ = {**os.environ, "BROWSER": "true", "ACCESSIBLE_DICE_DATA": str(tmp_path / "d"),
               "ACCESSIBLE_DICE_CONFIG": str(tmp_path / "c")}
    command = [sys.executable, "-m", "accessible_dice", "--ui", "web", "--lang", "en", "--port", str(port)]
    process = subprocess.Popen([*command, "--game", "shut-the-box"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=environ)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"The game is at http://127.0.0.1:{port}/?k=")
        taken = subprocess.run(command, capture_output=True, text=True, env=environ, timeout=60)
        assert taken.returncode == 2
        assert f"Port {port} cannot be used" in taken.stderr and "--port" in taken.stderr
        for request in (b"GET /" + b"x" * 20_000 + b" HTTP/1.1\r\n\r\n",  # aiohttp: "Error handling request"
                        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"y" * 200_000 + b"\r\n\r\n",
                        b"\x16\x03\x01\x02\x00garbage\r\n\r\n"):
            with sockets.create_connection(("127.0.0.1", port), timeout=10) as raw:
                raw.sendall(request)
                raw.recv(100)
        assert process.poll() is None
    finally:
        process.terminate()
        _out, errors = process.communicate(timeout=30)
    assert errors == "", errors  # nothing but the game's words: aiohttp's went to the log file
    logged = (tmp_path / "d" / "accessible-dice.log").read_text(encoding="utf-8")
    assert "aiohttp" in logged


def test_port_is_checked_on_the_command_line() -> None:
    from accessible_dice.cli import UsageError, parse_args

    assert parse_args(["--ui", "web", "--port", "8765"]).port == 8765
    assert parse_args(["--ui", "web"]).port == 0  # a free one
    for wrong in (["--ui", "web", "--port", "80"], ["--ui", "web", "--port", "70000"],
                  ["--ui", "web", "--port", "８７６５"], ["--port", "8765"]):
        with pytest.raises(UsageError):
            parse_args(wrong)


def test_a_seat_whose_page_was_closed_is_played_by_the_host_until_the_device_is_back(
        serve: Callable[..., Any]) -> None:
    """web-listen problem 1: a device that closed its tab kept its seat, and nobody could move for it."""
    from accessible_dice.presentation.i18n import language

    server = serve(listen=True, game="shut-the-box", players=("Anna", "Bob"), seed=2, lang="en")
    table = server.table
    guest = table.client("guestdevice1", language("cs"))
    page = []
    guest.sockets.append(page.append)  # an open page
    guest.seat = 0  # Anna, who is to move
    session = table.session
    assert session.game.current_player() == 0
    assert guest.may_act(session) and not table.host.may_act(session)
    guest.sockets.clear()  # its tab closed
    assert table.host.may_act(session) and table.taken_seats() == set()
    other = table.client("otherdevice2", language("de"))
    other.sockets.append(page.append)
    other.join_game(session)
    table.choose_seat(other, 0)  # another device may take it, and the gone one no longer sits there
    assert other.seat == 0 and guest.seat is None


def test_the_same_sentence_twice_in_one_announcement_is_said_once(serve: Callable[..., Any]) -> None:
    """Threes Away's last line was 'No computer player is playing now. No computer player is playing now.'"""
    server = serve(game="threes-away", players=("Anna",), seed=3, lang="en")
    client = server.table.clients["host"]
    page: list[dict[str, Any]] = []
    said = {"t": "say", "text": "No computer player is playing now.", "interrupt": True, "cues": []}
    other = {**said, "text": "Anna's turn."}
    client.gathered = [said, dict(said), other, dict(said)]
    client.sockets.append(page.append)
    client.send_gathered()
    client.sockets.remove(page.append)
    assert page[-1]["text"] == ("No computer player is playing now. Anna's turn. "
                                "No computer player is playing now.")  # only a repeat in a row is dropped


def test_build_a_strike_opens_the_command_field(serve: Callable[..., Any]) -> None:
    """The window's picker is the page's Command field; pressing it once ended the table (no pick_command)."""
    server = serve(game="storeslem", players=("Anna",), seed=2, lang="en")
    table = server.table
    for message in ({"t": "press", "key": "random"}, {"t": "key", "name": "roll"}, {"t": "press", "key": "build"},
                    {"t": "lang", "code": "en"}):
        table.post(table.host, message)
    origin = f"http://127.0.0.1:{server.port}"

    async def focus_asked() -> dict[str, Any]:
        async with aiohttp.ClientSession() as client, client.ws_connect(
                f"ws://127.0.0.1:{server.port}/ws?k={server.token}", origin=origin) as socket:
            while True:
                message = json.loads((await socket.receive(timeout=30)).data)
                if message.get("t") == "state" and message.get("focus"):
                    return dict(message["focus"])
    assert asyncio.run(focus_asked()) == {"target": "command", "text": ""}
    assert table.thread.is_alive()
