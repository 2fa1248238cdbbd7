"""Player names: what a name may hold, checked alike from the command line, the menus and saves.

A name is said aloud, printed on the terminal and drawn in the window, so
it may hold letters, digits, spaces and punctuation of any script, but no
character that does something instead of showing: control characters (an
ANSI escape sequence starts with one and would clear or colour the screen),
bidirectional marks and other invisible format characters (which reverse
or hide the text after them), and unassigned or private code points. A
refusal never echoes a bad name raw: it names the player by number and the
character by its code; a long name is shortened.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from accessible_dice.errors import N_, InvalidInput

MAX_NAME = 30
#: Player names that start with this (any case) are computer players.
COMPUTER_PREFIX = "cpu"
#: How much of an over-long name a refusal repeats.
SHOWN = 20
#: Unicode categories that never belong in a name: controls, format characters (bidi marks,
#: zero-width characters), surrogates (undecodable bytes), private use, unassigned,
#: and line or paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class EmptyName(InvalidInput):
    # Translators: a player's name was left empty, e.g. "Anna,,Ben".
    template = N_("Every name needs at least one letter; put commas between names.")


class NameTooLong(InvalidInput):
    # Translators: {name} is the start of the name typed, ending in "…"; {limit} the longest allowed.
    template = N_("The name {name} is longer than {limit} characters.")


class NameTwice(InvalidInput):
    # Translators: two players were given the same name.
    template = N_("{name} appears twice; give each player a different name.")


class InvisibleInName(InvalidInput):
    # Translators: a name holds a control character, an escape sequence or a direction mark;
    # {number} is the name's place in the list, from 1; {position} the character's place in it, from 1;
    # {code} the character's code, like U+001B.
    template = N_("Name {number} holds a control or invisible character ({code}, character {position}); "
                  "a name can hold letters, digits, spaces and punctuation.")


def is_computer(name: str) -> bool:
    return name.casefold().startswith(COMPUTER_PREFIX)


def computer_seats(players: Sequence[str]) -> frozenset[int]:
    """The seats (from 0) of the computer players among ``players``."""
    return frozenset(seat for seat, name in enumerate(players) if is_computer(name))


def shortened(text: str, limit: int = SHOWN) -> str:
    """``text`` as a refusal may repeat it: at most ``limit`` characters, an ellipsis after a cut."""
    return text if len(text) <= limit else text[:limit] + "…"


def check_name_list(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` (already split), each checked: not empty, not too long, nothing invisible, none twice."""
    seen: set[str] = set()
    for number, name in enumerate(names, start=1):
        for position, character in enumerate(name, start=1):
            if unicodedata.category(character) in REFUSED_CATEGORIES:
                raise InvisibleInName(number=number, position=position, code=f"U+{ord(character):04X}")
        if not name.strip():
            raise EmptyName()
        if len(name) > MAX_NAME:
            raise NameTooLong(name=shortened(name), limit=MAX_NAME)
        if name.casefold() in seen:
            raise NameTwice(name=name)
        seen.add(name.casefold())
    return tuple(names)


def check_names(text: str) -> tuple[str, ...]:
    """Player names from ``Anna, Ben``, each checked as :func:`check_name_list` says."""
    return check_name_list([name.strip() for name in text.split(",")])
