"""What every phone may know of a Mit List und Tücke game before anything happens (phone.bridge asks
the kit): its colours and what the page asks of a seat in each phase."""

from game.games.mlut.rules import COLOURS, points_so_far
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
