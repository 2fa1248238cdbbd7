"""The loop on a thread of its own ends fully: nothing it ran is left to print after "Goodbye."."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from accessible_dice.loop_thread import LoopThread


def test_closing_cancels_what_still_runs_and_closes_the_loop() -> None:
    thread = LoopThread("test")
    thread.start()
    ended: list[str] = []
    running: list[asyncio.Future[None]] = []

    async def syncing_forever() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            ended.append("cancelled")
            raise

    async def begin() -> None:
        running.append(asyncio.ensure_future(syncing_forever()))
        await asyncio.sleep(0)

    thread.call(begin())
    thread.close()
    assert ended == ["cancelled"] and running[0].cancelled()
    assert thread.loop.is_closed() and not thread.running
    thread.close()  # once is enough; twice changes nothing


def test_a_program_that_closes_its_loop_leaves_nothing_on_standard_error() -> None:
    program = (
        "import asyncio\n"
        "from accessible_dice.online.background import Background\n"
        "background = Background()\n"
        "background.call(asyncio.sleep(0))\n"
        "background.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(asyncio.sleep(3600)))\n"
        "background.close()\n"
        "print('Goodbye.')\n"
    )
    ran = subprocess.run([sys.executable, "-X", "dev", "-c", program], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0
    assert ran.stdout == "Goodbye.\n"
    assert ran.stderr == ""
