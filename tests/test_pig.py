"""The example game Pig (tests/pig): its rules, its strategy, and whole games through the terminal and the window.

Pig is registered only by the tests: here, in the suites over every game
(test_conformance, test_completeness), and in one test per other front end
(the window's pixels, the browser page, an online table; CONTRIBUTING's
"The worked example's tests" names them all, and the last test here checks
that each is there). The end-to-end games run the real command line with it
registered (``python -m pig``), and the window plays it by keys. If the
extension path breaks, these fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_support import LANGUAGES, MAIN_MENU, play, run_cli, the_save
from e2e_support import refused as printed_refusal
from pig import registered
from pig.rules import GOAL, Hold, Pig, PointsBanked, RollAgain, TurnLost
from pig.strategy import best_move, throw_value
from rules_support import refused
from window_driver import Driver, open_driver

from accessible_dice.games import GAMES, new_game
from accessible_dice.games.base import GameIsOver, Roll, ThrowFirst, TurnStarted
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.menu import MainMenu

_driver = pytest.fixture(name="driver")(open_driver)


@pytest.fixture(autouse=True)
def _pig() -> Iterator[None]:
    with registered():
        yield


def pig(*actions: Roll | RollAgain | Hold) -> Pig:
    game = new_game("pig", ["Anna", "Ben"])
    assert isinstance(game, Pig)
    for action in actions:
        game.apply(action)
    return game


# ---------------------------------------------------------------- rules


def test_a_turn_starts_with_one_die_to_throw_and_no_move() -> None:
    game = pig()
    request = game.dice_request()
    assert request is not None and (request.player, request.count, request.faces) == (0, 1, 6)
    refused(game, Hold(), ThrowFirst)


def test_a_face_other_than_1_adds_to_the_turn_and_both_moves_are_open() -> None:
    game = pig(Roll((5,)), RollAgain(), Roll((4,)))
    assert game.at_risk == 9 and game.totals == [0, 0]
    assert game.legal_moves() == [RollAgain(), Hold()]


def test_a_1_loses_the_turn_total_and_passes_the_die() -> None:
    game = pig(Roll((6,)), RollAgain())
    assert game.apply(Roll((1,)))[1:] == [TurnLost(0, 6), TurnStarted(1, 1)]
    assert game.totals == [0, 0] and game.at_risk == 0 and game.current_player() == 1


def test_hold_banks_the_turn_total_and_passes_the_die() -> None:
    game = pig(Roll((6,)), RollAgain(), Roll((3,)))
    assert game.apply(Hold()) == [PointsBanked(0, 9, 9), TurnStarted(1, 1)]
    assert game.totals == [9, 0] and game.current_player() == 1


def test_banking_the_goal_wins_at_once() -> None:
    game = pig()
    game.totals[0] = GOAL - 4
    game.apply(Roll((4,)))
    events = game.apply(Hold())
    assert events[0] == PointsBanked(0, 4, GOAL)
    assert game.is_over() and game.winners() == (0,) and game.at_risk == 0
    refused(game, Roll((3,)), GameIsOver)


# ---------------------------------------------------------------- strategy


@pytest.mark.parametrize(("at_risk", "best"), [(2, RollAgain()), (19, RollAgain()), (20, Hold()), (25, Hold())])
def test_the_hint_holds_from_20_points_on_as_the_expectation_says(at_risk: int, best: object) -> None:
    game = pig(Roll((2,)))
    game.at_risk = at_risk
    assert best_move(game).best.move == best


def test_the_hint_holds_when_the_turn_total_wins() -> None:
    game = pig(Roll((6,)))
    game.totals[0] = GOAL - 6
    advice = best_move(game)
    assert advice.best.move == Hold() and advice.best.value == 6.0
    assert throw_value(6, 6) < 6


# ---------------------------------------------------------------- end to end


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seeded_game_against_the_computer_through_the_real_command_line(tmp_path: Path, lang: str) -> None:
    args = ["--game", "pig", "--ui", "console", "--speech", "text", "--players", "Anna,cpu", "--seed", "5"]
    typed = ["roll", "hint", "moves", "roll", "board", "hold", *["roll", "hold"] * 80]
    result = play(lang, args, typed, tmp_path, module="pig")
    assert result.status == 0
    assert result.lines[:7] == [
        "Pig: Anna and cpu. The first to bank 100 points wins. Anna's turn. Type roll or r, or press Enter, to throw. "
        "Type help for the commands.",
        "Anna threw 5. 5 points this turn: roll again, or hold to bank them.",
        "Hint: Roll again, 10.2 expected points this turn.",
        "5 points this turn: roll again, or hold to bank them. 1 Roll again. 2 Hold and bank 5 points. Type c and a "
        "number to choose, like c 2.",
        "Anna threw 3. 8 points this turn: roll again, or hold to bank them.",
        "Anna: 0 points. At risk this turn: 8 points.",
        "Anna banks 8 points; 8 in total. cpu's turn.",
    ]
    # The end: the last bank, the winner on a line of its own, then the question after the game, which answers
    # the rest of the typed moves until the input ends.
    end = next(number for number, line in enumerate(result.lines) if line.startswith("Game over."))
    assert result.lines[end - 1].startswith("cpu banks ") and result.lines[end].startswith("Game over. cpu wins with ")
    assert result.lines[end + 1].startswith("Type rematch, or press Enter, to play again")
    over = printed_refusal("The game is over.")
    assert result.lines[end + 2:] == [over] * (len(result.lines) - end - 3) + ["Goodbye."]
    if result.other is not None:
        assert result.other.lines[0].startswith("Prasátko: Anna a cpu.")


def test_a_game_in_the_window_by_keys_from_the_main_menu(driver: Driver) -> None:
    """The menu offers Pig; R throws and throws again, Enter on the Hold button banks, N plays the computer's
    turns through; the game ends."""
    driver.window.push(MainMenu(driver.window, manual=False, seed=3))
    driver.keys("return")  # New game: the quick game, then the registered games, Pig last
    items = len(GAMES) + 1
    assert driver.last.endswith(f"1 of {items}")
    driver.keys(*["down"] * (items - 1))
    assert driver.last == f"Pig, {items} of {items}"
    driver.keys("return")
    driver.type("Anna, cpu")
    driver.keys("return", "return")  # the players, then the first item of the options: start
    screen = driver.top
    assert isinstance(screen, GameScreen)
    game = screen.session.game
    assert isinstance(game, Pig)
    for _step in range(2000):
        if game.is_over():
            break
        if screen.computer_turn():
            driver.keys("n")
            continue
        driver.keys("r")
        if game.legal_moves() and game.at_risk >= 12:
            while driver.focused() != "hold":
                driver.keys("right")
            assert driver.last.startswith("Hold and bank ")
            driver.keys("return")
    assert game.is_over()
    assert any(text.startswith("Anna banks ") for text in driver.spy.texts)
    assert "Game over" in driver.spy.texts[-1]


def test_the_tutorial_and_explain_of_the_example_game_in_the_terminal(tmp_path: Path) -> None:
    """A registered game gets a tutorial with nothing else to write (its presenter's goal opens it), with a
    computer player beside the player where it needs two; ``explain`` says it has no terms (issue 28)."""
    number = str(list(GAMES).index("pig") + 1)
    terminal = ["--ui", "console", "--speech", "text", "--lang", "en"]
    done = run_cli(terminal, ["4", number, "explain", "roll", "q"], tmp_path, module="pig")
    assert done.status == 0 and "Something went wrong" not in done.stderr
    opening = done.lines[2]
    assert opening.startswith("Pig: Player and cpu.") and "Tutorial of Pig: a short guided game" in opening
    assert "In Pig you throw one die as often as you like" in opening
    assert "This game has no terms to explain; its rules page says how it is played." in done.lines
    assert done.lines[-1] == "The tutorial is kept: Tutorial in the main menu continues it. Goodbye."


def test_the_tutorial_of_the_example_game_in_the_window(driver: Driver) -> None:
    """T, the game, Enter: the window's tutorial of a registered game opens with its goal; E (explain) says
    it has no terms."""
    driver.window.push(MainMenu(driver.window, manual=False, seed=None))
    driver.keys("t", "return")
    driver.keys(*["down"] * list(GAMES).index("pig"), "return")
    screen = driver.top
    assert isinstance(screen, GameScreen) and screen.session.tutorial is not None
    assert any("In Pig you throw one die" in text for text in driver.spy.texts)
    driver.keys("r", "e")
    assert driver.last == "This game has no terms to explain; its rules page says how it is played."


def test_a_game_quit_mid_turn_is_resumed_by_resume_and_by_the_main_menu_where_it_was(tmp_path: Path) -> None:
    """Quit with points at risk, ``--resume`` continues that very turn (the points still at risk, Hold banks
    them), quit again, and the main menu lists the saved game with its standings and continues it. The
    program without Pig registered leaves the save alone."""
    terminal = ["--ui", "console", "--speech", "text", "--lang", "en"]
    first = run_cli([*terminal, "--game", "pig", "--players", "Anna,Ben", "--seed", "5"],
                    ["roll", "roll", "hold", "roll", "q"], tmp_path, module="pig")
    assert first.lines[-2:] == ["Ben threw 6. 6 points this turn: roll again, or hold to bank them.",
                                "Game saved. Goodbye."]
    assert the_save(tmp_path).name.startswith("pig-")
    resumed = run_cli([*terminal, "--resume"], ["board", "hold", "q"], tmp_path, module="pig")
    assert resumed.lines == [
        "Pig continued: Anna and Ben. The first to bank 100 points wins. Ben's turn. 6 points this turn: roll "
        "again, or hold to bank them.",
        "Ben: 0 points. At risk this turn: 6 points.",
        "Ben banks 6 points; 6 in total. Anna's turn.",
        "Game saved. Goodbye."]
    # The program without Pig neither lists the save nor moves it aside as damaged: it is Pig's program's.
    without = run_cli([*terminal, "--resume"], ["q"], tmp_path)
    assert without.lines == [printed_refusal("There is no saved game to continue."), MAIN_MENU, "Goodbye."]
    assert the_save(tmp_path).name.startswith("pig-")
    menu = run_cli(terminal, ["9", "board", "q"], tmp_path, module="pig")
    assert re.search(r"Saved games, the latest first: 9 Pig: Anna and Ben\. Anna's turn\. Last played .+, random "
                     r"dice\. Standings: 1\. Anna, 8 points\. 2\. Ben, 6 points\.$", menu.lines[0]), menu.lines[0]
    assert menu.lines[1].startswith("Pig continued: Anna and Ben.") and "Anna's turn" in menu.lines[1]
    assert menu.lines[2:] == ["Anna: 8 points.", "Game saved. Goodbye."]


def test_every_test_contributing_names_for_the_worked_example_exists() -> None:
    """CONTRIBUTING's "The worked example's tests" names a test per front end: each is there, by that name."""
    root = Path(__file__).resolve().parents[1]
    text = (root / "CONTRIBUTING.md").read_text(encoding="utf-8")
    table = text.split("### The worked example's tests", 1)[1].split("\n## ", 1)[0]
    named: list[tuple[str, str]] = []
    for line in table.splitlines():
        file = ""
        for cited in re.findall(r"`((?:tests/)?[\w/]*test_\w+\.py)?(?:::(\w+))?`", line):
            file = cited[0] or file
            if cited[1]:
                named.append((Path(file).name, cited[1]))
    assert len(named) >= 9
    missing = [f"{file}::{test}" for file, test in named
               if f"def {test}(" not in (root / "tests" / file).read_text(encoding="utf-8")]
    assert missing == []
