"""The phone stress run (issue 27): ``python3 -m bench.stress``.

Whole games of every game and player count, with phone seats played by scripted WebSocket clients
on the real phone server over loopback, while the real App runs headless in this thread: nobody at
the TV, bots in the other seats (or phones in every seat), every animation speed. Each phone seat
answers with one timing: at once, after 50 ms, after 250 ms, or at random (0 to 250 ms, drawn anew
for each answer), counted from the message that opened its turn. The TV runs on made-up frame time
(``app.step(1/60)`` as fast as it goes; while only a phone can move the game on, it sleeps until the
phone's move is in, at most a frame's real time, as the real loop would), the phones on real time:
they race ahead of the picture by as many moves as they like.

What each game is checked for (``problems``), against its record as the disk holds it:
- exceptions: none raised by the TV's frames, no traceback on stderr (the server's thread, bots),
  no error logged, no exception in a phone client;
- steps: the TV showed exactly one step per action, the record's steps as the table saw them
  (``game.observe.stream``), in order;
- log: every line the TV wrote is the log written afresh from the record as the table saw it;
- flights: the first card to fly in the step of a play or a buy is the card the record says;
- phones: each phone was told exactly its seat's record (``game.observe.told``), one step per action,
  ends on its seat's final view, and had no action refused;
- picture: the game screen under the final sheet draws the same pixels as a fresh game screen built
  on the record's final state (``Session.resumed``), both at the same scene clock.

The test suite runs one game per cell of ``CELLS`` (tests/test_phone_stress.py); this bench runs
``--games`` per cell (3 by default): the suite's game, then games with the speeds and the seats'
timings moved round and seeds of their own, and prints the counts, the TV's frame times and the
phones' round trips. ``--quick`` plays one short game (the suite's smoke run of this bench).
"""

import argparse
import asyncio
import json
import logging
import os
import queue
import random
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import aiohttp  # noqa: E402
import pygame  # noqa: E402

from game import Seat  # noqa: E402
from kept import record as game_record  # noqa: E402
from game.observe import TABLE, stream, told  # noqa: E402
from phone.bridge import PhoneTable, jsonable  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screen import board as board_module  # noqa: E402
from scenes.screen import registry  # noqa: E402
from scenes.screen.base import Sheet  # noqa: E402
from scenes.screen.game_screen import GameScreen  # noqa: E402
from scenes.screen.session import Session  # noqa: E402
from scenes.screen.settings import LOGICAL_SIZE, Settings  # noqa: E402

FRAME = 1 / 60
BOT_DELAY = 0.0  # seconds of frame time before a bot move is played: at once, as the fastest pace offered
NAMES = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]
# How a phone seat answers, counted from the message that opened its turn: a delay in seconds, or
# None for a random one of 0 to RANDOM_MOST seconds, drawn for each answer.
TIMINGS = {"now": 0.0, "50ms": 0.05, "250ms": 0.25, "random": None}
RANDOM_MOST = 0.25  # from at once to the slowest fixed timing
SLOWED_WAIT = 0.15  # a phone told it sent too fast waits this long, then sends its move again
JOIN_SECONDS = 20.0  # the phones have this long to join in the lobby
OVER_SECONDS = 10.0  # ... and this long, once the TV shows the final scores, to have been told the end


@dataclass(frozen=True)
class Cell:
    """One game of the stress: SEATS holds "bot" or a phone timing (a key of TIMINGS) per seat."""

    game_id: str
    seats: tuple
    speed: str
    seed: int

    @property
    def players(self):
        return len(self.seats)

    @property
    def phones(self):
        return {i for i, kind in enumerate(self.seats) if kind != "bot"}

    @property
    def options(self):
        return {"tasks_per_player": 4} if self.game_id == "wassticht" else None

    def __str__(self):
        return f"{self.game_id} {self.players} {self.speed} [{' '.join(self.seats)}] seed {self.seed}"


# Every game and player count; every speed, every timing, bots beside phones and tables of phones
# only, spread over the seven games. What a game costs: its frames grow with its moves, its animation
# speed and its rounds (a round's scores stay 8 s of frame time), its wall time with the phones'
# answers (a 250 ms seat makes 50 of them in a game of Tricks). So the long games run at "instant",
# the slow timings sit in the short games, and Was sticht? is dealt a seed whose game took 5 rounds
# (392 moves) when this was written.
CELLS = (
    Cell("tricks", ("250ms", "random", "now"), "slow", 11),
    Cell("tricks", ("bot", "50ms", "bot", "now"), "normal", 12),
    Cell("tricks", ("now", "now", "50ms", "now", "now"), "fast", 13),
    Cell("mlut", ("now", "bot", "bot", "now"), "fast", 14),
    Cell("mlut", ("bot", "now", "bot", "now", "bot"), "instant", 15),
    Cell("mlut", ("now", "bot", "now", "now", "bot", "bot"), "instant", 16),
    Cell("wassticht", ("now", "bot", "now", "bot"), "instant", 1),
)
# --quick: one short game (the test suite's smoke run of this bench), a bot between two phones
QUICK = Cell("tricks", ("now", "bot", "now"), "instant", 11)


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


# --- the phones ---------------------------------------------------------------------------------------
class ScriptedPhone:
    """One seat's phone: joins, and on each turn the table opens answers with a random legal action
    of the view it was sent, after its timing's delay. Keeps every message it was told."""

    def __init__(self, seat, url, timing, seed):
        self.seat, self.url, self.timing = seat, url, timing
        self.rng = random.Random(seed)  # its choices: the same game whatever the timings
        self.clock_rng = random.Random(-seed - 1)  # its random delays
        self.device = f"stress-phone-{seed}-{seat}"
        self.ws = None
        self.seated = False
        self.states = []  # every "state" message, in order
        self.refused = []  # "refused" messages (the table said no to an action)
        self.errors = []  # "error" messages other than a move dropped for speed
        self.actions = 0  # actions sent (and not dropped for speed)
        self.slowed = 0  # moves the server dropped for speed, and the phone sent again
        self.round_trips = []  # seconds from a move sent to the state that shows it applied
        self.sent_at = None
        self.over = False  # told the final view
        self.closed = None  # why the socket closed, if it did before the end

    def delay(self):
        wait = TIMINGS[self.timing]
        return self.clock_rng.uniform(0, RANDOM_MOST) if wait is None else wait

    async def open(self, session):
        self.ws = await session.ws_connect(self.url, heartbeat=None)
        await self.ws.send_str(json.dumps({"type": "join", "device": self.device}))

    async def play(self):
        acted, choice = None, None  # the moment this phone last answered at, and its action
        while True:
            message = await self.ws.receive()
            if message.type != aiohttp.WSMsgType.TEXT:
                if not self.over:
                    self.closed = f"{message.type.name} {message.data} {message.extra}"
                return
            data = json.loads(message.data)
            kind = data["type"]
            if kind == "seated":
                self.seated = True
            elif kind == "state":
                if self.sent_at is not None and data["moment"] > acted:
                    self.round_trips.append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                self.states.append(data)
                self.over = data["view"].get("phase") == "over"
            elif kind == "refused":
                self.refused.append(data)
            elif kind == "error" and data.get("dropped") == "act":
                self.slowed += 1
                self.actions -= 1
                acted = None  # the move was not read: it goes again
                await asyncio.sleep(SLOWED_WAIT)
            elif kind == "error":
                self.errors.append(data)
            state = self.states[-1] if self.states else None
            if state is not None and state["turn"] and acted != state["moment"]:
                if choice is None or choice[0] != state["moment"]:  # a move dropped for speed goes again
                    choice = (state["moment"], self.rng.choice(state["legal"]))
                    await asyncio.sleep(self.delay())
                acted = state["moment"]
                await self.ws.send_str(json.dumps({"type": "act", "action": choice[1], "moment": acted}))
                self.sent_at = time.perf_counter()
                self.actions += 1


class Doorbell(queue.Queue):
    """The phone table's inbox, ringing when the server puts a phone's message in: a TV that only
    waits for a phone sleeps until then, at most one frame's real time (as the real loop would)."""

    def __init__(self):
        super().__init__()
        self.rung = threading.Event()

    def put(self, item, block=True, timeout=None):
        super().put(item, block, timeout)
        self.rung.set()

    def nap(self, seconds):
        self.rung.clear()
        if self.empty():
            self.rung.wait(seconds)


class Phones:
    """The phones of one table, on an asyncio loop in a thread of their own (real phones are other
    machines): they join, play, and keep their sockets until ``close``."""

    def __init__(self, phones):
        self.phones = phones
        self.failures = []  # tracebacks of a phone client that broke
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="stress-phones", daemon=True)
        self.session = None
        self.tasks = []

    def start(self):
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(JOIN_SECONDS)
        return self

    async def _start(self):
        self.session = aiohttp.ClientSession()
        for phone in self.phones:
            await phone.open(self.session)
            self.tasks.append(asyncio.create_task(self._play(phone)))

    async def _play(self, phone):
        try:
            await phone.play()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - counted and shown by the checks
            self.failures.append(f"phone of seat {phone.seat}: {traceback.format_exc()}")

    def close(self):
        async def stop():
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)
            if self.session is not None:
                await self.session.close()
        try:
            asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()


# --- what went wrong where nobody raised: stderr, logs, threads --------------------------------------------
class Tee:
    """sys.stderr, with a copy of everything written to it while a game runs."""

    def __init__(self, real):
        self.real, self.parts = real, []

    def write(self, text):
        self.parts.append(text)
        return self.real.write(text)

    def flush(self):
        self.real.flush()

    def __getattr__(self, name):
        return getattr(self.real, name)

    @property
    def text(self):
        return "".join(self.parts)


class Watch(logging.Handler):
    """Every warning or worse logged anywhere while a game runs, and every thread that died of an
    exception (pytest's own hook would turn those into a mere warning)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []
        self.thread_errors = []
        self.tee = None
        self._hook = None
        self._stderr = None

    def emit(self, record):
        self.records.append(record)

    def __enter__(self):
        logging.getLogger().addHandler(self)
        self._hook = threading.excepthook
        threading.excepthook = self._thread_died
        self._stderr, self.tee = sys.stderr, Tee(sys.stderr)
        sys.stderr = self.tee
        return self

    def _thread_died(self, args):
        self.thread_errors.append("".join(traceback.format_exception(args.exc_type, args.exc_value,
                                                                     args.exc_traceback)))

    def __exit__(self, *exc):
        sys.stderr = self._stderr
        threading.excepthook = self._hook
        logging.getLogger().removeHandler(self)

    def exceptions(self):
        """Each exception seen outside the TV's own frames, as text."""
        found = [f"stderr: {part}" for part in self.tee.text.split("Traceback (most recent call last)")[1:]]
        found += [f"thread: {text}" for text in self.thread_errors]
        found += [f"log {r.name}: {r.getMessage()} {self.format_exc(r)}" for r in self.records
                  if r.levelno >= logging.ERROR or r.exc_info]
        return found

    @staticmethod
    def format_exc(record):
        return "".join(traceback.format_exception(*record.exc_info)) if record.exc_info else ""


# --- one game ------------------------------------------------------------------------------------------
class FlightSpy:
    """Every Flight made, with the index of the step the TV was showing then."""

    def __init__(self):
        self.flights = []  # (step index, card or None)
        self.step = -1
        self._real = None

    def __enter__(self):
        real = self._real = board_module.Flight.__init__
        spy = self

        def made(flight, card, *args, **kwargs):
            spy.flights.append((spy.step, card))
            real(flight, card, *args, **kwargs)

        board_module.Flight.__init__ = made
        return self

    def __exit__(self, *exc):
        board_module.Flight.__init__ = self._real


@dataclass
class GameRun:
    cell: Cell
    frames: int = 0
    seconds: float = 0.0
    frame_times: list = field(default_factory=list)
    failure: str = ""  # why the game did not reach its final sheet (a raise, a cap)
    shown: list = field(default_factory=list)  # the steps the TV took, in order
    written: list = field(default_factory=list)  # every line the TV's log wrote
    flights: list = field(default_factory=list)
    phones: list = field(default_factory=list)
    phone_failures: list = field(default_factory=list)
    exceptions: list = field(default_factory=list)  # outside the TV's frames
    warnings: list = field(default_factory=list)  # lines logged at warning (refused requests ...)
    record: object = None  # the final state, loaded from the record on disk
    state: object = None  # the final state the TV's session holds
    picture: bytes = b""  # the game screen under the final sheet
    fresh_picture: bytes = b""  # a fresh game screen on the record's final state
    picture_diff: str = ""
    tv_log: list = field(default_factory=list)
    fresh_log: list = field(default_factory=list)
    screen: object = None  # the TV's game screen

    @property
    def actions(self):
        return sum(e["t"] == "act" for e in self.record.events) if self.record is not None else 0

    @property
    def phone_actions(self):
        return sum(phone.actions for phone in self.phones)


def make_app(cell):
    app = App(Settings(speed=cell.speed, bot_delay=BOT_DELAY, seed=cell.seed))
    app.port = 0  # any free port, on loopback only
    app.phone_server_options = {"host": "127.0.0.1"}
    return app


def seats_of(cell):
    return [Seat(f"{NAMES[i]}", "bot", "random") if kind == "bot" else Seat(f"{NAMES[i]}", "human")
            for i, kind in enumerate(cell.seats)]


def play(cell, max_frames, max_seconds):
    """One game of CELL from the lobby to its final sheet and the checks' material; the game gives
    up (``failure``) after MAX_FRAMES frames or MAX_SECONDS of wall time."""
    run = GameRun(cell)
    app = make_app(cell)
    phones = None
    with Watch() as watch, FlightSpy() as spy:
        try:
            app.new_game(cell.game_id, seats_of(cell), options=cell.options, phones=cell.phones)
            lobby = app.scene
            lobby.session.phone_table.inbox = Doorbell()  # before any phone is told the game
            links = lobby.server.links()
            run.phones = [ScriptedPhone(seat, ws_url(links[seat]), cell.seats[seat], cell.seed * 10 + seat)
                          for seat in sorted(cell.phones)]
            phones = Phones(run.phones).start()
            run.failure = tv(app, lobby, run, spy, max_frames, max_seconds)
            if not run.failure:
                finish(app, run)
        except Exception:  # noqa: BLE001 - the TV (or the lobby, or a phone joining) raised: shown
            run.failure = f"the TV raised:\n{traceback.format_exc()}"
        finally:
            if phones is not None:
                phones.close()
                run.phone_failures = phones.failures
            app.quit()
        run.flights = spy.flights
    run.exceptions = watch.exceptions()
    run.warnings = [f"{r.name}: {r.getMessage()}" for r in watch.records if r.levelno < logging.ERROR]
    return run


def tv(app, lobby, run, spy, max_frames, max_seconds):
    """The TV's loop: the lobby until every phone joined, Start, then frames until the final sheet.
    Returns "" or why it gave up."""
    deadline = time.perf_counter() + JOIN_SECONDS
    while not lobby.ready():  # every phone is seated before the lobby's first frame tells them the game
        if time.perf_counter() > deadline:
            return f"the phones did not all join within {JOIN_SECONDS:.0f} s"
        time.sleep(0.005)
    app.step(FRAME)  # the lobby's Start is on screen
    lobby.click("start")
    screen = app.scene
    if not isinstance(screen, GameScreen):
        return f"Start led to {type(screen).__name__}, not the game"
    session = screen.session
    run.state = session.state
    path = session.autosave.path
    real_take = session.take_step

    def take():
        step = real_take()
        if step is not None:
            run.shown.append(step)
            spy.step = len(run.shown) - 1
        return step

    session.take_step = take
    real_add = screen.log.add

    def add(line):
        run.written.append(line)
        real_add(line)

    screen.log.add = add
    begun = time.perf_counter()
    deadline = begun + max_seconds
    while not (isinstance(app.scene, Sheet) and app.scene.final):
        if run.frames >= max_frames or time.perf_counter() > deadline:
            return (f"no final scores after {run.frames} frames and {time.perf_counter() - begun:.1f} s: "
                    f"{describe(app, session, run)}")
        before = time.perf_counter()
        app.step(FRAME)
        run.frame_times.append(time.perf_counter() - before)
        run.frames += 1
        if screen.idle and session.phone_turn():
            session.phone_table.inbox.nap(FRAME)  # only a phone can move the game on: wait for it
    run.seconds = time.perf_counter() - begun
    deadline = time.perf_counter() + OVER_SECONDS
    while not all(phone.over for phone in run.phones) and time.perf_counter() < deadline:
        app.step(FRAME)  # the final sheet stays; the phones are told the end meanwhile
        time.sleep(0.005)
    run.record = game_record.load(path)
    run.screen = screen
    return ""


def describe(app, session, run):
    """Where a game that did not end stands, for a failure message."""
    state = session.state
    waits = [f"seat {p.seat} ({p.timing}): {len(p.states)} states, {p.actions} sent, turn "
             f"{bool(p.states and p.states[-1]['turn'])}" for p in run.phones]
    return (f"screen {type(app.scene).__name__}, phase {state.phase}, decider {session.decider}, "
            f"moment {session.door.moment}, steps waiting {len(session.steps)}, phones: {'; '.join(waits)}")


def finish(app, run):
    """The pictures and logs compared at the end: the TV's game screen under the final sheet, and a
    fresh one on the record's final state with the same seats played from phones, at the same clock."""
    screen = run.screen
    fresh_session = Session.resumed(run.record)
    fresh_session.attach_phones(PhoneTable(fresh_session.door, run.cell.phones), None)
    fresh = GameScreen(app, fresh_session)
    fresh.time = screen.time  # the pulses of what may be clicked follow the scene's clock
    run.picture, run.fresh_picture = draw(screen), draw(fresh)
    if run.picture != run.fresh_picture:
        run.picture_diff = pixel_diff(run.picture, run.fresh_picture)
    run.tv_log = list(screen.log.lines)
    run.fresh_log = list(fresh.log.lines)


def draw(scene):
    surface = pygame.Surface(LOGICAL_SIZE)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def pixel_diff(a, b):
    """Where two RGB pictures of the logical size differ: the count and the bounding box."""
    width = LOGICAL_SIZE[0]
    at = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    xs, ys = [i % width for i in at], [i // width for i in at]
    return f"{len(at)} pixels differ, in x {min(xs)}-{max(xs)}, y {min(ys)}-{max(ys)}"


# --- the checks ------------------------------------------------------------------------------------------
def moved_card(event):
    """The card a play or a buy moves, as the table saw it (None for other actions)."""
    action = event["a"]
    if "buy" in action:
        return event.get("card")
    return action.get("play")


def as_text(value):
    return json.dumps(jsonable(value), sort_keys=True)


def problems(run):
    """{check: [what is wrong]} for one game; every list empty when all is well."""
    found = {"failure": [run.failure] if run.failure else [],
             "exceptions": run.exceptions + run.phone_failures}
    if run.record is None:
        return found
    record = run.record
    found["record"] = [] if game_record.same(jsonable(record.events), jsonable(run.state.events)) else [
        "the record on disk is not the game the TV's session played"]
    steps = stream(record, TABLE)
    shown = run.shown
    found["steps"] = [f"step {i}: the TV showed {as_text(s.events)[:300]}, the record says "
                      f"{as_text(r.events)[:300]}" for i, (s, r) in enumerate(zip(shown, steps))
                      if as_text([s.events, s.actor, s.action]) != as_text([r.events, r.actor, r.action])][:5]
    if len(shown) != len(steps):
        found["steps"].append(f"the TV showed {len(shown)} steps, the record has {len(steps)}")
    found["steps"] += [f"step {i} holds {n} actions" for i, s in enumerate(shown)
                       if (n := sum(e["t"] == "act" for e in s.events)) > 1]
    log = registry.log_class(record.game_id)(record.seats, registry_rounds(record))
    expected = [line for event in told(record, TABLE) for line in log.words(event)]
    found["log"] = log_problems(run.written, expected) + log_problems(run.tv_log, run.fresh_log, "the log box")
    found["flights"] = flight_problems(run, steps)
    found["phones"] = [p for phone in run.phones for p in phone_problems(phone, record)]
    found["picture"] = [f"the game screen under the final sheet is not a fresh draw of the final view: "
                        f"{run.picture_diff}"] if run.picture != run.fresh_picture else []
    return found


def registry_rounds(record):
    from game import game_info
    return game_info(record.game_id).rounds_for(record.players)


def log_problems(got, expected, what="the TV's log"):
    if got == expected:
        return []
    at = next((i for i, (g, e) in enumerate(zip(got, expected)) if g != e), min(len(got), len(expected)))
    return [f"{what} differs from line {at} of {len(expected)} ({len(got)} written): "
            f"wrote {got[at:at + 2]}, the record says {expected[at:at + 2]}"]


def flight_problems(run, steps):
    """The first card to fly in the step of a play or a buy is the card the record says it moved."""
    first = {}
    for index, card in run.flights:
        if card is not None:
            first.setdefault(index, card)
    out = []
    for index, step in enumerate(steps[1:len(run.shown)], 1):
        act = next((e for e in step.events if e["t"] == "act"), None)
        card = moved_card(act) if act is not None else None
        if card is not None and first.get(index) != card:
            out.append(f"step {index} ({act['a']} by seat {act['p']}): {first.get(index)} flew, the record "
                       f"moved {card}")
    return out[:5]


def phone_problems(phone, record):
    """The phone of a seat was told its seat's record, one step per action, and ends on its final
    view; none of its actions was refused."""
    where = f"seat {phone.seat} ({phone.timing})"
    out = []
    states = phone.states
    if not states or not states[0]["full"]:
        return [f"{where}: no full state first ({len(states)} states)"]
    heard = list(states[0]["history"]) + [e for s in states[1:] for e in s["events"]]
    seat_told = told(record, phone.seat)
    if as_text(heard) != as_text(seat_told):
        at = next((i for i, (h, t) in enumerate(zip(heard, seat_told)) if as_text(h) != as_text(t)),
                  min(len(heard), len(seat_told)))
        out.append(f"{where}: told {len(heard)} events, its seat's record has {len(seat_told)}; from event {at} "
                   f"it heard {as_text(heard[at:at + 2])[:300]}, the record says {as_text(seat_told[at:at + 2])[:300]}")
    later = states[1:]
    acts = sum(e["t"] == "act" for e in record.events) - sum(e["t"] == "act" for e in states[0]["history"])
    if len(later) != acts or any(sum(e["t"] == "act" for e in s["events"]) != 1 for s in later):
        out.append(f"{where}: {len(later)} steps after joining for {acts} actions, not one each")
    if as_text(states[-1]["view"]) != as_text(record.view(phone.seat)):
        out.append(f"{where}: its last view is not its seat's final view")
    if not phone.over:
        out.append(f"{where}: never told the end ({phone.closed or 'still open'})")
    out += [f"{where}: refused {r['action']}: {r['reason']}" for r in phone.refused[:3]]
    out += [f"{where}: error {e['reason']}" for e in phone.errors[:3]]
    return out


def counts(runs):
    """The totals the closing note gives: games, actions, phone actions, steps shown, exceptions (raised
    by the TV's frames, tracebacks on stderr, errors logged, phone clients that broke), and more."""
    return {"games": len(runs), "actions": sum(r.actions for r in runs),
            "phone actions": sum(r.phone_actions for r in runs), "steps shown": sum(len(r.shown) for r in runs),
            "exceptions": sum(len(r.exceptions) + len(r.phone_failures) + r.failure.startswith("the TV raised")
                              for r in runs),
            "moves dropped for speed and sent again": sum(p.slowed for r in runs for p in r.phones),
            "frames": sum(r.frames for r in runs)}


def line(run, found):
    wrong = {check: len(texts) for check, texts in found.items() if texts}
    return (f"{str(run.cell):58} {run.actions:4} actions {run.phone_actions:4} by phones {len(run.shown):4} "
            f"steps shown {run.frames:6} frames {run.seconds:5.1f} s  {len(run.warnings)} warnings  "
            f"{'ok' if not wrong else wrong}")


def percentile(ordered, p):
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timing_lines(runs):
    """The TV's frame times and the phones' round trips (a move sent to the state that shows it)."""
    out = []
    times = sorted(t for r in runs for t in r.frame_times)
    if times:
        out.append(f"TV frame time (update + draw + present): p50 {percentile(times, 50) * 1000:.2f} ms, "
                   f"p99 {percentile(times, 99) * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms over {len(times)} "
                   f"frames")
    trips = sorted(t for r in runs for p in r.phones for t in p.round_trips)
    if trips:
        out.append(f"phone round trip: p50 {percentile(trips, 50) * 1000:.1f} ms, p99 "
                   f"{percentile(trips, 99) * 1000:.1f} ms over {len(trips)} moves")
    return out


def rotated(cell, n):
    """CELL's n-th variant: another seed, the speeds moved on by n, the seats' timings moved round by
    n, so that over four games each game meets every speed and each seat every timing."""
    speeds = ("slow", "normal", "fast", "instant")
    seats = cell.seats[n % cell.players:] + cell.seats[:n % cell.players]
    return Cell(cell.game_id, seats, speeds[(speeds.index(cell.speed) + n) % 4], cell.seed)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m bench.stress", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per cell (default 3): the first as in the "
                        "test suite, the others with their speeds and seats moved round and seeds of their own")
    parser.add_argument("--seed", type=int, default=0, help="added to every game's seed but the suite's own")
    parser.add_argument("--max-seconds", type=float, default=600, help="give a game up after this long")
    parser.add_argument("--quick", action="store_true", help=f"one short game only: {QUICK}")
    args = parser.parse_args(argv)
    os.environ.setdefault("TRICKTABLE_DATA", tempfile.mkdtemp(prefix="tricktable-stress-"))
    runs, bad, began = [], 0, time.perf_counter()
    for n in range(1 if args.quick else args.games):
        for cell in (QUICK,) if args.quick else CELLS:
            if n:
                cell = rotated(cell, n)
                cell = Cell(cell.game_id, cell.seats, cell.speed, cell.seed + args.seed + 1000 * n)
            run = play(cell, max_frames=10 ** 7, max_seconds=args.max_seconds)
            runs.append(run)
            found = problems(run)
            print(line(run, found), flush=True)
            for check, texts in found.items():
                for text in texts:
                    bad += 1
                    print(f"    {check}: {text}", flush=True)
    print("; ".join(f"{k} {v}" for k, v in counts(runs).items()))
    for text in timing_lines(runs):
        print(text)
    print(f"{time.perf_counter() - began:.0f} s in all; {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
