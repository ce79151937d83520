"""Records: writing line by line, reading back, refusing broken lines with their numbers."""

import json

import pytest

from game.games.mlut.rules import MlutState
from kept.record import RecordError, RecordWriter, dumps, load, parse, replay, resume, save
from game.runner import play_out, seat_bots


def finished(seed=4, players=4):
    s = MlutState(players, seed=seed)
    play_out(s, *seat_bots(s))
    return s


def text_of(state):
    return "".join(dumps(e) + "\n" for e in state.events)


def test_writer_flushes_each_line_as_it_happens(tmp_path):
    path = tmp_path / "g.jsonl"
    s = MlutState(4, seed=1)
    bots, rngs = seat_bots(s)
    with RecordWriter(path) as w:
        w.sync(s)
        for _ in range(10):
            s.apply(bots[s.current_player].choose(None, s.legal_actions(), rngs[s.current_player]))
            w.sync(s)
            # another reader sees every line already, before the file is closed
            assert len(path.read_text().splitlines()) == len(s.events)
    assert load(path) == s


def test_save_replaces_atomically_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text("old")
    s = finished()
    save(path, s)
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]
    assert load(path) == s


def test_cut_off_last_line_is_ignored():
    s = finished()
    lines = text_of(s).splitlines(keepends=True)
    last_act = max(i for i, line in enumerate(lines) if '"act"' in line)
    cut = "".join(lines[:last_act]) + lines[last_act][:20]
    state = replay(parse(cut))
    assert not state.is_over
    assert state.events == s.events[:len(state.events)]
    state.apply(_action_of(lines[last_act]))
    assert state.is_over and state.events == s.events


def _action_of(line):
    from game.engine import action_from_json
    return action_from_json(json.loads(line)["a"])


def test_bad_line_in_the_middle_names_its_line():
    lines = text_of(finished()).splitlines(keepends=True)
    lines[5] = "{not json\n"
    with pytest.raises(RecordError) as err:
        parse("".join(lines))
    assert err.value.line == 6 and "line 6" in str(err.value)


def test_illegal_action_in_record_names_its_line():
    s = finished()
    lines = [json.loads(x) for x in text_of(s).splitlines()]
    idx = next(i for i, e in enumerate(lines) if e["t"] == "act")
    hand = lines[1]["hands"][lines[idx]["p"]]
    other = next(c for c in lines[1]["hands"][(lines[idx]["p"] + 1) % 4] if c not in hand)
    lines[idx]["a"] = {"play": other}
    with pytest.raises(RecordError) as err:
        replay(parse("".join(dumps(e) + "\n" for e in lines)))
    assert err.value.line == idx + 1 and "illegal" in str(err.value)


def test_wrong_derived_line_is_refused():
    lines = [json.loads(x) for x in text_of(finished()).splitlines()]
    idx = next(i for i, e in enumerate(lines) if e["t"] == "score")
    lines[idx]["points"][0] += 1
    with pytest.raises(RecordError) as err:
        replay(parse("".join(dumps(e) + "\n" for e in lines)))
    assert err.value.line == idx + 1 and "points" in str(err.value)


def test_boolean_is_not_a_seat():
    lines = [json.loads(x) for x in text_of(finished()).splitlines()]
    idx = next(i for i, e in enumerate(lines) if e["t"] == "act" and e["p"] == 1)
    lines[idx]["p"] = True
    with pytest.raises(RecordError) as err:
        replay(parse("".join(dumps(e) + "\n" for e in lines)))
    assert err.value.line == idx + 1


def test_impossible_deal_is_refused_with_its_line():
    lines = [json.loads(x) for x in text_of(finished()).splitlines()]
    lines[1]["hands"][0][0] = lines[1]["hands"][1][0]  # a card dealt twice
    with pytest.raises(RecordError) as err:
        replay(parse("".join(dumps(e) + "\n" for e in lines)))
    assert err.value.line == 2 and "deal" in str(err.value)


@pytest.mark.parametrize("head, words", [
    ({"t": "game", "v": 2, "game": "mlut", "players": 4, "seats": [], "seed": 1, "options": {}}, "version"),
    ({"t": "game", "v": 1, "game": "chess", "players": 4, "seats": [], "seed": 1, "options": {}}, "unknown game"),
    ({"t": "deal"}, "first line"),
])
def test_foreign_headers_are_refused(head, words):
    with pytest.raises(RecordError, match=words):
        replay(parse(json.dumps(head) + "\n"))


def test_extra_keys_and_x_lines_are_ignored():
    lines = [json.loads(x) for x in text_of(finished()).splitlines()]
    lines[3]["comment"] = "nice"
    lines.insert(4, {"t": "x-note", "text": "hello"})
    state = replay(parse("".join(dumps(e) + "\n" for e in lines)))
    assert state.is_over


def test_foreign_records_with_other_deals_replay():
    """A record of a deal the seed would not produce (another program's) replays from its lines."""
    original = finished(seed=4)
    lines = [json.loads(x) for x in text_of(original).splitlines()]
    lines[0]["seed"] = 99
    state = replay(parse("".join(dumps(e) + "\n" for e in lines)))
    assert state.totals == original.totals and state.events[1:] == original.events[1:]


def test_resume_mends_a_cut_file_and_appends(tmp_path):
    s = MlutState(4, seed=2)
    bots, rngs = seat_bots(s)
    play_out(s, bots, rngs, max_actions=50)
    path = tmp_path / "g.jsonl"
    text = text_of(s)
    path.write_text(text[:-7])  # a crash in the middle of the last line
    state, writer = resume(path)
    with writer:
        play_out(state, bots, rngs)
        writer.sync(state)
    assert load(path).is_over
