"""The Tricks part of ``python -m tools.snapshot``: every Tricks screen and dialog for 3, 4 and 5 seats.

The person seat is played by a simple chooser that makes the wanted moments come: it buys the grey 4
when one shows (so the colour dialog appears), digs for one by burying, and never bids it.
"""

import random

from game import Seat
from scenes.menus.menu import SetupScene
from scenes.boards.scoreboard import ScoreboardScene
from scenes.boards.tricks.bidding import TricksBidding
from scenes.boards.tricks.market import TricksMarket
from scenes.boards.tricks.table import TricksTable
from scenes.screen.game_screen import GameScreen

FRAME = 1 / 60
NAMES = ["Anna", "Ben", "Carla", "David", "Emma"]


def shown(app):
    """What is on screen: the current board of the game screen, else the scene (a score sheet)."""
    scene = app.scene
    return scene.board if isinstance(scene, GameScreen) else scene


def seats_for(n, people):
    return [Seat(NAMES[i], "human" if i in people else "bot", None if i in people else "random") for i in range(n)]


class TricksDirector:
    def __init__(self, app, seed):
        self.app = app
        self.rng = random.Random(seed)
        self.spend = True  # bury at every chance: the chips run out and a loan warning comes

    def run_until(self, wanted, stop=None, limit=20000):
        """Play on until wanted(board or sheet on show); False at the end of the game or when stop(...)
        holds."""
        for _ in range(limit):
            scene = self.app.scene
            if wanted(shown(self.app)):
                return True
            if stop is not None and stop(shown(self.app)):
                return False
            if isinstance(scene, ScoreboardScene):
                if scene.final:
                    return False
                scene.click("continue")
            elif "reveal:go" in scene.targets:
                scene.click("reveal:go")  # the trump was seen: on to the tricks
            elif isinstance(scene, GameScreen) and scene.idle:
                self.person_move(scene)
            self.app.step(FRAME)
        return False

    def step(self):
        scene = self.app.scene
        if isinstance(scene, ScoreboardScene) and not scene.final:
            scene.click("continue")
        elif "reveal:go" in scene.targets:
            scene.click("reveal:go")
        elif isinstance(scene, GameScreen) and scene.idle:
            self.person_move(scene)
        self.app.step(FRAME)

    def person_move(self, scene):
        s = scene.session
        if s.needs_handoff():
            scene.accept_handoff()
        elif s.my_turn():
            assert s.try_action(self.choose(s)) is None

    def choose(self, s):
        state, legal = s.state, s.state.legal_actions()
        view = state.view(s.viewer)
        has_joker = "X4" in view["hand"]
        if state.phase == "buy":
            tops = [d["top"] for d in view["decks"]]
            if not has_joker and "X4" in tops:
                return ("buy", tops.index("X4"))
            return max(legal, key=lambda a: (view["market"]["prices"][a[1]], self.rng.random()))
        if state.phase == "bury":
            digs = [a for a in legal if a[1] is not None and view["decks"][a[1]]["top"] != "X4"]
            return digs[0] if digs and (self.spend or not has_joker) else ("bury", None)
        if state.phase == "bid":
            return min((a for a in legal if a[1] != "X4"), key=lambda a: a[1][1:], default=legal[0])
        return legal[self.rng.randrange(len(legal))]


def person_at(kind, phase, extra=None):
    """A wanted moment: the person's turn, in this phase, on this board, the screen at rest."""
    def wanted(scene):
        ok = (isinstance(scene, kind) and scene.idle and scene.session.my_turn()
              and scene.state.phase == phase)
        return ok and (extra is None or extra(scene))
    return wanted


def loan_needed(scene):
    market = scene.shown["market"]
    return any(loan and scene.shown["decks"][s]["top"] for s, loan in enumerate(market["loan_needed"]))


def paid_to_other(scene):
    me = scene.session.viewer
    return len(scene.shown["hands"][me]) >= 2 and any(
        s != me and p for s, p in enumerate(scene.shown["market"]["prices"]) if scene.shown["decks"][s]["top"])


def follow_refusal(scene):
    return bool(scene.shown["trick"]) and bool(set(scene.shown["hand"]) - scene.playable())


class TricksShots:
    def __init__(self, shooter):
        self.shooter = shooter
        self.app = shooter.app

    def save(self, name, frames=2, dt=0.0):
        self.shooter.save(name, frames, dt)

    def setup(self):
        setup = SetupScene(self.app, "tricks")
        setup.count = 5
        self.app.switch(setup)
        self.save("tricks_setup")

    def one_person(self, n, tries=4):
        """Play whole games until every moment was seen (a loan or a grey 4 does not come in every one)."""
        moments = self.moments(n)
        seed = self.app.settings.seed
        for k in range(tries):
            self.app.settings.speed = "instant"
            self.app.settings.seed = self.shooter.seed + 100 * k
            self.app.new_game("tricks", seats_for(n, {0}))
            self.play_through(TricksDirector(self.app, self.shooter.seed + n + k), moments)
            if not moments:
                break
        self.app.settings.seed = seed

    def moments(self, n):
        """name -> (wanted(board), shoot(name, board)); a score sheet stands for the board when shown."""
        def is_round_score(sc):
            return isinstance(sc, ScoreboardScene) and not sc.final
        return {
            f"tricks_{n}_market_buy": (person_at(TricksMarket, "buy", paid_to_other), self.shoot_buy),
            f"tricks_{n}_market_bury": (person_at(TricksMarket, "bury"), self.shoot_bury),
            f"tricks_{n}_market_loan": (person_at(TricksMarket, "buy", loan_needed), self.shoot_loan),
            f"tricks_{n}_bidding_choose": (person_at(TricksBidding, "bid"), self.shoot_bidding),
            f"tricks_{n}_table_mid_trick": (person_at(TricksTable, "play", follow_refusal), self.shoot_refusal),
            f"tricks_{n}_table_joker": (person_at(TricksTable, "play", lambda sc: "X4" in sc.playable()),
                                        self.shoot_joker),
            f"tricks_{n}_table_lead": (person_at(TricksTable, "lead"), self.shoot_lead),
            f"tricks_{n}_table_last_trick": (person_at(TricksTable, "play", lambda sc: sc.shown["last_trick"]),
                                             self.shoot_last_trick),
            f"tricks_{n}_score_round": (is_round_score, lambda name, sc: self.save(name)),
            f"tricks_{n}_score_final": (lambda sc: isinstance(sc, ScoreboardScene) and sc.final,
                                        lambda name, sc: self.save(name, 40, FRAME)),
        }

    def play_through(self, d, moments):
        for _ in range(20000):
            scene = shown(self.app)
            for name, (wanted, shoot) in list(moments.items()):
                if wanted(scene):
                    del moments[name]
                    shoot(name, scene)
                    scene = shown(self.app)
            if isinstance(scene, ScoreboardScene) and scene.final:
                return
            d.step()

    # --- the moments -----------------------------------------------------------------------------
    def shoot_buy(self, name, scene):
        me = scene.session.viewer
        seat = next(s for s, p in enumerate(scene.shown["market"]["prices"])
                    if s != me and p and scene.shown["decks"][s]["top"])
        self.choose(scene, seat, name)

    def shoot_bury(self, name, scene):
        self.choose(scene, next(s for s, ok in enumerate(scene.shown["market"]["buryable"]) if ok), name)

    def shoot_loan(self, name, scene):
        market = scene.shown["market"]
        seat = next(s for s, loan in enumerate(market["loan_needed"]) if loan and scene.shown["decks"][s]["top"])
        self.choose(scene, seat, name)

    def choose(self, scene, seat, name):
        """Click a deck as the person would, show the confirm box, then take the choice back."""
        scene.choose_deck(seat)
        self.app.step(0)
        self.app.scene.mouse = scene.targets["market:confirm"].center
        self.save(name)
        scene.choice = None

    def shoot_bidding(self, name, scene):
        """The choice, then the bids turning over and the trump, at normal speed."""
        scene.choose_card(scene.shown["hand"][len(scene.shown["hand"]) // 2])
        self.save(name)
        self.app.settings.speed = "normal"
        self.app.scene.click("bidding:confirm")
        for _ in range(900):
            self.app.step(FRAME)
            if scene.revealed and scene.flip.done:
                break
        self.save(name.replace("choose", "reveal"), 6, FRAME)
        self.app.settings.speed = "instant"

    def shoot_refusal(self, name, scene):
        refused = next(c for c in scene.shown["hand"] if c not in scene.playable())
        self.app.scene.click(f"card:{refused}")  # the rules core's reason shows under the trick
        legal = next(c for c in scene.shown["hand"] if c in scene.playable())
        self.app.step(0)
        self.app.scene.mouse = scene.targets[f"card:{legal}"].center
        self.save(name, 8, FRAME)

    def shoot_joker(self, name, scene):
        self.app.step(0)
        self.app.scene.click("card:X4")
        self.app.step(0)
        self.app.scene.mouse = scene.targets["joker:R"].center
        self.save(name)
        scene.joker_open = False

    def shoot_last_trick(self, name, scene):
        scene.overlay = "last"
        self.save(name)
        scene.overlay = None

    def shoot_lead(self, name, scene):
        self.app.step(0)
        self.app.scene.mouse = scene.targets["lead:1"].center
        self.save(name)

    def two_people(self):
        self.app.settings.speed = "instant"
        self.app.new_game("tricks", seats_for(3, {0, 1}))
        d = TricksDirector(self.app, self.shooter.seed)

        def bid_handoff(scene):
            s = getattr(scene, "session", None)
            return (isinstance(scene, TricksBidding) and scene.idle and s.needs_handoff()
                    and any(s.state.view(0)["has_bid"]))
        if d.run_until(bid_handoff):
            self.save("tricks_3_handoff_bidding")
            self.app.scene.accept_handoff()
            self.save("tricks_3_bidding_second_person")


def shoot(shooter):
    shots = TricksShots(shooter)
    shots.setup()
    for n in (3, 4, 5):
        shots.one_person(n)
    shots.two_people()
