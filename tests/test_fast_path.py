"""The fast path for search: push and push_random reach exactly the states apply reaches, a copy
that stops at the round's end stops there without dealing, and the bots use public state API only."""

import ast
import json
import pathlib
import random

import pytest

from game import GAMES, PLAYER_COUNTS, new_game
from game.engine import IllegalAction
from game.runner import push_out
from tiers import configs

CONFIGS = [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]
ids = [f"{g}-{n}" for g, n in CONFIGS]
ROOT = pathlib.Path(__file__).resolve().parent.parent


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


@pytest.mark.parametrize("game_id, players", configs(CONFIGS))
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


@pytest.mark.parametrize("game_id, players", configs(CONFIGS))
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


def round_count(state):
    return len(state.payouts if state.game_id == "tricks" else state.history)


def random_moves(state, rng, count):
    for _ in range(count):
        legal = state.legal_actions()
        if not legal:
            return
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_copy_that_stops_at_the_round_end_stops_there_without_dealing(game_id, players, seed):
    rng = random.Random(seed)
    game = new_game(game_id, players, seed=seed)
    if game_id == "wassticht":  # past the task draft, into the first round
        while game.phase == "task_draft":
            random_moves(game, rng, 1)
    random_moves(game, rng, rng.randrange(20))
    for record in (True, False):
        copy = game.clone(record=record, stop_at_round_end=True)
        assert copy.stop_at_round_end and not game.stop_at_round_end
        events, scored, round_no = len(copy.events), round_count(copy), copy.round
        generator = copy.rng.getstate()
        while copy.legal_actions():
            copy.apply(copy.legal_actions()[0]) if record else copy.push(copy.legal_actions()[0])
        assert copy.round_over and copy.legal_actions() == []
        assert copy.round == round_no and round_count(copy) == scored + 1
        assert copy.rng.getstate() == generator, "nothing was dealt"
        if copy.is_over:
            assert copy.phase == "over"
        else:
            assert copy.phase == "round_over" and copy.current_player is None
            with pytest.raises(IllegalAction, match="round is over"):
                copy.apply(game.legal_actions()[0])
        new_events = [e["t"] for e in copy.events[events:]]
        if record:
            assert "score" in new_events
            assert not {"deal", "decks", "start"} & set(new_events[new_events.index("score"):])
        else:
            assert not new_events
    # The same moves without the stop deal the next round.
    assert not game.round_over


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_the_last_round_ends_the_game_even_when_stopping(game_id, players):
    state = new_game(game_id, players, seed=7).clone(record=False)
    rng = random.Random(7)
    while True:  # play rounds until the stopping copy ends the game
        copy = state.clone(record=False, stop_at_round_end=True)
        push_out(copy, random.Random(rng.random()))
        assert copy.round_over
        if copy.is_over:
            assert copy.phase == "over" and copy.winners
            break
        before = state.round
        while state.round == before and not state.is_over:
            state.push_random(rng)
        assert not state.round_over or state.is_over


def test_wassticht_stops_after_the_task_draft_without_dealing():
    state = new_game("wassticht", 4, seed=1).clone(record=False, stop_at_round_end=True)
    assert push_out(state, random.Random(1)) == 4 * state.tasks_per_player
    assert state.round_over and state.round == 0 and state.phase == "round_over"
    assert not any(state.hands) and not state.offer


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_set_hidden_keeps_a_copy_equal_to_its_source(game_id, players):
    """A clone completed with exactly what its source hides is the source again."""
    state = new_game(game_id, players, seed=2)
    random_moves(state, random.Random(2), 60)
    copy = state.clone(record=False)
    if game_id == "mlut":
        copy.set_hidden([list(h) for h in state.hands])
    elif game_id == "wassticht":
        copy.set_hidden((state.trump_colour, state.trump_number), dict(enumerate(state.chosen)))
    else:
        copy.set_hidden([list(d) for d in state.decks])
    assert core(copy) == core(state)


# --- the bots use the states' public API only -------------------------------------------------------
def private_attributes(path):
    """(line, text) of every attribute access x._name in a source file where x is not self, cls or
    super() (dunder names are fine)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__"):
            continue
        base = node.value
        if isinstance(base, ast.Name) and base.id in ("self", "cls"):
            continue
        if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super":
            continue
        found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_scan_finds_private_attributes():
    source = "class A:\n    def f(self, state):\n        self._x = state._legal() + super()._y + state.__class__\n"
    path = ROOT / "build" / "scan_probe.py"
    try:
        path.parent.mkdir(exist_ok=True)
        path.write_text(source, encoding="utf-8")
        assert private_attributes(path) == [(3, "state._legal")]
    finally:
        path.unlink(missing_ok=True)


def test_bots_use_no_private_state_attributes():
    files = sorted((ROOT / "game" / "bots").glob("*.py"))
    assert files
    found = [f"{p.relative_to(ROOT)}:{line}: {text}" for p in files for line, text in private_attributes(p)]
    assert not found, "private attributes used from outside their class:\n" + "\n".join(found)


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
    stop = new_game(game_id, players, seed=seed).clone(record=False, stop_at_round_end=True)
    assert stop.play_random(random.Random(seed)) > 0 and stop.round_over and stop.legal_actions() == []
