"""Saving a game as its action history and loading it by a checked replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from accessible_dice import save
from accessible_dice.games import new_game
from accessible_dice.games.base import Roll
from accessible_dice.games.shut_the_box import Shut


def started_game():
    game = new_game("shut-the-box", ["Anna", "Ben"], {"easy": "yes", "rounds": "2"})
    game.apply(Roll((3, 4)))
    game.apply(Shut("sum"))
    game.apply(Roll((2, 2)))
    return game


def test_a_save_holds_the_game_players_options_and_every_action_with_its_dice() -> None:
    data = json.loads(save.dumps(started_game()))
    assert data["format"] == "accessible-dice-save" and data["version"] == 1
    assert data["game"] == "shut-the-box" and data["players"] == ["Anna", "Ben"]
    assert data["options"] == {"easy": "yes", "rounds": "2", "start": "order"}
    assert data["actions"] == [{"roll": [3, 4]}, {"move": "shut", "way": "sum"}, {"roll": [2, 2]}]


def test_loading_replays_to_an_equal_game(tmp_path: Path) -> None:
    game = started_game()
    path = tmp_path / "saves" / "current.json"
    save.write(game, path)
    assert save.read(path) == game
    assert not list(path.parent.glob("*.tmp")), "the temporary file is renamed, not left behind"


def test_writing_again_replaces_the_save_whole(tmp_path: Path) -> None:
    path = tmp_path / "current.json"
    game = started_game()
    save.write(game, path)
    game.apply(Shut("singles"))
    save.write(game, path)
    assert save.read(path) == game


def edited(change) -> str:
    data = json.loads(save.dumps(started_game()))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "not readable JSON"),
    ("[1, 2", "not readable JSON"),
    ("[" * 100_000, "not readable JSON"),
    ('{"format": "something else"}', "not an accessible_dice save"),
    (edited(lambda d: d.update(version=99)), "version 99"),
    (edited(lambda d: d.update(game="chess")), "no game called chess"),
    (edited(lambda d: d.update(players="Anna")), "players are missing"),
    (edited(lambda d: d.update(players=["A", "B", "C", "D", "E"])), "1 to 4 players"),
    (edited(lambda d: d["options"].update(easy="perhaps")), "easy cannot be perhaps"),
    (edited(lambda d: d.update(actions={})), "moves are missing"),
    (edited(lambda d: d["actions"].append(7)), "action 4 is not a move"),
    (edited(lambda d: d["actions"].insert(1, {"roll": [1, 1]})), "action 2"),
    (edited(lambda d: d["actions"].__setitem__(0, {"roll": [3, 9]})), "action 1: Die 2: 9 is not valid"),
    (edited(lambda d: d["actions"].__setitem__(1, {"move": "teleport"})), "action 2"),
    (edited(lambda d: d["actions"].__setitem__(1, {"move": "shut", "way": "sum", "x": 1})), "action 2"),
    (edited(lambda d: d["actions"].__setitem__(1, {"move": "shut", "way": "sideways"})), "action 2"),
])
def test_a_file_that_is_not_a_valid_save_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(save.BadSave) as caught:
        save.loads(text)
    assert reason in str(caught.value)
    assert str(caught.value).startswith("The saved game cannot be used: ")


def test_an_unreadable_or_huge_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(save.BadSave, match="cannot be read"):
        save.read(tmp_path / "missing.json")
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * 3_000_000)
    with pytest.raises(save.BadSave, match="too large"):
        save.read(huge)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(save.BadSave, match="not text"):
        save.read(binary)
