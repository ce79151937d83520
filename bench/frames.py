"""Frame times per scene, headless: ``python -m bench.frames``.

Each scene is updated and drawn for 600 frames of 1/60 s at normal animation speed, and the time of
update + draw + present is measured. The table is measured at its busiest moment: 6 seats, the
person's full hand on screen, a full trick flying to its picker and taker (the flight is started again
whenever it lands) with every beat on: the +1 popping on each pile, the seat whose turn it is pulsing,
and a celebration playing all the time (chips flying to two seats, their words, their score counting);
then once more while a Hard bot at its real budget searches in its thread the whole
time (the frames share the GIL with it).
"""

import argparse
import copy
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import Seat  # noqa: E402  (the drivers above must be chosen first)
from scenes.screen import cards  # noqa: E402
from scenes.app import App, window_size  # noqa: E402
from scenes.menus.menu import MenuScene, SetupScene  # noqa: E402
from scenes.boards.scoreboard import ScoreboardScene  # noqa: E402
from scenes.screen.session import Session  # noqa: E402
from scenes.screen.settings import Settings  # noqa: E402

FRAME = 1 / 60
SEED = 11


def percentiles(samples):
    ordered = sorted(samples)

    def at(p):
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]
    return at(50), at(95), at(99)


def measure(app, scene, frames, before_frame=None):
    app.switch(scene)
    times = []
    for _ in range(frames):
        if before_frame:
            before_frame()
        start = time.perf_counter()
        app.scene.update(FRAME)
        app.scene.draw(app.canvas)
        app.present()
        times.append((time.perf_counter() - start) * 1000)
    return times


def move_on(session):
    """One move of the game without the screen (the first legal move for a person, the bot's own for a
    bot), told to the table at once as the screen would be: a Tricks buy is told with its card."""
    session.take_events()  # the deal, told before the first move as on screen
    if session.my_turn():
        session.act(session.decider, session.state.legal_actions()[0])
    else:
        session.bot_move()
    session.take_events()


def put_back(session, saved):
    """The session's game put back to a saved state, the table watching it from there (its observer
    follows the state it was given, so a new one), no bot's answer pending."""
    session.restart(copy.deepcopy(saved))
    session.thinking = None


def six_seats():
    names = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]
    return [Seat(n, "human" if i == 0 else "bot", None if i == 0 else "random") for i, n in enumerate(names)]


def busy_table(app):
    """A 6-seat table with a full trick that a bot is about to pick; returns the table and a frame
    hook that starts the picking flight again each time it has landed."""
    session = Session.new("mlut", six_seats(), SEED)
    state = session.state
    while not (state.phase == "pick" and not session.my_turn() and len(state.hands[0]) >= 12):
        move_on(session)
    table = app.game_scene(session)
    app.switch(table)
    cards.warm(state.hands[0] + [c for _, c in state.trick])  # as the deal does in a real game
    saved = copy.deepcopy(state)
    saved_rngs = copy.deepcopy(session.rngs)

    def restart_when_landed():
        keep_celebrating(table)
        if table.script.busy:
            return
        put_back(session, saved)
        session.rngs = copy.deepcopy(saved_rngs)
        show_afresh(table)
        session.bot_move()  # the pick: the trick's cards take off
        table.step = session.take_step()  # shown as the screen shows a step: its action and views
        table.show_events(table.step.events)
        table.script.update(1.0)  # past the moment the picked cards rise: straight to the flight

    restart_when_landed()
    table.script.update(0)
    return table, restart_when_landed


def keep_celebrating(table):
    """A celebration plays on the table the whole time: a new one as soon as the last is over."""
    from scenes.screen.effects import Celebration
    if not any(isinstance(effect, Celebration) for effect in table.effects):
        seats = (1, 4)
        table.effects.append(Celebration("round_best", [(s, table.seat_box(s)) for s in seats], "Best round!",
                                         {s: 12 for s in seats}, table.dur(1.6)))


def show_afresh(screen):
    """After the session's state was put back: the screen's board takes its picture again (a new
    board if the phase put back is shown by another kind of board than the one on screen)."""
    if App.scene_kind(screen.session) == screen.board.kind:
        screen.board.resync()
    else:
        screen.start(screen.session)


def hard_thinking(table):
    """A Hard bot at its real budget thinking in the background the whole time (started again as soon
    as it answers), on a copy of the table's game: the frames share the GIL with a busy search."""
    import random

    from game.bots import make_bot
    from scenes.screen.session import thinking_pool

    state = copy.deepcopy(table.session.state)
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    bot, rng = make_bot("hard"), random.Random(SEED)
    thinks = []

    def keep_thinking():
        if not thinks or thinks[-1].done():
            thinks.append(thinking_pool().submit(bot.choose, view, legal, rng))

    def stop():
        bot.stop.set()
        return len(thinks)
    return keep_thinking, stop


def final_scoreboard(app):
    session = Session.new("mlut", six_seats(), SEED)
    state = session.state
    while not state.is_over:
        move_on(session)
    return ScoreboardScene(app, session, state.round, final=True)


# --- Was sticht? -------------------------------------------------------------------------------------
def wassticht_seats(person):
    names = ["Anna", "Ben", "Carla", "David"]
    return [Seat(n, "human" if i == 0 and person else "bot", None if i == 0 and person else "random")
            for i, n in enumerate(names)]


def wassticht_looping(app, until, restart_when):
    """A bots-only Was sticht? scene that bots keep playing (cards flying, tasks taken); the game is
    put back to where the scene started whenever restart_when(state) holds and the scene is idle."""
    session = Session.new("wassticht", wassticht_seats(False), SEED, {"tasks_per_player": 5})
    session.wassticht_notepad = True  # drawn as for people
    while not until(session.state):
        move_on(session)
    scene = app.game_scene(session)
    saved = copy.deepcopy(session.state)

    def restart():
        if not scene.script.busy and restart_when(session.state):
            put_back(session, saved)
            show_afresh(scene)
    return scene, restart


def wassticht_choice(app):
    """The person's task choice, the mouse over a task tile."""
    session = Session.new("wassticht", wassticht_seats(True), SEED, {"tasks_per_player": 5})
    state = session.state
    while not (state.phase == "task_choice" and session.my_turn()):
        move_on(session)
    scene = app.game_scene(session)
    app.switch(scene)
    app.step(FRAME)
    scene.mouse = next(r.center for n, r in scene.targets.items() if n.startswith("task:"))
    return scene


def wassticht_rows(app, frames):
    delay, app.settings.bot_delay = app.settings.bot_delay, 0.0  # a card in the air whenever it can be
    draft, again = wassticht_looping(app, lambda st: st.phase == "row_draft" and st.row == 3,
                                     lambda st: st.phase != "row_draft" or st.row >= 8)
    tasks, again2 = wassticht_looping(app, lambda st: True,
                                      lambda st: st.phase != "task_draft" or len(st.held[3]) >= 4)
    rows = [("was sticht? row draft, cards flying", measure(app, draft, frames, again)),
            ("was sticht? task draft", measure(app, tasks, frames, again2))]
    app.settings.bot_delay = delay
    return rows + [("was sticht? task choice", measure(app, wassticht_choice(app), frames))]


# --- Tricks ------------------------------------------------------------------------------------------
def tricks_looping(app, phases):
    """A bots-only 5-seat Tricks screen that bots keep playing without a pause (cards flying, bids
    turning over); the game is put back to where it started whenever it leaves the given phases and the
    screen is idle, or the app moved on to the next screen."""
    session = Session.new("tricks", [Seat(f"Bot {i}", "bot", "random") for i in range(5)], SEED)
    while session.state.phase not in phases:
        move_on(session)
    scene = app.game_scene(session)
    kind = scene.kind  # the screen stays when the phase moves on; its board changes kind
    saved = copy.deepcopy(session.state)

    def restart():
        current = app.scene
        if getattr(current, "kind", None) == kind and (current.script.busy or session.state.phase in phases):
            return
        put_back(session, saved)
        app.switch(app.game_scene(session))  # a fresh screen: no reveal, no flights
    return scene, restart


def tricks_rows(app, frames):
    delay, app.settings.bot_delay = app.settings.bot_delay, 0.0  # a move every frame the screen is idle
    market, again = tricks_looping(app, ("buy", "bury"))
    rows = [("tricks market, 5 seats, buying", measure(app, market, frames, again))]
    bidding, again2 = tricks_looping(app, ("bid",))
    rows.append(("tricks bids, 5 seats, reveal", measure(app, bidding, frames, again2)))
    tricks, again3 = tricks_looping(app, ("play", "lead"))  # cards landing, each trick held marked
    rows.append(("tricks table, 5 seats, beats", measure(app, tricks, frames, again3)))
    app.settings.bot_delay = delay
    return rows


# --- a replay ----------------------------------------------------------------------------------------
def replay_rows(app, frames):
    """A finished 6-seat game played back at ×4 on its game screen (a card in the air most of the
    time, the control bar over the bottom edge); it starts again from the beginning of its trick play if
    it ends."""
    import tempfile

    from game import new_game
    from kept.record import save
    from game.runner import play_out, seat_bots
    from scenes.menus.replay import open_replay

    state = new_game("mlut", 6, SEED, six_seats())
    bots, rngs = seat_bots(state)
    play_out(state, bots, rngs)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.jsonl")
        save(path, state)
        replay = open_replay(app, path)
    replay.speed = 4.0
    replay.rebuild(8, 0)  # past the deal: tricks being played

    def again():
        if replay.at_end:
            replay.rebuild(8, 0)
    return [("replay, 6 seats, ×4", measure(app, replay, frames, again))]


def by_size(sizes, frames):
    """The busy 6-seat table (a trick flying, the full hand) at each window size, in one run: what a
    bigger screen costs per frame, the picture drawn and presented as the app does."""
    print(f"{'window':>11} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}   (busy 6-seat table, {frames} frames, headless)")
    for size in sizes:
        app = App(Settings(speed="normal", bot_delay=0.7, seed=SEED, window_size=size))
        table, hook = busy_table(app)
        p50, p95, p99 = percentiles(measure(app, table, frames, hook))
        print(f"{size[0]:>5}x{size[1]:<5} {p50:8.2f} {p95:8.2f} {p99:8.2f}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.frames", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames per scene (default 600)")
    parser.add_argument("--size", type=window_size, action="append", metavar="WxH",
                        help="measure the busy table at this window size (give it several times to compare "
                             "sizes in one run); without it, every scene at 1280x720")
    args = parser.parse_args(argv)
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.size:
        return by_size(args.size, args.frames)
    app = App(Settings(speed="normal", bot_delay=0.7, seed=SEED))
    rows = []
    rows.append(("menu", measure(app, MenuScene(app), args.frames)))
    setup = SetupScene(app, "mlut")
    setup.count = 6
    rows.append(("seat setup (6 seats)", measure(app, setup, args.frames)))
    table, hook = busy_table(app)
    flying = []

    def hook_and_count():
        hook()
        flying.append(sum(1 for f in table.board.flights if not f.tween.done))
    rows.append(("table, 6 seats, trick flying", measure(app, table, args.frames, hook_and_count)))
    think, stop_thinking = hard_thinking(table)

    def hook_and_think():
        hook()
        think()
    rows.append(("table, 6 seats, Hard bot thinking", measure(app, table, args.frames, hook_and_think)))
    searches = stop_thinking()
    rows.append(("final scoreboard (confetti)", measure(app, final_scoreboard(app), args.frames)))
    rows += wassticht_rows(app, args.frames)
    rows += tricks_rows(app, args.frames)
    rows += replay_rows(app, args.frames)
    print(f"{'scene':32} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}   ({args.frames} frames each, headless)")
    for name, times in rows:
        p50, p95, p99 = percentiles(times)
        print(f"{name:32} {p50:8.2f} {p95:8.2f} {p99:8.2f}")
    print(f"table frames with cards in the air: {sum(1 for n in flying if n)} of {len(flying)}, "
          f"up to {max(flying)} cards at once; {len(table.board.shown['hand'])} cards in the hand on screen")
    print(f"Hard bot (0.3 s a move) searches started during its row: {searches}; switch interval "
          f"{sys.getswitchinterval() * 1000:.1f} ms")
    alone = [(n, t) for n, t in rows if "Hard bot" not in n]
    worst = max(percentiles(t)[2] for _, t in alone)
    print(f"worst p99 without a search running: {worst:.2f} ms (target 4 ms); mean of those frames: "
          f"{statistics.mean(x for _, t in alone for x in t):.2f} ms")
    shared = max(percentiles(t)[2] for n, t in rows if "Hard bot" in n)
    print(f"p99 while the Hard bot thinks: {shared:.2f} ms (target 16.7 ms, one frame at 60 fps)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
