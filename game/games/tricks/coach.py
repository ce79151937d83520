"""The coach's words for Tricks (game.explain asks the kit): a short reason for a move, read from
one seat's view and one of its legal actions."""

from game import cards, explain
from game.i18n import _, ngettext
from game.games.tricks import rules as tricks
from game.games.tricks.normal_bot import plan_colour


def move(view, action, seat_name):
    """A Tricks move in words for the hint's sentence: a deck to buy from or bury at, a seat to lead,
    a grey 4 with the colour it is played as; None for a bid or a plain card (named by its card)."""
    kind, parts = action[0], action[1:]
    if kind in ("buy", "bury") and parts[0] == view["seat"]:
        # the learner's own deck by its name read as someone else's ("buy from Anna" to Anna)
        return _("buy from your own deck") if kind == "buy" else _("bury at your own deck")
    if kind in ("buy", "bury", "lead"):
        return _seat_move(kind, parts[0], seat_name)
    if kind == "play" and len(parts) == 2:
        # TRANSLATORS: the hint: a grey 4 played as a colour, "grey 4 as yellow"
        return _("{card} as {colour}").format(card=explain.part_name(parts[0]), colour=explain.part_name(parts[1]))
    return None


def _seat_move(kind, seat, seat_name):
    if seat is None:
        return _("bury nothing") if kind == "bury" else _("buy nothing")
    name = seat_name(seat)
    if kind == "buy":
        return _("buy from {name}").format(name=name)
    if kind == "lead":
        # TRANSLATORS: the hint: the seat named to lead the next trick
        return _("{name} to lead").format(name=name)
    return _("bury at {name}").format(name=name)


def reason(view, action):
    kind, seat = action[0], view["seat"]
    if kind == "play":
        return _play(view, action)
    if kind == "bid":
        return _bid(view, action[1])
    if kind == "buy" and view.get("market"):
        return _buy(view, action[1])
    if kind == "bury" and view.get("market"):
        return _bury(view, action[1])
    return None


def _buy(view, deck):
    """Why buy DECK's face-up card: what it costs, and what it adds to the hand (the Normal bot's rule of
    thumb: the colour the hand plays for, high cards of it, the grey 4, low cards)."""
    seat = view["seat"]
    top, price = view["decks"][deck]["top"], view["market"]["prices"][deck]
    if top is None or price is None:
        return None
    # TRANSLATORS: a coach's reason for buying a card (a verb phrase, its subject is the move): its price,
    # and the player's chips now
    cost = ngettext("gets you the {card} for {price} chip (you have {chips})",
                    "gets you the {card} for {price} chips (you have {chips})", price).format(
        card=cards.name(top), price=price, chips=view["chips"][seat])
    use = _use(view["hands"][seat], top)
    # TRANSLATORS: a coach's reason for a buy: {cost} "gets you the blue 5 for 2 chips (you have 10)", {use}
    # what the card adds, e.g. "a high card of your strongest colour takes tricks"
    return _("{cost}: {use}").format(cost=cost, use=use) if use else cost


def _use(hand, card):
    """What CARD adds to HAND, in a few words, or None for a middling card."""
    if card == tricks.JOKER:
        return _("it can be a {value} of any colour, named when you play it").format(value=tricks.VALUE[card])
    plan = plan_colour(list(hand) + [card])
    if card[0] == plan and tricks.VALUE[card] >= 3:
        # TRANSLATORS: {colour} the colour the hand plays for, "blue"
        return _("{colour} is your strongest colour, and a high card takes tricks").format(
            colour=_(cards.COLOUR_NAMES[plan]))
    if tricks.VALUE[card] <= 1:
        return _("a low card is safe to lose a trick with")
    return None


def _bury(view, deck):
    """Why bury DECK's face-up card (or none)."""
    if deck is None:
        # TRANSLATORS: a coach's reason for burying nothing (a verb phrase, its subject is the move)
        return _("keeps your chips")
    top = view["decks"][deck]["top"]
    if top is None:
        return None
    # TRANSLATORS: a coach's reason for burying a face-up card (a verb phrase, its subject is the move)
    return _("puts the {card} out of the next buyer's reach").format(card=cards.name(top))


def _bid(view, card):
    """Why a bid card: how many tricks it promises and the trump it may make (the highest bid does)."""
    n = tricks.VALUE[card]
    if card == tricks.JOKER:
        # TRANSLATORS: a coach's reason for bidding the grey 4 (a verb phrase, its subject is the move)
        return _("bids 4 tricks, and there is no trump unless someone bids a 5")
    if n == 0:
        # TRANSLATORS: a coach's reason for a bid of 0 (a verb phrase, its subject is the move)
        return _("bids 0 tricks: you aim to take none")
    held = sum(1 for c in view["hands"][view["seat"]] if c[0] == card[0] and c != card)
    # TRANSLATORS: a coach's reason for a bid (a verb phrase, its subject is the move); the highest bid's
    # colour is trump; {held}: the cards of that colour the player keeps in hand
    return ngettext("bids {n} trick and may make {colour} trump: you keep {held} {colour}",
                    "bids {n} tricks and may make {colour} trump: you keep {held} {colour}", n).format(
        n=n, colour=_(cards.COLOUR_NAMES[card[0]]), held=held)


def _play(view, action):
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
