"""Presentation: events, refusals and review requests as utterances (docs/spec/experience.md §1, §2).

The presenter is read directly here (pure: it only reads the game); the
terminal's path through a recording speaker is in test_terminal.py.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo

from accessible_dice.dice import DiceRequest
from accessible_dice.games import new_game
from accessible_dice.games.base import DiceThrown, Event, Roll, TurnStarted
from accessible_dice.games.shut_the_box import FlapAlreadyShut, FlapsShut, Shut
from accessible_dice.presentation import playable, presenter_for
from accessible_dice.presentation.describe import Presenter
from accessible_dice.presentation.history import History
from accessible_dice.presentation.i18n import LANGUAGES, Language, language, supported
from accessible_dice.presentation.shut_the_box import flap_cue
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.strategy.common import Advice, Choice
from accessible_dice.utterance import Cue, Utterance

ROOT = Path(__file__).resolve().parents[1]
EN = Language("en")


def stb(players=("Anna", "Ben"), throws=(), verbosity=Verbosity.NORMAL, **options):
    game = new_game("shut-the-box", list(players), options)
    for values in throws:
        game.apply(Roll(tuple(values)) if isinstance(values, tuple) else values)
    return game, presenter_for(game, EN, verbosity)


# ---------------------------------------------------------------- every event is said
# (SR-08, for every registered game and the example game: tests/test_completeness.py)


def test_shut_the_box_and_threes_away_are_playable() -> None:
    assert {"shut-the-box", "threes-away"} <= set(playable())


# ---------------------------------------------------------------- Shut the Box, said short


def test_a_shut_flap_then_the_next_turn_most_important_first() -> None:
    game, say = stb(throws=[(3, 4)])
    spoken = say.announce(game.apply(Shut("sum")))
    assert spoken.text == "Flap 7 shut. Ben's turn."
    assert not spoken.interrupt


def test_a_throw_names_the_thrower_and_the_ways_it_can_be_used() -> None:
    game, say = stb()
    spoken = say.announce(game.apply(Roll((3, 4))), prompt=True)
    assert spoken.text == "Anna threw 3 and 4. Singles: 3 and 4. Sum: 7."
    assert spoken.cues[:2] == (Cue("dice_shake"), Cue("dice_land"))


def test_brief_is_numbers_only() -> None:
    """docs/spec/experience.md §1: brief says "3, 4. 7 shut."."""
    game, say = stb(players=("Anna",), verbosity=Verbosity.BRIEF)
    events = game.apply(Roll((3, 4))) + game.apply(Shut("sum"))
    assert say.announce(events[:1], prompt=True).text == "3, 4."
    assert say.announce(events[1:2]).text == "7 shut."


def test_full_adds_the_open_flaps_at_each_turn() -> None:
    game, say = stb(throws=[(3, 4)], verbosity=Verbosity.FULL)
    spoken = say.announce(game.apply(Shut("sum")))
    assert spoken.text == "Flap 7 shut. Ben's turn. Open: 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10."


def test_a_throw_that_allows_nothing_says_so_and_moves_on() -> None:
    game, say = stb(throws=[(6, 6), Shut("singles"), (1, 2), Shut("singles")])
    spoken = say.announce(game.apply(Roll((6, 6))))
    assert spoken.text == "Anna threw 6 and 6. Nothing can be shut. Ben's turn."


#: Anna shuts the box in seven turns; Ben shuts 6 once, then his 6 6 allows nothing.
ANNA_WINS = [(1, 2), Shut("singles"), (6, 6), Shut("singles"), (3, 4), Shut("singles"), (6, 6),
             (5, 6), Shut("singles"), (6, 6), (3, 4), Shut("sum"), (6, 6), (4, 4), Shut("sum"), (6, 6),
             (4, 5), Shut("sum"), (6, 6), (5, 5)]


def test_the_end_names_the_winner_and_the_standings() -> None:
    game, say = stb(throws=ANNA_WINS)
    spoken = say.announce(game.apply(Shut("sum")))
    assert game.is_over()
    assert spoken.text == ("Flap 10 shut. Anna shut the box! Game over. Anna wins with 0 penalty points. "
                           "Then Ben with 49 penalty points.")
    assert Cue("bonus") in spoken.cues and spoken.cues[-1] == Cue("win")


def test_practice_counts_turns() -> None:
    game, say = stb(players=("Solo",))
    assert say.describe(TurnStarted(0, 1)).text == "Turn 1."
    game.apply(Roll((6, 6)))
    game.apply(Shut("singles"))
    assert say.describe(TurnStarted(0, 1)).text == "Turn 2."
    assert say.score_words(12) == "12 turns"


def test_flap_cues_are_panned_left_to_right_and_pitched_by_number() -> None:
    """docs/spec/experience.md §4: flaps 1..10 are heard from left to right, higher numbers higher."""
    cues = [flap_cue(flap) for flap in range(1, 11)]
    assert cues[0].position == 0.0 and cues[-1].position == 1.0
    assert [c.position for c in cues] == sorted(c.position for c in cues)
    assert [c.pitch for c in cues] == sorted(c.pitch for c in cues) and len({c.pitch for c in cues}) == 10
    _, say = stb(throws=[(3, 4)])
    shut = say.describe(FlapsShut(0, "singles", (3, 4), (3, 4)))
    assert shut.cues == (flap_cue(3), flap_cue(4))


# ---------------------------------------------------------------- refusals


def test_a_refusal_interrupts_with_the_invalid_cue() -> None:
    _, say = stb(throws=[(3, 4)])
    spoken = say.refusal(FlapAlreadyShut(flaps="7", count=1, numbers=(7,)))
    assert spoken.interrupt and spoken.cues == (Cue("invalid"),)


def test_a_refusal_says_its_list_of_numbers_with_babel() -> None:
    """The rules' English "3, 4" becomes the language's list: "3 and 4", "3 og 4"."""
    error = FlapAlreadyShut(flaps="3, 4", count=2, numbers=(3, 4))
    _, say = stb()
    assert say.refusal(error).text == "Flaps 3 and 4 are already shut."
    norwegian = presenter_for(new_game("shut-the-box", ["A"]), Language("nb"))
    assert norwegian.refusal(error).text == "Flaps 3 og 4 are already shut."


def test_a_throw_asked_for_when_a_move_is_due_says_the_moves() -> None:
    from accessible_dice.games.base import NoThrowNow

    _, say = stb(throws=[(3, 4)])
    assert say.refusal(NoThrowNow()).text == "No dice are to be thrown now. Singles: 3 and 4. Sum: 7."


# ---------------------------------------------------------------- manual dice prompts (ER-03)


@pytest.mark.parametrize(("request_", "expected"), [
    (DiceRequest(0, 2, 6), "Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."),
    (DiceRequest(1, 1, 6, "start"), "Ben, throw 1 die to decide who starts and type its value from 1 to 6, "
                                    "like 3."),
    (DiceRequest(0, 1, 6, "rounds"), "Anna, throw 1 die for the number of rounds and type its value from 1 "
                                     "to 6, like 3."),
    (DiceRequest(0, 6, 12), "Anna, throw 6 dice and type their values from 1 to 12, like 12 3 7 1 10 5."),
])
def test_ER_03_a_manual_dice_prompt_says_who_throws_how_many_the_range_and_the_format(
        request_: DiceRequest, expected: str) -> None:
    _, say = stb()
    assert say.dice_prompt(request_).text == expected


@pytest.mark.parametrize("code", LANGUAGES)
def test_ER_03_every_language_says_the_count_the_range_and_both_formats(code: str) -> None:
    """Spaced and joined ("3 5 5 1 6" or "35516") in every language; a die of 12 faces has no joined form."""
    game = new_game("shut-the-box", ["Anna", "Ben"])
    say = presenter_for(game, language(code))
    five, big = (say.dice_prompt(DiceRequest(0, *dice)).text for dice in ((5, 6), (3, 12)))
    assert all(word in five for word in (" 5 ", " 6", "3 5 5 1 6", "35516"))
    assert "12 3 7" in big and "1237" not in big


def test_a_computer_players_dice_are_thrown_for_it() -> None:
    game = new_game("shut-the-box", ["Anna", "cpu"])
    say = presenter_for(game, EN, computers=[1])
    assert say.dice_prompt(DiceRequest(1, 2)).text.startswith("Throw 2 dice for cpu and type their values")


# ---------------------------------------------------------------- review (CG-04, CG-11)


def test_review_answers_interrupt_and_change_nothing() -> None:
    game, say = stb(throws=[(3, 4)])
    before = game.snapshot()
    answers = [say.dice_answer(), say.board_answer(), say.standings_answer(), say.turn_answer(),
               say.moves_answer(), say.hint_answer(Shut("sum"))]
    assert all(a.interrupt and a.text for a in answers)
    assert game.snapshot() == before


def test_CG_04_CG_11_the_review_answers_say_each_field() -> None:
    _, say = stb(throws=[(3, 4), Shut("sum"), (1, 2)], rounds=3)
    assert say.dice_answer().text == "Dice: 1 and 2."
    assert say.board_answer().text == "Ben: open 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10. Shut: none."
    assert say.board_answer(0).text == "Anna: open 1, 2, 3, 4, 5, 6, 8, 9, and 10. Shut: 7."
    assert say.turn_answer().text == "Ben's turn, round 1 of 3. Singles: 1 and 2. Sum: 3."
    assert say.moves_answer().text == "Singles: 1 and 2. Sum: 3."
    assert say.standings_answer().text == ("Anna: 9 flaps open, 48 penalty points. "
                                           "Ben: 10 flaps open, 55 penalty points.")
    assert say.hint_answer(Shut("sum")).text == "Hint: Sum (3)."


def test_the_turn_says_what_to_throw_before_the_dice() -> None:
    _, say = stb()
    assert say.turn_answer().text == "Anna's turn. Throw 2 dice."
    assert say.dice_answer().text == "No dice on the table."


def test_the_opening_names_the_game_players_and_options() -> None:
    _, say = stb(rounds=2, easy="yes")
    assert say.opening().text == ("Shut the Box: Anna and Ben. Easy variant: the difference counts too. "
                                  "2 rounds.")


def test_a_hint_says_the_best_move_its_worth_and_the_next_best() -> None:
    game, say = stb(throws=[(3, 4)])
    best = Choice((Shut("sum"),), 5.25)
    other = Choice((Shut("singles"),), 6.0)
    # The next best at full verbosity only (playtest P4: the hint was about 150 characters with it).
    assert say.advice_answer(Advice((best, other), False)).text == "Hint: Sum (7), 5.2 expected turns."
    say.verbosity = Verbosity.FULL
    assert say.advice_answer(Advice((best, other), False)).text == (
        "Hint: Sum (7), 5.2 expected turns. Next best: Singles (3 and 4), 6.0 expected turns.")
    say.verbosity = Verbosity.NORMAL
    assert say.advice_answer(Advice((best,), False)).text == "Hint: Sum (7). It is the only choice."
    assert say.advice_answer(Advice((best, other), False, other)).text == (
        "Better: Sum (7), 5.2 expected turns, instead of 6.0 expected turns.")
    assert say.advice_answer(Advice((best, other), False, best)).text == (
        "Sum (7) is the best choice, 5.2 expected turns.")
    assert game.history == [Roll((3, 4))]


# ---------------------------------------------------------------- Threes Away


def test_threes_away_the_sheet_example_is_said_step_by_step() -> None:
    game = new_game("threes-away", ["Anna"], {"rounds": "1", "variant": "low"})
    say = presenter_for(game, EN)
    said = [say.announce(game.apply(Roll((3, 2, 6, 4, 5))), prompt=True).text]
    from accessible_dice.games.threes_away import Keep

    said.append(say.announce(game.apply(Keep((0, 1)))).text)
    said.append(say.announce(game.apply(Roll((6, 3, 1))), prompt=True).text)
    said.append(say.announce(game.apply(Keep((1, 2)))).text)
    said.append(say.announce(game.apply(Roll((6,)))).text)
    assert said == [
        "Anna threw 3, 2, 6, 4, and 5. Keep the 3: die 1.",
        "3 and 2 kept, 2 points so far.",
        "Anna threw 6, 3, and 1. Keep the 3: die 2.",
        "3 and 1 kept, 3 points so far.",
        "Anna threw 6. 6 kept. Turn score 9 points; 9 points in total. Round 1 of 1 over. "
        "Game over: 9 points.",
    ]


# ---------------------------------------------------------------- priority and history


def test_history_steps_back_and_forward_and_stops_at_the_ends() -> None:
    history = History()
    assert history.last() is None and history.previous() is None
    for text in "abc":
        history.add(Utterance(text))
    assert history.last().text == "c"
    assert [history.previous().text, history.previous().text, history.previous().text] == ["b", "a", "a"]
    assert history.at_edge(-1) and not history.at_edge(1)
    assert [history.next().text, history.newest().text, history.oldest().text] == ["b", "c", "a"]
    history.add(Utterance("d"))
    assert history.previous().text == "c"


def test_history_is_bounded() -> None:
    history = History(limit=3)
    for text in "abcde":
        history.add(Utterance(text))
    assert len(history) == 3 and history.oldest().text == "c"


# ---------------------------------------------------------------- language


@pytest.mark.parametrize(("code", "expected"), [
    ("nb_NO.UTF-8", "nb"), ("no", "nb"), ("de-AT", "de"), ("cs_CZ", "cs"), ("fr_FR", None), ("", None),
    (None, None), ("C", None)])
def test_system_language_codes_map_to_ours(code: str | None, expected: str | None) -> None:
    assert supported(code) == expected


@pytest.mark.parametrize(("code", "expected"), [("en", "3, 4, and 5"), ("nb", "3, 4 og 5"),
                                                 ("de", "3, 4 und 5"), ("cs", "3, 4 a\xa05")])
def test_lists_are_said_in_the_language(code: str, expected: str) -> None:
    assert Language(code).numbers([3, 4, 5]) == expected


def test_a_missing_catalog_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("accessible_dice.presentation.i18n.catalog_dirs", lambda: [])
    assert language("de").code == "en"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert language(None).code == "en"


def test_a_catalog_found_in_the_locales_folder_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word goes through gettext: a catalog changes what is said, lists included."""
    catalog = Catalog(locale="nb", domain="accessible_dice")
    catalog.add("{name} threw {dice}.", "{name} kastet {dice}.")
    catalog.add(("Flap {flaps} shut.", "Flaps {flaps} shut."), ("Klaff {flaps} lukket.", "Klaffene {flaps} lukket."))
    folder = tmp_path / "nb" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "accessible_dice.mo").open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr("accessible_dice.presentation.i18n.catalog_dirs", lambda: [tmp_path])
    lang = language("nb")
    assert lang.code == "nb" and isinstance(lang.translations, gettext.GNUTranslations)
    game = new_game("shut-the-box", ["Anna", "Ben"])
    say = presenter_for(game, lang)
    assert say.describe(DiceThrown(0, (3, 4), "turn", (3, 4))).text == "Anna kastet 3 og 4."
    assert say.describe(FlapsShut(0, "singles", (3, 4), (3, 4))).text == "Klaffene 3 og 4 lukket."


# ---------------------------------------------------------------- translatable strings


#: The play layer's modules and the launch (the window's live in ui/window/, with their own tests).
PLAY = (*sorted((ROOT / "accessible_dice/play").rglob("*.py")), ROOT / "accessible_dice/ui/launch.py")


def _messages() -> list[tuple[str, int, object, list[str]]]:
    files = sorted((ROOT / "accessible_dice/presentation").glob("*.py"))
    files += PLAY
    found = []
    for path in files:
        for lineno, message, comments, _context in extract_from_file(
                "python", path, comment_tags=("Translators:",), strip_comment_tags=True):
            found.append((path.name, lineno, message, comments))
    return found


def test_every_player_facing_string_has_a_translator_comment() -> None:
    bare = [(f, n, m) for f, n, m, comments in _messages() if not comments]
    assert bare == []


def test_placeholders_are_named_never_positional() -> None:
    texts = [m for _, _, message, _ in _messages() for m in (message if isinstance(message, tuple) else (message,))]
    assert len(texts) > 80
    assert [t for t in texts if re.search(r"\{\}|\{\d+\}|%[sd]", t)] == []


def test_no_sentence_is_glued_together_from_translated_pieces() -> None:
    """Presentation code formats whole translated templates; it never adds strings with ``+``."""
    source = "\n".join(p.read_text() for p in (ROOT / "accessible_dice/presentation").glob("*.py"))
    assert re.search(r"_\([^)]*\)\s*\+", source) is None
    assert "f\"{self._" not in source


def test_presenter_base_has_no_words_for_unknown_events() -> None:
    class Mystery(Event):
        pass

    say = Presenter(new_game("shut-the-box", ["A"]), EN)
    with pytest.raises(LookupError):
        say.describe(Mystery())
