"""The monkey: random input into the real app, headless, until something breaks (or nothing does).

``python -m bench.monkey --events 100000 --seed S`` starts the real App on SDL's dummy drivers, with
TRICKTABLE_DATA and TRICKTABLE_CONFIG pointed at a fresh temporary folder (the person's files are
never touched), and feeds it random input: clicks (mostly on the targets the scene drew last frame,
sometimes anywhere, on the letterbox bars too), hovers, drags (down, moves, up), the mouse wheel, keys
(Esc, Enter, F11, letters with their text, Backspace, arrows, Tab), window resizes (VIDEORESIZE and
WINDOWSIZECHANGED with random sizes) and focus changes (focus lost/gained, minimised/restored), each
followed by a few frames of random length. ``App.step`` is called directly, not the crash-guarded
``App.run``, so any exception is a failure; after every frame the game's ``check_invariants()`` must
hold.

So that games are reached and finished, the monkey leans: in the menu it mostly opens the game it has
started least, in the seat setup it mostly works towards a plan (a seat count; all bots, one person
or several) and then clicks Start, and most games run at instant animation with no bot pause. Bots are
random, easy or normal: the hard level is taken out of the setup (and mapped to normal, should it be
asked for anyway) to keep the run fast.

One seed gives one run: the monkey's own generator decides everything, bots think on the calling
thread instead of the worker, and the fresh seeds of new games (rematches) come from the monkey's
generator. A run prints the number of events, the scenes visited, the games started and finished per
game, and a fingerprint of the run; on a failure the seed, the event index, the last inputs and the
traceback, with exit status 1.
"""

import argparse
import contextlib
import hashlib
import io
import os
import random
import sys
import tempfile
import time
import traceback
import weakref
from collections import Counter, deque
from concurrent.futures import Future
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the drivers above must be chosen first)

import game.bots as game_bots  # noqa: E402
import scenes.menus.menu as menu_module  # noqa: E402
import scenes.screen.session as session_module  # noqa: E402
from game import GAMES, PLAYER_COUNTS  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screen.settings import BOT_DELAYS, SPEED_ORDER, Settings  # noqa: E402

FAST_LEVELS = ("random", "easy", "normal")
# Targets that leave a game or the app: clicked rarely, so that games get played to the end.
LEAVING = ("quit", "btn:menu", "pause:menu", "menu", "back")
BORED = 1200  # inputs into one game after which the monkey leans towards leaving it
# Targets that move a game on (a confirm button, the hand-off, closing an overlay): clicked more often.
MOVING_ON = ("continue", "handoff", "overlay:close", "pause:resume", "start")
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F11, pygame.K_BACKSPACE, pygame.K_TAB,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_DELETE,
        pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_m, pygame.K_s, pygame.K_r]
LETTERS = "abcdefghijklmnopqrstuvwxyzäöüßABCXYZ0123456789 -'é"
FOCUS = ("WINDOWFOCUSLOST", "WINDOWFOCUSGAINED", "WINDOWMINIMIZED", "WINDOWRESTORED", "WINDOWENTER",
         "WINDOWLEAVE", "WINDOWSHOWN", "WINDOWHIDDEN", "WINDOWEXPOSED", "WINDOWMAXIMIZED")


class MonkeyFailure(Exception):
    pass


# --- making a run deterministic and fast -------------------------------------------------------------
class InlinePool:
    """Stands in for the bots' worker thread: the move is found at once, on the calling thread, so the
    frame a bot's move lands in depends on the seed only, never on thread timing."""

    def submit(self, fn, *args, **kwargs):
        future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - the session reports it when it plays the move
            future.set_exception(error)
        return future


@contextlib.contextmanager
def patched(rng):
    """Inline bots, seeded fresh seeds, no hard level; everything is put back afterwards."""
    saved = []

    def swap(owner, name, value):
        if hasattr(owner, name):
            saved.append((owner, name, getattr(owner, name)))
            setattr(owner, name, value)

    real_levels = menu_module.bot_levels
    swap(session_module, "thinking_pool", InlinePool)
    swap(session_module, "fresh_seed", lambda: rng.randrange(1, 2 ** 31))
    swap(menu_module, "bot_levels", lambda: [lv for lv in real_levels() if lv[1] in FAST_LEVELS] or real_levels())
    real_hard = game_bots.BOTS.get("hard")
    game_bots.BOTS["hard"] = lambda **options: game_bots.BOTS["normal"]()
    try:
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
        if real_hard is None:
            game_bots.BOTS.pop("hard", None)
        else:
            game_bots.BOTS["hard"] = real_hard


@contextlib.contextmanager
def private_folders(folder=None):
    """TRICKTABLE_DATA and TRICKTABLE_CONFIG in a temporary folder for the run."""
    keys = ("TRICKTABLE_DATA", "TRICKTABLE_CONFIG")
    before = {k: os.environ.get(k) for k in keys}
    with tempfile.TemporaryDirectory(prefix="tricktable-monkey-", dir=folder) as tmp:
        os.environ["TRICKTABLE_DATA"] = os.path.join(tmp, "data")
        os.environ["TRICKTABLE_CONFIG"] = os.path.join(tmp, "config")
        try:
            yield tmp
        finally:
            for k, v in before.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


class SwallowWatch(io.TextIOBase):
    """stderr during the run: passed through, and tracebacks printed by a safety net (a bot that
    raised, played for by its first legal move) are counted, since they are bugs too."""

    def __init__(self, real):
        self.real = real
        self.text = []
        self.tracebacks = 0

    def write(self, s):
        if "Traceback (most recent call last)" in s:
            self.tracebacks += 1
        if sum(len(t) for t in self.text) < 20000:
            self.text.append(s)
        return self.real.write(s)

    def flush(self):
        self.real.flush()


# --- the report --------------------------------------------------------------------------------------
@dataclass
class Report:
    seed: int
    events: int = 0
    frames: int = 0
    posted: int = 0
    scenes: Counter = field(default_factory=Counter)      # scene name (see scene_name) -> frames spent there
    game_scenes: dict = field(default_factory=dict)        # game id -> set of scene names
    started: Counter = field(default_factory=Counter)
    finished: Counter = field(default_factory=Counter)
    restarts: int = 0  # the app quit (Quit button, window closed) and was started again
    resizes: int = 0
    seconds: float = 0.0
    fingerprint: str = ""
    failure: str = ""
    failed_at: int | None = None

    @property
    def ok(self):
        return not self.failure

    def lines(self):
        out = [f"monkey seed {self.seed}: {self.events} events, {self.frames} frames, {self.posted} pygame events "
               f"posted, {self.seconds:.1f} s"]
        out.append("scenes visited: " + ", ".join(f"{name} ({n})" for name, n in sorted(self.scenes.items())))
        for game_id in GAMES:
            names = ", ".join(sorted(self.game_scenes.get(game_id, ())))
            out.append(f"  {game_id}: started {self.started[game_id]}, finished {self.finished[game_id]}; "
                       f"scenes: {names or '-'}")
        out.append(f"games finished: {sum(self.finished.values())} "
                   f"({', '.join(f'{g} {self.finished[g]}' for g in GAMES)}); app restarts {self.restarts}; "
                   f"resizes {self.resizes}")
        out.append(f"fingerprint {self.fingerprint}")
        if self.failure:
            out.append(f"FAILED at event {self.failed_at} (seed {self.seed}; rerun: python -m bench.monkey --seed "
                       f"{self.seed} --events {self.failed_at + 1}):")
            out.append(self.failure)
        else:
            out.append("clean: no exception escaped, every invariant held")
        return out


def scene_name(scene):
    """The scene's class name; a game screen's with the class of the board it shows ("GameScreen/MlutTable"),
    since one screen shows a whole game and its boards change with the phase."""
    name = type(scene).__name__
    board = getattr(scene, "board", None)
    return f"{name}/{type(board).__name__}" if board is not None else name


# --- the monkey --------------------------------------------------------------------------------------
class Monkey:
    def __init__(self, seed, report):
        self.seed = seed
        self.rng = random.Random(seed)
        self.report = report
        self.app = None
        self.trail = deque(maxlen=30)   # the last inputs, for the failure report
        self.plan = None                # (setup scene, count, kinds) being worked towards
        self.sessions = weakref.WeakSet()
        self.done = weakref.WeakSet()
        self.hash = hashlib.sha256()
        self.index = 0
        self.game_events = 0            # inputs into the current game; a long game gets left

    # --- the app ---------------------------------------------------------------------------------
    def start_app(self):
        r = self.rng
        settings = Settings(speed="instant", bot_delay=0.0, seed=r.randrange(1, 2 ** 31),
                            window_size=r.choice([(1280, 720)] * 4 + [(1600, 900)]))
        self.app = App(settings)
        pygame.event.clear()  # nothing left over from an app that quit
        real_switch = self.app.switch

        def switch(scene):
            self.seen(scene)
            return real_switch(scene)
        self.app.switch = switch
        self.seen(self.app.scene)

    def seen(self, scene):
        name = scene_name(scene)
        self.report.scenes[name] += 0  # listed even if left within the frame
        session = getattr(scene, "session", None)
        game_id = getattr(session, "game_id", None)
        if game_id is not None:
            self.report.game_scenes.setdefault(game_id, set()).add(name)
            if session not in self.sessions and not type(session).__name__.startswith("Replay"):
                self.sessions.add(session)
                self.game_events = 0
                self.report.started[game_id] += 1
                self.new_game_pace()

    def new_game_pace(self):
        """Most games at instant animation without bot pauses, so they get finished; some slower."""
        s = self.app.settings
        if self.rng.random() < 0.9:
            s.speed, s.bot_delay = "instant", 0.0
        else:
            s.speed = self.rng.choice(SPEED_ORDER)
            s.bot_delay = self.rng.choice((0.0, 0.0, min(BOT_DELAYS)))

    def session(self):
        return getattr(self.app.scene, "session", None)

    # --- one frame, checked ----------------------------------------------------------------------
    def frame(self, dt):
        self.app.step(dt)
        self.report.frames += 1
        if not self.app.running:
            return
        scene = self.app.scene
        self.seen(scene)
        self.report.scenes[scene_name(scene)] += 1
        session = getattr(scene, "session", None)
        state = getattr(session, "state", None)
        if state is not None:
            state.check_invariants()
            if state.is_over and session not in self.done and session in self.sessions:
                self.done.add(session)
                self.report.finished[session.game_id] += 1

    def frames(self, count=None):
        r = self.rng
        if count is None:
            roll = r.random()
            count = 1 if roll < 0.85 else 2 if roll < 0.97 else r.randint(3, 8)
        for _ in range(count):
            roll = r.random()
            dt = 0.0 if roll < 0.03 else 0.1 if roll < 0.08 else r.choice((1 / 60, 1 / 60, 1 / 30, 1 / 144)) \
                if roll < 0.8 else r.uniform(0.001, 0.1)
            self.frame(dt)
            if not self.app.running:
                return

    def post(self, kind, **attrs):
        self.report.posted += 1
        pygame.event.post(pygame.event.Event(kind, attrs))

    # --- where to click --------------------------------------------------------------------------
    def window_point(self, logical=None):
        """A window pixel: inside a logical rect (on a target), or anywhere in the window."""
        if logical is not None:
            x = self.rng.randint(logical.left, max(logical.left, logical.right - 1))
            y = self.rng.randint(logical.top, max(logical.top, logical.bottom - 1))
            return self.app.to_window((x, y))
        w, h = self.app.window.get_size()
        return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))

    def pick_target(self):
        targets = dict(getattr(self.app.scene, "targets", {}) or {})
        if not targets:
            return None
        names = sorted(targets)
        weights = []
        session = self.session()
        in_game = session is not None and not getattr(session.state, "is_over", False)
        for name in names:
            if name in LEAVING:
                bored = self.game_events > BORED
                weights.append((2.0 if bored else 0.02) if in_game else 1.0 if session is not None else 0.3)
            elif name == "rematch":
                weights.append(0.3)
            elif name in MOVING_ON or name.endswith(":confirm"):
                weights.append(3.0)
            elif name.startswith(("btn:", "pause:")):
                weights.append(0.3)
            else:
                weights.append(1.0)
        name = self.rng.choices(names, weights)[0]
        return name, targets[name]

    # --- the inputs --------------------------------------------------------------------------------
    def click(self, name=None, button=1):
        rect = None
        if name is not None:
            rect = self.app.scene.targets.get(name)
        pos = self.window_point(rect)
        self.trail.append(f"click {name or 'anywhere'} at {pos} button {button}")
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        if self.rng.random() < 0.5:
            self.frames(1)
            if not self.app.running:
                return
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def click_target(self):
        picked = self.pick_target()
        if picked is None:
            self.click()
        else:
            self.click(picked[0], 1 if self.rng.random() < 0.95 else self.rng.choice((2, 3)))

    def hover(self):
        picked = self.pick_target() if self.rng.random() < 0.7 else None
        pos = self.window_point(picked[1] if picked else None)
        self.trail.append(f"move to {pos}")
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))

    def drag(self):
        picked = self.pick_target()
        start = self.window_point(picked[1] if picked else None)
        self.trail.append(f"drag from {start} ({picked[0] if picked else 'anywhere'})")
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        pos = start
        for _ in range(self.rng.randint(1, 6)):
            w, h = self.app.window.get_size()
            pos = (self.rng.randint(-40, w + 40), self.rng.randint(-40, h + 40))
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - start[0], pos[1] - start[1]), buttons=(1, 0, 0))
            if self.rng.random() < 0.5:
                self.frames(1)
                if not self.app.running:
                    return
        if self.rng.random() < 0.3:  # released over a target
            picked = self.pick_target()
            pos = self.window_point(picked[1] if picked else None)
        self.trail.append(f"drop at {pos}")
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def wheel(self):
        amount = self.rng.choice((-3, -2, -1, 1, 2, 3))
        self.trail.append(f"wheel {amount}")
        self.post(pygame.MOUSEWHEEL, x=0, y=amount, flipped=False, precise_x=0.0, precise_y=float(amount))
        if self.rng.random() < 0.5:
            pos = self.window_point()
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=4 if amount > 0 else 5)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=4 if amount > 0 else 5)

    def key(self, key=None):
        r = self.rng
        if key is None:
            key = r.choice(KEYS) if r.random() < 0.6 else None
        if key is None:  # a letter: the key and the text it types
            text = r.choice(LETTERS)
            self.trail.append(f"type {text!r}")
            code = ord(text.lower()) if text.isascii() and text.isalnum() else pygame.K_UNKNOWN
            self.post(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0)
            self.post(pygame.TEXTINPUT, text=text)
            self.post(pygame.KEYUP, key=code, mod=0, unicode=text, scancode=0)
            return
        self.trail.append(f"key {pygame.key.name(key)}")
        mod = r.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT))
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)

    def resize(self):
        r = self.rng
        roll = r.random()
        if roll < 0.1:
            size = (r.randint(1, 120), r.randint(1, 80))  # dragged down to almost nothing
        elif roll < 0.7:
            size = (1280, 720)  # back to the size the picture is drawn at
        elif roll < 0.8:
            size = r.choice([(1920, 1080), (2560, 1440), (800, 600), (720, 1280), (1024, 768), (1281, 720)])
        else:
            size = (r.randint(200, 2600), r.randint(150, 1600))
        self.trail.append(f"resize to {size}")
        self.report.resizes += 1
        if not self.app.settings.fullscreen:
            pygame.display.set_mode(size, pygame.RESIZABLE)
        if r.random() < 0.5:
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        else:
            self.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])

    def focus(self):
        name = self.rng.choice(FOCUS)
        self.trail.append(f"window {name}")
        self.post(getattr(pygame, name))
        if name in ("WINDOWMINIMIZED", "WINDOWHIDDEN") and self.rng.random() < 0.7:
            self.frames(self.rng.randint(1, 10))  # a while away, then back
            if self.app.running:
                self.post(pygame.WINDOWRESTORED if name == "WINDOWMINIMIZED" else pygame.WINDOWSHOWN)

    def wait(self):
        """No input for a while: the bots play, the animations run."""
        count = self.rng.randint(2, 8)
        self.trail.append(f"wait {count} frames")
        self.frames(count)

    # --- leaning towards games ---------------------------------------------------------------------
    def in_menu(self):
        """In the menu: mostly open the game started least."""
        targets = self.app.scene.targets
        tiles = [g for g in GAMES if f"game:{g}" in targets]
        if tiles and self.rng.random() < 0.75:
            least = min(self.report.started[g] for g in tiles)
            choice = self.rng.choice([g for g in tiles if self.report.started[g] == least])
            self.click(f"game:{choice}")
            return True
        return False

    def in_setup(self):
        """In the seat setup: work towards a plan (a count; all bots, one person, several), then Start."""
        scene = self.app.scene
        r = self.rng
        if self.plan is None or self.plan[0] is not scene:
            counts = PLAYER_COUNTS[scene.game_id]
            count = r.choice(counts)
            roll = r.random()
            people = 0 if roll < 0.5 else 1 if roll < 0.85 else r.randint(2, count)
            kinds = ["human"] * people + ["bot"] * (count - people)
            r.shuffle(kinds)
            self.plan = (scene, count, kinds)
        if r.random() > 0.7:
            return False
        _, count, kinds = self.plan
        targets = scene.targets
        if getattr(scene, "editing", None) is not None:
            self.key(pygame.K_RETURN)
            return True
        wanted = None
        if scene.count != count and f"count:{count}" in targets:
            wanted = f"count:{count}"
        else:
            for i, kind in enumerate(kinds):
                if scene.seats[i][1] != kind and f"kind:{i}" in targets:
                    wanted = f"kind:{i}"
                    break
        if wanted is None and "start" in targets:
            wanted = "start"
        if wanted is None:
            return False
        self.click(wanted)
        return True

    # --- one event ----------------------------------------------------------------------------------
    def event(self):
        r = self.rng
        scene = self.app.scene
        kind = type(scene).__name__
        leaned = False
        if kind == "MenuScene":
            leaned = self.in_menu()
        elif kind == "SetupScene":
            leaned = self.in_setup()
        if not leaned:
            in_game = self.session() is not None
            choices = (("target", 45), ("anywhere", 7), ("hover", 8), ("drag", 4), ("wait", 12 if in_game else 2),
                       ("key", 9), ("wheel", 3), ("resize", 2), ("focus", 2))
            action = r.choices([c for c, _ in choices], [w for _, w in choices])[0]
            if action == "target":
                self.click_target()
            elif action == "anywhere":
                self.click(None, 1 if r.random() < 0.9 else r.choice((2, 3)))
            else:
                getattr(self, action)()
        if self.app.running:
            self.frames()

    def run(self, events, progress=0):
        report = self.report
        self.start_app()
        self.frames(1)
        for self.index in range(events):
            try:
                if not self.app.running:
                    self.trail.append("the app quit: started again")
                    report.restarts += 1
                    self.start_app()
                    self.frames(1)
                self.event()
            except Exception:  # noqa: BLE001 - the point of the monkey: report it with how to get it again
                report.failed_at = self.index
                report.failure = ("last inputs:\n  " + "\n  ".join(self.trail) + "\n" +
                                  f"scene: {scene_name(self.app.scene)}\n" + traceback.format_exc())
                break
            report.events = self.index + 1
            self.game_events += 1
            if progress and report.events % progress == 0:
                print(f"... {report.events} events, {report.frames} frames, games finished "
                      f"{dict(report.finished)}", file=sys.__stdout__, flush=True)
            session = self.session()
            state = getattr(session, "state", None)
            self.hash.update(f"{scene_name(self.app.scene)}:{len(state.events) if state else -1};".encode())
        report.fingerprint = self.hash.hexdigest()[:16]
        return report


def run_monkey(events, seed, folder=None, progress=0):
    """Run the monkey for ``events`` inputs with ``seed``; returns the Report (``report.ok``).
    ``progress``: print a line every that many events."""
    report = Report(seed=seed)
    started = time.perf_counter()
    rng = random.Random(f"fresh seeds {seed}")
    watch = SwallowWatch(sys.stderr)
    with private_folders(folder), patched(rng), contextlib.redirect_stderr(watch):
        monkey = Monkey(seed, report)
        try:
            monkey.run(events, progress)
        finally:
            if pygame.display.get_init():
                pygame.event.clear()  # nothing posted is left for whoever uses pygame next
    if not report.failure and watch.tracebacks:
        report.failed_at = report.events - 1
        report.failure = (f"{watch.tracebacks} traceback(s) printed by a safety net (the game went on); "
                          "the first:\n" + "".join(watch.text)[:6000])
    report.seconds = time.perf_counter() - started
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.monkey", description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000, help="random inputs to send (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the run (default 1)")
    parser.add_argument("--progress", type=int, default=0, metavar="N", help="print a line every N events")
    args = parser.parse_args(argv)
    if args.events < 1:
        parser.error("--events must be at least 1")
    report = run_monkey(args.events, args.seed, progress=max(0, args.progress))
    print("\n".join(report.lines()))
    pygame.quit()
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
