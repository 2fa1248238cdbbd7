"""The announcements a player can step back through and hear again (CG-10, SR-05).

A cursor marks the announcement heard last by review. A new announcement
moves the cursor to itself, so "previous" always starts from what was said
last. The history is bounded so a long session never grows without limit.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from accessible_dice.utterance import Utterance

LIMIT = 500


class History:
    def __init__(self, limit: int = LIMIT) -> None:
        self._items: deque[Utterance] = deque(maxlen=limit)
        self._cursor = -1

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Utterance]:
        """Oldest first (a problem report writes them down)."""
        return iter(tuple(self._items))

    def add(self, utterance: Utterance) -> None:
        self._items.append(utterance)
        self._cursor = len(self._items) - 1

    def last(self) -> Utterance | None:
        """The announcement made last (what "repeat" says)."""
        return self._items[-1] if self._items else None

    def previous(self) -> Utterance | None:
        """One step back; stays on the oldest at the start."""
        return self._step(-1)

    def next(self) -> Utterance | None:
        """One step forward; stays on the newest at the end."""
        return self._step(1)

    def oldest(self) -> Utterance | None:
        return self._jump(0)

    def newest(self) -> Utterance | None:
        return self._jump(len(self._items) - 1)

    def at_edge(self, step: int) -> bool:
        """Whether a step of ``step`` would leave the history (so the player can be told)."""
        return not 0 <= self._cursor + step < len(self._items)

    def _step(self, step: int) -> Utterance | None:
        if not self._items:
            return None
        return self._jump(min(max(self._cursor + step, 0), len(self._items) - 1))

    def _jump(self, index: int) -> Utterance | None:
        if not self._items:
            return None
        self._cursor = index
        return self._items[index]
