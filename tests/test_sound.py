"""Sound cues: the generated files, the generator's check, and real playback.

Playback runs through real pygame. Tests that need a particular SDL audio
driver run in a subprocess (the ``disk`` driver, which writes what was played
to a file) or reset the shared mixer around themselves (``dummy``, or a
driver that does not exist), so no driver choice leaks into other tests.
"""

from __future__ import annotations

import array
import hashlib
import importlib.util
import itertools
import json
import math
import os
import shutil
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from accessible_dice import audio
from accessible_dice.sound import CUE_MEANINGS, SoundPlayer, pan, read_wav, resample, sounds_dir, spread
from accessible_dice.utterance import Cue

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "make_sounds.py"


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_sounds", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_sounds = _load_tool()
WAVS = sorted(sounds_dir().glob("*.wav"))


def dbfs(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9) / make_sounds.FULL_SCALE)


def zero_crossings(samples: array.array) -> int:
    return sum(1 for a, b in itertools.pairwise(samples) if (a < 0) != (b < 0))


# --- the files -----------------------------------------------------------------


def test_AU_01_every_cue_has_one_file_and_a_text_equivalent() -> None:
    """AU-01: every cue maps to a message; the generator, the player and sounds/ agree."""
    assert {path.stem for path in WAVS} == set(make_sounds.CUES) == set(CUE_MEANINGS)
    assert all(meaning.strip() for meaning in CUE_MEANINGS.values())
    assert len(set(CUE_MEANINGS.values())) == len(CUE_MEANINGS)


def test_the_sounds_folder_is_found_in_a_checkout() -> None:
    assert sounds_dir() == ROOT / "sounds"


def test_the_sounds_folder_is_found_in_an_installed_package(tmp_path: Path) -> None:
    """Installed, pyproject puts sounds/ at accessible_dice/_sounds; no checkout around it."""
    site = tmp_path / "site-packages"
    shutil.copytree(ROOT / "accessible_dice", site / "accessible_dice", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "sounds", site / "accessible_dice" / "_sounds")
    found = subprocess.run(
        [sys.executable, "-c", "from accessible_dice.sound import sounds_dir; print(sounds_dir())"],
        env=dict(os.environ, PYTHONPATH=str(site)), cwd=tmp_path, capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert Path(found) == site / "accessible_dice" / "_sounds"


@pytest.mark.parametrize("path", WAVS, ids=lambda p: p.stem)
def test_a_cue_file_is_short_16_bit_44k1(path: Path) -> None:
    with wave.open(str(path)) as file:
        assert (file.getframerate(), file.getsampwidth(), file.getnchannels()) == (44_100, 2, 1)
        seconds = file.getnframes() / file.getframerate()
    assert 0.1 < seconds <= (1.3 if path.stem == "win" else 0.7)


@pytest.mark.parametrize("path", WAVS, ids=lambda p: p.stem)
def test_a_cue_is_normalised_without_clipping_or_clicks(path: Path) -> None:
    samples, _rate = read_wav(path)
    peak = max(abs(s) for s in samples)
    loudness = make_sounds.loudness([s / make_sounds.FULL_SCALE for s in samples])
    assert peak < make_sounds.FULL_SCALE, "clipped"
    assert dbfs(peak) <= make_sounds.PEAK_DBFS + 0.01
    # At the peak level, or turned down to exactly the loudness ceiling.
    assert dbfs(peak) >= make_sounds.PEAK_DBFS - 0.05 or abs(loudness - make_sounds.LOUDNESS_DBFS) < 0.1
    assert loudness > -30, "nearly silent"
    # Faded in and out: no jump from or to silence at either end.
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200


def test_AU_04_no_two_cues_share_a_file_hash() -> None:
    """AU-04's automatic check: every cue is its own sound."""
    digests = {hashlib.sha256(path.read_bytes()).hexdigest() for path in WAVS}
    assert len(digests) == len(WAVS)


# --- the generator ---------------------------------------------------------------


def test_the_committed_files_are_what_the_generator_makes() -> None:
    result = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_the_generator_is_deterministic() -> None:
    assert make_sounds.render("dice_shake") == make_sounds.render("dice_shake")


def test_the_check_finds_changed_missing_and_stray_files(tmp_path: Path) -> None:
    # The committed files are what the generator makes (tested above), so they stand in for it here.
    rendered = {path.name: path.read_bytes() for path in WAVS}
    for name, data in rendered.items():
        (tmp_path / name).write_bytes(data)
    assert make_sounds.problems(tmp_path, rendered) == []

    def nudge(name: str, by: int) -> None:
        with wave.open(str(tmp_path / name)) as file:
            params, samples = file.getparams(), array.array("h", file.readframes(file.getnframes()))
        samples[len(samples) // 2] += by
        with wave.open(str(tmp_path / name), "wb") as file:
            file.setparams(params)
            file.writeframes(samples.tobytes())

    nudge("bonus.wav", 1)
    assert make_sounds.problems(tmp_path, rendered) == [], "one step of rounding is not a change"
    nudge("strike.wav", 3)
    (tmp_path / "win.wav").unlink()
    shutil.copy(tmp_path / "bonus.wav", tmp_path / "old.wav")
    assert make_sounds.problems(tmp_path, rendered) == [
        "missing: win.wav",
        "not made by this script: old.wav",
        "differs: strike.wav",
    ]


# --- pitch and panning, as plain functions -----------------------------------------


def test_pitch_shift_raises_pitch_and_shortens_the_cue() -> None:
    samples, _rate = read_wav(sounds_dir() / "other_turn.wav")
    up = resample(samples, 2 ** (7 / 12))
    octave = resample(samples, 2.0)
    rate = zero_crossings(samples) / len(samples)
    assert zero_crossings(up) / len(up) == pytest.approx(rate * 2 ** (7 / 12), rel=0.03)
    assert zero_crossings(octave) / len(octave) == pytest.approx(rate * 2, rel=0.03)
    assert len(octave) == pytest.approx(len(samples) / 2, abs=1)
    assert resample(samples, 1.0) == samples


def test_panning_goes_from_left_to_right_at_equal_power() -> None:
    assert pan(0.0) == pytest.approx((1.0, 0.0))
    assert pan(1.0) == pytest.approx((0.0, 1.0), abs=1e-9)
    assert pan(None) == pan(0.5) == pytest.approx((math.sqrt(0.5), math.sqrt(0.5)))
    rights = [pan(i / 9)[1] for i in range(10)]  # flaps 1..10
    assert rights == sorted(rights) and len(set(rights)) == 10
    assert all(left**2 + right**2 == pytest.approx(1.0) for left, right in map(pan, (0.1, 0.3, 0.8)))
    assert pan(-3) == pan(0.0) and pan(7) == pan(1.0)


def test_a_mono_cue_is_copied_to_every_channel() -> None:
    samples = array.array("h", [1, -2, 3])
    assert array.array("h", spread(samples, 2)) == array.array("h", [1, 1, -2, -2, 3, 3])
    assert array.array("h", spread(samples, 1)) == samples


# --- playback under SDL's dummy driver, in this process --------------------------


@pytest.mark.usefixtures("dummy_mixer")
def test_every_cue_loads_and_plays_in_pygame() -> None:
    import pygame

    player = SoundPlayer()
    for path in WAVS:
        assert pygame.mixer.Sound(str(path)).get_length() > 0.1  # pygame's own reader takes the file
        cue = Cue(path.stem, position=0.3, pitch=2)
        player.play(cue)
        playing = {n: pygame.mixer.Channel(n).get_sound() for n in range(pygame.mixer.get_num_channels())}
        assert playing.pop(audio.SPEECH_CHANNEL) is None, "cues must leave the speech channel alone"
        assert player.length(cue) in [sound.get_length() for sound in playing.values() if sound is not None]


@pytest.mark.usefixtures("dummy_mixer")
def test_more_cues_than_channels_take_the_oldest_channel_never_speech() -> None:
    import pygame

    player = SoundPlayer()
    for i in range(40):
        player.play(Cue("win", position=(i % 10) / 9))
    assert not pygame.mixer.Channel(audio.SPEECH_CHANNEL).get_busy()
    assert pygame.mixer.get_busy()


@pytest.mark.usefixtures("dummy_mixer")
def test_muted_plays_nothing() -> None:
    import pygame

    player = SoundPlayer(muted=True)
    player.play(Cue("win"))
    assert not pygame.mixer.get_busy()
    player.muted = False
    player.play(Cue("win"))
    assert pygame.mixer.get_busy()


@pytest.mark.usefixtures("dummy_mixer")
def test_an_utterances_cues_play_one_after_another() -> None:
    import pygame

    def playing() -> list[float]:
        sounds = [pygame.mixer.Channel(n).get_sound() for n in range(pygame.mixer.get_num_channels())]
        return [round(sound.get_length(), 2) for sound in sounds if sound is not None]

    player = SoundPlayer()
    strike, win = Cue("strike"), Cue("win", position=1.0)
    assert player.length(strike) == pytest.approx(0.26, abs=0.01)
    player.play_all([strike, win])
    assert playing() == [0.26], "the second cue waits for the first"
    time.sleep(0.5)
    assert playing() == [1.24]


def test_a_cue_keeps_its_length_and_volume_at_any_mixer_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mixer may open at another rate or in mono; cues are converted, not sped up."""
    import pygame

    audio.shutdown()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    try:
        pygame.mixer.init(frequency=22_050, size=-16, channels=1)
        assert audio.ensure_mixer() and pygame.mixer.get_init() == (22_050, -16, 1)
        player = SoundPlayer()
        assert player.length(Cue("flap_shut")) == pytest.approx(0.3, abs=0.01)
        assert player.length(Cue("flap_shut", pitch=12)) == pytest.approx(0.15, abs=0.01)
        player.volume = 0.5
        player.play(Cue("flap_shut", position=0.0))
        playing = [pygame.mixer.Channel(n) for n in range(pygame.mixer.get_num_channels())]
        # A mono device cannot pan, so the volume alone carries the gain: that of a centred cue.
        assert [c.get_volume() for c in playing if c.get_busy()] == [pytest.approx(0.5 * math.sqrt(0.5), abs=0.01)]
    finally:
        audio.shutdown()


def test_without_an_audio_device_everything_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    audio.shutdown()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_driver")
    try:
        assert not audio.ensure_mixer()
        player = SoundPlayer()
        for name in CUE_MEANINGS:
            player.play(Cue(name, position=0.0, pitch=3))
        player.volume, player.ducked, player.muted = 0.5, True, True
    finally:
        audio.shutdown()


@pytest.mark.usefixtures("dummy_mixer")
def test_a_broken_or_unknown_cue_never_raises_into_the_game(tmp_path: Path, caplog) -> None:
    (tmp_path / "win.wav").write_bytes(b"not a wav file")
    SoundPlayer(folder=tmp_path).play(Cue("win"))
    SoundPlayer(folder=tmp_path).play(Cue("flap_shut"))
    SoundPlayer().play(Cue("no_such_cue"))
    assert len([r for r in caplog.records if r.name == "accessible_dice.sound"]) == 3


@pytest.mark.usefixtures("dummy_mixer")
def test_cues_still_due_when_the_mixer_shuts_at_exit_stay_silent(caplog) -> None:
    """pygame.quit runs at exit; the later cues of an utterance then find no mixer, and must not fail."""
    import pygame

    player = SoundPlayer()
    player.play_all([Cue("strike"), Cue("flap_shut"), Cue("win")])
    pygame.mixer.quit()
    time.sleep(0.8)  # both waiting cues come due (0.26 s and about 0.56 s in)
    assert not [r for r in caplog.records if r.name == "accessible_dice.sound"]
    assert player.length(Cue("win")) == 0.0
    player.play(Cue("win"))
    player.volume = 0.5  # follows at once on playing cues: none, and no mixer to ask


@pytest.mark.usefixtures("dummy_mixer")
def test_closing_the_player_drops_the_cues_still_waiting() -> None:
    import pygame

    player = SoundPlayer()
    player.play_all([Cue("strike"), Cue("win")])
    player.close()
    pygame.mixer.stop()
    time.sleep(0.5)
    assert not pygame.mixer.get_busy(), "the waiting cue was dropped"
    player.play(Cue("win"))
    assert not pygame.mixer.get_busy(), "a closed player plays nothing"


def test_volume_and_duck_level_stay_between_0_and_1() -> None:
    player = SoundPlayer(volume=3, duck_level=-1)
    assert player.volume == 1.0 and player.duck_level == 0.0
    player.volume = 0.5
    assert player.gain() == 0.5
    player.duck_level, player.ducked = 0.4, True
    assert player.gain() == pytest.approx(0.2)
    player.duck_level = 2
    assert player.gain() == 0.5
    player.muted = True
    assert player.gain() == 0.0


# --- what really comes out: SDL's disk driver, in a subprocess -------------------------

PLAY_TO_DISK = """
import json, os, sys, time
from accessible_dice import audio
from accessible_dice.settings import Settings
from accessible_dice.sound import SoundPlayer
from accessible_dice.utterance import Cue
import pygame

folder, scenarios = sys.argv[1], json.loads(sys.argv[2])
for name, s in scenarios.items():
    os.environ["SDL_DISKAUDIOFILE"] = os.path.join(folder, name + ".raw")
    assert audio.ensure_mixer()
    player = SoundPlayer()
    for key, value in s.get("settings", {}).items():
        setattr(player, key, value)
    if "chosen" in s:
        chosen = Settings()
        for key, value in s["chosen"].items():
            chosen = chosen.changed(key, value)
        player.follow(chosen)
    player.play(Cue(s["cue"], s.get("position"), s.get("pitch")))
    for key, value in s.get("after", {}).items():
        setattr(player, key, value)
    time.sleep(0.02)
    while pygame.mixer.get_busy():
        time.sleep(0.005)
    audio.shutdown()
"""

SCENARIOS = {
    "left": {"cue": "flap_shut", "position": 0.0},
    "right": {"cue": "flap_shut", "position": 1.0},
    "centre": {"cue": "flap_shut"},
    "octave_up": {"cue": "flap_shut", "pitch": 12},
    "mono_left": {"cue": "flap_shut", "position": 0.0, "chosen": {"sound-mono": "yes"}},
    "mono_right_high": {"cue": "flap_shut", "position": 1.0, "pitch": 12, "chosen": {"sound-mono": "yes"}},
    "balance_left": {"cue": "flap_shut", "chosen": {"sound-balance": "0"}},
    "balance_quarter": {"cue": "flap_shut", "chosen": {"sound-balance": "25"}},
    "mono_balance_right": {"cue": "flap_shut", "position": 0.0,
                           "chosen": {"sound-mono": "yes", "sound-balance": "100"}},
    "balance_moved_while_playing": {"cue": "win", "after": {"balance": 0.0}},
    "muted": {"cue": "flap_shut", "settings": {"muted": True}},
    "half_volume": {"cue": "flap_shut", "settings": {"volume": 0.5}},
    "ducked": {"cue": "flap_shut", "settings": {"duck_level": 0.3, "ducked": True}},
    "win": {"cue": "win"},
    "win_ducked_while_playing": {"cue": "win", "after": {"ducked": True}},
}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[array.array, array.array]]:
    """Each scenario as the (left, right) samples the disk driver wrote."""
    folder = tmp_path_factory.mktemp("disk")
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIODELAY="1", PYTHONPATH=str(ROOT))
    subprocess.run(
        [sys.executable, "-c", PLAY_TO_DISK, str(folder), json.dumps(SCENARIOS)],
        env=env, cwd=ROOT, check=True, capture_output=True, timeout=60,
    )
    out = {}
    for name in SCENARIOS:
        data = array.array("h", (folder / f"{name}.raw").read_bytes())
        out[name] = (data[0::2], data[1::2])
    return out


def peak(samples: array.array) -> int:
    return max(map(abs, samples), default=0)


def heard(samples: array.array) -> array.array:
    """The stretch from the first to the last sample above a whisper."""
    loud = [i for i, s in enumerate(samples) if abs(s) > 300]
    return samples[loud[0] : loud[-1] + 1]


def test_a_cue_panned_fully_left_is_silent_on_the_right(played) -> None:
    left, right = played["left"]
    assert peak(left) > 20_000 and peak(right) < 100
    left, right = played["right"]
    assert peak(right) > 20_000 and peak(left) < 100


def test_a_centred_cue_is_equally_loud_on_both_sides(played) -> None:
    left, right = played["centre"]
    assert left == right and peak(left) == pytest.approx(peak(played["left"][0]) * math.sqrt(0.5), rel=0.02)


def test_AU_05_the_mono_setting_sends_the_same_signal_to_both_sides(played) -> None:
    """AU-05: with the player's setting sound-mono on, left and right buffers are identical,
    also for a cue from the far left, which in stereo is silent on the right."""
    left, right = played["mono_left"]
    assert peak(left) > 10_000 and left == right
    assert peak(left) == pytest.approx(peak(played["centre"][0]), rel=0.02)


def test_AU_05_in_mono_the_pitch_still_tells_the_position(played) -> None:
    """AU-05: no information is carried by stereo position alone: in mono a cue from the right
    (flap 9, pitched up) is still heard higher than one from the left."""
    left, right = played["mono_right_high"]
    assert left == right
    low, high = heard(played["mono_left"][0]), heard(left)
    assert zero_crossings(high) / len(high) > 1.6 * zero_crossings(low) / len(low)


def test_AU_05_the_balance_turns_one_side_down(played) -> None:
    """AU-05: balance 0 is the left side only, 25 halves the right; the left keeps its loudness."""
    centre = peak(played["centre"][0])
    left, right = played["balance_left"]
    assert peak(left) == pytest.approx(centre, rel=0.02) and peak(right) < 100
    left, right = played["balance_quarter"]
    assert peak(left) == pytest.approx(centre, rel=0.02)
    assert peak(right) == pytest.approx(centre / 2, rel=0.03)


def test_AU_05_mono_with_the_balance_right_plays_a_left_cue_on_the_right(played) -> None:
    """AU-05: one earphone on the right hears every cue, the leftmost flap too."""
    left, right = played["mono_balance_right"]
    assert peak(left) < 100 and peak(right) == pytest.approx(peak(played["centre"][0]), rel=0.02)


def test_AU_05_a_cue_already_playing_follows_the_balance(played) -> None:
    left, right = played["balance_moved_while_playing"]
    full = heard(played["win"][1])
    assert peak(right[len(full) // 2:len(full)]) < 100 and peak(left) > 10_000


def test_muted_writes_only_silence(played) -> None:
    left, right = played["muted"]
    assert peak(left) == peak(right) == 0


def test_AU_03_volume_scales_what_is_played(played) -> None:
    assert peak(played["half_volume"][0]) == pytest.approx(peak(played["centre"][0]) / 2, rel=0.03)


def test_a_higher_pitch_is_heard_higher_and_shorter(played) -> None:
    normal, octave = heard(played["centre"][0]), heard(played["octave_up"][0])
    assert len(octave) == pytest.approx(len(normal) / 2, rel=0.1)
    assert zero_crossings(octave) / len(octave) > 1.6 * zero_crossings(normal) / len(normal)


def test_SR_13_effects_step_back_while_speech_plays(played) -> None:
    """SR-13: ducking lowers effects, also those already playing."""
    assert peak(played["ducked"][0]) == pytest.approx(0.3 * peak(played["centre"][0]), rel=0.05)
    full, ducked = heard(played["win"][0]), heard(played["win_ducked_while_playing"][0])
    tail = len(full) // 2
    assert peak(ducked[-tail:]) == pytest.approx(0.3 * peak(full[-tail:]), rel=0.1)


@pytest.mark.usefixtures("dummy_mixer")
def test_the_mixer_is_closed_with_no_sound_left_to_end_on_sdls_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rare hang at the very end (CI, after a game with cues): no channel may still play when it closes.

    pygame-ce's ``mixer.quit`` takes SDL's lock while holding Python's; a
    cue ending at that moment, on SDL's thread, holds SDL's lock and waits
    for Python's. ``audio.shutdown`` stops every channel first, so when
    ``quit`` runs there is nothing left that could end.
    """
    import pygame

    player = SoundPlayer()
    for cue in ("win", "strike", "flap_shut", "dice_shake"):
        player.play(Cue(cue))
    assert pygame.mixer.get_busy()
    busy_at_quit: list[bool] = []
    quit_mixer = pygame.mixer.quit

    def watched_quit() -> None:
        busy_at_quit.append(bool(pygame.mixer.get_busy()))
        quit_mixer()

    monkeypatch.setattr(pygame.mixer, "quit", watched_quit)
    player.close()
    audio.shutdown()
    assert busy_at_quit == [False]
    assert pygame.mixer.get_init() is None
