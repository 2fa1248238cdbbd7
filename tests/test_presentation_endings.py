"""The end of a game and of a round, winner or leader first (issue 14, item 4; playtest D7, D12)."""

from __future__ import annotations

from test_presentation import ANNA_WINS

from accessible_dice.games import new_game
from accessible_dice.games.base import Roll
from accessible_dice.games.quiclo import WriteEquation
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.games.storeslem import SetBoard
from accessible_dice.presentation import presenter_for
from accessible_dice.presentation.i18n import Language

EN = Language("en")


def test_quiclo_a_match_is_won_by_lasting_not_by_rounds_survived() -> None:
    game = new_game("quiclo", ["Anna", "Ben", "Cid"], {"lives": "1"})
    say = presenter_for(game, EN)
    game.apply(Roll((12, 3, 7, 1, 10, 5)))
    game.apply(WriteEquation("12/3=5-1"))
    for _ in range(2):
        game.apply(Roll((1, 2, 3, 4, 5, 6)))
        events = game.apply(WriteEquation("1+2=4"))
    said = say.announce(events).text
    assert "Game over. Anna wins, the last player with lives. Then Ben, out in round 1 and Cid, out in round 1." \
        in said
    assert "rounds survived" not in said


def test_quiclo_players_out_together_share_the_win_in_words_that_fit() -> None:
    game = new_game("quiclo", ["Anna", "Ben"], {"lives": "1"})
    say = presenter_for(game, EN)
    for _ in range(2):
        game.apply(Roll((1, 2, 3, 4, 5, 6)))
        events = game.apply(WriteEquation("1+2=4"))
    assert say.announce(events).text.endswith(
        "Game over. Anna and Ben share the win: they were out in the same round.")


def test_storeslem_the_winner_comes_before_every_boards_details() -> None:
    game = new_game("storeslem", ["Anna", "Ben"], {})
    say = presenter_for(game, EN)
    game.apply(SetBoard((5, 6, 17, 1, 9, 3, 21, 4, 2)))
    game.apply(SetBoard((1, 2, 3, 4, 5, 6, 7, 8, 9)))
    for dice in ((2, 4, 5), (6, 5, 4), (1, 6, 3)):
        game.apply(Roll(dice))
        while game.dice_request() is None and not game.is_over():
            events = game.apply(game.legal_moves()[-1])  # pass
    said = say.announce(events).text
    winner = said.index("Game over. Anna and Ben share the win")
    assert winner < said.index("Anna: 0 struck") and winner < said.index("Ben: 0 struck")


def test_shut_the_box_round_results_name_the_leader_first() -> None:
    """The same throws in both rounds: the first player wins round 1; round 2 starts with Ben, who wins it."""
    game = new_game("shut-the-box", ["Anna", "Ben"], {"rounds": "2"})
    say = presenter_for(game, EN)
    for _ in range(2):
        for step in [*ANNA_WINS, Shut("sum")]:
            events = game.apply(Roll(step) if isinstance(step, tuple) else step)
    said = say.announce(events).text
    assert "This round: Ben with 0 penalty points and Anna with 49 penalty points." in said
