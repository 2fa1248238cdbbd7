"""No English leaks: every word the program says goes through gettext.

A pseudo catalog (tests/catalog_support.py: every message in accented
look-alike letters, placeholders kept) is compiled into a temporary folder
and put in front of the real catalogs with ``ACCESSIBLE_DICE_LOCALES`` (see
accessible_dice/presentation/i18n.py). Each game's golden input is then
played through the real command line, and the window plays by keys, in
that language. Every line heard may hold only pseudo text, the players'
names, what the player typed that is no message of ours (``kniffel``),
numbers, symbols, a command's letter in help ("(d)"), a key's letter
("R: ..."), and babel's own list words and language names; an ASCII
letter anywhere else is English that gettext never saw.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
import window_driver
from babel.lists import format_list
from catalog_support import catalogs, write_pseudo_catalog
from e2e_support import run_cli
from test_golden import GAMES, GOLDEN
from window_driver import Driver

from accessible_dice.presentation import i18n
from accessible_dice.presentation.options import language_name
from accessible_dice.ui.window import keys
from accessible_dice.ui.window.menu import MainMenu

#: The language whose catalog the pseudo one replaces: two plural forms, list words that are no English words.
CODE = "de"
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
#: A shared command's letter as help gives it, "dice (d)": a key to type, the same in every language.
_LETTER = re.compile(r"\([a-z]\)")


def _words(texts: Iterable[str]) -> set[str]:
    return {word.casefold() for text in texts for word in _WORD.findall(text)}


def babel_words(code: str) -> set[str]:
    """The words babel itself puts between list items ("und", "oder"): not ours to translate."""
    styles = ("standard", "standard-narrow", "standard-short", "or", "or-narrow", "or-short")
    return _words(format_list(["0", "1", "2"], style=style, locale=code) for style in styles)


def our_words() -> set[str]:
    """Every word of every message id: a typed word among them may be one the program says in English."""
    ids = [part for m in catalogs.extract() if m.id for part in ([m.id] if isinstance(m.id, str) else m.id)]
    return _words(ids)


#: The window's keys named by what is printed on them ("R: throw the dice", "F1"), not words to translate.
KEY_LETTERS = {b.keys for b in keys.TABLE if re.fullmatch(r"[A-Z]|F[0-9]+", b.keys)}


def leaks(lines: Iterable[str], allowed: set[str]) -> list[str]:
    """The lines with an ASCII word that is not allowed, each with those words.

    A line of one character is a text field saying the character just typed.
    """
    found = []
    for line in lines:
        words = _WORD.findall(_LETTER.sub("", line)) if len(line) > 1 else []
        english = sorted({w for w in words if w.casefold() not in allowed and w not in KEY_LETTERS})
        if english:
            found.append(f"{english}: {line}")
    return found


def allowed_words(names: Iterable[str], typed: Iterable[str]) -> set[str]:
    """What may stay ASCII: the players' names, babel's list words and language names, and the player's own
    words that are none of ours (a typed ``kniffel`` said back in a refusal)."""
    typed = list(typed)
    return (_words(names) | babel_words(CODE) | _words(language_name(code) for code in i18n.LANGUAGES)
            | (_words(typed) - our_words()))


@pytest.fixture(scope="module")
def pseudo_locales(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pseudo-locales")
    write_pseudo_catalog(folder, CODE)
    return folder


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_golden_game_in_the_pseudo_locale_speaks_no_english(game: str, pseudo_locales: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(i18n.EXTRA_CATALOGS, str(pseudo_locales))
    typed = (GOLDEN / f"{game}.in").read_text(encoding="utf-8").splitlines()
    args = ["--game", game, "--ui", "console", "--speech", "text", "--lang", CODE, "--verbosity", "full",
            *GAMES[game]]
    result = run_cli(args, typed, tmp_path)
    assert result.status == 0
    assert len(result.lines) > 10 and all("⟦" in line for line in result.lines[:3])
    assert leaks(result.lines, allowed_words(args[args.index("--players") + 1].split(","), typed)) == []


#: The main menu, a game's options (refused ones too), the settings and commands with words of their own.
MENU_AND_SETTINGS = [
    "", "9", "1", "Anna, cpu", "rounds=0", "bogus=1", "easy=maybe", "rounds=2", "", "",
    "help", "settings", "settings verbosity", "settings verbosity zany", "settings theme", "settings language",
    "settings voice", "settings keep-by value", "settings zebra", "verbosity zany", "verbosity brief",
    "verbosity", "verbosity full", "fly", "roll", "moves", "hint", "undo", "undo", "redo", "history", "q",
]
#: Then the main menu (now with the saved game as item 5, after the fixed ones): its settings, the score
#: history, quit.
MENU_SETTINGS = ["2", "sound-mute yes", "theme=plaid", "speech", "confirm no", "font-scale 900", "", "3", "4"]


def test_the_menus_options_settings_and_commands_in_the_pseudo_locale_speak_no_english(
        pseudo_locales: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(i18n.EXTRA_CATALOGS, str(pseudo_locales))
    args = ["--ui", "console", "--speech", "text", "--lang", CODE, "--seed", "3"]
    heard = []
    for typed in (MENU_AND_SETTINGS, MENU_SETTINGS):
        result = run_cli(args, typed, tmp_path)
        assert result.status == 0
        heard += result.lines
    assert len(heard) > 40
    assert leaks(heard, allowed_words(["Anna", "cpu"], MENU_AND_SETTINGS + MENU_SETTINGS)) == []


@pytest.fixture(name="driver")
def pseudo_driver(pseudo_locales: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A window (tests/window_driver.py) speaking the pseudo language."""
    monkeypatch.setenv(i18n.EXTRA_CATALOGS, str(pseudo_locales))
    monkeypatch.setattr(window_driver, "EN", i18n.language(CODE))
    yield from window_driver.open_driver(tmp_path, monkeypatch)


def test_the_window_in_the_pseudo_locale_speaks_no_english(driver: Driver) -> None:
    """A game by keys, the key help, keys that do nothing, the menus, an option's and a setting's field."""
    screen = driver.game("shut-the-box", ["Anna"], seed=7)
    driver.keys("tab", "f1", "escape", "j", "pageup")
    while not screen.game.is_over():
        driver.keys("return")
    driver.keys("return")  # back to the main menu
    driver.keys("return", "down", "return")  # new game: the first game after the quick one
    driver.type("Anna, cpu")
    driver.keys("return", "down", "return")  # the first option's field
    driver.type("maybe")
    driver.keys("return", "escape", "escape", "escape", "escape")
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("down", "return", "down", "down", "down", "down", "down", "down", "return")  # a setting's field
    driver.type("zany")
    driver.keys("return")
    heard = driver.spy.texts
    assert len(heard) > 20
    assert leaks(heard, allowed_words(["Anna", "cpu"], ["maybe", "zany", "j"])) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_screen_in_the_pseudo_locale_speaks_no_english(driver: Driver, game: str) -> None:
    """Throw, walk the screen with the arrows and ask every review key, against a computer."""
    driver.game(game, ["Anna", "cpu"], seed=4)
    driver.keys("r", "f1", "escape", "d", "c", "shift+c", "s", "t", "m", "a", "h", "ctrl+z", *["down"] * 12, "right",
                "return", "escape")
    heard = driver.spy.texts
    assert len(heard) > 15
    assert leaks(heard, allowed_words(["Anna", "cpu"], [])) == []


def test_the_actions_menu_names_the_theme_and_the_verbosity_in_the_players_words(driver: Driver) -> None:
    """Escape's menu shows the verbosity and the theme now, each in the player's language."""
    driver.game("yatzy", ["Anna"], seed=1)
    driver.keys("escape")
    labels = [label for _key, label, _act in driver.top.items()]
    assert len(labels) > 5
    assert leaks(labels, allowed_words(["Anna"], [])) == []
