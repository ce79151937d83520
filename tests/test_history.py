"""The trick history of a round from what a viewer was told (issue 12): the same for every seat and
the table, live, after Continue and in a replay, and matching what the rules did."""

import random

import pytest

from game import game_info, new_game
from game.history import Trick, round_tricks, tricks_by_round
from game.observe import TABLE, Observer, told
from kept.record import load, resume, save
from tiers import configs

GAMES = [("mlut", 4), ("mlut", 6), ("wassticht", 4), ("tricks", 3), ("tricks", 4)]


def played(game_id, players, seed, actions=None):
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and (actions is None or actions > 0):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        actions = None if actions is None else actions - 1
    return state


def tricks_line_by_line(state):
    """What the rules wrote: the record's trick lines, per round."""
    out, rnd = {}, None
    for e in state.events:
        if e["t"] in ("deal", "decks"):
            rnd = e["round"]
            out[rnd] = []
        elif e["t"] == "trick":
            out[rnd].append(e)
    return out


@pytest.mark.parametrize("game_id,players", configs(GAMES))
def test_every_finished_trick_of_every_round_as_the_rules_wrote_it(game_id, players):
    state = played(game_id, players, seed=4)
    history = tricks_by_round(told(state, 0))
    lines = tricks_line_by_line(state)
    assert sorted(history) == sorted(lines)
    for rnd, tricks in history.items():
        done = [t for t in tricks if t.done]
        assert [t.number for t in tricks] == list(range(1, len(tricks) + 1))
        assert all(t.round == rnd for t in tricks)
        assert [[list(c) for c in t.cards] for t in done] == [e["cards"] for e in lines[rnd]]
        assert [t.leader for t in done] == [e["cards"][0][0] for e in lines[rnd]]
        if game_id == "mlut":
            for t, e in zip(done, lines[rnd]):
                assert (t.picker, t.taker, t.taken, t.removed) == (e["picker"], e["taker"], e["taken"], e["removed"])
                assert sorted(t.picked + t.taken + t.removed) == sorted(c for _, c in t.cards)
                assert len(t.picked) == (2 if players == 4 else 3) and t.winner is None
        else:
            assert [t.winner for t in done] == [e["winner"] for e in lines[rnd]]
        early = any(e["t"] == "early_end" for e in state.events)
        if not early:
            assert len(done) == game_info(game_id).tricks_per_round


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_viewer_sees_the_same_history_and_the_trick_in_play_is_open(game_id, players):
    rng = random.Random(1)
    state = new_game(game_id, players, seed=6)
    while not (state.phase == "play" and state.round >= 2 and view_trick(state)):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    table = tricks_by_round(told(state, TABLE))
    for seat in range(players):
        assert tricks_by_round(told(state, seat)) == table, "nothing in it is secret"
    current = round_tricks(told(state, 0))
    assert current == table[state.round] and current[-1].round == state.round
    assert not current[-1].done
    assert [[s, c] for s, c in current[-1].cards] == [t[:2] for t in view_trick(state)]
    assert round_tricks(told(state, 0), 1) == table[1]
    assert round_tricks([], None) == [] and round_tricks(told(state, 0), 99) == []


def view_trick(state):
    return [list(t) for t in state.view(None)["trick"]]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_live_observation_continue_and_replay_give_the_same_history(game_id, players, tmp_path):
    state = new_game(game_id, players, seed=8)
    live = Observer(state, 1)
    seen = []
    rng = random.Random(8)
    for _ in range(150):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen += [e for step in live.take() for e in step.events]
    path = tmp_path / "g.jsonl"
    save(path, state)
    continued, writer = resume(path)
    writer.close()
    history = tricks_by_round(seen)
    assert history == tricks_by_round(told(continued, 1)) == tricks_by_round(told(load(path), TABLE))
    assert any(history.values())


def test_the_grey_four_keeps_the_colour_it_was_named():
    for seed in range(40):
        state = played("tricks", 3, seed=seed)
        jokers = [t for ts in tricks_by_round(told(state, TABLE)).values() for t in ts if t.named]
        if jokers:
            trick = jokers[0]
            seat, colour = next(iter(trick.named.items()))
            assert (seat, "X4") in trick.cards and colour in "YRB"
            return
    pytest.fail("no grey 4 was played in 40 games")


def test_a_trick_has_its_fields_even_when_empty():
    t = Trick(round=1, number=1)
    assert t.leader is None and t.cards == [] and not t.done
