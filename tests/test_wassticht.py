"""Was sticht? rules core, checked against shared/rules/was-sticht.md and the record format.

Positions are built from fixed deals (``chance=[("deal", ...)]``): the rows and the trump are chosen
here, and the draft hands out exactly the cards a test wants.
"""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.cards import sorted_cards
from game.engine import BadChance, GameOver, IllegalAction, action_from_json
from game.games.wassticht.rules import TASKS, WasStichtState, possible_trumps, task_fulfilled, trick_winner

ALL_CARDS = [f"{c}{v}" for c in "RGBY" for v in range(1, 10)]
ALL_TASKS = [f"T{i:02d}" for i in range(1, 25)]
ALL_TRUMPS = [(c, n) for c in ("R", "G", "B", "Y", None) for n in (*range(1, 10), None)]
# Difficulties as printed on the rules page.
DIFFICULTY = {"T01": 3, "T02": 2, "T03": 1, "T04": 3, "T05": 5, "T06": 7, "T07": 5, "T08": 4,
              "T09": 2, "T10": 3, "T11": 6, "T12": 6, "T13": 4, "T14": 5, "T15": 5, "T16": 5,
              "T17": 5, "T18": 4, "T19": 5, "T20": 5, "T21": 6, "T22": 7, "T23": 5, "T24": 8}


# --- an independent reading of the card order ----------------------------------------------------------
def value(card):
    return int(card[1:])


def is_trump(card, colour, number):
    return card[0] == colour or value(card) == number


def ref_winner(trick, colour, number):
    """The rules page's order, written out step by step (not the module's rank table)."""
    trumps = [i for i, c in enumerate(trick) if is_trump(c, colour, number)]
    if trumps:
        top = [i for i in trumps if trick[i] == f"{colour}{number}"]
        if top:
            return top[0]
        numbered = [i for i in trumps if value(trick[i]) == number]
        if numbered:
            return numbered[0]  # other number trumps: the first played
        return max(trumps, key=lambda i: value(trick[i]))
    led = trick[0][0]
    return max((i for i, c in enumerate(trick) if c[0] == led), key=lambda i: value(trick[i]))


def ref_may_play(hand, led, card, colour, number):
    """Following as the rules page says, with a trump-number card counting as trump only."""
    if is_trump(led, colour, number):
        trumps = [c for c in hand if is_trump(c, colour, number)]
        return card in trumps if trumps else True
    followers = [c for c in hand if c[0] == led[0] and not is_trump(c, colour, number)]
    return card in followers if followers else True


# --- building positions ------------------------------------------------------------------------------------
def stripes():
    return [[f"{c}{k}" for c in "RGBY"] for k in range(1, 10)]


def deal(rows, colour, number):
    return ("deal", {"trump_colour": colour, "trump_number": number, "rows": [list(r) for r in rows]})


def take_tasks(state, wanted=None):
    """Play the task draft: seats take the tasks in `wanted` first, otherwise the lowest free one."""
    wanted = {s: list(ts) for s, ts in (wanted or {}).items()}
    reserved = {t for ts in wanted.values() for t in ts}
    while state.phase == "task_draft":
        seat = state.current_player
        offer = state.view(seat)["task_offer"]
        if wanted.get(seat):
            task = wanted[seat].pop(0)
        else:
            task = next(t for t in offer if t not in reserved)
        state.apply(("take_task", task))


def new_state(rows=None, colour=None, number=None, tasks=None, per=5, more_chance=()):
    state = WasStichtState(4, seed=0, options={"tasks_per_player": per},
                           chance=[deal(rows or stripes(), colour, number), *more_chance])
    take_tasks(state, tasks)
    return state


def draft_first(state, rows=9):
    """Each drafter takes the first card still in the row as it was laid out, for `rows` rows."""
    start = state.row
    while state.phase == "row_draft" and state.row < start + rows:
        state.apply(("draft", state.rows[state.row - 1][0]))


def rigged(hands, colour, number, tasks=None):
    """A state at the task choice of round 1 in which seat s holds exactly hands[s]."""
    rows = [[hands[s][k] for s in range(4)] for k in range(9)]
    state = new_state(rows, colour, number, tasks)
    while state.phase == "row_draft":
        seat = state.current_player
        row = state.view(seat)["rows"][state.row - 1]
        state.apply(("draft", next(c for c in row if c in hands[seat])))
    assert state.phase == "task_choice"
    return state


def choose_tasks(state, choices=None):
    choices = choices or {}
    while state.phase == "task_choice":
        seat = state.current_player
        state.apply(("task", choices.get(seat) or state.legal_actions()[0][1]))


def play(state, *cards):
    for card in cards:
        state.apply(("play", card))


def legal_cards(state):
    return sorted(a[1] for a in state.legal_actions())


def refused(state, action, *words):
    """The action raises IllegalAction naming all `words`, and changes nothing."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    for word in words:
        assert word in message, f"{message!r} lacks {word!r}"
    assert state.snapshot() == before
    assert state.why_illegal(action) == message
    return message


def lines(state, kind):
    return [e for e in state.events if e["t"] == kind]


# --- trick winner ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("trick, colour, number, winner", [
    # the trump-number card in the trump colour beats everything
    (["B9", "R9", "G5", "R5"], "R", 5, 3),
    (["R5", "G5", "B5", "Y5"], "R", 5, 0),
    # other number trumps beat the trump colour; of two, the first played wins
    (["R9", "G5", "B5", "R8"], "R", 5, 1),
    (["B5", "G5", "R9", "Y1"], "R", 5, 0),
    (["Y1", "B5", "G5", "Y9"], "R", 5, 1),
    # a led number trump of another colour is a trump: later cards of its printed colour lose
    (["B5", "B9", "B8", "G7"], "R", 5, 0),
    # trump colour 9 down to 1, above the led colour
    (["G9", "R1", "G8", "R3"], "R", 5, 3),
    # no trump colour: number trumps are all equal, the first played wins
    (["B5", "G5", "Y9", "B9"], None, 5, 0),
    (["Y9", "B5", "G5", "Y8"], None, 5, 1),
    (["Y9", "Y8", "Y7", "Y6"], None, 5, 0),
    # no trump number: only the colour; fives are plain cards
    (["B9", "R1", "B8", "G9"], "R", None, 1),
    (["R5", "R7", "B9", "R6"], "R", None, 1),
    (["B5", "G5", "B6", "Y5"], "R", None, 2),
    # neither: the highest card of the led colour; other colours never win
    (["G3", "G9", "B9", "R9"], None, None, 1),
    (["G3", "B9", "Y9", "R9"], None, None, 0),
])
def test_trick_winner_cases(trick, colour, number, winner):
    assert trick_winner(trick, colour, number) == winner
    assert ref_winner(trick, colour, number) == winner


def test_trick_winner_agrees_with_the_written_order_on_random_tricks():
    rng = random.Random(7)
    for _ in range(3000):
        trick = rng.sample(ALL_CARDS, 4)
        colour, number = rng.choice(ALL_TRUMPS)
        assert trick_winner(trick, colour, number) == ref_winner(trick, colour, number), (trick, colour, number)


# --- following --------------------------------------------------------------------------------------------
FOLLOW_HANDS = {
    0: ["R5", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"],
    1: ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9", "Y9"],
    2: ["B5", "G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9"],
    3: ["R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "G5"],
}


def test_a_trump_number_card_is_not_its_printed_colour_for_following():
    state = rigged(FOLLOW_HANDS, "R", 5)
    choose_tasks(state)
    assert state.phase == "play" and state.current_player == 1  # left of the starter leads
    play(state, "B9")
    # seat 2's only blue is B5, a trump: he cannot follow blue and may play anything
    assert legal_cards(state) == sorted(FOLLOW_HANDS[2])
    play(state, "G1", "R9", "Y1")
    assert lines(state, "trick")[-1] == {"t": "trick", "cards": [[1, "B9"], [2, "G1"], [3, "R9"], [0, "Y1"]],
                                         "winner": 3}
    # a trump led: the next player must play a trump, and Y5 (the trump number) is one
    play(state, "R8")
    assert legal_cards(state) == ["R5", "Y5"]
    refused(state, ("play", "Y2"), "you must play a trump", "led card is a trump")
    play(state, "Y5", "B1")
    assert legal_cards(state) == ["B5"]
    refused(state, ("play", "G2"), "you must play a trump")
    play(state, "B5")
    assert lines(state, "trick")[-1]["winner"] == 0  # Y5, the first other number trump
    play(state, "R5", "B2", "G2", "G5")
    assert lines(state, "trick")[-1]["winner"] == 0
    play(state, "Y2")
    assert legal_cards(state) == ["Y9"]
    refused(state, ("play", "B3"), "you must follow yellow")
    refused(state, ("play", "R1"), "you don't hold R1")


def test_must_follow_the_colour_with_a_card_that_is_no_trump():
    hands = {s: list(h) for s, h in FOLLOW_HANDS.items()}
    hands[1][2], hands[2][1] = "G1", "B3"  # seat 2 now holds B3 beside B5
    state = rigged(hands, "R", 5)
    choose_tasks(state)
    play(state, "B9")
    assert legal_cards(state) == ["B3"]
    refused(state, ("play", "B5"), "you must follow blue", "B5 is a trump")
    refused(state, ("play", "G2"), "you must follow blue")


def test_a_led_number_trump_asks_for_trumps_not_for_its_colour():
    hands = {0: ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9"],
             1: ["B5", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8"],
             2: ["B9", "R1", "B1", "B2", "B3", "B4", "B6", "B7", "B8"],
             3: ["R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "G9"]}
    state = rigged(hands, "R", 5)
    choose_tasks(state)
    play(state, "B5")
    assert legal_cards(state) == ["R1"]
    refused(state, ("play", "B9"), "you must play a trump")
    play(state, "R1")
    assert legal_cards(state) == ["R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"]
    play(state, "R9")
    assert legal_cards(state) == ["Y5"]
    play(state, "Y5")
    assert lines(state, "trick")[-1]["winner"] == 1  # B5 was the first number trump


def test_every_play_of_random_games_follows_the_written_rule():
    rng = random.Random(3)
    for seed in range(3):
        state = WasStichtState(4, seed=seed)
        while not state.is_over:
            if state.phase == "play" and state.trick:
                hand = state.hands[state.current_player]
                led = state.trick[0][1]
                expect = [c for c in hand
                          if ref_may_play(hand, led, c, state.trump_colour, state.trump_number)]
                assert legal_cards(state) == sorted(expect)
            state.apply(rng.choice(state.legal_actions()))


# --- hints ------------------------------------------------------------------------------------------------
HINT_ROWS = [["R9", "B1", "G9", "Y9"], ["G6", "B6", "R1", "B9"], ["Y6", "R6", "B2", "G1"],
             ["R2", "R4", "Y1", "R3"], ["G2", "Y2", "G8", "B3"], ["Y7", "Y3", "Y5", "Y4"],
             ["G3", "G4", "R5", "G5"], ["B8", "B5", "B7", "B4"], ["Y8", "R7", "G7", "R8"]]


def test_a_hint_after_every_row_names_the_winner_of_the_row_as_a_trick():
    state = new_state(HINT_ROWS, "B", 6)
    start = len(state.events)
    draft_first(state)
    # worked out by hand from the rules page: row k is taken from seat k % 4 on, in row order
    assert [h["winner"] for h in lines(state, "hint")] == [2, 3, 3, 1, 0, 2, 2, 0, 1]
    new = state.events[start:]
    for k in range(9):
        block = new[k * 5:(k + 1) * 5]
        assert [e["t"] for e in block] == ["act"] * 4 + ["hint"]
        assert [e["p"] for e in block[:4]] == [(k + 1 + j) % 4 for j in range(4)]
        assert set(block[4]) == {"t", "round", "row", "winner"}
        assert block[4]["round"] == 1 and block[4]["row"] == k + 1
    assert state.phase == "task_choice"
    assert ("B", 6) in possible_trumps(state.drafted, state.hints)


# --- tasks ------------------------------------------------------------------------------------------------
def plain_tricks(winners):
    """Nine tricks; trick i holds R, G, B, Y of value i+1, played by seats 0-3 in that order."""
    return [{"cards": [[s, f"{c}{i + 1}"] for s, c in enumerate("RGBY")], "winner": w}
            for i, w in enumerate(winners)]


def seat0_wins(numbers):
    """Winners of nine tricks: seat 0 takes the given trick numbers (1-9), the others share the rest."""
    others = [1, 2, 3]
    return [0 if i + 1 in numbers else others[i % 3] for i in range(9)]


def custom(*tricks):
    """Tricks from (winner, [4 cards played by seats 0-3])."""
    return [{"cards": [[s, c] for s, c in enumerate(cs)], "winner": w} for w, cs in tricks]


NO_RED = custom((0, ["G9", "G1", "B1", "Y1"]), (1, ["R1", "R2", "R3", "R4"]))
WITH_RED = custom((0, ["G9", "R1", "B1", "Y1"]), (1, ["R9", "R2", "R3", "R4"]))
TASK_CASES = [
    ("T01", plain_tricks([1, 2, 3] * 3), True), ("T01", plain_tricks(seat0_wins({5})), False),
    ("T02", plain_tricks(seat0_wins({9})), True), ("T02", plain_tricks(seat0_wins({1, 2})), False),
    ("T02", plain_tricks(seat0_wins(set())), False),
    ("T03", plain_tricks(seat0_wins({3, 7})), True), ("T03", plain_tricks(seat0_wins({1, 2, 3})), False),
    ("T04", plain_tricks(seat0_wins({1, 5, 9})), True), ("T04", plain_tricks(seat0_wins({1, 5})), False),
    ("T05", plain_tricks(seat0_wins({1, 2, 5, 9})), True),
    ("T05", plain_tricks(seat0_wins({1, 2, 3, 5, 9})), False),
    ("T06", plain_tricks(seat0_wins({1, 2, 3, 5, 9})), True), ("T06", plain_tricks([0] * 9), True),
    ("T06", plain_tricks(seat0_wins({1, 2, 5, 9})), False),
    ("T07", plain_tricks([0, 0, 0, 1, 1, 2, 2, 3, 3]), True),
    ("T07", plain_tricks([0, 0, 0, 1, 1, 1, 2, 2, 3]), False),
    ("T08", plain_tricks([1, 1, 1, 2, 2, 2, 3, 3, 3]), True),
    ("T08", plain_tricks([0, 1, 2, 2, 2, 3, 3, 3, 3]), False),
    ("T08", plain_tricks([1, 1, 1, 1, 1, 2, 2, 2, 2]), False),  # seat 3 has none either
    ("T09", plain_tricks(seat0_wins({1})), True), ("T09", plain_tricks(seat0_wins({2, 3})), False),
    ("T10", plain_tricks(seat0_wins({9})), True), ("T10", plain_tricks(seat0_wins({8})), False),
    ("T11", plain_tricks(seat0_wins({1, 5, 9})), True), ("T11", plain_tricks(seat0_wins({1, 8})), False),
    ("T12", plain_tricks(seat0_wins({4, 5, 6})), True), ("T12", plain_tricks(seat0_wins({1, 2, 3, 4})), True),
    ("T12", plain_tricks(seat0_wins({1, 2, 4, 5, 7, 8})), False),
    ("T13", plain_tricks(seat0_wins({1, 3, 5})), True), ("T13", plain_tricks(seat0_wins({1, 2, 5})), False),
    ("T13", plain_tricks(seat0_wins({4})), False),
    ("T14", NO_RED, True), ("T14", WITH_RED, False), ("T14", custom((1, ["G1", "G2", "G3", "G4"])), False),
    ("T15", custom((0, ["G1", "R1", "B1", "R2"])), True), ("T15", plain_tricks(seat0_wins({2})), False),
    ("T15", custom((1, ["G1", "R1", "B1", "R2"])), False),
    ("T16", custom((0, ["Y1", "R1", "B1", "R2"])), True), ("T16", plain_tricks(seat0_wins({2})), False),
    ("T16", custom((3, ["Y1", "R1", "B1", "R2"])), False),
    ("T17", custom((0, ["Y1", "R1", "G1", "R2"])), True), ("T17", plain_tricks(seat0_wins({2})), False),
    ("T17", custom((2, ["Y1", "R1", "G1", "R2"])), False),
    ("T18", plain_tricks(seat0_wins({1, 8})), True), ("T18", plain_tricks(seat0_wins({1, 9})), False),
    ("T18", plain_tricks(seat0_wins(set())), False),
    ("T19", custom((0, ["R9", "G9", "B1", "Y1"])), True),
    ("T19", custom((0, ["R9", "G8", "B1", "Y1"]), (1, ["B9", "Y9", "G9", "R1"])), False),
    ("T20", custom((0, ["R1", "G2", "B3", "Y4"]), (0, ["B1", "G5", "R5", "Y5"])), True),
    ("T20", custom((0, ["R1", "G2", "B3", "Y4"]), (1, ["B1", "G1", "R5", "Y5"])), False),
    ("T21", plain_tricks(seat0_wins({1, 2, 3, 4, 5})), True),  # 4 * 15 = 60
    ("T21", plain_tricks(seat0_wins({6, 9})), True),  # 4 * 15 = 60
    ("T21", plain_tricks(seat0_wins({6, 8})), False),  # 4 * 14 = 56
    ("T22", plain_tricks(seat0_wins({1, 2})), True),  # 12
    ("T22", custom((0, ["R1", "G2", "B3", "Y9"])), True),  # 15
    ("T22", custom((0, ["R1", "G2", "B4", "Y9"])), False),  # 16
    ("T22", plain_tricks(seat0_wins(set())), False),
    ("T23", custom((0, ["R3", "R1", "G9", "B9"])), True),
    ("T23", custom((0, ["R4", "R1", "R2", "R3"])), False),  # low cards, but won with the 4
    ("T23", custom((1, ["R3", "R4", "G9", "B9"])), False),
    ("T24", plain_tricks(seat0_wins({1, 2, 3})), True), ("T24", plain_tricks(seat0_wins({1, 2, 4})), False),
]


def test_the_task_table_is_the_rules_page():
    assert list(TASKS) == ALL_TASKS
    assert {t: d for t, (_, d) in TASKS.items()} == DIFFICULTY
    assert TASKS["T07"][0] == "more tricks than every other player"


def test_every_task_has_a_true_and_a_false_case():
    outcomes = {t: set() for t in ALL_TASKS}
    for task, _, expected in TASK_CASES:
        outcomes[task].add(expected)
    assert all(o == {True, False} for o in outcomes.values()), outcomes


@pytest.mark.parametrize("task, tricks, expected", TASK_CASES)
def test_task_judged_on_own_tricks(task, tricks, expected):
    assert task_fulfilled(task, 0, tricks) is expected


def test_a_task_is_judged_on_the_seat_asked_about():
    tricks = plain_tricks([2, 2, 2, 1, 1, 3, 3, 3, 3])
    assert task_fulfilled("T04", 2, tricks) and not task_fulfilled("T04", 1, tricks)
    assert task_fulfilled("T07", 3, tricks) and not task_fulfilled("T07", 2, tricks)
    assert task_fulfilled("T08", 0, tricks) and task_fulfilled("T01", 0, tricks)
    assert task_fulfilled("T24", 2, tricks) and task_fulfilled("T12", 3, tricks)


# --- the starter at round end ------------------------------------------------------------------------------
# Seat 0 (the starter of round 1) holds every red; with red as the trump colour he wins all 9 tricks,
# and seat 2 throws a blue card into each of them.
COLOUR_HANDS = {0: [f"R{v}" for v in range(1, 10)], 1: [f"G{v}" for v in range(1, 10)],
                2: [f"B{v}" for v in range(1, 10)], 3: [f"Y{v}" for v in range(1, 10)]}
STARTER_TASKS = ["T03", "T04", "T05", "T10", "T11"]


def play_round_out(state):
    while state.phase == "play":
        state.apply(state.legal_actions()[0])


@pytest.mark.parametrize("choices, fulfilled, entitled", [
    ({1: "T06", 2: "T08", 3: "T01"}, [3], True),  # the starter's 9 tricks meet T06
    ({1: "T01", 2: "T02", 3: "T08"}, [1], False),  # he meets neither T02 nor T08
    ({1: "T07", 2: "T02", 3: "T08"}, [], True),  # more tricks than every other player
    ({1: "T02", 2: "T09", 3: "T08"}, [], True),  # he won the first trick
    ({1: "T02", 2: "T14", 3: "T17"}, [], False),  # his tricks hold red; T17 fails on seat 2's blues
    ({1: "T01", 2: "T06", 3: "T24"}, [1], True),  # two failed tasks he meets
])
def test_the_starter_may_discard_only_when_entitled(choices, fulfilled, entitled):
    wanted = {0: STARTER_TASKS, **{s: [t] for s, t in choices.items()}}
    state = rigged(COLOUR_HANDS, "R", None, wanted)
    choose_tasks(state, choices)
    play_round_out(state)
    assert [t["winner"] for t in lines(state, "trick")] == [0] * 9
    expect_fulfilled = [s for s in (1, 2, 3) if task_fulfilled(choices[s], s, state.tricks)]
    assert expect_fulfilled == fulfilled
    if entitled:
        assert state.phase == "discard" and state.current_player == 0
        assert sorted(state.legal_actions(), key=str) == sorted(
            [("discard", t) for t in STARTER_TASKS] + [("discard", None)], key=str)
        assert not lines(state, "done")
        refused(state, ("discard", choices[1]), "you don't hold")
        state.apply(("discard", "T05"))
        laid = {str(s): choices[s] for s in expect_fulfilled}
        laid["0"] = "T05"
    else:
        assert state.phase == "row_draft" and state.round == 2
        assert not [e for e in state.events if e["t"] == "act" and "discard" in e["a"]]
        laid = {str(s): choices[s] for s in expect_fulfilled}
    done, score = lines(state, "done")[0], lines(state, "score")[0]
    assert done == {"t": "done", "round": 1, "fulfilled": expect_fulfilled, "laid_down": laid}
    points = [1 if str(s) in laid else 0 for s in range(4)]
    assert score == {"t": "score", "round": 1, "points": points, "totals": points}
    assert state.totals == points
    state.check_invariants()


def test_the_starter_may_decline_to_discard():
    state = rigged(COLOUR_HANDS, "R", None, {0: STARTER_TASKS, 1: ["T06"], 2: ["T09"], 3: ["T01"]})
    choose_tasks(state, {1: "T06", 2: "T09", 3: "T01"})
    play_round_out(state)
    assert state.phase == "discard"
    state.apply({"discard": None})  # the record's spelling
    assert lines(state, "done")[0]["laid_down"] == {"3": "T01"}
    assert state.events[-1]["t"] == "deal"  # round 2 has begun
    assert state.round == 2 and state.starter == 1 and state.current_player == 2
    # seat 3 laid down T01 in round 1: he may not choose it again
    draft_first(state)
    assert state.current_player == 2
    state.apply(state.legal_actions()[0])
    assert state.current_player == 3
    refused(state, ("task", "T01"), "you have already laid down 'no tricks'")


# --- what each seat sees -------------------------------------------------------------------------------------
def jsonable(view):
    return json.loads(json.dumps(view)) == view


def test_only_the_starter_sees_the_trump_before_the_reveal():
    state = new_state(HINT_ROWS, "B", 6)
    for rows in (0, 4, 4, 1):
        draft_first(state, rows)
        views = [state.view(s) for s in range(4)]
        assert all(jsonable(v) for v in views)
        if state.phase == "row_draft":
            assert (views[0]["trump_colour"], views[0]["trump_number"], views[0]["trump_known"]) == ("B", 6, True)
            for v in views[1:]:
                assert (v["trump_colour"], v["trump_number"], v["trump_known"]) == (None, None, False)
        else:
            assert all((v["trump_colour"], v["trump_number"], v["trump_known"]) == ("B", 6, True) for v in views)
    assert state.phase == "task_choice"


def play_random_drafts(state, rng, rows):
    actions = []
    for _ in range(rows * 4):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("seed", range(4))
def test_non_starters_cannot_tell_two_trumps_that_give_the_same_hints(seed):
    """Two deals that differ only in the trump, drafted alike: same hints, so the same views."""
    rng = random.Random(seed)
    rows = [ALL_CARDS[i:i + 4] for i in range(0, 36, 4)]
    rng.shuffle(rows)
    actions = play_random_drafts(new_state(rows, "G", 3), rng, rng.randrange(1, 7))
    while True:  # the longest prefix of whole rows that still leaves a second trump
        first = new_state(rows, "G", 3)
        for action in actions:
            first.apply(action)
        other = [c for c in map(tuple, first.view(1)["possible_trumps"]) if c != ("G", 3)]
        if other:
            break
        actions = actions[:-4]
    second = new_state(rows, *other[rng.randrange(len(other))])
    for action in actions:
        second.apply(action)
    assert lines(first, "hint") == lines(second, "hint")
    for seat in (1, 2, 3):
        assert first.view(seat) == second.view(seat)
    assert first.view(0) != second.view(0)


def test_hands_and_tasks_are_open_to_everyone():
    state = new_state(HINT_ROWS, "B", 6)
    draft_first(state, 3)
    for seat in range(4):
        view = state.view(seat)
        assert view["hands"] == [sorted(h, key=lambda c: ("RGBY".index(c[0]), value(c))) for h in state.hands]
        assert view["held_tasks"] == state.held and view["row"] == 4 and view["disc"] == 0
        # the open rows in a canonical order, not the shuffled deck's (that order is chance's secret)
        assert view["rows"][:3] == [[], [], []] and view["rows"][3] == sorted_cards(HINT_ROWS[3])
        assert [len(r) for r in view["drafted"]] == [4, 4, 4, 0]


def test_task_choices_stay_hidden_until_all_are_in():
    state = new_state(HINT_ROWS, "B", 6)
    draft_first(state)
    picks = {}
    for _ in range(3):
        seat = state.current_player
        picks[seat] = state.legal_actions()[-1][1]
        state.apply(("task", picks[seat]))
        if state.phase == "play":
            break
        for viewer in range(4):
            view = state.view(viewer)
            assert view["chosen_by"] == sorted(picks)
            assert view["chosen"] == [picks.get(s) if s == viewer else None for s in range(4)]
            assert all(t not in json.dumps(view["chosen"]) for s, t in picks.items() if s != viewer)
    assert state.phase == "play"
    for viewer in range(4):
        assert state.view(viewer)["chosen"] == [None, picks[1], picks[2], picks[3]]


# --- illegal actions -----------------------------------------------------------------------------------------
def test_illegal_actions_say_why_and_change_nothing():
    state = WasStichtState(4, seed=1, chance=[deal(HINT_ROWS, "B", 6)])
    refused(state, ("draft", "B7"), "task draft")
    refused(state, ("take_task", "T99"), "not a task")
    refused(state, ("take_task", ["T01"]), "not a task")
    refused(state, ("fly", "T01"), "not an action")
    state.apply(("take_task", "T07"))
    refused(state, ("take_task", "T07"), "'more tricks than every other player' is not open", "Player 1")
    take_tasks(state)
    refused(state, ("take_task", "T24"), "it is the row draft now")
    refused(state, ("take_task", "T21"), "row draft")  # out of the game, but the phase is named first
    refused(state, ("draft", "Y8"), "Y8 is not in row 1", "row 9")
    refused(state, ("draft", "G6"), "not in row 1", "row 2")
    refused(state, ("draft", "Z1"), "not a card")
    refused(state, ("play", "R9"), "row draft")
    state.apply(("draft", "R9"))
    refused(state, ("draft", "R9"), "already taken", "Player 2")
    draft_first(state)
    refused(state, ("play", "B1"), "task choice")
    mine = state.legal_actions()
    refused(state, ("task", "T07"), "you don't hold 'more tricks than every other player'")
    state.apply(mine[0])
    choose_tasks(state)
    refused(state, ("task", "T02"), "time to play")
    refused(state, ("discard", None), "time to play")
    not_mine = next(c for c in ALL_CARDS if c not in state.hands[state.current_player])
    refused(state, ("play", not_mine), f"you don't hold {not_mine}")


@pytest.mark.parametrize("seed", [pytest.param(0, marks=pytest.mark.slow), 1])
def test_every_action_outside_the_legal_list_is_refused_without_change(seed):
    rng = random.Random(seed)
    state = WasStichtState(4, seed=seed)
    universe = state.action_universe()
    assert len(universe) == len(set(universe)) == 3 * 24 + 2 * 36 + 1
    checked = set()
    while state.round <= 2 and not state.is_over:
        legal = state.legal_actions()
        assert set(legal) <= set(universe) and len(legal) == len(set(legal))
        if state.phase not in checked or rng.random() < 0.05:
            checked.add(state.phase)
            before = state.snapshot()
            for action in universe:
                if action not in legal:
                    with pytest.raises(IllegalAction) as info:
                        state.apply(action)
                    assert "is not allowed now" not in str(info.value)  # a specific reason
                    assert state.snapshot() == before
        state.apply(rng.choice(legal))
    assert {"task_draft", "row_draft", "task_choice", "play"} <= checked


# --- whole games and their records ----------------------------------------------------------------------------
def check_record(events, per):
    """Read a record with the rules page alone, as an outside checker would."""
    def take(kind, **fields):
        nonlocal pos
        line = events[pos]
        pos += 1
        assert line["t"] == kind, (pos, line)
        for key, want in fields.items():
            assert line[key] == want, (pos, key, line)
        return line

    def act(seat, key):
        line = take("act", p=seat)
        assert set(line) == {"t", "p", "a"} and list(line["a"]) == [key], line
        return line["a"][key]

    pos = 0
    game = take("game", v=1, game="wassticht", players=4, options={"tasks_per_player": per})
    assert set(game) == {"t", "v", "game", "players", "seats", "seed", "options"}
    assert take("tasks") == {"t": "tasks", "offer": ALL_TASKS}
    held, laid = [[] for _ in range(4)], [[] for _ in range(4)]
    for n in range(4 * per):
        task = act(n % 4, "take_task")
        assert task in ALL_TASKS and all(task not in h for h in held)
        held[n % 4].append(task)
    totals, rnd = [0] * 4, 0
    while events[pos]["t"] != "end":
        rnd += 1
        starter = (rnd - 1) % 4
        d = take("deal", round=rnd, starter=starter)
        assert set(d) == {"t", "round", "starter", "trump_colour", "trump_number", "rows"}
        colour, number = d["trump_colour"], d["trump_number"]
        assert colour in ("R", "G", "B", "Y", None)
        assert number is None or (type(number) is int and 1 <= number <= 9)
        assert [len(r) for r in d["rows"]] == [4] * 9 and sorted(sum(d["rows"], [])) == sorted(ALL_CARDS)
        hands = [[] for _ in range(4)]
        for k, row in enumerate(d["rows"], 1):
            left, taken = list(row), []
            for j in range(4):
                seat = (starter + k + j) % 4
                card = act(seat, "draft")
                left.remove(card)
                hands[seat].append(card)
                taken.append((seat, card))
            hint = take("hint", round=rnd, row=k)
            assert set(hint) == {"t", "round", "row", "winner"}
            assert hint["winner"] == taken[ref_winner([c for _, c in taken], colour, number)][0]
        chosen = {}
        for j in range(1, 4):
            seat = (starter + j) % 4
            chosen[seat] = act(seat, "task")
            assert chosen[seat] in held[seat]
        leader, tricks = (starter + 1) % 4, []
        for _ in range(9):
            order = []
            for j in range(4):
                seat = (leader + j) % 4
                card = act(seat, "play")
                assert card in hands[seat]
                if order:
                    assert ref_may_play(hands[seat], order[0][1], card, colour, number)
                hands[seat].remove(card)
                order.append([seat, card])
            trick = take("trick")
            assert trick == {"t": "trick", "cards": order,
                             "winner": order[ref_winner([c for _, c in order], colour, number)][0]}
            tricks.append(trick)
            leader = trick["winner"]
        fulfilled = [s for s in sorted(chosen) if task_fulfilled(chosen[s], s, tricks)]
        entitled = any(task_fulfilled(chosen[s], starter, tricks) for s in chosen if s not in fulfilled)
        laid_now = {str(s): chosen[s] for s in fulfilled}
        if entitled:
            discard = act(starter, "discard")
            assert discard is None or discard in held[starter]
            if discard:
                laid_now[str(starter)] = discard
        done = take("done", round=rnd, fulfilled=fulfilled)
        assert set(done) == {"t", "round", "fulfilled", "laid_down"} and done["laid_down"] == laid_now
        points = [1 if str(s) in laid_now else 0 for s in range(4)]
        for key, task in laid_now.items():
            held[int(key)].remove(task)
            laid[int(key)].append(task)
        totals = [t + p for t, p in zip(totals, points)]
        take("score", round=rnd, points=points, totals=totals)
        finished = [s for s in range(4) if not held[s]]
        assert (events[pos]["t"] == "end") == bool(finished)
    best = max(sum(DIFFICULTY[t] for t in laid[s]) for s in finished)
    winners = [s for s in finished if sum(DIFFICULTY[t] for t in laid[s]) == best]
    assert take("end") == {"t": "end", "totals": totals, "winners": winners}
    assert pos == len(events)
    return rnd


@pytest.mark.parametrize("seed, per", [(0, 5), (1, 5), (2, 4), (3, 4)])
def test_random_game_to_the_end(seed, per):
    rng = random.Random(seed)
    state = WasStichtState(4, seed=seed, options={"tasks_per_player": per})
    state.check_invariants()
    phases = set()
    while not state.is_over:
        phases.add(state.phase)
        seat = state.current_player
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
        if rng.random() < 0.02:
            assert jsonable(state.view(seat))
    state.check_invariants()
    assert state.phase == "over" and state.legal_actions() == []
    with pytest.raises(GameOver):
        state.apply(("discard", None))
    assert json.loads(json.dumps(state.events)) == state.events
    rounds = check_record(state.events, per)
    assert rounds == state.round
    final = state.view(0)
    assert final["winners"] == state.winners and final["totals"] == state.totals
    assert {"task_draft", "row_draft", "task_choice", "play"} <= phases


def test_the_record_replays_from_its_chance_lines_alone():
    rng = random.Random(11)
    state = WasStichtState(4, seed=11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    chance = [o for o in map(WasStichtState.chance_outcome, state.events) if o is not None]
    assert len(chance) == state.round and WasStichtState.chance_outcome({"t": "hint"}) is None
    again = WasStichtState(4, seed=99, chance=chance)  # another seed: only the record decides
    for line in state.events:
        if line["t"] == "act":
            assert again.current_player == line["p"]
            again.apply(action_from_json(line["a"]))
    assert again.events[1:] == state.events[1:]
    same = WasStichtState(4, seed=11, chance=chance)
    for line in state.events:
        if line["t"] == "act":
            same.apply(action_from_json(line["a"]))
    assert same == state


@pytest.mark.parametrize("deal_payload, problem", [
    ({"trump_colour": "X", "trump_number": 3, "rows": stripes()}, "trump colour"),
    ({"trump_colour": "R", "trump_number": 0, "rows": stripes()}, "trump number"),
    ({"trump_colour": "R", "trump_number": True, "rows": stripes()}, "trump number"),
    ({"trump_colour": "R", "rows": stripes()}, "trump_number"),
    ({"trump_colour": None, "trump_number": None, "rows": stripes()[:8]}, "rows"),
    ({"trump_colour": None, "trump_number": None, "rows": [["R1"] * 4] * 9}, "36 cards"),
    ({"trump_colour": None, "trump_number": None, "rows": [[1, 2, 3, 4]] * 9}, "36 cards"),
])
def test_an_impossible_deal_is_refused(deal_payload, problem):
    state = WasStichtState(4, chance=[("deal", deal_payload)])
    with pytest.raises(BadChance, match=problem):
        take_tasks(state)


def test_a_missing_key_in_a_deal_line_is_not_read_as_no_trump():
    line = {"t": "deal", "round": 1, "starter": 0, "trump_colour": "R", "rows": stripes()}
    state = WasStichtState(4, chance=[WasStichtState.chance_outcome(line)])
    with pytest.raises(BadChance):
        take_tasks(state)


# --- possible trumps --------------------------------------------------------------------------------------------
def brute_force(rows_taken, hints):
    return {combo for combo in ALL_TRUMPS
            if all(row[ref_winner([c for _, c in row], *combo)][0] == hint
                   for row, hint in zip(rows_taken, hints))}


@settings(max_examples=150, deadline=None)
@given(st.permutations(ALL_CARDS), st.sampled_from(ALL_TRUMPS), st.integers(0, 9), st.integers(0, 3),
       st.integers(0, 3))
def test_possible_trumps_is_exactly_the_consistent_set(deck, secret, rows, partial, first):
    taken = []
    for k in range(rows):
        start = (first + k + 1) % 4
        taken.append([((start + j) % 4, deck[4 * k + j]) for j in range(4)])
    hints = [row[ref_winner([c for _, c in row], *secret)][0] for row in taken]
    if rows < 9 and partial:  # a row still being drafted has no hint yet
        taken.append([((first + j) % 4, deck[4 * rows + j]) for j in range(partial)])
    result = possible_trumps(taken, hints)
    assert len(result) == len(set(result)) and set(result) == brute_force(taken, hints)
    assert secret in result
    if rows == 0:
        assert len(result) == 50


def test_the_view_offers_the_consistent_trumps_row_by_row():
    rng = random.Random(5)
    state = WasStichtState(4, seed=5)
    take_tasks(state)
    secret = (state.trump_colour, state.trump_number)
    sizes = []
    while state.phase == "row_draft":
        state.apply(rng.choice(state.legal_actions()))
        view = state.view(2)
        got = {tuple(c) for c in view["possible_trumps"]}
        assert got == brute_force(view["drafted"], view["hints"]) and secret in got
        sizes.append(len(got))
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] < 50


# --- options, invariants, the end -----------------------------------------------------------------------
@pytest.mark.parametrize("per", [4, 5])
def test_tasks_per_player_option(per):
    state = WasStichtState(4, options={"tasks_per_player": per})
    assert state.events[0]["options"] == {"tasks_per_player": per}
    take_tasks(state)
    takes = [e for e in state.events if e["t"] == "act"]
    assert len(takes) == 4 * per and [e["p"] for e in takes] == [n % 4 for n in range(4 * per)]
    assert [len(h) for h in state.held] == [per] * 4
    assert len(state.view(0)["tasks_out"]) == 24 - 4 * per
    assert state.phase == "row_draft" and state.events[-1]["t"] == "deal"
    state.check_invariants()


def test_default_and_bad_options():
    assert WasStichtState().options == {"tasks_per_player": 5}
    for bad in (3, 6, "5", True, 4.0, None):
        with pytest.raises(ValueError):
            WasStichtState(options={"tasks_per_player": bad})
    with pytest.raises(ValueError):
        WasStichtState(options={"tricks": 3})
    with pytest.raises(ValueError):
        WasStichtState(players=5)


def test_check_invariants_catches_broken_states():
    def fresh():
        state = new_state(HINT_ROWS, "B", 6)
        draft_first(state, 2)
        state.apply(state.legal_actions()[0])
        state.check_invariants()
        return state

    state = fresh()
    state.hands[1].append(state.hands[2].pop())
    with pytest.raises(AssertionError):
        state.check_invariants()
    state = fresh()
    state.rows[5].append(state.hands[0][0])
    with pytest.raises(AssertionError):
        state.check_invariants()
    state = fresh()
    state.current_player = (state.current_player + 1) % 4
    with pytest.raises(AssertionError):
        state.check_invariants()
    state = fresh()
    state.held[0].append(state.held[1][0])
    with pytest.raises(AssertionError):
        state.check_invariants()
    state = fresh()
    state.out.pop()
    with pytest.raises(AssertionError):
        state.check_invariants()


def test_game_end_tie_break_by_difficulty_sum():
    state = WasStichtState(4, options={"tasks_per_player": 4})
    state.laid = [["T01", "T02", "T03", "T04"], ["T05", "T06", "T07", "T08"], ["T24", "T23", "T22", "T09"], []]
    assert state._winners([0]) == [0]
    assert state._winners([0, 1]) == [1]  # 21 against 9
    assert state._winners([1, 2]) == [2]  # 22 against 21
    state.laid[0] = ["T24", "T23", "T22", "T09"]
    assert state._winners([0, 2]) == [0, 2]  # equal sums share
