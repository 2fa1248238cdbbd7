"""Shared test set-up: keep every test away from the real user's files and devices."""

from __future__ import annotations

import os
import tempfile

# No test may open a real window or sound device, or touch the player's data or settings.
os.environ.setdefault("ACCESSIBLE_DICE_DATA", tempfile.mkdtemp(prefix="accessible-dice-data-"))
os.environ.setdefault("ACCESSIBLE_DICE_CONFIG", tempfile.mkdtemp(prefix="accessible-dice-config-"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
