"""The game session: computer players, dice sources, autosave after every action, resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from accessible_dice import save, strategy
from accessible_dice.dice import NotADieValue, WrongDiceCount
from accessible_dice.games import new_game
from accessible_dice.games.base import NoThrowNow, Roll
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.names import EmptyName, NameTooLong, NameTwice, check_names, is_computer
from accessible_dice.saved_games import folder
from accessible_dice.session import Session, new_session, simple_move
from accessible_dice.session import prepare_for as own_preparation
from accessible_dice.storage import data_dir


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "saves" / "current.json"


def test_the_data_folder_can_be_set_for_tests_and_portable_use(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESSIBLE_DICE_DATA", str(tmp_path))
    assert data_dir() == tmp_path and folder() == tmp_path / "saves"


def test_the_data_folder_follows_xdg_without_the_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ACCESSIBLE_DICE_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "accessible-dice"


@pytest.mark.parametrize(("name", "computer"), [("cpu", True), ("CPU2", True), ("cpu Anna", True),
                                                 ("Anna", False), ("Scpu", False)])
def test_names_starting_with_cpu_are_computer_players(name: str, computer: bool) -> None:
    assert is_computer(name) is computer


def test_names_are_checked() -> None:
    assert check_names(" Anna , Ben") == ("Anna", "Ben")
    for text, error in [("Anna,,Ben", EmptyName), ("x" * 31, NameTooLong), ("Ann,ann", NameTwice)]:
        with pytest.raises(error):
            check_names(text)


def test_every_action_is_saved_and_the_save_replays_to_the_same_game(path: Path) -> None:
    session = new_session("shut-the-box", ["Anna", "Ben"], {}, seed=1, save_to=path)
    assert not path.exists()
    session.roll()
    assert save.read(path) == session.game
    session.act(simple_move(session.game, session.dice.rng))
    resumed = Session.resume(path)
    assert resumed.game == session.game and resumed.save_to == path


def test_a_finished_game_stays_saved_until_finish_records_it(path: Path) -> None:
    session = new_session("shut-the-box", ["cpu"], {}, seed=3, save_to=path, record_to=path.parent / "h.sqlite3")
    while not session.game.is_over():
        session.computer_step()
        assert path.exists()
    assert save.read(path).is_over(), "the last move is saved before anything is said"
    session.finish()
    assert not path.exists() and session.recorded and session.record_problem is None


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = new_session("shut-the-box", ["Anna"], {}, seed=1, save_to=blocker / "current.json")
    events = session.roll()
    assert events and session.save_error
    assert session.game.history


def test_random_dice_with_a_seed_repeat_the_game() -> None:
    first, second = (new_session("shut-the-box", ["cpu1", "cpu2"], {}, seed=42) for _ in range(2))
    for session in (first, second):
        while not session.game.is_over():
            session.computer_step()
    assert first.game.history == second.game.history


def test_typed_dice_are_checked_and_a_bad_entry_changes_nothing() -> None:
    session = new_session("shut-the-box", ["Anna"], {}, manual=True)
    before = session.game.snapshot()
    for text, error in [("3", WrongDiceCount), ("x 4", NotADieValue)]:
        with pytest.raises(error):
            session.enter(text)
    assert session.game.snapshot() == before
    assert session.enter("3 4")
    with pytest.raises(NoThrowNow):
        session.enter("3 4")


def test_computers_play_their_own_turns_but_real_dice_are_typed_for_them() -> None:
    randomly = new_session("shut-the-box", ["cpu", "Anna"], {}, seed=5)
    assert randomly.computers == {0} and randomly.computer_to_act()
    randomly.computer_step()
    manual = new_session("shut-the-box", ["cpu", "Anna"], {}, manual=True)
    assert not manual.computer_to_act()
    manual.enter("3 4")
    assert manual.computer_to_act()
    manual.computer_step()
    assert manual.game.current_player() == 1 and not manual.computer_to_act()


@pytest.mark.parametrize("game_id", ["shut-the-box", "threes-away", "storeslem", "quiclo"])
def test_the_simple_strategy_always_plays_legal_moves_to_the_end(game_id: str) -> None:
    for seed in range(5):
        session = new_session(game_id, ["cpu1", "cpu2", "cpu3"], {}, seed=seed)
        for _ in range(2000):
            if session.game.is_over():
                break
            session.computer_step()
        assert session.game.is_over()


def test_computer_players_play_the_strategys_best_move() -> None:
    session = new_session("shut-the-box", ["cpu"], {}, seed=2)
    session.computer_step()
    expected = strategy.computer_move(session.game)
    session.computer_step()
    assert session.game.history[-1] == expected


def test_without_a_strategy_the_first_legal_move_is_played() -> None:
    game = new_game("shut-the-box", ["Anna"])
    game.apply(Roll((1, 3)))
    game.apply(Shut("singles"))
    game.apply(Roll((3, 4)))
    assert simple_move(game, random.Random()) == Shut("singles")


# ---------------------------------------------------------------- the strategy, made ready as the game starts


def test_a_yatzy_game_prepares_its_orders_strategy_table_in_the_background_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from accessible_dice import session as sessions
    from accessible_dice.strategy import yatzy as yatzy_strategy

    monkeypatch.setattr(sessions, "prepare_for", own_preparation)  # the fixture turned it off
    release, built = threading.Event(), []
    monkeypatch.setattr(yatzy_strategy, "table", lambda order: built.append(order) or release.wait(10))
    session = new_session("yatzy", ["Anna"], {"order": "in-order"})
    assert session.strategy_ready(), "nothing is prepared before the game starts"
    session.prepare_strategy()
    session.prepare_strategy()
    assert not session.strategy_ready()
    release.set()
    session._preparing.join(5)
    assert session.strategy_ready() and built == ["in-order"]


def test_a_failure_preparing_the_strategy_is_logged_not_raised(monkeypatch: pytest.MonkeyPatch, caplog) -> None:
    from accessible_dice import session as sessions

    def broken(game: object) -> None:
        raise MemoryError("no room for the table")

    monkeypatch.setattr(sessions, "prepare_for", lambda game: broken)
    session = new_session("yatzy", ["Anna"], {})
    with caplog.at_level("INFO", logger="accessible_dice.session"):
        session.prepare_strategy()
        session._preparing.join(5)
    assert session.strategy_ready()
    assert "could not be prepared" in caplog.text

