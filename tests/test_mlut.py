"""Mit List und Tücke: the rules page's worked examples and hand-built positions."""

import random

import pytest

from game.engine import IllegalAction
from game.games.mlut.rules import DECKS, HAND_SIZE, MlutState, round_points
from game.runner import play_out, seat_bots


def deal_with(players, fixed):
    """A deal where seat s holds fixed[s] (a list of cards) and the rest of the deck fills up."""
    rest = [c for c in DECKS[players] if not any(c in h for h in fixed.values())]
    random.Random(7).shuffle(rest)
    hands = []
    for s in range(players):
        hand = list(fixed.get(s, []))
        while len(hand) < HAND_SIZE:
            hand.append(rest.pop())
        hands.append(hand)
    return hands


def state_with(players, fixed, **kw):
    return MlutState(players, seed=1, chance=[("deal", deal_with(players, fixed))], **kw)


def play(state, *cards):
    for c in cards:
        state.apply(("play", c))


# --- scoring: the worked examples ----------------------------------------------------------------
@pytest.mark.parametrize("counts, plus, points", [
    ({"G": 5, "R": 6, "Y": 3}, None, 10),
    ({"R": 5, "B": 4, "Y": 3}, None, 6),
    ({"B": 7, "G": 8, "R": 3, "Y": 1}, ("B", "G"), 14),
    ({"Y": 7, "R": 1, "B": 1}, None, 7),
    ({"G": 3, "B": 5}, None, 15),
])
def test_round_points_worked_examples(counts, plus, points):
    assert round_points(counts, plus)[0] == points


def test_round_points_one_colour_or_none_is_zero():
    assert round_points({"R": 9})[0] == 0
    assert round_points({})[0] == 0


def test_round_points_reason_shows_the_sum():
    assert round_points({"B": 7, "G": 8, "R": 2, "Y": 2}, ("B", "G"))[1] == "blue 7 × green 8 ÷ 4 = 14"
    # without plus colours: the two largest, named (issue 29: the line did not say which colours)
    assert round_points({"B": 1, "G": 8, "R": 3, "Y": 0})[1] == "green 8 × red 3 ÷ 1 = 24"
    assert round_points({"R": 2, "Y": 5})[1] == "yellow 5 × red 2 = 10"


def test_plus_divides_by_minus_colours_only():
    # Largest colours are R and Y, but the plus colours count.
    assert round_points({"R": 9, "Y": 8, "G": 2, "B": 1}, ("G", "B"))[0] == 2 * 1 // 17


# --- the 5-player trick example --------------------------------------------------------------------
def five_player_example():
    # dealer 0, so seat 1 leads; seat 0 plays last and holds green and Y16.
    fixed = {1: ["R10"], 2: ["Y8"], 3: ["R14"], 4: ["B2"], 0: ["G5", "Y16"]}
    s = state_with(5, fixed)
    play(s, "R10", "Y8", "R14", "B2")
    return s


def test_five_player_example_forbids_green():
    s = five_player_example()
    assert s.current_player == 0
    with pytest.raises(IllegalAction, match="fourth colour"):
        s.apply(("play", "G5"))
    assert ("play", "G5") not in s.legal_actions()
    assert ("play", "Y16") in s.legal_actions()


def test_five_player_example_pick_and_take():
    s = five_player_example()
    s.apply(("play", "Y16"))
    assert s.phase == "pick" and s.current_player == 3  # red 14 is the highest trump
    assert len(s.legal_actions()) == 10  # any 3 of 5
    s.apply(("pick", ("R14", "Y16", "R10")))  # any order is accepted
    trick = [e for e in s.events if e["t"] == "trick"][-1]
    assert trick["picker"] == 3 and trick["taker"] == 4
    assert sorted(trick["taken"]) == ["B2", "Y8"] and trick["removed"] == []
    assert s.current_player == 4 and s.phase == "play"  # blue 2 leads next
    assert sorted(s.collections[4]["B"] + s.collections[4]["Y"]) == ["B2", "Y8"]


# --- tricky rules ------------------------------------------------------------------------------------
def test_early_end_when_player_holds_only_the_fourth_colour():
    s = state_with(4, {0: [f"Y{v}" for v in range(1, 15)], 1: ["R3"], 2: ["G3"], 3: ["B3"]})
    round_before = s.round
    play(s, "R3", "G3", "B3")
    early = [e for e in s.events if e["t"] == "early_end"]
    assert early == [{"t": "early_end", "p": 0}]
    assert not [e for e in s.events if e["t"] == "trick"], "no trick line for the unfinished trick"
    score = [e for e in s.events if e["t"] == "score"]
    assert score[0]["points"] == [0, 0, 0, 0]
    idx = s.events.index(early[0])
    assert s.events[idx + 1]["t"] == "score"
    assert s.round == round_before + 1 and s.dealer == 1 and s.current_player == 2


def test_trump_only_trick_removes_the_rest_and_picker_leads():
    s = state_with(4, {1: ["G4"], 2: ["G9"], 3: ["G2"], 0: ["G7"]})
    play(s, "G4", "G9", "G2", "G7")
    assert s.current_player == 2
    s.apply(("pick", ("G9", "G2")))
    trick = [e for e in s.events if e["t"] == "trick"][-1]
    assert trick["taker"] is None and trick["taken"] == []
    assert sorted(trick["removed"]) == ["G4", "G7"]
    assert s.removed == ["G4", "G7"] and s.current_player == 2


def test_tie_for_lowest_off_colour_first_played_takes():
    s = state_with(4, {1: ["R9"], 2: ["B3"], 3: ["Y3"], 0: ["R1"]})
    play(s, "R9", "B3", "Y3", "R1")
    s.apply(("pick", ("R9", "R1")))
    trick = [e for e in s.events if e["t"] == "trick"][-1]
    assert trick["picker"] == 1 and trick["taker"] == 2  # B3 was played before Y3
    assert s.current_player == 2


def test_picker_may_take_his_own_card_and_taker_gets_the_rest():
    s = state_with(4, {1: ["R9"], 2: ["B3"], 3: ["Y5"], 0: ["R1"]})
    play(s, "R9", "B3", "Y5", "R1")
    s.apply(("pick", ("B3", "Y5")))
    assert s.collections[1]["B"] == ["B3"] and s.collections[1]["Y"] == ["Y5"]
    assert sorted(s.collections[2]["R"]) == ["R1", "R9"]


def test_pick_refusals_name_the_problem():
    s = state_with(4, {1: ["R9"], 2: ["B3"], 3: ["Y5"], 0: ["R1"]})
    play(s, "R9", "B3", "Y5", "R1")
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="exactly 2"):
        s.apply(("pick", ("R9",)))
    with pytest.raises(IllegalAction, match="not in this trick"):
        s.apply(("pick", ("R9", "G12")))
    with pytest.raises(IllegalAction, match="must pick"):
        s.apply(("play", "R2"))
    assert s.snapshot() == before


def test_refusals_leave_state_unchanged():
    s = state_with(4, {1: ["R9"], 2: ["B3"]})
    before = s.snapshot()
    not_held = next(c for c in DECKS[4] if c not in s.hands[1])
    with pytest.raises(IllegalAction, match="don't hold"):
        s.apply(("play", not_held))
    with pytest.raises(IllegalAction, match="plus colours now|play a card now"):
        s.apply(("plus", ("R", "G")))
    assert s.snapshot() == before


def first_game_with(condition, players=4, limit=400):
    for seed in range(limit):
        s = MlutState(players, seed=seed)
        bots, rngs = seat_bots(s)
        while not s.is_over:
            if condition(s):
                return s
            s.apply(bots[s.current_player].choose(None, s.legal_actions(), rngs[s.current_player]))
    raise AssertionError("no game reached the position")


def test_plus_choice_picker_first_then_taker():
    def both_owe(s):
        return s.phase == "plus" and len(s.pending_plus) == 2
    s = first_game_with(both_owe)
    trick = [e for e in s.events if e["t"] == "trick"][-1]
    assert s.pending_plus == [trick["picker"], trick["taker"]]
    assert s.current_player == trick["picker"]
    with pytest.raises(IllegalAction, match="two different"):
        s.apply(("plus", ("R", "R")))
    s.apply(("plus", ("G", "R")))  # any order
    assert s.plus[trick["picker"]] == ("R", "G")
    assert s.current_player == trick["taker"] and s.phase == "plus"


def test_minus_colours_are_face_down_in_views():
    s = first_game_with(lambda s: any(p for p in s.plus) and s.phase == "play")
    seat = next(i for i, p in enumerate(s.plus) if p)
    for viewer in range(s.players):
        col = s.view(viewer)["collections"][seat]
        assert set(col["open"]) == set(s.plus[seat])
        minus = [c for c in "RGBY" if c not in s.plus[seat]]
        assert col["hidden"] == {c: len(s.collections[seat][c]) for c in minus}


def test_view_never_shows_other_hands():
    s = MlutState(6, seed=11)
    bots, rngs = seat_bots(s)
    for _ in range(60):
        for seat in range(s.players):
            v = s.view(seat)
            assert v["hand"] == sorted(s.hands[seat], key=lambda c: ("RGBY".index(c[0]), int(c[1:])))
            others = {c for o, h in enumerate(s.hands) if o != seat for c in h}
            assert not others & set(strings_in(v))
        s.apply(bots[s.current_player].choose(None, s.legal_actions(), rngs[s.current_player]))


def strings_in(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings_in(v)


def test_dealer_rotates_and_game_has_as_many_rounds_as_players():
    for players in (4, 5, 6):
        s = MlutState(players, seed=players)
        play_out(s, *seat_bots(s))
        deals = [e for e in s.events if e["t"] == "deal"]
        assert [d["dealer"] for d in deals] == list(range(players))
        assert [e["round"] for e in s.events if e["t"] == "score"] == list(range(1, players + 1))
        end = s.events[-1]
        assert end["t"] == "end" and end["winners"] == [i for i, t in enumerate(end["totals"]) if t == max(end["totals"])]


def test_first_leader_is_left_of_dealer():
    s = MlutState(5, seed=2)
    assert s.dealer == 0 and s.current_player == 1


def test_scores_match_the_collections_from_the_record():
    """Rebuild each round's collections from trick and plus lines and score them independently."""
    s = MlutState(5, seed=21)
    play_out(s, *seat_bots(s))
    counts = plus = None
    last_takers = []
    for e in s.events:
        if e["t"] == "deal":
            counts = [dict.fromkeys("RGBY", 0) for _ in range(5)]
            plus = [None] * 5
        elif e["t"] == "trick":
            picked = [c for _, c in e["cards"] if c not in e["taken"] and c not in e["removed"]]
            for c in picked:
                counts[e["picker"]][c[0]] += 1
            for c in e["taken"]:
                counts[e["taker"]][c[0]] += 1
            last_takers = [p for p in (e["picker"], e["taker"]) if p is not None and plus[p] is None
                           and all(counts[p].values())]
        elif e["t"] == "act" and "plus" in e["a"]:
            assert e["p"] == last_takers.pop(0)
            plus[e["p"]] = tuple(e["a"]["plus"])
        elif e["t"] == "score":
            assert e["points"] == [round_points(counts[i], plus[i])[0] for i in range(5)]
