"""The catalogs are complete, and every language's typed words work as commands.

``tools/catalogs.py check`` is what CI runs (see CONTRIBUTING.md,
"Translating"): no untranslated, fuzzy or obsolete entry, no placeholder
added or lost, a template and .mo files that match the source and the .po
files. The other tests read each language's catalog (the .po, compiled in
memory) and check the words players type in it: a command, a Yatzy box, an
option or a setting and its values. Each must be one word, and none may be
taken for another word of the same place, in that language or in English
(which always works): in a Swedish game of Yatzy, "kasta" may not also be
the English letters of another command.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass

import pytest
from catalog_support import catalogs

from accessible_dice import settings as config
from accessible_dice.games import GAMES, game_class
from accessible_dice.games.yatzy import Box
from accessible_dice.play import commands
from accessible_dice.presentation import options
from accessible_dice.presentation.i18n import LANGUAGES, Language
from accessible_dice.presentation.typed_words import ALSO, also, forms
from accessible_dice.presentation.yatzy import box_word


def test_the_catalogs_are_complete_and_match_the_source() -> None:
    found = catalogs.check()
    assert not found, f"{len(found)} catalog problems (python tools/catalogs.py check):\n" + "\n".join(found)


def test_the_seven_languages_are_the_programs_languages() -> None:
    assert catalogs.LANGUAGES == LANGUAGES


def language_from_po(code: str) -> Language:
    """``code`` as its .po says it now (compiled in memory), so the words are checked before any compile."""
    compiled = catalogs._mo(catalogs._read(catalogs.po_path(code), code))
    return Language(code, gettext.GNUTranslations(io.BytesIO(compiled)))


@dataclass(frozen=True)
class Word:
    """One thing a player types: the English word (and its letters) and the word in the language."""

    english: str
    said: str
    letters: tuple[str, ...] = ()
    #: The language's other words for it (presentation/typed_words.ALSO: "hoď" beside "hod").
    also: tuple[str, ...] = ()

    def typed(self) -> set[str]:
        """The language's own spellings, accents optional: what must not type another word."""
        return set().union(*(forms(word) for word in (self.said, *self.also)))

    def spellings(self) -> set[str]:
        return forms(self.english) | self.typed() | set(self.letters)


def problems(place: str, words: Iterable[Word]) -> list[str]:
    """What is wrong with the words typed in one place: a word of several words, or two words taken alike.

    Two entries for the same English word (Storeslem's "board" is also the
    shared review command) are one word, not a collision.
    """
    words = list(words)
    found = []
    for word in words:
        if not re.fullmatch(r"[^\s=]+", word.said) or word.said[0].isdigit() or word.said[0] == "(":
            found.append(f"{place}: {word.said!r} ({word.english}) must be one word, not starting with a digit")
        for other in words:
            if other.english != word.english and word.typed() & other.spellings():
                found.append(f"{place}: {word.said!r} ({word.english}) is also typed for {other.english!r}")
    return found


def test_the_word_check_finds_two_words_alike_and_a_word_with_a_space() -> None:
    words = [Word("roll", "kast", ("r",)), Word("keep", "kast"), Word("hint", "r"), Word("score", "skriv ned"),
             Word("pass", "3-pass")]
    assert problems("test", words) == [
        "test: 'kast' (roll) is also typed for 'keep'",
        "test: 'kast' (keep) is also typed for 'roll'",
        "test: 'r' (hint) is also typed for 'roll'",
        "test: 'skriv ned' (score) must be one word, not starting with a digit",
        "test: '3-pass' (pass) must be one word, not starting with a digit",
    ]


def command_words(game_id: str, language: Language) -> list[Word]:
    """The shared commands and the game's own (ui/<game>.py ``WORDS``)."""
    shared = [Word(english, language._(english), letters, also(english, language.code))
              for english, letters in commands.COMMON.values()]
    own = [Word(english, language._(english), (), also(english, language.code))
           for english in commands.game_commands(game_id).WORDS.values()]
    return shared + own


def value_words(spec: config.Option, language: Language) -> list[Word]:
    return [Word(english, options.word(english, language)) for english in spec.words if english not in LANGUAGES]


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Language:
    return language_from_po(request.param)


def test_command_words_are_single_words_that_no_other_command_of_the_game_uses(language: Language) -> None:
    found = [problem for game_id in GAMES for problem in problems(f"{language.code} {game_id} commands",
                                                                  command_words(game_id, language))]
    assert found == []


def test_yatzy_box_words_are_single_words_that_name_one_box(language: Language) -> None:
    inflected = ALSO.get(language.code, {})
    words = [Word(box.command, box_word(box, language), (), tuple(word.replace(" ", "-")
                                                                  for word in inflected.get(box.label, ())))
             for box in Box]
    words += [Word(box.command, box.label.casefold().replace(" ", "-")) for box in Box]
    assert problems(f"{language.code} Yatzy boxes", words) == []


def test_option_and_setting_names_and_values_are_single_words_that_mean_one_thing(language: Language) -> None:
    found = problems(f"{language.code} setting names",
                     [Word(spec.key, options.name(spec.key, language)) for spec in config.SPECS])
    for spec in config.SPECS:
        found += problems(f"{language.code} values of {spec.key}", value_words(spec, language))
    for game_id in GAMES:
        specs = game_class(game_id).options_spec
        found += problems(f"{language.code} {game_id} options",
                          [Word(spec.key, options.name(spec.key, language)) for spec in specs])
        for spec in specs:
            found += problems(f"{language.code} values of {game_id} {spec.key}", value_words(spec, language))
    assert found == []


BOX_FILLED = ("{box} is already filled, with {points} point.", "{box} is already filled, with {points} points.")
RIGHT = ("{equation}: right, with {count} die.", "{equation}: right, with {count} dice.")
BEST = ("Hint: the best equation uses {count} die.", "Hint: the best equation uses {count} dice.")
SURVIVED = ("{score} round survived", "{score} rounds survived")

#: The findings of the native speakers' report (shared/reports/languages.md), each as a sentence the
#: language now says: (language, msgid, "context\x04msgid" or a plural's (singular, plural), its number or
#: None, the values filled in, what the sentence must be).
SAID = [
    # German: the dative after "mit" ended every multiplayer game wrongly ("gewinnt mit 99 Punkte").
    ("de", "Game over. {name} wins with {score}.", None, {"name": "Anna", "score": "99 Punkte"},
     "Spiel vorbei. Anna gewinnt: 99 Punkte."),
    ("de", "Game over. {players} share the win with {score}.", None, {"players": "Anna und Ben", "score": "5 Punkte"},
     "Spiel vorbei. Gemeinsamer Sieg für Anna und Ben: 5 Punkte."),
    ("de", "Boxes in order, from Ones to Yatzy.", None, {}, "Felder der Reihe nach, von den Einsern bis Yatzy."),
    ("de", "You can strike {numbers}, or pass.", None, {"numbers": "2, 4 und 5"},
     "Du kannst 2, 4 und 5 streichen oder passen."),
    ("de", "{name} is {value}; it can be {allowed}.", None, {"name": "sprachausgabe", "value": "auto", "allowed": "a"},
     "sprachausgabe ist auto; möglich sind a."),
    ("de", "expected {value}", None, {"value": "69,2"}, "im Schnitt 69,2"),
    ("de", "Goodbye.", None, {}, "Auf Wiedersehen."),
    ("de", "{name} loses the last life.", None, {"name": "Anna"}, "Anna verliert das letzte Leben."),
    ("de", BOX_FILLED, 4, {"box": "Einser", "points": 4},
     "Einser ist schon belegt (4 Punkte)."),
    # Czech: the helper is "řešení", never "nápověda" (Help); "ze 3"; agreement; the Shut the Box menu name.
    ("cs", "helper", None, {}, "řešení"),
    ("cs", "Helper: {equation}.", None, {"equation": "5 = 5"}, "Řešení: 5 = 5."),
    ("cs", "Both dice show {a}; there is no difference to shut.", None, {"a": 3},
     "Obě kostky ukazují 3; rozdíl je nula, nejde nic zaklapnout."),
    ("cs", "Throw {round} of {rounds} done.", None, {"round": 1, "rounds": 3}, "Hod 1 ze 3 je dohraný."),
    ("cs", "{key} cannot be {value}; use {allowed}.", None, {"key": "barvy", "value": "x", "allowed": "a"},
     "Nastavení barvy nemůže být x; použij a."),
    ("cs", RIGHT, 3, {"equation": "2 + 3 = 5", "count": 3},
     "2 + 3 = 5: správně, ze 3 kostek."),
    ("cs", RIGHT, 5, {"equation": "E", "count": 5}, "E: správně, z 5 kostek."),
    ("cs", BEST, 4, {"count": 4}, "Rada: nejlepší rovnice použije 4 kostky."),
    ("cs", BOX_FILLED, 4, {"box": "Jedničky", "points": 4},
     "Políčko Jedničky už je vyplněné (4 body)."),
    ("cs", "in the list of games\x04Shut the Box", None, {}, "Šance (Shut the Box)"),
    ("cs", "value\x04best", None, {}, "nejlepší"),
    ("cs", "{option} {value}", None, {"option": "životy", "value": "9"}, "životy: 9"),
    # Danish: "begge" (both) was said of three tied players.
    ("da", "{players} tied with {total}; they throw again.", None, {"players": "Anna, Ben og Cid", "total": 6},
     "Anna, Ben og Cid fik det samme, 6; de kaster igen."),
    ("da", SURVIVED, 3, {"score": 3}, "3 overlevede runder"),
    # Swedish, Norwegian, Finnish.
    ("sv", "{value} expected points this turn", None, {"value": "5,8"}, "5,8 poäng i snitt den här turen"),
    ("sv", "Score 0 in {box}?", None, {"box": "Kåk"}, "Stryka Kåk (0 poäng)?"),
    ("sv", SURVIVED, 3, {"score": 3}, "3 överlevda rundor"),
    ("nb", "value\x04full", None, {}, "utfyllende"),
    ("nb", SURVIVED, 3, {"score": 3}, "3 overlevde runder"),
    ("nb", "Everyone throws one die; the highest starts.", None, {},
     "Alle kaster én terning; den med høyest kast starter."),
    ("fi", "none", None, {}, "mahdoton"),
    ("fi", "Everyone throws one die; the highest starts.", None, {},
     "Kaikki heittävät yhdellä nopalla; suurimman luvun saanut aloittaa."),
    ("fi", "Round {round} of {rounds} over.", None, {"round": 1, "rounds": 15}, "Kierros 1 päättyi (yhteensä 15)."),
    ("fi", "value\x04sharp", None, {}, "taitava"),
    # Turn 3 (shared/reports/turn3/languages.md): a separator between name and score (N2); plural lists after
    # "erlaubt"; the key's German name; a saved game said with no case or number; the game options not called
    # Settings; Danish "fuld" (also "drunk"); Finnish "Onko Yatzy uusi?".
    ("de", "{name} with {score}", None, {"name": "Ben", "score": "29 Strafpunkte"}, "Ben: 29 Strafpunkte"),
    ("nb", "Then {results}.", None, {"results": "Ben med 30 poeng"}, "Deretter Ben med 30 poeng."),
    ("de", "Option {key} cannot be {value}; use {allowed}.", None,
     {"key": "reihenfolge", "value": "bogus", "allowed": "frei oder oben-zuerst"},
     "Option reihenfolge kann nicht bogus sein; erlaubt sind frei oder oben-zuerst."),
    ("de", "Enter: {quick_game}.", None, {"quick_game": "ein schnelles Spiel"}, "Eingabetaste: ein schnelles Spiel."),
    ("de", "The built-in voice has no voice {value}; type {setting} to hear the voices.", None,
     {"value": "x", "setting": "stimme"},
     "Die eingebaute Stimme hat keine Stimme x; tippe stimme, um die Stimmen zu hören."),
    ("cs", "{game}: {players}. {turn} Last played {when}, {dice}.", None,
     {"game": "Yatzy", "players": "Anna", "turn": "Hraje Anna.", "when": "dnes v 4:23", "dice": "náhodné kostky"},
     "Yatzy: Anna. Hraje Anna. Naposledy hráno dnes v 4:23, náhodné kostky."),
    ("cs", "No browser could be opened; open the address above yourself.", None, {},
     "Prohlížeč se nepodařilo otevřít; otevři adresu výše v prohlížeči sám."),
    ("da", "value\x04full", None, {}, "udførlig"),
    ("fi", "New to {game}? Tutorial in the main menu plays a short guided first game.", None, {"game": "Yatzy"},
     "Onko Yatzy sinulle uusi? Päävalikon Opastus opastaa sinut lyhyen ensimmäisen pelin läpi."),
    ("fi", "Options: {options}. Type changes like {example}, several separated by spaces, or press Enter to go on.",
     None, {"options": "järjestys vapaa", "example": "järjestys=vapaa"},
     "Valinnat: järjestys vapaa. Kirjoita muutokset, esimerkiksi järjestys=vapaa, useampi välilyönnein erotettuna, "
     "tai jatka painamalla Enter."),
    # What was left after turn 3's fixes: the last formal "Sie", a masculine "přihlášen" aimed at the player,
    # an online table "s hráči Anna" for one player, Danish "2 manuel" beside plural "tilfældige".
    ("de", ("Type {setting} and a number or a name; {setting} {all} lists all {count} voice.",
            "Type {setting} and a number or a name; {setting} {all} lists all {count} voices."), 3,
     {"setting": "stimme", "all": "alle", "count": 3},
     "Gib stimme und eine Nummer oder einen Namen ein; stimme alle nennt alle 3 Stimmen."),
    ("cs", "Online, signed in as {user}", None, {"user": "@anna:example.org"}, "Online jako @anna:example.org"),
    ("cs", "{game} with {players}: your turn", None, {"game": "Yatzy", "players": "Anna"}, "Yatzy (Anna): jsi na tahu"),
    ("da", "manual (you throw real dice and type their values)", None, {},
     "manuelle (du kaster rigtige terninger og skriver øjnene ind)"),
    ("sv", BOX_FILLED, 4, {"box": "Ettor", "points": 4}, "Rutan Ettor är redan ifylld (4 poäng)."),
    ("nb", "{value} expected points", None, {"value": "69,2"}, "i snitt 69,2 poeng"),
]


@pytest.mark.parametrize(("code", "message", "count", "values", "expected"), SAID)
def test_the_native_speakers_findings_are_said_as_they_proposed(code: str, message: str | tuple[str, str],
                                                                 count: int | None, values: dict[str, object],
                                                                 expected: str) -> None:
    lang = language_from_po(code)
    if isinstance(message, tuple):
        assert count is not None
        text = lang.ngettext(*message, count)
    else:
        context, _, msgid = message.rpartition("\x04")
        text = lang.pgettext(context, msgid) if context else lang._(msgid)
    assert text.format(**values) == expected


def test_no_message_counts_with_a_colon_for_want_of_a_plural() -> None:
    """ "bodů: 4", "kostek: 3": the fallback of a language whose message had no plural form."""
    for code in LANGUAGES:
        catalog = catalogs._read(catalogs.po_path(code), code)
        stilted = [m.id for m in catalog if m.id and re.search(r"(bodů|kostek|Punkte|pisteet): \{", str(m.string))]
        assert stilted == [], code
