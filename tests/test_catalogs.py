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
from accessible_dice.presentation import options
from accessible_dice.presentation.i18n import LANGUAGES, Language
from accessible_dice.presentation.yatzy import box_word
from accessible_dice.ui import commands


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

    def spellings(self) -> set[str]:
        return {self.english.casefold(), self.said.casefold(), *self.letters}


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
            if other.english != word.english and word.said.casefold() in other.spellings():
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
    shared = [Word(english, language._(english), letters) for english, letters in commands.COMMON.values()]
    own = [Word(english, language._(english)) for english in commands.game_commands(game_id).WORDS.values()]
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
    words = [Word(box.command, box_word(box, language)) for box in Box]
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
