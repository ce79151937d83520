"""Clicks by the real pointer land on the card under it at every window size (issue 31): a real X
server (Xvfb, 3840×2160), the app's real window at each size, xdotool moving the pointer onto a card
and clicking, the app's own event loop reading the X events."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a real window on Xvfb, clicked by xdotool

ROOT = Path(__file__).resolve().parent.parent
SIZES = ["1280x720", "1920x1080", "3840x2160", "1000x900"]


@pytest.fixture(scope="module")
def x_server():
    assert shutil.which("Xvfb") and shutil.which("xdotool"), "Debian's xvfb and xdotool are needed (.ci/run)"
    display = None
    for number in range(91, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            display = f":{number}"
            break
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "3840x2160x24", "-nolisten", "tcp", "-noreset"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # -noreset: Xvfb otherwise starts over each time its last client leaves (the readiness probe, each
    # window), refusing clients meanwhile; a loaded machine (two test workers) starts it slowly
    ready = time.monotonic() + 60
    while time.monotonic() < ready and not answers(display):
        assert server.poll() is None, f"Xvfb {display} did not start"
        time.sleep(0.1)
    yield display
    server.terminate()
    server.wait(10)


def answers(display):
    """The X server at DISPLAY takes a client (its socket alone is there before it does)."""
    if not Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
        return False
    asked = subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                           capture_output=True, timeout=30)
    return asked.returncode == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_real_pointer_plays_the_card_it_clicks(x_server, size, tmp_path):
    env = dict(os.environ, DISPLAY=x_server, TRICKTABLE_DATA=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("SDL_VIDEODRIVER", None)
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "real_mouse_child.py"), size], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result.get("window") == [int(n) for n in size.split("x")], result
    assert result["played"] and result["hand_after"] == result["hand_before"] - 1, result
