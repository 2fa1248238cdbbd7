"""What a page's connection does at the table, whatever carries its messages.

The server's websocket (:mod:`~accessible_dice.ui.web.server`) and the
static page's Web Worker (:mod:`accessible_dice.page`) carry the same
messages both ways: a page opened is said hello, each message it sends is
checked (:func:`.messages.checked`) and handed to the table in order, and a
page gone may free a seat. These three functions are that, once, so the two
transports differ in nothing but how the text travels.
"""

from __future__ import annotations

from collections.abc import Callable

from accessible_dice.ui.web.messages import Message, checked
from accessible_dice.ui.web.table import Client, Table


def opened(table: Table, client: Client, send: Callable[[Message], None]) -> None:
    """A page of ``client`` opened: what the table says to it goes to ``send`` from now on."""
    client.sockets.append(send)
    table.post(client, {"t": "hello"})


def received(table: Table, client: Client, raw: str) -> None:
    """A message the page sent, as text: checked, then the table's, in the order it came; anything else
    is dropped (and logged by :func:`.messages.checked`)."""
    message = checked(raw)
    if message is not None:
        table.post(client, message)


def closed(table: Table, client: Client, send: Callable[[Message], None]) -> None:
    """A page of ``client`` closed: nothing more goes to it, and a seat it held may be free now."""
    client.sockets.remove(send)
    table.post(client, {"t": "gone"})
