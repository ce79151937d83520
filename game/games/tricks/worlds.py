"""Worlds of Tricks for the search (see game.bots.worlds): the order of every deck (the face-up card
stays on top while buying; in worlds that stop at the round's end only as deep as the round's buys
and buries can reach, the rest is never seen) and, before the reveal, the bid of every other seat
that has bid: one of the cards of the hand the view shows for it (which includes the bid), uniform,
or as likely as the caller's ``bid_odds`` say (the search weights each card by what a sensible bidder
expects it to pay).
"""

from game import cards
from game.bots.worlds import draw
from game.games.tricks import rules as tricks


def sampler(view, stop_at_round_end=False, bid_odds=None):
    """The sampler for a view of this game (see game.bots.worlds.sampler)."""
    return TricksSampler(view, stop_at_round_end, bid_odds)


class TricksSampler:
    """Deck orders and the secret bids for a Tricks view."""

    def __init__(self, view, stop_at_round_end=False, bid_odds=None):
        self.view = view
        self.stop_at_round_end = stop_at_round_end
        self.bid_odds = bid_odds or {}
        n = view["players"]
        seat = view["seat"]
        self.decks = [list(d["cards"]) for d in view["decks"]]
        self.tops = [d["top"] for d in view["decks"]]
        for s, top in enumerate(self.tops):
            if top is not None:
                self.decks[s].remove(top)
        self.bids = list(view["bids"])
        self.secret = [s for s in range(n) if s != seat and view["has_bid"][s] and view["bids"][s] is None]
        self.hands = view["hands"]
        # Deck order matters only while buying; later it is reshuffled before it is used again.
        self.shuffle_decks = view["phase"] in ("buy", "bury")
        # A world that stops at the round's end sees at most this many cards come up per deck: a
        # new face-up card after each buy and each bury (one at most per buy) still to come.
        left = tricks.HAND * n - sum(len(h) for h in view["hands"])
        self.depth = 2 * left if stop_at_round_end else None
        self._template = None

    def sample(self, rng):
        if self._template is None:  # secret bids still in their hands, decks in the view's order
            decks = [([t] if t is not None else []) + d for t, d in zip(self.tops, self.decks)]
            self._template = tricks.TricksState.from_view(self.view, decks, self.bids,
                                                          stop_at_round_end=self.stop_at_round_end)
            self._template.lean = True
        world = self._template.clone(record=False, rng=rng)
        decks = None
        if self.shuffle_decks:
            decks = []
            random = rng.random
            for top, rest in zip(self.tops, self.decks):
                d = list(rest)
                m = len(d)
                if self.depth is None or self.depth >= m:
                    cards.shuffle(rng, d)
                else:  # a uniformly random order of the part the round can reach
                    for i in range(self.depth):
                        j = i + int(random() * (m - i))
                        d[i], d[j] = d[j], d[i]
                if top is not None:
                    d.insert(0, top)
                decks.append(d)
        bids = {}
        for s in self.secret:
            odds = self.bid_odds.get(s)
            if odds is not None:
                bids[s] = draw(odds, rng)
            else:
                hand = self.hands[s]
                bids[s] = hand[rng.randrange(len(hand))]
        world.set_hidden(decks, bids)
        return world
