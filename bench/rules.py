"""Rules-core speed: random bot games for every game and player count.

    python -m bench.rules [--seconds 3]

Prints actions per second and games per second. The target is 150,000 actions/s for every game on
one core; legal-move generation is the inner loop of the search bots.
"""

import argparse
import time

from game import GAMES, PLAYER_COUNTS, new_game
from game.runner import play_out, seat_bots

TARGET = 150_000


def measure(game_id, players, seconds):
    actions = games = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds:
        state = new_game(game_id, players, seed=seed)
        bots, rngs = seat_bots(state, ["random"] * players)
        start = time.perf_counter()
        actions += play_out(state, bots, rngs)
        elapsed += time.perf_counter() - start
        games += 1
        seed += 1
    return actions / elapsed, games / elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.rules")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    args = parser.parse_args(argv)
    print(f"{'game':<10} {'players':>7} {'actions/s':>12} {'games/s':>10}  target {TARGET:,} actions/s")
    worst = None
    for game_id in GAMES:
        for players in PLAYER_COUNTS[game_id]:
            aps, gps = measure(game_id, players, args.seconds)
            worst = aps if worst is None else min(worst, aps)
            mark = "ok" if aps >= TARGET else "BELOW TARGET"
            print(f"{game_id:<10} {players:>7} {aps:>12,.0f} {gps:>10,.1f}  {mark}")
    print(f"slowest: {worst:,.0f} actions/s")


if __name__ == "__main__":
    main()
