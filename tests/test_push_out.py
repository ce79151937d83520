"""push_out draws as rng.randrange(len(legal)) draws: the same moves, the same generator state."""

import json
import random

import pytest

from game import GAMES, PLAYER_COUNTS, new_game
from game.runner import push_out

CONFIGS = [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]


def randrange_out(state, rng):
    count = 0
    while state.legal_actions():
        legal = state.legal_actions()
        state.push(legal[rng.randrange(len(legal))])
        count += 1
    return count


class OtherDraws(random.Random):
    """A generator whose randrange draws otherwise (push_out must ask it)."""

    def _randbelow(self, n):
        return n - 1 - super()._randbelow(n)


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=[f"{g}-{n}" for g, n in CONFIGS])
@pytest.mark.parametrize("make_rng", [random.Random, OtherDraws])
def test_push_out_moves_as_randrange_draws(game_id, players, make_rng):
    for seed in range(3):
        fast = new_game(game_id, players, seed=seed).clone(record=False)
        slow = fast.clone(record=False)
        fast_rng, slow_rng = make_rng(seed), make_rng(seed)
        assert push_out(fast, fast_rng) == randrange_out(slow, slow_rng) > 100
        assert json.loads(fast.snapshot()) == json.loads(slow.snapshot())
        assert fast_rng.getstate() == slow_rng.getstate()


def test_push_out_stops_after_max_actions():
    state = new_game("tricks", 4, seed=1).clone(record=False)
    assert push_out(state, random.Random(1), max_actions=5) == 5
    assert state.legal_actions()
