"""The web server: the page, its script and sounds, and one websocket per page, safe by default.

- It listens on 127.0.0.1 only, unless ``--listen`` asks for the local network.
- Every launch has its own secret (:attr:`WebServer.token`): the page and its
  websocket are served only to a URL holding it. Devices joining a
  ``--listen`` game type a short join code instead, which after
  :data:`JOIN_TRIES` wrong tries stops working for the launch.
- The websocket takes only a request whose ``Origin`` is the page's own and
  whose ``Host`` is an address the server serves (no other site, and no
  DNS rebinding, can reach the game).
- Every answer carries a strict Content-Security-Policy (no inline script or
  style, nothing from elsewhere), and the page puts every word in with
  ``textContent``, never as markup.
- A message is at most :data:`MAX_MESSAGE` bytes of JSON, checked by
  :func:`.messages.checked` (its kind, each field's type); anything else is
  dropped, logged, and changes nothing (:mod:`.transport`, the static page's too). Typed text goes to the same parser,
  and so through the same parse-then-apply path, as in the terminal.
- At most :data:`PAGES_PER_CLIENT` pages for one secret and
  :data:`PAGES_IN_ALL` in all; one more is told why, in its language.
- aiohttp's own reports go to the log file, never to the host's terminal
  (:func:`quiet_aiohttp`), and a port asked for that cannot be had is
  :class:`PortTaken`, said in words by ``run_web``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import socket
from collections.abc import Awaitable, Callable
from html import escape
from importlib import resources
from typing import Any

from aiohttp import ClientError, WSMsgType, web

from accessible_dice import threads
from accessible_dice.loop_thread import LoopThread
from accessible_dice.presentation.i18n import LANGUAGES, Language, language, supported
from accessible_dice.resources import data_folder
from accessible_dice.ui.web.table import Client, Table
from accessible_dice.ui.web.transport import closed, opened, received

log = logging.getLogger(__name__)

#: The largest message a page may send (a typed line is far shorter).
MAX_MESSAGE = 4096
#: Wrong join codes before joining is closed for this launch (a million codes cannot be tried).
JOIN_TRIES = 20
#: Pages open at once for one secret (the host's, or one joined device's: a few tabs), and at the whole table.
PAGES_PER_CLIENT = 4
PAGES_IN_ALL = 24
#: Devices that may join one table (each with its own seat, language and terminal).
DEVICES = 16
#: The websocket close code that tells a page it was one too many (it tries again later, not at once).
FULL = 4001
#: The Content-Security-Policy of every answer: our own script, style, sounds and websocket only.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "X-Frame-Options": "DENY", "Cache-Control": "no-store"}
#: The page's files (package data): name -> content type.
ASSETS = {"app.js": "text/javascript", "style.css": "text/css"}
_CLIENT_ID = re.compile(r"[A-Za-z0-9]{8,40}")
_SOUND = re.compile(r"[a-z_]{1,40}")


#: aiohttp's loggers: what they report (a page that closed mid-answer, a malformed request) is technical.
AIOHTTP_LOGGERS = ("aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.access", "aiohttp.internal")


class _Technical(logging.Filter):
    """aiohttp's errors ("Error handling request") kept for the log file, as INFO: the host's terminal
    (where a screen reader may be reading) shows warnings only, and so only the game's own words."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO:
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def quiet_aiohttp() -> None:
    """aiohttp's reports to the log file only (once is enough; again changes nothing)."""
    for name in AIOHTTP_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(one, _Technical) for one in logger.filters):
            logger.addFilter(_Technical())


def _asset(name: str) -> bytes:
    return resources.files("accessible_dice.ui.web").joinpath("static", name).read_bytes()


def lan_address() -> str:
    """This machine's address on the local network (the one a route outwards would use), else 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: no packet is sent by a UDP connect
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class PortTaken(Exception):
    """The port asked for (``--port``) cannot be served: another program has it, or it is not ours."""

    def __init__(self, port: int) -> None:
        super().__init__(port)
        self.port = port


class WebServer:
    """The aiohttp application of one table, on its own event loop in a background thread."""

    def __init__(self, table: Table, listen: bool = False, port: int = 0) -> None:
        self.table = table
        self.listen = listen
        self.port = port
        self.address = lan_address() if listen else "127.0.0.1"
        self.token = secrets.token_urlsafe(24)
        self.wrong_codes = 0
        self.network = LoopThread("web-server")
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()

    # ------------------------------------------------------------ addresses

    @property
    def url(self) -> str:
        """The host's page, with the launch's secret."""
        return f"http://127.0.0.1:{self.port}/?k={self.token}"

    @property
    def join_url(self) -> str:
        """Where the other devices at the table type the join code (``--listen`` only)."""
        return f"http://{self.address}:{self.port}/join"

    def _hosts(self) -> set[str]:
        names = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        return names | {f"{self.address}:{self.port}"} if self.listen else names

    # ------------------------------------------------------------ starting and stopping

    def start(self) -> None:
        """Serve on a free port (or the one given); returns once the port is open.

        A port that cannot be had (taken, or not ours to take) raises :class:`PortTaken`, and nothing runs.
        """
        quiet_aiohttp()
        self.network.start()
        try:
            self.network.call(self._start(), 30)
        except OSError as refusal:
            self.network.close()
            raise PortTaken(self.port) from refusal
        threads.start(self.table.thread)

    async def _start(self) -> None:
        app = web.Application(middlewares=[_headers], client_max_size=MAX_MESSAGE)
        app.add_routes([web.get("/", self.page), web.get("/join", self.join_page), web.get("/ws", self.socket),
                        web.get("/static/{name}", self.asset), web.get("/sounds/{name}.wav", self.sound),
                        web.get("/favicon.ico", _no_icon)])
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "0.0.0.0" if self.listen else "127.0.0.1", self.port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = int(self._runner.addresses[0][1])  # the free port the system gave, when 0 was asked

    def stop(self) -> None:
        """End the table's thread and the server (each waited for briefly); once is enough."""
        if not self.network.running:
            return
        self.table.stop()
        self.table.thread.join(5)
        if self._runner is not None:
            self.network.call(self._close(), 10)
        self.network.close()

    async def _close(self) -> None:
        """The open pages' websockets first (the server would wait for them), then the server."""
        for ws in list(self._sockets):
            await ws.close()
        assert self._runner is not None
        await self._runner.cleanup()

    # ------------------------------------------------------------ who may come in

    def _client_for(self, request: web.Request) -> Client | None:
        """The client a request's secret names: the host's (the token) or a joined device's (the code)."""
        query = request.query
        if secrets.compare_digest(query.get("k", ""), self.token):
            return self.table.host
        code = self.table.join_code
        if code is None or not self.listen or not self._may_try(request):
            return None
        if not secrets.compare_digest(query.get("j", "").strip(), code):
            self.wrong_codes += "j" in query
            return None
        ident = query.get("c", "")
        if not _CLIENT_ID.fullmatch(ident):
            return None  # the page (joined already) names itself; the join form's answer does not yet
        if ident not in self.table.clients and len(self.table.clients) > DEVICES:
            log.info("a device more than %d asked to join; refused", DEVICES)
            return None
        wanted = supported(query.get("lang")) or self.table.host.language.code
        return self.table.client(ident, language(wanted))

    def _may_try(self, request: web.Request) -> bool:
        """Whether a join code may be tried: before :data:`JOIN_TRIES` wrong ones, or always by a device
        that joined already (its page names it, ``c``: a reload, or its websocket back after the Wi-Fi
        dropped, is not locked out by someone else's guesses)."""
        ident = request.query.get("c", "")
        return self.wrong_codes < JOIN_TRIES or (bool(_CLIENT_ID.fullmatch(ident)) and ident in self.table.clients)

    def _secret_ok(self, request: web.Request) -> bool:
        query = request.query
        if secrets.compare_digest(query.get("k", ""), self.token):
            return True
        return (self.listen and self.table.join_code is not None and self._may_try(request)
                and secrets.compare_digest(query.get("j", "").strip(), self.table.join_code))

    # ------------------------------------------------------------ the routes

    async def page(self, request: web.Request) -> web.StreamResponse:
        if request.host not in self._hosts():
            raise web.HTTPForbidden(text="Forbidden")
        if not self._secret_ok(request):
            if "j" not in request.query or not self.listen:
                raise web.HTTPForbidden(text="Forbidden")
            closed = not self._may_try(request)
            self.wrong_codes += 1
            lang = self._joining_language(request)
            if closed:
                # Translators: the join page, after too many wrong codes: no new device may join this game.
                why = lang._("Joining is closed: too many wrong codes were tried. Ask the host to start the "
                             "program again.")
            else:
                # Translators: the join page, after a wrong code.
                why = lang._("That is not the code. Type the six digits shown on the host's page.")
            return self._join_form(lang, why, status=403)
        return web.Response(body=_asset("index.html"), content_type="text/html", charset="utf-8")

    def _joining_language(self, request: web.Request) -> Language:
        """The join form's language: the one it was sent in, else the one the browser prefers."""
        return language(supported(request.query.get("lang")) or _preferred(request.headers.get("Accept-Language", "")))

    async def join_page(self, request: web.Request) -> web.StreamResponse:
        """The form for the join code, in the language the browser prefers."""
        if not self.listen or request.host not in self._hosts():
            raise web.HTTPNotFound()
        return self._join_form(self._joining_language(request))

    def _join_form(self, lang: Language, why: str = "", status: int = 200) -> web.Response:
        """The join form in ``lang``; ``why``: why the code sent was refused (said first: role=alert)."""
        _ = lang._
        # Translators: the heading and title of the web page where another device types the join code.
        title = escape(_("Join the game"))
        # Translators: the label of the field for the join code (digits shown on the host's page).
        label = escape(_("Join code"))
        # Translators: the button that sends the join code.
        button = escape(_("Join"))
        html = _asset("join.html").decode("utf-8").format(lang=lang.code, title=title, label=label, button=button,
                                                          why=escape(why))
        return web.Response(text=html, content_type="text/html", charset="utf-8", status=status)

    async def asset(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in ASSETS:
            raise web.HTTPNotFound()
        return web.Response(body=_asset(name), content_type=ASSETS[name], charset="utf-8")

    async def sound(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = data_folder("_sounds", "sounds") / f"{name}.wav"
        if not _SOUND.fullmatch(name) or not path.is_file():
            raise web.HTTPNotFound()
        return web.Response(body=path.read_bytes(), content_type="audio/wav")

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """One page's messages: checked (Origin, Host, secret), then handed to the table in order."""
        origin = request.headers.get("Origin", "")
        if request.host not in self._hosts() or origin != f"http://{request.host}":
            raise web.HTTPForbidden(text="Forbidden")
        client = self._client_for(request)
        if client is None:
            raise web.HTTPForbidden(text="Forbidden")
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30)
        await ws.prepare(request)
        if len(client.sockets) >= PAGES_PER_CLIENT or len(self._sockets) >= PAGES_IN_ALL:
            await _too_many(ws, client)
            return ws
        outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

        def send(message: dict[str, Any]) -> None:
            self.network.loop.call_soon_threadsafe(outbox.put_nowait, message)

        writer = asyncio.ensure_future(_write(ws, outbox))
        self._sockets.add(ws)
        opened(self.table, client, send)
        try:
            async for raw in ws:
                if raw.type == WSMsgType.TEXT:
                    received(self.table, client, raw.data)
                else:
                    log.info("a page sent a websocket message of type %s, dropped", raw.type)
        finally:
            self._sockets.discard(ws)
            closed(self.table, client, send)
            outbox.put_nowait(None)
            await writer
        return ws


async def _too_many(ws: web.WebSocketResponse, client: Client) -> None:
    """One page too many: told so in its language, in words its screen reader says, and closed."""
    log.info("a page more than the table takes was refused")
    # Translators: the web page, opened once too often (more tabs or devices than the table takes).
    text = client.language._("This game is open in too many pages. Close one, and this page joins by itself.")
    await ws.send_str(json.dumps({"t": "full", "text": text}, ensure_ascii=False))
    await ws.close(code=FULL, message=b"too many pages")


async def _no_icon(request: web.Request) -> web.StreamResponse:
    """The browser asks for an icon; there is none (and so no error in its console)."""
    return web.Response(status=204)


async def _write(ws: web.WebSocketResponse, outbox: asyncio.Queue[dict[str, Any] | None]) -> None:
    """What the table says to one page, in order; a page that went away mid-message is simply gone."""
    while (message := await outbox.get()) is not None:
        if ws.closed:
            return
        try:
            await ws.send_str(json.dumps(message, ensure_ascii=False))
        except (ConnectionError, ClientError) as gone:
            log.info("a page went away while it was sent a message: %r", gone)
            return


def _preferred(header: str) -> str | None:
    """The first of our languages the browser's ``Accept-Language`` names."""
    for part in header.split(","):
        found = supported(part.split(";")[0].strip())
        if found in LANGUAGES:
            return found
    return None


@web.middleware
async def _headers(request: web.Request,
                   handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
    """The safety headers on every answer, refusals included."""
    try:
        response = await handler(request)
    except web.HTTPException as refusal:
        refusal.headers.update(HEADERS)
        raise
    if not response.prepared:  # a websocket's answer went out when it opened, with these headers
        response.headers.update(HEADERS)
    return response
