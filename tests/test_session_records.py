"""The session's undo and redo (saved at once), recording finished games, and moving a bad save aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from accessible_dice import save
from accessible_dice.games.base import Roll
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.history import HistoryDamaged, HistoryUnavailable, ScoreHistory
from accessible_dice.save import BadSave
from accessible_dice.saved_games import SaveMovedAside
from accessible_dice.session import Session, new_session
from accessible_dice.undo import NothingToRedo, RandomThrowStays


@pytest.fixture
def paths(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "saves" / "current.json", tmp_path / "history.sqlite3"


def play_to_the_end(session: Session) -> None:
    """Play on until the end, then finish as the front ends do after saying the last move."""
    while not session.game.is_over():
        if session.computer_to_act():
            session.computer_step()
        elif session.request() is not None:
            session.roll()
        else:
            session.act(session.game.legal_moves()[0])
    session.finish()


def test_undo_and_redo_are_saved_at_once(paths: tuple[Path, Path]) -> None:
    save_to, _ = paths
    session = new_session("shut-the-box", ["Anna", "Ben"], {}, manual=True, save_to=save_to)
    session.enter("3 4")
    session.act(Shut("sum"))
    assert session.undo() == (Shut("sum"),)
    assert save.read(save_to).history == [Roll((3, 4))]
    session.redo()
    assert save.read(save_to).history == [Roll((3, 4)), Shut("sum")]
    with pytest.raises(NothingToRedo):
        session.redo()


def test_a_resumed_session_can_take_back_the_last_step(paths: tuple[Path, Path]) -> None:
    save_to, _ = paths
    session = new_session("shut-the-box", ["Anna", "Ben"], {}, manual=True, save_to=save_to)
    session.enter("3 4")
    resumed = Session.resume(save_to, manual=True)
    assert resumed.undo() == (Roll((3, 4)),) and not save.read(save_to).history


def test_random_dice_cannot_be_thrown_again_through_the_session(paths: tuple[Path, Path]) -> None:
    session = new_session("shut-the-box", ["Anna"], {}, seed=1, save_to=paths[0])
    session.roll()
    with pytest.raises(RandomThrowStays):
        session.undo()


def test_dice_typed_for_a_computer_are_taken_back_with_its_move(paths: tuple[Path, Path]) -> None:
    session = new_session("shut-the-box", ["Anna", "cpu"], {}, manual=True, save_to=paths[0])
    session.enter("3 4")
    session.act(Shut("sum"))
    session.enter("1 2")
    session.computer_step()
    assert len(session.undo()) == 2
    assert session.request().player == 1 and not session.computer_to_act()


def test_a_finished_game_is_recorded_once_with_who_was_a_computer(paths: tuple[Path, Path]) -> None:
    save_to, record_to = paths
    session = new_session("shut-the-box", ["Anna", "cpu"], {}, seed=5, save_to=save_to, record_to=record_to)
    play_to_the_end(session)
    assert session.record_problem is None and not save_to.exists()
    session.finish()  # finishing again records nothing new
    with ScoreHistory(record_to) as history:
        (finished,) = history.games()
        assert finished.dice == "random"
        assert {r.player: r.computer for r in finished.results} == {"Anna": False, "cpu": True}
        assert [r.score for r in sorted(finished.results, key=lambda r: r.seat)] == list(session.game.scores())


def test_a_game_without_a_history_records_nothing(paths: tuple[Path, Path]) -> None:
    session = new_session("shut-the-box", ["cpu"], {}, seed=5, save_to=paths[0])
    play_to_the_end(session)
    assert session.record_problem is None and not paths[1].exists()


def test_a_history_that_cannot_be_written_is_reported_and_the_game_still_ends(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    session = new_session("shut-the-box", ["cpu"], {}, seed=5, record_to=blocker / "history.sqlite3")
    play_to_the_end(session)
    assert isinstance(session.record_problem, HistoryUnavailable)


def test_a_damaged_history_is_reported_once_and_the_game_recorded_in_a_new_one(paths: tuple[Path, Path]) -> None:
    _, record_to = paths
    record_to.write_text("not a database")
    session = new_session("shut-the-box", ["cpu"], {}, seed=5, record_to=record_to)
    play_to_the_end(session)
    assert isinstance(session.record_problem, HistoryDamaged)
    with ScoreHistory(record_to) as history:
        assert history.count() == 1


def test_a_save_that_cannot_be_loaded_is_moved_aside_and_named(paths: tuple[Path, Path]) -> None:
    save_to, _ = paths
    new_session("shut-the-box", ["Anna"], {}, manual=True, save_to=save_to).enter("3 4")
    data = json.loads(save_to.read_text(encoding="utf-8"))
    data["version"] = 99
    save_to.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveMovedAside) as refused:
        Session.resume(save_to)
    assert isinstance(refused.value, BadSave) and not save_to.exists()
    kept = save_to.with_name(refused.value.data["name"])
    assert json.loads(kept.read_text(encoding="utf-8")) == data
    assert str(refused.value) == (f"The saved game cannot be used: it has version 99, this program reads 1. "
                                  f"It is kept as {kept.name}.")

