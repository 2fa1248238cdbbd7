"""The player's own keys (checklist KB-04): any window key changed for another, kept between runs.

A player whose system takes F11 or Ctrl+F1, or whose hands reach some keys
better than others, changes a key on the window's settings screen ("Keys",
then Enter on the action, then the new key). The new key replaces every key
of that action. It is refused, with the reason, when it is a key screen
readers need (Insert, Caps Lock, Num Lock, Scroll Lock, the keypad's 0), a
modifier alone (Shift, Alt, the system key), an Alt combination (the
system's), or a key another action already uses where both work. Keys that
name a number (the flap and dice number keys) stay as they are, since each
of their keys means its own number.

The changes are kept in ``keys.toml`` beside ``settings.toml``, one
``action = "key"`` line each (``roll = "f5"``, ``undo = "ctrl+u"``), and
:func:`accessible_dice.ui.window.keys.use` puts them in force. F1, the key list of
this screen and :func:`accessible_dice.ui.window.keys.reference` then say the keys
in force, so the help never names a key that no longer works.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
from pathlib import Path

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.storage import write_atomic
from accessible_dice.ui.window import keys
from accessible_dice.ui.window.keys import Binding, Chord

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib

import pygame

log = logging.getLogger(__name__)

FILE_NAME = "keys.toml"
#: Keys screen readers use as their own modifiers or toggles (NVDA, JAWS, Orca; the keypad's 0 is Insert).
SCREEN_READER_KEYS = frozenset({pygame.K_INSERT, pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_SCROLLOCK,
                                pygame.K_KP0})
#: Keys that only change other keys.
MODIFIERS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI,
                       pygame.K_RGUI, pygame.K_MODE, pygame.K_LCTRL, pygame.K_RCTRL})
#: pygame's name of each key code (``K_<name>``), one name each: our own name where we have one.
_CODE_NAMES = {getattr(pygame, f"K_{n}"): n for n in keys.KEY_NAMES}
for _constant in sorted(dir(pygame), reverse=True):
    if _constant.startswith("K_"):
        _CODE_NAMES.setdefault(getattr(pygame, _constant), _constant[2:])
#: The contexts of a text field: in force only with ``anywhere``, never with a game's or a list's.
ALONE = {"entry"}


class KeyForScreenReaders(InvalidInput):
    # Translators: a key chosen for an action is one screen readers use (Insert, Caps Lock); {key} is its name.
    template = N_("{key} is kept for screen readers; press another key.")


class UnusableKey(InvalidInput):
    # Translators: a key that cannot be an action's key (Shift alone, a key without a name); {key} is its name.
    template = N_("{key} cannot be the key of an action; press another key.")


class AltIsTheSystems(InvalidInput):
    # Translators: a key with Alt was chosen for an action; Alt combinations belong to the system.
    template = N_("Keys with Alt belong to the system; press another key.")


class KeyTaken(InvalidInput):
    # Translators: the key chosen already does something where the action works; {does} says what.
    template = N_("{key} already does this: {does}. Press another key, or change that one first.")


def removable(binding: Binding) -> bool:
    """Whether a binding's keys can be changed: every one but the number keys."""
    return not binding.numbers


def chord_of(key: int, mod: int) -> Chord | None:
    """The chord a key press makes (Shift kept as pressed); ``None`` for a key pygame has no name for."""
    name = _CODE_NAMES.get(key)
    return None if name is None else Chord(name, ctrl=bool(mod & pygame.KMOD_CTRL),
                                           shift=bool(mod & pygame.KMOD_SHIFT))


def written(chord: Chord) -> str:
    """A chord as ``keys.toml`` writes it: ``ctrl+shift+f5``."""
    return "+".join([*(["ctrl"] if chord.ctrl else []), *(["shift"] if chord.shift else []), chord.key.lower()])


def read_chord(text: str) -> Chord | None:
    """A chord as written in ``keys.toml``; ``None`` for no key pygame knows."""
    *mods, key = text.strip().split("+")
    if not key or any(m not in ("ctrl", "shift") for m in mods):
        return None
    names = {n.lower(): n for n in _CODE_NAMES.values()}
    if key.lower() not in names:
        return None
    return Chord(names[key.lower()], ctrl="ctrl" in mods, shift="shift" in mods)


def label(chord: Chord) -> str:
    """A chord as help says it: "F5", "R", "Ctrl+U", "Escape" (a named key is translated where it is said)."""
    named = keys.KEY_NAMES.get(chord.key)
    base = named or (chord.key if len(chord.key) > 1 else chord.key.upper())
    return "+".join([*(["Ctrl"] if chord.ctrl else []), *(["Shift"] if chord.shift else []), base])


def together(a: str, b: str) -> bool:
    """Whether two contexts can be in force at once (a text field's keys meet only the ``anywhere`` ones)."""
    if "anywhere" in (a, b) or a == b:
        return True
    return (a in ALONE) == (b in ALONE) and a not in ALONE


def check(action: str, chord: Chord, table: tuple[Binding, ...], _: keys.Translate) -> None:
    """Refuse ``chord`` for ``action`` with the reason (raises an :class:`InvalidInput`); else nothing."""
    said = _(label(chord)) if not chord.ctrl and not chord.shift else label(chord)
    if chord.code() in SCREEN_READER_KEYS:
        raise KeyForScreenReaders(key=said)
    if chord.code() in MODIFIERS:
        raise UnusableKey(key=said)
    binding = next(b for b in table if b.action == action)
    for other in table:
        if other.action == action or not together(other.context, binding.context):
            continue
        if any(c.code() == chord.code() and c.ctrl == chord.ctrl and (c.shift is None or c.shift == chord.shift)
               for c in other.chords):
            raise KeyTaken(key=said, does=_(other.does))


def changed(table: tuple[Binding, ...], overrides: dict[str, Chord]) -> tuple[Binding, ...]:
    """``table`` with each overridden action's keys replaced by its one new chord."""
    return tuple(dataclasses.replace(b, chords=(overrides[b.action],), keys=label(overrides[b.action]))
                 if b.action in overrides and removable(b) else b for b in table)


def load(path: Path) -> dict[str, Chord]:
    """The changed keys in ``path`` (a missing file: none); a line that does not fit is dropped, and logged."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        log.warning("the keys file %s cannot be read (%s); the usual keys hold", path, error)
        return {}
    actions = {b.action for b in keys.TABLE if removable(b)}
    overrides: dict[str, Chord] = {}
    for action, text in data.items():
        chord = read_chord(text) if isinstance(text, str) else None
        if action not in actions or chord is None:
            log.warning("keys file %s: %s = %r is no key of an action; dropped", path, action, text)
            continue
        overrides[action] = chord
    return overrides


def store(path: Path, overrides: dict[str, Chord]) -> None:
    """Keep the changed keys (atomically); ``OSError`` if it cannot be written."""
    lines = ["# accessible-dice: keys changed on the settings screen (docs/keys.md lists the actions).",
             "# One line each: action = \"key\", like roll = \"f5\" or undo = \"ctrl+u\"."]
    lines += [f'{action} = "{written(chord)}"' for action, chord in sorted(overrides.items())]
    write_atomic(path, "\n".join(lines) + "\n")


class Keymap:
    """The keys in force and where changes are kept; ``path`` ``None``: changes hold for this run."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.overrides = load(path) if path is not None else {}
        keys.use(changed(keys.TABLE, self.overrides))

    def change(self, action: str, chord: Chord, _: keys.Translate) -> None:
        """Put ``chord`` in force for ``action``, or refuse it with the reason; kept at once."""
        check(action, chord, keys.active(), _)
        wanted = dict(self.overrides, **{action: chord})
        if self.path is not None:
            store(self.path, wanted)
        self.overrides = wanted
        keys.use(changed(keys.TABLE, wanted))

    def reset(self) -> None:
        """The usual keys again (the file keeps no changes)."""
        if self.path is not None:
            store(self.path, {})
        self.overrides = {}
        keys.use(keys.TABLE)
