"""What the rules tests of every game share: a refusal leaves the game exactly as it was."""

from __future__ import annotations

import pytest

from accessible_dice.errors import DiceError
from accessible_dice.games.base import Action, Game


def refused(game: Game, action: Action, error: type[DiceError]) -> DiceError:
    """Apply ``action``, expect ``error``, and check that nothing changed: the same state, the same history."""
    before, history = game.snapshot(), list(game.history)
    with pytest.raises(error) as caught:
        game.apply(action)
    assert game.snapshot() == before and game.history == history
    return caught.value
