"""How fast does a key reach the speaker in the window? Run: ``python benchmarks/window_latency.py``.

Posts key presses into the window's event queue (SDL's dummy video driver,
so no display is needed) and times each from the moment it is posted to the
moment the window hands its words to the speaker, then to the end of the
frame drawn after it. The keys are those a player presses most: focus moves
along a Yatzy scorecard (Left, Right, Up, Down), review keys (D, T) and
holding dice (1 to 5). The baseline, measured in the same run, is one empty
iteration of the window's loop (no event: fetch the queue, check the timers).

The speaker is the real one (``--speech``, default ``text`` into a buffer),
so its own queueing is included. Results and their meaning: docs/performance.md.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("ACCESSIBLE_DICE_DATA", tempfile.mkdtemp(prefix="window-latency-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from accessible_dice.presentation.i18n import language
from accessible_dice.session import new_session
from accessible_dice.speech import Speaker
from accessible_dice.ui.window import Window
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.utterance import Utterance

KEYS = [(pygame.K_RIGHT, ""), (pygame.K_LEFT, ""), (pygame.K_DOWN, ""), (pygame.K_UP, ""),
        (pygame.K_d, "d"), (pygame.K_t, "t"), (pygame.K_1, "1"), (pygame.K_1, "1")]


class Stopwatch:
    """Wraps the speaker: notes when each utterance reaches it."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.heard: float | None = None

    def speak(self, utterance: Utterance) -> None:
        self.speaker.speak(utterance)
        if self.heard is None:
            self.heard = time.perf_counter()

    def silence(self) -> None:
        self.speaker.silence()

    def is_speaking(self) -> bool:
        return self.speaker.is_speaking()

    def close(self) -> None:
        self.speaker.close()


def median_ms(samples: list[float]) -> float:
    return 1000 * statistics.median(samples)


def percentile_ms(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(presses: int, speech: str, size: tuple[int, int]) -> tuple[str, dict[str, list[float]]]:
    speaker = Speaker(speech, stream=io.StringIO())
    backend = speaker.backend
    watch = Stopwatch(speaker)
    window = Window(language("en"), watch, pace=0)  # type: ignore[arg-type]
    window.open(size)
    session = new_session("yatzy", ["Anna", "Ben"], {}, seed=1)
    screen = GameScreen(window, session)
    window.push(screen)
    press: Callable[[int, str], None] = lambda key, text: pygame.event.post(  # noqa: E731
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    press(pygame.K_r, "r")
    window.pump()
    window.frame()
    to_speaker, to_frame, empty = [], [], []
    for n in range(presses):
        key, text = KEYS[n % len(KEYS)]
        watch.heard = None
        start = time.perf_counter()
        press(key, text)
        for event in pygame.event.get():
            window.handle(event)
        window.tick()
        assert watch.heard is not None, "every key is answered"
        to_speaker.append(watch.heard - start)
        window.frame()
        to_frame.append(time.perf_counter() - start)
        # The baseline: the same loop with nothing to do.
        start = time.perf_counter()
        for event in pygame.event.get():
            window.handle(event)
        window.tick()
        empty.append(time.perf_counter() - start)
    window.close()
    speaker.close()
    return backend, {"speaker": to_speaker, "frame": to_frame, "empty": empty}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=2000, help="key presses to time [2000]")
    parser.add_argument("--speech", default="text", help="speech output, as --speech [text]")
    parser.add_argument("--size", default="1920x1080", help="window size [1920x1080]")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    backend, times = measure(args.presses, args.speech, (width, height))
    speaker, frame, empty = (median_ms(times[k]) for k in ("speaker", "frame", "empty"))
    print(f"{args.presses} key presses, speech {args.speech} (speaking through {backend}), window {width}x{height}")
    print(f"key -> speaker: median {speaker:.3f} ms, 95th percentile {percentile_ms(times['speaker'], 0.95):.3f} ms")
    print(f"key -> frame drawn: median {frame:.3f} ms, 95th percentile {percentile_ms(times['frame'], 0.95):.3f} ms")
    print(f"baseline, an empty loop iteration: median {empty:.4f} ms")
    print(f"ratio key -> speaker / empty iteration: {speaker / empty:.0f}x")
    sys.exit(0 if speaker < 10 else 1)


if __name__ == "__main__":
    main()
