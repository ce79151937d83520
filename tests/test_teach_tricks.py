"""Tricks taught at the table (game.games.tricks.teach): the guided round brings every rule of its checklist,
other moves still reach the score, and every note shown is checked against the real state when shown.

Pure and fast: the walks are headless (game.teach.walk), no pygame."""

import random
import re
from unittest import mock

import pytest

from game import cards
from game.games.tricks import rules as tricks
from game.games.tricks.normal_bot import bid_scores, likely_bid, next_leader, plan_colour
from game.teach import FIRST_CHARS, FIRST_WORDS, Teacher, lesson, rule_keys, score_lines, turn_line, turn_note
from game.teach import walk as walk_module
from game.teach.walk import walk

LESSON = lesson("tricks")
NAMES = LESSON.names
LEARNER = LESSON.learner

#: What the issue asks the guided round of Tricks to teach, as rule keys (either key of a pair will do).
ISSUE = (("bought_own",), ("bought_other",), ("loan",), ("bury_choice", "buried"), ("secret_bid",),
         ("grey_bid",), ("next_leader",), ("trump_set",), ("payout_met",), ("payout_missed",),
         # issue 30: the goal first, trump taught in order, the grey 4's colour, equal cards
         ("goal",), ("trump_rule",), ("grey_play",), ("equal_cards",))


class _Watched:
    """The lesson, keeping the state walk plays on (walk makes it through lesson.state)."""

    def __init__(self, base):
        self.base = base
        self.current = None

    def __getattr__(self, name):
        return getattr(self.base, name)

    def state(self, learner_name=None):
        self.current = self.base.state(learner_name)
        return self.current


def play(choose=None):
    """Walk the lesson as game.teach.walk does, keeping for every note (moment, note, the state now,
    the state before the last action)."""
    watched = _Watched(LESSON)
    shown = []
    last = {"state": None}

    class Recorder(Teacher):
        def look(self, moment):
            notes = super().look(moment)
            now = watched.current.clone()
            shown.extend((moment, n, now, last["state"]) for n in notes)
            last["state"] = now
            return notes

    with mock.patch.object(walk_module, "Teacher", Recorder):
        result = walk(watched, choose)
    return result, shown


def other_moves(seed, lines):
    """A learner who takes a random legal move other than the suggestion where there is one, and
    keeps the teacher's turn lines."""
    rng = random.Random(seed)

    def choose(moment, advice):
        lines.append((moment, advice, turn_line("tricks", moment, advice)))
        others = [a for a in moment.legal if a != advice]
        return rng.choice(others or list(moment.legal))
    return choose


def following(lines):
    def choose(moment, advice):
        lines.append((moment, advice, turn_line("tricks", moment, advice)))
        return advice
    return choose


def sentences(text):
    return len(re.findall(r"[.!?](?:\s|$)", text))


def who(seat):
    return "You" if seat == LEARNER else NAMES[seat]


def last_act(state):
    return next(e for e in reversed(state.events) if e["t"] == "act")


# --- every rule's own check against the real state --------------------------------------------------
def _named(line, seat):
    """The line names SEAT (as the teacher names it: "you"/"your" for the learner)."""
    if seat == LEARNER:
        return re.search(r"\b[Yy]ou(r)?\b", line) is not None
    return NAMES[seat] in line


def check_goal(note, state, prev):
    assert state.round == 1 and state.phase == "buy" and state.buys == 0 and note.target == ("seat", LEARNER)
    # the first note says who the learner is and where they sit: the rows stand in seat order from the top
    where = f"You are {state.seats[LEARNER].name}, row {LEARNER + 1} from the top"
    assert note.short.startswith(where) and note.line.startswith(where.replace(", row", ", in row"))
    assert f"after {tricks.ROUNDS} rounds" in note.line and f"buy {tricks.HAND} cards" in note.line
    assert f"the other {tricks.TRICKS}" in note.line and tricks.TRICKS == tricks.HAND - 1  # one card is the bid
    factor, bonus = tricks.PAYOUT_FACTORS[0], tricks.EXACT_BONUS
    assert f"exactly {factor} × bid + {bonus}" in note.line
    assert all(tricks.payout(b, b) == factor * b + bonus for b in range(6))
    assert all(tricks.payout(b, t) < tricks.payout(b, b) for b in range(6) for t in range(8) if t != b)


def check_own_decks(note, state, prev):
    assert state.round == 1 and state.phase == "buy" and state.buys == 0
    assert all(sorted(d) == sorted(tricks.SET) for d in state.decks)
    assert str(len(tricks.SET)) in note.line
    assert note.target == ("deck", state.start_player) and _named(note.line, state.start_player)
    # the start rule as said: the lowest yellow, then red, then blue (the rules core's order)
    assert "the lowest face-up yellow card starts" in note.line and "the lowest red, then blue" in note.line
    assert tricks.start_player(["Y3", "Y1", "R0"], 1)[0] == 1
    assert tricks.start_player(["Y1", "Y1", "R2", "R0"], 1)[0] == 3
    assert tricks.start_player(["R1", "R1", "B4", "B2"], 1)[0] == 3
    tops = [d[0] for d in state.decks]
    colour, value = re.search(r"here the (\w+) (\d) is the lowest \1 card", note.line).groups()
    shown = [tricks.VALUE[t] for t in tops if t[0] != "X" and cards.COLOUR_NAMES[t[0]] == colour]
    assert min(shown) == int(value) and tops[state.start_player][0] != "X"
    assert cards.COLOUR_NAMES[tops[state.start_player][0]] == colour


def check_you_buy(note, state, prev):
    assert state.phase == "buy" and state.current_player == LEARNER
    assert f"You have {state.chips[LEARNER]} chip" in note.line
    assert f"{tricks.HAND} cards" in note.line
    # loans told before the learner's first buy: lent in steps, each step repaid dearer at the end
    assert f"lends in steps of {tricks.LOAN_STEP}" in note.line
    assert f"each {tricks.LOAN_STEP} borrowed costs {tricks.LOAN_COST}" in note.line
    assert tricks.loan_for(7, 3) == tricks.LOAN_STEP and tricks.repayment(tricks.LOAN_STEP) == tricks.LOAN_COST


def _bought(note, state, prev):
    act = last_act(state)
    assert "buy" in act["a"]
    buyer, owner = act["p"], act["a"]["buy"]
    card = prev.decks[owner][0]
    assert state.hands[buyer].get(card, 0) == prev.hands[buyer].get(card, 0) + 1
    assert f"bought the {cards.name(card)}" in note.line and _named(note.line, buyer)
    price = tricks.VALUE[card]
    assert f"{price} chip" in note.line
    return buyer, owner, price


def check_bought_own(note, state, prev):
    buyer, owner, price = _bought(note, state, prev)
    assert buyer == owner and price > 0
    assert state.bank_paid - prev.bank_paid == price and "bank" in note.line
    assert state.chips[buyer] == prev.chips[buyer] - price + (state.loans[buyer] - prev.loans[buyer])


def check_bought_other(note, state, prev):
    buyer, owner, price = _bought(note, state, prev)
    assert buyer != owner and price > 0
    assert state.chips[owner] - prev.chips[owner] == price
    assert note.target == ("chips", owner) and _named(note.line, owner)


def check_loan(note, state, prev):
    if note.target[0] == "deck":  # before: the learner's buy, a card dearer than their chips
        deck = note.target[1]
        assert state.phase == "buy" and state.current_player == LEARNER and ("buy", deck) in state.legal_actions()
        price, had = tricks.VALUE[state.decks[deck][0]], state.chips[LEARNER]
        amount = tricks.loan_for(price, had)
        assert price > had and amount and f"needs a loan of {amount}, and you repay {tricks.repayment(amount)}" \
            in note.short
        return
    seat = note.target[1]
    amount = state.loans[seat] - prev.loans[seat]
    assert amount > 0 and last_act(state)["p"] == seat
    assert any(e["t"] == "loan" and e["p"] == seat for e in state.events[len(prev.events):])
    assert f"lent {amount}" in note.line and f"pay back {tricks.repayment(amount)}" in note.line
    assert f"steps of {tricks.LOAN_STEP}" in note.line and amount % tricks.LOAN_STEP == 0
    act = last_act(state)["a"]
    price = tricks.VALUE[prev.decks[act["buy"]][0]] if "buy" in act else tricks.BURY_FEE
    had = prev.chips[seat]
    assert amount == tricks.loan_for(price, had) and price > had  # lent only for a payment above the chips
    assert f"Every {tricks.LOAN_STEP} borrowed costs {tricks.LOAN_COST}" in note.line
    assert tricks.repayment(tricks.LOAN_STEP) == tricks.LOAN_COST
    assert (f"only {had} chip" in note.line) if had else ("no chips" in note.line)
    assert _named(note.line, seat)


def check_bury_choice(note, state, prev):
    assert state.phase == "bury" and state.current_player == LEARNER
    assert f"{tricks.BURY_FEE} chip" in note.line


def check_buried(note, state, prev):
    act = last_act(state)
    owner = act["a"]["bury"]
    assert owner is not None and note.target == ("deck", owner)
    card = prev.decks[owner][0]
    assert state.decks[owner][-1] == card != state.decks[owner][0]
    assert f"the {cards.name(card)}" in note.line and _named(note.line, act["p"])
    assert state.bank_paid - prev.bank_paid == tricks.BURY_FEE
    assert f"now the {cards.name(state.decks[owner][0])} shows" in note.line


def check_decks_kept(note, state, prev):
    """The decks are not refilled: what buying left of them is the next round's market."""
    assert state.phase == "bid" and prev.phase in ("buy", "bury") and state.round < tricks.ROUNDS
    assert note.target == ("deck", LEARNER) and f"round {state.round + 1}" in note.short
    left = len(state.decks[LEARNER])
    assert f"Your deck holds {left} card" in note.line
    n = state.players
    assert sum(len(d) for d in state.decks) == n * len(tricks.SET) - n * tricks.HAND  # nothing came back
    # the next round shuffles what is left, nothing more (the rules core's new round)
    later = state.clone()
    later._start_round()
    assert later.round == state.round + 1
    assert sorted(c for d in later.decks for c in d) == sorted(c for d in state.decks for c in d)


def check_secret_bid(note, state, prev):
    assert state.phase == "bid" and prev.phase in ("buy", "bury") and not any(b is not None for b in state.bids)
    assert all(sum(h.values()) == tricks.HAND for h in state.hands)
    assert f"{tricks.HAND} cards" in note.line and f"{tricks.TRICKS} cards" in note.line


def _tie_order_true(line):
    """The colour order a line states ("blue beats red beats yellow") is the rules core's tie-break."""
    found = re.search(r"(\w+(?: beats \w+)+)", line)
    assert found, line
    names = {v: k for k, v in cards.COLOUR_NAMES.items()}
    order = [names[w] for w in found.group(1).split(" beats ")]
    assert sorted(order) == sorted(tricks.COLOURS)
    for strong, weak in zip(order, order[1:]):
        assert tricks.trump_of([weak + "3", strong + "3"])[0] == strong


def check_trump_rule(note, state, prev):
    if note.target == () and prev is None:  # at the start, before anyone buys for a bid
        assert state.round == 1 and state.phase == "buy" and state.buys == 0
    elif note.target == ():
        assert state.phase == "bid" and prev.phase in ("buy", "bury")
    else:
        assert note.target == ("trump",) and None not in state.bids and None in prev.bids
    assert "the colour of the highest bid is trump" in note.line
    assert tricks.trump_of(["Y2", "R3", "B1"])[0] == "R"  # the highest bid's colour
    _tie_order_true(note.line)
    # the grey 4 in it: no colour; bid with no 5, no trump; with a 5, the 5's colour
    assert f"if it is bid and nobody bids a {max(tricks.VALUE.values())}, there is no trump" in note.line
    assert tricks.trump_of([tricks.JOKER, "B3", "R4"])[0] is None
    assert tricks.trump_of([tricks.JOKER, "Y5", "R4"])[0] == "Y"


def check_grey_bid(note, state, prev):
    grey = tricks.JOKER
    # the rule as said: a grey 4 bid and no 5 means no trump; a 5 as well keeps the highest bid's trump
    assert tricks.trump_of([grey, "R3", "B4"])[0] is None and tricks.trump_of([grey, "R5", "B4"])[0] == "R"
    if note.target == ("card", tricks.JOKER):
        assert state.phase == "bid" and state.current_player == LEARNER
        assert tricks.JOKER in state.hands[LEARNER]
        return
    seat = note.target[1]
    assert None not in state.bids and state.bids[seat] == tricks.JOKER and _named(note.line, seat)
    assert ("no trump" in note.line) == (state.trump is None)


def check_all_fives(note, state, prev):
    assert None not in state.bids and None in prev.bids and note.target == ("bids",)
    five = max(tricks.VALUE.values())
    assert f"every bid is a {five}, there is no trump" in note.short or f"Every bid is a {five}" in note.short
    # the rule as said: every bid a 5 makes no trump, whatever the colours; a 5 among others is trump
    assert tricks.trump_of([c + str(five) for c in tricks.COLOURS] + ["R5"])[0] is None
    assert tricks.trump_of(["Y5", "R5", "B4"])[0] == "R"
    if all(tricks.VALUE.get(b) == five and b != tricks.JOKER for b in state.bids):
        assert state.trump is None and note.short.startswith(f"Every bid is a {five}")
        return
    _tie_order_true(note.line)
    best = tricks.trump_of(state.bids)[1]
    tie = best is not None and any(b != tricks.JOKER and b[0] != best[0] and tricks.VALUE[b] == tricks.VALUE[best]
                                   for b in state.bids)
    assert note.line.startswith("Equal bids go by colour") == tie


def check_trump_set(note, state, prev):
    assert None not in state.bids and None in prev.bids and state.phase == "play" and state.tricks_played == 0
    words = ", ".join(f"{'you' if s == LEARNER else NAMES[s]} {tricks.VALUE[b]}" for s, b in enumerate(state.bids))
    assert re.sub(r" \(the grey 4\)", "", note.line).startswith(f"All bids are shown: {words}.")
    if state.trump is None:
        assert "no trump" in note.line
        return
    name = cards.COLOUR_NAMES[state.trump]
    assert f"{name.capitalize()} is trump" in note.line
    best = max((b for b in state.bids if b != tricks.JOKER and b[0] == state.trump), key=tricks.VALUE.get)
    bidders = [s for s, b in enumerate(state.bids) if b == best]
    if len(bidders) == 1:
        assert f"{cards.name(best)} is the highest bid" in note.line and _named(note.line, bidders[0])
    else:
        assert f"bid the {cards.name(best)}, the highest bid" in note.line
        assert all(_named(note.line, s) for s in bidders)
    assert all(tricks.VALUE[b] <= tricks.VALUE[best] for b in state.bids if b != tricks.JOKER)
    tie = any(tricks.VALUE[b] == tricks.VALUE[best] and b[0] != best[0] for b in state.bids if b != tricks.JOKER)
    assert (" beats " in note.line) == tie
    if tie:
        _tie_order_true(note.line)


def check_first_lead(note, state, prev):
    seat = note.target[1]
    assert seat == state.first_leader == state.current_player and state.tricks_played == 0
    assert note.line.startswith(f"{who(seat)} lead")
    best = tricks.trump_of(state.bids)[1]
    if best is not None:
        candidates = [s for s, b in enumerate(state.bids) if b == best]
    else:
        top = max(tricks.VALUE[b] for b in state.bids)
        candidates = [s for s, b in enumerate(state.bids) if tricks.VALUE[b] == top]
    assert seat in candidates
    if len(candidates) == 1:
        assert ("made trump" if best else "is the highest") in note.line
    else:
        assert "bid equally high" in note.line and all(_named(note.line, s) for s in candidates)
        fewest = min(state.chips[s] for s in candidates)
        assert state.chips[seat] == fewest
        assert ("fewest chips" in note.line) == ([state.chips[s] for s in candidates].count(fewest) == 1)


def check_follow(note, state, prev):
    assert state.phase == "play" and len(state.trick) == 1 and not prev.trick
    led = cards.COLOUR_NAMES[state.led]
    assert state.led == state.trick[0][2]
    assert note.line.startswith(f"{who(state.trick[0][0])} led {led}: every other player must play {led}")
    # the rule as said: who holds the led colour must play it; who holds none may play anything
    for seat in range(state.players):
        if seat == state.trick[0][0]:
            continue
        plays = {a[1] for a in state.legal_actions()} if seat == state.current_player else None
        holds = [c for c in state.hands[seat] if c[0] == state.led]
        if plays is not None:
            assert plays == (set(holds) | ({tricks.JOKER} & set(state.hands[seat])) if holds
                             else set(state.hands[seat]))


def check_grey_play(note, state, prev):
    if note.target == ("card", tricks.JOKER):
        assert state.phase == "play" and state.current_player == LEARNER
        assert tricks.JOKER in state.hands[LEARNER]
        return
    act = last_act(state)
    assert act["a"]["play"] == tricks.JOKER and act["p"] != LEARNER and _named(note.line, act["p"])
    assert f"named {cards.COLOUR_NAMES[act['a']['as']]}" in note.line
    if state.trick:
        assert tuple(state.trick[-1]) == (act["p"], tricks.JOKER, act["a"]["as"])


def check_grey_ahead(note, state, prev):
    """Before the grey 4 bites, in a round with trump: a rival holds one at a trick's first card, or one
    was just played named another colour. Named trump, it would beat even a 5 of the led colour."""
    act = last_act(state)
    assert state.trump is not None and "play" in act["a"]
    other = next(c for c in tricks.COLOURS if c != state.trump)
    assert tricks.trick_winner([(1, other + "5", other), (0, tricks.JOKER, state.trump)], state.trump) == 0
    assert tricks.trick_winner([(1, other + "5", other), (0, tricks.JOKER, other)], state.trump) == 1
    if note.target[0] == "seat":
        holder = note.target[1]
        assert len(state.trick) == 1 and holder != LEARNER and tricks.JOKER in state.hands[holder]
        assert note.line.startswith(f"{NAMES[holder]} holds a grey 4")
        assert f"names the grey 4 {cards.COLOUR_NAMES[state.trump]}, it is a trump" in note.short
        return
    named = act["a"]["as"]
    assert act["a"]["play"] == tricks.JOKER and named != state.trump and note.target == ("trick",)
    assert _named(note.line, act["p"]) and f"the grey 4 {cards.COLOUR_NAMES[named]}, so it is only" in note.line


def check_grey_trump(note, state, prev):
    """A grey 4 just played named the trump colour: a trump, which beats a 5 of another colour."""
    act = last_act(state)
    assert act["a"]["play"] == tricks.JOKER and act["a"]["as"] == state.trump and note.target == ("trick",)
    assert _named(note.line + note.short, act["p"]) and "is a trump:" in note.short
    other = next(c for c in tricks.COLOURS if c != state.trump)
    assert tricks.trick_winner([(1, other + "5", other), (0, tricks.JOKER, state.trump)], state.trump) == 0
    if state.trick:
        assert tuple(state.trick[-1]) == (act["p"], tricks.JOKER, state.trump)


def _last_trick(state, prev):
    assert state.tricks_played == prev.tricks_played + 1 and state.round == prev.round
    last = state.last_trick
    assert tricks.trick_winner([tuple(c) for c in last["cards"]], state.trump) == last["winner"]
    win = next(c for c in last["cards"] if c[0] == last["winner"])
    return last, win


def check_trick_taken(note, state, prev):
    last, (seat, card, colour) = _last_trick(state, prev)
    assert note.target == ("seat", seat) and note.line.startswith(f"{who(seat)} took the trick")
    assert colour == last["cards"][0][2]  # won in the led colour
    assert f"the {cards.name(card)}" in note.line
    assert ("highest trump" in note.line) == (colour == state.trump)


def check_trump_wins(note, state, prev):
    last, (seat, card, colour) = _last_trick(state, prev)
    assert colour == state.trump != last["cards"][0][2]
    assert note.line.startswith(f"{who(seat)} took the {cards.COLOUR_NAMES[last['cards'][0][2]]} trick")
    assert f"the {cards.name(card)}" in note.line


def check_equal_cards(note, state, prev):
    last, (seat, card, colour) = _last_trick(state, prev)
    assert note.target == ("seat", seat) and note.line.startswith(f"{who(seat)} took the trick with the")
    played = [tuple(c) for c in last["cards"]]
    at = [s for s, _, _ in played].index(seat)
    later = [c for c in played[at + 1:] if c[2] == colour and tricks.VALUE[c[1]] == tricks.VALUE[card]]
    assert later, played
    other = later[0]
    assert _named(note.line.split(":", 1)[1], other[0])
    # the rule said: of the two equal cards, the one played first wins; played the other way round, the other
    swapped = list(played)
    i, j = at, played.index(other)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert tricks.trick_winner(swapped, state.trump) == other[0]


def check_next_leader(note, state, prev):
    if note.target == ("action", "lead"):
        assert state.phase == "lead" and state.current_player == LEARNER == state.last_trick["winner"]
        return
    act = last_act(state)
    actor, named = act["p"], act["a"]["lead"]
    assert actor != LEARNER and prev.last_trick["winner"] == actor
    assert state.leader == state.current_player == named == note.target[1]
    assert note.line.startswith(f"{NAMES[actor]} took the trick")
    assert ("lead again" in note.line) == (named == actor)
    if named != actor:
        assert f"named {'you' if named == LEARNER else NAMES[named]}" in note.line


def _paid(note, state, met):
    line = state.payouts[-1]
    seat = note.target[1]
    bid, took, paid = line["bids"][seat], line["tricks"][seat], line["chips"][seat]
    told = [e for e in state.events if e["t"] == "payout"][-1]
    assert (told["bids"][seat], told["tricks"][seat], told["chips"][seat]) == (bid, took, paid)
    assert (bid == took) == met and paid == tricks.payout(bid, took)
    assert note.line.startswith(f"{who(seat)} bid {bid} and took {took}")
    assert note.line.split(". ")[0].endswith(f"{paid} chips" if paid != 1 else "1 chip")


def check_payout_met(note, state, prev):
    _paid(note, state, True)


def check_payout_missed(note, state, prev):
    _paid(note, state, False)


CHECKS = {name[len("check_"):]: fn for name, fn in globals().items() if name.startswith("check_")}

CARD_WORDS = re.compile(r"(?<![Aa] )\b(yellow|red|blue) (\d)\b")  # "a red 4" is a rule, not a card


def visible_cards(view):
    """Every card a seat's view shows (hands are open in Tricks; deck orders and secret bids are not)."""
    seen = set(view["hand"]) | {c for h in view["hands"] for c in h} | {b for b in view["bids"] if b}
    seen |= {d["top"] for d in view["decks"] if d["top"]}
    seen |= {c for _, c, _ in view["trick"]}
    if view["last_trick"]:
        seen |= {c for _, c, _ in view["last_trick"]["cards"]}
    return seen


def check_all(shown):
    for moment, note, state, prev in shown:
        assert note.rule in CHECKS, f"no check for the rule {note.rule}"
        CHECKS[note.rule](note, state, prev)
        assert sentences(note.line) <= 2, note.line
        assert_first_line(note.short)
        if note.rule != "goal":  # (the first note says who the learner is)
            assert NAMES[LEARNER] not in note.line + note.short  # the learner is "you" to the teacher
        # privacy: a card named is one the learner's view shows now, or showed just before
        seen = visible_cards(moment.view) | (visible_cards(moment.before) if moment.before else set())
        for colour, value in CARD_WORDS.findall(note.line + " " + note.short):
            card = {"yellow": "Y", "red": "R", "blue": "B"}[colour] + value
            assert card in seen, f"{note.rule} names {card}, which the learner does not see: {note.line}"
        if "your grey 4" in note.line.lower():
            assert tricks.JOKER in moment.view["hand"]


def assert_first_line(short):
    """A first line: one sentence a room reads together, within the limits (game.teach)."""
    assert short and "\n" not in short and sentences(short) == 1 and short.rstrip()[-1] in ".!?", short
    assert len(short.split()) <= FIRST_WORDS and len(short) <= FIRST_CHARS, short


def _bid_line_true(view, card, line):
    """The bid line's trump and tricks: the others' likely bids (the Normal bot's guess, as seen by all:
    the hands are open) with CARD make the trump said, and the bot's estimate for the hand is the count
    said; the suggestion is the card whose expected payout is best."""
    me = view["seat"]
    others = [likely_bid(h) for s, h in enumerate(view["hands"]) if s != me]
    trump = tricks.trump_of(others + [card])[0]
    said = f"{cards.COLOUR_NAMES[trump]} would be trump" if trump else "there would be no trump"
    assert said in line, line
    count = int(re.search(r"about (\d) trick", line).group(1))
    assert 0 <= count <= tricks.TRICKS
    scores = bid_scores(view["hands"], me)
    assert scores[card] >= max(scores.values()) - 1e-9  # "pays the most on average" (the bot's reckoning)
    assert ("pays the most on average" in line) == (count != tricks.VALUE[card])


def _bid_lost_true(view, line):
    """'can no longer be met': more tricks needed than are left to play, this one included (or after
    this one, when the card lets it go)."""
    me = view["seat"]
    bid = view["bids"][me]
    need = tricks.VALUE[bid] - view["tricks_won"][me]
    left = tricks.TRICKS - view["tricks_played"] - (0 if "takes the trick" in line else 1)
    assert need > left and f"your bid of {tricks.VALUE[bid]}" in line


def check_turn_lines(lines):
    for moment, advice, line in lines:
        assert line and sentences(line) <= 2, line
        if advice[0] in ("play", "bid"):
            assert f"marked {cards.name(advice[1])}" in line
        if advice[0] == "buy":
            card = moment.view["decks"][advice[1]]["top"]
            assert cards.name(card) in line
            plan = plan_colour(list(moment.view["hand"]) + [card])
            if "your strongest colour" in line:  # the colour the Normal bot's rule of thumb plays for
                assert f"{cards.COLOUR_NAMES[plan]} is your strongest colour" in line and card[0] == plan
                assert any(c[0] == plan for c in moment.view["hand"])  # the hand holds some of it already
            if "it starts a" in line:
                assert not any(c[0] == card[0] for c in moment.view["hand"]) and card[0] == plan
        if advice[0] == "bid":
            _bid_line_true(moment.view, advice[1], line)
        if advice[0] == "play" and "can no longer be met" in line:
            _bid_lost_true(moment.view, line)
            if "a low card" in line:
                assert tricks.VALUE[card] <= 1
        if advice[0] == "lead":
            needs = [tricks.VALUE[b] - w for b, w in zip(moment.view["bids"], moment.view["tricks_won"])]
            assert advice[1] == next_leader(moment.seat, needs)
            if "the most of the others" in line:
                named = NAMES[advice[1]]
                assert f"{named} still needs {needs[advice[1]]} trick" in line and needs[moment.seat] <= 0
                assert needs[advice[1]] == max(needs[s] for s in range(len(needs)) if s != moment.seat)


# --- the tests ---------------------------------------------------------------------------------------
def test_every_rule_has_a_check_and_the_issue_list_is_in_the_checklist():
    assert set(rule_keys("tricks")) == set(CHECKS)
    for keys in ISSUE:
        assert any(k in LESSON.checklist for k in keys), keys
    assert set(LESSON.checklist) <= set(rule_keys("tricks"))


def test_following_the_teacher_brings_every_rule_of_the_checklist():
    lines = []
    result, shown = play(following(lines))
    assert set(LESSON.checklist) <= set(result.rules)
    assert result.state.payouts and result.state.payouts[0]["round"] == 1
    assert result.learner_moves == len(lines) > 0
    check_all(shown)
    check_turn_lines(lines)


def test_the_lesson_is_a_fixed_deal_with_the_learner_as_you():
    state = LESSON.state()
    assert state.players == 4 and LESSON.learner == 0
    kind, decks = LESSON.chance[0]
    assert kind == "decks" and [list(d) for d in state.decks] == decks
    assert state.seats[0].kind == "human" and all(s.kind == "bot" for s in state.seats[1:])


@pytest.mark.parametrize("seed", range(6))
def test_other_moves_still_reach_the_score_and_every_note_is_true(seed):
    lines = []
    result, shown = play(other_moves(seed, lines))
    state = result.state
    assert state.payouts and state.payouts[0]["round"] == 1
    assert any(e["t"] == "score" for e in state.events)
    check_all(shown)
    check_turn_lines(lines)
    assert len(set(result.rules)) == len(result.rules)  # each rule once


def test_notes_are_true_when_the_learner_buries():
    """The learner buries whenever it may and buys the dearest card, from a rival where it can (the
    Normal bots never bury, so the guided round teaches the bury at the learner's prompt)."""
    def choose(moment, advice):
        legal = moment.legal
        if legal[0][0] == "bury":
            return next((a for a in legal if a[1] is not None), legal[0])
        if legal[0][0] == "buy":
            prices = moment.view["market"]["prices"]
            return max(legal, key=lambda a: prices[a[1]])
        return advice
    result, shown = play(choose)
    assert "buried" in result.rules
    check_all(shown)


@pytest.mark.parametrize("seed", [None, 0, 3])
def test_score_lines_add_up_to_the_round_points(seed):
    result, _ = play(None if seed is None else other_moves(seed, []))
    state = result.state
    view = state.view(LEARNER)
    lines = score_lines("tricks", view, NAMES)
    score = next(e for e in state.events if e["t"] == "score")
    rows = lines[1:1 + state.players]
    for seat, row in enumerate(rows):
        assert row.startswith(f"{who(seat)}: bid {state.payouts[0]['bids'][seat]}, took "
                              f"{state.payouts[0]['tricks'][seat]}")
        paid = int(re.search(r"(\d+) chips?$", row).group(1))
        assert paid == score["points"][seat] == state.payouts[0]["chips"][seat]
    borrowed = [s for s in range(state.players) if state.loans[s]]
    assert len(lines) == 1 + state.players + len(borrowed) + 1
    for line, seat in zip(lines[1 + state.players:], borrowed):
        assert line.startswith(who(seat))
        assert f"borrowed {state.loans[seat]} and will pay back {tricks.repayment(state.loans[seat])}" in line
    assert f"{tricks.ROUNDS} rounds" in lines[-1] and "what is left of the decks (they are not refilled)" in lines[-1]
    assert f"any loans are repaid ({tricks.LOAN_COST} for every {tricks.LOAN_STEP} borrowed)" in lines[-1]


def test_a_note_never_tells_a_hidden_bid():
    """Before the bids are revealed the learner's notes are the same whatever the others bid: the
    rules read the learner's view only, which shows another seat's bid card as a hand card."""
    result, shown = play()
    for moment, note, state, prev in shown:
        if not state.view(LEARNER)["bids_revealed"]:
            others = [b for s, b in enumerate(state.bids) if s != LEARNER and b is not None]
            for card in others:
                assert f"bid the {cards.name(card)}" not in note.line
                assert f"bid {tricks.VALUE[card]}" not in note.line


def test_the_other_walks_check_what_the_lesson_leaves_out():
    """Between them, the walks with other moves bring the notes the lesson's own walk does not (a bury,
    the learner warned of a loan before a dear buy, a grey 4 bid or played by another seat), so their checks
    above really ran."""
    seen = set()
    for seed in range(6):
        _, shown = play(other_moves(seed, []))
        seen |= {(n.rule, n.target[0] if n.target else None) for _, n, _, _ in shown}
    assert {("buried", "deck"), ("loan", "deck"), ("grey_bid", "bid"), ("grey_play", "trick")} <= seen


def test_the_branches_a_walk_never_tells_are_true_too():
    """Told once, a rule's second branch never shows in a walk: the learner naming the next leader (a
    bot always names one first) and the trump's rule at the reveal (the learner always bids first). Both
    are asked at the moments they would speak, and checked like the rest."""
    import game.games.tricks.teach as teach

    watched = _Watched(LESSON)
    asked = []

    def choose(moment, advice):
        if moment.legal[0][0] == "lead":
            asked.append((teach.next_leader(moment), watched.current.clone()))
        return advice
    walk(watched, choose)
    assert asked
    for note, state in asked:
        assert note is not None and note.target == ("action", "lead")
        check_next_leader(note, state, None)
    _, shown = play()
    reveal = [(m, s, p) for m, n, s, p in shown if n.rule == "trump_set"]
    assert len(reveal) == 1
    moment, state, prev = reveal[0]
    note = teach.trump_rule(moment)
    assert note is not None and note.target == ("trump",)
    check_trump_rule(note, state, prev)


@pytest.mark.parametrize("seed", [None, 0, 1, 2])
def test_at_most_one_note_at_a_learner_turn(seed):
    """Notes told between turns are read one by one (Go on); at the learner's own turn the box shows a
    note with the move to make, so at most one comes up there: the rest of a turn's rules (the bids'
    start, the trump, following) are told by the step before it."""
    result, _ = play(None if seed is None else other_moves(seed, []))
    at_turn = {}
    for moment, note in result.told:
        if moment.my_turn:
            at_turn.setdefault(id(moment), []).append(note.rule)
    assert at_turn and all(len(rules) == 1 for rules in at_turn.values()), at_turn


# --- issue 30, second newcomer: the reasons match the hand -----------------------------------------
def test_a_buy_never_calls_a_colour_the_hand_lacks_its_strongest():
    """The newcomer held only the grey 4 and heard "blue is your strongest colour" for a blue buy."""
    from game.games.tricks.teach import buy_why
    line = buy_why([tricks.JOKER], "B5")
    assert "strongest" not in line and "it starts a blue hand" in line
    assert plan_colour([tricks.JOKER, "B5"]) == "B"
    assert "blue is your strongest colour" in buy_why(["B2", tricks.JOKER], "B5")


def test_a_card_that_lets_the_trick_go_says_when_the_bid_can_no_longer_be_met():
    """Two tricks left, two tricks needed, a card that cannot win: not "you still need 2"."""
    from game.explain import reason
    view = {"game": "tricks", "seat": 0, "trick": [(1, "R5", "R")], "trump": "R", "bids": ["Y2", "R5", "B1", "Y1"],
            "tricks_won": [0, 3, 1, 1], "tricks_played": tricks.TRICKS - 2, "hand": ["Y3", "B0"]}
    assert tricks.trick_winner([(1, "R5", "R"), (0, "Y3", "Y")], "R") == 1
    words = reason(view, ("play", "Y3"))
    assert "can no longer be met" in words and "still need" not in words
    view["tricks_played"] = tricks.TRICKS - 3  # three left: letting this one go, two remain for two
    assert reason(view, ("play", "Y3")) == "lets the trick go; you still need 2"


# --- issue 43: first lines, the turn as a note, the traps -------------------------------------------
from game import i18n  # noqa: E402
from game.games.tricks.teach import TRAPS  # noqa: E402


def turn_notes(choose_other=None):
    """A chooser that keeps (moment, advice, turn note) and follows the teacher, or CHOOSE_OTHER's move."""
    kept = []

    def choose(moment, advice):
        kept.append((moment, advice, turn_note("tricks", moment, advice)))
        return choose_other(moment, advice) if choose_other else advice
    return choose, kept


def check_turn_notes(kept):
    for moment, advice, note in kept:
        assert note.rule == "turn" and note.line == turn_line("tricks", moment, advice)
        assert_first_line(note.short)
        kind = advice[0]
        if kind in ("play", "bid"):
            assert cards.name(advice[1]) in note.short and note.target == ("card", advice[1])
            assert note.short.startswith("Play your raised" if kind == "play" else "Bid your marked")
            if len(advice) == 3:
                assert note.short.endswith(f"and name {cards.COLOUR_NAMES[advice[2]]}.")
        elif kind == "buy":
            assert cards.name(moment.view["decks"][advice[1]]["top"]) in note.short
            assert note.target == ("deck", advice[1])
        elif kind == "bury":
            assert ("Bury nothing" in note.short) == (advice[1] is None)
        else:
            assert note.target == ("action", "lead")
            assert (who(advice[1]) if advice[1] != moment.seat else "yourself") in note.short


def test_every_turn_is_a_note_with_what_to_do_in_its_first_line():
    choose, kept = turn_notes()
    walk(LESSON, choose)
    assert {a[0] for _, a, _ in kept} == {"buy", "bury", "bid", "play", "lead"}
    check_turn_notes(kept)
    choose, kept = turn_notes(other_moves(0, []))
    walk(LESSON, choose)
    check_turn_notes(kept)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_first_line_is_within_reach_in_every_language(lang):
    """Every note's first line and every turn's, following the teacher and choosing other moves, is one
    sentence within FIRST_WORDS and FIRST_CHARS in the language shown."""
    with i18n.speaking(lang):
        for other in (None, 0, 1, 2):
            choose, kept = turn_notes(None if other is None else other_moves(other, []))
            result = walk(LESSON, choose)
            shorts = [n.short for _, n in result.told] + [n.short for _, _, n in kept]
            assert len(shorts) > 20
            for short in shorts:
                assert_first_line(short)


def _trap_moments(result):
    """{trap: (round, phase, tricks played) when its note was told}."""
    return {n.rule: (m.view["round"], m.view["phase"], m.view["tricks_played"])
            for m, n in result.told if n.rule in TRAPS}


def test_following_the_teacher_meets_every_trap_on_the_lessons_deal():
    """Issue 43's traps, each told on the lesson's own deal as it comes up: every bid a 5 at the bids'
    reveal (two 5s tie here: the colours decide, but not when all are 5s), Ben's grey 4 warned of at the
    first trick and named trump in a later one, the decks not refilled as buying ends, a loan's cost
    when a bot borrows."""
    result, shown = play()
    moments = _trap_moments(result)
    assert set(TRAPS) <= set(moments) and set(TRAPS) <= set(LESSON.checklist)
    assert moments["decks_kept"] == (1, "bid", 0) and moments["loan"][1] in ("buy", "bury")
    assert moments["all_fives"][1] == "play" and moments["all_fives"][2] == 0
    rules = result.rules  # a rival's grey 4 warned of at the first trick, then named trump by Ben
    assert rules.index("grey_ahead") < rules.index("grey_trump") and moments["grey_trump"][2] > 0
    told = dict((n.rule, m) for m, n in result.told)
    assert told["grey_ahead"].view["tricks_played"] == 0 and told["grey_trump"].actor == 1
    bids = result.state.payouts[0]["bids"]
    assert bids.count(max(bids)) > 1  # the 5s tie on this deal: the colours decide, the trap is near
    check_all(shown)


def test_choosing_other_moves_meets_every_trap():
    """A learner who never takes the suggestion where another move is legal meets every trap too."""
    lines = []
    result, shown = play(other_moves(0, lines))
    assert set(TRAPS) <= set(result.rules)
    assert any(advice != taken for (_, advice, _), taken in zip(lines, _learner_moves(result.state)))
    check_all(shown)


def _learner_moves(state):
    from game.engine import action_from_json
    return [action_from_json(e["a"]) for e in state.events if e["t"] == "act" and e["p"] == LEARNER]


@pytest.mark.parametrize("seed", range(6))
def test_a_trap_is_told_whenever_it_comes_up(seed):
    """Whatever the learner does, each trap's note comes as soon as its moment does: the decks as round
    1's buying ends, every bid a 5 at the reveal, a loan when a seat borrows or the learner would, the
    grey 4 named trump when it is (warned of before when one is named another colour or a rival holds it)."""
    result, _ = play(other_moves(seed, []))
    state, rules = result.state, set(result.rules)
    assert {"decks_kept", "all_fives"} <= rules
    assert ("loan" in rules) >= any(state.loans)
    trump = next((m.view["trump"] for m, n in result.told if n.rule == "trump_set"), None)
    greys = [e["a"]["as"] for e in state.events if e["t"] == "act" and e["a"].get("play") == tricks.JOKER]
    assert ("grey_trump" in rules) == (trump is not None and trump in greys)
    assert ("grey_ahead" in rules) >= (trump is not None and any(g != trump for g in greys))


def rare_notes():
    """The notes of branches a walk of the lesson seldom meets, made now (in the language now): every bid
    a 5, a tie of 5s, a grey 4 bid and no 5; a grey 4 named trump or not, by the learner or a rival; a
    rival naming the next leader (itself, the learner, another). A long name among the seats."""
    import game.games.tricks.teach as teach
    from game.teach import Moment
    base = LESSON.state().view(LEARNER)
    names = ("Anna", "Bartholomew", "Carla", "David")
    hidden = dict(base, bids_revealed=False, bids=[None] * 4)
    notes = []
    for bids in (["Y5", "R5", "B5", "R5"], ["Y5", "R5", "B2", "R1"], [tricks.JOKER, "R3", "B2", "Y1"]):
        shown = dict(base, bids_revealed=True, bids=bids, trump=tricks.trump_of(bids)[0], first_leader=1,
                     chips=[5, 5, 9, 9])
        moment = Moment(shown, hidden, ("bid", bids[3]), 3, (), names)
        notes += [teach.all_fives(moment), teach.trump_set(moment), teach.first_lead(moment)]
    for seat in (0, 1):
        for named in ("R", "Y"):
            played = dict(base, phase="play", trump="R", trick=[[seat, tricks.JOKER, named]])
            rule = teach.grey_trump if named == "R" else teach.grey_ahead
            notes.append(rule(Moment(played, base, ("play", tricks.JOKER, named), seat, (), names)))
    for named in (1, 0, 3):
        notes.append(teach.next_leader(Moment(dict(base, phase="play"), base, ("lead", named), 1, (), names)))
    return notes


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_rare_branches_first_lines_are_within_reach_too(lang):
    with i18n.speaking(lang):
        notes = rare_notes()
    assert len(notes) == 16 and None not in notes
    for note in notes:
        assert_first_line(note.short)
    if lang == "en":
        assert notes[0].short.startswith("Every bid is a 5") and notes[3].short.startswith("Careful")
        assert "is a trump:" in notes[9].short and notes[10].short.startswith("Careful")
