"""Run in a subprocess by tests/test_sound_disk.py: plays effects through SDL's disk audio driver.

    python tests/disk_audio_player.py OUT_DIR NAME:VOLUME:MUTED ...

For each job the mixer is opened afresh with ``SDL_DISKAUDIOFILE`` naming its own file in OUT_DIR
(``NAME-VOLUME-MUTED.raw``), so every file holds exactly what that one effect sounded like. The
driver is chosen when the mixer opens, which is why this cannot run inside the test process.
"""

import os
import sys
import time

os.environ["SDL_AUDIODRIVER"] = "disk"
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# A few milliseconds per buffer instead of real time: the files fill faster than the effects last.
os.environ["SDL_DISKAUDIODELAY"] = "4"
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from scenes.screen.sound import Sound  # noqa: E402


def play_one(out_dir, name, volume, muted):
    os.environ["SDL_DISKAUDIOFILE"] = os.path.join(out_dir, f"{name}-{volume}-{int(muted)}.raw")
    sound = Sound(volume=volume, muted=muted)
    if not sound.warm():
        raise SystemExit(f"no mixer on the disk driver: {pygame.get_error()}")
    played = sound.play(name)
    length = sound.sounds[name].get_length()
    # Wait until the effect has run through the device, and a little silence after it.
    time.sleep(length + 0.3)
    pygame.mixer.quit()
    print(name, volume, muted, "played" if played else "silent", flush=True)


def main(argv):
    out_dir, jobs = argv[0], argv[1:]
    # Only the mixer, opened per job: pygame.init() would open it too, writing the driver's default
    # file (sdlaudio.raw) into whatever folder the test runs in.
    for job in jobs:
        name, volume, muted = job.split(":")
        play_one(out_dir, name, float(volume), muted == "1")


if __name__ == "__main__":
    main(sys.argv[1:])
