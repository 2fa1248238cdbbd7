"""Where the program keeps its files, and how it writes them so that a crash loses nothing.

Three kinds of file, in the platform's folders (platformdirs): the settings
in the user *config* folder; the game in progress and the score history in
the user *data* folder. Two environment variables move them, for tests and
portable installs: ``ACCESSIBLE_DICE_CONFIG`` and ``ACCESSIBLE_DICE_DATA``.

A file is never half written: :func:`write_atomic` writes a temporary file
beside it, flushes it to the disk and renames it over the old one, so a
killed process or a power cut leaves the old file or the new one. A file
that cannot be read is never deleted: :func:`move_aside` renames it so the
player (or a bug report) still has it, and the program starts afresh.
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

APP_NAME = "accessible-dice"
#: Overrides the data folder (saves, score history, error log).
DATA_VARIABLE = "ACCESSIBLE_DICE_DATA"
#: Overrides the config folder (settings).
CONFIG_VARIABLE = "ACCESSIBLE_DICE_CONFIG"


def data_dir() -> Path:
    """The user data folder: ``$ACCESSIBLE_DICE_DATA`` or the platform's (XDG on Linux)."""
    override = os.environ.get(DATA_VARIABLE)
    return Path(override) if override else platformdirs.user_data_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """The user config folder: ``$ACCESSIBLE_DICE_CONFIG`` or the platform's (XDG on Linux)."""
    override = os.environ.get(CONFIG_VARIABLE)
    return Path(override) if override else platformdirs.user_config_path(APP_NAME, appauthor=False)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that a crash at any moment leaves the old or the new file.

    The folder is synced after the rename where the system allows it, so the
    rename itself survives a power cut (POSIX; Windows cannot open folders).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


#: How old a temporary file of :func:`write_atomic` must be to be left over from an interrupted
#: write, rather than one another running game is writing now (a write takes milliseconds).
STALE_SECONDS = 60.0


def remove_stale_temporaries(folder: Path, now: float | None = None) -> None:
    """Remove what writes cut short (SIGKILL, a power cut) left in ``folder``: :func:`write_atomic`'s
    ``*.tmp`` files, once they are :data:`STALE_SECONDS` old. Called at each start; never fails."""
    now = time.time() if now is None else now
    try:
        found = list(folder.glob("*.tmp"))
    except OSError:
        return
    for path in found:
        try:
            if path.is_file() and now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
        except OSError:  # gone already, or not ours to remove: it does no harm
            continue


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_aside(path: Path, now: datetime | None = None, companions: tuple[str, ...] = ()) -> Path:
    """Rename an unreadable file to ``<stem>.damaged-<UTC time><suffix>`` beside it; the new path.

    ``current.json`` becomes ``current.damaged-20261129T133000Z.json``: the
    suffix stays, so the file still opens in the right editor, and the time
    says which run found it. An existing name gets ``-2``, ``-3``... added.
    ``companions`` are endings of files that belong to it (SQLite's ``-wal``
    and ``-shm``): they move with it, since a stale one beside a new file
    would be read as part of it.
    """
    stamp = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    base = f"{path.stem}.damaged-{stamp}"
    target = path.with_name(base + path.suffix)
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{base}-{number}{path.suffix}")
    os.replace(path, target)
    for ending in companions:
        companion = path.with_name(path.name + ending)
        if companion.exists():
            os.replace(companion, target.with_name(target.name + ending))
    return target
