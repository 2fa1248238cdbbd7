"""Keep speech libraries from writing to standard output.

``--speech text`` and the terminal front end own standard output: one line per
announcement and nothing else. Some speech libraries print there themselves:
accessible_output2 prints "Cannot find Speech Dispatcher. Please install ..."
when the ``speechd`` client is missing (and the connection error when the
daemon is unreachable); pyttsx3's eSpeak driver prints "Audio saved to ..."
after every ``save_to_file``. Those lines would land in the middle of the
game's output.

Redirecting ``sys.stdout`` would not do: it is process-wide, so while a
screen-reader probe runs (in its own thread, possibly stuck for seconds) the
game's own lines would vanish too. Instead each chatty module gets its own
``print``: a module-level name shadows the builtin for that module only, so
exactly the library's lines are caught, from any thread, and go to the log
(standard error when logging is configured) where diagnostics belong.
"""

from __future__ import annotations

import logging
from collections import deque
from types import ModuleType

log = logging.getLogger("accessible_dice.speech")


class PrintCatcher:
    """Stands in for ``print`` inside one library module and keeps its last lines."""

    def __init__(self, source: str) -> None:
        self.source = source
        #: The most recent lines, so a backend can say *why* it is not working.
        self.lines: deque[str] = deque(maxlen=20)

    def __call__(self, *args: object, sep: str | None = " ", **_ignored: object) -> None:
        line = (" " if sep is None else sep).join(str(arg) for arg in args)
        self.lines.append(line)
        log.debug("%s printed: %s", self.source, line)


def catch_prints(module: ModuleType) -> PrintCatcher:
    """Route ``module``'s own ``print`` calls to the log; answer the catcher."""
    existing = module.__dict__.get("print")
    if isinstance(existing, PrintCatcher):
        return existing
    catcher = PrintCatcher(module.__name__)
    module.print = catcher  # type: ignore[attr-defined]
    return catcher
