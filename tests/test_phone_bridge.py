"""phone.bridge on its own (no server): actions as JSON lists both ways, what a phone is sent first,
a continued game, and refusals, all on the game thread's side."""

import json
import random

import pytest

from game import i18n, new_game
from game.kit import game_info
from game.runner import play_out, seat_bots
from game.engine import action_to_json
from phone.bridge import PhoneTable, action_from_wire, action_to_list

from phone_helpers import new_state

GAMES = [("mlut", 5), ("wassticht", 4), ("tricks", 4)]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_action_goes_to_a_json_list_and_back(game_id, players):
    state = new_state(game_id, players)
    for action in state.action_universe():
        wire = json.loads(json.dumps(action_to_list(action)))
        assert wire[0] == action[0] and isinstance(wire, list)
        assert action_from_wire(wire) == action
        assert action_from_wire(action_to_json(action)) == action  # the record's object form too


@pytest.mark.parametrize("bad", [None, 3, "play", [], ["play"], ["play", "R1", "B", "x"], [1, "R1"], ["", "R1"],
                                 ["play", {"R": 1}], ["play", 1.5], ["play", True], ["pick", [1, 2]],
                                 ["pick", ["R1"] * 9], ["play", "X4", 3], ["play", "x" * 30], {"a": 1, "b": 2, "c": 3}])
def test_malformed_actions_are_refused_by_shape(bad):
    with pytest.raises((ValueError, TypeError)):
        action_from_wire(bad)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_the_hello_carries_the_games_facts_and_a_prompt_for_every_phase_a_seat_acts_in(game_id, players):
    state = new_state(game_id, players)
    table = PhoneTable(state, range(players))
    table.languages[0] = "de"  # the phone's own language
    hello = table.hello(0)
    info = game_info(game_id)
    assert hello["hand_size"] == info.hand_size and hello["tricks_per_round"] == info.tricks_per_round
    assert hello["colours"] and set(hello["colours"]) <= set("RGBYX")
    phases = set()
    bots, rngs = seat_bots(state)
    while not state.is_over:
        phases.add(state.phase)
        play_out(state, bots, rngs, max_actions=1)
    assert phases <= set(hello["prompts"]), f"no prompt for {phases - set(hello['prompts'])}"
    with i18n.speaking("de"):
        assert hello["prompts"]["play"] == i18n._("play a card") != "play a card"
    if "joker" in hello:  # a card that is named a colour when played: named one of the game's colours
        assert set(hello["joker_colours"]) <= set(hello["colours"]) and hello["joker"] not in hello["colours"]


def test_a_table_sends_hello_and_the_view_first_and_refuses_what_is_not_a_phone_seat():
    state = new_state("wassticht", 4)
    table = PhoneTable(state, [2])
    with pytest.raises(ValueError):
        PhoneTable(state, [4])
    table.pump()
    (s1, hello), (s2, first) = table.sent
    assert s1 == s2 == 2
    assert hello["type"] == "hello" and hello["name"] == state.seats[2].name and len(hello["tasks"]) == 24
    assert first["full"] and first["view"] == json.loads(json.dumps(state.view(2))) and first["legal"] == []
    table.receive(0, ["take_task", "T01"])  # seat 0 is no phone seat
    assert table.sent[-1][1]["reason"] == "this seat is not played from a phone"
    assert state.phase == "task_draft" and state.current_player == 0


def test_a_continued_game_starts_the_phone_from_the_view_now():
    state = new_game("tricks", 3, seed=2)
    rng = random.Random(2)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    table = PhoneTable(state, [0, 1, 2])
    table.pump()
    firsts = [m for _, m in table.sent if m["type"] == "state"]
    assert [m["full"] for m in firsts] == [True] * 3 and all(m["events"] == [] for m in firsts)
    turn = next(m for m in firsts if m["turn"])
    assert turn["seat"] == state.current_player and turn["moment"] == len(state.events)
    table.inbox.put((turn["seat"], turn["legal"][0], turn["moment"]))
    assert table.pump() == 1
    told = [m for s, m in table.sent if m["type"] == "state" and not m["full"]]
    assert len(told) == 3 and all(m["events"] for m in told)


def test_the_game_over_refuses_everything():
    state = new_game("tricks", 3, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    table = PhoneTable(state, [0])
    table.receive(0, ["buy", 1])
    assert table.sent[-1][1]["reason"] == "the game is over"


def refusal(table):
    message = table.sent[-1][1]
    assert message["type"] == "refused", message
    return message["reason"]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_a_phones_action_is_checked_once_by_the_door_whose_reason_the_phone_is_told(game_id, players, monkeypatch):
    """The bridge never asks the rules itself: every action a phone sends goes to Door.act (its stale
    taps and shapeless messages aside), once, and the phone is told the door's reason, in its own
    language: the seat whose turn it is, the rules' words for a card or choice they refuse, the game's
    end. A legal action is judged by the rules once, when the door applies it."""
    state = new_state(game_id, players, seed=3)
    table = PhoneTable(state, range(players))
    acts, asked = [], []
    door_act, why_illegal = table.door.act, state.why_illegal
    monkeypatch.setattr(table.door, "act", lambda *args, **kw: acts.append(args) or door_act(*args, **kw))
    monkeypatch.setattr(state, "why_illegal", lambda action: asked.append(action) or why_illegal(action))
    table.pump()
    seat = state.current_player
    other = next(s for s in range(players) if s != seat)
    table.languages[other] = "de"  # this phone speaks German, the table English

    legal = state.legal_actions()[0]
    wrong = next(a for a in state.action_universe() if a not in state.legal_actions())
    assert not table.receive(other, action_to_list(legal), len(state.events))
    with i18n.speaking("de"):
        turn_words = i18n._("it is {name}'s turn, not yours").format(name=state.seats[seat].name)
    assert refusal(table) == turn_words != f"it is {state.seats[seat].name}'s turn, not yours"
    assert acts[-1] == (other, legal)
    assert not table.receive(seat, action_to_list(wrong), len(state.events))
    assert refusal(table) == why_illegal(wrong) and acts[-1] == (seat, wrong)
    assert not table.receive(seat, action_to_list(legal), len(state.events) - 1)  # stale: never at the door
    assert refusal(table) == "the game moved on before that arrived: look again" and len(acts) == 2
    asked.clear()
    assert table.receive(seat, action_to_list(legal), len(state.events)) and acts[-1] == (seat, legal)
    assert asked == [], "a legal action is judged by the rules once, when the door applies it"

    while state.current_player != other and not state.is_over:
        assert table.receive(state.current_player, action_to_list(state.legal_actions()[0]))
    german = next(a for a in state.action_universe() if a not in state.legal_actions())
    with i18n.speaking("de"):
        expected = why_illegal(german)
    assert expected != why_illegal(german), "the rules' words differ in German"
    assert not table.receive(other, action_to_list(german)) and refusal(table) == expected

    bots, rngs = seat_bots(state)
    play_out(state, bots, rngs)
    assert not table.receive(seat, action_to_list(legal)) and refusal(table) == "the game is over"
    with i18n.speaking("de"):
        over = i18n._("the game is over")
    assert not table.receive(other, action_to_list(legal)) and refusal(table) == over != "the game is over"


def test_a_phone_seats_move_a_bot_made_is_marked_so_the_phone_does_not_say_you_played_it():
    state = new_game("tricks", 3, seed=2)
    table = PhoneTable(state, [0, 1, 2])
    table.pump()
    seat = state.current_player
    table.door.act(seat, state.legal_actions()[0])  # a stand-in bot, by the door like the TV
    told = [m for s, m in table.sent if s == seat and m["type"] == "state" and not m["full"]][-1]
    acts = [e for e in told["events"] if e.get("t") == "act"]
    assert acts and all(e.get("bot") is True for e in acts)
    others = [m for s, m in table.sent if s != seat and m["type"] == "state" and not m["full"]]
    assert others and all("bot" not in e for m in others for e in m["events"]), "only the seat's own phone is told"
    mover = table.state.current_player
    legal = table.legal_for(mover)
    table.inbox.put((mover, legal[0], table.door.moment))
    assert table.pump() == 1
    own = [m for s, m in table.sent if s == mover and m["type"] == "state" and not m["full"]][-1]
    assert all("bot" not in e for e in own["events"]), "a move the phone sent is its own"


@pytest.mark.parametrize("game_id,players", GAMES)
def test_each_phone_seat_gets_its_result_card_at_the_end_and_votes_count_after_it(game_id, players):
    state = new_state(game_id, players)
    table = PhoneTable(state, [0, 1])
    table.pump()
    table.vote(0, True)
    assert not table.count_votes() and table.votes == {}, "a vote before the end does not count"
    rng = random.Random(3)
    while not table.state.is_over:
        table.door.act(table.state.current_player, rng.choice(table.state.legal_actions()))
    cards = {s: m for s, m in table.sent if m["type"] == "result"}
    assert set(cards) == {0, 1}
    totals = table.state.view(None)["totals"]
    for seat, card in cards.items():
        assert card["score"] == totals[seat] and 1 <= card["place"] <= players and card["players"] == players
        assert card["won"] == (card["place"] == 1 and seat in table.state.view(None)["winners"])
        assert (card["tasks"] is not None) == (game_id == "wassticht")
    table.vote(0, True)
    table.vote(1, False)
    assert table.count_votes()
    votes = [m for s, m in table.sent if m["type"] == "votes"]
    assert votes[-1]["yes"] == [0] and votes[-1]["no"] == [1]


def test_at_the_plus_colours_the_phone_is_told_what_each_pair_would_score_now():
    """The TV's plus box says "Your points now with these: red 5 × blue 4 ÷ 3 = 6"; a German newcomer on
    a phone chose among six pairs with nothing of the kind. Only the choosing seat's own message has them."""
    from game.games.mlut.rules import collection_counts, round_points
    state = new_game("mlut", 4, seed=3)
    rng = random.Random(3)
    while state.phase != "plus" and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == "plus"
    seat = state.current_player
    table = PhoneTable(state, [0, 1, 2, 3])
    table.pump()
    firsts = {s: m for s, m in table.sent if m["type"] == "state"}
    mine, others = firsts[seat], [m for s, m in firsts.items() if s != seat]
    counts = collection_counts(state.view(seat)["collections"][seat])
    pairs = [a for a in state.legal_actions() if a[0] == "plus"]
    assert len(mine["choices"]) == len(pairs) > 1
    for action, words in mine["choices"]:
        assert words == round_points(counts, tuple(action[1]))[1], (action, words)
    assert all(m["choices"] is None for m in others), "words under choices are the deciding seat's alone"
