"""The Hard bot: information-set Monte Carlo tree search over worlds sampled from its view.

Every iteration
1. samples a *world*: a full game state that agrees with everything the bot's view shows, the
   hidden parts drawn at random (``game.bots.worlds``: other hands and face-down piles, the secret
   trump, deck orders and secret bids, secret task choices). A Tricks rival's secret bid is drawn
   as likely as the Normal bot's bid rule finds it (``bid_odds``: every hand card, weighted by
   exp(expected payout / ``BID_TEMPERATURE``)), both for a rival who bid before the bot and, in
   the tree, for one who bids after it: he cannot see the bot's bid, so the tree must not let him
   choose knowing it;
2. walks down one shared tree of action sequences (single-observer ISMCTS): at every node only the
   actions legal in this world count; an action never tried here is expanded, otherwise the one
   with the best UCB1 score (availability counts instead of the parent's visits) is taken. Every
   node keeps the value of the seat that acted into it, so each seat plays for itself;
3. plays the world on to the end of the ROUND (not of the game): the *rollout*, random moves but
   for a few cheap rules (``rollouts="random"`` turns them off): a Mit List und Tücke picker takes
   the cards that raise his own round points most (ties at random) and a player choosing plus
   colours takes the pair that scores most now; a Was sticht? starter who may lay down a task lays
   down his hardest one; in Tricks three buys in four are the Normal bot's (toward the colour the
   hand holds most value in), nobody buries, bids are the card nearest to the number of strong
   cards left in the hand, and in the tricks a seat short of its bid takes the trick as cheaply as
   it can while a seat that has enough ducks with its highest losing card, and a trick's winner
   names himself to lead while he is short, else the rival who is shortest (see
   ``_tricks_rollout``);
4. scores the round's end for every seat with a value in [0, 1] and adds it along the path.

The value of a finished round (``round_values``), per seat s:

- Mit List und Tücke: d = s's round points minus the best round points among the rivals (in the
  last round: s's game total minus the best rival total, since only the win counts now);
  value = 1 / (1 + exp(-d / 5)).
- Was sticht?: 0.75 if s laid a task down this round, + 0.05 × that task's difficulty / 8,
  + 0.2 × the share of rivals who laid nothing down.
- Tricks: w = chips - 1.5 × loans (what the chips will be worth after repaying). In the last round
  d = s's final total minus the best rival's, value = 1 / (1 + exp(-d / 15)). Before it, by
  ``TRICKS_ROUND_VALUE``: with 3 players d = s's w at the round's end minus the best rival's (the
  chips as they stand, since the game is won on them), value = 1 / (1 + exp(-d / 25)); with 4 and 5,
  d = s's change of w from the decision to the round's end minus the best rival's change, at 15.

The bot picks the root action visited most (ties: the higher mean value); a Tricks bury (1 chip
for sure, a gain lost in the noise of the rollouts) must beat declining by ``BURY_MARGIN`` in mean
value. ``evaluate`` runs the same search and returns every legal action's mean value, for a
coach's hint.

Speed: the search uses only the states' public API, on their fast path. Worlds come from the
samplers as ``clone(record=False)`` copies that stop when the round has been scored
(``stop_at_round_end``), so the search never deals a next round, and that are ``lean`` (no trick
records nor reasons for people); moves are ``push``-ed unchecked
(they come from ``legal_actions()`` or are built as one of them), random stretches of a rollout go
through ``push_random`` (a whole trick or draft per call), a Mit List und Tücke rollout's round and
a Tricks rollout's tricks through the games' ``push_tricks`` (each in one call, with the rollout's
choices; a Tricks market goes buy by buy, scored from a table per plan colour), and the rollout
rules keep small tables of their choices (a Mit List und Tücke picker's best picks per collection
and trick colours, a Tricks player's preference per trump, led colour and trick so far). The tree
walk looks the roots of its UCB1 scores up in tables. The garbage collector is paused while a
search runs: it makes no reference cycles, and the collector would otherwise walk the growing tree
over and over.

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
from itertools import accumulate, combinations, repeat

from game.games.tricks import rules as tricks
from game.bots import heuristic_tricks, worlds
from game.games.tricks.rules import BIDS, VALUE
from game.games.wassticht.rules import TASKS

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


def _against_best_rival(scores, scale):
    """Per seat: sigmoid((own score - the best score among the others) / scale)."""
    top = max(scores)
    first = scores.index(top)
    second = max(scores[:first] + scores[first + 1:])  # the best of the others for the top seat
    exp = math.exp
    values = []
    for s, score in enumerate(scores):
        x = (score - (second if s == first else top)) / scale
        values.append(0.0 if x < -40 else 1.0 / (1.0 + exp(-x)))
    return values


# --- per game: what a finished round was worth -------------------------------------------------------
def _mlut_values(state, base):
    last = state.history[-1]
    if state.is_over or last["round"] >= state.rounds:
        return _against_best_rival(list(state.totals), 5.0)
    return _against_best_rival(last["points"], 5.0)


def _wassticht_values(state, base):
    laid = state.history[-1]["laid_down"]
    n = state.players
    done = [str(s) in laid for s in range(n)]
    total = sum(done)
    values = []
    for s in range(n):
        v = 0.0
        if done[s]:
            v = 0.75 + 0.05 * TASKS[laid[str(s)]][1] / 8.0
        v += 0.2 * ((n - 1) - (total - done[s])) / (n - 1)  # the share of rivals who laid nothing
        values.append(v)
    return values


# A Tricks round before the last, per player count: which chips are compared ("standing": as they
# stand at the round's end; "change": their change since the decision) and the sigmoid's scale.
# Standing chips at 25 were tuned with 3 players (docs/bots.md); 4 and 5 keep what they were
# measured with.
TRICKS_ROUND_VALUE = {3: ("standing", 25.0), 4: ("change", 15.0), 5: ("change", 15.0)}


def _tricks_values(state, base):
    if state.is_over:
        return _against_best_rival(list(state.totals), 15.0)
    counted, scale = TRICKS_ROUND_VALUE[state.players]
    if counted == "standing":
        base = repeat(0.0)
    return _against_best_rival([c - 1.5 * l - b for c, l, b in zip(state.chips, state.loans, base)], scale)


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


# A pick's colours as one number: the sum of its cards' weights (k1 <= 3 < 8 cards of a colour).
_COLOUR_WEIGHT = {"R": 1, "G": 8, "B": 64, "Y": 512}


_PICK_INDEXES = {(n, k): list(combinations(range(n), k)) for n in (4, 5, 6) for k in (2, 3)}  # as mlut's


def _trick_picks(order, k1):
    """For a full trick whose cards have the colours ORDER (in play order): the colour sum of the
    trick and {colour sum: the picks with it, as positions in the trick}."""
    w = [_COLOUR_WEIGHT[c] for c in order]
    by_key = {}
    for combo in _PICK_INDEXES[(len(order), k1)]:
        key = 0
        for i in combo:
            key += w[i]
        by_key.setdefault(key, []).append(combo)
    return sum(w), by_key


_TRICK_PICKS = {2: {}, 3: {}}  # k1 -> {colours in play order: _trick_picks(...)}, 4^6 at most
# (collected per colour, plus, the trick's colour sum) -> the colour sums of the picks that raise the
# round points most. The same situations come back again and again in a search; the table is
# emptied when it reaches _MEMO_SIZE, so it stays small.
_BEST_KEYS = {}
_MEMO_SIZE = 100_000


def _best_keys(r, g, b, y, plus, keys):
    """The keys (colour sums) among KEYS of the picks that raise the round points most, for a seat
    that has collected r, g, b, y cards per colour (_points written out)."""
    if plus:
        i, j = "RGBY".index(plus[0]), "RGBY".index(plus[1])
    best, winners = -1, None
    for key in keys:
        counts = (r + (key & 7), g + (key >> 3 & 7), b + (key >> 6 & 7), y + (key >> 9))
        if plus:
            high, second = counts[i], counts[j]
        else:
            high = second = 0
            for v in counts:
                if v > high:
                    high, second = v, high
                elif v > second:
                    second = v
        if plus or second:
            rest = counts[0] + counts[1] + counts[2] + counts[3] - high - second
            pts = high * second // rest if rest else high * second
        else:
            pts = 0
        if pts > best:
            best, winners = pts, [key]
        elif pts == best:
            winners.append(key)
    return tuple(winners)


def _mlut_pick(state, rng):
    """The picker takes the cards that raise his own round points most (ties at random among the
    picks): the picked cards, in trick order. Any k1 cards of the full trick, in trick order, are
    a legal pick: built here directly rather than looked up among the legal actions."""
    seat = state.current_player
    col = state.collections[seat]
    trick = state.trick
    k1 = state.k1
    order = "".join([c[0] for _, c in trick])
    picks = _TRICK_PICKS[k1].get(order)
    if picks is None:
        picks = _TRICK_PICKS[k1][order] = _trick_picks(order, k1)
    total, by_key = picks
    memo = (len(col["R"]), len(col["G"]), len(col["B"]), len(col["Y"]), state.plus[seat], total)
    winners = _BEST_KEYS.get(memo)
    if winners is None:
        if len(_BEST_KEYS) >= _MEMO_SIZE:
            _BEST_KEYS.clear()
        winners = _BEST_KEYS[memo] = _best_keys(*memo[:5], by_key)
    if len(winners) == 1:
        choice = by_key[winners[0]]
    else:
        choice = [combo for key in winners for combo in by_key[key]]
    n = len(choice)
    combo = choice[int(rng.random() * n)] if n > 1 else choice[0]
    if k1 == 2:
        i, j = combo
        return (trick[i][1], trick[j][1])
    return tuple([trick[i][1] for i in combo])


def _mlut_plus(state, rng):
    """Choose the plus colours that score most now."""
    counts = {c: len(p) for c, p in state.collections[state.current_player].items()}
    return max(state.legal_actions(), key=lambda a: _points(counts, a[1]))


# A rollout plays a world on until it stops at the round's end (``legal_actions()`` is empty).
# Random choices draw int(random() × n): uniform, and cheaper than randrange.
def _mlut_rollout(state, rng):
    state.push_tricks(rng, _mlut_pick, _mlut_plus)  # random cards, the picks and plus colours above


def _wassticht_rollout(state, rng):
    push_random = state.push_random
    while True:
        phase = state.phase
        if phase == "discard":  # lay down the hardest task he holds
            legal = state.legal_actions()
            tasks = [a for a in legal if a[1] is not None]
            state.push(max(tasks, key=lambda a: TASKS[a[1]][1]) if tasks else legal[0])
        elif not push_random(rng, phase):  # random: a whole draft, all the tricks in one call
            return


def _random_rollout(state, rng):
    state.play_random(rng)


def _tricks_rollout(state, rng):
    """Tricks rollouts. Buying: as the Normal bot scores a buy (``_tricks_market``), one buy in four
    at random; nobody buries. Bidding: the card whose value is nearest to the number of strong
    cards left in the hand (value 4 or more, the joker), ties at random. Tricks: a seat that still
    needs tricks for its bid plays the lowest card that takes the trick so far (leads its
    strongest), one that has enough sheds its highest card that does not take it (leads its
    weakest). One trick move in eight is random. The winner of a trick names the next leader as
    the Normal bot does (``_name_leader``)."""
    legal_actions, push, random = state.legal_actions, state.push, rng.random
    while True:
        phase = state.phase
        if phase == "buy" or phase == "bury":  # the whole market: toward a plan, nobody buries
            if not _tricks_market(state, rng):
                return  # no card left to buy
            continue
        if phase == "play" or phase == "lead":  # the tricks to the round's end
            state.push_tricks(rng, _PREFER, _TRICK_EXPLORE, _name_leader)
            continue
        if phase == "bid":  # a hand to bid from is never empty
            push(_tricks_bid(state, rng))
            continue
        legal = legal_actions()
        n = len(legal)
        if n < 2:
            if not n:
                return
            push(legal[0])
        else:
            push(legal[int(random() * n)])


# Buying in the rollouts, as the Normal bot scores a buy (game.bots.heuristic_tricks): what the card
# adds to a hand that plans for one colour, less its price (a price paid to a rival counts extra).
_MARKET_EXPLORE = 0.25  # a random buy, so the rollouts' markets vary
_PLAN_TIE_ORDER = heuristic_tricks.PLAN_TIE_ORDER


def _buy_worth_tables(n):
    """(plan colour, own deck) -> {card: worth - cost} of a buy at a table of N."""
    tables = {}
    for plan in tricks.COLOURS:
        for own in (True, False):
            factor = heuristic_tricks.price_factor(own, n)
            tables[plan, own] = {c: heuristic_tricks.card_use(c, plan) - VALUE[c] * factor
                                 for c in tricks.SET}
    return tables


_BUY_WORTH = {n: _buy_worth_tables(n) for n in tricks.TricksState.player_counts}
_BUY = [("buy", s) for s in range(max(tricks.TricksState.player_counts))]
_DECLINE = ("bury", None)


def _tricks_market(state, rng):
    """The rest of the market, pushed one action at a time: every buyer plans for the colour in
    which his hand holds most value (cards count value + 1, the joker none; an empty hand plans
    for the card's own colour) and buys the face-up card worth most to that plan less its price
    (a loan costs its interest and a penalty, as for the Normal bot); one buy in four is random
    among the decks that hold a card. Nobody buries. Returns how many actions were pushed."""
    n = state.players
    worth = _BUY_WORTH[n]
    push = state.push
    decks, hands, chips = state.decks, state.hands, state.chips
    random = rng.random
    values = []  # per seat: value + 1 per colour in hand
    for hand in hands:
        v = {"Y": 0, "R": 0, "B": 0}
        for c, k in hand.items():
            if c != tricks.JOKER:
                v[c[0]] += (VALUE[c] + 1) * k
        values.append(v)
    count = 0
    while True:
        phase = state.phase
        if phase == "bury":
            push(_DECLINE)
            count += 1
            continue
        if phase != "buy":
            return count
        seat = state.current_player
        mine = values[seat]
        owner = None
        if random() < _MARKET_EXPLORE:
            owners = [s for s in range(n) if decks[s]]
            owner = owners[int(random() * len(owners))]
        else:
            best = None
            have = chips[seat]
            own = other = None
            if hands[seat]:
                plan = max(_PLAN_TIE_ORDER, key=mine.__getitem__)
                own, other = worth[plan, True], worth[plan, False]
            for s in range(n):
                deck = decks[s]
                if not deck:
                    continue
                card = deck[0]
                if own is not None:
                    v = own[card] if s == seat else other[card]
                else:  # an empty hand plans for the card's own colour
                    v = worth[card[0] if card != tricks.JOKER else "B", s == seat][card]
                price = VALUE[card]
                if have < price:
                    v -= heuristic_tricks.loan_cost(tricks.loan_for(price, have))
                if best is None or v > best:
                    best, owner = v, s
        card = decks[owner][0]
        if card != tricks.JOKER:
            mine[card[0]] += VALUE[card] + 1
        push(_BUY[owner])
        count += 1


def _play_tables():
    """Per (trump, led colour): the rank in the trick (20 + value as a trump, its value in the led
    colour or on the lead, -1 otherwise) of every card play; and every card play's value."""
    plays = [("play", c) for c in tricks.SET if c != tricks.JOKER]
    plays += [("play", tricks.JOKER, k) for k in tricks.COLOURS]
    value = {a: VALUE[a[1]] for a in plays}
    ranks = {}
    for trump in (None,) + tuple(tricks.COLOURS):
        for led in (None,) + tuple(tricks.COLOURS):
            table = ranks[(trump, led)] = {}
            for a in plays:
                colour = a[2] if len(a) == 3 else a[1][0]
                if colour == trump:
                    table[a] = 20 + value[a]
                elif colour == led or led is None:
                    table[a] = value[a]
                else:
                    table[a] = -1
    return ranks, value


_PLAY_RANKS, _PLAY_VALUE = _play_tables()


def _play_keys(trump, led, need, best):
    """{card play: how much the rollout policy likes it} for a seat that needs tricks or not, when
    the trick so far has the rank BEST (-1 on the lead): the policy plays the first highest."""
    keys = {}
    for action, rank in _PLAY_RANKS[(trump, led)].items():
        v = _PLAY_VALUE[action]
        if led is None:  # leading: strongest when in need, else weakest
            keys[action] = rank if need else -rank
        elif rank > best:  # takes the trick so far: as cheaply as it can
            keys[action] = 100 - rank if need else -100 - rank
        else:  # does not take it: the lowest card when in need, else the highest
            keys[action] = -100 - v if need else v
    return keys


class _Preferences(dict):
    """(need, trump, led, the trick's rank so far as TricksState.push_tricks gives it) ->
    _play_keys(...): the card play preferences of the rollouts, built on first use."""

    def __missing__(self, key):
        need, trump, led, best = key
        if best >= 10:  # a trump: 10 + value in the game's ranks, 20 + value in _PLAY_RANKS
            best += 10
        keys = self[key] = _play_keys(trump, led, need, best)
        return keys


_PREFER = _Preferences()
_TRICK_EXPLORE = 0.125  # one card play in eight at random, so the rollouts' tricks vary


def _name_leader(state):
    """The next leader, as the Normal bot names him (heuristic_tricks.next_leader)."""
    needs = [VALUE[b] - len(w) for b, w in zip(state.bids, state.won)]
    return heuristic_tricks.next_leader(state.current_player, needs)


_STRONG = {c: VALUE[c] >= 4 for c in tricks.SET}
# strong cards in the hand -> {card: how far its value is from the strong cards left after bidding it}
_BID_DISTANCE = [{c: abs(VALUE[c] - (strong - _STRONG[c])) for c in tricks.SET}
                 for strong in range(tricks.HAND + 1)]


def _tricks_bid(state, rng):
    """The bid nearest to the strong cards left after it (see _tricks_rollout), ties at random
    in the order of legal_actions() (the hand's); with one such bid, no draw."""
    hand = state.hands[state.current_player]
    strong = 0
    for c, k in hand.items():
        if _STRONG[c]:
            strong += k
    distances = list(map(_BID_DISTANCE[strong].__getitem__, hand))
    best = min(distances)
    if distances.count(best) == 1:
        return BIDS[list(hand)[distances.index(best)]]
    choice = [BIDS[c] for c, d in zip(hand, distances) if d == best]
    return choice[int(rng.random() * len(choice))]


_POLICIES = {"mlut": _mlut_rollout, "wassticht": _wassticht_rollout, "tricks": _tricks_rollout}
_RANDOM_POLICIES = {"mlut": _random_rollout, "wassticht": _random_rollout, "tricks": _random_rollout}


# The free choice per (game, phase) that a costly one must clearly beat, and by how much (in value).
_DEFAULTS = {("tricks", "bury"): ("bury", None)}
BURY_MARGIN = 0.03


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
        if b.total / b.visits - d.total / d.visits < BURY_MARGIN:
            return default
    return best


def _mean_values(root, legal_actions):
    values = {}
    for action in legal_actions:
        child = root.children.get(action)
        values[action] = child.total / child.visits if child and child.visits else 0.5
    return values


# A rival's secret bid, as the search guesses it: every card of his hand, weighted by how much the
# Normal bot's bid rule expects it to pay (heuristic_tricks.bid_scores), softened by this many chips.
BID_TEMPERATURE = 4.0


def bid_odds(view):
    """{rival seat whose bid is not shown: (his distinct hand cards, their cumulative weights)}: the
    search's guess at his secret bid, from the hands every seat sees. Only in the bidding."""
    if view["game"] != "tricks" or view["phase"] != "bid":
        return None
    exp = math.exp
    odds = {}
    for s, hand in enumerate(view["hands"]):
        if s == view["seat"] or view["bids"][s] is not None or not hand:
            continue
        scores = heuristic_tricks.bid_scores(view["hands"], s)
        top = max(scores.values())
        cards = list(scores)
        odds[s] = (cards, list(accumulate(exp((scores[c] - top) / BID_TEMPERATURE) for c in cards)))
    return odds or None


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

    @property
    def think_floor(self):
        """At a table, its answer is held back this long from the start of its thinking: a forced
        move answered at once would tell everyone that its hand allowed nothing else."""
        return self.seconds or 0.0

    def choose(self, view, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        default = _DEFAULTS.get((view["game"], view["phase"]))
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
        odds = bid_odds(view)  # rivals' secret bids, drawn as likely as they are (None: not bidding)
        smp = worlds.sampler(view, stop_at_round_end=True, bid_odds=odds)  # the search ends with the round
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
            self._iterate(world, root, rng, allowed, base, c, self.policies, odds)
            count += 1
        self.last_iterations = count
        return root

    @staticmethod
    def _iterate(state, root, rng, allowed, base, c, policies, odds=None):
        # The world stops when its round has been scored (no next deal): legal_actions() is empty.
        scored = state.payouts if state.game_id == "tricks" else state.history  # grows at round end
        start = len(scored)
        policy = policies[state.game_id]
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
            if odds is not None and player in odds and state.phase == "bid":
                # A rival's bid is his secret: drawn as likely as it is, never chosen knowing ours.
                action = BIDS[worlds.draw(odds[player], rng)]
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
            values = round_values(state, base)
        for child, player in path:
            child.visits = visits = child.visits + 1
            child.total = total = child.total + (values[player] if values is not None else 0.5)
            child.mean = total / visits
            child.spread = inv_sqrt[visits] if visits < _TABLE_SIZE else 1.0 / sqrt(visits)

