"""Sound cues through pygame's mixer: panned, pitched, with volume and mute.

The presentation hands over :class:`~accessible_dice.utterance.Cue` objects;
:class:`SoundPlayer` plays them from the WAV files in ``sounds/`` (made by
``tools/make_sounds.py``). Where a cue comes from is heard: ``position``
pans it from left to right, ``pitch`` raises it by semitones, so flap 9
sounds right of and higher than flap 2. Without an audio device every call
is silent and the game goes on (docs/spec/experience.md §4).

A cue is never the only carrier of information (checklist AU-01): every cue
name has a text equivalent in :data:`CUE_MEANINGS`.
"""

from __future__ import annotations

import array
import logging
import math
import threading
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from accessible_dice import audio, resources, threads
from accessible_dice.errors import N_
from accessible_dice.utterance import Cue

if TYPE_CHECKING:
    from accessible_dice.settings import Settings

log = logging.getLogger(__name__)

#: Every cue (a file stem in ``sounds/``) and what it means, so the log, a
#: muted game and a "what was that sound?" list can say it in words (AU-01).
CUE_MEANINGS: dict[str, str] = {
    # Translators: the meaning of a sound cue, shown in the list of the game's sounds.
    "dice_shake": N_("Dice shaken"),
    "dice_land": N_("Dice landed"),
    "flap_shut": N_("Flap shut"),
    "strike": N_("Number struck out"),
    "invalid": N_("Not allowed"),
    "your_turn": N_("Your turn"),
    "other_turn": N_("Another player's turn"),
    "life_lost": N_("Life lost"),
    "life_won": N_("Life won"),
    "bonus": N_("Bonus"),
    "round_end": N_("Round over"),
    "win": N_("Win"),
    "chat": N_("Chat message"),
}

#: A cue is never pitched further than this many semitones either way.
PITCH_LIMIT = 24
#: Effects are turned down to this share of their volume while speech plays.
DUCK_LEVEL = 0.3
#: The ``sound-during-speech`` setting as the share of their loudness effects keep while speech plays.
DUCK_LEVELS = {"lowered": DUCK_LEVEL, "muted": 0.0, "normal": 1.0}


def sounds_dir() -> Path:
    """The folder of cue files: ``accessible_dice._sounds`` installed, ``sounds/`` in a checkout."""
    return resources.data_folder("_sounds", "sounds")


def read_wav(path: Path) -> tuple[array.array, int]:
    """The samples (16-bit mono, native byte order) and sample rate of a cue file."""
    with wave.open(str(path), "rb") as file:
        if file.getnchannels() != 1 or file.getsampwidth() != 2:
            raise ValueError(f"{path} is not 16-bit mono")
        return array.array("h", file.readframes(file.getnframes())), file.getframerate()


def resample(samples: array.array, step: float) -> array.array:
    """Read ``samples`` ``step`` at a time, interpolating between neighbours.

    A step above 1 makes the sound shorter and higher, like a faster tape;
    done once per pitch and cached, so pure Python is fast enough.
    """
    if step == 1.0 or len(samples) < 2:
        return array.array("h", samples)
    last = len(samples) - 1
    n = int(last / step) + 1
    return array.array(
        "h",
        [
            round(samples[j] + (pos - j) * (samples[min(j + 1, last)] - samples[j]))
            for pos in (i * step for i in range(n))
            for j in (int(pos),)
        ],
    )


def spread(samples: array.array, channels: int) -> bytes:
    """Mono samples copied to every output channel, interleaved, as the mixer wants them."""
    out = array.array("h", bytes(2 * len(samples) * channels))
    for channel in range(channels):
        out[channel::channels] = samples
    return out.tobytes()


def pan(position: float | None) -> tuple[float, float]:
    """Left and right gains for a position from 0.0 (left) to 1.0 (right).

    Equal-power panning keeps a cue equally loud wherever it is; ``None``
    means the centre.
    """
    p = 0.5 if position is None else min(1.0, max(0.0, position))
    return math.cos(p * math.pi / 2), math.sin(p * math.pi / 2)


class MixerClosed(Exception):
    """The mixer was shut (or the player closed) between deciding to play a cue and playing it: silence."""


class SoundPlayer:
    """Plays cues on the mixer's free channels, never on the speech channel.

    ``volume`` (0..1), ``muted``, ``ducked``, ``duck_level`` and ``balance``
    may be changed at any time and cues already playing follow at once;
    ``mono`` holds from the next cue. Set ``ducked`` while the voice speaks
    so effects step back behind it (checklist SR-13).

    ``mono`` and ``balance`` are for a player who hears with one ear or one
    earphone (checklist AU-05): mono plays every cue in the middle, the same
    in both ears, and the balance then turns one side down. Nothing is lost
    by it: a cue's pitch still rises with its position (flap 9 sounds higher
    than flap 2), and the words say the number.
    """

    def __init__(
        self,
        folder: Path | None = None,
        volume: float = 1.0,
        muted: bool = False,
        mono: bool = False,
        duck_level: float = DUCK_LEVEL,
        balance: float = 0.5,
    ) -> None:
        self._folder = folder
        self._volume = _unit(volume)
        self._muted = muted
        self._ducked = False
        self._duck_level = _unit(duck_level)
        self.mono = mono
        self._balance = _unit(balance)
        self._lock = threading.RLock()
        self._files: dict[str, tuple[array.array, int]] = {}
        self._sounds: dict[tuple[Any, str, int], Any] = {}
        #: Channels this player started, by number, with their pan gains.
        self._panned: dict[int, tuple[float, float]] = {}
        #: Where the search for a free channel starts, so the oldest is taken when none is free.
        self._turn = 0
        #: Cues of an utterance still waiting for the one before them to end (see :meth:`play_all`).
        self._waiting: set[threading.Timer] = set()
        self._closed = False

    # --- settings -------------------------------------------------------

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _unit(value)
        self._refresh()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = value
        self._refresh()

    @property
    def ducked(self) -> bool:
        return self._ducked

    @ducked.setter
    def ducked(self, value: bool) -> None:
        self._ducked = value
        self._refresh()

    @property
    def duck_level(self) -> float:
        return self._duck_level

    @duck_level.setter
    def duck_level(self, value: float) -> None:
        self._duck_level = _unit(value)
        self._refresh()

    @property
    def balance(self) -> float:
        """0.0 only the left side, 1.0 only the right, 0.5 (the default) both at full loudness."""
        return self._balance

    @balance.setter
    def balance(self, value: float) -> None:
        self._balance = _unit(value)
        self._refresh()

    def follow(self, chosen: Settings) -> None:
        """Take the player's sound settings (at start, and each time one changes)."""
        self.volume = chosen.sound_volume / 100
        self.muted = chosen.sound_mute
        self.mono = chosen.sound_mono
        self.balance = chosen.sound_balance / 100
        self.duck_level = DUCK_LEVELS[chosen.sound_during_speech]

    def sides(self, left: float, right: float) -> tuple[float, float]:
        """Pan gains with the balance applied: the side it leans away from is turned down."""
        return left * min(1.0, 2 * (1 - self._balance)), right * min(1.0, 2 * self._balance)

    def gain(self) -> float:
        """How loud a cue plays now, 0..1, all settings together."""
        if self._muted:
            return 0.0
        return self._volume * (self._duck_level if self._ducked else 1.0)

    # --- playing --------------------------------------------------------

    def play(self, cue: Cue) -> None:
        """Play a cue now; silently nothing when muted, unknown, closed or without audio."""
        if self._playable(cue):
            try:
                self._start(cue)
            except MixerClosed:
                pass
            except Exception:  # a sound must never stop the game
                if self._mixer_open():  # else the mixer went away meanwhile (the program is ending)
                    log.exception("could not play sound cue %r", cue.name)

    def play_all(self, cues: Sequence[Cue]) -> None:
        """Play an utterance's cues in order, each starting as the one before ends.

        So "dice shaken, dice landed" is heard as two events, and flaps 3
        and 4 as two thunks, left then right. Later cues wait on timer
        threads; this call returns at once.
        """
        delay = 0.0
        for cue in cues:
            if delay:
                self._later(delay, cue)
            else:
                self.play(cue)
            delay += self.length(cue)

    def _later(self, delay: float, cue: Cue) -> None:
        """Play ``cue`` in ``delay`` seconds, unless the player is closed first."""
        def due() -> None:
            with self._lock:
                self._waiting.discard(timer)
            self.play(cue)

        timer = threading.Timer(delay, due)
        timer.daemon = True
        with self._lock:
            if self._closed:
                return
            self._waiting.add(timer)
        threads.start(timer)

    def close(self) -> None:
        """The program is ending: cues still waiting are dropped, and nothing plays from now on.

        Call it before the mixer is shut down (:func:`audio.shutdown`): a cue
        due afterwards would find no mixer to play on. Every mixer call of a
        cue is made holding the lock, after a look at ``_closed``, so once
        this has taken the lock no other thread calls the mixer again.
        """
        with self._lock:
            self._closed = True
            waiting, self._waiting = self._waiting, set()
        for timer in waiting:
            timer.cancel()

    def length(self, cue: Cue) -> float:
        """How many seconds the cue lasts at its pitch; 0 when it would not play."""
        if not self._playable(cue):
            return 0.0
        try:
            return float(self._sound(cue).get_length())
        except MixerClosed:
            return 0.0
        except Exception:  # a sound must never stop the game
            if self._mixer_open():
                log.exception("could not load sound cue %r", cue.name)
            return 0.0

    def _playable(self, cue: Cue) -> bool:
        if cue.name not in CUE_MEANINGS:
            log.warning("unknown sound cue %r", cue.name)
            return False
        # Closed first: a cue due after the player closed must not open the mixer again.
        return not self._closed and not self._muted and audio.ensure_mixer() and self._mixer_open()

    def _mixer_open(self) -> bool:
        """Whether cues may play: this player is not closed and the mixer is still there.

        ``audio.ensure_mixer`` opens the mixer once; it can be shut later by
        ``pygame.quit`` (at the program's exit, or a window closing).
        """
        if self._closed:
            return False
        import pygame

        return pygame.mixer.get_init() is not None

    def _start(self, cue: Cue) -> None:
        import pygame

        left, right = pan(None if self.mono else cue.position)
        with self._lock:
            sound = self._sound(cue)
            number = self._free_channel(pygame)
            channel = pygame.mixer.Channel(number)
            # Panning is set on a stopped channel before playing, so not even
            # the first few milliseconds are heard in the wrong place.
            channel.stop()
            self._panned[number] = (left, right)
            _set_gains(pygame, channel, *self.sides(left, right), self.gain())
            channel.play(sound)

    def _free_channel(self, pygame: Any) -> int:
        """The number of an idle effects channel, or else of the next one in turn.

        Not ``pygame.mixer.find_channel``: it may hand out the channel
        reserved for speech.
        """
        first = audio.SPEECH_CHANNEL + 1
        count = pygame.mixer.get_num_channels() - first
        turns = [first + (self._turn + k) % count for k in range(count)]
        chosen = next((n for n in turns if not pygame.mixer.Channel(n).get_busy()), turns[0])
        self._turn = chosen - first + 1
        return chosen

    def _sound(self, cue: Cue) -> Any:
        """The cue as a mixer Sound at its pitch, made once and kept."""
        import pygame

        semitones = max(-PITCH_LIMIT, min(PITCH_LIMIT, cue.pitch or 0))
        mixer = pygame.mixer.get_init()
        if mixer is None or self._closed:
            raise MixerClosed()
        key = (mixer, cue.name, semitones)
        with self._lock:
            if key not in self._sounds:
                frequency, size, channels = mixer
                if size != -16:
                    raise ValueError(f"the mixer plays {size}-bit samples, cues are 16-bit")
                samples, rate = self._file(cue.name)
                step = 2 ** (semitones / 12) * rate / frequency
                self._sounds[key] = pygame.mixer.Sound(buffer=spread(resample(samples, step), channels))
            return self._sounds[key]

    def _file(self, name: str) -> tuple[array.array, int]:
        if name not in self._files:
            self._files[name] = read_wav((self._folder or sounds_dir()) / f"{name}.wav")
        return self._files[name]

    def _refresh(self) -> None:
        """Apply the current gain to the cues still playing."""
        if not self._panned or not audio.ensure_mixer() or not self._mixer_open():
            return
        try:
            import pygame

            with self._lock:
                if self._closed:  # close() holds the lock: after it, no thread touches the mixer
                    return
                g = self.gain()
                for number, (left, right) in list(self._panned.items()):
                    channel = pygame.mixer.Channel(number)
                    if channel.get_busy():
                        _set_gains(pygame, channel, *self.sides(left, right), g)
                    else:
                        del self._panned[number]
        except Exception:  # a sound must never stop the game
            log.exception("could not change the volume of playing cues")


def _set_gains(pygame: Any, channel: Any, left: float, right: float, gain: float) -> None:
    """Pan and set the loudness of a channel.

    SDL ignores panning on a mono device, and ``set_volume(left, right)``
    leaves the plain volume at full, so there the plain volume carries the
    gain, at the level a centred cue has in stereo.
    """
    if pygame.mixer.get_init()[2] == 1:
        channel.set_volume(gain * math.hypot(left, right) / math.sqrt(2))
    else:
        channel.set_volume(left * gain, right * gain)


def _unit(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
