"""What Mit List und Tücke's events may show (game.observe asks the kit): a deal shows the viewer's
own hand only, the others as card counts."""

PUBLIC_EVENTS = {
    "deal": ("t", "round", "dealer", "hands", "hand_sizes"),
    "trick": ("t", "cards", "picker", "taker", "taken", "removed"),
    "early_end": ("t", "p"),
}

PUBLIC_ACTIONS = frozenset({"play", "pick", "plus"})


def _deal(event, viewer):
    hands = event["hands"]
    return dict(event, hands=[h if s == viewer else None for s, h in enumerate(hands)],
                hand_sizes=[len(h) for h in hands])


HIDERS = {"deal": _deal}
