"""Was sticht? (Karl-Heinz Schmiel): rules as on shared/rules/was-sticht.md.

Phases: "task_draft" (the opening: everyone takes tasks from the open display), then per round
"row_draft" (one card each from the current row; a hint after every row), "task_choice" (the
non-starters choose a task), "play" (9 tricks), "discard" (only when the starter is entitled to lay
down a task of his own) and finally "over".
"""


from game import cards
from game.engine import GameState, seats_from_to
from game.i18n import _, N_
from game.shapes import Kind, OneOf, OrNone, declared

PLAYERS = 4
COLOURS = "RGBY"
DECK = cards.deck({c: range(1, 10) for c in COLOURS})
VALUE = {c: cards.value(c) for c in DECK}
ROWS = 9
ROW_SIZE = 4
TRICKS = 9

# The trump cards: five colour cards (one is "no trump colour") and ten number cards.
TRUMP_COLOURS = ("R", "G", "B", "Y", None)
TRUMP_NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, None)
TRUMP_COMBOS = [(c, n) for c in TRUMP_COLOURS for n in TRUMP_NUMBERS]

# task id -> (what it asks, difficulty). The English is the message id: show it with task_text(task)
# (or _(TASKS[task][0])), never as it stands.
TASKS = {
    "T01": (N_("no tricks"), 3),
    "T02": (N_("exactly 1 trick"), 2),
    "T03": (N_("exactly 2 tricks"), 1),
    "T04": (N_("exactly 3 tricks"), 3),
    "T05": (N_("exactly 4 tricks"), 5),
    "T06": (N_("at least 5 tricks"), 7),
    "T07": (N_("more tricks than every other player"), 5),
    "T08": (N_("fewer tricks than every other player"), 4),
    "T09": (N_("the first trick"), 2),
    "T10": (N_("the last trick"), 3),
    "T11": (N_("the first and the last trick"), 6),
    "T12": (N_("three tricks in a row"), 6),
    "T13": (N_("at least 2 tricks, never two in a row"), 4),
    "T14": (N_("at least 1 trick, and no red card in your tricks"), 5),
    "T15": (N_("at least 1 trick, and no yellow card in your tricks"), 5),
    "T16": (N_("at least 1 trick, and no green card in your tricks"), 5),
    "T17": (N_("at least 1 trick, and no blue card in your tricks"), 5),
    "T18": (N_("at least 1 trick, and no 9 in your tricks"), 4),
    "T19": (N_("at least two 9s in your tricks"), 5),
    "T20": (N_("at least two 1s in your tricks"), 5),
    "T21": (N_("the values of the cards in your tricks add up to 60 or more"), 6),
    "T22": (N_("at least 1 trick, and the values of the cards in your tricks add up to 15 or less"), 7),
    "T23": (N_("win a trick with a card of value 3 or lower"), 5),
    "T24": (N_("the first three tricks"), 8),
}
TASK_IDS = list(TASKS)


def task_text(task):
    """What TASK asks, in words in the language now: "exactly 1 trick"."""
    return _(TASKS[task][0])


def task_named(task):
    """TASK as a sentence names it: its words in quotes ("'exactly 1 trick'"); a code that is no task's,
    as it came (a reason says what was asked for)."""
    if task not in TASKS:
        return str(task)
    # TRANSLATORS: a task's words in quotes, e.g. 'exactly 1 trick'
    return _("'{task}'").format(task=task_text(task))


# The action key each phase asks for, and what to tell someone who offers another kind.
PHASE_KIND = {"task_draft": "take_task", "row_draft": "draft", "task_choice": "task",
              "play": "play", "discard": "discard"}
KINDS = frozenset(PHASE_KIND.values())
# One action tuple per card and per task, built once for the inner loops.
PLAY = {c: ("play", c) for c in DECK}
DRAFT = {c: ("draft", c) for c in DECK}
_PLAY_OF, _DRAFT_OF = PLAY.__getitem__, DRAFT.__getitem__
TAKE_TASK = {t: ("take_task", t) for t in TASK_IDS}
CHOOSE_TASK = {t: ("task", t) for t in TASK_IDS}
# What each kind of action holds (game.shapes), checked before any rule here sees an action.
_CARD = OneOf(frozenset(DECK), N_("{value} is not a card (R, G, B or Y with 1 to 9)"))
_TASK = OneOf(frozenset(TASK_IDS), N_("{value} is not a task (T01 to T24)"))
ACTION_SHAPES = declared({"take_task": Kind(_TASK), "draft": Kind(_CARD), "task": Kind(_TASK), "play": Kind(_CARD),
                          "discard": Kind(OrNone(_TASK))})


def _plays_for(hand, trick, suit):
    """The legal card plays from HAND into TRICK ([(seat, card), ...]) when SUIT maps every card
    to its suit under this deal's trump: the led suit's cards, or any card if none is held."""
    if trick:
        led = suit[trick[0][1]]
        follow = [PLAY[c] for c in hand if suit[c] == led]
        if follow:
            return follow
    return list(map(_PLAY_OF, hand))


# --- card order --------------------------------------------------------------------------------------
def _trump_ranks(trump_colour, trump_number):
    """Rank of every card as a trump (0 for a plain card); higher beats lower, equal: first wins.

    Plain cards of the led colour rank by value (1-9) at trick time, below every trump.
    """
    ranks = {}
    for card in DECK:
        colour, value = card[0], VALUE[card]
        if value == trump_number:
            ranks[card] = 40 if colour == trump_colour else 30  # other number trumps are all equal
        elif colour == trump_colour:
            ranks[card] = 10 + value
        else:
            ranks[card] = 0
    return ranks


def _suits(trump_colour, trump_number):
    """The suit each card follows as: "T" for every trump, else its printed colour."""
    return {card: "T" if (card[0] == trump_colour or VALUE[card] == trump_number) else card[0]
            for card in DECK}


# All 50 combinations are tiny; computing them once keeps trick evaluation a few dict lookups.
TRUMP_RANKS = {combo: _trump_ranks(*combo) for combo in TRUMP_COMBOS}
SUITS = {combo: _suits(*combo) for combo in TRUMP_COMBOS}
# Per combination and printed colour of the first card: every card's rank in that trick (a trump's
# rank, else the value for the led colour, else 0), so a trick's winner is its first highest rank.
LED_RANKS = {combo: {lead: {card: ranks[card] or (VALUE[card] if card[0] == lead else 0) for card in DECK}
                     for lead in COLOURS}
             for combo, ranks in TRUMP_RANKS.items()}


def _winner(cards_in_order, ranks):
    lead_colour = cards_in_order[0][0]
    best, best_rank = 0, -1
    for i, card in enumerate(cards_in_order):
        rank = ranks[card]
        if not rank and card[0] == lead_colour:
            rank = VALUE[card]  # a led trump outranks these anyway, so the lead's colour is enough
        if rank > best_rank:  # strict: of equal cards the one played first wins
            best, best_rank = i, rank
    return best


def trick_winner(cards_in_order, trump_colour, trump_number):
    """Index of the winning card of a trick (cards in play order); used for hints and tricks."""
    return _winner(cards_in_order, TRUMP_RANKS[(trump_colour, trump_number)])


def possible_trumps(rows_taken, hints):
    """The trump combinations (colour or None, number or None) that agree with every hint so far.

    rows_taken: the drafted rows, each [(seat, card), ...] in take order (a row still being drafted
    may follow); hints: the announced winners, row 1 first.
    """
    judged = [([c for _, c in row], [s for s, _ in row], hint) for row, hint in zip(rows_taken, hints)]
    return [combo for combo in TRUMP_COMBOS
            if all(seats[_winner(row, TRUMP_RANKS[combo])] == hint for row, seats, hint in judged)]


# --- tasks -------------------------------------------------------------------------------------------
def trick_runs(won):
    """(longest run of consecutive trick numbers, length of the run ending at the last one)."""
    best = run = 0
    last = None
    for i in won:
        run = run + 1 if last == i - 1 else 1
        best = max(best, run)
        last = i
    return best, run


def _longest_run(won):
    return trick_runs(won)[0]


def _no_colour(colour):
    return lambda t: bool(t.won) and all(c[0] != colour for c in t.cards)


class _Taken:
    """What one seat took in a round: trick numbers (from 0), cards, counts of everyone. The cards
    are gathered on first use (most tasks look at trick numbers only)."""

    __slots__ = ("seat", "tricks", "won", "counts")

    def __init__(self, seat, tricks, won=None, counts=None):
        self.seat = seat
        self.tricks = tricks
        if won is None:
            won = [i for i, t in enumerate(tricks) if t["winner"] == seat]
            counts = [0] * PLAYERS
            for t in tricks:
                counts[t["winner"]] += 1
        self.won = won
        self.counts = counts

    @property
    def others(self):
        """The trick counts of the other seats (worked out when a task asks)."""
        seat = self.seat
        return [n for s, n in enumerate(self.counts) if s != seat]

    @classmethod
    def every_seat(cls, tricks):
        """[_Taken(seat, tricks) for every seat], with one pass over the tricks."""
        won = [[] for _ in range(PLAYERS)]
        counts = [0] * PLAYERS
        for i, t in enumerate(tricks):
            w = t["winner"]
            counts[w] += 1
            won[w].append(i)
        return [cls(seat, tricks, won[seat], counts) for seat in range(PLAYERS)]

    @property
    def cards(self):
        seat = self.seat
        return [c for t in self.tricks if t["winner"] == seat for _, c in t["cards"]]

    @property
    def winning_cards(self):
        seat = self.seat
        return [c for t in self.tricks if t["winner"] == seat for s, c in t["cards"] if s == seat]

    @property
    def sum(self):
        return sum(VALUE[c] for c in self.cards)


_TASK_TESTS = {
    "T01": lambda t: len(t.won) == 0,
    "T02": lambda t: len(t.won) == 1,
    "T03": lambda t: len(t.won) == 2,
    "T04": lambda t: len(t.won) == 3,
    "T05": lambda t: len(t.won) == 4,
    "T06": lambda t: len(t.won) >= 5,
    "T07": lambda t: all(len(t.won) > n for n in t.others),
    "T08": lambda t: all(len(t.won) < n for n in t.others),
    "T09": lambda t: 0 in t.won,
    "T10": lambda t: TRICKS - 1 in t.won,  # trick 9: not met while it is unplayed
    "T11": lambda t: 0 in t.won and TRICKS - 1 in t.won,
    "T12": lambda t: _longest_run(t.won) >= 3,
    "T13": lambda t: len(t.won) >= 2 and _longest_run(t.won) == 1,
    "T14": _no_colour("R"),
    "T15": _no_colour("Y"),
    "T16": _no_colour("G"),
    "T17": _no_colour("B"),
    "T18": lambda t: bool(t.won) and all(VALUE[c] != 9 for c in t.cards),
    "T19": lambda t: sum(VALUE[c] == 9 for c in t.cards) >= 2,
    "T20": lambda t: sum(VALUE[c] == 1 for c in t.cards) >= 2,
    "T21": lambda t: t.sum >= 60,
    "T22": lambda t: bool(t.won) and t.sum <= 15,
    "T23": lambda t: any(VALUE[c] <= 3 for c in t.winning_cards),
    "T24": lambda t: 0 in t.won and 1 in t.won and 2 in t.won,
}


def task_fulfilled(task_id, seat, tricks):
    """True if SEAT's own tricks meet the task. tricks: the round's finished tricks so far, each
    {"cards": [[seat, card], ...] in play order, "winner": seat} (the record's trick line)."""
    return _TASK_TESTS[task_id](_Taken(seat, tricks))


# --- the state ---------------------------------------------------------------------------------------
class WasStichtState(GameState):
    game_id = "wassticht"
    action_shapes = ACTION_SHAPES
    player_counts = (4,)
    default_options = {"tasks_per_player": 5}

    def __init__(self, players=4, seed=0, seats=None, options=None, chance=None):
        super().__init__(players, seed, seats, options, chance)
        per = self.options["tasks_per_player"]
        if type(per) is not int or per not in (4, 5):
            raise ValueError(f"tasks_per_player must be 4 or 5, not {per!r}")
        self.tasks_per_player = per
        self.offer = list(TASK_IDS)  # open during the task draft
        self.out = []  # left the game after the draft
        self.held = [[] for _ in range(PLAYERS)]
        self.laid = [[] for _ in range(PLAYERS)]
        self.history = []
        self.starter = None
        self._clear_round()
        self.phase = "task_draft"
        self.current_player = 0
        self._emit({"t": "tasks", "offer": list(TASK_IDS)})  # all lie open: no chance (decision)

    def _clear_round(self):
        self.trump_colour = self.trump_number = None
        self._ranks = TRUMP_RANKS[(None, None)]
        self._suit = SUITS[(None, None)]
        self.rows = [[] for _ in range(ROWS)]
        self.row = 0  # the row being drafted, 1-9
        self.drafted = []  # per drafted row: [[seat, card], ...] in take order
        self.hints = []
        self.hands = [[] for _ in range(PLAYERS)]
        self.chosen = [None] * PLAYERS
        self.trick = []
        self.tricks = []  # finished: {"cards": [[seat, card], ...], "winner": seat}
        self.won = [0] * PLAYERS
        self.leader = None
        self.fulfilled = []  # non-starters who met their task, at round end
        self.entitled = []  # failed non-starters whose task the starter's tricks meet

    # --- round flow ------------------------------------------------------------------------------
    def _start_round(self):
        self._clear_round()
        self.round += 1
        self.starter = (self.round - 1) % PLAYERS
        deal = self._chance("deal", self._deal, self._check_deal)
        self.trump_colour, self.trump_number = deal["trump_colour"], deal["trump_number"]
        combo = (self.trump_colour, self.trump_number)
        self._ranks, self._suit = TRUMP_RANKS[combo], SUITS[combo]
        self.rows = [list(r) for r in deal["rows"]]
        if self._record:
            self._emit({"t": "deal", "round": self.round, "starter": self.starter,
                        "trump_colour": self.trump_colour, "trump_number": self.trump_number,
                        "rows": [list(r) for r in self.rows]})
        self.phase = "row_draft"
        self.row = 1
        self.drafted = [[]]
        self.current_player = (self.starter + 1) % PLAYERS  # the disc starts left of the starter

    def _deal(self, rng):
        colour = rng.choice(TRUMP_COLOURS)
        number = rng.choice(TRUMP_NUMBERS)
        deck = list(DECK)
        cards.shuffle(rng, deck)
        return {"trump_colour": colour, "trump_number": number,
                "rows": [deck[i:i + ROW_SIZE] for i in range(0, len(deck), ROW_SIZE)]}

    @staticmethod
    def _check_deal(deal):
        if not isinstance(deal, dict) or any(k not in deal for k in ("trump_colour", "trump_number", "rows")):
            return "a deal needs trump_colour, trump_number and rows"
        colour, number, rows = deal["trump_colour"], deal["trump_number"], deal["rows"]
        if not (colour is None or (isinstance(colour, str) and colour in COLOURS and len(colour) == 1)):
            return f"the trump colour is R, G, B, Y or null, not {colour!r}"
        if not (number is None or (type(number) is int and 1 <= number <= 9)):
            return f"the trump number is 1 to 9 or null, not {number!r}"
        if (not isinstance(rows, list) or len(rows) != ROWS
                or any(not isinstance(r, list) or len(r) != ROW_SIZE for r in rows)):
            return f"the cards lie in {ROWS} rows of {ROW_SIZE}"
        laid_out = [c for r in rows for c in r]
        if any(not isinstance(c, str) for c in laid_out) or sorted(laid_out) != sorted(DECK):
            return "the rows are not exactly the 36 cards"
        return None

    @classmethod
    def chance_outcome(cls, line):
        """The chance outcome a record line carries, for feeding a record back in, or None."""
        if not isinstance(line, dict) or line.get("t") != "deal":
            return None
        # Only the keys present: a missing key must fail the check, not read as "no trump".
        return ("deal", {k: line[k] for k in ("trump_colour", "trump_number", "rows") if k in line})

    def _end_tricks(self):
        starter, tricks, chosen = self.starter, self.tricks, self.chosen
        others = [s for s in range(PLAYERS) if s != starter]
        takens = _Taken.every_seat(tricks)
        self.fulfilled = [s for s in others if _TASK_TESTS[chosen[s]](takens[s])]
        mine = takens[starter]
        self.entitled = [s for s in others if s not in self.fulfilled and _TASK_TESTS[chosen[s]](mine)]
        if self.entitled:
            self.phase = "discard"
            self.current_player = starter
        else:
            self._close_round(None)

    def _close_round(self, discard):
        laid_down = {}
        points = [0] * PLAYERS
        for s in range(PLAYERS):
            task = self.chosen[s] if s in self.fulfilled else (discard if s == self.starter else None)
            if task is not None:
                self.held[s].remove(task)
                self.laid[s].append(task)
                laid_down[str(s)] = task
                points[s] = 1
        self.totals = [t + p for t, p in zip(self.totals, points)]
        if self._record:
            self._emit({"t": "done", "round": self.round, "fulfilled": list(self.fulfilled),
                        "laid_down": dict(laid_down)})
            self._emit({"t": "score", "round": self.round, "points": points, "totals": list(self.totals)})
        self.history.append({"round": self.round, "starter": self.starter,
                             "trump_colour": self.trump_colour, "trump_number": self.trump_number,
                             "chosen": list(self.chosen), "fulfilled": list(self.fulfilled),
                             "entitled": list(self.entitled), "laid_down": laid_down,
                             "points": points, "totals": list(self.totals)})
        finishers = [s for s in range(PLAYERS) if not self.held[s]]
        if finishers:
            self._finish(self._winners(finishers))
        else:
            self._next_round()

    def _winners(self, finishers):
        """Everyone who laid down all; several: the highest difficulty sum, equal sums share."""
        sums = {s: sum(TASKS[t][1] for t in self.laid[s]) for s in finishers}
        best = max(sums.values())
        return [s for s in finishers if sums[s] == best]

    # --- legal actions -----------------------------------------------------------------------------
    def legal_actions(self):
        # GameState.legal_actions with the row draft written out: the random self-play's inner loop.
        legal = self._legal_cache
        if legal is None:
            phase = self.phase
            if self.current_player is None:
                legal = []
            elif phase == "play":
                legal = _plays_for(self.hands[self.current_player], self.trick, self._suit)
            elif phase == "row_draft":
                legal = list(map(_DRAFT_OF, self.rows[self.row - 1]))
            else:
                legal = self._legal()
            self._legal_cache = legal
        return legal

    legal_actions.__doc__ = GameState.legal_actions.__doc__

    def _legal(self):
        """The legal actions where legal_actions does not work them out itself."""
        phase = self.phase
        if phase == "task_choice":
            return [CHOOSE_TASK[t] for t in self.held[self.current_player]]
        if phase == "task_draft":
            return [TAKE_TASK[t] for t in self.offer]
        if phase == "discard":
            return [("discard", t) for t in self.held[self.starter]] + [("discard", None)]
        return []

    def _phase_text(self):
        who = self.seats[self.current_player].name
        phase = self.phase
        if phase == "task_draft":
            return _("it is the task draft now: {player} takes a task").format(player=who)
        if phase == "row_draft":
            return _("it is the row draft now: {player} takes a card from row {row}").format(player=who, row=self.row)
        if phase == "task_choice":
            return _("it is the task choice now: {player} chooses a task").format(player=who)
        if phase == "play":
            return _("it is time to play a card: {player} plays").format(player=who)
        return _("the round is over: {player} (the starter) may lay down a task or none").format(player=who)

    def _why(self, action):
        if not (isinstance(action, tuple) and len(action) == 2) or action[0] not in KINDS:
            return _("{action} is not an action of Was sticht?").format(action=repr(action))
        kind, arg = action
        if kind != PHASE_KIND[self.phase]:
            return self._phase_text()
        seat = self.current_player
        if kind in ("take_task", "task") or (kind == "discard" and arg is not None):
            if not isinstance(arg, str) or arg not in TASKS:
                return _("{value} is not a task (T01 to T24)").format(value=repr(arg))
            return self._why_task(kind, arg, seat)
        if not isinstance(arg, str) or arg not in VALUE:
            return _("{value} is not a card (R, G, B or Y with 1 to 9)").format(value=repr(arg))
        if kind == "draft":
            for s, hand in enumerate(self.hands):
                if arg in hand:
                    if s == seat:
                        # TRANSLATORS: {card} is a card's code, e.g. R7
                        return _("{card} is already taken (you hold it)").format(card=arg)
                    return _("{card} is already taken ({player} holds it)").format(card=arg, player=self.seats[s].name)
            for k, r in enumerate(self.rows):
                if arg in r:
                    return _("{card} is not in row {row} (it lies in row {other})").format(
                        card=arg, row=self.row, other=k + 1)
            return _("{card} is not in row {row}").format(card=arg, row=self.row)
        if arg not in self.hands[seat]:
            # TRANSLATORS: {card} is a card's code, e.g. R10
            return _("you don't hold {card}").format(card=arg)
        led = self.trick[0][1]
        if self._suit[led] == "T":
            return _("you must play a trump (the led card is a trump)")
        name = _(cards.COLOUR_NAMES[led[0]])
        if arg[0] == led[0]:
            # TRANSLATORS: {colour} is a colour's name ("red"), {card} a card's code ("R7")
            return _("you must follow {colour} with a card that is not a trump ({card} is a trump, not {colour})").format(
                colour=name, card=arg)
        # TRANSLATORS: {colour} is a colour's name: "red", "green"...
        return _("you must follow {colour}").format(colour=name)

    def _why_task(self, kind, task, seat):
        if kind == "take_task":
            for s in range(PLAYERS):
                if task in self.held[s]:
                    if s == seat:
                        # TRANSLATORS: {task} is a task's words in quotes, e.g. 'exactly 1 trick'
                        return _("{task} is not open (you took it)").format(task=task_named(task))
                    return _("{task} is not open ({player} took it)").format(task=task_named(task),
                                                                             player=self.seats[s].name)
            return _("{task} is not open").format(task=task_named(task))
        if task in self.laid[seat]:
            return _("you have already laid down {task}").format(task=task_named(task))
        return _("you don't hold {task}").format(task=task_named(task))

    # --- applying ------------------------------------------------------------------------------------
    def secret_seats(self):
        if self.phase != "task_choice":
            return ()
        return seats_from_to(self.current_player, self.starter, PLAYERS)

    def push(self, action):
        # GameState.push with the card play written out: the search's inner loop (game.engine).
        self._legal_cache = None
        kind, arg = action
        if kind == "play":
            seat = self.current_player
            self.hands[seat].remove(arg)
            trick = self.trick
            trick.append((seat, arg))
            if len(trick) < PLAYERS:
                seat += 1
                self.current_player = 0 if seat == PLAYERS else seat
                return
            self._close_trick(trick)
        elif kind == "draft":  # the card leaves the row for the hand; the hint after the row
            seat = self.current_player
            row = self.rows[self.row - 1]
            row.remove(arg)
            self.hands[seat].append(arg)
            taken = self.drafted[-1]
            taken.append([seat, arg])
            if row:
                seat += 1
                self.current_player = 0 if seat == PLAYERS else seat
            else:
                self._row_drafted(taken)
        elif kind == "take_task":
            self._take_task(arg)
        elif kind == "task":
            self._choose_task(arg)
        else:
            self._close_round(arg)

    _apply = push

    def push_random(self, rng, phase=None):
        # GameState.push_random with cards drawn straight from the row or the hand: the
        # rollouts' inner loop (a whole row draft or all nine tricks in one call).
        own = self.phase
        if phase is not None and phase != own:
            return 0
        if own == "row_draft" and self.current_player is not None:
            self._legal_cache = None
            random = rng.random
            rows, hands = self.rows, self.hands
            seat = self.current_player
            row, taken = rows[self.row - 1], self.drafted[-1]
            count = 0
            while True:  # push's draft written out
                i = int(random() * len(row))
                card = row[i]
                del row[i]
                hands[seat].append(card)
                taken.append([seat, card])
                count += 1
                if row:
                    seat += 1
                    if seat == PLAYERS:
                        seat = 0
                    if phase is None:
                        self.current_player = seat
                        return count
                    continue
                self._row_drafted(taken)
                if phase is None or self.phase != "row_draft":
                    return count
                seat = self.current_player
                row, taken = rows[self.row - 1], self.drafted[-1]
        if own == "task_draft" and self.current_player is not None:
            self._legal_cache = None
            random = rng.random
            offer, held, last = self.offer, self.held, self.held[PLAYERS - 1]
            per = self.tasks_per_player
            seat = self.current_player
            count = 0
            while True:  # _take_task written out
                i = int(random() * len(offer))
                held[seat].append(offer[i])
                del offer[i]
                count += 1
                if len(last) == per:  # the last seat takes last
                    self.out = offer
                    self.offer = []
                    self._next_round()
                    return count
                seat += 1
                if seat == PLAYERS:
                    seat = 0
                if phase is None:
                    self.current_player = seat
                    return count
        if own == "play" and self.current_player is not None:
            self._legal_cache = None
            random = rng.random
            hands, suit = self.hands, self._suit
            trick = self.trick
            seat = self.current_player
            led = suit[trick[0][1]] if trick else None
            count = 0
            while True:  # push's card play written out
                hand = hands[seat]
                if led is not None:
                    pool = [c for c in hand if suit[c] == led]
                    if pool:
                        card = pool[int(random() * len(pool))]
                        hand.remove(card)
                    else:
                        pool = hand
                if led is None or pool is hand:
                    if not hand:
                        self.current_player = seat
                        return count
                    i = int(random() * len(hand))
                    card = hand[i]
                    del hand[i]
                trick.append((seat, card))
                count += 1
                if len(trick) < PLAYERS:
                    if led is None:
                        led = suit[card]
                    seat += 1
                    if seat == PLAYERS:
                        seat = 0
                    if phase is None:
                        self.current_player = seat
                        return count
                else:
                    self._close_trick(trick)
                    if phase is None or self.phase != "play":
                        return count
                    trick, seat, led = self.trick, self.current_player, None
        return GameState.push_random(self, rng, phase)

    def _take_task(self, task):
        seat = self.current_player
        self.offer.remove(task)
        self.held[seat].append(task)
        if len(self.held[PLAYERS - 1]) == self.tasks_per_player:  # the last seat takes last
            self.out = self.offer
            self.offer = []
            self._next_round()
        else:
            self.current_player = (seat + 1) % PLAYERS

    def _row_drafted(self, taken):
        """The row is empty (TAKEN: its [seat, card] in take order): the hint, then the next row
        or the task choice."""
        winner = taken[_winner([c for _, c in taken], self._ranks)][0]
        self.hints.append(winner)
        if self._record:
            self._emit({"t": "hint", "round": self.round, "row": self.row, "winner": winner})
        if self.row == ROWS:
            self.phase = "task_choice"  # the starter reveals the trump now
            self.current_player = (self.starter + 1) % PLAYERS
        else:
            self.row += 1
            self.drafted.append([])
            self.current_player = (self.starter + self.row) % PLAYERS  # the disc moves left

    def _choose_task(self, task):
        seat = self.current_player
        self.chosen[seat] = task
        nxt = (seat + 1) % PLAYERS
        if nxt == self.starter:  # all three chose: revealed together, the tricks begin
            self.phase = "play"
            self.leader = self.current_player = (self.starter + 1) % PLAYERS
        else:
            self.current_player = nxt

    def _close_trick(self, trick):
        ranks = LED_RANKS[(self.trump_colour, self.trump_number)][trick[0][1][0]]
        winner, best = None, -1
        for seat, card in trick:  # the first highest rank wins
            rank = ranks[card]
            if rank > best:
                winner, best = seat, rank
        self.tricks.append({"cards": [[s, c] for s, c in trick], "winner": winner})
        if self._record:
            self._emit({"t": "trick", "cards": [[s, c] for s, c in trick], "winner": winner})
        self.won[winner] += 1
        self.trick = []
        self.leader = winner
        if len(self.tricks) == TRICKS:
            self._end_tricks()
        else:
            self.current_player = winner

    # --- what a seat sees -------------------------------------------------------------------------------
    def trump_revealed(self):
        """True once the starter has shown the trump (after row 9 until the next deal)."""
        return self.round > 0 and self.phase not in ("task_draft", "row_draft")

    def view(self, seat):
        knows_trump = self.trump_revealed() or (seat == self.starter and self.phase == "row_draft")
        all_chosen = self.phase in ("play", "discard", "over")
        drafting = self.phase == "row_draft"
        return {
            "game": self.game_id, "seat": seat, "players": PLAYERS, "phase": self.phase,
            "round": self.round, "starter": self.starter, "current_player": self.current_player,
            "tasks_per_player": self.tasks_per_player,
            "task_offer": list(self.offer), "tasks_out": list(self.out),
            "held_tasks": [list(h) for h in self.held], "laid_down": [list(l) for l in self.laid],
            "hands": [cards.sorted_cards(h) for h in self.hands],
            "hand": cards.sorted_cards(self.hands[seat]) if seat is not None else [],
            # open cards, but in the shuffled deck's order: shown in a canonical one
            "rows": [cards.sorted_cards(r) for r in self.rows],
            "row": self.row if drafting else None,
            "disc": (self.starter + self.row) % PLAYERS if drafting else None,
            "drafted": [[list(p) for p in r] for r in self.drafted],
            "hints": list(self.hints),
            "possible_trumps": [[c, n] for c, n in possible_trumps(self.drafted, self.hints)],
            # "trump_known" tells "no trump colour" (None) apart from "not shown to you" (None too).
            "trump_known": knows_trump,
            "trump_colour": self.trump_colour if knows_trump else None,
            "trump_number": self.trump_number if knows_trump else None,
            "chosen": [t if (s == seat or all_chosen) else None for s, t in enumerate(self.chosen)],
            "chosen_by": [s for s, t in enumerate(self.chosen) if t is not None],
            "trick": [[s, c] for s, c in self.trick], "leader": self.leader,
            # who wins the trick so far: known once the trump is shown, as the tricks are played after it
            "trick_winner": (self.trick[trick_winner([c for _, c in self.trick], self.trump_colour, self.trump_number)][0]
                             if self.trick and self.trump_revealed() else None),
            "tricks": [{"cards": [list(p) for p in t["cards"]], "winner": t["winner"]} for t in self.tricks],
            "tricks_won": list(self.won),
            "fulfilled": list(self.fulfilled), "entitled": list(self.entitled),
            "totals": list(self.totals),
            "history": [_copy_result(h) for h in self.history],
            "winners": list(self.winners) if self.winners is not None else None,
        }

    def action_universe(self):
        acts = [("take_task", t) for t in TASK_IDS]
        acts += [("draft", c) for c in DECK]
        acts += [("task", t) for t in TASK_IDS]
        acts += [("play", c) for c in DECK]
        return acts + [("discard", t) for t in TASK_IDS] + [("discard", None)]

    def _snapshot(self):
        return {"tasks_per_player": self.tasks_per_player, "offer": self.offer, "out": self.out,
                "held": self.held, "laid": self.laid, "history": self.history, "starter": self.starter,
                "trump": [self.trump_colour, self.trump_number], "rows": self.rows, "row": self.row,
                "drafted": self.drafted, "hints": self.hints, "hands": self.hands, "chosen": self.chosen,
                "trick": self.trick, "tricks": self.tricks, "won": self.won, "leader": self.leader,
                "fulfilled": self.fulfilled, "entitled": self.entitled}

    # --- for search bots ------------------------------------------------------------------------------
    def clone(self, record=True, rng=None, stop_at_round_end=None):
        """A copy that changes apart from this state: mutable parts are copied one level per nesting,
        finished tricks, history entries, drafted pairs and the trump tables are shared (never
        changed in place).

        record=False: the copy starts with no events and emits none (for simulations, which move
        with ``push``); rng: the copy's generator (default: a copy of ours); stop_at_round_end:
        see ``GameState.stop_at_round_end`` (None: as this state).
        """
        new = self._copy_base(record, rng, stop_at_round_end)
        new.offer = list(self.offer)
        new.out = list(self.out)
        new.held = [list(h) for h in self.held]
        new.laid = [list(l) for l in self.laid]
        new.history = list(self.history)
        new.rows = [list(r) for r in self.rows]
        new.drafted = [list(r) for r in self.drafted]
        new.hints = list(self.hints)
        new.hands = [list(h) for h in self.hands]
        new.chosen = list(self.chosen)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.won = list(self.won)
        new.fulfilled = list(self.fulfilled)
        new.entitled = list(self.entitled)
        return new

    def set_hidden(self, trump=None, chosen=None):
        """Put a guess at what a view hides into this state (one from ``from_view`` or a clone of
        one): the trump (colour or None, number or None; None leaves it) and the chosen tasks
        ({seat: task} for the seats whose choice is secret; None leaves them)."""
        if trump is not None:
            self.trump_colour, self.trump_number = trump
            self._ranks, self._suit = TRUMP_RANKS[tuple(trump)], SUITS[tuple(trump)]
        if chosen:
            for seat, task in chosen.items():
                self.chosen[seat] = task
        self._legal_cache = None

    @classmethod
    def from_view(cls, view, trump, chosen, rng=None, record=False, stop_at_round_end=False):
        """A state that agrees with VIEW, completed by a guess at what the view hides: the trump
        (colour or None, number or None) and every seat's chosen task (None where not chosen yet).
        ``from_view(...).view(view["seat"]) == view`` when the guess fits. record,
        stop_at_round_end: as for ``clone``."""
        options = {"tasks_per_player": view["tasks_per_player"]}
        new = cls._blank(PLAYERS, options=options, rng=rng, record=record,
                         stop_at_round_end=stop_at_round_end)
        new.tasks_per_player = view["tasks_per_player"]
        new.phase = view["phase"]
        new.round = view["round"]
        new.starter = view["starter"]
        new.current_player = view["current_player"]
        new.totals = list(view["totals"])
        new.winners = None if view["winners"] is None else list(view["winners"])
        new.offer = list(view["task_offer"])
        new.out = list(view["tasks_out"])
        new.held = [list(h) for h in view["held_tasks"]]
        new.laid = [list(l) for l in view["laid_down"]]
        new.history = [_copy_result(h) for h in view["history"]]
        if new.round == 0:
            trump = (None, None)
        new.trump_colour, new.trump_number = trump
        new._ranks = TRUMP_RANKS[tuple(trump)]
        new._suit = SUITS[tuple(trump)]
        new.rows = [list(r) for r in view["rows"]]
        new.row = view["row"] if new.phase == "row_draft" else (0 if new.round == 0 else ROWS)
        new.drafted = [[list(p) for p in r] for r in view["drafted"]]
        new.hints = list(view["hints"])
        new.hands = [list(h) for h in view["hands"]]
        new.chosen = list(chosen)
        new.trick = [(s, c) for s, c in view["trick"]]
        new.tricks = [{"cards": [list(p) for p in t["cards"]], "winner": t["winner"]} for t in view["tricks"]]
        new.won = list(view["tricks_won"])
        new.leader = view["leader"]
        new.fulfilled = list(view["fulfilled"])
        new.entitled = list(view["entitled"])
        new._legal_cache = None
        return new

    # --- for tests ------------------------------------------------------------------------------------
    def check_invariants(self):
        """Raise AssertionError if the state breaks a rule of the game's bookkeeping."""
        self._check_tasks()
        if self.round == 0:
            assert self.phase == "task_draft", f"phase {self.phase} before the first round"
            assert not any(self.hands) and not any(self.rows) and not self.trick and not self.tricks, \
                "cards lie out before the first deal"
            return
        self._check_cards()
        self._check_turn()

    def _check_tasks(self):
        places = {}
        lists = [("offer", self.offer), ("out", self.out)]
        lists += [(f"held by {s}", h) for s, h in enumerate(self.held)]
        lists += [(f"laid down by {s}", l) for s, l in enumerate(self.laid)]
        for where, tasks in lists:
            for t in tasks:
                assert t in TASKS, f"unknown task {t!r} {where}"
                assert t not in places, f"{t} is {places[t]} and {where}"
                places[t] = where
        assert len(places) == len(TASKS), f"tasks lost: {sorted(set(TASKS) - set(places))}"
        assert self.totals == [len(l) for l in self.laid], f"totals {self.totals} vs laid down {self.laid}"
        per = self.tasks_per_player
        if self.phase == "task_draft":
            taken = sum(len(h) for h in self.held)
            assert not self.out and not any(self.laid), "tasks out or laid down during the draft"
            assert self.current_player == taken % PLAYERS, f"seat {self.current_player} takes task {taken + 1}"
            for s, h in enumerate(self.held):
                assert len(h) == taken // PLAYERS + (s < taken % PLAYERS), f"seat {s} holds {len(h)} tasks"
            return
        assert not self.offer, "tasks still open after the draft"
        assert len(self.out) == len(TASKS) - PLAYERS * per, f"{len(self.out)} tasks out of the game"
        for s in range(PLAYERS):
            assert len(self.held[s]) + len(self.laid[s]) == per, f"seat {s} has lost or gained tasks"
        for s, t in enumerate(self.chosen):
            if t is not None:
                assert s != self.starter, "the starter chose a task"
                # After the last round the chosen task may lie among the laid-down ones.
                mine = self.held[s] + (self.laid[s] if self.phase == "over" else [])
                assert t in mine, f"seat {s} chose {t}, which he does not hold"

    def _check_cards(self):
        places = {}
        lists = [(f"row {k + 1}", r) for k, r in enumerate(self.rows)]
        lists += [(f"hand {s}", h) for s, h in enumerate(self.hands)]
        lists += [("trick", [c for _, c in self.trick])]
        lists += [(f"trick {i + 1}", [c for _, c in t["cards"]]) for i, t in enumerate(self.tricks)]
        for where, pile in lists:
            for c in pile:
                assert c in VALUE, f"unknown card {c!r} in {where}"
                assert c not in places, f"{c} is in {places[c]} and in {where}"
                places[c] = where
        assert len(places) == len(DECK), f"cards lost: {sorted(set(DECK) - set(places))}"
        for i, t in enumerate(self.tricks):
            order = t["cards"]
            assert t["winner"] == order[trick_winner([c for _, c in order], self.trump_colour,
                                                     self.trump_number)][0], f"trick {i + 1} winner"
        assert self.won == [sum(t["winner"] == s for t in self.tricks) for s in range(PLAYERS)], "trick counts"
        # What each seat drafted is exactly what it holds and has played.
        for s in range(PLAYERS):
            drafted = sorted(c for r in self.drafted for p, c in r if p == s)
            played = [c for t in self.tricks for p, c in t["cards"] if p == s]
            played += [c for p, c in self.trick if p == s]
            assert drafted == sorted(self.hands[s] + played), f"seat {s}'s cards are not what he drafted"

    def _check_turn(self):
        phase, starter = self.phase, self.starter
        assert starter == (self.round - 1) % PLAYERS, f"starter {starter} in round {self.round}"
        sizes = [len(h) for h in self.hands]
        if phase == "row_draft":
            k, taken = self.row, len(self.drafted[-1])
            disc = (starter + k) % PLAYERS
            assert len(self.drafted) == k and len(self.hints) == k - 1, "rows drafted vs hints"
            assert all(not r for r in self.rows[:k - 1]) and all(len(r) == ROW_SIZE for r in self.rows[k:]), \
                "rows before the current one must be empty, later ones full"
            assert len(self.rows[k - 1]) == ROW_SIZE - taken, f"row {k} size"
            took = {(disc + i) % PLAYERS for i in range(taken)}
            assert sizes == [k - 1 + (s in took) for s in range(PLAYERS)], f"hand sizes {sizes} in row {k}"
            assert self.current_player == (disc + taken) % PLAYERS, f"seat {self.current_player} drafts"
            assert self.chosen == [None] * PLAYERS and not self.tricks and not self.trick
            return
        assert len(self.hints) == ROWS and not any(self.rows), "the row draft is not finished"
        if phase == "task_choice":
            chose = sum(t is not None for t in self.chosen)
            assert sizes == [ROWS] * PLAYERS, f"hand sizes {sizes} at the task choice"
            assert self.chosen == [t if s != starter and (s - starter - 1) % PLAYERS < chose else None
                                   for s, t in enumerate(self.chosen)], "tasks chosen out of order"
            assert self.current_player == (starter + 1 + chose) % PLAYERS, f"seat {self.current_player} chooses"
            return
        assert all((t is None) == (s == starter) for s, t in enumerate(self.chosen)), "chosen tasks"
        done = len(self.tricks)
        if phase == "play":
            leader = (starter + 1) % PLAYERS if done == 0 else self.tricks[-1]["winner"]
            assert self.leader == leader, f"leader {self.leader}, should be {leader}"
            played = {s for s, _ in self.trick}
            assert [s for s, _ in self.trick] == [(leader + i) % PLAYERS for i in range(len(self.trick))]
            assert sizes == [TRICKS - done - (s in played) for s in range(PLAYERS)], f"hand sizes {sizes}"
            assert self.current_player == (leader + len(self.trick)) % PLAYERS, f"seat {self.current_player} plays"
            return
        assert done == TRICKS and sizes == [0] * PLAYERS and not self.trick, "the tricks are not finished"
        if phase == "discard":
            assert self.entitled and self.current_player == starter, "discard without entitlement"
            return
        assert phase == "over" and self.current_player is None and self.winners, f"phase {phase}"
        assert any(not h for h in self.held), "the game ended but nobody laid down all his tasks"


def _copy_result(result):
    copy = dict(result)
    for key in ("chosen", "fulfilled", "entitled", "points", "totals"):
        copy[key] = list(result[key])
    copy["laid_down"] = dict(result["laid_down"])
    return copy



def difficulty_sum(tasks):
    """The difficulty of tasks added up: what breaks a tie at the end (laid-down tasks)."""
    return sum(TASKS[t][1] for t in tasks)


def finishers_of(held):
    """The seats that hold no task any more (held: each seat's open tasks): the game ends with them."""
    return [s for s, h in enumerate(held) if not h]


def end_winners(laid, finishers):
    """The end of the game as ``WasStichtState._winners`` decides it: of the finishers, the highest
    difficulty sum of the laid-down tasks wins (laid: each seat's laid-down tasks); equal sums share.
    Returns (winners, {finisher: sum})."""
    sums = {s: difficulty_sum(laid[s]) for s in finishers}
    best = max(sums.values(), default=None)
    return [s for s in finishers if sums[s] == best], sums
