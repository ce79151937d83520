"""The Hard bot: information-set Monte Carlo tree search over worlds sampled from its view.

Every game's parts come from its kit (``game.kit.GameKit``; e.g. ``game/games/tricks/search.py``,
which says what they are for that game): the world sampler, the value of a finished round, the
rollout, the free choices a costly one must clearly beat, and the odds of rivals' secret choices.

Every iteration
1. samples a *world*: a full game state that agrees with everything the bot's view shows, the
   hidden parts drawn at random (the kit's ``sampler``, see ``game.bots.worlds``). A rival's
   secret choice (a Tricks bid) is drawn as likely as the kit's ``odds`` say (``secret_odds``),
   both for a rival who chose before the bot and, in the tree, for one who chooses after it (in
   the kit's ``odds_phase``): he cannot see the bot's choice, so the tree must not let him choose
   knowing it;
2. walks down one shared tree of action sequences (single-observer ISMCTS): at every node only the
   actions legal in this world count; an action never tried here is expanded, otherwise the one
   with the best UCB1 score (availability counts instead of the parent's visits) is taken. Every
   node keeps the value of the seat that acted into it, so each seat plays for itself;
3. plays the world on to the end of the ROUND (not of the game): the *rollout*, random moves but
   for a few cheap rules of the game (the kit's ``rollout``; ``rollouts="random"`` turns them
   off: the kit's ``random_rollout``, else random moves to the round's end);
4. scores the round's end for every seat with a value in [0, 1] (``round_values``: the kit's
   ``values``, given what its ``base`` said when the search started) and adds it along the path.

The bot picks the root action visited most (ties: the higher mean value); a costly action must
beat the kit's free choice of that phase (``defaults``: a Tricks bury must beat declining) by
``DEFAULT_MARGIN`` in mean value. ``evaluate`` runs the same search and returns every legal
action's mean value, for a coach's hint.

Speed: the search uses only the states' public API, on their fast path. Worlds come from the
samplers as ``clone(record=False)`` copies that stop when the round has been scored
(``stop_at_round_end``), so the search never deals a next round, and that are ``lean`` (no trick
records nor reasons for people); moves are ``push``-ed unchecked
(they come from ``legal_actions()`` or are built as one of them), random stretches of a rollout go
through ``push_random`` (a whole trick or draft per call) and the games' ``push_tricks``, and the
rollout rules keep small tables of their choices. The tree walk looks the roots of its UCB1 scores
up in tables. The garbage collector is paused while a search runs: it makes no reference cycles,
and the collector would otherwise walk the growing tree over and over.

Budget: ``SearchBot(iterations=None, seconds=0.3)``. With ``iterations`` alone the search runs
exactly that many iterations (deterministic for a given generator); with ``seconds`` it stops at
the time limit; with both, at whichever comes first. ``budget`` (for the tournament bench) is
either: an int is iterations, a float seconds. A decision with one legal action returns at
once, without a search.
"""

import gc
import math
import threading
import time
from typing import NamedTuple

from game.bots import worlds
from game.bots.bot import BaseBot
from game.kit import kit

_DEFAULT_SECONDS = 0.3
_UNSET = object()


# sqrt(log(k)) and 1 / sqrt(k) for k below _TABLE_SIZE: the UCB1 score's roots looked up, not worked
# out, in the tree walk (the same floats). Filled in by the first search.
_TABLE_SIZE = 1 << 16
_SQRT_LOG = _INV_SQRT = None


def _fill_tables():
    global _SQRT_LOG, _INV_SQRT
    if _SQRT_LOG is None:
        sqrt, log = math.sqrt, math.log
        _INV_SQRT = [0.0] + [1.0 / sqrt(k) for k in range(1, _TABLE_SIZE)]
        _SQRT_LOG = [0.0] + [sqrt(log(k)) for k in range(1, _TABLE_SIZE)]


class _Node:
    # mean = total / visits and spread = 1 / sqrt(visits), kept up to date for the UCB1 score
    __slots__ = ("children", "visits", "total", "avail", "mean", "spread")

    def __init__(self):
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def against_best_rival(scores, scale):
    """Per seat: sigmoid((own score - the best score among the others) / scale): a round's value
    for the games whose value is a score against the best rival's."""
    top = max(scores)
    first = scores.index(top)
    second = max(scores[:first] + scores[first + 1:])  # the best of the others for the top seat
    exp = math.exp
    values = []
    for s, score in enumerate(scores):
        x = (score - (second if s == first else top)) / scale
        values.append(0.0 if x < -40 else 1.0 / (1.0 + exp(-x)))
    return values



def round_values(state, base=None):
    """Every seat's value in [0, 1] of a state whose round was just scored (the game kit's
    ``values``). base: what the kit's ``base`` gave when the search started (None if it has none)."""
    return kit(state.game_id).part("values")(state, base)


# --- rollout policies ----------------------------------------------------------------------------------
# A rollout plays a world on until it stops at the round's end (``legal_actions()`` is empty).
# Random choices draw int(random() × n): uniform, and cheaper than randrange.
def _random_rollout(state, rng):
    state.play_random(rng)



# How much (in value) a costly action must beat the free choice of its phase (the kit's ``defaults``).
DEFAULT_MARGIN = 0.03


def _most_visited(root, legal_actions, default):
    """The root action visited most (ties: the higher mean value); a costly action over DEFAULT
    (the free one) only with a clear gain (see the module text)."""
    best, best_key = legal_actions[0], None
    for action in legal_actions:
        child = root.children.get(action)
        key = (child.visits, child.total / child.visits) if child and child.visits else (0, 0.0)
        if best_key is None or key > best_key:
            best, best_key = action, key
    if default is not None and best != default and default in root.children:
        # A move that costs for sure (a bury fee) must show a clear gain over the free one.
        d, b = root.children[default], root.children[best]
        if b.total / b.visits - d.total / d.visits < DEFAULT_MARGIN:
            return default
    return best


def _mean_values(root, legal_actions):
    values = {}
    for action in legal_actions:
        child = root.children.get(action)
        values[action] = child.total / child.visits if child and child.visits else 0.5
    return values



def secret_odds(view):
    """{rival seat: (the choices of his secret decision, their cumulative weights)}: the search's guess
    at rivals' secret choices (the game kit's ``odds``, e.g. Tricks' bids), or None."""
    odds = kit(view["game"]).part("odds")
    return odds(view) if odds is not None else None


class _Parts(NamedTuple):
    """The game kit's parts a search reads in every iteration, looked up once per search."""

    values: object  # (state, base) -> every seat's value of the finished round
    policy: object  # (state, rng): the rollout
    scored: str  # the state's list that grows when a round is scored
    odds_phase: str | None  # the phase whose choices the odds draw
    odds_actions: object  # the odds' choice -> its action


# --- the bot ----------------------------------------------------------------------------------------------
class SearchBot(BaseBot):
    """Information-set MCTS with rollouts to the end of the round; see the module text."""

    name = "hard"

    def __init__(self, iterations=None, seconds=_UNSET, exploration=0.7, budget=None, rollouts="rules"):
        if budget is not None:  # one number, as the tournament bench passes it: int iterations, float seconds
            if isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0:
                raise ValueError(f"a search budget is a positive number, not {budget!r}")
            if isinstance(budget, int):
                iterations, seconds = budget, None
            else:
                iterations, seconds = None, float(budget)
        if seconds is _UNSET:
            seconds = None if iterations is not None else _DEFAULT_SECONDS
        if iterations is None and seconds is None:
            raise ValueError("a search needs an iteration or a time budget")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        if rollouts not in ("rules", "random"):
            raise ValueError("rollouts are 'rules' (the cheap rules of the module text) or 'random'")
        self.rollouts = rollouts
        self.last_iterations = 0  # how many the last search ran (for benchmarks)
        # Set from another thread to end a search early (the game was left or the window closed);
        # the answer is then a rough one that nobody uses.
        self.stop = threading.Event()

    @property
    def think_floor(self):
        """At a table, its answer is held back this long from the start of its thinking: a forced
        move answered at once would tell everyone that its hand allowed nothing else."""
        return self.seconds or 0.0

    def choose(self, view, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        default = kit(view["game"]).defaults.get(view["phase"])
        return self._search(view, legal_actions, rng, 0, lambda root: _most_visited(root, legal_actions, default))

    def evaluate(self, view, legal_actions, rng):
        """{action: estimated value in [0, 1]} for every legal action (the mean value of its
        simulations; 1 = the bot's best outcome of the round, see the module text)."""
        if len(legal_actions) == 1:
            least = 1
        else:
            least = len(legal_actions)
        return self._search(view, legal_actions, rng, least, lambda root: _mean_values(root, legal_actions))

    # --- the search -------------------------------------------------------------------------------------
    def _search(self, view, legal_actions, rng, min_iterations, read):
        """read(root of the searched tree), with the tree gone again before the collector runs.

        The cyclic garbage collector would walk the growing tree again and again (a tenth of the
        time, with pauses), and once more as it is let go; the search makes no reference cycles,
        so the collector is paused for the search and for reading its result, and runs again
        (unless someone else had turned it off) after the tree has been freed."""
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            root = self._run(view, legal_actions, rng, min_iterations)
            result = read(root)
            del root  # frees the tree by reference counting, while the collector is off
            return result
        finally:
            if collecting:
                gc.enable()

    def _run(self, view, legal_actions, rng, min_iterations):
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        limit = self.iterations
        if limit is not None:
            limit = max(limit, min_iterations)
        _fill_tables()
        game_kit = kit(view["game"])
        odds = secret_odds(view)  # rivals' secret choices, drawn as likely as they are (None: none now)
        smp = worlds.sampler(view, stop_at_round_end=True, bid_odds=odds)  # the search ends with the round
        worth = game_kit.part("base")
        base = worth(view) if worth is not None else None
        parts = _Parts(game_kit.part("values"), self._policy(game_kit), game_kit.scored, game_kit.odds_phase,
                       game_kit.part("odds_actions"))
        root = _Node()
        allowed = set(legal_actions)
        c = self.exploration
        count = 0
        while True:
            if limit is not None and count >= limit:
                break
            if deadline is not None and count >= min_iterations and time.perf_counter() >= deadline:
                break
            if self.stop.is_set():
                break
            world = smp.sample(rng)
            self._iterate(world, root, rng, allowed, base, c, parts, odds)
            count += 1
        self.last_iterations = count
        return root

    def _policy(self, game_kit):
        """The rollout of the game: its cheap rules, or random moves (``rollouts="random"``)."""
        if self.rollouts == "rules":
            return game_kit.part("rollout")
        return game_kit.part("random_rollout") or _random_rollout

    @staticmethod
    def _iterate(state, root, rng, allowed, base, c, parts, odds=None):
        # The world stops when its round has been scored (no next deal): legal_actions() is empty.
        scored = getattr(state, parts.scored)  # grows at round end
        start = len(scored)
        policy = parts.policy
        legal_actions, push = state.legal_actions, state.push
        node = root
        path = []
        log = math.log
        sqrt = math.sqrt
        sqrt_log, inv_sqrt = _SQRT_LOG, _INV_SQRT
        expanded = False
        legal = legal_actions()
        if not allowed.issuperset(legal):  # only the actions legal in the real game count
            legal = [a for a in legal if a in allowed]
        while legal:
            player = state.current_player
            children = node.children
            if odds is not None and player in odds and state.phase == parts.odds_phase:
                # A rival's bid is his secret: drawn as likely as it is, never chosen knowing ours.
                action = parts.odds_actions[worlds.draw(odds[player], rng)]
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node()
                push(action)
                path.append((child, player))
                node = child
                legal = legal_actions()
                continue
            # One pass: every child available here counts one more availability; the UCB1 score
            # of each, unless some action here was never tried (then one of those is expanded).
            # UCB1 = mean + c * sqrt(log(avail) / visits); children seen together mostly have
            # the same availability, so its root is worked out once for a run of them.
            untried = None
            best, best_score = None, -1.0
            seen, root = 0, 0.0
            for a in legal:
                ch = children.get(a)
                if ch is None:
                    if untried is None:
                        untried = [a]
                    else:
                        untried.append(a)
                    continue
                ch.avail = avail = ch.avail + 1
                if untried is None:
                    if avail != seen:
                        seen, root = avail, c * (sqrt_log[avail] if avail < _TABLE_SIZE else sqrt(log(avail)))
                    score = ch.mean + root * ch.spread
                    if score > best_score:
                        best, best_score = a, score
            if untried is not None:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = _Node()
                push(action)
                path.append((child, player))
                expanded = True
                break
            child = children[best]
            push(best)
            path.append((child, player))
            node = child
            legal = legal_actions()
        if expanded:
            policy(state, rng)
        if len(scored) == start:
            values = None  # an impossible world (nobody can move): counts as a draw
        else:
            values = parts.values(state, base)
        for child, player in path:
            child.visits = visits = child.visits + 1
            child.total = total = child.total + (values[player] if values is not None else 0.5)
            child.mean = total / visits
            child.spread = inv_sqrt[visits] if visits < _TABLE_SIZE else 1.0 / sqrt(visits)

