"""What every phone may know of a Mit List und Tücke game before anything happens (phone.bridge asks
the kit): its colours and what the page asks of a seat in each phase."""

from game.games.mlut.rules import COLOURS, collection_counts, points_so_far, round_points
from game.i18n import N_

#: phase -> the page's words for a seat's turn ({k}: the pick's size), N_-marked.
PROMPTS = {"play": N_("play a card"), "pick": N_("pick {k} cards from the trick"),
           "plus": N_("choose your two plus colours")}


def facts(state):
    return {"colours": COLOURS, "prompts": dict(PROMPTS)}


def points(view):
    """Every seat's points of this round if it ended now (the TV's seat boxes show them too), while
    the round's cards are played; None between rounds."""
    if view["phase"] not in ("play", "pick", "plus"):
        return None
    return [points_so_far(collection)[0] for collection in view["collections"]]


def choices(view, legal):
    """Under each pair of plus colours the seat may choose, what it would score now ("red 5 × blue 4 ÷ 3
    = 6"), as the TV's plus box says: a German newcomer chose on the phone without it."""
    if view["phase"] != "plus":
        return None
    counts = collection_counts(view["collections"][view["seat"]])
    return [[action, round_points(counts, tuple(action[1]))[1]] for action in legal if action[0] == "plus"]
