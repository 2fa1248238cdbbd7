"""Saving a game as its action history, and loading it by replaying.

A save holds the game's name, players, options and every action, dice
included. Loading replays the actions through the *checked* entry point, so a
damaged or hand-edited file can never produce a state the rules forbid: it is
refused with a reason that names what is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games import game_class
from accessible_dice.games.base import Game
from accessible_dice.storage import write_atomic

FORMAT = "accessible-dice-save"
VERSION = 1
_MAX_BYTES = 2_000_000


class BadSave(InvalidInput):
    # Translators: {reason} says what is wrong with the saved game.
    template = N_("The saved game cannot be used: {reason}")


def to_json(game: Game) -> dict[str, Any]:
    """The save of ``game`` as plain JSON data."""
    shown = {spec.key: spec.show(game.options[spec.key]) for spec in game.options_spec}
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "players": list(game.players),
        "options": shown,
        "actions": [action.to_json() for action in game.history],
    }


def from_json(data: Any) -> Game:
    """Rebuild a game by replaying its save; :class:`BadSave` if it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave(reason="it is not an accessible_dice save.")
    if data.get("version") != VERSION:
        raise BadSave(reason=f"it has version {data.get('version')!r}, this program reads {VERSION}.")
    players, options, actions = data.get("players"), data.get("options"), data.get("actions")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadSave(reason="the players are missing.")
    if not isinstance(options, dict) or not isinstance(actions, list):
        raise BadSave(reason="the options or moves are missing.")
    try:
        game = game_class(str(data.get("game")))(players, options)
    except DiceError as error:
        raise BadSave(reason=str(error)) from None
    for number, item in enumerate(actions, start=1):
        try:
            if not isinstance(item, dict):
                raise BadSave(reason=f"action {number} is not a move.")
            game.apply(game.action_from_json(item))
        except DiceError as error:
            raise BadSave(reason=f"action {number}: {error}") from None
    return game


def dumps(game: Game) -> str:
    return json.dumps(to_json(game), ensure_ascii=False, indent=1)


def loads(text: str) -> Game:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise BadSave(reason="it is not readable JSON.") from None
    return from_json(data)


def write(game: Game, path: Path) -> None:
    """Write atomically: a crash leaves either the old save or the new one."""
    write_atomic(path, dumps(game))


def read(path: Path) -> Game:
    try:
        with path.open("rb") as handle:
            raw = handle.read(_MAX_BYTES + 1)
    except OSError as error:
        raise BadSave(reason=f"it cannot be read ({error.strerror}).") from None
    if len(raw) > _MAX_BYTES:
        raise BadSave(reason="it is too large.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadSave(reason="it is not text.") from None
    return loads(text)
