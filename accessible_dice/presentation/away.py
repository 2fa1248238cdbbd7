"""The words a player hears coming back to an online table: what happened while they were away, newest last.

"While you were away: Ben scored 24 in Chance. Your turn, round 3 of 15."
Everything comes from the replayed game's events and is worded by the
local presenter, in the local player's language. The summary is short:
only what the moves *did* (scores, boxes shut, lives lost, the end of a
round or of the game), never the dice thrown, held or the turns handed
over, which the review keys still tell; and only the last
:data:`AWAY_NEWS` of those, with how many earlier ones were left out.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from accessible_dice.games.base import DiceThrown, Event, GameEnded, StarterChosen, TurnStarted
from accessible_dice.presentation.describe import Presenter, combine, news
from accessible_dice.utterance import Cue, Utterance

#: Results that are the table's, not one player's move: said without a name.
TABLE_NEWS: tuple[type[Event], ...] = (GameEnded, StarterChosen)
#: The most results a summary says (the newest); the earlier ones are counted, not said.
AWAY_NEWS = 8


def results(events: Sequence[Event]) -> list[tuple[int | None, Event]]:
    """The events of ``events`` that say what a move did, in order, each with the player whose move it was
    (``None`` for the table's own, like the game's end); an event that is a ``step`` on the way
    (:class:`~accessible_dice.games.base.Event`) is left out."""
    found: list[tuple[int | None, Event]] = []
    actor: int | None = None
    for event in events:
        if isinstance(event, DiceThrown | TurnStarted):
            actor = event.player
        if event.step:
            continue
        player = getattr(event, "player", actor)
        found.append((None if isinstance(event, TABLE_NEWS) else player if isinstance(player, int) else None, event))
    return found


def while_away(presenter: Presenter, events: Sequence[Event], seats: Collection[int]) -> Utterance | None:
    """The summary of ``events`` (everything since the player's last step) for a player of ``seats``.

    Each player's results are said after their name ("Ben: Chance: 24
    points."), as the presenter says them during play. ``None`` when
    nothing happened and it is not the player's turn: the table's opening
    words say the rest.
    """
    _ = presenter._
    said = results(events)
    shown = said[-AWAY_NEWS:]
    parts: list[Utterance | None] = []
    told = _by_player(presenter, shown)
    if told is not None:
        text = told.text
        if len(said) > len(shown):
            # Translators: coming back to an online table, before the latest news; {count} earlier results
            # are not said (the review keys still tell the board and the standings).
            earlier = presenter.ngettext("{count} earlier result left out.", "{count} earlier results left out.",
                                         len(said) - len(shown)).format(
                                             count=presenter.language.number(len(said) - len(shown)))
            text = f"{earlier} {text}"
        # Translators: coming back to an online table: what happened meanwhile, newest last ({news}).
        parts.append(news(_("While you were away: {news}").format(news=text), *told.cues))
    turn = presenter.game.current_player()
    if turn is not None and turn in seats:
        parts.append(news(your_turn(presenter), Cue("your_turn")))
    elif parts:
        parts.append(news(presenter.whose_turn()))
    return combine(parts)


def _by_player(presenter: Presenter, shown: Sequence[tuple[int | None, Event]]) -> Utterance | None:
    """``shown`` said in order, each run of one player's results after that player's name."""
    parts: list[Utterance | None] = []
    run: list[Event] = []
    for index, (player, event) in enumerate(shown):
        run.append(event)
        if index + 1 < len(shown) and shown[index + 1][0] == player:
            continue
        said = presenter.announce(run)
        run = []
        if said is not None and player is not None:
            # Translators: in the summary of an online table, one player's results: "Ben: Chance: 24 points."
            said = news(_name(presenter).format(name=presenter.name(player), news=said.text), *said.cues)
        parts.append(said)
    return combine(parts)


def _name(presenter: Presenter) -> str:
    # Translators: coming back to an online table, one player's results after their name; {news} is what they
    # did, as said during play ("Ben: Chance: 24 points.").
    return presenter._("{name}: {news}")


def your_turn(presenter: Presenter) -> str:
    """"Your turn", with the round when the game counts them ("Your turn, round 3 of 15.")."""
    _ = presenter._
    number = getattr(presenter.game, "round", None)
    if not isinstance(number, int) or presenter.rounds_total() in (None, 1):
        # Translators: coming back to an online table where it is the player's turn.
        return _("Your turn.")
    # Translators: coming back to an online table where it is the player's turn, e.g. "Your turn, round 3 of 15."
    return _("Your turn, round {round} of {rounds}.").format(**presenter.round_values(number))
