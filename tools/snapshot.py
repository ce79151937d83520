"""Render every scene at meaningful moments and save PNGs: ``python -m tools.snapshot --out DIR``.

Headless (dummy video driver). People are played by a seeded random chooser through the same
session calls a click makes; bots play as bots. For 4 and 6 seats: seat setup, mid-trick with the
mouse over a card, cards flying to their takers, the pick, the plus-colour dialog, the hand-off, the
round scoreboard and the final scoreboard; plus the menu, the rules, the pause box and the last-trick and
log views.
"""

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (the drivers above must be chosen first)

from game import Seat  # noqa: E402
from game import i18n  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from scenes.app import App, window_size  # noqa: E402
from scenes.menus.menu import RulesScene, SetupScene  # noqa: E402
from scenes.boards.scoreboard import ScoreboardScene  # noqa: E402
from scenes.screen.settings import Settings  # noqa: E402
from scenes.screen.game_screen import GameScreen
from scenes.screen.overlay import Overlay  # noqa: E402

FRAME = 1 / 60


class Director:
    """Plays a game forward in the app until a wanted moment, choosing for people at random."""

    def __init__(self, app, seed):
        self.app = app
        self.rng = random.Random(seed)

    def run_until(self, wanted, limit=20000):
        for _ in range(limit):
            if wanted(self.app):
                return True
            scene = self.app.scene
            if isinstance(scene, ScoreboardScene):
                if scene.final:
                    return False
                scene.click("continue")
            elif isinstance(scene, GameScreen) and scene.idle:
                self.person_move(scene)
            self.app.step(FRAME)
        return False

    def person_move(self, screen):
        s = screen.session
        if s.needs_handoff():
            screen.accept_handoff()
        elif s.my_turn():
            legal = s.state.legal_actions()
            s.try_action(legal[self.rng.randrange(len(legal))])


def table_of(app):
    """The game screen on show (its board is ``.board``; under its own overlay too), or None (a
    menu, a score sheet)."""
    scene = app.scene
    if isinstance(scene, Overlay):
        scene = scene.game
    return scene if isinstance(scene, GameScreen) else None


def person_to(phase, extra=None):
    def wanted(app):
        t = table_of(app)
        ok = t is not None and t.idle and t.session.my_turn() and t.state.phase == phase
        return ok and (extra is None or extra(t))
    return wanted


def busy_hand(t):
    """Mid-trick with three colours down, so some cards are dimmed."""
    trick = t.state.view(t.session.viewer)["trick"]
    colours = {c[0] for _, c in trick}
    hand = t.board.shown["hand"]
    return len(colours) == 3 and any(c[0] not in colours for c in hand) and len(hand) > 8


def seats_for(n, people):
    names = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]
    return [Seat(names[i], "human" if i in people else "bot", None if i in people else "random")
            for i in range(n)]


class Shooter:
    def __init__(self, out, seed, size=(1280, 720), lang="en"):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.app = App(Settings(speed="instant", bot_delay=0, seed=seed, window_size=size, language=lang))
        self.seed = seed
        self.saved = []

    def save(self, name, frames=1, dt=0.0):
        for _ in range(frames):
            self.app.step(dt)
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.picture(), str(path))  # the window's own pixels, at any size
        self.saved.append(path)

    def menus(self):
        self.app.to_menu()
        self.save("menu")
        self.app.switch(SetupScene(self.app, "mlut"))
        self.app.push(RulesScene(self.app, "mlut"))
        self.save("rules")

    def setup(self, n):
        setup = SetupScene(self.app, "mlut")
        setup.count = n
        setup.seats[1][1] = "human"
        setup.editing = 1
        self.app.switch(setup)
        self.save(f"setup_{n}")
        setup.seats[1][1] = "bot"
        setup.editing = None

    def one_person(self, n):
        self.app.settings.speed = "instant"
        self.app.new_game("mlut", seats_for(n, {0}))
        d = Director(self.app, self.seed)
        self.save(f"table_{n}_start", 2)
        if d.run_until(person_to("play", busy_hand)):
            self.hover_legal()
            self.save(f"table_{n}_mid_trick", 8, FRAME)
        if d.run_until(person_to("pick")):
            t = table_of(self.app)
            first = next(name for name in t.targets if name.startswith("trick:"))
            t.click(first)
            t.click("pick:confirm")  # too few chosen: the rules core's reason shows under the button
            self.save(f"table_{n}_pick", 2)
        self.take_in_flight(d, n)
        if d.run_until(lambda app: table_of(app) and table_of(app).idle and table_of(app).board.shown["last_trick"]):
            table_of(self.app).overlay = "last"
            self.save(f"table_{n}_last_trick", 2)
            table_of(self.app).overlay = "log"
            self.save(f"table_{n}_log", 2)
            if n == 4:
                table_of(self.app).overlay = "pause"  # Esc's box: keep playing, rules, settings, speed, leave
                self.save("table_4_pause", 2)
            table_of(self.app).overlay = None
        if d.run_until(person_to("plus")):
            t = table_of(self.app)
            t.board.toggle_plus("R")
            t.board.toggle_plus("B")
            self.save(f"table_{n}_plus", 2)
        if d.run_until(lambda app: isinstance(app.scene, ScoreboardScene)):
            self.save(f"score_{n}_round", 2)
        if d.run_until(lambda app: isinstance(app.scene, ScoreboardScene) and app.scene.final):
            self.save(f"score_{n}_final", 40, FRAME)

    def hover_legal(self):
        t = table_of(self.app)
        playable = t.board.playable()
        for name, rect in t.targets.items():
            if name.startswith("card:") and name[5:] in playable:
                t.mouse = rect.center
                return

    def take_in_flight(self, d, n):
        """Cards flying from the trick to the piles, caught mid-air at normal speed."""
        def trick_full(app):
            t = table_of(app)
            return t is not None and t.idle and t.state.phase == "pick" and not t.session.my_turn()
        if not d.run_until(trick_full):
            return
        t = table_of(self.app)
        self.app.settings.speed = "normal"
        t.session.bot_move()
        self.app.step(FRAME)
        for _ in range(80):
            if t.board.flights and any(f.tween.progress > 0.35 for f in t.board.flights):
                break
            self.app.step(FRAME)
        self.save(f"table_{n}_take_flying", 0)
        self.app.settings.speed = "instant"

    def two_people(self, n):
        self.app.new_game("mlut", seats_for(n, {0, 2}))
        d = Director(self.app, self.seed + 1)

        def handoff(app):
            t = table_of(app)
            return t is not None and t.idle and t.session.needs_handoff() and played(t.session)
        if d.run_until(handoff):
            self.save(f"handoff_{n}", 2)


def played(session):
    """True once somebody has acted: a hand-off in the middle of a game, not the first one."""
    return any(e["t"] == "act" for e in session.told)


def wassticht_snapshots(shooter):
    """Was sticht?: task draft, row draft (starter's and another's screen), notepad and hints, task
    choice, reveal, table, discard, scoreboards (the shots live in tools.shots_wassticht)."""
    from tools import shots_wassticht
    shots_wassticht.shoot(shooter, Director)


def tricks_snapshots(shooter):
    """Tricks for 3, 4 and 5 seats: market (buy confirm, loan warning, bury), bids (choosing, the
    reveal, the hand-off between two people), table (refusal, joker colour, next leader), scores."""
    from tools import shots_tricks
    shots_tricks.shoot(shooter)


def lesson_snapshots(shooter):
    """The guided rounds' notes and score pages, and teach mode's first reminders (tools.shots_lesson)."""
    from tools import shots_lesson
    shots_lesson.shoot(shooter)


def settings_snapshots(shooter):
    """The settings screen, with the colour symbols on and off (the preview cards show which)."""
    from scenes.screen import cards
    from scenes.menus.settings_screen import SettingsScene
    app = shooter.app
    app.switch(SettingsScene(app))
    shooter.save("settings")
    app.settings.colour_symbols = False
    cards.set_symbols(False)
    app.scene.message = i18n._("Settings could not be saved ({error}).").format(error="ENOSPC")  # an example
    shooter.save("settings_symbols_off")
    app.settings.colour_symbols = True
    cards.set_symbols(True)
    app.to_menu()


def assist_snapshots(shooter):
    """The table helps: the trick history in each game (the shots live in tools.shots_assist)."""
    from tools import shots_assist
    shots_assist.shoot(shooter)


def demo_snapshots(shooter):
    """The demo mid-game at its own pace, with its banner on top; then back to the menu."""
    from scenes.screen.demo import DemoMode
    app = shooter.app
    app.demo = DemoMode(app, speed="normal", bot_delay=0.3)
    app.demo.start()
    for _ in range(60 * 12):  # twelve seconds of play: the deal is over, a trick is on the table
        app.step(FRAME)
        t = table_of(app)
        if t is not None and len(t.board.shown["trick"]) >= 2 and t.board.flights:
            break
    shooter.save("demo", 0)
    app.demo.stop()
    app.demo = DemoMode(app)


def coach_snapshots(shooter):
    """The Hint (a small search, so the picture comes quickly): bars on the person's legal cards and
    the ranked list over the log, on a 4-seat table mid-trick."""
    import time

    from scenes.screen import coach
    app = shooter.app
    budget, coach.BUDGET = coach.BUDGET, {"iterations": 150}
    try:
        app.new_game("mlut", seats_for(4, {0}))
        if Director(app, shooter.seed + 1).run_until(person_to("play", lambda t: len(t.board.playable()) > 2)):
            table = table_of(app)
            table.ask_coach()
            deadline = time.time() + 10
            while table.coach.thinking and time.time() < deadline:
                app.step(FRAME)
                time.sleep(0.005)
            shooter.save("table_4_hint", 2, FRAME)
    finally:
        coach.BUDGET = budget
    app.to_menu()


def keep_games_aside():
    """The games played for the pictures are kept (as every game is) in a temporary folder, not in the
    person's own list of kept games."""
    if not os.environ.get("TRICKTABLE_DATA"):
        import tempfile
        os.environ["TRICKTABLE_DATA"] = tempfile.mkdtemp(prefix="tricktable-snapshot-")


def kept_snapshots(shooter):
    """The menu offering Continue, the list of kept games with a refused record, and replays (the
    shots live in tools.shots_kept)."""
    from tools import shots_kept
    shots_kept.shoot(shooter)


def phone_snapshots(shooter):
    """Phone seats at the TV: lobby, waiting, stand-in, takeover (tools.shots_phone)."""
    from tools import shots_phone
    shots_phone.shoot(shooter)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.snapshot", description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the PNGs")
    parser.add_argument("--seed", type=int, default=7, help="seed of the games shown (default 7)")
    parser.add_argument("--size", type=window_size, default=(1280, 720), metavar="WxH",
                        help="the window's size in pixels (default 1280x720); the picture is drawn at it")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="en", help="the language of the words (default en)")
    args = parser.parse_args(argv)
    keep_games_aside()
    shooter = Shooter(args.out, args.seed, args.size, args.lang)
    shooter.menus()
    settings_snapshots(shooter)
    demo_snapshots(shooter)
    for n in (4, 6):
        shooter.setup(n)
        shooter.one_person(n)
        shooter.two_people(n)
    coach_snapshots(shooter)
    wassticht_snapshots(shooter)
    tricks_snapshots(shooter)
    kept_snapshots(shooter)
    assist_snapshots(shooter)
    phone_snapshots(shooter)
    lesson_snapshots(shooter)
    for path in shooter.saved:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
