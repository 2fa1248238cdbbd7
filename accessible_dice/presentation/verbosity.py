"""How much is said: ``brief`` (numbers only), ``normal`` (the default), ``full`` (with hints)."""

from __future__ import annotations

from enum import IntEnum


class Verbosity(IntEnum):
    """Ordered, so ``verbosity >= Verbosity.FULL`` reads as "at least full"."""

    BRIEF = 0
    NORMAL = 1
    FULL = 2

    @classmethod
    def named(cls, name: str) -> Verbosity:
        """The level called ``name`` (as on the command line); ``KeyError`` if none."""
        return cls[name.upper()]
