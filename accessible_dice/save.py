"""Saving a game as its action history, and loading it by replaying.

A save holds the game's name, players, options and every action, dice
included, and beside them how the game is played (:class:`SaveInfo`: real
or random dice, the computer players' level, when it was started and last
played), so a game continues exactly as it was left. Loading replays the
actions through the *checked* entry point, so a damaged or hand-edited file
can never produce a state the rules forbid: it is refused with a reason
that names what is wrong. A save is untrusted input: whatever is wrong
with it (wrong types, absurd numbers, a FIFO in its place) is a refusal,
never a crash.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games import UnknownGame, game_class
from accessible_dice.games.base import Game
from accessible_dice.names import check_name_list, shortened
from accessible_dice.storage import write_atomic
from accessible_dice.strategy.common import LEVELS

FORMAT = "accessible-dice-save"
VERSION = 1
_MAX_BYTES = 2_000_000
#: How much of a reason a refusal repeats (a save may hold anything, at any length).
_REASON = 200
DICE = ("random", "manual")


class BadSave(InvalidInput):
    # Translators: {reason} says what is wrong with the saved game.
    template = N_("The saved game cannot be used: {reason}")


class GameNotHere(BadSave):
    """A save of a game this program has not registered now: a game kept outside the package whose program
    is not the one running (``games.register``). The file is sound, only not for this program: it is left
    where it is, unlisted, for the program that has the game (:func:`.saved_games.find`)."""


@dataclass(frozen=True)
class SaveInfo:
    """How a saved game is played, beside its actions: what continuing it exactly needs.

    Saves written before these were kept have none of them: their dice were
    random unless the command line said otherwise, as then.
    """

    #: ``"manual"``: real dice, their values typed; ``"random"``: the program throws.
    dice: str = "random"
    #: The computer players' level (a key of :data:`~accessible_dice.strategy.common.LEVELS`);
    #: ``None`` until a game's computers are first asked to move, or in a game without them.
    level: str | None = None
    started: datetime | None = None
    played: datetime | None = None
    #: The game is over and waits to be recorded in the score history, and the player has
    #: been told why it could not be yet (so it is said once, not at every start).
    told: bool = False

    @property
    def manual(self) -> bool:
        return self.dice == "manual"

    def touched(self, now: datetime | None = None) -> SaveInfo:
        """This info as saved now: played now, and started now if it never was."""
        when = now or datetime.now(timezone.utc)
        return replace(self, started=self.started or when, played=when)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"dice": self.dice, "told": self.told}
        if self.level is not None:
            data["computer-level"] = self.level
        for key, when in (("started", self.started), ("played", self.played)):
            if when is not None:
                data[key] = when.astimezone(timezone.utc).isoformat()  # to the microsecond: it orders the list
        return data

    @classmethod
    def from_json(cls, data: Any) -> SaveInfo:
        if not isinstance(data, dict):
            raise BadSave(reason="how it is played is not readable.")
        dice, level, told = data.get("dice", "random"), data.get("computer-level"), data.get("told", False)
        if dice not in DICE:
            raise BadSave(reason="its dice are neither random nor manual.")
        if level is not None and (not isinstance(level, str) or level not in LEVELS):
            raise BadSave(reason="its computer level is not one this program knows.")
        if not isinstance(told, bool):
            raise BadSave(reason="it does not say whether it is waiting to be recorded.")
        return cls(dice=dice, level=level, started=_moment(data.get("started")),
                   played=_moment(data.get("played")), told=told)


def _moment(text: Any) -> datetime | None:
    """A saved time (ISO 8601, with its zone), or ``None`` where none was saved."""
    if text is None:
        return None
    try:
        if not isinstance(text, str) or len(text) > 40:
            raise ValueError(text)
        when = datetime.fromisoformat(text)
    except ValueError:
        raise BadSave(reason="a time in it is not readable.") from None
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def to_json(game: Game, info: SaveInfo | None = None) -> dict[str, Any]:
    """The save of ``game`` as plain JSON data; with ``info``, how it is played too.

    The score history keys a game by this data without ``info``, so a game
    is recorded once however often, and whenever, it was saved.
    """
    shown = {spec.key: spec.show(game.options[spec.key]) for spec in game.options_spec}
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "players": list(game.players),
        "options": shown,
        "actions": [action.to_json() for action in game.history],
    }
    if info is not None:
        data["played"] = info.to_json()
    return data


def from_json(data: Any) -> Game:
    """Rebuild a game by replaying its save; :class:`BadSave` if it is not one."""
    return from_json_with_info(data)[0]


def from_json_with_info(data: Any) -> tuple[Game, SaveInfo]:
    """The game replayed from its save, and how it is played; :class:`BadSave` if it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave(reason="it is not an accessible_dice save.")
    if data.get("version") != VERSION:
        version = data.get("version")
        shown = shortened(repr(version)) if isinstance(version, int | str) else "an unknown one"
        raise BadSave(reason=f"it has version {shown}, this program reads {VERSION}.")
    players, options, actions = data.get("players"), data.get("options"), data.get("actions")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadSave(reason="the players are missing.")
    if not isinstance(options, dict) or not isinstance(actions, list):
        raise BadSave(reason="the options or moves are missing.")
    info = SaveInfo.from_json(data.get("played", {}))
    try:
        check_name_list(players)
        game = game_class(str(data.get("game")))(players, options)
    except UnknownGame as error:
        raise GameNotHere(reason=shortened(str(error), _REASON)) from None
    except DiceError as error:
        raise BadSave(reason=shortened(str(error), _REASON)) from None
    except Exception:  # options of a type no option takes; a save is untrusted input
        raise BadSave(reason="its options are not readable.") from None
    for number, item in enumerate(actions, start=1):
        try:
            if not isinstance(item, dict):
                raise BadSave(reason=f"action {number} is not a move.")
            game.apply(game.action_from_json(item))
        except DiceError as error:
            raise BadSave(reason=f"action {number}: {shortened(str(error), _REASON)}") from None
        except Exception:  # a move of the right name holding values of no type the rules expect
            raise BadSave(reason=f"action {number} is not a move of this game.") from None
    return game, info


def dumps(game: Game, info: SaveInfo | None = None) -> str:
    return json.dumps(to_json(game, info), ensure_ascii=False, indent=1)


def loads(text: str) -> Game:
    return loads_with_info(text)[0]


def loads_with_info(text: str) -> tuple[Game, SaveInfo]:
    """The game and its info from a save's text; a byte-order mark in front is allowed, as an editor may add one."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError):  # ValueError: bad JSON, or a number of thousands of digits
        raise BadSave(reason="it is not readable JSON.") from None
    return from_json_with_info(data)


def write(game: Game, path: Path, info: SaveInfo | None = None) -> None:
    """Write atomically: a crash leaves either the old save or the new one."""
    write_atomic(path, dumps(game, info))


def read(path: Path) -> Game:
    return read_with_info(path)[0]


def read_with_info(path: Path) -> tuple[Game, SaveInfo]:
    """The game saved in ``path`` and its info; :class:`BadSave` for anything but a readable save.

    The file is opened without waiting (a FIFO put in its place would block
    a plain open for ever) and read only if it is an ordinary file.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise BadSave(reason=f"it cannot be read ({error.strerror}).") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadSave(reason="it is not an ordinary file.")
        try:
            raw = handle.read(_MAX_BYTES + 1)
        except OSError as error:
            raise BadSave(reason=f"it cannot be read ({error.strerror}).") from None
    if len(raw) > _MAX_BYTES:
        raise BadSave(reason="it is too large.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadSave(reason="it is not text.") from None
    return loads_with_info(text)
