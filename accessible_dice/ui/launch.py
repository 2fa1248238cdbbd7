"""From a checked command line to a running game: ``run(launch) -> exit status``.

Chooses the front end, the language, the speech and sound outputs, then
starts the game asked for (``--game``), the saved one (``--resume``) or the
main menu. No traceback ever reaches the player: an unexpected error is
written to ``error.log`` in the data folder and summed up in one line on
standard error; the game was saved after its last action.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import sys
import traceback
from collections.abc import Mapping
from typing import TextIO

from accessible_dice import settings as config
from accessible_dice.errors import N_, DiceError
from accessible_dice.history import history_path
from accessible_dice.presentation import settings as settings_words
from accessible_dice.presentation.describe import answer, news
from accessible_dice.presentation.i18n import Language, language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.save import BadSave
from accessible_dice.session import Session, new_session, save_path
from accessible_dice.sound import SoundPlayer
from accessible_dice.speech import Speaker
from accessible_dice.storage import data_dir
from accessible_dice.ui.launch_request import Launch
from accessible_dice.ui.terminal import Announcer, Terminal
from accessible_dice.ui.terminal.menu import Menu, default_players
from accessible_dice.ui.terminal.settings_screen import SettingsScreen
from accessible_dice.utterance import Cue, Utterance


class NoSavedGame(DiceError):
    # Translators: --resume, or continue, when nothing is saved.
    template = N_("There is no saved game to continue.")


def run(launch: Launch) -> int:
    """Play what ``launch`` asks for; the exit status (0 also when input ends)."""
    try:
        return _run(launch)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Whoever read our output has gone (``| head``): nothing left to say to.
        # Point stdout at the null device so the interpreter's final flush is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # the player must never see a traceback
        return _crashed(error)


def _crashed(error: Exception) -> int:
    where = data_dir() / "error.log"
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with where.open("a", encoding="utf-8") as log:
            log.write("".join(traceback.format_exception(error)))
        detail = f"details are in {where}"
    except OSError:
        detail = "no log could be written"
    print(f"accessible-dice: something went wrong ({type(error).__name__}); the game was saved; {detail}.",
          file=sys.stderr)
    return 1


def _stdout() -> TextIO:
    """Standard output that cannot fail on a character the terminal's encoding lacks."""
    stream = sys.stdout
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace", line_buffering=True)
    return stream


def _read_line() -> str | None:
    line = sys.stdin.readline()
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


def _front_end(launch: Launch) -> str:
    """The front end to use: the window where asked (or, for auto, where a display exists), else the terminal."""
    window = importlib.util.find_spec("accessible_dice.ui.window") is not None
    if launch.ui == "window" and not window:
        print("accessible-dice: the window front end is not available yet; using the terminal.", file=sys.stderr)
    wanted = launch.ui == "window" or (launch.ui == "auto" and display_available())
    return "window" if wanted and window else "console"


def _outputs(launch: Launch, lang: Language, chosen: config.Settings) -> Announcer:
    """The printed lines, the chosen speech output and the sound cues, together.

    The speaker is the real one (``--speech``); when it speaks through its
    ``text`` backend it prints the lines itself, so the terminal does not
    print them twice. While the built-in voice talks, the cues step back.
    The voice and the cues start as the settings say.
    """
    stream = _stdout()
    cues = _cues()
    if cues is not None:
        _sound_settings(cues, chosen)

    def duck(_utterance: Utterance, speaking: bool) -> None:
        if cues is not None:
            cues.ducked = speaking

    voice = dataclasses.replace(chosen.voice_settings(), language=lang.code)
    speaker = Speaker(launch.speech, settings=voice, gettext=lang._, stream=stream, on_voice=duck)
    return Announcer(stream, speaker, cues)


def _sound_settings(cues: SoundPlayer, chosen: config.Settings) -> None:
    """The cues' volume and mute, from the settings (at start, and when they change)."""
    cues.volume = chosen.sound_volume / 100
    cues.muted = chosen.sound_mute


def _cues() -> SoundPlayer | None:
    """Sound cues (silent without an audio device); ``None`` if the mixer cannot even be loaded."""
    try:
        return SoundPlayer()
    except Exception:  # no sound is never a reason to stop the game
        return None


def _run(launch: Launch) -> int:
    _log_to_files()
    loaded = config.load()
    launch = launch.with_settings(loaded.settings)
    lang = language(launch.lang)
    if _front_end(launch) == "window":
        from accessible_dice.ui.window.run import run_window  # type: ignore[import-not-found]

        return int(run_window(launch, lang, loaded.problems))
    announcer = _outputs(launch, lang, loaded.settings)
    try:
        for said in settings_words.problems(loaded.problems, lang):
            announcer.say(said)
        return _console(launch, lang, announcer, loaded.settings)
    finally:
        announcer.close()


def _console(launch: Launch, lang: Language, announcer: Announcer, chosen: config.Settings) -> int:
    """The terminal front end: the game asked for, the saved one, or the main menu."""

    def changed(now: config.Settings) -> None:
        terminal.verbosity = Verbosity.named(now.verbosity)
        if isinstance(announcer.cues, SoundPlayer):
            _sound_settings(announcer.cues, now)

    screen = SettingsScreen(lang, chosen, config.settings_path(), changed)
    terminal = Terminal(announcer, _read_line, lang, Verbosity.named(launch.verbosity), screen)
    manual = launch.dice == "manual"
    if launch.game is not None:
        terminal.play(asked_for(launch.game, launch, lang))
        return 0
    resumed = _resumed(launch, announcer, lang) if launch.resume else None
    menu = Menu(announcer, _read_line, lang, manual=manual, seed=launch.seed, save_to=save_path(),
                record_to=history_path(), settings=screen)
    while True:
        chosen = (resumed, True) if resumed is not None else menu.run()
        resumed = None
        if chosen is None:
            # Translators: leaving the program from the main menu.
            announcer.say(answer(lang._("Goodbye.")))
            return 0
        if terminal.play(*chosen) != "over":
            return 0


class _OneLine(logging.Formatter):
    """Diagnostics on standard error: one line each, never a traceback (that goes to the log file)."""

    def format(self, record: logging.LogRecord) -> str:
        return f"accessible-dice: {record.getMessage()}"


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
        log = logging.FileHandler(folder / "accessible-dice.log", encoding="utf-8")
    except OSError:
        return
    log.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(log)


def asked_for(game_id: str, launch: Launch, lang: Language) -> Session:
    """The session ``--game`` starts, in either front end: the players named (or the default
    names), the options, dice and seed given, saved and recorded as every game is."""
    players = launch.players or default_players(lang)
    return new_session(game_id, players, launch.options, manual=launch.dice == "manual", seed=launch.seed,
                       save_to=save_path(), record_to=history_path())


def _resumed(launch: Launch, announcer: Announcer, lang: Language) -> Session | None:
    """The saved game for ``--resume``; without one, say why (the menu opens next)."""
    path = save_path()
    try:
        if not path.exists():
            raise NoSavedGame()
        return Session.resume(path, manual=launch.dice == "manual", seed=launch.seed, record_to=history_path())
    except (BadSave, NoSavedGame) as error:
        announcer.say(news(error.render(lang._, lang.ngettext), Cue("invalid")))
        return None
