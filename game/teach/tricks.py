"""Tricks taught at the table: its rules as they come up, the guided round's deal, the round's payout
in words. Follows ``shared/rules/tricks.md``; every fact is read from the seat's view and the rules
core (``game.tricks``), never written here as a literal.

Targets beyond the shared ones (``game.teach.Note``): ("deck", s) a seat's deck and its face-up card,
("chips", s) a seat's chips, ("bid", s) a seat's bid card, ("bids",) all bids together.
"""

from game import cards, tricks
from game.explain import reason
from game.teach import Lesson, note, rule

GAME = "tricks"
TOP = max(tricks.VALUE.values())  # the highest value a card or a bid can have


def colour_name(colour):
    return cards.COLOUR_NAMES[colour]


def chips(n):
    return f"{n} chip{'' if n == 1 else 's'}"


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


# --- buying --------------------------------------------------------------------------------------
@rule(GAME)
def own_decks(moment):
    view = moment.view
    if view["phase"] != "buy" or moment.action is not None or view["round"] != 1 or moment.before is not None:
        return None
    start = view["start_player"]
    return note(own_decks, f"Every player owns a deck of the same {len(tricks.SET)} cards, and each deck's top "
                f"card lies face up for anyone to buy. {moment.does(start, 'buy')} first "
                f"({view['start_reason']}).", "Every deck's top card is for sale", ("deck", start))


@rule(GAME)
def you_buy(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "buy":
        return None
    return note(you_buy, f"Your turn: buy one face-up card; its value is its price. You have "
                f"{chips(view['chips'][moment.seat])}, and you buy until everyone holds {tricks.HAND} cards.",
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
    return note(loan, f"{moment.who(seat)} had {had}, too few for {what}: the bank lent {amount}. "
                f"At the end of the game {moment.who(seat).replace('You', 'you')} must pay back "
                f"{tricks.repayment(amount)} for it "
                f"({tricks.LOAN_COST} for every {tricks.LOAN_STEP} borrowed).",
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


# --- bidding and trump ---------------------------------------------------------------------------
@rule(GAME)
def secret_bid(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "bid":
        return None
    return note(secret_bid, f"Buying is over. Now lay one of your {len(view['hand'])} cards down in secret as "
                f"your bid: its value is the number of tricks you promise to take, with the other "
                f"{tricks.TRICKS} cards.", "Bid a card: its value = tricks promised", ("action", "bid"))


def _no_trump_with_grey(bids):
    """Whether the grey 4 among BIDS is what leaves the round without trump."""
    return tricks.trump_of(bids)[0] is None and tricks.JOKER in bids


@rule(GAME)
def grey_bid(moment):
    view = moment.view
    grey, four = cards.name(tricks.JOKER), tricks.VALUE[tricks.JOKER]
    if moment.my_turn and view["phase"] == "bid" and tricks.JOKER in view["hand"]:
        return note(grey_bid, f"Your {grey} as a bid promises {four} tricks. If a {grey} is bid and nobody "
                    f"bids a {TOP}, the round has no trump.",
                    f"A {grey} bid: {four} tricks, maybe no trump", ("card", tricks.JOKER))
    if not _newly_revealed(moment) or tricks.JOKER not in view["bids"]:
        return None
    seat = view["bids"].index(tricks.JOKER)
    then = (f"with no {TOP} bid, that means no trump" if _no_trump_with_grey(view["bids"])
            else f"a {TOP} was bid as well, so the highest bid still sets trump")
    return note(grey_bid, f"{moment.who(seat)} bid the {grey}: it promises {four} tricks, and {then}.",
                f"A {grey} bid: {four} tricks, maybe no trump", ("bid", seat))


@rule(GAME)
def bids_shown(moment):
    if not _newly_revealed(moment):
        return None
    return note(bids_shown, f"All bids are shown together: {_bid_words(moment, moment.view['bids'])}. "
                f"The bid cards stay on the table, out of play.", "Bids: the tricks each one promised",
                ("bids",))


@rule(GAME)
def trump_set(moment):
    if not _newly_revealed(moment):
        return None
    bids = moment.view["bids"]
    colour, best, why = tricks.trump_of(bids)
    if colour is None:
        why = why.split(": ", 1)[-1]  # the rules core's reason, without its "no trump: "
        return note(trump_set, f"This round has no trump: {why}. The highest card of the led colour takes "
                    f"each trick.", "No trump: the led colour's highest wins", ("trump",))
    seats = [s for s, b in enumerate(bids) if b == best]
    tie = any(tricks.VALUE[b] == tricks.VALUE[best] and b[0] != best[0] for b in bids if b != tricks.JOKER)
    order = " beats ".join(colour_name(c) for c in reversed(tricks.COLOURS))
    by = f" (on equal values {order})" if tie else ""
    if len(seats) == 1:
        whose = "your" if seats == [moment.seat] else f"{moment.names[seats[0]]}'s"
        why = f"{whose} {cards.name(best)} is the highest bid{by}"
    else:
        why = f"{_and(moment, seats)} bid the {cards.name(best)}, the highest bid{by}"
    return note(trump_set, f"{colour_name(colour).capitalize()} is trump: {why}. A trump beats every card "
                f"of another colour.",
                f"Trump: {colour_name(colour)}, the highest bid's colour", ("trump",))


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
    view = moment.view
    if not moment.my_turn or view["phase"] != "play" or view["led"] is None:
        return None
    led = view["led"]
    leader = view["trick"][0][0]
    colour = colour_name(led)
    if any(c[0] == led for c in view["hand"]):
        return note(follow, f"{moment.who(leader)} led {colour}: you must play {colour} while you hold "
                    f"any. Only without {colour} may you play another colour.",
                    "Follow the led colour if you can", ("trick",))
    return note(follow, f"{moment.who(leader)} led {colour} and you hold none: you may play any card. "
                f"Whoever holds {colour} must follow.", "Follow the led colour if you can", ("trick",))


@rule(GAME)
def grey_play(moment):
    view = moment.view
    grey, four = cards.name(tricks.JOKER), tricks.VALUE[tricks.JOKER]
    if moment.my_turn and view["phase"] == "play" and tricks.JOKER in view["hand"]:
        return note(grey_play, f"Your {grey} may be played at any time, even when you could follow. You "
                    f"name its colour, and it counts as a {four} of that colour.",
                    f"{grey.capitalize()}: any time, a {four} of a colour you name", ("card", tricks.JOKER))
    if moment.kind != "play" or moment.action[1] != tricks.JOKER or moment.actor == moment.seat:
        return None
    colour = colour_name(moment.action[2])
    return note(grey_play, f"{moment.names[moment.actor]} played the {grey} as {colour}: it counts as a "
                f"{colour} {four}. It may be played at any time, even when its player could follow.",
                f"{grey.capitalize()}: any time, a {four} of a colour you name", ("trick",))


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
def you_name_leader(moment):
    if not moment.my_turn or moment.view["phase"] != "lead":
        return None
    return note(you_name_leader, "You took the trick, so you name who leads the next one: yourself or anyone "
                "else.", "Trick taken: name who leads next", ("action", "lead"))


@rule(GAME)
def named_leader(moment):
    if moment.kind != "lead" or moment.actor == moment.seat:
        return None
    actor, named = moment.actor, moment.action[1]
    whom = "chose to lead again" if named == actor else \
        f"named {'you' if named == moment.seat else moment.names[named]} to lead"
    return note(named_leader, f"{moment.names[actor]} took the trick and {whom}: the winner of a trick "
                "chooses who leads the next.", "The trick's winner names the next leader", ("seat", named))


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
def turn_line(moment, action):
    """The learner's turn with nothing new to learn: what to do, and the raised suggestion's reason."""
    view, kind, me = moment.view, action[0], moment.seat
    if kind == "buy":
        owner = action[1]
        card, price = view["decks"][owner]["top"], view["market"]["prices"][owner]
        payee = "the bank" if owner == me else moment.names[owner]
        cost = f"{chips(price)} to {payee}" if price else "it costs nothing"
        return (f"Your turn to buy. The raised {cards.name(card)} from {_whose(moment, owner, me)} deck is a "
                f"good choice: {cost}.")
    if kind == "bury":
        if action[1] is None:
            return "Bury a face-up card or not. Here burying nothing is a good choice: keep your chips."
        card = view["decks"][action[1]]["top"]
        return (f"Bury a face-up card or not. Burying the {cards.name(card)} is a good choice: the next "
                f"buyer would want it.")
    if kind == "lead":
        named = action[1]
        need = tricks.VALUE[view["bids"][me]] - view["tricks_won"][me]
        who = "yourself" if named == me else moment.names[named]
        why = f": you still need {need} trick{'' if need == 1 else 's'}" if named == me and need > 0 else ""
        return f"Name who leads next. {who[0].upper()}{who[1:]} is a good choice{why}."
    why = reason(view, action)
    if kind == "bid":
        what = f"Choose your secret bid. The raised {cards.name(action[1])} is a good choice"
    else:
        what = f"Your turn: play a card. The raised {cards.name(action[1])} is a good choice"
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
    lines.append(f"A game has {view['rounds']} rounds, each with new buying: after the last, loans are repaid "
                 f"and the most chips wins.")
    return lines


#: The guided round: four players, each deck top card first (Ben starts: his yellow 4 is the lowest
#: yellow shown). Chosen from many shuffles so that, following the teacher, every rule of the
#: checklist comes up in the first round. Not ``buried``: a Normal bot never buries (its bury rule of
#: thumb asks for more gain than a card can give), so the bury is taught at the learner's own prompt.
DECKS = (
    ("B5", "B4", "R3", "R2", "R5", "Y4", "Y5", "Y1", "X4", "B3",
     "R1", "R0", "B1", "R4", "Y3", "B2", "Y0", "B0", "Y2"),
    ("Y4", "B5", "R5", "Y5", "B3", "R1", "R4", "B1", "Y3", "B2",
     "B4", "B0", "X4", "Y2", "Y1", "R3", "R0", "R2", "Y0"),
    ("Y5", "X4", "Y3", "B4", "B5", "R4", "B2", "Y4", "R5", "B3",
     "R2", "R0", "B1", "B0", "R3", "Y0", "Y1", "R1", "Y2"),
    ("B5", "B4", "Y4", "Y5", "B2", "R5", "Y1", "Y2", "Y3", "R4",
     "B1", "R3", "B3", "X4", "Y0", "R2", "B0", "R1", "R0"),
)
LESSON = Lesson(GAME, names=("Anna", "Ben", "Carla", "David"), seed=3,
                chance=(("decks", [list(d) for d in DECKS]),),
                checklist=("own_decks", "bought_other", "bought_own", "you_buy", "bury_choice", "loan",
                           "secret_bid", "grey_bid", "bids_shown", "trump_set", "first_lead", "follow",
                           "grey_play", "trick_taken", "named_leader", "trump_wins", "you_name_leader",
                           "payout_met", "payout_missed"))
