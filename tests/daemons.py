"""Real Speech Dispatcher and BRLTTY daemons for tests, each in its own temporary folders.

Nothing system-wide is used or changed: each daemon gets its own
configuration, runtime folder, socket, log and pid file, and is ended by its
own process id when the test is done.

- :func:`start_speech_dispatcher` runs Debian's ``speech-dispatcher`` with
  its real eSpeak NG module; ALSA's ``file`` plugin (the daemon's own
  ``.asoundrc``) writes what it played to a file, and log level 5 records
  every message queued and the language and voice it was spoken with.
- :func:`start_brltty` runs ``brltty`` with its virtual display driver
  (``-b vr``, protocol in BRLTTY's ``Virtual.README``) listening on a Unix
  socket, and :class:`VirtualDisplay` is the display: it says how many cells
  it has, then reads every ``Visual "…"`` line BRLTTY shows on it. BrlAPI
  listens on a loopback TCP port with no authentication.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

SPEECHD = shutil.which("speech-dispatcher")
BRLTTY = shutil.which("brltty")
#: Where Debian keeps speech-dispatcher's modules' own settings.
MODULES = Path("/etc/speech-dispatcher/modules")


def wait_until(condition, limit: float = 5.0, step: float = 0.02) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return bool(condition())


def _end(process: subprocess.Popen[bytes]) -> None:
    """End a daemon we started, by its own id: politely, then for sure."""
    if process.poll() is not None:
        return
    os.kill(process.pid, signal.SIGCONT)  # a stopped one cannot act on SIGTERM
    process.terminate()
    try:
        process.wait(3)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(3)


@dataclass
class SpeechDispatcherDaemon:
    folder: Path
    process: subprocess.Popen[bytes]

    @property
    def env(self) -> dict[str, str]:
        """What a client needs to find this daemon: its runtime folder (the default socket is in it)."""
        return {"XDG_RUNTIME_DIR": str(self.folder / "run")}

    @property
    def log(self) -> str:
        path = self.folder / "log" / "speech-dispatcher.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def queued(self) -> list[str]:
        """Every message the daemon queued for speaking, in order."""
        return re.findall(r"Queueing message \|(.*?)\| with priority", self.log, flags=re.S)

    def languages(self) -> list[str]:
        """The language of every message as handed to the eSpeak NG module."""
        return re.findall(r"^language=(\S+)", self.log, flags=re.M)

    @property
    def audio(self) -> Path:
        return self.folder / "audio.raw"

    def stop(self) -> None:
        """Freeze the daemon (SIGSTOP): it keeps its socket but never answers again."""
        os.kill(self.process.pid, signal.SIGSTOP)


@contextmanager
def start_speech_dispatcher(folder: Path) -> Iterator[SpeechDispatcherDaemon]:
    for sub in ("conf/modules", "log", "run/speech-dispatcher", "home"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    shutil.copy(MODULES / "espeak-ng.conf", folder / "conf" / "modules" / "espeak-ng.conf")
    (folder / "conf" / "speechd.conf").write_text(
        f'LogLevel 5\nLogDir "{folder / "log"}"\nAudioOutputMethod "alsa"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\nDefaultModule espeak-ng\nDefaultLanguage "en"\n'
    )
    (folder / "home" / ".asoundrc").write_text(
        f'pcm.!default {{\n type file\n slave.pcm "null"\n file "{folder / "audio.raw"}"\n format "raw"\n}}\n'
    )
    socket_path = folder / "run" / "speech-dispatcher" / "speechd.sock"
    env = {**os.environ, "HOME": str(folder / "home"), "XDG_RUNTIME_DIR": str(folder / "run")}
    assert SPEECHD is not None
    process = subprocess.Popen(
        [SPEECHD, "-s", "-t", "0", "-C", str(folder / "conf"), "-S", str(socket_path), "-P", str(folder / "pid"),
         "-l", "5", "-L", str(folder / "log")],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    daemon = SpeechDispatcherDaemon(folder, process)
    try:
        started = wait_until(lambda: socket_path.exists() and "Speech Dispatcher started" in daemon.log, 10)
        assert started, daemon.log[-2000:]
        yield daemon
    finally:
        _end(process)


@dataclass
class VirtualDisplay:
    """The braille display, as BRLTTY's virtual driver talks to it: every text it was shown, in order."""

    connection: socket.socket
    columns: int
    shown: list[str] = field(default_factory=list)

    def read(self) -> None:
        for raw in self.connection.makefile("rb"):
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            if line.startswith("Visual "):
                self.shown.append(_unquote(line[len("Visual "):]).rstrip())

    def send(self, command: str) -> None:
        """A command from the display's keys, e.g. ``FwinRt`` (pan right)."""
        self.connection.sendall(command.encode() + b"\n")


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    return re.sub(r"\\X([0-9A-Fa-f]{2})|\\(.)", lambda m: chr(int(m[1], 16)) if m[1] else m[2], body)


@dataclass
class Brltty:
    process: subprocess.Popen[bytes]
    display: VirtualDisplay
    port: int

    @property
    def env(self) -> dict[str, str]:
        return {"BRLAPI_HOST": f"127.0.0.1:{self.port - 4101}", "BRLAPI_AUTH": "none"}


def _free_offset() -> int:
    """A BrlAPI "display number" whose TCP port (4101 + n) is free on the loopback address."""
    for offset in range(60, 400):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", 4101 + offset))
            except OSError:
                continue
            return offset
    raise RuntimeError("no free port for BrlAPI")


@contextmanager
def start_brltty(folder: Path, columns: int = 40) -> Iterator[Brltty]:
    folder.mkdir(parents=True, exist_ok=True)
    device = folder / "vr.sock"
    offset = _free_offset()
    assert BRLTTY is not None
    process = subprocess.Popen(
        [BRLTTY, "-n", "-e", "-q", "-b", "vr", "-d", f"server:{device}", "-x", "no", "-s", "no",
         "-f", "/dev/null", "-W", str(folder), "-U", str(folder), "-P", str(folder / "pid"),
         "-A", f"host=127.0.0.1:{offset},auth=none", "-l", "info"],
        stdout=subprocess.DEVNULL, stderr=open(folder / "brltty.log", "wb"),  # noqa: SIM115 - the daemon's log
    )
    try:
        assert wait_until(device.exists, 10), (folder / "brltty.log").read_text()
        connection = socket.socket(socket.AF_UNIX)
        connection.connect(str(device))
        connection.sendall(f"cells {columns}\n".encode())
        display = VirtualDisplay(connection, columns)
        threading.Thread(target=display.read, daemon=True).start()
        assert wait_until(lambda: bool(display.shown), 10), "BRLTTY showed nothing on the virtual display"
        port = 4101 + offset
        assert wait_until(lambda: _listening(port), 10), (folder / "brltty.log").read_text()
        yield Brltty(process, display, port)
        connection.close()
    finally:
        _end(process)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0
