"""The Easy bot's little sense in Mit List und Tücke: cards are played at random, but the picker keeps
cards of the colours he already collects most (he does not hand good cards to others for nothing),
and the plus colours are his two largest colours."""


def choose(view, legal, rng):
    """The Easy bot's pick or plus colours; None (a random move) for anything else."""
    kind = legal[0][0]
    if kind in ("pick", "plus"):
        return _keep(view, legal, kind)
    return None


def _counts(view):
    col = view["collections"][view["seat"]]
    counts = {c: len(p) for c, p in col["open"].items()}
    counts.update(col["hidden"])
    return counts


def _keep(view, legal, kind):
    counts = _counts(view)
    if kind == "plus":
        return max(legal, key=lambda a: counts.get(a[1][0], 0) * counts.get(a[1][1], 0))
    plus = view["collections"][view["seat"]]["plus"]
    order = sorted(counts, key=lambda c: (c in (plus or ()), counts[c]), reverse=True)
    rank = {c: 4 - i for i, c in enumerate(order)}
    return max(legal, key=lambda a: sum(rank.get(card[0], 0) for card in a[1]))
