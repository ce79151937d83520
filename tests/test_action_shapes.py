"""Every action is checked against its game's declared shape before any rule sees it (game.shapes).

For every game and every kind of action it declares, at a moment when that kind is asked for, every
JSON type is put in every position of the action (the argument, each item of a list argument, the
joker's colour, the kind, the action object itself) and fed in by every door: ``apply`` of the JSON
object and of the tuple, ``why_illegal`` (phones, clicks) and a record that ends with it (Continue,
Replay). Each either works (the value happened to be legal) or is refused with the program's own
error, in a sentence of bounded length, and a refusal changes nothing."""

import json

import pytest

from game import new_game
from game.engine import IllegalAction, action_from_json
from kept.record import RecordError, dumps, parse, replay
from game.runner import play_out, seat_bots
from game.shapes import ListOf, brief

GAMES = [("mlut", 4), ("mlut", 5), ("wassticht", 4), ("tricks", 3), ("tricks", 5)]
LONG = "R" * 100_000
VALUES = [None, True, False, 0, 1, -1, 2, 7, 2 ** 63, -(10 ** 30), 1.0, -0.0, 1e0, 0.5, 1e308, "", "R", "B",
          "R1", "X4", "T01", "r1", " R1", "R1\x00", "\ud800", LONG, [], [None], [1, 2], [None, "R"], [["R"], "G"],
          ["R", "G"], ["R", "G", "B"], ["R1", "R1"], [LONG, LONG], {}, {"a": 1}, {"play": "R1"}, [[[[[]]]]]]
REASON_LIMIT = 300


def moments(game_id, players):
    """{kind: the record's lines up to a moment that asks for that kind}, from seeded bot games."""
    kinds = set(new_game(game_id, players, seed=0).action_shapes)
    found = {}
    for seed in range(40):
        state = new_game(game_id, players, seed=seed)
        bots, rngs = seat_bots(state)
        while not state.is_over and kinds - set(found):
            kind = state.legal_actions()[0][0]
            found.setdefault(kind, [json.loads(dumps(e)) for e in state.events])
            play_out(state, bots, rngs, max_actions=1)
        if not kinds - set(found):
            return found
    raise AssertionError(f"no moment for {kinds - set(found)}")


def variants(kind, sample, spec):
    """(position, action object or tuple) with every JSON value in every position of SAMPLE."""
    arg = sample[1]
    for value in VALUES:
        yield "arg", (kind, value)
        yield "as", (kind, arg, value)
        yield "kind", (value, arg)
        yield "object", value
        if isinstance(spec.argument, ListOf):
            for i in range(len(arg)):
                items = list(arg)
                items[i] = value
                yield f"arg[{i}]", (kind, items)


def as_object(action):
    if not isinstance(action, tuple):
        return action
    kind = action[0] if isinstance(action[0], str) else json.dumps(action[0], default=str)[:20]
    obj = {kind: list(action[1]) if isinstance(action[1], tuple) else action[1]}
    if len(action) == 3:
        obj["as"] = action[2]
    return obj


def refused_in_few_words(error):
    assert 0 < len(str(error)) <= REASON_LIMIT, brief(str(error))


def feed(state, action, rebuild):
    """Every in-memory door; returns the state to go on with (rebuilt if the action was legal)."""
    before = state.snapshot()
    reason = state.why_illegal(action)
    for door in (lambda: state.apply(action), lambda: state.apply_as(state.current_player, action)):
        try:
            door()
        except IllegalAction as error:
            refused_in_few_words(error)
            assert reason is not None and str(error) == reason
            assert state.snapshot() == before, "a refusal changes nothing"
        else:
            assert reason is None
            return rebuild()
    if isinstance(action, dict):
        try:
            shaped = action_from_json(action)
        except ValueError:
            return state
        return feed(state, shaped, rebuild)
    return state


def from_record(lines, action):
    """The record's door: the lines, then an act line holding ACTION."""
    act = {"t": "act", "p": replay(parse(text(lines))).current_player, "a": as_object(action)}
    try:
        replay(parse(text(lines + [act])))
    except RecordError as error:
        refused_in_few_words(error)
        return "refused"
    return "applied"


def text(lines):
    return "".join(json.dumps(line) + "\n" for line in lines)


@pytest.mark.parametrize("game_id, players", GAMES, ids=[f"{g}{n}" for g, n in GAMES])
@pytest.mark.slow
def test_every_json_type_in_every_position_of_every_action_kind_is_refused_cleanly(game_id, players):
    found = moments(game_id, players)
    counts = {"applied": 0, "refused": 0}
    for kind, lines in sorted(found.items()):
        def rebuild(lines=lines):
            return replay(parse(text(lines)))
        state = rebuild()
        spec = state.action_shapes[kind]
        sample = state.legal_actions()[0]
        positions = set()
        for position, action in variants(kind, sample, spec):
            positions.add(position)
            state = feed(state, action, rebuild)
            state = feed(state, as_object(action), rebuild)
            counts[from_record(lines, action)] += 1
        assert {"arg", "as", "kind", "object"} <= positions
    assert counts["refused"] > 100 * len(found), counts


def test_the_reported_plus_actions_are_refused_by_every_door():
    """Issue 28: an unfinished Mit List und Tücke record whose plus action held no strings stopped
    the app on every launch (TypeError in the state's normalising)."""
    lines = moments("mlut", 4)["plus"]
    state = replay(parse(text(lines)))
    for bad in ([1, 2], [None, "R"], [["R"], "G"], ["R", 5], "RG", [], ["R", "G", "B"]):
        assert state.why_illegal({"plus": bad})
        with pytest.raises(IllegalAction):
            state.apply({"plus": bad})
        with pytest.raises(RecordError) as error:
            replay(parse(text(lines + [{"t": "act", "p": state.current_player, "a": {"plus": bad}}])))
        assert error.value.line == len(lines) + 1


def test_a_refusal_quotes_a_short_prefix_of_a_huge_value():
    state = new_game("tricks", 3, seed=1)
    huge = "Y" * (8 << 20)
    reason = state.why_illegal({"buy": huge})
    assert len(reason) < 100 and "YYYY" in reason
    lines = [json.loads(dumps(e)) for e in state.events] + [{"t": "act", "p": state.current_player,
                                                              "a": {"bid": huge}}]
    with pytest.raises(RecordError) as error:
        replay(parse(text(lines)))
    assert len(str(error.value)) < REASON_LIMIT


def test_brief_never_quotes_the_whole_value():
    deep = []
    for _ in range(100_000):
        deep = [deep]
    for value in ("x" * (8 << 20), list(range(10 ** 6)), {"k" * 10 ** 6: 1}, deep, 10 ** 4000):
        assert len(brief(value)) <= 41


# --- integers where the format says integers ---------------------------------------------------------------
def integer_places(obj, path=()):
    """The paths of every integer in a line (booleans are no integers)."""
    if type(obj) is int:
        yield path
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from integer_places(value, path + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from integer_places(value, path + (i,))


def spelled(line, path, spelling):
    """The line's JSON text with the integer at PATH written as SPELLING ("1.0", "1e0", "-0.0")."""
    marker = "\u0000INTEGER\u0000"
    copy = json.loads(json.dumps(line))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = marker
    return json.dumps(copy).replace(json.dumps(marker), spelling)


@pytest.mark.parametrize("game_id, players", [("mlut", 4), ("wassticht", 4), ("tricks", 4)])
@pytest.mark.slow
def test_a_number_with_a_point_or_an_exponent_is_no_integer(game_id, players):
    state = new_game(game_id, players, seed=3)
    play_out(state, *seat_bots(state), max_actions=120)
    lines = [json.loads(dumps(e)) for e in state.events]
    checked = 0
    for i, line in enumerate(lines):
        for path in integer_places(line):
            value = line
            for key in path:
                value = value[key]
            for spelling in (f"{value}.0", f"{value}e0", "-0.0" if value == 0 else f"{value}.00"):
                bad = [json.dumps(x) for x in lines[:i]] + [spelled(line, path, spelling)] + \
                      [json.dumps(x) for x in lines[i + 1:]]
                with pytest.raises(RecordError) as error:
                    replay(parse("\n".join(bad) + "\n"))
                assert error.value.line == i + 1, (path, spelling, str(error.value))
                checked += 1
    assert checked > 300
