"""``accessible-dice build-page DIR``: the browser front end as a static site that plays by itself.

The site needs no program behind it: any web host (GitHub Pages, a school's
server, ``python -m http.server`` on a USB stick) serves it, and the page
runs our own Python in the browser (:mod:`accessible_dice.page`). DIR gets:

- ``index.html`` and ``static/`` — the ``--ui web`` page and script as they
  are, told to talk to ``static/worker.js`` instead of a websocket;
- ``pyodide/`` — the Pyodide runtime (CPython compiled to WebAssembly), the
  npm package ``pyodide`` of :data:`PYODIDE_VERSION`, fetched from the npm
  registry at build time, checked against :data:`PYODIDE_SHA256` and kept in
  the user cache folder (never in the repository);
- ``python/site.zip`` — our package, the catalogs and the rules pages, with
  the pure-Python libraries it needs (babel with the locale data of our
  languages only, platformdirs), taken from this Python's own installation;
  and every game the building program registered from outside the package
  (``python -m pig build-page DIR``: the example game's package, whole), which
  the page registers in turn (:mod:`accessible_dice.page_games`);
- ``sounds/`` — the sound cues, played by the page's Web Audio as with ``--ui web``;
- ``strategy/`` — Yatzy's strategy tables, one per play order, gzipped (3.2 MB for free order, a few
  KB for the others: mostly unreachable states). They are not in ``site.zip`` and not kept by the
  service worker at the first visit: the worker fetches the one of the order in play the first time
  Yatzy's hints or computer players need it (:mod:`.strategy.yatzy_turn`), and the service worker
  keeps it then, for offline play.

What goes wrong (DIR not writable, the registry not reachable, a download
that is not the pinned one) is :class:`BuildError`, one sentence, exit 2.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import os
import shutil
import sys
import tarfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import platformdirs

from accessible_dice.games import GAMES, MODULE_PARTS
from accessible_dice.page_games import REGISTERED
from accessible_dice.presentation.i18n import LANGUAGES, language
from accessible_dice.resources import data_folder
from accessible_dice.strategy.yatzy_keeps import TABLES

PYODIDE_VERSION = "314.0.8"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
#: SHA-256 of the npm tarball (npm's own integrity, sha512, is checked by ``npm pack`` the same way).
PYODIDE_SHA256 = "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"
#: The runtime's files the page loads (the rest of the npm package is its console, maps and types).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The page's own files, from ``ui/web/static`` (index.html is rewritten for the site).
PAGE_FILES = ("app.js", "style.css", "worker.js", "tables.js", "icon.svg")
#: Our package's folders the page never uses: the Yatzy strategy tables (25 MB; in ``strategy/``, fetched
#: when first needed) and the data packages of an installed wheel (added below under the checkout's names).
LEFT_OUT = ("strategy/tables", "_sounds", "_locales", "_rules", "__pycache__")
#: The site's folder of Yatzy's tables: fetched when first needed, and only then kept for offline play.
LATER = "strategy"
#: Environment variable: the folder the Pyodide download is kept in (the user cache folder otherwise).
CACHE_VARIABLE = "ACCESSIBLE_DICE_CACHE"


class BuildError(Exception):
    """The site could not be built; the message is one sentence for the person who asked."""


def cache_dir() -> Path:
    override = os.environ.get(CACHE_VARIABLE)
    return Path(override) if override else platformdirs.user_cache_path("accessible-dice", appauthor=False)


def pyodide_tarball() -> bytes:
    """The pinned Pyodide npm package: from the cache, else downloaded once; checked either way."""
    cached = cache_dir() / f"pyodide-{PYODIDE_VERSION}.tgz"
    if cached.is_file():
        data = cached.read_bytes()
        if hashlib.sha256(data).hexdigest() == PYODIDE_SHA256:
            return data
    try:
        with urllib.request.urlopen(PYODIDE_URL, timeout=120) as answer:
            data = answer.read()
    except (urllib.error.URLError, OSError) as error:
        raise BuildError(f"The Pyodide runtime could not be downloaded from {PYODIDE_URL} ({error}); "
                         "check the network and try again.") from None
    if hashlib.sha256(data).hexdigest() != PYODIDE_SHA256:
        raise BuildError(f"The download from {PYODIDE_URL} is not the Pyodide {PYODIDE_VERSION} this "
                         "program was built for (its checksum differs); nothing was written.")
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(data)
    except OSError:
        pass  # no cache: the next build downloads it again
    return data


def _runtime(target: Path) -> None:
    with tarfile.open(fileobj=io.BytesIO(pyodide_tarball()), mode="r:gz") as tar:
        for name in RUNTIME:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"The Pyodide package has no {name}; nothing more was written.")
            (target / name).write_bytes(member.read())


def _package_files() -> Iterator[tuple[Path, str]]:
    """Our package's files for the page: each path and its name in the archive."""
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*")):
        inside = path.relative_to(package).as_posix()
        left_out = any(f"/{part}/" in f"/{inside}" for part in LEFT_OUT)
        if path.is_file() and not left_out and path.suffix != ".pyc":
            yield path, f"accessible_dice/{inside}"


def _folder_files(folder: Path, prefix: str, suffixes: tuple[str, ...]) -> Iterator[tuple[Path, str]]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in suffixes:
            yield path, f"{prefix}/{path.relative_to(folder).as_posix()}"


def _library(name: str) -> Path:
    found = resources.files(name)
    return Path(str(found))


def _babel_files() -> Iterator[tuple[Path, str]]:
    """babel without the locale data of the languages the program does not speak (36 MB less)."""
    folder = _library("babel")
    kept = {"root", *LANGUAGES, "no"}  # Norwegian Bokmål's data inherits from Norwegian's
    for path in sorted(folder.rglob("*")):
        inside = path.relative_to(folder).as_posix()
        if not path.is_file() or "__pycache__" in inside or path.suffix == ".pyc":
            continue
        if inside.startswith("locale-data/") and path.stem not in kept:
            continue
        yield path, f"babel/{inside}"


def _registered_elsewhere() -> tuple[list[tuple[Path, str]], list[dict[str, Any]]]:
    """The games registered from outside this package in the program that builds (``games.register``,
    e.g. ``python -m pig build-page DIR``): each one's package, whole, for the archive, and its parts as
    :data:`~accessible_dice.page_games.REGISTERED` records them for the page to register them in turn."""
    files: list[tuple[Path, str]] = []
    records: list[dict[str, Any]] = []
    for game_id, parts in GAMES.items():
        modules = [parts.module(part) for part in MODULE_PARTS]
        package = parts.rules.split(".")[0]
        if package == "accessible_dice":
            continue
        found = importlib.util.find_spec(package)
        folder = Path(next(iter(found.submodule_search_locations or []), "")) if found else None
        inside = folder is not None and (parts.pages is None or parts.pages.resolve().is_relative_to(folder))
        if folder is None or not inside or any(m is not None and m.split(".")[0] != package for m in modules):
            raise BuildError(f"The game {game_id} cannot be put in the page: its parts and rules pages are not "
                             f"all in the package {package}.")
        files += [(path, f"{package}/{name}") for path, name in
                  ((p, p.relative_to(folder).as_posix()) for p in sorted(folder.rglob("*")))
                  if path.is_file() and path.suffix in (".py", ".md") and "__pycache__" not in name]
        listed = parts.listed
        records.append({"id": game_id, "title": parts.title, **{part: parts.module(part) for part in MODULE_PARTS},
                        "pages": None if parts.pages is None else
                        f"{package}/{parts.pages.resolve().relative_to(folder).as_posix()}",
                        "listed": [getattr(listed, "context", None), listed] if listed is not None else None})
    return files, records


def _site_zip(target: Path) -> None:
    """Our package, its catalogs and rules pages (in the checkout's layout, where :func:`.data_folder`
    finds them), and babel and platformdirs, in one archive the worker unpacks; and the games registered
    from elsewhere with the list of them (:func:`_registered_elsewhere`)."""
    elsewhere, records = _registered_elsewhere()
    files = [*_package_files(), *_folder_files(data_folder("_locales", "locales"), "locales", (".mo",)),
             *_folder_files(data_folder("_rules", "docs/rules"), "docs/rules", (".md",)),
             *_babel_files(), *_folder_files(_library("platformdirs"), "platformdirs", (".py", ".typed")),
             *elsewhere]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, name in files:
            archive.write(path, name)
        if records:
            archive.writestr(REGISTERED, json.dumps(records, ensure_ascii=False))


def _tables(target: Path) -> None:
    """Yatzy's shipped tables, gzipped (``mtime`` 0: the same bytes on every build), for the worker to fetch."""
    for path in sorted(TABLES.glob("yatzy-*.table")):
        (target / f"{path.name}.gz").write_bytes(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def _page_words() -> dict[str, dict[str, Any]]:
    """What the page says before our Python runs (while the runtime loads), in every language, and its own
    labels and lists as the game's first state has them (app.js shows them while it loads)."""
    from accessible_dice.ui.web.table import page_words

    words = {}
    for code in LANGUAGES:
        _ = language(code)._
        words[code] = {
            # Translators: the static web page, while the game's program loads in the browser (seconds).
            "loading": _("Loading the game; this takes a few seconds the first time."),
            # Translators: the static web page, when the browser could not start the game's program;
            # {error} is the browser's technical reason.
            "failed": _("The game could not start in this browser ({error}). Open the page again; if it still does "
                        "not start, update this browser or try another."),
            # Translators: the static web page, when a new version of the game was downloaded in the background.
            "updated": _("A new version of the game is ready; it is used from the next time you open the page."),
            # The page's own labels and lists, as the game's first state will have them: shown while loading.
            "page": page_words(language(code)),
        }
    return words


def _index() -> str:
    """The ``--ui web`` page, with its files found beside it and the worker as its transport."""
    page = resources.files("accessible_dice.ui.web").joinpath("static", "index.html").read_text("utf-8")
    page = page.replace('"/static/', '"static/')
    head = (f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '<link rel="icon" href="static/icon.svg" type="image/svg+xml">\n'
            '<link rel="manifest" href="manifest.webmanifest">\n<meta name="theme-color" content="#000000">')
    page = page.replace("</title>", f"</title>\n{head}", 1)
    tables = '<script src="static/tables.js" defer></script>'  # Yatzy's tables fetched, for the page and worker
    page = page.replace('<script src="static/app.js"', f'{tables}\n<script src="static/app.js"', 1)
    return page.replace('<html lang="en"', '<html lang="en" data-transport="worker"', 1)


#: The page's Content-Security-Policy (a static host sends no headers of its own): as strict as the server's
#: (ui/web/server.py), our own files only; the worker it starts compiles WebAssembly under its own policy.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; "
       "connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'")

#: The web app manifest: the page added to a phone's home screen opens as an app of its own.
MANIFEST = {
    "name": "Accessible Dice", "short_name": "Dice", "start_url": "./index.html", "scope": "./",
    "display": "standalone", "background_color": "#000000", "theme_color": "#000000",
    "description": "Five dice games for blind and low-vision players, read by your own screen reader.",
    "icons": [{"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
}


def _offline(target: Path) -> None:
    """The service worker (``sw.js``, at the top so it serves the whole site): every file written so far but
    those of :data:`LATER` (kept when first fetched), and a version that is the checksum of them all (a new
    build is a new version)."""
    files = sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (target / name).read_bytes())
    files = [name for name in files if not name.startswith(f"{LATER}/")]
    script = resources.files("accessible_dice.ui.web").joinpath("static", "sw.js").read_text("utf-8")
    script = script.replace("{version}", digest.hexdigest()[:16]).replace("{files}", json.dumps(["./", *files]))
    (target / "sw.js").write_text(script, "utf-8")


def build(target: Path) -> dict[str, int]:
    """Write the site into ``target`` (made if missing); the bytes of each part written."""
    if target.exists() and not target.is_dir():
        raise BuildError(f"{target} is a file, not a folder; give a folder for the site.")
    try:
        for folder in ("static", "pyodide", "python", "sounds", LATER):
            (target / folder).mkdir(parents=True, exist_ok=True)
        _runtime(target / "pyodide")
        (target / "index.html").write_text(_index(), "utf-8")
        static = resources.files("accessible_dice.ui.web").joinpath("static")
        for name in PAGE_FILES:
            (target / "static" / name).write_bytes(static.joinpath(name).read_bytes())
        (target / "static" / "words.json").write_text(json.dumps(_page_words(), ensure_ascii=False), "utf-8")
        _site_zip(target / "python" / "site.zip")
        for path in sorted(data_folder("_sounds", "sounds").glob("*.wav")):
            shutil.copyfile(path, target / "sounds" / path.name)
        _tables(target / LATER)
        (target / "manifest.webmanifest").write_text(json.dumps(MANIFEST, ensure_ascii=False, indent=1), "utf-8")
        _offline(target)
    except OSError as error:
        raise BuildError(f"The site could not be written into {target} ({error.strerror or error}).") from None
    sizes = {part: sum(p.stat().st_size for p in (target / part).rglob("*") if p.is_file())
             for part in ("pyodide", "python", "sounds", "static", LATER)}
    return sizes | {"index.html": (target / "index.html").stat().st_size}



def command(words: list[str]) -> int:
    """``accessible-dice build-page DIR``: build, say what was written (in MB), exit status 0, else 2."""
    if len(words) != 1 or words[0].startswith("-"):
        print("accessible-dice build-page: give one folder to write the site into, for example "
              "accessible-dice build-page site", file=sys.stderr)
        return 2
    target = Path(words[0])
    try:
        sizes = build(target)
    except BuildError as error:
        print(f"accessible-dice build-page: {error}", file=sys.stderr)
        return 2
    parts = ", ".join(f"{part} {size / 1e6:.2f} MB" for part, size in sizes.items())
    print(f"The page is in {target}: {parts}. Serve that folder, for example: "
          f"python3 -m http.server --directory {target}")
    return 0
