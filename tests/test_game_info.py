"""The facts each game registers agree with what its rules do."""

import pytest

from game import GAMES, PLAYER_COUNTS, game_info, new_game
from game.runner import play_out, seat_bots


@pytest.mark.parametrize("game_id", GAMES)
def test_registered_facts_match_a_played_game(game_id):
    info = game_info(game_id)
    assert info.state_class.game_id == game_id and PLAYER_COUNTS[game_id] == info.player_counts
    for players in info.player_counts:
        state = new_game(game_id, players, seed=2)
        bots, rngs = seat_bots(state)
        first_leads, tricks, scores, seen = [], [0], 0, 0
        while not state.is_over:
            view = state.view(state.current_player)
            if state.phase == "play" and tricks[-1] == 0 and not view["trick"]:
                first_leads.append(len(view["hand"]))
            play_out(state, bots, rngs, max_actions=1)
            for event in state.events[seen:]:
                if event["t"] == "trick":
                    tricks[-1] += 1
                elif event["t"] == "score":
                    scores += 1
                    tricks.append(0)
            seen = len(state.events)
        if info.rounds_for(players) is not None:
            assert scores == info.rounds_for(players)
        assert set(first_leads) == {info.hand_size}
        assert max(tricks) == info.tricks_per_round
