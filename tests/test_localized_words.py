"""Words that are data in the rules, said and typed in the player's language.

Option and setting names and values, what they accept, Yatzy's boxes in
refusals, the window's key names, and one English word with two uses
(msgctxt). A small hand-made Danish-like catalog stands in for a real
one, so these tests do not wait for the translators.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pygame
import pytest

from accessible_dice import settings as config
from accessible_dice.games import GAMES, game_class, new_game
from accessible_dice.games.base import Roll
from accessible_dice.games.options import BadOptionValue, UnknownOption, resolve
from accessible_dice.games.yatzy import Box, Score, UnknownBox
from accessible_dice.play.commands import Typed
from accessible_dice.play.commands.yatzy import parse
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import options, presenter_for
from accessible_dice.presentation.i18n import Language
from accessible_dice.settings import Settings
from accessible_dice.ui.window import keys

#: msgid (or "context\x04msgid") -> the made-up translation (singular and plural for a plural message).
WORDS: dict[str, str | tuple[str, str]] = {
    "verbosity": "snak", "rounds": "runder", "easy": "let",
    "value\x04brief": "kort", "value\x04normal": "normal", "value\x04full": "fuld",
    "value\x04yes": "ja", "value\x04no": "nej", "value\x04order": "rækkefølge", "value\x04roll": "kast",
    "a whole number from {low} to {high}": "et helt tal fra {low} til {high}",
    "Option {key} cannot be {value}; use {allowed}.": "Indstilling {key} kan ikke være {value}; brug {allowed}.",
    "{game} has no option {key}; its options are: {known}.": "{game} har ingen indstilling {key}; den har: {known}.",
    "Shut the Box": "Klapspil", "{name}: {value}.": "{name}: {value}.",
    "{key} cannot be {value}; use {allowed}.": "{key} kan ikke være {value}; brug {allowed}.",
    "Full house": "Fuldt hus", "Chance": "Chancen", "Ones": "Enere", "Sixes": "Seksere", "Twos": "Toere",
    "score": "skriv",
    "{box} is already filled, with {points} point.": ("{box} er allerede udfyldt med {points} point.",) * 2,
    "There is no box called {text}; the boxes are: {known}.": "Intet felt hedder {text}; felterne er: {known}.",
    "The boxes are filled from top to bottom: {next} is next, not {box}.": "Oppefra: {next} før {box}.",
    "The upper section comes first: fill Ones to Sixes before {box}.": "Først Enere til Seksere, så {box}.",
    "Tab": "Tabulator", "shut": "luk", "flap label\x04shut": "lukket",
}


class Catalog(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        found = WORDS.get(message, message)
        return found if isinstance(found, str) else found[0]

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = WORDS.get(singular)
        if isinstance(found, tuple):
            return found[n != 1]
        return super().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        found = WORDS.get(f"{context}\x04{message}", message)
        return found if isinstance(found, str) else found[0]


DA = Language("da", Catalog())
VERBOSITY = config.BY_KEY["verbosity"]


def test_values_and_what_a_setting_takes_are_said_in_the_players_words() -> None:
    assert options.value_words(VERBOSITY, "brief", DA) == "kort"
    assert options.allowed_words(VERBOSITY, DA) == "kort, normal eller fuld"
    assert options.allowed_words(config.BY_KEY["sound-volume"], DA) == "et helt tal fra 0 til 100"
    assert options.value_words(config.BY_KEY["language"], "cs", DA) == "čeština"


def test_translated_values_and_names_may_be_typed_and_english_always_works() -> None:
    assert options.typed_value(VERBOSITY, "KORT", DA) == "brief"
    assert options.typed_value(VERBOSITY, "brief", DA) == "brief"
    specs = game_class("shut-the-box").options_spec
    assert options.typed_option(("runder", "2"), specs, DA) == ("rounds", "2")
    assert options.typed_option(("let", "ja"), specs, DA) == ("easy", "yes")
    assert options.typed_option(("easy", "yes"), specs, DA) == ("easy", "yes")


def test_the_settings_screen_takes_the_players_words(tmp_path: Path) -> None:
    screen = SettingsScreen(DA, Settings(), tmp_path / "settings.toml")
    assert screen.command(["snak", "kort"]).text == "snak: kort."
    assert screen.settings.verbosity == "brief"
    with pytest.raises(config.SettingValueRefused) as refused:
        screen.command(["snak", "højt"])
    assert options.refusal_words(refused.value, DA) == "snak kan ikke være højt; brug kort, normal eller fuld."
    assert str(refused.value) == "verbosity cannot be højt; use brief or normal or full."


def test_an_option_refused_is_said_with_its_name_and_values_in_the_players_words() -> None:
    specs = game_class("shut-the-box").options_spec
    with pytest.raises(BadOptionValue) as refused:
        resolve("shut-the-box", specs, {"rounds": "0"})
    assert options.refusal_words(refused.value, DA) == ("Indstilling runder kan ikke være 0; brug et helt tal "
                                                        "fra 1 til 20.")
    with pytest.raises(UnknownOption) as unknown:
        resolve("shut-the-box", specs, {"speed": "1"})
    assert options.refusal_words(unknown.value, DA) == ("Klapspil har ingen indstilling speed; den har: let, "
                                                        "runder eller start.")


def test_a_settings_file_line_keeps_the_files_own_words() -> None:
    _, problems = config.loads('verbosity = "loud"\n')
    said = options.refusal_words(problems[0], DA)
    assert "brief, normal eller full" in said and "kort" not in said


def test_yatzy_refusals_name_the_boxes_in_the_players_language() -> None:
    game = new_game("yatzy", ["Anna"], {"order": "in-order"})
    game.apply(Roll((2, 2, 3, 3, 3)))
    assert presenter_for(game, DA).refusal_text(game.refusal(Score("full_house"))) == "Oppefra: Enere før Fuldt hus."
    game = new_game("yatzy", ["Anna"], {"order": "upper-first"})
    game.apply(Roll((2, 2, 3, 3, 3)))
    assert presenter_for(game, DA).refusal_text(game.refusal(Score("chance"))) == "Først Enere til Seksere, så Chancen."
    game = new_game("yatzy", ["Anna"], {})
    for action in (Roll((2, 2, 3, 3, 3)), Score("full_house"), Roll((2, 2, 3, 3, 3))):
        game.apply(action)
    assert presenter_for(game, DA).refusal_text(game.refusal(Score("full_house"))) == (
        "Fuldt hus er allerede udfyldt med 13 point.")


def test_yatzy_boxes_are_typed_by_their_translated_name_and_unknown_ones_listed_so() -> None:
    game = new_game("yatzy", ["Anna"], {})
    game.apply(Roll((2, 2, 3, 3, 3)))
    for typed in ("skriv fuldt-hus", "skriv fuldt hus", "score full-house", "score Full House"):
        line = Typed(typed.casefold().split(), typed, DA, None)  # type: ignore[arg-type]
        assert parse(game, line) == Score(Box.FULL_HOUSE.value)
    with pytest.raises(UnknownBox) as unknown:
        parse(game, Typed(["skriv", "kniffel"], "skriv kniffel", DA, None))  # type: ignore[arg-type]
    said = presenter_for(game, DA).refusal_text(unknown.value)
    assert said.startswith("Intet felt hedder kniffel; felterne er: enere, toere, threes, ")
    assert ", fuldt-hus, chancen og yatzy." in said


def test_the_window_names_keys_itself_in_the_players_language() -> None:
    assert keys.key_name(pygame.K_TAB, "\t", DA._) == "Tabulator"
    assert keys.key_name(pygame.K_F5, "", DA._) == "F5"
    assert keys.key_name(pygame.K_j, "j", DA._) == "j"
    assert keys.key_name(pygame.K_SCROLLLOCK, "", DA._) == "This key"


def test_a_shut_flaps_label_is_its_own_message_beside_the_command_word() -> None:
    assert DA._("shut") == "luk" and DA.pgettext("flap label", "shut") == "lukket"


@pytest.mark.parametrize("code", ["en", "cs", "de", "nb", "sv", "da", "fi"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_example_of_every_option_is_itself_accepted_as_typed(game: str, code: str) -> None:
    from accessible_dice.presentation import options as words
    from accessible_dice.presentation.i18n import language

    lang = language(code)
    specs = game_class(game).options_spec
    for spec in specs:
        typed = tuple(words.example(spec, lang).split("=", 1))
        key, value = words.typed_option(typed, specs, lang)
        assert resolve(game, specs, {key: value})[spec.key] == spec.default


# ------------------------------------------------------------ typed as players type, in the real catalogs


def parsed(line: str, game_id: str, code: str, *throws: tuple[int, ...]) -> object:
    """What ``line`` asks for in a fresh game of ``game_id`` in language ``code`` after ``throws``."""
    from accessible_dice.play import commands
    from accessible_dice.presentation.i18n import language

    game = new_game(game_id, ["Anna"], {"rounds": "1"} if game_id == "threes-away" else {})
    for values in throws:
        game.apply(Roll(values))
    command = commands.parse(line, game, language(code), manual=True)
    return command.move if command.name == "move" else command.name


@pytest.mark.parametrize(("code", "line", "game_id", "throws", "meant"), [
    # Without accents, as on an English keyboard (languages.md, source problem 6).
    ("cs", "jednotlive", "shut-the-box", [(3, 4)], "singles"),
    ("cs", "soucet", "shut-the-box", [(3, 4)], "sum"),
    ("cs", "zaklapnout 7", "shut-the-box", [(3, 4)], "sum"),
    ("de", "loesungshilfe", "quiclo", [(1, 2, 3, 4, 5, 5)], "helper"),
    ("de", "lösungshilfe", "quiclo", [(1, 2, 3, 4, 5, 5)], "helper"),
    ("sv", "behall 1", "threes-away", [(3, 2, 6, 4, 5)], "keep"),
    ("da", "tilfaeldig-plade", "storeslem", [], "random-board"),
    # The imperative the game itself speaks, and the sheets' words.
    ("cs", "odlož 1", "threes-away", [(3, 2, 6, 4, 5)], "keep"),
    ("cs", "zaklapni 7", "shut-the-box", [(3, 4)], "sum"),
    ("de", "behalte 1", "threes-away", [(3, 2, 6, 4, 5)], "keep"),
    # Czech Help is never the QUICLO helper, which costs a life; neither is Finnish "apu".
    ("cs", "nápověda", "quiclo", [(1, 2, 3, 4, 5, 5)], "help"),
    ("cs", "napoveda", "quiclo", [(1, 2, 3, 4, 5, 5)], "help"),
    ("cs", "řešení", "quiclo", [(1, 2, 3, 4, 5, 5)], "helper"),
    ("cs", "reseni", "quiclo", [(1, 2, 3, 4, 5, 5)], "helper"),
    ("fi", "apu", "quiclo", [(1, 2, 3, 4, 5, 5)], "help"),
    ("fi", "ratkaisuapu", "quiclo", [(1, 2, 3, 4, 5, 5)], "helper"),
    ("fi", "mahdoton", "quiclo", [(1, 2, 3, 4, 5, 5)], "none"),
    ("fi", "ei-yhtaan", "quiclo", [(1, 2, 3, 4, 5, 5)], "none"),
])
def test_commands_are_taken_as_players_type_them(code: str, line: str, game_id: str,
                                                 throws: list[tuple[int, ...]], meant: str) -> None:
    from accessible_dice.games.quiclo import DeclareNone, UseHelper
    from accessible_dice.games.shut_the_box import Shut
    from accessible_dice.games.storeslem import SetBoard
    from accessible_dice.games.threes_away import Keep

    found = parsed(line, game_id, code, *throws)
    kinds = {"singles": Shut("singles"), "sum": Shut("sum"), "helper": UseHelper(), "none": DeclareNone(),
             "keep": Keep((0,))}
    if meant == "random-board":
        assert isinstance(found, SetBoard)
    else:
        assert found == kinds.get(meant, meant)


@pytest.mark.parametrize("code", ["en", "cs", "de", "nb", "sv", "da", "fi"])
def test_the_throw_the_game_asks_for_is_typed_as_it_says_it_and_english_always_works(code: str) -> None:
    """ "Hoď 5 kostek." -> "hoď"; "Wirf 5 Würfel." -> "wirf"; "Slå 5 tärningar." -> "slå"; "Heitä …" -> "heitä"."""
    from accessible_dice.presentation.i18n import language

    said = language(code).ngettext("Throw {count} die.", "Throw {count} dice.", 5)
    imperative = said.split()[0].casefold()
    for typed in (imperative, "roll", "r"):
        assert parsed(typed, "yatzy", code) == "roll", typed
    assert parsed("help", "yatzy", code) == "help"
    assert parsed("score full-house", "yatzy", code, (2, 2, 3, 3, 3)) == Score("full_house")


@pytest.mark.parametrize(("code", "line", "box"), [
    ("cs", "zapsat malou postupku", Box.SMALL_STRAIGHT),
    ("cs", "zapiš velkou-postupku", Box.LARGE_STRAIGHT),
    ("cs", "zapsat šanci", Box.CHANCE),
    ("cs", "zapsat sanci", Box.CHANCE),
    ("cs", "zapsat trojici", Box.THREE_OF_A_KIND),
    ("cs", "zapsat jednicky", Box.ONES),
    ("fi", "merkitse tayskasi", Box.FULL_HOUSE),
    ("fi", "merkitse täyskäteen", Box.FULL_HOUSE),
    ("de", "eintragen grosse strasse", Box.LARGE_STRAIGHT),
    ("da", "saet fuldt hus", Box.FULL_HOUSE),
    ("nb", "fyll hus", Box.FULL_HOUSE),
])
def test_yatzy_boxes_are_typed_inflected_and_without_accents(code: str, line: str, box: Box) -> None:
    assert parsed(line, "yatzy", code, (1, 2, 3, 4, 5)) == Score(box.value)


@pytest.mark.parametrize(("code", "line", "box"), [
    # The words each country's players use at the table beside the sheet's (typed_words.ALSO).
    ("de", "eintragen dreierpasch", Box.THREE_OF_A_KIND),
    ("de", "eintragen kniffel", Box.YATZY),
    ("sv", "ta liten stege", Box.SMALL_STRAIGHT),
    ("sv", "ta triss", Box.THREE_OF_A_KIND),
    ("nb", "fyll fullt hus", Box.FULL_HOUSE),
    ("nb", "fyll 3 like", Box.THREE_OF_A_KIND),
    ("da", "sæt hus", Box.FULL_HOUSE),
    ("fi", "merkitse kolme samaa", Box.THREE_OF_A_KIND),
    ("fi", "merkitse suuri suora", Box.LARGE_STRAIGHT),
    ("cs", "zapsat tři stejné", Box.THREE_OF_A_KIND),
    ("cs", "zapsat tri stejne", Box.THREE_OF_A_KIND),
])
def test_yatzy_boxes_are_typed_by_the_words_each_countrys_players_use(code: str, line: str, box: Box) -> None:
    """The terminal, the window's command field and the web page's all read a line with ``commands.parse``."""
    assert parsed(line, "yatzy", code, (1, 2, 3, 4, 5)) == Score(box.value)


def test_finnish_kolmoset_stays_the_threes_box_though_cards_call_three_of_a_kind_so() -> None:
    assert parsed("merkitse kolmoset", "yatzy", "fi", (3, 3, 3, 4, 5)) == Score(Box.THREES.value)


@pytest.mark.parametrize("code", ["cs", "de", "nb", "sv", "da", "fi"])
def test_each_languages_yatzy_rules_page_lists_the_other_box_words_it_takes(code: str) -> None:
    """A word the program takes and no page names is a word nobody finds."""
    from accessible_dice.presentation.typed_words import ALSO

    page = (Path(__file__).parent.parent / "docs" / "rules" / code / "yatzy.md").read_text(encoding="utf-8")
    labels = {box.label for box in Box}
    missing = [word for label, words in ALSO[code].items() if label in labels for word in words
               if f"`{word.replace(' ', '-')}`" not in page]
    assert missing == []


def test_settings_options_and_menu_words_are_typed_without_accents_too(tmp_path: Path) -> None:
    from e2e_support import run_cli

    from accessible_dice.presentation.i18n import language

    cs, de = language("cs"), language("de")
    assert options.typed_value(VERBOSITY, "strucne", cs) == "brief"
    assert options.typed_value(VERBOSITY, "stručně", cs) == "brief"
    assert options.typed_key("uroven-pocitace", (spec.key for spec in config.SPECS), cs) == "computer-level"
    assert options.typed_key("sprechlautstaerke", (spec.key for spec in config.SPECS), de) == "speech-volume"
    said = run_cli(["--ui", "console", "--speech", "text", "--lang", "cs"], ["1", "zpet", "konec"], tmp_path).lines
    assert [line.startswith("Hlavní nabídka:") for line in said[:3]] == [True, False, True], said
    assert said[1].startswith("Vyber hru: 1 Šance (Shut the Box), 2 Yatzy")


@pytest.mark.parametrize(("code", "on", "off"), [
    ("cs", "zapnuto", "vypnuto"), ("de", "an", "aus"), ("nb", "på", "av"), ("sv", "pa", "av"),
    ("da", "til", "fra"), ("fi", "päällä", "pois"), ("en", "on", "off")])
def test_a_yes_no_setting_takes_the_languages_on_and_off_too(code: str, on: str, off: str) -> None:
    from accessible_dice.presentation.i18n import language

    mute = config.BY_KEY["sound-mute"]
    assert [mute.parse(options.typed_value(mute, typed, language(code))) for typed in (on, off)] == [True, False]
