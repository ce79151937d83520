"""Rules-core speed: random games for every game and player count, on both ways to move.

    python -m bench.rules [--seconds 3] [--game mlut] [--paths checked,push,play_random]

- checked: what a game at the table does. Random bots through ``game.runner.play_out``: the legal
  actions, ``apply`` (checks the action, writes the "act" event) and every chance and outcome event.
- push: what a search does in its copies. The same kind of random games on a ``clone(record=False)``
  of the new game, moved with ``push`` (no check, no events) through ``game.runner.push_out``: the
  legal actions, then the one at ``rng.randrange(len(legal))``, as the random bot draws it.
- play_random: the same on the fast path's own random playout, ``state.play_random(rng)`` (each
  draw is ``legal[int(rng.random() * len(legal))]``, made without the list where the game can).

Prints actions per second and games per second per path (building the new game and its copy is
not timed), and each fast path's speed as a multiple of the checked one. The target is 150,000
actions/s on the checked path for every game on one core; the fast paths are the inner loop of the
search bot.
"""

import argparse
import random
import time

from game import GAMES, PLAYER_COUNTS, new_game
from game.runner import play_out, push_out, seat_bots

TARGET = 150_000
PATHS = ("checked", "push", "play_random")


def measure(game_id, players, seconds):
    """(actions/s, games/s) of random games on the checked path."""
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


def _play_random(state, rng):
    return state.play_random(rng)


def measure_fast(game_id, players, seconds, path="push"):
    """(actions/s, games/s) of random games on a fast path (push or play_random on a copy)."""
    play = push_out if path == "push" else _play_random
    actions = games = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds:
        state = new_game(game_id, players, seed=seed).clone(record=False)
        rng = random.Random(seed)
        start = time.perf_counter()
        actions += play(state, rng)
        elapsed += time.perf_counter() - start
        games += 1
        seed += 1
    return actions / elapsed, games / elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.rules")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game, player count and path")
    parser.add_argument("--game", choices=GAMES, help="only this game")
    parser.add_argument("--paths", default=",".join(PATHS),
                        help=f"comma-separated, of {', '.join(PATHS)} (default: all)")
    args = parser.parse_args(argv)
    paths = [p for p in PATHS if p in args.paths.split(",")]
    if not paths:
        parser.error(f"--paths takes some of {', '.join(PATHS)}")
    head = f"{'game':<10} {'players':>7}"
    for path in paths:
        head += f" {path + ' a/s':>16} {'games/s':>8}"
        if path != "checked" and "checked" in paths:
            head += f" {'×chk':>5}"
    print(f"{head}  target {TARGET:,} actions/s (checked)")
    worst = {}
    for game_id in GAMES:
        if args.game and game_id != args.game:
            continue
        for players in PLAYER_COUNTS[game_id]:
            line = f"{game_id:<10} {players:>7}"
            mark = ""
            checked = None
            for path in paths:
                if path == "checked":
                    aps, gps = measure(game_id, players, args.seconds)
                    checked = aps
                    mark = "ok" if aps >= TARGET else "BELOW TARGET"
                else:
                    aps, gps = measure_fast(game_id, players, args.seconds, path)
                worst[path] = min(worst.get(path, aps), aps)
                line += f" {aps:>16,.0f} {gps:>8,.1f}"
                if path != "checked" and checked is not None:
                    line += f" {aps / checked:>5.2f}"
            print(f"{line}  {mark}".rstrip())
    print("slowest: " + ", ".join(f"{path} {aps:,.0f} actions/s" for path, aps in worst.items()))


if __name__ == "__main__":
    main()
