"""The browser front end (``--ui web``): the game as a web page that every screen reader reads natively.

The same sessions, commands, presenter, saves, settings, languages, hints
and computer players as the terminal: :mod:`~accessible_dice.ui.web.table`
runs them on one thread for every page at the table,
:mod:`~accessible_dice.ui.web.screen` reads the game's board (:mod:`accessible_dice.boards`) into plain
data, :mod:`~accessible_dice.ui.web.server` serves the page (``static/``:
plain HTML, CSS and one script of our own) and its websocket, safely by
default. docs/web.md says how players use it.

How a test (or the Orca test) starts it
---------------------------------------
In the test's own process::

    from accessible_dice.ui.launch_request import Launch
    from accessible_dice.ui.web import start

    server = start(Launch(game="shut-the-box", players=("Anna",), seed=7))
    page.goto(server.url)        # http://127.0.0.1:<free port>/?k=<this launch's secret>
    ...
    server.stop()

``start`` serves on a free port and returns at once; ``server.url`` holds
the secret. ``listen=True`` serves the local network too, with
``server.join_url`` and ``server.table.join_code`` for the other devices.
As its own process: ``BROWSER=true python -m accessible_dice --ui web
--game shut-the-box`` prints the URL as the first line on standard output
(``BROWSER=true`` keeps it from opening a browser) and serves until the
player quits from the main menu or the process is stopped.

The page keeps one polite log, ``<div id="log" role="log"
aria-live="polite">``: what one step made a client hear is one
announcement (the lines joined on the server, :meth:`.table.Client.send_gathered`),
one new paragraph in it, in order, one at a time, and an announcement said again is numbered so it
differs ("(2)"); an answer to a review interrupts through ``#answer``
(``aria-live="assertive"``), never at the same moment as a polite one.
"""

from __future__ import annotations

import secrets
import socket
import sys
import webbrowser
from typing import TYPE_CHECKING

from accessible_dice import settings as config
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import settings as settings_words
from accessible_dice.presentation.i18n import Language, language
from accessible_dice.ui.launch_request import Launch
from accessible_dice.ui.web.table import Table

if TYPE_CHECKING:  # aiohttp only where a server runs: the static page has none (accessible_dice.page)
    from accessible_dice.ui.web.server import WebServer

#: How many digits the join code has: short to type on a phone, and :data:`~.server.JOIN_TRIES` guard it.
JOIN_DIGITS = 6


def join_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(JOIN_DIGITS))


def start(launch: Launch, lang: Language | None = None, *, listen: bool = False, port: int = 0) -> WebServer:
    """Serve ``launch`` (the game asked for, the saved one, or the main menu); returns once it is served."""
    from accessible_dice.ui.web.server import WebServer

    if port:
        free(port, listen)  # before a game is made and saved for a page that could not be served
    table = table_for(launch, lang, listen)
    server = WebServer(table, listen=listen, port=port)
    if listen:
        table.join_text = lambda lang: joining(server, lang)
    server.start()
    return server


def table_for(launch: Launch, lang: Language | None = None, listen: bool = False) -> Table:
    """The table of ``launch`` (the game asked for, the saved one, or the main menu), not yet running: the
    server's (:func:`start`) and the static page's (:mod:`accessible_dice.page`) alike."""
    from accessible_dice.play.starting import asked_for, resumed_session, start_news

    loaded = config.load()
    launch = launch.with_settings(loaded.settings)
    lang = lang or language(launch.lang)
    screen = SettingsScreen(lang, loaded.settings, config.settings_path())
    first = None if launch.game is None else asked_for(launch.game, launch, lang)
    table = Table(lang, screen, manual=launch.dice == "manual", seed=launch.seed, dice_given="dice" in launch.given,
                  join_code=join_code() if listen else None, first=first)
    for said in [*start_news(lang), *settings_words.problems(loaded.problems, lang)]:
        table.host.say(said)
    if launch.resume and first is None:  # the game played last; without one, said, and the menu opens
        resumed = resumed_session(launch, table.host.announcer, lang)
        table.first = None if resumed is None else (resumed, True)
    return table


def free(port: int, listen: bool) -> None:
    """Raise :class:`~.server.PortTaken` if ``port`` cannot be served now (another program has it)."""
    from accessible_dice.ui.web.server import PortTaken

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            probe.bind(("0.0.0.0" if listen else "127.0.0.1", port))
        except OSError as refusal:
            raise PortTaken(port) from refusal


def joining(server: WebServer, lang: Language) -> str:
    """How the other devices at the table join: the join page's address and the code."""
    # Translators: with --listen; {url} is the join page, {code} the join code for the other devices.
    return lang._("Other devices join at {url} with the code {code}.").format(url=server.join_url,
                                                                             code=server.table.join_code)


def run_web(launch: Launch, lang: Language) -> int:
    """``--ui web``: serve, open the player's browser on the page, and serve until the host quits."""
    from accessible_dice.ui.web.server import PortTaken

    _ = lang._
    try:
        server = start(launch, lang, listen=launch.listen, port=launch.port)
    except PortTaken as taken:
        # Translators: --ui web --port N, and that port cannot be served (another program has it).
        print(_("Port {port} cannot be used: another program has it, or it is reserved. Choose another "
                "with --port, or leave --port out for a free one.").format(port=taken.port), file=sys.stderr)
        return 2
    # Translators: printed when the web front end starts; {url} is the page's address with its secret.
    print(_("The game is at {url}").format(url=server.url), flush=True)
    if launch.listen:
        print(joining(server, lang), flush=True)
    try:
        webbrowser.open(server.url)
    except webbrowser.Error:
        # Translators: printed when --ui web could not open a browser on the page.
        print(_("No browser could be opened; open the address above yourself."), file=sys.stderr)
    try:
        server.table.ended.wait()
    finally:
        server.stop()
    return 0
