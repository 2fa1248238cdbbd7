"""Hints and computer players: exact optimal strategies, one module per game.

Front ends call :func:`best_move` for a hint and :func:`computer_move` for a
computer player's next move, with the real :class:`Game` object; both work
whenever a move (not a throw) is due. Advice is data (see
:mod:`accessible_dice.strategy.common`); the presentation layer words it.
Methods and figures: docs/strategy.md.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from accessible_dice.games import GAMES, part_module
from accessible_dice.games.base import Game, Move
from accessible_dice.strategy.common import Advice, Choice

__all__ = ["Advice", "Choice", "best_move", "computer_move", "has_own_strategy", "has_strategy", "own_part"]


def _without_numpy(game_id: str) -> ModuleType | None:
    """The game's strategy, or, where numpy cannot be imported (the static page, :mod:`accessible_dice.page`),
    the one its :class:`~accessible_dice.games.Parts` name ``without_numpy`` (Yatzy's from the shipped table,
    Storeslem's the same expectimax in plain Python); ``None`` if it has neither. One that reads a file has
    ``available(game)``: whether what it reads (Yatzy's shipped table) can be had, looked at on the first call."""
    try:
        return part_module(game_id, "strategy")
    except ModuleNotFoundError as missing:
        if missing.name != "numpy":
            raise
    name = GAMES[game_id].without_numpy
    return None if name is None else importlib.import_module(name)


def has_strategy(game: Game) -> bool:
    """Whether the game has hints and computer players (its :class:`~accessible_dice.games.Parts` name a strategy).

    Where numpy cannot be had (the static page), Yatzy plays with :mod:`.yatzy_turn` (the shipped table read
    without numpy), as long as its table can be had (fetched on this first question), and Storeslem with
    :mod:`.storeslem_plain`. A game without one makes the game's plain move for hints and computer
    players, rather than stop the game.
    """
    module = _without_numpy(game.id)
    if module is None:
        return False
    available = getattr(module, "available", None)
    return available is None or bool(available(game))


def has_own_strategy(game: Game) -> bool:
    """Whether the game's own strategy plays (made ready in advance on a thread where it has to be: see
    :meth:`accessible_dice.session.Session.prepare_strategy`), not a numpy-free one read on first use."""
    module = _without_numpy(game.id)
    return module is not None and module.__name__ != GAMES[game.id].without_numpy


def own_part(game: Game, name: str) -> Any:
    """What the game's own strategy module defines as ``name``, where it defines it (``prepare`` and
    ``progress``: what must be made before the first hint, made ready in advance; ``computer_play``: a
    computer player's own rule, ahead of the ranked choices). ``None`` where it does not, and where the
    game's own strategy cannot run (no numpy: see :func:`has_own_strategy`)."""
    return getattr(_without_numpy(game.id), name, None) if has_own_strategy(game) else None


def _module(game: Game) -> ModuleType:
    """The game's strategy module, imported on first use (Yatzy and Storeslem need numpy)."""
    module = _without_numpy(game.id)
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
