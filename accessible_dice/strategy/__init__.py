"""Hints and computer players: exact optimal strategies, one module per game.

Front ends call :func:`best_move` for a hint and :func:`computer_move` for a
computer player's next move, with the real :class:`Game` object; both work
whenever a move (not a throw) is due. Advice is data (see
:mod:`accessible_dice.strategy.common`); the presentation layer words it.
Methods and figures: docs/strategy.md.
"""

from __future__ import annotations

from types import ModuleType

from accessible_dice.games import part_module
from accessible_dice.games.base import Game, Move
from accessible_dice.strategy.common import Advice, Choice

__all__ = ["Advice", "Choice", "best_move", "computer_move", "has_strategy"]


def has_strategy(game: Game) -> bool:
    """Whether the game has hints and computer players (its :class:`~accessible_dice.games.Parts` name a strategy).

    Where numpy cannot be had (the static page, :mod:`accessible_dice.page`), Yatzy's and Storeslem's
    strategies cannot run: their hints and computer players then make the game's plain move, as a game
    without a strategy does, rather than stop the game.
    """
    try:
        return part_module(game.id, "strategy") is not None
    except ModuleNotFoundError as missing:
        if missing.name == "numpy":
            return False
        raise


def _module(game: Game) -> ModuleType:
    """The game's strategy module, imported on first use (Yatzy and Storeslem need numpy)."""
    module = part_module(game.id, "strategy")
    if module is None:
        raise KeyError(game.id)
    return module


def best_move(game: Game, considering: Move | None = None) -> Advice:
    """The best move now for the current player, the alternatives, and ``considering``'s worth.

    Raises ``KeyError`` for a game without a strategy (see :func:`has_strategy`),
    the game's refusal when ``considering`` is not legal, and ``GameIsOver`` or
    ``ThrowFirst`` when there is nothing to decide.
    """
    advice: Advice = _module(game).best_move(game, considering)
    return advice


def computer_move(game: Game) -> Move:
    """The move a computer player makes now: the best choice's next move."""
    move: Move = _module(game).computer_move(game)
    return move
