"""One save per game: listing, the old single save, how a game is played, history trouble, and names."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from accessible_dice import save, saved_games
from accessible_dice.games.base import Roll
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.history import ScoreHistory
from accessible_dice.names import InvisibleInName, NameTooLong, check_names
from accessible_dice.presentation.i18n import LANGUAGES, language
from accessible_dice.presentation.saves import dice_words, saved_label, when_words
from accessible_dice.save import BadSave, SaveInfo
from accessible_dice.session import Session, new_session


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path / "saves"


def started(saves: Path, game_id: str = "shut-the-box", players: tuple[str, ...] = ("Anna",),
            manual: bool = True, value: int = 3, **options: object) -> Session:
    """A new game, saved in ``saves``, its first throw made (typed as ``value`` on every die, or random)."""
    session = new_session(game_id, players, dict(options), manual=manual, save_to=saved_games.new_path(game_id, saves),
                          record_to=saves.parent / "history.sqlite3")
    if manual:
        request = session.request()
        assert request is not None
        session.enter(" ".join([str(value)] * request.count))
    else:
        session.roll()
    return session


def finished(saves: Path) -> Session:
    """A game of Threes Away of one round, its dice typed and all of them kept: over, not yet finished."""
    session = started(saves, "threes-away", value=1, rounds=1)
    session.act(session.game.legal_moves()[-1])
    assert session.game.is_over()
    return session


def test_every_game_started_has_a_save_of_its_own_and_starting_one_leaves_the_others(saves: Path) -> None:
    first = started(saves, "shut-the-box")
    second = started(saves, "yatzy")
    third = started(saves, "shut-the-box", ("Ben", "Cleo"))
    assert len({first.save_to, second.save_to, third.save_to}) == 3
    found = saved_games.find(saves)
    assert sorted(saved.path for saved in found.games) == sorted([first.save_to, second.save_to, third.save_to])
    assert [saved.game for saved in found.games if saved.path == first.save_to] == [first.game]


def test_the_list_puts_the_game_played_last_first(saves: Path) -> None:
    older, newer = started(saves, "yatzy"), started(saves, "threes-away")
    older.act(older.game.legal_moves()[0])  # Yatzy is played again: now it is the latest
    assert [saved.game.id for saved in saved_games.find(saves).games] == ["yatzy", "threes-away"]
    assert newer.game.id == "threes-away"


def test_a_finished_game_stays_saved_until_the_history_has_it(saves: Path) -> None:
    session = finished(saves)
    found = saved_games.find(saves)
    assert not found.games and [saved.path for saved in found.waiting] == [session.save_to]
    session.finish()
    assert not session.save_to.exists() and not saved_games.find(saves).waiting
    with ScoreHistory(saves.parent / "history.sqlite3") as history:
        assert history.count() == 1 and history.games()[0].dice == "manual"


def test_the_single_save_of_earlier_versions_is_renamed_and_listed(saves: Path) -> None:
    session = started(saves, "yatzy")
    old = saves / saved_games.LEGACY_NAME
    text = save.dumps(session.game)  # as earlier versions wrote it: no info
    session.save_to.unlink()
    old.write_text(text, encoding="utf-8")
    (found,) = saved_games.find(saves).games
    assert not old.exists() and found.path.name.startswith("yatzy-") and found.path.read_text() == text
    assert found.game == session.game and found.info.dice == "random", "earlier saves had random dice"


def test_a_damaged_save_is_moved_aside_once_and_the_others_are_listed(saves: Path) -> None:
    good = started(saves, "yatzy")
    bad = saves / "shut-the-box-damaged.json"
    bad.write_text('{"format": "accessible-dice-save", "version": 1, "game": "shut-the-box", "players": ["A"], '
                   '"options": {}, "actions": [{"move": {}}]}', encoding="utf-8")
    found = saved_games.find(saves)
    assert [saved.path for saved in found.games] == [good.save_to]
    (refusal,) = found.refused
    assert str(refusal).startswith("The saved game cannot be used: action 1: {'move': {}} is not a move of this game.")
    assert not bad.exists() and len(list(saves.glob("shut-the-box-damaged.damaged-*.json"))) == 1
    assert not saved_games.find(saves).refused, "said once"


def test_a_save_of_a_game_registered_elsewhere_is_left_alone_and_listed_where_the_game_is(saves: Path) -> None:
    """A game kept outside the package (the example game Pig, tests/pig) joins only the program that
    registers it: another program neither lists its save nor moves it aside as damaged."""
    from pig import registered

    good = started(saves, "yatzy")
    with registered():
        pig = started(saves, "pig", ("Anna", "Ben"), manual=False)
    found = saved_games.find(saves)
    assert [saved.path for saved in found.games] == [good.save_to] and found.refused == []
    assert pig.save_to.exists() and not list(saves.glob("*.damaged-*"))
    with pytest.raises(save.GameNotHere, match="There is no game called pig"):
        saved_games.load(pig.save_to)
    with registered():
        assert {saved.path for saved in saved_games.find(saves).games} == {good.save_to, pig.save_to}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_a_save_is_refused_at_once_not_waited_on(saves: Path) -> None:
    saves.mkdir(parents=True)
    os.mkfifo(saves / "yatzy-fifo.json")
    outcome: list[saved_games.Found] = []
    reader = threading.Thread(target=lambda: outcome.append(saved_games.find(saves)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert outcome, "reading a FIFO would wait for a writer for ever"
    assert "not an ordinary file" in str(outcome[0].refused[0])


def test_GN_04_manual_dice_stay_manual_when_the_game_is_continued(saves: Path) -> None:
    session = started(saves, "shut-the-box", manual=True)
    resumed = Session.resume(session.save_to)
    assert resumed.manual and resumed.dice_changed_from is None
    assert resumed.timeline.manual, "typed dice stay undoable after a resume"
    assert resumed.undo() == (Roll((3, 3)),)


def test_dice_given_at_resume_win_and_the_change_is_kept_to_be_said(saves: Path) -> None:
    session = started(saves, "shut-the-box", manual=True)
    resumed = Session.resume(session.save_to, manual=False)
    assert not resumed.manual and resumed.dice_changed_from == "manual"
    resumed.act(Shut("sum"))
    assert save.read_with_info(session.save_to)[1].dice == "random"


def test_the_computer_level_is_saved_and_a_resumed_game_keeps_it(saves: Path) -> None:
    session = started(saves, "shut-the-box", ("Anna", "cpu"))
    assert session.computer_level("relaxed") == "relaxed"
    session.act(Shut("sum"))
    assert save.read_with_info(session.save_to)[1].level == "relaxed"
    resumed = Session.resume(session.save_to)
    assert resumed.computer_level("best") == "relaxed", "the setting changed since; the game plays on as it was"
    assert resumed.computer_level("sharp") == "sharp", "a change during the game holds from the next move"


def hold_the_history(path: Path, started: threading.Event, release: threading.Event) -> None:
    """Another program writing the history for a while: an exclusive lock on it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN EXCLUSIVE")
    started.set()
    release.wait(30)
    db.execute("ROLLBACK")
    db.close()


@pytest.fixture
def locked_history(saves: Path) -> Iterator[threading.Event]:
    locked, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=hold_the_history, args=(saves.parent / "history.sqlite3", locked, release))
    holder.start()
    locked.wait(10)
    yield release
    release.set()
    holder.join()


def test_a_game_finished_while_the_history_is_locked_waits_and_is_recorded_at_the_next_start(
        saves: Path, locked_history: threading.Event) -> None:
    session = finished(saves)
    session.finish()
    assert str(session.record_problem).startswith("The score history cannot be used now (database is locked).")
    (waiting,) = saved_games.find(saves).waiting
    assert waiting.info.told and waiting.game == session.game
    again = saved_games.record_waiting([waiting], saves.parent / "history.sqlite3")
    assert not again.games and again.problem is None, "told once, not at every start"
    locked_history.set()
    threading.Event().wait(0.2)
    done = saved_games.record_waiting(saved_games.find(saves).waiting, saves.parent / "history.sqlite3")
    assert done.games and done.problem is None and not waiting.path.exists()
    with ScoreHistory(saves.parent / "history.sqlite3") as history:
        assert history.count() == 1


def test_CG_12_a_saved_game_is_said_with_its_players_turn_time_and_dice(saves: Path) -> None:
    session = started(saves, "shut-the-box", ("Anna", "Ben"), rounds=2)
    (saved,) = saved_games.find(saves).games
    now = saved.played + timedelta(seconds=1)  # "today" whatever the hour the test runs at
    english = language("en")
    assert saved_label(saved, english, now).startswith("Shut the Box: Anna and Ben. Anna's turn, round 1 of 2. "
                                                       "Last played today at ")
    assert saved_label(saved, english, now).endswith(", real dice. Standings: 1. Anna, 0 penalty points. "
                                                     "1. Ben, 0 penalty points.")
    assert when_words(saved.played, english, saved.played + timedelta(days=1)).startswith("yesterday at ")
    assert when_words(datetime(2026, 1, 2, 12, tzinfo=timezone.utc), english, now) == "on January 2, 2026"
    assert session.game.players == ("Anna", "Ben")


def test_CG_12_a_saved_games_entry_says_the_scores_as_they_were_saved(saves: Path) -> None:
    """Two saves of the same game and players differ in their scores: the entry says them, in every language."""
    from accessible_dice.games.yatzy import Box, Score

    session = started(saves, "yatzy", ("Anna", "Ben"))
    session.act(Score(Box.THREES))  # five threes: 15 points
    (saved,) = saved_games.find(saves).games
    label = saved_label(saved, language("en"), saved.played)
    assert label.startswith("Yatzy: Anna and Ben. Ben's turn, round 1 of 15. Last played today at ")
    assert label.endswith(", real dice. Standings: 1. Anna, 15 points. 2. Ben, 0 points.")
    for code in LANGUAGES:  # after the dice words, Anna's 15 points in each language
        assert "15" in saved_label(saved, language(code)).split(dice_words("manual", language(code)), 1)[1]


@pytest.mark.parametrize("name", ["\x1b[2J\x1b[31mRed", "\u202eanna", "An\u200fna", "Ann\x00a", "Anna\tBen",
                                  "A\u2028B"])
def test_a_name_with_a_control_or_invisible_character_is_refused_without_echoing_it(name: str) -> None:
    with pytest.raises(InvisibleInName) as refused:
        check_names(f"Ben, {name}")
    assert str(refused.value).startswith("Name 2 holds a control or invisible character (U+")
    assert name not in str(refused.value) and "\x1b" not in str(refused.value)


def test_a_long_name_is_not_repeated_whole() -> None:
    with pytest.raises(NameTooLong) as refused:
        check_names("x" * 10_000)
    assert str(refused.value) == f"The name {'x' * 20}… is longer than 30 characters."


def test_letters_of_every_script_and_emoji_are_names() -> None:
    assert check_names("Žofie, Åsa, Jyväskylä, 李, Zoë 🎲") == ("Žofie", "Åsa", "Jyväskylä", "李", "Zoë 🎲")


@pytest.mark.parametrize("name", ["\x1b[31mRed", "x" * 31, ""])
def test_a_save_holding_a_name_the_menu_would_refuse_is_refused(name: str) -> None:
    data = json.loads(save.dumps(new_session("shut-the-box", ["Anna", "Ben"], {}).game))
    data["players"][1] = name
    with pytest.raises(BadSave) as refused:
        save.loads(json.dumps(data))
    assert "\x1b" not in str(refused.value)


def test_save_info_of_the_wrong_type_is_refused() -> None:
    data = save.to_json(new_session("shut-the-box", ["Anna"], {}).game, SaveInfo())
    for played in ({"dice": "loaded"}, {"computer-level": 3}, {"told": "yes"}, {"started": "yesterday"}, []):
        with pytest.raises(BadSave):
            save.from_json({**data, "played": played})
