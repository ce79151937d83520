"""Hard-bot thinking time: decision times of the search bot against random seats.

    python -m bench.bot_speed [--games 2] [--decisions 30] [--seconds 0.3] [--game mlut]

For every game and player count it plays a few games with the hard bot in one seat (a different
seat each game) and random bots elsewhere, times every hard decision that offers more than one
action (one legal action returns at once and is not counted) and prints p50 / p95 / max in seconds
and the mean number of search iterations. The target is p95 under 0.5 s on the 2-core machine.
"""

import argparse
import random
import time

from game import GAMES, PLAYER_COUNTS, new_game
from game.bots.random_bot import RandomBot
from game.bots.search import SearchBot

TARGET_P95 = 0.5


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(game_id, players, games, decisions, seconds, iterations=None):
    hard = SearchBot(iterations=iterations, seconds=seconds)
    other = RandomBot()
    times, iters = [], []
    for g in range(games):
        state = new_game(game_id, players, seed=1000 + g)
        seat = g % players
        rng = random.Random(g)
        timed = 0
        while not state.is_over and timed < decisions:
            legal = state.legal_actions()
            if state.current_player == seat and len(legal) > 1:
                view = state.view(seat)
                start = time.perf_counter()
                action = hard.choose(view, legal, rng)
                times.append(time.perf_counter() - start)
                iters.append(hard.last_iterations)
                timed += 1
            else:
                action = other.choose(None, legal, rng)
            state.apply(action)
    return times, iters


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.bot_speed")
    parser.add_argument("--games", type=int, default=2, help="games per game and player count")
    parser.add_argument("--decisions", type=int, default=30, help="timed hard decisions per game at most")
    parser.add_argument("--seconds", type=float, default=0.3, help="the hard bot's time per decision")
    parser.add_argument("--game", choices=GAMES, help="only this game")
    args = parser.parse_args(argv)
    print(f"{'game':<10} {'players':>7} {'decisions':>9} {'p50 s':>7} {'p95 s':>7} {'max s':>7} "
          f"{'iterations':>10}  target p95 < {TARGET_P95} s")
    worst = 0.0
    for game_id in GAMES:
        if args.game and game_id != args.game:
            continue
        for players in PLAYER_COUNTS[game_id]:
            times, iters = measure(game_id, players, args.games, args.decisions, args.seconds)
            p95 = percentile(times, 0.95)
            worst = max(worst, p95)
            mark = "ok" if p95 < TARGET_P95 else "TOO SLOW"
            mean_iters = sum(iters) / len(iters) if iters else 0
            print(f"{game_id:<10} {players:>7} {len(times):>9} {percentile(times, 0.5):>7.3f} {p95:>7.3f} "
                  f"{max(times, default=float('nan')):>7.3f} {mean_iters:>10.0f}  {mark}")
    print(f"worst p95: {worst:.3f} s")


if __name__ == "__main__":
    main()
