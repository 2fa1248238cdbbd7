"""The words of coming back to an online table: what happened meanwhile, newest last, then whose turn.

The summary is worded by the presenter of the player coming back, so a
Czech player hears it in Czech whatever the others speak.
"""

from __future__ import annotations

from accessible_dice.games import new_game
from accessible_dice.games.base import Event, Roll
from accessible_dice.games.yatzy import Score
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.away import AWAY_NEWS, while_away
from accessible_dice.presentation.i18n import language


def yatzy_turns() -> tuple[object, list[Event], list[Event]]:
    """Anna scores her first throw in Ones, Ben his in Chance: the events of each turn."""
    game = new_game("yatzy", ["Anna", "Ben"], {})
    anna = [*game.apply(Roll((1, 1, 2, 3, 4))), *game.apply(Score("ones"))]
    ben = [*game.apply(Roll((6, 5, 5, 4, 4))), *game.apply(Score("chance"))]
    return game, anna, ben


def test_coming_back_says_what_the_others_did_then_that_it_is_your_turn() -> None:
    game, _anna, ben = yatzy_turns()
    said = while_away(presenter_for(game, language("en")), ben, seats={0})
    assert said is not None
    assert said.text.startswith("While you were away: Ben")
    assert "24" in said.text and "Chance" in said.text
    assert "threw" not in said.text  # the dice on the way are left out
    assert said.text.endswith("Your turn, round 2 of 15.")


def test_the_summary_is_in_the_listeners_language() -> None:
    game, _anna, ben = yatzy_turns()
    czech = while_away(presenter_for(game, language("cs")), ben, seats={0})
    english = while_away(presenter_for(game, language("en")), ben, seats={0})
    assert czech is not None and english is not None
    assert czech.text != english.text and "While you were away" not in czech.text


def test_nothing_happened_and_not_your_turn_says_nothing_and_someone_else_s_turn_names_them() -> None:
    game, anna, ben = yatzy_turns()
    presenter = presenter_for(game, language("en"))
    assert while_away(presenter, [], seats={1}) is None
    said = while_away(presenter, [*anna, *ben], seats={1})
    assert said is not None and said.text.endswith("Anna's turn, round 2 of 15.")


def test_a_long_absence_says_the_newest_results_and_counts_the_rest() -> None:
    game = new_game("yatzy", ["Anna", "Ben"], {})
    boxes = ["ones", "twos", "threes", "fours", "fives", "sixes"]
    events: list[Event] = []
    for box in boxes:
        for _player in range(2):
            events += [*game.apply(Roll((1, 2, 3, 4, 5))), *game.apply(Score(box))]
    said = while_away(presenter_for(game, language("en")), events, seats={0})
    assert said is not None
    assert f"{2 * len(boxes) - AWAY_NEWS} earlier results left out." in said.text
    # newest last: Ben's Sixes is the last result said, before the turn
    assert said.text.index("Sixes") > said.text.index("Fours")
