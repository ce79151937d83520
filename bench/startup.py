"""Time from launch to the first menu frame: ``python -m bench.startup [--repeat 5] [--kept N ...]``.

Each run starts ``main.py`` in a fresh Python process with the dummy video driver and the hidden
``--startup-probe`` flag, which prints a marker and ends right after the first menu frame is on screen.
The time from starting the process to reading the marker is what a person waits for the menu (the
window manager aside). Each run gets a fresh config and data folder, so the person's own settings and
games are neither read nor touched.

``--kept 0 1000 10000`` times the launch with that many kept games in the games folder (a mix of
finished and unfinished records of all three games, copies of a few real ones under their own names
and times). With kept games each count is timed twice: "cold" with no index of the games folder (the
first start after an update, or after the index was lost) and "warm" with the index a previous run
left. Targets: 1.0 s with no games; 0.5 s with 10,000 kept games.
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
KEPT_TARGET = 0.5  # with 10,000 kept games (issue 28)
TIME_LIMIT = 60


def one_launch(home=None):
    """Seconds from process start to the first menu frame (raises if the marker never comes). HOME
    holds the config and data folders; None: a fresh empty one."""
    if home is None:
        with tempfile.TemporaryDirectory() as fresh:
            return one_launch(fresh)
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


def sample_records():
    """The bytes of a few real records: finished and unfinished games of every game."""
    from game import new_game
    from kept.record import record_bytes
    from game.runner import play_out, seat_bots
    out = []
    for k, (game, players, stop) in enumerate([("mlut", 4, None), ("mlut", 5, 90), ("tricks", 3, None),
                                               ("tricks", 4, 40), ("wassticht", 4, None), ("wassticht", 4, 60)]):
        state = new_game(game, players, seed=100 + k)
        play_out(state, *seat_bots(state), max_actions=stop)
        out.append((f"{game}-{100 + k}", record_bytes(state)))
    return out


def fill_games(folder, count):
    """COUNT kept games in FOLDER, each its own file with its own time (one a minute, newest last)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    samples = sample_records()
    now = time.time()
    for i in range(count):
        stem, data = samples[i % len(samples)]
        path = folder / f"2026{i:08d}-{stem}.jsonl"
        path.write_bytes(data)
        when = now - (count - i) * 60
        os.utime(path, (when, when))


def warm_index(home):
    """Let the program index the games folder as a run that stays open would (in this process)."""
    os.environ["TRICKTABLE_DATA"] = os.path.join(home, "data")
    from kept import storage
    refresh = getattr(storage, "refresh_index", None)
    if refresh is not None:
        refresh()


def time_kept(count, repeat):
    """{"cold": [seconds], "warm": [seconds]} for launches with COUNT kept games."""
    times = {"cold": [], "warm": []}
    with tempfile.TemporaryDirectory() as home:
        fill_games(os.path.join(home, "data", "games"), count)
        for _ in range(repeat):
            index = Path(home, "data", "index.json")
            index.unlink(missing_ok=True)
            times["cold"].append(one_launch(home))
        if count:
            warm_index(home)
            for _ in range(repeat):
                times["warm"].append(one_launch(home))
    return times


def report_kept(counts, repeat):
    for count in counts:
        times = time_kept(count, repeat)
        for kind, seconds in times.items():
            if not seconds:
                continue
            median = statistics.median(seconds)
            target = KEPT_TARGET if count >= 10_000 else TARGET
            verdict = "within" if median <= target else "OVER"
            runs = ", ".join(f"{s:.3f}" for s in seconds)
            print(f"{count:>6,} kept games, {kind}: median {median:.3f} s to the first menu frame "
                  f"({verdict} the {target:.1f} s target; runs {runs})", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="launches to time (default 5)")
    parser.add_argument("--kept", type=int, nargs="+", metavar="N",
                        help="time launches with N kept games in the games folder (e.g. 0 1000 10000)")
    args = parser.parse_args(argv)
    if args.kept:
        report_kept(args.kept, max(1, args.repeat))
        return 0
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
