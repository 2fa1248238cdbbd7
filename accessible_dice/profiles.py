"""Player profiles (checklist GN-02): a named player's own speech, verbosity, keep-by style, theme and sound.

Players at one machine may need different things: 300 percent text for one,
brief speech for another, sound in one ear for a third. A player who wants
that types ``profile yes`` on their turn (or chooses "Own settings" in the
window's actions menu): the settings in effect become their own. From then
on, whenever the turn comes to them, their own settings hold; a change made
on their turn to one of :data:`KEYS` is kept in their profile, any other
change in the shared settings file. On the turn of a player without a
profile the shared settings hold again; a computer's turn changes nothing.

Each profile is a small settings file in ``profiles/`` beside
``settings.toml``, written and read like it (:mod:`accessible_dice.settings`):
a damaged line keeps its default and the rest of the profile counts. A name
is matched without regard to case, as player names are.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

from accessible_dice import settings as config
from accessible_dice.errors import N_, IllegalMove
from accessible_dice.games.base import Game
from accessible_dice.games.options import yes_no
from accessible_dice.presentation import options
from accessible_dice.presentation.describe import answer, news
from accessible_dice.presentation.i18n import Language
from accessible_dice.storage import config_dir, write_atomic
from accessible_dice.utterance import Utterance

#: The settings a profile holds; every other setting is shared by all players.
KEYS = ("speech-rate", "speech-volume", "speech-pitch", "voice", "verbosity", "keep-by", "theme", "font-scale",
        "sound-mono", "sound-balance")
FOLDER = "profiles"
#: ``profile yes`` and ``profile no``, read as a yes-or-no setting is (the player's words or the English ones).
SWITCH = yes_no("profile", False)


def file_name(name: str) -> str:
    """A profile's file name: the name's letters and digits, and a short hash so that two names never share one."""
    folded = name.strip().casefold()
    letters = re.sub(r"[^\w]+", "-", folded, flags=re.ASCII).strip("-")[:40] or "player"
    return f"{letters}-{hashlib.sha256(folded.encode('utf-8')).hexdigest()[:8]}.toml"


def taking(settings: config.Settings, source: config.Settings, keys: Sequence[str]) -> config.Settings:
    """``settings`` with the values of ``keys`` taken from ``source``."""
    return dataclasses.replace(settings, **{key.replace("-", "_"): source.value(key) for key in keys})


def over(shared: config.Settings, own: config.Settings) -> config.Settings:
    """The shared settings with a profile's own values in place."""
    return taking(shared, own, KEYS)


class Profiles:
    """The profiles kept in ``folder`` (``profiles/`` in the config folder unless given)."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder

    @property
    def folder(self) -> Path:
        return self._folder or config_dir() / FOLDER

    def path(self, name: str) -> Path:
        return self.folder / file_name(name)

    def load(self, name: str) -> config.Settings | None:
        """``name``'s own settings (only :data:`KEYS` count), or ``None`` without a profile."""
        path = self.path(name)
        if not path.exists():
            return None
        return config.load(path).settings

    def store(self, name: str, own: config.Settings) -> None:
        """Keep ``own``'s values of :data:`KEYS` as ``name``'s profile (atomically). ``OSError`` if it cannot be."""
        header = f"# accessible-dice: {name.strip()}'s own settings (docs/settings.md, Player profiles)."
        write_atomic(self.path(name), config.dumps(own, KEYS, header))

    def remove(self, name: str) -> bool:
        """Delete ``name``'s profile; whether there was one."""
        path = self.path(name)
        existed = path.exists()
        path.unlink(missing_ok=True)
        return existed


# ---------------------------------------------------------------- in words


class NoPersonOnTurn(IllegalMove):
    # Translators: "profile" was typed when it is no person's turn (a computer player's, or the game is over).
    template = N_("Own settings are for the person whose turn it is; it is no person's turn now.")


def person_on_turn(game: Game, computers: frozenset[int]) -> str | None:
    """The name of the person whose turn it is; ``None`` on a computer's turn or after the game."""
    player = game.current_player()
    return None if player is None or player in computers or game.is_over() else game.players[player]


def listing(chosen: config.Settings, language: Language) -> str:
    """A profile's settings and their values, as the settings screen says them."""
    return language.join(f"{options.name(key, language)} "
                         f"{options.value_words(config.BY_KEY[key], chosen.value(key), language)}" for key in KEYS)


def state_words(name: str, own: bool, chosen: config.Settings, language: Language, word: str) -> Utterance:
    """What ``profile`` (typed as ``word``) says: whether ``name`` has own settings, which, and how to change that."""
    yes, no = options.word("yes", language), options.word("no", language)
    if own:
        # Translators: "profile" typed; {name} has own settings, {settings} lists them; {word} {no} is typed
        # to use the shared settings again, e.g. "profile no".
        text = language._("{name}'s own settings, which hold on {name}'s turns: {settings}. Type {word} {no} to use "
                          "the shared settings again.").format(name=name, settings=listing(chosen, language),
                                                               word=word, no=no)
    else:
        # Translators: "profile" typed; {name} uses the shared settings; {word} {yes} is typed to keep the
        # settings in effect as {name}'s own, e.g. "profile yes".
        text = language._("{name} uses the shared settings. Type {word} {yes} to keep the settings now as {name}'s "
                          "own, for {name}'s turns.").format(name=name, word=word, yes=yes)
    return answer(text)


def not_kept_words(name: str, error: OSError, language: Language) -> Utterance:
    """A profile could not be written or removed: the system's reason; nothing changed."""
    # Translators: a player's own settings could not be kept or removed; {reason} is the system's reason.
    return answer(language._("{name}'s own settings could not be changed: {reason}.").format(
        name=name, reason=error.strerror or str(error)))


def followed_words(name: str, own: bool, language: Language) -> Utterance:
    """Said when the settings changed with the turn."""
    if own:
        # Translators: the turn came to {name}, whose own settings now hold (verbosity, theme, speech...).
        return news(language._("{name}'s own settings.").format(name=name))
    # Translators: the turn came to a player without own settings: the shared settings hold again.
    return news(language._("The shared settings."))
