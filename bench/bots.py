"""Bot tournament on duplicate deals: how often does one level beat another?

    python -m bench.bots --game mlut --players 4 --games 200 --bots normal,random [--budget X]

Every deal (game seed S, S+1, ...) is played once per rotation: with N players, level A sits in
seat r (r = 0..N-1) and level B fills the other seats, so A plays every hand of every deal. The
pairing "A vs B" reports A's win rate with a 95% Wilson interval, how many times chance (1/N) that
is, A's and B's mean final score, and the decision time (p50/p95, view building included) per level.
A shared win counts as a win for every winner, so a level equal to its rivals wins a bit more than
1/N where ties are common. The interval treats the games as independent (the rotations of one deal
are not quite, so it is a little narrow).

With more than two names, the first level meets each of the others ("--all-pairs": every ordered
pair). "--budget" goes to the search bot ("hard") as its budget argument. "--log FILE" keeps every
finished game in FILE (JSON Lines) and reuses the games already there: a stopped run goes on where
it stopped, and a run with more deals plays only the new ones.
"""

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from game import GAMES, PLAYER_COUNTS, new_game
from game.bots import BOTS, bot_rng, make_bot
from game.runner import LazyView

Z95 = 1.959963984540054


def wilson(wins, games, z=Z95):
    """The Wilson score interval (low, high) of a win rate, as fractions."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, int(math.ceil(q * len(sorted_values))) - 1))
    return sorted_values[k]


def seat_names(players, rotation, a, b):
    """Level a in seat ROTATION, level b everywhere else."""
    return [a if s == rotation else b for s in range(players)]


def bot_options(name, budget):
    return {"budget": budget} if (budget is not None and name == "hard") else {}


def play_game(game_id, players, seed, names, budget=None, options=None):
    """One game; returns (winners, totals, decision seconds per seat)."""
    state = new_game(game_id, players, seed=seed, options=options)
    bots = [make_bot(n, **bot_options(n, budget)) for n in names]
    rngs = [bot_rng(seed, s) for s in range(players)]
    times = [[] for _ in range(players)]
    clock = time.perf_counter
    while not state.is_over:
        seat = state.current_player
        bot = bots[seat]
        start = clock()
        view = LazyView(state, seat) if bot.needs_view else None
        action = bot.choose(view, state.legal_actions(), rngs[seat])
        times[seat].append(clock() - start)
        state.apply(action)
    return list(state.winners), list(state.totals), times


def _job(args):
    game_id, players, seed, rotation, a, b, budget = args
    winners, totals, times = play_game(game_id, players, seed, seat_names(players, rotation, a, b), budget)
    a_times = times[rotation]
    b_times = [t for s, ts in enumerate(times) if s != rotation for t in ts]
    b_scores = [t for s, t in enumerate(totals) if s != rotation]
    return (a, b, seed, rotation, rotation in winners, totals[rotation], sum(b_scores) / len(b_scores),
            a_times, b_times)


def pairings(names, all_pairs=False):
    if all_pairs:
        return [(a, b) for a in names for b in names if a != b]
    return [(names[0], b) for b in names[1:] if b != names[0]]


def _task_key(task):
    game_id, players, seed, rotation, a, b, budget = task
    return [game_id, players, seed, rotation, a, b, None if budget is None else str(budget)]


def read_log(path):
    """The finished games of a --log file: {task key: result}. A cut-off last line (a run killed
    while writing) is skipped; any other bad line is an error naming it."""
    done = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return done
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key, result = entry["key"], entry["result"]
        except (ValueError, KeyError, TypeError) as e:
            if number == len(lines):  # the last line, cut off: that game is played again
                break
            raise ValueError(f"{path}, line {number}: not a game of this bench ({e})") from None
        done[json.dumps(key)] = tuple(result)
    return done


def _drop_cut_off_line(path):
    """A run killed while writing leaves half a line at the end: cut it, so new lines start clean."""
    try:
        with open(path, "rb+") as f:
            data = f.read()
            if data and not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        pass


def _play_all(tasks, jobs, log_path):
    """Every task's result, in task order: from the log where it is there, else played (and
    appended to the log as soon as it finishes, so a stopped run loses only the games in play)."""
    done = read_log(log_path) if log_path else {}
    results = {}
    todo = []
    for i, task in enumerate(tasks):
        found = done.get(json.dumps(_task_key(task)))
        if found is None:
            todo.append((i, task))
        else:
            results[i] = found
    if log_path:
        _drop_cut_off_line(log_path)
    log = open(log_path, "a", encoding="utf-8") if log_path else None
    try:
        def keep(i, result):
            results[i] = result
            if log:
                log.write(json.dumps({"key": _task_key(tasks[i]), "result": list(result)}) + "\n")
                log.flush()
        if jobs > 1 and len(todo) > 1:
            with ProcessPoolExecutor(jobs) as pool:
                futures = {pool.submit(_job, task): i for i, task in todo}
                for future in as_completed(futures):
                    keep(futures[future], future.result())
        else:
            for i, task in todo:
                keep(i, _job(task))
    finally:
        if log:
            log.close()
    return [results[i] for i in range(len(tasks))]


def run(game_id, players, games, names, seed=0, budget=None, jobs=1, all_pairs=False, log=None):
    """Play the tournament; returns {"pairs": [...], "times": {level: [seconds]}, "played": [...]}.
    log: a file of finished games, read first (games found there are not played again) and
    appended to."""
    tasks = [(game_id, players, s, r, a, b, budget)
             for a, b in pairings(names, all_pairs)
             for s in range(seed, seed + games) for r in range(players)]
    results = _play_all(tasks, jobs, log)
    pairs = {}
    times = {}
    played = []
    for a, b, s, r, won, a_score, b_score, a_times, b_times in results:
        p = pairs.setdefault((a, b), {"a": a, "b": b, "games": 0, "wins": 0, "a_score": 0.0, "b_score": 0.0})
        p["games"] += 1
        p["wins"] += won
        p["a_score"] += a_score
        p["b_score"] += b_score
        times.setdefault(a, []).extend(a_times)
        times.setdefault(b, []).extend(b_times)
        played.append((a, b, s, r))
    rows = []
    for p in pairs.values():
        lo, hi = wilson(p["wins"], p["games"])
        rows.append(dict(p, rate=p["wins"] / p["games"], low=lo, high=hi,
                         a_mean=p["a_score"] / p["games"], b_mean=p["b_score"] / p["games"]))
    return {"game": game_id, "players": players, "deals": games, "seed": seed, "pairs": rows,
            "times": times, "played": played}


def print_table(result, out=None):
    out = out or sys.stdout
    n, deals, seed = result["players"], result["deals"], result["seed"]
    chance = 1 / n
    print(f"{result['game']}, {n} players, {deals} deals (seeds {seed}..{seed + deals - 1}) x {n} rotations; "
          f"chance {100 * chance:.1f}%; shared wins count as wins", file=out)
    print(f"{'pairing':<20} {'games':>6} {'A wins':>7} {'A win %':>8} {'95% interval':>15} {'x chance':>9} "
          f"{'A mean':>8} {'B mean':>8}", file=out)
    for row in result["pairs"]:
        label = f"{row['a']} vs {row['b']}"
        interval = f"[{100 * row['low']:.1f}, {100 * row['high']:.1f}]"
        print(f"{label:<20} {row['games']:>6} {row['wins']:>7} {100 * row['rate']:>7.1f}% {interval:>15} "
              f"{row['rate'] / chance:>9.2f} {row['a_mean']:>8.2f} {row['b_mean']:>8.2f}", file=out)
    print(f"{'decision time':<20} {'p50 ms':>8} {'p95 ms':>8} {'decisions':>10}", file=out)
    for level, ts in result["times"].items():
        ts = sorted(ts)
        print(f"{level:<20} {1000 * percentile(ts, 0.5):>8.3f} {1000 * percentile(ts, 0.95):>8.3f} "
              f"{len(ts):>10}", file=out)


def parse_budget(text):
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return float(text)


def main(argv=None, out=None):
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=GAMES)
    parser.add_argument("--players", required=True, type=int)
    parser.add_argument("--games", type=int, default=100, help="deals (seeds) per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--bots", default="normal,random", help="levels, comma separated; the first meets the others")
    parser.add_argument("--all-pairs", action="store_true", help="every ordered pair of the levels")
    parser.add_argument("--budget", help="search budget for the hard bot")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--log", help="file of finished games: read first (those games are not played "
                                      "again), each new game appended when it ends")
    args = parser.parse_args(argv)
    if args.players not in PLAYER_COUNTS[args.game]:
        parser.error(f"{args.game} is played by {'/'.join(map(str, PLAYER_COUNTS[args.game]))} players")
    names = [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} (choose from {', '.join(sorted(BOTS))})")
    if len(set(names)) < 2:
        parser.error("--bots needs at least two different levels")
    if args.games < 1:
        parser.error("--games must be at least 1")
    for name in set(names):  # fail early, e.g. when the hard bot is missing
        try:
            make_bot(name, **bot_options(name, parse_budget(args.budget)))
        except ValueError as e:
            parser.error(str(e))
    if args.log:
        try:
            read_log(args.log)
        except (OSError, ValueError) as e:
            parser.error(f"--log: {e}")
    result = run(args.game, args.players, args.games, names, seed=args.seed,
                 budget=parse_budget(args.budget), jobs=args.jobs, all_pairs=args.all_pairs, log=args.log)
    print_table(result, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
