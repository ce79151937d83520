"""Worlds a seat cannot tell apart from the real one: the hidden parts of a view, sampled.

``sampler(view)`` reads one seat's view once and returns an object whose ``sample(rng)`` builds a
full game state (a *world*, events off) that agrees with everything the view shows. The search bot
plays its simulations in such worlds (``sampler(view, stop_at_round_end=True)``: worlds that stop
when the round has been scored). Worlds are built with the games' public constructors only: a
template from ``from_view`` once (``lean``: it keeps no records only people read), then per
sample a ``clone(record=False)`` whose hidden parts ``set_hidden`` fills in. What each game hides, and how it is filled in:

- Mit List und Tücke: the other hands. The face-down minus piles are not guessed: every trick of the
  round was played open and the view lists them (``round_tricks``), so a face-down pile holds the
  cards of its colour its owner picked or took. (Only a hand-built position whose tricks do not
  account for a pile gets the missing cards at random from the unseen cards of the colour.) The
  unseen cards are the deck less the own hand, the trick, every pile and the removed cards; they are
  dealt at random to the other hands by their sizes. If a rival
  is to play into a trick that holds three colours, he must hold one of them (else the round would
  have ended): such deals are drawn again.
- Was sticht?: the trump (uniform over ``possible_trumps``, the combinations the hints still allow)
  while the seat is not the starter during the row draft, and the tasks other seats chose secretly
  during the task choice (uniform over their held tasks). Hands and rows are open.
- Tricks: the order of every deck (the face-up card stays on top while buying; in worlds that stop
  at the round's end only as deep as the round's buys and buries can reach, the rest is never
  seen) and, before the reveal, the bid of every other seat that has bid: one of the cards of the
  hand the view shows for it (which includes the bid), uniform, or as likely as the caller's
  ``bid_odds`` say (the search weights each card by what a sensible bidder expects it to pay).

Otherwise uniform sampling over the consistent completions; the bots do not model how rivals'
earlier choices hint at their cards.
"""

from bisect import bisect

from game import cards
from game.games.mlut import rules as mlut
from game.games.tricks import rules as tricks
from game.games.wassticht import rules as wassticht


def sampler(view, stop_at_round_end=False, bid_odds=None):
    """The sampler for a view of any of the three games; stop_at_round_end: the worlds stop when
    the round has been scored (see ``GameState.stop_at_round_end``); bid_odds (Tricks): {seat:
    (cards, cumulative weights)} to draw that seat's secret bid from (default: any hand card)."""
    game = view["game"]
    if game == "mlut":
        return MlutSampler(view, stop_at_round_end)
    if game == "wassticht":
        return WasStichtSampler(view, stop_at_round_end)
    if game == "tricks":
        return TricksSampler(view, stop_at_round_end, bid_odds)
    raise ValueError(f"no world sampler for game {game!r}")


def draw(odds, rng):
    """One of ODDS = (choices, their cumulative weights), as likely as its weight."""
    choices, weights = odds
    return choices[bisect(weights, rng.random() * weights[-1])]


def collections_from_tricks(players, round_tricks):
    """Every seat's collection ({colour: [cards]}) rebuilt from the round's tricks, which were all
    played open: the picker keeps what he picked, the taker what he took."""
    cols = [{c: [] for c in mlut.COLOURS} for _ in range(players)]
    for trick in round_tricks:
        for who, cards in ((trick["picker"], trick["picked"]), (trick["taker"], trick["taken"])):
            if who is not None:
                for card in cards:
                    cols[who][card[0]].append(card)
    return cols


def sample_world(view, rng):
    """One world consistent with VIEW (a state with events off)."""
    return sampler(view).sample(rng)


class MlutSampler:
    """Other hands and face-down pile contents for a Mit List und Tücke view."""

    RETRIES = 50

    def __init__(self, view, stop_at_round_end=False):
        self.view = view
        self.stop_at_round_end = stop_at_round_end
        n = self.players = view["players"]
        seat = self.seat = view["seat"]
        hand = list(view["hand"])
        known = set(hand)
        known.update(c for _, c in view["trick"])
        known.update(view["removed"])
        cols = view["collections"]
        seen = collections_from_tricks(n, view["round_tricks"])
        base = []  # per seat {colour: [known cards]}
        for s in range(n):
            piles = {c: list(pile) for c, pile in cols[s]["open"].items()}
            for pile in piles.values():
                known.update(pile)
            base.append(piles)
        for s in range(n):
            for c in cols[s]["hidden"]:
                base[s][c] = [x for x in seen[s][c] if x not in known]
                known.update(base[s][c])
        self.base = base
        # Face-down slots the tricks do not account for (only in hand-built positions).
        self.pile_slots = [(s, c, k - len(base[s][c])) for s in range(n)
                           for c, k in cols[s]["hidden"].items() if k > len(base[s][c])]
        unseen = [c for c in mlut.DECKS[n] if c not in known]
        self.unseen_by_colour = {c: [x for x in unseen if x[0] == c] for c in mlut.COLOURS}
        self._rest = [x for c in mlut.COLOURS for x in self.unseen_by_colour[c]]
        self.hand = hand
        self.sizes = list(view["hand_sizes"])
        self.others = [s for s in range(n) if s != seat]
        # A rival to play into a three-colour trick holds one of its colours.
        colours = "".join(dict.fromkeys(c[0] for _, c in view["trick"]))
        cur = view["current_player"]
        self.must_hold = (cur, colours) if (view["phase"] == "play" and len(colours) == 3
                                            and cur is not None and cur != seat) else None
        self._template = None  # the world less its hidden parts, built once, cloned per sample

    def deal(self, rng):
        """(hands, collections) at random, consistent with the view."""
        pools = {c: list(v) for c, v in self.unseen_by_colour.items()}
        cols = [{c: list(p) for c, p in piles.items()} for piles in self.base]
        for s, c, k in self.pile_slots:
            pool = pools[c]
            cards.shuffle(rng, pool)
            cols[s][c].extend(pool[:k])
            del pool[:k]
        return self._hands([x for c in mlut.COLOURS for x in pools[c]], rng), cols

    def _hands(self, rest, rng):
        """Every hand: the own one, the others dealt at random from REST (shuffled in place)."""
        hands = [None] * self.players
        hands[self.seat] = list(self.hand)
        for attempt in range(self.RETRIES):
            cards.shuffle(rng, rest)
            i = 0
            for s in self.others:
                k = self.sizes[s]
                hands[s] = rest[i:i + k]
                i += k
            if self.must_hold is None:
                break
            who, colours = self.must_hold
            if any(x[0] in colours for x in hands[who]):
                break
        return hands

    def sample(self, rng):
        if self._template is None or self.pile_slots:
            hands, cols = self.deal(rng)
            if self._template is None:
                self._template = mlut.MlutState.from_view(self.view, hands, cols,
                                                          stop_at_round_end=self.stop_at_round_end)
                self._template.lean = True  # no trick records nor reasons: nobody reads them
            world = self._template.clone(record=False, rng=rng)
            world.set_hidden(hands, cols)
            return world
        # Every pile is known: the template's collections are right, and its copy has its own.
        world = self._template.clone(record=False, rng=rng)
        world.set_hidden(self._hands(list(self._rest), rng))
        return world


class WasStichtSampler:
    """The trump and the secret task choices for a Was sticht? view."""

    def __init__(self, view, stop_at_round_end=False):
        self.view = view
        self.stop_at_round_end = stop_at_round_end
        if view["round"] == 0:
            self.trumps = [(None, None)]
        elif view["trump_known"]:
            self.trumps = [(view["trump_colour"], view["trump_number"])]
        else:
            self.trumps = [tuple(t) for t in view["possible_trumps"]]
        chosen_by = set(view["chosen_by"])
        self.chosen = list(view["chosen"])
        self.secret = [s for s, t in enumerate(self.chosen) if t is None and s in chosen_by]
        self.held = view["held_tasks"]
        self.trivial = len(self.trumps) == 1 and not self.secret
        self._template = None

    def sample(self, rng):
        if self._template is None:
            self._template = wassticht.WasStichtState.from_view(self.view, self.trumps[0], self.chosen,
                                                                stop_at_round_end=self.stop_at_round_end)
            self._template.lean = True
        world = self._template.clone(record=False, rng=rng)
        if self.trivial:  # nothing hidden: every world is the same
            return world
        trump = self.trumps[rng.randrange(len(self.trumps))] if len(self.trumps) > 1 else None
        chosen = {}
        for s in self.secret:
            held = self.held[s]
            chosen[s] = held[rng.randrange(len(held))]
        world.set_hidden(trump, chosen)
        return world


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
