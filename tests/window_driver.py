"""Driving the window in tests: posted key events, SDL's dummy video driver, a speech spy.

Each test gets a fresh display and a fresh :class:`Window`; the display is
closed afterwards and the font caches cleared, so no pygame state leaks
from one test to the next.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from accessible_dice.presentation.i18n import language
from accessible_dice.session import new_session
from accessible_dice.speech import Silenced, SpeechSpy
from accessible_dice.speech.speaker import SpeechOutput
from accessible_dice.ui.window import Screen, Window, draw
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.run import connect
from accessible_dice.utterance import Utterance

EN = language("en")


class Driver:
    """A window and the keys to press in it."""

    def __init__(self, window: Window, spy: SpeechSpy) -> None:
        self.window = window
        self.spy = spy

    def key(self, key: int, mod: int = 0, text: str = "", typed: str | None = None) -> None:
        """Press one key (KEYDOWN), as SDL reports it, and let the window handle it.

        While the window collects characters (a text field, a typed game), SDL
        follows the key with the character it types (TEXTINPUT): ``typed``, or
        the key's own character; Shift+9 is ``typed="("`` on a US layout.
        """
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))
        character = text if typed is None else typed
        if self.window.texting and len(character) == 1 and character.isprintable() and not mod & pygame.KMOD_CTRL:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
        self.window.pump()

    def keys(self, *names: str) -> None:
        """Press keys by pygame name: ``"return"``, ``"down"``, ``"r"``, ``"shift+1"``, ``"ctrl+f1"``."""
        for name in names:
            *mods, key = name.split("+") if name != "+" else ["+"]
            mod = (pygame.KMOD_LSHIFT if "shift" in mods else 0) | (pygame.KMOD_LCTRL if "ctrl" in mods else 0)
            code = pygame.key.key_code(key)
            self.key(code, mod, key if len(key) == 1 and not mods else "")

    def type(self, text: str) -> None:
        """Type characters into a text field (TEXTINPUT, one event per character)."""
        for char in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
            self.window.pump()

    @property
    def top(self) -> Screen:
        screen = self.window.top
        assert screen is not None
        return screen

    @property
    def said(self) -> list[Utterance]:
        return self.spy.utterances

    @property
    def last(self) -> str:
        assert self.spy.last is not None
        return self.spy.last.text

    @property
    def silenced(self) -> int:
        return sum(isinstance(entry, Silenced) for entry in self.spy.log)

    def game(self, game_id: str, players: list[str], seed: int = 1, **options: object) -> GameScreen:
        """Start a game straight away (as ``--game``), saved in the test's data folder."""
        from accessible_dice.saved_games import new_path

        session = new_session(game_id, players, dict(options), seed=seed, save_to=new_path(game_id))
        screen = GameScreen(self.window, session)
        self.window.push(screen)
        return screen

    def setting(self, key: str) -> None:
        """Open the settings list with the focus on ``key``'s item."""
        from accessible_dice.ui.window.settings import SettingsMenu

        self.window.push(SettingsMenu(self.window))
        self.top.settled()
        assert self.top.focus.place(key)

    def focused(self) -> str:
        cell = self.top.focus.cell()
        return "" if cell is None else cell.key


def open_window(size: tuple[int, int] = (1280, 720), voice: SpeechOutput | None = None,
                **settings: object) -> tuple[Window, SpeechSpy]:
    """A window on SDL's dummy display, speaking to a spy, or to ``voice`` (a real speaker) if given."""
    pygame.display.init()
    pygame.font.init()
    draw.font.cache_clear()
    draw._rendered.cache_clear()
    draw._size.cache_clear()
    spy = SpeechSpy()
    window = Window(EN, voice or spy, pace=0, **settings)  # type: ignore[arg-type]
    connect(window, None)
    window.open(size)
    return window, spy


def open_driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """The ``driver`` fixture; a test module declares it with ``pytest.fixture(name="driver")(open_driver)``."""
    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("ACCESSIBLE_DICE_CONFIG", str(tmp_path / "config"))
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"
    window, spy = open_window()
    yield Driver(window, spy)
    pygame.event.clear()
    pygame.key.stop_text_input()
    pygame.display.quit()
