"""What is said when a step is taken back or done again.

Taking back says what went and then whose turn it is and what is due, so
the player knows where the game stands without asking ("Taken back: Anna's
throw of 3 and 5. Anna's turn. Throw 2 dice."). The words of the move come
from the game's presenter (:meth:`Presenter.move_words`), said as the game
stands before it, which is how it stands after the undo.
"""

from __future__ import annotations

from collections.abc import Sequence

from accessible_dice.games.base import Action, Event, Roll
from accessible_dice.presentation.describe import Presenter, answer, combine
from accessible_dice.utterance import Utterance


def taken_back(presenter: Presenter, actions: Sequence[Action], where: bool = True) -> Utterance:
    """The first action taken back (the person's step), then (``where``) where the game stands.

    A front end that prompts for typed dice next leaves ``where`` out: the prompt says it.
    """
    _ = presenter._
    first = actions[0]
    if isinstance(first, Roll):
        player = presenter.game.current_player()
        assert player is not None, "a throw was taken back, so one is due"
        # Translators: undo took back typed dice; {name} is whose throw it was, {dice} its values.
        said = _("Taken back: {name}'s throw of {dice}.").format(name=presenter.name(player),
                                                                 dice=presenter.dice_words(first.values))
    else:
        # Translators: undo took back a move; {move} says it as hints do, e.g. "Sum (7)".
        said = _("Taken back: {move}.").format(move=presenter.move_words(first))
    return combine([answer(said), presenter.turn_news() if where else None], interrupt=True) or answer(said)


def done_again(presenter: Presenter, events: Sequence[Event], prompt: bool = False) -> Utterance:
    """Redo: said so, then what the step did, as when it was first made."""
    # Translators: redo made the step taken back again; what it did follows.
    said = answer(presenter._("Done again."))
    return combine([said, presenter.announce(events, prompt=prompt)], interrupt=True) or said
