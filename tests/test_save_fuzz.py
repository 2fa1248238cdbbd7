"""Damaged and hostile saves: mutated at random, every one is refused in words and moved aside, or loads
as a legal game; none ever crashes the loader the main menu and ``--resume`` use.

The mutations start from a real save of every game, part played with its
dice, its computer level and its times, and change it as a damaged disk, a
hand edit or a hostile file would: any value replaced by one of the wrong
type (a move that is a list or an object, options that are numbers), keys
removed or added, deep nesting, numbers of thousands of digits, a
byte-order mark, text cut short or with a byte changed. Each mutated save is
written to a file and read by :func:`accessible_dice.saved_games.load`, the
one reader of both front ends. Five games times two kinds of mutation times
:data:`EXAMPLES` make the count (at least 10,000 in every run).
"""

from __future__ import annotations

import atexit
import json
import random
import shutil
import tempfile
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accessible_dice import save, saved_games
from accessible_dice.dice import RandomDice
from accessible_dice.games import GAMES, new_game
from accessible_dice.games.base import Roll
from accessible_dice.save import BadSave, SaveInfo

#: Examples per game and kind of mutation; each example makes :data:`MUTATIONS` mutations, each checked.
EXAMPLES = 200
MUTATIONS = 5
#: A few actions into each game, so every kind of action is in some save.
PLAYED = 12

#: Values of every JSON type, the wrong ones for any place, and some hostile ones.
HOSTILE: list[Any] = [
    None, True, False, 0, -1, 7, 10**18, -(10**30), 1.5, float("nan"), float("inf"), "", "x" * 5000,
    "\x1b[2J\x1b[31mRed", "\u202eanna", "\x00", "move", "roll", "shut", "manual", "best", "1", [], {}, [1],
    [[1, 2]], {"move": [1]}, {"move": {}}, {"roll": "6"}, {"roll": [1e300]}, {"move": "shut", "way": ["sum"]},
    {"move": "hold", "positions": {"0": 1}}, [[[[[[[[]]]]]]]], {"a": {"b": {"c": None}}},
]


def hostile(rng: random.Random) -> Any:
    """A value for any place: one of :data:`HOSTILE`, or a small random structure of them."""
    if rng.random() < 0.7:
        return json.loads(json.dumps(rng.choice(HOSTILE)))
    if rng.random() < 0.5:
        return [hostile(rng) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["move", "roll", "way", "positions", "numbers", "dice", "a"]): hostile(rng)
            for _ in range(rng.randint(0, 3))}


def valid_save(game_id: str) -> dict[str, Any]:
    """A real save of ``game_id``, :data:`PLAYED` actions in (random dice, random legal moves)."""
    game = new_game(game_id, ["Anna", "cpu"], {})
    dice, chooser = RandomDice(7), random.Random(7)
    while not game.is_over() and len(game.history) < PLAYED:
        request = game.dice_request()
        game.apply(Roll(dice.throw(request)) if request else chooser.choice(game.legal_moves()))
    now = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
    return save.to_json(game, SaveInfo(dice="manual", level="steady", started=now, played=now))


SAVES = {game_id: valid_save(game_id) for game_id in GAMES}
#: Where each mutated save is written and read (emptied after each refusal).
FOLDER = Path(tempfile.mkdtemp(prefix="accessible-dice-fuzz-"))
BOM = Path(tempfile.mkdtemp(prefix="accessible-dice-fuzz-bom-"))
for _folder in (FOLDER, BOM):
    atexit.register(shutil.rmtree, _folder, ignore_errors=True)


def places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON tree, as the keys and indexes that lead to it."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from places(value, (*path, index))


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any, *, delete: bool = False) -> Any:
    """``data`` with ``value`` at ``path`` (or that place removed); the root may be replaced."""
    if not path:
        return value
    parent = at(data, path[:-1])
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


def loaded_or_refused(text: str | bytes, folder: Path = FOLDER) -> None:
    """The one check: the save loads as a legal game, or it is refused in words and moved aside (left in
    place when it names a game this program has not registered: docs/saves.md)."""
    path = folder / "fuzzed.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    try:
        saved = saved_games.load(path)
    except BadSave as refusal:
        assert str(refusal).startswith("The saved game cannot be used: ")
        assert len(str(refusal)) < 600, "a refusal never repeats a whole hostile value"
        if isinstance(refusal, save.GameNotHere):
            assert path.exists(), "a save of a game registered elsewhere is left where it is"
        else:
            assert not path.exists(), "a save that cannot be used is moved aside"
        for kept in folder.iterdir():
            kept.unlink()
        return
    again = save.loads(save.dumps(saved.game, saved.info))
    assert again == saved.game, "a save that loads is a legal game that saves and loads again alike"


def fresh(game_id: str) -> dict[str, Any]:
    """A copy of the valid save of ``game_id``, to change."""
    return json.loads(json.dumps(SAVES[game_id]))


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_a_save_with_any_value_changed_is_refused_in_words_or_loads_as_a_legal_game(game_id: str,
                                                                                    rng: random.Random) -> None:
    for _mutation in range(MUTATIONS):
        tree = fresh(game_id)
        for _change in range(rng.randint(1, 3)):
            spot = rng.choice(list(places(tree)))
            how, place = rng.choice(["replace", "delete", "add"]), at(tree, spot)
            if how == "delete" and spot:
                put(tree, spot, None, delete=True)
            elif how == "add" and isinstance(place, dict):
                place[rng.choice(["x", "move", "roll", "played", "dice"])] = hostile(rng)
            elif how == "add" and isinstance(place, list):
                place.insert(rng.randint(0, len(place)), hostile(rng))
            else:
                tree = put(tree, spot, hostile(rng))
        loaded_or_refused(json.dumps(tree))


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_a_save_damaged_as_text_or_bytes_is_refused_in_words_or_loads(game_id: str, rng: random.Random) -> None:
    text = json.dumps(fresh(game_id), indent=1)
    for _mutation in range(MUTATIONS):
        how, at_ = rng.choice(["bom", "cut", "byte", "digits", "nest", "splice"]), rng.randint(0, len(text))
        if how == "bom":  # an editor may add one: the save loads as it is
            (BOM / "bom.json").write_text("\ufeff" + text, encoding="utf-8")
            assert saved_games.load(BOM / "bom.json").game == save.loads(text)
        elif how == "cut":
            loaded_or_refused(text[:at_])
        elif how == "byte":
            raw = bytearray(text.encode("utf-8"))
            raw[min(at_, len(raw) - 1)] = rng.randint(0, 255)
            loaded_or_refused(bytes(raw))
        elif how == "digits":
            number = text.find(rng.choice("123456"), at_)
            digits = "9" * rng.choice([400, 4_300, 4_301, 20_000])
            loaded_or_refused(text if number < 0 else text[:number] + digits + text[number + 1:])
        elif how == "nest":
            depth = rng.choice([50, 1_000, 100_000])
            loaded_or_refused(text[:at_] + "[" * depth + "]" * depth + text[at_:])
        else:
            spliced = "".join(chr(rng.choice([rng.randint(0, 127), rng.randint(0, 0x10FFFF)])) for _ in range(5))
            loaded_or_refused(text[:at_] + spliced + text[at_:])
