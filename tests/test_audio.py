"""The shared mixer with the machine's own audio driver, as a player starts it.

Other tests pin SDL to its dummy driver; these let SDL find the real device
(on CI: none), because that is where ALSA's C library used to print to the
terminal and where a ctypes error handler once deadlocked against a second
Python thread (Yatzy's strategy table builds in one).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_without_driver_pin(args: list[str], typed: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(ACCESSIBLE_DICE_DATA=str(data), ACCESSIBLE_DICE_CONFIG=str(data / "config"),
               ACCESSIBLE_DICE_STRATEGY_CACHE=str(data / "strategy"), TERM="dumb")
    return subprocess.run([sys.executable, "-m", "accessible_dice", *args], input=typed, capture_output=True,
                          text=True, env=env, timeout=60)


def test_opening_the_sound_device_neither_hangs_nor_prints_on_the_terminal(tmp_path: Path) -> None:
    done = run_without_driver_pin(["--game", "yatzy", "--ui", "console", "--speech", "text", "--dice", "manual",
                                   "--players", "Anna,Ben"], "roll 3 3 5 2 3\n", tmp_path)
    assert done.returncode == 0
    assert "Anna threw 3, 3, 5, 2, and 3. 2 throws left." in done.stdout
    assert "ALSA" not in done.stderr and "ALSA" not in done.stdout
    assert "Traceback" not in done.stderr


def test_the_mixer_answers_whether_audio_works_and_never_raises(tmp_path: Path) -> None:
    code = ("from accessible_dice import audio; ready = audio.ensure_mixer(); "
            "channel = audio.speech_channel(); "
            "print(ready, channel is not None, audio.ensure_mixer() is ready)")
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["True", "True", "True"]
    env["SDL_AUDIODRIVER"] = "no-such-driver"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["False", "False", "True"]
