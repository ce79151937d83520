"""Undo at a table of one person and bots (issue 12): the state just before the person's last
decision, rebuilt by replay; the record rewritten atomically to exactly what a fresh game reaching
that point writes; refused with two people, at the start, after the end, and when the disk refuses."""

import errno
import random

import pytest

from game.engine import action_from_json
from game import Seat, new_game
from game.observe import TABLE, told
from game.replay import actions_of
from game.undo import before_last_decision, can_undo, person_seat, why_not_undo
from kept import record as kept_record
from kept.record import load, record_bytes, resume
from kept.storage import Autosave
from scenes.screen.session import Session, seat_rng

GAMES = [("mlut", 4), ("mlut", 5), ("wassticht", 4), ("tricks", 3), ("tricks", 5)]
PERSON = 0


def seats(players, people=1):
    return [Seat(f"P{i}") if i < people else Seat(f"B{i}", "bot", "random") for i in range(players)]


def table(game_id, players, seed=7, people=1):
    return new_game(game_id, players, seed=seed, seats=seats(players, people))


def step(state, rng):
    """One random legal action, whoever's turn it is (the person's moves are random too)."""
    legal = state.legal_actions()
    state.apply(legal[rng.randrange(len(legal))])


def play_until(state, rng, done):
    while not state.is_over and not done(state):
        step(state, rng)
    return state


def own_decisions(state, seat=PERSON):
    return sum(1 for e in state.events if e["t"] == "act" and e["p"] == seat)


def fresh_replay(state, count):
    """A new game with the same seed playing the first COUNT actions of STATE, as if from scratch."""
    head = state.events[0]
    fresh = new_game(state.game_id, state.players, head["seed"], state.seats, head["options"])
    for action in actions_of(state)[:count]:
        fresh.apply(action)
    return fresh


def person_to_move_after(n):
    """The person decides again, after N decisions of theirs."""
    return lambda s: s.current_player == PERSON and own_decisions(s) >= n


@pytest.mark.parametrize("game_id,players", GAMES)
@pytest.mark.parametrize("decisions", [1, 4, 11])
def test_undo_goes_back_to_just_before_the_persons_last_decision(game_id, players, decisions):
    state = play_until(table(game_id, players), random.Random(decisions), person_to_move_after(decisions))
    before = state.snapshot()
    acts = [(i, e) for i, e in enumerate(e for e in state.events if e["t"] == "act")]
    last = max(i for i, e in acts if e["p"] == PERSON)
    earlier = before_last_decision(state, PERSON)
    assert state.snapshot() == before, "the state undone from is left as it was"
    assert earlier.current_player == PERSON and own_decisions(earlier) == own_decisions(state) - 1
    assert earlier == fresh_replay(state, last)
    assert record_bytes(earlier) == record_bytes(fresh_replay(state, last))
    assert state.events[:len(earlier.events)] == earlier.events
    undone = action_from_json(acts[last][1]["a"])
    assert earlier.why_illegal(undone) is None, "the undone decision can be made again"


@pytest.mark.parametrize("game_id,players", GAMES)
def test_undo_across_a_round_boundary(game_id, players):
    rng = random.Random(3)
    state = play_until(table(game_id, players), rng, lambda s: s.round >= 2)
    play_until(state, rng, lambda s: s.current_player == PERSON)  # the person's first in round 2
    earlier = before_last_decision(state, PERSON)
    assert earlier.round < state.round and earlier.current_player == PERSON
    assert earlier == fresh_replay(earlier, len(actions_of(earlier)))
    rng2 = random.Random(11)
    play_until(earlier, rng2, lambda s: s.round >= 2)  # the round's end is played again, the same way
    assert not earlier.is_over


@pytest.mark.parametrize("game_id,players", GAMES)
def test_undo_again_walks_back_decision_by_decision_to_the_start(game_id, players):
    state = play_until(table(game_id, players, seed=2), random.Random(5), person_to_move_after(6))
    count = own_decisions(state)
    seen = []
    while can_undo(state, PERSON):
        state = before_last_decision(state, PERSON)
        seen.append(own_decisions(state))
    assert seen == list(range(count - 1, -1, -1))
    assert why_not_undo(state, PERSON).startswith("Nothing to undo")
    assert state == fresh_replay(state, len(actions_of(state)))


def test_undo_is_refused_at_the_start_with_two_people_without_people_and_after_the_end():
    start = table("mlut", 4)
    assert not can_undo(start, PERSON) and "Nothing to undo" in why_not_undo(start, PERSON)
    two = play_until(table("mlut", 4, people=2), random.Random(1), lambda s: own_decisions(s) >= 2)
    assert person_seat(two) is None and not can_undo(two, PERSON) and not can_undo(two, 1)
    assert "one person" in why_not_undo(two, PERSON)
    bots = play_until(table("tricks", 3, people=0), random.Random(1), lambda s: len(actions_of(s)) > 5)
    assert not can_undo(bots, PERSON) and not can_undo(bots, None)
    over = play_until(table("tricks", 3), random.Random(1), lambda s: False)
    assert over.is_over and not can_undo(over, PERSON) and "final" in why_not_undo(over, PERSON)
    assert not can_undo(play_until(table("mlut", 4), random.Random(1), person_to_move_after(1)), 1), \
        "only the person's own seat undoes"
    with pytest.raises(ValueError):
        before_last_decision(start, PERSON)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_the_record_is_rewritten_byte_for_byte_and_the_autosave_goes_on(game_id, players, tmp_path):
    rng = random.Random(9)
    state = table(game_id, players)
    path = tmp_path / "g.jsonl"
    autosave = Autosave(state, path=path)
    while not (state.current_player == PERSON and own_decisions(state) >= 8):
        step(state, rng)
        autosave.sync(state)
    earlier = before_last_decision(state, PERSON)
    autosave.rewind(earlier)
    fresh = fresh_replay(earlier, len(actions_of(earlier)))
    assert path.read_bytes() == record_bytes(fresh), "exactly what a fresh game reaching it writes"
    assert resume(path)[0] == earlier, "Continue of the rewritten record gives the same state"
    for _ in range(25):
        step(earlier, rng)
        autosave.sync(earlier)
    assert path.read_bytes() == record_bytes(earlier)
    assert load(path) == earlier
    autosave.close()
    assert not list(tmp_path.glob(".tmp-*")), "no temporary file is left"


def session_at(game_id, players, tmp_path, decisions=5, seed=4):
    session = Session.new(game_id, seats(players), seed=seed)
    session.keep(Autosave(session.state, path=tmp_path / "s.jsonl"))
    rng = random.Random(seed)
    while not (session.state.current_player == PERSON and own_decisions(session.state) >= decisions):
        if session.bot_turn():
            session.bot_move()
        else:
            legal = session.state.legal_actions()
            assert session.try_action(legal[rng.randrange(len(legal))]) is None
    session.take_events()
    return session


@pytest.mark.parametrize("game_id,players", GAMES)
def test_session_undo_swaps_in_the_earlier_game_and_keeps_it(game_id, players, tmp_path):
    session = session_at(game_id, players, tmp_path)
    assert session.can_undo()
    old = session.state
    assert session.undo() is None
    state = session.state
    assert state is not old and state.current_player == PERSON
    assert own_decisions(state) == own_decisions(old) - 1
    assert session.told == told(state, TABLE)
    assert session.table.state is state and session.table.caught_up and session.take_events() == []
    assert session.thinking is None
    assert {i: r.getstate() for i, r in session.rngs.items()} == \
        {i: seat_rng(session.seed, i, len(state.events)).getstate() for i in session.bots}
    path = session.autosave.path
    assert path.read_bytes() == record_bytes(state)
    while not state.is_over and own_decisions(state) < own_decisions(old) + 3:  # play on: still kept
        if session.bot_turn():
            session.bot_move()
        else:
            assert session.try_action(state.legal_actions()[0]) is None
    assert load(path) == session.state


def test_session_undo_drops_a_bot_answer_that_was_thought_before_it(tmp_path):
    session = session_at("mlut", 4, tmp_path)
    legal = session.state.legal_actions()
    assert session.try_action(legal[0]) is None
    assert session.bot_turn()
    session.think()
    session.thinking.exception()
    assert session.undo() is None
    assert session.thinking is None and session.stale()
    session.play_bot()  # nothing to play: the answer was dropped
    assert session.state.current_player == PERSON


def test_session_undo_is_refused_with_two_people_and_in_a_replay(tmp_path):
    session = Session.new("mlut", seats(4, people=2), seed=3)
    rng = random.Random(2)
    while own_decisions(session.state) < 2 or session.state.current_player != PERSON:
        legal = session.state.legal_actions()
        if session.bot_turn():
            session.bot_move()
        else:
            session.try_action(legal[rng.randrange(len(legal))])
    assert not session.can_undo() and "one person" in session.undo()
    alone = session_at("tricks", 3, tmp_path)
    alone.replaying = True
    assert not alone.can_undo() and "replay" in alone.undo()


def test_a_disk_that_refuses_the_rewrite_refuses_the_undo_and_loses_nothing(tmp_path, monkeypatch):
    session = session_at("wassticht", 4, tmp_path)
    path = session.autosave.path
    kept, state, told_before = path.read_bytes(), session.state, list(session.told)
    snapshot = state.snapshot()

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(kept_record, "atomic_write", full)
    reason = session.undo()
    assert reason and "disk is full" in reason and "Nothing was changed" in reason
    assert session.state is state and state.snapshot() == snapshot and session.told == told_before
    assert path.read_bytes() == kept and load(path) == state
    assert not list(tmp_path.glob(".tmp-*"))
    monkeypatch.undo()
    assert session.undo() is None and path.read_bytes() == record_bytes(session.state)
