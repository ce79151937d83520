"""What reading a long game record costs: ``python -m bench.load [--mb 12] [--heap 0,3000000] [--app]``.

Builds valid records of about MB megabytes (a Tricks game's lines with long unknown keys, with many tiny
``x-`` lines between, with nested ``x-`` lines between) and times ``kept.record.load`` on each, in CPU
seconds (best of 3), once for every HEAP size: that many small objects the program holds meanwhile, as
the app does while a game is open (Python's cycle collector walks them when it runs).

With ``--app`` it times what a person waits for in the app (headless) instead, in CPU seconds of the
whole program (every thread): Replay (a finished game's record) and Continue (an unfinished one's),
each from the click (the list's row, the menu's Continue) to the first frame of the game's screen, the
index of kept games knowing the file; and "from the start": from the app's start with the record just
written (the index's thread reads it meanwhile, as on the first start after a game was copied in) to
the click and that first frame.
"""

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from game import new_game
from kept.record import dumps, load
from game.runner import play_out, seat_bots

MB = 1 << 20


def game_lines(actions=None):
    """The lines of a Tricks game of five: a whole game, or one stopped after ACTIONS actions."""
    state = new_game("tricks", 5, seed=1)
    play_out(state, *seat_bots(state), max_actions=actions)
    return [dumps(e) for e in state.events]


def records(lines, size):
    """{name: bytes} of three long records of about SIZE bytes."""
    rows = max(1, size // len(lines) // len("[1, 2], "))
    keys = [json.dumps({**json.loads(line), "x-comment": {"rows": [[1, 2]] * rows}}) for line in lines]
    fillers = {"many": '{"t": "x-note", "n": 12345, "s": "abcdefghijklmnopqrstuvwxyz"}',
               "nested": '{"t": "x-data", "rows": [' + ", ".join(['[1, 2, [3, "x"]]'] * 2000) + "]}"}
    out = {"unknown keys": ("\n".join(keys) + "\n").encode()}
    for name, filler in fillers.items():
        per = max(1, size // len(filler) // len(lines))
        out[f"{name} x- lines"] = ("\n".join(x for line in lines for x in [line] + [filler] * per) + "\n").encode()
    return out


def cpu_seconds(path, tries=3):
    best = float("inf")
    for _try in range(tries):
        start = time.thread_time()
        load(path)
        best = min(best, time.thread_time() - start)
    return best


APP_COLUMNS = ("replay click", "continue click", "replay from start", "continue from start")


def app_seconds(mb, tries=3):
    """{record name: [CPU seconds per APP_COLUMNS]} of the app's Replay and Continue of long records
    (the best of TRIES, each in a new app)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    finished = records(game_lines(), int(mb * MB))
    unfinished = records(game_lines(actions=120), int(mb * MB))
    out = {}
    for name in finished:
        cells = [(finished[name], "replay", True), (unfinished[name], "continue", True),
                 (finished[name], "replay", False), (unfinished[name], "continue", False)]
        out[name] = [min(app_time(*cell) for _try in range(tries)) for cell in cells]
    return out


def app_time(data, how, warm):
    """CPU seconds (every thread) of one Replay or Continue (HOW) of the record DATA in a new app; WARM:
    from the click, the index knowing the file; else from the app's start, the record just written."""
    before = os.environ.get("TRICKTABLE_DATA")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TRICKTABLE_DATA"] = home
        try:
            return _app_time(data, how, warm)
        finally:
            if before is None:
                os.environ.pop("TRICKTABLE_DATA", None)
            else:
                os.environ["TRICKTABLE_DATA"] = before


def _app_time(data, how, warm):
    from kept import storage, summaries
    from scenes.app import App
    from scenes.screen.settings import Settings
    (storage.games_dir() / "long.jsonl").write_bytes(data)
    if warm:
        storage.refresh_index()
    for cache in (storage._catalogs, summaries._summaries, summaries._opened):
        cache.clear()  # as a new start of the program: only the files (and the index) are there
    start = time.process_time()
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(0)
    if how == "continue":
        _until(app, lambda: "continue" in app.scene.targets)
    else:
        app.scene.click("kept")
        _until(app, lambda: app.scene.games and app.scene.games[0].usable)
    if warm:
        start = time.process_time()
    app.scene.click("continue" if how == "continue" else "game:0")
    app.step(0)
    seconds = time.process_time() - start
    assert type(app.scene).__name__ == ("GameScreen" if how == "continue" else "ReplayScreen"), app.scene
    storage.catalog().wait()
    app.quit()
    return seconds


def _until(app, done, limit=60.0):
    began = time.monotonic()
    while not done():
        if time.monotonic() - began > limit:
            raise RuntimeError("the kept game was never offered")
        app.step(0)
        time.sleep(0.001)  # the index's thread reads meanwhile, as it would between frames


def report_app(mb, tries):
    print(f"{'record':<18} {'MB':>5} " + " ".join(f"{name:>19}" for name in APP_COLUMNS))
    for name, times in app_seconds(mb, tries).items():
        print(f"{name:<18} {mb:5.1f} " + " ".join(f"{t:18.3f}s" for t in times))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.load")
    parser.add_argument("--mb", type=float, default=12.0, help="size of each record in megabytes")
    parser.add_argument("--heap", default="0,3000000", help="comma-separated counts of objects held meanwhile")
    parser.add_argument("--app", action="store_true", help="time the app's Replay and Continue instead")
    parser.add_argument("--tries", type=int, default=3, help="with --app: the best of so many tries")
    args = parser.parse_args(argv)
    if args.app:
        report_app(args.mb, max(1, args.tries))
        return 0
    try:
        heaps = [int(n) for n in args.heap.split(",")]
    except ValueError:
        parser.error("--heap takes whole numbers separated by commas")
    lines = game_lines()
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, data in records(lines, int(args.mb * MB)).items():
            paths[name] = Path(folder) / (name.replace(" ", "-") + ".jsonl")
            paths[name].write_bytes(data)
        print(f"{'record':<18} {'MB':>5} " + " ".join(f"{f'held {n:,}':>16}" for n in heaps))
        results = {name: [] for name in paths}
        for n in heaps:
            held = [[i] for i in range(n)]  # what an open game holds, in small objects
            for name, path in paths.items():
                results[name].append(cpu_seconds(path))
            del held
        for name, path in paths.items():
            print(f"{name:<18} {path.stat().st_size / MB:5.1f} " + " ".join(f"{t:15.3f}s" for t in results[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
