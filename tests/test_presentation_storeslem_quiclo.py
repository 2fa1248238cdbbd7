"""What Storeslem and QUICLO players hear: strikes with their calculations, diagonals, lives, hints."""

from __future__ import annotations

from dataclasses import dataclass

from accessible_dice.games import new_game
from accessible_dice.games.base import Game, Roll
from accessible_dice.games.quiclo import DeclareNone, UseHelper, WriteEquation
from accessible_dice.games.storeslem import Pass, SetBoard, Strike
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.describe import Presenter
from accessible_dice.presentation.i18n import Language
from accessible_dice.strategy.common import Advice, Choice
from accessible_dice.utterance import Cue

EN = Language("en")
SHEET_BOARD = SetBoard((5, 6, 17, 1, 9, 3, 21, 4, 2))


def anna_and_the_sheets_board() -> tuple[Game, Presenter]:
    """Anna alone at Storeslem with the sheet's board filled in, and the words she hears."""
    game = new_game("storeslem", ["Anna"])
    say = presenter_for(game, EN)
    game.apply(SHEET_BOARD)
    return game, say


def anna_with_one_to_six() -> tuple[Game, Presenter]:
    """Anna alone at QUICLO with 1 to 6 thrown, and the words she hears."""
    game = new_game("quiclo", ["Anna"])
    say = presenter_for(game, EN)
    game.apply(Roll((1, 2, 3, 4, 5, 6)))
    return game, say


def test_storeslem_a_strike_says_how_each_number_was_made_and_sounds_by_column() -> None:
    game, say = anna_and_the_sheets_board()
    game.apply(Roll((2, 4, 5)))
    game.apply(Strike((2, 4, 5)))
    game.apply(Roll((6, 5, 4)))
    spoken = say.announce(game.apply(Strike((6, 9), ("6", "5+4"))))
    assert spoken.text.startswith("Anna struck 6 and 9 (5+4). Anna completed a diagonal. Free strike:")
    assert spoken.cues[0] == Cue("strike", position=0.5, pitch=5)  # 6 is in the middle column
    assert Cue("bonus") in spoken.cues


def test_storeslem_after_a_throw_the_player_hears_what_can_be_struck() -> None:
    game, say = anna_and_the_sheets_board()
    spoken = say.announce(game.apply(Roll((2, 4, 5))), prompt=True)
    assert spoken.text == "Anna threw 2, 4, and 5. Your turn. You can strike 1, 2, 3, 4, 5, 6, and 9, or pass."
    assert say.board_answer().text == ("Anna's board. Row 1: 5, 6, 17. Row 2: 1, 9, 3. Row 3: 21, 4, 2. "
                                       "Worth 0 points now. Best diagonal: 0 of 3 struck.")
    game.apply(Strike((2, 4, 5)))
    assert "Row 1: 5 struck, 6, 17." in say.board_answer().text
    assert say.dice_answer().text == "Dice: 2, 4, and 5, throw 1 of 3."


def test_storeslem_a_pass_and_hints_are_said() -> None:
    game, say = anna_and_the_sheets_board()
    game.apply(Roll((2, 4, 5)))
    assert say.announce(game.apply(Pass())).text == "Anna passed. Throw 1 of 3 done."
    assert say.hint_answer(Strike((9, 17))).text == "Hint: Strike 9 and 17."


def test_quiclo_verdicts_lives_and_the_end() -> None:
    game = new_game("quiclo", ["Anna", "Ben"], {"lives": "1"})
    say = presenter_for(game, EN)
    game.apply(Roll((12, 3, 7, 1, 10, 5)))
    right = say.announce(game.apply(WriteEquation("12/3=5-1")))
    assert right.text == "12 ÷ 3 = 5 − 1: right, with 4 dice. Ben's turn."
    game.apply(Roll((1, 2, 3, 4, 5, 6)))
    wrong = say.announce(game.apply(WriteEquation("1+2=4")))
    assert wrong.text.startswith("1 + 2 = 4: wrong. The left side makes 3, the right side 4. Ben loses the last "
                                 "life. Round 1 over. Ben is out. Game over. Anna wins")
    # A judged move is a result: the life's cue, not the refusal's (which prints "Error:", nothing changed).
    assert Cue("life_lost") in wrong.cues and Cue("invalid") not in wrong.cues


def test_quiclo_six_dice_win_a_life_and_the_helper_and_none_are_said() -> None:
    game, say = anna_with_one_to_six()
    gained = say.announce(game.apply(WriteEquation("6-5+4=3*2-1")))
    assert gained.text.startswith("6 − 5 + 4 = 3 × 2 − 1: right, with all 6 dice! Anna gains a life: 4 lives.")
    assert Cue("life_won") in gained.cues
    game.apply(Roll((1, 2, 3, 4, 5, 6)))
    assert say.announce(game.apply(UseHelper())).text.startswith("Helper: 6 − 5 + 4 = 3 × 2 − 1. Anna loses")
    game.apply(Roll((1, 2, 3, 4, 5, 6)))
    assert say.announce(game.apply(DeclareNone())).text.startswith("There is one: 6 − 5 + 4 = 3 × 2 − 1.")


def test_quiclo_the_hint_never_gives_the_equation_away() -> None:
    _, say = anna_with_one_to_six()
    assert say.hint_answer(WriteEquation("6 − 5 + 4 = 3 × 2 − 1")).text == "Hint: an equation with all 6 dice exists."
    assert say.hint_answer(WriteEquation("4 ÷ 4 = 2 − 1")).text == "Hint: the best equation uses 4 dice."
    assert say.standings_answer().text == "Lives: Anna 3 lives."


@dataclass(frozen=True)
class HelperAdviceLike(Advice):
    """The fields the QUICLO strategy's advice carries (helper_dice, helper_cost): the words rely on them only."""

    helper_dice: int = 0
    helper_cost: int = 1


def test_quiclo_a_strategy_hint_says_the_helpers_dice_and_price_never_the_equation() -> None:
    _, say = anna_with_one_to_six()
    helper, none = Choice((UseHelper(),), -1), Choice((DeclareNone(),), -1)
    assert say.advice_answer(HelperAdviceLike((helper, none), True, None, 6)).text == (
        "Hint: an equation with all 6 dice exists. The helper costs 1 life.")
    assert say.advice_answer(HelperAdviceLike((helper, none), True, None, 4)).text == (
        "Hint: the best equation uses 4 dice. The helper costs 1 life.")
    assert say.advice_answer(HelperAdviceLike((helper, none), True, none, 4)).text == (
        "An equation exists: declaring none would cost 1 life.")
    assert say.advice_answer(HelperAdviceLike((none, helper), True, None, 0)).text == (
        "Hint: no equation is possible; type none.")
