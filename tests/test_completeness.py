"""Every registered game is complete: all its parts, words for all it does, and no code name ever said.

Runs over the program's games and the example game Pig (tests/pig), so a
game that lacks a part fails here the moment it is registered, rather than
crashing in front of a player:

- its parts are there (rules, words, commands, board, strategy,
  rules page), and the menu title, command words and rules pages exist in
  every language's catalog and folder;
- every event of its rules has words, and every move seen in seeded games
  is said in words that are not its code name;
- ``moves`` has something to say whenever a move is legal;
- seeded whole games, reviewed at every step, speak no English and no
  identifier under the pseudo-locale (tests/catalog_support.py);
- a registered game with a part missing is refused in words by the menu and
  the command line, never offered and then crashed.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from catalog_support import catalogs, write_pseudo_catalog
from e2e_support import refused, run_cli
from pig import EVERY_GAME, registered
from test_catalogs import language_from_po
from test_conformance import player_counts
from test_pseudo_locale import CODE, allowed_words, leaks

from accessible_dice import strategy
from accessible_dice.dice import RandomDice
from accessible_dice.errors import DiceError
from accessible_dice.games import GAMES, parts
from accessible_dice.games import part_module as parts_module
from accessible_dice.games.base import Event, Game, Roll
from accessible_dice.play import commands
from accessible_dice.presentation import missing, playable, presenter_class, presenter_for, terms
from accessible_dice.presentation.i18n import EXTRA_CATALOGS, LANGUAGES, Language, language
from accessible_dice.presentation.rules import pages_dir, rules_page
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import simple_move

NAMES = ["Ann", "Bo"]
#: A word as code and catalogs spell it: letters, digits, hyphens and underscores ("roll-again", "full_house").
_TOKEN = re.compile(r"[\w-]+")


def code_names(game: Game) -> set[str]:
    """The game's move kinds and event and refusal class names that are no word of any message of ours.

    A kind that is also a typed word ("hold", "keep") is said on purpose; a
    kind like "roll-again" or a class name like "TurnLost" never is.
    """
    module = importlib.import_module(type(game).__module__)
    names = {move.kind for move in game.move_types}
    names |= {cls.__name__ for _, cls in inspect.getmembers(module, inspect.isclass)
              if issubclass(cls, (Event, DiceError)) and cls.__module__ == module.__name__}
    return {name for name in names if name.casefold() not in our_tokens()}


@cache
def our_tokens() -> frozenset[str]:
    """Every word of every message of the catalogs' template, in lower case."""
    return frozenset(token.casefold() for message in catalogs.extract() if message.id
                     for text in ([message.id] if isinstance(message.id, str) else message.id)
                     for token in _TOKEN.findall(text))


@pytest.fixture(scope="module", autouse=True)
def _pig() -> Iterator[None]:
    with registered():
        yield


# ---------------------------------------------------------------- the parts


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_every_game_has_every_part(game_id: str) -> None:
    assert missing(game_id) == []
    assert game_id in playable()
    found = parts(game_id)
    assert found.board is not None and found.strategy is not None, "every game has a board and hints"


@pytest.mark.parametrize("game_id", EVERY_GAME)
@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_the_title_and_command_words_are_translated_in_every_catalog(game_id: str, code: str) -> None:
    said = language_from_po(code)
    words = [parts(game_id).title, *commands.game_commands(game_id).WORDS.values()]
    catalog = catalogs._read(catalogs.po_path(code), code)
    assert [word for word in words if not (catalog.get(word) and catalog.get(word).string)] == []
    assert all(said._(word) for word in words)


@pytest.mark.parametrize("game_id", EVERY_GAME)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_page_is_there_in_every_language_without_markup(game_id: str, code: str) -> None:
    page = pages_dir(game_id) / ("" if code == "en" else code) / f"{game_id}.md"
    assert page.is_file()
    lines = rules_page(game_id, language(code))
    assert len(lines) > 10
    assert not [line for line in lines if line.startswith(("#", "-", "|")) or "**" in line or "`" in line]


def _event_classes(game: Game) -> list[type[Event]]:
    module = importlib.import_module(type(game).__module__)
    return [cls for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, Event) and cls is not Event and cls.__module__ == module.__name__]


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_SR_08_every_event_of_the_rules_has_words(game_id: str) -> None:
    """SR-08: every event of the rules is announced; a missing method would be silent."""
    say = presenter_for(new(game_id), language("en"))
    assert [cls.__name__ for cls in _event_classes(say.game) if not hasattr(say, f"on_{cls.__name__}")] == []


# ---------------------------------------------------------------- seeded games, reviewed at every step


def new(game_id: str) -> Game:
    from accessible_dice.games import new_game

    return new_game(game_id, NAMES[:max(2, player_counts(game_id)[0])])


def review(game: Game, lang: Language, chooser: random.Random) -> Iterator[tuple[str, str]]:
    """Play a seeded game to its end and say everything a player can ask for at every step.

    Yields (what was said, where); moves are the strategy's best or a random legal one.
    """
    say = presenter_for(game, lang, Verbosity.FULL, computers=(1,))
    dice = RandomDice(chooser.randrange(2**32))
    yield say.opening().text, "opening"
    while not game.is_over():
        for where, utterance in (("moves", say.moves_answer()), ("board", say.board_answer()),
                                 ("dice", say.dice_answer()), ("turn", say.turn_answer()),
                                 ("standings", say.standings_answer())):
            yield utterance.text, where
        yield " ".join(commands.actions_now(game, lang)), "help"
        request = game.dice_request()
        if request is not None:
            try:
                game.apply(Roll((request.faces + 1,) * request.count))
            except DiceError as error:
                yield say.refusal(error).text, "refusal"
            action: Roll | object = Roll(dice.throw(request))
        else:
            moves = game.legal_moves()
            for move in moves[:8]:
                yield say.move_words(move), f"move {move.kind}"
            if strategy.has_strategy(game):
                advice = strategy.best_move(game)
                yield say.advice_answer(advice).text, "hint"
                reason = say.computer_reason(advice)
                yield (reason.text if reason else ""), "why"
                action = advice.best.move if chooser.random() < 0.5 else chooser.choice(moves)
            else:
                yield say.hint_answer(simple_move(game, chooser)).text, "hint"
                action = chooser.choice(moves)
        events = game.apply(action)  # type: ignore[arg-type]
        announced = say.announce(events, prompt=True)
        yield (announced.text if announced else ""), "announcement"


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_moves_has_something_to_say_whenever_a_move_is_legal(game_id: str) -> None:
    game, chooser = new(game_id), random.Random(11)
    say = presenter_for(game, language("en"))
    dice = RandomDice(11)
    nothing = say.language._("Nothing to choose now.")
    while not game.is_over():
        request = game.dice_request()
        if request is not None:
            game.apply(Roll(dice.throw(request)))
            continue
        assert game.legal_moves()
        assert say.choices() is not None
        assert say.moves_answer().text not in ("", nothing)
        game.apply(chooser.choice(game.legal_moves()))


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_no_move_or_event_is_said_by_its_code_name(game_id: str) -> None:
    game = new(game_id)
    forbidden = code_names(game)
    seen = {}
    for text, where in review(game, language("en"), random.Random(1)):
        if where.startswith("move "):
            seen[where] = text
            assert text and text != where.removeprefix("move "), where
        said = {token.casefold() for token in _TOKEN.findall(text)}
        assert not said & {name.casefold() for name in forbidden}, f"{where}: {text}"
    assert seen, "the seeded game reached a move"


@pytest.fixture(scope="module")
def pseudo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pseudo-locales")
    write_pseudo_catalog(folder, CODE)
    return folder


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_seeded_games_reviewed_at_every_step_speak_no_english_in_the_pseudo_locale(
        game_id: str, pseudo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(EXTRA_CATALOGS, str(pseudo))
    lang = language(CODE)
    heard = [text for seed in range(2) for text, _where in review(new(game_id), lang, random.Random(seed)) if text]
    assert len(heard) > 20 and all("⟦" in text for text in heard[:3])
    assert leaks(heard, allowed_words(NAMES, [])) == []


# ---------------------------------------------------------------- a game with a part missing


@pytest.mark.parametrize("part", ["presentation", "commands", "board", "strategy", "pages"])
def test_a_registered_game_missing_a_part_is_refused_in_words_by_the_menu_and_the_command_line(
        part: str, tmp_path: Path) -> None:
    """Pig registered with one part pointing where nothing is (tests/pig/__main__.py, ``PIG_WITHOUT``)."""
    without = {"PIG_WITHOUT": part}
    terminal = ["--ui", "console", "--speech", "text", "--lang", "en"]
    menu = run_cli(terminal, ["1", "6", "q"], tmp_path, module="pig", extra=without)
    assert menu.status == 0
    assert f"{list(GAMES).index('pig') + 1} Pig" in " ".join(menu.lines)  # the program's games, then Pig
    assert refused("Pig cannot be played here yet.") in menu.lines
    direct = run_cli(["--game", "pig", *terminal], ["hold"], tmp_path, module="pig", extra=without)
    assert direct.status == 2
    assert f"pig cannot be played here yet; it lacks its {'rules page' if part == 'pages' else part}" in direct.stderr


def test_a_game_without_its_tutorial_goal_is_refused_in_words_not_crashed_in_its_tutorial(tmp_path: Path) -> None:
    """The tutorial opens with what the game is about, the presenter's ``goal`` (it was a central table keyed by
    game id, and a new game's tutorial crashed with a KeyError, issue 28): a game without one is refused in the
    tutorial menu and on the command line, like any game with a part missing."""
    without = {"PIG_WITHOUT": "goal"}
    terminal = ["--ui", "console", "--speech", "text", "--lang", "en"]
    tutorial = run_cli(terminal, ["4", "6", "q"], tmp_path, module="pig", extra=without)
    assert tutorial.status == 0
    assert refused("Pig cannot be played here yet.") in tutorial.lines
    assert "KeyError" not in " ".join(tutorial.lines) + tutorial.stderr
    direct = run_cli(["--game", "pig", *terminal], ["hold"], tmp_path, module="pig", extra=without)
    assert direct.status == 2
    assert "pig cannot be played here yet; it lacks its tutorial goal" in direct.stderr


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_every_game_says_what_it_is_about_as_its_tutorial_opens(game_id: str) -> None:
    """Each game's own presenter carries its tutorial goal, said (translated) as the tutorial opens."""
    goal = presenter_class(game_id).goal
    assert goal and goal.endswith(".")


def test_terms_are_the_games_own_and_a_game_without_any_says_so() -> None:
    """``explain`` reads a game's terms from its own presentation module (``TERMS``), not from a central table:
    the example game defines none, and ``explain cargo`` says so rather than "the terms are ." (issue 28)."""
    english = language("en")
    assert terms.terms("pig") == ()
    said = terms.explain("pig", ("cargo",), english).text
    assert said == "This game has no terms to explain; its rules page says how it is played."
    assert {game_id for game_id in EVERY_GAME if terms.terms(game_id)} == set(EVERY_GAME) - {"pig"}


#: Command words that games share on purpose, with one meaning: each language's word was chosen for all of them.
SAME_MEANING = {"keep": {"threes-away", "yatzy"}}


def test_a_command_word_two_games_share_is_given_each_games_own_context_unless_it_means_the_same() -> None:
    """A game's command word reused by another game would silently take that game's translation (issue 28:
    a new game's keep became Czech "odložit", set aside): one with another meaning is marked
    ``GC_(game, word)``, so each language translates it for that game (Pig's hold, beside Yatzy's)."""
    games_by_word: dict[tuple[str | None, str], set[str]] = {}
    for game_id in EVERY_GAME:
        words = getattr(parts_module(game_id, "commands"), "WORDS", {})
        for word in words.values():
            games_by_word.setdefault((getattr(word, "context", None), str(word)), set()).add(game_id)
    shared = {word: games for (_context, word), games in games_by_word.items() if len(games) > 1}
    assert {word: games for word, games in shared.items() if not games <= SAME_MEANING.get(word, set())} == {}
    sv = language("sv")
    pig_hold = parts_module("pig", "commands").WORDS["hold"]
    assert pig_hold.context == "pig" and sv._(pig_hold) == "spara" and sv.pgettext("pig", "hold") == "spara"
