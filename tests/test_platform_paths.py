"""Windows' and macOS' own paths through the program, each with that system simulated where it cannot run here.

- the folders of the settings, saves and score history: platformdirs' Windows
  and macOS rules, with Windows' known folders answered as Windows answers
  them (``SHGetKnownFolderPath``: ``...\\AppData\\Local``);
- a console whose encoding lacks letters (a Windows console on code page
  1252, or output piped to a file there): the self-test in Czech still runs;
- Python's signal module as on Windows (no SIGHUP, no ``pthread_sigmask``, no
  ``pthread_kill``): the game starts, plays and ends on SIGTERM as on POSIX.

NVDA, JAWS and SAPI through accessible-output2 are tested in test_speech.py
(the library's own output classes stood in for), VoiceOver and Windows'
screen-reader processes in test_speech_platforms.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import platformdirs
import platformdirs.windows
import pytest

from accessible_dice import save, storage
from accessible_dice import settings as config
from accessible_dice.games import new_game

ROOT = Path(__file__).resolve().parents[1]


def _own_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    """No override: the platform's own folders are used."""
    monkeypatch.delenv(storage.DATA_VARIABLE, raising=False)
    monkeypatch.delenv(storage.CONFIG_VARIABLE, raising=False)


def _keeps_a_save_and_the_settings(folder: Path) -> None:
    """A save and the settings written where the program keeps them, and read back from there."""
    game = new_game("yatzy", ["Anna", "Ben"])
    save.write(game, storage.data_dir() / "saves" / "yatzy.json")
    config.store(config.Settings(language="sv"))
    assert save.dumps(save.read(folder / "saves" / "yatzy.json")) == save.dumps(game)
    assert config.settings_path().parent == folder and config.load().settings.language == "sv"


def test_windows_keeps_everything_in_the_local_app_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    known = {"CSIDL_LOCAL_APPDATA": tmp_path / "Users" / "Anna" / "AppData" / "Local",
             "CSIDL_APPDATA": tmp_path / "Users" / "Anna" / "AppData" / "Roaming"}
    _own_folders(monkeypatch)
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda name: str(known[name]))
    folder = known["CSIDL_LOCAL_APPDATA"] / "accessible-dice"  # no author folder: appauthor=False
    assert storage.data_dir() == folder and storage.config_dir() == folder
    _keeps_a_save_and_the_settings(folder)


def test_macos_keeps_everything_in_application_support(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs.macos

    _own_folders(monkeypatch)
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.macos.MacOS)
    folder = tmp_path / "Library" / "Application Support" / "accessible-dice"
    assert storage.data_dir() == folder and storage.config_dir() == folder
    _keeps_a_save_and_the_settings(folder)


def _env(tmp_path: Path, **more: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_AUDIODRIVER="dummy", ACCESSIBLE_DICE_DATA=str(tmp_path / "data"), TERM="dumb",
               ACCESSIBLE_DICE_CONFIG=str(tmp_path / "config"), PYTHONPATH=str(ROOT), **more)
    return env


def test_a_console_without_the_letters_still_shows_the_self_test(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "accessible_dice", "--self-test", "--lang", "cs"],
                          capture_output=True, timeout=120, env=_env(tmp_path, PYTHONIOENCODING="cp1252"),
                          stdin=subprocess.DEVNULL)
    out = done.stdout.decode("cp1252")
    assert done.returncode == 0, out + done.stderr.decode("cp1252", errors="replace")
    assert "P?eklady: funguje" in out.splitlines()[1]  # "Překlady": ř is not in code page 1252
    assert out.splitlines()[-1] == "Hry fungují."


#: The game started with Python's signal module as on Windows.
AS_ON_WINDOWS = """
import signal, sys
for name in ("SIGHUP", "pthread_sigmask", "pthread_kill"):
    delattr(signal, name)
from accessible_dice.start import main
sys.argv[1:] = ["--game", "shut-the-box", "--players", "Anna", "--ui", "console", "--speech", "text", "--lang", "en"]
sys.exit(main())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="Windows itself has no SIGTERM from outside to send")
def test_with_windows_signals_the_game_plays_and_ends_on_sigterm(tmp_path: Path) -> None:
    game = subprocess.Popen([sys.executable, "-c", AS_ON_WINDOWS], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(tmp_path, PYTHONIOENCODING="utf-8"))
    assert game.stdin is not None and game.stdout is not None
    game.stdin.write(b"roll\n")
    game.stdin.flush()
    said = []
    deadline = time.monotonic() + 60
    while not any("threw" in line for line in said) and time.monotonic() < deadline:
        line = game.stdout.readline().decode()
        if not line:
            break
        said.append(line)
    assert any("Anna threw" in line for line in said), said
    game.send_signal(signal.SIGTERM)
    _out, err = game.communicate(timeout=60)
    assert game.returncode == 143, err.decode()
    assert b"Traceback" not in err
    assert list((tmp_path / "data").rglob("shut-the-box*.json")), "the game was not saved"
