"""The settings screen of the terminal: said, asked about and changed by typed words.

The same words work in a game (``settings``, ``settings verbosity brief``)
and on the main menu's settings step (``verbosity brief``, or
``verbosity=brief`` as game options are typed). A change is checked, saved
at once (atomically) and handed to ``on_change`` so what can change under
way (verbosity, sound) does so; a refusal says what the setting takes and
changes nothing. Without a ``path`` (tests, a demonstration) a change holds
for this run only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from accessible_dice import settings as config
from accessible_dice.presentation import settings as words
from accessible_dice.presentation.i18n import Language
from accessible_dice.utterance import Utterance


class SettingsScreen:
    def __init__(self, language: Language, current: config.Settings, path: Path | None = None,
                 on_change: Callable[[config.Settings], None] | None = None) -> None:
        self.language = language
        self.settings = current
        self.path = path
        self.on_change = on_change

    def command(self, typed: Sequence[str]) -> Utterance:
        """``[]`` says them all; ``[name]`` one and what it takes; ``[name, value...]`` changes it."""
        parts = " ".join(typed).replace("=", " ", 1).split()
        if not parts:
            return words.overview(self.settings, self.language)
        key = words.key_for(parts[0], self.language)
        if len(parts) == 1:
            return words.one(key, self.settings, self.language)
        changed = self.settings.changed(key, words.typed(key, " ".join(parts[1:]), self.language))
        failure = None
        try:
            if self.path is not None:
                config.store(changed, self.path)
        except OSError as error:
            failure = error.strerror or str(error)
        self.settings = changed
        if self.on_change is not None:
            self.on_change(changed)
        return words.changed(key, changed, self.language, failure)
