"""The rollout steps of the fast path do what the same choices pushed one action at a time do: the
same draws from the generator, the same state (Tricks: push_tricks)."""

import json
import random

import pytest

from game import new_game
from game.games.tricks.rules import JOKER, VALUE
from test_fast_path import random_moves


def core(state):
    data = json.loads(state.snapshot())
    del data["events"]
    return data


def trick_rank(state):
    best = -1
    for _, card, colour in state.trick:
        rank = 10 + VALUE[card] if colour == state.trump else VALUE[card] if colour == state.led else -1
        best = max(best, rank)
    return best


class Scores(dict):
    """Some preference per situation, different in each: the lowest or highest value, by colour."""

    def __missing__(self, key):
        need, trump, led, best = key
        scores = {}
        for card in VALUE:
            plays = [("play", card, k) for k in "YRB"] if card == JOKER else [("play", card)]
            for action in plays:
                colour = action[2] if card == JOKER else card[0]
                score = VALUE[card] * (1 if need else -1) + (best if colour == trump else 0)
                scores[action] = score + (3 if colour == led else 0)
        self[key] = scores
        return scores


def tricks_stepwise(state, rng, prefer, explore, name_leader=None):
    count = 0
    while state.phase in ("play", "lead"):
        legal = state.legal_actions()
        if state.phase == "lead" and name_leader is not None:
            state.push(("lead", name_leader(state)))
        elif state.phase == "lead":
            state.push(legal[int(rng.random() * len(legal))])
        elif len(legal) < 2:
            state.push(legal[0])
        elif rng.random() < explore:
            state.push(legal[int(rng.random() * len(legal))])
        else:
            seat = state.current_player
            need = VALUE[state.bids[seat]] > len(state.won[seat])
            scores = prefer[need, state.trump, state.led, trick_rank(state)]
            state.push(max(legal, key=scores.__getitem__))
        count += 1
    return count


def leader_by_tricks(state):
    """A leader rule for the tests: some seat that depends on the round so far."""
    return (state.current_player + state.tricks_played) % state.players


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("winner_leads", [False, True])
@pytest.mark.parametrize("name_leader", [None, leader_by_tricks])
def test_push_tricks_is_its_pushes(players, seed, winner_leads, name_leader):
    state = new_game("tricks", players, seed=seed, options={"winner_leads": winner_leads})
    rng = random.Random(seed)
    while state.phase != "play":
        random_moves(state, rng, 1)
    random_moves(state, rng, seed * 3)  # somewhere in the tricks, maybe mid-trick
    fast = state.clone(record=False, stop_at_round_end=True)
    slow = fast.clone(record=False)
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    prefer = Scores()
    explore = 0.125 if seed % 2 else 0.5
    pushed = fast.push_tricks(fast_rng, prefer, explore, name_leader)
    assert pushed == tricks_stepwise(slow, slow_rng, prefer, explore, name_leader) > 0
    assert core(fast) == core(slow) and fast_rng.getstate() == slow_rng.getstate()
    assert fast.round_over and fast.legal_actions() == []


def test_push_tricks_goes_on_into_the_next_round_only_to_its_market():
    state = new_game("tricks", 4, seed=3)
    rng = random.Random(3)
    while state.phase != "play":
        random_moves(state, rng, 1)
    fast = state.clone(record=False)
    assert fast.push_tricks(random.Random(0), Scores()) > 0
    assert fast.round == 2 and fast.phase == "buy"
    fast.check_invariants()


def mlut_pick(state, rng):
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))][1]


def mlut_plus(state, rng):
    return state.legal_actions()[-1]


def mlut_stepwise(state, rng):
    count, round_no = 0, state.round
    while state.round == round_no and state.legal_actions():
        legal = state.legal_actions()
        if state.phase == "play":
            state.push(legal[int(rng.random() * len(legal))])
        elif state.phase == "pick":
            state.push(("pick", mlut_pick(state, rng)))
        else:
            state.push(mlut_plus(state, rng))
        count += 1
    return count


@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("stop", [False, True])
def test_mlut_push_tricks_is_its_pushes(players, seed, stop):
    state = new_game("mlut", players, seed=seed)
    random_moves(state, random.Random(seed), seed * 9)  # somewhere in the first round
    fast = state.clone(record=False, stop_at_round_end=stop)
    slow = fast.clone(record=False)
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    assert fast.push_tricks(fast_rng, mlut_pick, mlut_plus) == mlut_stepwise(slow, slow_rng) > 0
    assert core(fast) == core(slow) and fast_rng.getstate() == slow_rng.getstate()
    assert fast.round == (1 if stop else 2) and fast.round_over == stop
