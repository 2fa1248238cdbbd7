"""What the window shows of each game, from the registry: a setup per game and a measure of a drawn screen.

Used by the layout and pixel tests (tests/test_window_fit.py) and run as a
script to print docs/window.md's table: ``python tests/window_fit.py``.
Every game in :data:`accessible_dice.games.GAMES` is set up to a state with
the dice thrown; a game this module does not know is started and thrown with
R, so a new game is measured too.
"""

from __future__ import annotations

from collections.abc import Callable

from window_driver import Driver

from accessible_dice import games

NAMES = ["Anna", "Ben", "Carla", "Dave", "Eve", "Frank", "Gus", "Hanna"]
SIZES = [(1024, 768), (1366, 768), (1920, 1080)]


def _storeslem(d: Driver, players: list[str]) -> None:
    d.game("storeslem", players, seed=2)
    for _ in players:
        d.keys("return")  # each player's random board
    d.keys("r")


def _threes_away(d: Driver, players: list[str]) -> None:
    d.game("threes-away", players, seed=2, start="order", rounds="2")
    d.keys("r")


def _thrown(game_id: str) -> Callable[[Driver, list[str]], None]:
    def setup(d: Driver, players: list[str]) -> None:
        d.game(game_id, players, seed=2)
        d.keys("r")
    return setup


SETUPS: dict[str, Callable[[Driver, list[str]], None]] = {"storeslem": _storeslem, "threes-away": _threes_away}


def setup(d: Driver, game_id: str, count: int) -> None:
    """Start ``game_id`` with ``count`` players on a fresh screen stack and throw."""
    d.window.screens = []
    SETUPS.get(game_id, _thrown(game_id))(d, NAMES[:count])


def counts(game_id: str) -> list[int]:
    """The player counts worth checking: 1, 2, 4 and the most the game allows (within its range)."""
    game = games.game_class(game_id)
    return sorted({n for n in (1, 2, 4, game.max_players) if game.min_players <= n <= game.max_players})
