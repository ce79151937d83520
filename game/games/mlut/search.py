"""The Hard bot's parts for Mit List und Tücke (the search itself is game.bots.search).

The value of a finished round, per seat s: d = s's round points minus the best round points among
the rivals (in the last round: s's game total minus the best rival total, since only the win counts
now); value = 1 / (1 + exp(-d / 5)).

The rollout: random cards, but a picker takes the cards that raise his own round points most (ties
at random) and a player choosing plus colours takes the pair that scores most now. The whole round
goes through the state's ``push_tricks`` in one call, with these choices; the picker's best picks
are kept in small tables per collection and trick colours.
"""

from itertools import combinations

from game.bots.search import against_best_rival


# --- what a finished round was worth -------------------------------------------------------------------
def values(state, base):
    last = state.history[-1]
    if state.is_over or last["round"] >= state.rounds:
        return against_best_rival(list(state.totals), 5.0)
    return against_best_rival(last["points"], 5.0)


# --- the rollout ---------------------------------------------------------------------------------------
def _points(counts, plus):
    """mlut.round_points without the reason, for counts {colour: n}: the rollouts' inner loop."""
    total = counts["R"] + counts["G"] + counts["B"] + counts["Y"]
    if plus:
        a, b = counts[plus[0]], counts[plus[1]]
    else:
        a = b = 0
        for v in counts.values():
            if v > a:
                a, b = v, a
            elif v > b:
                b = v
        if not b:
            return 0
    rest = total - a - b
    return a * b // rest if rest else a * b


# A pick's colours as one number: the sum of its cards' weights (k1 <= 3 < 8 cards of a colour).
_COLOUR_WEIGHT = {"R": 1, "G": 8, "B": 64, "Y": 512}


_PICK_INDEXES = {(n, k): list(combinations(range(n), k)) for n in (4, 5, 6) for k in (2, 3)}  # as mlut's


def _trick_picks(order, k1):
    """For a full trick whose cards have the colours ORDER (in play order): the colour sum of the
    trick and {colour sum: the picks with it, as positions in the trick}."""
    w = [_COLOUR_WEIGHT[c] for c in order]
    by_key = {}
    for combo in _PICK_INDEXES[(len(order), k1)]:
        key = 0
        for i in combo:
            key += w[i]
        by_key.setdefault(key, []).append(combo)
    return sum(w), by_key


_TRICK_PICKS = {2: {}, 3: {}}  # k1 -> {colours in play order: _trick_picks(...)}, 4^6 at most
# (collected per colour, plus, the trick's colour sum) -> the colour sums of the picks that raise the
# round points most. The same situations come back again and again in a search; the table is
# emptied when it reaches _MEMO_SIZE, so it stays small.
_BEST_KEYS = {}
_MEMO_SIZE = 100_000


def _best_keys(r, g, b, y, plus, keys):
    """The keys (colour sums) among KEYS of the picks that raise the round points most, for a seat
    that has collected r, g, b, y cards per colour (_points written out)."""
    if plus:
        i, j = "RGBY".index(plus[0]), "RGBY".index(plus[1])
    best, winners = -1, None
    for key in keys:
        counts = (r + (key & 7), g + (key >> 3 & 7), b + (key >> 6 & 7), y + (key >> 9))
        if plus:
            high, second = counts[i], counts[j]
        else:
            high = second = 0
            for v in counts:
                if v > high:
                    high, second = v, high
                elif v > second:
                    second = v
        if plus or second:
            rest = counts[0] + counts[1] + counts[2] + counts[3] - high - second
            pts = high * second // rest if rest else high * second
        else:
            pts = 0
        if pts > best:
            best, winners = pts, [key]
        elif pts == best:
            winners.append(key)
    return tuple(winners)


def _mlut_pick(state, rng):
    """The picker takes the cards that raise his own round points most (ties at random among the
    picks): the picked cards, in trick order. Any k1 cards of the full trick, in trick order, are
    a legal pick: built here directly rather than looked up among the legal actions."""
    seat = state.current_player
    col = state.collections[seat]
    trick = state.trick
    k1 = state.k1
    order = "".join([c[0] for _, c in trick])
    picks = _TRICK_PICKS[k1].get(order)
    if picks is None:
        picks = _TRICK_PICKS[k1][order] = _trick_picks(order, k1)
    total, by_key = picks
    memo = (len(col["R"]), len(col["G"]), len(col["B"]), len(col["Y"]), state.plus[seat], total)
    winners = _BEST_KEYS.get(memo)
    if winners is None:
        if len(_BEST_KEYS) >= _MEMO_SIZE:
            _BEST_KEYS.clear()
        winners = _BEST_KEYS[memo] = _best_keys(*memo[:5], by_key)
    if len(winners) == 1:
        choice = by_key[winners[0]]
    else:
        choice = [combo for key in winners for combo in by_key[key]]
    n = len(choice)
    combo = choice[int(rng.random() * n)] if n > 1 else choice[0]
    if k1 == 2:
        i, j = combo
        return (trick[i][1], trick[j][1])
    return tuple([trick[i][1] for i in combo])


def _mlut_plus(state, rng):
    """Choose the plus colours that score most now."""
    counts = {c: len(p) for c, p in state.collections[state.current_player].items()}
    return max(state.legal_actions(), key=lambda a: _points(counts, a[1]))


# A rollout plays a world on until it stops at the round's end (``legal_actions()`` is empty).
# Random choices draw int(random() × n): uniform, and cheaper than randrange.
def rollout(state, rng):
    state.push_tricks(rng, _mlut_pick, _mlut_plus)  # random cards, the picks and plus colours above
