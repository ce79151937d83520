"""Properties every game keeps under random legal play, for every game and player count."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, PLAYER_COUNTS, new_game
from game.engine import IllegalAction, action_from_json, action_to_json
from kept.record import parse, replay, dumps
from tiers import BIG_TABLES, configs

CONFIGS = [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]
ids = [f"{g}-{n}" for g, n in CONFIGS]
quick = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(game_id, players, seed, choice_seed, max_actions=3000):
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(choice_seed)
    count = 0
    while not state.is_over and count < max_actions:
        state.apply(rng.choice(state.legal_actions()))
        count += 1
    return state


@pytest.mark.parametrize("game_id, players", configs(CONFIGS, big=set(CONFIGS) - {("mlut", 4), ("tricks", 3)}))
@quick
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_invariants_hold_after_every_action(game_id, players, seed, choice_seed):
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(choice_seed)
    state.check_invariants()
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "a running game always offers an action"
        assert len(set(legal)) == len(legal), "no action offered twice"
        state.apply(rng.choice(legal))
        state.check_invariants()
    assert state.events[-1]["t"] == "end" and state.current_player is None
    assert state.legal_actions() == []


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
@quick
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31), stops=st.integers(1, 200))
def test_illegal_actions_are_refused_and_change_nothing(game_id, players, seed, choice_seed, stops):
    state = random_game(game_id, players, seed, choice_seed, max_actions=stops)
    if state.is_over:
        return
    legal = set(state.legal_actions())
    # another spelling of a legal action (a pick in another order) is legal too
    illegal = [a for a in state.action_universe() if a not in legal and state._normalize(a) not in legal]
    assert illegal, "some well-formed action is always illegal"
    before = state.snapshot()
    for action in random.Random(seed).sample(illegal, min(len(illegal), 25)):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert str(err.value), "a refusal says why"
        assert state.why_illegal(action) == str(err.value)
    assert state.snapshot() == before
    for action in legal:
        assert state.why_illegal(action) is None


def test_a_pick_in_another_order_is_the_same_action():
    state = random_game("mlut", 4, 2**31 - 1, 2**31 - 1, max_actions=173)
    assert state.phase == "pick" and [c for _, c in state.trick] == ["R2", "Y10", "R6", "R1"]
    assert state.why_illegal(("pick", ("R1", "R2"))) is None
    state.apply(("pick", ("R1", "R2")))
    last_act = [e for e in state.events if e["t"] == "act"][-1]
    assert last_act["a"] == {"pick": ["R2", "R1"]}  # recorded in trick order


@pytest.mark.parametrize("game_id, players", configs(CONFIGS, big=BIG_TABLES | {("tricks", 4)}))
@quick
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31), stop=st.integers(0, 5000))
def test_record_replays_to_the_identical_state(game_id, players, seed, choice_seed, stop):
    state = random_game(game_id, players, seed, choice_seed, max_actions=stop)
    text = "".join(dumps(e) + "\n" for e in state.events)
    again = replay(parse(text))
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_same_seed_and_actions_give_the_same_game(game_id, players):
    a = random_game(game_id, players, 5, 9)
    b = random_game(game_id, players, 5, 9)
    c = random_game(game_id, players, 6, 9)
    assert a.snapshot() == b.snapshot()
    first_chance = next(i for i, e in enumerate(a.events) if e["t"] in ("deal", "decks"))
    assert a.events[first_chance] != c.events[first_chance], "another seed deals otherwise"


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_records_are_json_with_integer_seats(game_id, players):
    state = random_game(game_id, players, 3, 4)
    for event in state.events:
        assert isinstance(event["t"], str)
        if event["t"] == "act":
            assert type(event["p"]) is int
            assert action_to_json(action_from_json(event["a"])) == event["a"]
    assert state.events[0]["t"] == "game" and state.events[0]["v"] == 1


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_state_never_uses_the_global_random(game_id, players):
    random.seed(1)
    a = random_game(game_id, players, 8, 2)
    random.seed(2)
    b = random_game(game_id, players, 8, 2)
    assert a.snapshot() == b.snapshot()
