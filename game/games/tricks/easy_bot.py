"""The Easy bot's little sense in Tricks: a purchase that needs a loan only when every purchase does
(no big loans), never pays to bury; bids and plays at random."""


def choose(view, legal, rng):
    """No bury, no needless loan; None (a random move) otherwise."""
    kind = legal[0][0]
    if kind == "bury":
        return ("bury", None)
    if kind == "buy":
        loans = view["market"]["loan_needed"]
        cheap = [a for a in legal if not loans[a[1]]]
        if cheap:
            return cheap[rng.randrange(len(cheap))]
    return None
