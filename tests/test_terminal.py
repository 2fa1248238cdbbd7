"""The terminal front end, driven in-process by typed lines (docs/spec/experience.md §2, §6;
docs/spec/interfaces.md §1).

The speech layer's recording speaker (SpeechSpy, test-only) stands beside the printed lines,
so each test can check both what is printed and what would be spoken.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from accessible_dice import settings as config
from accessible_dice.games.yatzy import Box
from accessible_dice.play import commands
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.session import Session, new_session
from accessible_dice.speech import Silenced, SpeechSpy
from accessible_dice.utterance import Cue

EN = Language("en")


@dataclass
class CueSpy:
    played: list[Cue] = field(default_factory=list)

    def play_all(self, cues: Sequence[Cue]) -> None:
        self.played.extend(cues)


@dataclass
class Run:
    lines: list[str]
    voice: SpeechSpy
    cues: CueSpy
    session: Session
    outcome: str


def play(typed: Sequence[str], players: Sequence[str] = ("Anna", "Ben"), *, game: str = "shut-the-box",
         manual: bool = False, seed: int | None = 1, options: dict | None = None,
         verbosity: Verbosity = Verbosity.NORMAL, save_to: Path | None = None,
         session: Session | None = None, resumed: bool = False) -> Run:
    out, voice, cues = io.StringIO(), SpeechSpy(), CueSpy()
    pending = iter(typed)
    terminal = Controller(Announcer(out, voice, cues), lambda: next(pending, None), EN, verbosity)
    if session is None:
        session = new_session(game, list(players), options or {}, manual=manual, seed=seed, save_to=save_to)
    outcome = terminal.play(session, resumed)
    return Run(out.getvalue().splitlines(), voice, cues, session, outcome)


# ---------------------------------------------------------------- output (SR-15, SR-01, SR-08)


def test_output_is_plain_lines_one_per_announcement_spoken_too() -> None:
    run = play(["roll", "sum", "help", "board", "bogus", "roll", "q"])
    text = "\n".join(run.lines)
    assert "\x1b" not in text and not re.search("[\u2500-\u257f]", text)
    assert run.lines == [" ".join(u.text.split()) for u in run.voice.utterances]
    assert all(line.strip() for line in run.lines)


def test_SR_04_events_queue_and_answers_interrupt() -> None:
    run = play(["roll", "board", "bogus"])
    opening, thrown, board, refusal = run.voice.utterances[:4]
    assert not opening.interrupt and not thrown.interrupt
    assert board.interrupt and refusal.interrupt
    assert Cue("invalid") in run.cues.played and Cue("dice_land") in run.cues.played


def test_SR_08_computer_turns_are_announced_like_anyone_elses() -> None:
    run = play(["roll", "singles", "q"], players=("Anna", "cpu"), seed=3)
    assert run.lines[:3] == ["Shut the Box: Anna and cpu. Anna's turn. Type roll or r, or press Enter, to throw. "
                             "Type help for the commands.",
                             "Anna threw 2 and 5. Singles: 2 and 5. Sum: 7.",
                             "Flaps 2 and 5 shut. cpu's turn."]
    assert run.lines[3].startswith("cpu threw ")
    assert run.lines[4].endswith("Anna's turn.")


# ---------------------------------------------------------------- refusals change nothing


@pytest.mark.parametrize(("typed", "reason"), [
    ("bogus", "bogus is not a command here. Type help for the commands."),
    ("shut 11", "There is no flap 11; the flaps are 1 to 10."),
    ("shut seven", "Name the flaps by number, like shut 7 or shut 3 4."),
    ("difference", "The difference may be used only in the easy variant."),
    ("roll", "No dice are to be thrown now. Singles: 2 and 5. Sum: 7."),
    ("3 4", "With 2 and 5 you cannot shut 3 and 4."),
    ("shut 2", "Singles shuts both 2 and 5."),
    ("shut 1 2 3", "One throw shuts at most two flaps."),
    ("board Zed", "There is no player Zed; the players are Anna and Ben."),
    ("verbosity loud", "loud is not a verbosity; it can be brief, normal, or full."),
])
def test_a_bad_command_during_a_move_is_refused_and_nothing_changes(typed: str, reason: str) -> None:
    run = play(["roll", typed])
    assert run.outcome == "eof"
    refusal = run.voice.utterances[-2]
    assert refusal.text == reason
    assert refusal.interrupt and Cue("invalid") in refusal.cues
    assert run.session.game.current_player() == 0 and len(run.session.game.history) == 1
    assert run.session.game.dice_on_table() == (2, 5)


@pytest.mark.parametrize(("typed", "reason"), [
    ("7 1", "Die 1: 7 is not valid, enter 1 to 6."),
    ("1 2 3", "Enter 2 values from 1 to 6; you entered 3."),
    ("x y", "x is not a number. Enter 2 values from 1 to 6, like 3 5."),
    # With real dice the dice are thrown at the table: their values are awaited (playtest P8), and how to type them.
    ("sum", "The dice's values come first. Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."),
    ("shut 4", "The dice's values come first. Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."),
])
def test_ER_01_ER_02_bad_dice_values_are_refused_with_the_reason_and_asked_again(typed: str, reason: str) -> None:
    """ER-01, ER-02: the die in error is named and the fix is said; no turn is lost."""
    run = play([typed, "3 4"], manual=True)
    assert run.lines[1] == "Anna, throw 2 dice and type their values from 1 to 6, like 3 5 or 35."
    assert run.lines[2] == reason
    assert run.lines[3] == "Anna threw 3 and 4. Singles: 3 and 4. Sum: 7."
    assert run.session.game.current_player() == 0


def test_random_dice_cannot_be_typed() -> None:
    run = play(["3 4", "roll 3 4"])
    assert run.lines[1:3] == ["The dice are random in this game; type roll to throw."] * 2
    assert run.session.game.history == []


def test_words_are_case_insensitive() -> None:
    run = play(["ROLL", "Singles", "Q"], seed=3)
    assert run.outcome == "quit" and len(run.session.game.history) == 2


# ---------------------------------------------------------------- review, help, history


def test_CG_05_help_lists_the_commands_that_work_now_and_each_one_works() -> None:
    """CG-05: the commands help names are exactly ones that parse now."""
    run = play(["help", "roll", "help"], seed=3)
    before, after = run.lines[1], run.lines[3]
    assert before.startswith("Now: roll (r, or Enter). Any time: dice (d), board (b), standings (s), turn (t), "
                             "moves (m), hint (a), explain, repeat, previous (,), next (.), oldest (<), newest (>), "
                             "verbosity (v), stop, undo, redo, settings")
    assert after.startswith("Now: singles, sum, shut N, or c N, a move by its number in the moves list. "
                            "N is a flap's number, like shut 7 or shut 3 4. Any time:")
    game = run.session.game
    for word in commands.actions_now(game, EN) + commands.any_time(EN):
        typed = word.split(" (")[0].split(",")[0].replace("shut N", "shut 7").replace("c N", "c 1")
        assert commands.parse(typed, game, EN, manual=False)


def test_help_with_real_dice_says_how_to_type_them() -> None:
    run = play(["help"], manual=True)
    assert run.lines[2].startswith("Type the values of the 2 dice thrown, like 3 5. Any time:")


def test_an_empty_line_throws_random_dice_and_otherwise_says_whose_turn_and_what_is_due() -> None:
    run = play(["", ""], options={"rounds": "2"}, seed=3)
    assert run.lines[1] == "Anna threw 2 and 5. Singles: 2 and 5. Sum: 7."
    assert run.lines[2] == "Anna's turn, round 1 of 2. Singles: 2 and 5. Sum: 7."


def test_an_empty_line_waits_for_typed_values_with_real_dice() -> None:
    run = play(["", "2 5", ""], manual=True)
    assert run.lines[2].startswith("Anna's turn. Throw 2 dice.")
    assert len(run.session.game.history) == 1


def test_review_commands_answer_and_change_nothing() -> None:
    run = play(["roll", "d", "b", "b ben", "b 2", "s", "t", "m", "a"], seed=3)
    assert run.lines[2:] == [
        "Dice: 2 and 5.",
        "Anna: open 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10. Shut: none.",
        "Ben: open 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10. Shut: none.",
        "Ben: open 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10. Shut: none.",
        "Anna: 10 flaps open, 55 penalty points. Ben: 10 flaps open, 55 penalty points.",
        "Anna's turn. Singles: 2 and 5. Sum: 7.",
        "1 Singles (2 and 5). 2 Sum (7). Type c and a number to choose, like c 2.",
        "Hint: Sum (7), 19.4 expected turns.",  # the next best only at full verbosity (playtest P4)
        "Goodbye.",
    ]
    assert len(run.session.game.history) == 1


def test_CG_10_repeat_and_the_history_step_through_what_was_said() -> None:
    run = play(["roll", "repeat", "previous", "previous", "next", "next", "newest", "oldest"], seed=3)
    opening, thrown = run.lines[:2]
    assert run.lines[2:] == [thrown, opening, "No older messages.", thrown, "No newer messages.", thrown,
                             opening, "Goodbye."]


def test_a_hint_can_weigh_the_move_the_player_has_in_mind() -> None:
    run = play(["roll", "hint singles", "hint sum", "hint 7", "hint fly", "hint shut 9"], seed=3)
    assert run.lines[2:] == [
        "Better: Sum (7), 19.4 expected turns, instead of 19.9 expected turns.",
        "Sum (7) is the best choice, 19.4 expected turns.",
        "Sum (7) is the best choice, 19.4 expected turns.",
        "fly is not a command here. Type help for the commands.",
        "With 2 and 5 you cannot shut 9.",
        "Goodbye.",
    ]


def test_stop_silences_the_voice() -> None:
    run = play(["stop"])
    assert run.voice.log[-2:] == [Silenced(), run.voice.utterances[-1]]


def test_GN_10_verbosity_can_be_changed_while_playing() -> None:
    run = play(["verbosity brief", "roll", "v full", "sum"], seed=3)
    assert run.lines[1:3] == ["Verbosity: brief.", "2, 5."]
    assert run.lines[4] == "Flap 7 shut. Ben's turn. Open: 1, 2, 3, 4, 5, 6, 7, 8, 9, and 10."


# ---------------------------------------------------------------- leaving


def test_end_of_input_leaves_the_game_saved(tmp_path: Path) -> None:
    path = tmp_path / "current.json"
    run = play(["roll"], save_to=path, seed=3)
    assert run.outcome == "eof" and path.exists()
    assert run.lines[-1] == "Game saved. Goodbye."
    again = play([], session=Session.resume(path), resumed=True)
    assert again.lines[0] == ("Shut the Box continued: Anna and Ben. Anna's turn. Singles: 2 and 5. Sum: 7.")


def test_quit_saves_and_leaves(tmp_path: Path) -> None:
    run = play(["roll", "quit"], save_to=tmp_path / "current.json", seed=3)
    assert run.outcome == "quit" and run.lines[-1] == "Game saved. Goodbye."


def test_quit_before_anything_was_played_does_not_say_saved(tmp_path: Path) -> None:
    """playtest.md D6: "Game saved." was said with nothing written."""
    run = play(["quit"], save_to=tmp_path / "current.json")
    assert run.outcome == "quit" and run.lines[-1] == "Goodbye." and not (tmp_path / "current.json").exists()


def test_a_whole_game_of_computers_plays_itself_to_the_end() -> None:
    run = play([], players=("cpu1", "cpu2"), seed=9)
    assert run.outcome == "eof"  # after the end, the game waits for rematch, new or quit; here input ends
    assert run.lines[-4] == "Flap 8 shut. cpu2 shut the box!"
    assert run.lines[-3].startswith("Game over. cpu2 wins with 0 penalty points.")


# ---------------------------------------------------------------- Threes Away


@pytest.mark.parametrize(("typed", "reason"), [
    ("keep 9", "There is no die 9; the dice are numbered 1 to 5."),
    ("keep 0", "There is no die 0; the dice are numbered 1 to 5."),
    ("keep 4 4", "Die 4 is named twice."),
    ("1", "Keep every 3: die 4 shows 3."),
    ("roll", "No dice are to be thrown now. Keep the 3: die 4."),
])
def test_threes_away_a_bad_keep_is_refused_and_nothing_changes(typed: str, reason: str) -> None:
    run = play(["roll", typed], players=("Anna",), game="threes-away", options={"rounds": "1"}, seed=2)
    assert run.lines[1] == "Anna threw 1, 1, 1, 3, and 2. Keep the 3: die 4. Press Enter for Keep die 4 (3)."
    assert run.lines[2] == reason
    assert run.session.game.dice_on_table() == (1, 1, 1, 3, 2) and run.session.game.kept_dice() == ()


@pytest.mark.parametrize("typed", ["", "keep"])
def test_threes_away_enter_or_keep_alone_keeps_only_the_3s(typed: str) -> None:
    """playtest P12: the 3s must be kept, so Enter (or keep with no dice) keeps them alone; 22 of a 6-round
    game's 48 commands were those keeps, typed."""
    run = play(["roll", typed], players=("Anna",), game="threes-away", options={"rounds": "1"}, seed=2)
    assert run.lines[2].startswith("3 kept, 0 points so far.")
    assert run.session.game.kept_dice() == (3,)


def test_threes_away_keeps_by_position_as_announced() -> None:
    run = play(["roll", "keep 1,2 4", "d"], players=("Anna",), game="threes-away", options={"rounds": "1"},
               seed=2)
    assert run.lines[2] == "1, 1, and 3 kept, 2 points so far."
    assert run.session.game.kept_dice() == (1, 1, 3)
    assert run.lines[3] == "Kept: 1, 1, and 3."


def test_closing_lets_the_last_words_finish_then_releases_the_voice() -> None:
    """The queue is drained (not "wait while speaking": a queued goodbye is not speaking yet), then closed.

    That the goodbye is really heard is tested on real parts in test_speech.py and test_speech_daemons.py.
    """
    drained: list[tuple[float, bool]] = []

    class Talking(SpeechSpy):
        def drain(self, limit: float = 0.0) -> bool:
            drained.append((limit, self.closed))
            return True

    voice = Talking()
    Announcer(io.StringIO(), voice).close(wait=2.0)
    assert drained == [(2.0, False)] and voice.closed


# ---------------------------------------------------------------- confirming, rules, help, the strategy's warm-up


ASKED = ("Score 0 in Yatzy? Type yes to confirm, or no to choose again; any other command is carried out "
         "instead.")


def test_ER_04_scoring_zero_in_yatzy_asks_first_and_anything_but_yes_chooses_again() -> None:
    """ER-04: the terminal asks as the window does; "no" leaves the box empty and the turn on."""
    run = play(["1 2 3 4 6", "score yatzy", "no", "score yatzy", "yes", "1 2 3 4 6", "score chance"],
               players=("Anna",), game="yatzy", manual=True)
    asked = ASKED
    assert run.lines[3:8] == [asked, "Not done; choose again.", asked,
                              "Yatzy: 0 points. Total 0 points. Round 1 of 15 over. Your turn.",
                              "Anna, throw 5 dice and type their values from 1 to 6, like 3 5 5 1 6 or 35516."]
    assert run.lines[9].startswith("Chance: 16 points."), "a box that scores points is not asked about"
    assert run.session.game.scorecard(0).points == {Box.YATZY: 0, Box.CHANCE: 16}


def test_ER_04_y_confirms_and_a_command_typed_at_the_question_is_carried_out_not_swallowed() -> None:
    """playtest P3: ``y`` was refused where ``yes`` worked, and ``q`` or ``score chance`` typed at the
    question was lost ("Not done; choose again." and nothing more)."""
    run = play(["1 2 3 4 6", "score yatzy", "y", "1 2 3 4 6", "score full", "score chance", "quit"],
               players=("Anna",), game="yatzy", manual=True)
    assert run.session.game.scorecard(0).points == {Box.YATZY: 0, Box.CHANCE: 16}
    assert run.lines[3] == ASKED and run.lines[4].startswith("Yatzy: 0 points.")
    assert run.lines[7:9] == [ASKED.replace("Yatzy", "Full house"), "Not done; choose again."]
    assert run.lines[9].startswith("Chance: 16 points.")
    # quit typed at the question quits: the game is saved and left, not "choose again" and more waiting
    run = play(["1 2 3 4 6", "score yatzy", "q", "score chance"], players=("Anna",), game="yatzy", manual=True)
    assert run.outcome == "quit" and run.session.game.scorecard(0).points == {}


def test_with_confirmations_off_scoring_zero_does_not_ask() -> None:
    out = io.StringIO()
    pending = iter(["1 2 3 4 6", "score yatzy"])
    screen = SettingsScreen(EN, config.Settings(confirm=False))
    terminal = Controller(Announcer(out, SpeechSpy()), lambda: next(pending, None), EN, settings=screen)
    session = new_session("yatzy", ["Anna"], {}, manual=True)
    terminal.play(session)
    assert session.game.scorecard(0).points == {Box.YATZY: 0}
    assert "Score 0 in" not in out.getvalue()


def test_input_ending_at_the_question_leaves_the_game_saved_unscored(tmp_path: Path) -> None:
    run = play(["1 2 3 4 6", "score yatzy"], players=("Anna",), game="yatzy", manual=True,
               save_to=tmp_path / "current.json")
    assert run.outcome == "eof" and run.lines[-1] == "Game saved. Goodbye."
    assert run.session.game.scorecard(0).points == {}


def test_CG_05_help_names_every_command_undo_and_redo_included() -> None:
    run = play(["1 2", "help", "undo", "help"], manual=True)
    for line in (run.lines[3], run.lines[5]):
        assert "oldest (<), newest (>), verbosity (v), stop, undo, redo, settings, history, profile, rules, " \
               "report, menu, and quit (q). For listening: " in line


def test_rules_says_the_games_page_as_plain_lines() -> None:
    run = play(["rules"], players=("Anna",), game="yatzy")
    said = run.lines[1:-1]
    assert said[0] == "Yatzy" and len(said) > 20
    assert "The aim" in said
    assert not [line for line in said if any(mark in line for mark in "#|`") or "**" in line]
    assert run.voice.utterances[1].interrupt and not run.voice.utterances[2].interrupt


def test_a_hint_while_the_strategy_is_being_prepared_says_so_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from accessible_dice import session as sessions

    release = threading.Event()
    monkeypatch.setattr(sessions, "prepare_for", lambda game: lambda _game: release.wait(10))
    try:
        run = play(["roll", "hint"], seed=3)
        assert run.lines[2] == "The hints are still being prepared: 0 percent done. You will hear when they are ready."
    finally:
        release.set()
    run.session._preparing.join(5)
    assert run.session.strategy_ready()


def test_a_computer_waiting_for_its_strategy_is_said_once_then_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wait longer than a moment is said once, then "Hints are ready.", before the computers' first move."""
    import time

    from accessible_dice import session as sessions

    monkeypatch.setattr(sessions, "prepare_for", lambda game: lambda _game: time.sleep(3 * sessions.PREPARE_NOTICE / 2))
    run = play([], players=("cpu1", "cpu2"), seed=9, options={"rounds": "1"})
    preparing = ("Preparing the hints and the computer players; this can take a while. You will hear when they are "
                 "ready.")
    assert run.outcome == "eof" and run.lines.count(preparing) == 1 and run.lines.count("Hints are ready.") == 1
    ready = run.lines.index("Hints are ready.")
    assert run.lines.index(preparing) < ready < next(i for i, line in enumerate(run.lines) if "shut" in line)
