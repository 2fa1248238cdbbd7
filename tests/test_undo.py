"""Undo and redo: the boundary rules of accessible_dice/undo.py, in Shut the Box and across every game."""

from __future__ import annotations

import random

import pytest
from rules_support import play_out

from accessible_dice import save
from accessible_dice.dice import RandomDice
from accessible_dice.errors import DiceError
from accessible_dice.games import GAMES, game_class, new_game
from accessible_dice.games.base import Action, Game, GameIsOver, Move, Roll
from accessible_dice.games.quiclo import DeclareNone, UseHelper, WriteEquation
from accessible_dice.games.shut_the_box import Shut
from accessible_dice.undo import (
    FinalMove,
    NextPlayerActed,
    NothingToRedo,
    NothingToUndo,
    RandomThrowStays,
    Step,
    Timeline,
    rebuild,
    rewind,
    steps,
    undo_point,
)

#: Anna throws 3 and 4 and shuts the sum; Ben throws 1 and 2.
ANNAS_TURN_AND_BENS_THROW = (Roll((3, 4)), Shut("sum"), Roll((1, 2)))


def shut_the_box(*players: str, manual: bool = True, computers: tuple[int, ...] = (),
                 played: tuple[Action, ...] = ()) -> Timeline:
    """A Shut the Box timeline for ``players`` that has already ``played`` these actions."""
    timeline = Timeline(new_game("shut-the-box", list(players)), manual=manual, computers=computers)
    for action in played:
        timeline.apply(action)
    return timeline


def test_a_wrongly_typed_throw_is_taken_back_and_asked_again() -> None:
    timeline = shut_the_box("Anna", "Ben")
    request = timeline.game.dice_request()
    timeline.apply(Roll((3, 4)))
    assert timeline.undo() == (Roll((3, 4)),)
    assert timeline.game.history == [] and timeline.game.dice_request() == request
    assert timeline.game == new_game("shut-the-box", ["Anna", "Ben"])


def test_redo_does_the_step_again_and_a_new_action_drops_it() -> None:
    timeline = shut_the_box("Anna", "Ben")
    timeline.apply(Roll((3, 4)))
    before = rebuild(timeline.game, 1)
    timeline.undo()
    timeline.redo()
    assert timeline.game == before and timeline.game.history == [Roll((3, 4))]
    with pytest.raises(NothingToRedo):
        timeline.redo()
    timeline.undo()
    timeline.apply(Roll((5, 6)))
    with pytest.raises(NothingToRedo):
        timeline.redo()


def test_a_player_goes_back_step_by_step_and_may_take_back_the_move_that_ended_the_turn() -> None:
    timeline = shut_the_box("Anna", "Ben")
    timeline.apply(Roll((3, 4)))
    timeline.apply(Shut("sum"))
    assert timeline.game.current_player() == 1  # Ben's turn, but Ben has not acted
    assert timeline.undo() == (Shut("sum"),)
    assert timeline.undo() == (Roll((3, 4)),)
    with pytest.raises(NothingToUndo):
        timeline.undo()


def test_once_the_next_player_has_acted_the_turn_before_stays_even_if_they_take_it_back() -> None:
    timeline = shut_the_box("Anna", "Ben", played=ANNAS_TURN_AND_BENS_THROW)
    assert timeline.undo() == (Roll((1, 2)),)  # Ben's own throw
    with pytest.raises(NextPlayerActed, match="Ben has played since"):
        timeline.undo()
    assert timeline.game.history == [Roll((3, 4)), Shut("sum")]


def test_random_dice_stay_as_they_fell_but_the_moves_since_can_be_taken_back() -> None:
    timeline = shut_the_box("Anna", "Ben", manual=False)
    timeline.apply(Roll((3, 4)))
    with pytest.raises(RandomThrowStays):
        timeline.undo()
    timeline.apply(Shut("singles"))
    assert timeline.undo() == (Shut("singles"),)
    with pytest.raises(RandomThrowStays):
        timeline.undo()


def test_a_computer_that_has_played_locks_the_turn_before() -> None:
    timeline = shut_the_box("Anna", "cpu", manual=False, computers=(1,),
                            played=(*ANNAS_TURN_AND_BENS_THROW, Shut("sum")))
    assert timeline.game.current_player() == 0
    with pytest.raises(NextPlayerActed, match="cpu has played since"):
        timeline.undo()


def test_dice_typed_for_a_computer_are_taken_back_with_the_computers_move() -> None:
    timeline = shut_the_box("Anna", "cpu", computers=(1,), played=(*ANNAS_TURN_AND_BENS_THROW, Shut("singles")))
    assert timeline.undo() == (Roll((1, 2)), Shut("singles"))
    assert timeline.game.dice_request().player == 1  # the table throws for the computer again


def test_nothing_is_taken_back_after_the_end() -> None:
    game = play_out(new_game("shut-the-box", ["Anna"]), RandomDice(4), lambda playing: playing.legal_moves()[0])
    with pytest.raises(GameIsOver):
        Timeline(game, manual=True).undo()


def test_a_resumed_game_can_take_back_the_last_players_own_steps() -> None:
    timeline = shut_the_box("Anna", "Ben", played=ANNAS_TURN_AND_BENS_THROW)
    resumed = Timeline(save.loads(save.dumps(timeline.game)), manual=True)
    assert resumed.steps == timeline.steps and resumed.floor == 2
    assert resumed.undo() == (Roll((1, 2)),)
    with pytest.raises(NextPlayerActed):
        resumed.undo()


def test_rewind_keeps_the_game_object_and_gives_a_fresh_replay() -> None:
    timeline = shut_the_box("Anna", "Ben", played=ANNAS_TURN_AND_BENS_THROW)
    game = timeline.game
    rewind(game, 1)
    assert game is timeline.game and game == rebuild(save.loads(save.dumps(game)), 1)
    assert game.history == [Roll((3, 4))]


def test_the_pure_boundary_needs_no_timeline() -> None:
    game = new_game("shut-the-box", ["Anna", "Ben"])
    for action in (Roll((3, 4)), Shut("sum")):
        game.apply(action)
    assert steps(game) == [Step(0, 0, Roll((3, 4))), Step(1, 0, Shut("sum"))]
    assert undo_point(game, steps(game), manual=True) == 1
    assert undo_point(game, steps(game), manual=False) == 1
    with pytest.raises(NextPlayerActed):
        undo_point(game, steps(game), manual=True, floor=2)


# ---------------------------------------------------------------- every game


def players_for(name: str) -> list[str]:
    cls = game_class(name)
    return ["Anna", "cpu", "Ben"][:max(cls.min_players, min(cls.max_players, 3))]


def person_to_act(timeline: Timeline) -> bool:
    """What the session waits for: a person's move, or dice typed at the table."""
    game = timeline.game
    player = game.current_player()
    return game.is_over() or player not in timeline.computers or (
        timeline.manual and game.dice_request() is not None)


def act(timeline: Timeline, dice: RandomDice, chooser: random.Random,
        history: list[tuple[int | None, Action]], floor: int) -> int:
    """One random action, recorded in ``history`` with who made it; the floor, raised when another player acts."""
    game = timeline.game
    player = game.current_player()
    request = game.dice_request()
    timeline.apply(Roll(dice.throw(request)) if request else chooser.choice(game.legal_moves()))
    if history and history[-1][0] != player:
        floor = len(history)
    history.append((player, game.history[-1]))
    return floor


@pytest.mark.parametrize("manual", [True, False], ids=["manual", "random"])
@pytest.mark.parametrize("name", GAMES)
def test_undo_and_redo_keep_the_rules_in_every_game(name: str, manual: bool) -> None:
    """Random play with undo and redo mixed in, checked against the test's own record of the history.

    The test keeps the history itself, who made each action, and the floor
    (raised whenever another player acts). After each undo: the game equals
    a fresh replay of the shortened history; nothing at or before the floor
    went; the first action taken back was a person's; the rest were computer
    moves; with random dice no throw went; a person is to act. Redo gives
    back exactly the game before the undo.
    """
    for seed in range(3):
        players = players_for(name)
        computers = {p for p, n in enumerate(players) if n.startswith("cpu")}
        timeline = Timeline(new_game(name, players), manual=manual, computers=computers)
        game, dice, chooser = timeline.game, RandomDice(seed), random.Random(seed)
        history: list[tuple[int | None, Action]] = []
        floor, before_undo = 0, []
        for _ in range(400):
            if game.is_over():
                break
            while not game.is_over() and not person_to_act(timeline):
                floor = act(timeline, dice, chooser, history, floor)
                before_undo = []
            draw = chooser.random()
            if draw < 0.2 and not game.is_over():
                snapshot = rebuild(game, len(game.history))
                try:
                    taken = timeline.undo()
                except DiceError:
                    assert game == snapshot
                    continue
                point = len(history) - len(taken)
                assert point >= floor and game.history == [a for _p, a in history[:point]]
                assert game == _replay(name, players, game)
                first_player, first = history[point]
                assert first_player not in computers or isinstance(first, Roll)
                assert all(p in computers and not isinstance(a, Roll) for p, a in history[point + 1:])
                assert manual or not any(isinstance(a, Roll) for _p, a in history[point:])
                assert not any(isinstance(a, Move) and a.final for _p, a in history[point:])
                assert person_to_act(timeline) and timeline.steps == steps(game)
                before_undo.append((snapshot, history[point:]))
                del history[point:]
            elif draw < 0.45 and before_undo:
                snapshot, redone = before_undo.pop()
                timeline.redo()
                history.extend(redone)
                assert game == snapshot and game.history == snapshot.history
                assert timeline.steps == steps(game)
            elif not game.is_over():
                floor = act(timeline, dice, chooser, history, floor)
                before_undo = []


def _replay(name: str, players: list[str], game: Game) -> Game:
    """A new game that played the same actions (trusted: the checked replay of a long Yatzy game is slow)."""
    fresh = new_game(name, players)
    for action in game.history:
        fresh.apply_trusted(action)
    return fresh


# ---------------------------------------------------------------- what was learned or paid stays

#: A QUICLO throw, and a right equation with five of its dice, a wrong one, and one with all six.
QUICLO_THROW = Roll((1, 2, 3, 4, 5, 12))
QUICLO_MOVES = {"helper": UseHelper(), "none": DeclareNone(), "right": WriteEquation("1+2+4=12-5"),
                "wrong": WriteEquation("1+2=4"), "all six": WriteEquation("12/3+5=4*2+1")}


def quiclo(players: tuple[str, ...], manual: bool) -> Timeline:
    return Timeline(new_game("quiclo", list(players)), manual=manual)


@pytest.mark.parametrize("manual", [True, False], ids=["manual", "random"])
@pytest.mark.parametrize("players", [("Ola",), ("Ola", "Kari")], ids=["solo", "hot-seat"])
@pytest.mark.parametrize("move", sorted(QUICLO_MOVES))
def test_a_quiclo_move_is_final_so_no_life_comes_back(move: str, players: tuple[str, ...], manual: bool) -> None:
    """playtest.md D2: undo after the helper, none or a judged equation gave the life back and kept the answer."""
    timeline = quiclo(players, manual)
    timeline.apply(QUICLO_THROW)
    timeline.apply(QUICLO_MOVES[move])
    after = rebuild(timeline.game, 2)
    for game in (timeline, Timeline(save.loads(save.dumps(timeline.game)), manual=manual)):
        with pytest.raises(FinalMove):
            game.undo()
        assert not game.can_undo() and game.game == after


def test_quiclo_dice_typed_after_a_final_move_can_still_be_taken_back_but_not_the_move() -> None:
    timeline = quiclo(("Ola",), manual=True)
    for action in (QUICLO_THROW, QUICLO_MOVES["wrong"], Roll((6, 6, 6, 6, 6, 6))):
        timeline.apply(action)
    resumed = Timeline(save.loads(save.dumps(timeline.game)), manual=True)
    assert resumed.undo() == (Roll((6, 6, 6, 6, 6, 6)),)
    with pytest.raises(FinalMove):
        resumed.undo()
    assert resumed.game.lives == [2]


def test_a_quiclo_throw_typed_wrongly_is_taken_back_before_the_equation() -> None:
    timeline = quiclo(("Ola", "Kari"), manual=True)
    timeline.apply(QUICLO_THROW)
    assert Timeline(save.loads(save.dumps(timeline.game)), manual=True).undo() == (QUICLO_THROW,)


def test_a_computers_final_move_keeps_the_dice_typed_for_it() -> None:
    timeline = Timeline(new_game("quiclo", ["Ola", "cpu"]), manual=True, computers={1})
    for action in (QUICLO_THROW, QUICLO_MOVES["right"], QUICLO_THROW, QUICLO_MOVES["helper"]):
        timeline.apply(action)
    with pytest.raises(FinalMove):
        timeline.undo()


def final_kinds() -> dict[str, set[str]]:
    """Every game's final move kinds: the moves that reveal an answer or cost a life."""
    return {name: {t.kind for t in game_class(name).move_types if t.final} for name in GAMES}


def test_the_moves_that_reveal_or_cost_are_final_and_no_other_in_every_game() -> None:
    assert final_kinds() == {"shut-the-box": set(), "yatzy": set(), "storeslem": set(),
                                            "threes-away": set(), "quiclo": {"equation", "helper", "none"}}


def to_a_persons_throw(name: str, seed: int) -> tuple[Game, Roll]:
    """A game of ``name`` played at random (from ``seed``) to a later throw by a person, and that throw."""
    game, dice, chooser = new_game(name, players_for(name)), RandomDice(seed), random.Random(seed)
    throws = 0
    while True:
        request = game.dice_request()
        if request is not None:
            throws += 1
            if throws > 2 and game.players[request.player] != "cpu":
                return game, Roll(dice.throw(request))
            game.apply(Roll(dice.throw(request)))
        else:
            game.apply(chooser.choice([m for m in game.legal_moves() if not m.final] or game.legal_moves()))


@pytest.mark.parametrize("name", GAMES)
def test_dice_typed_wrongly_are_taken_back_after_a_resume_and_random_ones_stay_in_every_game(name: str) -> None:
    for seed in range(3):
        game, roll = to_a_persons_throw(name, seed)
        before = rebuild(game, len(game.history))
        game.apply(roll)
        computers = {p for p, n in enumerate(game.players) if n == "cpu"}
        typed = Timeline(save.loads(save.dumps(game)), manual=True, computers=computers)
        assert typed.undo() == (roll,) and typed.game == before
        thrown = Timeline(save.loads(save.dumps(game)), manual=False, computers=computers)
        with pytest.raises(RandomThrowStays):
            thrown.undo()
