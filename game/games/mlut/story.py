"""The evening's story of a Mit List und Tücke game (game.story asks the kit): its highlights, and
the words of the one it adds (the biggest pile)."""

from game.cards import COLOUR_NAMES
from game.i18n import _, ngettext
from game.story import biggest_round, longest_lead


def biggest_pile(events):
    """The most cards of one colour a seat collected in a round (the picked cards go to the picker,
    the rest to the taker; a trump-only trick's rest leaves the game)."""
    best, round_no, piles = None, 0, {}
    for e in events + [{"t": "deal"}]:
        kind = e.get("t")
        if kind == "deal":  # a round's piles are complete: the best of them
            for (seat, colour), count in sorted(piles.items()):
                if best is None or count > best["value"]:
                    best = {"kind": "biggest_pile", "seat": seat, "round": round_no, "value": count,
                            "colour": colour}
            round_no, piles = e.get("round", round_no), {}
        elif kind == "trick":
            gone = set(e.get("taken") or []) | set(e.get("removed") or [])
            picked = [c for _, c in e["cards"] if c not in gone]
            for seat, cards_ in ((e.get("picker"), picked), (e.get("taker"), e.get("taken") or [])):
                for card in cards_ if seat is not None else ():
                    piles[seat, card[0]] = piles.get((seat, card[0]), 0) + 1
    return best


HIGHLIGHTS = (biggest_round, biggest_pile, longest_lead)


def describe(highlight, names):
    """(heading, sentence) of the highlight this game adds, or None for a shared one."""
    if highlight["kind"] != "biggest_pile":
        return None
    who, round_no, value = names[highlight["seat"]], highlight.get("round"), highlight["value"]
    code = highlight["colour"]
    colour = _(COLOUR_NAMES[code])
    # TRANSLATORS: {colour} is a colour's name ("red")
    return _("The biggest pile"), ngettext(
        "{name} collected {n} {colour} card in round {round}",
        "{name} collected {n} {colour} cards in round {round}", value).format(
        name=who, n=value, colour=colour, round=round_no)
