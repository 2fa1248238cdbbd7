"""The static page's Python: the browser front end's own table, run by Pyodide in the page's Web Worker.

``accessible-dice build-page DIR`` (:mod:`accessible_dice.page_build`)
writes a site that needs no program behind it: the page script
(``ui/web/static/app.js``) is the same as for ``--ui web``, and so are the
table, the screens, the sessions, the words and the rules. Only the
transport differs: instead of a websocket to our server the page talks to
``static/worker.js``, which loads Pyodide, unpacks this package and calls
:func:`run`. The table then runs on the worker's one thread: where the
server's table waits for the next message on a queue, this one waits for
the page's next message with Pyodide's ``run_sync`` (WebAssembly's
JavaScript Promise Integration), or where the browser has no JSPI (Safari,
Firefox) with ``Atomics.wait`` on a buffer the page writes it into, so
:class:`~.ui.web.table.Table` runs unchanged.

Yatzy's hints and computer players are :mod:`.strategy.yatzy_turn`'s (no
numpy): the table of the order in play is fetched from the site the first
time they need it (:func:`_javascript_fetch`), and if it cannot be had the
page says so once, in words, and they make plain moves. Never a silent wait:
a fetch that takes longer than :data:`~.session.PREPARE_NOTICE` (2 s) is
said at once in the desktop's words, "Preparing the hints and the computer
players…", and "Hints are ready." when it is done (:func:`fetched`).
Storeslem's are :mod:`.strategy.storeslem_plain`'s, solved in plain Python.

What imports pygame, aiohttp, matrix-nio or numpy stays out:
``tests/test_static_page.py`` imports this module and checks
``sys.modules``. The page's boards are the window's
(:mod:`accessible_dice.boards`, below both front ends, with no pygame), so
nothing of ``ui/window`` is imported.

Options come in the address, with the command line's names
(``?game=shut-the-box&players=Anna,Ben&dice=manual&lang=de&seed=3``), checked
by the command line's own parser (:func:`options`); what it refuses is said
in words, and the main menu opens instead.
"""

from __future__ import annotations

import json
import logging
import queue
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from accessible_dice.cli import UsageError, parse_args
from accessible_dice.page_games import register_packed
from accessible_dice.play.controller import Controller
from accessible_dice.presentation.describe import news
from accessible_dice.session import PREPARE_NOTICE
from accessible_dice.strategy import yatzy_turn
from accessible_dice.ui.launch_request import Launch
from accessible_dice.ui.web import table_for
from accessible_dice.ui.web.messages import Message
from accessible_dice.ui.web.table import Table
from accessible_dice.ui.web.transport import opened, received

log = logging.getLogger(__name__)

#: The address's options that are command-line flags without a value.
FLAGS = ("resume",)
#: The address's options the page takes (the command line's names); ``option`` may come more than once.
NAMES = ("game", "players", "dice", "seed", "lang", "verbosity", "option", *FLAGS)



def options(query: str) -> tuple[Launch, str | None]:
    """The launch the address asks for, checked as the command line is; and the reason, if it was refused
    (then the main menu opens: nothing is started that was not asked for)."""
    argv: list[str] = ["--ui", "web"]
    asked = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    for name, value in asked:
        if name in FLAGS and value in ("", "1", "yes", "true"):
            argv.append(f"--{name}")
        else:
            argv += [f"--{name}", value]
    try:
        return parse_args(argv), None
    except UsageError as refusal:
        reason = str(refusal)
    for name, value in asked:  # the menu in the language asked for, if that much is right
        if name == "lang":
            try:
                return parse_args(["--ui", "web", "--lang", value]), reason
            except UsageError:
                break
    return parse_args(["--ui", "web"]), reason


class PageInbox:
    """The table's inbox on the worker's one thread: what the table posted itself first, else the page's
    next message, waited for (``wait``: the message's text, or ``None`` when ``timeout`` seconds passed)."""

    def __init__(self, table: Table, wait: Callable[[float | None], str | None]) -> None:
        self.table = table
        self.waiting: deque[tuple[Any, Message]] = deque()
        self._wait = wait

    def put(self, item: tuple[Any, Message]) -> None:
        self.waiting.append(item)

    def get(self, timeout: float | None = None) -> tuple[Any, Message]:
        while not self.waiting:
            raw = self._wait(timeout)
            if raw is None:
                raise queue.Empty
            received(self.table, self.table.host, raw)  # checked, then put here
        return self.waiting.popleft()


#: How the page fetches a Yatzy table: ``fetch_table(name, path, timeout)`` gives ``""`` when the file is
#: written at ``path``, the reason when it cannot be, or ``None`` when ``timeout`` seconds passed first (the
#: fetch goes on, and the next call waits for the same one; ``None`` as the timeout: until it is done).
FetchTable = Callable[[str, Path, float | None], str | None]


def fetched(fetch: Callable[[float | None], str | None], news: Callable[[bool], None]) -> str:
    """A table's fetch (``fetch(timeout)`` as :data:`FetchTable`) waited for, never silently: after
    :data:`~.session.PREPARE_NOTICE` seconds ``news(False)`` is called (the page says the hints are being
    prepared), and ``news(True)`` once it is fetched (a fetch that failed is said by the table's own words,
    :data:`.strategy.yatzy_turn.unavailable`); ``""`` or the reason it could not be had."""
    done = fetch(PREPARE_NOTICE)
    if done is None:
        news(False)
        done = str(fetch(None))
        if not done:
            news(True)
    return str(done)


def table(query: str, wait: Callable[[float | None], str | None], send: Callable[[str], None],
          fetch_table: FetchTable | None = None) -> Table:
    """The page's table: the game the address asks for (or the menu), its messages to ``send`` as JSON;
    Yatzy's tables fetched by ``fetch_table`` when its hints or computer players first need one."""
    launch, refused = options(query)
    made = table_for(launch)
    made.inbox = PageInbox(made, wait)  # type: ignore[assignment]
    if refused is not None:
        lang = made.host.language
        # Translators: the static web page; {reason} is the command line's own reason (in English), for
        # example "--game: invalid choice: 'chess'".
        made.host.say(news(lang._("The page's address asks for what cannot be played: {reason}. "
                                  "The main menu opens instead.").format(reason=refused)))

    def unavailable(order: str) -> None:
        lang = made.host.language
        # Translators: the static web page, when Yatzy's strategy table (the file its hints are worked out
        # from) could not be fetched from the site or is damaged; said once, the game goes on.
        made.host.say(news(lang._("Yatzy's hints cannot be worked out in this page: their table could not be "
                                  "fetched or is damaged. Hints and computer players make a plain move instead.")))

    def preparing(ready: bool) -> None:
        # The desktop's words (Session.prepare_strategy's news). That they are being prepared is said at
        # once, in the middle of the step that waits; that they are ready comes with the step's own words.
        Controller.strategy_news(made.host.terminal, ready)
        if not ready:
            made.host.send_gathered()

    yatzy_turn.unavailable = unavailable
    if fetch_table is not None:
        yatzy_turn.fetch = lambda name, path: fetched(lambda timeout: fetch_table(name, path, timeout), preparing)
    opened(made, made.host, lambda message: send(json.dumps(message, ensure_ascii=False)))
    return made


def run(query: str, wait: Callable[[float | None], str | None], send: Callable[[str], None],
        fetch_table: FetchTable | None = None) -> None:
    """The page's game, until the player quits from the main menu (the worker's whole life)."""
    table(query, wait, send, fetch_table).run()


def _javascript_waiting(name: str) -> Callable[..., Any]:
    """In the worker: its JavaScript function ``name`` waited for without returning to JavaScript's event
    loop. With JSPI (``js.waitsBy`` is ``"jspi"``) the promise it gives is waited for by Pyodide's
    ``run_sync``; without (Safari, Firefox) its ``…Now`` twin blocks this thread itself with
    ``Atomics.wait`` on the buffer the page writes each message into (docs/web.md, "Without JSPI")."""
    import js  # type: ignore[import-not-found]  # Pyodide's own modules: only in the page

    if str(js.waitsBy) == "jspi":
        from pyodide.ffi import run_sync  # type: ignore[import-not-found]

        call = getattr(js, name)
        return lambda *args: run_sync(call(*args))
    return getattr(js, f"{name}Now")


def _milliseconds(timeout: float | None) -> int:
    return -1 if timeout is None else int(timeout * 1000)


def _javascript_wait() -> Callable[[float | None], str | None]:
    """In the worker: the page's next message."""
    next_message = _javascript_waiting("nextMessage")

    def wait(timeout: float | None) -> str | None:
        raw = next_message(_milliseconds(timeout))
        return None if raw is None else str(raw)

    return wait


def _javascript_fetch() -> FetchTable:
    """In the worker: a Yatzy table fetched from the site's ``strategy/`` into Python's files (:data:`FetchTable`)."""
    fetch_table = _javascript_waiting("fetchTable")

    def fetch(name: str, path: Path, timeout: float | None) -> str | None:
        done = fetch_table(name, str(path), _milliseconds(timeout))
        return None if done is None else str(done)

    return fetch


def main(query: str) -> None:
    """``static/worker.js`` calls this with the page's ``location.search``. What goes wrong before the
    table runs (the table says its own) is told to the page by its name, never as a traceback."""
    import js

    try:
        register_packed(Path(__file__).resolve().parents[1])  # games the building program registered
        run(query, _javascript_wait(), js.sendToPage, _javascript_fetch())
    except Exception as error:
        log.exception("the static page's table could not start")
        js.sendToPage(json.dumps({"t": "failed", "error": type(error).__name__}))

