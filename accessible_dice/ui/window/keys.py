"""The window's key map: one table that the window, its F1 help and docs/keys.md all read.

docs/spec/experience.md §3 is the contract. Because the help key and the reference
page are generated from :data:`TABLE`, neither can say a key the window
does not have (checklist KB-05, CG-05). Insert and Caps Lock are never
bound: screen readers use them as modifiers.

Each :class:`Binding` belongs to a *context*; a screen lists the contexts in
force (a menu: ``anywhere``, ``lists``, ``history``; a Yatzy game adds
``game`` and ``dice``), and only those bindings act and are listed by F1.

Run ``python -m accessible_dice.ui.window.keys [LANGUAGE]`` to print docs/keys.md or docs/<language>/keys.md.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from accessible_dice.boards.model import Pressed
from accessible_dice.errors import N_

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

Translate = Callable[[str], str]

#: The contexts, in the order help and the reference page list them, with their headings.
CONTEXTS: dict[str, str] = {
    # Translators: a heading of the key reference: keys that work on every screen.
    "anywhere": N_("Everywhere"),
    # Translators: a heading of the key reference: moving around menus, boards and lists.
    "lists": N_("Menus, boards and lists"),
    # Translators: a heading of the key reference: stepping through past messages.
    "history": N_("Messages"),
    # Translators: a heading of the key reference: keys during a game.
    "game": N_("In a game"),
    # Translators: a heading of the key reference: games where dice are held (Yatzy, Threes Away).
    "dice": N_("Holding dice"),
    # Translators: a heading of the key reference: Shut the Box.
    "flaps": N_("Shut the Box"),
    # Translators: a heading of the key reference: Storeslem and QUICLO, where moves are typed.
    "typing": N_("Games where moves are typed"),
    # Translators: a heading of the key reference: at an online table (Matrix), besides the game's keys.
    "table": N_("At an online table"),
    # Translators: a heading of the key reference: typing names, dice values, expressions.
    "entry": N_("Typing in a text field"),
    # Translators: a heading of the key reference: the main menu, settings and other screens outside a game.
    "outside": N_("Outside a game"),
    # Translators: a heading of the key reference: the mouse or touchpad.
    "mouse": N_("Mouse and touchpad"),
}


@dataclass(frozen=True)
class Chord:
    """One key, with Ctrl exactly as given and Shift as given (``None``: either)."""

    key: str
    ctrl: bool = False
    shift: bool | None = False
    alt: bool = False

    def code(self) -> int:
        return int(getattr(pygame, f"K_{self.key}"))


@dataclass(frozen=True)
class Binding:
    """An action, the keys that do it, and how help names and explains them."""

    action: str
    context: str
    chords: tuple[Chord, ...]
    #: The keys as a player reads them, marked for translation where they are words ("Shift+C").
    keys: str
    #: What the keys do, marked for translation.
    does: str
    #: For keys that carry a number (1-5, Shift+1-6): the number of each chord.
    numbers: tuple[int, ...] = ()


def _digits(first: int, last: int, shift: bool | None) -> tuple[Chord, ...]:
    return tuple(Chord(str(n % 10), shift=shift) for n in range(first, last + 1))


def _keypad(first: int, last: int) -> tuple[Chord, ...]:
    return tuple(Chord(f"KP_{n % 10}", shift=None) for n in range(first, last + 1))


TABLE: tuple[Binding, ...] = (
    # -- anywhere
    Binding("help", "anywhere", (Chord("F1"),),
            "F1",
            # Translators: what the keys just named do, in the key help.
            N_("help for this screen: the keys that work here")),
    Binding("stop", "anywhere", (Chord("LCTRL", ctrl=True, shift=None), Chord("RCTRL", ctrl=True, shift=None)),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Control"),
            # Translators: what the keys just named do, in the key help.
            N_("stop speaking")),
    Binding("repeat", "anywhere", (Chord("F5", shift=None),),
            "F5",
            # Translators: what the keys just named do, in the key help; works in a text field too (SR-05).
            N_("the last message, said again, also while typing")),
    Binding("effects_down", "anywhere", (Chord("F9", shift=None),),
            "F9",
            # Translators: what the keys just named do, in the key help.
            N_("sound effects quieter")),
    Binding("effects_up", "anywhere", (Chord("F10", shift=None),),
            "F10",
            # Translators: what the keys just named do, in the key help.
            N_("sound effects louder")),
    Binding("rate_down", "anywhere", (Chord("F11", shift=None),),
            "F11",
            # Translators: what the keys just named do, in the key help.
            N_("speech slower (built-in voice)")),
    Binding("rate_up", "anywhere", (Chord("F12", shift=None),),
            "F12",
            # Translators: what the keys just named do, in the key help.
            N_("speech faster (built-in voice)")),
    Binding("bigger", "anywhere",
            (Chord("PLUS", ctrl=True, shift=None), Chord("EQUALS", ctrl=True, shift=None),
             Chord("KP_PLUS", ctrl=True, shift=None)),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl+Plus"),
            # Translators: what the keys just named do, in the key help.
            N_("larger text and dice")),
    Binding("smaller", "anywhere", (Chord("MINUS", ctrl=True, shift=None), Chord("KP_MINUS", ctrl=True, shift=None)),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl+Minus"),
            # Translators: what the keys just named do, in the key help.
            N_("smaller text and dice")),
    Binding("full_screen", "anywhere", (Chord("RETURN", alt=True, shift=None), Chord("KP_ENTER", alt=True, shift=None)),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Alt+Enter"),
            # Translators: what the keys just named do, in the key help.
            N_("full screen, or back to a window (remembered)")),
    Binding("speech", "anywhere", (Chord("F7", shift=None),),
            "F7",
            # Translators: what the keys just named do, in the key help; the choice is kept (AU-07).
            N_("speech off, or on again (the text stays; kept for the next start)")),
    Binding("theme", "anywhere", (Chord("F8", shift=None),),
            "F8",
            # Translators: what the keys just named do, in the key help.
            N_("the next colour theme: yellow on black, white on black, black on white, low contrast")),
    # -- lists
    Binding("back", "lists", (Chord("ESCAPE"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Escape"),
            # Translators: what the keys just named do, in the key help.
            N_("back; in a game, the actions menu; quitting asks to confirm")),
    Binding("up", "lists", (Chord("UP"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Up"),
            # Translators: what the keys just named do, in the key help.
            N_("the item or row above")),
    Binding("down", "lists", (Chord("DOWN"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Down"),
            # Translators: what the keys just named do, in the key help.
            N_("the item or row below")),
    Binding("left", "lists", (Chord("LEFT"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Left"),
            # Translators: what the keys just named do, in the key help.
            N_("the item to the left")),
    Binding("right", "lists", (Chord("RIGHT"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Right"),
            # Translators: what the keys just named do, in the key help.
            N_("the item to the right")),
    Binding("home", "lists", (Chord("HOME"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Home"),
            # Translators: what the keys just named do, in the key help.
            N_("the first item")),
    Binding("end", "lists", (Chord("END"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("End"),
            # Translators: what the keys just named do, in the key help.
            N_("the last item")),
    Binding("activate", "lists",
            (Chord("RETURN", shift=None), Chord("KP_ENTER", shift=None), Chord("SPACE", shift=None)),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Enter or Space"),
            # Translators: what the keys just named do, in the key help.
            N_("choose the focused item: a move, a die to hold or release, a box, yes or no")),
    Binding("letter", "lists", (),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("a letter"),
            # Translators: what the keys just named do, in the key help.
            N_("jump to the next item starting with it")),
    # -- history
    Binding("previous", "history", (Chord("COMMA"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Comma"),
            # Translators: what the keys just named do, in the key help.
            N_("the previous message")),
    Binding("next", "history", (Chord("PERIOD"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Period"),
            # Translators: what the keys just named do, in the key help.
            N_("the next message")),
    # Page Up and Page Down are the single keys for the ends of the messages (KB-03: no action is a chord only).
    Binding("oldest", "history", (Chord("COMMA", shift=True), Chord("PAGEUP")),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Shift+Comma or Page Up"),
            # Translators: what the keys just named do, in the key help.
            N_("the oldest message")),
    Binding("newest", "history", (Chord("PERIOD", shift=True), Chord("PAGEDOWN")),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Shift+Period or Page Down"),
            # Translators: what the keys just named do, in the key help.
            N_("the newest message, said again")),
    # -- game
    # F2 is Ctrl+F1 as one key, in a game and outside one (KB-03).
    Binding("rules", "game", (Chord("F1", ctrl=True), Chord("F2")),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl+F1 or F2"),
            # Translators: what the keys just named do, in the key help.
            N_("the rules of this game")),
    Binding("letter", "game", (),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl and a letter"),
            # Translators: what the keys just named do, in the key help.
            N_("jump to the next row starting with that letter, also where the letter is a game key (Ctrl+T: Twos)")),
    Binding("roll", "game", (Chord("r"),),
            "R",
            # Translators: what the keys just named do, in the key help.
            N_("throw the dice; with real dice, type the values thrown")),
    Binding("dice", "game", (Chord("d"),),
            "D",
            # Translators: what the keys just named do, in the key help.
            N_("the dice, and which are held")),
    Binding("board", "game", (Chord("c"),),
            "C",
            # Translators: what the keys just named do, in the key help.
            N_("my board or scorecard")),
    Binding("everybody", "game", (Chord("c", shift=True), Chord("b")),
            # Translators: key names in the key help (F1) and docs/keys.md; B is the letter key (everybody's Boards).
            N_("Shift+C or B"),
            # Translators: what the keys just named do, in the key help.
            N_("everybody's boards or scorecards")),
    Binding("standings", "game", (Chord("s"),),
            "S",
            # Translators: what the keys just named do, in the key help.
            N_("the standings: scores, lives, penalty points")),
    Binding("turn", "game", (Chord("t"),),
            "T",
            # Translators: what the keys just named do, in the key help.
            N_("whose turn, which round, throws left")),
    Binding("moves", "game", (Chord("m"),),
            "M",
            # Translators: what the keys just named do, in the key help.
            N_("the possible moves, with what each scores")),
    Binding("hint", "game", (Chord("a"),),
            "A",
            # Translators: what the keys just named do, in the key help.
            N_("a hint: a good move")),
    Binding("explain", "game", (Chord("e"),),
            "E",
            # Translators: what the keys just named do, in the key help: a game term explained (CG-08).
            N_("what the focused box or move means, such as Full house; elsewhere, the game's terms")),
    Binding("records", "game", (Chord("h"),),
            "H",
            # Translators: what the keys just named do, in the key help.
            N_("the score history: the players' bests and averages in this game")),
    Binding("undo", "game", (Chord("z", ctrl=True),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl+Z"),
            # Translators: what the keys just named do, in the key help.
            N_("take back the last step, such as wrongly typed dice")),
    Binding("redo", "game", (Chord("y", ctrl=True),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl+Y"),
            # Translators: what the keys just named do, in the key help.
            N_("do again the step taken back")),
    Binding("skip", "game", (Chord("n"),),
            "N",
            # Translators: what the keys just named do, in the key help.
            N_("computer players' turns: play them all now, up to the next person's turn (Enter: one step)")),
    # -- an online table
    Binding("chat", "table", (Chord("w"),),
            "W",
            # Translators: what the keys just named do, in the key help: at an online table (W: write).
            N_("write to the table: a chat message (the messages are said and shown as they come)")),
    # -- dice
    Binding("hold", "dice", _digits(1, 6, False) + _keypad(1, 6),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("1 to 6"),
            # Translators: what the keys just named do, in the key help.
            N_("hold or release die 1 to 5 (with the setting keep-by = value: the dice showing that number)"),
            numbers=(1, 2, 3, 4, 5, 6) * 2),
    Binding("face", "dice", _digits(1, 6, True),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Shift+1 to Shift+6"),
            # Translators: what the keys just named do, in the key help.
            N_("hold or release the dice showing that number (with keep-by = value: die 1 to 5)"),
            numbers=(1, 2, 3, 4, 5, 6)),
    # -- flaps
    Binding("flap", "flaps", _digits(1, 10, False) + _keypad(1, 10),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("1 to 9, and 0 for 10"),
            # Translators: what the keys just named do, in the key help.
            N_("go to that flap on your board"), numbers=tuple(range(1, 11)) * 2),
    # -- typing
    Binding("type", "typing", _digits(0, 9, None) + _keypad(0, 9) + (Chord("LEFTPAREN", shift=None),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("0 to 9, or ("),
            # Translators: what the keys just named do, in the key help.
            N_("start typing a move (a strike, an equation) with that character")),
    # -- entry
    Binding("submit", "entry", (Chord("RETURN", shift=None), Chord("KP_ENTER", shift=None)),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Enter"),
            # Translators: what the keys just named do, in the key help.
            N_("send what was typed")),
    Binding("cancel", "entry", (Chord("ESCAPE"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Escape"),
            # Translators: what the keys just named do, in the key help.
            N_("close the field without sending")),
    Binding("read", "entry", (Chord("UP"), Chord("DOWN")),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Up or Down"),
            # Translators: what the keys just named do, in the key help.
            N_("read the whole field")),
    Binding("caret_left", "entry", (Chord("LEFT"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Left"),
            # Translators: what the keys just named do, in the key help.
            N_("move back one character and say it")),
    Binding("caret_right", "entry", (Chord("RIGHT"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Right"),
            # Translators: what the keys just named do, in the key help.
            N_("move on one character and say it")),
    Binding("caret_home", "entry", (Chord("HOME"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Home"),
            # Translators: what the keys just named do, in the key help.
            N_("to the start of the field")),
    Binding("caret_end", "entry", (Chord("END"),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("End"),
            # Translators: what the keys just named do, in the key help.
            N_("to the end of the field")),
    Binding("erase", "entry", (Chord("BACKSPACE", shift=None),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Backspace"),
            # Translators: what the keys just named do, in the key help.
            N_("delete the character before the cursor and say it")),
    Binding("delete", "entry", (Chord("DELETE", shift=None),),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Delete"),
            # Translators: what the keys just named do, in the key help.
            N_("delete the character at the cursor and say it")),
    # -- outside a game
    Binding("general_help", "outside", (Chord("F1", ctrl=True), Chord("F2")),
            # Translators: key names in the key help (F1) and docs/keys.md.
            N_("Ctrl+F1 or F2"),
            # Translators: what the keys just named do, in the key help.
            N_("what Accessible Dice is and how to get about it")),
    # -- the mouse (not keys: listed in the help and the reference page only)
    Binding("click", "mouse", (),
            # Translators: key names in the key help (F1) and docs/keys.md: a click of the mouse or touchpad.
            N_("Click"),
            # Translators: what the mouse action just named does, in the key help.
            N_("focus an item and say it; a second click (or a double click) chooses it")),
    Binding("wheel", "mouse", (),
            # Translators: key names in the key help (F1) and docs/keys.md: the mouse wheel.
            N_("Wheel"),
            # Translators: what the mouse action just named does, in the key help.
            N_("the row above or below, as Up and Down; over the messages, older or newer messages")),
)


#: Keys by name when they do nothing on a screen ("Tab does nothing here"), as pygame calls them.
KEY_NAMES: dict[str, str] = {
    # Translators: key names in the key help (F1) and docs/keys.md.
    "ESCAPE": N_("Escape"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "UP": N_("Up"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "DOWN": N_("Down"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "LEFT": N_("Left"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "RIGHT": N_("Right"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "HOME": N_("Home"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "END": N_("End"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "RETURN": N_("Enter"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "KP_ENTER": N_("Enter"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "BACKSPACE": N_("Backspace"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "DELETE": N_("Delete"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "COMMA": N_("Comma"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "PERIOD": N_("Period"),
    # Translators: a key's name, said when it does nothing: "Space does nothing here".
    "SPACE": N_("Space"),
    # Translators: a key's name, said when it does nothing: "Tab does nothing here".
    "TAB": N_("Tab"),
    # Translators: a key's name, said when it does nothing.
    "PAGEUP": N_("Page Up"),
    # Translators: a key's name, said when it does nothing.
    "PAGEDOWN": N_("Page Down"),
    # Translators: a key's name, said when it does nothing.
    "PRINTSCREEN": N_("Print Screen"),
    # Translators: a key's name, said when it does nothing.
    "PAUSE": N_("Pause"),
    # Translators: a key's name, said when it cannot be chosen as a new key: screen readers use it.
    "INSERT": N_("Insert"),
    # Translators: a key's name, said when it cannot be chosen as a new key: screen readers use it.
    "CAPSLOCK": N_("Caps Lock"),
    # Translators: a key's name, said when it cannot be chosen as a new key alone.
    "LSHIFT": N_("Shift"),
    # Translators: a key's name, said when it cannot be chosen as a new key alone.
    "RSHIFT": N_("Shift"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "LCTRL": N_("Control"),
    # Translators: key names in the key help (F1) and docs/keys.md.
    "RCTRL": N_("Control"),
}
_BY_CODE = {int(getattr(pygame, f"K_{name}")): message for name, message in KEY_NAMES.items()}
_FUNCTION_KEYS = {int(getattr(pygame, f"K_F{n}")): f"F{n}" for n in range(1, 16)}


def key_name(key: int, text: str, _: Translate, mod: int = 0) -> str:
    """A key in the player's words, for "... does nothing here": our name for it, F1 to F15, or what it types.

    With Ctrl or Shift held, their names come first ("Ctrl+F1"). pygame's
    own names are English ("page up"), so they are never said; a key we
    have no name for and that types nothing is "This key".
    """
    name = _key_name(key, text, _)
    if mod & pygame.KMOD_SHIFT and not (len(text) == 1 and text.isprintable() and key not in _BY_CODE):
        # Translators: a key pressed with Shift, said when it does nothing: "Shift+Tab does nothing here".
        name = _("Shift+{key}").format(key=name)
    if mod & pygame.KMOD_CTRL:
        # Translators: a key pressed with Ctrl, said when it does nothing: "Ctrl+F1 does nothing here".
        name = _("Ctrl+{key}").format(key=name if key not in range(pygame.K_a, pygame.K_z + 1) else chr(key).upper())
    return name


def _key_name(key: int, text: str, _: Translate) -> str:
    if key in _BY_CODE:
        return _(_BY_CODE[key])
    if key in _FUNCTION_KEYS:
        return _FUNCTION_KEYS[key]
    if len(text) == 1 and text.isprintable() and not text.isspace():
        return text
    # Translators: said for a key that has no name here, starting the sentence "This key does nothing here".
    return _("This key")


def _matches(chord: Chord, key: int, ctrl: bool, shift: bool, alt: bool) -> bool:
    return chord.code() == key and chord.ctrl == ctrl and chord.shift in (None, shift) and chord.alt == alt


#: The bindings in force: :data:`TABLE`, or it with the player's own keys (:mod:`accessible_dice.ui.window.keymap`).
_active: tuple[Binding, ...] = TABLE


def use(table: tuple[Binding, ...]) -> None:
    """Put ``table`` in force for reading keys, F1 and the key list (the player changed keys)."""
    global _active
    _active = table


def active() -> tuple[Binding, ...]:
    return _active


def read(key: int, mod: int, text: str, contexts: Iterable[str]) -> Pressed | None:
    """The action of a key press (pygame ``key``, ``mod``, ``unicode``) in ``contexts``, if any.

    Alt is left to the system (Alt+F4), but for Alt+Enter (full screen). A
    letter that no binding claims is a first-letter jump where lists are in
    force; in a game, where letters are game keys, Ctrl and a letter jumps.
    """
    alt = bool(mod & pygame.KMOD_ALT)
    ctrl, shift = bool(mod & pygame.KMOD_CTRL), bool(mod & pygame.KMOD_SHIFT)
    if key in (pygame.K_LCTRL, pygame.K_RCTRL):
        ctrl = True
    wanted = set(contexts)
    for binding in _active:
        if binding.context not in wanted:
            continue
        for index, chord in enumerate(binding.chords):
            if _matches(chord, key, ctrl, shift, alt):
                number = binding.numbers[index] if binding.numbers else None
                return Pressed(binding.action, number, letter=text)
    if alt:
        return None
    if "lists" in wanted and not ctrl and len(text) == 1 and text.isalpha():
        return Pressed("letter", letter=text)
    if "game" in wanted and ctrl and pygame.K_a <= key <= pygame.K_z:
        return Pressed("letter", letter=chr(key))
    return None


def bindings(contexts: Iterable[str]) -> list[Binding]:
    """The bindings in force in ``contexts``, in the order of :data:`CONTEXTS` and the table."""
    wanted = set(contexts)
    return [b for context in CONTEXTS if context in wanted for b in _active if b.context == context]


def help_lines(contexts: Iterable[str], _: Translate) -> list[str]:
    """One line per key in force: "F1: help for this screen: the keys that work here."."""
    # Translators: one line of the spoken key help: {keys} then what they do.
    return [_("{keys}: {does}.").format(keys=_(b.keys), does=_(b.does)) for b in bindings(contexts)]


#: docs/keys.md's own words around the tables, one paragraph or list item each (a page per language).
PAGE = {
    # Translators: the title of the key reference page (docs/<language>/keys.md).
    "title": N_("Keys of the window"),
    # Translators: the key reference page's first paragraph; keep the `--ui window` as it is.
    "intro": N_("Every key of the window front end (`--ui window`). F1 speaks the keys that work on the screen "
                "you are on; both F1 and this page are made from one table, so they always agree."),
    # Translators: the key reference page's second paragraph.
    "never": N_("Insert and Caps Lock are never used: screen readers need them. No action needs a key held down "
                "or pressed quickly. Every key answers: what it did, or why nothing happened."),
    # Translators: the first column's heading in the key reference tables.
    "key": N_("Key"),
    # Translators: the second column's heading in the key reference tables.
    "does": N_("What it does"),
    # Translators: a heading of the key reference page: what the window draws besides the words.
    "screen": N_("What the screen shows"),
    # Translators: a heading of the key reference page: changing the keys.
    "own": N_("Your own keys"),
    # Translators: the key reference page: how keys are changed; keys.toml and settings.toml are file names.
    "own keys": N_("Settings, then Keys, lists every action with its key. Enter on one, then press the new key "
                   "(Escape keeps the old one); it replaces the keys of that action, and F1 and the list say it "
                   "from then on. A key is refused with the reason when screen readers need it (Insert, Caps "
                   "Lock, Num Lock, Scroll Lock, the keypad's 0), when it has Alt (the system's), or when another "
                   "action uses it where both work. The number keys (dice and flaps) stay. \"The usual keys "
                   "again\" at the end of the list puts every key back. The changes are kept in `keys.toml` "
                   "beside `settings.toml`."),
    # Translators: the key reference page; key-delay is the setting's name as typed.
    "key delay": N_("The setting `key-delay` ignores a key pressed again within so many milliseconds, for hands "
                    "that press twice or stay on a key (0, the default, is off)."),
}
#: A paragraph after a context's table: what is done there with keys the table lists elsewhere.
NOTES = {
    # Translators: the key reference page, after the keys of the games where moves are typed; the button and
    # item names are the window's own (Build an equation, Build a strike, Send, Delete the last one, Close
    # without sending).
    "typing": N_("Without typing: the button Build an equation (QUICLO) or Build a strike (Storeslem) opens a "
                 "list of what may come next: the dice not used yet, the signs, = in QUICLO and brackets in "
                 "Storeslem, then Send, Delete the last one and Close without sending. Up and Down (or Left "
                 "and Right) go through it and Enter takes the focused piece; the calculation so far is said "
                 "and shown in the field. Send hands it to the game as if it had been typed, so every game "
                 "is played with the arrows and Enter alone."),
}
#: The list under "What the screen shows".
SCREEN = (
    # Translators: an item of "What the screen shows" on the key reference page.
    N_("In a game the title, whose turn, the dice, the moves and the messages are a column at the left and the "
       "board or scorecard fills the rest; at 100 % the whole game is seen from 1280x720 up."),
    # Translators: an item of "What the screen shows"; Comma and Period are the keys.
    N_("The message panel lists what was said, newest first, each in full and tagged with whose turn it was; "
       "Comma and Period scroll it. Nothing covers it."),
    # Translators: an item of "What the screen shows" on the key reference page.
    N_("The focused item has a thick square frame and is drawn inverted; its description is said."),
    # Translators: an item of "What the screen shows"; *held* and *shut* are the labels the window draws.
    N_("A held die is raised, framed (rounded, in a colour the focus never has) and labelled *held*; a shut flap "
       "is lowered, barred along its top and labelled *shut*. Colour is never the only sign."),
    # Translators: an item of "What the screen shows"; *to move* is the label the window draws.
    N_("The player to move has a pointer and the words *to move* at their board."),
    # Translators: an item of "What the screen shows" on the key reference page.
    N_("In a Yatzy scorecard a number in brackets is what the box would score now."),
    # Translators: an item of "What the screen shows"; text-colour and background-colour are typed setting names.
    N_("Three high-contrast colour themes and a low-contrast one (F8), or a colour pair of your own (settings "
       "`text-colour`, `background-colour`, at least 4.5:1); zoom from 100 % to 300 % (Ctrl+Plus, Ctrl+Minus) "
       "enlarges everything alike; what no longer fits scrolls, with *More* marks."),
)


def reference(_: Translate = lambda text: text, code: str = "en") -> str:
    """docs/keys.md (English) or docs/<code>/keys.md: every binding, by context, as a table (KB-05: made
    from :data:`TABLE`), with the page's words in language ``code``."""
    page = "docs/keys.md" if code == "en" else f"docs/{code}/keys.md"
    lines = [f"# {_(PAGE['title'])}", "", f"<!-- Made by: python -m accessible_dice.ui.window.keys {code} > {page} -->",
             "", _(PAGE["intro"]), "", _(PAGE["never"])]
    for context, heading in CONTEXTS.items():
        lines += ["", f"## {_(heading)}", "", f"| {_(PAGE['key'])} | {_(PAGE['does'])} |", "| --- | --- |"]
        lines += [f"| {_(b.keys)} | {_(b.does)} |" for b in TABLE if b.context == context]
        lines += ["", _(NOTES[context])] if context in NOTES else []
    lines += ["", f"## {_(PAGE['screen'])}", "", *(f"- {_(item)}" for item in SCREEN), "",
              f"## {_(PAGE['own'])}", "", _(PAGE["own keys"]), "", _(PAGE["key delay"]), ""]
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    from accessible_dice.presentation.i18n import language

    words = language(sys.argv[1] if len(sys.argv) > 1 else "en")
    print(reference(words._, words.code), end="")
