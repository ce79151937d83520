"""Loads of long records are linear and fast: a valid record of 12 MB (long x- lines, many x- lines,
unknown keys in real lines) loads in well under the 2 s a call may take, ten times the record takes
about ten times as long, and a flood of tiny x- lines does not fill the memory."""

import gc
import json
import time
import tracemalloc

import pytest

from game import new_game
from kept.record import dumps, load, parse, replay
from game.runner import play_out, seat_bots

MB = 1 << 20


@pytest.fixture(scope="module")
def game_lines():
    state = new_game("tricks", 5, seed=1)  # bids are secret choices: the reader reorders their blocks
    play_out(state, *seat_bots(state))
    return state, [dumps(e) for e in state.events]


def padded(lines, size, shape):
    """A valid record of about SIZE bytes: the game's lines with x- lines (or keys) of SHAPE between."""
    out, total = [], 0
    filler = {"many": '{"t": "x-note", "n": 12345, "s": "abcdefghijklmnopqrstuvwxyz"}',
              "nested": '{"t": "x-data", "rows": [' + ", ".join(['[1, 2, [3, "x"]]'] * 2000) + "]}"}[shape]
    per = max(1, size // len(filler) // len(lines))
    for line in lines:
        out.append(line)
        out.extend([filler] * per)
        total += len(line) + per * len(filler)
    return ("\n".join(out) + "\n").encode("utf-8")


def with_unknown_keys(lines):
    """The game's lines, each with a long unknown key (some 40 kB)."""
    return [json.dumps({**json.loads(line), "x-comment": {"rows": [[1, 2]] * 5000}}) for line in lines]


def cpu(fn, *args):
    start = time.thread_time()
    result = fn(*args)
    return time.thread_time() - start, result


@pytest.mark.parametrize("shape", ["many", pytest.param("nested", marks=pytest.mark.slow)])
def test_ten_times_the_record_takes_about_ten_times_as_long(tmp_path, game_lines, shape):
    state, lines = game_lines
    small, big = tmp_path / "small.jsonl", tmp_path / "big.jsonl"
    small.write_bytes(padded(lines, 1 * MB + MB // 5, shape))
    big.write_bytes(padded(lines, 12 * MB, shape))
    cpu(load, small)  # imports and caches warmed
    t_small, loaded = min(cpu(load, small) for _ in range(3))
    t_big, loaded_big = cpu(load, big)
    assert loaded == state and loaded_big == state
    assert t_big < 2.0, f"{t_big:.2f} s of CPU for 12 MB"
    assert t_big < 30 * t_small, f"{t_big:.3f} s against {t_small:.3f} s: not linear"


@pytest.mark.slow  # 12 MB of long unknown keys
def test_unknown_keys_in_real_lines_are_read_and_ignored(game_lines):
    state, lines = game_lines
    extra = with_unknown_keys(lines)
    start = time.thread_time()
    assert replay(parse("\n".join(extra) + "\n")) == state
    assert time.thread_time() - start < 2.0


@pytest.mark.slow  # a long record parsed while millions of objects are held
def test_the_cycle_collector_waits_while_a_long_record_is_parsed(game_lines):
    """Parsing makes only trees, freed by reference counting: the collector, which would walk every
    object of the program again and again (most of a load's time in a big program), runs once after."""
    state, lines = game_lines
    extra = with_unknown_keys(lines)
    text = "\n".join(extra) + "\n"
    started = []

    def count(phase, info):
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(count)
    try:
        [json.loads(line) for line in extra]  # the same trees made with the collector on
        unpaused, started[:] = list(started), []
        parse(text)
    finally:
        gc.callbacks.remove(count)
    assert len(unpaused) > 100 and max(unpaused) == 2  # it would run, also over everything
    assert len(started) <= 1 and 2 not in started, started
    assert gc.isenabled()


@pytest.mark.slow  # a flood of tiny lines
def test_a_flood_of_tiny_x_lines_is_checked_but_not_kept():
    state = new_game("mlut", 4, seed=2)
    head = dumps(state.events[0]) + "\n" + dumps(state.events[1]) + "\n"
    data = (head + '{"t": "x-"}\n' * (5 * MB // 12)).encode()  # 440,000 lines; kept, some 150 MB
    tracemalloc.start()
    try:
        lines = parse(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [n for n, _ in lines] == [1, 2]
    assert peak < 40 * MB, f"{peak / MB:.0f} MB for a 5 MB file"
