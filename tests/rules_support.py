"""What the tests of the games share: a refusal leaves the game exactly as it was; a game played to
its end; a save that loads as the same game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pytest

from accessible_dice import save
from accessible_dice.dice import DiceSource, RandomDice
from accessible_dice.errors import DiceError
from accessible_dice.games.base import Action, Game, Roll

G = TypeVar("G", bound=Game)


def refused(game: Game, action: Action, error: type[DiceError]) -> DiceError:
    """Apply ``action``, expect ``error``, and check that nothing changed: the same state, the same history."""
    before, history = game.snapshot(), list(game.history)
    with pytest.raises(error) as caught:
        game.apply(action)
    assert game.snapshot() == before and game.history == history
    return caught.value


def play_out(game: G, dice: DiceSource, choose: Callable[[G], Action]) -> G:
    """Play ``game`` to its end: ``dice`` answer every throw it asks for, ``choose`` makes every move."""
    while not game.is_over():
        request = game.dice_request()
        game.apply(Roll(dice.throw(request)) if request else choose(game))
    return game


def play_randomly(game: G, seed: int) -> G:
    """Play ``game`` to its end with random dice and random legal moves, both from ``seed``."""
    chooser = random.Random(seed)
    return play_out(game, RandomDice(seed), lambda playing: chooser.choice(playing.legal_moves()))


def check_saves_replay(game: Game, seed: int, also_after: int) -> None:
    """Play ``game`` to its end, dice and moves from ``seed``; saved after ``also_after`` actions
    and at the end, it loads as an equal game."""
    dice = RandomDice(seed)
    while not game.is_over():
        request = game.dice_request()
        game.apply(Roll(dice.throw(request)) if request else game.legal_moves()[seed % len(game.legal_moves())])
        if len(game.history) == also_after:
            assert save.loads(save.dumps(game)) == game
    assert save.loads(save.dumps(game)) == game
