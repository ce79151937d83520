"""Makes the program's sound effects from nothing but arithmetic: python tools/make_sounds.py

It writes into assets/sounds, where the program reads them; run it from anywhere.

Written by the Tricktable project; the WAV files it writes are part of the project and share its
licence. Seeded, so the same files come out every time.
"""

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
SOUNDS = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def envelope(t, attack, decay):
    return min(1.0, t / attack) * math.exp(-t / decay) if attack else math.exp(-t / decay)


def noise_burst(rng, length, decay, brightness=0.5):
    """Filtered noise with a quick decay: the sound of card on card or on felt."""
    out, last = [], 0.0
    for i in range(int(length * RATE)):
        t = i / RATE
        last = brightness * rng.uniform(-1, 1) + (1 - brightness) * last
        out.append(last * envelope(t, 0.002, decay))
    return out


def tone(freq, length, decay, attack=0.005, harmonics=(1.0, 0.3, 0.1)):
    out = []
    for i in range(int(length * RATE)):
        t = i / RATE
        wave_ = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        out.append(wave_ * envelope(t, attack, decay) / sum(harmonics))
    return out


def mix(*parts):
    """Overlays (offset seconds, samples) pairs."""
    length = max(int(off * RATE) + len(s) for off, s in parts)
    out = [0.0] * length
    for off, samples in parts:
        start = int(off * RATE)
        for i, v in enumerate(samples):
            out[start + i] += v
    return out


def sweep(f0, f1, length, decay):
    out, phase = [], 0.0
    for i in range(int(length * RATE)):
        t = i / RATE
        f = f0 + (f1 - f0) * t / length
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase) * envelope(t, 0.01, decay))
    return out


def sounds():
    rng = random.Random(1999)
    return {
        "play": mix((0, noise_burst(rng, 0.12, 0.02, 0.6)), (0, tone(180, 0.12, 0.03))),
        "deal": noise_burst(rng, 0.18, 0.05, 0.25),
        "take": mix((0, noise_burst(rng, 0.25, 0.08, 0.2)), (0.02, sweep(300, 160, 0.25, 0.1))),
        "shuffle": mix(*[(k * 0.035, noise_burst(rng, 0.06, 0.012, 0.7)) for k in range(14)]),
        "win": mix(*[(k * 0.12, tone(f, 0.9, 0.35)) for k, f in enumerate((523.25, 659.25, 783.99, 1046.5))]),
        "refuse": mix((0, tone(220, 0.2, 0.08)), (0.08, tone(196, 0.2, 0.08))),
        # added after the first six, so the seeded noise of those stays what it was
        "turn": mix((0, tone(880, 0.35, 0.12)), (0.09, tone(1174.66, 0.4, 0.14))),
        "reveal": mix((0, noise_burst(rng, 0.2, 0.05, 0.3)), (0.03, sweep(420, 880, 0.3, 0.15))),
        "cheer": mix(*[(k * 0.07, tone(f, 0.5, 0.18)) for k, f in enumerate((659.25, 783.99, 987.77, 1318.5))],
                     *[(0.05 + k * 0.045, noise_burst(rng, 0.05, 0.01, 0.8)) for k in range(8)]),
    }


def write(name, samples, peak=0.6):
    top = max(abs(v) for v in samples) or 1.0
    frames = b"".join(struct.pack("<h", int(v / top * peak * 32767)) for v in samples)
    with wave.open(str(SOUNDS / f"{name}.wav"), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(frames)


def main():
    for name, samples in sounds().items():
        write(name, samples)
        print(f"{name}.wav: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
