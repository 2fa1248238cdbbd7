"""Typed lines and the table's news in one queue, so a game at an online table is heard while nobody types.

Offline, the terminal waits for a line and nothing else happens meanwhile.
At an online table the other players move, chat and come and go while the
player thinks, and all of it must be said at once. So standard input is read
by a thread of its own and each line is put into the same queue as what the
homeserver brings (:class:`Inbox`); the main thread takes them in order, and
the game is only ever touched by the main thread.

The thread reads the file descriptor itself (``os.read``), not
``sys.stdin``: a thread still blocked in a buffered read when the program
ends makes the interpreter abort at exit (the buffer's lock is held), and a
raw read holds no lock of Python's.
"""

from __future__ import annotations

import os
import queue
import select
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from accessible_dice import ending, threads

#: Bytes read from standard input at once.
CHUNK = 4096


class EndOfLines:
    """Put into the queue when standard input has ended."""


END = EndOfLines()


class Splitter:
    """Bytes read from standard input cut into lines, as both readers (:class:`Inbox`, :class:`Typed`) take them:
    the start of the next line is kept until its newline comes, and the end of input gives what is left, then
    :data:`END`. A Latin-1 ``hjälp`` sent to a UTF-8 program becomes U+FFFD, refused in words like any unknown
    command."""

    def __init__(self, encoding: str = "utf-8", pending: bytes = b"") -> None:
        self.encoding = encoding
        #: The start of a line whose newline has not come yet.
        self.pending = pending

    def feed(self, chunk: bytes) -> list[str | EndOfLines]:
        """The whole lines ``chunk`` completes; an empty chunk is the end of input."""
        if not chunk:
            last, self.pending = self.pending, b""
            return [self._decode(last), END] if last else [END]
        *lines, self.pending = (self.pending + chunk).split(b"\n")
        return [self._decode(line) for line in lines]

    def _decode(self, line: bytes) -> str:
        return line.decode(self.encoding, errors="replace").rstrip("\r")


def read_chunk(fd: int) -> bytes:
    """What standard input has now, up to :data:`CHUNK` bytes; ``b""`` at its end (or when the terminal went away)."""
    try:
        return os.read(fd, CHUNK)
    except OSError:
        return b""


class Inbox:
    """The queue the main thread reads: typed lines (``str``), news (anything else), and :data:`END`.

    ``handle`` is called with each piece of news that comes while a line is
    awaited (:meth:`read_line`) or while an answer is awaited (:meth:`wait`).
    """

    def __init__(self, fd: int | None = None, encoding: str = "utf-8") -> None:
        self.items: queue.Queue[Any] = queue.Queue()
        self.handle: Callable[[Any], None] = lambda _news: None
        #: Lines typed while the program waited for something else, given out first.
        self._early: deque[str | EndOfLines] = deque()
        self._fd = fd
        self._reader: threading.Thread | None = None
        self._split = Splitter(encoding)

    def early(self, lines: list[str | EndOfLines], pending: bytes) -> None:
        """Lines read from standard input before this inbox began, and the start of the next one: given out first."""
        self._early.extend(lines)
        self._split.pending = pending

    def start(self) -> None:
        """Start reading standard input (once); before, only :meth:`put` fills the queue."""
        if self._reader is not None:
            return
        fd = self._fd if self._fd is not None else _stdin_fd()
        if fd is None:
            self.items.put(END)
            return
        self._reader = threading.Thread(target=self._read, args=(fd,), name="typed-lines", daemon=True)
        threads.start(self._reader)

    def _read(self, fd: int) -> None:
        while True:
            for item in self._split.feed(read_chunk(fd)):
                self.items.put(item)
                if item is END:
                    return

    def put(self, news: Any) -> None:
        """Add news from any thread (the homeserver's)."""
        self.items.put(news)

    def read_line(self) -> str | None:
        """The next typed line (``None`` at the end of input), saying every piece of news that comes first."""
        while True:
            ending.asked()  # a Ctrl+C swallowed where it was raised ends the program here
            if self._early:
                early = self._early[0]
                if isinstance(early, EndOfLines):
                    return None  # the end stays the end for every later read
                self._early.popleft()
                return early
            item = self.items.get()
            if isinstance(item, EndOfLines):
                self._early.appendleft(item)  # the end stays the end for every later read
                continue
            if isinstance(item, str):
                return item
            self.handle(item)

    def wait(self, until: Callable[[], bool], timeout: float) -> bool:
        """Handle news until ``until()`` is true (``True``) or ``timeout`` seconds pass (``False``); lines
        typed meanwhile wait for the next :meth:`read_line`."""
        deadline = time.monotonic() + timeout
        while not until():
            try:
                item = self.items.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return False
            if isinstance(item, str | EndOfLines):
                self._early.append(item)
            else:
                self.handle(item)
        return True

    def ready(self, timeout: float) -> bool:
        """Whether a typed line (or the end of input) can be read at once, waiting up to ``timeout`` seconds
        for one; news that comes meanwhile is said."""
        return self.wait(lambda: bool(self._early), timeout)

    def drain(self) -> None:
        """Handle the news already waiting, without waiting for more (lines stay for later)."""
        while True:
            try:
                item = self.items.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, str | EndOfLines):
                self._early.append(item)
            else:
                self.handle(item)


class Typed:
    """Standard input read by the main thread itself, line by line, and waited for with a time limit (:meth:`ready`).

    So the terminal answers what is typed while a computer player waits for
    its strategy, without a thread of its own. The lines are read from the
    file descriptor into a buffer of this reader (``os.read``), not through
    ``sys.stdin``: lines already in ``sys.stdin``'s buffer would be hidden
    from ``select``, and lost when the :class:`Inbox` takes over.
    It needs ``select`` on standard input, which only POSIX systems have
    (:func:`typed_lines` says when).
    """

    def __init__(self, fd: int, encoding: str = "utf-8") -> None:
        self.fd = fd
        self._split = Splitter(encoding)
        self._lines: deque[str | EndOfLines] = deque()

    def read_line(self) -> str | None:
        """The next typed line, waiting for it; ``None`` at the end of input (and at every read after)."""
        ending.asked()  # a Ctrl+C swallowed where it was raised ends the program here
        while not self._lines:
            self._fill()
        line = self._lines[0]
        if isinstance(line, EndOfLines):
            return None
        self._lines.popleft()
        return line

    def ready(self, timeout: float) -> bool:
        """Whether a whole line (or the end of input) can be read at once, waiting up to ``timeout`` seconds."""
        if not self._lines and select.select([self.fd], [], [], max(0.0, timeout))[0]:
            self._fill()
        return bool(self._lines)

    def left(self) -> tuple[list[str | EndOfLines], bytes]:
        """The lines read but not yet given out, and the start of the next one, for the :class:`Inbox`."""
        lines, pending = list(self._lines), self._split.pending
        self._lines.clear()
        self._split.pending = b""
        return lines, pending

    @property
    def encoding(self) -> str:
        return self._split.encoding

    def _fill(self) -> None:
        self._lines.extend(self._split.feed(read_chunk(self.fd)))


def typed_lines() -> Typed | None:
    """The reader of standard input that can wait with a time limit, where the system allows it; ``None``
    on Windows (``select`` takes only sockets there) and with no standard input, or one that is no file."""
    fd = _stdin_fd()
    if fd is None or os.name != "posix":
        return None
    return Typed(fd, getattr(sys.stdin, "encoding", None) or "utf-8")


class Lines:
    """Where the terminal's lines come from: read by the main thread, until online play needs the :class:`Inbox`.

    Once the main menu's *Play online* has started the inbox's reader, it
    reads standard input for the rest of the program, so the main menu and
    every game after it read through the inbox too (two readers would take
    each other's lines); the lines ``typed`` read already but not given out
    go to the inbox first.
    """

    def __init__(self, read_line: Callable[[], str | None], typed: Typed | None = None) -> None:
        self._typed = typed
        self._read = read_line if typed is None else typed.read_line
        self._inbox: Inbox | None = None

    def read(self) -> str | None:
        return self._read()

    def ready(self, timeout: float) -> bool | None:
        """Whether a typed line can be read at once, waiting up to ``timeout`` seconds for one; ``None`` when
        lines cannot be waited for with a time limit here (Windows, or a stream that is no file)."""
        if self._inbox is not None:
            return self._inbox.ready(timeout)
        return None if self._typed is None else self._typed.ready(timeout)

    def inbox(self) -> Inbox:
        """The inbox, started the first time it is asked for; from then on the lines come through it."""
        if self._inbox is None:
            typed = self._typed
            self._inbox = Inbox() if typed is None else Inbox(typed.fd, typed.encoding)
            if self._typed is not None:
                lines, pending = self._typed.left()
                self._inbox.early(lines, pending)
            self._inbox.start()
            self._read = self._inbox.read_line
        return self._inbox


def _stdin_fd() -> int | None:
    """Standard input's file descriptor; ``None`` when there is none (``<&-``)."""
    try:
        return sys.stdin.fileno() if sys.stdin is not None else None
    except (OSError, ValueError):
        return None
