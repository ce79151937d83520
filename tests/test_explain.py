"""The coach's words (game/explain.py): every legal action of whole random games gets a reason or
none without failing, and the reasons agree with what the rules core then does."""

import random
import re

import pytest

from game import PLAYER_COUNTS, new_game
from game import explain
from game.games.mlut import rules as mlut

CELLS = [(g, n) for g in ("mlut", "wassticht", "tricks") for n in PLAYER_COUNTS[g]]


def decisions(game_id, players, seed):
    """(state, seat, view, legal) at every decision of a random game."""
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        legal = list(state.legal_actions())
        yield state, seat, state.view(seat), legal
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id,players", CELLS)
def test_every_legal_action_gets_words_or_none(game_id, players):
    said = 0
    for _, _, view, legal in decisions(game_id, players, seed=players):
        for action in legal:
            words = explain.reason(view, action)
            assert words is None or (isinstance(words, str) and 0 < len(words) < 120), (action, words)
            said += words is not None
    assert said > 50
    assert explain.meaning(game_id, short=True) and len(explain.meaning(game_id)) > 60


@pytest.mark.parametrize("players", PLAYER_COUNTS["mlut"])
def test_a_pick_says_the_round_points_it_leads_to(players):
    checked = 0
    for state, seat, view, legal in decisions("mlut", players, seed=10 + players):
        if state.phase != "pick":
            continue
        for action in legal:
            words = explain.reason(view, action)
            copy = state.clone()
            copy.apply(action)
            if copy.round == state.round and not copy.is_over:
                after, _ = mlut.points_so_far(copy.view(seat)["collections"][seat])
            else:  # the round's last pick: the round was scored at once
                after = copy.view(seat)["history"][-1]["points"][seat]
            numbers = [int(n) for n in re.findall(r"\d+", words)]
            assert numbers[-1] == after, (words, after)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", PLAYER_COUNTS["tricks"])
def test_a_last_card_that_takes_the_trick_is_said_to_take_it(players):
    checked = 0
    for state, seat, view, legal in decisions("tricks", players, seed=20 + players):
        if state.phase != "play" or len(view["trick"]) != players - 1:
            continue
        for action in legal:
            words = explain.reason(view, action)
            copy = state.clone()
            copy.apply(action)
            if copy.round != state.round or copy.is_over:
                continue  # the round's last trick: the count was reset for the next round
            taken = copy.view(seat)["tricks_won"][seat] - view["tricks_won"][seat]
            assert words.startswith("takes") == (taken == 1), (action, words)
            checked += 1
    assert checked > 20
