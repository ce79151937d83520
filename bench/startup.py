"""Time from launch to the first menu frame: ``python -m bench.startup [--repeat 5]``.

Each run starts ``main.py`` in a fresh Python process with the dummy video driver and the hidden
``--startup-probe`` flag, which prints a marker and ends right after the first menu frame is on screen.
The time from starting the process to reading the marker is what a person waits for the menu (the
window manager aside). Target: a median of 1.0 s or less. Each run gets a fresh, empty config and data
folder, so the person's own settings and games are neither read nor touched.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = "FIRST_MENU_FRAME"
TARGET = 1.0
TIME_LIMIT = 60


def one_launch():
    """Seconds from process start to the first menu frame (raises if the marker never comes)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   TRICKTABLE_CONFIG=os.path.join(home, "config"), TRICKTABLE_DATA=os.path.join(home, "data"))
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--startup-probe"], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            for line in proc.stdout:
                if line.startswith(MARKER):
                    elapsed = time.perf_counter() - start
                    break
            else:
                raise RuntimeError(f"no {MARKER} line; stderr:\n{proc.stderr.read()}")
            proc.wait(TIME_LIMIT)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="launches to time (default 5)")
    args = parser.parse_args(argv)
    times = []
    for i in range(max(1, args.repeat)):
        seconds = one_launch()
        times.append(seconds)
        print(f"launch {i + 1}: {seconds:.3f} s to the first menu frame", flush=True)
    median = statistics.median(times)
    verdict = "within" if median <= TARGET else "OVER"
    print(f"median: {median:.3f} s ({verdict} the {TARGET:.1f} s target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
