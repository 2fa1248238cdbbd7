"""``--ui auto``: the window only where someone could see it, else the terminal."""

from __future__ import annotations

import pytest

from accessible_dice.cli import Launch
from accessible_dice.ui import launch
from accessible_dice.ui.launch import display_available


@pytest.mark.parametrize(("environ", "platform", "expected"), [
    ({"DISPLAY": ":0"}, "linux", True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
    ({}, "linux", False),
    ({"DISPLAY": ""}, "linux", False),
    ({"DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"}, "linux", False),
    ({"WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "offscreen"}, "linux", False),
    ({"DISPLAY": ":0", "SDL_VIDEODRIVER": "x11"}, "linux", True),
    ({}, "win32", True),
    ({}, "darwin", True),
    ({"SDL_VIDEODRIVER": "Dummy"}, "win32", False),
])
def test_a_display_is_there_only_with_x11_or_wayland_on_linux_and_not_with_a_headless_driver(
        environ: dict[str, str], platform: str, expected: bool) -> None:
    assert display_available(environ, platform) is expected


@pytest.mark.parametrize(("ui", "display", "expected"), [
    ("auto", True, "window"), ("auto", False, "console"), ("window", False, "window"), ("console", True, "console"),
])
def test_auto_opens_the_window_only_where_a_display_exists(monkeypatch: pytest.MonkeyPatch, ui: str, display: bool,
                                                            expected: str) -> None:
    monkeypatch.setattr(launch, "display_available", lambda: display)
    assert launch._front_end(Launch(ui=ui)) == expected


def test_under_the_tests_dummy_driver_auto_is_the_terminal() -> None:
    """The test run sets SDL_VIDEODRIVER=dummy (conftest), so ``--ui auto`` never opens a window here."""
    assert launch._front_end(Launch(ui="auto")) == "console"
