"""Starting a game from what the command line asked for, the same in every front end.

The terminal, the window and the browser page each start the game ``--game``
names, continue the one ``--resume`` asks for, and say what the saves folder
needs said at start, with these; so they live here, in the play layer beneath
the front ends, not in the launch code that picks a front end (which would
make each front end import its launcher back).
"""

from __future__ import annotations

from accessible_dice import saved_games
from accessible_dice.errors import N_, DiceError
from accessible_dice.history import history_path
from accessible_dice.play.controller import Announcer
from accessible_dice.play.menu import default_players
from accessible_dice.presentation import saves as saves_words
from accessible_dice.presentation.describe import news
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import Session, new_session
from accessible_dice.ui.launch_request import Launch
from accessible_dice.utterance import Cue, Utterance


class NoSavedGame(DiceError):
    # Translators: --resume, or continue, when nothing is saved.
    template = N_("There is no saved game to continue.")


def asked_for(game_id: str, launch: Launch, lang: Language) -> Session:
    """The session ``--game`` starts, in either front end: the players named (or the default
    names), the options, dice and seed given, saved (in a file of its own, leaving every other
    save alone) and recorded as every game is."""
    players = launch.players or default_players(lang)
    return new_session(game_id, players, launch.options, manual=launch.dice == "manual", seed=launch.seed,
                       save_to=saved_games.new_path(game_id), record_to=history_path())


def start_news(lang: Language) -> list[Utterance]:
    """What the saves folder needs said as the program starts, in either front end.

    Finished games that waited for the score history are recorded now
    (said once they are in, or, the first time only, why they still wait),
    and saves that cannot be used are moved aside and named.
    """
    found = saved_games.find()
    said = [refusal(error, lang) for error in found.refused]
    if found.waiting:
        recorded = saved_games.record_waiting(found.waiting, history_path())
        if recorded.games:
            said.append(news(saves_words.recorded_words(recorded.games, lang)))
        if recorded.problem is not None:
            said.append(refusal(recorded.problem, lang))
    return said


def refusal(error: DiceError, lang: Language) -> Utterance:
    """A problem with a file, said with the cue of a refusal."""
    return news(error.render(lang._, lang.ngettext), Cue("invalid"))


def resumed_session(launch: Launch, announcer: Announcer, lang: Language) -> Session | None:
    """``--resume``: the game played last; without one, say why (the menu opens next).

    A save that cannot be used was moved aside and said at start
    (:func:`start_news`); the next one is taken.
    """
    found = saved_games.find()
    if not found.games:
        announcer.say(refusal(NoSavedGame(), lang))
        return None
    manual = launch.dice == "manual" if "dice" in launch.given else None  # --dice wins over the save's dice
    return Session.continued(found.games[0], manual=manual, seed=launch.seed, record_to=history_path())
