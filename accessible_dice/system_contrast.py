"""The system's high-contrast setting, read once at start (checklist LV-14).

A player whose system is set to high contrast should not have to find the
game's theme setting first. Where the system says so, and the theme is still
the default one, the window starts in the theme that matches: black on
white for a light high-contrast system, and for a dark one the default
(yellow on black), which is high contrast already. Only the default theme
(yellow on black, no colours of your own) gives way: any other theme or
colour the player chose stays.

Read where it can be read without extra packages:

- Windows: ``SystemParametersInfo(SPI_GETHIGHCONTRAST)`` and the window
  colour, which tells a light high-contrast scheme from a dark one;
- GNOME and other desktops with the settings portal: GNOME's
  ``org.gnome.desktop.a11y.interface high-contrast`` (with the colour scheme
  and the GTK theme for light or dark), else the portal's
  ``org.freedesktop.appearance contrast`` (what browsers read as
  ``prefers-contrast: more``);
- macOS: Increase contrast (``com.apple.universalaccess increaseContrast``)
  with Dark mode for dark.

Every reading is bounded in time and any failure means "not known": the
game starts in its own default.
"""

from __future__ import annotations

import functools
import logging
import subprocess
import sys
from collections.abc import Callable, Sequence

from accessible_dice.settings import THEMES, Settings

log = logging.getLogger(__name__)

#: The theme for a light high-contrast system, and for a dark one (the default is high contrast already).
LIGHT, DARK = "black-on-white", THEMES[0]
#: Seconds one system query may take before it counts as "not known".
LIMIT = 1.0

#: Runs a command and gives its standard output, or ``None`` when it could not be run.
Run = Callable[[Sequence[str]], "str | None"]


def _run(command: Sequence[str]) -> str | None:
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=LIMIT, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _windows() -> tuple[bool, int] | None:
    """Windows: whether high contrast is on, and the window background's brightness (0-255)."""
    import ctypes
    from ctypes import wintypes

    class HighContrast(ctypes.Structure):
        _fields_ = [("cbSize", wintypes.UINT), ("dwFlags", wintypes.DWORD), ("lpszDefaultScheme", wintypes.LPWSTR)]

    spi_gethighcontrast, hcf_highcontraston, color_window = 0x0042, 0x1, 5
    info = HighContrast()
    info.cbSize = ctypes.sizeof(HighContrast)
    user32 = ctypes.windll.user32  # type: ignore[attr-defined]
    if not user32.SystemParametersInfoW(spi_gethighcontrast, info.cbSize, ctypes.byref(info), 0):
        return None
    colour = user32.GetSysColor(color_window)  # 0x00BBGGRR
    red, green, blue = colour & 0xFF, (colour >> 8) & 0xFF, (colour >> 16) & 0xFF
    return bool(info.dwFlags & hcf_highcontraston), (299 * red + 587 * green + 114 * blue) // 1000


def _gnome(run: Run) -> str | None:
    on = run(["gsettings", "get", "org.gnome.desktop.a11y.interface", "high-contrast"])
    if on != "true":
        gtk = run(["gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"]) or ""
        if "highcontrast" not in gtk.casefold():
            return None
        return DARK if "inverse" in gtk.casefold() else LIGHT
    scheme = run(["gsettings", "get", "org.gnome.desktop.interface", "color-scheme"]) or ""
    return DARK if "dark" in scheme else LIGHT


def _portal(run: Run) -> str | None:
    """The settings portal's contrast (1: high), with its colour scheme (1: dark)."""
    def read(key: str) -> str:
        return run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                    "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read",
                    "org.freedesktop.appearance", key]) or ""

    if "uint32 1" not in read("contrast"):
        return None
    return DARK if "uint32 1" in read("color-scheme") else LIGHT


def _mac(run: Run) -> str | None:
    if run(["defaults", "read", "com.apple.universalaccess", "increaseContrast"]) != "1":
        return None
    return DARK if run(["defaults", "read", "-g", "AppleInterfaceStyle"]) == "Dark" else LIGHT


def system_theme(platform: str = sys.platform, run: Run = _run,
                 windows: Callable[[], tuple[bool, int] | None] = _windows) -> str | None:
    """The theme the system's high-contrast setting asks for, or ``None``: not set, or not known here."""
    try:
        if platform == "win32":
            found = windows()
            if found is None or not found[0]:
                return None
            return LIGHT if found[1] >= 128 else DARK
        if platform == "darwin":
            return _mac(run)
        return _gnome(run) or _portal(run)
    except Exception as error:
        log.info("the system's contrast setting could not be read: %s", error)
        return None


@functools.cache
def _read_once() -> str | None:
    """The system's setting, read once a run (each window opened after the first asks again for nothing)."""
    return system_theme()


def starting_theme(settings: Settings, found: Callable[[], str | None] = _read_once) -> str:
    """The theme the window starts in: the player's, or while it is the default one, the system's."""
    if settings.theme != THEMES[0] or (settings.text_colour, settings.background_colour) != ("theme", "theme"):
        return settings.theme
    return found() or settings.theme
