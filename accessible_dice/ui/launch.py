"""From a checked command line to a running game: ``run(launch) -> exit status``.

Chooses the front end, the language, the speech and sound outputs, then
starts the game asked for (``--game``), the saved one (``--resume``) or the
main menu. No traceback ever reaches the player: an unexpected error is
written to ``error.log`` in the data folder and summed up in one line on
standard error; the game was saved after its last action.
"""

from __future__ import annotations

import importlib.util
import sys
import traceback
from typing import TextIO

from accessible_dice.cli import Launch
from accessible_dice.errors import N_, DiceError
from accessible_dice.presentation.describe import answer, news
from accessible_dice.presentation.i18n import Language, language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.save import BadSave
from accessible_dice.session import Session, data_dir, new_session, save_path
from accessible_dice.ui.menu import Menu, default_players
from accessible_dice.ui.terminal import Announcer, CuePlayer, Terminal, Voice
from accessible_dice.utterance import Cue


class NoSavedGame(DiceError):
    # Translators: --resume, or continue, when nothing is saved.
    template = N_("There is no saved game to continue.")


def run(launch: Launch) -> int:
    """Play what ``launch`` asks for; the exit status (0 also when input ends)."""
    try:
        return _run(launch)
    except KeyboardInterrupt:
        return 130
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


def _front_end(launch: Launch) -> str:
    """The front end to use: the window where asked and available, else the terminal."""
    window = importlib.util.find_spec("accessible_dice.ui.window") is not None
    if launch.ui == "window" and not window:
        print("accessible-dice: the window front end is not available yet; using the terminal.", file=sys.stderr)
    return "window" if launch.ui in ("window", "auto") and window else "console"


def _voice(launch: Launch) -> Voice | None:
    """The spoken output beside the printed lines; ``None`` while no voice backend exists."""
    if launch.speech not in ("text", "none"):
        print(f"accessible-dice: --speech {launch.speech}: no voice is available yet; printing text.",
              file=sys.stderr)
    return None


def _cues() -> CuePlayer | None:
    """Sound cues, when the sound player is installed (silent without an audio device)."""
    if importlib.util.find_spec("accessible_dice.sound") is None:
        return None
    from accessible_dice.sound import SoundPlayer

    return SoundPlayer()  # type: ignore[no-any-return]


def _run(launch: Launch) -> int:
    lang = language(launch.lang)
    if _front_end(launch) == "window":
        from accessible_dice.ui.window import run_window  # type: ignore[import-not-found]

        return int(run_window(launch, lang))
    announcer = Announcer(_stdout(), _voice(launch), _cues())
    terminal = Terminal(announcer, _read_line, lang, Verbosity.named(launch.verbosity))
    manual = launch.dice == "manual"
    if launch.game is not None:
        players = launch.players or default_players(lang)
        session = new_session(launch.game, players, launch.options, manual=manual, seed=launch.seed,
                              save_to=save_path())
        terminal.play(session)
        return 0
    resumed = _resumed(launch, announcer, lang) if launch.resume else None
    menu = Menu(announcer, _read_line, lang, manual=manual, seed=launch.seed, save_to=save_path())
    while True:
        chosen = (resumed, True) if resumed is not None else menu.run()
        resumed = None
        if chosen is None:
            # Translators: leaving the program from the main menu.
            announcer.say(answer(lang._("Goodbye.")))
            return 0
        if terminal.play(*chosen) != "over":
            return 0


def _resumed(launch: Launch, announcer: Announcer, lang: Language) -> Session | None:
    """The saved game for ``--resume``; without one, say why (the menu opens next)."""
    path = save_path()
    try:
        if not path.exists():
            raise NoSavedGame()
        return Session.resume(path, manual=launch.dice == "manual", seed=launch.seed)
    except (BadSave, NoSavedGame) as error:
        announcer.say(news(error.render(lang._, lang.ngettext), Cue("invalid")))
        return None
