"""The Hard bot's parts for Tricks (the search itself is game.bots.search).

A rival's secret bid is drawn as likely as the Normal bot's bid rule finds it (``bid_odds``: every
hand card, weighted by exp(expected payout / ``BID_TEMPERATURE``)), both for a rival who bid before
the bot and, in the tree, for one who bids after it: he cannot see the bot's bid, so the tree must
not let him choose knowing it. A bury (1 chip for sure, a gain lost in the noise of the rollouts)
must beat declining by the search's margin in mean value (the kit's ``defaults``).

The value of a finished round, per seat s: w = chips - 1.5 × loans (what the chips will be worth
after repaying). In the last round d = s's final total minus the best rival's, value = 1 / (1 +
exp(-d / 15)). Before it, by ``TRICKS_ROUND_VALUE``: with 3 players d = s's w at the round's end
minus the best rival's (the chips as they stand, since the game is won on them), value = 1 / (1 +
exp(-d / 25)); with 4 and 5, d = s's change of w from the decision to the round's end minus the best
rival's change, at 15 (``worth_now``: every seat's w when the search started).

The rollout: three buys in four are the Normal bot's (toward the colour the hand holds most value
in), nobody buries, bids are the card nearest to the number of strong cards left in the hand, and
in the tricks a seat short of its bid takes the trick as cheaply as it can while a seat that has
enough ducks with its highest losing card, and a trick's winner names himself to lead while he is
short, else the rival who is shortest (see ``rollout``). A market goes buy by buy, scored from a
table per plan colour; the tricks go through the state's ``push_tricks`` in one call, with a
player's preference per trump, led colour and trick so far kept in a table.
"""

import math
from itertools import accumulate, repeat

from game.bots.search import against_best_rival
from game.games.tricks import normal_bot
from game.games.tricks import rules as tricks
from game.games.tricks.rules import BIDS, VALUE


# --- what a finished round was worth -------------------------------------------------------------------
# A Tricks round before the last, per player count: which chips are compared ("standing": as they
# stand at the round's end; "change": their change since the decision) and the sigmoid's scale.
# Standing chips at 25 were tuned with 3 players (docs/bots.md); 4 and 5 keep what they were
# measured with.
TRICKS_ROUND_VALUE = {3: ("standing", 25.0), 4: ("change", 15.0), 5: ("change", 15.0)}


def values(state, base):
    if state.is_over:
        return against_best_rival(list(state.totals), 15.0)
    counted, scale = TRICKS_ROUND_VALUE[state.players]
    if counted == "standing":
        base = repeat(0.0)
    return against_best_rival([c - 1.5 * l - b for c, l, b in zip(state.chips, state.loans, base)], scale)


def worth_now(view):
    """Every seat's chips - 1.5 × loans when the search starts (the values of a round before the
    last count the change from here)."""
    return [c - 1.5 * l for c, l in zip(view["chips"], view["loans"])]


# --- the rollout ---------------------------------------------------------------------------------------
def rollout(state, rng):
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


# Buying in the rollouts, as the Normal bot scores a buy (game.games.tricks.normal_bot): what the card
# adds to a hand that plans for one colour, less its price (a price paid to a rival counts extra).
_MARKET_EXPLORE = 0.25  # a random buy, so the rollouts' markets vary
_PLAN_TIE_ORDER = normal_bot.PLAN_TIE_ORDER


def _buy_worth_tables(n):
    """(plan colour, own deck) -> {card: worth - cost} of a buy at a table of N."""
    tables = {}
    for plan in tricks.COLOURS:
        for own in (True, False):
            factor = normal_bot.price_factor(own, n)
            tables[plan, own] = {c: normal_bot.card_use(c, plan) - VALUE[c] * factor
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
                    v -= normal_bot.loan_cost(tricks.loan_for(price, have))
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
    """The next leader, as the Normal bot names him (normal_bot.next_leader)."""
    needs = [VALUE[b] - len(w) for b, w in zip(state.bids, state.won)]
    return normal_bot.next_leader(state.current_player, needs)


_STRONG = {c: VALUE[c] >= 4 for c in tricks.SET}
# strong cards in the hand -> {card: how far its value is from the strong cards left after bidding it}
_BID_DISTANCE = [{c: abs(VALUE[c] - (strong - _STRONG[c])) for c in tricks.SET}
                 for strong in range(tricks.HAND + 1)]


def _tricks_bid(state, rng):
    """The bid nearest to the strong cards left after it (see rollout), ties at random
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



# A rival's secret bid, as the search guesses it: every card of his hand, weighted by how much the
# Normal bot's bid rule expects it to pay (normal_bot.bid_scores), softened by this many chips.
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
        scores = normal_bot.bid_scores(view["hands"], s)
        top = max(scores.values())
        cards = list(scores)
        odds[s] = (cards, list(accumulate(exp((scores[c] - top) / BID_TEMPERATURE) for c in cards)))
    return odds or None

