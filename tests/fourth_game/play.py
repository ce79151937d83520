"""Oh Hell's players and helpers, each read by the shared machinery through the kit: the Normal and
Easy bots, the Hard bot's search parts (worlds, a round's value, the rollout), the coach's reasons,
the cards still out and the story's highlight."""

from game import cards
from game.bots.bot import BaseBot
from game.bots.search import against_best_rival
from game.story import biggest_round, longest_lead
from game.i18n import _, ngettext

from tests.fourth_game.rules import DECK, HAND, OhHellState, trick_winner


# --- the Normal bot: count the likely winners, then play to the bid ----------------------------------
def likely_tricks(hand, trump):
    """How many tricks HAND should take: high trumps, and the top cards of the other colours."""
    count = 0.0
    for card in hand:
        value = cards.value(card)
        if card[0] == trump:
            count += 1.0 if value >= 5 else 0.5
        elif value == 9:
            count += 1.0
        elif value == 8:
            count += 0.5
    return min(HAND, round(count))


def winning(view, card):
    """CARD played now would win the trick so far."""
    trick = [(s, c) for s, c in view["trick"]] + [(view["seat"], card)]
    return trick_winner(trick, view["trump"]) == view["seat"]


class NormalBot(BaseBot):
    name = "ohhell-rules"

    def choose(self, view, legal, rng):
        if legal[0][0] != "play":
            wanted = likely_tricks(view["hand"], view["trump"])
            return next(a for a in legal if a[1] == wanted)
        seat = view["seat"]
        need = view["bids"][seat] - view["tricks_won"][seat]
        by_value = sorted(legal, key=lambda a: (a[1][0] == view["trump"], cards.value(a[1])))
        if not view["trick"]:
            return by_value[-1] if need > 0 else by_value[0]
        wins = [a for a in by_value if winning(view, a[1])]
        if need > 0:
            return wins[0] if wins else by_value[0]
        losers = [a for a in by_value if a not in wins]
        return losers[-1] if losers else by_value[0]


def easy(view, legal, rng):
    """The Easy bot's little sense: it bids its trumps; every card at random."""
    if legal[0][0] != "play":
        trumps = min(HAND, sum(1 for c in view["hand"] if c[0] == view["trump"]))
        return next(a for a in legal if a[1] == trumps)
    return None


# --- the Hard bot's search ----------------------------------------------------------------------------
def sampler(view, stop_at_round_end=False, bid_odds=None):
    return Sampler(view, stop_at_round_end)


class Sampler:
    """The other hands (uniform over the cards the seat has not seen) and the rivals' secret bids
    (uniform) for one seat's view."""

    def __init__(self, view, stop_at_round_end=False):
        self.view = view
        seat = view["seat"]
        seen = set(view["hand"]) | set(view["played"]) | {c for _, c in view["trick"]} | {view["trump_card"]}
        self.unseen = [c for c in DECK if c not in seen]
        self.secret = [s for s in range(view["players"])
                       if s != seat and view["has_bid"][s] and view["bids"][s] is None]
        self.template = OhHellState.from_view(view, [list(view["hand"])] * view["players"],
                                              stop_at_round_end=stop_at_round_end)
        self.template.lean = True

    def sample(self, rng):
        world = self.template.clone(record=False, rng=rng)
        view, unseen = self.view, list(self.unseen)
        cards.shuffle(rng, unseen)
        hands, k = [], 0
        for s, size in enumerate(view["hand_sizes"]):
            if s == view["seat"]:
                hands.append(list(view["hand"]))
            else:
                hands.append(sorted(unseen[k:k + size], key=DECK.index))
                k += size
        world.set_hidden(hands, {s: rng.randrange(HAND + 1) for s in self.secret})
        return world


def values(state, base):
    """Every seat's value of a round just scored: its points against the best rival's (in the last
    round: its total against the best rival's)."""
    last = state.history[-1]
    if state.is_over or last["round"] >= state.rounds:
        return against_best_rival(list(state.totals), 5.0)
    return against_best_rival(last["points"], 5.0)


def rollout(state, rng):
    state.play_random(rng)


# --- the coach ----------------------------------------------------------------------------------------
def move(view, action, seat_name):
    """A bid in words for the hint's sentence ("bid 2"); None for a card (named by the card)."""
    if action[0] != "play":
        return _("bid {n}").format(n=action[1])
    return None


def reason(view, action):
    """A short reason for a bid or a card (a verb phrase, its subject is the move)."""
    if action[0] != "play":
        n = action[1]
        return ngettext("bids {n} trick", "bids {n} tricks", n).format(n=n)
    seat = view["seat"]
    takes = winning(view, action[1])
    need = view["bids"][seat] - view["tricks_won"][seat]
    if need > 0:
        return ngettext("takes the trick so far; you need {n} more for your bid",
                        "takes the trick so far; you need {n} more for your bid", need).format(n=need) \
            if takes else _("lets the trick go; you still need {n}").format(n=need)
    return _("takes the trick so far, though you have your bid already") if takes else \
        _("lets the trick go: you have your bid")


# --- the table's count of cards still out -------------------------------------------------------------
def deck(players):
    return list(DECK)


def out(view, deck_):
    """The cards the others may still hold: neither in the seat's hand, nor played, nor turned up."""
    seen = set(view["hand"]) | set(view["played"]) | {c for _, c in view["trick"]} | {view["trump_card"]}
    return [c for c in deck_ if c not in seen]


# --- the evening's story ------------------------------------------------------------------------------
def sharpest_bidder(events):
    """The seat that made its bid exactly in the most rounds."""
    made = {}
    for e in events:
        if e.get("t") == "score":
            for seat, points in enumerate(e["points"]):
                if points > 0:
                    made[seat] = made.get(seat, 0) + 1
    if not made:
        return None
    best = max(made.values())
    seat = min(s for s, n in made.items() if n == best)
    return {"kind": "sharpest_bidder", "seat": seat, "value": best}


def describe(highlight, names):
    if highlight["kind"] != "sharpest_bidder":
        return None
    value = highlight["value"]
    return _("The sharpest bidder"), ngettext(
        "{name} made the bid exactly in {n} round", "{name} made the bid exactly in {n} rounds", value).format(
        name=names[highlight["seat"]], n=value)


HIGHLIGHTS = (sharpest_bidder, biggest_round, longest_lead)
