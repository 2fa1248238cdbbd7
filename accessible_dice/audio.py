"""One pygame mixer for sound cues and the built-in voice.

Both play through the same mixer so speech and cues mix, and speech can be
cut off at once. A machine without an audio device (a server, CI, a broken
driver) must never stop the game: :func:`ensure_mixer` then answers ``False``
and everything that would have played stays silent.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

FREQUENCY = 44_100
CHANNELS = 16
#: The mixer channel kept for the built-in voice, so cues never steal it.
SPEECH_CHANNEL = 0

_lock = threading.Lock()
_state: dict[str, bool] = {}


def leave_signals_alone() -> None:
    """Tell SDL not to take SIGINT and SIGTERM; call it before any part of SDL starts.

    SDL's own handler turns them into a quit event that only a window's event
    loop reads: in the terminal, SIGTERM (a logout, a shutdown) was then
    ignored once the mixer had started. The program handles both itself
    (``ui.launch``).
    """
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")


@contextmanager
def _quiet_c_stderr() -> Iterator[None]:
    """Keep C libraries from writing to the terminal while the device is opened.

    Without a sound card, ALSA's C library writes eight lines of "cannot find
    card" to standard error while SDL looks for a device; in a terminal a
    screen reader reads them all out. Python's own ``sys.stderr`` is not
    involved, so the file descriptor itself is pointed at the null device for
    the few milliseconds the mixer takes to open. (An ALSA error handler set
    through ctypes would be more precise, but its callback needs the GIL while
    SDL holds the device lock, and deadlocks with any other Python thread.)
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def ensure_mixer() -> bool:
    """Start the mixer once; ``False`` (and silence) when there is no audio."""
    with _lock:
        if "ready" in _state:
            return _state["ready"]
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        leave_signals_alone()
        try:
            import pygame

            with _quiet_c_stderr():
                pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(SPEECH_CHANNEL + 1)
            _state["ready"] = True
        except Exception:
            _state["ready"] = False
        return _state["ready"]


def retry_mixer() -> None:
    """Forget that the mixer could not start, so the next :func:`ensure_mixer` tries again (a device may be back)."""
    with _lock:
        if _state.get("ready") is False:
            del _state["ready"]


def speech_channel():  # -> pygame.mixer.Channel | None
    """The reserved channel for speech, or ``None`` without audio."""
    if not ensure_mixer():
        return None
    import pygame

    return pygame.mixer.Channel(SPEECH_CHANNEL)


def shutdown() -> None:
    """Close the mixer; the next :func:`ensure_mixer` opens it again (a test, under another driver).

    The program calls it last, from the main thread, once the voice and the
    cues are closed and no other thread plays anything. Left open, the mixer
    would be closed while Python itself is ending, and SDL's sound thread,
    which takes Python's lock when a sound ends, could be stopped by Python
    while it holds SDL's lock: the program then hangs at its very end
    (newcomer.md finding 1; tests/test_stress.py plays that game 200 times).

    Every channel is stopped first. pygame-ce's ``mixer.quit`` takes SDL's
    lock (``Mix_ChannelFinished``) while it holds Python's, and a sound
    ending on SDL's thread at that moment holds SDL's lock and waits for
    Python's: both wait for ever (seen once in about 2,500 CI runs; gdb
    showed both threads). ``mixer.stop`` ends them all from here with
    Python's lock let go, so none is left to end during ``quit``.
    """
    with _lock:
        if _state.pop("ready", False):
            import pygame

            if pygame.mixer.get_init() is not None:  # else closed already, by ``pygame.quit``
                pygame.mixer.stop()
                pygame.mixer.quit()

