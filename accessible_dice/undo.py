"""Taking a step back, and doing it again, from the action history alone.

A game *is* its action history (docs/spec/architecture.md §7), so undoing is replaying
the history without its last actions (trusted replay: they were all legal),
and redoing is applying them again. Nothing else is stored.

How far back a player may go (the *boundary*, docs/playing.md "Taking a step
back"). Each action belongs to the player who was to act before it
(:meth:`Game.current_player`: who threw, or who moved). Then:

1. An action can be taken back only while every action after it belongs to
   the same player: once the next player has acted (thrown or moved), what
   came before stays. Until then, the player who just finished a turn may
   still take back its last move, and a player may go back step by step
   through their own actions.
2. A step taken back is a step a *person* made: a person's move, or dice
   typed from a real throw (manual dice, whoever they were for). A computer
   player's moves after it are taken back with it, since the computer would
   otherwise make them again at once.
3. Random dice stay as they fell: the program threw them, and taking a throw
   back would let a player throw again for better dice. So with random dice
   a throw is a boundary too, and only the moves made since can be taken
   back. With manual dice a typing slip is the very thing to take back.
4. What a player has learned or paid stays: a move the game marks as final
   (:attr:`Move.final`: QUICLO's judged equation, its helper and "no
   equation possible", which say an equation or a verdict and may cost a
   life) is never taken back, nor anything before it, whoever made it.
   Taking it back would let the player play the turn again knowing the
   answer. Dice typed after it may still be taken back.
5. Nothing is taken back once the game is over.

All of this is worked out from the history alone, so it holds the same in a
resumed game.

"The next player has acted" holds even when that player then takes their
own action back: the player before does not get their turn back.

Redo applies the actions taken back, in order, while no new action was
made; a new action drops them (it starts another future).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from accessible_dice.errors import N_, IllegalMove
from accessible_dice.games.base import Action, Event, Game, GameIsOver, Move, Roll


class NothingToUndo(IllegalMove):
    # Translators: undo was asked for before anything was played.
    template = N_("Nothing has been played yet, so there is nothing to take back.")


class NextPlayerActed(IllegalMove):
    # Translators: undo after another player has acted; {name} is that player.
    template = N_("{name} has played since, so the moves before cannot be taken back.")


class RandomThrowStays(IllegalMove):
    # Translators: undo right after a throw of random dice; the throw cannot be undone.
    template = N_("Random dice stay as they fell; a throw cannot be taken back.")


class FinalMove(IllegalMove):
    # Translators: undo of a move that showed an answer or cost a life (QUICLO's equation, helper or none).
    template = N_("What that move showed or cost stays; it cannot be taken back.")


class NothingToRedo(IllegalMove):
    # Translators: redo without an undo just before it.
    template = N_("There is nothing to do again.")


@dataclass(frozen=True)
class Step:
    """One action of the history and the player it belongs to (who was to act before it)."""

    index: int
    player: int
    action: Action


def fresh(game: Game) -> Game:
    """The same game (players, options) before any action."""
    return type(game)(game.players, game.options)


def rebuild(game: Game, length: int) -> Game:
    """A new game that played ``game``'s first ``length`` actions (trusted replay)."""
    copy = fresh(game)
    for action in game.history[:length]:
        copy.apply_trusted(action)
    return copy


def rewind(game: Game, length: int) -> None:
    """Make ``game`` itself what it was after ``length`` actions.

    The object stays the same, so a front end and a presenter that hold it
    see the rewound game; its state is that of a fresh replay, whole.
    """
    replayed = rebuild(game, length)
    game.__dict__.clear()
    game.__dict__.update(replayed.__dict__)


def steps(game: Game) -> list[Step]:
    """Every action with the player it belongs to, by replaying the game."""
    copy, found = fresh(game), []
    for index, action in enumerate(game.history):
        player = copy.current_player()
        assert player is not None, "a finished game has no further actions"
        found.append(Step(index, player, action))
        copy.apply_trusted(action)
    return found


def run_start(history: Sequence[Step]) -> int:
    """Where the last player's run of actions begins: what came before, another player did."""
    start = len(history)
    while start > 0 and history[start - 1].player == history[-1].player:
        start -= 1
    return start


def undo_point(game: Game, history: Sequence[Step], *, manual: bool, computers: Collection[int] = (),
               floor: int = 0) -> int:
    """How many actions remain after one undo; a refusal says why nothing can be taken back.

    ``history`` is :func:`steps` of ``game``; nothing before ``floor`` is
    taken back (see :class:`Timeline`).
    """
    if game.is_over():
        raise GameIsOver()
    if not history:
        raise NothingToUndo()
    owner = history[-1].player
    for step in reversed(history[floor:]):
        thrown = isinstance(step.action, Roll)
        if step.player != owner or (thrown and not manual and owner in computers):
            break
        if isinstance(step.action, Move) and step.action.final:
            raise FinalMove()
        if thrown and not manual:
            raise RandomThrowStays()
        if owner not in computers or thrown:
            return step.index
    if len(history) > floor:  # a computer acted since: its own actions are all that is left
        actor: int | None = owner
    else:  # the player now to act acted since, and took it back
        actor = game.current_player()
    assert actor is not None, "a player acted, and the game is not over"
    raise NextPlayerActed(name=game.players[actor])


class Timeline:
    """A game with its undo and redo; every action goes through :meth:`apply`.

    It keeps who made each action (:class:`Step`) and the *floor*: the first
    action of the player who acted last when another had acted before. The
    floor only rises, so when the next player has acted and then takes that
    back, what the player before did still stays. The actions taken back
    wait in ``undone`` to be done again, until a new action is made.

    Only the history is saved: a resumed game starts with the floor at the
    last player's run, and nothing to redo.
    """

    def __init__(self, game: Game, *, manual: bool = False, computers: Collection[int] = ()) -> None:
        self.game = game
        self.manual = manual
        self.computers = frozenset(computers)
        self.steps = steps(game)
        self.floor = run_start(self.steps)
        self.undone: list[tuple[Step, ...]] = []

    def apply(self, action: Action) -> list[Event]:
        """Apply a new action, checked; a refusal changes nothing (nor what can be redone)."""
        player = self.game.current_player()
        events = self.game.apply(action)
        assert player is not None, "a finished game refuses every action"
        if self.steps and self.steps[-1].player != player:
            self.floor = len(self.steps)
        self.steps.append(Step(len(self.steps), player, action))
        self.undone.clear()
        return events

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back now (help mentions it then)."""
        try:
            undo_point(self.game, self.steps, manual=self.manual, computers=self.computers, floor=self.floor)
        except IllegalMove:
            return False
        return True

    def undo(self) -> tuple[Action, ...]:
        """Take back the last step a person made (and what computers did after it); the actions taken back."""
        assert len(self.steps) == len(self.game.history), "every action goes through Timeline.apply"
        point = undo_point(self.game, self.steps, manual=self.manual, computers=self.computers, floor=self.floor)
        taken = tuple(self.steps[point:])
        rewind(self.game, point)
        del self.steps[point:]
        self.undone.append(taken)
        return tuple(step.action for step in taken)

    def redo(self) -> list[Event]:
        """Do again what the last undo took back; the events it causes."""
        if not self.undone:
            raise NothingToRedo()
        taken = self.undone.pop()
        events = [event for step in taken for event in self.game.apply_trusted(step.action)]
        self.steps.extend(taken)
        return events
