"""A lean state (a search world, ``GameState.lean``) plays and scores exactly as the full state it
was copied from: the same legal actions after every move, the same points, totals and winners;
it only leaves out what people read (Mit List und Tücke's trick records and reasons)."""

import random

import pytest

from game import GAMES, PLAYER_COUNTS, new_game
from game.games.tricks import rules as tricks
from game.bots import worlds
import game.games.tricks.search as search

CONFIGS = [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]
ids = [f"{g}-{n}" for g, n in CONFIGS]


def scores(state):
    rows = state.payouts if state.game_id == "tricks" else state.history
    points = [r["chips"] if state.game_id == "tricks" else r["points"] for r in rows]
    return points, list(state.totals), state.winners, state.phase


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
@pytest.mark.parametrize("seed", range(4))
def test_a_lean_copy_plays_and_scores_as_the_full_state(game_id, players, seed):
    full = new_game(game_id, players, seed=seed).clone(record=False)
    lean = full.clone(record=False)
    lean.lean = True
    rng = random.Random(seed)
    while full.legal_actions():
        legal = full.legal_actions()
        assert lean.legal_actions() == legal and lean.current_player == full.current_player
        action = legal[rng.randrange(len(legal))]
        full.push(action)
        lean.push(action)
    assert lean.legal_actions() == [] and lean.is_over
    assert scores(lean) == scores(full)


@pytest.mark.parametrize("players", PLAYER_COUNTS["mlut"])
@pytest.mark.parametrize("seed", range(6))
def test_lean_mlut_rounds_have_the_full_points_and_no_reasons(players, seed):
    full = new_game("mlut", players, seed=seed).clone(record=False)
    lean = full.clone(record=False)
    lean.lean = True
    assert full.play_random(random.Random(seed)) == lean.play_random(random.Random(seed))
    assert [h["points"] for h in lean.history] == [h["points"] for h in full.history]
    assert all(h["reasons"] is None for h in lean.history)
    assert all(len(h["reasons"]) == players for h in full.history)
    assert lean.round_tricks == [] and len(full.round_tricks) > 0


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_search_worlds_are_lean_and_their_source_is_not(game_id, players):
    state = new_game(game_id, players, seed=3)
    rng = random.Random(3)
    for _ in range(10):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    view = state.view(state.current_player)
    world = worlds.sampler(view, stop_at_round_end=True).sample(rng)
    assert world.lean and not state.lean
    assert world.legal_actions() == state.legal_actions()


def nearest_bids(hand, legal):
    """The rollout's bid rule written plainly: the legal bids whose value is nearest to the
    number of strong cards (value 4 or more, the joker) left in the hand after bidding them."""
    def left_after(bid):
        cards = [c for c, k in hand.items() for _ in range(k)]
        cards.remove(bid[1])
        return sum(tricks.VALUE[c] >= 4 for c in cards)
    distance = {a: abs(tricks.VALUE[a[1]] - left_after(a)) for a in legal}
    best = min(distance.values())
    return [a for a in legal if distance[a] == best]


@pytest.mark.parametrize("players", PLAYER_COUNTS["tricks"])
def test_the_tricks_rollout_bids_nearest_to_its_strong_cards(players):
    ties = 0
    for seed in range(40):
        state = new_game("tricks", players, seed=seed).clone(record=False)
        rng = random.Random(seed)
        search._tricks_market(state, rng)  # the rollouts' market, to the bids
        while state.phase == "bid":
            legal = state.legal_actions()
            nearest = nearest_bids(state.hands[state.current_player], legal)
            ties += len(nearest) > 1
            draws = random.Random(seed)
            seen = {search._tricks_bid(state, draws) for _ in range(30)}
            assert seen == set(nearest)  # every nearest bid comes up, no other one
            state.push(legal[0])
    assert ties > 0
