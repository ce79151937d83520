"""Command line: bot-only games without a window.

    python -m game simulate --game mlut --players 4 --seed 1 --games 100 --bots random --out DIR
    python -m game --lang de simulate ...     (the words in German; the default is the system's language)

Exit status: 0 when every game is played and written, 2 for a usage error (nothing is written),
1 when a record cannot be written (one line on stderr says which and why), 130 after Ctrl-C. Each
record is written whole or not at all, and Ctrl-C still prints the summary of the finished games.
"""

import argparse
import contextlib
import os
import signal
import sys
import threading
import time

from game import cli, i18n, new_game
from game.bots import BOTS
from game.engine import Seat
from kept.files import atomic_write
from game.i18n import _, ngettext, pgettext
from game.kit import game_info, kit, registered
from kept.record import dumps
from game.runner import play_out, seat_bots

PROG = "python -m game"
EXIT_ERROR, EXIT_INTERRUPTED = 1, 130
NAME_MAX = 255  # when the file system does not say


def build_parser():
    parser = argparse.ArgumentParser(prog=PROG, description=_("Tricktable without a window."))
    cli.add_language(parser)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help=_("play bot-only games and write their records"))
    cli.add_language(sim)
    sim.add_argument("--game", required=True, choices=registered())
    sim.add_argument("--players", required=True, type=int)
    sim.add_argument("--seed", type=int, default=0, help=_("seed of the first game (default 0)"))
    sim.add_argument("--games", type=int, default=1, help=_("how many games, seeds S, S+1, ... (default 1)"))
    sim.add_argument("--bots", default="random", help=_("one bot for all seats or one per seat, comma separated"))
    sim.add_argument("--out", required=True, help=_("an existing folder for the records"))
    for option in game_cli_options():
        if option.choices:
            sim.add_argument(option.flag, dest=option.option, type=type(option.choices[0]), choices=option.choices,
                             help=_(option.help))
        else:
            sim.add_argument(option.flag, dest=option.option, action="store_true", help=_(option.help))
    return parser, sim


def game_cli_options():
    """Every registered game's command line options, each flag once (in the games' order)."""
    found = {}
    for game_id in registered():
        for option in kit(game_id).options:
            found.setdefault(option.flag, option)
    return list(found.values())


def games_with(flag):
    """The games that have the option FLAG."""
    return [game_id for game_id in registered() if any(o.flag == flag for o in kit(game_id).options)]


def record_name(args, seed):
    return f"{args.game}-{args.players}p-{seed}.jsonl"


def name_max(folder):
    """The longest file name the folder's file system takes."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return NAME_MAX
    return limit if isinstance(limit, int) and limit > 0 else NAME_MAX


def check_simulate(parser, args):
    """Everything wrong with the arguments is reported before anything is written."""
    counts = game_info(args.game).player_counts
    if args.players not in counts:
        # TRANSLATORS: {game} is a game's id (mlut, wassticht, tricks); {counts} like "4/5/6"
        parser.error(_("{game} is played by {counts} players, not {players}").format(
            game=args.game, counts="/".join(map(str, counts)), players=args.players))
    if args.games < 1:
        parser.error(_("--games must be at least 1"))
    if args.seed < 0:
        parser.error(_("--seed must not be negative"))
    names = [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        parser.error(_("unknown bot {bot} (choose from {bots})").format(bot=repr(unknown[0]),
                                                                       bots=", ".join(sorted(BOTS))))
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        parser.error(_("--bots names one bot or {players} bots, not {count}").format(players=args.players,
                                                                                    count=len(names)))
    if not os.path.isdir(args.out):
        parser.error(_("--out {folder} is not an existing folder").format(folder=repr(args.out)))
    for option in game_cli_options():
        owners = games_with(option.flag)
        if getattr(args, option.option) and args.game not in owners:
            # TRANSLATORS: {flag} is a command line option ("--winner-leads"); {games} the ids of the games
            # that have it ("tricks")
            parser.error(_("{flag} is an option of {games}").format(flag=option.flag, games=", ".join(owners)))
    check_names(parser, args)
    return names


def check_names(parser, args):
    """The last seed's record name must fit the folder's file system (the seed is in the name)."""
    last, limit = args.seed + args.games - 1, name_max(args.out)
    # Far too many digits are not even turned into text (Python limits int to str conversions).
    if last.bit_length() > 4 * limit or len(record_name(args, last)) > limit:
        parser.error(_("--seed and --games give seeds too long for a record's file name "
                       "(at most {limit} characters here)").format(limit=limit))


def game_options(args):
    """The game's options from its command line options (its kit's ``options``)."""
    options = {}
    for option in kit(args.game).options:
        value = option.value(getattr(args, option.option))
        if value is not None:
            options[option.option] = value
    return options


class CannotWrite(Exception):
    def __init__(self, path, error):
        super().__init__(path, error)
        self.path, self.error = path, error


class CannotPrint(Exception):
    """stdout failed (a full disk, a closed pipe) while the summary was printed."""


class Tally:
    """What the finished games add up to."""

    def __init__(self, players):
        self.finished = 0
        self.wins, self.score_sum = [0] * players, [0] * players
        self.actions, self.play_time = 0, 0.0

    def add(self, state, actions, seconds):
        self.finished += 1
        for w in state.winners:
            self.wins[w] += 1
        self.score_sum = [a + b for a, b in zip(self.score_sum, state.totals)]
        self.actions += actions
        self.play_time += seconds


@contextlib.contextmanager
def interrupts_held():
    """Ctrl-C waits until the block is done (a record written and counted), then interrupts: so the
    summary counts exactly the records on disk. Where signals cannot be held, atomic_write still
    removes its temporary file on an interrupt."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)  # a held Ctrl-C is raised here


def write_record(path, state):
    """The record's lines, as kept.record.save writes them, put in place whole or not at all."""
    atomic_write(path, ("\n".join(dumps(e) for e in state.events) + "\n").encode("utf-8"))


def simulate(args, names, out=None):
    """Play and write the games; returns the exit status. The summary covers the finished games,
    also when Ctrl-C or a failed write stops the run early."""
    out = out or sys.stdout
    seats = [Seat(f"Bot {i + 1}", "bot", name) for i, name in enumerate(names)]
    n = args.players
    tally = Tally(n)
    try:
        for seed in range(args.seed, args.seed + args.games):
            state = new_game(args.game, n, seed=seed, seats=seats, options=game_options(args))
            bots, rngs = seat_bots(state, names)
            start = time.perf_counter()
            actions = play_out(state, bots, rngs)
            seconds = time.perf_counter() - start
            path = os.path.join(args.out, record_name(args, seed))
            with interrupts_held():
                try:
                    write_record(path, state)
                except OSError as error:
                    raise CannotWrite(path, error) from None
                tally.add(state, actions, seconds)
    except KeyboardInterrupt:
        print_summary(out, args, names, tally, ngettext(
            "interrupted after {done} of {n} game", "interrupted after {done} of {n} games", args.games).format(
            done=tally.finished, n=args.games))
        return EXIT_INTERRUPTED
    except CannotWrite as failure:
        if tally.finished:
            print_summary(out, args, names, tally, ngettext(
                "stopped after {done} of {n} game", "stopped after {done} of {n} games", args.games).format(
                done=tally.finished, n=args.games))
        # TRANSLATORS: {path} is a file; {why} the system's reason, like "No space left on device"
        say(_("cannot write {path}: {why}").format(path=failure.path, why=failure.error.strerror or failure.error))
        return EXIT_ERROR
    print_summary(out, args, names, tally)
    return 0


def print_summary(out, args, names, tally, stopped=""):
    try:
        write_summary(out, args, names, tally, stopped)
    except OSError as error:
        raise CannotPrint(error) from error


def write_summary(out, args, names, tally, stopped):
    games = tally.finished
    # TRANSLATORS: {first}..{last} is a range of seeds
    seeds = " " + _("(seeds {first}..{last})").format(first=args.seed, last=args.seed + games - 1) if games else ""
    if stopped:
        # TRANSLATORS: {game} is a game's id (mlut, wassticht, tricks); {stopped} like "interrupted after 1 of 5 games"
        print(ngettext("{game}, {players} player: {stopped}", "{game}, {players} players: {stopped}",
                       args.players).format(game=args.game, players=args.players, stopped=stopped) + seeds, file=out)
    else:
        heading = ngettext("{game}, {players} players, {n} game", "{game}, {players} players, {n} games", games)
        print(heading.format(game=args.game, players=args.players, n=games) + seeds, file=out)
    if games:
        heads = (pgettext("column", "seat"), pgettext("column", "bot"), pgettext("column", "wins"),
                 pgettext("column", "win %"), pgettext("column", "mean score"))
        w = [max(len(head), least) for head, least in zip(heads, (4, 10, 6, 6, 11))]  # a longer heading widens
        print(f"{heads[0]:>{w[0]}}  {heads[1]:<{w[1]}} {heads[2]:>{w[2]}} {heads[3]:>{w[3]}} {heads[4]:>{w[4]}}",
              file=out)
        for i, name in enumerate(names):
            print(f"{i:>{w[0]}}  {name:<{w[1]}} {tally.wins[i]:>{w[2]}} {i18n.percent(tally.wins[i] / games, 1):>{w[3]}} "
                  f"{i18n.number(tally.score_sum[i] / games, 2):>{w[4]}}", file=out)
        rate = tally.actions / tally.play_time if tally.play_time else float("inf")
        print(_("{actions} actions, {rate} actions/s (shared wins count for every winner)").format(
            actions=tally.actions, rate=i18n.number(rate)), file=out)
    out.flush()


def say(words):
    """One line on stderr, as a command line tool reports a failure."""
    try:
        print(f"{PROG}: {words}", file=sys.stderr, flush=True)
    except OSError:
        pass


def silence_stdout():
    """After stdout failed (a closed pipe, a full disk), let the interpreter's last flush go nowhere
    instead of printing a second error at exit."""
    if sys.stdout is not sys.__stdout__:  # captured (tests): not ours to redirect
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv=None):
    cli.speak(sys.argv[1:] if argv is None else argv)
    parser, sim = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        names = check_simulate(sim, args)
        try:
            return simulate(args, names)
        except CannotPrint as failure:
            silence_stdout()
            error = failure.__cause__
            if not isinstance(error, BrokenPipeError):  # the reader left (| head): nothing to tell
                say(_("cannot print the summary: {why}").format(why=error.strerror or error))
            return EXIT_ERROR
        except OSError as error:
            say(error.strerror or str(error))
            return EXIT_ERROR
    return 0


if __name__ == "__main__":
    sys.exit(main())
