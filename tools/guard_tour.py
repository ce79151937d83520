"""The layout guard's tour of whole games (issue 29): screens as people reach them, not only the
hand-picked snapshot moments.

For every game and player count, one whole game is played in the app (seat 0 a person, played by a
seeded random chooser through the same session calls a click makes; in the 4-seat game seat 2 is a
second person, so the hand-off strip shows too; the others bots), with the longest names a seat may
have and every setting on (colour symbols, cards still out). Every frame is drawn with the guard
recording. At a seeded sample of the person's decisions (about ``PER_GAME`` a game) the frame is
checked (and, half as often, the frame while another seat decides), and then each of the boxes a
person can open there: the pause box, the game log, the last
trick, the trick history, a board's own overlay (Was sticht?'s tasks), the cards still out per colour,
the Hint box, and every tooltip of that frame (the pointer resting on each).

``python -m tools.guard_tour --out DIR`` saves a PNG of every moment that has a problem (or of every
moment with ``--all``) and prints the problems.
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game import GAMES, PLAYER_COUNTS, Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.boards.scoreboard import ScoreboardScene  # noqa: E402
from scenes.screen import coach, registry  # noqa: E402
from scenes.screen.base import TIP_DELAY  # noqa: E402
from scenes.screen.game_screen import GameScreen  # noqa: E402
from scenes.screen.layout_guard import recording  # noqa: E402
from scenes.screen.settings import SEAT_NAME_LIMIT, Settings  # noqa: E402
from tools.snapshot import table_of  # noqa: E402

FRAME = 1 / 60
PER_GAME = 8
# About how many decisions the person at seat 0 has in one game (measured once), so that a seeded
# sample of about PER_GAME of them spreads over the whole game.
DECISIONS = {"mlut": 80, "wassticht": 250, "tricks": 60}
# Names as long as a seat may have, in wide letters (the setup takes no more: settings.SEAT_NAME_LIMIT).
NAMES = ["Maximiliane W.", "Wolfgang Mömme", "Bartholomäus M", "Waltraud Mohrw", "Mathilde Wöhrm",
         "Konstantin Wem"]
REPLAYS = 16  # seeded picks in each game's replay; one moment of each phase they land in is checked
TIPS = 4  # tooltips checked at each moment, a seeded choice of the frame's
OVERLAYS = ("pause", "log", "last", "history")


def long_seats(n, people):
    return [Seat(NAMES[i][:SEAT_NAME_LIMIT], "human" if i in people else "bot", None if i in people else "random")
            for i in range(n)]


class Tour:
    """Plays the games and records {moment name: (problems, cut words)}."""

    def __init__(self, seed=29, out=None, every=False):
        self.seed = seed
        self.found = {}
        self.out = Path(out) if out else None
        self.every = every
        if self.out:
            self.out.mkdir(parents=True, exist_ok=True)

    def run(self, games=GAMES):
        budget, coach.BUDGET = coach.BUDGET, {"iterations": 60}
        sync, os.fsync = os.fsync, lambda fd: None  # the tour's records are thrown away: no disk waits
        try:
            for game_id in games:
                for n in PLAYER_COUNTS[game_id]:
                    self.game(game_id, n)
            self.menus(games)
        finally:
            coach.BUDGET = budget
            os.fsync = sync
        return self.found

    # --- one whole game ------------------------------------------------------------------------------
    def game(self, game_id, n):
        rng = random.Random(f"{self.seed}-{game_id}-{n}")
        app = App(Settings(speed="instant", bot_delay=0, seed=rng.randrange(1 << 30), colour_symbols=True,
                           cards_out=True, auto_play=False))
        people = {0, 2} if n == 4 else {0}
        with recording(app) as guard:
            self.app, self.guard, self.rng = app, guard, rng
            # the tooltips' own choice: the moments do not move when a screen gets a tooltip more or less
            self.tip_rng = random.Random(f"{self.seed}-{game_id}-{n}-tips")
            app.new_game(game_id, long_seats(n, people))
            path = table_of(app).session.keeper.path
            decision, last = 0, None
            for _ in range(60000):
                scene = app.scene
                if isinstance(scene, ScoreboardScene):
                    self.check(f"{game_id}{n}_sheet{'_final' if scene.final else ''}", once=True)
                    if scene.final:
                        break
                    scene.click("continue")
                elif "reveal:go" in scene.targets:
                    scene.click("reveal:go")  # the secret trump was seen: on to the tricks
                elif isinstance(scene, GameScreen) and scene.idle:
                    s = scene.session
                    scene.settle_viewer()  # a person deciding in front of everyone has the mouse at once
                    if s.needs_handoff():
                        if rng.random() < 0.1:
                            self.check(f"{game_id}{n}_handoff", once=True)
                        scene.accept_handoff()
                    elif not s.my_turn() and s.table.moment != last and not s.state.is_over:
                        last = s.table.moment  # another seat decides: what the person sees meanwhile
                        if rng.random() < PER_GAME / DECISIONS[game_id] / 2:
                            self.check(f"{game_id}{n}_{decision:03d}_{scene.state.phase}_waiting")
                    elif s.my_turn() and s.table.moment != last:
                        last = s.table.moment
                        if rng.random() < PER_GAME / DECISIONS[game_id]:
                            self.moment(scene, f"{game_id}{n}_{decision:03d}_{scene.state.phase}")
                        decision += 1
                        legal = s.state.legal_actions()
                        s.try_action(legal[rng.randrange(len(legal))])
                guard.frame()
                app.step(FRAME)
            self.replay(path, f"{game_id}{n}")
        app.to_menu()

    def replay(self, path, name):
        """The game's replay, paused at a seeded few moves with the control bar up."""
        from scenes.menus.replay import BAR, open_replay
        app = self.app
        app.to_menu()
        replay = open_replay(app, path)
        app.switch(replay)
        replay.set_playing(False)
        total = len(replay.controls.actions)
        seen = set()  # one moment of each phase (each board) the seeded picks land in: its latest, log full
        for k in sorted(self.tip_rng.sample(range(1, total), min(REPLAYS, total - 1)), reverse=True):
            replay.rebuild(k, replay.session.viewer)
            if replay.state.phase in seen:
                continue
            seen.add(replay.state.phase)
            replay.mouse = BAR.center
            for _ in range(30):  # the bar is up (it always is), the mouse on it
                self.step()
            self.check(f"{name}_replay{k:04d}_{replay.state.phase}")

    # --- the menus with long names: Continue, the seat setup, the settings, the rules ---------------
    def menus(self, games):
        from scenes.menus.menu import RulesScene, SetupScene
        from scenes.menus.settings_screen import SettingsScene
        app = self.app = App(Settings(speed="instant", bot_delay=0, seed=self.seed, colour_symbols=True,
                                      cards_out=True))
        with recording(app) as guard:
            self.guard = guard
            for game_id in games:
                n = max(PLAYER_COUNTS[game_id])
                app.settings.default_seats[game_id] = [
                    {"name": seat.name, "kind": seat.kind, "bot": seat.bot} for seat in long_seats(n, {0, 2})]
            for game_id in games[:2]:  # a few moves, then leave: the menu offers Continue, and says one more
                app.new_game(game_id, long_seats(max(PLAYER_COUNTS[game_id]), {0, 2, 3}))
                for _ in range(200):
                    screen = table_of(app)
                    if screen is not None and screen.idle and screen.session.needs_handoff():
                        screen.accept_handoff()
                    elif screen is not None and screen.idle and screen.session.my_turn():
                        legal = screen.session.state.legal_actions()
                        screen.session.try_action(legal[0])
                    self.step()
                app.to_menu()
            for _ in range(600):  # the index of kept games is read in the background
                if getattr(app.scene, "_kept", None) is not None:
                    break
                time.sleep(0.005)
                self.step()
            self.check("menu_continue")
            app.switch(SettingsScene(app))
            self.check("settings_remembered")
            for game_id in games:
                app.switch(SetupScene(app, game_id))
                self.check(f"setup_{game_id}")
                app.push(RulesScene(app, game_id))
                self.check(f"rules_{game_id}")
            app.to_menu()

    # --- one moment and every box that opens there -------------------------------------------------
    def moment(self, screen, name):
        self.check(name)
        for overlay in OVERLAYS + tuple(self.board_overlays(screen)):
            if overlay == "last" and not screen.board.last_trick():
                continue
            if overlay == "history" and not screen.history.open():
                continue
            screen.overlay = overlay
            self.check(f"{name}_{overlay}")
            screen.overlay = None
        board = screen.board
        if getattr(board, "cards_out", lambda: None)() is not None:
            board.out_open = True
            self.check(f"{name}_out")
            board.out_open = False
        self.hint(screen, name)
        self.tooltips(screen, name)
        self.step()

    def board_overlays(self, screen):
        return list(registry.kit(screen.session.game_id).overlays)

    def hint(self, screen, name):
        if not screen.coach_open():
            return
        screen.ask_coach()
        deadline = time.time() + 20
        while screen.coach.thinking and time.time() < deadline:
            time.sleep(0.002)
            self.step()
        if screen.coach.values:
            self.check(f"{name}_hint")
            if "coach:details" in screen.targets:  # the numbers behind the sentence
                screen.click("coach:details")
                self.step()
                self.check(f"{name}_hintdetails")
                screen.click("coach:details")
                self.step()

    def tooltips(self, screen, name):
        """The pointer rests on a seeded choice of the frame's tooltips, one after the other."""
        self.step()
        tips = list(enumerate(screen.tips))
        for i, (rect, words) in self.tip_rng.sample(tips, min(TIPS, len(tips))):
            screen.mouse = rect.center
            self.step()
            self.step(TIP_DELAY + 0.05)
            if screen.shown_tip() is not None:
                self.check(f"{name}_tip{i:02d}")
        screen.mouse = (-100, -100)
        self.step()

    def step(self, dt=FRAME):
        self.guard.frame()
        self.app.step(dt)

    def check(self, name, once=False):
        if once and any(k.startswith(name) for k in self.found):
            return
        self.step(0.0)
        problems, cut = self.guard.problems(), self.guard.cut_words()
        self.found[name] = (problems, cut)
        if self.out and (self.every or problems or cut):
            pygame.image.save(self.app.picture(), str(self.out / f"{name}.png"))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.guard_tour", description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="folder for the PNGs of moments with problems")
    parser.add_argument("--all", action="store_true", help="save a PNG of every moment")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args(argv)
    if not os.environ.get("TRICKTABLE_DATA"):
        import tempfile
        os.environ["TRICKTABLE_DATA"] = tempfile.mkdtemp(prefix="tricktable-tour-")
    start = time.time()
    found = Tour(args.seed, args.out, args.all).run(args.game or GAMES)
    for name, (problems, cut) in found.items():
        for p in problems:
            print(f"{name}: {p}")
        if cut:
            print(f"{name}: cut {cut}")
    print(f"{len(found)} moments, {time.time() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
