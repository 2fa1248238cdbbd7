"""The real Orca screen reader for tests: a whole private desktop stack, torn down without a trace.

What runs, each as a process of ours, in one temporary folder (recipe:
shared/reports/web/README.md, §3):

1. ``Xvfb`` on a display number it picks itself (``-displayfd``), so two
   runs never race for one;
2. a private session D-Bus on a socket in the folder;
3. ``at-spi-bus-launcher``: the accessibility bus Orca and Chromium meet on;
4. ``speech-dispatcher`` whose only output module is a "generic" one that
   appends each text it is asked to speak, as one line, to ``spoken.txt``
   (no sound device: the text is what a test needs);
5. ``orca`` with its own settings folder, its say-all and page summary on
   load turned off (they would read the page again into the log), and its
   debug file (which also holds what it would show on a braille display);
   never with ``--replace``, which kills every Orca of the user account,
   the developer's own screen reader too (see :data:`ORCA_LAUNCHER`).

Every process gets its own ``HOME`` and ``XDG_*`` folders inside the stack's
folder and ``GSETTINGS_BACKEND=memory``, so nothing of the developer's
desktop is read or written. Each daemon starts in its own process group,
and stopping ends each group by its id, last started first; then every
process still carrying the stack's ``HOME`` in its environment (a browser's
helpers, a module a daemon spawned) is ended by its id too, so a failing
test leaves nothing running.

Use :func:`orca_stack` as a context manager (the tests hold one per module:
it starts in about 3 s) and give :attr:`OrcaStack.env` to the browser.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from daemons import wait_until
from web_support import ARGS, CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

#: Debian's paths (packages orca, at-spi2-core, xvfb, dbus, speech-dispatcher, chromium).
ORCA = shutil.which("orca")
XVFB = shutil.which("Xvfb")
DBUS_DAEMON = shutil.which("dbus-daemon")
SPEECHD = shutil.which("speech-dispatcher")
#: Real X key presses, which Orca hears (Playwright's go to the page only, past Orca); optional.
XDOTOOL = shutil.which("xdotool")
ATSPI_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")

#: Languages the text log accepts as UTF-8; a language without a line is recoded to Latin-1.
LANGUAGES = ("en", "en-US", "en-GB", "cs", "de", "nb", "no", "sv", "da", "fi")

#: How long a daemon may take to come up, and Orca to speak, on a loaded 2-core machine.
START_LIMIT = 30.0
SPEAK_LIMIT = 15.0
#: How long the stack's voice takes to say any message (seconds): long enough for a cut to be seen.
SPEAKING = 0.25


def missing() -> list[str]:
    """The parts of the stack this machine lacks (the tests skip, naming them)."""
    parts = {"orca": ORCA, "Xvfb": XVFB, "dbus-daemon": DBUS_DAEMON, "speech-dispatcher": SPEECHD,
             "at-spi-bus-launcher": ATSPI_LAUNCHER.exists() or None, "chromium": CHROMIUM.exists() or None}
    return [name for name, found in parts.items() if not found]


@dataclass
class OrcaStack:
    """A running stack: the environment a browser needs to be read by its Orca, and what Orca said."""

    folder: Path
    env: dict[str, str]
    processes: list[tuple[subprocess.Popen[bytes], float]] = field(default_factory=list)

    @property
    def spoken_file(self) -> Path:
        return self.folder / "spoken.txt"

    def spoken(self) -> list[str]:
        """Every text Orca sent to speech-dispatcher, one per line, in order."""
        text = self.spoken_file.read_text(encoding="utf-8", errors="replace")
        return [line.strip() for line in text.splitlines() if line.strip()]

    def finished(self) -> list[str]:
        """Every text the voice said to its end (not cut by Orca), one per line, in order."""
        path = self.folder / "finished.txt"
        text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
        return [line.strip() for line in text.splitlines() if line.strip()]

    def mark(self) -> int:
        """Where the log is now: :meth:`spoken_since` answers what came after."""
        return len(self.spoken())

    def spoken_since(self, mark: int) -> list[str]:
        return self.spoken()[mark:]

    def wait_for(self, condition: Callable[[list[str]], bool], since: int, limit: float = SPEAK_LIMIT,
                 wanted: Callable[[], object] = lambda: "") -> list[str]:
        """The lines spoken since ``since`` once ``condition`` holds of them; fails after ``limit``.

        The failure shows what Orca said, what was ``wanted`` (called then) and
        the end of Orca's debug file.
        """
        if not wait_until(lambda: condition(self.spoken_since(since)), limit):
            raise AssertionError(f"Orca did not say it within {limit} s; it said {self.spoken_since(since)!r};\n"
                                 f"wanted: {wanted()!r}\nthe debug file of {self.folder} ends:\n{self.debug_tail()}")
        return self.spoken_since(since)

    def answers(self, action: Callable[[], object], words: str) -> list[str]:
        """Do ``action`` and wait until Orca says the line ``words``; what it said since the action."""
        since = self.mark()
        action()
        return self.wait_for(lambda said: words in said, since)

    def settle(self, since: int, quiet: float = 1.0, limit: float = SPEAK_LIMIT) -> list[str]:
        """The lines spoken since ``since`` once Orca has said nothing new for ``quiet`` seconds.

        For checking that something is *not* said (a second copy): waiting
        only for the expected words would stop before a duplicate came.
        """
        deadline = time.monotonic() + limit
        seen = self.spoken_since(since)
        calm_from = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.spoken_since(since)
            if now != seen:
                seen, calm_from = now, time.monotonic()
            elif time.monotonic() - calm_from >= quiet:
                break
        return seen

    def keys(self, *keys: str) -> None:
        """Press ``keys`` (xdotool's names: ``r``, ``Insert+a``, ``Return``) on the stack's X display.

        They go to the window with the X input focus (see :meth:`focus_window`),
        through Orca first, as a player's keys do.
        """
        assert XDOTOOL is not None
        subprocess.run([XDOTOOL, "key", "--delay", "50", *keys], env=self.env, check=True, timeout=30)

    def focus_window(self, window_class: str) -> None:
        """Give the X input focus to the visible window of ``window_class`` (there is no window manager to)."""
        assert XDOTOOL is not None
        subprocess.run([XDOTOOL, "search", "--sync", "--onlyvisible", "--class", window_class, "windowfocus",
                        "--sync"], env=self.env, check=True, timeout=30)

    def debug_tail(self, characters: int = 3000) -> str:
        """The end of Orca's debug file, for a failure message."""
        path = self.folder / "logs" / "orca-debug.txt"
        return path.read_text(encoding="utf-8", errors="replace")[-characters:] if path.exists() else ""

    def braille(self) -> list[str]:
        """Every line Orca put on its (absent) braille display, from its debug file."""
        path = self.folder / "logs" / "orca-debug.txt"
        text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
        return [line.split("BRAILLE LINE:", 1)[1].strip().strip("'").strip() for line in text.splitlines()
                if "BRAILLE LINE:" in line]

    def start(self, name: str, command: list[str], grace: float = 3.0) -> subprocess.Popen[bytes]:
        """Start a daemon of the stack in its own process group, its output in ``logs/<name>.log``.

        ``grace`` is how long it may take to end after SIGTERM before it is killed.
        """
        with (self.folder / "logs" / f"{name}.log").open("wb") as out:
            process = subprocess.Popen(command, env=self.env, cwd=self.folder, stdin=subprocess.DEVNULL,
                                       stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.processes.append((process, grace))
        return process

    def check_running(self, process: subprocess.Popen[bytes], name: str) -> bool:
        """True while ``process`` runs; fails at once, with its log, when it has died."""
        if process.poll() is not None:
            log = (self.folder / "logs" / f"{name}.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"{name} stopped with {process.returncode}: {log}")
        return True

    def stop(self) -> list[int]:
        """End every process of the stack by its id; the ids of strays that had to be ended too."""
        for process, grace in reversed(self.processes):
            _end_group(process, grace)
        strays = processes_of(self.folder)
        for pid in strays:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        wait_until(lambda: not processes_of(self.folder), 5)
        return strays


def _end_group(process: subprocess.Popen[bytes], grace: float) -> None:
    """End a daemon and the processes it started in its group: politely, then for sure."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(3)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # helpers of an already ended daemon


def processes_of(folder: Path) -> list[int]:
    """The ids of running processes whose ``HOME`` is inside ``folder``: everything a stack started."""
    marker = f"HOME={folder / 'home'}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environment = (entry / "environ").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in environment and state != "Z":
            found.append(int(entry.name))
    return found


def _environment(folder: Path) -> dict[str, str]:
    """The stack's own environment: private folders, no developer's display, bus or speech address."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("XDG_", "DBUS_", "SPEECHD_", "AT_SPI", "WAYLAND_")) and key != "DISPLAY"}
    for name, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                      ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"), ("XDG_RUNTIME_DIR", "run")):
        (folder / sub).mkdir(mode=0o700, parents=True, exist_ok=True)
        env[name] = str(folder / sub)
    env.update({"GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "0", "GTK_A11Y": "atspi",
                "LANG": "C.UTF-8", "SPEECHD_ADDRESS": f"unix_socket:{folder / 'run' / 'speechd.sock'}"})
    return env


def _speech_dispatcher_config(folder: Path) -> Path:
    """A configuration whose one module writes each text to ``spoken.txt``, one message a line."""
    config = folder / "speechd"
    (config / "modules").mkdir(parents=True)
    shutil.copytree("/etc/speech-dispatcher/clients", config / "clients")
    (config / "speechd.conf").write_text(
        f'LogLevel 4\nLogDir "{folder / "logs"}"\n'
        # The generic module never plays anything, but speech-dispatcher refuses to start
        # without an audio method it can open, and there is no sound server here.
        'AudioOutputMethod "libao"\n'
        'AddModule "textlog" "sd_generic" "textlog.conf"\nDefaultModule textlog\nDefaultLanguage "en"\n'
        'Include "clients/*.conf"\n', encoding="utf-8")
    languages = "".join(f'GenericLanguage "{code}" "{code}" "utf-8"\n' for code in LANGUAGES)
    (folder / "say.sh").write_text(f"printf '%s\\n' \"$1\" >> '{folder / 'spoken.txt'}'\nsleep {SPEAKING}\n"
                                   f"printf '%s\\n' \"$1\" >> '{folder / 'finished.txt'}'\n", encoding="utf-8")
    (config / "modules" / "textlog.conf").write_text(
        # $DATA comes shell-quoted from the module; the newline ends the message's line.
        # say.sh then "speaks" for SPEAKING seconds, as a voice takes time, and writes the text to
        # finished.txt: a message Orca cuts (a focus move, another message) is stopped, its process
        # killed (exec: the module's own child), and never gets there.
        f"GenericExecuteSynth \"exec sh {folder / 'say.sh'} \\'$DATA\\'\"\n"
        'GenericDelimiters "~"\nGenericMaxChunkLength 100000\n'
        f'{languages}AddVoice "en" "MALE1" "en"\nDefaultVoice "en"\n'
        + "".join(f'GenericPunct{level} " "\n' for level in ("None", "Some", "Most", "All")),
        encoding="utf-8")
    return config


#: Orca's settings for the tests: nothing read on its own when a page loads.
ORCA_CUSTOMIZATIONS = """\
from orca import settings
settings.sayAllOnLoad = False
settings.pageSummaryOnLoad = False
"""


@contextmanager
def orca_stack(folder: Path) -> Iterator[OrcaStack]:
    """Start the whole stack in ``folder``; on leaving, end it all (see the module's docstring)."""
    for sub in ("logs", "orca"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    (folder / "spoken.txt").write_text("", encoding="utf-8")
    stack = OrcaStack(folder, _environment(folder))
    try:
        _start_all(stack)
        yield stack
    finally:
        stack.stop()


def _start_all(stack: OrcaStack) -> None:
    folder = stack.folder
    assert XVFB and DBUS_DAEMON and SPEECHD and ORCA, missing()
    read_end, write_end = os.pipe()
    try:
        with (folder / "logs" / "xvfb.log").open("wb") as out:
            xvfb = subprocess.Popen([XVFB, "-displayfd", str(write_end), "-screen", "0", "1280x1024x24",
                                     "-nolisten", "tcp"], env=stack.env, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, pass_fds=(write_end,), start_new_session=True)
        stack.processes.append((xvfb, 3.0))
        os.close(write_end)
        with os.fdopen(read_end) as answer:
            number = answer.readline().strip()  # Xvfb writes it once it accepts clients
        read_end = -1
    finally:
        if read_end >= 0:
            os.close(read_end)
    if not number:
        stack.check_running(xvfb, "xvfb")
        raise RuntimeError("Xvfb gave no display number")
    stack.env["DISPLAY"] = f":{number}"

    bus = folder / "run" / "bus"
    stack.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={bus}"
    dbus = stack.start("dbus", [DBUS_DAEMON, "--session", "--nofork", "--nopidfile", f"--address=unix:path={bus}"])
    _wait(lambda: stack.check_running(dbus, "dbus") and bus.exists(), "the session bus")

    launcher = stack.start("atspi", [str(ATSPI_LAUNCHER), "--launch-immediately"])
    _wait(lambda: stack.check_running(launcher, "atspi") and _answers(stack.env), "the accessibility bus")

    config = _speech_dispatcher_config(folder)
    socket = folder / "run" / "speechd.sock"
    speechd = stack.start("speechd", [SPEECHD, "-s", "-t", "0", "-C", str(config), "-L", str(folder / "logs"),
                                      "-c", "unix_socket", "-S", str(socket)])
    _wait(lambda: stack.check_running(speechd, "speechd") and socket.exists(), "speech-dispatcher")

    (folder / "orca" / "orca-customizations.py").write_text(ORCA_CUSTOMIZATIONS, encoding="utf-8")
    # Orca takes seconds to act on SIGTERM, and has nothing to keep: it is killed at once.
    orca = stack.start("orca", [_orca_python(), "-c", ORCA_LAUNCHER, ORCA, "-u", str(folder / "orca"),
                                "--debug-file", str(folder / "logs" / "orca-debug.txt")], grace=0)
    _wait(lambda: stack.check_running(orca, "orca") and any("Screen reader on" in line for line in stack.spoken()),
          "Orca to say it is on")


#: Runs Orca's own launcher (its path is the first argument) as it is, but for two things it does per
#: user account rather than per desktop: it refuses to start while any other Orca of the user runs,
#: and it names its process "orca", by which every later ``orca --replace`` of the user finds and
#: kills it. The test's Orca is on a private display and buses, so it must neither refuse because of
#: the developer's own screen reader (or another test run's) nor be taken for one. ``--replace`` is
#: never given: it would kill every Orca of the user, the developer's own screen reader included.
#: The one file the launcher opens, the debug file, is opened line-buffered, so that a test reads
#: what Orca has shown on braille up to now (Orca never flushes it).
ORCA_LAUNCHER = """
import builtins, sys
path = sys.argv.pop(1)
launcher = {"__name__": "orca_launcher", "__file__": path}
exec(compile(open(path, encoding="utf-8").read(), path, "exec"), launcher)
launcher["otherOrcas"] = lambda: []
launcher["setProcessName"] = lambda name: None
launcher["open"] = lambda name, mode="r": builtins.open(name, mode, buffering=1, encoding="utf-8")
sys.exit(launcher["main"]())
"""


def _orca_python() -> str:
    """The Python of Orca's launcher (its ``#!`` line): Debian's, which has Orca's ``gi`` and ``pyatspi``."""
    assert ORCA is not None
    first = Path(ORCA).read_text(encoding="utf-8").splitlines()[0]
    return first[2:].strip().split()[0] if first.startswith("#!") else "python3"


def _answers(env: dict[str, str]) -> bool:
    """Whether the accessibility bus launcher answers on the session bus."""
    reply = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                            "org.a11y.Bus.GetAddress"], env=env, capture_output=True, timeout=10)
    return reply.returncode == 0


def _wait(condition: Callable[[], bool], what: str) -> None:
    if not wait_until(condition, START_LIMIT, step=0.05):
        raise RuntimeError(f"timed out after {START_LIMIT} s waiting for {what}")


def launch_chromium(playwright: Playwright, stack: OrcaStack) -> Browser:
    """Debian's Chromium, headed on the stack's display (headless Chromium has no AT-SPI), read by its Orca."""
    env: dict[str, str | float | bool] = {**stack.env}
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=False, env=env,
                                      args=[*ARGS, "--no-first-run", "--force-renderer-accessibility"])


def heard(spoken: list[str], announcements: list[str]) -> list[str]:
    """The lines of ``spoken`` that are one of ``announcements``, in the order Orca said them.

    Equal to ``announcements`` exactly when Orca said each announcement
    once, in order: a lost one is missing, a doubled one is there twice, a
    swapped pair is swapped. What Orca says besides (a focused button's name)
    is left out. Spaces are collapsed before comparing.
    """
    wanted = {" ".join(text.split()) for text in announcements}
    return [line for line in (" ".join(text.split()) for text in spoken) if line in wanted]
