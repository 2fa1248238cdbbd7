"""The static page (``accessible-dice build-page``) for tests: the site built once, served by a plain static server.

The site is built into a temporary folder; the Pyodide download is kept in
the cache folder (``ACCESSIBLE_DICE_CACHE`` if set, else the test run's
own), so a run downloads it at most once. It is served by Python's own
``http.server`` on 127.0.0.1, which knows nothing of the game: everything
the page does, our Python does in the browser's Web Worker. The session's
one site is the fixture ``site`` (tests/conftest.py), for
tests/test_static_page.py and the real-Orca tests alike.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

#: How long the page may take to load the runtime and our Python (seconds, on a loaded 2-core machine).
LOAD = 240.0


class StaticFiles(http.server.SimpleHTTPRequestHandler):
    """A plain static server that keeps the paths asked for, and lets the browser keep nothing itself
    (``no-store``): a page that opens offline then comes from the service worker, not the browser's cache."""

    served: ClassVar[list[str]] = []
    #: Paths answered only after so many seconds (a slow network, for the page's words while it waits).
    slow: ClassVar[dict[str, float]] = {}

    #: Paths answered with these bytes before the file's own (a browser without JSPI, simulated).
    prefixed: ClassVar[dict[str, bytes]] = {}

    def do_GET(self) -> None:
        time.sleep(StaticFiles.slow.get(self.path, 0.0))
        prefix = StaticFiles.prefixed.get(self.path)
        if prefix is None:
            super().do_GET()
            return
        body = prefix + Path(self.translate_path(self.path)).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(self.path))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        StaticFiles.served.append(self.path)


@contextmanager
def built_site(folder: Path, module: str = "accessible_dice") -> Iterator[str]:
    """The site built into ``folder`` and served on 127.0.0.1 while the block runs; its address.

    Built by the command line in a process of its own, as a player builds it: built in the test's process
    late in a whole run, the page's words took the themes other tests had added (own colours), the game's
    first draw then filled the lists anew, and Orca said them as if the focus had moved there. ``module``
    ``pig`` builds it with the example game registered (``python -m pig build-page``)."""
    from e2e_support import TESTS

    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
    subprocess.run([sys.executable, "-m", module, "build-page", str(folder)], check=True, capture_output=True,
                   timeout=600, env={**os.environ, "PYTHONPATH": path})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticFiles, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def loaded(page: Any) -> None:
    """Wait until the static page has loaded its runtime and our Python, and drawn the game once."""
    from web_support import until

    until(page, "Number(document.body.dataset.drawn || 0) > 0", timeout=LOAD)
