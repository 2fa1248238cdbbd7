"""numpy, for the strategies that solve with arrays (Yatzy, Storeslem), loaded so it leaves Ctrl+C alone.

numpy's OpenBLAS starts a thread per core as it loads, and a thread takes
the signal mask of the one that started it; loaded with the ending signals
held (:func:`accessible_dice.threads.held`), those threads never take
Ctrl+C from the main thread.
"""

from __future__ import annotations

from accessible_dice import threads

with threads.held():
    import numpy as np

__all__ = ["np"]
