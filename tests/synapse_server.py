"""A real Synapse homeserver for the online tests, in its own temporary folder.

Synapse (``matrix-synapse`` from PyPI, in the test extras beside the
project) listens on 127.0.0.1 on a free port, keeps its rooms in SQLite in a
temporary folder, has open registration (only this server, only for the
test run) and no rate limits, so whole games go as fast as the clients
send. Nothing outside the folder is read or written; the server is ended
by its own process id.

``synapse_server`` is a module fixture (each test module that imports it
has a homeserver of its own, started in a few seconds and ended when the
module's tests are done; as a session fixture imported into nine modules
it was nine homeservers, all running until the end of the run) and :func:`register` makes a fresh account on
it, returning its access token the way a player's sign-in would.
"""

from __future__ import annotations

import json
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path

import pytest

SERVER_NAME = "dice.test"
#: Every rate limit Synapse has, opened wide: the tests play as fast as the machine goes.
_UNLIMITED = {"per_second": 100000, "burst_count": 100000}
_RATE_LIMITS = {
    "rc_message": _UNLIMITED,
    "rc_registration": _UNLIMITED,
    "rc_login": {"address": _UNLIMITED, "account": _UNLIMITED, "failed_attempts": _UNLIMITED},
    "rc_joins": {"local": _UNLIMITED, "remote": _UNLIMITED},
    "rc_joins_per_room": _UNLIMITED,
    "rc_invites": {"per_room": _UNLIMITED, "per_user": _UNLIMITED, "per_issuer": _UNLIMITED},
    "rc_room_creation": _UNLIMITED,
    "rc_presence": {"per_user": _UNLIMITED},
    "rc_admin_redaction": _UNLIMITED,
}
_names = count(1)


@dataclass(frozen=True)
class Synapse:
    """A running homeserver: where it listens and its folder."""

    url: str
    folder: Path
    process: subprocess.Popen[bytes]


@dataclass(frozen=True)
class Account:
    """A registered account, signed in: what a player's client needs."""

    homeserver: str
    user_id: str
    access_token: str
    device_id: str


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def config(folder: Path, port: int) -> dict:
    """homeserver.yaml for a throw-away server (JSON is YAML): SQLite, loopback only, open registration."""
    return {
        "server_name": SERVER_NAME,
        "pid_file": str(folder / "homeserver.pid"),
        "listeners": [{"port": port, "bind_addresses": ["127.0.0.1"], "type": "http", "tls": False,
                       "x_forwarded": False, "resources": [{"names": ["client"], "compress": False}]}],
        "database": {"name": "sqlite3", "args": {"database": str(folder / "homeserver.db")}},
        "log_config": str(folder / "log.yaml"),
        "media_store_path": str(folder / "media"),
        "signing_key_path": str(folder / "signing.key"),
        "registration_shared_secret": secrets.token_hex(16),
        "macaroon_secret_key": secrets.token_hex(16),
        "form_secret": secrets.token_hex(16),
        "enable_registration": True,
        "enable_registration_without_verification": True,
        "report_stats": False,
        "trusted_key_servers": [],
        "suppress_key_server_warning": True,
        "presence": {"enabled": False},
        # Synapse lets only its admins publish rooms in the directory unless told otherwise; public tables need it.
        "room_list_publication_rules": [{"action": "allow"}],
        "url_preview_enabled": False,
        "enable_metrics": False,
        **_RATE_LIMITS,
    }


def _log_config(folder: Path) -> dict:
    return {
        "version": 1,
        "formatters": {"plain": {"format": "%(asctime)s %(name)s %(levelname)s %(message)s"}},
        "handlers": {"file": {"class": "logging.FileHandler", "formatter": "plain",
                              "filename": str(folder / "homeserver.log")}},
        "root": {"level": "WARNING", "handlers": ["file"]},
        "disable_existing_loggers": False,
    }


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_matrix/client/versions", timeout=1) as answer:
            return bool(answer.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def _end(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def start(folder: Path, limit: float = 60.0) -> Synapse:
    """Start Synapse in ``folder`` and wait until it answers; its log is in the folder."""
    port = _free_port()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "homeserver.yaml").write_text(json.dumps(config(folder, port)), encoding="utf-8")
    (folder / "log.yaml").write_text(json.dumps(_log_config(folder)), encoding="utf-8")
    command = [sys.executable, "-m", "synapse.app.homeserver", "-c", str(folder / "homeserver.yaml")]
    subprocess.run([*command, "--generate-keys"], check=True, cwd=folder, capture_output=True)
    output = (folder / "stdout.txt").open("wb")
    process = subprocess.Popen(command, cwd=folder, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + limit
    while not _ready(url):
        if process.poll() is not None or time.monotonic() > deadline:
            _end(process)
            log = (folder / "stdout.txt").read_text(errors="replace")[-3000:]
            raise RuntimeError(f"Synapse did not start:\n{log}")
        time.sleep(0.1)
    return Synapse(url, folder, process)


def register(server: Synapse, name: str | None = None) -> Account:
    """A new account on ``server`` (open registration, the dummy stage), signed in with its token."""
    local = name or f"player{next(_names)}"
    body = json.dumps({"username": local, "password": secrets.token_hex(8), "auth": {"type": "m.login.dummy"},
                       "initial_device_display_name": "tests"}).encode()
    request = urllib.request.Request(f"{server.url}/_matrix/client/v3/register", data=body,
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        data = json.load(answer)
    return Account(server.url, data["user_id"], data["access_token"], data["device_id"])


@pytest.fixture(scope="module")
def synapse_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synapse]:
    """One real homeserver for the online tests of a module."""
    server = start(tmp_path_factory.mktemp("synapse"))
    try:
        yield server
    finally:
        _end(server.process)
