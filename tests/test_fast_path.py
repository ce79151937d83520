"""The fast path for search: push, push_random and play_random reach exactly the states apply
reaches."""

import json
import random

import pytest

from game import GAMES, PLAYER_COUNTS, new_game

CONFIGS = [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]
ids = [f"{g}-{n}" for g, n in CONFIGS]


def core(state):
    """snapshot() without the events: everything else that makes the state what it is."""
    data = json.loads(state.snapshot())
    del data["events"]
    return data


def same_state(fast, checked):
    assert core(fast) == core(checked)
    assert fast.legal_actions() == checked.legal_actions()
    assert fast.round_over == checked.round_over and fast.is_over == checked.is_over
    if not checked.is_over:
        seat = checked.current_player
        assert fast.view(seat) == checked.view(seat)


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_push_reaches_the_states_apply_reaches(game_id, players, seed):
    checked = new_game(game_id, players, seed=seed)
    fast = checked.clone(record=False)
    rng = random.Random(seed)
    same_state(fast, checked)
    while not checked.is_over:
        legal = checked.legal_actions()
        action = legal[rng.randrange(len(legal))]
        checked.apply(action)
        fast.push(action)
        same_state(fast, checked)
    assert not fast.events and fast.legal_actions() == []
    assert [e["t"] for e in checked.events].count("act") > 100


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
@pytest.mark.parametrize("seed", [3, 4])
def test_push_random_draws_what_the_legal_list_gives(game_id, players, seed):
    """push_random(rng) is push(legal[int(rng.random() * len(legal))]): the same draw, the same
    state, one action at a time or a whole phase at a time."""
    checked = new_game(game_id, players, seed=seed)
    fast = checked.clone(record=False)
    fast_rng, checked_rng = random.Random(seed), random.Random(seed)
    whole_phase = False
    while not checked.is_over:
        phase = fast.phase
        count = fast.push_random(fast_rng, phase if whole_phase else None)
        assert count >= 1
        for _ in range(count):
            assert checked.phase == phase
            legal = checked.legal_actions()
            checked.apply(legal[int(checked_rng.random() * len(legal))])
        if whole_phase:
            assert checked.phase != phase or checked.is_over
        same_state(fast, checked)
        assert fast_rng.getstate() == checked_rng.getstate()
        whole_phase = not whole_phase
    assert fast.push_random(fast_rng) == 0 and fast.push_random(fast_rng, "play") == 0


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_push_random_of_another_phase_pushes_nothing(game_id, players):
    state = new_game(game_id, players, seed=5).clone(record=False)
    before = core(state)
    assert state.push_random(random.Random(0), "no such phase") == 0
    assert core(state) == before


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
@pytest.mark.parametrize("seed", [5, 6])
def test_play_random_plays_what_push_random_plays(game_id, players, seed):
    """play_random(rng) is push_random(rng) until nothing is left: the same draws, the same game."""
    fast = new_game(game_id, players, seed=seed).clone(record=False)
    stepwise = fast.clone(record=False)
    fast_rng, step_rng = random.Random(seed), random.Random(seed)
    count = fast.play_random(fast_rng)
    steps = 0
    while stepwise.push_random(step_rng):
        steps += 1
    assert count == steps > 100 and fast.is_over
    assert core(fast) == core(stepwise) and fast_rng.getstate() == step_rng.getstate()
