"""The saved games in words: the main menu's list, and what happened to saves at start.

Both front ends say a saved game the same way: its game and players, whose
turn and which round, when it was last played, and whether it is played
with real dice, so a family with several games going can tell them apart
by ear.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from babel.dates import format_date, format_time

from accessible_dice.presentation import TITLES, presenter_for
from accessible_dice.presentation.i18n import Language
from accessible_dice.saved_games import SavedGame


def dice_words(dice: str, language: Language) -> str:
    """How a game's dice source is said in the list of saved games."""
    if dice == "manual":
        # Translators: a saved game's dice source: real dice, their values typed.
        return language._("real dice")
    # Translators: a saved game's dice source: the program throws.
    return language._("random dice")


def when_words(when: datetime, language: Language, now: datetime | None = None) -> str:
    """When a game was last played, in the local time: "today at 14:05", "yesterday at 9:10", a date."""
    local = when.astimezone()
    today = (now or datetime.now()).astimezone().date()
    time = format_time(local, "short", locale=language.locale)
    if local.date() == today:
        # Translators: when a saved game was last played; {time} like 14:05.
        return language._("today at {time}").format(time=time)
    if local.date() == today - timedelta(days=1):
        # Translators: when a saved game was last played; {time} like 14:05.
        return language._("yesterday at {time}").format(time=time)
    # Translators: when a saved game was last played, more than a day ago; {date} like "29 November 2026".
    return language._("on {date}").format(date=format_date(local, "long", locale=language.locale))


def saved_label(saved: SavedGame, language: Language, now: datetime | None = None) -> str:
    """One saved game as the main menu says it, without its number: the game, the players, whose turn and
    which round, when it was last played, the dice, and then the scores (CG-12), so a player can tell two
    saves of the same game and players apart without opening either."""
    game = saved.game
    say = presenter_for(game, language)
    # Translators: a saved game in the main menu; {game} its name, {players} a list of names (one or more:
    # no word that needs a number or case), {turn} whose turn and which round (a sentence, like "Anna's turn,
    # round 3 of 15."), {when} like "today at 14:05", {dice} "real dice" or "random dice". The scores follow.
    label = language._("{game}: {players}. {turn} Last played {when}, {dice}.").format(
        game=language._(TITLES[game.id]), players=language.join(game.players),
        turn=say.whose_turn(), when=when_words(saved.played, language, now),
        dice=dice_words(saved.info.dice, language))
    return f"{label} {say.standings_words().text}"


def short_label(saved: SavedGame, language: Language) -> str:
    """A saved game in the main menu's short list: its game and players ("Yatzy: Eva and Finn")."""
    # Translators: a saved game in the main menu's short list, e.g. "9 Yatzy: Eva and Finn"; {players} one or more.
    return language._("{game}: {players}").format(game=language._(TITLES[saved.game.id]),
                                                 players=language.join(saved.game.players))


def summary(games: Sequence[SavedGame], first: int, language: Language) -> str:
    """The saved games as the main menu says them when there are several: a short list by number, and how
    to hear them whole (playtest P2: four saves in full were one line of 745 characters)."""
    # Semicolons between the games: a game's own players are a list with "and" in it.
    # Translators: one numbered menu item, e.g. "1 Shut the Box".
    listed = "; ".join(language._("{number} {label}").format(number=number, label=short_label(saved, language))
                       for number, saved in enumerate(games, start=first))
    # Translators: the main menu with several saved games, e.g. "3 saved games, the latest first: 9 Yatzy: Eva
    # and Finn; 10 QUICLO Equation: Per; 11 Shut the Box: Ann. Type saved to hear them in full, or continue
    # for the latest." "saved" and "continue" are typed words.
    return language.ngettext(
        "{count} saved game: {games}. Type saved to hear it in full, or continue to play it.",
        "{count} saved games, the latest first: {games}. Type saved to hear them in full, or continue for "
        "the latest.", len(games)).format(count=language.number(len(games)), games=listed)


def recorded_words(games: Sequence[SavedGame], language: Language) -> str:
    """Said at start when finished games that waited for the score history are now in it."""
    # Translators: at start; finished games that could not be recorded before now are in the score history.
    return language.ngettext("A finished game that was waiting is now in the score history.",
                             "{count} finished games that were waiting are now in the score history.",
                             len(games)).format(count=language.number(len(games)))


def dice_changed_words(saved_dice: str, language: Language) -> str:
    """Said as a game resumes with other dice than it was saved with, because ``--dice`` asked."""
    if saved_dice == "manual":
        # Translators: resuming a game played with real dice, but --dice random was given.
        return language._("This game was played with real dice; --dice random throws for you from now on.")
    # Translators: resuming a game played with random dice, but --dice manual was given.
    return language._("This game was played with random dice; --dice manual asks for real dice from now on.")
