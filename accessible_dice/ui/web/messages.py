"""What a page may send, checked in one place: every websocket message passes :func:`checked` or is dropped.

A page's message is a JSON object whose ``t`` names its kind; each kind has
its fields, each of one type (and, for some, one set of values). A message
of an unknown kind, or with a field missing or of the wrong type, is
dropped and logged (to the log file, never to the host's terminal): a
page, whatever it sends, can neither end the program nor change the game
but by the moves a player could make. What passes is rebuilt from the
known fields only, so the table reads them without checking again.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from accessible_dice.boards.rows import REVIEW
from accessible_dice.presentation.i18n import LANGUAGES

log = logging.getLogger(__name__)

#: A message from a page, checked: its kind ``t`` and its known fields, each of the type its kind names.
Message = dict[str, Any]

#: The keys of the page that ask what the window's keys ask (the terminal's command of that name).
KEY_COMMANDS = (*REVIEW, "hint", "undo", "redo", "repeat", "previous", "next", "oldest", "newest",
                "help", "rules", "history", "stop")
#: The page's keys that are no command of the terminal's: R (a throw, or real dice's field) and Shift+C.
PAGE_KEYS = ("roll", "everybody")


def _text(value: object) -> bool:
    """A string that is text: JSON's ``"\\ud800"`` is a lone surrogate, which no page could be sent back."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _whole(low: int, high: int) -> Callable[[object], bool]:
    """A whole number from ``low`` to ``high`` (not a JSON ``true``, which Python counts as 1)."""
    return lambda value: isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _one_of(*allowed: str) -> Callable[[object], bool]:
    return lambda value: value in allowed


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _seat(value: object) -> bool:
    return value is None or _whole(0, 99)(value)


def _key_or_none(value: object) -> bool:
    return value is None or _text(value)


#: Each kind a page may send: its required fields and its optional ones (given a default when absent).
KINDS: dict[str, tuple[dict[str, Callable[[object], bool]], dict[str, tuple[Callable[[object], bool], Any]]]] = {
    "line": ({"text": _text}, {}),                      # a typed line (the Command or Answer field)
    "choice": ({"n": _whole(1, 999)}, {}),              # a menu choice's button, numbered from 1
    "values": ({"text": _text}, {}),                    # the real dice's values field
    "key": ({"name": _one_of(*KEY_COMMANDS, *PAGE_KEYS)}, {}),      # a single key of the window's
    "explain": ({}, {"key": (_key_or_none, None)}),     # E on the focused button (its key), or on none
    "press": ({"key": _text}, {}),                      # a button of the dice, the moves or the board
    "number": ({"n": _whole(0, 9)}, {"shift": (_flag, False)}),  # a number key: hold a die, go to a flap
    "answer": ({"yes": _flag}, {}),                     # the question's Yes or No
    "seat": ({"seat": _seat}, {}),                      # --listen: whom this device plays for (None: watch)
    "lang": ({"code": _one_of(*LANGUAGES)}, {}),        # the page's language
    "setting": ({"key": _text, "value": _text}, {}),    # a page setting (the theme), the settings command's
    "step": ({}, {}),                                   # Enter on the page itself: the one move, or a computer's
    "skip": ({}, {}),                                   # N: the computer players' turns at once
}


def checked(raw: str) -> Message | None:
    """The page's message rebuilt from its known fields, or ``None`` (logged): it is not one a page sends."""
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        message = None
    shown = _rebuilt(message)
    if shown is None:
        log.info("a page sent a message that is not one a page sends, dropped: %.80r", raw)
    return shown


def _rebuilt(message: object) -> Message | None:
    """``message`` with its known fields only, if it is an object of a known kind with each field valid."""
    if not isinstance(message, dict):
        return None
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in KINDS:  # (a list is no key of a dict: checked first)
        return None
    required, optional = KINDS[kind]
    shown: Message = {"t": kind}
    for name, valid in required.items():
        if name not in message or not valid(message[name]):
            return None
        shown[name] = message[name]
    for name, (valid, default) in optional.items():
        value = message.get(name, default)
        if not valid(value):
            return None
        shown[name] = value
    return shown
