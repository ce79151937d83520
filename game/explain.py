"""Words for the coach: what its percentages measure and a short reason for a move.

Pure and private by construction: everything here reads one seat's view (``state.view(seat)``) and
one of that seat's legal actions, never a state. The percentages are the Hard bot's mean values
(``game.bots.search``, "The value of a finished round"); MEANING says in words what that value is
for each game, so the coach never claims more than the search measured.
"""

from game import cards
from game.i18n import N_, _, ngettext
from game.games.mlut import rules as mlut
from game.games.tricks import rules as tricks
from game.games.wassticht import rules as wassticht

# What a coach percentage is, per game: (a short line for the hint box, the whole sentence), marked
# here and translated where shown (meaning()).
MEANING = {
    "mlut": (N_("% = round vs best rival"),
             N_("Each % is how your round points end up against the best rival's, averaged over the Hard "
             "bot's simulated rounds after that move: 50% is level, higher is ahead (in the last round: "
             "your game total against the best rival's).")),
    "wassticht": (N_("% ≈ your task laid down"),
                  N_("Each % is the Hard bot's mean value after that move over its simulated rounds: 75% or "
                  "more counts a round where you lay a task down (harder tasks count a little more), and "
                  "up to 20% more the fewer of your rivals lay one down.")),
    "tricks": (N_("% = chips vs best rival"),
               N_("Each % is how your chips change this round against the best rival's, loans counted at "
               "what they will cost, averaged over the Hard bot's simulated rounds after that move: 50% "
               "is level, higher is ahead (in the last round: the final totals).")),
}


def meaning(game_id, short=False):
    """What the coach's percentages measure in this game (short: one line for the hint box)."""
    words = MEANING[game_id]
    return _(words[0] if short else words[1])


def reason(view, action):
    """A short reason for one legal action from the seat's view, or None when there is nothing to say
    that the action's own words do not already say."""
    explain = {"mlut": _mlut, "wassticht": _wassticht, "tricks": _tricks}.get(view.get("game"))
    return explain(view, action) if explain else None


# --- Mit List und Tücke ------------------------------------------------------------------------------
# A reason is a verb phrase without its subject, shown after a percentage ("62%, takes the trick so
# far") and after "it" ("The marked red 5 is a good choice: it takes the trick so far.").
def _mlut(view, action):
    kind = action[0]
    mine = view["collections"][view["seat"]]
    if kind == "play":
        return _mlut_play(view, action[1])
    if kind == "pick":
        before = mlut.points_so_far(mine)[0]
        counts = mlut.collection_counts(mine)
        for card in action[1]:
            counts[card[0]] = counts.get(card[0], 0) + 1
        after = mlut.round_points(counts, mine["plus"])[0]
        if after > before:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move): picking these cards
            return _("raises your round points so far from {before} to {after}").format(before=before, after=after)
        if after < before:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move): picking these cards
            return _("costs round points: {before} down to {after}").format(before=before, after=after)
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move): picking these cards
        return _("keeps your round points at {after}").format(after=after)
    if kind == "plus":
        how = mlut.round_points(mlut.collection_counts(mine), action[1])[1]
        # TRANSLATORS: a coach's reason for two plus colours; {how} is the round's sum in words
        return _("scores {how} as it stands").format(how=how)
    return None


def _mlut_play(view, card):
    trick, colour, value = view["trick"], card[0], mlut.VALUE[card]
    name = _(cards.COLOUR_NAMES[colour])
    if not trick:
        held = sum(1 for c in view["hand"] if c[0] == colour)
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the card); {colour} is a colour's
        # name, {held} how many cards of that colour the player holds
        return _("leads {colour}: it becomes trump (you hold {held} {colour})").format(colour=name, held=held)
    trump = trick[0][1][0]
    if colour == trump:
        best = max(mlut.VALUE[c] for _s, c in trick if c[0] == trump)
        if value > best:
            return _("the highest trump so far: you would pick first")
        return _("a trump too low to pick: it goes to the picker")
    others = [mlut.VALUE[c] for _s, c in trick if c[0] != trump]
    if not others or value < min(others):
        return _("the lowest other colour so far: you would take the rest and lead next")
    return _("not the lowest other colour: the cards go to others")


# --- Was sticht? ---------------------------------------------------------------------------------
def _wassticht(view, action):
    kind = action[0]
    if kind in ("take_task", "task", "discard") and action[1] in wassticht.TASKS:
        wording, difficulty = wassticht.TASKS[action[1]]
        # TRANSLATORS: a task's words, e.g. "exactly 1 trick", and its difficulty (1 to 5)
        return _("{task} (difficulty {difficulty})").format(task=_(wording), difficulty=difficulty)
    if kind == "play":
        return _wassticht_play(view, action[1])
    return None


def _wassticht_play(view, card):
    trick = [c for _s, c in view["trick"]]
    if not view.get("trump_known"):
        return None  # who wins is not for this seat to know yet
    won = wassticht.trick_winner(trick + [card], view["trump_colour"], view["trump_number"]) == len(trick)
    task = (view.get("chosen") or [None] * (view["seat"] + 1))[view["seat"]]
    if task in wassticht.TASKS:
        goal = _(wassticht.TASKS[task][0])
        if not trick:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move); {task} is a task's
            # words, e.g. "exactly 1 trick"
            return _("leads the {card} (your task: {task})").format(card=cards.name(card), task=goal)
        # TRANSLATORS: a coach's reason (a verb phrase); {task} is a task's words, e.g. "exactly 1 trick"
        return (_("takes the trick so far (your task: {task})") if won
                else _("lets the trick go (your task: {task})")).format(task=goal)
    if not trick:
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move)
        return _("leads the {card}").format(card=cards.name(card))
    return _("takes the trick so far") if won else _("lets the trick go")


# --- Tricks ------------------------------------------------------------------------------------------
def _tricks(view, action):
    kind, seat = action[0], view["seat"]
    if kind == "play":
        return _tricks_play(view, action)
    if kind == "bid":
        n = tricks.VALUE[action[1]]
        # TRANSLATORS: a coach's reason for a bid (a verb phrase, its subject is the move)
        return ngettext("bids {n} trick", "bids {n} tricks", n).format(n=n)
    if kind == "buy" and view.get("market"):
        deck = action[1]
        top, price = view["decks"][deck]["top"], view["market"]["prices"][deck]
        if top is not None and price is not None:
            # TRANSLATORS: a coach's reason for buying a card: its price, and the player's chips now
            return ngettext("the {card} for {price} chip (you have {chips})",
                            "the {card} for {price} chips (you have {chips})", price).format(
                card=cards.name(top), price=price, chips=view["chips"][seat])
    return None


def _tricks_play(view, action):
    seat, card = view["seat"], action[1]
    colour = action[2] if len(action) > 2 else card[0]
    trick = [(s, c, k) for s, c, k in view["trick"]] + [(seat, card, colour)]
    takes = tricks.trick_winner(trick, view["trump"]) == seat
    bid = view["bids"][seat]
    if bid is None:
        return _("takes the trick so far") if takes else _("lets the trick go")
    need = tricks.VALUE[bid] - view["tricks_won"][seat]
    after = tricks.TRICKS - view["tricks_played"] - 1  # the tricks still to play after this one
    if takes:
        if need > after + 1:
            return _("takes the trick so far; your bid of {bid} can no longer be met, but every trick taken "
                     "brings you nearer").format(bid=tricks.VALUE[bid])
        if need > 0:
            return ngettext("takes the trick so far; you need {n} more for your bid",
                            "takes the trick so far; you need {n} more for your bid", need).format(n=need)
        return _("takes the trick so far, though you have your bid already")
    if need > after:
        return _("lets the trick go: your bid of {bid} can no longer be met, but every trick taken brings you "
                 "nearer").format(bid=tricks.VALUE[bid])
    if need > 0:
        return ngettext("lets the trick go; you still need {n}", "lets the trick go; you still need {n}",
                        need).format(n=need)
    return _("lets the trick go: you have your bid")
