"""One conformance suite over every registered game (OpenSpiel's api_test idea).

Each game joins simply by being registered in ``accessible_dice.games.GAMES``;
the example game Pig (tests/pig) is registered for this module, so the
extension path is held to the same rules.
For every game and random seeds and move choices: play always finishes, legal
moves are never empty before the end, save -> replay gives an equal state, an
illegal action changes nothing, scores are never negative, and the same seed
gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pig import EVERY_GAME, registered
from rules_support import refused

from accessible_dice import save
from accessible_dice.dice import RandomDice
from accessible_dice.errors import DiceError
from accessible_dice.games import game_class, new_game
from accessible_dice.games.base import Game, Roll

MAX_ACTIONS = 5_000


@pytest.fixture(scope="module", autouse=True)
def _pig() -> Iterator[None]:
    with registered():
        yield


def player_counts(name: str) -> list[int]:
    cls = game_class(name)
    return sorted({cls.min_players, min(cls.max_players, 3)})


def play(name: str, players: int, seed: int, *, check_each_step: bool = False) -> Game:
    """Play a whole game: random dice from ``seed``, random legal moves from ``seed``."""
    game = new_game(name, [f"P{i}" for i in range(players)])
    dice, chooser = RandomDice(seed), random.Random(seed ^ 0x5EED)
    for _ in range(MAX_ACTIONS):
        if game.is_over():
            return game
        request = game.dice_request()
        if request is not None:
            game.apply(Roll(dice.throw(request)))
        else:
            moves = game.legal_moves()
            assert moves, f"{name}: no legal move although the game is not over"
            game.apply(chooser.choice(moves))
        if check_each_step:
            assert all(score >= 0 for score in game.scores())
    raise AssertionError(f"{name} did not finish in {MAX_ACTIONS} actions (seed {seed})")


@pytest.mark.parametrize("name", EVERY_GAME)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_always_finishes_with_winners_and_no_negative_score(name: str, seed: int) -> None:
    for players in player_counts(name):
        game = play(name, players, seed, check_each_step=True)
        assert game.is_over()
        assert game.current_player() is None
        assert game.dice_request() is None and game.legal_moves() == []
        assert game.winners(), "someone always wins (ties share the win)"


@pytest.mark.parametrize("name", EVERY_GAME)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_save_then_replay_gives_an_equal_game_at_any_point(name: str, seed: int) -> None:
    whole = play(name, player_counts(name)[-1], seed)
    cut = random.Random(seed).randint(0, len(whole.history))
    partial = new_game(name, whole.players, whole.options)
    for action in whole.history[:cut]:
        partial.apply_trusted(action)
    for game in (partial, whole):
        restored = save.loads(save.dumps(game))
        assert restored == game
        assert restored.history == game.history


@pytest.mark.parametrize("name", EVERY_GAME)
def test_same_seed_gives_the_same_game(name: str) -> None:
    players = player_counts(name)[-1]
    assert play(name, players, 1234).history == play(name, players, 1234).history


@pytest.mark.parametrize("name", EVERY_GAME)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_change_nothing(name: str, seed: int) -> None:
    whole = play(name, player_counts(name)[-1], seed)
    game = new_game(name, whole.players, whole.options)
    for action in whole.history:
        request = game.dice_request()
        if request is not None:
            refused(game, Roll((1,) * (request.count + 1)), DiceError)
            refused(game, Roll((request.faces + 1,) * request.count), DiceError)
            refused(game, Roll((0,) * request.count), DiceError)
            some_move = next((a for a in whole.history if not isinstance(a, Roll)), None)
            if some_move is not None:
                refused(game, some_move, DiceError)
        else:
            refused(game, Roll((1,)), DiceError)
        game.apply(action)
    assert game.is_over()
    refused(game, Roll((1,)), DiceError)
    some_move = next((a for a in whole.history if not isinstance(a, Roll)), None)
    if some_move is not None:
        refused(game, some_move, DiceError)


@pytest.mark.parametrize("name", EVERY_GAME)
def test_every_game_names_its_rules_metadata(name: str) -> None:
    cls = game_class(name)
    assert cls.id == name
    assert 1 <= cls.min_players <= cls.max_players <= 8
    keys = [spec.key for spec in cls.options_spec]
    assert len(keys) == len(set(keys))
