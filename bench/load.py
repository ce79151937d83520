"""What reading a long game record costs: ``python -m bench.load [--mb 12] [--heap 0,3000000]``.

Builds valid records of about MB megabytes (a Tricks game's lines with long unknown keys, with many tiny
``x-`` lines between, with nested ``x-`` lines between) and times ``game.record.load`` on each, in CPU
seconds (best of 3), once for every HEAP size: that many small objects the program holds meanwhile, as
the app does while a game is open (Python's cycle collector walks them when it runs).
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from game import new_game
from game.record import dumps, load
from game.runner import play_out, seat_bots

MB = 1 << 20


def game_lines():
    state = new_game("tricks", 5, seed=1)
    play_out(state, *seat_bots(state))
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


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.load")
    parser.add_argument("--mb", type=float, default=12.0, help="size of each record in megabytes")
    parser.add_argument("--heap", default="0,3000000", help="comma-separated counts of objects held meanwhile")
    args = parser.parse_args(argv)
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
