"""What every phone may know of a Tricks game before anything happens (phone.bridge asks the kit):
its colours, the joker and the colours it may be named, and what the page asks of a seat in each
phase."""

from game.games.tricks.rules import COLOURS, JOKER
from game.i18n import N_

#: phase -> the page's words for a seat's turn, N_-marked (and one moment of the play phase).
PROMPTS = {"buy": N_("buy a face-up card"), "bury": N_("bury a face-up card for 1 chip, or nothing"),
           "bid": N_("bid a card (secret)"), "play": N_("play a card"),
           "lead": N_("name who leads the next trick"),
           # not a phase: a play whose last card is the grey 4, which waits for its colour (page/games/tricks.js)
           "play_grey_last": N_("name the grey 4's colour: tap your last card")}


def facts(state):
    return {"colours": COLOURS, "joker": JOKER, "joker_colours": COLOURS, "prompts": dict(PROMPTS)}
