"""Dice: what the rules ask for, and where the values come from.

A throw is an explicit *chance event* (OpenSpiel's chance node): the game says
what must be thrown with a :class:`DiceRequest`; a source answers it. The
random source samples, the manual source parses what the player typed from
real dice, the scripted source replays fixed values in tests. The rules never
call :mod:`random` themselves, so every game is replayable from its history.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from accessible_dice.errors import N_, NP_, InvalidInput

Purpose = Literal["turn", "start", "rounds"]


@dataclass(frozen=True)
class DiceRequest:
    """The game waits for ``count`` dice with ``faces`` faces from ``player``.

    ``purpose`` tells the presentation why: an ordinary ``turn`` throw, a
    ``start`` throw to decide who begins, or the ``rounds`` die of Threes Away.
    """

    player: int
    count: int
    faces: int = 6
    purpose: Purpose = "turn"


class WrongDiceCount(InvalidInput):
    # Translators: manual dice entry; {count} dice expected, {given} values typed.
    template, plural = NP_(
        "Enter {count} value from 1 to {faces}; you entered {given}.",
        "Enter {count} values from 1 to {faces}; you entered {given}.",
    )
    count_key = "count"


class DieOutOfRange(InvalidInput):
    # Translators: manual dice entry; {position} is the die's place, counted from 1.
    template = N_("Die {position}: {value} is not valid, enter 1 to {faces}.")


class NotDice(InvalidInput):
    # Translators: a program called the rules with something that is no list of dice (never typed by a player).
    template = N_("The dice must be a list of numbers, like 3 4.")


class NotADieValue(InvalidInput):
    # Translators: manual dice entry; {text} is what the player typed.
    template = N_("{text} is not a number. Enter {count} values from 1 to {faces}, like {example}.")


class SeparateBigDice(InvalidInput):
    # Translators: dice with more than 9 faces, values typed without spaces.
    template = N_(
        "Separate the values with spaces or commas: dice with {faces} faces can show two digits."
    )


class NoSuchDie(InvalidInput):
    # Translators: a die named by its place, counted from 1 as the dice are announced; {count} dice lie on the table.
    template = N_("There is no die {position}; the dice are numbered 1 to {count}.")


class NoDieNamed(InvalidInput):
    # Translators: a command that names dice by place named none; {count} dice lie on the table.
    template = N_("Name at least one die, 1 to {count}.")


class DieNamedTwice(InvalidInput):
    # Translators: {position} is a die's place as announced, counted from 1.
    template = N_("Die {position} is named twice.")


_SEPARATORS = re.compile(r"[\s,;]+")
_MAX_ENTRY = 200


def example_entry(count: int, faces: int) -> str:
    """A well-formed sample entry for prompts and error hints ("3 5 5 1 6")."""
    sample = [3, 5, 5, 1, 6, 2, 4, 6] if faces <= 9 else [12, 3, 7, 1, 10, 5, 9, 11]
    values = [min(v, faces) for v in (sample * (count // len(sample) + 1))[:count]]
    return " ".join(str(v) for v in values)


def parse_dice(text: str, count: int, faces: int) -> tuple[int, ...]:
    """Read the values of real dice typed by a player.

    ``3 4``, ``3,4`` and ``34`` all mean a 3 and a 4 when dice have at most nine
    faces (every digit is one die). Dice with more faces need separators, since
    ``12`` is one D12 showing twelve. Anything else raises an
    :class:`InvalidInput` that says what was expected and what was given.
    """
    stripped = text.strip()[:_MAX_ENTRY]
    tokens = [t for t in _SEPARATORS.split(stripped) if t]
    for token in tokens:
        if not token.isdigit() or not token.isascii():
            raise NotADieValue(text=token, count=count, faces=faces, example=example_entry(count, faces))
    if faces <= 9:
        values = [int(ch) for token in tokens for ch in token]
    else:
        values = [int(token) for token in tokens]
        if len(values) == 1 and count > 1 and len(tokens[0]) > 2:
            raise SeparateBigDice(faces=faces)
    return check_values(values, count, faces)


def check_values(dice: Sequence[int], count: int, faces: int, *, at_most: bool = False) -> tuple[int, ...]:
    """The dice as a tuple, after checking there are ``count`` of them (or, with
    ``at_most``, no more) and each shows a face ``1..faces``.

    The one check behind typed dice, thrown dice and the referee functions,
    so every game refuses a bad die with the same words.
    """
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Iterable):
        raise NotDice()
    values = tuple(dice)
    if len(values) > count or (len(values) < count and not at_most):
        raise WrongDiceCount(count=count, faces=faces, given=len(values))
    for position, value in enumerate(values, start=1):
        if type(value) is not int or not 1 <= value <= faces:
            raise DieOutOfRange(position=position, value=value, faces=faces)
    return values


def check_positions(positions: Sequence[int], count: int) -> None:
    """Refuse dice ``positions`` (0-based) that name no die, none at all, or one die twice.

    ``count`` dice lie on the table, numbered 1 to ``count`` when spoken. The
    one check behind Yatzy's hold and release, Threes Away's keep and the
    window's number keys, so each refuses a bad position with the same words.
    """
    if not positions:
        raise NoDieNamed(count=count)
    for position in positions:
        if type(position) is not int or not 0 <= position < count:
            raise NoSuchDie(position=position + 1 if type(position) is int else position, count=count)
    seen: set[int] = set()
    for position in positions:
        if position in seen:
            raise DieNamedTwice(position=position + 1)
        seen.add(position)


class DiceSource(Protocol):
    """Anything that can answer a :class:`DiceRequest` without asking a person."""

    def throw(self, request: DiceRequest) -> tuple[int, ...]: ...


class RandomDice:
    """Fair dice from a seedable generator: the same seed gives the same game."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        return tuple(self.rng.randint(1, request.faces) for _ in range(request.count))


class ScriptedDice:
    """Fixed throws, in order, for tests and worked examples."""

    def __init__(self, throws: Iterable[Sequence[int]]) -> None:
        self._throws = iter([tuple(t) for t in throws])

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        try:
            values = next(self._throws)
        except StopIteration:
            raise LookupError(f"the script has no throw left for {request}") from None
        if len(values) != request.count or not all(1 <= v <= request.faces for v in values):
            raise LookupError(f"scripted throw {values} does not answer {request}")
        return values
