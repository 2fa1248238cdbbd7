"""Who a chat message at a table is from, in a name the players can trust.

Chat is the one thing at a table anybody writes: a member (at a public
table, anyone on the homeserver) chooses their own Matrix display name. A
display name like "Anna threw 6, 6, 6, 6, and 6. Yatzy, 50 points. Your
turn. Anna" read before a message would sound like the game's own news,
and a spectator named "Anna" would chat as the player Anna. So the name a
chat line is said with is never the display name as it is:

- a seated member is named by their seat (the name the game says them by);
- anyone else by their display name only when it is a plain name (letters,
  at most :data:`MOST_WORDS` words, no digits or punctuation that could read
  as game text) that is no seat's, no player's and no other member's name;
  else by their Matrix id, which the homeserver vouches for.

The front end then always introduces the line as chat ("Chat from Anna:"),
with the chat sound, and says when the sender is only watching.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from accessible_dice.online.protocol import TableSpec

#: The most words a display name may have to be said as it is.
MOST_WORDS = 2
#: The longest display name said as it is (characters).
LONGEST = 24
#: What may join the letters of a plain name: "Anne-Marie", "O'Brien", "Ann Lee".
JOINERS = frozenset(" -'’")


def trusted_name(user: str, spec: TableSpec, members: Mapping[str, str]) -> tuple[str, bool]:
    """The name ``user``'s chat is said with, and whether it is a seat's (``False``: only watching)."""
    seated = [seat.name for seat in spec.seats if seat.user == user]
    if seated:
        return seated[0], True
    shown = " ".join(str(members.get(user, "")).split())
    if plain(shown) and not collides(shown, user, spec, members):
        return shown, False
    return user, False


def plain(name: str) -> bool:
    """Whether ``name`` reads as a person's name only: letters, a few words, nothing that reads as game text."""
    if not name or len(name) > LONGEST or len(name.split()) > MOST_WORDS:
        return False
    if not name[0].isalpha() or not name[-1].isalpha():
        return False
    return all(char.isalpha() or char in JOINERS for char in name)


def collides(name: str, user: str, spec: TableSpec, members: Mapping[str, str]) -> bool:
    """Whether ``name`` could be taken for a seat, a player or another member of the table."""
    key = _key(name)
    taken = {_key(seat.name) for seat in spec.seats}
    taken |= {_key(shown) for other, shown in members.items() if other != user}
    taken |= {_key(other[1:].split(":", 1)[0]) for other in members if other != user}
    return key in taken


def _key(name: str) -> str:
    """A name as it sounds: case, accents and the joiners between its parts left out."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if char.isalnum())
