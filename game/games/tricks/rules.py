"""Tricks (Alan R. Moon, White Wind): rules as on shared/rules/tricks.md.

Phases per round: "buy" (a face-up card from any deck), "bury" (after every buy but the market's
last: pay 1 to put a face-up card under its deck, or decline), "bid" (one hand card, one seat at a
time, shown to players only when all are in), "play" (a card into the trick), "lead" (the trick
winner names the next leader). Two rounds, then loans are repaid; "over" at the end.

Cards of the sets are told apart only by their owner, so two equal cards can meet in one hand: a
hand is a dict card -> count, which also keeps the legal actions free of duplicates.
"""

from collections import Counter

from game import cards, i18n
from game.engine import GameState, seats_from_to, winners_of
from game.i18n import _, N_
from game.shapes import Kind, OneOf, OrNone, SeatNumber, declared

COLOURS = "YRB"  # also the tie order of the trump: blue beats red beats yellow
JOKER = "X4"
SET = cards.deck({c: range(6) for c in COLOURS}) + [JOKER]
VALUE = {c: cards.value(c) for c in SET}  # the grey 4 counts 4 everywhere (price, bid, trick)
COLOUR_RANK = {c: i for i, c in enumerate(COLOURS)}
HAND = 8
TRICKS = 7
ROUNDS = 2
START_CHIPS = 30
BURY_FEE = 1
LOAN_STEP = 10
LOAN_COST = 15  # repaid per LOAN_STEP borrowed
PAYOUT_FACTORS = (10, 8, 6, 4, 2)  # by distance 0..4 between tricks and bid; 5 or more pays 0
EXACT_BONUS = 25

PLAY = {c: ("play", c) for c in SET if c != JOKER}
_PLAY_OF = PLAY.__getitem__
JOKER_PLAYS = [("play", JOKER, k) for k in COLOURS]
PLAYS = {c: [a] for c, a in PLAY.items()}
PLAYS[JOKER] = JOKER_PLAYS
BIDS = {c: ("bid", c) for c in SET}
# What each kind of action holds (game.shapes), checked before any rule here sees an action. Only the
# grey 4 names a colour; that is a rule, told by _why.
_CARD = OneOf(frozenset(SET), N_("{value} is not a card of this game"))
_SEAT = SeatNumber()
ACTION_SHAPES = declared({
    "buy": Kind(_SEAT), "bury": Kind(OrNone(_SEAT)), "bid": Kind(_CARD), "lead": Kind(_SEAT),
    "play": Kind(_CARD, OneOf(frozenset(COLOURS), "", N_("the joker must name yellow, red or blue"))),
})
# phase -> what its player must do, told to whoever offers another kind of action ({player}: a name)
TASKS = {"buy": N_("{player} must buy a face-up card now"),
         "bury": N_("{player} must bury a face-up card or decline now"),
         "bid": N_("{player} must bid a card now"), "play": N_("{player} must play a card now"),
         "lead": N_("{player} must name the next leader now")}


def payout(bid, tricks):
    """Chips the bank pays for a bid value and the tricks taken."""
    d = abs(tricks - bid)
    if d >= len(PAYOUT_FACTORS):
        return 0
    return PAYOUT_FACTORS[d] * bid + (EXACT_BONUS if d == 0 else 0)


def loan_for(amount, chips):
    """The loan a payment needs: the fewest steps of 10 that cover the shortfall (0 if none)."""
    short = amount - chips
    return -(-short // LOAN_STEP) * LOAN_STEP if short > 0 else 0


def start_player(tops, round_no):
    """(seat, reason) from the face-up cards (None for an empty deck); the reason an i18n.Phrase."""
    tops = tuple(tops)
    seat, words = _start_player(tops, round_no)
    return seat, i18n.Phrase(lambda: _start_player(tops, round_no)[1], words)


def _start_player(tops, round_no):
    offered = False  # a card of a colour looked at before: tied, not missing
    for i, colour in enumerate(COLOURS):
        shown = [(VALUE[t], s) for s, t in enumerate(tops) if t is not None and t[0] == colour]
        if shown:
            low = min(shown)[0]
            holders = [s for v, s in shown if v == low]
            if len(holders) == 1:
                card = cards.name(tops[holders[0]])
                return holders[0], _start_words(i, card, [_(cards.COLOUR_NAMES[c]) for c in COLOURS[:i + 1]],
                                                offered)
            offered = True
    seat = 0 if round_no == 1 else 1
    if seat == 0:  # as the rules page and the seat setup count seats
        return seat, _("no colour has a single lowest card, so the first seat starts round {round}").format(
            round=round_no)
    return seat, _("no colour has a single lowest card, so the second seat starts round {round}").format(
        round=round_no)


def _start_words(i, card, names, tied):
    """Why the deck showing CARD buys first, as a card player says it: the lowest card of the i-th colour
    of the rules' order (NAMES: the colours' names up to it), and why that colour counts: the first,
    or the colours before it TIED on their lowest card, or not on offer at all."""
    if i == 0:
        # TRANSLATORS: after "Anna buys first: "; {card} a card in words ("yellow 4"), {colour} "yellow"
        return _("the {card} is the lowest {colour} card, and {colour} counts first").format(
            card=card, colour=names[0])
    if i == 1 and not tied:
        # TRANSLATORS: after "Anna buys first: "; {card} "red 2", {colour} "red", {first} "yellow"
        return _("the {card} is the lowest {colour} card, and no {first} card is on offer").format(
            card=card, colour=names[1], first=names[0])
    if i == 1:
        # TRANSLATORS: after "Anna buys first: "; {card} "red 2", {colour} "red", {first} "yellow": two or more
        # decks show the lowest yellow card, so red counts
        return _("the {card} is the lowest {colour} card, as no {first} card alone is lowest").format(
            card=card, colour=names[1], first=names[0])
    if not tied:
        # TRANSLATORS: after "Anna buys first: "; {card} "blue 1", {colour} "blue", {first} "yellow", {second} "red"
        return _("the {card} is the lowest {colour} card, and no {first} or {second} card is on offer").format(
            card=card, colour=names[2], first=names[0], second=names[1])
    # TRANSLATORS: after "Anna buys first: "; {card} "blue 1", {colour} "blue", {first} "yellow", {second} "red"
    return _("the {card} is the lowest {colour} card, as no {first} or {second} card alone is lowest").format(
        card=card, colour=names[2], first=names[0], second=names[1])


def trump_of(bids):
    """(colour, deciding card, reason) of the bid cards; colour and card None without trump; the
    reason an i18n.Phrase."""
    bids = tuple(bids)
    colour, best, words = _trump_of(bids)
    return colour, best, i18n.Phrase(lambda: _trump_of(bids)[2], words)


def _trump_of(bids):
    if JOKER in bids and not any(VALUE[b] == 5 for b in bids):
        return None, None, _("no trump: a grey 4 was bid and no 5")
    if all(b == JOKER or VALUE[b] == 0 for b in bids):
        return None, None, _("no trump: every bid is a 0 or a grey 4")
    if all(VALUE[b] == 5 for b in bids):
        return None, None, _("no trump: every bid is a 5")
    best = max((b for b in bids if b != JOKER), key=lambda b: (VALUE[b], COLOUR_RANK[b[0]]))
    if any(VALUE[b] == VALUE[best] and b[0] != best[0] for b in bids if b != JOKER):
        # TRANSLATORS: {card} is a card in words, e.g. "red 7"
        return best[0], best, _("highest bid: {card} (blue beats red beats yellow)").format(card=cards.name(best))
    # TRANSLATORS: {card} is a card in words, e.g. "red 7"
    return best[0], best, _("highest bid: {card}").format(card=cards.name(best))


_TRUMP_OF = {}  # the bids as a sorted tuple -> trump_of(bids), for the searches' copies; emptied when large


def first_leader(bids, best, chips, start):
    """(seat, reason): the seat whose bid made trump (best), or the highest bid value without trump;
    ties go to the fewest chips, then to the first seat counting from the start player. The reason an
    i18n.Phrase."""
    bids, chips = tuple(bids), tuple(chips)
    seat, words = _first_leader(bids, best, chips, start)
    return seat, i18n.Phrase(lambda: _first_leader(bids, best, chips, start)[1], words)


def _first_leader(bids, best, chips, start):
    n = len(bids)
    if best is not None:
        candidates = [s for s, b in enumerate(bids) if b == best]
        # TRANSLATORS: {card} is a card's code ("B7"; the screens put it in words)
        reason = _("{card} made trump").format(card=best)
    else:
        top = max(VALUE[b] for b in bids)
        candidates = [s for s, b in enumerate(bids) if VALUE[b] == top]
        reason = _("no trump: the highest bid ({value}) leads").format(value=top)
    seat = min(candidates, key=lambda s: (chips[s], (s - start) % n))
    if len(candidates) > 1:
        fewest = [s for s in candidates if chips[s] == chips[seat]]
        if len(fewest) == 1:
            # TRANSLATORS: {reason} is one of the two reasons just above, e.g. "B7 made trump"; several
            # players bid that card (or value): of them, the one with the fewest chips leads
            reason = _("{reason}; of the players who tie, the one with the fewest chips ({chips})").format(
                reason=reason, chips=chips[seat])
        else:
            # TRANSLATORS: {reason} is one of the two reasons just above, e.g. "B7 made trump"; several
            # players tie on the bid and on chips: the first of them counting from the round's start player
            reason = _("{reason}; of the players who tie, all with equal chips, the first counting from the "
                       "start player").format(reason=reason)
    return seat, reason


def trick_winner(trick, trump):
    """The winning seat of a full trick [(seat, card, colour), ...]; colour is the joker's named one."""
    led = trick[0][2]
    winner, best = None, -1
    for seat, card, colour in trick:
        if colour == trump:
            rank = 10 + VALUE[card]
        elif colour == led:
            rank = VALUE[card]
        else:
            continue
        if rank > best:  # strict: of equal cards the first played wins
            winner, best = seat, rank
    return winner


def _copy(data):
    """A deep copy of plain JSON data, so a view never shares a list with the state."""
    if isinstance(data, list):
        return [_copy(x) for x in data]
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    return data


def _plays_for(hand, led):
    """The legal card plays from HAND (card -> count) into a trick of the led colour (None: on the
    lead): the led colour's cards and the joker, or any card if none of that colour is held."""
    if led is not None:
        follow = [PLAY[c] for c in hand if c[0] == led]
        if follow:
            if JOKER in hand:  # the joker may always be played
                follow += JOKER_PLAYS
            return follow
    if JOKER in hand:
        return [a for c in hand for a in PLAYS[c]]
    return list(map(_PLAY_OF, hand))


def _random_play(hand, led, random):
    """(card, colour) of _plays_for(hand, led)[int(random() * n)] (n plays), without the list."""
    if led is not None:
        follow = [c for c in hand if c[0] == led]
        if follow:
            m = len(follow)
            if JOKER in hand:
                i = int(random() * (m + 3))
                return (follow[i], led) if i < m else (JOKER, COLOURS[i - m])
            return follow[int(random() * m)], led
    held = list(hand)
    m = len(held)
    if JOKER in hand:
        i = int(random() * (m + 2))
        j = held.index(JOKER)
        if i < j:
            card = held[i]
        elif i < j + 3:
            return JOKER, COLOURS[i - j]
        else:
            card = held[i - 2]
    else:
        card = held[int(random() * m)]
    return card, card[0]


def _expand(hand):
    return [c for c, k in hand.items() for _ in range(k)]


def _take_from(hand, card):
    """One CARD out of a hand (card -> count)."""
    k = hand[card]
    if k == 1:
        del hand[card]
    else:
        hand[card] = k - 1


class TricksState(GameState):
    game_id = "tricks"
    action_shapes = ACTION_SHAPES
    player_counts = (3, 4, 5)
    default_options = {"winner_leads": False}
    # The decks list while every deck in it holds two cards or more (any may be buried): known
    # without counting them again. Only a buy shortens a deck, and a buy that leaves one card
    # or none sets it back to None; a new decks list is not it, so it is counted once.
    _fat = None

    def __init__(self, players=4, seed=0, seats=None, options=None, chance=None):
        super().__init__(players, seed, seats, options, chance)
        n = players
        self.winner_leads = self.options["winner_leads"]
        # Chips in hand are the running totals of the spec's score lines: one list, never out of step.
        self.chips = self.totals = [START_CHIPS] * n
        self.loans = [0] * n
        self.bank_paid = 0  # own-deck purchases and bury fees
        self.paid_out = 0  # all payouts by the bank
        self.repaid = None
        self.decks = [list(SET) for _ in range(n)]  # top (face-up) first
        self.hands = [{} for _ in range(n)]
        self.bids = [None] * n
        self.won = [[] for _ in range(n)]  # per seat, the cards of each trick taken this round
        self.out = []  # cards out of the game (round 1's)
        self.payouts = []
        self._set_tables(n)
        self._start_round()

    def _set_tables(self, n):
        """The seat actions, built once per game (and shared by its copies: never changed)."""
        self._buy_actions = [("buy", s) for s in range(n)]
        self._bury_actions = [("bury", s) for s in range(n)]
        self._bury_any = [("bury", None)] + self._bury_actions  # when every deck holds two or more
        self._lead_actions = [("lead", s) for s in range(n)]

    def _check_options(self, options):
        merged = super()._check_options(options)
        if not isinstance(merged["winner_leads"], bool):
            raise ValueError(f"the option winner_leads is true or false, not {merged['winner_leads']!r}")
        return merged

    # --- round flow ------------------------------------------------------------------------------
    def _start_round(self):
        n = self.players
        self.round += 1
        for s in range(n):  # the round's cards leave the game, the bid cards too (hands are empty)
            if self.bids[s] is not None:
                self.out.append(self.bids[s])
            for trick in self.won[s]:
                self.out += trick
        # Shuffled from sorted order: the outcome depends only on what remains, not on how it lay.
        remaining = [sorted(d) for d in self.decks]
        decks = self._chance("decks", lambda rng: self._shuffle(remaining, rng),
                             lambda d: self._check_decks(d, remaining))
        self.decks = [list(d) for d in decks]
        if self._record:
            self._emit({"t": "decks", "round": self.round, "decks": [list(d) for d in decks]})
        tops = [d[0] if d else None for d in self.decks]
        with i18n.speaking(i18n.table_language()):  # kept for every viewer: in the table's language
            self.start_player, self.start_reason = start_player(tops, self.round)
        if self._record:
            self._emit({"t": "start", "round": self.round, "p": self.start_player})
        self.buys = 0
        self.bids = [None] * n
        self.won = [[] for _ in range(n)]
        self.trick = []  # (seat, card, colour) in play order; colour is the joker's named one
        self.led = None
        self.tricks_played = 0
        self.last_trick = None
        self.trump = self.trump_reason = None
        self.first_leader = self.leader_reason = None
        self.leader = None
        self.phase = "buy"
        self.current_player = self.start_player

    @staticmethod
    def _shuffle(remaining, rng):
        decks = [list(d) for d in remaining]
        for d in decks:
            cards.shuffle(rng, d)
        return decks

    def _check_decks(self, decks, remaining):
        if not isinstance(decks, list) or len(decks) != self.players:
            return f"{self.players} decks are needed"
        for s, (deck, want) in enumerate(zip(decks, remaining)):
            if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
                return f"deck {s} is not a list of cards"
            if sorted(deck) != want:
                what = "a whole set" if self.round == 1 else "what remained of it"
                return f"deck {s} is not {what}"
        return None

    @classmethod
    def chance_outcome(cls, line):
        """The chance outcome a record line feeds back in: ("decks", decks) or None."""
        if line.get("t") != "decks":
            return None
        decks = line.get("decks")
        if isinstance(decks, list):
            decks = [list(d) if isinstance(d, list) else d for d in decks]
        return ("decks", decks)

    def _end_round(self):
        values = [VALUE[b] for b in self.bids]
        counts = [len(w) for w in self.won]
        paid = [payout(v, t) for v, t in zip(values, counts)]
        for s, p in enumerate(paid):
            self.chips[s] += p
        self.paid_out += sum(paid)
        self.payouts.append({"round": self.round, "bids": values, "tricks": counts, "chips": paid})
        if self._record:
            self._emit({"t": "payout", "round": self.round, "bids": list(values), "tricks": list(counts),
                        "chips": list(paid)})
            self._emit({"t": "score", "round": self.round, "points": list(paid), "totals": list(self.chips)})
        if self.round < ROUNDS:
            self._next_round()
            return
        self.repaid = [loan // LOAN_STEP * LOAN_COST for loan in self.loans]
        if self._record:
            self._emit({"t": "repay", "loans": list(self.loans), "repaid": list(self.repaid)})
        self.totals = [c - r for c, r in zip(self.chips, self.repaid)]
        self._finish(winners_of(self.totals))

    # --- legal actions -----------------------------------------------------------------------------
    def legal_actions(self):
        # GameState.legal_actions with the frequent phases written out: the search's inner loop.
        legal = self._legal_cache
        if legal is not None:
            return legal
        phase = self.phase
        if phase == "play":
            legal = _plays_for(self.hands[self.current_player], self.led)
        elif phase == "buy":  # the shared tables while no deck is empty (too short to bury)
            decks = self.decks
            legal = self._buy_actions if self._fat is decks or all(decks) else self._legal()
        elif phase == "bury":
            decks = self.decks
            if self._fat is decks:
                legal = self._bury_any
            elif min(map(len, decks)) > 1:
                self._fat = decks
                legal = self._bury_any
            else:
                legal = self._legal()
        elif phase == "lead":
            legal = self._lead_actions
        else:
            legal = [] if self.current_player is None else self._legal()
        self._legal_cache = legal
        return legal

    legal_actions.__doc__ = GameState.legal_actions.__doc__

    def _legal(self):
        """The legal actions where legal_actions does not work them out itself."""
        phase = self.phase
        if phase == "buy":
            return [a for a, d in zip(self._buy_actions, self.decks) if d]
        if phase == "bury":
            return [("bury", None)] + [a for a, d in zip(self._bury_actions, self.decks) if len(d) > 1]
        if phase == "bid":
            return [BIDS[c] for c in self.hands[self.current_player]]
        return []

    def secret_seats(self):
        if self.phase != "bid":
            return ()
        return seats_from_to(self.current_player, self.start_player, self.players)

    def _why(self, action):
        if (not isinstance(action, tuple) or len(action) not in (2, 3) or not isinstance(action[0], str)
                or action[0] not in TASKS
                or (len(action) == 3 and action[0] != "play")):
            return _("{action} is not an action of this game").format(action=repr(action))
        kind, arg = action[0], action[1]
        if kind != self.phase:
            return _(TASKS[self.phase]).format(player=self.seats[self.current_player].name)
        if kind in ("buy", "bury", "lead"):
            if type(arg) is not int:
                return _("a seat is a whole number, not {value}").format(value=repr(arg))
            if not 0 <= arg < self.players:
                return _("there is no seat {seat}").format(seat=arg)
            if kind == "lead":
                return None
            if not self.decks[arg]:
                return _("that deck is empty")
            if kind == "bury" and len(self.decks[arg]) == 1:
                return _("a deck of one card cannot be buried")
            return None
        if not isinstance(arg, str) or arg not in VALUE:
            return _("{value} is not a card of this game").format(value=repr(arg))
        if kind == "play":
            if arg == JOKER and (len(action) < 3 or action[2] not in COLOURS):
                return _("the joker must name yellow, red or blue")
            if arg != JOKER and len(action) == 3:
                return _("only the grey 4 names a colour")
        if arg not in self.hands[self.current_player]:
            # TRANSLATORS: {card} is a card's code, e.g. R10
            return _("you don't hold {card}").format(card=arg)
        if kind == "play" and arg != JOKER and self.led is not None and arg[0] != self.led:
            # TRANSLATORS: {colour} is a colour's name: "red", "green"...
            return _("you must follow {colour}").format(colour=_(cards.COLOUR_NAMES[self.led]))
        return None

    # --- applying -------------------------------------------------------------------------------------
    def push(self, action):
        # GameState.push with the frequent actions written out: the search's inner loop (game.engine).
        self._legal_cache = None
        kind = action[0]
        if kind == "play":
            card = action[1]
            colour = action[2] if card == JOKER else card[0]
            seat = self.current_player
            hand = self.hands[seat]
            k = hand[card]
            if k == 1:
                del hand[card]
            else:
                hand[card] = k - 1
            trick = self.trick
            trick.append((seat, card, colour))
            if len(trick) == 1:
                self.led = colour  # a led joker makes its named colour the led colour
            n = self.players
            if len(trick) < n:
                seat += 1
                self.current_player = 0 if seat == n else seat
            else:
                self._close_trick(trick)
        elif kind == "buy":
            seat, owner = self.current_player, action[1]
            deck = self.decks[owner]
            price = VALUE[deck[0]]
            chips = self.chips
            if chips[seat] < price or self.buys + 1 == HAND * self.players:  # a loan, or the last buy
                self._buy(seat, owner)
                return
            # _buy written out: paid from the seat's chips, a bury choice follows
            hand = self.hands[seat]
            card = deck.pop(0)
            if len(deck) < 2:
                self._fat = None
            hand[card] = hand.get(card, 0) + 1
            chips[seat] -= price
            if owner == seat:
                self.bank_paid += price
            else:
                chips[owner] += price
            self.buys += 1
            self.phase = "bury"
        elif kind == "bury":
            seat, owner = self.current_player, action[1]
            if owner is not None:
                chips = self.chips
                if chips[seat] >= BURY_FEE:  # _pay written out: no loan
                    chips[seat] -= BURY_FEE
                    self.bank_paid += BURY_FEE
                else:
                    self._pay(seat, BURY_FEE, None)
                deck = self.decks[owner]
                deck.append(deck.pop(0))
            self.phase = "buy"
            seat += 1
            self.current_player = 0 if seat == self.players else seat
        elif kind == "lead":
            self.leader = self.current_player = action[1]
            self.phase = "play"
        else:
            self._bid(action[1])

    _apply = push

    def _buy(self, seat, owner):
        """SEAT buys the face-up card of OWNER's deck (push(("buy", owner)) and play_random): pays
        the owner (the bank for the own deck), borrowing first if short; a bury choice follows,
        or the bidding after the market's last buy."""
        deck = self.decks[owner]
        card = deck.pop(0)
        if len(deck) < 2:
            self._fat = None
        price = VALUE[card]
        chips = self.chips
        if chips[seat] >= price:
            chips[seat] -= price
            if owner == seat:
                self.bank_paid += price
            else:
                chips[owner] += price
        else:
            self._pay(seat, price, None if owner == seat else owner)
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1
        self.buys = buys = self.buys + 1
        if buys < HAND * self.players:
            self.phase = "bury"
        else:  # every hand holds 8: no bury after the market's last buy
            self.phase = "bid"
            self.current_player = self.start_player

    def push_tricks(self, rng, prefer, explore=0.125, name_leader=None):
        """Play the round's tricks on to their end (card plays and leader choices), unchecked like
        push: a rollout's tricks in one call. Every leader choice is ``name_leader(state)`` (the
        seat named), or without it ``int(rng.random() * n)`` of the n seats. A card play with one
        legal play makes that one; else ``rng.random() < explore`` draws a uniformly random legal
        play (the one at ``int(rng.random() * k)`` of the k in ``legal_actions()``), otherwise it
        is the first legal play that scores highest in
        ``prefer[need, trump, led, best]`` ({play action: score}), where need says whether the
        seat still needs tricks for its bid and best is the rank of the trick so far (10 + value
        for a trump, the value in the led colour; -1 for an empty trick). Returns how many
        actions were pushed."""
        self._legal_cache = None
        random = rng.random
        n = self.players
        hands, bids, won, trump = self.hands, self.bids, self.won, self.trump
        count = 0
        while True:
            phase = self.phase
            if phase == "lead":
                self.leader = self.current_player = \
                    int(random() * n) if name_leader is None else name_leader(self)
                self.phase = "play"
                count += 1
                continue
            if phase != "play":
                return count
            # The rest of one trick, kept in locals: the rank of the trick so far and its winner.
            seat, trick, led = self.current_player, self.trick, self.led
            best, top = -1, None
            for s, card, colour in trick:
                rank = 10 + VALUE[card] if colour == trump else VALUE[card] if colour == led else -1
                if rank > best:
                    best, top = rank, s
            while True:
                hand = hands[seat]
                # legal_actions() as _plays_for lists them
                if led is None:
                    legal = [a for c in hand for a in PLAYS[c]]
                else:
                    legal = [PLAY[c] for c in hand if c[0] == led]
                    if not legal:
                        legal = [a for c in hand for a in PLAYS[c]]
                    elif JOKER in hand:
                        legal += JOKER_PLAYS
                k = len(legal)
                if k < 2:
                    action = legal[0]
                elif random() < explore:
                    action = legal[int(random() * k)]
                else:
                    scores = prefer[VALUE[bids[seat]] > len(won[seat]), trump, led, best]
                    action = max(legal, key=scores.__getitem__)
                card = action[1]
                colour = action[2] if card == JOKER else card[0]
                k = hand[card]
                if k == 1:
                    del hand[card]
                else:
                    hand[card] = k - 1
                trick.append((seat, card, colour))
                count += 1
                if led is None:
                    self.led = led = colour
                rank = 10 + VALUE[card] if colour == trump else VALUE[card] if colour == led else -1
                if rank > best:
                    best, top = rank, seat
                if len(trick) == n:
                    break
                seat += 1
                if seat == n:
                    seat = 0
            self._close_trick(trick, top)

    def play_random(self, rng):
        # GameState.play_random with every phase written out, drawing as push_random does
        # (legal[int(random() * len(legal))] of the list legal_actions() would give) without
        # building the list where it can: the random playouts' inner loop.
        random = rng.random
        n = self.players
        self._legal_cache = None
        decks = short = None  # the decks and the length of the shortest, kept up to date
        count = 0
        while True:
            seat = self.current_player
            if seat is None:
                break
            phase = self.phase
            count += 1
            if phase == "play":
                hand = self.hands[seat]
                led = self.led
                card, colour = _random_play(hand, led, random)
                k = hand[card]
                if k == 1:
                    del hand[card]
                else:
                    hand[card] = k - 1
                trick = self.trick
                trick.append((seat, card, colour))
                if led is None:
                    self.led = colour
                if len(trick) < n:
                    seat += 1
                    self.current_player = 0 if seat == n else seat
                else:
                    self._close_trick(trick)
            elif phase == "buy":
                if decks is not self.decks:  # a new round's decks
                    decks = self.decks
                    short = min(map(len, decks))
                if short:
                    owner = int(random() * n)
                else:
                    owners = [s for s in range(n) if decks[s]]
                    owner = owners[int(random() * len(owners))]
                self._buy(seat, owner)
                if len(decks[owner]) < short:  # only a buy shortens a deck
                    short -= 1
            elif phase == "bury":
                if decks is not self.decks:
                    decks = self.decks
                    short = min(map(len, decks))
                if short > 1:
                    k = int(random() * (n + 1))
                    owner = k - 1 if k else None
                else:
                    owners = [None] + [s for s in range(n) if len(decks[s]) > 1]
                    owner = owners[int(random() * len(owners))]
                if owner is not None:
                    self._pay(seat, BURY_FEE, None)
                    deck = decks[owner]
                    deck.append(deck.pop(0))
                self.phase = "buy"
                seat += 1
                self.current_player = 0 if seat == n else seat
            elif phase == "lead":
                self.leader = self.current_player = int(random() * n)
                self.phase = "play"
            else:  # bid
                hand = self.hands[seat]
                self._bid(list(hand)[int(random() * len(hand))])
        return count

    def _pay(self, seat, amount, payee):
        """seat pays amount to payee (None: the bank), borrowing first if short."""
        chips = self.chips
        loan = loan_for(amount, chips[seat])
        if loan:
            chips[seat] += loan
            self.loans[seat] += loan
            if self._record:
                self._emit({"t": "loan", "p": seat, "amount": loan})
        chips[seat] -= amount
        if payee is None:
            self.bank_paid += amount
        else:
            chips[payee] += amount

    def _take(self, seat, card):
        _take_from(self.hands[seat], card)

    def _bid(self, card):
        seat = self.current_player
        self._take(seat, card)
        self.bids[seat] = card
        nxt = (seat + 1) % self.players
        if nxt != self.start_player:
            self.current_player = nxt
            return
        # The reasons are kept for every viewer as phrases (said again in whichever language shows
        # them), first worded in the table's language even when a phone's bid reveals them.
        table = i18n.table_language()
        bids = tuple(sorted(self.bids))  # trump_of does not depend on the seats' order
        known = _TRUMP_OF.get(bids)
        if known is None:
            if len(_TRUMP_OF) >= 50_000:
                _TRUMP_OF.clear()
            with i18n.speaking(table):
                known = _TRUMP_OF[bids] = trump_of(bids)
        self.trump, best, self.trump_reason = known
        bids = self.bids
        if self.lean and best is not None and bids.count(best) == 1:  # no reason to word
            self.first_leader, self.leader_reason = bids.index(best), None
        else:
            with i18n.speaking(table):
                self.first_leader, self.leader_reason = first_leader(bids, best, self.chips, self.start_player)
        if self._record:
            self._emit({"t": "trump", "round": self.round, "colour": self.trump, "leader": self.first_leader})
        self.leader = self.current_player = self.first_leader
        self.phase = "play"

    def _close_trick(self, trick, winner=None):
        """The trick is full: WINNER (worked out here if None) takes it."""
        if winner is None:
            winner = trick_winner(trick, self.trump)
        self.won[winner].append([c for _, c, _ in trick])
        self.tricks_played += 1
        if self._record:
            self._emit({"t": "trick", "cards": [[s, c] for s, c, _ in trick], "winner": winner})
        if not self.lean:
            self.last_trick = {"cards": [[s, c, k] for s, c, k in trick], "winner": winner}
        self.trick = []
        self.led = None
        if self.tricks_played == TRICKS:
            self._end_round()
            return
        self.current_player = winner
        if self.winner_leads:
            self.leader = winner
        else:
            self.phase = "lead"

    # --- what a seat sees -------------------------------------------------------------------------------
    def view(self, seat):
        n = self.players
        phase = self.phase
        revealed = phase in ("play", "lead", "over")
        buying = phase in ("buy", "bury")
        hands, bids = [], []
        for s in range(n):
            hand = _expand(self.hands[s])
            bid = self.bids[s]
            if bid is not None and not revealed and s != seat:
                hand.append(bid)  # another seat's secret bid: its hand as before bidding
                bid = None
            hands.append(cards.sorted_cards(hand))
            bids.append(bid)
        return {
            "game": self.game_id, "seat": seat, "players": n, "options": dict(self.options),
            "round": self.round, "rounds": ROUNDS, "phase": phase, "current_player": self.current_player,
            "start_player": self.start_player, "start_reason": self.start_reason,
            "decks": [{"top": d[0] if buying and d else None, "count": len(d),
                       "cards": cards.sorted_cards(d)} for d in self.decks],
            "market": self._market() if buying else None,
            "hand": cards.sorted_cards(_expand(self.hands[seat])) if seat is not None else [],
            "hands": hands,
            "has_bid": [b is not None for b in self.bids],
            "bids": bids,
            "bids_revealed": revealed,
            "trump": self.trump, "trump_reason": self.trump_reason,
            "first_leader": self.first_leader, "leader_reason": self.leader_reason,
            "leader": self.leader,
            "trick": [[s, c, k] for s, c, k in self.trick], "led": self.led,
            "trick_winner": trick_winner(self.trick, self.trump) if self.trick else None,
            "tricks_won": [len(w) for w in self.won], "tricks_played": self.tricks_played,
            "last_trick": _copy(self.last_trick),
            "chips": list(self.chips), "loans": list(self.loans),
            "payouts": [_copy(p) for p in self.payouts],
            "totals": list(self.totals), "repaid": _copy(self.repaid), "winners": _copy(self.winners),
        }

    def _market(self):
        """What the buying UI shows for the seat to act: prices, payees and the loans they need."""
        buyer = self.current_player
        chips = self.chips[buyer]
        prices = [VALUE[d[0]] if d else None for d in self.decks]
        return {
            "seat": buyer,
            "prices": prices,
            "pay_to": [None if s == buyer else s for s in range(self.players)],  # None: the bank
            "loan_needed": [None if p is None else loan_for(p, chips) for p in prices],
            "bury_fee": BURY_FEE,
            "bury_loan_needed": loan_for(BURY_FEE, chips),
            "buryable": [len(d) > 1 for d in self.decks],
        }

    def action_universe(self):
        return (self._buy_actions + [("bury", None)] + self._bury_actions + [BIDS[c] for c in SET]
                + [a for c in SET for a in PLAYS[c]] + self._lead_actions)

    def _snapshot(self):
        return {"decks": self.decks, "hands": self.hands, "bids": self.bids, "won": self.won,
                "out": self.out, "trick": self.trick, "led": self.led, "chips": self.chips,
                "loans": self.loans, "bank_paid": self.bank_paid, "paid_out": self.paid_out,
                "repaid": self.repaid, "buys": self.buys, "start": self.start_player,
                "start_reason": self.start_reason, "trump": self.trump,
                "trump_reason": self.trump_reason, "first_leader": self.first_leader,
                "leader_reason": self.leader_reason, "leader": self.leader,
                "tricks_played": self.tricks_played, "last_trick": self.last_trick,
                "payouts": self.payouts}

    # --- for search bots ------------------------------------------------------------------------------
    def clone(self, record=True, rng=None, stop_at_round_end=None):
        """A copy that changes apart from this state: mutable parts are copied one level per nesting,
        taken tricks, payout lines and the action tables are shared (never changed in place).

        record=False: the copy starts with no events and emits none (for simulations, which move
        with ``push``); rng: the copy's generator (default: a copy of ours); stop_at_round_end:
        see ``GameState.stop_at_round_end`` (None: as this state).
        """
        new = self._copy_base(record, rng, stop_at_round_end)
        new.chips = list(self.chips)
        if self.totals is self.chips:
            new.totals = new.chips
        new.loans = list(self.loans)
        if self.repaid is not None:
            new.repaid = list(self.repaid)
        new.decks = [list(d) for d in self.decks]
        new._fat = new.decks if self._fat is self.decks else None
        new.hands = [dict(h) for h in self.hands]
        new.bids = list(self.bids)
        new.won = [list(w) for w in self.won]
        new.out = list(self.out)
        new.payouts = list(self.payouts)
        new.trick = list(self.trick)
        return new

    def set_hidden(self, decks=None, bids=None):
        """Put a guess at what a view hides into this state (one from ``from_view`` with the secret
        bids still in their hands, or a clone of one): the order of every deck (top first; None
        leaves them; the lists are kept, not copied) and the secret bids ({seat: card}: the card
        leaves the seat's hand and becomes its bid; None: none)."""
        if decks is not None:
            self.decks = decks
        if bids:
            for seat, card in bids.items():
                _take_from(self.hands[seat], card)
                self.bids[seat] = card
        self._legal_cache = None

    @classmethod
    def from_view(cls, view, decks, bids, rng=None, record=False, stop_at_round_end=False):
        """A state that agrees with VIEW, completed by a guess at what the view hides: the order
        of every deck (top first; the face-up card during buying must stay on top) and every bid
        (None where not bid yet; a secret bid must be a card of the hand the view shows). Cards in
        taken tricks are not in the view; they are dealt to the takers in some order, which
        changes nothing but where they lie. ``from_view(...).view(view["seat"]) == view`` when the
        guess fits. record, stop_at_round_end: as for ``clone``."""
        n = view["players"]
        new = cls._blank(n, options=dict(view["options"]), rng=rng, record=record,
                         stop_at_round_end=stop_at_round_end)
        new.winner_leads = new.options["winner_leads"]
        new.round = view["round"]
        new.phase = view["phase"]
        new.current_player = view["current_player"]
        new.winners = None if view["winners"] is None else list(view["winners"])
        new.chips = list(view["chips"])
        new.totals = new.chips if new.winners is None else list(view["totals"])
        new.loans = list(view["loans"])
        new.repaid = None if view["repaid"] is None else list(view["repaid"])
        new.payouts = [_copy(p) for p in view["payouts"]]
        new.paid_out = sum(sum(p["chips"]) for p in new.payouts)
        new.bank_paid = START_CHIPS * n + sum(new.loans) + new.paid_out - sum(new.chips)
        new.decks = [list(d) for d in decks]
        new.bids = list(bids)
        hands = []
        for s, shown in enumerate(view["hands"]):
            hand = {}
            for c in shown:
                hand[c] = hand.get(c, 0) + 1
            if bids[s] is not None and view["bids"][s] is None:  # a secret bid hides in the hand
                _take_from(hand, bids[s])
            hands.append(hand)
        new.hands = hands
        new._set_tables(n)
        new.start_player, new.start_reason = view["start_player"], view["start_reason"]
        new.buys = sum(len(h) for h in view["hands"]) if new.phase in ("buy", "bury") else HAND * n
        new.trick = [(s, c, k) for s, c, k in view["trick"]]
        new.led = view["led"]
        new.tricks_played = view["tricks_played"]
        new.last_trick = _copy(view["last_trick"])
        new.trump, new.trump_reason = view["trump"], view["trump_reason"]
        new.first_leader, new.leader_reason = view["first_leader"], view["leader_reason"]
        new.leader = view["leader"]
        # What is in no deck, hand, bid or trick lies in taken tricks (this round) or out (earlier).
        rest = Counter(SET * n)
        rest.subtract(c for d in new.decks for c in d)
        rest.subtract(c for h in view["hands"] for c in h)
        rest.subtract(b for b in view["bids"] if b is not None)
        rest.subtract(c for _, c, _ in new.trick)
        rest = sorted(rest.elements())
        new.won = []
        for s, k in enumerate(view["tricks_won"]):
            new.won.append([])
            for _step in range(k):
                new.won[s].append(rest[:n])
                rest = rest[n:]
        new.out = rest
        new._legal_cache = None
        return new

    # --- for tests ------------------------------------------------------------------------------------
    def card_places(self):
        """Every card with where it is: deck, hand, bid, trick, won or out."""
        places = []
        for s in range(self.players):
            places += [(c, ("deck", s)) for c in self.decks[s]]
            places += [(c, ("hand", s)) for c in _expand(self.hands[s])]
            if self.bids[s] is not None:
                places.append((self.bids[s], ("bid", s)))
            places += [(c, ("won", s)) for trick in self.won[s] for c in trick]
        places += [(c, ("trick",)) for _, c, _ in self.trick]
        places += [(c, ("out",)) for c in self.out]
        return places

    def check_invariants(self):
        n = self.players
        phase = self.phase
        places = self.card_places()
        everything = Counter(c for c, _ in places)
        assert everything == Counter(SET * n), f"cards not conserved: {everything - Counter(SET * n)}"
        for s, deck in enumerate(self.decks):  # a deck holds only its owner's set, each card once
            assert not Counter(deck) - Counter(SET), f"deck {s} holds cards not of its set"
        assert all(k > 0 for h in self.hands for k in h.values()), "a hand counts a card 0 times"
        if self._fat is self.decks:
            assert min(map(len, self.decks)) > 1, "a deck of one card or none is taken for buriable"

        chips = self.chips
        assert sum(chips) == START_CHIPS * n + sum(self.loans) + self.paid_out - self.bank_paid, \
            "chips not conserved"
        assert min(chips) >= 0, f"chips below zero: {chips}"
        assert all(loan >= 0 and loan % LOAN_STEP == 0 for loan in self.loans), f"bad loans {self.loans}"
        assert self.paid_out == sum(sum(p["chips"]) for p in self.payouts), "payouts do not add up"
        if phase == "over":
            assert self.totals == [c - r for c, r in zip(chips, self.repaid)], "end totals wrong"
        else:
            assert self.totals is self.chips, "totals are not the chips in hand"

        sizes = [sum(h.values()) for h in self.hands]
        expected = self._expected_hand_sizes()
        assert sizes == expected, f"hand sizes {sizes} in phase {phase}, expected {expected}"
        assert sum(len(w) for w in self.won) == self.tricks_played <= TRICKS, "tricks miscounted"
        assert self.current_player == self._expected_current(), \
            f"current player {self.current_player}, the rules say {self._expected_current()}"

    def _expected_hand_sizes(self):
        n, phase, start = self.players, self.phase, self.start_player
        if phase in ("buy", "bury"):
            k = self.buys
            assert (0 <= k < HAND * n) if phase == "buy" else (0 < k < HAND * n), f"{k} buys in {phase}"
            assert self.bids == [None] * n, "bids before the bidding"
            return [k // n + (1 if (s - start) % n < k % n else 0) for s in range(n)]
        if phase == "bid":
            return [HAND - (b is not None) for b in self.bids]
        assert None not in self.bids, f"a bid is missing in phase {phase}"
        if phase == "over":
            return [0] * n
        in_trick = {s for s, _, _ in self.trick}
        return [HAND - 1 - self.tricks_played - (s in in_trick) for s in range(n)]

    def _expected_current(self):
        n, phase, start = self.players, self.phase, self.start_player
        if phase == "buy":
            return (start + self.buys) % n
        if phase == "bury":
            return (start + self.buys - 1) % n
        if phase == "bid":
            return (start + sum(b is not None for b in self.bids)) % n
        if phase == "play":
            if self.tricks_played == 0 and not self.trick:
                assert self.leader == self.first_leader, "the first trick not led by the first leader"
            return (self.leader + len(self.trick)) % n
        if phase == "lead":
            assert 0 < self.tricks_played < TRICKS and not self.trick, "a lead choice out of place"
            return self.last_trick["winner"]
        return None


__all__ = ["TricksState", "payout", "start_player", "trump_of", "first_leader",
           "trick_winner"]



def payout_row(bid, tricks):
    """The row of the payout table that pays a bid value and the tricks taken: (distance, factor,
    bonus), with payout(bid, tricks) == factor * bid + bonus (factor and bonus 0 where the
    distance is too far to pay)."""
    d = abs(tricks - bid)
    if d >= len(PAYOUT_FACTORS):
        return d, 0, 0
    return d, PAYOUT_FACTORS[d], EXACT_BONUS if d == 0 else 0


def repayment(loan):
    """The chips repaid at the end for a loan: LOAN_COST for every LOAN_STEP borrowed."""
    return loan // LOAN_STEP * LOAN_COST
