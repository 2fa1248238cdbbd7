"""The window front end: large, high-contrast, keyboard-driven and self-voicing (pygame-ce).

It drives the same session, commands and presentation as the terminal
front end: a key becomes a :class:`~accessible_dice.play.commands.Command` (or
a game move), the terminal's executor carries it out, and the presenter's
words are spoken through the one :class:`~accessible_dice.play.controller.Announcer`.
The window adds no words for game events; what it draws in its message line
is exactly the last thing it said (AU-06).

Structure: :class:`Window` owns the display, the speech and sound outputs,
the theme and text scale, and a stack of :class:`Screen` objects (menus,
the game, help, and overlays: a text field or a yes/no question). The top
screen gets the keys; :mod:`accessible_dice.ui.window.keys` says which key means
what there. Speaking never blocks: the speaker works on its own threads,
and the loop waits for events at most 50 ms at a time.

Focus moves and answers to the player *interrupt* speech; what the game
announces by itself is *queued* (docs/spec/experience.md §1).
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Literal

from accessible_dice import ending, threads
from accessible_dice import settings as config
from accessible_dice.boards.model import Cell, Focus, Row
from accessible_dice.errors import N_, DiceError, IllegalMove
from accessible_dice.play.controller import Announcer, Controller, CuePlayer
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation import options
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.history import LIMIT as HISTORY_LIMIT
from accessible_dice.presentation.history import History
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.purposes import purpose
from accessible_dice.presentation.rules import Heading
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.sound import SoundPlayer
from accessible_dice.speech import SpeechOutput
from accessible_dice.speech.braille import BrailleOutput, NoBraille
from accessible_dice.speech.notice import SilentSpeechNotice
from accessible_dice.speech.settings import VoiceSettings
from accessible_dice.speech.speaker import DRAIN_LIMIT
from accessible_dice.system_contrast import starting_theme
from accessible_dice.theme import next_theme, themed
from accessible_dice.ui.window import keymap, keys
from accessible_dice.ui.window.draw import SCALES, Drawn, Message, Overlay, View, Words, render
from accessible_dice.utterance import Cue, Utterance

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

log = logging.getLogger(__name__)

#: Speech rate steps for F11 / F12, in words per minute, and where they start.
RATE_STEP, RATE_LOW, RATE_HIGH, RATE_DEFAULT = 25, 80, 450, 175
VOLUME_STEP = 0.1
#: How long the loop waits for an event before checking computer players again.
WAIT_MS = 50
#: Keys that are only modifiers, or belong to the screen reader: pressing them says nothing.
SILENT_KEYS = frozenset({
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
    pygame.K_CAPSLOCK, pygame.K_INSERT, pygame.K_NUMLOCKCLEAR, pygame.K_SCROLLLOCK, pygame.K_MODE,
    pygame.K_MENU, pygame.K_UNKNOWN,
})


class NothingToChoose(IllegalMove):
    # Translators: Enter was pressed on something that cannot be chosen, like a total.
    template = N_("Nothing to choose here.")


class NothingStartsWith(IllegalMove):
    # Translators: a letter was typed to jump to an item, but no item starts with it.
    template = N_("Nothing here starts with {letter}.")


class KeyDoesNothing(IllegalMove):
    # Translators: {key} is a key's name, e.g. "tab"; F1 says the keys of the screen.
    template = N_("{key} does nothing here. F1 says the keys.")


class Shown:
    """The voice, keeping what it said so the window can show it (AU-06), and the braille display.

    Announcements (what the history keeps) are listed in the message panel
    with whose turn it was (``owner``); an answer to a key (a focused item
    said) is shown above them until the next one. The history keys move
    ``reviewing`` through the list as they move through the history.
    """

    def __init__(self, voice: SpeechOutput | None) -> None:
        self.voice = voice
        self.last: Utterance | None = None
        #: Where the words are also shown in braille (BRLTTY; set by run_window): speech/braille.py.
        self.braille: BrailleOutput = NoBraille()
        self.log: deque[Message] = deque(maxlen=HISTORY_LIMIT)
        self.answer: Message | None = None
        self.reviewing: int | None = None
        #: The history of the announcer, to tell announcements from answers.
        self.history: History | None = None
        #: Whose turn the words are about (the game screen sets it), or "".
        self.owner: Callable[[], str] = lambda: ""

    def speak(self, utterance: Utterance) -> None:
        self.last = utterance
        alert = any(cue.name == "invalid" for cue in utterance.cues)
        entry = Message(" ".join(utterance.text.split()), self.owner(), alert)
        if self.history is not None and self.history.last() is utterance:
            self.log.append(entry)
            self.answer = None
            self.reviewing = None
        else:
            self.answer = Message(entry.text, alert=alert)
        if self.voice is not None:
            self.voice.speak(utterance)
        self.braille.show(utterance)

    def review(self, action: str) -> None:
        """The history keys: the panel follows the history's own steps (previous, next, oldest, newest)."""
        newest = len(self.log) - 1
        at = newest if self.reviewing is None else self.reviewing
        at = {"previous": max(0, at - 1), "next": min(newest, at + 1), "oldest": 0}.get(action, newest)
        self.reviewing = None if at >= newest else at

    def silence(self) -> None:
        if self.voice is not None:
            self.voice.silence()

    def is_speaking(self) -> bool:
        return self.voice is not None and self.voice.is_speaking()

    def drain(self, limit: float = DRAIN_LIMIT) -> bool:
        return self.voice is None or self.voice.drain(limit)
    def configure(self, settings: VoiceSettings) -> bool:
        """New voice settings (a player's own, on their turn); whether the voice took them."""
        configure = getattr(self.voice, "configure", None)
        return bool(configure(settings)) if configure is not None else False

    def close(self) -> None:
        if self.voice is not None:
            self.voice.close()


# ---------------------------------------------------------------- screens


class Screen:
    """One screen: a title, rows of cells, and its keys.

    Subclasses give :meth:`rows` and, where they have keys of their own,
    extend :meth:`act`. Menus wrap and say "2 of 5"; boards do neither.
    """

    contexts: tuple[str, ...] = ("anywhere", "lists", "history", "outside")
    wrap = True
    positions = True
    overlay = False
    #: A game: the board is drawn beside the dice, actions and messages (see :mod:`accessible_dice.ui.window.draw`).
    board_layout = False
    #: Characters typed are collected even outside a text field (a typed game: "(" starts a move).
    takes_text = False

    def __init__(self, window: Window, title: str) -> None:
        self.window = window
        self.title = title
        self._ = window._
        self.focus = Focus(wrap=self.wrap)

    # -- what it shows

    def rows(self) -> list[Row]:
        return []

    def status(self) -> str:
        return ""

    def prompt(self) -> Overlay | None:
        """What an overlay screen draws over the screen beneath it."""
        return None

    def settled(self) -> list[Row]:
        """The rows, with the focus found again in them."""
        rows = self.rows()
        self.focus.settle(rows)
        return rows

    # -- what it says

    def describe(self, row_changed: bool = False) -> str:
        """The focused item as spoken: its label, the row's header when entering it, "2 of 5" in menus.

        The place in a menu is left out at brief verbosity (checklist SR-03): a player who knows
        the menus hears only the item.
        """
        self.settled()
        cell, row = self.focus.cell(), self.focus.current_row()
        if cell is None or row is None:
            # Translators: a screen or list with nothing in it.
            return self._("Empty.")
        said = cell.label
        if row_changed and row.say_header and row.header:
            # Translators: a board row's name, then the focused item, e.g. "Ben: flap 7, open".
            said = self._("{header}: {item}").format(header=row.header, item=said)
        if self.positions and self.window.terminal.verbosity is not Verbosity.BRIEF:
            items = self.focus.rows
            # Translators: a menu item and its place, e.g. "New game, 1 of 3".
            said = self._("{item}, {position} of {count}").format(
                item=said, position=self.window.language.number(self.focus.row + 1),
                count=self.window.language.number(len(items)))
        return said

    def say_focus(self, row_changed: bool = False, *cues: Cue) -> None:
        self.window.say(answer(self.describe(row_changed), *cues), remember=False)

    def opened(self) -> None:
        """Entering the screen: its title, then the focused item (SR-07)."""
        self.revealed()

    def revealed(self) -> None:
        """Back on this screen (the one above was closed by the player): its title and focused item."""
        self.window.say(answer(self.titled(self.describe())), remember=False)

    def titled(self, item: str) -> str:
        """The title, then ``item``: "Main menu. New game, 1 of 8". A title with its own stop ("Your name:",
        "Quit?") is not given a second one, which a voice reads as two pauses and braille shows as ":."."""
        title = self.title.rstrip()
        if title.endswith((".", ":", "?", "!")):
            return f"{title} {item}"
        # Translators: entering a screen or a text field: its title, then the focused item or what is typed.
        return self._("{title}. {item}").format(title=title, item=item)

    # -- what its keys do

    def act(self, pressed: keys.Pressed) -> bool:
        """Carry out a key's action; ``False`` when this screen has nothing for it."""
        self.settled()
        name = pressed.action
        if name in ("up", "down"):
            self.focus.wrap = self.wrap and self.window.prefs.settings.menu_wrap  # SR-11: the player's choice
            self._moved(self.focus.vertical(-1 if name == "up" else 1), row_changed=True)
        elif name in ("left", "right"):
            row = self.focus.row
            self._moved(self.focus.horizontal(-1 if name == "left" else 1), row_changed=row != self.focus.row)
        elif name in ("home", "end"):
            self.focus.edge(last=name == "end")
            self.say_focus()
        elif name == "letter":
            if self.focus.letter(pressed.letter):
                self.say_focus(row_changed=True)
            else:
                self.window.refuse(NothingStartsWith(letter=pressed.letter))
        elif name == "activate":
            self.activate()
        elif name == "back":
            self.back()
        else:
            return False
        return True

    def _moved(self, moved: bool, row_changed: bool) -> None:
        """Say the new item; at an edge, say the same one again with the edge sound."""
        if moved:
            self.say_focus(row_changed)
        else:
            self.say_focus(False, Cue("invalid"))

    def activate(self) -> None:
        cell = self.focus.cell()
        if cell is None or cell.act is None:
            self.window.refuse(NothingToChoose())
            return
        cell.act()

    def back(self) -> None:
        self.window.pop()

    def text(self, typed: str) -> None:
        """Characters typed (TEXTINPUT); only text fields take them."""

    def tick(self, now: float) -> bool:
        """Time passing (computer players); ``True`` when something changed."""
        return False

    def refuse(self, error: DiceError) -> None:
        self.window.refuse(error)

    def ask_close(self) -> None:
        """Closing the program from this screen (the bottom of the stack): asked first, then goodbye."""
        # Translators: confirming closing the program from the main menu.
        self.window.confirm(self._("Close Accessible Dice?"), self.window.leave, closing=True)


MenuItem = tuple[str, str, Callable[[], object]]

#: The types of the menu items that hold a value, said after their name as screen readers say them (SR-02).
#: An item that only acts (New game, Quit) is a menu item, whose type screen readers leave unsaid.
CONTROL_TYPES: dict[str, str] = {
    # Translators: the type of a window item that is on or off, said after its name: "Sound mute, checkbox, checked".
    "checkbox": N_("checkbox"),
    # Translators: the type of a window item holding a number that Left and Right step: "Speech rate, slider, 175".
    "slider": N_("slider"),
    # Translators: the type of a window item holding one of a few values that Left and Right step:
    # "Theme, combo box, Yellow on black".
    "combo box": N_("combo box"),
    # Translators: the type of a window item whose value is typed after Enter: "Voice, text field, automatic".
    "text field": N_("text field"),
}


class Menu(Screen):
    """A list of choices; each item is (key, label, what Enter does).

    An item that holds a value (a setting, the theme) is said by :meth:`spoken` as its name, its type and
    its value (SR-02), and drawn as its label, "Theme: Yellow on black".
    """

    def __init__(self, window: Window, title: str, items: Sequence[MenuItem] = ()) -> None:
        super().__init__(window, title)
        self._items = list(items)

    def items(self) -> list[MenuItem]:
        return self._items

    def spoken(self, key: str, label: str) -> str:
        """How the item ``key`` is said when focused: its label, unless it holds a value."""
        return label

    def control(self, label: str, name: str, kind: str, value: str) -> str:
        """An item holding a value as said: "Theme, combo box, Yellow on black"; at brief verbosity its
        ``label`` as drawn ("Theme: Yellow on black"), for the player who knows the items (SR-03)."""
        if self.window.terminal.verbosity is Verbosity.BRIEF:
            return label
        # Translators: an item holding a value, said when focused: "Theme, combo box, Yellow on black";
        # {kind} is one of the types (checkbox, slider, combo box, text field).
        return self._("{name}, {kind}, {value}").format(name=name, kind=self._(CONTROL_TYPES[kind]), value=value)

    def checkbox(self, label: str, name: str, on: bool) -> str:
        """A yes/no item as said: "Sound mute, checkbox, checked"."""
        # Translators: the state of a checkbox in the window, said after its type: "Sound mute, checkbox, checked".
        checked = self._("checked")
        # Translators: the state of a checkbox in the window, said after its type: "Sound mute, checkbox, not checked".
        unchecked = self._("not checked")
        return self.control(label, name, "checkbox", checked if on else unchecked)

    def rows(self) -> list[Row]:
        return [Row(key, [Cell(key, self.spoken(key, label), label, act=act)]) for key, label, act in self.items()]


#: How many of a page's lines are said when it opens; the rest are read one by one (Down).
OPENING_LINES = 2


class Reader(Screen):
    """Lines to read one by one (key help, the rules); the first of them are said on opening."""

    positions = False
    wrap = False

    def __init__(self, window: Window, title: str, lines: Sequence[str]) -> None:
        super().__init__(window, title)
        self.lines = list(lines)

    def rows(self) -> list[Row]:
        return [Row(f"line{n}", [Cell(f"line{n}", line, line, kind="heading" if isinstance(line, Heading) else "line",
                                      act=self._again)])
                for n, line in enumerate(self.lines)]

    def _again(self) -> None:
        self.say_focus()

    def opened(self) -> None:
        """The title and the first lines, then how many more there are: the key help was one 2,700-character
        utterance (issue 29), which no screen reader lets a player move through; Down reads the rest."""
        self.settled()
        said = " ".join(str(line) for line in self.lines[:OPENING_LINES])
        more = len(self.lines) - OPENING_LINES
        if more > 0:
            # Translators: after the first lines of the key help or a rules page in the window; {count} more
            # lines follow, each read by Down.
            follow = self.window.language.ngettext("{count} more line: Down reads it.",
                                                   "{count} more lines: Down reads each.", more)
            said += " " + follow.format(count=self.window.language.number(more))
        self.window.say(answer(self.titled(said)), remember=False)
        self.window.shown.answer = None  # the page itself is on screen; the panel keeps the messages


class Confirm(Screen):
    """A yes/no question over the screen beneath; No is focused, so Enter alone never destroys."""

    overlay = True

    def __init__(self, window: Window, question: str, on_yes: Callable[[], object], closing: bool = False) -> None:
        super().__init__(window, question)
        self.on_yes = on_yes
        self.closing = closing

    def rows(self) -> list[Row]:
        # Translators: an answer of a yes/no question in the window.
        yes = self._("Yes")
        # Translators: an answer of a yes/no question in the window.
        no = self._("No")
        return [Row("yes", [Cell("yes", yes, yes, act=self._yes)]), Row("no", [Cell("no", no, no, act=self.back)])]

    def opened(self) -> None:
        self.settled()
        self.focus.place("no")
        self.revealed()

    def revealed(self) -> None:
        # Translators: a yes/no question, then the focused answer, e.g. "Score 0 in Yatzy? No, 2 of 2".
        self.window.say(answer(self._("{question} {item}").format(question=self.title, item=self.describe())),
                        remember=False)

    def prompt(self) -> Overlay:
        return Overlay(self.title, rows=self.settled())

    def _yes(self) -> None:
        self.window.remove(self)
        self.on_yes()


#: Characters said by name when typed, so "+" is not silent (Storeslem, QUICLO).
CHARACTER_NAMES = {
    # Translators: a character typed in a text field, said as it is typed.
    " ": N_("space"),
    # Translators: a character typed in a text field.
    "+": N_("plus"),
    # Translators: a character typed in a text field.
    "-": N_("minus"),
    # Translators: a character typed in a text field.
    "*": N_("times"),
    # Translators: a character typed in a text field.
    "/": N_("divided by"),
    # Translators: a character typed in a text field.
    "=": N_("equals"),
    # Translators: a character typed in a text field.
    ",": N_("comma"),
    # Translators: a character typed in a text field.
    "(": N_("open bracket"),
    # Translators: a character typed in a text field.
    ")": N_("close bracket"),
    # Translators: a character typed in a text field.
    ".": N_("dot"),
}


class Entry(Screen):
    """A one-line text field: says each character typed, reads itself on Up or Down.

    ``submit`` gets the text and answers whether the field may close; a
    refusal is said by ``submit`` and the field stays open for correction
    (ER-01). Escape closes it without sending.
    """

    contexts = ("anywhere", "entry")
    overlay = True
    positions = False

    def __init__(self, window: Window, prompt: Utterance | str, submit: Callable[[str], bool], text: str = "",
                 on_cancel: Callable[[], None] | None = None, replace: bool = True, quiet: bool = False) -> None:
        """``quiet``: the prompt was just said (with what led to it), so opening says nothing more."""
        self.said = answer(prompt) if isinstance(prompt, str) else prompt
        self.quiet = quiet
        super().__init__(window, self.said.text)
        self.submit = submit
        self.typed = text
        self.caret = len(text)
        #: Text given at the start is replaced by the first character typed, as if selected (``replace``).
        self.fresh = bool(text) and replace
        self.on_cancel = on_cancel

    def prompt(self) -> Overlay:
        return Overlay(self.title, typed=self.typed, caret=self.caret)

    def opened(self) -> None:
        """The prompt as given (queued after a game announcement, or at once when the player asked), and the text."""
        if self.typed:
            self.revealed()
        elif not self.quiet:
            self.window.say(self.said, remember=False)

    def revealed(self) -> None:
        said = self.titled(self.typed) if self.typed else self.title
        self.window.say(answer(said), remember=False)

    def _char(self, char: str) -> str:
        return self._(CHARACTER_NAMES[char]) if char in CHARACTER_NAMES else char

    def text(self, typed: str) -> None:
        if self.fresh:
            self.typed, self.caret, self.fresh = "", 0, False
        self.typed = self.typed[:self.caret] + typed + self.typed[self.caret:]
        self.caret += len(typed)
        self.window.say(answer(" ".join(self._char(c) for c in typed)), remember=False)
        self.window.shown.answer = None  # the field shows what was typed; the panel keeps the messages

    def _read(self) -> None:
        # Translators: a text field with nothing typed in it.
        self.window.say(answer(self.typed if self.typed.strip() else self._("Empty.")), remember=False)

    def _at_caret(self) -> None:
        if self.caret < len(self.typed):
            self.window.say(answer(self._char(self.typed[self.caret])), remember=False)
        else:
            # Translators: the cursor is at the end of a text field.
            self.window.say(answer(self._("End of the field.")), remember=False)

    def act(self, pressed: keys.Pressed) -> bool:
        name = pressed.action
        self.fresh = False
        if name == "submit":
            if self.submit(self.typed.strip()):
                self.window.remove(self)
        elif name == "cancel":
            self.window.remove(self, announce=True)
            if self.on_cancel is not None:
                self.on_cancel()
        elif name == "read":
            self._read()
        elif name in ("caret_left", "caret_right"):
            step = -1 if name == "caret_left" else 1
            if not 0 <= self.caret + step <= len(self.typed):
                self._read()
                return True
            self.caret += step
            self._at_caret()
        elif name in ("caret_home", "caret_end"):
            self.caret = 0 if name == "caret_home" else len(self.typed)
            self._at_caret()
        elif name in ("erase", "delete"):
            at = self.caret - 1 if name == "erase" else self.caret
            if not 0 <= at < len(self.typed):
                self._read()
                return True
            gone = self.typed[at]
            self.typed = self.typed[:at] + self.typed[at + 1:]
            self.caret = at
            # Translators: a character was deleted from a text field; {char} is it.
            self.window.say(answer(self._("{char} deleted").format(char=self._char(gone))), remember=False)
        else:
            return False
        return True


# ---------------------------------------------------------------- the window


class Window:
    """The display, the outputs, the settings and the stack of screens."""

    def __init__(self, language: Language, voice: SpeechOutput | None = None, cues: CuePlayer | None = None, *,
                 verbosity: Verbosity = Verbosity.NORMAL, pace: float | Literal["setting"] | None = "setting",
                 voice_settings: VoiceSettings | None = None, settings: config.Settings | None = None,
                 settings_path: Path | None = None) -> None:
        """``settings`` are the player's (the defaults if none); changes are saved to ``settings_path`` if given.

        ``pace`` is what the ``computer-pace`` setting says, unless given (tests: 0).
        """
        self.language = language
        self._ = language._
        self.voice = voice
        self.cues = cues
        self.shown = Shown(voice)
        self.announcer = Announcer(None, self.shown, cues)
        self.shown.history = self.announcer.history
        #: The player's settings, and where changes are kept (the terminal's settings screen, reused).
        self.prefs = SettingsScreen(language, settings or config.Settings(), settings_path, self.apply,
                                    getattr(voice, "voices", tuple))
        #: The terminal's command executor, shared so both front ends act and speak alike.
        self.terminal = Controller(self.announcer, lambda: None, language, verbosity, self.prefs, typed=False)
        #: The player's own keys (KB-04), kept beside the settings; in force from now on.
        self.keymap = keymap.Keymap(None if settings_path is None else settings_path.parent / keymap.FILE_NAME)
        #: The last key pressed and when, for the ``key-delay`` setting (KB-10).
        self._last_key: tuple[int, float] = (0, 0.0)
        chosen = self.prefs.settings
        self.theme = themed(starting_theme(chosen), chosen.text_colour, chosen.background_colour)  # LV-14
        self.scale = self.prefs.settings.font_scale / 100
        #: Seconds between a computer player's steps, besides waiting for speech to end; ``None``: wait for Enter.
        self.pace: float | None = (config.PACES[self.prefs.settings.computer_pace]
                                    if pace == "setting" else pace)
        self.voice_settings = voice_settings or VoiceSettings(language=language.code)
        self.screens: list[Screen] = []
        #: One thread for long thinking (hints, computer moves), so the loop never waits on it.
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="window-thinking",
                                         initializer=threads.block_here)
        self.running = True
        #: The front end the player chose to go on in when the window closes (``"web"``), if any.
        self.switch_to: str | None = None
        #: Says on screen when no voice works (set by run_window): speech/notice.py.
        self.speech_notice: SilentSpeechNotice | None = None
        self.surface: pygame.Surface | None = None
        self.drawn = Drawn()
        #: Makes the main menu (given whether dice are real), so a game can go back to it without the screens
        #: importing each other; set by the launch code (``ui/window/run.py``). ``None``: leaving a game closes.
        self.main_menu: Callable[[bool], Screen] | None = None
        #: Full screen now (Alt+Enter), and the window's size to go back to.
        self.full = False
        self.windowed = (1280, 720)
        #: Characters are collected (TEXTINPUT): a text field is open, or a typed game is on screen.
        self.texting = False
        #: Called as the window closes, before the display goes (online: leave the table, end the connection).
        self.on_close: list[Callable[[], None]] = []

    # -- speaking

    def say(self, utterance: Utterance | None, remember: bool = True) -> None:
        self.announcer.say(utterance, remember)

    def refuse(self, error: DiceError) -> None:
        """A refusal outside a game: its reason, with the "not allowed" sound."""
        self.say(answer(options.refusal_words(error, self.language), Cue("invalid")))

    # -- the screen stack

    @property
    def top(self) -> Screen | None:
        return self.screens[-1] if self.screens else None

    def push(self, screen: Screen) -> None:
        self.screens.append(screen)
        self._text_input(screen)
        screen.opened()

    def pop(self) -> None:
        """The player went back: close the top screen and say where they are."""
        if self.top is not None:
            self.remove(self.top, announce=True)

    def remove(self, screen: Screen, announce: bool = False) -> None:
        if screen in self.screens:
            self.screens.remove(screen)
        if not self.screens:
            self.running = False
            return
        self._text_input(self.screens[-1])
        if announce:
            self.screens[-1].revealed()

    def to_main_menu(self, manual: bool) -> None:
        """Leave every screen for the main menu (or close, where the launch code gave none)."""
        if self.main_menu is None:
            self.running = False
            return
        self.replace_all(self.main_menu(manual))

    def replace_all(self, screen: Screen) -> None:
        """Leave every screen for ``screen`` (a game starting, the main menu again)."""
        self.screens = []
        self.shown.owner = lambda: ""
        self.push(screen)

    def _text_input(self, screen: Screen) -> None:
        """The window's title names the screen (screen readers say it); characters are collected
        only while a text field is open (no IME pop-ups in play)."""
        if not pygame.display.get_init():
            return
        base = next((s for s in reversed(self.screens) if not s.overlay), screen)
        # Translators: the window's title, read by screen readers: the screen's title, then the program.
        pygame.display.set_caption(self._("{screen} - Accessible Dice").format(screen=base.title))
        self.texting = isinstance(screen, Entry) or screen.takes_text
        if self.texting:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()

    # -- settings

    def apply(self, chosen: config.Settings) -> None:
        """A setting changed: what the window can change at once (speech output and language wait a start)."""
        self.theme = themed(chosen.theme, chosen.text_colour, chosen.background_colour)
        self.scale = chosen.font_scale / 100
        if chosen.full_screen != self.full and pygame.display.get_init() and self.surface is not None:
            self._set_mode(chosen.full_screen)
        self.pace = config.PACES[chosen.computer_pace]
        self.terminal.verbosity = Verbosity.named(chosen.verbosity)
        own = getattr(self.top, "terminal", None)  # an online table's executor follows the setting too
        if own is not None:
            own.verbosity = self.terminal.verbosity
        presenter = getattr(self.top, "presenter", None)
        if presenter is not None:
            presenter.verbosity = self.terminal.verbosity
        if isinstance(self.cues, SoundPlayer):
            self.cues.follow(chosen)
        # The built-in voice's rate, volume, pitch and voice at once (SR-06); its language waits for a start.
        self.voice_settings = dataclasses.replace(chosen.voice_settings(), language=self.voice_settings.language)
        self.shown.configure(self.voice_settings)

    def keep(self, key: str, value: object) -> None:
        """Remember a setting changed by a key, as the settings screen would (saved at once)."""
        try:
            self.prefs.command([key, str(value)])
        except DiceError as error:  # a value the keys made is always allowed; never stop the game for it
            log.warning("could not keep %s = %s: %s", key, value, error)

    def choose(self, chosen: config.Settings) -> None:
        """Several settings changed at once by a key (F8: a theme and no colour pair), saved and applied."""
        self.prefs.settings = chosen
        if self.prefs.path is not None:
            try:  # each where the settings screen keeps it: a player's own theme in their profile
                for key in [k for k in config.BY_KEY if chosen.value(k) != self.prefs.shared.value(k)]:
                    self.prefs._keep(key, chosen)
            except OSError as error:
                log.warning("could not keep the settings: %s", error)
        self.apply(chosen)

    def confirm(self, question: str, on_yes: Callable[[], object], closing: bool = False) -> None:
        """Ask before a destructive choice, unless the player turned confirmations off.

        ``closing``: the question is about closing the program (closing the window again only repeats it).
        """
        if self.prefs.settings.confirm:
            self.push(Confirm(self, question, on_yes, closing))
        else:
            on_yes()

    # -- keys that work on every screen

    def global_key(self, action: str) -> bool:
        """Stop, settings, history and help keys; ``False`` when ``action`` is the screen's to handle."""
        _ = self._
        if action == "stop":
            self.announcer.silence()
        elif action in ("bigger", "smaller"):
            index = SCALES.index(min(SCALES, key=lambda s: abs(s - self.scale)))
            index = min(len(SCALES) - 1, index + 1) if action == "bigger" else max(0, index - 1)
            self.scale = SCALES[index]
            self.keep("font-scale", round(self.scale * 100))
            # Translators: the text size changed with Ctrl+Plus or Ctrl+Minus.
            self.say(answer(_("Text size {percent} percent.").format(
                percent=self.language.number(round(self.scale * 100)))), remember=False)
        elif action == "theme":
            # F8 steps through the themes themselves: a chosen colour pair gives way to them.
            self.choose(dataclasses.replace(self.prefs.settings, theme=next_theme(self.theme.id).id,
                                            text_colour="theme", background_colour="theme"))
            # Translators: the colour theme changed; {name} is e.g. "White on black".
            self.say(answer(_("Theme: {name}.").format(name=_(self.theme.title))), remember=False)
        elif action in ("effects_down", "effects_up"):
            self._effects(VOLUME_STEP if action == "effects_up" else -VOLUME_STEP)
        elif action in ("rate_down", "rate_up"):
            self._rate(RATE_STEP if action == "rate_up" else -RATE_STEP)
        elif action == "repeat" and self.shown.last is not None:
            # F5 is one key that works in a text field too, where Shift+Period types ">"; it says the last
            # thing said, whatever it was: a focused item, a message; in a field, its question (SR-05).
            again = self.top.said if isinstance(self.top, Entry) else self.shown.last
            self.shown.review("newest")
            self.say(answer(again.text, *again.cues), remember=False)
        elif action in ("previous", "next", "oldest", "newest", "repeat"):
            self.shown.review("newest" if action == "repeat" else action)
            self.terminal.review_history(action)
        elif action == "help" and self.top is not None:
            self.push(self.help_screen(self.top))
        elif action == "general_help":
            self.push(self.general_help())
        elif action == "full_screen":
            self.full_screen(not self.prefs.settings.full_screen)
        elif action == "speech":
            self.prefs.switch_speech(self.voice, lambda said: self.say(said, remember=False))
            if self.speech_notice is not None:  # turned off on purpose: no "speech is not working"
                self.speech_notice.chosen(self.prefs.settings.speech)
        else:
            return False
        return True

    def general_help(self) -> Reader:
        """Ctrl+F1 outside a game: what the program is and how to get about it."""
        _ = self._
        lines = [
            # Translators: the general help (Ctrl+F1 outside a game), line 1.
            _("Accessible Dice: five dice games, Shut the Box, Yatzy, Storeslem, QUICLO and Threes Away, "
              "played by keys, speech and sound, or with a mouse."),
            # Translators: the general help, line 2.
            _("Up and Down move through a menu; Enter or Space chooses; Escape goes back and, in a game, "
              "opens the actions menu."),
            # Translators: the general help, line 3.
            _("F1 says the keys of the screen you are on; in a game, Ctrl+F1 reads its rules."),
            # Translators: the general help, line 4.
            _("Ctrl+Plus and Ctrl+Minus zoom, F8 changes the colours, Alt+Enter switches full screen; "
              "the settings keep your choices."),
        ]
        # Translators: the title of the general help page.
        return Reader(self, _("About Accessible Dice"), lines)

    def full_screen(self, on: bool) -> None:
        """Alt+Enter: full screen or a window again, remembered for the next start."""
        self.keep("full-screen", "yes" if on else "no")
        if pygame.display.get_init() and self.surface is not None:
            self._set_mode(on)
        if on:  # noqa: SIM108 - each message keeps its own translator comment
            # Translators: Alt+Enter switched the window to full screen.
            said = self._("Full screen.")
        else:
            # Translators: Alt+Enter switched from full screen back to a window.
            said = self._("Window.")
        self.say(answer(said), remember=False)

    def _effects(self, step: float) -> None:
        volume = getattr(self.cues, "volume", None)
        if volume is None:
            # Translators: F9/F10 pressed, but this session plays no sound effects.
            self.say(answer(self._("No sound effects are playing in this session.")), remember=False)
            return
        self.cues.volume = round(min(1.0, max(0.0, volume + step)), 2)  # type: ignore[union-attr]
        self.keep("sound-volume", round(self.cues.volume * 100))  # type: ignore[union-attr]
        # Translators: the sound effects' volume changed with F9 or F10.
        self.say(answer(self._("Effects volume {percent} percent.").format(
            percent=self.language.number(round(self.cues.volume * 100))), Cue("dice_land")),  # type: ignore[union-attr]
            remember=False)

    def _rate(self, step: int) -> None:
        rate = min(RATE_HIGH, max(RATE_LOW, (self.voice_settings.rate or RATE_DEFAULT) + step))
        self.voice_settings = dataclasses.replace(self.voice_settings, rate=rate)
        configure = getattr(self.voice, "configure", None)
        if configure is not None:
            configure(self.voice_settings)
        self.keep("speech-rate", rate)
        # Translators: the built-in voice's speed changed with F11 or F12.
        self.say(answer(self._("Speech rate {rate} words a minute.").format(rate=self.language.number(rate))),
                 remember=False)

    def help_screen(self, screen: Screen) -> Reader:
        """F1: what ``screen`` has to say about itself (``help_intro``), then the focused item and what choosing
        it does (CG-03: help for the item, not only the screen), then the keys that work there, then what the
        screen adds after them (``help_notes``). Short lines first, so a page at 200 % starts with more than one."""
        intro = getattr(screen, "help_intro", lambda: "")()
        focused = self._focused_help(screen)
        lines = keys.help_lines(screen.contexts, self._)
        notes: list[str] = getattr(screen, "help_notes", list)()
        # Translators: the title of the key help (F1).
        return Reader(self, self._("Keys here"), [line for line in (intro, focused) if line] + lines + notes)

    def _focused_help(self, screen: Screen) -> str:
        """The F1 line of the focused item: it as said, and the keys that choose it, as they are now mapped."""
        cell = screen.focus.cell()
        if cell is None:
            return ""
        item = screen.describe()
        choose = next((b for b in keys.bindings(screen.contexts) if b.action == "activate"), None)
        if cell.act is None or choose is None:
            # Translators: F1, the line on the focused item when choosing it does nothing; {item} as it is said.
            return self._("On {item}: it is for reading; choosing it does nothing.").format(item=item)
        what = purpose(cell.key, self.language)  # CG-03: what choosing it does, not only how
        if what is not None:
            # Translators: F1 on the focused item; {purpose} what it is for, {keys} e.g. "Enter or Space".
            return self._("On {item}: {purpose} {keys} chooses it.").format(item=item, purpose=what,
                                                                             keys=self._(choose.keys))
        # Translators: F1, the line on the focused item; {item} as it is said, {keys} e.g. "Enter or Space".
        return self._("On {item}: {keys} chooses it.").format(item=item, keys=self._(choose.keys))

    # -- events

    def handle(self, event: pygame.event.Event) -> None:
        screen = self.top
        if event.type == pygame.QUIT:
            self.ask_close()
        elif screen is None:
            return
        elif event.type == pygame.KEYDOWN:
            self._key(screen, event)
        elif event.type == pygame.TEXTINPUT:
            screen.text(event.text)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.wheel(-1 if event.y > 0 else 1, pygame.mouse.get_pos())

    def _key(self, screen: Screen, event: pygame.event.Event) -> None:
        if self._bounced(event.key):
            return
        capture = getattr(screen, "capture", None)
        if capture is not None:  # a screen that takes the next key as it is (a new key being chosen)
            capture(event)
            return
        typed = getattr(event, "unicode", "")
        pressed = keys.read(event.key, event.mod, typed, screen.contexts)
        if pressed is None:
            # A character typed in a field arrives as text (TEXTINPUT); every other key says why it does nothing.
            types = (isinstance(screen, Entry) or screen.takes_text) and len(typed) == 1 and typed.isprintable() \
                and not event.mod & pygame.KMOD_CTRL
            if event.key not in SILENT_KEYS and not (event.mod & pygame.KMOD_ALT) and not types:
                self.refuse(KeyDoesNothing(key=keys.key_name(event.key, typed, self._, event.mod)))
            return
        if not self.global_key(pressed.action) and not screen.act(pressed):
            self.refuse(KeyDoesNothing(key=keys.key_name(event.key, typed, self._, event.mod)))

    # -- the mouse

    def click(self, position: tuple[int, int]) -> None:
        """A click (on release, KB-13): focus the item under the pointer and say it; on the focused item, choose it."""
        screen = self.top
        if screen is None:
            return
        key = next((key for key, rect in self.drawn.cells.items() if rect.collidepoint(position)), None)
        if key is None:
            return
        rows = screen.settled()
        row = next((row for row in rows if any(cell.key == key for cell in row.cells)), None)
        if row is None:
            if key == "field" and isinstance(screen, Entry):
                screen.act(keys.Pressed("read"))
            return
        if screen.focus.cell_key == key:
            screen.act(keys.Pressed("activate"))
        else:
            screen.focus.place(row.key, key)
            screen.say_focus(row_changed=True)

    def wheel(self, step: int, position: tuple[int, int]) -> None:
        """The wheel: over the messages, older or newer ones; elsewhere the row above or below."""
        screen = self.top
        if screen is None:
            return
        panel = self.drawn.message
        if panel is not None and panel.collidepoint(position):
            self.global_key("previous" if step < 0 else "next")
        else:
            screen.act(keys.Pressed("up" if step < 0 else "down"))

    # -- closing

    def ask_close(self) -> None:
        """The window's close button (or Alt+F4): ask as Escape in the main menu does, then say goodbye."""
        if isinstance(self.top, Confirm) and self.top.closing:
            self.top.revealed()
            return
        if not self.screens:
            self.running = False
            return
        self.screens[0].ask_close()

    def leave(self) -> None:
        """Close the program after saying goodbye (the speaker lets the words finish as it closes)."""
        # Translators: leaving the program from the main menu.
        self.say(answer(self._("Goodbye.")))
        self.running = False

    def _bounced(self, key: int) -> bool:
        """Whether this press repeats the last key sooner than the ``key-delay`` setting allows (KB-10):
        for hands that press twice or stay on a key, a repeat that soon is taken as not meant."""
        now, delay = time.monotonic(), self.prefs.settings.key_delay / 1000
        last, self._last_key = self._last_key, (key, time.monotonic())
        return delay > 0 and last[0] == key and now - last[1] < delay

    def pump(self) -> None:
        """Handle every event waiting (tests post key events, then pump); the focus is then found again."""
        for event in pygame.event.get():
            self.handle(event)
        if self.top is not None:
            self.top.settled()

    def tick(self) -> bool:
        screen = self.top
        now = time.monotonic()
        told = self.speech_notice is not None and self.speech_notice.tick(now)  # speech/notice.py
        return (screen.tick(now) if screen is not None else False) or told

    # -- drawing

    def view(self) -> View:
        """What the window shows now: the top screen, or the screen beneath an overlay with it in its column."""
        top = self.top
        assert top is not None
        base = next((s for s in reversed(self.screens) if not s.overlay), top)
        rows = base.settled()
        overlay = top.prompt() if top is not base else None
        _ = self._
        words = Words(
            # Translators: a "more" mark of the window: something is scrolled away above.
            _("More above"),
            # Translators: a "more" mark of the window: something is scrolled away below.
            _("More below"),
            # Translators: a "more" mark of the window: something is scrolled away to the left.
            _("More to the left"),
            # Translators: a "more" mark of the window: something is scrolled away to the right.
            _("More to the right"))
        return View(title=base.title, rows=rows, focus=top.focus.cell(), status=base.status(),
                    messages=list(self.shown.log), answer=self.shown.answer, reviewing=self.shown.reviewing,
                    overlay=overlay, game=base.board_layout, words=words)

    def draw(self, surface: pygame.Surface | None = None) -> Drawn:
        target = surface if surface is not None else self.surface
        assert target is not None and self.top is not None
        self.drawn = render(target, self.view(), self.theme, self.scale, self.prefs.settings.smallest_text,
                            self.prefs.settings.line_spacing / 100,
                            self.drawn.origin)
        return self.drawn

    # -- running

    def open(self, size: tuple[int, int] | None = None) -> None:
        """Open the resizable window (80 % of the desktop unless ``size`` is given), full screen if chosen."""
        pygame.display.init()
        pygame.font.init()
        if size is None:
            desktop = pygame.display.get_desktop_sizes()[0]
            size = (max(800, desktop[0] * 4 // 5), max(600, desktop[1] * 4 // 5))
        self.windowed = size
        self._set_mode(self.prefs.settings.full_screen)
        pygame.key.set_repeat(500, 60)
        pygame.key.stop_text_input()

    def _set_mode(self, full: bool) -> None:
        """Full screen at the desktop's size, or the resizable window at its last size."""
        if self.surface is not None and not self.full:
            self.windowed = self.surface.get_size()
        self.full = full
        if full:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)

    def frame(self) -> None:
        """Draw and show one frame."""
        self.surface = pygame.display.get_surface()
        self.draw()
        pygame.display.flip()

    def run(self) -> int:
        """The loop: events as they come, computer players when due, a frame after each change."""
        self.frame()
        while self.running:
            ending.asked()  # a Ctrl+C or SIGTERM swallowed where it was raised ends the window here
            event = pygame.event.wait(WAIT_MS)
            changed = event.type != pygame.NOEVENT
            if changed:
                self.handle(event)
                self.pump()
            changed = self.tick() or changed
            if changed and self.running:
                self.frame()
        return 0

    def close(self) -> None:
        for closing in reversed(self.on_close):
            closing()
        self.on_close.clear()
        self.worker.shutdown(wait=False, cancel_futures=True)
        pygame.display.quit()
