"""Normal level for Tricks: rules of thumb over the seat's view.

Every bought card was seen by all, so the hands are open (a rival's secret bid still shows as one of
his hand cards until the bids are revealed); the bot reasons about the real hands.

Rules of thumb:

1. **Buying**: plan a trump colour, the colour in which the hand holds the most value (the joker
   counts for every colour). A card is worth what it adds to that plan: high cards of the plan colour
   most (they take tricks and a 5 of it makes the trump when bid), the joker a lot, a 0 or 1 a
   little (safe cards to lose with), other cards less. Buy the card whose worth most exceeds its
   price; a price paid to a rival counts extra (he gains what you lose), and a purchase that needs a
   loan counts the loan's interest and a penalty, so big loans are avoided.
2. **Burying**: for 1 chip, put under its deck the face-up card that the next buyer wants most, if
   it is worth much to him and little to you (bury cards rivals need); never into a loan.
3. **Bidding**: for every hand card as the bid, guess the trump (rivals' likely bids: the value
   their hand can take in their best colour), estimate the chance of each other card to take a
   trick (higher cards of its colour and trumps in other hands, rivals who can trump), and bid the
   card with the best expected payout: bid what the hand can take given the likely trump.
4. **Tricks**: worth of the tricks so far is the payout the bid can still reach. For each card (and
   each colour of the joker) the bot sees whether it surely wins (no later player can beat it with a
   card he may play), surely loses, or may win, and plays for the best expected worth, less a part
   of the rivals' worth. Between equals it keeps high cards while it needs tricks and sheds them
   when it has enough.
5. **Naming the next leader**: itself while it needs tricks, otherwise the rival who needs the most.
"""

from game.bots.bot import BaseBot
from game.games.tricks.rules import COLOURS, JOKER, TRICKS, VALUE, payout, trick_winner, trump_of

RIVAL_WEIGHT = 0.3
RIVAL_PRICE = 0.4  # a price paid to a rival costs this much more (at 3 rivals)
LOAN_INTEREST = 5  # per 10 borrowed
LOAN_PENALTY = 2
BURY_GAIN = 4.0  # bury only when the next buyer gains this much more than you from the card
BID_OPTIMISM = 1.5  # scales the own trick chances when bidding
JOKER_USE = 7.0  # what a card adds to the hand, in chips: the joker,
PLAN_USE = (1.0, 1.0, 1.5, 3.0, 6.0, 9.0)  # cards 0-5 of the plan colour,
OFF_USE = (2.0, 1.5, 0.5, 0.5, 1.0, 2.5)  # cards 0-5 of the other colours


PLAN_TIE_ORDER = tuple(reversed(COLOURS))  # between plan colours of equal value: blue, red, yellow


def plan_colour(hand):
    """The colour in which HAND holds the most value (ties: the trump order, blue first)."""
    totals = {c: 0 for c in COLOURS}
    for card in hand:
        if card == JOKER:
            continue
        totals[card[0]] += VALUE[card] + 1
    return max(PLAN_TIE_ORDER, key=lambda c: totals[c])


def card_use(card, plan):
    """What a card adds to a hand that plays for the colour PLAN, in chips."""
    if card == JOKER:
        return JOKER_USE
    if card[0] == plan:
        return PLAN_USE[VALUE[card]]
    return OFF_USE[VALUE[card]]


def usefulness(card, hand):
    """What a card adds to a hand that plays for its plan colour, in chips."""
    return card_use(card, plan_colour(hand) if hand else card[0])


def price_factor(own, players):
    """What a price costs per chip: a price paid to a rival counts extra (he gains what you lose)."""
    return 1.0 + (0.0 if own else RIVAL_PRICE) * 3 / players


def loan_cost(loan):
    """What a purchase that needs LOAN borrowed chips costs on top of its price: interest and a
    penalty, so big loans are avoided."""
    return loan / 10 * LOAN_INTEREST + LOAN_PENALTY


def next_leader(me, needs):
    """The seat that ME, the winner of a trick, names to lead (needs: per seat, its bid less the
    tricks it has won): himself while he needs tricks, else the rival who needs the most (ties:
    the first after him)."""
    if needs[me] > 0:
        return me
    n = len(needs)
    return max(((me + i) % n for i in range(1, n)), key=needs.__getitem__)


def trick_chances(hands, trump):
    """Per seat, each card's chance to take a trick, knowing all hands and the trump (or None)."""
    n = len(hands)

    def as_card(card):
        if card == JOKER:
            return (trump or "B", 4)
        return (card[0], VALUE[card])

    played = [[as_card(c) for c in h] for h in hands]
    chances = []
    for s in range(n):
        others = [played[t] for t in range(n) if t != s]
        ps = []
        for colour, v in played[s]:
            if colour == trump:
                h = sum((x > v) + 0.5 * (x == v) for o in others for k, x in o if k == trump)
                p = max(0.05, 1.0 - 0.4 * h)
            else:
                h = sum(1 for o in others for k, x in o if k == colour and x > v)
                p = max(0.0, 0.8 - 0.3 * h) * v / 5
                if trump:
                    for o in others:
                        if not any(k == colour for k, _ in o) and any(k == trump for k, _ in o):
                            p *= 0.5
            ps.append(p)
        chances.append(ps)
    total = sum(sum(ps) for ps in chances)
    if total > 0:
        scale = min(TRICKS, min(len(h) for h in hands)) / total
        chances = [[min(1.0, p * scale) for p in ps] for ps in chances]
    return chances


def distribution(ps):
    dist = [1.0]
    for p in ps:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def likely_bid(hand):
    """A rival's likely bid card: about the tricks his hand takes in his best colour."""
    plan = plan_colour(hand)
    strong = sum(1 for c in hand if c == JOKER or (c[0] == plan and VALUE[c] >= 4))
    want = min(5, strong + 1)
    same = [c for c in hand if c != JOKER and c[0] == plan and VALUE[c] == want]
    if same:
        return same[0]
    return min(hand, key=lambda c: (abs(VALUE[c] - want), c != JOKER, c))


def worth(bid, won, left):
    """The payout a bid can still reach with WON tricks taken and LEFT to play."""
    need = bid - won
    if need < 0:
        return payout(bid, won)
    if need > left:
        return payout(bid, won + left)
    return payout(bid, bid) * 0.85 ** need


def bid_scores(hands, me):
    """{card: the payout seat ME can expect with it as his bid} for every card of his hand, knowing
    every hand (a rival's secret bid still among his cards): the rivals bid ``likely_bid``, the
    trump follows from the bids, and the rest of ME's hand takes tricks by ``trick_chances``."""
    others = {s: likely_bid(h) for s, h in enumerate(hands) if s != me and h}
    rest = [list(h) for h in hands]
    for s, b in others.items():
        rest[s].remove(b)
    scores = {}
    for card in dict.fromkeys(hands[me]):
        bids = [others.get(s, card) for s in range(len(hands))]
        bids[me] = card
        trump = trump_of(bids)[0]
        mine = list(hands[me])
        mine.remove(card)
        rest[me] = mine
        dist = distribution([min(1.0, p * BID_OPTIMISM) for p in trick_chances(rest, trump)[me]])
        v = VALUE[card]
        scores[card] = sum(q * payout(v, k) for k, q in enumerate(dist))
    return scores


class TricksHeuristic(BaseBot):
    name = "normal-tricks"

    def choose(self, view, legal_actions, rng):
        kind = legal_actions[0][0]
        if kind == "buy":
            return self.buy(view, legal_actions)
        if kind == "bury":
            return self.bury(view, legal_actions)
        if kind == "bid":
            return self.bid(view, legal_actions)
        if kind == "lead":
            return self.lead(view, legal_actions)
        return self.play(view, legal_actions)

    # --- market -----------------------------------------------------------------------------------------
    def buy(self, view, legal):
        me = view["seat"]
        market = view["market"]
        hand = view["hand"]
        n = view["players"]

        def score(action):
            owner = action[1]
            card = view["decks"][owner]["top"]
            price = market["prices"][owner]
            cost = price * price_factor(owner == me, n)
            loan = market["loan_needed"][owner]
            if loan:
                cost += loan_cost(loan)
            return (usefulness(card, hand) - cost, -price, owner == me)
        return max(legal, key=score)

    def bury(self, view, legal):
        me, n = view["seat"], view["players"]
        market = view["market"]
        if market["bury_loan_needed"]:
            return ("bury", None)
        nxt = (me + 1) % n
        their_hand = view["hands"][nxt]
        best, best_gain = ("bury", None), BURY_GAIN
        for action in legal:
            owner = action[1]
            if owner is None:
                continue
            card = view["decks"][owner]["top"]
            theirs = usefulness(card, their_hand) - VALUE[card]
            mine = usefulness(card, view["hand"]) - VALUE[card]
            gain = theirs - max(0.0, mine) - 1.0
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    # --- bidding -----------------------------------------------------------------------------------------
    def bid(self, view, legal):
        scores = bid_scores(view["hands"], view["seat"])
        best, best_score = legal[0], None
        for action in legal:
            score = scores[action[1]]
            if best_score is None or score > best_score + 1e-9:
                best, best_score = action, score
        return best

    # --- tricks ------------------------------------------------------------------------------------------
    def lead(self, view, legal):
        needs = [VALUE[b] - w for b, w in zip(view["bids"], view["tricks_won"])]
        return ("lead", next_leader(view["seat"], needs))

    def play(self, view, legal):
        me, n = view["seat"], view["players"]
        trump = view["trump"]
        bids = [VALUE[b] for b in view["bids"]]
        won = list(view["tricks_won"])
        left = TRICKS - view["tricks_played"] - 1
        trick = [(s, c, k) for s, c, k in view["trick"]]
        hands = view["hands"]
        later = [(me + i) % n for i in range(1, n - len(trick))]
        need_more = bids[me] > won[me]

        def options(seat, led):
            hand = hands[seat]
            follow = [(c, c[0]) for c in hand if c != JOKER and c[0] == led]
            jokers = [(JOKER, k) for k in COLOURS] if JOKER in hand else []
            if follow:
                return follow + jokers
            return [(c, c[0]) for c in hand if c != JOKER] + jokers

        def total(winner):
            score = 0.0
            for s in range(n):
                w = won[s] + (winner == s)
                v = worth(bids[s], w, left)
                score += v if s == me else -RIVAL_WEIGHT * v
            return score

        best, best_score = legal[0], None
        for action in legal:
            card = action[1]
            colour = action[2] if card == JOKER else card[0]
            played = trick + [(me, card, colour)]
            w = trick_winner(played, trump)
            if w != me:
                score = total(w)
            else:
                led = played[0][2]
                beater = None
                for s in later:
                    for c, k in options(s, led):
                        if trick_winner(played + [(s, c, k)], trump) == s:
                            beater = s
                            break
                    if beater is not None:
                        break
                score = total(me) if beater is None else 0.5 * total(me) + 0.5 * total(beater)
            rank = VALUE[card] + (10 if colour == trump else 0)
            score -= 0.05 * rank * (1 if need_more else -1)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = action, score
        return best
