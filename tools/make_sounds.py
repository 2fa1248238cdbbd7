#!/usr/bin/env python3
"""Synthesise every sound cue of the game into ``sounds/`` as WAV files.

Why a script and not recorded samples: the cues are then reproducible by
anyone, free of licence questions, and easy to change (docs/spec/experience.md §4).
It uses the standard library only (``math``, ``random``, ``array``,
``wave``), so no extra package is needed to regenerate them.

Each cue is built from a few physical ideas — a struck resonance that dies
away (wood, plastic, a bell), filtered noise (rattle, scratch), and a
band-limited wavetable oscillator (buzz, reed, organ, brass) — and then
finished the same way: DC removed, faded in and out so it never clicks, and
peak-normalised to -1 dBFS, 16-bit mono at 44.1 kHz. Panning and pitch for
board positions are applied at playback (accessible_dice/sound.py).

    python tools/make_sounds.py            # write sounds/*.wav
    python tools/make_sounds.py --check    # fail if sounds/ is not what this makes

Output is deterministic: the noise comes from ``random.Random`` seeded with
the cue's name, so the same script gives the same bytes. ``--check`` accepts
a difference of one 16-bit step per sample, because ``math.sin``/``math.exp``
may round the last bit differently on another C library.
"""

from __future__ import annotations

import argparse
import array
import io
import math
import random
import sys
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

RATE = 44_100
PEAK_DBFS = -1.0
#: No cue is louder than this over its loudest LOUDNESS_WINDOW seconds.
LOUDNESS_DBFS = -12.0
LOUDNESS_WINDOW = 0.1
FULL_SCALE = 32_767
SEED = "accessible_dice"
SOUNDS = Path(__file__).resolve().parent.parent / "sounds"
#: One 16-bit step either way is rounding, not a change (see module docstring).
TOLERANCE = 1

Signal = list[float]


# --- building blocks -------------------------------------------------------


def count(seconds: float) -> int:
    """Samples in a stretch of time."""
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * count(seconds)


def add(into: Signal, sound: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Mix ``sound`` into ``into`` starting ``at`` seconds, growing it if needed."""
    start = count(at)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, value in enumerate(sound, start):
        into[i] += gain * value


def times(a: Sequence[float], b: Sequence[float]) -> Signal:
    """Sample by sample product (apply an envelope, gate a noise)."""
    return [x * y for x, y in zip(a, b, strict=True)]


def ring(freq: float, t60: float, seconds: float, amp: float = 1.0) -> Signal:
    """A struck mode: a sine dying away by 60 dB in ``t60`` seconds.

    Computed as a two-pole resonator (``y[n] = 2r·cos(w)·y[n-1] - r²·y[n-2]``),
    which is both fast and made of plain arithmetic, so it sounds the same
    everywhere.
    """
    n = count(seconds)
    w = 2 * math.pi * freq / RATE
    r = 10 ** (-3 / (t60 * RATE))
    c1, c2 = 2 * r * math.cos(w), r * r
    out = [0.0] * n
    if n > 1:
        out[1] = amp * r * math.sin(w)
    for i in range(2, n):
        out[i] = c1 * out[i - 1] - c2 * out[i - 2]
    return out


def struck(
    freq: float,
    t60: float,
    seconds: float,
    modes: Sequence[tuple[float, float, float]],
    attack: float = 0.0,
) -> Signal:
    """Several rings at once: ``modes`` are (frequency ratio, amplitude, t60 ratio).

    Inharmonic ratios with short decays give wood and plastic; near-harmonic
    ratios with long decays give bells. A few milliseconds of ``attack`` take
    the mallet's click off a bell that should sound clean.
    """
    out = silence(seconds)
    for ratio, amp, t60_ratio in modes:
        if freq * ratio < RATE / 2:
            add(out, ring(freq * ratio, t60 * t60_ratio, seconds, amp), 0.0)
    for i in range(min(len(out), count(attack))):
        out[i] *= i / count(attack)
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(count(seconds))]


def lowpass(signal: Sequence[float], cutoff: float) -> Signal:
    """One-pole low-pass: softens noise into a thud."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Sequence[float], cutoff: float) -> Signal:
    """One-pole high-pass: what is left when the low-pass is taken away."""
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff), strict=True)]


def bandpass(signal: Sequence[float], centre: float | Callable[[float], float], q: float) -> Signal:
    """A resonant band-pass (RBJ biquad, 0 dB at the centre).

    ``centre`` may be a function of time in seconds, for a sweep; the filter
    is then retuned every 32 samples, which is smooth to the ear.
    """
    tune = centre if callable(centre) else (lambda _t: centre)
    out = []
    x1 = x2 = y1 = y2 = 0.0
    b0 = a1 = a2 = 0.0
    for i, x in enumerate(signal):
        if i % 32 == 0:
            w = 2 * math.pi * tune(i / RATE) / RATE
            alpha = math.sin(w) / (2 * q)
            norm = 1 + alpha
            b0, a1, a2 = alpha / norm, -2 * math.cos(w) / norm, (1 - alpha) / norm
        y = b0 * (x - x2) - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def envelope(seconds: float, attack: float, release: float, t60: float | None = None) -> Signal:
    """Linear attack, optional exponential decay, linear release to silence."""
    n, n_attack, n_release = count(seconds), max(1, count(attack)), max(1, count(release))
    r = 10 ** (-3 / (t60 * RATE)) if t60 else 1.0
    out, level = [], 1.0
    for i in range(n):
        gain = min(1.0, i / n_attack, (n - i) / n_release) * level
        out.append(gain)
        level *= r
    return out


TABLE_SIZE = 4096


def wavetable(freq: float, loudness: Callable[[int], float], top: float = 6000.0) -> list[float]:
    """One period of a waveform with harmonic ``k`` at ``loudness(k)``.

    Only harmonics below ``top`` (and below Nyquist) are included, so the
    tone is band-limited and does not alias into whistles.
    """
    highest = max(1, int(min(top, RATE / 2 - 1000) // freq))
    harmonics = [(k, loudness(k)) for k in range(1, highest + 1) if loudness(k)]
    step = 2 * math.pi / TABLE_SIZE
    return [sum(a * math.sin(k * i * step) for k, a in harmonics) for i in range(TABLE_SIZE + 1)]


def oscillate(table: Sequence[float], freqs: Iterable[float]) -> Signal:
    """Read a wavetable at a frequency given sample by sample (glides, vibrato)."""
    out, phase = [], 0.0
    for freq in freqs:
        i = int(phase)
        frac = phase - i
        out.append(table[i] + frac * (table[i + 1] - table[i]))
        phase = (phase + freq * TABLE_SIZE / RATE) % TABLE_SIZE
    return out


def steady(freq: float, seconds: float) -> list[float]:
    return [freq] * count(seconds)


def note(name: str) -> float:
    """Equal-tempered frequency of a note such as ``"A4"`` or ``"C#5"``."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    steps += name.count("#") - name.count("b")
    octave = int(name.lstrip("ABCDEFG#b"))
    return 440.0 * 2 ** ((steps + 12 * (octave - 4)) / 12)


def saw(k: int) -> float:
    """Every harmonic at 1/k: bright, brassy or buzzy."""
    return 1 / k


def hollow(k: int) -> float:
    """Odd harmonics only: the hollow sound of a clarinet."""
    return 1 / k if k % 2 else 0.0


def organ(k: int) -> float:
    """A few soft drawbars: round and sustained."""
    return {1: 1.0, 2: 0.5, 3: 0.3, 4: 0.15, 6: 0.08}.get(k, 0.0)


# --- the cues ----------------------------------------------------------------

BELL = ((1.0, 1.0, 1.0), (2.0, 0.4, 0.6), (3.0, 0.2, 0.4), (4.16, 0.1, 0.25), (5.43, 0.05, 0.15))
PLASTIC = ((1.0, 1.0, 1.0), (1.58, 0.6, 0.7), (2.37, 0.35, 0.5))
WOOD = ((1.0, 1.0, 1.0), (2.31, 0.5, 0.5), (4.12, 0.3, 0.25), (6.9, 0.12, 0.15))
#: Long enough to soften a struck tone's onset, short enough to keep it crisp.
CHIME_ATTACK = 0.002


def clack(rng: random.Random) -> Signal:
    """Two hard plastic dice knocking together: a bright, very short click."""
    body = struck(rng.uniform(2600, 4200), 0.03, 0.035, PLASTIC)
    grit = times(bandpass(noise(0.006, rng), 5500, 1.2), envelope(0.006, 0.0005, 0.005))
    add(body, grit, 0.0, 0.8)
    return body


def dice_shake(rng: random.Random) -> Signal:
    """Dice rattling in a cup, shaken one way and back: dense high clicks."""
    out = silence(0.5)
    for stroke in (0.0, 0.23):
        slide = times(bandpass(noise(0.17, rng), 1100, 0.9), envelope(0.17, 0.06, 0.1))
        add(out, slide, stroke, 0.3)
        for _ in range(7):
            add(out, clack(rng), stroke + rng.triangular(0.0, 0.15, 0.06), rng.uniform(0.35, 1.0))
    return out


def knock(freq: float, rng: random.Random) -> Signal:
    """A die hitting a wooden table: a short woody knock with a hard edge."""
    body = struck(freq, 0.05, 0.06, WOOD)
    edge = times(lowpass(noise(0.004, rng), 4000), envelope(0.004, 0.0003, 0.003))
    add(body, edge, 0.0, 0.8)
    return body


def dice_land(rng: random.Random) -> Signal:
    """Dice landing: two knocks, a bounce and a last settling tick."""
    out = silence(0.29)
    for at, gain in ((0.0, 1.0), (0.055, 0.85), (0.135, 0.45), (0.205, 0.2)):
        add(out, knock(rng.uniform(520, 760), rng), at, gain)
    return out


def flap_shut(rng: random.Random) -> Signal:
    """A wooden flap falling shut: a faint hinge tick, then a low thunk."""
    out = silence(0.3)
    add(out, ring(2400, 0.015, 0.02), 0.0, 0.12)
    thunk = struck(190, 0.14, 0.27, WOOD)
    add(thunk, struck(880, 0.05, 0.06, WOOD), 0.0, 0.35)
    thud = times(lowpass(noise(0.012, rng), 1200), envelope(0.012, 0.0005, 0.01))
    add(thunk, thud, 0.0, 1.5)
    add(out, thunk, 0.025)
    return out


def stick_slip(n: int, rng: random.Random) -> Signal:
    """A pen's nib catching and slipping: a new random level every 3 to 9 ms."""
    out: Signal = []
    while len(out) < n:
        out += [rng.uniform(0.15, 1.0)] * rng.randint(130, 400)
    return out[:n]


def strike(rng: random.Random) -> Signal:
    """A pen striking a number out: a rising scratch, then a crisp tick."""
    out = silence(0.26)
    scratch_len = 0.15
    grain = lowpass(stick_slip(count(scratch_len), rng), 800)
    scratch = bandpass(noise(scratch_len, rng), lambda t: 2800 + 16_000 * t, 2.5)
    add(out, times(times(scratch, grain), envelope(scratch_len, 0.015, 0.05)), 0.0, 1.0)
    add(out, ring(4200, 0.02, 0.03), 0.16, 0.5)
    return out


def invalid(_rng: random.Random) -> Signal:
    """Not allowed: two low, rough buzzes (two saws beating against each other)."""
    out = silence(0.36)
    buzz_len = 0.13
    for at in (0.0, 0.19):
        for freq in (110.0, 116.5):
            tone = oscillate(wavetable(freq, saw, top=3000), steady(freq, buzz_len))
            add(out, times(tone, envelope(buzz_len, 0.005, 0.02)), at)
    return lowpass(out, 2500)


def your_turn(_rng: random.Random) -> Signal:
    """Your turn: a clear two-note chime rising a fourth (E5 to A5)."""
    out = silence(0.56)
    add(out, struck(note("E5"), 0.7, 0.56, BELL, CHIME_ATTACK), 0.0)
    add(out, struck(note("A5"), 0.7, 0.43, BELL, CHIME_ATTACK), 0.13)
    return out


def other_turn(_rng: random.Random) -> Signal:
    """Another player's turn: one soft, round, lower note (C5), gently begun."""
    tone = oscillate(wavetable(note("C5"), lambda k: {1: 1.0, 2: 0.15, 3: 0.05}.get(k, 0.0)),
                     steady(note("C5"), 0.4))
    return times(tone, envelope(0.4, 0.03, 0.1, t60=0.8))


def life_lost(_rng: random.Random) -> Signal:
    """A life lost: a falling E-minor triad on a hollow reed, sagging at the end."""
    out = silence(0.6)
    at = 0.0
    for name, length, sag in (("B4", 0.13, 0.0), ("G4", 0.13, 0.0), ("E4", 0.32, 0.06)):
        freq, n = note(name), count(length)
        freqs = [freq * 2 ** (-sag * i / n) for i in range(n)]
        tone = oscillate(wavetable(freq, hollow, top=4000), freqs)
        add(out, times(tone, envelope(length, 0.01, 0.04 if sag == 0 else 0.15)), at)
        at += length
    return lowpass(out, 3000)


def pluck(freq: float, seconds: float) -> Signal:
    """A bright plucked string: harmonics that die faster the higher they are."""
    modes = [(k, 1 / k**1.2, 1 / k) for k in range(1, 7)]
    return struck(freq, 0.5, seconds, modes, CHIME_ATTACK)


def life_won(_rng: random.Random) -> Signal:
    """A life won: a quick rising C-major arpeggio, plucked."""
    out = silence(0.5)
    for i, name in enumerate(("C5", "E5", "G5", "C6")):
        add(out, pluck(note(name), 0.5 - 0.06 * i), 0.06 * i, 0.8 if i < 3 else 1.0)
    return out


def bonus(rng: random.Random) -> Signal:
    """A bonus: a shower of tiny high bells climbing upward, over a shimmer."""
    out = silence(0.56)
    sparkle = ("C6", "D6", "E6", "G6", "A6", "C7", "D7", "E7", "G7", "A7")
    for i, name in enumerate(sparkle):
        at = 0.032 * i + rng.uniform(0.0, 0.012)
        ping = struck(note(name), 0.28, 0.56 - at, ((1.0, 1.0, 1.0), (3.0, 0.15, 0.3)), CHIME_ATTACK)
        add(out, ping, at, 0.55)
    shimmer = times(highpass(noise(0.4, rng), 7000), envelope(0.4, 0.1, 0.25))
    add(out, shimmer, 0.02, 0.12)
    return out


def round_end(_rng: random.Random) -> Signal:
    """A round's end: a soft organ cadence, G major resolving to C major."""
    out = silence(0.64)
    for chord, at, length in ((("G4", "B4", "D5"), 0.0, 0.21), (("C4", "E4", "G4", "C5"), 0.22, 0.42)):
        for name in chord:
            tone = oscillate(wavetable(note(name), organ), steady(note(name), length))
            add(out, times(tone, envelope(length, 0.015, 0.08 if at else 0.03)), at)
    return out


def chat(_rng: random.Random) -> Signal:
    """A chat message at an online table: two quick soft plucks on one high note (B5), like a tap on the shoulder.

    Plucked, not chimed, so it is never taken for a turn; the same note
    twice, so it does not sound like a rise or a fall of the game.
    """
    out = silence(0.34)
    for at in (0.0, 0.11):
        add(out, pluck(note("B5"), 0.23), at, 0.7)
    return lowpass(out, 6000)


def brass(freq: float, seconds: float, vibrato: bool = False) -> Signal:
    """A brass note: brighter while it is loud, as a real horn is.

    A saw wave through a low-pass whose cutoff follows the envelope, with a
    late, gentle vibrato on long notes.
    """
    n = count(seconds)
    freqs = [
        freq * (1 + 0.005 * math.sin(2 * math.pi * 5.5 * i / RATE) * min(1.0, max(0.0, i / RATE - 0.15) * 5))
        if vibrato
        else freq
        for i in range(n)
    ]
    tone = oscillate(wavetable(freq, saw, top=7000), freqs)
    env = envelope(seconds, 0.02, 0.06 if vibrato else 0.025)
    out, y = [], 0.0
    for x, level in zip(tone, env, strict=True):
        a = 1 - math.exp(-2 * math.pi * (500 + 3500 * level) / RATE)
        y += a * (x - y)
        out.append(y * level)
    return out


def win(_rng: random.Random) -> Signal:
    """A win: a short brass fanfare, ta-ta-ta taaa, ta-taaaa, ending on a chord."""
    out = silence(1.24)
    at = 0.0
    phrase = (("G4", 0.1), ("C5", 0.1), ("E5", 0.1), ("G5", 0.28), ("E5", 0.12), ("G5", 0.54))
    for i, (name, length) in enumerate(phrase):
        last = i == len(phrase) - 1
        add(out, brass(note(name), length - 0.015, vibrato=last), at)
        if last:
            for harmony in ("C5", "E5"):
                add(out, brass(note(harmony), length - 0.015, vibrato=True), at, 0.5)
        at += length
    return out


#: Every cue, by file stem. accessible_dice.sound.CUE_MEANINGS must list the same names.
CUES: dict[str, Callable[[random.Random], Signal]] = {
    "dice_shake": dice_shake,
    "dice_land": dice_land,
    "flap_shut": flap_shut,
    "strike": strike,
    "invalid": invalid,
    "your_turn": your_turn,
    "other_turn": other_turn,
    "life_lost": life_lost,
    "life_won": life_won,
    "bonus": bonus,
    "round_end": round_end,
    "win": win,
    "chat": chat,
}


# --- finishing and files --------------------------------------------------------


def loudness(signal: Sequence[float]) -> float:
    """The loudest 100 ms of a signal (1.0 = full scale), as RMS in dBFS.

    Short sounds are heard about as loud as their energy over a tenth of a
    second, so this evens out a click and a held chord better than the peak.
    """
    window = count(LOUDNESS_WINDOW)
    energy = [0.0]
    for x in signal:
        energy.append(energy[-1] + x * x)
    loudest = max(
        (energy[min(i + window, len(signal))] - energy[i]) / window for i in range(0, len(signal), 64)
    )
    return 10 * math.log10(max(loudest, 1e-20))


def finish(signal: Signal) -> array.array:
    """DC removed, click-free ends, then as loud as allowed, as 16-bit samples.

    The peak goes to PEAK_DBFS, unless that would make the cue louder than
    LOUDNESS_DBFS (a held chord, a buzz): then the cue is turned down to that
    loudness instead, so no cue jumps out at the player.
    """
    signal = highpass(signal, 20)
    faded = times(signal, envelope(len(signal) / RATE, 0.001, 0.008))
    peak = max(abs(x) for x in faded)
    scale = 10 ** (PEAK_DBFS / 20) / peak
    over = loudness([x * scale for x in faded]) - LOUDNESS_DBFS
    if over > 0:
        scale *= 10 ** (-over / 20)
    return array.array("h", (round(x * scale * FULL_SCALE) for x in faded))


def wav_bytes(samples: array.array) -> bytes:
    """A mono 16-bit 44.1 kHz WAV file (``wave`` writes it little-endian everywhere)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


def render(name: str) -> bytes:
    """The WAV file of one cue; its noise is seeded by its name alone."""
    return wav_bytes(finish(CUES[name](random.Random(f"{SEED}:{name}"))))


def render_all() -> dict[str, bytes]:
    return {f"{name}.wav": render(name) for name in CUES}


def same_sound(expected: bytes, actual: bytes) -> bool:
    """Equal files, or equal but for one 16-bit step of rounding per sample."""
    if expected == actual:
        return True
    try:
        with wave.open(io.BytesIO(expected)) as a, wave.open(io.BytesIO(actual)) as b:
            if a.getparams() != b.getparams():
                return False
            x = array.array("h", a.readframes(a.getnframes()))
            y = array.array("h", b.readframes(b.getnframes()))
    except (wave.Error, EOFError):
        return False
    return all(abs(p - q) <= TOLERANCE for p, q in zip(x, y, strict=True))


def problems(folder: Path, rendered: dict[str, bytes]) -> list[str]:
    """What differs between ``folder`` and freshly rendered cues (empty: up to date)."""
    found = {path.name for path in folder.glob("*.wav")}
    report = [f"missing: {name}" for name in sorted(rendered.keys() - found)]
    report += [f"not made by this script: {name}" for name in sorted(found - rendered.keys())]
    report += [
        f"differs: {name}"
        for name in sorted(rendered.keys() & found)
        if not same_sound(rendered[name], (folder / name).read_bytes())
    ]
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the folder is up to date")
    parser.add_argument("--dir", type=Path, default=SOUNDS, help="the sounds folder (default: %(default)s)")
    args = parser.parse_args(argv)
    rendered = render_all()
    if args.check:
        report = problems(args.dir, rendered)
        for line in report:
            print(line, file=sys.stderr)
        if report:
            print("Run: python tools/make_sounds.py", file=sys.stderr)
        return 1 if report else 0
    args.dir.mkdir(parents=True, exist_ok=True)
    for name, data in rendered.items():
        (args.dir / name).write_bytes(data)
    print(f"wrote {len(rendered)} cues to {args.dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
