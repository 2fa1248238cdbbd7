"""An asyncio loop on a daemon thread, for front ends whose own thread blocks (on typed lines, on pygame).

The online connection and the browser front end's server each keep one.
:meth:`LoopThread.close` ends it fully: the loop's tasks cancelled, its
async generators finished, the loop closed. A loop left merely stopped is
closed later by the garbage collector, at interpreter exit, when its
self-pipe may already be gone, and that prints a traceback after
"Goodbye." in front of the player.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from accessible_dice import threads

T = TypeVar("T")


class LoopThread:
    """One asyncio loop running on a daemon thread (leaving the program never waits for it)."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)

    def start(self) -> None:
        """Start the loop's thread."""
        threads.start(self._thread)

    @property
    def running(self) -> bool:
        """Whether the loop is running (started and not yet closed)."""
        return self.loop.is_running()

    def call(self, coroutine: Coroutine[Any, Any, T], timeout: float | None = 60.0) -> T:
        """Run ``coroutine`` on the loop and wait for its result (its exception is raised here)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def close(self) -> None:
        """Cancel what still runs on the loop, stop it and close it; once is enough."""
        if self.loop.is_closed():
            return
        if self.loop.is_running():
            with contextlib.suppress(Exception):  # a task that will not end leaves the loop to the daemon thread
                self.call(_finish(), 5)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5)
        if not self._thread.is_alive():
            self.loop.close()


async def _finish() -> None:
    """Cancel every other task of the running loop, wait for them, and finish its async generators."""
    others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in others:
        task.cancel()
    await asyncio.gather(*others, return_exceptions=True)
    await asyncio.get_running_loop().shutdown_asyncgens()
