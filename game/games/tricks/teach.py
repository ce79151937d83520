"""Tricks taught at the table: its rules as they come up, the guided round's deal, the round's payout
in words. Follows ``shared/rules/tricks.md``; every fact is read from the seat's view and the rules
core (``game.games.tricks.rules``), never written here as a literal.

Targets beyond the shared ones (``game.teach.Note``): ("deck", s) a seat's deck and its face-up card,
("chips", s) a seat's chips, ("bid", s) a seat's bid card, ("bids",) all bids together.
"""

from game import cards, i18n
from game.games.tricks import rules as tricks
from game.games.tricks.normal_bot import BID_OPTIMISM, distribution, likely_bid, plan_colour, trick_chances
from game.explain import reason
from game.i18n import _, ngettext, pgettext, listing
from game.teach import Lesson, capital, colour_noun, note, rule

GAME = "tricks"
TOP = max(tricks.VALUE.values())  # the highest value a card or a bid can have
LOW = min(tricks.VALUE.values())  # the lowest


def colour_name(colour):
    """A colour's name as the teacher says it (translated: call it when the words are shown)."""
    return colour_noun(colour)


def chips(n):
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


def tie_order():
    """"blue beats red beats yellow": the colours of equal bids, strongest first (the rules core's)."""
    first, *rest = [colour_name(c) for c in reversed(tricks.COLOURS)]
    for weaker in rest:
        # TRANSLATORS: a chain of colours, strongest first: "blue beats red beats yellow"
        first = _("{stronger} beats {weaker}").format(stronger=first, weaker=weaker)
    return first


def _deck(moment, owner, actor):
    """OWNER's deck as ACTOR's deed tells it: "your own deck", "their own deck", "your deck", "Ben's deck"."""
    # TRANSLATORS: a deck after "from" or "of" ("bought the red 3 from your own deck")
    if owner == actor:
        return pgettext("after from", "your own deck") if owner == moment.seat else \
            pgettext("after from", "their own deck")
    if owner == moment.seat:
        return pgettext("after from", "your deck")
    return pgettext("after from", "{name}'s deck").format(name=moment.names[owner])


def _deal(moment, kind):
    """A buy or a burial just made: (actor, owner, card, price), or None (a declined burial too)."""
    before = moment.before
    if moment.kind != kind or before is None or before.get("market") is None or moment.action[1] is None:
        return None
    owner = moment.action[1]
    card = before["decks"][owner]["top"]
    price = before["market"]["prices"][owner] if kind == "buy" else before["market"]["bury_fee"]
    return moment.actor, owner, card, price


def _bid_words(moment, bids):
    words = []
    for s, b in enumerate(bids):
        # TRANSLATORS: a bid's value, {grey} the card "grey 4"
        bid = _("{value} (the {grey})").format(value=tricks.VALUE[b], grey=cards.name(b)) if b == tricks.JOKER \
            else str(tricks.VALUE[b])
        # TRANSLATORS: one seat's bid in the list of all bids ("you 2, Ben 3")
        words.append(_("you {bid}").format(bid=bid) if s == moment.seat else
                     _("{name} {bid}").format(name=moment.names[s], bid=bid))
    return ", ".join(words)


def _seats(moment, seats):
    """"you and Ben", "Ben, Carla and David" (within a sentence); whether "you" is among them."""
    return listing(_("you") if s == moment.seat else moment.names[s] for s in seats), moment.seat in seats


def _newly_revealed(moment):
    before, view = moment.before, moment.view
    return before is not None and view["bids_revealed"] and not before["bids_revealed"]


def _trick_done(moment):
    """The trick just taken (the view's last trick), or None. The round's last trick is told by the
    payout instead (the view has moved on to the next round by then)."""
    before, view = moment.before, moment.view
    if moment.kind != "play" or before is None or not view.get("last_trick"):
        return None
    if view["tricks_played"] <= before["tricks_played"] or view["round"] != before["round"]:
        return None
    return view["last_trick"]


def _payout(moment):
    """The payout line of the round just scored, or None."""
    before, view = moment.before, moment.view
    if before is None or len(view["payouts"]) <= len(before["payouts"]):
        return None
    return view["payouts"][-1]


def _at_start(view, moment):
    return view["phase"] == "buy" and moment.action is None and view["round"] == 1 and moment.before is None


# --- the goal, buying --------------------------------------------------------------------------
@rule(GAME)
def goal(moment):
    """What the round is for, before anything is bought: chips are the score, a card bid is a promise."""
    view = moment.view
    if not _at_start(view, moment):
        return None
    me = moment.seat
    # the rows of the buying and the bids stand in seat order from the top: the learner's is theirs
    values = dict(name=moment.names[me], row=me + 1)
    return note(goal, _("You are {name}, in row {row} from the top. Chips are the score: the most after {rounds} "
                        "rounds wins; you buy {hand} cards, bid one in secret (its value = the tricks you promise) "
                        "and win tricks with the other {tricks}, and the bank pays by how near you come, exactly "
                        "{factor} × bid + {bonus}.").format(
        rounds=view["rounds"], hand=tricks.HAND, tricks=tricks.TRICKS, factor=tricks.PAYOUT_FACTORS[0],
        bonus=tricks.EXACT_BONUS, **values),
        _("You are {name}, row {row} from the top: take exactly the tricks you bid.").format(**values),
        ("seat", me))


@rule(GAME)
def own_decks(moment):
    view = moment.view
    if not _at_start(view, moment):
        return None
    start = view["start_player"]
    first, *later = [colour_name(c) for c in tricks.COLOURS]
    then = later[0]
    for colour in later[1:]:
        # TRANSLATORS: colours in the order they decide: "red, then blue"
        then = _("{earlier}, then {later}").format(earlier=then, later=colour)
    # the table's own words for why START buys first (the rules core's start reason)
    values = dict(n=len(tricks.SET), first=first, later=then, reason=i18n.again(view["start_reason"]))
    return note(own_decks, moment.say(
        start,
        _("Every player owns a deck of the same {n} cards, and each deck's top card lies face up for anyone "
          "to buy. You buy first: the lowest face-up {first} card starts, or when no single one is lowest, "
          "the lowest {later}; here {reason}."),
        _("Every player owns a deck of the same {n} cards, and each deck's top card lies face up for anyone "
          "to buy. {name} buys first: the lowest face-up {first} card starts, or when no single one is "
          "lowest, the lowest {later}; here {reason}."), **values),
        moment.say(start, _("You buy first: every deck's face-up card is for sale."),
                   _("{name} buys first: every deck's face-up card is for sale.")), ("deck", start))


@rule(GAME)
def you_buy(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "buy":
        return None
    return note(you_buy, _("Your turn: buy one face-up card; its value is its price and its strength in a "
                           "trick, until everyone holds {hand} cards. You have {chips}; for a price above them "
                           "the bank lends in steps of {step}, and each {step} borrowed costs {cost} at the "
                           "game's end.").format(hand=tricks.HAND, chips=chips(view["chips"][moment.seat]),
                                                 step=tricks.LOAN_STEP, cost=tricks.LOAN_COST),
                _("Buy one face-up card: its value is its price."), ("action", "buy"))


@rule(GAME)
def bought_own(moment):
    deal = _deal(moment, "buy")
    if deal is None or deal[0] != deal[1] or not deal[3]:
        return None
    actor, owner, card, price = deal
    return note(bought_own, moment.say(
        actor, _("You bought the {card} from {deck}: the price, {chips}, goes to the bank."),
        _("{name} bought the {card} from {deck}: the price, {chips}, goes to the bank."),
        card=cards.name(card), deck=_deck(moment, owner, actor), chips=chips(price)),
        moment.say(actor, _("You pay the bank: the card came from your own deck."),
                   _("{name} pays the bank: the card came from their own deck.")), ("chips", actor))


@rule(GAME)
def bought_other(moment):
    deal = _deal(moment, "buy")
    if deal is None or deal[0] == deal[1] or not deal[3]:
        return None
    actor, owner, card, price = deal
    values = dict(card=cards.name(card), deck=_deck(moment, owner, actor), chips=chips(price),
                  owner=moment.names[owner])
    if owner == moment.seat:
        line = _("{name} bought the {card} from {deck}: the price, {chips}, goes to you, the deck's "
                 "owner.").format(name=moment.names[actor], **values)
    else:
        line = moment.say(actor, _("You bought the {card} from {deck}: the price, {chips}, goes to {owner}, "
                                   "the deck's owner."),
                          _("{name} bought the {card} from {deck}: the price, {chips}, goes to {owner}, the "
                            "deck's owner."), **values)
    short = moment.say(owner, _("The {chips} go to you: you own that deck."),
                       _("The {chips} go to {name}, who owns that deck."), chips=chips(price))
    return note(bought_other, line, short, ("chips", owner))


@rule(GAME)
def loan(moment):
    """A trap: a loan costs more than it lends. Told when a seat borrows, or before: at the learner's
    buy when a face-up card costs more than their chips (the bank would lend for it)."""
    before, view = moment.before, moment.view
    if moment.my_turn and view["phase"] == "buy":
        return _loan_ahead(moment)
    if before is None or moment.kind not in ("buy", "bury"):
        return None
    seat = moment.actor
    amount = view["loans"][seat] - before["loans"][seat]
    if amount <= 0:
        return None
    what = _("the price") if moment.kind == "buy" else _("the bury fee")
    had = before["chips"][seat]
    had = _("only {chips}").format(chips=chips(had)) if had else _("no chips left")
    # TRANSLATORS: {had} is "only 3 chips" or "no chips left"; {what} "the price" or "the bury fee"
    return note(loan, moment.say(
        seat,
        _("A payment bigger than your chips is lent by the bank in steps of {step}: You had {had}, too few for "
          "{what}, so it lent {amount}. Every {step} borrowed costs {cost} at the end of the game: you must "
          "pay back {back}."),
        _("A payment bigger than your chips is lent by the bank in steps of {step}: {name} had {had}, too few "
          "for {what}, so it lent {amount}. Every {step} borrowed costs {cost} at the end of the game: {name} "
          "must pay back {back}."),
        step=tricks.LOAN_STEP, had=had, what=what, amount=amount, cost=tricks.LOAN_COST,
        back=tricks.repayment(amount)),
        moment.say(seat, _("You borrowed {amount} chips: you pay back {back} at the game's end."),
                   _("{name} borrowed {amount} chips and pays back {back} at the game's end."),
                   amount=amount, back=tricks.repayment(amount)),
        ("chips", seat))


def _loan_ahead(moment):
    """The loan's note at the learner's buy, for the dearest card the bank would lend for (None if none)."""
    view, market = moment.view, moment.view["market"]
    dear = [d for d in range(len(view["decks"])) if ("buy", d) in moment.legal and market["loan_needed"][d]]
    if not dear:
        return None
    deck = max(dear, key=lambda d: market["prices"][d])
    amount = market["loan_needed"][deck]
    values = dict(card=cards.name(view["decks"][deck]["top"]), chips=chips(view["chips"][moment.seat]),
                  amount=amount, back=tricks.repayment(amount), step=tricks.LOAN_STEP, cost=tricks.LOAN_COST)
    return note(loan, _("The {card} costs more than your {chips}: buy it and the bank lends you {amount}, in steps "
                        "of {step}. Every {step} borrowed costs {cost} at the end of the game: you would pay back "
                        "{back}.").format(**values),
                _("Careful: the {card} needs a loan of {amount}, and you repay {back}.").format(**values),
                ("deck", deck))


@rule(GAME)
def bury_choice(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "bury":
        return None
    # the button's own words, where the table has it in a game and in the lesson: bottom right
    skip = _("Bury nothing")
    return note(bury_choice, _("After buying you may pay {chips} to the bank to put any face-up card under its "
                               "deck, so the next buyer cannot have it. To bury none, click {skip} at the bottom "
                               "right.").format(chips=chips(tricks.BURY_FEE), skip=skip),
                _("Pay {chips} to bury a face-up card, or click {skip}.").format(
                    chips=chips(tricks.BURY_FEE), skip=skip), ("action", "bury"))


@rule(GAME)
def buried(moment):
    deal = _deal(moment, "bury")
    if deal is None:
        return None
    actor, owner, card, fee = deal
    top = moment.view["decks"][owner]["top"]
    shows = _("now the {card} shows").format(card=cards.name(top)) if top else _("its next card shows")
    return note(buried, moment.say(
        actor, _("You paid {chips} to put the {card} of {deck} underneath: {shows}."),
        _("{name} paid {chips} to put the {card} of {deck} underneath: {shows}."),
        chips=chips(fee), card=cards.name(card), deck=_deck(moment, owner, actor), shows=shows),
        moment.say(actor, _("You paid {chips} to put the {card} under its deck."),
                   _("{name} paid {chips} to put the {card} under its deck."), chips=chips(fee),
                   card=cards.name(card)), ("deck", owner))


# --- bidding and trump: the rule, its tie-break, then the grey 4's exception ---------------------
def _bidding_begins(moment):
    """The step that ended the buying: told between turns, so each of its notes is read in turn (at a
    seat's own turn one note at most comes up: the grey 4's, when it holds one)."""
    before, view = moment.before, moment.view
    return before is not None and before["phase"] in ("buy", "bury") and view["phase"] == "bid"


@rule(GAME)
def secret_bid(moment):
    if not _bidding_begins(moment):
        return None
    return note(secret_bid, _("Buying is over: everyone now lays one of their {hand} cards down in secret as a "
                              "bid, its value is the number of tricks they promise to take with the other "
                              "{tricks} cards. The bids are shown together and stay on the table, out of "
                              "play.").format(hand=tricks.HAND, tricks=tricks.TRICKS),
                _("Bid one card in secret: its value is the tricks you promise."))  # over the full market


@rule(GAME)
def decks_kept(moment):
    """A trap: the decks are not refilled. Round 2 is bought from what round 1 left of them (a deck
    bought from often may hold only a few cards then): told as round 1's buying ends."""
    view = moment.view
    if not _bidding_begins(moment) or view["round"] >= view["rounds"]:
        return None
    me, later = moment.seat, view["round"] + 1
    left = view["decks"][me]["count"]
    return note(decks_kept, ngettext(
        "Buying is over, and the decks are not refilled: round {round} is bought from what is left of them. "
        "Your deck holds {n} card now.",
        "Buying is over, and the decks are not refilled: round {round} is bought from what is left of them. "
        "Your deck holds {n} cards now.", left).format(round=later, n=left),
        _("Decks are not refilled: round {round} buys from what is left.").format(round=later), ("deck", me))


@rule(GAME)
def trump_rule(moment):
    """How the bids make trump, the grey 4 included: told at the start, before anyone buys for a bid
    (or as the bidding begins, or at the reveal, if the start was not seen)."""
    if not _at_start(moment.view, moment) and not _bidding_begins(moment) and not _newly_revealed(moment):
        return None
    grey = cards.name(tricks.JOKER)
    return note(trump_rule, _("The bids make trump: the colour of the highest bid is trump (on equal values "
                              "{order}), and a trump beats every other colour. The {grey} has no colour: if it "
                              "is bid and nobody bids a {top}, there is no trump.").format(
        order=tie_order(), grey=grey, top=TOP),
        _("The colour of the highest bid will be trump."), ("trump",) if _newly_revealed(moment) else ())


def _no_trump_with_grey(bids):
    """Whether the grey 4 among BIDS is what leaves the round without trump."""
    return tricks.trump_of(bids)[0] is None and tricks.JOKER in bids


def _no_trump_why(bids):
    """Why BIDS make no trump, in the order of the rules core's reasons (``tricks.trump_of``)."""
    values = [tricks.VALUE[b] for b in bids]
    if tricks.JOKER in bids and TOP not in values:
        return _("a {grey} was bid and no {top}").format(grey=cards.name(tricks.JOKER), top=TOP)
    if all(b == tricks.JOKER or tricks.VALUE[b] == LOW for b in bids):
        return _("every bid is a {low} or a {grey}").format(low=LOW, grey=cards.name(tricks.JOKER))
    return _("every bid is a {top}").format(top=TOP)


@rule(GAME)
def trump_set(moment):
    """The bids shown and the trump they make (the bids, all together, are told here)."""
    if not _newly_revealed(moment):
        return None
    bids = moment.view["bids"]
    words = _bid_words(moment, bids)
    colour, best, _why = tricks.trump_of(bids)
    if colour is None:
        return note(trump_set, _("All bids are shown: {bids}. This round has no trump ({why}): the highest card "
                                 "of the led colour takes each trick.").format(bids=words, why=_no_trump_why(bids)),
                    _("No trump this round: the led colour's highest card wins."), ("trump",))
    seats = [s for s, b in enumerate(bids) if b == best]
    tie = any(tricks.VALUE[b] == tricks.VALUE[best] and b[0] != best[0] for b in bids if b != tricks.JOKER)
    card = cards.name(best)
    if len(seats) == 1:
        why = (_("your {card} is the highest bid").format(card=card) if seats == [moment.seat] else
               _("{name}'s {card} is the highest bid").format(name=moment.names[seats[0]], card=card))
    else:
        names, mine = _seats(moment, seats)
        # TRANSLATORS: {names} is a list such as "Ben and Carla"; the second form has "you" among them
        why = (pgettext("you among them", "{names} bid the {card}, the highest bid") if mine else
               _("{names} bid the {card}, the highest bid")).format(names=names, card=card)
    if tie:
        # TRANSLATORS: {order} is a chain like "blue beats red beats yellow"
        why = _("{reason} (on equal values {order})").format(reason=why, order=tie_order())
    return note(trump_set, _("All bids are shown: {bids}. {colour} is trump: {why}.").format(
        bids=words, colour=capital(colour_name(colour)), why=why),
        _("{colour} is trump this round: it beats every other colour.").format(
            colour=capital(colour_name(colour))), ("trump",))


@rule(GAME)
def all_fives(moment):
    """A trap: when every bid is a 5 there is no trump, whatever the colours (the tie-break between
    equal bids does not apply then). Told at every reveal: the round's own bids are the example."""
    if not _newly_revealed(moment):
        return None
    bids = moment.view["bids"]
    values = dict(top=TOP, order=tie_order())
    if all(b != tricks.JOKER and tricks.VALUE[b] == TOP for b in bids):
        return note(all_fives, _("Every bid is a {top}, so the colours do not count: this round has no trump, "
                                 "and the highest card of the led colour takes each trick.").format(**values),
                    _("Every bid is a {top}: this round has no trump.").format(**values), ("bids",))
    best = tricks.trump_of(bids)[1]
    tie = best is not None and any(b != tricks.JOKER and b[0] != best[0] and tricks.VALUE[b] == tricks.VALUE[best]
                                   for b in bids)
    if tie:
        line = _("Equal bids go by colour ({order}), but not when every bid is a {top}: then the colours do not "
                 "count and the round has no trump.")
    else:
        line = _("Colours count only between equal bids ({order}), and not even then when every bid is a "
                 "{top}: then the round has no trump.")
    # a warning where it does not apply: a lesson's (a newcomer read it as a reminder in a real game as wrong)
    return note(all_fives, line.format(**values),
                _("Careful: if every bid is a {top}, there is no trump at all.").format(**values), ("bids",),
                lesson_only=True)


@rule(GAME)
def grey_bid(moment):
    view = moment.view
    grey, four = cards.name(tricks.JOKER), tricks.VALUE[tricks.JOKER]
    short = _("A {grey} bid promises {four} tricks, but it has no colour for trump.").format(grey=grey, four=four)
    if moment.my_turn and view["phase"] == "bid" and tricks.JOKER in view["hand"]:
        return note(grey_bid, _("Your {grey} as a bid promises {four} tricks, but it has no colour. So if a "
                                "{grey} is bid and nobody bids a {top}, the round has no trump.").format(
            grey=grey, four=four, top=TOP), short, ("card", tricks.JOKER))
    if not _newly_revealed(moment) or tricks.JOKER not in view["bids"]:
        return None
    seat = view["bids"].index(tricks.JOKER)
    then = (_("with no {top} bid, that means no trump") if _no_trump_with_grey(view["bids"])
            else _("a {top} was bid as well, so the highest bid still sets trump")).format(top=TOP)
    return note(grey_bid, moment.say(seat, _("You bid the {grey}: it promises {four} tricks, and {then}."),
                                     _("{name} bid the {grey}: it promises {four} tricks, and {then}."),
                                     grey=grey, four=four, then=then), short, ("bid", seat))


@rule(GAME)
def first_lead(moment):
    if not _newly_revealed(moment):
        return None
    view = moment.view
    bids, leader = view["bids"], view["first_leader"]
    best = tricks.trump_of(bids)[1]
    me = leader == moment.seat
    if best is not None:
        candidates = [s for s, b in enumerate(bids) if b == best]
    else:
        top = max(tricks.VALUE[b] for b in bids)
        candidates = [s for s, b in enumerate(bids) if tricks.VALUE[b] == top]
    if len(candidates) == 1:
        if best is not None:
            because = _("your bid made trump") if me else _("their bid made trump")
        else:
            because = _("your bid is the highest") if me else _("their bid is the highest")
    else:
        fewest = min(view["chips"][s] for s in candidates)
        tied = sum(1 for s in candidates if view["chips"][s] == fewest) > 1
        if tied:
            how = _("you sit first from the start player") if me else \
                _("{name} sits first from the start player").format(name=moment.names[leader])
        else:
            how = _("you have the fewest chips") if me else \
                _("{name} has the fewest chips").format(name=moment.names[leader])
        names, mine = _seats(moment, candidates)
        # TRANSLATORS: {names} is a list such as "Ben and Carla" (the second form has "you" among them);
        # {how} says who of them leads, e.g. "Ben has the fewest chips"
        because = (pgettext("you among them", "{names} bid equally high, and {how}") if mine else
                   _("{names} bid equally high, and {how}")).format(names=names, how=how)
    if best is not None:
        short = moment.say(leader, _("You lead first: your bid made trump."), _("{name} leads first: that bid made trump."))
    else:
        short = moment.say(leader, _("You lead first: no trump, and yours is the highest bid."),
                           _("{name} leads first: no trump, and that is the highest bid."))
    return note(first_lead, moment.say(leader, _("You lead the first trick: {because}."),
                                       _("{name} leads the first trick: {because}."), because=because),
                short, ("seat", leader))


# --- tricks ----------------------------------------------------------------------------------------
@rule(GAME)
def follow(moment):
    """A trick's first card just played: the others follow its colour (told between turns, so that at
    the seat's own turn the grey 4's note can come alone)."""
    view = moment.view
    if moment.kind != "play" or view["phase"] != "play" or len(view["trick"]) != 1 or view["led"] is None:
        return None
    leader, colour = view["trick"][0][0], colour_name(view["led"])
    return note(follow, moment.say(
        leader, _("You led {colour}: every other player must play {colour} while holding any. Only without "
                  "{colour} may they play another colour."),
        _("{name} led {colour}: every other player must play {colour} while holding any. Only without "
          "{colour} may they play another colour."), colour=colour),
        moment.say(leader, _("You led {colour}: the others must play {colour} if they can."),
                   _("{name} led {colour}: everyone else must play {colour} if they can."), colour=colour), ("trick",))


@rule(GAME)
def grey_play(moment):
    """The grey 4 played: who names its colour (its player, when playing it) and what it counts as."""
    view = moment.view
    grey, four = cards.name(tricks.JOKER), tricks.VALUE[tricks.JOKER]
    if moment.my_turn and view["phase"] == "play" and tricks.JOKER in view["hand"]:
        return note(grey_play, _("Your {grey} may be played at any time, even when you could follow. When you "
                                 "play it you name its colour, and it counts as a {four} of that colour (trump "
                                 "too).").format(grey=grey, four=four),
                    _("Your {grey} goes any time, as a {four} of the colour you name.").format(grey=grey, four=four),
                    ("card", tricks.JOKER))
    if moment.kind != "play" or moment.action[1] != tricks.JOKER or moment.actor == moment.seat:
        return None
    colour = moment.action[2]
    # TRANSLATORS: {card} is the card the grey 4 counts as, e.g. "blue 4"
    return note(grey_play, _("{name} played the {grey} and named {colour}: it counts as a {card}. Its player "
                             "names the colour on playing it, and may play it any time, even when able to "
                             "follow.").format(name=moment.names[moment.actor], grey=grey,
                                               colour=colour_name(colour),
                                               card=cards.name(cards.make(colour, four))),
                _("{name} named the {grey} {colour}: it counts as a {card}.").format(
                    name=moment.names[moment.actor], grey=grey, colour=colour_name(colour),
                    card=cards.name(cards.make(colour, four))), ("trick",))


@rule(GAME)
def grey_ahead(moment):
    """Before the grey 4 bites: at a trick's first card a rival holds one (every hand is open) and may
    name it trump; or a grey 4 was just played named another colour than trump. The learner's own
    grey 4 is told at their turn (grey_play)."""
    view = moment.view
    trump = view["trump"]
    if moment.kind != "play" or trump is None:
        return None
    values = dict(grey=cards.name(tricks.JOKER), trump=colour_name(trump), top=TOP,
                  card=cards.name(cards.make(trump, tricks.VALUE[tricks.JOKER])))
    if moment.action[1] == tricks.JOKER and moment.action[2] != trump:
        named = moment.action[2]
        values.update(colour=colour_name(named), card=cards.name(cards.make(named, tricks.VALUE[tricks.JOKER])))
        return note(grey_ahead, moment.say(
            moment.actor, _("You named the {grey} {colour}, so it is only the {card}. Named {trump}, the trump colour, "
                            "it would have been a trump and beaten every card of another colour."),
            _("{name} named the {grey} {colour}, so it is only the {card}. Named {trump}, the trump colour, it would "
              "have been a trump and beaten every card of another colour."), **values),
            _("Careful: a {grey} named {trump} is a trump and beats other colours.").format(**values), ("trick",))
    holders = [s for s, hand in enumerate(view["hands"]) if s != moment.seat and tricks.JOKER in hand]
    if len(view["trick"]) != 1 or not holders:
        return None
    values.update(name=moment.names[holders[0]])
    return note(grey_ahead, _("{name} holds a {grey}. Named {trump}, the trump colour, it is the {card}, a trump: it "
                              "takes a trick from any card of another colour, even a {top} of the led colour.").format(
        **values), _("Careful: if {name} names the {grey} {trump}, it is a trump.").format(**values),
        ("seat", holders[0]))


@rule(GAME)
def grey_trump(moment):
    """A trap: a grey 4 named the trump colour is a trump, and takes a trick its player's rivals were
    sure of. Told when it is played so."""
    view = moment.view
    trump = view["trump"]
    if moment.kind != "play" or trump is None or moment.action[1] != tricks.JOKER or moment.action[2] != trump:
        return None
    values = dict(grey=cards.name(tricks.JOKER), trump=colour_name(trump),
                  card=cards.name(cards.make(trump, tricks.VALUE[tricks.JOKER])))
    return note(grey_trump, moment.say(
        moment.actor,
        _("You named the {grey} {trump}, the trump colour: it is a trump now, the {card}, and beats every card of "
          "another colour. Only a higher trump beats it, or a {card} played before it."),
        _("{name} named the {grey} {trump}, the trump colour: it is a trump now, the {card}, and beats every card "
          "of another colour. Only a higher trump beats it, or a {card} played before it."), **values),
        moment.say(moment.actor, _("Your {grey} named {trump} is a trump: it beats every other colour."),
                   _("{name}'s {grey} named {trump} is a trump: it beats every other colour."), **values),
        ("trick",))


def _winning(last):
    """(seat, card, colour) of the winning card of a finished trick."""
    return next((s, c, k) for s, c, k in last["cards"] if s == last["winner"])


@rule(GAME)
def trick_taken(moment):
    last = _trick_done(moment)
    if last is None:
        return None
    seat, card, colour = _winning(last)
    if colour != last["cards"][0][2]:
        return None  # a trump on another colour: trump_wins
    trump = moment.view["trump"]
    values = dict(card=_played(card, colour), colour=colour_name(colour), trump=colour_name(trump) if trump else "")
    if colour == trump:
        yours, theirs = (_("You took the trick: the {card} is the highest trump."),
                         _("{name} took the trick: the {card} is the highest trump."))
        short = moment.say(seat, yours, theirs, **values)
    elif trump is None:
        yours, theirs = (_("You took the trick: the {card} is the highest {colour}, the led colour."),
                         _("{name} took the trick: the {card} is the highest {colour}, the led colour."))
        short = moment.say(seat, _("You took the trick: the {card} is the highest {colour}."),
                           _("{name} took the trick: the {card} is the highest {colour}."), **values)
    else:
        yours, theirs = (_("You took the trick: the {card} is the highest {colour}, the led colour. No trump "
                           "({trump}) was played."),
                         _("{name} took the trick: the {card} is the highest {colour}, the led colour. No "
                           "trump ({trump}) was played."))
        short = moment.say(seat, _("You took the trick: no trump came, so the highest {colour} wins."),
                           _("{name} took the trick: no trump came, so the highest {colour} wins."), **values)
    return note(trick_taken, moment.say(seat, yours, theirs, **values), short, ("seat", seat))


def _played(card, colour):
    """A card as played: "red 3", "grey 4 (as blue)"."""
    if card != tricks.JOKER:
        return cards.name(card)
    return _("{card} (as {colour})").format(card=cards.name(card), colour=colour_name(colour))


@rule(GAME)
def trump_wins(moment):
    last = _trick_done(moment)
    trump = moment.view["trump"]
    if last is None or trump is None:
        return None
    led = last["cards"][0][2]
    seat, card, colour = _winning(last)
    if colour != trump or led == trump:
        return None
    # TRANSLATORS: {led} is the led colour ("the red trick")
    return note(trump_wins, moment.say(
        seat, _("You took the {led} trick with the {card}: a trump beats every card of another colour."),
        _("{name} took the {led} trick with the {card}: a trump beats every card of another colour."),
        led=colour_name(led), card=_played(card, colour)),
        moment.say(seat, _("You took the {led} trick with a trump: trump beats every other colour."),
                   _("{name} took the {led} trick with a trump: trump beats every other colour."),
                   led=colour_name(led)), ("seat", seat))


@rule(GAME)
def equal_cards(moment):
    """A trick in which a card equal to the winning one (same colour as played, same value) came later."""
    last = _trick_done(moment)
    if last is None:
        return None
    seat, card, colour = _winning(last)
    order = [s for s, _c, _k in last["cards"]]
    later = [(s, c, k) for s, c, k in last["cards"][order.index(seat) + 1:]
             if k == colour and tricks.VALUE[c] == tricks.VALUE[card]]
    if not later:
        return None
    other, other_card, other_colour = later[0]
    if other == moment.seat:
        line = _("{name} took the trick with the {card}: your {equal} is equal, and of equal cards the one "
                 "played first wins.")
    elif seat == moment.seat:
        line = _("You took the trick with the {card}: {other}'s {equal} is equal, and of equal cards the one "
                 "played first wins.")
    else:
        line = _("{name} took the trick with the {card}: {other}'s {equal} is equal, and of equal cards the "
                 "one played first wins.")
    return note(equal_cards, line.format(name=moment.names[seat], card=_played(card, colour),
                                         other=moment.names[other], equal=_played(other_card, other_colour)),
                _("Two equal cards: the one played first wins the trick."), ("seat", seat))


@rule(GAME)
def next_leader(moment):
    """The winner of a trick names who leads the next: told at the seat's own choice or at another's,
    whichever comes first (once: one rule)."""
    if moment.my_turn and moment.view["phase"] == "lead":
        return note(next_leader, _("You took the trick, so you name who leads the next one: yourself or anyone "
                                   "else."), _("You took the trick: name who leads the next one."),
                    ("action", "lead"))
    if moment.kind != "lead" or moment.actor == moment.seat:
        return None
    actor, named = moment.actor, moment.action[1]
    if named == actor:
        line = _("{name} took the trick and chose to lead again: the winner of a trick names who leads the next.")
        short = _("{name} took the trick and leads again: the winner names who leads.")
    elif named == moment.seat:
        line = _("{name} took the trick and named you to lead: the winner of a trick names who leads the next.")
        short = _("{name} took the trick and names you to lead the next one.")
    else:
        line = _("{name} took the trick and named {named} to lead: the winner of a trick names who leads the "
                 "next.")
        short = _("{name} took the trick and names {named} to lead the next one.")
    values = dict(name=moment.names[actor], named=moment.names[named])
    return note(next_leader, line.format(**values), short.format(**values), ("seat", named))


# --- payout ----------------------------------------------------------------------------------------
def _pay_words(bid, took, paid):
    d, factor, bonus = tricks.payout_row(bid, took)
    if bonus:
        return _("exactly the bid: {factor} × {bid} + {bonus} = {chips}").format(
            factor=factor, bid=bid, bonus=bonus, chips=chips(paid))
    # TRANSLATORS: {d} is how many tricks the bid was off by
    if factor:
        return _("{d} off: {factor} × {bid} = {chips}").format(d=d, factor=factor, bid=bid, chips=chips(paid))
    return _("{d} off: {chips}").format(d=d, chips=chips(paid))


def _paid(moment, met):
    """(seat, bid, took, paid) of the first seat (the moment's own first) whose bid was met (or
    missed), in the round just scored; None if there is none."""
    line = _payout(moment)
    if line is None:
        return None
    n = len(line["bids"])
    for s in [moment.seat] + [s for s in range(n) if s != moment.seat]:
        if (line["bids"][s] == line["tricks"][s]) == met:
            return s, line["bids"][s], line["tricks"][s], line["chips"][s]
    return None


@rule(GAME)
def payout_met(moment):
    got = _paid(moment, True)
    if got is None:
        return None
    seat, bid, took, paid = got
    factor, bonus = tricks.PAYOUT_FACTORS[0], tricks.EXACT_BONUS
    # TRANSLATORS: {pay} is the sum, e.g. "exactly the bid: 10 × 2 + 25 = 45 chips"
    return note(payout_met, moment.say(
        seat, _("You bid {bid} and took {took}, {pay}. A bid met pays {factor} per trick bid and {bonus} more."),
        _("{name} bid {bid} and took {took}, {pay}. A bid met pays {factor} per trick bid and {bonus} more."),
        bid=bid, took=took, pay=_pay_words(bid, took, paid), factor=factor, bonus=bonus),
        moment.say(seat, _("You bid {bid} and took exactly {took}: the bank pays {chips}."),
                   _("{name} bid {bid} and took exactly {took}: the bank pays {chips}."),
                   bid=bid, took=took, chips=chips(paid)), ("chips", seat))


@rule(GAME)
def payout_missed(moment):
    got = _paid(moment, False)
    if got is None:
        return None
    seat, bid, took, paid = got
    # TRANSLATORS: {pay} is the sum, e.g. "2 off: 6 × 3 = 18 chips"
    return note(payout_missed, moment.say(
        seat, _("You bid {bid} and took {took}, {pay}. The further off, the less the bank pays; {far} or more "
                "off pays nothing."),
        _("{name} bid {bid} and took {took}, {pay}. The further off, the less the bank pays; {far} or more off "
          "pays nothing."), bid=bid, took=took, pay=_pay_words(bid, took, paid), far=len(tricks.PAYOUT_FACTORS)),
        moment.say(seat, _("You bid {bid} but took {took}: the bank pays only {chips}."),
                   _("{name} bid {bid} but took {took}: the bank pays only {chips}."),
                   bid=bid, took=took, chips=chips(paid)), ("chips", seat))


# --- the learner's turn, the score ---------------------------------------------------------------
def _tricks_n(n):
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def buy_why(hand, card):
    """Why a card is worth buying for HAND, in the words of the Normal bot's rule of thumb (which the
    teacher's suggestion is): the colour the hand plays for, high cards of it, the grey 4, low cards."""
    plan = plan_colour(list(hand) + [card])
    if card == tricks.JOKER:
        return _("it can be a {four} of any colour, named when you play it").format(four=tricks.VALUE[card])
    value = tricks.VALUE[card]
    if card[0] == plan and value >= 3:
        if not any(c[0] == plan for c in hand):  # nothing of it yet: not "your strongest colour"
            return _("a high card takes tricks, and it starts a {colour} hand (bid a high {colour} and {colour} "
                     "may be trump)").format(colour=colour_name(plan))
        return _("{colour} is your strongest colour, and its high cards take tricks (bid one and {colour} may "
                 "be trump)").format(colour=colour_name(plan))
    if value <= 1:
        return _("a low card is safe to lose a trick with once you have your bid")
    return _("it adds the most to your hand for its price")


def bid_outlook(view, card):
    """(tricks, trump) the Normal bot's bid reckons with for CARD as the seat's bid: the others' likely
    bids make the trump, and the rest of the hand takes about that many tricks (the bot's estimate)."""
    hands, me = [list(h) for h in view["hands"]], view["seat"]
    others = {s: likely_bid(h) for s, h in enumerate(hands) if s != me and h}
    bids = [others.get(s, card) for s in range(len(hands))]
    bids[me] = card
    for s, b in list(others.items()) + [(me, card)]:
        hands[s].remove(b)
    trump = tricks.trump_of(bids)[0]
    dist = distribution([min(1.0, p * BID_OPTIMISM) for p in trick_chances(hands, trump)[me]])
    return round(sum(k * q for k, q in enumerate(dist))), trump


def turn_line(moment, action):
    """The learner's turn with nothing new to learn: what to do, and the raised suggestion's reason."""
    view, kind, me = moment.view, action[0], moment.seat
    if kind == "buy":
        owner = action[1]
        card, price = view["decks"][owner]["top"], view["market"]["prices"][owner]
        if not price:
            cost = _("it costs nothing")
        elif owner == me:
            cost = _("{chips} to the bank").format(chips=chips(price))
        else:
            cost = _("{chips} to {name}").format(chips=chips(price), name=moment.names[owner])
        # TRANSLATORS: {cost} is "3 chips to Ben" or "it costs nothing"; {why} a reason like "a low card is safe…"
        return _("Your turn to buy. The marked {card} from {deck} is a good choice ({cost}): {why}.").format(
            card=cards.name(card), deck=_deck(moment, owner, me), cost=cost, why=buy_why(view["hand"], card))
    if kind == "bury":
        if action[1] is None:
            return _("Bury a face-up card or not. Here burying nothing is a good choice: keep your chips.")
        card = view["decks"][action[1]]["top"]
        return _("Bury a face-up card or not. Burying the {card} is a good choice: the next buyer would want "
                 "it.").format(card=cards.name(card))
    if kind == "lead":
        named = action[1]
        needs = [tricks.VALUE[b] - w for b, w in zip(view["bids"], view["tricks_won"])]
        if named == me:
            if needs[me] > 0:
                return _("Name who leads next. Yourself is a good choice: you still need {tricks}.").format(
                    tricks=_tricks_n(needs[me]))
            return _("Name who leads next. Yourself is a good choice.")
        name = moment.names[named]
        if needs[me] <= 0 and needs[named] > 0:
            return _("Name who leads next. {name} is a good choice: you have your bid, and {name} still needs "
                     "{tricks}, the most of the others.").format(name=name, tricks=_tricks_n(needs[named]))
        return _("Name who leads next. {name} is a good choice.").format(name=name)
    why = reason(view, action)
    if kind == "bid":
        likely, trump = bid_outlook(view, action[1])
        made = _("{colour} would be trump").format(colour=colour_name(trump)) if trump else \
            _("there would be no trump")
        values = dict(card=cards.name(action[1]), made=made, n=tricks.TRICKS, tricks=_tricks_n(likely))
        # the bank pays by the bid's value, so the best bid the hand's cards allow may differ from the count
        if likely == tricks.VALUE[action[1]]:
            return _("Choose your secret bid. The marked {card} is a good choice: if the others bid as their "
                     "hands suggest, {made}, and your other {n} cards look good for about {tricks}.").format(**values)
        return _("Choose your secret bid. The marked {card} is a good choice: if the others bid as their hands "
                 "suggest, {made}, and your other {n} cards look good for about {tricks}; of the bids your cards "
                 "allow, this one pays the most on average.").format(**values)
    # TRANSLATORS: {why} is a reason without its subject (the card), e.g. "takes the trick"
    if why:
        return _("Your turn: play a card. The marked {card} is a good choice: it {why}.").format(
            card=cards.name(action[1]), why=why)
    return _("Your turn: play a card. The marked {card} is a good choice.").format(card=cards.name(action[1]))


def turn_note(moment, action):
    """The learner's turn as a Note: SHORT what to do now, pointing at the marked place (the raised card
    of a play), LINE why (``turn_line``)."""
    view, kind, me = moment.view, action[0], moment.seat
    if kind == "buy":
        card = view["decks"][action[1]]["top"]
        short = _("Buy the marked {card} from {deck}.").format(card=cards.name(card),
                                                               deck=_deck(moment, action[1], me))
        target = ("deck", action[1])
    elif kind == "bury" and action[1] is None:
        # the button's own words (bottom right, in a game as in the lesson)
        short = _("Click {skip}: keep your chips.").format(skip=_("Bury nothing"))
        target = ("action", "bury")
    elif kind == "bury":
        short = _("Bury the marked {card} for {chips}.").format(
            card=cards.name(view["decks"][action[1]]["top"]), chips=chips(tricks.BURY_FEE))
        target = ("deck", action[1])
    elif kind == "lead":
        short = (_("Name yourself to lead the next trick.") if action[1] == me else
                 _("Name {name} to lead the next trick.").format(name=moment.names[action[1]]))
        target = ("action", "lead")
    elif kind == "bid":
        short = _("Bid your marked {card}.").format(card=cards.name(action[1]))
        target = ("card", action[1])
    elif len(action) == 3:  # the grey 4, with the colour to name
        short = _("Play your raised {card} and name {colour}.").format(card=cards.name(action[1]),
                                                                      colour=colour_name(action[2]))
        target = ("card", action[1])
    else:
        short = _("Play your raised {card}.").format(card=cards.name(action[1]))
        target = ("card", action[1])
    return note("turn", turn_line(moment, action), short, target)


def score_lines(view, names):
    """The round just paid, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["payouts"][-1]
    rows = []
    for d, factor in enumerate(tricks.PAYOUT_FACTORS):
        if d == 0:
            rows.append(_("exact {factor} × bid + {bonus}").format(factor=factor, bonus=tricks.EXACT_BONUS))
        else:
            rows.append(_("{d} off {factor} × bid").format(d=d, factor=factor))
    # TRANSLATORS: {rows} is a list like "exact 10 × bid + 25, 1 off 8 × bid, 2 off 6 × bid"
    lines = [_("The bank pays each bid by the distance to the tricks taken: {rows}, {far} or more off "
               "nothing.").format(rows=", ".join(rows), far=len(tricks.PAYOUT_FACTORS))]
    for seat, (bid, took, paid) in enumerate(zip(last["bids"], last["tricks"], last["chips"])):
        who = _("You") if seat == view["seat"] else names[seat]
        # TRANSLATORS: {who} is "You" or a name; {pay} the sum, e.g. "1 off: 8 × 2 = 16 chips"
        lines.append(_("{who}: bid {bid}, took {took}, {pay}").format(who=who, bid=bid, took=took,
                                                                       pay=_pay_words(bid, took, paid)))
    for seat, amount in enumerate(view["loans"]):
        if amount:
            text = (_("You borrowed {amount} and will pay back {back} at the end of the game.")
                    if seat == view["seat"] else
                    _("{name} borrowed {amount} and will pay back {back} at the end of the game."))
            lines.append(text.format(name=names[seat], amount=amount, back=tricks.repayment(amount)))
    lines.append(_("A game has {rounds} rounds, each bought from what is left of the decks (they are not "
                   "refilled): after the last, any loans are repaid ({cost} for every {step} borrowed) and the most "
                   "chips wins.").format(
        rounds=view["rounds"], cost=tricks.LOAN_COST, step=tricks.LOAN_STEP))
    return lines


#: The guided round: four players, each deck top card first (Ben starts: his yellow 4 is the lowest
#: yellow shown). Chosen from many shuffles so that, following the teacher, every rule of the
#: checklist comes up in the first round (two equal blue 4s meet in one trick, the learner's played
#: second). Not ``buried``: a Normal bot never buries (its bury rule of thumb asks for more gain than
#: a card can give), so the bury is taught at the learner's own prompt. The traps (issue 43) meet here
#: too: two 5s tie at the bids (every bid a 5 would make no trump), Ben holds a grey 4 at the first
#: trick and later names it trump, Carla borrows, and buying ends with the decks not refilled.
DECKS = (
    ("B5", "B4", "R3", "R4", "R5", "Y4", "Y0", "Y1", "Y5", "B3",
     "R1", "R0", "B1", "R2", "Y3", "B2", "X4", "B0", "Y2"),
    ("Y4", "B5", "R5", "Y5", "B3", "R1", "R4", "B1", "Y3", "B2",
     "B4", "Y0", "Y1", "X4", "Y2", "R3", "R0", "R2", "B0"),
    ("Y5", "X4", "Y3", "B4", "B5", "R4", "B2", "Y0", "R5", "B3",
     "Y2", "R0", "B1", "B0", "R3", "Y1", "Y4", "R1", "R2"),
    ("B5", "B4", "Y4", "Y5", "B2", "R5", "B3", "X4", "Y3", "R4",
     "R0", "R3", "Y1", "B1", "Y0", "R2", "Y2", "R1", "B0"),
)
LESSON = Lesson(GAME, names=("Anna", "Ben", "Carla", "David"), seed=3,
                chance=(("decks", [list(d) for d in DECKS]),),
                checklist=("goal", "own_decks", "bought_other", "bought_own", "you_buy", "bury_choice", "loan",
                           "secret_bid", "decks_kept", "trump_rule", "grey_bid", "trump_set", "all_fives",
                           "first_lead", "follow", "grey_play", "grey_ahead", "grey_trump", "trick_taken",
                           "next_leader", "trump_wins", "equal_cards", "payout_met", "payout_missed"))

#: The traps a first real game springs on a newcomer (issue 43), each a rule of the checklist: every bid
#: a 5 makes no trump, a grey 4 named the trump colour is a trump, the decks are not refilled for round
#: 2, a loan costs more than it lent.
TRAPS = ("all_fives", "grey_trump", "decks_kept", "loan")

#: Where a lesson's Skip stops (game.teach.skip_stops): the learner's first buy and bury, the bids, the
#: bids shown and the trump they make, the first trick, the grey 4 bid and played (its colour chosen),
#: naming the next leader, and the traps.
SKIP_STOPS = ("you_buy", "bury_choice", "loan", "secret_bid", "decks_kept", "grey_bid", "trump_set",
              "all_fives", "follow", "grey_ahead", "grey_play", "next_leader", "grey_trump")
