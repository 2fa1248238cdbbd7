"""From a checked command line to a running game: ``run(launch) -> exit status``.

Chooses the front end, the language, the speech and sound outputs, then
starts the game asked for (``--game``), the saved one (``--resume``) or the
main menu. No traceback ever reaches the player: an unexpected error is
written to ``error.log`` in the data folder and summed up in the player's
language, on standard error and by the voice, saying "saved" only when the
game was (every action saves it). Ctrl+C, SIGTERM (logout, shutdown) and
SIGHUP (the terminal closed) end the program at once with the goodbye said
(docs/playing.md, "When the program is stopped").
"""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import socket
import sys
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from accessible_dice import audio, ending, saved_games
from accessible_dice import settings as config
from accessible_dice.ending import Stopped
from accessible_dice.history import history_path
from accessible_dice.play.controller import Announcer, Controller, refusal_mark
from accessible_dice.play.inbox import Lines, typed_lines
from accessible_dice.play.menu import Menu
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.play.starting import asked_for, resumed_session, start_news
from accessible_dice.presentation import settings as settings_words
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.i18n import Language, language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import Session, rematch
from accessible_dice.sound import SoundPlayer
from accessible_dice.speech import Speaker
from accessible_dice.storage import config_dir, data_dir, remove_stale_temporaries
from accessible_dice.ui.launch_request import Launch
from accessible_dice.utterance import Utterance

#: The file in the data folder where the menu keeps the last new game's choices.
MENU_MEMORY = "last-game.json"


@dataclass
class _Playing:
    """What the program's end has to be said with: the player's language and voice, and the game playing.

    Filled in as they come to exist, so a crash or a signal at any moment is
    said as well as it can be then.
    """

    lang: Language | None = None
    announcer: Announcer | None = None
    terminal: Controller | None = None

    def saved(self) -> bool:
        """Whether the game being played is saved: its file was written and the last save worked."""
        session = None if self.terminal is None else self.terminal.session
        return (session is not None and session.save_to is not None and session.save_error is None
                and session.save_to.exists())


_playing = _Playing()


#: The terminal front end's work once the voice is there: (launch, language, announcer, settings) -> exit status.
Console = Callable[[Launch, Language, Announcer, config.Settings], int]


def run(launch: Launch, console: Console | None = None) -> int:
    """Play what ``launch`` asks for; the exit status (0 also when input ends).

    ``console`` replaces the terminal's games and main menu (``accessible-dice online`` and ``referee``
    bring their own), with the same voice, settings, signals and crash guard.
    """
    return guarded(lambda: _run(launch, console or _console))


def guarded(work: Callable[[], int]) -> int:
    """``work()``'s exit status, with no traceback ever: a crash is said (:func:`_crashed`), Ctrl+C and
    the signals of :class:`Stopped` end quietly. Play and ``--history`` both run through it."""
    try:
        ending.catch_signals()  # raises an ending noted while the program loaded
        return work()
    except KeyboardInterrupt:
        return 130
    except Stopped as stopped:
        return stopped.status()
    except BrokenPipeError:
        # Whoever read our output has gone (``| head``): nothing left to say to.
        # Point stdout at the null device so the interpreter's final flush is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # the player must never see a traceback
        return _crashed(error)


def _crashed(error: Exception) -> int:
    """Say that the program has to stop, in the player's language and voice; the details go to ``error.log``."""
    lang = _playing.lang or language(None)
    _ = lang._
    where = data_dir() / "error.log"
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with where.open("a", encoding="utf-8") as log:
            log.write("".join(traceback.format_exception(error)))
        # Translators: after a crash; {path} is the log file with the details, for a bug report.
        detail = _("The details are in {path}.").format(path=where)
    except OSError:
        # Translators: after a crash, when even the log file could not be written.
        detail = _("No details could be written.")
    # Translators: an unexpected error ends the program; {error} is its technical name, for a bug report.
    said = [_("Something went wrong ({error}) and the program has to stop.").format(error=type(error).__name__)]
    if _playing.saved():
        # Translators: after a crash: the game in progress was saved after its last move.
        said.append(_("The game is saved."))
    text = " ".join([*said, detail])
    print(f"accessible-dice: {text}", file=sys.stderr)
    _speak(answer(text))
    return 1


def _speak(utterance: Utterance) -> None:
    """Say ``utterance`` with the voice alone, where there is one (a text voice would print it twice)."""
    voice = None if _playing.announcer is None else _playing.announcer.voice
    if voice is not None and getattr(voice, "backend", None) != "text":
        try:
            voice.speak(utterance)
        except Exception:  # the program is ending anyway; the line on standard error stands
            logging.getLogger(__name__).info("the crash could not be spoken", exc_info=True)


def _leaving(announcer: Announcer, lang: Language) -> None:
    """Ctrl+C or a signal: the goodbye, saying whether the game is saved (the terminal may be gone)."""
    terminal, session = _playing.terminal, None if _playing.terminal is None else _playing.terminal.session
    try:
        if terminal is not None and session is not None:
            terminal.goodbye(session)
        else:
            # Translators: leaving the program (Ctrl+C or a signal) from a menu, with no game being played.
            announcer.say(answer(lang._("Goodbye.")))
    except OSError:  # SIGHUP: the terminal that would show it is gone
        pass


def _stdout() -> TextIO:
    """Standard output that cannot fail on a character the terminal's encoding lacks."""
    stream = sys.stdout
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace", line_buffering=True)
    return stream


def _stdin() -> None:
    """Standard input that cannot fail on bytes the locale's encoding rejects.

    A Latin-1 or CP1252 terminal sends ``hjälp`` or ``würfeln`` as single
    bytes, which are not UTF-8: each becomes U+FFFD, and the line is refused
    in words like any unknown command.
    """
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")


def _read_line() -> str | None:
    """The next typed line; ``None`` at the end of input, also with no standard input at all (``<&-``)
    or one that cannot be read any more (the terminal went away)."""
    ending.asked()  # a Ctrl+C swallowed where it was raised ends the program here
    if sys.stdin is None:
        return None
    try:
        line = sys.stdin.readline()
    except OSError:
        return None
    return None if line == "" else line.rstrip("\r\n")


#: SDL video drivers that show nothing on a screen: with one of them chosen, auto means the terminal.
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})


def display_available(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """Whether ``--ui auto`` may open the window: a display exists, and SDL is not told to draw nowhere.

    Windows and macOS always have one; elsewhere X11 (``DISPLAY``) or Wayland
    (``WAYLAND_DISPLAY``) must be there. ``SDL_VIDEODRIVER`` set to
    ``dummy`` or ``offscreen`` (tests, servers) means no one would see it.
    """
    if environ.get("SDL_VIDEODRIVER", "").strip().lower() in HEADLESS_DRIVERS:
        return False
    if platform in ("win32", "darwin"):
        return True
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


#: Seconds an X server has to answer the display probe (over SSH the forwarding answers in milliseconds).
PROBE_SECONDS = 1.0


def display_answers(environ: Mapping[str, str] = os.environ, timeout: float = PROBE_SECONDS) -> bool:
    """Whether the display named is really there: the Wayland socket exists, or the X server takes a connection.

    ``display_available`` only sees that ``DISPLAY`` is set; over SSH it is
    often stale (the forwarding closed), and SDL then falls back to drawing
    nowhere and the window waits for keys that cannot come. So the X socket
    (``:0`` is ``/tmp/.X11-unix/X0``; ``host:10`` is TCP port 6010) is
    tried, within ``timeout``. With ``SDL_VIDEODRIVER`` set to a headless
    driver, the window was asked to draw nowhere (tests), and that answers.
    """
    if environ.get("SDL_VIDEODRIVER", "").strip().lower() in HEADLESS_DRIVERS:
        return True
    wayland = environ.get("WAYLAND_DISPLAY", "")
    if wayland and Path(environ.get("XDG_RUNTIME_DIR", "/run/user"), wayland).exists():
        return True
    host, _colon, rest = environ.get("DISPLAY", "").rpartition(":")
    number = rest.split(".")[0]
    if not number.isdigit():
        return False
    if host in ("", "unix"):
        family, address = socket.AF_UNIX, f"/tmp/.X11-unix/X{number}"
        if not Path(address).exists():
            return False
    else:
        family, address = socket.AF_INET, (host, 6000 + int(number))  # type: ignore[assignment]
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(timeout)
            probe.connect(address)
    except OSError:
        return False
    return True


class NoDisplay(Exception):
    """``--ui window`` where no window can be shown: said in one line, exit status 2."""


def _front_end(launch: Launch, lang: Language | None = None) -> str:
    """The front end to use: the window where asked (or, for auto, where a display answers), else the terminal.

    A display that is set but does not answer is said in one line: ``auto``
    then uses the terminal, and an explicit ``--ui window`` raises
    :class:`NoDisplay` with the line to say.
    """
    _ = (lang or language(None))._
    window = importlib.util.find_spec("accessible_dice.ui.window") is not None
    if launch.ui == "window" and not window:
        print("accessible-dice: the window front end is not available yet; using the terminal.", file=sys.stderr)
    wanted = launch.ui == "window" or (launch.ui == "auto" and display_available())
    if not (wanted and window):
        return "console"
    if display_answers():
        return "window"
    shown = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or ""
    if launch.ui == "window":
        # Translators: --ui window without a display that answers; {display} is the DISPLAY value (may be empty).
        raise NoDisplay(_("The window cannot be shown: no display answers at {display}.").format(
            display=shown or '""'))
    # Translators: --ui auto found DISPLAY set but nothing answering (a stale SSH forwarding); {display} is it.
    print("accessible-dice: " + _("No display answers at {display}; using the terminal.").format(display=shown),
          file=sys.stderr)
    return "console"


def _outputs(launch: Launch, lang: Language, chosen: config.Settings) -> Announcer:
    """The printed lines, the chosen speech output and the sound cues, together.

    The speaker is the real one (``--speech``); when it speaks through its
    ``text`` backend it prints the lines itself, so the terminal does not
    print them twice. ``auto`` here never speaks through a running screen
    reader, which reads the printed lines itself (docs/speech.md). While the built-in voice talks, the cues step back.
    The voice and the cues start as the settings say.
    """
    stream = _stdout()
    cues = _cues()
    if cues is not None:
        cues.follow(chosen)

    def duck(_utterance: Utterance, speaking: bool) -> None:
        if cues is not None:
            cues.ducked = speaking

    voice = dataclasses.replace(chosen.voice_settings(), language=lang.code)
    speaker = Speaker(launch.speech, settings=voice, gettext=lang._, stream=stream, on_voice=duck, terminal=True)
    return Announcer(stream, speaker, cues, mark=refusal_mark(lang))


def _cues() -> SoundPlayer | None:
    """Sound cues (silent without an audio device); ``None`` if the mixer cannot even be loaded."""
    try:
        return SoundPlayer()
    except Exception:  # no sound is never a reason to stop the game
        return None


def _run(launch: Launch, console: Console) -> int:
    _log_to_files()
    _stdin()
    for folder in (data_dir(), data_dir() / "saves", config_dir()):
        remove_stale_temporaries(folder)
    loaded = config.load()
    launch = launch.with_settings(loaded.settings)
    lang = _playing.lang = language(launch.lang)
    try:
        front_end = _front_end(launch, lang)
    except NoDisplay as refusal:
        print(f"accessible-dice: {refusal}", file=sys.stderr)
        return 2
    if front_end == "window" and launch.ui != "web":
        from accessible_dice.ui.window.run import run_window

        status = run_window(launch, lang, loaded.problems)
        if not isinstance(status, Launch):
            return int(status)
        launch = status  # the window handed over to the browser
    if launch.ui == "web":
        from accessible_dice.ui.web import run_web

        return run_web(launch, lang)
    announcer = _playing.announcer = _outputs(launch, lang, loaded.settings)
    try:
        for said in settings_words.problems(loaded.problems, lang):
            announcer.say(said)
        return console(launch, lang, announcer, loaded.settings)
    except (KeyboardInterrupt, Stopped) as end:  # said while the voice is still there
        _leaving(announcer, lang)
        return end.status() if isinstance(end, Stopped) else 130
    except Exception as error:
        return _crashed(error)
    finally:
        announcer.close()
        audio.shutdown()


def _console(launch: Launch, lang: Language, announcer: Announcer, chosen: config.Settings) -> int:
    """The terminal front end: the game asked for, the saved one, or the main menu."""

    def changed(now: config.Settings) -> None:
        terminal.verbosity = Verbosity.named(now.verbosity)
        terminal.follow_voice(now)
        if isinstance(announcer.cues, SoundPlayer):
            announcer.cues.follow(now)

    def online() -> None:  # the main menu's Play online (its network parts load only when chosen)
        from accessible_dice.play.online import play_online

        play_online(announcer, lang, screen, lines)

    screen = SettingsScreen(lang, chosen, config.settings_path(), changed, getattr(announcer.voice, "voices", tuple))
    lines = Lines(_read_line, typed_lines())
    terminal = _playing.terminal = Controller(announcer, lines.read, lang, Verbosity.named(launch.verbosity), screen)
    terminal.line_ready = lines.ready
    for said in start_news(lang):
        announcer.say(said)
    menu = Menu(announcer, lines.read, lang, manual=launch.dice == "manual", seed=launch.seed,
                dice_given="dice" in launch.given, saves=saved_games.folder(), record_to=history_path(),
                settings=screen, remember_to=data_dir() / MENU_MEMORY, online=online)
    if launch.game is not None:
        playing: tuple[Session, bool] | None = (asked_for(launch.game, launch, lang), False)
    else:
        resumed = resumed_session(launch, announcer, lang) if launch.resume else None
        playing = (resumed, True) if resumed is not None else menu.run()
    while playing is not None:
        session = playing[0]
        outcome = terminal.play(*playing)
        if outcome == "rematch":
            playing = (rematch(session), False)
        elif outcome == "new":
            playing = menu.run()
        else:
            return 0
    # Translators: leaving the program from the main menu.
    announcer.say(answer(lang._("Goodbye.")))
    return 0


class _OneLine(logging.Formatter):
    """Diagnostics on standard error: one line each, never a traceback (that goes to the log file)."""

    def format(self, record: logging.LogRecord) -> str:
        return f"accessible-dice: {record.getMessage()}"


class _LogFile(logging.FileHandler):
    """The data folder's log, which a full disk must not turn into a Python traceback on the player's terminal
    (reliability P2: "--- Logging error --- Traceback ... No space left on device"): the first failure is said
    in one sentence on standard error, later ones are dropped; the game goes on (and says a failed save)."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        reason = getattr(error, "strerror", None) or str(error)
        print(f"accessible-dice: the log file {self.baseFilename} cannot be written ({reason}); "
              "the game goes on without it.", file=sys.stderr)


def _log_to_files() -> None:
    """Warnings as one line on standard error; everything, with tracebacks, in the data folder's log."""
    root = logging.getLogger()
    if root.handlers:
        return
    root.setLevel(logging.INFO)
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setLevel(logging.WARNING)
    stderr.setFormatter(_OneLine())
    root.addHandler(stderr)
    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        log = _LogFile(folder / "accessible-dice.log", encoding="utf-8")
    except OSError:
        return
    log.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(log)
