"""Practice games (checklist CG-06): played like any game, kept nowhere.

A practice game is chosen in the main menu of either front end. It is not
put into the score history, so a first try or a bad day never shows up among
a player's games, bests and averages. It is not saved either: the one saved
game is the player's real game, and a practice game must never replace it.
The game says both as it opens, so nobody expects to continue it later.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from accessible_dice.presentation.describe import news
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import Session, new_session
from accessible_dice.utterance import Utterance


def practice_session(game_id: str, players: Sequence[str], options: dict[str, Any], *, manual: bool,
                     seed: int | None) -> Session:
    """A new game for practice: no save file, no score history; a bad option raises its refusal."""
    session = new_session(game_id, players, options, manual=manual, seed=seed)
    session.practice = True
    return session


def practice_note(language: Language) -> Utterance:
    """What a practice game says as it opens."""
    # Translators: said as a practice game opens; the hint command word is "hint" in English.
    return news(language._("Practice game: it is not saved and not put into the score history. Ask for a hint "
                           "at any time."))


def kept_note(session: Session, language: Language) -> str | None:
    """What leaving a practice game or a tutorial keeps, said instead of "Game saved"; ``None`` for other games."""
    if session.tutorial is not None and not session.game.is_over():
        # Translators: leaving a tutorial; "Tutorial" is the main menu item that continues it.
        return language._("The tutorial is kept: Tutorial in the main menu continues it.")
    if session.practice:
        # Translators: leaving a practice game, which is never saved.
        return language._("A practice game is not saved.")
    return None


def left_for_menu(session: Session, language: Language) -> Utterance:
    """What leaving a game for the main menu says, in both front ends: what is kept, saved, or why it
    could not be saved (the menu then says itself, with the game among the saved ones)."""
    note = kept_note(session, language)
    if note is not None:
        return news(note)
    if session.save_error is not None:
        # Translators: leaving a game whose last save failed; {reason} is the system's reason.
        return news(language._("The game could not be saved: {reason}.").format(reason=session.save_error))
    # Translators: leaving a game for the main menu; it can be continued from there.
    return news(language._("Game saved."))
