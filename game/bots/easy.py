"""The Easy level: random legal moves with a little sense.

- Mit List und Tücke: cards are played at random, but the picker keeps cards of the colours he
  already collects most (he does not hand good cards to others for nothing), and the plus colours
  are his two largest colours.
- Was sticht?: everything at random, except that a starter entitled to lay down a task always does.
- Tricks: a purchase that needs a loan only when every purchase does (no big loans), never pays to
  bury; bids and plays at random.
"""


class EasyBot:
    name = "easy"
    needs_view = True
    think_floor = 0.0  # seconds its answer is held back at the table (see SearchBot)

    def choose(self, view, legal_actions, rng):
        kind = legal_actions[0][0]
        game = view["game"]
        if game == "mlut" and kind in ("pick", "plus"):
            return _mlut_keep(view, legal_actions, kind)
        if game == "wassticht" and kind == "discard":
            tasks = [a for a in legal_actions if a[1] is not None]
            if tasks:
                return tasks[rng.randrange(len(tasks))]
        if game == "tricks":
            if kind == "bury":
                return ("bury", None)
            if kind == "buy":
                loans = view["market"]["loan_needed"]
                cheap = [a for a in legal_actions if not loans[a[1]]]
                if cheap:
                    return cheap[rng.randrange(len(cheap))]
        return legal_actions[rng.randrange(len(legal_actions))]


def _mlut_counts(view):
    col = view["collections"][view["seat"]]
    counts = {c: len(p) for c, p in col["open"].items()}
    counts.update(col["hidden"])
    return counts


def _mlut_keep(view, legal, kind):
    counts = _mlut_counts(view)
    if kind == "plus":
        return max(legal, key=lambda a: counts.get(a[1][0], 0) * counts.get(a[1][1], 0))
    plus = view["collections"][view["seat"]]["plus"]
    order = sorted(counts, key=lambda c: (c in (plus or ()), counts[c]), reverse=True)
    rank = {c: 4 - i for i, c in enumerate(order)}
    return max(legal, key=lambda a: sum(rank.get(card[0], 0) for card in a[1]))
