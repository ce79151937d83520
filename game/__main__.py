"""Command line: bot-only games without a window.

    python -m game simulate --game mlut --players 4 --seed 1 --games 100 --bots random --out DIR
"""

import argparse
import os
import sys
import time

from game import GAMES, PLAYER_COUNTS, new_game
from game.bots import BOTS
from game.engine import Seat
from game.record import save
from game.runner import play_out, seat_bots


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m game", description="Tricktable without a window.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play bot-only games and write their records")
    sim.add_argument("--game", required=True, choices=GAMES)
    sim.add_argument("--players", required=True, type=int)
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--games", type=int, default=1, help="how many games, seeds S, S+1, ... (default 1)")
    sim.add_argument("--bots", default="random", help="one bot for all seats or one per seat, comma separated")
    sim.add_argument("--out", required=True, help="an existing folder for the records")
    sim.add_argument("--winner-leads", action="store_true", help="Tricks: the trick winner leads next")
    sim.add_argument("--tasks-per-player", type=int, choices=(4, 5), help="Was sticht?: tasks per player")
    return parser, sim


def check_simulate(parser, args):
    """Everything wrong with the arguments is reported before anything is written."""
    counts = PLAYER_COUNTS[args.game]
    if args.players not in counts:
        parser.error(f"{args.game} is played by {'/'.join(map(str, counts))} players, not {args.players}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed < 0:
        parser.error("--seed must not be negative")
    names = [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} (choose from {', '.join(sorted(BOTS))})")
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        parser.error(f"--bots names one bot or {args.players} bots, not {len(names)}")
    if not os.path.isdir(args.out):
        parser.error(f"--out {args.out!r} is not an existing folder")
    if args.winner_leads and args.game != "tricks":
        parser.error("--winner-leads is an option of tricks")
    if args.tasks_per_player and args.game != "wassticht":
        parser.error("--tasks-per-player is an option of wassticht")
    return names


def game_options(args):
    if args.game == "tricks":
        return {"winner_leads": bool(args.winner_leads)}
    if args.game == "wassticht" and args.tasks_per_player:
        return {"tasks_per_player": args.tasks_per_player}
    return {}


def simulate(args, names, out=None):
    out = out or sys.stdout
    seats = [Seat(f"Bot {i + 1}", "bot", name) for i, name in enumerate(names)]
    n = args.players
    wins, score_sum = [0] * n, [0] * n
    actions, play_time = 0, 0.0
    for seed in range(args.seed, args.seed + args.games):
        state = new_game(args.game, n, seed=seed, seats=seats, options=game_options(args))
        bots, rngs = seat_bots(state, names)
        start = time.perf_counter()
        actions += play_out(state, bots, rngs)
        play_time += time.perf_counter() - start
        save(os.path.join(args.out, f"{args.game}-{n}p-{seed}.jsonl"), state)
        for w in state.winners:
            wins[w] += 1
        score_sum = [a + b for a, b in zip(score_sum, state.totals)]
    print_summary(out, args, names, wins, score_sum, actions, play_time)


def print_summary(out, args, names, wins, score_sum, actions, play_time):
    print(f"{args.game}, {args.players} players, {args.games} games (seeds {args.seed}..{args.seed + args.games - 1})",
          file=out)
    print(f"{'seat':>4}  {'bot':<10} {'wins':>6} {'win %':>6} {'mean score':>11}", file=out)
    for i, name in enumerate(names):
        print(f"{i:>4}  {name:<10} {wins[i]:>6} {100 * wins[i] / args.games:>5.1f}% "
              f"{score_sum[i] / args.games:>11.2f}", file=out)
    rate = actions / play_time if play_time else float("inf")
    print(f"{actions} actions, {rate:,.0f} actions/s (shared wins count for every winner)", file=out)


def main(argv=None):
    parser, sim = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        names = check_simulate(sim, args)
        simulate(args, names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
