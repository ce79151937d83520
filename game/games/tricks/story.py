"""The evening's story of a Tricks game (game.story asks the kit): its highlights, and the words of
the one it adds (the boldest bid made) and of the biggest round, a payout here."""

from game.i18n import _, ngettext
from game.story import biggest_round, longest_lead


def boldest_bid(events):
    """The highest bid that was met (exactly as many tricks as bid)."""
    best = None
    for e in events:
        if e.get("t") == "payout":
            for seat, (bid, took) in enumerate(zip(e["bids"], e["tricks"])):
                if bid == took and (best is None or bid > best["value"]):
                    best = {"kind": "boldest_bid", "seat": seat, "round": e["round"], "value": bid}
    return best


HIGHLIGHTS = (boldest_bid, biggest_round, longest_lead)


def describe(highlight, names):
    """(heading, sentence) of a highlight in this game's words, or None for the shared words."""
    kind = highlight["kind"]
    who, round_no, value = names[highlight["seat"]], highlight.get("round"), highlight["value"]
    if kind == "biggest_round":
        return _("The biggest payout"), ngettext(
            "{name} was paid {n} chip in round {round}", "{name} was paid {n} chips in round {round}",
            value).format(name=who, n=value, round=round_no)
    if kind == "boldest_bid":
        return _("The boldest bid made"), ngettext(
            "{name} bid {n} and took exactly {n} in round {round}",
            "{name} bid {n} and took exactly {n} in round {round}", value).format(
            name=who, n=value, round=round_no)
    return None
