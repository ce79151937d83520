"""Normal level for Was sticht?: rules of thumb over the seat's view.

Everything but the trump is open in this game (drafted cards lie face up, chosen tasks are shown
before the tricks), so the bot reasons about the real hands; the trump it takes from the hints
(``possible_trumps`` in the view) until the starter reveals it.

Rules of thumb:

1. **Task draft**: take the open task that is easiest in practice (a fixed order: the tasks the bot
   fulfils most often come first, e.g. "win a trick with a 3 or lower", "no tricks", "most tricks"),
   so that all five can be laid down.
2. **Row draft**: track which trumps the hints still allow and judge each card by its average
   trick-taking power over those trumps (the starter knows the trump and uses it). Estimate how many
   tricks the hand will take, pick the held task whose trick count fits that best, and draft toward
   it: strong cards when the task wants more tricks than the hand promises, weak ones when fewer;
   9s and 1s for the tasks that collect them.
3. **Task choice**: with the trump revealed and all hands known, estimate each card's chance to win
   a trick (higher trumps and higher cards of its colour in other hands, rivals who can trump), turn
   them into a distribution of trick counts, and choose the task most likely fulfilled (ties to the
   harder task).
4. **Tricks**: every task gives a worth of the tricks taken so far (e.g. exactly 2 tricks: worth
   falls to 0 at the third). For each legal card the bot sees whether it surely wins (no later
   player can beat it with a card he may play), surely loses, or may win, and plays the card with
   the best expected worth for its task, less a part of what the trick's outcome gives rivals
   toward theirs. Between equals it keeps strong cards when it still needs tricks and dumps them
   when it does not. The starter plays for the other player's task that his tricks suit best.
5. **Laying down** (starter): always, the hardest task he holds.
"""

from game.bots.bot import BaseBot
from game.games.wassticht.rules import SUITS, TASKS, TRUMP_RANKS, VALUE, trick_runs

PLAYERS = 4
TRICKS = 9
RIVAL_WEIGHT = 0.3
KEEP_LAST = 0.3
DIFFICULTY_WEIGHT = 0.01  # task choice: a harder task is worth a little more (it must be done some time)
STARTER_DRAFT = 1  # the starter drafts his strongest card (1) or his weakest (-1)
DRAFT_FIT = True  # the others draft toward a task (True) or like the starter (False)

# The order tasks are drafted in: the ones the bot fulfils most often when it chooses them first
# (measured in games of four Normal bots), then roughly by difficulty.
DRAFT_ORDER = ("T23 T01 T07 T19 T08 T03 T12 T09 T18 T02 T05 T14 T17 T04 T13 T20 T15 T16 T10 T06 T21 "
               "T22 T24 T11").split()

# The trick count each task is drafted toward (None: any count, judged by the cards).
TARGET = {"T01": 0, "T02": 1, "T03": 2, "T04": 3, "T05": 4, "T06": 5, "T07": 4, "T08": 0,
          "T09": 1, "T10": 1, "T11": 2, "T12": 3, "T13": 2, "T14": 1, "T15": 1, "T16": 1,
          "T17": 1, "T18": 1, "T19": 3, "T20": 3, "T21": 4, "T22": 1, "T23": 2, "T24": 3}
NO_COLOUR = {"T14": "R", "T15": "Y", "T16": "G", "T17": "B"}


def strength(card, combo):
    """Order of a card for 'weakest' and 'strongest': trumps above plain cards."""
    r = TRUMP_RANKS[combo][card]
    return 100 + r if r else VALUE[card]


def _raw_power(card, combo):
    """A card's trick-taking power knowing nothing of the other hands."""
    colour, number = combo
    v = VALUE[card]
    if v == number:
        return 1.0 if card[0] == colour else 0.8
    if card[0] == colour:
        return 0.35 + 0.06 * v
    return max(0.0, (v - 5) / 4) * 0.5


# Per trump: powers scaled so the 36 cards share the 9 tricks.
POWER = {}
for _combo in TRUMP_RANKS:
    _raw = {c: _raw_power(c, _combo) for c in VALUE}
    _scale = TRICKS / sum(_raw.values())
    POWER[_combo] = {c: min(1.0, p * _scale) for c, p in _raw.items()}


def distribution(ps):
    """Poisson-binomial: P[k] of taking k tricks from independent chances ps (capped at 9)."""
    dist = [1.0]
    for p in ps:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    if len(dist) > TRICKS + 1:
        dist = dist[:TRICKS] + [sum(dist[TRICKS:])]
    return dist + [0.0] * (TRICKS + 1 - len(dist))


def trick_chances(hands, combo):
    """Per seat, each card's chance to win a trick, knowing all hands and the trump."""
    ranks, suit = TRUMP_RANKS[combo], SUITS[combo]
    chances = []
    for s, hand in enumerate(hands):
        others = [h for t, h in enumerate(hands) if t != s]
        ps = []
        for card in hand:
            if suit[card] == "T":
                r = ranks[card]
                h = sum((ranks[x] > r) + 0.5 * (ranks[x] == r) for o in others for x in o if suit[x] == "T")
                p = max(0.05, 1.0 - 0.45 * h)
            else:
                v = VALUE[card]
                h = sum(1 for o in others for x in o if suit[x] == card[0] and VALUE[x] > v)
                p = max(0.0, 0.75 - 0.3 * h) * min(1.0, v / 6)
                for o in others:
                    if not any(suit[x] == card[0] for x in o) and any(suit[x] == "T" for x in o):
                        p *= 0.5
            ps.append(p)
        chances.append(ps)
    total = sum(sum(ps) for ps in chances)
    if total > 0:
        scale = min(TRICKS, sum(len(h) for h in hands)) / total
        chances = [[min(1.0, p * scale) for p in ps] for ps in chances]
    return chances


# Measured in games of four Normal bots: how often a chosen task was really fulfilled, against the
# estimate below (python -m bench.bots plays such games; the ratios were rounded by hand).
CALIBRATION = {"T01": 0.9, "T02": 0.6, "T03": 0.8, "T04": 0.6, "T05": 1.0, "T06": 1.0, "T07": 1.0,
               "T08": 0.8, "T09": 0.6, "T10": 0.25, "T11": 0.1, "T12": 1.3, "T13": 0.65, "T14": 0.6,
               "T15": 0.6, "T16": 0.6, "T17": 0.6, "T18": 0.8, "T19": 0.8, "T20": 0.75, "T21": 1.0,
               "T22": 0.5, "T23": 1.1, "T24": 0.5}


def task_chance(task, seat, hands, combo, leader):
    """A rough chance that SEAT fulfils TASK with these hands, before the first trick."""
    return CALIBRATION[task] * _task_chance(task, seat, hands, combo, leader)


def _task_chance(task, seat, hands, combo, leader):
    chances = trick_chances(hands, combo)
    mine = chances[seat]
    dist = distribution(mine)
    hand = hands[seat]
    expected = sum(mine)
    top = sorted(mine, reverse=True) + [0.0, 0.0, 0.0]
    at_least = [sum(dist[k:]) for k in range(TRICKS + 1)] + [0.0]
    if task in ("T01", "T02", "T03", "T04", "T05"):
        return dist[int(task[1:]) - 1]
    if task == "T06":
        return at_least[5]
    if task in ("T07", "T08"):
        others = [distribution(ps) for t, ps in enumerate(chances) if t != seat]
        total = 0.0
        for k, q in enumerate(dist):
            prod = 1.0
            for d in others:
                prod *= sum(d[:k]) if task == "T07" else sum(d[k + 1:])
            total += q * prod
        return total
    lead = 1.0 if leader == seat else 0.6
    if task == "T09":
        return top[0] * lead
    if task == "T10":
        return top[0] * 0.8
    if task == "T11":
        return top[0] * top[1] * lead * 0.8
    if task == "T24":
        return top[0] * top[1] * top[2] * lead
    if task == "T12":
        return at_least[3] * 0.5
    if task == "T13":
        return at_least[2] * 0.45
    if task in NO_COLOUR or task == "T18":
        return dist[1] * 0.6 + dist[2] * 0.3 + dist[3] * 0.12
    if task in ("T19", "T20"):
        want = 9 if task == "T19" else 1
        mine_counted = sum(p for c, p in zip(hand, mine) if VALUE[c] == want)
        theirs = sum(1 for t, h in enumerate(hands) if t != seat for c in h if VALUE[c] == want)
        e = mine_counted + theirs * expected / TRICKS * 0.7
        return max(0.0, min(1.0, (e - 0.8) / 1.6))
    if task == "T21":
        return at_least[4] + 0.5 * dist[3]
    if task == "T22":
        return dist[1] * 0.15
    if task == "T23":
        return max([p for c, p in zip(hand, mine) if VALUE[c] <= 3] + [0.0])
    return 0.0


# --- the worth of the tricks taken so far, per task -----------------------------------------------------
_runs = trick_runs


def task_worth(task, seat, tricks):
    """How promising SEAT's task looks after these tricks (0 = lost, 1 = done and safe)."""
    won = [i for i, t in enumerate(tricks) if t["winner"] == seat]
    w = len(won)
    left = TRICKS - len(tricks)
    cards_ = [c for t in tricks if t["winner"] == seat for _, c in t["cards"]]
    if task == "T01":
        return 1.0 if w == 0 else 0.0
    if task in ("T02", "T03", "T04", "T05"):
        k = int(task[1:]) - 1
        if w > k or k - w > left:
            return 0.0
        return 1.0 - 0.12 * (k - w) - (0.03 * left if w == k else 0.0)
    if task == "T06":
        if w >= 5:
            return 1.0
        return 0.0 if 5 - w > left else 1.0 - 0.13 * (5 - w)
    counts = [0] * PLAYERS
    for t in tricks:
        counts[t["winner"]] += 1
    others = [c for s, c in enumerate(counts) if s != seat]
    if task == "T07":
        return max(0.0, min(1.0, 0.5 + 0.12 * (w - max(others))))
    if task == "T08":
        return max(0.0, min(1.0, 0.5 + 0.12 * (min(others) - w)))
    if task in ("T09", "T11", "T24"):
        need = {"T09": (0,), "T11": (0, TRICKS - 1), "T24": (0, 1, 2)}[task]
        done = [i for i in need if i < len(tricks)]
        if any(i not in won for i in done):
            return 0.0
        return 1.0 - 0.15 * (len(need) - len(done))
    if task == "T10":
        if len(tricks) == TRICKS:
            return 1.0 if TRICKS - 1 in won else 0.0
        return 0.5
    if task == "T12":
        best, run = _runs(won)
        if best >= 3:
            return 1.0
        run = run if won and won[-1] == len(tricks) - 1 else 0
        if left + run < 3:
            return 0.0
        return 0.3 + 0.2 * run
    if task == "T13":
        best, _ = _runs(won)
        if best >= 2:
            return 0.0
        return 0.5 + 0.25 * min(w, 2) if w < 2 else 0.95
    if task in NO_COLOUR or task == "T18":
        bad = (lambda c: c[0] == NO_COLOUR[task]) if task in NO_COLOUR else (lambda c: VALUE[c] == 9)
        if any(bad(c) for c in cards_):
            return 0.0
        return 0.95 if w else 0.4
    if task in ("T19", "T20"):
        want = 9 if task == "T19" else 1
        k = sum(1 for c in cards_ if VALUE[c] == want)
        return 1.0 if k >= 2 else 0.25 + 0.35 * k
    if task == "T21":
        return min(1.0, sum(VALUE[c] for c in cards_) / 60)
    if task == "T22":
        total = sum(VALUE[c] for c in cards_)
        if total > 15:
            return 0.0
        return 0.9 if w else 0.3
    if task == "T23":
        mine = [c for t in tricks if t["winner"] == seat for s, c in t["cards"] if s == seat]
        return 1.0 if any(VALUE[c] <= 3 for c in mine) else 0.3
    return 0.5


def wants_tricks(task, seat, tricks):
    """+1 if the task still needs tricks later (keep strong cards), -1 if not (dump them)."""
    w = sum(1 for t in tricks if t["winner"] == seat)
    if task in ("T01", "T08", "T22"):
        return -1
    if task in ("T02", "T03", "T04", "T05"):
        return 1 if w < int(task[1:]) - 1 else -1
    if task == "T06":
        return 1 if w < 5 else 0
    if task in NO_COLOUR or task == "T18":
        return 1 if w == 0 else -1
    if task == "T13":
        return 1 if w < 2 else -1
    if task == "T09":
        return 1 if not tricks else -1
    if task == "T24":
        return 1 if len(tricks) < 3 else -1
    return 1


def draft_power(view):
    """A card's trick-taking power averaged over the trumps the seat still thinks possible (the
    trump itself once known): power(card) -> 0..1."""
    if view["trump_known"]:
        combos = [(view["trump_colour"], view["trump_number"])]
    else:
        combos = [tuple(c) for c in view["possible_trumps"]] or list(TRUMP_RANKS)
    return lambda card: sum(POWER[c][card] for c in combos) / len(combos)


def draft_plan(view):
    """The row draft's rule of thumb for the seat of VIEW: (power, the tricks its hand promises, the
    held task it drafts toward, or None for the starter or without tasks: then the strongest card)."""
    me = view["seat"]
    power = draft_power(view)
    hand = view["hand"]
    rows_left = 9 - len(hand) - 1
    projected = sum(power(c) for c in hand) + 0.25 * rows_left
    held = view["held_tasks"][me]
    if me == view["starter"] or not held or not DRAFT_FIT:
        return power, projected, None
    # the held task whose trick count fits the hand best (ties: the harder one)
    task = min(held, key=lambda t: (abs(projected + 0.25 - TARGET[t]), -TASKS[t][1], t))
    return power, projected, task


class WasStichtHeuristic(BaseBot):
    name = "normal-wassticht"

    def choose(self, view, legal_actions, rng):
        kind = legal_actions[0][0]
        if kind == "take_task":
            offered = {a[1] for a in legal_actions}
            return ("take_task", next(t for t in DRAFT_ORDER if t in offered))
        if kind == "discard":
            tasks = [a for a in legal_actions if a[1] is not None]
            if not tasks:
                return legal_actions[0]
            return max(tasks, key=lambda a: (TASKS[a[1]][1], a[1]))
        if kind == "draft":
            return self.draft(view, legal_actions)
        if kind == "task":
            return self.task(view, legal_actions)
        return self.play(view, legal_actions)

    # --- row draft ------------------------------------------------------------------------------------
    def draft(self, view, legal):
        power, projected, task = draft_plan(view)
        if task is None:
            return max(legal, key=lambda a: (STARTER_DRAFT * power(a[1]), a[1]))
        goal = TARGET[task]

        def score(action):
            card = action[1]
            p = power(card)
            s = -abs(projected + p - goal)
            if task == "T19" and VALUE[card] == 9 or task == "T20" and VALUE[card] == 1:
                s += 0.5
            if task == "T23" and VALUE[card] <= 3:
                s += 0.3 * p
            if task in NO_COLOUR and card[0] == NO_COLOUR[task]:
                s -= 0.1
            return (s, card)
        return max(legal, key=score)

    # --- task choice ----------------------------------------------------------------------------------
    def task(self, view, legal):
        me = view["seat"]
        combo = (view["trump_colour"], view["trump_number"])
        hands = view["hands"]
        leader = (view["starter"] + 1) % PLAYERS
        return max(legal, key=lambda a: (task_chance(a[1], me, hands, combo, leader)
                                         + DIFFICULTY_WEIGHT * TASKS[a[1]][1],
                                         a[1]))

    # --- tricks -------------------------------------------------------------------------------------------
    def play(self, view, legal):
        me = view["seat"]
        combo = (view["trump_colour"], view["trump_number"])
        ranks, suit = TRUMP_RANKS[combo], SUITS[combo]
        hands = view["hands"]
        tricks = view["tricks"]
        trick = [(s, c) for s, c in view["trick"]]
        chosen = view["chosen"]
        starter = view["starter"]
        if me == starter:
            targets = [t for s, t in enumerate(chosen) if s != me and t]
            task = max(targets, key=lambda t: (task_worth(t, me, tricks), t)) if targets else None
        else:
            task = chosen[me]
        later = [(me + i) % PLAYERS for i in range(1, PLAYERS - len(trick))]
        rivals = [(s, chosen[s]) for s in range(PLAYERS) if s != me and chosen[s]]
        keep = wants_tricks(task, me, tricks) if task else 0
        # the last trick is won by the card kept for it
        keep_weight = KEEP_LAST if task in ("T10", "T11") and len(tricks) < TRICKS - 1 else 0.02

        def win_index(cards_in_order):
            lead_colour = cards_in_order[0][0]
            best, best_rank = 0, -1
            for i, c in enumerate(cards_in_order):
                r = ranks[c]
                if not r and c[0] == lead_colour:
                    r = VALUE[c]
                if r > best_rank:
                    best, best_rank = i, r
            return best

        def legal_for(seat, led):
            hand = hands[seat]
            follow = [c for c in hand if suit[c] == suit[led]]
            return follow or hand

        def worth(winner, cards_):
            hyp = tricks + [{"cards": cards_, "winner": winner}]
            mine = task_worth(task, me, hyp) if task else 0.0
            theirs = sum(task_worth(t, s, hyp) for s, t in rivals)
            return mine - RIVAL_WEIGHT * theirs

        best, best_score = legal[0], None
        for action in legal:
            card = action[1]
            played = trick + [(me, card)]
            order = [c for _, c in played]
            w = win_index(order)
            led = order[0]
            cards_ = [[s, c] for s, c in played]
            if played[w][0] != me:
                # lost for sure; the trick goes to the present winner or to a later beater
                score = worth(played[w][0], cards_)
            else:
                beater = None
                for s in later:
                    for c in legal_for(s, led):
                        if win_index(order + [c]) == len(order):
                            beater = s
                            break
                    if beater is not None:
                        break
                if beater is None:
                    score = worth(me, cards_)
                else:
                    score = 0.5 * worth(me, cards_) + 0.5 * worth(beater, cards_)
            score -= keep_weight * keep * strength(card, combo) / 140
            if best_score is None or score > best_score + 1e-9:
                best, best_score = action, score
        return best
