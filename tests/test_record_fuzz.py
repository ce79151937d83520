"""1,000 corrupted variants of real records: each is refused with a message or loads a valid
prefix; the file is never changed; no other exception escapes."""

import hashlib
import json
import random

import pytest

from game import new_game
from kept.record import RecordError, dumps, load
from game.runner import play_out, seat_bots
from tiers import configs

GAMES = [("mlut", 4), ("wassticht", 4), ("tricks", 3)]


def record_text(game_id, players, seed):
    state = new_game(game_id, players, seed=seed)
    play_out(state, *seat_bots(state), max_actions=400)
    return "".join(dumps(e) + "\n" for e in state.events), state


def wrong_value(value, rng):
    choices = [None, True, "x", -1, 1.5, [], {}, 10**9, "R99"]
    if isinstance(value, list) and value:
        return value[: rng.randrange(len(value))]
    return rng.choice([c for c in choices if c != value or type(c) is not type(value)])


def corrupt(text, rng):
    lines = text.splitlines(keepends=True)
    kind = rng.randrange(7)
    if kind == 0:  # cut anywhere
        return text[: rng.randrange(len(text))]
    if kind == 1:  # flip bytes
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 2:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    if kind == 3:  # drop a line
        del lines[rng.randrange(len(lines))]
        return "".join(lines)
    if kind == 4:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "".join(lines)
    # wrong types or values of one key, at the top or inside the action
    i = rng.randrange(len(lines))
    obj = json.loads(lines[i])
    target = obj["a"] if "a" in obj and kind == 5 else obj
    key = rng.choice(sorted(target))
    target[key] = wrong_value(target[key], rng)
    lines[i] = dumps(obj) + "\n"
    return "".join(lines)


@pytest.mark.parametrize("game_id, players", configs(GAMES, big={("mlut", 4), ("wassticht", 4)}))
def test_corrupted_records_are_refused_or_load_a_valid_prefix(tmp_path, game_id, players):
    rng = random.Random(game_id)
    text, original = record_text(game_id, players, seed=3)
    refused = loaded = 0
    for k in range(334):
        data = corrupt(text, rng)
        path = tmp_path / f"r{k}.jsonl"
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        try:
            state = load(path)
        except RecordError as err:
            assert str(err)
            refused += 1
        else:
            # whatever loaded is a legal game: its events are a prefix of a valid history
            state.check_invariants()
            loaded += 1
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, "the file was changed"
    assert refused > 100 and loaded > 10
