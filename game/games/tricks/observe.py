"""What Tricks' events may show (game.observe asks the kit): the order of the shuffled decks is never
shown (only each deck's face-up card, its size and its cards as a set); a bid shows its card only to
its bidder, until all bids are revealed together (``bids_shown``, an event of the observer's own,
told before the trump that follows from the bids). The table sees with a buy or burial the card and
price it took (``card``, ``price``), and the reasons for the start player and the trump (``reason``,
``leader_reason``)."""

PUBLIC_EVENTS = {
    "decks": ("t", "round", "decks", "tops", "counts", "cards"),
    "start": ("t", "round", "p", "reason"),
    "loan": ("t", "p", "amount"),
    "trump": ("t", "round", "colour", "leader", "reason", "leader_reason"),
    "trick": ("t", "cards", "winner"),
    "payout": ("t", "round", "bids", "tricks", "chips"),
    "repay": ("t", "loans", "repaid"),
    "bids_shown": ("t", "round", "bids"),
}

PUBLIC_ACTIONS = frozenset({"buy", "bury", "play", "lead"})
SECRET_ACTIONS = frozenset({"bid"})  # shown to their actor alone


def _decks(event, viewer):
    decks = event["decks"]
    return {"t": "decks", "round": event["round"], "decks": None,
            "tops": [d[0] if d else None for d in decks], "counts": [len(d) for d in decks],
            "cards": [sorted(d) for d in decks]}


HIDERS = {"decks": _decks}


def context(event, before, after):
    """What the viewer sees with an event that the record line leaves to the rules: the card a buy
    or burial took from a deck (its face-up card), the reasons for the start player, the trump and
    the first leader."""
    kind = event["t"]
    action = event.get("a", {})
    if kind == "act" and before is not None and before["market"] is not None:
        if action.get("buy") is not None:  # a hidden buy (undeclared) tells no card either
            owner = action["buy"]
            return dict(event, card=before["decks"][owner]["top"], price=before["market"]["prices"][owner])
        if action.get("bury") is not None:
            owner = action["bury"]
            return dict(event, card=before["decks"][owner]["top"], price=before["market"]["bury_fee"])
    if kind == "start":
        return dict(event, reason=after["start_reason"])
    if kind == "trump":
        return dict(event, reason=after["trump_reason"], leader_reason=after["leader_reason"])
    return event


def revealed(before, after):
    """The bids, shown together once every seat has bid."""
    if after.get("bids_revealed") and not before.get("bids_revealed"):
        return [{"t": "bids_shown", "round": after["round"], "bids": list(after["bids"])}]
    return []


REVEAL_BEFORE = "trump"  # the bids show first: the trump follows from them
