"""Online play for a front end that blocks on input: the connection's event loop on a thread of its own.

The terminal reads a line at a time; the connection must keep syncing
meanwhile. :class:`Background` runs one asyncio loop on a daemon thread and
hands coroutines to it (:meth:`Background.call` waits for the result), and
:meth:`Background.news` takes a table's news without blocking the loop::

    background = Background()
    connection = background.call(signed_in(...))        # or Connection(...) then call(connection.start())
    view = background.call(connection.sit(room_id))
    background.call(view.move(move))
    for news in background.news(view, timeout=0.1): ... # say each with the local presenter
    background.close()
"""

from __future__ import annotations

import asyncio

from accessible_dice.loop_thread import LoopThread
from accessible_dice.online.client import TableView
from accessible_dice.online.table import News


class Background(LoopThread):
    """The connection's asyncio loop, started at once on its daemon thread."""

    def __init__(self) -> None:
        super().__init__("online")
        self.start()

    def news(self, view: TableView, timeout: float = 0.0) -> list[News]:
        """The news waiting at ``view``: waits up to ``timeout`` seconds for the first, then takes all that came."""
        async def take() -> list[News]:
            taken: list[News] = []
            try:
                taken.append(await asyncio.wait_for(view.news.get(), timeout) if timeout > 0
                             else view.news.get_nowait())
            except (asyncio.TimeoutError, asyncio.QueueEmpty):
                return taken
            while not view.news.empty():
                taken.append(view.news.get_nowait())
            return taken

        return self.call(take(), None if timeout <= 0 else timeout + 30)
