"""Worlds of Mit List und Tücke for the search (see game.bots.worlds): the other hands. The
face-down minus piles are not guessed: every trick of the round was played open and the view lists
them (``round_tricks``), so a face-down pile holds the cards of its colour its owner picked or took.
(Only a hand-built position whose tricks do not account for a pile gets the missing cards at random
from the unseen cards of the colour.) The unseen cards are the deck less the own hand, the trick,
every pile and the removed cards; they are dealt at random to the other hands by their sizes. If a
rival is to play into a trick that holds three colours, he must hold one of them (else the round
would have ended): such deals are drawn again.
"""

from game import cards
from game.games.mlut import rules as mlut


def sampler(view, stop_at_round_end=False, bid_odds=None):
    """The sampler for a view of this game (see game.bots.worlds.sampler)."""
    return MlutSampler(view, stop_at_round_end)


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

