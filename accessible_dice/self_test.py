"""``accessible-dice --self-test``: what works on this computer, said in words a player can send.

A player who downloaded a bundle (docs/install.md), or whose game stays
silent, runs it and reads (or sends, in a problem report) one line per part:
the data files the program ships (translations, sound files, rules pages,
the web page's files), a short scripted game of every game in the registry
with its save written and read back in a temporary folder, the sound device,
each speech route (the screen reader, the built-in voice, text lines), and
the window. The exit status is 0 when everything the games need works; a
missing screen reader, sound device or display is reported, not a failure,
since the games are played without them. It takes a few seconds, touches
none of the player's files, and prints each line as soon as it is known, so
there is never a silent wait.

The window is opened where a display exists; elsewhere every board is drawn
off screen (SDL's dummy driver), so the fonts and drawing are still tested,
and the line says the window itself was skipped.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import platform
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from accessible_dice import __version__, audio, save, strategy
from accessible_dice.games import GAMES, game_class
from accessible_dice.games.base import Move
from accessible_dice.games.options import resolve
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.i18n import LANGUAGES, Language, language
from accessible_dice.presentation.rules import pages_dir
from accessible_dice.session import Session, new_session, simple_move
from accessible_dice.speech.backend import Backend, BackendUnavailable, TextBackend
from accessible_dice.strategy.common import LEVELS
from accessible_dice.ui.launch_request import Launch
from accessible_dice.utterance import Cue, Utterance

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

#: A scripted game stops here if it has not ended (it never should: each game ends in fewer).
MOST_STEPS = 3_000
#: Its dice, the same every run, so a failure can be replayed.
SEED = 30
#: Seconds a speech route has to say the test sentence.
SPEAK_LIMIT = 5.0
#: The window's size while every board is drawn.
WINDOW_SIZE = (800, 600)

WORKS, BROKEN, ABSENT = "works", "broken", "absent"


@dataclass(frozen=True)
class Finding:
    """One part checked: its name (translated), how it went, and what was found, in words.

    ``needed``: the games cannot be played as shipped when this part is
    broken (a data file, a game, the save); otherwise a broken or absent part
    is said and the games go on without it.
    """

    part: str
    state: str
    detail: str
    needed: bool = True

    @property
    def failed(self) -> bool:
        return self.needed and self.state == BROKEN

    def line(self, lang: Language) -> str:
        _ = lang._
        if self.state == WORKS:
            # Translators: a line of the self-test: {part} works; {detail} says what was tried.
            text = _("{part}: works ({detail}).")
        elif self.state == ABSENT:
            # Translators: a line of the self-test: {part} is not on this computer (or was skipped); {detail} why.
            text = _("{part}: not here ({detail}).")
        else:
            # Translators: a line of the self-test: {part} does not work; {detail} is the reason.
            text = _("{part}: does not work ({detail}).")
        return text.format(part=self.part, detail=self.detail.rstrip("."))


def _reason(error: BaseException) -> str:
    """An error as a short reason: the system's words, never a traceback (that goes to the log)."""
    log.info("self-test: %s", error, exc_info=error)
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return " ".join(text.split()) or type(error).__name__


# ---------------------------------------------------------------- the shipped data files


def check_catalogs(lang: Language) -> Finding:
    """Every language: its compiled catalog (English needs none) and its number and list words (babel's data)."""
    # Translators: a part of the self-test: the translations of the program's words.
    part = lang._("Translations")
    lacking = []
    for code in LANGUAGES:
        try:
            found = language(code)
            found.numbers([1, 2, 1_000_000])
        except Exception as error:
            lacking.append(f"{code}: {_reason(error)}")
            continue
        if found.code != code:
            lacking.append(code)
    if lacking:
        # Translators: the self-test found no translations for these languages; {codes} is a list like "cs, de".
        return Finding(part, BROKEN, lang._("missing: {codes}").format(codes=", ".join(lacking)))
    return Finding(part, WORKS, ", ".join(LANGUAGES))


def check_sounds(lang: Language) -> Finding:
    """Every sound cue's file, read as the game reads it."""
    from accessible_dice.sound import CUE_MEANINGS, read_wav, sounds_dir

    # Translators: a part of the self-test: the sound files of the game's cues.
    part = lang._("Sound files")
    lacking = []
    for cue in CUE_MEANINGS:
        try:
            read_wav(sounds_dir() / f"{cue}.wav")
        except Exception as error:
            lacking.append(f"{cue}.wav: {_reason(error)}")
    if lacking:
        return Finding(part, BROKEN, "; ".join(lacking))
    # Translators: what the self-test read: {count} sound files.
    return Finding(part, WORKS, lang.ngettext("{count} file read", "{count} files read", len(CUE_MEANINGS))
                   .format(count=lang.number(len(CUE_MEANINGS))))


def check_rules(lang: Language) -> Finding:
    """Every game's rules page, in English and in each translation."""
    # Translators: a part of the self-test: the rules pages of the games.
    part = lang._("Rules pages")
    pages = [pages_dir(game) / code / f"{game}.md" for game in GAMES for code in LANGUAGES[1:]]
    pages += [pages_dir(game) / f"{game}.md" for game in GAMES]
    lacking = [f"{path.parent.name}/{path.name}" for path in pages if not path.is_file()]
    if lacking:
        return Finding(part, BROKEN, lang._("missing: {codes}").format(codes=", ".join(lacking)))
    return Finding(part, WORKS, lang.ngettext("{count} file read", "{count} files read", len(pages))
                   .format(count=lang.number(len(pages))))


def check_web_page(lang: Language) -> Finding:
    """The browser page (``--ui web``): its page and every file it asks the server for."""
    # Translators: a part of the self-test: the files of the page played in the browser (--ui web).
    part = lang._("Web page files")
    static = resources.files("accessible_dice.ui.web").joinpath("static")
    try:
        names = {"index.html", "join.html"}
        for page in sorted(names):
            names |= set(re.findall(r"/static/([\w.-]+)", static.joinpath(page).read_text(encoding="utf-8")))
        for name in names:
            static.joinpath(name).read_bytes()
    except Exception as error:
        return Finding(part, BROKEN, _reason(error))
    return Finding(part, WORKS, ", ".join(sorted(names)))


# ---------------------------------------------------------------- the games and their saves


def scripted_game(game_id: str, lang: Language, folder: Path) -> tuple[Session, list[Utterance]]:
    """A game of computer players to its end, every event said, saved after each step as always.

    The save is read back and compared with the game after steps 1, 2, 4, 8... and at the end (reading
    replays the whole game, so after every step would take seconds). Raises what goes wrong; a save read
    back different from the game is an ``AssertionError``.
    """
    cls = game_class(game_id)
    players = [f"cpu {n}" for n in range(1, max(2, cls.min_players) + 1)][:cls.max_players]
    path = folder / f"{game_id}.json"
    session = new_session(game_id, players, resolve(game_id, cls.options_spec, {}), seed=SEED, save_to=path)
    presenter = presenter_for(session.game, lang, computers=session.computers)
    said = [presenter.opening()]
    for step in range(1, MOST_STEPS + 1):
        events = session.roll() if session.request() is not None else session.act(_move(session))
        said += [u for u in [presenter.announce(events)] if u is not None]
        if session.save_error is not None:
            raise OSError(session.save_error)
        over = session.game.is_over()
        if (over or step & (step - 1) == 0) and save.dumps(save.read(path)) != save.dumps(session.game):
            raise AssertionError("the save read back is not the game")
        if over:
            return session, said
    raise AssertionError(f"not over after {MOST_STEPS} steps")


def _move(session: Session) -> Move:
    """A computer player's move of the weakest level where the game has its own (QUICLO's, which loses
    lives: the best one never does, and the game would not end), else the game's plain move where it has
    one (Storeslem's greedy strike), else any legal move, chosen by the seeded dice: the first legal
    move can be a step that goes nowhere for ever (Yatzy's hold and release). The strategies' advice is
    not asked: Yatzy's table may take half a minute to make the first time."""
    game, rng = session.game, session.dice.rng
    player = strategy.own_part(game, "computer_play")
    if player is not None:
        move = player(game, rng, min(LEVELS.values()))
    else:
        move = game.plain_move(rng)
        if move is None:
            moves = game.legal_moves()
            move = rng.choice(moves) if moves else simple_move(game, rng)
    if move is None:
        raise AssertionError("the game waits for a move but lists none")
    return move


def check_game(game_id: str, lang: Language, folder: Path) -> Finding:
    part = lang._(GAMES[game_id].title)
    try:
        session, said = scripted_game(game_id, lang, folder)
    except Exception as error:
        return Finding(part, BROKEN, _reason(error))
    steps = len(session.game.history)
    # Translators: what the self-test did with a game: {count} steps played to the end, saved and read back
    # after each, {said} announcements made.
    return Finding(part, WORKS, lang.ngettext(
        "a game of {count} step played to the end, saved and read back, {said} announcements",
        "a game of {count} steps played to the end, saved and read back, {said} announcements", steps)
        .format(count=lang.number(steps), said=lang.number(len(said))))


# ---------------------------------------------------------------- sound, speech, window


def check_sound(lang: Language) -> Finding:
    """The sound device: the mixer opened, and one cue played on it."""
    from accessible_dice.sound import SoundPlayer

    # Translators: a part of the self-test: the sound device and the game's sound cues.
    part = lang._("Sound")
    if not audio.ensure_mixer():
        # Translators: the self-test found no sound device; the games are played without sound.
        return Finding(part, ABSENT, lang._("no sound device was found; the games play without sound"), False)
    player = SoundPlayer()
    try:
        player.play(Cue("dice_land"))
    except Exception as error:
        return Finding(part, BROKEN, _reason(error), False)
    finally:
        player.close()
    # Translators: what the self-test did with the sound device.
    return Finding(part, WORKS, lang._("a sound cue was played"), False)


def _routes(lang: Language) -> list[tuple[str, Callable[[], Backend]]]:
    """The speech routes, in the order ``auto`` tries them, each with its name for the self-test."""
    from accessible_dice.speech.screenreader import ScreenReaderBackend
    from accessible_dice.speech.tts import TtsBackend

    return [
        # Translators: a part of the self-test: speech through the player's screen reader.
        (lang._("Speech through the screen reader"), ScreenReaderBackend),
        # Translators: a part of the self-test: speech in the program's own voice.
        (lang._("Built-in voice"), TtsBackend),
        # Translators: a part of the self-test: speech as lines of text (read by a terminal's screen reader).
        (lang._("Text lines"), lambda: TextBackend(io.StringIO())),
    ]


def check_speech(lang: Language, part: str, make: Callable[[], Backend]) -> Finding:
    """One speech route: started as the game starts it, and one sentence said through it."""
    # Translators: the sentence the self-test says through each speech route.
    sentence = lang._("This is the self-test of the dice games.")
    lost: list[BaseException] = []
    backend = make()
    try:
        backend.start(lambda _said, error: lost.append(error))
    except BackendUnavailable as error:
        return Finding(part, ABSENT, _reason(error), needed=False)
    except Exception as error:
        return Finding(part, BROKEN, _reason(error), needed=isinstance(backend, TextBackend))
    try:
        backend.speak(Utterance(sentence))
        if not backend.drain(SPEAK_LIMIT) or lost:
            # Translators: a speech route of the self-test took the sentence but did not say it in time.
            reason = _reason(lost[0]) if lost else lang._("the sentence was not said in time")
            return Finding(part, BROKEN, reason, needed=isinstance(backend, TextBackend))
        label = backend.label(lang._)
    finally:
        backend.close()
    # Translators: what the self-test did with a speech route; {route} names it (a screen reader's name, say).
    return Finding(part, WORKS, lang._("a sentence was said through {route}").format(route=label),
                   needed=isinstance(backend, TextBackend))


@contextlib.contextmanager
def _video_driver(on_screen: bool) -> Iterator[None]:
    """SDL's dummy video driver while drawing off screen; the environment as it was afterwards."""
    before = os.environ.get("SDL_VIDEODRIVER")
    if not on_screen:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = before


def check_window(lang: Language, folder: Path) -> Finding:
    """Every game's board drawn in the window: on the display where one exists, else off screen."""
    from accessible_dice.ui.launch import display_available

    # Translators: a part of the self-test: the large high-contrast window.
    part = lang._("Window")
    on_screen = display_available()
    try:
        with _video_driver(on_screen):
            drawn = _draw_boards(lang, folder)
    except Exception as error:
        return Finding(part, BROKEN, _reason(error), needed=not on_screen)
    if not on_screen:
        # Translators: the self-test found no display; {count} boards were drawn where nobody sees them.
        return Finding(part, ABSENT, lang.ngettext(
            "no display, so the window was skipped; {count} board was drawn off screen",
            "no display, so the window was skipped; {count} boards were drawn off screen", drawn)
            .format(count=lang.number(drawn)), needed=True)
    # Translators: what the self-test did with the window: {count} game boards drawn in it.
    return Finding(part, WORKS, lang.ngettext("{count} board drawn", "{count} boards drawn", drawn)
                   .format(count=lang.number(drawn)), needed=False)


def _draw_boards(lang: Language, folder: Path) -> int:
    """Open the window, draw each game's board in it after a few steps, close it; how many were drawn."""
    import pygame

    from accessible_dice.ui.window import Window
    from accessible_dice.ui.window.game import GameScreen

    window = Window(lang, None, None, pace=0)
    window.open(WINDOW_SIZE)
    try:
        for game_id in GAMES:
            cls = game_class(game_id)
            session = new_session(game_id, ["cpu 1", "cpu 2"][:cls.max_players],
                                  resolve(game_id, cls.options_spec, {}), seed=SEED)
            for _step in range(6):
                if session.request() is not None:
                    session.roll()
                elif not session.game.is_over():
                    session.act(_move(session))
            window.push(GameScreen(window, session))
            drawn = window.draw()
            if not drawn.texts or len(_colours(window.surface)) < 2:
                raise AssertionError(f"nothing was drawn for {game_id}")
            pygame.display.flip()
            window.pop()
    finally:
        window.close()
    return len(GAMES)


def _colours(surface: pygame.Surface | None) -> set[tuple[int, ...]]:
    """The colours on a grid of the surface's points: the background's alone means nothing is seen."""
    if surface is None:
        return set()
    width, height = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, width, 7) for y in range(0, height, 7)}


# ---------------------------------------------------------------- the whole test


def findings(lang: Language) -> Iterator[Finding]:
    """Each part's finding, in the order said, as soon as it is known."""
    yield check_catalogs(lang)
    yield check_sounds(lang)
    yield check_rules(lang)
    yield check_web_page(lang)
    with tempfile.TemporaryDirectory(prefix="accessible-dice-self-test-") as temporary:
        folder = Path(temporary)
        for game_id in GAMES:
            yield check_game(game_id, lang, folder)
        sound = check_sound(lang)
        yield sound
        if sound.state != WORKS:
            _silent_mixer()  # so the built-in voice can still be tried: rendered, if not heard
        for part, make in _routes(lang):
            yield check_speech(lang, part, make)
        yield check_window(lang, folder)
    audio.shutdown()


def _silent_mixer() -> None:
    """A mixer on SDL's dummy sound driver, where no device opened."""
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    audio.retry_mixer()
    audio.ensure_mixer()


def run(lang: Language, out: TextIO | None = None) -> int:
    """Print the self-test, line by line; 0 when everything the games need works, else 1."""
    out = out or sys.stdout
    _ = lang._
    # Translators: the first line of the self-test; {version} is the program's, {system} the computer's.
    print(_("Self-test of accessible-dice {version} on {system}:").format(
        version=__version__, system=f"{platform.system()} {platform.release()}, Python {platform.python_version()}"),
        file=out, flush=True)
    failed = False
    for finding in findings(lang):
        failed |= finding.failed
        print(finding.line(lang), file=out, flush=True)
    if failed:
        # Translators: the last line of the self-test when something the games need does not work.
        print(_("Something the games need does not work. Please send these lines to the developers "
                "(a problem report: type report in a game)."), file=out, flush=True)
        return 1
    # Translators: the last line of the self-test when the games work.
    print(_("The games work."), file=out, flush=True)
    return 0



def command(launch: Launch) -> int:
    """``--self-test``: the test in the player's language (``--lang``, else the settings, else the system's).

    The settings file is only read: a damaged one is left as it is (the game itself repairs it at its
    next start). A console whose encoding lacks a letter (a Windows console on code page 1252 printing
    Czech, output piped to a file) shows a replacement character for it rather than ending the test.
    """
    from accessible_dice import settings

    try:
        chosen, _problems = settings.loads(settings.settings_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        chosen = settings.Settings()
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    return run(language(launch.with_settings(chosen).lang))
