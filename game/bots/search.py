"""The Hard bot: information-set Monte Carlo tree search over worlds sampled from its view.

Every iteration
1. samples a *world*: a full game state that agrees with everything the bot's view shows, the
   hidden parts drawn at random (``game.bots.worlds``: other hands and face-down piles, the secret
   trump, deck orders and secret bids, secret task choices);
2. walks down one shared tree of action sequences (single-observer ISMCTS): at every node only the
   actions legal in this world count; an action never tried here is expanded, otherwise the one
   with the best UCB1 score (availability counts instead of the parent's visits) is taken. Every
   node keeps the value of the seat that acted into it, so each seat plays for itself;
3. plays the world on to the end of the ROUND (not of the game): the *rollout*, random moves but
   for a few cheap rules (``rollouts="random"`` turns them off): a Mit List und Tücke picker takes
   the cards that raise his own round points most (ties at random) and a player choosing plus
   colours takes the pair that scores most now; a Was sticht? starter who may lay down a task lays
   down his hardest one; in Tricks half the buys take the cheapest card, nobody buries, bids are the card nearest to the number of strong
   cards left in the hand, and in the tricks a seat short of its bid takes the trick as cheaply as
   it can while a seat that has enough ducks with its highest losing card (see
   ``_tricks_rollout``);
4. scores the round's end for every seat with a value in [0, 1] and adds it along the path.

The value of a finished round (``round_values``), per seat s:

- Mit List und Tücke: d = s's round points minus the best round points among the rivals (in the
  last round: s's game total minus the best rival total, since only the win counts now);
  value = 1 / (1 + exp(-d / 5)).
- Was sticht?: 0.75 if s laid a task down this round, + 0.05 × that task's difficulty / 8,
  + 0.2 × the share of rivals who laid nothing down.
- Tricks: w = chips - 1.5 × loans (what the chips will be worth after repaying), d = s's change of
  w from the decision to the round's end minus the best rival's change (in the last round: the final
  totals, s's minus the best rival's); value = 1 / (1 + exp(-d / 15)).

The bot picks the root action visited most (ties: the higher mean value); a Tricks bury (1 chip
for sure, a gain lost in the noise of the rollouts) must beat declining by ``BURY_MARGIN`` in mean
value. ``evaluate`` runs the same search and returns every legal action's mean value, for a
coach's hint.

Budget: ``SearchBot(iterations=None, seconds=0.3)``. With ``iterations`` alone the search runs
exactly that many iterations (deterministic for a given generator); with ``seconds`` it stops at
the time limit; with both, at whichever comes first. ``budget`` (for the tournament bench) is
either: an int is iterations, a float seconds. A decision with one legal action returns at
once, without a search.
"""

import math
import threading
import time

from game.bots import worlds
from game.tricks import VALUE
from game.wassticht import TASKS

_DEFAULT_SECONDS = 0.3
_UNSET = object()


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self):
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def _sigmoid(x):
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# --- per game: what a finished round was worth -------------------------------------------------------
def _mlut_values(state, base):
    n = state.players
    last = state.history[-1]
    if state.is_over or last["round"] >= state.rounds:
        scores = state.totals
    else:
        scores = last["points"]
    values = []
    for s in range(n):
        best = max(scores[r] for r in range(n) if r != s)
        values.append(_sigmoid((scores[s] - best) / 5.0))
    return values


def _wassticht_values(state, base):
    laid = state.history[-1]["laid_down"]
    n = state.players
    done = [str(s) in laid for s in range(n)]
    values = []
    for s in range(n):
        v = 0.0
        if done[s]:
            v = 0.75 + 0.05 * TASKS[laid[str(s)]][1] / 8.0
        rivals = [done[r] for r in range(n) if r != s]
        v += 0.2 * (len(rivals) - sum(rivals)) / len(rivals)
        values.append(v)
    return values


def _tricks_worth(state):
    return [c - 1.5 * l for c, l in zip(state.chips, state.loans)]


def _tricks_values(state, base):
    n = state.players
    if state.is_over:
        scores = list(state.totals)
    else:
        scores = [w - b for w, b in zip(_tricks_worth(state), base)]
    values = []
    for s in range(n):
        best = max(scores[r] for r in range(n) if r != s)
        values.append(_sigmoid((scores[s] - best) / 15.0))
    return values


_VALUES = {"mlut": _mlut_values, "wassticht": _wassticht_values, "tricks": _tricks_values}


def round_values(state, base=None):
    """Every seat's value in [0, 1] of a state whose round was just scored (see the module text).
    base: for Tricks, every seat's chips - 1.5 × loans when the search started."""
    return _VALUES[state.game_id](state, base)


# --- rollout policies ----------------------------------------------------------------------------------
def _points(counts, plus):
    """mlut.round_points without the reason, for counts {colour: n}: the rollouts' inner loop."""
    total = counts["R"] + counts["G"] + counts["B"] + counts["Y"]
    if plus:
        a, b = counts[plus[0]], counts[plus[1]]
    else:
        a = b = 0
        for v in counts.values():
            if v > a:
                a, b = v, a
            elif v > b:
                b = v
        if not b:
            return 0
    rest = total - a - b
    return a * b // rest if rest else a * b


_COLOUR_WEIGHT = {"R": 1, "G": 8, "B": 64, "Y": 512}  # a pick's colours as one number (k1 <= 3 < 8)


def _mlut_pick(state, legal, rng):
    """The picker takes the cards that raise his own round points most (ties at random)."""
    seat = state.current_player
    counts = {c: len(p) for c, p in state.collections[seat].items()}
    plus = state.plus[seat]
    seen = {}
    best, choice = -1, []
    for action in legal:
        key = 0
        for card in action[1]:
            key += _COLOUR_WEIGHT[card[0]]
        pts = seen.get(key)
        if pts is None:
            for card in action[1]:
                counts[card[0]] += 1
            pts = seen[key] = _points(counts, plus)
            for card in action[1]:
                counts[card[0]] -= 1
        if pts > best:
            best, choice = pts, [action]
        elif pts == best:
            choice.append(action)
    return choice[rng.randrange(len(choice))] if len(choice) > 1 else choice[0]


def _mlut_plus(state, legal, rng):
    """Choose the plus colours that score most now."""
    counts = {c: len(p) for c, p in state.collections[state.current_player].items()}
    return max(legal, key=lambda a: _points(counts, a[1]))


def _mlut_rollout(state, legal, rng):
    phase = state.phase
    if phase == "play" or len(legal) == 1:
        return legal[rng.randrange(len(legal))]
    return _mlut_pick(state, legal, rng) if phase == "pick" else _mlut_plus(state, legal, rng)


def _wassticht_rollout(state, legal, rng):
    if state.phase == "discard":  # lay down the hardest task he holds
        tasks = [a for a in legal if a[1] is not None]
        if tasks:
            return max(tasks, key=lambda a: TASKS[a[1]][1])
    return legal[rng.randrange(len(legal))]


def _random_rollout(state, legal, rng):
    return legal[rng.randrange(len(legal))]


def _tricks_rollout(state, legal, rng):
    """Tricks rollouts. Buying: half the time the cheapest face-up card (own deck first), else a
    random one; nobody buries. Bidding: the card whose value is nearest to the number of strong
    cards left in the hand (value 4 or more, the joker), ties at random. Tricks: a seat that still needs tricks for its bid plays the lowest card that takes the
    trick so far (leads its strongest), one that has enough sheds its highest card that does not
    take it (leads its weakest). One trick move in eight, and every leader choice, is random."""
    phase = state.phase
    if len(legal) == 1:
        return legal[0]
    if phase == "bury":
        return legal[0]  # ("bury", None): decline
    if phase == "bid":
        return _tricks_bid(state, legal, rng)
    if phase == "buy" and rng.random() < 0.5:  # the cheapest face-up card, own deck first
        decks = state.decks
        seat = state.current_player
        return min(legal, key=lambda a: (VALUE[decks[a[1]][0]], a[1] != seat))
    if phase != "play" or rng.random() < 0.125:
        return legal[rng.randrange(len(legal))]
    seat = state.current_player
    need = VALUE[state.bids[seat]] > len(state.won[seat])
    trump = state.trump
    trick = state.trick
    led = state.led
    best = -1
    for _, card, colour in trick:
        rank = 20 + VALUE[card] if colour == trump else (VALUE[card] if colour == led else -1)
        if rank > best:
            best = rank
    pick, pick_key = None, None
    for action in legal:
        card = action[1]
        colour = action[2] if len(action) == 3 else card[0]
        v = VALUE[card]
        if colour == trump:
            rank = 20 + v
        elif colour == led or led is None:
            rank = v
        else:
            rank = -1
        if led is None:  # leading: strongest when in need, else weakest
            key = rank if need else -rank
        elif rank > best:  # takes the trick so far
            key = 100 - rank if need else -100 - rank
        else:
            key = -100 - v if need else v
        if pick_key is None or key > pick_key:
            pick, pick_key = action, key
    return pick


def _tricks_bid(state, legal, rng):
    hand = state.hands[state.current_player]
    strong = sum(k for c, k in hand.items() if VALUE[c] >= 4)
    best, choice = None, []
    for action in legal:
        card = action[1]
        left = strong - (VALUE[card] >= 4)
        d = abs(VALUE[card] - left)
        if best is None or d < best:
            best, choice = d, [action]
        elif d == best:
            choice.append(action)
    return choice[rng.randrange(len(choice))] if len(choice) > 1 else choice[0]


_POLICIES = {"mlut": _mlut_rollout, "wassticht": _wassticht_rollout, "tricks": _tricks_rollout}
_RANDOM_POLICIES = {"mlut": _random_rollout, "wassticht": _random_rollout, "tricks": _random_rollout}


# The free choice per (game, phase) that a costly one must clearly beat, and by how much (in value).
_DEFAULTS = {("tricks", "bury"): ("bury", None)}
BURY_MARGIN = 0.03


# --- the bot ----------------------------------------------------------------------------------------------
class SearchBot:
    """Information-set MCTS with rollouts to the end of the round; see the module text."""

    name = "hard"
    needs_view = True

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
        self.policies = _POLICIES if rollouts == "rules" else _RANDOM_POLICIES
        self.last_iterations = 0  # how many the last search ran (for benchmarks)
        # Set from another thread to end a search early (the game was left or the window closed);
        # the answer is then a rough one that nobody uses.
        self.stop = threading.Event()

    def choose(self, view, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self._search(view, legal_actions, rng, min_iterations=0)
        best, best_key = legal_actions[0], None
        for action in legal_actions:
            child = root.children.get(action)
            key = (child.visits, child.total / child.visits) if child and child.visits else (0, 0.0)
            if best_key is None or key > best_key:
                best, best_key = action, key
        default = _DEFAULTS.get((view["game"], view["phase"]))
        if default is not None and best != default and default in root.children:
            # A move that costs for sure (a bury fee) must show a clear gain over the free one.
            d, b = root.children[default], root.children[best]
            if b.total / b.visits - d.total / d.visits < BURY_MARGIN:
                return default
        return best

    def evaluate(self, view, legal_actions, rng):
        """{action: estimated value in [0, 1]} for every legal action (the mean value of its
        simulations; 1 = the bot's best outcome of the round, see the module text)."""
        if len(legal_actions) == 1:
            root = self._search(view, legal_actions, rng, min_iterations=1)
        else:
            root = self._search(view, legal_actions, rng, min_iterations=len(legal_actions))
        values = {}
        for action in legal_actions:
            child = root.children.get(action)
            values[action] = child.total / child.visits if child and child.visits else 0.5
        return values

    # --- the search -------------------------------------------------------------------------------------
    def _search(self, view, legal_actions, rng, min_iterations):
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        limit = self.iterations
        if limit is not None:
            limit = max(limit, min_iterations)
        smp = worlds.sampler(view, stop_at_round_end=True)  # the search ends with the round
        base = None
        if view["game"] == "tricks":
            base = [c - 1.5 * l for c, l in zip(view["chips"], view["loans"])]
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
            self._iterate(world, root, rng, allowed, base, c, self.policies)
            count += 1
        self.last_iterations = count
        return root

    @staticmethod
    def _iterate(state, root, rng, allowed, base, c, policies):
        # The world stops when its round has been scored (no next deal): legal_actions() is empty.
        scored = state.payouts if state.game_id == "tricks" else state.history  # grows at round end
        start = len(scored)
        policy = policies[state.game_id]
        legal_actions, push = state.legal_actions, state.push
        node = root
        path = []
        log = math.log
        sqrt = math.sqrt
        expanded = False
        legal = [a for a in legal_actions() if a in allowed]
        while legal:
            player = state.current_player
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = _Node()
                for a in legal:
                    ch = children.get(a)
                    if ch is not None:
                        ch.avail += 1
                push(action)
                path.append((child, player))
                expanded = True
                break
            best, best_score = None, -1.0
            for a in legal:
                ch = children[a]
                ch.avail += 1
                score = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            child = children[best]
            push(best)
            path.append((child, player))
            node = child
            legal = legal_actions()
        if expanded:
            while True:
                legal = legal_actions()
                if not legal:
                    break
                push(policy(state, legal, rng))
        if len(scored) == start:
            values = None  # an impossible world (nobody can move): counts as a draw
        else:
            values = round_values(state, base)
        for child, player in path:
            child.visits += 1
            child.total += values[player] if values is not None else 0.5

