"""Choosing instead of typing (issue 14, items 1, 2 and 6): numbered moves, ``c N``, Enter's one move,
Yatzy's short forms, dice by face, hints that say what to type, and openings and help that teach.

Driven in-process through the real terminal (tests/test_terminal.py's ``play``).
"""

from __future__ import annotations

import io

import pytest
from test_terminal import EN, play

from accessible_dice import settings as config
from accessible_dice.games.yatzy import Yatzy
from accessible_dice.play import commands
from accessible_dice.play.commands.yatzy import box_named
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation.i18n import language
from accessible_dice.session import new_session


def yatzy_lines(typed: list[str], *, seed: int = 8, options: dict | None = None, keep_by: str = "position",
                manual: bool = False) -> tuple[list[str], Yatzy]:
    """A solo Yatzy game through the terminal, with the keep-by setting given."""
    out = io.StringIO()
    pending = iter(typed)
    screen = SettingsScreen(EN, config.Settings(keep_by=keep_by))
    terminal = Controller(Announcer(out), lambda: next(pending, None), EN, settings=screen)
    session = new_session("yatzy", ["Ola"], options or {}, seed=seed, manual=manual)
    terminal.play(session)
    game = session.game
    assert isinstance(game, Yatzy)
    return out.getvalue().splitlines(), game


# ---------------------------------------------------------------- numbered moves, in every game


def test_moves_are_numbered_with_what_each_does_and_c_n_chooses_one() -> None:
    run = play(["roll", "m", "c 2"], seed=3)
    assert run.lines[2] == "1 Singles (2 and 5). 2 Sum (7). Type c and a number to choose, like c 2."
    assert run.lines[3].startswith("Flap 7 shut.")


@pytest.mark.parametrize("typed", ["c 2", "c2", "#2", "# 2", "choose 2"])
def test_every_spelling_of_choose_picks_the_same_move(typed: str) -> None:
    run = play(["roll", typed], seed=3)
    assert run.lines[2].startswith("Flap 7 shut.")


def test_a_bare_number_stays_the_games_own_so_c_resolves_the_clash() -> None:
    """In Shut the Box "2" is flap 2 (refused: singles shut 2 and 5 together); "c 2" is the second move."""
    run = play(["roll", "2", "c 2"], seed=3)
    assert run.lines[2] == "Singles shuts both 2 and 5."
    assert run.lines[3].startswith("Flap 7 shut.")


def test_choosing_a_number_not_listed_is_refused_and_changes_nothing() -> None:
    run = play(["roll", "c 9", "c", "q"], seed=3)
    assert run.lines[2] == "9 is not one of the moves now; type moves to hear them numbered."
    assert run.lines[3] == "? is not one of the moves now; type moves to hear them numbered."
    assert len(run.session.game.history) == 1


def test_choosing_while_the_dice_are_due_is_refused() -> None:
    run = play(["c 1"], seed=3)
    assert run.lines[1] == "There are no moves to choose from now."


def test_storeslem_numbers_stay_strikes_and_c_picks_from_the_list() -> None:
    run = play(["random-board", "roll", "m"], players=("Ola",), game="storeslem", seed=4)
    listed = run.lines[-2]
    assert " 1 Strike " in listed and listed.endswith("Type c and a number to choose, like c "
                                                      f"{listed.split('like c ')[1]}")
    assert "Pass." in listed


def test_the_only_possible_move_is_offered_and_enter_makes_it() -> None:
    """3 and 4 twice in Shut the Box: the second time the singles are shut, and the sum is the only way."""
    run = play(["3 4", "singles", "3 4", "", "q"], players=("Ola",), manual=True)
    assert "Press Enter for" not in run.lines[2]
    assert run.lines[5] == "Ola threw 3 and 4. Sum: 7. Press Enter for Sum (7)."
    assert run.lines[6].startswith("Flap 7 shut.")


# ---------------------------------------------------------------- Yatzy's short forms


@pytest.mark.parametrize(("typed", "box"), [
    ("score chance", "chance"), ("score 14", "chance"), ("score ch", "chance"), ("score CHA", "chance"),
    ("c 14", "chance"), ("score fours", "fours"), ("score full", "full_house"), ("score 3", "threes"),
])
def test_ER_06_yatzy_boxes_by_number_prefix_and_name(typed: str, box: str) -> None:
    _, game = yatzy_lines(["", typed, "yes"])
    assert [b.value for b, _points in game.scorecard(0).filled] == [box]


def test_an_ambiguous_start_names_the_boxes_it_could_be() -> None:
    lines, game = yatzy_lines(["", "score s"])
    assert lines[-2] == "s could be Sixes or Small straight; type more of the name, or the box's number."
    assert not game.scorecard(0).filled


@pytest.mark.parametrize(("code", "typed", "box"), [
    ("cs", ["malá", "postupka"], "small_straight"), ("cs", ["mala", "postupka"], "small_straight"),
    ("cs", ["mala"], "small_straight"), ("sv", ["kåk"], "full_house"), ("sv", ["kak"], "full_house"),
    ("sv", ["full", "house"], "full_house"), ("sv", ["13"], "full_house"),
])
def test_local_box_names_work_with_or_without_accents(code: str, typed: list[str], box: str) -> None:
    game = new_session("yatzy", ["Ola"], {}).game
    assert isinstance(game, Yatzy)
    assert box_named(game, typed, language(code)).value == box


def test_a_bare_score_fills_the_one_box_the_order_allows() -> None:
    _, game = yatzy_lines(["", "score", "yes"], options={"order": "in-order"})
    assert [b.value for b, _points in game.scorecard(0).filled] == ["ones"]


def test_a_bare_score_with_a_free_order_asks_for_the_box() -> None:
    lines, _ = yatzy_lines(["", "score"])
    assert lines[-2] == "Name the box, like score full-house or score 13."


def test_keep_holds_exactly_those_dice_and_throws_the_rest_again() -> None:
    lines, game = yatzy_lines(["", "hold 2", "k 1 3", "d"])
    assert lines[3].startswith("Released: the 3 (die 2). Held: the 2 and the 4 (dice 1 and 3). Ola threw ")
    assert game.held() == (0, 2)
    assert game.throws_left() == 1


def test_keep_alone_throws_all_five_again() -> None:
    lines, game = yatzy_lines(["", "hold 1", "keep"])
    assert lines[3].startswith("Released: the 2 (die 1). Ola threw ")
    assert game.held() == ()


def test_a_keep_that_cannot_be_made_changes_nothing() -> None:
    _, game = yatzy_lines(["", "hold 2", "k 1 2 3 4 5"])
    assert game.held() == (1,)
    assert game.throws_left() == 2


def test_with_keep_by_value_hold_release_and_keep_name_faces() -> None:
    lines, game = yatzy_lines(["", "hold 2 2", "release 2", "hold 6"], keep_by="value")
    table = game.dice_on_table()
    assert table == (2, 3, 4, 2, 2)
    assert lines[2] == "Held: the 2 and the 2 (dice 1 and 4). 2 throws left."
    assert lines[3] == "Released: the 2 (die 1). 2 throws left."
    assert lines[4] == "No die that can be chosen here shows 6."


def test_the_hint_says_what_to_type() -> None:
    lines, _ = yatzy_lines(["", "a"])
    assert lines[-2].startswith("Hint: k 1 4 5 (the 2, the 2, and the 2), ")
    lines, _ = yatzy_lines(["", "a"], keep_by="value")
    assert lines[-2].startswith("Hint: k 2 2 2 (the 2, the 2, and the 2), ")


def test_the_hint_for_a_box_names_its_number() -> None:
    lines, _ = yatzy_lines(["", "k 1 4 5", "k 1 4 5", "a"])
    assert lines[-2].startswith("Hint: c")
    number = int(lines[-2].split()[1][1:])
    assert 1 <= number <= 15


def test_the_numbered_boxes_are_the_scorecard_numbers() -> None:
    lines, _ = yatzy_lines(["", "score 1", "yes", "", "m"])
    listed = lines[-2]
    assert listed.startswith("2 throws left. To throw again, type keep and the dice to hold. 2 Twos ")
    assert " 1 Ones" not in listed and listed.endswith("15 Yatzy 0. Type c and a number to choose, like c 15.")


# ---------------------------------------------------------------- openings and help


def test_the_opening_names_who_throws_first_for_the_start_throw_and_how() -> None:
    run = play(["q"], options={"start": "roll"}, seed=3)
    assert run.lines[0].endswith("Anna throws first: type roll or r, or press Enter. Type help for the commands.")


def test_the_opening_teaches_once_and_never_on_resume(tmp_path) -> None:
    save_to = tmp_path / "save.json"
    first = play(["roll", "q"], save_to=save_to, seed=3)
    assert sum("Type help for the commands." in line for line in first.lines) == 1
    from accessible_dice.session import Session

    again = play(["q"], session=Session.resume(save_to), resumed=True)
    assert not any("Type help for the commands." in line for line in again.lines)


def test_help_explains_yatzy_placeholders() -> None:
    lines, _ = yatzy_lines(["", "help"])
    assert "D is a die's place as said, from 1, like 1 3. BOX is a box's number from 1 to 15" in lines[-2]
    lines, _ = yatzy_lines(["", "help"], keep_by="value")
    assert "D is the face a die shows, like 5 5 for two fives." in lines[-2]


def test_every_command_help_names_parses_now() -> None:
    _, game = yatzy_lines(["", "q"])
    for word in commands.actions_now(game, EN):
        typed = word.split(",")[0].replace(" D", " 1").replace("BOX", "chance").replace("c N", "c 14")
        assert commands.parse(typed, game, EN, manual=False).name in ("move", "roll")
