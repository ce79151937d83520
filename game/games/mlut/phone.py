"""What every phone may know of a Mit List und Tücke game before anything happens (phone.bridge asks
the kit): its colours and what the page asks of a seat in each phase."""

from game.games.mlut.rules import COLOURS
from game.i18n import N_

#: phase -> the page's words for a seat's turn ({k}: the pick's size), N_-marked.
PROMPTS = {"play": N_("play a card"), "pick": N_("pick {k} cards from the trick"),
           "plus": N_("choose your two plus colours")}


def facts(state):
    return {"colours": COLOURS, "prompts": dict(PROMPTS)}
