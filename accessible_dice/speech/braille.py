"""Braille on Linux: what the window says, shown on the player's braille display through BRLTTY.

The pygame window exposes nothing to AT-SPI, so Orca has nothing to show on
a braille display there; a deaf-blind player would get nothing. So the
window sends each announcement itself to BRLTTY's BrlAPI (Debian's
``python3-brlapi``, not on PyPI: found like the speech-dispatcher client,
see :mod:`accessible_dice.speech.system`). A text longer than the display
is cut at word boundaries into windows of the display's width: the first is
shown, and the display's own panning keys (BRLTTY's "window forward" and
"window back" commands) move through the rest, as they do everywhere else.

The ``braille`` setting says what goes there: ``on`` (everything said),
``focus`` (only what the player moved to or asked for: the focused item and
the answers to their keys, not the game's own announcements) or ``off``.

On Windows, NVDA and JAWS get braille from the ``screenreader`` backend
(accessible_output2's ``braille()``, called for every announcement); this
module is for BRLTTY, where it runs (Linux). Like speech, every call runs on
one worker thread with time limits: a BRLTTY that hangs is dropped, and the
game goes on.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from functools import partial
from typing import Any, Protocol

from accessible_dice import threads
from accessible_dice.speech.backend import BackendUnavailable, one_line
from accessible_dice.speech.system import system_module
from accessible_dice.speech.worker import Job, Worker
from accessible_dice.utterance import Utterance

log = logging.getLogger("accessible_dice.speech")

#: The ``braille`` setting's values.
BRAILLE = ("on", "focus", "off")
#: Seconds to connect to BRLTTY before the game goes on without braille.
CONNECT_LIMIT = 1.5
#: Seconds one call to BRLTTY may take.
ANSWER_LIMIT = 2.0
#: How long the key reader waits for a key at a time (milliseconds), so it notices the end.
_KEY_WAIT_MS = 200


class BrailleOutput(Protocol):
    """Where the window's words are also shown."""

    def show(self, utterance: Utterance) -> None: ...
    def close(self) -> None: ...


class NoBraille:
    """No braille display, or braille turned off."""

    def show(self, utterance: Utterance) -> None:
        """Nothing to show it on."""

    def close(self) -> None:
        """Nothing to release."""


def windows(text: str, width: int) -> list[str]:
    """``text`` on one line, cut into pieces of at most ``width`` cells, at spaces where it can be."""
    words = one_line(text).split(" ")
    pieces: list[str] = []
    line = ""
    for word in words:
        while len(word) > width:  # a word longer than the display is cut where the display ends
            if line:
                pieces.append(line)
                line = ""
            pieces.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line = f"{line} {word}"
        else:
            pieces.append(line)
            line = word
    if line:
        pieces.append(line)
    return pieces or [""]


class BrlttyDisplay:
    """BRLTTY's braille display through BrlAPI: the text, a display-width window at a time.

    BrlAPI finds BRLTTY as it always does (``BRLAPI_HOST`` and
    ``BRLAPI_AUTH``, else the local socket and key file).
    """

    def __init__(self, mode: str = "on") -> None:
        self._mode = mode
        self._brlapi: Any = None
        self._connection: Any = None
        self._width = 0
        #: BRLTTY's panning commands, and which way each moves.
        self._steps: dict[int, int] = {}
        self._lock = threading.Lock()
        self._pieces: list[str] = [""]
        self._at = 0
        self._closing = threading.Event()
        self._keys = threading.Thread(target=self._read_keys, name="braille-keys", daemon=True)
        self._worker = Worker("braille", self._connect, self._disconnect, self._failed, answer_limit=ANSWER_LIMIT)

    @property
    def width(self) -> int:
        """The display's number of cells."""
        return self._width

    def start(self) -> None:
        """Connect within :data:`CONNECT_LIMIT`, or raise :class:`BackendUnavailable`."""
        self._worker.start(CONNECT_LIMIT)
        threads.start(self._keys)

    def show(self, utterance: Utterance) -> None:
        if self._mode == "focus" and not utterance.interrupt:
            return  # the game's own news: spoken only
        text = one_line(utterance.text)
        if text:
            self._post(partial(self._show_text, text))

    def close(self) -> None:
        self._closing.set()
        if self._keys.is_alive():  # first: it must not be reading while the connection is closed
            self._keys.join(2 * _KEY_WAIT_MS / 1000)
        self._worker.close()
        self._worker.join()

    # -- the worker thread

    def _connect(self) -> None:
        try:
            self._brlapi = system_module("brlapi")
        except ImportError as error:
            raise BackendUnavailable(f"BrlAPI cannot be used: {error}") from error
        try:
            self._connection = self._brlapi.Connection()
        except Exception as error:  # no BRLTTY running: no braille, nothing more
            raise BackendUnavailable(f"BRLTTY is not running ({error})") from error
        self._width = max(1, int(self._connection.displaySize[0]))
        # The root of the tty path: this window is not a console BRLTTY reads itself.
        self._connection.enterTtyModeWithPath([])
        keys = self._brlapi
        self._steps = {keys.KEY_CMD_FWINLT: -1, keys.KEY_CMD_FWINRT: 1}
        self._connection.acceptKeys(keys.rangeType_command, [keys.KEY_TYPE_CMD | command for command in self._steps])

    def _disconnect(self) -> None:
        if self._connection is not None:
            try:
                self._connection.leaveTtyMode()
            finally:
                self._connection.closeConnection()

    def _failed(self, lost: list[Utterance], error: BaseException) -> None:
        log.info("braille: BRLTTY stopped answering (%s); going on without braille", error)
        self._closing.set()

    def _post(self, run: Any) -> None:
        with contextlib.suppress(RuntimeError):  # closed or failed: braille is gone, the game goes on
            self._worker.post(Job(run))

    def _show_text(self, text: str) -> None:
        with self._lock:
            self._pieces, self._at = windows(text, self._width), 0
        self._write()

    def _pan(self, step: int) -> None:
        with self._lock:
            at = min(max(self._at + step, 0), len(self._pieces) - 1)
            moved, self._at = at != self._at, at
        if moved:
            self._write()

    def _write(self) -> None:
        with self._lock:
            piece = self._pieces[self._at]
        self._connection.writeText(piece)

    # -- the display's keys, on their own thread

    def _read_keys(self) -> None:
        """Pan on the display's own keys: window forward and back."""
        keys = self._brlapi
        while not self._closing.is_set():
            try:
                code = self._connection.readKeyWithTimeout(_KEY_WAIT_MS)
            except Exception:  # the connection went: nothing more to read
                return
            if code is None:
                continue
            key = keys.expandKeyCode(code)
            if key["type"] == keys.KEY_TYPE_CMD and key["command"] in self._steps:
                self._post(partial(self._pan, self._steps[key["command"]]))


def start_braille(mode: str) -> BrailleOutput:
    """The braille output the ``braille`` setting asks for: BRLTTY where it runs, else none."""
    if mode == "off":
        return NoBraille()
    display = BrlttyDisplay(mode)
    try:
        display.start()
    except BackendUnavailable as error:
        log.info("braille: none (%s)", error)
        return NoBraille()
    log.info("braille: BRLTTY, %d cells", display.width)
    return display
