"""Oh Hell, a fourth game kept with the tests: a small plain trick-taking game that proves a new game
needs nothing outside its own files (its two kits and its page module, registered by the tests).

Each round deals HAND cards to every seat and turns the next card up: its colour is trump. From the
dealer's left each seat bids how many tricks it will take ("bid", shown at once), or, with the rule
option ``secret_bids``, bids face down ("secret_bid": only its bidder sees it until every seat has bid,
then all are shown together). Then the tricks: follow the led colour if you can; the highest trump
wins, else the highest card of the led colour; the winner leads the next. A seat that takes exactly
its bid scores 10 + its bid, any other 0. ROUNDS rounds, the deal moving left; the highest total wins.

Phases: "bid", "play", "round_over" (a search copy stopped at the round's end), "over".
"""

from game import cards, i18n
from game.engine import GameState, seats_from_to, winners_of
from game.i18n import _, N_
from game.shapes import Kind, OneOf, Shape, declared

GAME_ID = "ohhell"
COLOURS = "RGBY"
TOP = 9
DECK = cards.deck({c: range(1, TOP + 1) for c in COLOURS})
HAND = 5
ROUNDS = 3
EXACT = 10  # a bid made exactly scores this plus the bid
PLAY = {c: ("play", c) for c in DECK}
BIDS = [("bid", n) for n in range(HAND + 1)]
SECRET_BIDS = [("secret_bid", n) for n in range(HAND + 1)]
_ORDER = {c: i for i, c in enumerate(DECK)}.__getitem__


class Count(Shape):
    """A bid: a whole number of tricks, from none to a whole hand."""

    def why(self, value, players):
        if type(value) is not int or not 0 <= value <= HAND:
            return _("a bid is a whole number from 0 to {top}").format(top=HAND)
        return None


_CARD = OneOf(frozenset(DECK), N_("{value} is not a card of this game"))
ACTION_SHAPES = declared({"bid": Kind(Count()), "secret_bid": Kind(Count()), "play": Kind(_CARD)})


def trick_winner(trick, trump):
    """The seat whose card wins TRICK [(seat, card), ...] so far: the highest trump, else the highest
    card of the led colour."""
    led = trick[0][1][0]
    best_seat, best = None, None
    for seat, card in trick:
        key = (card[0] == trump, card[0] == led, cards.value(card))
        if best is None or key > best:
            best_seat, best = seat, key
    return best_seat


def round_points(bid, took):
    """(points, reason) of one seat's round: EXACT + the bid when it took exactly its bid, else 0."""
    if bid == took:
        return EXACT + bid, _("bid {bid}, took {took}: {exact} + {bid}").format(bid=bid, took=took, exact=EXACT)
    return 0, _("bid {bid}, took {took}: 0").format(bid=bid, took=took)


class OhHellState(GameState):
    game_id = GAME_ID
    player_counts = (3, 4, 5)
    default_options = {"secret_bids": False}
    action_shapes = ACTION_SHAPES

    def __init__(self, players=4, seed=0, seats=None, options=None, chance=None):
        super().__init__(players, seed, seats, options, chance)
        self.rounds = ROUNDS
        self.history = []  # per round: bids, tricks, points, reasons, totals
        self.last_trick = None
        self._start_round()

    @classmethod
    def chance_outcome(cls, line):
        """The chance outcome a record line carries: a deal's hands and its card turned up."""
        if line.get("t") == "deal":
            return ("deal", {"hands": [list(h) for h in line["hands"]], "trump": line["trump_card"]})
        return None

    @property
    def secret(self):
        return self.options["secret_bids"]

    # --- round flow ------------------------------------------------------------------------------
    def _start_round(self):
        n = self.players
        self.round += 1
        self.dealer = (self.round - 1) % n
        deal = self._chance("deal", self._deal, self._check_deal)
        self.hands = [sorted(h, key=_ORDER) for h in deal["hands"]]
        self.trump_card = deal["trump"]
        self.trump = self.trump_card[0]
        self.bids = [None] * n
        self.tricks_won = [0] * n
        self.trick = []
        self.played = []  # the cards of this round's finished tricks, in play order
        self.tricks_played = 0
        self.last_trick = None
        self.leader = (self.dealer + 1) % n
        self.current_player = self.leader
        self.phase = "bid"
        self._legal_cache = None
        if self._record:
            self._emit({"t": "deal", "round": self.round, "dealer": self.dealer,
                        "hands": [list(h) for h in self.hands], "trump_card": self.trump_card})

    def _deal(self, rng):
        deck = list(DECK)
        cards.shuffle(rng, deck)
        n = self.players
        return {"hands": [sorted(deck[i * HAND:(i + 1) * HAND], key=_ORDER) for i in range(n)],
                "trump": deck[n * HAND]}

    def _check_deal(self, deal):
        hands, trump = deal["hands"], deal["trump"]
        if len(hands) != self.players or any(len(h) != HAND for h in hands):
            return f"{self.players} hands of {HAND} cards are dealt"
        dealt = [c for h in hands for c in h] + [trump]
        if len(set(dealt)) != len(dealt) or not set(dealt) <= set(DECK):
            return "the hands and the trump card are not cards of one deck"
        return None

    def _end_round(self):
        with i18n.speaking(i18n.table_language()):  # kept for every viewer: the table's words
            results = [round_points(b, t) for b, t in zip(self.bids, self.tricks_won)]
        points = [p for p, _ in results]
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.history.append({"round": self.round, "bids": list(self.bids), "tricks": list(self.tricks_won),
                             "points": points, "reasons": [r for _, r in results], "totals": list(self.totals)})
        if self._record:
            self._emit({"t": "score", "round": self.round, "points": points, "totals": list(self.totals)})
        if self.round >= self.rounds:
            self._finish(winners_of(self.totals))
        else:
            self._next_round()

    # --- legal actions -----------------------------------------------------------------------------
    def _legal(self):
        if self.phase == "bid":
            return list(SECRET_BIDS if self.secret else BIDS)
        hand = self.hands[self.current_player]
        if self.trick:
            led = self.trick[0][1][0]
            follow = [PLAY[c] for c in hand if c[0] == led]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    def secret_seats(self):
        if self.phase != "bid" or not self.secret:
            return ()
        return seats_from_to(self.current_player, self.leader, self.players)

    def _why(self, action):
        kind, arg = action[0], action[1]
        who = self.seats[self.current_player].name
        if self.phase == "bid":
            if kind == "play":
                return _("{player} must bid now").format(player=who)
            return _("bids are made face down in this game") if self.secret else \
                _("bids are made openly in this game")
        if kind != "play":
            return _("{player} must play a card now").format(player=who)
        if arg not in self.hands[self.current_player]:
            return _("you don't hold {card}").format(card=arg)
        return _("follow the led colour: you hold {colour}").format(
            colour=_(cards.COLOUR_NAMES[self.trick[0][1][0]]))

    # --- applying ---------------------------------------------------------------------------------------
    def _apply(self, action):
        self._legal_cache = None
        if action[0] == "play":
            self._play(action[1])
        else:
            self._bid(action[1])

    def _bid(self, count):
        seat = self.current_player
        self.bids[seat] = count
        nxt = (seat + 1) % self.players
        if nxt == self.leader:
            self.phase = "play"
        self.current_player = nxt

    def _play(self, card):
        seat = self.current_player
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            self.current_player = (seat + 1) % self.players
            return
        trick = self.trick
        winner = trick_winner(trick, self.trump)
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self.played += [c for _, c in trick]
        if self._record:
            self._emit({"t": "trick", "cards": [[s, c] for s, c in trick], "winner": winner})
        self.last_trick = {"cards": [[s, c] for s, c in trick], "winner": winner}
        self.trick = []
        if self.tricks_played == HAND:
            self._end_round()
        else:
            self.leader = self.current_player = winner

    # --- what a seat sees -------------------------------------------------------------------------------
    def bids_revealed(self):
        return not self.secret or self.phase != "bid"

    def view(self, seat):
        shown = self.bids_revealed()
        return {
            "game": self.game_id, "seat": seat, "players": self.players, "options": dict(self.options),
            "round": self.round, "rounds": self.rounds, "dealer": self.dealer, "phase": self.phase,
            "current_player": self.current_player, "leader": self.leader,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trump": self.trump, "trump_card": self.trump_card,
            "bids": [b if shown or s == seat else None for s, b in enumerate(self.bids)],
            "has_bid": [b is not None for b in self.bids],
            "bids_revealed": shown,
            "trick": [[s, c] for s, c in self.trick],
            "led": self.trick[0][1][0] if self.trick else None,
            "trick_winner": trick_winner(self.trick, self.trump) if self.trick else None,
            "tricks_won": list(self.tricks_won), "tricks_played": self.tricks_played,
            "played": list(self.played),
            "last_trick": None if self.last_trick is None else {
                "cards": [list(p) for p in self.last_trick["cards"]], "winner": self.last_trick["winner"]},
            "totals": list(self.totals), "history": [dict(h) for h in self.history],
            "winners": None if self.winners is None else list(self.winners),
        }

    def action_universe(self):
        return [PLAY[c] for c in DECK] + BIDS + SECRET_BIDS

    def _snapshot(self):
        return {"hands": self.hands, "bids": self.bids, "won": self.tricks_won, "trick": self.trick,
                "leader": self.leader, "trump": self.trump_card, "played": self.played, "history": self.history}

    # --- for the search ---------------------------------------------------------------------------------
    def clone(self, record=True, rng=None, stop_at_round_end=None):
        new = self._copy_base(record, rng, stop_at_round_end)
        new.hands = [list(h) for h in self.hands]
        new.bids = list(self.bids)
        new.tricks_won = list(self.tricks_won)
        new.trick = list(self.trick)
        new.played = list(self.played)
        new.history = list(self.history)
        return new

    def set_hidden(self, hands, bids=None):
        """A guess at what a view hides: every hand (lists kept, not copied) and the secret bids
        ({seat: count})."""
        self.hands = hands
        for seat, count in (bids or {}).items():
            self.bids[seat] = count
        self._legal_cache = None

    @classmethod
    def from_view(cls, view, hands, bids=None, rng=None, record=False, stop_at_round_end=False):
        """A state that agrees with VIEW, its hidden parts guessed: HANDS (every seat's) and BIDS
        ({seat: count} for the bids the view hides)."""
        new = cls._blank(view["players"], options=dict(view["options"]), rng=rng, record=record,
                         stop_at_round_end=stop_at_round_end)
        new.rounds = view["rounds"]
        new.round = view["round"]
        new.dealer = view["dealer"]
        new.phase = view["phase"]
        new.current_player = view["current_player"]
        new.leader = view["leader"]
        new.trump, new.trump_card = view["trump"], view["trump_card"]
        new.hands = [list(h) for h in hands]
        new.bids = list(view["bids"])
        for seat, count in (bids or {}).items():
            new.bids[seat] = count
        new.tricks_won = list(view["tricks_won"])
        new.tricks_played = view["tricks_played"]
        new.trick = [(s, c) for s, c in view["trick"]]
        new.played = list(view["played"])
        new.last_trick = view["last_trick"]
        new.totals = list(view["totals"])
        new.history = [dict(h) for h in view["history"]]
        new.winners = None if view["winners"] is None else list(view["winners"])
        new._legal_cache = None
        return new
