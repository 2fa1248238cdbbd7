"""The window's settings list: every setting of the settings file, stepped with Left and Right, typed with Enter.

The settings file and its words are the terminal's (``accessible_dice.settings``,
:class:`~accessible_dice.play.settings_screen.SettingsScreen`): a change is
checked, saved at once, and applied by :meth:`Window.apply` where the window
can apply it at once (theme, colours, zoom, verbosity, sound, confirmations,
how number keys hold dice; speech output and language hold from the next start).

Names and values read as words ("Theme: Yellow on black", not
``theme: yellow-on-black``): the typed words with spaces for hyphens. Each is
said with its type (SR-02): "Theme, combo box, Yellow on black, 13 of 25".
Left and Right step a choice to the previous or next value, a number by its
step, a yes/no to the other; a colour pair under 4.5:1 is refused with its
reason and skipped over, one under 7:1 is taken and its contrast said.
The voice steps through the built-in voice's voices (the language's first); the language item
says each language's name in that language.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from accessible_dice import settings as config
from accessible_dice.errors import DiceError
from accessible_dice.presentation import options
from accessible_dice.presentation import settings as words
from accessible_dice.presentation import voices as voice_words
from accessible_dice.presentation.describe import answer
from accessible_dice.ui.window import Entry, Menu, MenuItem
from accessible_dice.ui.window.keys import Pressed
from accessible_dice.ui.window.keys_screen import KeysMenu
from accessible_dice.utterance import Cue

if TYPE_CHECKING:
    from accessible_dice.ui.window import Window

#: How far Left and Right move a number setting.
STEPS = {"speech-rate": 25, "font-scale": 25, "smallest-text": 2, "line-spacing": 50}
#: Number settings not named in :data:`STEPS` move by this much.
STEP = 10
#: The type each kind of setting is said as (SR-02); any other (the voice's free text) is a text field.
KINDS = {"integer": "slider", "choice": "combo box"}


def as_words(word: str) -> str:
    """A typed word as it reads on screen: hyphens as spaces, a capital first ("yellow-on-black": "Yellow on black")."""
    spaced = word.replace("-", " ")
    return spaced[:1].upper() + spaced[1:]


class SettingsMenu(Menu):
    """Every setting and its value; Enter opens a field to change it."""

    def __init__(self, window: Window) -> None:
        # Translators: the title of the settings list in the window.
        super().__init__(window, window._("Settings"))

    def items(self) -> list[MenuItem]:
        # Translators: a setting and its value in the window's settings list, e.g. "Theme: Yellow on black".
        return [(spec.key, self._("{option}: {value}").format(option=self._name(spec.key), value=self._value(spec.key)),
                 partial(self.edit, spec.key))
                for spec in config.SPECS] + [
            # Translators: the last item of the window's settings list: the list of keys, to change them.
            ("keys", self._("Keys"), lambda: self.window.push(KeysMenu(self.window)))]

    def _name(self, key: str) -> str:
        return as_words(words.name(key, self.window.language))

    def _value(self, key: str) -> str:
        return as_words(self.window.prefs.said(key))

    def spoken(self, key: str, label: str) -> str:
        """A setting as its name, type and value (SR-02): a yes/no is a checkbox, a number a slider, a
        choice a combo box (Left and Right step each), and so the voice where the built-in voice lists its
        voices (SR-06); without such a list the voice is a text field, typed after Enter."""
        spec = config.BY_KEY.get(key)
        if spec is None:
            return label
        if spec.kind == "yes-no":
            return self.checkbox(label, self._name(key), bool(self.window.prefs.settings.value(key)))
        kind = "combo box" if key == "voice" and self.window.prefs.voices() else KINDS.get(spec.kind, "text field")
        return self.control(label, self._name(key), kind, self._value(key))

    def act(self, pressed: Pressed) -> bool:
        """Left and Right step the focused setting; everything else as in any menu."""
        if pressed.action in ("left", "right") and self.focus.cell_key in config.BY_KEY:
            self.settled()
            self.step(self.focus.cell_key, -1 if pressed.action == "left" else 1)
            return True
        return super().act(pressed)

    def say_focus(self, row_changed: bool = False, *cues: Cue) -> None:
        self._say(self.describe(row_changed), *cues)

    def _say(self, text: str, *cues: Cue) -> None:
        """What the focused item says; the language item says each language's name in that language (SR-12)."""
        said = answer(text, *cues)
        if self.focus.cell_key == "language":
            said = words.in_own_languages(said, as_words)
        self.window.say(said, remember=False)

    def step(self, key: str, direction: int) -> None:
        """The previous or next value of ``key``; values refused (a colour pair too faint) are skipped.

        Only when every value is refused is the first refusal said.
        """
        prefs = self.window.prefs
        spec = config.BY_KEY[key]
        current = prefs.settings.value(key)
        if spec.kind == "yes-no":
            candidates = ["no" if current else "yes"]
        elif spec.kind == "choice":
            at = spec.words.index(current)
            candidates = [spec.words[(at + direction * n) % len(spec.words)] for n in range(1, len(spec.words))]
        elif key == "voice" and prefs.voices():
            # The built-in voice's voices, the language's first, each said by name in its own voice (SR-06).
            offered = voice_words.choices(prefs.voices(), self.window.language)
            listed = [voice.id if voice is not None else "auto" for voice in offered]
            at = listed.index(current) if current in listed else 0
            candidates = [listed[(at + direction) % len(listed)]]
        elif spec.kind == "integer":
            value = min(spec.high, max(spec.low, current + direction * STEPS.get(key, STEP)))
            candidates = [str(value)]
        else:
            self.edit(key)
            return
        refused: list[DiceError] = []
        for candidate in candidates:
            try:
                prefs.command([key, candidate])
            except DiceError as error:
                refused.append(error)
                continue
            said, faint = self.describe(), words.contrast_warning(key, prefs.settings, self.window.language)
            if faint is not None:
                # Translators: a setting stepped to, then the contrast of the colours chosen ("…, 14 of 25. grey on…").
                said = self._("{item}. {warning}").format(item=said, warning=faint)
            self._say(said)
            return
        self.window.refuse(refused[0])

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

        # The voice's field is asked with the voices, numbered: a number, a name or an id may be typed.
        prompt = prefs.command([key]) if key == "voice" else words.one(key, prefs.settings, self.window.language)
        text = options.editable(config.BY_KEY[key], prefs.settings.value(key), self.window.language)
        self.window.push(Entry(self.window, prompt, changed, text=text))
