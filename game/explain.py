"""Words for the coach: what its percentages measure and a short reason for a move.

Pure and private by construction: everything here reads one seat's view (``state.view(seat)``) and
one of that seat's legal actions, never a state. The percentages are the Hard bot's mean values
(``game.bots.search``, "The value of a finished round"); MEANING says in words what that value is
for each game, so the coach never claims more than the search measured.
"""

from game import cards
from game import mlut, tricks, wassticht

# What a coach percentage is, per game: (a short line for the hint box, the whole sentence).
MEANING = {
    "mlut": ("% = round vs best rival",
             "Each % is how your round points end up against the best rival's, averaged over the Hard "
             "bot's simulated rounds after that move: 50% is level, higher is ahead (in the last round: "
             "your game total against the best rival's)."),
    "wassticht": ("% ≈ your task laid down",
                  "Each % is the Hard bot's mean value after that move over its simulated rounds: 75% or "
                  "more counts a round where you lay a task down (harder tasks count a little more), and "
                  "up to 20% more the fewer of your rivals lay one down."),
    "tricks": ("% = chips vs best rival",
               "Each % is how your chips change this round against the best rival's, loans counted at "
               "what they will cost, averaged over the Hard bot's simulated rounds after that move: 50% "
               "is level, higher is ahead (in the last round: the final totals)."),
}


def meaning(game_id, short=False):
    """What the coach's percentages measure in this game (short: one line for the hint box)."""
    words = MEANING[game_id]
    return words[0] if short else words[1]


def reason(view, action):
    """A short reason for one legal action from the seat's view, or None when there is nothing to say
    that the action's own words do not already say."""
    explain = {"mlut": _mlut, "wassticht": _wassticht, "tricks": _tricks}.get(view.get("game"))
    return explain(view, action) if explain else None


# --- Mit List und Tücke ------------------------------------------------------------------------------
def _mlut(view, action):
    kind = action[0]
    mine = view["collections"][view["seat"]]
    if kind == "play":
        return _mlut_play(view, action[1])
    if kind == "pick":
        before, _ = mlut.points_so_far(mine)
        counts = mlut.collection_counts(mine)
        for card in action[1]:
            counts[card[0]] = counts.get(card[0], 0) + 1
        after, _ = mlut.round_points(counts, mine["plus"])
        if after > before:
            return f"raises your round points so far from {before} to {after}"
        if after < before:
            return f"costs round points: {before} down to {after}"
        return f"keeps your round points at {after}"
    if kind == "plus":
        _, how = mlut.round_points(mlut.collection_counts(mine), action[1])
        return f"scores {how} as it stands"
    return None


def _mlut_play(view, card):
    trick, colour, value = view["trick"], card[0], mlut.VALUE[card]
    name = cards.COLOUR_NAMES[colour]
    if not trick:
        held = sum(1 for c in view["hand"] if c[0] == colour)
        return f"leads {name}: it becomes trump (you hold {held} {name})"
    trump = trick[0][1][0]
    if colour == trump:
        best = max(mlut.VALUE[c] for _, c in trick if c[0] == trump)
        if value > best:
            return "the highest trump so far: you would pick first"
        return "a trump too low to pick: it goes to the picker"
    others = [mlut.VALUE[c] for _, c in trick if c[0] != trump]
    if not others or value < min(others):
        return "the lowest other colour so far: you would take the rest and lead next"
    return "not the lowest other colour: the cards go to others"


# --- Was sticht? ---------------------------------------------------------------------------------
def _wassticht(view, action):
    kind = action[0]
    if kind in ("take_task", "task", "discard") and action[1] in wassticht.TASKS:
        wording, difficulty = wassticht.TASKS[action[1]]
        return f"{wording} (difficulty {difficulty})"
    if kind == "play":
        return _wassticht_play(view, action[1])
    return None


def _wassticht_play(view, card):
    trick = [c for _, c in view["trick"]]
    if not view.get("trump_known"):
        return None  # who wins is not for this seat to know yet
    won = wassticht.trick_winner(trick + [card], view["trump_colour"], view["trump_number"]) == len(trick)
    task = (view.get("chosen") or [None] * (view["seat"] + 1))[view["seat"]]
    goal = f" (your task: {wassticht.TASKS[task][0]})" if task in wassticht.TASKS else ""
    if not trick:
        return f"leads the {cards.name(card)}{goal}"
    return (f"takes the trick so far{goal}" if won else f"lets the trick go{goal}")


# --- Tricks ------------------------------------------------------------------------------------------
def _tricks(view, action):
    kind, seat = action[0], view["seat"]
    if kind == "play":
        return _tricks_play(view, action)
    if kind == "bid":
        return f"bids {tricks.VALUE[action[1]]} trick{'' if tricks.VALUE[action[1]] == 1 else 's'}"
    if kind == "buy" and view.get("market"):
        deck = action[1]
        top, price = view["decks"][deck]["top"], view["market"]["prices"][deck]
        if top is not None and price is not None:
            return f"the {cards.name(top)} for {price} chip{'' if price == 1 else 's'} (you have {view['chips'][seat]})"
    return None


def _tricks_play(view, action):
    seat, card = view["seat"], action[1]
    colour = action[2] if len(action) > 2 else card[0]
    trick = [(s, c, k) for s, c, k in view["trick"]] + [(seat, card, colour)]
    takes = tricks.trick_winner(trick, view["trump"]) == seat
    bid = view["bids"][seat]
    if bid is None:
        return "takes the trick so far" if takes else "lets the trick go"
    need = tricks.VALUE[bid] - view["tricks_won"][seat]
    after = tricks.TRICKS - view["tricks_played"] - 1  # the tricks still to play after this one
    lost = f"your bid of {tricks.VALUE[bid]} can no longer be met, but every trick taken brings you nearer"
    if takes:
        if need > after + 1:
            return f"takes the trick so far; {lost}"
        return f"takes the trick so far; you need {need} more for your bid" if need > 0 else \
            "takes the trick so far, though you have your bid already"
    if need > after:
        return f"lets the trick go: {lost}"
    return f"lets the trick go; you still need {need}" if need > 0 else "lets the trick go: you have your bid"
