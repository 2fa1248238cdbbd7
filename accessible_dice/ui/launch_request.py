"""What the command line asked for, checked: the request the launch code (``ui/launch.py``) carries out.

It lives beside the launching code, not in ``cli.py``, so the front ends
that are launched never import the command line back.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from accessible_dice.settings import Settings


@dataclass(frozen=True)
class Launch:
    """Everything the command line asked for, checked."""

    game: str | None = None
    players: tuple[str, ...] = ()
    ui: str = "auto"
    speech: str = "auto"
    lang: str | None = None
    dice: str = "random"
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    verbosity: str = "normal"
    resume: bool = False
    #: ``--history``: print the score history and stop.
    history: bool = False
    #: ``--listen`` (with ``--ui web``): the other devices at the table join over the local network.
    listen: bool = False
    #: ``--self-test``: check what works on this computer, print it, and stop (self_test.py).
    self_test: bool = False
    #: ``--port`` (with ``--ui web``): the port the page is served on; 0 for a free one.
    port: int = 0
    #: The flags given on the command line among those the settings or a save also hold
    #: (``lang``, ``speech``, ``verbosity``, ``dice``): a flag wins over the setting, and
    #: ``--dice`` over the dice a continued game was saved with.
    given: frozenset[str] = frozenset()

    def with_settings(self, chosen: Settings) -> Launch:
        """This launch with the player's settings where no flag was given."""
        remembered: dict[str, Any] = {"lang": None if chosen.language == "auto" else chosen.language,
                                      "speech": chosen.speech, "verbosity": chosen.verbosity}
        return dataclasses.replace(self, **{k: v for k, v in remembered.items() if k not in self.given})


#: A room on the command line: an id (``!abc:server``), an alias (``#name:server``), or either in a matrix.to link.
ROOM = re.compile(r"(?:https://matrix\.to/#/)?([!#][^:\s/]{1,255}:[^\s/?]{1,255})")


@dataclass(frozen=True)
class Online:
    """``accessible-dice online``, checked: what to do, the table asked for, how to speak."""

    launch: Launch
    #: ``logout``: forget the sign-in; ``None``: the online menu, or the table asked for.
    action: str | None = None
    #: ``--table ROOM``: go straight to this table.
    table: str | None = None
