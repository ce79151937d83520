"""What keeping a game costs the drawing thread: ``python -m bench.autosave [--games 3] [--folder DIR]``.

Plays bot games and writes each action's lines as the app does (one write and one fsync per action,
``kept.storage.Autosave``), timing every sync; then the same without fsync, to show what reaching the
disk adds. A frame at 60 FPS is 16.7 ms: a p99 far below it means the sync can stay on the drawing
thread. ``--folder`` picks the disk to measure (default: a temporary folder).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from unittest import mock

from game import new_game
from game.runner import bot_action, seat_bots
from kept.storage import Autosave

GAMES = [("mlut", 4), ("wassticht", 4), ("tricks", 4)]


def sync_times(folder, games, fsync=True):
    times = []
    with mock.patch("kept.record.os.fsync", os.fsync if fsync else (lambda fd: None)):
        for k in range(games):
            game_id, players = GAMES[k % len(GAMES)]
            state = new_game(game_id, players, seed=k)
            bots, rngs = seat_bots(state)
            keep = Autosave(state, path=os.path.join(folder, f"{game_id}-{k}.jsonl"))
            while not state.is_over:
                seat = state.current_player
                state.apply(bot_action(state, bots[seat], rngs[seat]))
                start = time.perf_counter()
                keep.sync(state)
                times.append(time.perf_counter() - start)
            keep.close()
    return times


def report(label, times):
    times = sorted(times)
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"{label:<14} {len(times):>6} actions  p50 {p(0.5):.3f} ms  p95 {p(0.95):.3f} ms  "
          f"p99 {p(0.99):.3f} ms  max {times[-1] * 1000:.3f} ms  mean {statistics.mean(times) * 1000:.3f} ms")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.autosave", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per run (default 3)")
    parser.add_argument("--folder", default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        report("write + fsync", sync_times(folder, args.games, fsync=True))
        report("write only", sync_times(folder, args.games, fsync=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
