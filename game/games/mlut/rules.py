"""Mit List und Tücke (Klaus Palesch): rules as on shared/rules/mit-list-und-tuecke.md.

Phases: "play" (a card into the trick), "pick" (the highest trump picks k1 cards from the full
trick), "plus" (a player whose collection reached four colours names his two plus colours).
"""

from itertools import combinations

from game import cards, i18n
from game.engine import GameState, winners_of
from game.i18n import _, N_, ngettext
from game.shapes import Kind, ListOf, OneOf, declared

COLOURS = "RGBY"
HAND_SIZE = 14
DECK_SPECS = {
    4: {c: range(1, 15) for c in COLOURS},
    5: {"R": range(1, 19), "G": range(1, 18), "B": range(1, 18), "Y": range(1, 19)},
    6: {c: range(1, 22) for c in COLOURS},
}
DECKS = {n: cards.deck(spec) for n, spec in DECK_SPECS.items()}
VALUE = {c: cards.value(c) for deck in DECKS.values() for c in deck}
PLUS_CHOICES = [("plus", pair) for pair in combinations(COLOURS, 2)]
# Every pick as positions in the full trick, in the order of the legal picks, per (trick size, k1).
_PICK_INDEXES = {(n, k): list(combinations(range(n), k)) for n in DECKS for k in (2, 3)}
# Tables for the inner loops: one action tuple per card, and every card's place in hand order
# (colour order, then value: the order of cards.sort_key).
PLAY = {c: ("play", c) for c in DECKS[6]}
_PLAY_OF = PLAY.__getitem__
_HAND_ORDER = {c: i for i, c in enumerate(DECKS[6])}.__getitem__


def pick_size(players):
    """k1: how many cards the highest trump picks."""
    return 2 if players == 4 else 3


# What each kind of action holds (game.shapes), checked before any rule here sees an action.
_CARD = OneOf(frozenset(VALUE), N_("{value} is not a card of this game"))
ACTION_SHAPES = declared({
    "play": Kind(_CARD),
    "pick": Kind(ListOf(_CARD, pick_size, lambda n: _pick_exactly(pick_size(n)))),
    "plus": Kind(ListOf(OneOf(frozenset(COLOURS), "", N_("plus colours are red, green, blue or yellow")),
                        lambda n: 2, lambda n: _("choose two different colours"))),
})


def _pick_exactly(count):
    return ngettext("pick exactly {count} different card from the trick",
                    "pick exactly {count} different cards from the trick", count).format(count=count)


def round_points(counts, plus=None):
    """A round's points from the collected count per colour ({"R": 5, ...}) and the plus colours.

    Returns (points, reason) where reason shows the sum and names the two colours multiplied, e.g.
    "blue 7 × green 8 ÷ 4 = 14".
    """
    if plus:
        a, b = counts.get(plus[0], 0), counts.get(plus[1], 0)
        rest = sum(counts.values()) - a - b
        return _points(a, b, rest, plus[0], plus[1])
    largest = sorted(((n, c) for c, n in counts.items() if n), key=lambda nc: -nc[0])
    if len(largest) <= 1:
        return 0, _("one colour or none = 0")
    (a, first), (b, second) = largest[0], largest[1]
    return _points(a, b, sum(n for n, _ in largest[2:]), first, second)


def _points(a, b, rest, first, second):
    named = f"{_(cards.COLOUR_NAMES[first])} {a} × {_(cards.COLOUR_NAMES[second])} {b}"  # a sum: no words to order
    if rest == 0:
        return a * b, f"{named} = {a * b}"
    return a * b // rest, f"{named} ÷ {rest} = {a * b // rest}"


def collection_counts(collection):
    """Cards per colour of one seat's collection as every seat sees it (a view's "collections" entry:
    open cards listed, face-down ones counted)."""
    counts = {c: len(collection["open"].get(c, ())) for c in COLOURS}
    counts.update(collection["hidden"])
    return counts


def points_so_far(collection):
    """(points, reason) the seat would score if the round ended now: its plus colours once chosen,
    the two largest piles before."""
    return round_points(collection_counts(collection), collection["plus"])


def _lean_points(collection, plus):
    """round_points(...)[0] for a collection {colour: [cards]}: a lean state's inner loop."""
    if plus:
        a, b = len(collection[plus[0]]), len(collection[plus[1]])
        rest = len(collection["R"]) + len(collection["G"]) + len(collection["B"]) + len(collection["Y"]) - a - b
    else:
        sizes = sorted([len(collection["R"]), len(collection["G"]), len(collection["B"]), len(collection["Y"])])
        b, a = sizes[2], sizes[3]
        if not b:
            return 0
        rest = sizes[0] + sizes[1]
    return a * b // rest if rest else a * b


def trick_takers(trick, k1):
    """(picker, taker) of a full trick [(seat, card), ...]; taker None for a trump-only trick."""
    trump = trick[0][1][0]
    picker, best = None, -1
    taker, low = None, 1 << 30
    for seat, card in trick:
        v = VALUE[card]
        if card[0] == trump:
            if v > best:
                picker, best = seat, v
        elif v < low:  # strict: the first played of equal lowest values counts
            taker, low = seat, v
    return picker, taker


def _any_pick(state, rng):
    return state._random_pick(rng)


def _any_plus(state, rng):
    return PLUS_CHOICES[int(rng.random() * len(PLUS_CHOICES))]


class MlutState(GameState):
    game_id = "mlut"
    player_counts = (4, 5, 6)
    default_options = {}
    action_shapes = ACTION_SHAPES
    _takers = None  # (the full trick, picker, taker), worked out when its last card falls
    # Per seat, the play actions of the hand in hand order (None: not listed yet), kept in step
    # by push's card play, so that legal_actions copies a list instead of building it. None as
    # a whole wherever hands are changed otherwise (a deal, a guess, a rollout's cards, a copy).
    _plays = None

    def __init__(self, players=4, seed=0, seats=None, options=None, chance=None):
        super().__init__(players, seed, seats, options, chance)
        self.k1 = pick_size(players)
        self.rounds = players
        self.history = []  # per round: {"points": [...], "reasons": [...]}
        self.last_trick = None
        self._start_round()

    @classmethod
    def chance_outcome(cls, line):
        """The chance outcome a record line carries: the hands of a deal."""
        if line.get("t") == "deal":
            return ("deal", [list(h) for h in line["hands"]])
        return None

    # --- round flow ------------------------------------------------------------------------------
    def _start_round(self):
        n = self.players
        self.round += 1
        self.dealer = (self.round - 1) % n
        hands = self._chance("deal", self._deal, self._check_deal)
        self.hands = [list(h) for h in hands]
        self._plays = None
        self.collections = [{c: [] for c in COLOURS} for _ in range(n)]
        self.plus = [None] * n
        self.removed = []
        self.trick = []
        self.trick_colours = ""
        self.tricks_played = 0
        self.pending_plus = []
        self.last_trick = None
        self.round_tricks = []  # every trick of this round as last_trick shows it: all of it was open
        self.early_end = None
        self.leader = (self.dealer + 1) % n
        self.current_player = self.leader
        self.phase = "play"
        if self._record:
            self._emit({"t": "deal", "round": self.round, "dealer": self.dealer,
                        "hands": [list(h) for h in hands]})

    def _deal(self, rng):
        deck = list(DECKS[self.players])
        cards.shuffle(rng, deck)
        return [sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=_HAND_ORDER)
                for i in range(self.players)]

    def _check_deal(self, hands):
        if len(hands) != self.players or any(len(h) != HAND_SIZE for h in hands):
            return f"{self.players} hands of {HAND_SIZE} cards are dealt"
        if sorted(c for h in hands for c in h) != sorted(DECKS[self.players]):
            return "the hands are not exactly the deck"
        return None

    def _end_round(self):
        if self.lean:  # the points without the reasons
            points = [_lean_points(col, plus) for col, plus in zip(self.collections, self.plus)]
            reasons = None
        else:
            counts = [{c: len(pile) for c, pile in col.items()} for col in self.collections]
            # kept for the score sheet of every viewer: worded in the table's language, even when a
            # phone's action (spoken to in its own) ended the round
            with i18n.speaking(i18n.table_language()):
                results = [round_points(counts[s], self.plus[s]) for s in range(self.players)]
            points = [p for p, _ in results]
            reasons = [r for _, r in results]
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.history.append({"round": self.round, "points": points,
                             "reasons": reasons, "totals": list(self.totals),
                             "early_end": self.early_end})
        if self._record:
            self._emit({"t": "score", "round": self.round, "points": points, "totals": list(self.totals)})
        if self.round >= self.rounds:
            self._finish(winners_of(self.totals))
        else:
            self._next_round()

    # --- legal actions -----------------------------------------------------------------------------
    def legal_actions(self):
        # GameState.legal_actions with the card play written out: the search's inner loop.
        legal = self._legal_cache
        if legal is None:
            if self.phase == "play":
                seat = self.current_player
                tc = self.trick_colours
                if len(tc) < 3:
                    plays = self._plays
                    if plays is None:
                        plays = self._plays = [None] * self.players
                    mine = plays[seat]
                    if mine is None:
                        mine = plays[seat] = list(map(_PLAY_OF, self.hands[seat]))
                    legal = mine.copy()
                else:
                    legal = [PLAY[c] for c in self.hands[seat] if c[0] in tc]
            else:
                legal = [] if self.current_player is None else self._legal()
            self._legal_cache = legal
        return legal

    legal_actions.__doc__ = GameState.legal_actions.__doc__

    def _legal(self):
        """The legal actions where legal_actions does not work them out itself."""
        phase = self.phase
        if phase == "pick":
            return [("pick", combo) for combo in combinations([c for _, c in self.trick], self.k1)]
        if phase == "plus":
            return PLUS_CHOICES
        return []

    def _normalize(self, action):
        action = super()._normalize(action)
        if isinstance(action, tuple) and len(action) == 2 and isinstance(action[1], tuple):
            if action[0] == "pick":
                order = [c for _, c in self.trick]
                if all(c in order for c in action[1]):
                    return ("pick", tuple(sorted(action[1], key=order.index)))
            elif action[0] == "plus" and all(c in COLOURS for c in action[1]):
                return ("plus", tuple(sorted(action[1], key=COLOURS.index)))
        return action

    def _why(self, action):
        if not (isinstance(action, tuple) and len(action) == 2):
            return _("{action} is not an action of this game").format(action=repr(action))
        kind, arg = action
        who = self.seats[self.current_player].name
        if kind != self.phase:
            if self.phase == "play":
                return _("{player} must play a card now").format(player=who)
            if self.phase == "pick":
                return ngettext("{player} must pick {count} card from the trick now",
                                "{player} must pick {count} cards from the trick now",
                                self.k1).format(player=who, count=self.k1)
            return _("{player} must choose two plus colours now").format(player=who)
        if kind == "play":
            if arg not in self.hands[self.current_player]:
                # TRANSLATORS: {card} is a card's code, e.g. R10
                return _("you don't hold {card}").format(card=arg)
            if arg[0] not in self.trick_colours and len(self.trick_colours) >= 3:
                names = ", ".join(_(cards.COLOUR_NAMES[c]) for c in self.trick_colours)
                # TRANSLATORS: {colours} are the three colours in the trick, e.g. "red, green, blue"
                return _("a fourth colour may not join this trick ({colours} already lie in it)").format(colours=names)
        if kind == "pick":
            trick_cards = [c for _s, c in self.trick]
            if not isinstance(arg, tuple) or len(arg) != self.k1 or len(set(arg)) != self.k1:
                return _pick_exactly(self.k1)
            missing = [c for c in arg if c not in trick_cards]
            if missing:
                return _("{card} is not in this trick").format(card=missing[0])
        if kind == "plus":
            if not isinstance(arg, tuple) or len(arg) != 2 or len(set(arg)) != 2:
                return _("choose two different colours")
            if any(c not in COLOURS for c in arg):
                return _("plus colours are red, green, blue or yellow")
        return None

    # --- applying -------------------------------------------------------------------------------------
    def push(self, action):
        # GameState.push without the detour through _apply: the search's inner loop (game.engine).
        self._legal_cache = None
        kind, arg = action
        if kind == "play":  # the card joins the trick; the pick when it is full, or an early end
            card, seat = arg, self.current_player
            hand, plays = self.hands[seat], self._plays
            if plays is None or plays[seat] is None:
                hand.remove(card)
            else:
                i = hand.index(card)
                del hand[i]
                del plays[seat][i]
            trick = self.trick
            trick.append((seat, card))
            tc = self.trick_colours
            if card[0] not in tc:
                tc = self.trick_colours = tc + card[0]
            n = self.players
            if len(trick) == n:
                self._await_pick(trick)
                return
            seat += 1
            self.current_player = seat = 0 if seat == n else seat
            if len(tc) == 3:
                for c in self.hands[seat]:
                    if c[0] in tc:
                        return
                self._early_end(seat)
        elif kind == "pick":
            self._pick(arg)
        else:
            self._choose_plus(arg)

    _apply = push

    def push_random(self, rng, phase=None):
        # GameState.push_random with cards drawn straight from the hand: the rollouts' inner loop.
        own = self.phase
        if phase is not None and phase != own:
            return 0
        if own != "play" or self.current_player is None:
            if own == "pick" and phase is None and self.current_player is not None:
                self._legal_cache = None
                self._pick(self._random_pick(rng))
                return 1
            return GameState.push_random(self, rng, phase)
        count = self._random_cards(rng, phase is None)
        if phase is not None and self.phase == "play" and self.tricks_played == 0 and not self.trick:
            count += self.push_random(rng, phase)  # an early end: the next round's first trick
        return count

    def _random_pick(self, rng):
        """The pick at int(rng.random() * n) of the n legal picks, without their list."""
        trick = self.trick
        combos = _PICK_INDEXES[(len(trick), self.k1)]
        combo = combos[int(rng.random() * len(combos))]
        return tuple([trick[i][1] for i in combo])

    def _random_cards(self, rng, one):
        """Play random cards (each the one at int(rng.random() * n) of the n legal plays) to the
        end of the trick, or ONE card; the round may end early. Returns how many were played."""
        self._legal_cache = self._plays = None
        random = rng.random
        hands, trick, n = self.hands, self.trick, self.players
        seat = self.current_player
        tc = self.trick_colours
        count = 0
        while True:  # push's card play written out
            hand = hands[seat]
            if len(tc) < 3:
                if not hand:
                    self.current_player = seat
                    break
                i = int(random() * len(hand))
                card = hand[i]
                del hand[i]
            else:
                follow = [c for c in hand if c[0] in tc]
                if not follow:
                    self.current_player = seat
                    break
                card = follow[int(random() * len(follow))]
                hand.remove(card)
            trick.append((seat, card))
            count += 1
            if card[0] not in tc:
                tc = self.trick_colours = tc + card[0]
            if len(trick) == n:
                self._await_pick(trick)
                break
            seat += 1
            if seat == n:
                seat = 0
            if len(tc) == 3:
                for c in hands[seat]:
                    if c[0] in tc:
                        break
                else:
                    self.current_player = seat
                    self._early_end(seat)
                    break
            if one:
                self.current_player = seat
                break
        return count

    def play_random(self, rng):
        # GameState.play_random with the cards, picks and plus choices drawn without the lists of
        # legal actions: the random playouts' inner loop. The same draws as push_random.
        return self._play_on(rng, _any_pick, _any_plus, None)

    def push_tricks(self, rng, pick, plus):
        """Play the round on to its end, unchecked like push: a rollout's round in one call. Every
        card is random, as push_random draws it; every pick is ``pick(self, rng)`` (the picked
        cards in trick order) and every plus choice ``plus(self, rng)`` (a ("plus", pair) of
        ``legal_actions()``). Stops when the round has been scored (a next round, if this state
        deals one, is not played). Returns how many actions were pushed."""
        return self._play_on(rng, pick, plus, self.round)

    def _play_on(self, rng, pick, plus, round_no):
        """Random cards and PICK / PLUS choices until the game is over (round_no None) or round
        round_no has been scored; how many actions were pushed."""
        count = 0
        while self.current_player is not None and (round_no is None or self.round == round_no):
            phase = self.phase
            if phase == "play":
                count += self._random_cards(rng, False)
                continue
            self._legal_cache = None
            if phase == "pick":
                self._pick(pick(self, rng))
            elif phase == "plus":
                self._choose_plus(plus(self, rng)[1])
            else:  # the round when this state stops at its end
                break
            count += 1
        self._legal_cache = None
        return count

    def _early_end(self, seat):
        self.early_end = seat
        if self._record:
            self._emit({"t": "early_end", "p": seat})
        self._end_round()

    def _await_pick(self, trick):
        """The trick is full: its top trump picks; who picks and who takes the rest are kept for the
        pick (worked out once per trick)."""
        self.phase = "pick"
        picker, taker = trick_takers(trick, self.k1)
        self._takers = (trick, picker, taker)
        self.current_player = picker

    def _pick(self, picked):
        trick = self.trick
        takers = self._takers
        if takers is not None and takers[0] is trick:
            picker, taker = takers[1], takers[2]
        else:  # a state built otherwise (from a view, a copy, by hand)
            picker, taker = trick_takers(trick, self.k1)
        col = self.collections
        pile = col[picker]
        rest = []
        for _seat, c in trick:  # picked holds its cards in trick order
            if c in picked:
                pile[c[0]].append(c)
            else:
                rest.append(c)
        if taker is None:
            self.removed.extend(rest)
            taken, removed = [], rest
            self.leader = picker
        else:
            pile = col[taker]
            for c in rest:
                pile[c[0]].append(c)
            taken, removed = rest, []
            self.leader = taker
        if self._record:
            self._emit({"t": "trick", "cards": [[s, c] for s, c in trick], "picker": picker,
                        "taker": taker, "taken": list(taken), "removed": list(removed)})
        if not self.lean:
            # taken and removed are new lists, not kept elsewhere
            self.last_trick = last = {"cards": [[s, c] for s, c in trick], "picker": picker,
                                      "picked": list(picked), "taker": taker, "taken": taken,
                                      "removed": removed}
            self.round_tricks = self.round_tricks + [last]
        self.tricks_played += 1
        self.trick = []
        self.trick_colours = ""
        plus = self.plus
        if plus[picker] is None:
            pile = col[picker]
            if pile["R"] and pile["G"] and pile["B"] and pile["Y"]:
                self.pending_plus.append(picker)
        if taker is not None and plus[taker] is None:
            pile = col[taker]
            if pile["R"] and pile["G"] and pile["B"] and pile["Y"]:
                self.pending_plus.append(taker)
        self._next_decision()

    def _choose_plus(self, pair):
        self.plus[self.pending_plus.pop(0)] = pair
        self._next_decision()

    def _next_decision(self):
        if self.pending_plus:
            self.phase = "plus"
            self.current_player = self.pending_plus[0]
        elif self.tricks_played == HAND_SIZE:
            self._end_round()
        else:
            self.phase = "play"
            self.current_player = self.leader

    # --- what a seat sees -------------------------------------------------------------------------------
    def trump(self):
        """The trump colour of the trick in progress, or None before its first card."""
        return self.trick[0][1][0] if self.trick else None

    def collection_view(self, seat):
        """Plus colours and colours before a choice are open; minus colours show a count only."""
        plus = self.plus[seat]
        open_, hidden = {}, {}
        for c, pile in self.collections[seat].items():
            if plus and c not in plus:
                hidden[c] = len(pile)
            else:
                open_[c] = list(pile)
        return {"open": open_, "hidden": hidden, "plus": list(plus) if plus else None}

    def view(self, seat):
        return {
            "game": self.game_id, "seat": seat, "players": self.players, "round": self.round,
            "rounds": self.rounds, "dealer": self.dealer, "phase": self.phase,
            "current_player": self.current_player, "leader": self.leader,
            "hand": cards.sorted_cards(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [[s, c] for s, c in self.trick], "trump": self.trump(),
            "trick_winner": trick_takers(self.trick, self.k1)[0] if self.trick else None,
            "trick_taker": trick_takers(self.trick, self.k1)[1] if self.trick else None,
            "pick_size": self.k1,
            "collections": [self.collection_view(s) for s in range(self.players)],
            "last_trick": self.last_trick, "round_tricks": list(self.round_tricks),
            "tricks_played": self.tricks_played,
            "removed": list(self.removed),
            "totals": list(self.totals), "history": [dict(h) for h in self.history],
            "winners": self.winners,
        }

    def action_universe(self):
        deck = DECKS[self.players]
        acts = [("play", c) for c in deck]
        acts += [("pick", combo) for combo in combinations([c for _, c in self.trick], self.k1)]
        acts += [("pick", (deck[0], deck[1], deck[2])[:self.k1])]
        return acts + PLUS_CHOICES

    def _snapshot(self):
        return {"hands": self.hands, "collections": self.collections, "plus": self.plus,
                "removed": self.removed, "trick": self.trick, "leader": self.leader,
                "pending": self.pending_plus, "history": self.history}

    # --- for search bots ------------------------------------------------------------------------------
    def clone(self, record=True, rng=None, stop_at_round_end=None):
        """A copy that changes apart from this state: every mutable part is copied one level per
        nesting (lists of hands, piles per colour), immutable tables and tuples are shared.

        record=False: the copy starts with no events and emits none (for simulations, which move
        with ``push``); rng: the copy's generator (default: a copy of ours); stop_at_round_end:
        see ``GameState.stop_at_round_end`` (None: as this state).
        """
        new = self._copy_base(record, rng, stop_at_round_end)
        new.history = list(self.history)
        new.hands = [list(h) for h in self.hands]
        new._plays = None
        new.collections = [{c: list(p) for c, p in col.items()} for col in self.collections]
        new.plus = list(self.plus)
        new.removed = list(self.removed)
        new.trick = list(self.trick)
        new.pending_plus = list(self.pending_plus)
        return new

    def set_hidden(self, hands, collections=None):
        """Put a guess at what a view hides into this state (one from ``from_view`` or a clone of
        one): every hand (a list of cards per seat) and every collection ({colour: [cards]} per
        seat, the minus colours included; None keeps them), as ``from_view`` takes them. The lists
        are kept, not copied; the caller must not share them with another state."""
        self.hands = hands
        self._plays = None
        if collections is not None:
            self.collections = collections
        self._legal_cache = None

    @classmethod
    def from_view(cls, view, hands, collections, rng=None, record=False, stop_at_round_end=False):
        """A state that agrees with VIEW, completed by a guess at what the view hides: every hand
        (a list of cards per seat) and every collection ({colour: [cards]} per seat, the minus
        colours included). ``from_view(...).view(view["seat"]) == view`` when the guess fits.
        record, stop_at_round_end: as for ``clone``."""
        n = view["players"]
        new = cls._blank(n, rng=rng, record=record, stop_at_round_end=stop_at_round_end)
        new.k1 = view["pick_size"]
        new.rounds = view["rounds"]
        new.round = view["round"]
        new.dealer = view["dealer"]
        new.phase = view["phase"]
        new.current_player = view["current_player"]
        new.leader = view["leader"]
        new.totals = list(view["totals"])
        new.winners = None if view["winners"] is None else list(view["winners"])
        new.history = [dict(h) for h in view["history"]]
        new.last_trick = view["last_trick"]
        new.round_tricks = list(view["round_tricks"])
        new.tricks_played = view["tricks_played"]
        new.removed = list(view["removed"])
        new.trick = [(s, c) for s, c in view["trick"]]
        colours = ""
        for _seat, c in new.trick:
            if c[0] not in colours:
                colours += c[0]
        new.trick_colours = colours
        new.hands = [list(h) for h in hands]
        new.collections = [{c: list(col.get(c, ())) for c in COLOURS} for col in collections]
        new.plus = [tuple(c["plus"]) if c["plus"] else None for c in view["collections"]]
        new.early_end = None
        pending = [s for s in range(n)
                   if new.plus[s] is None and all(new.collections[s][c] for c in COLOURS)]
        if new.phase == "plus" and len(pending) > 1 and pending[0] != new.current_player:
            pending.reverse()
        new.pending_plus = pending if new.phase == "plus" else []
        new._legal_cache = None
        return new

    # --- for tests ------------------------------------------------------------------------------------
    def card_places(self):
        """Every card of the deck with where it is (hand, trick, collection or removed)."""
        places = []
        for s, h in enumerate(self.hands):
            places += [(c, ("hand", s)) for c in h]
        places += [(c, ("trick",)) for _, c in self.trick]
        for s, col in enumerate(self.collections):
            for pile in col.values():
                places += [(c, ("collection", s)) for c in pile]
        places += [(c, ("removed",)) for c in self.removed]
        return places

    def check_invariants(self):
        """Conservation, hand sizes and turn order; raises AssertionError when broken."""
        places = self.card_places()
        deck = DECKS[self.players]
        assert sorted(c for c, _ in places) == sorted(deck), "a card is lost or doubled"
        for hand, plays in zip(self.hands, self._plays or ()):
            assert plays is None or plays == list(map(_PLAY_OF, hand)), "a hand's listed plays are stale"
        if self.is_over:
            return
        played = {s for s, _ in self.trick}
        base = HAND_SIZE - self.tricks_played
        for s, h in enumerate(self.hands):
            assert len(h) == base - (s in played), f"seat {s} holds {len(h)} cards"
        n = self.players
        if self.phase == "play":
            assert self.current_player == (self.leader + len(self.trick)) % n, "out of turn"
        elif self.phase == "pick":
            assert len(self.trick) == n and self.current_player == trick_takers(self.trick, self.k1)[0]
        else:
            assert self.current_player == self.pending_plus[0]
        for s in range(n):
            if self.plus[s] is None and s not in self.pending_plus:
                assert not all(self.collections[s][c] for c in COLOURS), f"seat {s} owes a plus choice"

