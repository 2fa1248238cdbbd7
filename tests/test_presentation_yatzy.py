"""What a Yatzy player hears: throws and re-throws, held dice, boxes, the scorecard, hints."""

from __future__ import annotations

from accessible_dice.games import new_game
from accessible_dice.games.base import Roll
from accessible_dice.games.yatzy import Hold, Release, Score, ThrowAgain
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.strategy.common import Choice
from accessible_dice.utterance import Cue

EN = Language("en")


def yatzy(*actions, players=("Anna", "Ben"), verbosity=Verbosity.NORMAL, **options):
    game = new_game("yatzy", list(players), options)
    for action in actions:
        game.apply(action)
    return game, presenter_for(game, EN, verbosity)


def test_a_rethrow_says_the_new_dice_first_then_the_whole_set() -> None:
    """docs/spec/experience.md §1: "5 and 5. Now 5, 5, 5, 3, 5"."""
    game, say = yatzy(Roll((5, 2, 5, 3, 1)), Hold((0, 2, 3)), ThrowAgain())
    spoken = say.announce(game.apply(Roll((5, 5))), prompt=True)
    assert spoken.text == "Anna threw 5 and 5. Now 5, 5, 5, 3, and 5. 1 throw left."


def test_held_and_released_dice_are_said_by_face_then_position_never_run_together() -> None:
    game, say = yatzy(Roll((5, 2, 5, 3, 1)))
    assert say.announce(game.apply(Hold((0, 2)))).text == "Held: the 5 and the 5 (dice 1 and 3)."
    assert say.announce(game.apply(Release((2,)))).text == "Released: the 5 (die 3)."


def test_the_dice_review_keeps_faces_and_positions_apart_with_three_held() -> None:
    _, say = yatzy(Roll((2, 6, 4, 1, 1)), Hold((0, 1, 2)))
    assert say.dice_answer().text == ("Dice: 2, 6, 4, 1, 1. Held: the 2, the 6, and the 4 (dice 1, 2, and 3). "
                                      "2 throws left.")


def test_a_filled_box_says_its_points_and_the_total_then_the_next_turn() -> None:
    game, say = yatzy(Roll((2, 2, 3, 3, 3)))
    spoken = say.announce(game.apply(Score("full_house")))
    assert spoken.text == "Full house: 13 points. Total 13 points. Ben's turn."


def test_a_yatzy_and_the_upper_bonus_have_the_bonus_cue() -> None:
    game, say = yatzy(Roll((6, 6, 6, 6, 6)), players=("Anna",))
    assert Cue("bonus") in say.announce(game.apply(Score("yatzy"))).cues
    game, say = yatzy(players=("Anna",))
    # Three of each face: 3 + 6 + 9 + 12 + 15, then the sixes make exactly 63.
    for face, box in [(1, "ones"), (2, "twos"), (3, "threes"), (4, "fours"), (5, "fives")]:
        other = 6 if face != 6 else 1
        game.apply(Roll((face, face, face, other, other)))
        game.apply(Score(box))
    game.apply(Roll((6, 6, 6, 1, 1)))
    spoken = say.announce(game.apply(Score("sixes")))
    assert "Upper bonus: 50 points!" in spoken.text and Cue("bonus") in spoken.cues


def test_the_turn_and_moves_say_the_throws_left_and_every_box_with_its_score() -> None:
    _, say = yatzy(Roll((1, 1, 1, 3, 2)))
    assert say.turn_answer().text == "Anna's turn, round 1 of 15. 2 throws left."
    moves = say.moves_answer().text
    assert moves.startswith("2 throws left. Boxes: Ones for 3 points, Twos for 2 points,")
    assert moves.endswith("Chance for 8 points, and Yatzy for 0 points.")


def test_SR_09_the_dice_review_says_what_is_held_and_the_throws_left() -> None:
    _, say = yatzy(Roll((5, 2, 5, 3, 1)), Hold((0, 2)))
    assert say.dice_answer().text == "Dice: 5, 2, 5, 3, 1. Held: the 5 and the 5 (dice 1 and 3). 2 throws left."


def test_the_scorecard_says_filled_boxes_bonus_distance_total_and_empty_boxes() -> None:
    _, say = yatzy(Roll((4, 4, 4, 1, 2)), Score("fours"), players=("Anna",))
    text = say.board_answer().text
    assert text.startswith("Anna: Fours 12. Upper section 12, 51 to the bonus. Total 12 points. Empty: Ones,")
    assert text.endswith("Chance, and Yatzy.")


def test_the_play_order_is_said_at_the_start() -> None:
    _, say = yatzy(order="in-order")
    assert say.opening().text == "Yatzy: Anna and Ben. Boxes in order, from Ones to Yatzy."


def test_hints_say_a_rethrow_by_the_dice_it_keeps() -> None:
    _, say = yatzy(Roll((5, 2, 5, 3, 1)))
    assert say.choice_words(Choice((Hold((0, 2)), ThrowAgain()), 200.0, (0, 2))) == "Keep 5 and 5 and throw again"
    assert say.choice_words(Choice((ThrowAgain(),), 200.0, ())) == "Throw all dice again"
    assert say.choice_words(Choice((Score("chance"),), 200.0)) == "Score Chance for 16 points"
    assert say.expected_words(248.44) == "248.4 expected final total"
