"""The coach: the Hint button asks the Hard bot how good each of the person's legal actions is.

The search runs in a background thread (the same as the bots'), on a copy of the person's view and
legal actions taken when the button is pressed, so the frame keeps animating. The answer belongs to
one moment of the game (the number of events and the seat): once the game has moved on, it is
dropped, and a search still running is told to stop.
"""

import random

from game.bots import make_bot
from scenes.screen import session as session_module

# The search budget of one hint; tests make it a few iterations.
BUDGET = {"seconds": 0.3}
ALIKE = 0.005  # values closer than this are one and the same to the eye


class Coach:
    def __init__(self):
        self.future = None
        self.bot = None
        self.key = None      # (events, seat) the hint was asked for
        self.values = None   # {action: value in [0, 1]} once the answer is in

    @property
    def thinking(self):
        return self.future is not None

    def start(self, session):
        """Ask for a hint for the person whose turn it is and whose hand is on screen (never another
        seat, never before the hand-off click). Returns True when a search was started."""
        if self.thinking or not (session.my_turn() and session.hand_visible()):
            return False
        state, seat = session.state, session.decider
        key = (session.table.moment, seat)
        if self.values is not None and self.key == key:
            return False  # already shown
        self.clear()
        self.key = key
        try:
            self.bot = make_bot("hard", **BUDGET)
        except ValueError:
            return False  # no search bot in this installation: no hints
        evaluate = getattr(self.bot, "evaluate", None)
        if evaluate is None:
            self.bot = None
            return False  # a stand-in for the Hard level that cannot rate moves
        view, legal = state.view(seat), list(state.legal_actions())
        rng = random.Random(session.seed * 31 + session.table.moment)
        self.future = session_module.thinking_pool().submit(evaluate, view, legal, rng)
        return True

    def poll(self, session):
        """Take a finished answer if it still fits the game; forget one that does not."""
        key = (session.table.moment, session.decider)
        if self.key is not None and (key != self.key or not session.my_turn()):
            self.clear()
            return
        if self.future is None or not self.future.done():
            return
        future, self.future = self.future, None
        try:
            self.values = dict(future.result())
        except Exception:  # noqa: BLE001 - a failing hint only means no hint
            self.values = None

    def clear(self):
        """Forget the hint; a search still running is asked to stop and its answer is ignored."""
        stop = getattr(self.bot, "stop", None)
        if self.future is not None and stop is not None:
            stop.set()
        self.future, self.bot, self.key, self.values = None, None, None, None

    def best(self):
        """The best-rated action; None when all rate the same (nothing to single out)."""
        if not self.values:
            return None
        best = max(self.values, key=self.values.get)
        if len(self.values) > 1 and self.values[best] - min(self.values.values()) < ALIKE:
            return None
        return best

    def ranked(self):
        return sorted(self.values.items(), key=lambda item: -item[1]) if self.values else []
