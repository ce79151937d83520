"""Tricks rules core: the rules page (shared/rules/tricks.md) and the record format, checked from outside.

Positions are built from fixed decks (the ``chance`` argument), so every expectation below is worked
out by hand from the rules, not read back from the implementation.
"""

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import BadChance, IllegalAction
from game.games.tricks.rules import TricksState, payout, trick_winner

SET = [c + str(v) for c in "YRB" for v in range(6)] + ["X4"]  # one player's 19 cards


# --- helpers --------------------------------------------------------------------------------------
def deck_from(top):
    """A whole set with the given cards on top (in that order), the rest after them sorted."""
    rest = Counter(SET)
    rest.subtract(top)
    assert all(k >= 0 for k in rest.values()), f"{top} is not part of one set"
    return list(top) + sorted(rest.elements())


def new_state(tops, **kw):
    return TricksState(len(tops), chance=[("decks", [deck_from(t) for t in tops])], **kw)


def buy_own(state):
    """The market where everyone buys from his own deck and never buries."""
    while state.phase in ("buy", "bury"):
        seat = state.current_player
        state.apply(("buy", seat) if state.phase == "buy" else ("bury", None))


def bid_all(state, bids):
    while state.phase == "bid":
        state.apply(("bid", bids[state.current_player]))


def dealt(hands, bids=None, **kw):
    """Each seat buys his hand (the first 8 cards of his deck) from his own deck, then bids."""
    state = new_state(hands, **kw)
    buy_own(state)
    if bids:
        bid_all(state, bids)
    return state


def play_action(text):
    """"R3" -> ("play", "R3"); "X4B" -> ("play", "X4", "B")."""
    return ("play", "X4", text[2]) if text.startswith("X4") else ("play", text)


def play(state, *texts):
    for text in texts:
        state.apply(play_action(text))


def lines(state, t):
    return [e for e in state.events if e["t"] == t]


def finish_round(state):
    r = state.round
    while not state.is_over and state.round == r:
        state.apply(state.legal_actions()[0])


def refusal(state, action):
    """Apply an illegal action: it must raise IllegalAction and leave the state as it was."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.snapshot() == before
    return str(err.value)


def hand_sum(hand):
    return sum(int(c[1:]) for c in hand)


# --- payout ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("bid, tricks, chips", [
    (5, 5, 75), (5, 3, 30), (3, 4, 24), (0, 0, 25), (0, 1, 0),  # the examples of the rules page
])
def test_payout_examples_of_the_rules(bid, tricks, chips):
    assert payout(bid, tricks) == chips


@pytest.mark.parametrize("bid, tricks, chips", [
    (3, 3, 55), (4, 4, 65), (1, 1, 35),  # d 0: 10 × v + 25
    (3, 2, 24), (3, 4, 24), (1, 0, 8),  # d 1: 8 × v
    (3, 1, 18), (3, 5, 18), (4, 2, 24),  # d 2: 6 × v
    (3, 0, 12), (3, 6, 12), (5, 2, 20),  # d 3: 4 × v
    (3, 7, 6), (4, 0, 8), (5, 1, 10),  # d 4: 2 × v
    (5, 0, 0), (0, 5, 0), (0, 7, 0), (1, 7, 0),  # d 5 or more: 0
])
def test_payout_table_rows(bid, tricks, chips):
    assert payout(bid, tricks) == chips


# --- start player -----------------------------------------------------------------------------------
@pytest.mark.parametrize("tops, start, reason", [
    ([["Y3"], ["Y1"], ["R0"]], 1, "the yellow 1 is the lowest yellow card, and yellow counts first"),
    # tie on the lowest yellow: the lowest red of all
    ([["Y1"], ["Y1"], ["R2"], ["R0"]], 3, "the red 0 is the lowest red card, as no yellow card alone is lowest"),
    ([["Y1"], ["Y2"], ["Y1"], ["R0"]], 3, "red 0"),  # the tied lowest yellow, not any yellow, counts
    ([["R3"], ["B0"], ["R1"]], 2, "the red 1 is the lowest red card, and no yellow card is on offer"),  # no yellow
    ([["R1"], ["R1"], ["B4"], ["B2"]], 3, "the blue 2 is the lowest blue card, as no yellow or red card alone is "
                                          "lowest"),  # red tied too: blue
    ([["Y2"], ["Y2"], ["R1"], ["R1"], ["B0"]], 4, "blue 0"),
    ([["X4"], ["R2"], ["R2"]], 0, "no colour has a single lowest card, so the first seat starts round 1"),
    ([["Y0"], ["Y0"], ["Y0"], ["X4"]], 0, "no colour has a single lowest card, so the first seat starts round 1"),
])
def test_start_player_round_1(tops, start, reason):
    state = new_state(tops)
    assert state.current_player == start == state.start_player
    assert lines(state, "start") == [{"t": "start", "round": 1, "p": start}]
    assert reason in state.view(0)["start_reason"]
    state.check_invariants()


def round_two_state(r2_tops):
    """Round 1 with known remains (own buys, no bury), round 2 decks with the given cards on top."""
    r1 = [deck_from(["Y0", "Y1", "Y2", "R0", "R1", "R2", "B0", "B1"]),
          deck_from(["Y3", "Y4", "Y5", "R3", "R4", "R5", "B2", "B3"]),
          deck_from(["B4", "B5", "Y0", "Y1", "Y2", "Y3", "Y4", "Y5"])]
    r2 = []
    for deck, top in zip(r1, r2_tops):
        rest = Counter(deck[8:])
        rest.subtract(top)
        r2.append(list(top) + sorted(rest.elements()))
    state = TricksState(3, chance=[("decks", r1), ("decks", r2)])
    buy_own(state)
    finish_round(state)
    return state


def test_start_player_round_2_nothing_decides_seat_1():
    state = round_two_state([["X4"], ["X4"], ["X4"]])
    assert state.round == 2 and state.phase == "buy"
    assert state.current_player == 1 == state.start_player
    assert lines(state, "start")[-1] == {"t": "start", "round": 2, "p": 1}
    assert state.view(2)["start_reason"] == "no colour has a single lowest card, so the second seat starts round 2"


def test_start_player_round_2_by_the_rules():
    state = round_two_state([["B5"], ["X4"], ["R1"]])  # seat 0's set has no yellow left
    assert state.start_player == 2
    state = round_two_state([["Y3"], ["Y0"], ["R0"]])
    assert state.start_player == 1


# --- buying, loans, bury ------------------------------------------------------------------------------
def test_buying_pays_the_owner_or_the_bank():
    state = new_state([["R2"], ["Y1"], ["B3", "R4"]])
    assert state.current_player == 1
    market = state.view(0)["market"]
    assert market["seat"] == 1
    assert market["prices"] == [2, 1, 3]
    assert market["pay_to"] == [0, None, 2]
    assert market["loan_needed"] == [0, 0, 0]
    state.apply(("buy", 2))  # from another's deck: paid to him
    assert state.view(0)["chips"] == [30, 27, 33]
    assert state.view(1)["decks"][2]["top"] == "R4"
    state.apply(("bury", None))
    assert state.current_player == 2
    state.apply(("buy", 2))  # from his own deck: paid to the bank
    assert state.view(0)["chips"] == [30, 27, 29]
    assert state.view(0)["hands"][2] == ["R4"] and state.view(0)["hands"][1] == ["B3"]
    state.check_invariants()


def test_loan_for_a_purchase_right_after_the_act():
    dear = ["B5", "R5", "Y5", "B4", "R4", "Y4", "X4", "B3"]  # 34 chips
    state = new_state([dear, ["Y0", "R0", "B0", "Y1", "R1", "B1", "Y2", "R2"],
                       ["R0", "B0", "Y1", "R1", "B1", "Y2", "R2", "B2"]])
    assert state.start_player == 1
    while len(state.view(0)["hands"][0]) < 6:
        state.apply(("buy", state.current_player) if state.phase == "buy" else ("bury", None))
    assert not lines(state, "loan")
    while state.current_player != 0 or state.phase != "buy":
        state.apply(("buy", state.current_player) if state.phase == "buy" else ("bury", None))
    assert state.view(2)["chips"][0] == 3
    assert state.view(2)["market"]["loan_needed"][0] == 10  # the grey 4 costs 4, he holds 3
    state.apply(("buy", 0))
    assert state.events[-2] == {"t": "act", "p": 0, "a": {"buy": 0}}
    assert state.events[-1] == {"t": "loan", "p": 0, "amount": 10}
    assert state.view(1)["chips"][0] == 9 and state.view(1)["loans"] == [10, 0, 0]
    buy_own(state)
    assert len(lines(state, "loan")) == 1
    assert state.view(0)["chips"] == [30 + 10 - 34, 30 - 7, 30 - 9]
    state.check_invariants()


def test_loan_for_the_bury_fee_and_repayment_at_the_end():
    exact = ["B5", "R5", "Y5", "B4", "R4", "Y4", "B3"]  # 30 chips: all he has
    state = new_state([exact, ["Y0"], ["R0"]])
    while len(state.view(0)["hands"][0]) < 7:
        state.apply(("buy", state.current_player) if state.phase == "buy" else ("bury", None))
    assert state.phase == "bury" and state.current_player == 0
    assert state.view(0)["chips"][0] == 0 and not lines(state, "loan")
    assert state.view(0)["market"]["bury_loan_needed"] == 10
    state.apply(("bury", 1))
    assert state.events[-2] == {"t": "act", "p": 0, "a": {"bury": 1}}
    assert state.events[-1] == {"t": "loan", "p": 0, "amount": 10}
    assert state.view(0)["chips"][0] == 9
    state.check_invariants()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
        state.check_invariants()
    loans = state.view(0)["loans"]
    assert loans[0] >= 10 and all(x % 10 == 0 for x in loans)
    repay = lines(state, "repay")
    assert repay == [{"t": "repay", "loans": loans, "repaid": [x // 10 * 15 for x in loans]}]
    held = lines(state, "score")[-1]["totals"]
    end = state.events[-1]
    assert end["t"] == "end"
    assert end["totals"] == [h - x // 10 * 15 for h, x in zip(held, loans)]
    best = max(end["totals"])
    assert end["winners"] == [s for s, t in enumerate(end["totals"]) if t == best]


def test_end_totals_may_go_below_zero():
    for seed in range(400):
        state = TricksState(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        end, repay = state.events[-1], state.events[-2]
        held = state.events[-3]["totals"]
        assert end["totals"] == [h - r for h, r in zip(held, repay["repaid"])]
        if min(end["totals"]) < 0:
            assert min(held) >= 0
            return
    pytest.fail("no random game ended below zero")


def test_bury_puts_the_face_up_card_under_its_deck():
    state = new_state([["R2"], ["Y1"], ["B3", "R4"]])
    state.apply(("buy", 0))
    assert state.phase == "bury"
    state.apply(("bury", 2))
    assert state.view(0)["decks"][2]["top"] == "R4"
    assert state.view(0)["decks"][2]["count"] == 19
    assert state.decks[2][-1] == "B3"
    assert state.view(0)["chips"] == [32, 30 - 2 - 1, 30]  # the fee goes to the bank
    assert state.current_player == 2
    state.check_invariants()


def test_bury_not_on_a_deck_of_one_card_and_buy_not_from_an_empty_deck():
    state = new_state([["R2"], ["Y1"], ["B3"]])
    for _ in range(18):  # everyone buys from deck 0 until one card is left
        state.apply(("buy", 0))
        if state.view(0)["decks"][0]["count"] > 1:
            state.apply(("bury", None))
    assert state.phase == "bury" and state.view(0)["decks"][0]["count"] == 1
    assert ("bury", 0) not in state.legal_actions()
    assert ("bury", 1) in state.legal_actions() and ("bury", None) in state.legal_actions()
    assert refusal(state, ("bury", 0)) == "a deck of one card cannot be buried"
    state.apply(("bury", None))
    state.apply(("buy", 0))
    assert refusal(state, ("bury", 0)) == "that deck is empty"
    state.apply(("bury", None))
    assert state.legal_actions() == [("buy", 1), ("buy", 2)]
    assert refusal(state, ("buy", 0)) == "that deck is empty"
    assert state.view(1)["decks"][0] == {"top": None, "count": 0, "cards": []}
    state.check_invariants()


def test_no_bury_after_the_last_buy_of_the_market():
    for n in (3, 4, 5):
        state = new_state([["Y0"]] + [["R0"]] * (n - 1))
        buy_own(state)
        acts = [e["a"] for e in lines(state, "act")]
        assert len(acts) == 8 * n + 8 * n - 1
        assert "buy" in acts[-1]
        assert state.phase == "bid" and state.current_player == 0
        assert all(len(h) == 8 for h in state.view(0)["hands"])
        assert "must bid a card now" in refusal(state, ("bury", None))


# --- trump and first leader ----------------------------------------------------------------------------
def hand_with(bid):
    """8 cheap cards of one set holding the bid card."""
    cheap = [c for c in ["Y0", "R0", "B0", "Y1", "R1", "B1", "Y2", "R2"] if c != bid]
    return [bid] + cheap[:7]


@pytest.mark.parametrize("bids, colour", [
    (["X4", "R3", "B2"], None),  # no 5 and a grey 4
    (["Y0", "R0", "B0"], None),  # every bid a 0
    (["Y0", "X4", "R0"], None),  # every bid a 0 or a grey 4
    (["Y5", "R5", "B5"], None),  # every bid a 5
    (["X4", "R5", "Y2"], "R"),  # a 5 was bid: the grey 4 does not stop trump
    (["Y5", "R5", "B5", "X4"], "B"),
    (["R3", "B3", "Y3"], "B"),  # equal values: blue beats red beats yellow
    (["Y3", "R3", "Y1"], "R"),
    (["Y5", "B4", "R4"], "Y"),  # the highest value decides first
    (["R2", "Y2", "R1", "B1", "Y0"], "R"),
])
def test_trump_colour(bids, colour):
    state = dealt([hand_with(b) for b in bids], dict(enumerate(bids)))
    (line,) = lines(state, "trump")
    assert line["colour"] == colour and line["round"] == 1
    assert state.trump == colour and state.view(0)["trump"] == colour
    assert state.view(0)["trump_reason"]
    assert state.phase == "play" and state.current_player == line["leader"]
    state.check_invariants()


def test_first_leader_is_the_bid_that_made_trump():
    bids = ["R4", "Y5", "B4"]  # Y5 makes yellow trump, though seat 1 has the most chips
    state = dealt([hand_with(b) for b in bids], dict(enumerate(bids)))
    assert state.trump == "Y" and lines(state, "trump")[0]["leader"] == 1
    assert "Y5" in state.view(0)["leader_reason"]


# Start player seat 1 (the only yellow on top); bids B5, B3, B5: blue trump made by seats 0 and 2.
SEAT_0 = ["R3", "B5", "Y1", "Y2", "R1", "R2", "B1", "B2"]  # 17 chips spent
SEAT_1 = ["Y0", "R0", "B0", "B3", "Y3", "R4", "Y4", "B1"]


def test_first_leader_tie_goes_to_fewest_chips():
    seat_2 = ["R4", "B5", "Y0", "Y1", "R0", "R1", "B0", "B1"]  # 12 spent: more chips than seat 0
    assert (hand_sum(SEAT_0), hand_sum(seat_2)) == (17, 12)
    state = dealt([SEAT_0, SEAT_1, seat_2], {0: "B5", 1: "B3", 2: "B5"})
    assert state.start_player == 1
    assert state.view(1)["chips"] == [13, 15, 18]
    assert lines(state, "trump") == [{"t": "trump", "round": 1, "colour": "B", "leader": 0}]
    assert "fewest chips" in state.view(1)["leader_reason"]


def test_first_leader_tie_on_chips_goes_by_seat_order_from_the_start_player():
    seat_2 = ["R4", "B5", "Y2", "Y3", "R0", "R1", "B0", "B2"]  # 17 spent, like seat 0
    state = dealt([SEAT_0, SEAT_1, seat_2], {0: "B5", 1: "B3", 2: "B5"})
    assert state.view(1)["chips"] == [13, 15, 13]
    # counting from seat 1: 1, 2, 0 - seat 2 comes before seat 0
    assert lines(state, "trump") == [{"t": "trump", "round": 1, "colour": "B", "leader": 2}]


def test_no_trump_highest_value_leads_grey_counts_4():
    bids = ["R3", "B2", "X4"]
    state = dealt([hand_with(b) for b in bids], dict(enumerate(bids)))
    assert lines(state, "trump") == [{"t": "trump", "round": 1, "colour": None, "leader": 2}]


def test_no_trump_tie_fewest_chips_then_seat_order():
    # R4 and the grey 4 tie; equal chips: counting from the start player (seat 1, the only yellow
    # on top) seat 2 comes first.
    bids = ["R4", "Y1", "X4"]
    hands = [hand_with(b) for b in bids]
    state = dealt(hands, dict(enumerate(bids)))
    assert state.start_player == 1 and hand_sum(hands[0]) == hand_sum(hands[2])
    assert lines(state, "trump")[0] == {"t": "trump", "round": 1, "colour": None, "leader": 2}
    # the same with seat 0 poorer: he leads
    hands[0] = ["R4", "R5", "B5", "Y0", "R0", "B0", "R1", "B1"]
    state = dealt(hands, dict(enumerate(bids)))
    assert lines(state, "trump")[0] == {"t": "trump", "round": 1, "colour": None, "leader": 0}


# --- a whole scripted round: following, the joker, equal cards, naming the leader -------------------------
ROUND_HANDS = [["B5", "X4", "R2", "R5", "Y1", "B1", "B4", "Y3"],  # 25 chips spent
               ["Y0", "R3", "R4", "X4", "B3", "Y2", "B2", "R1"],  # 19; Y0 on top: seat 1 starts
               ["R0", "R3", "Y4", "Y5", "B0", "B4", "Y1", "R2"]]  # 19
ROUND_BIDS = {0: "B5", 1: "Y0", 2: "R0"}  # blue trump, made by seat 0


def test_scripted_round():
    state = dealt(ROUND_HANDS, ROUND_BIDS)
    assert [e["p"] for e in lines(state, "act")[-3:]] == [1, 2, 0]  # bids from the start player
    assert state.trump == "B" and state.current_player == 0
    assert state.view(0)["chips"] == [5, 11, 11]

    # trick 1: the joker may be played though its player could follow
    play(state, "R2")
    assert sorted(state.legal_actions()) == sorted(
        [("play", "R3"), ("play", "R4"), ("play", "R1"),
         ("play", "X4", "Y"), ("play", "X4", "R"), ("play", "X4", "B")])
    play(state, "X4Y")
    assert state.events[-1] == {"t": "act", "p": 1, "a": {"play": "X4", "as": "Y"}}
    assert refusal(state, ("play", "Y4")) == "you must follow red"
    play(state, "R3")
    assert lines(state, "trick")[-1] == {"t": "trick", "cards": [[0, "R2"], [1, "X4"], [2, "R3"]],
                                          "winner": 2}
    # the winner names the next leader
    assert state.phase == "lead" and state.current_player == 2
    assert sorted(state.legal_actions()) == [("lead", 0), ("lead", 1), ("lead", 2)]
    state.apply(("lead", 0))
    assert state.events[-1] == {"t": "act", "p": 2, "a": {"lead": 0}}
    assert state.current_player == 0 and state.phase == "play"

    # trick 2: a led joker makes its colour the led colour and counts as a 4
    play(state, "X4R")
    assert refusal(state, ("play", "B3")) == "you must follow red"
    play(state, "R3", "R2")
    assert lines(state, "trick")[-1]["winner"] == 0
    state.apply(("lead", 1))

    # trick 3: who cannot follow may trump; the lowest trump beats the led 5
    play(state, "R4")
    assert ("play", "B0") in state.legal_actions() and ("play", "Y4") in state.legal_actions()
    play(state, "B0")
    assert refusal(state, ("play", "Y1")) == "you must follow red"
    play(state, "R5")
    assert lines(state, "trick")[-1]["winner"] == 2
    state.apply(("lead", 2))  # the winner may name himself

    # trick 4: equal cards from two sets: the first played wins
    play(state, "B4", "B4", "B3")
    assert lines(state, "trick")[-1] == {"t": "trick", "cards": [[2, "B4"], [0, "B4"], [1, "B3"]],
                                          "winner": 2}
    state.apply(("lead", 0))
    play(state, "Y1", "Y2", "Y1")  # trick 5: seat 1's Y2
    assert lines(state, "trick")[-1]["winner"] == 1
    state.apply(("lead", 1))
    play(state, "R1", "Y4", "B1")  # trick 6: seat 0 trumps
    assert lines(state, "trick")[-1]["winner"] == 0
    state.apply(("lead", 2))
    play(state, "Y5", "Y3", "B2")  # trick 7: seat 1 trumps; no lead choice follows
    assert lines(state, "trick")[-1]["winner"] == 1

    # tricks 2, 2, 3 for bids 5, 0, 0: d = 3, 2, 3 -> 4 × 5, 6 × 0, 4 × 0
    assert state.events[-5]["t"] == "trick"
    assert state.events[-4] == {"t": "payout", "round": 1, "bids": [5, 0, 0], "tricks": [2, 2, 3],
                                "chips": [20, 0, 0]}
    assert state.events[-3] == {"t": "score", "round": 1, "points": [20, 0, 0], "totals": [25, 11, 11]}
    assert [e["t"] for e in state.events[-2:]] == ["decks", "start"]  # round 2 begins at once
    assert state.round == 2 and state.phase == "buy"
    assert state.view(0)["payouts"] == [{"round": 1, "bids": [5, 0, 0], "tricks": [2, 2, 3],
                                         "chips": [20, 0, 0]}]
    state.check_invariants()


def test_joker_messages_and_foreign_cards():
    state = dealt(ROUND_HANDS, ROUND_BIDS)
    assert refusal(state, ("play", "X4")) == "the joker must name yellow, red or blue"
    assert refusal(state, ("play", "X4", "G")) == "the joker must name yellow, red or blue"
    assert refusal(state, ("play", "R2", "B")) == "only the grey 4 names a colour"
    assert refusal(state, ("play", "B3")) == "you don't hold B3"
    assert refusal(state, ("play", "B5")) == "you don't hold B5"  # his bid card is out of play
    assert refusal(state, ("play", "G3")) == "'G3' is not a card of this game"
    assert "must play a card now" in refusal(state, ("lead", 1))
    assert "must play a card now" in refusal(state, ("bid", "R2"))


def test_option_winner_leads_skips_the_choice():
    state = dealt(ROUND_HANDS, ROUND_BIDS, options={"winner_leads": True})
    assert state.events[0]["options"] == {"winner_leads": True}
    play(state, "R2", "X4Y", "R3")
    assert state.phase == "play" and state.current_player == 2
    assert "must play a card now" in refusal(state, ("lead", 0))
    finish_round(state)
    assert not [e for e in lines(state, "act") if "lead" in e["a"]]
    tricks = lines(state, "trick")
    acts = lines(state, "act")
    # every trick after the first is led by the winner of the one before
    plays = [e for e in acts if "play" in e["a"]]
    for k in range(1, 7):
        assert plays[3 * k]["p"] == tricks[k - 1]["winner"]


def test_trick_winner_ranks():
    assert trick_winner([(0, "R5", "R"), (1, "B0", "B"), (2, "R4", "R")], "B") == 1
    assert trick_winner([(0, "B3", "B"), (1, "X4", "B"), (2, "R5", "R")], "B") == 1  # joker = B4
    assert trick_winner([(0, "B5", "B"), (1, "X4", "B"), (2, "B0", "B")], "B") == 0
    assert trick_winner([(0, "B4", "B"), (1, "X4", "B"), (2, "B0", "B")], "B") == 0  # first wins
    assert trick_winner([(0, "X4", "B"), (1, "B4", "B"), (2, "B0", "B")], "B") == 0
    assert trick_winner([(0, "R3", "R"), (1, "R3", "R"), (2, "R1", "R")], None) == 0
    assert trick_winner([(0, "R2", "R"), (1, "X4", "Y"), (2, "R1", "R")], None) == 0
    assert trick_winner([(0, "X4", "Y"), (1, "Y3", "Y"), (2, "R5", "R")], None) == 0
    assert trick_winner([(0, "X4", "Y"), (1, "Y5", "Y"), (2, "R5", "R")], None) == 1
    assert trick_winner([(0, "Y1", "Y"), (1, "X4", "R"), (2, "Y0", "Y")], "R") == 1  # joker trumps


# --- round 2 ---------------------------------------------------------------------------------------------
def test_round_2_removes_all_round_1_cards_and_reshuffles_the_rest():
    r1 = [deck_from(["Y0", "Y1", "Y2", "R0", "R1", "R2", "B0", "X4"]),
          deck_from(["Y3", "Y4", "Y5", "R3", "R4", "R5", "B2", "B3"]),
          deck_from(["B4", "B5", "Y0", "Y1", "Y2", "Y3", "Y4", "Y5"])]
    state = TricksState(3, seed=7, chance=[("decks", r1)])
    buy_own(state)
    bids = [e["a"]["bid"] for e in lines(state, "act") if "bid" in e["a"]]
    finish_round(state)
    assert state.round == 2 and state.phase == "buy"
    decks_line = lines(state, "decks")[-1]
    assert decks_line["round"] == 2
    for s in range(3):
        assert sorted(decks_line["decks"][s]) == sorted(r1[s][8:])  # all 8 bought cards are gone
        assert sorted(state.view(0)["decks"][s]["cards"]) == sorted(r1[s][8:])
        assert state.view(0)["decks"][s]["top"] == decks_line["decks"][s][0]
    assert Counter(state.out) == Counter(c for d in r1 for c in d[:8])  # bid cards included
    assert all(b in state.out for b in bids)
    assert state.view(1)["hands"] == [[], [], []] and state.view(1)["bids"] == [None] * 3
    assert state.view(1)["tricks_won"] == [0, 0, 0]
    assert lines(state, "start")[-1] == {"t": "start", "round": 2, "p": state.start_player}
    state.check_invariants()


def test_round_2_decks_must_be_what_remained():
    r1 = [deck_from(["Y0", "Y1", "Y2", "R0", "R1", "R2", "B0", "B1"]),
          deck_from(["Y3", "Y4", "Y5", "R3", "R4", "R5", "B2", "B3"]),
          deck_from(["B4", "B5", "Y0", "Y1", "Y2", "Y3", "Y4", "Y5"])]
    r2 = [list(d[8:]) for d in r1]
    r2[0][0] = "Y0"  # a card bought in round 1
    state = TricksState(3, chance=[("decks", r1), ("decks", r2)])
    buy_own(state)
    with pytest.raises(BadChance):
        finish_round(state)


def test_round_1_decks_must_be_whole_sets():
    good = [deck_from([]) for _ in range(3)]
    TricksState(3, chance=[("decks", good)])
    bad = [list(d) for d in good]
    bad[1][0] = "B5"  # two blue 5s in one set
    with pytest.raises(BadChance):
        TricksState(3, chance=[("decks", bad)])
    with pytest.raises(BadChance):
        TricksState(3, chance=[("decks", good[:2])])
    with pytest.raises(BadChance):
        TricksState(3, chance=[("decks", good[:2] + [good[2][:-1]])])


# --- what a seat sees ----------------------------------------------------------------------------------
def test_bids_stay_hidden_until_all_are_in():
    a, b = dealt(ROUND_HANDS), dealt(ROUND_HANDS)
    assert a.current_player == 1
    a.apply(("bid", "Y0"))
    b.apply(("bid", "R4"))
    for seat in (0, 2):
        assert a.view(seat) == b.view(seat)
        assert json.dumps(a.view(seat)) == json.dumps(b.view(seat))
    seen = a.view(0)
    assert seen["has_bid"] == [False, True, False] and seen["bids"] == [None, None, None]
    assert seen["hands"][1] == sorted(ROUND_HANDS[1], key=lambda c: ("RGBYX".index(c[0]), c[1:]))
    own = a.view(1)
    assert own["bids"][1] == "Y0" and "Y0" not in own["hand"] and "Y0" not in own["hands"][1]
    assert a.view(1) != b.view(1)
    for s in (a, b):
        s.apply(("bid", "R0"))
    assert a.view(0) == b.view(0)
    assert a.view(2)["bids"] == [None, None, "R0"]
    for s in (a, b):
        s.apply(("bid", "B5"))
    assert a.view(0)["bids"] == ["B5", "Y0", "R0"]
    assert a.view(2)["bids_revealed"] and b.view(2)["bids"] == ["B5", "R4", "R0"]
    assert "Y0" not in a.view(2)["hands"][1]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.sampled_from([3, 4, 5]), data=st.data())
def test_bids_hidden_property(seed, n, data):
    """Two games that differ only in one seat's bid look the same to every other seat."""
    a, b = TricksState(n, seed=seed), TricksState(n, seed=seed)
    rng = random.Random(seed)
    while a.phase != "bid":
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    order = [(a.start_player + k) % n for k in range(n)]
    bidder = data.draw(st.sampled_from(order), label="bidder")
    choices = data.draw(st.lists(st.integers(0, 7), min_size=n, max_size=n), label="choices")
    while a.phase == "bid":
        seat = a.current_player
        legal = a.legal_actions()
        first = legal[choices[seat] % len(legal)]
        a.apply(first)
        b.apply(legal[(choices[seat] + 1) % len(legal)] if seat == bidder and len(legal) > 1 else first)
        if a.phase == "bid":
            for other in range(n):
                if other != bidder:
                    seen = a.view(other)
                    assert seen == b.view(other)
                    assert seen["bids"][bidder] is None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.sampled_from([3, 4, 5]), shuffle_seed=st.integers(0, 10**6))
@pytest.mark.slow
def test_views_never_show_face_down_order(seed, n, shuffle_seed):
    """Decks equal in their first 9 cards and different below: own buys reveal 9 cards of each deck,
    so every view stays the same all game long."""
    decks = [deck_from([]) for _ in range(n)]
    rng = random.Random(seed)
    for d in decks:
        rng.shuffle(d)
    other = []
    rng2 = random.Random(shuffle_seed)
    for d in decks:
        below = d[9:]
        rng2.shuffle(below)
        other.append(d[:9] + below)
    a = TricksState(n, seed=seed, chance=[("decks", decks)])
    b = TricksState(n, seed=seed, chance=[("decks", other)])
    while not a.is_over:
        for seat in range(n):
            assert a.view(seat) == b.view(seat)
        assert a.legal_actions() == b.legal_actions()
        if a.phase == "buy":
            action = ("buy", a.current_player)
        elif a.phase == "bury":
            action = ("bury", None)
        else:
            action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.view(0) == b.view(0)


def test_view_is_plain_json_and_hides_deck_order_outside_buying():
    state = dealt(ROUND_HANDS, ROUND_BIDS)
    v = state.view(0)
    assert json.loads(json.dumps(v)) == v
    assert all(d["top"] is None for d in v["decks"]) and v["market"] is None
    assert v["decks"][0]["count"] == 11 and v["decks"][0]["cards"] == sorted(
        v["decks"][0]["cards"], key=lambda c: ("RGBYX".index(c[0]), c[1:]))
    assert v["trump"] == "B" and v["first_leader"] == 0 and v["leader_reason"]
    play(state, "R2", "X4B")
    assert state.view(2)["trick"] == [[0, "R2", "R"], [1, "X4", "B"]]


# --- illegal actions leave the state alone -------------------------------------------------------------
@pytest.mark.parametrize("n", [3, pytest.param(4, marks=pytest.mark.slow), pytest.param(5, marks=pytest.mark.slow)])
def test_every_illegal_action_is_refused_with_a_reason(n):
    state = TricksState(n, seed=n)
    rng = random.Random(n)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            legal = state.legal_actions()
            for action in state.action_universe():
                if action not in legal:
                    message = refusal(state, action)
                    assert "is not allowed now" not in message and message
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    with pytest.raises(IllegalAction):
        state.apply(("lead", 0))


def test_odd_spellings():
    state = new_state([["R2"], ["Y1"], ["B3"]])
    before = state.snapshot()
    for action in [("buy", True), ("buy", 1.0), ["buy", True], {"buy": True}, ("buy", 7), ("buy",),
                   ("sing", 1), "buy", ("buy", 0, "B")]:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.snapshot() == before
    state.apply({"buy": 0})  # the record's spelling
    assert state.events[-1] == {"t": "act", "p": 1, "a": {"buy": 0}}
    state.apply({"bury": None})
    state.apply(["buy", 2])
    assert state.events[-1] == {"t": "act", "p": 2, "a": {"buy": 2}}


def test_options_must_be_valid():
    for bad in ({"winner_leads": "yes"}, {"winner_leads": 1}, {"winner_leads": None}, {"trumps": 1}):
        with pytest.raises(ValueError):
            TricksState(3, options=bad)
    assert TricksState(3).events[0]["options"] == {"winner_leads": False}
    with pytest.raises(ValueError):
        TricksState(6)


def test_invariants_catch_broken_states():
    def broken(mutate):
        state = dealt(ROUND_HANDS, ROUND_BIDS)
        state.check_invariants()
        mutate(state)
        with pytest.raises(AssertionError):
            state.check_invariants()

    broken(lambda s: s.hands[0].pop("R2"))  # a card lost
    broken(lambda s: s.decks[0].append("R2"))  # a card made up
    broken(lambda s: s.chips.__setitem__(1, s.chips[1] + 1))  # chips made up
    broken(lambda s: setattr(s, "current_player", 1))  # the wrong player to act
    broken(lambda s: s.loans.__setitem__(0, 5))  # a loan not in steps of 10


# --- whole games: record order, payouts, replay --------------------------------------------------------
TOKENS = {"game": "G", "decks": "D", "start": "S", "loan": "L", "trump": "T", "trick": "K",
          "payout": "P", "score": "C", "repay": "R", "end": "E"}
ACT_TOKENS = {"buy": "b", "bury": "u", "bid": "i", "play": "p", "lead": "l"}


def line_pattern(n, winner_leads):
    lead = "" if winner_leads else "l"
    one_round = (f"DS(?:bL?uL?){{{8 * n - 1}}}bL?i{{{n}}}T"
                 f"(?:p{{{n}}}K{lead}){{6}}p{{{n}}}KPC")
    return re.compile(f"G{one_round}{one_round}RE")


def table_payout(bid, tricks):
    """The rules page's table, written out again for the check."""
    d = abs(bid - tricks)
    return {0: 10 * bid + 25, 1: 8 * bid, 2: 6 * bid, 3: 4 * bid, 4: 2 * bid}.get(d, 0)


@pytest.mark.parametrize("n, winner_leads", [(3, False), (4, False), (5, False), (4, True)])
def test_random_game_to_the_end(n, winner_leads):
    seed = 11 * n + winner_leads
    state = TricksState(n, seed=seed, options={"winner_leads": winner_leads})
    rng = random.Random(seed)
    state.check_invariants()
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
    events = state.events
    tokens = "".join(ACT_TOKENS[next(iter(e["a"]))] if e["t"] == "act" else TOKENS[e["t"]] for e in events)
    assert line_pattern(n, winner_leads).fullmatch(tokens), tokens
    for before, line in zip(events, events[1:]):
        if line["t"] == "loan":
            assert before["t"] == "act" and before["p"] == line["p"]
            assert line["amount"] > 0 and line["amount"] % 10 == 0
    # every payout by the table, from the bid acts and the trick lines
    rounds = [[]]
    for e in events:
        rounds[-1].append(e)
        if e["t"] == "score":
            rounds.append([])
    value = {c: (4 if c == "X4" else int(c[1:])) for c in SET}
    for r, round_lines in enumerate(rounds[:2], start=1):
        bids = [None] * n
        for e in round_lines:
            if e["t"] == "act" and "bid" in e["a"]:
                bids[e["p"]] = value[e["a"]["bid"]]
        tricks = Counter(e["winner"] for e in round_lines if e["t"] == "trick")
        counts = [tricks[s] for s in range(n)]
        (pay,) = [e for e in round_lines if e["t"] == "payout"]
        assert pay == {"t": "payout", "round": r, "bids": bids, "tricks": counts,
                       "chips": [table_payout(b, t) for b, t in zip(bids, counts)]}
        score = round_lines[-1]
        assert score["t"] == "score" and score["round"] == r and score["points"] == pay["chips"]
    for e in events:  # seats and counts are integers, never booleans
        if e["t"] == "act":
            assert type(e["p"]) is int
    json.dumps(events)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_record_replays_from_its_chance_lines(n):
    state = TricksState(n, seed=100 + n, options={"winner_leads": n == 5})
    rng = random.Random(n)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.events))
    chance = [c for c in map(TricksState.chance_outcome, record) if c is not None]
    assert [kind for kind, _ in chance] == ["decks", "decks"]
    replay = TricksState(n, seed=999, options=record[0]["options"], chance=chance)
    for line in record:
        if line["t"] == "act":
            assert replay.current_player == line["p"]
            replay.apply(line["a"])
    assert replay.events[1:] == record[1:]
    assert replay.totals == state.totals and replay.winners == state.winners
