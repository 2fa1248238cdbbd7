"""Yatzy, Scandinavian rules: one test per rule and Decision of docs/spec/rules.md section 2.

``score`` is checked for every distinct roll against a reference written
here without the module's tables: it counts faces with ``list.count`` and
searches the faces for pairs, triples and straights directly.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import refused

from accessible_dice import save
from accessible_dice.dice import (
    DieNamedTwice,
    DieOutOfRange,
    NoDieNamed,
    NoSuchDie,
    RandomDice,
    WrongDiceCount,
    parse_dice,
)
from accessible_dice.errors import IllegalMove, InvalidInput
from accessible_dice.games import new_game
from accessible_dice.games.base import (
    DiceThrown,
    GameEnded,
    NoThrowNow,
    RoundEnded,
    ThrowFirst,
    TurnStarted,
    WrongPlayerCount,
)
from accessible_dice.games.base import Roll as Throw
from accessible_dice.games.options import BadOptionValue
from accessible_dice.games.yatzy import (
    MAX_TOTAL,
    AllDiceHeld,
    Box,
    BoxFilled,
    BoxNotNext,
    BoxScored,
    DiceHeld,
    DiceReleased,
    DieAlreadyHeld,
    DieNotHeld,
    Hold,
    NoThrowsLeft,
    Release,
    Score,
    Scorecard,
    Section,
    ThrowAgain,
    UnknownBox,
    UpperBonusEarned,
    UpperSectionFirst,
    Yatzy,
    score,
)

ALL_ROLLS = list(combinations_with_replacement(range(1, 7), 5))
BOX_IDS = ["ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
           "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight",
           "full_house", "chance", "yatzy"]


def reference_score(box_id: str, dice: tuple[int, ...]) -> int:
    """docs/spec/rules.md's table, written out face by face, independently of the module."""
    n = {face: dice.count(face) for face in range(1, 7)}
    faces = range(1, 7)
    if box_id in BOX_IDS[:6]:
        face = BOX_IDS.index(box_id) + 1
        return face * n[face]
    if box_id == "one_pair":
        return max([2 * f for f in faces if n[f] >= 2] + [0])
    if box_id == "two_pairs":
        return max([2 * a + 2 * b for a in faces for b in faces if a < b and n[a] >= 2 and n[b] >= 2] + [0])
    if box_id == "three_of_a_kind":
        return max([3 * f for f in faces if n[f] >= 3] + [0])
    if box_id == "four_of_a_kind":
        return max([4 * f for f in faces if n[f] >= 4] + [0])
    if box_id == "small_straight":
        return 15 if all(n[f] == 1 for f in (1, 2, 3, 4, 5)) else 0
    if box_id == "large_straight":
        return 20 if all(n[f] == 1 for f in (2, 3, 4, 5, 6)) else 0
    if box_id == "full_house":
        fits = any(n[a] == 3 and n[b] == 2 for a in faces for b in faces if a != b)
        return sum(dice) if fits else 0
    if box_id == "chance":
        return sum(dice)
    assert box_id == "yatzy"
    return 50 if any(n[f] == 5 for f in faces) else 0


def game(players: int = 1, order: str = "free") -> Yatzy:
    made = new_game("yatzy", [f"P{i}" for i in range(players)], {"order": order})
    assert isinstance(made, Yatzy)
    return made


def turn(g: Yatzy, dice: tuple[int, ...], box: str) -> list:
    """One throw of all five dice, then score ``box``."""
    return g.apply(Throw(dice)) + g.apply(Score(box))


# ------------------------------------------------------------ players, options


def test_one_to_eight_players() -> None:
    for count in (1, 8):
        assert len(game(count).players) == count
    for count in (0, 9):
        with pytest.raises(WrongPlayerCount):
            new_game("yatzy", ["P"] * count)


def test_play_order_option_is_free_by_default_and_one_of_three() -> None:
    assert new_game("yatzy", ["A"]).options == {"order": "free"}
    for order in ("free", "upper-first", "in-order"):
        assert game(order=order).options["order"] == order
    with pytest.raises(BadOptionValue):
        new_game("yatzy", ["A"], {"order": "sideways"})


# ------------------------------------------------------------------- boxes


def test_fifteen_boxes_in_scorecard_order_each_knowing_its_section() -> None:
    assert [box.value for box in Box] == BOX_IDS
    assert [box.section for box in Box] == [Section.UPPER] * 6 + [Section.LOWER] * 9
    assert [box.face for box in Box][:6] == [1, 2, 3, 4, 5, 6]
    assert Box.FULL_HOUSE.command == "full-house" and Box.FULL_HOUSE.label == "Full house"


@pytest.mark.parametrize("name", ["full-house", "full_house", "Full house", "FULL HOUSE", Box.FULL_HOUSE])
def test_a_box_is_found_by_id_command_word_or_english_name(name) -> None:
    assert Box.lookup(name) is Box.FULL_HOUSE
    assert Score(name) == Score("full_house")


def test_an_unknown_box_is_refused_with_the_box_names() -> None:
    with pytest.raises(UnknownBox, match="full-house") as caught:
        Box.lookup("full hose")
    assert isinstance(caught.value, InvalidInput)


# ----------------------------------------------------------------- scoring


@pytest.mark.parametrize("box_id", BOX_IDS)
def test_score_of_every_distinct_roll_matches_the_rule_table(box_id: str) -> None:
    assert len(ALL_ROLLS) == 252
    for dice in ALL_ROLLS:
        assert score(box_id, dice) == reference_score(box_id, dice), (box_id, dice)


@pytest.mark.parametrize(("box", "dice", "points"), [
    ("ones", (1, 1, 1, 4, 5), 3),               # the sheet: three ones give three points
    ("three_of_a_kind", (4, 4, 4, 1, 2), 12),    # the sheet: three 4s = 12
    ("four_of_a_kind", (2, 2, 2, 2, 6), 8),      # the sheet: four 2s = 8
    ("one_pair", (3, 3, 5, 5, 1), 10),           # the highest pair
    ("two_pairs", (2, 2, 3, 3, 3), 10),          # a full house is two pairs
    ("two_pairs", (4, 4, 4, 4, 1), 0),           # four of a kind is not two pairs
    ("full_house", (5, 5, 5, 5, 5), 0),          # five of a kind is not a full house
    ("full_house", (2, 2, 3, 3, 3), 13),         # the sum of all five
    ("one_pair", (5, 5, 5, 5, 5), 10),           # a Yatzy counts as one pair,
    ("three_of_a_kind", (5, 5, 5, 5, 5), 15),    # as three of a kind,
    ("four_of_a_kind", (5, 5, 5, 5, 5), 20),     # and as four of a kind
    ("small_straight", (5, 3, 1, 2, 4), 15),
    ("small_straight", (2, 3, 4, 5, 6), 0),
    ("large_straight", (6, 2, 5, 3, 4), 20),
    ("chance", (6, 5, 4, 1, 1), 17),
    ("yatzy", (6, 6, 6, 6, 6), 50),
])
def test_worked_examples_of_the_box_table(box: str, dice: tuple[int, ...], points: int) -> None:
    assert score(box, dice) == points


def test_score_refuses_dice_that_are_not_five_six_sided_dice() -> None:
    with pytest.raises(WrongDiceCount):
        score("chance", (1, 2, 3, 4))
    for bad in ((1, 2, 3, 4, 7), (0, 2, 3, 4, 5)):
        with pytest.raises(DieOutOfRange):
            score("chance", bad)
    with pytest.raises(UnknownBox):
        score("seven", (1, 2, 3, 4, 5))


def test_maximum_total_is_374() -> None:
    best_per_box = sum(max(score(box, dice) for dice in ALL_ROLLS) for box in Box)
    assert best_per_box + 50 == MAX_TOTAL == 374
    g = game()
    best_throws = {
        "ones": (1, 1, 1, 1, 1), "twos": (2, 2, 2, 2, 2), "threes": (3, 3, 3, 3, 3),
        "fours": (4, 4, 4, 4, 4), "fives": (5, 5, 5, 5, 5), "sixes": (6, 6, 6, 6, 6),
        "one_pair": (6, 6, 1, 2, 3), "two_pairs": (6, 6, 5, 5, 1), "three_of_a_kind": (6, 6, 6, 1, 2),
        "four_of_a_kind": (6, 6, 6, 6, 1), "small_straight": (1, 2, 3, 4, 5),
        "large_straight": (2, 3, 4, 5, 6), "full_house": (6, 6, 6, 5, 5), "chance": (6, 6, 6, 6, 6),
        "yatzy": (1, 1, 1, 1, 1),
    }
    for box, dice in best_throws.items():
        turn(g, dice, box)
    assert g.is_over() and g.scores() == (374,)


# ------------------------------------------------------------- upper bonus


def test_upper_bonus_is_50_at_63_exactly_and_not_at_62() -> None:
    at_63 = Scorecard({Box.ONES: 3, Box.TWOS: 6, Box.THREES: 9, Box.FOURS: 12, Box.FIVES: 15, Box.SIXES: 18})
    at_62 = Scorecard({**at_63.points, Box.ONES: 2})
    assert (at_63.upper_sum, at_63.bonus, at_63.total) == (63, 50, 113)
    assert (at_62.upper_sum, at_62.bonus, at_62.total) == (62, 0, 62)


def test_upper_bonus_is_earned_in_play_once_the_upper_sum_reaches_63() -> None:
    g = game()
    throws = [((1, 1, 1, 2, 3), "ones"), ((2, 2, 2, 1, 3), "twos"), ((3, 3, 3, 1, 2), "threes"),
              ((4, 4, 4, 1, 2), "fours"), ((5, 5, 5, 1, 2), "fives")]
    for dice, box in throws:
        assert not any(isinstance(e, UpperBonusEarned) for e in turn(g, dice, box))
    events = turn(g, (6, 6, 6, 1, 2), "sixes")
    assert UpperBonusEarned(0, 50, 63) in events
    card = g.scorecard(0)
    assert card.bonus == 50 and card.total == 113


def test_decision_the_bonus_comes_as_soon_as_63_is_reached_even_with_upper_boxes_empty() -> None:
    g = game()
    turn(g, (6, 6, 6, 6, 6), "sixes")
    turn(g, (5, 5, 5, 5, 5), "fives")
    assert not g.scorecard(0).bonus
    events = turn(g, (4, 4, 4, 1, 1), "fours")
    assert UpperBonusEarned(0, 50, 67) in events
    assert len(g.scorecard(0).empty) == 12 and g.scores() == (117,)


# --------------------------------------------------------------------- turn


def test_a_turn_starts_with_a_throw_of_all_five_dice() -> None:
    g = game()
    request = g.dice_request()
    assert request is not None and (request.player, request.count, request.faces) == (0, 5, 6)
    assert g.legal_moves() == []
    assert g.throws_left() == 3
    refused(g, Hold((0,)), ThrowFirst)
    refused(g, Score("chance"), ThrowFirst)
    assert g.apply(Throw((1, 2, 3, 4, 6))) == [DiceThrown(0, (1, 2, 3, 4, 6), "turn", (1, 2, 3, 4, 6))]
    assert g.dice_on_table() == (1, 2, 3, 4, 6) and g.throws_left() == 2


def test_a_rethrow_asks_only_for_the_released_dice_and_held_dice_stay() -> None:
    g = game()
    g.apply(Throw((6, 2, 6, 3, 1)))
    assert g.apply(Hold((2, 0))) == [DiceHeld(0, (0, 2), (6, 6))]
    assert g.held() == (0, 2) and g.dice_request() is None
    assert g.apply(ThrowAgain()) == []
    request = g.dice_request()
    assert request is not None and request.count == 3
    assert parse_dice("5 6 4", request.count, request.faces) == (5, 6, 4)
    refused(g, Throw((1, 2, 3, 4, 5)), WrongDiceCount)
    assert g.apply(Throw((5, 6, 4))) == [DiceThrown(0, (5, 6, 4), "turn", (6, 5, 6, 6, 4))]
    assert g.dice_on_table() == (6, 5, 6, 6, 4)


def test_decision_held_dice_stay_held_for_the_next_rethrow_until_released() -> None:
    g = game()
    g.apply(Throw((6, 6, 1, 2, 3)))
    g.apply(Hold((0, 1)))
    g.apply(ThrowAgain())
    g.apply(Throw((6, 4, 4)))
    assert g.held() == (0, 1)
    assert g.apply(Release((1,))) == [DiceReleased(0, (1,), (6,))]
    g.apply(ThrowAgain())
    request = g.dice_request()
    assert request is not None and request.count == 4


def test_three_throws_at_most() -> None:
    g = game()
    g.apply(Throw((1, 2, 3, 4, 6)))
    for _ in range(2):
        g.apply(ThrowAgain())
        g.apply(Throw((1, 1, 1, 1, 1)))
    assert g.throws_left() == 0
    refused(g, ThrowAgain(), NoThrowsLeft)
    refused(g, Hold((0,)), NoThrowsLeft)
    assert all(isinstance(move, Score) for move in g.legal_moves())
    assert len(g.legal_moves()) == 15


def test_the_player_may_stop_early_and_score_after_the_first_throw() -> None:
    g = game()
    g.apply(Throw((2, 3, 4, 5, 6)))
    events = g.apply(Score("large-straight"))
    assert events[0] == BoxScored(0, Box.LARGE_STRAIGHT, 20, (2, 3, 4, 5, 6))
    assert g.scores() == (20,)


def test_scoring_fills_exactly_one_empty_box_then_the_turn_passes() -> None:
    g = game(players=2)
    events = turn(g, (3, 3, 3, 2, 2), "full_house")
    assert events[-1] == TurnStarted(1, 1)
    assert g.scorecard(0).filled == ((Box.FULL_HOUSE, 13),)
    assert g.current_player() == 1 and g.dice_on_table() == () and g.held() == ()
    assert g.throws_left() == 3
    events = turn(g, (1, 1, 2, 2, 6), "chance")
    assert events[-2:] == [RoundEnded(1), TurnStarted(0, 2)]


def test_a_zero_goes_in_the_box_when_the_dice_do_not_fit() -> None:
    g = game()
    events = turn(g, (1, 2, 3, 4, 6), "yatzy")
    assert events[1] == BoxScored(0, Box.YATZY, 0, (1, 2, 3, 4, 6))
    assert g.scorecard(0).filled == ((Box.YATZY, 0),)


def test_a_filled_box_is_refused() -> None:
    g = game()
    turn(g, (1, 2, 3, 4, 6), "chance")
    g.apply(Throw((6, 6, 6, 6, 6)))
    error = refused(g, Score("chance"), BoxFilled)
    assert str(error) == "Chance is already filled, with 16 points."


def test_holding_and_releasing_name_dice_that_exist_once_each() -> None:
    g = game()
    g.apply(Throw((1, 2, 3, 4, 5)))
    assert str(refused(g, Hold((5,)), NoSuchDie)) == "There is no die 6; the dice are numbered 1 to 5."
    refused(g, Hold((1, 1)), DieNamedTwice)
    refused(g, Hold(()), NoDieNamed)
    g.apply(Hold((1,)))
    assert str(refused(g, Hold((1, 2)), DieAlreadyHeld)) == "Die 2 is already held."
    assert str(refused(g, Release((0,)), DieNotHeld)) == "Die 1 is not held."


def test_throwing_again_with_all_five_held_is_refused() -> None:
    g = game()
    g.apply(Throw((6, 6, 6, 6, 5)))
    g.apply(Hold((0, 1, 2, 3, 4)))
    assert ThrowAgain() not in g.legal_moves()
    refused(g, ThrowAgain(), AllDiceHeld)


def test_dice_cannot_be_typed_while_a_move_is_due() -> None:
    g = game()
    g.apply(Throw((6, 6, 6, 6, 5)))
    refused(g, Throw((1, 2, 3, 4, 5)), NoThrowNow)


def test_legal_moves_list_every_hold_release_throw_and_allowed_box() -> None:
    g = game()
    g.apply(Throw((1, 2, 3, 4, 5)))
    g.apply(Hold((0, 1)))
    moves = g.legal_moves()
    assert sum(isinstance(m, Hold) for m in moves) == 7      # non-empty subsets of 3 released dice
    assert sum(isinstance(m, Release) for m in moves) == 3   # non-empty subsets of 2 held dice
    assert moves.count(ThrowAgain()) == 1
    assert [m.box for m in moves if isinstance(m, Score)] == BOX_IDS


# ------------------------------------------------------------- play orders


def test_play_order_in_order_fills_the_boxes_from_top_to_bottom() -> None:
    g = game(order="in-order")
    g.apply(Throw((6, 6, 6, 6, 6)))
    assert [m for m in g.legal_moves() if isinstance(m, Score)] == [Score("ones")]
    error = refused(g, Score("yatzy"), BoxNotNext)
    assert str(error) == "The boxes are filled from top to bottom: Ones is next, not Yatzy."
    assert error.data["next_id"] == "ones"
    g.apply(Score("ones"))
    g.apply(Throw((6, 6, 6, 6, 6)))
    assert g.open_boxes() == ((Box.TWOS, 0),)


def test_play_order_upper_first_fills_the_upper_six_in_any_order_then_the_lower_nine() -> None:
    g = game(order="upper-first")
    g.apply(Throw((6, 6, 6, 6, 6)))
    error = refused(g, Score("yatzy"), UpperSectionFirst)
    assert str(error) == "The upper section comes first: fill Ones to Sixes before Yatzy."
    for dice, box in [((6, 6, 6, 6, 6), "sixes"), ((1, 1, 2, 2, 3), "twos"), ((1, 1, 1, 1, 1), "ones"),
                      ((5, 1, 1, 1, 1), "fives"), ((3, 1, 1, 1, 1), "threes")]:
        if not g.dice_on_table():
            g.apply(Throw(dice))
        g.apply(Score(box))
    g.apply(Throw((4, 4, 4, 4, 4)))
    refused(g, Score("chance"), UpperSectionFirst)
    g.apply(Score("fours"))
    g.apply(Throw((4, 4, 4, 4, 4)))
    assert [box for box, _ in g.open_boxes()] == list(Box)[6:]
    g.apply(Score("yatzy"))
    g.apply(Throw((1, 2, 3, 4, 5)))
    g.apply(Score("small-straight"))


def test_play_order_free_allows_any_empty_box() -> None:
    g = game()
    g.apply(Throw((6, 6, 6, 6, 6)))
    assert [box for box, _ in g.open_boxes()] == list(Box)
    g.apply(Score("yatzy"))
    g.apply(Throw((6, 6, 6, 6, 6)))
    assert Box.YATZY not in g.allowed_boxes() and len(g.allowed_boxes()) == 14


# ------------------------------------------------------- end and ranking


def play_fixed_game(players: int, dice_of: list[tuple[int, ...]]) -> tuple[Yatzy, list]:
    """Every player throws ``dice_of[player]`` each turn and scores the next box down."""
    g = game(players, order="in-order")
    events: list = []
    while not g.is_over():
        player = g.current_player()
        assert player is not None
        events += turn(g, dice_of[player], g.allowed_boxes()[0].value)
    return g, events


def test_the_game_ends_when_every_scorecard_is_full_and_the_highest_total_wins() -> None:
    g, events = play_fixed_game(2, [(6, 6, 6, 6, 6), (5, 5, 5, 5, 5)])
    assert all(g.scorecard(p).empty == () for p in (0, 1))
    assert g.current_player() is None and g.dice_request() is None and g.legal_moves() == []
    assert events[-2:] == [RoundEnded(15), GameEnded((0,), g.scores())]
    assert g.winners() == (0,)
    refused(g, Score("chance"), IllegalMove)


def test_ties_share_the_win() -> None:
    g, _ = play_fixed_game(3, [(6, 6, 6, 6, 6), (2, 2, 2, 1, 1), (6, 6, 6, 6, 6)])
    assert g.winners() == (0, 2)
    assert [(s.player, s.rank) for s in g.standings()] == [(0, 1), (2, 1), (1, 3)]


def test_practice_with_one_player_scores_the_total() -> None:
    g, events = play_fixed_game(1, [(6, 6, 6, 6, 6)])
    assert g.scores() == (g.scorecard(0).total,) and g.winners() == (0,)
    assert sum(isinstance(e, TurnStarted) for e in events) == 14


def test_decision_players_take_turns_in_the_order_given_the_first_player_starting() -> None:
    g = game(players=3)
    assert g.opening_events() == [TurnStarted(0, 1)]
    assert [turn(g, (1, 2, 3, 4, 5), "chance")[-1] for _ in range(3)] == [
        TurnStarted(1, 1), TurnStarted(2, 1), TurnStarted(0, 2)]


# ------------------------------------------------------------------ review


def test_review_shows_dice_held_throws_left_scorecards_and_open_boxes() -> None:
    g = game(players=2)
    turn(g, (4, 4, 4, 1, 2), "fours")
    g.apply(Throw((3, 3, 5, 5, 5)))
    g.apply(Hold((2, 3, 4)))
    assert (g.dice_on_table(), g.held(), g.released(), g.throws_left()) == ((3, 3, 5, 5, 5), (2, 3, 4),
                                                                            (0, 1), 2)
    card = g.scorecard(0)
    assert (card.filled, card.upper_sum, card.bonus, card.total) == (((Box.FOURS, 12),), 12, 0, 12)
    assert len(card.empty) == 14 and g.scorecard(1).filled == ()
    card.points[Box.CHANCE] = 99  # a copy: changing it changes nothing
    assert g.scorecard(0).total == 12
    open_now = dict(g.open_boxes())
    assert open_now[Box.FULL_HOUSE] == 21 and open_now[Box.TWO_PAIRS] == 16 and open_now[Box.FIVES] == 15


# -------------------------------------------------------------- save, replay


def test_save_then_load_replays_to_an_equal_game_mid_turn() -> None:
    g = game(players=2, order="upper-first")
    turn(g, (1, 1, 1, 2, 3), "ones")
    g.apply(Throw((6, 6, 2, 3, 4)))
    g.apply(Hold((0, 1)))
    g.apply(ThrowAgain())
    text = save.dumps(g)
    restored = save.loads(text)
    assert restored == g and restored.history == g.history
    assert restored.dice_request() == g.dice_request()
    assert '"move": "hold"' in text and '"move": "throw"' in text and '"box": "ones"' in text


def test_a_save_with_an_illegal_score_is_refused() -> None:
    g = game(order="in-order")
    g.apply(Throw((1, 2, 3, 4, 5)))
    data = save.to_json(g)
    data["actions"].append({"move": "score", "box": "chance"})
    with pytest.raises(save.BadSave, match="action 2"):
        save.from_json(data)


# --------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(dice=st.lists(st.integers(1, 6), min_size=5, max_size=5), box=st.sampled_from(list(Box)))
def test_property_scores_are_never_negative_and_ignore_the_order_of_the_dice(dice, box) -> None:
    points = score(box, dice)
    assert points >= 0
    assert all(score(box, other) == points for other in set(permutations(dice)))
    assert score("chance", dice) == sum(dice)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), order=st.sampled_from(["free", "upper-first", "in-order"]))
def test_property_totals_are_the_boxes_plus_the_bonus_in_random_play(seed: int, order: str) -> None:
    g = game(players=2, order=order)
    dice, chooser = RandomDice(seed), random.Random(seed)
    while not g.is_over():
        request = g.dice_request()
        if request is not None:
            g.apply(Throw(dice.throw(request)))
            continue
        table = g.dice_on_table()
        for event in g.apply(chooser.choice(g.legal_moves())):
            if isinstance(event, BoxScored):
                assert event.dice == table and event.points == score(event.box, table)
        for p in (0, 1):
            card = g.scorecard(p)
            assert card.total == sum(points for _, points in card.filled) + card.bonus
            assert card.bonus == (50 if card.upper_sum >= 63 else 0)
            assert all(points >= 0 for _, points in card.filled)
    assert all(0 <= total <= MAX_TOTAL for total in g.scores())
