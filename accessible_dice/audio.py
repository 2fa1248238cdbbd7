"""One pygame mixer for sound cues and the built-in voice.

Both play through the same mixer so speech and cues mix, and speech can be
cut off at once. A machine without an audio device (a server, CI, a broken
driver) must never stop the game: :func:`ensure_mixer` then answers ``False``
and everything that would have played stays silent.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading

FREQUENCY = 44_100
CHANNELS = 16
#: The mixer channel kept for the built-in voice, so cues never steal it.
SPEECH_CHANNEL = 0

_lock = threading.Lock()
_state: dict[str, bool] = {}
_keep: list[object] = []


def _quiet_alsa() -> None:
    """Stop ALSA's C library printing its errors on the terminal.

    Without a sound card, libasound writes eight lines of "cannot find card"
    to standard error while SDL looks for a device; in a terminal a screen
    reader reads them all out. SDL loads the same libasound, so one error
    handler that drops the messages silences it for the whole process.
    """
    if not sys.platform.startswith("linux") or _keep:
        return
    try:
        alsa = ctypes.CDLL("libasound.so.2")
    except OSError:
        return
    handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                                    ctypes.c_char_p)
    handler = handler_type(lambda *_: None)
    alsa.snd_lib_error_set_handler(handler)
    _keep.append(handler)  # the C library holds a pointer to it for good


def ensure_mixer() -> bool:
    """Start the mixer once; ``False`` (and silence) when there is no audio."""
    with _lock:
        if "ready" in _state:
            return _state["ready"]
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        _quiet_alsa()
        try:
            import pygame

            pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(SPEECH_CHANNEL + 1)
            _state["ready"] = True
        except Exception:
            _state["ready"] = False
        return _state["ready"]


def speech_channel():  # -> pygame.mixer.Channel | None
    """The reserved channel for speech, or ``None`` without audio."""
    if not ensure_mixer():
        return None
    import pygame

    return pygame.mixer.Channel(SPEECH_CHANNEL)


def reset_for_tests() -> None:
    """Forget the mixer so a test can start it again under another driver."""
    with _lock:
        if _state.pop("ready", False):
            import pygame

            pygame.mixer.quit()
