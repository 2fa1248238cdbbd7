"""``accessible-dice --self-test``: every part said in words, and a broken part the games need fails it.

The whole test runs once for real, as a player starts it (a process of its
own, no display: the boards are drawn off screen). The failures are made for
real too, each on one part: a catalog folder without the languages, a
sounds folder without its files, a game whose rules break in the middle.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from accessible_dice import self_test
from accessible_dice.games import GAMES
from accessible_dice.presentation.i18n import language

ROOT = Path(__file__).resolve().parents[1]


def test_the_self_test_plays_every_game_and_says_each_part(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_AUDIODRIVER="dummy", ACCESSIBLE_DICE_DATA=str(tmp_path / "data"),
               ACCESSIBLE_DICE_CONFIG=str(tmp_path / "config"), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "accessible_dice", "--self-test", "--lang", "en"],
                          capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Self-test of accessible-dice") and lines[-1] == "The games work."
    for title in ("Shut the Box", "Yatzy", "Storeslem", "QUICLO Equation", "Threes Away"):
        assert any(line.startswith(f"{title}: works (a game of ") for line in lines), lines
    for part in ("Translations", "Sound files", "Rules pages", "Web page files", "Text lines"):
        assert any(line.startswith(f"{part}: works") for line in lines), lines
    assert "Window: not here (no display, so the window was skipped; 5 boards were drawn off screen)." in lines
    assert "Traceback" not in done.stdout + done.stderr
    assert not (tmp_path / "data").exists(), "the self-test wrote into the player's data folder"


def _run(lang_code: str = "en") -> tuple[int, list[str]]:
    out = io.StringIO()
    status = self_test.run(language(lang_code), out)
    return status, out.getvalue().splitlines()


@pytest.fixture
def data_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The data checks alone: the parts that open devices are tested above, in their own process."""
    monkeypatch.setattr(self_test, "findings", lambda lang: iter([
        self_test.check_catalogs(lang), self_test.check_sounds(lang), self_test.check_rules(lang)]))


def test_catalogs_missing_fail_the_self_test(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_only: None) -> None:
    from accessible_dice.presentation import i18n

    monkeypatch.setattr(i18n, "data_folder", lambda package, checkout: tmp_path)
    status, lines = _run()
    assert status == 1
    assert "Translations: does not work (missing: cs, de, nb, sv, da, fi)." in lines
    assert lines[-1].startswith("Something the games need does not work.")


def test_sound_files_missing_fail_the_self_test(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                data_only: None) -> None:
    from accessible_dice import sound

    monkeypatch.setattr(sound, "sounds_dir", lambda: tmp_path)
    status, lines = _run()
    assert status == 1
    broken = "Sound files: does not work (dice_shake.wav: No such file or directory"
    assert any(line.startswith(broken) for line in lines), lines


def test_a_game_that_breaks_fails_the_self_test_with_its_reason(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    from accessible_dice.games.threes_away import GAME

    def broken(self: object, move: object) -> None:
        raise RuntimeError("the rules broke")

    monkeypatch.setattr(GAME, "check_move", broken)
    finding = self_test.check_game("threes-away", language("en"), tmp_path)
    assert finding.failed and finding.line(language("en")) == "Threes Away: does not work (the rules broke)."
    assert self_test.check_game("shut-the-box", language("en"), tmp_path).state == self_test.WORKS


def test_every_game_of_the_registry_is_played(tmp_path: Path) -> None:
    for game_id in GAMES:
        session, said = self_test.scripted_game(game_id, language("fi"), tmp_path)
        assert session.game.is_over() and len(said) > 1


def test_the_self_test_speaks_the_players_language(data_only: None) -> None:
    status, lines = _run("de")
    assert status == 0
    assert lines[0].startswith("Selbsttest von accessible-dice") and lines[-1] == "Die Spiele funktionieren."
    assert lines[1].startswith("Übersetzungen: funktioniert")


def test_a_window_that_shows_nothing_fails_the_self_test(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Off screen (no display), each board is drawn and looked at: a blank window is broken, and needed."""
    import accessible_dice.ui.window as window
    from accessible_dice.ui.window.draw import Drawn

    for variable in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(variable, raising=False)
    drawn = self_test.check_window(language("en"), tmp_path)
    assert drawn.state == self_test.ABSENT and not drawn.failed, drawn
    monkeypatch.setattr(window, "render", lambda surface, *args, **kwargs: Drawn())
    blank = self_test.check_window(language("en"), tmp_path)
    assert blank.failed and blank.line(language("en")) == "Window: does not work (nothing was drawn for shut-the-box)."


def test_the_settings_language_is_used_and_a_damaged_settings_file_left_alone(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_only: None, capsys: pytest.CaptureFixture[str]) -> None:
    from accessible_dice.cli import parse_args

    monkeypatch.setenv("ACCESSIBLE_DICE_CONFIG", str(tmp_path))
    damaged = 'language = "da"\nspeech = 7\n'
    (tmp_path / "settings.toml").write_text(damaged)
    assert self_test.command(parse_args(["--self-test"])) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Spillene virker."
    assert [path.name for path in tmp_path.iterdir()] == ["settings.toml"]
    assert (tmp_path / "settings.toml").read_text() == damaged
