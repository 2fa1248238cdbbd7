"""LV-14: the system's high-contrast setting read at start, each platform simulated (the queries as the system
answers them), and only the default theme giving way to it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from accessible_dice.settings import Settings
from accessible_dice.system_contrast import starting_theme, system_theme


def answers(replies: dict[str, str]):
    """A system whose commands answer as given (by the setting's key, the command's last word); others fail."""
    asked: list[list[str]] = []

    def run(command: Sequence[str]) -> str | None:
        asked.append(list(command))
        return replies.get(command[-1])

    return run, asked


@pytest.mark.parametrize(("replies", "theme"), [
    ({"high-contrast": "true", "color-scheme": "'default'"}, "black-on-white"),
    ({"high-contrast": "true", "color-scheme": "'prefer-dark'"}, "yellow-on-black"),
    ({"high-contrast": "false", "gtk-theme": "'HighContrast'"}, "black-on-white"),
    ({"high-contrast": "false", "gtk-theme": "'HighContrastInverse'"}, "yellow-on-black"),
    ({"high-contrast": "false", "gtk-theme": "'Adwaita'", "contrast": "(<<uint32 1>>,)"}, "black-on-white"),
    ({"high-contrast": "false", "gtk-theme": "'Adwaita'", "contrast": "(<<uint32 0>>,)"}, None),
    ({}, None),  # no gsettings, no portal: not known
])
def test_linux_reads_gnome_then_the_settings_portal(replies: dict[str, str], theme: str | None) -> None:
    run, _ = answers(replies)
    assert system_theme("linux", run) == theme


@pytest.mark.parametrize(("found", "theme"), [
    ((True, 255), "black-on-white"), ((True, 0), "yellow-on-black"), ((False, 255), None), (None, None)])
def test_windows_reads_high_contrast_and_tells_light_from_dark(found, theme) -> None:
    assert system_theme("win32", windows=lambda: found) == theme


def test_macos_reads_increase_contrast() -> None:
    run, _ = answers({"increaseContrast": "1"})
    assert system_theme("darwin", run) == "black-on-white"
    run, _ = answers({"increaseContrast": "1", "AppleInterfaceStyle": "Dark"})
    assert system_theme("darwin", run) == "yellow-on-black"
    run, _ = answers({"increaseContrast": "0"})
    assert system_theme("darwin", run) is None


def test_a_failing_query_means_not_known() -> None:
    def broken(command: Sequence[str]) -> str | None:
        raise RuntimeError("no desktop")

    assert system_theme("linux", broken) is None


def test_only_the_default_theme_gives_way_to_the_system() -> None:
    light = lambda: "black-on-white"  # noqa: E731
    assert starting_theme(Settings(), light) == "black-on-white"
    assert starting_theme(Settings(), lambda: None) == "yellow-on-black"
    assert starting_theme(Settings(theme="low-contrast"), light) == "low-contrast"
    assert starting_theme(Settings(text_colour="cyan"), light) == "yellow-on-black"


def test_the_window_starts_in_the_systems_theme(monkeypatch) -> None:
    """The hook where the window chooses its theme: default settings and a light high-contrast system."""
    import pygame
    from window_driver import open_window

    from accessible_dice import system_contrast

    monkeypatch.setattr(system_contrast.starting_theme, "__defaults__", (lambda: "black-on-white",))
    try:
        window, _ = open_window()
        assert window.theme.id == "black-on-white"
    finally:
        pygame.display.quit()
