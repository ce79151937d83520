"""What the player would hear: every effect through SDL's disk audio driver, which writes the mixed
output to a file instead of a speaker. Each effect is heard, louder at a higher volume, and silent when
muted. Runs in a subprocess because SDL picks its audio driver when the mixer opens."""

import array
import os
import subprocess
import sys

import pytest

from scenes.screen.sound import NAMES

PLAYER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "disk_audio_player.py")
LOUD, SOFT = 0.8, 0.4


def samples(path):
    """The file's signed 16-bit samples (the mixer opens as 16-bit; channels do not matter here)."""
    with open(path, "rb") as f:
        data = array.array("h", f.read())
    if sys.byteorder == "big":
        data.byteswap()
    return data


def peak(path):
    data = samples(path)
    return max((abs(x) for x in data), default=0), len(data)


def hear(out, names):
    """Play each of NAMES loud, soft and muted through the disk driver (in a subprocess): (OUT, what
    it said)."""
    jobs = [f"{name}:{volume}:0" for name in names for volume in (LOUD, SOFT)]
    jobs += [f"{name}:{LOUD}:1" for name in names]
    done = subprocess.run([sys.executable, PLAYER, str(out), *jobs], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    return out, done.stdout


@pytest.fixture(scope="module")
def heard(tmp_path_factory):
    return hear(tmp_path_factory.mktemp("disk-audio"), NAMES)


def check_louder(heard, name):
    out, said = heard
    assert f"{name} {LOUD} False played" in said
    loud, loud_count = peak(out / f"{name}-{LOUD}-0.raw")
    soft, soft_count = peak(out / f"{name}-{SOFT}-0.raw")
    assert loud_count > 0 and soft_count > 0, "the driver wrote nothing"
    assert loud > 1000, f"{name} at volume {LOUD} is near silence (peak {loud})"
    # Twice the volume, about twice the peak: generous bounds, the mixer rounds and may clip.
    assert 1.5 < loud / max(soft, 1) < 2.6, (name, loud, soft)


def check_silent(heard, name):
    out, said = heard
    assert f"{name} {LOUD} True silent" in said
    loudest, count = peak(out / f"{name}-{LOUD}-1.raw")
    assert count > 0, "the device was open but wrote nothing"
    assert loudest == 0


@pytest.mark.slow  # every effect played in real time, three times
@pytest.mark.parametrize("name", NAMES)
def test_each_effect_is_heard_louder_at_a_higher_volume(heard, name):
    check_louder(heard, name)


@pytest.mark.slow  # every effect played in real time, three times
@pytest.mark.parametrize("name", NAMES)
def test_muted_is_silent(heard, name):
    check_silent(heard, name)


def test_the_shortest_effect_is_heard_louder_at_a_higher_volume_and_not_at_all_muted(tmp_path):
    played = hear(tmp_path, ["play"])
    check_louder(played, "play")
    check_silent(played, "play")
