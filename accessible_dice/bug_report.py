"""A problem report the player can send (checklist GN-11): one plain text file with everything needed.

``report`` (typed in a game or at a terminal menu) and "Report a problem" (the
window's actions menu) write it. The file holds, in this order: where to send
it, the program's version and system, the settings file as it is, the game in
progress (its save, so a developer can replay it move by move), the last
announcements the player heard, and the end of the program's log and error
log. It is plain UTF-8 text, so the player can read it (with a screen reader
too) before sending it, and remove anything they do not want to share.

The file goes into ``reports/`` in the data folder, named by the time, and the
program says the whole path aloud. Writing it never changes the game, and a
failure to write is said with the system's reason, never raised.
"""

from __future__ import annotations

import platform
import sys
from collections.abc import Iterable
from datetime import datetime
from email.message import Message
from importlib import metadata
from pathlib import Path

from accessible_dice import save
from accessible_dice import settings as config
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.resources import CHECKOUT
from accessible_dice.session import Session
from accessible_dice.storage import data_dir, write_atomic
from accessible_dice.utterance import Cue, Utterance

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib

#: The folder of the data folder that reports go to.
FOLDER = "reports"
#: How many of the last announcements a report keeps.
ANNOUNCEMENTS = 100
#: How much of the end of each log a report keeps, in characters.
LOG_TAIL = 20_000
#: The logs whose ends go into a report (both in the data folder, see ui/launch.py).
LOGS = ("accessible-dice.log", "error.log")
DISTRIBUTION = "accessible-dice"


def project_urls() -> dict[str, str]:
    """``[project.urls]`` of pyproject.toml: from the installed package's metadata, else from the checkout."""
    try:
        listed = (metadata.metadata(DISTRIBUTION) or Message()).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        listed = []
    urls = dict(entry.split(", ", 1) for entry in listed if ", " in entry)
    if urls:
        return urls
    try:
        with (CHECKOUT / "pyproject.toml").open("rb") as handle:
            return dict(tomllib.load(handle)["project"]["urls"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return {}


def send_to() -> str:
    """Where a report goes: the project's issue tracker (the accessibility pages say the other ways)."""
    urls = project_urls()
    return urls.get("Issues") or urls.get("Repository", "")


def version() -> str:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def tail(path: Path, limit: int = LOG_TAIL) -> str:
    """The end of a text file, from a line's start; a note instead when it cannot be read."""
    try:
        with path.open("rb") as handle:
            handle.seek(max(0, path.stat().st_size - limit))
            text = handle.read().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return "(none)"
    except OSError as error:
        return f"(cannot be read: {error.strerror or error})"
    return text.split("\n", 1)[-1] if len(text) >= limit else text


def contents(session: Session | None, said: Iterable[Utterance], chosen: config.Settings,
             now: datetime) -> str:
    """The report's text. Its headings are English: it is read by the developers."""
    folder = data_dir()
    game = "(no game in progress)" if session is None else save.dumps(session.game)
    heard = [" ".join(utterance.text.split()) for utterance in said][-ANNOUNCEMENTS:]
    parts = [
        "# accessible-dice problem report",
        f"Send this file to: {send_to()}",
        "Please say in a few words what you did and what went wrong. You may delete anything below first.",
        "",
        f"Written: {now.isoformat(timespec='seconds')}",
        f"Version: {version()}",
        f"Python: {sys.version.split()[0]} on {platform.platform()}",
        "",
        "## Settings", config.dumps(chosen),
        "## Game in progress (its save)", game, "",
        f"## The last {len(heard)} announcements", *heard, "",
    ]
    for name in LOGS:
        parts += [f"## End of {name}", tail(folder / name), ""]
    return "\n".join(parts)


def write(session: Session | None, said: Iterable[Utterance], chosen: config.Settings,
          now: datetime | None = None) -> Path:
    """Write a report into the data folder's ``reports/``; its path. ``OSError`` if it cannot be written."""
    now = now or datetime.now()
    path = data_dir() / FOLDER / f"problem-report-{now:%Y-%m-%d-%H%M%S}.txt"
    write_atomic(path, contents(session, said, chosen, now))
    return path


def report(session: Session | None, said: Iterable[Utterance], chosen: config.Settings,
           language: Language) -> Utterance:
    """Write a report and say where it is and where to send it; or why it could not be written."""
    try:
        path = write(session, said, chosen)
    except OSError as error:
        # Translators: the problem report could not be written; {reason} is the system's reason.
        return answer(language._("The problem report could not be written: {reason}.").format(
            reason=error.strerror or str(error)), Cue("invalid"))
    # Translators: a problem report was written; {path} is the whole file name, {address} the web address
    # of the project's issue tracker.
    return answer(language._("A problem report was written to {path}. Please send it to {address}, with a few "
                             "words on what went wrong.").format(path=path, address=send_to()))
