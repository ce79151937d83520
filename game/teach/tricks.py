"""Tricks taught at the table: its rules as they come up, the guided round's deal, the round's payout
in words. Follows ``shared/rules/tricks.md``; every fact is read from the seat's view and the rules
core (``game.tricks``), never written here as a literal.

Targets beyond the shared ones (``game.teach.Note``): ("deck", s) a seat's deck and its face-up card,
("chips", s) a seat's chips, ("bid", s) a seat's bid card, ("bids",) all bids together.
"""

from game import cards, tricks
from game.bots.heuristic_tricks import BID_OPTIMISM, distribution, likely_bid, plan_colour, trick_chances
from game.explain import reason
from game.teach import Lesson, note, rule

GAME = "tricks"
TOP = max(tricks.VALUE.values())  # the highest value a card or a bid can have


def colour_name(colour):
    return cards.COLOUR_NAMES[colour]


def chips(n):
    return f"{n} chip{'' if n == 1 else 's'}"


def tie_order():
    """"blue beats red beats yellow": the colours of equal bids, strongest first (the rules core's)."""
    return " beats ".join(colour_name(c) for c in reversed(tricks.COLOURS))


def _whose(moment, owner, actor):
    """Words for OWNER's deck as ACTOR's deed tells it: "your own", "Ben's own", "your", "Ben's"."""
    if owner == actor:
        return "your own" if owner == moment.seat else "their own"
    return "your" if owner == moment.seat else f"{moment.names[owner]}'s"


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
    return ", ".join(f"{'you' if s == moment.seat else moment.names[s]} "
                     f"{tricks.VALUE[b]}{' (the grey 4)' if b == tricks.JOKER else ''}"
                     for s, b in enumerate(bids))


def _and(moment, seats):
    """"you and Ben", "Ben, Carla and David" (within a sentence)."""
    words = ["you" if s == moment.seat else moment.names[s] for s in seats]
    return f"{', '.join(words[:-1])} and {words[-1]}"


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
    return note(goal, f"Chips are the score: the most after {view['rounds']} rounds wins. You buy {tricks.HAND} "
                f"cards, bid one in secret (its value = the tricks you promise) and win tricks with the other "
                f"{tricks.TRICKS}; the bank pays by how near you come, exactly {tricks.PAYOUT_FACTORS[0]} × bid + "
                f"{tricks.EXACT_BONUS}.", "Goal: take as many tricks as you bid")


@rule(GAME)
def own_decks(moment):
    view = moment.view
    if not _at_start(view, moment):
        return None
    start = view["start_player"]
    first, *later = [colour_name(c) for c in tricks.COLOURS]
    return note(own_decks, f"Every player owns a deck of the same {len(tricks.SET)} cards, and each deck's top "
                f"card lies face up for anyone to buy. {moment.does(start, 'buy')} first: the lowest face-up "
                f"{first} card starts, or when no single one is lowest, the lowest {', then '.join(later)} (here "
                f"{view['start_reason'].split(',')[0]}).", "Every deck's top card is for sale", ("deck", start))


@rule(GAME)
def you_buy(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "buy":
        return None
    return note(you_buy, f"Your turn: buy one face-up card; its value is its price and its strength in a "
                f"trick, until everyone holds {tricks.HAND} cards. You have {chips(view['chips'][moment.seat])}; "
                f"for a price above them the bank lends in steps of {tricks.LOAN_STEP}, and each "
                f"{tricks.LOAN_STEP} borrowed costs {tricks.LOAN_COST} at the game's end.",
                "Buy one face-up card: price = its value", ("action", "buy"))


@rule(GAME)
def bought_own(moment):
    deal = _deal(moment, "buy")
    if deal is None or deal[0] != deal[1] or not deal[3]:
        return None
    actor, owner, card, price = deal
    return note(bought_own, f"{moment.who(actor)} bought the {cards.name(card)} from "
                f"{_whose(moment, owner, actor)} deck: the price, {chips(price)}, goes to the bank.",
                "Own deck: the price goes to the bank", ("chips", actor))


@rule(GAME)
def bought_other(moment):
    deal = _deal(moment, "buy")
    if deal is None or deal[0] == deal[1] or not deal[3]:
        return None
    actor, owner, card, price = deal
    payee = "you" if owner == moment.seat else moment.names[owner]
    return note(bought_other, f"{moment.who(actor)} bought the {cards.name(card)} from "
                f"{_whose(moment, owner, actor)} deck: the price, {chips(price)}, goes to {payee}, "
                f"the deck's owner.", "Another's deck: its owner gets the price", ("chips", owner))


@rule(GAME)
def loan(moment):
    before, view = moment.before, moment.view
    if before is None or moment.kind not in ("buy", "bury"):
        return None
    seat = moment.actor
    amount = view["loans"][seat] - before["loans"][seat]
    if amount <= 0:
        return None
    what = "the price" if moment.kind == "buy" else "the bury fee"
    had = before["chips"][seat]
    had = f"only {chips(had)}" if had else "no chips left"
    who = moment.who(seat)
    return note(loan, f"A payment bigger than your chips is lent by the bank in steps of {tricks.LOAN_STEP}: "
                f"{who} had {had}, too few for {what}, so it lent {amount}. Every {tricks.LOAN_STEP} borrowed "
                f"costs {tricks.LOAN_COST} at the end of the game: {who.replace('You', 'you')} must pay back "
                f"{tricks.repayment(amount)}.",
                f"Loan: {tricks.LOAN_STEP} now costs {tricks.LOAN_COST} at the end", ("chips", seat))


@rule(GAME)
def bury_choice(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "bury":
        return None
    return note(bury_choice, f"After buying you may pay {chips(tricks.BURY_FEE)} to the bank to put any "
                f"face-up card under its deck, so the next buyer cannot have it. Or bury nothing.",
                f"Pay {tricks.BURY_FEE} to bury a top card, or don't", ("action", "bury"))


@rule(GAME)
def buried(moment):
    deal = _deal(moment, "bury")
    if deal is None:
        return None
    actor, owner, card, fee = deal
    top = moment.view["decks"][owner]["top"]
    shows = f"now the {cards.name(top)} shows" if top else "its next card shows"
    return note(buried, f"{moment.who(actor)} paid {chips(fee)} to put the {cards.name(card)} of "
                f"{_whose(moment, owner, actor)} deck underneath: {shows}.",
                f"Bury: {chips(fee)} puts a top card under", ("deck", owner))


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
    return note(secret_bid, f"Buying is over: everyone now lays one of their {tricks.HAND} cards down in secret as "
                f"a bid, its value is the number of tricks they promise to take with the other {tricks.TRICKS} "
                f"cards. The bids are shown together and stay on the table, out of play.",
                "Bid a card: its value = tricks promised")  # told over the full market: no one place


@rule(GAME)
def trump_rule(moment):
    """How the bids make trump, the grey 4 included: told at the start, before anyone buys for a bid
    (or as the bidding begins, or at the reveal, if the start was not seen)."""
    if not _at_start(moment.view, moment) and not _bidding_begins(moment) and not _newly_revealed(moment):
        return None
    grey = cards.name(tricks.JOKER)
    return note(trump_rule, f"The bids make trump: the colour of the highest bid is trump (on equal values "
                f"{tie_order()}), and a trump beats every other colour. The {grey} has no colour: if it is bid "
                f"and nobody bids a {TOP}, there is no trump.",
                "Trump: the highest bid's colour", ("trump",) if _newly_revealed(moment) else ())


def _no_trump_with_grey(bids):
    """Whether the grey 4 among BIDS is what leaves the round without trump."""
    return tricks.trump_of(bids)[0] is None and tricks.JOKER in bids


@rule(GAME)
def trump_set(moment):
    """The bids shown and the trump they make (the bids, all together, are told here)."""
    if not _newly_revealed(moment):
        return None
    bids = moment.view["bids"]
    shown = f"All bids are shown: {_bid_words(moment, bids)}."
    colour, best, why = tricks.trump_of(bids)
    if colour is None:
        why = why.split(": ", 1)[-1]  # the rules core's reason, without its "no trump: "
        return note(trump_set, f"{shown} This round has no trump ({why}): the highest card of the led colour "
                    f"takes each trick.", "No trump: the led colour's highest wins", ("trump",))
    seats = [s for s, b in enumerate(bids) if b == best]
    tie = any(tricks.VALUE[b] == tricks.VALUE[best] and b[0] != best[0] for b in bids if b != tricks.JOKER)
    by = f" (on equal values {tie_order()})" if tie else ""
    if len(seats) == 1:
        whose = "your" if seats == [moment.seat] else f"{moment.names[seats[0]]}'s"
        why = f"{whose} {cards.name(best)} is the highest bid{by}"
    else:
        why = f"{_and(moment, seats)} bid the {cards.name(best)}, the highest bid{by}"
    return note(trump_set, f"{shown} {colour_name(colour).capitalize()} is trump: {why}.",
                f"Trump: {colour_name(colour)}, the highest bid's colour", ("trump",))


@rule(GAME)
def grey_bid(moment):
    view = moment.view
    grey, four = cards.name(tricks.JOKER), tricks.VALUE[tricks.JOKER]
    if moment.my_turn and view["phase"] == "bid" and tricks.JOKER in view["hand"]:
        return note(grey_bid, f"Your {grey} as a bid promises {four} tricks, but it has no colour. So if a "
                    f"{grey} is bid and nobody bids a {TOP}, the round has no trump.",
                    f"A {grey} bid: {four} tricks, maybe no trump", ("card", tricks.JOKER))
    if not _newly_revealed(moment) or tricks.JOKER not in view["bids"]:
        return None
    seat = view["bids"].index(tricks.JOKER)
    then = (f"with no {TOP} bid, that means no trump" if _no_trump_with_grey(view["bids"])
            else f"a {TOP} was bid as well, so the highest bid still sets trump")
    return note(grey_bid, f"{moment.who(seat)} bid the {grey}: it promises {four} tricks, and {then}.",
                f"A {grey} bid: {four} tricks, maybe no trump", ("bid", seat))


@rule(GAME)
def first_lead(moment):
    if not _newly_revealed(moment):
        return None
    view = moment.view
    bids, leader = view["bids"], view["first_leader"]
    best = tricks.trump_of(bids)[1]
    if best is not None:
        candidates = [s for s, b in enumerate(bids) if b == best]
        why = "made trump"
    else:
        top = max(tricks.VALUE[b] for b in bids)
        candidates = [s for s, b in enumerate(bids) if tricks.VALUE[b] == top]
        why = "is the highest"
    if len(candidates) == 1:
        because = f"{'your' if leader == moment.seat else 'their'} bid {why}"
    else:
        fewest = min(view["chips"][s] for s in candidates)
        tied = sum(1 for s in candidates if view["chips"][s] == fewest) > 1
        me = leader == moment.seat
        name = "you" if me else moment.names[leader]
        how = ("sit" if me else "sits") + " first from the start player" if tied else \
            ("have" if me else "has") + " the fewest chips"
        because = f"{_and(moment, candidates)} bid equally high, and {name} {how}"
    short = "The bid that made trump leads first" if best is not None else "No trump: the highest bid leads"
    return note(first_lead, f"{moment.does(leader, 'lead')} the first trick: {because}.", short,
                ("seat", leader))


# --- tricks ----------------------------------------------------------------------------------------
@rule(GAME)
def follow(moment):
    """A trick's first card just played: the others follow its colour (told between turns, so that at
    the seat's own turn the grey 4's note can come alone)."""
    view = moment.view
    if moment.kind != "play" or view["phase"] != "play" or len(view["trick"]) != 1 or view["led"] is None:
        return None
    leader, colour = view["trick"][0][0], colour_name(view["led"])
    return note(follow, f"{moment.who(leader)} led {colour}: every other player must play {colour} while "
                f"holding any. Only without {colour} may they play another colour.",
                "Follow the led colour if you can", ("trick",))


@rule(GAME)
def grey_play(moment):
    """The grey 4 played: who names its colour (its player, when playing it) and what it counts as."""
    view = moment.view
    grey, four = cards.name(tricks.JOKER), tricks.VALUE[tricks.JOKER]
    short = f"{grey.capitalize()}: any time, a {four} of a colour you name"
    if moment.my_turn and view["phase"] == "play" and tricks.JOKER in view["hand"]:
        return note(grey_play, f"Your {grey} may be played at any time, even when you could follow. When you "
                    f"play it you name its colour, and it counts as a {four} of that colour (trump too).",
                    short, ("card", tricks.JOKER))
    if moment.kind != "play" or moment.action[1] != tricks.JOKER or moment.actor == moment.seat:
        return None
    colour = colour_name(moment.action[2])
    return note(grey_play, f"{moment.names[moment.actor]} played the {grey} and named {colour}: it counts as a "
                f"{colour} {four}. Its player names the colour on playing it, and may play it any time, even "
                f"when able to follow.", short, ("trick",))


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
    what = "highest trump" if colour == trump else f"highest {colour_name(colour)}, the led colour"
    rest = "" if colour == trump or trump is None else f" No trump ({colour_name(trump)}) was played."
    return note(trick_taken, f"{moment.who(seat)} took the trick: the {_played(card, colour)} is the "
                f"{what}.{rest}", "Highest trump wins, else highest led colour", ("seat", seat))


def _played(card, colour):
    """A card as played: "red 3", "grey 4 (as blue)"."""
    return cards.name(card) if card != tricks.JOKER else f"{cards.name(card)} (as {colour_name(colour)})"


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
    return note(trump_wins, f"{moment.who(seat)} took the {colour_name(led)} trick with the "
                f"{_played(card, colour)}: a trump beats every card of another colour.",
                "A trump beats the led colour", ("seat", seat))


@rule(GAME)
def equal_cards(moment):
    """A trick in which a card equal to the winning one (same colour as played, same value) came later."""
    last = _trick_done(moment)
    if last is None:
        return None
    seat, card, colour = _winning(last)
    order = [s for s, _, _ in last["cards"]]
    later = [(s, c, k) for s, c, k in last["cards"][order.index(seat) + 1:]
             if k == colour and tricks.VALUE[c] == tricks.VALUE[card]]
    if not later:
        return None
    other, other_card, other_colour = later[0]
    theirs = "your" if other == moment.seat else f"{moment.names[other]}'s"
    return note(equal_cards, f"{moment.who(seat)} took the trick with the {_played(card, colour)}: {theirs} "
                f"{_played(other_card, other_colour)} is equal, and of equal cards the one played first wins.",
                "Equal cards: the one played first wins", ("seat", seat))


@rule(GAME)
def next_leader(moment):
    """The winner of a trick names who leads the next: told at the seat's own choice or at another's,
    whichever comes first (once: one rule)."""
    if moment.my_turn and moment.view["phase"] == "lead":
        return note(next_leader, "You took the trick, so you name who leads the next one: yourself or anyone "
                    "else.", "The trick's winner names who leads next", ("action", "lead"))
    if moment.kind != "lead" or moment.actor == moment.seat:
        return None
    actor, named = moment.actor, moment.action[1]
    whom = "chose to lead again" if named == actor else \
        f"named {'you' if named == moment.seat else moment.names[named]} to lead"
    return note(next_leader, f"{moment.names[actor]} took the trick and {whom}: the winner of a trick "
                "names who leads the next.", "The trick's winner names who leads next", ("seat", named))


# --- payout ----------------------------------------------------------------------------------------
def _pay_words(bid, took, paid):
    d, factor, bonus = tricks.payout_row(bid, took)
    if bonus:
        return f"exactly the bid: {factor} × {bid} + {bonus} = {chips(paid)}"
    if factor:
        return f"{d} off: {factor} × {bid} = {chips(paid)}"
    return f"{d} off: {chips(paid)}"


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
    return note(payout_met, f"{moment.who(seat)} bid {bid} and took {took}, {_pay_words(bid, took, paid)}. "
                f"A bid met pays {tricks.PAYOUT_FACTORS[0]} per trick bid and {tricks.EXACT_BONUS} more.",
                f"Bid met: {tricks.PAYOUT_FACTORS[0]} × bid + {tricks.EXACT_BONUS}", ("chips", seat))


@rule(GAME)
def payout_missed(moment):
    got = _paid(moment, False)
    if got is None:
        return None
    seat, bid, took, paid = got
    far = len(tricks.PAYOUT_FACTORS)
    return note(payout_missed, f"{moment.who(seat)} bid {bid} and took {took}, {_pay_words(bid, took, paid)}. "
                f"The further off, the less the bank pays; {far} or more off pays nothing.",
                "Bid missed: less the further off", ("chips", seat))


# --- the learner's turn, the score ---------------------------------------------------------------
def _tricks_n(n):
    return f"{n} trick{'' if n == 1 else 's'}"


def buy_why(hand, card):
    """Why a card is worth buying for HAND, in the words of the Normal bot's rule of thumb (which the
    teacher's suggestion is): the colour the hand plays for, high cards of it, the grey 4, low cards."""
    plan = plan_colour(list(hand) + [card])
    if card == tricks.JOKER:
        return f"it can be a {tricks.VALUE[card]} of any colour, named when you play it"
    value = tricks.VALUE[card]
    if card[0] == plan and value >= 3:
        if not any(c[0] == plan for c in hand):  # nothing of it yet: not "your strongest colour"
            return (f"a high card takes tricks, and it starts a {colour_name(plan)} hand (bid a high "
                    f"{colour_name(plan)} and {colour_name(plan)} may be trump)")
        return (f"{colour_name(plan)} is your strongest colour, and its high cards take tricks (bid one and "
                f"{colour_name(plan)} may be trump)")
    if value <= 1:
        return "a low card is safe to lose a trick with once you have your bid"
    return "it adds the most to your hand for its price"


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
        payee = "the bank" if owner == me else moment.names[owner]
        cost = f"{chips(price)} to {payee}" if price else "it costs nothing"
        return (f"Your turn to buy. The marked {cards.name(card)} from {_whose(moment, owner, me)} deck is a "
                f"good choice ({cost}): {buy_why(view['hand'], card)}.")
    if kind == "bury":
        if action[1] is None:
            return "Bury a face-up card or not. Here burying nothing is a good choice: keep your chips."
        card = view["decks"][action[1]]["top"]
        return (f"Bury a face-up card or not. Burying the {cards.name(card)} is a good choice: the next "
                f"buyer would want it.")
    if kind == "lead":
        named = action[1]
        needs = [tricks.VALUE[b] - w for b, w in zip(view["bids"], view["tricks_won"])]
        if named == me:
            who = "Yourself"
            why = f": you still need {_tricks_n(needs[me])}" if needs[me] > 0 else ""
        else:
            who = moment.names[named]
            why = f": you have your bid, and {who} still needs {_tricks_n(needs[named])}, the most of the " \
                  f"others" if needs[me] <= 0 and needs[named] > 0 else ""
        return f"Name who leads next. {who} is a good choice{why}."
    why = reason(view, action)
    if kind == "bid":
        likely, trump = bid_outlook(view, action[1])
        made = f"{colour_name(trump)} would be trump" if trump else "there would be no trump"
        # the bank pays by the bid's value, so the best bid the hand's cards allow may differ from the count
        best = "" if likely == tricks.VALUE[action[1]] else \
            "; of the bids your cards allow, this one pays the most on average"
        return (f"Choose your secret bid. The marked {cards.name(action[1])} is a good choice: if the others "
                f"bid as their hands suggest, {made}, and your other {tricks.TRICKS} cards look good for about "
                f"{_tricks_n(likely)}{best}.")
    else:
        what = f"Your turn: play a card. The marked {cards.name(action[1])} is a good choice"
    return f"{what}: it {why}." if why else f"{what}."


def score_lines(view, names):
    """The round just paid, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["payouts"][-1]
    rows = []
    for d, factor in enumerate(tricks.PAYOUT_FACTORS):
        bonus = f" + {tricks.EXACT_BONUS}" if d == 0 else ""
        rows.append(f"{'exact' if d == 0 else f'{d} off'} {factor} × bid{bonus}")
    lines = [f"The bank pays each bid by the distance to the tricks taken: {', '.join(rows)}, "
             f"{len(tricks.PAYOUT_FACTORS)} or more off nothing."]
    for seat, (bid, took, paid) in enumerate(zip(last["bids"], last["tricks"], last["chips"])):
        who = "You" if seat == view["seat"] else names[seat]
        lines.append(f"{who}: bid {bid}, took {took}, {_pay_words(bid, took, paid)}")
    for seat, amount in enumerate(view["loans"]):
        if amount:
            who = "You" if seat == view["seat"] else names[seat]
            lines.append(f"{who} borrowed {amount} and will pay back {tricks.repayment(amount)} at the end "
                         f"of the game.")
    lines.append(f"A game has {view['rounds']} rounds, each with new buying: after the last, any loans are "
                 f"repaid ({tricks.LOAN_COST} for every {tricks.LOAN_STEP} borrowed) and the most chips wins.")
    return lines


#: The guided round: four players, each deck top card first (Ben starts: his yellow 4 is the lowest
#: yellow shown). Chosen from many shuffles so that, following the teacher, every rule of the
#: checklist comes up in the first round (two equal blue 4s meet in one trick, the learner's played
#: second). Not ``buried``: a Normal bot never buries (its bury rule of thumb asks for more gain than
#: a card can give), so the bury is taught at the learner's own prompt.
DECKS = (
    ("B5", "B4", "R3", "R2", "R5", "Y4", "Y0", "Y1", "Y5", "B3",
     "R1", "R0", "B1", "R4", "Y3", "B2", "X4", "B0", "Y2"),
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
                           "secret_bid", "trump_rule", "grey_bid", "trump_set", "first_lead", "follow",
                           "grey_play", "trick_taken", "next_leader", "trump_wins", "equal_cards",
                           "payout_met", "payout_missed"))
