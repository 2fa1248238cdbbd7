"""The window's settings list: every setting of the settings file, changed with Enter.

The settings file and its words are the terminal's (``accessible_dice.settings``,
:class:`~accessible_dice.ui.settings_screen.SettingsScreen`): a change is
checked, saved at once, and applied by :meth:`Window.apply` where the window
can apply it at once (theme, text size, verbosity, sound, confirmations,
how number keys hold dice; speech output and language hold from the next start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from accessible_dice import settings as config
from accessible_dice.errors import DiceError
from accessible_dice.presentation import options
from accessible_dice.presentation import settings as words
from accessible_dice.ui.keys_screen import KeysMenu
from accessible_dice.ui.window import Entry, Menu, MenuItem

if TYPE_CHECKING:
    from accessible_dice.ui.window import Window


class SettingsMenu(Menu):
    """Every setting and its value; Enter opens a field to change it."""

    def __init__(self, window: Window) -> None:
        # Translators: the title of the settings list in the window.
        super().__init__(window, window._("Settings"))

    def items(self) -> list[MenuItem]:
        prefs = self.window.prefs
        language = self.window.language
        # Translators: a setting and its value in the window's settings list, e.g. "theme: yellow-on-black".
        return [(spec.key, self._("{option}: {value}").format(option=words.name(spec.key, language),
                                                              value=words.said_value(spec.key, prefs.settings,
                                                                                     language)),
                 lambda key=spec.key: self.edit(key))
                for spec in config.SPECS] + [
            # Translators: the last item of the window's settings list: the list of keys, to change them.
            ("keys", self._("Keys"), lambda: self.window.push(KeysMenu(self.window)))]

    def edit(self, key: str) -> None:
        prefs = self.window.prefs

        def changed(text: str) -> bool:
            try:
                said = prefs.command([key, text])
            except DiceError as error:
                self.window.refuse(error)
                return False
            self.window.say(said, remember=False)
            return True

        prompt = words.one(key, prefs.settings, self.window.language)
        text = options.editable(config.BY_KEY[key], prefs.settings.value(key), self.window.language)
        self.window.push(Entry(self.window, prompt, changed, text=text))
