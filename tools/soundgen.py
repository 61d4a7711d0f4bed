"""Sound effects for Chinese Ten, synthesised from sine waves and filtered noise.

Every effect is built here from a few simple parts: short bursts of filtered
noise for the card on the felt, decaying sine partials for the chimes and
bells, and a rising or falling run of notes for the end of a match.  Each
effect has a few variants (other pitches, other noise) so that repeats do
not grate.  The output is 16-bit mono WAV at 22,050 Hz.

The samples are computed with plain arithmetic only (its own sine table, its
own decays, a seeded ``random.Random``), never with the platform's ``sin`` or
``exp``, so every system writes the same bytes.

This is a build-time tool, not part of the game: run ``python tools/soundgen.py``
to (re)write ``assets/sounds/`` and ``python tools/soundgen.py --check`` to
verify that the files on disk are exactly what it produces.
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
"""The source checkout this tool belongs to."""

for _folder in (CHECKOUT, CHECKOUT / "tools"):  # run as a script from anywhere: the checkout's package
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

import generated  # noqa: E402
from chinese_ten.assets import SOUND_EFFECTS  # noqa: E402

RATE = 22050
"""Samples per second of every file."""

PI = math.pi
_TABLE_SIZE = 4096


def _taylor_sin(x: float) -> float:
    """sin(x) for x in [-pi, pi] by its series, in plain arithmetic."""
    term, total, n = x, x, 1
    while abs(term) > 1e-17:
        term *= -x * x / ((n + 1) * (n + 2))
        total += term
        n += 2
    return total


_SINE = [_taylor_sin(2 * PI * i / _TABLE_SIZE - (2 * PI if i > _TABLE_SIZE // 2 else 0.0))
         for i in range(_TABLE_SIZE + 1)]


def _sine(cycles: float) -> float:
    """sin(2 pi cycles), from the table with linear interpolation."""
    at = (cycles % 1.0) * _TABLE_SIZE
    i = int(at)
    lo = _SINE[i]
    return lo + (_SINE[i + 1] - lo) * (at - i)


def _power(x: float, n: int) -> float:
    out = 1.0
    for _ in range(n):
        out *= x
    return out


NOTES: dict[str, float] = {
    "C4": 261.63, "D4": 293.66, "Eb4": 311.13, "E4": 329.63, "F4": 349.23, "G4": 392.0, "Ab4": 415.3,
    "A4": 440.0, "Bb4": 466.16, "B4": 493.88, "C5": 523.25, "D5": 587.33, "Eb5": 622.25, "E5": 659.26,
    "F5": 698.46, "G5": 783.99, "A5": 880.0, "B5": 987.77, "C6": 1046.5, "D6": 1174.66, "E6": 1318.51,
    "G6": 1567.98,
}
"""Equal-tempered pitches in hertz, written out."""


class Track:
    """A mono buffer of float samples that parts are mixed into."""

    def __init__(self, seconds: float) -> None:
        """A silent track ``seconds`` long."""
        self.samples = [0.0] * round(seconds * RATE)

    @property
    def seconds(self) -> float:
        """The track's length."""
        return len(self.samples) / RATE

    def tone(self, at: float, freq: float, seconds: float, level: float, decay: float,
             partials: Sequence[tuple[float, float, float]] = ((1.0, 1.0, 1.0),),
             attack: float = 0.004, glide: float = 1.0) -> None:
        """A note: sine partials ``(multiple, level, decay factor)`` that fall away with time constant ``decay``.

        ``glide`` is the pitch at the end as a multiple of ``freq``.
        """
        start = round(at * RATE)
        count = min(round(seconds * RATE), len(self.samples) - start)
        rise = max(1, round(attack * RATE))
        for mult, part_level, part_decay in partials:
            keep = 1.0 - 1.0 / (decay * part_decay * RATE)
            gain = level * part_level
            phase = 0.0
            step = freq * mult / RATE
            bend = (glide - 1.0) * step / max(1, count)
            for n in range(count):
                env = gain * (n / rise if n < rise else 1.0)
                self.samples[start + n] += env * _sine(phase)
                phase += step + bend * n
                gain *= keep

    def noise(self, at: float, seconds: float, level: float, decay: float, rng: random.Random,
              low: float = 0.25, high: float = 0.0, attack: float = 0.001, swell: float = 0.0) -> None:
        """A burst of noise through a low-pass (``low``) and high-pass (``high``) one-pole filter.

        ``low`` and ``high`` are filter coefficients from 0 to 1; ``swell`` seconds of rise
        before the fall make a brush rather than a tap.
        """
        start = round(at * RATE)
        count = min(round(seconds * RATE), len(self.samples) - start)
        rise = max(1, round(max(attack, swell) * RATE))
        keep = 1.0 - 1.0 / (decay * RATE)
        lp = hp = 0.0
        gain = level
        for n in range(count):
            x = rng.random() * 2.0 - 1.0
            lp += low * (x - lp)
            hp += high * (lp - hp)
            if n < rise:
                env = level * n / rise
            else:
                env = gain
                gain *= keep
            self.samples[start + n] += env * (lp - hp)

    def finish(self, peak: float) -> list[int]:
        """Scale to ``peak`` (of full scale), fade the last few milliseconds, and quantise to 16 bits."""
        loudest = max(abs(s) for s in self.samples) or 1.0
        scale = peak * 32767 / loudest
        fade = round(0.008 * RATE)
        total = len(self.samples)
        out = []
        for n, s in enumerate(self.samples):
            left = total - n
            if left < fade:
                s *= _power(left / fade, 2)
            out.append(max(-32767, min(32767, round(s * scale))))
        return out


# --------------------------------------------------------------------------
# The effects
# --------------------------------------------------------------------------


def _bell() -> list[tuple[float, float, float]]:
    """Partials of a small bright bell: inharmonic overtones that die away faster."""
    return [(1.0, 1.0, 1.0), (2.76, 0.45, 0.45), (5.4, 0.22, 0.25), (8.93, 0.08, 0.15)]


def _mallet() -> list[tuple[float, float, float]]:
    """Partials of a soft wooden mallet note."""
    return [(1.0, 1.0, 1.0), (4.0, 0.18, 0.2), (10.0, 0.05, 0.08)]


def lay(t: Track, variant: int) -> None:
    """A card laid on the felt: a soft slap of low noise and a little thump."""
    rng = random.Random(1000 + variant)
    t.noise(0.0, 0.14, 1.0, 0.018 + 0.003 * variant, rng, low=0.16 + 0.04 * variant, high=0.02)
    t.tone(0.0, (120.0, 135.0, 110.0, 128.0)[variant - 1], 0.12, 0.55, 0.025, glide=0.8)


def turn(t: Track, variant: int) -> None:
    """A card turned from the stock: a quick brush of the edge, then a light tap."""
    rng = random.Random(2000 + variant)
    t.noise(0.0, 0.07, 0.55, 0.02, rng, low=0.5, high=0.25, swell=0.035 + 0.005 * variant)
    t.noise(0.06 + 0.005 * variant, 0.12, 1.0, 0.012, rng, low=0.3 + 0.05 * variant, high=0.05)
    t.tone(0.06 + 0.005 * variant, (190.0, 210.0, 175.0, 200.0)[variant - 1], 0.1, 0.3, 0.02)


def capture(t: Track, variant: int) -> None:
    """A capture: two cards clack together and slide to the pile, with a woody knock."""
    rng = random.Random(3000 + variant)
    t.noise(0.0, 0.1, 1.0, 0.01, rng, low=0.55, high=0.1)
    t.noise(0.045, 0.1, 0.8, 0.012, rng, low=0.45, high=0.1)
    t.tone(0.0, (520.0, 560.0, 490.0)[variant - 1], 0.22, 0.5, 0.04, _mallet())
    t.noise(0.07, 0.22, 0.25, 0.05, rng, low=0.3, high=0.2, swell=0.06)


def capture_scoring(t: Track, variant: int) -> None:
    """A capture that scores: the clack, then a bright two-note bell."""
    rng = random.Random(4000 + variant)
    first, second = (("A5", "E6"), ("G5", "D6"), ("C6", "G6"))[variant - 1]
    t.noise(0.0, 0.1, 0.9, 0.01, rng, low=0.55, high=0.1)
    t.tone(0.0, NOTES[first], 0.6, 0.55, 0.16, _bell())
    t.tone(0.075, NOTES[second], 0.57, 0.5, 0.18, _bell())


def your_turn(t: Track, variant: int) -> None:
    """The person's turn comes back: a soft rising two-note chime."""
    low, high = (("G4", "D5"), ("A4", "E5"))[variant - 1]
    t.tone(0.0, NOTES[low], 0.6, 0.6, 0.2, _mallet(), attack=0.006)
    t.tone(0.12, NOTES[high], 0.58, 0.6, 0.24, _mallet(), attack=0.006)


def shuffle(t: Track, variant: int) -> None:
    """A riffle shuffle at the deal: a run of quickening flicks, then the cards squared up."""
    rng = random.Random(6000 + variant)
    at = 0.0
    gap = 0.034 + 0.004 * variant
    while at < 0.62:
        level = 0.35 + 0.3 * rng.random()
        t.noise(at, 0.03, level, 0.004, rng, low=0.6, high=0.3)
        at += gap * (0.8 + 0.4 * rng.random())
        gap *= 0.965
    t.noise(0.0, 0.66, 0.12, 0.5, rng, low=0.4, high=0.2, swell=0.3)
    t.noise(0.7, 0.2, 0.9, 0.02, rng, low=0.22, high=0.02)
    t.noise(0.78, 0.2, 0.7, 0.018, rng, low=0.2, high=0.02)


def deal_over(t: Track, variant: int) -> None:
    """The end of a deal: three calm falling mallet notes that come to rest."""
    for at, note in ((0.0, "E5"), (0.16, "C5"), (0.32, "G4")):
        t.tone(at, NOTES[note], 1.1 - at, 0.6, 0.3 if note == "G4" else 0.2, _mallet())
    t.tone(0.32, NOTES["C4"], 0.78, 0.3, 0.35, _mallet())


def match_won(t: Track, variant: int) -> None:
    """A match won: a quick rising arpeggio and a ringing major chord."""
    for at, note in ((0.0, "C5"), (0.1, "E5"), (0.2, "G5"), (0.3, "C6")):
        t.tone(at, NOTES[note], 0.5, 0.5, 0.12, _bell())
    for note in ("C6", "E6", "G6", "C5"):
        t.tone(0.45, NOTES[note], 1.25, 0.35, 0.45, _bell())


def match_lost(t: Track, variant: int) -> None:
    """A match lost: a slow falling minor line that settles low."""
    for at, note in ((0.0, "G4"), (0.22, "Eb4"), (0.44, "D4")):
        t.tone(at, NOTES[note], 0.6, 0.55, 0.22, _mallet())
    t.tone(0.7, NOTES["C4"], 0.8, 0.55, 0.35, _mallet())
    t.tone(0.7, NOTES["Eb4"], 0.8, 0.3, 0.3, _mallet())


MAKERS: dict[str, tuple[Callable[[Track, int], None], float, float]] = {
    "lay": (lay, 0.16, 0.5),
    "turn": (turn, 0.2, 0.45),
    "capture": (capture, 0.3, 0.6),
    "capture-scoring": (capture_scoring, 0.65, 0.6),
    "your-turn": (your_turn, 0.7, 0.5),
    "shuffle": (shuffle, 1.0, 0.5),
    "deal-over": (deal_over, 1.1, 0.55),
    "match-won": (match_won, 1.7, 0.6),
    "match-lost": (match_lost, 1.5, 0.55),
}
"""Each effect's maker (which mixes a variant, numbered from 1, into a track), its length in
seconds and its peak level as a share of full scale."""


def wav_bytes(samples: Sequence[int]) -> bytes:
    """A 16-bit mono WAV file at ``RATE`` holding ``samples``."""
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    return out.getvalue()


def effect_wav(effect: str, variant: int) -> bytes:
    """The WAV file of one variant (from 1) of one effect."""
    if effect not in MAKERS:
        raise ValueError(f"unknown sound effect {effect!r}; expected one of {', '.join(MAKERS)}")
    if not 1 <= variant <= SOUND_EFFECTS[effect]:
        raise ValueError(f"{effect} has variants 1 to {SOUND_EFFECTS[effect]}, not {variant}")
    make, seconds, peak = MAKERS[effect]
    track = Track(seconds)
    make(track, variant)
    return wav_bytes(track.finish(peak))


def expected_files() -> dict[str, bytes]:
    """Every file this module produces: relative path under ``assets/`` -> WAV bytes."""
    return {f"sounds/{effect}-{n}.wav": effect_wav(effect, n)
            for effect, count in SOUND_EFFECTS.items() for n in range(1, count + 1)}


def write_all(root: Path) -> list[Path]:
    """Write every sound under ``root`` (the ``assets`` folder) and return the paths written."""
    return generated.write_all(root, expected_files())


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: write the sounds, or with ``--check`` compare them; returns the exit status."""
    return generated.main(argv, "soundgen.py", "sound effects", expected_files, "sounds")


if __name__ == "__main__":
    sys.exit(main())
