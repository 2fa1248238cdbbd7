"""The window's key list on the settings screen: every action and its key, changed by pressing the new key.

"Keys" in the settings list opens it. Each item says what an action does and
its key now ("throw the dice: R"); Enter asks for the new key, and the next
key pressed is it (Escape keeps the old one). A refusal says why and asks
again (:mod:`accessible_dice.ui.window.keymap` has the rules). The last item puts
the usual keys back. The list is docs/keys.md spoken, with the keys in force.
"""

from __future__ import annotations

import os
from functools import partial
from typing import TYPE_CHECKING

from accessible_dice.boards.model import Row
from accessible_dice.errors import DiceError
from accessible_dice.presentation.describe import answer
from accessible_dice.ui.window import Menu, MenuItem, Screen, keymap, keys
from accessible_dice.utterance import Utterance

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

if TYPE_CHECKING:
    from accessible_dice.ui.window import Window


class KeysMenu(Menu):
    """Every action whose key can be changed, with its key in force."""

    def __init__(self, window: Window) -> None:
        # Translators: the title of the list of keys on the settings screen.
        super().__init__(window, window._("Keys"))

    def items(self) -> list[MenuItem]:
        _ = self._
        items: list[MenuItem] = [
            # A row's id is context and action: one action ("letter") may be in two contexts.
            (f"{binding.context}-{binding.action}",
             # Translators: an action and its key in the list of keys, e.g. "throw the dice: R".
             _("{does}: {keys}").format(does=_(binding.does), keys=_(binding.keys)),
             partial(self.ask, binding))
            for context in keys.CONTEXTS for binding in keys.active()
            if binding.context == context and keymap.removable(binding)]
        # Translators: the last item of the list of keys: every key as it was at first.
        items.append(("usual", _("The usual keys again"), self.usual))
        return items

    def ask(self, binding: keys.Binding) -> None:
        self.window.push(NewKey(self.window, binding))

    def usual(self) -> None:
        try:
            self.window.keymap.reset()
        except OSError as error:
            self.window.say(failed(self.window, error))
            return
        # Translators: the keys were put back as they were at first.
        self.window.say(answer(self._("The usual keys hold again.")), remember=False)


def failed(window: Window, error: OSError) -> Utterance:
    # Translators: the keys file could not be written; {reason} is the system's reason.
    return answer(window._("The keys could not be kept: {reason}.").format(reason=error.strerror or str(error)))


class NewKey(Screen):
    """Waits for one key press: the new key of ``binding``; Escape keeps the old one."""

    overlay = True
    contexts = ()

    def __init__(self, window: Window, binding: keys.Binding) -> None:
        self.binding = binding
        # Translators: asking for a new key; {does} is the action, {keys} its key now.
        super().__init__(window, window._("Press the new key for: {does}. Escape keeps {keys}.").format(
            does=window._(binding.does), keys=window._(binding.keys)))

    def rows(self) -> list[Row]:
        return []

    def opened(self) -> None:
        self.window.say(answer(self.title), remember=False)

    def capture(self, event: pygame.event.Event) -> None:
        """The key pressed: the new key, or a refusal and the question again; Escape leaves."""
        if event.key == pygame.K_ESCAPE and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
            self.window.remove(self, announce=True)
            return
        if event.key in keymap.MODIFIERS:  # Shift or Ctrl going down: the key they go with comes next
            return
        if event.mod & pygame.KMOD_ALT:
            self.window.refuse(keymap.AltIsTheSystems())
            return
        chord = keymap.chord_of(event.key, event.mod)
        if chord is None:
            self.window.refuse(keymap.UnusableKey(key=keys.key_name(event.key, "", self._)))
            return
        try:
            self.window.keymap.change(self.binding.action, chord, self._)
        except DiceError as error:
            self.window.refuse(error)
            return
        except OSError as error:
            self.window.say(failed(self.window, error))
            return
        self.window.remove(self)
        # Translators: a key was changed; {does} is the action, {keys} its new key.
        self.window.say(answer(self._("{does}: now {keys}.").format(does=self._(self.binding.does),
                                                                    keys=self._(keymap.label(chord)))))
