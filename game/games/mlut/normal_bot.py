"""Normal level for Mit List und Tücke: rules of thumb over the seat's view.

The measure of a collection is its round score made smooth: a × b ÷ max(rest, 1) with a, b the plus
colours (or, before the choice, the two largest colours). A card's worth to a seat is how much it
raises that measure.

Rules of thumb:

1. **Pick** the cards of your own two best colours: of all ways to pick, take the one that raises
   your measure most, less half of what the rest gives the taker (dump the rest on a rival: the
   cards he takes should help him as little as possible).
2. **Plus colours** from the counts: the pair with the best a × b ÷ rest; ties go to the colours you
   hold more high cards of (you can lead them and pick again).
3. **Play** each card in thought: will it (still) be the highest trump, the lowest off-colour card,
   or neither? The chance that a later player overtakes is judged from the unseen cards (deck minus
   your hand, the open collections, the trick and the removed cards) and the later players' hand
   sizes. Being the picker is worth the best pick of the cards known so far (unknown later cards
   count as an average card); being the taker is worth the cards the picker will probably leave,
   which is usually bad: avoid being lowest off-colour when the trick is bad for you, and take it
   when the cards are yours. The last player knows exactly what each card does. Spending a high
   card costs a little (it could win a later trick), so a card that changes nothing is a low one.
"""

from itertools import combinations

from game.bots.bot import BaseBot
from game.games.mlut.rules import DECKS, trick_takers

COLOURS = "RGBY"
RIVAL_WEIGHT = 0.5  # what a rival's gain costs me, against my own gain
OVERTAKE = 0.7  # chance a later player who holds a higher trump plays it
UNDERCUT = 0.5  # chance a later player who holds a lower off-colour card plays it
KEEP = 0.6  # worth of keeping a top card for later
PESSIMISM = 0.5  # a taker expects this share of the worst cards, the rest a fair share
SMOOTH = 1.0  # added to a and b: an early card is worth something before it makes a product


def measure(counts, plus=None):
    """The smooth round score of a collection (counts per colour)."""
    total = sum(counts.values())
    if plus:
        a, b = counts.get(plus[0], 0), counts.get(plus[1], 0)
    else:
        top = sorted(counts.values(), reverse=True)
        a, b = top[0], top[1]
    rest = total - a - b
    return (a + SMOOTH) * (b + SMOOTH) / (rest if rest > 1 else 1)


def seat_counts(view, seat):
    col = view["collections"][seat]
    counts = {c: len(p) for c, p in col["open"].items()}
    counts.update(col["hidden"])
    for c in COLOURS:
        counts.setdefault(c, 0)
    return counts


def gain(counts, plus, cards):
    """How much adding CARDS raises the measure."""
    after = dict(counts)
    for card in cards:
        after[card[0]] += 1
    return measure(after, plus) - measure(counts, plus)


def value(card):
    return int(card[1:])


class MlutHeuristic(BaseBot):
    name = "normal-mlut"

    def choose(self, view, legal_actions, rng):
        kind = legal_actions[0][0]
        if kind == "pick":
            return self.pick(view, legal_actions)
        if kind == "plus":
            return self.plus(view, legal_actions)
        return self.play(view, legal_actions)

    # --- pick -----------------------------------------------------------------------------------
    def pick(self, view, legal):
        me = view["seat"]
        trick = [(s, c) for s, c in view["trick"]]
        _, taker = trick_takers(trick, view["pick_size"])
        mine, my_plus = seat_counts(view, me), view["collections"][me]["plus"]
        if taker is not None:
            theirs, their_plus = seat_counts(view, taker), view["collections"][taker]["plus"]
        all_cards = [c for _, c in trick]
        best, best_score = legal[0], None
        for action in legal:
            score = gain(mine, my_plus, action[1])
            if taker is not None:
                rest = [c for c in all_cards if c not in action[1]]
                score -= RIVAL_WEIGHT * gain(theirs, their_plus, rest)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = action, score
        return best

    # --- plus colours --------------------------------------------------------------------------------
    def plus(self, view, legal):
        counts = seat_counts(view, view["seat"])
        high = {c: 0 for c in COLOURS}
        for card in view["hand"]:
            if value(card) > 7:
                high[card[0]] += 1

        def score(action):
            a, b = action[1]
            return (measure(counts, (a, b)), high[a] + high[b], counts[a] + counts[b])
        return max(legal, key=score)

    # --- play -------------------------------------------------------------------------------------------
    def play(self, view, legal):
        me, n = view["seat"], view["players"]
        k1 = view["pick_size"]
        hand = view["hand"]
        trick = [(s, c) for s, c in view["trick"]]
        seen = set(hand)
        seen.update(c for _, c in trick)
        seen.update(view["removed"])
        for col in view["collections"]:
            for pile in col["open"].values():
                seen.update(pile)
        for done in view.get("round_tricks", ()):  # face-down piles too: every trick was open
            seen.update(c for _, c in done["cards"])
        unseen = [c for c in DECKS[n] if c not in seen]
        sizes = view["hand_sizes"]
        later = [(me + i) % n for i in range(1, n - len(trick))]
        # The cards the unseen pool really holds in later hands (hidden collection cards are unseen
        # too, but out of play): scale the chance that one hand holds a given card.
        in_hands = sum(sizes[s] for s in range(n) if s != me)
        pool = max(1, len(unseen))
        frac = min(1.0, in_hands / pool)
        mine, my_plus = seat_counts(view, me), view["collections"][me]["plus"]
        single = {c: gain(mine, my_plus, [c + "1"]) for c in COLOURS}
        by_colour = {c: [] for c in COLOURS}
        for c in unseen:
            by_colour[c[0]].append(value(c))
        total_unseen = len(unseen) or 1
        avg_gain = sum(single[c] * len(by_colour[c]) for c in COLOURS) / total_unseen

        best, best_score = legal[0], None
        for action in legal:
            card = action[1]
            if later:
                score = self._estimate(card, trick, later, sizes, by_colour, pool, n, k1,
                                       mine, my_plus, avg_gain)
            else:
                score = self._exact(view, card, trick, me, k1, mine, my_plus)
            # a top card kept is a later pick; spending it for nothing costs
            higher = sum(1 for v in by_colour[card[0]] if v > value(card))
            if len(hand) > 1:
                score -= KEEP * (1.0 - frac) ** higher
            if best_score is None or score > best_score + 1e-9:
                best, best_score = action, score
        return best

    def _exact(self, view, card, trick, me, k1, mine, my_plus):
        full = trick + [(me, card)]
        picker, taker = trick_takers(full, k1)
        cards_ = [c for _, c in full]
        if picker == me:
            other = seat_counts(view, taker) if taker is not None else None
            other_plus = view["collections"][taker]["plus"] if taker is not None else None
            best = None
            for combo in combinations(cards_, k1):
                s = gain(mine, my_plus, combo)
                if taker is not None:
                    rest = list(cards_)
                    for c in combo:
                        rest.remove(c)
                    s -= RIVAL_WEIGHT * gain(other, other_plus, rest)
                best = s if best is None else max(best, s)
            return best
        if taker == me:
            # the picker keeps what is best for him; I get the rest
            his, his_plus = seat_counts(view, picker), view["collections"][picker]["plus"]
            best_combo, best = None, None
            for combo in combinations(range(len(cards_)), k1):
                s = gain(his, his_plus, [cards_[i] for i in combo])
                if best is None or s > best:
                    best_combo, best = combo, s
            rest = [c for i, c in enumerate(cards_) if i not in best_combo]
            return gain(mine, my_plus, rest)
        return 0.0

    def _estimate(self, card, trick, later, sizes, by_colour, pool, n, k1, mine, my_plus, avg_gain):
        trump = trick[0][1][0] if trick else card[0]
        v = value(card)
        known = [c for _, c in trick] + [card]
        best_trump = max((value(c) for c in known[:-1] if c[0] == trump), default=0)
        lows = [value(c) for c in known[:-1] if c[0] != trump]
        low_off = min(lows) if lows else None
        gains = [gain(mine, my_plus, [c]) for c in known] + [avg_gain] * len(later)
        if card[0] == trump:
            if v < best_trump:
                return 0.0
            higher = sum(1 for x in by_colour[trump] if x > v)
            p = 1.0
            for s in later:
                p *= 1.0 - (1.0 - (1.0 - sizes[s] / pool) ** higher) * OVERTAKE
            take = sorted(gains, reverse=True)[:k1]
            return p * sum(take)
        if low_off is not None and v >= low_off:
            return 0.0
        lower = sum(1 for c in COLOURS if c != trump for x in by_colour[c] if x < v)
        p = 1.0
        for s in later:
            p *= 1.0 - (1.0 - (1.0 - sizes[s] / pool) ** lower) * UNDERCUT
        rest = sorted(gains)[:n - k1]
        fair = sum(gains) * (n - k1) / len(gains)
        return p * (PESSIMISM * sum(rest) + (1 - PESSIMISM) * fair)
