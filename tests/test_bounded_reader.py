"""One reader for every file the app opens (kept.files): regular files only, bounded in size and in
nesting, every failure the program's own error (Unreadable). Records, the phones' sidecar and the
settings all go through it."""

import json
import os
import time

import pytest

from kept import files
from kept.files import Unreadable, nesting_over, parse_json, read_json
from phone.keep import load_tokens, save_tokens, sidecar

TOKEN = "A" * 22


def special(path, kind):
    """Put a file of KIND at PATH (the kinds a games folder may hold beside a record)."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        os.mkdir(path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "dev-urandom":
        os.symlink("/dev/urandom", path)
    elif kind == "loop":
        os.symlink(path.name, path)
    elif kind == "dangling":
        os.symlink("nowhere", path)
    elif kind == "sparse-4gb":
        with open(path, "wb") as f:
            f.truncate(4 * 1024 ** 3)
    elif kind == "deep":
        path.write_bytes(b'{"seats": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    elif kind == "deep-open":
        path.write_bytes(b"[" * 100_000)
    elif kind == "not-utf8":
        path.write_bytes(b'{"seats": {"0": "\xff\xfe"}}')
    elif kind == "8mb-value":
        path.write_bytes(b'{"seats": {"0": "' + b"A" * (8 << 20) + b'"}}')
    elif kind == "huge-number":
        path.write_bytes(b'{"port": ' + b"9" * 100_000 + b"}")
    elif kind == "empty":
        path.write_bytes(b"")
    else:
        raise AssertionError(kind)


KINDS = ["fifo", "folder", "dev-zero", "dev-urandom", "loop", "dangling", "sparse-4gb", "deep", "deep-open",
         "not-utf8", "8mb-value", "huge-number", "empty"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_sidecar_of_every_special_kind_means_no_links_and_costs_nothing(tmp_path, kind):
    record = tmp_path / "game.jsonl"
    special(sidecar(record), kind)
    start = time.perf_counter()
    assert load_tokens(record, 4) == ({}, None)
    assert time.perf_counter() - start < 5, "no waiting on a pipe, no reading of a device or a sparse file"
    with pytest.raises(Unreadable):
        read_json(sidecar(record), 64 * 1024, 4)


@pytest.mark.parametrize("seats", [{" 1": TOKEN}, {"1_0": TOKEN}, {"\u0663": TOKEN}, {"-1": TOKEN}, {"4": TOKEN},
                                   {"0": TOKEN + "\n"}, {"0": 5}, [TOKEN], None, {"0": [TOKEN]}])
def test_a_sidecar_with_wrong_seats_is_not_used(tmp_path, seats):
    record = tmp_path / "game.jsonl"
    sidecar(record).write_text(json.dumps({"seats": seats, "port": 9000}))
    assert load_tokens(record, 4) == ({}, None)


def test_a_sound_sidecar_round_trips(tmp_path):
    record = tmp_path / "game.jsonl"
    save_tokens(record, {0: TOKEN, 3: "b" * 30}, 9001)
    assert load_tokens(record, 4) == ({0: TOKEN, 3: "b" * 30}, 9001)
    sidecar(record).write_text(json.dumps({"seats": {"0": TOKEN}, "port": 1.0}))
    assert load_tokens(record, 4) == ({0: TOKEN}, None), "a port is an integer, not 1.0"


@pytest.mark.parametrize("kind", ["fifo", "folder", "dev-zero", "loop", "dangling", "sparse-4gb"])
def test_read_file_refuses_what_is_no_regular_file_or_too_large(tmp_path, kind):
    path = tmp_path / "x.json"
    special(path, kind)
    with pytest.raises(Unreadable) as error:
        files.read_file(path, 1 << 20)
    assert error.value.kind in ("special", "large", "missing")
    assert len(error.value.reason) < 200


def test_nesting_is_measured_without_recursion_and_strings_do_not_nest():
    assert not nesting_over(b"[" * 32 + b"]" * 32)
    assert nesting_over(b"[" * 33 + b"]" * 33)
    assert nesting_over(b'{"a": ' * 33 + b"1" + b"}" * 33)
    assert not nesting_over(b'["' + b"[" * 1000 + b'"]'), "brackets in a string are text"
    assert not nesting_over(b'["\\"' + b"[" * 1000 + b'"]'), "an escaped quote does not end the string"
    assert nesting_over(b"[" * 100_000), "a cut line's open brackets count"
    assert not nesting_over(b"[]" * 100_000), "wide is not deep"
    assert nesting_over(b"[[1]," * 1000 + b"]" * 1000)
    assert not nesting_over(b"[[[[[[[[[[]]]]]]]]]]" * 10_000)


@pytest.mark.parametrize("data, kind", [(b"[" * 100_000 + b"]" * 100_000, "deep"), (b"\xff", "text"),
                                        (b"{", "json"), (b"9" * 50_000, "number"), (b"", "json")])
def test_parse_json_refuses_with_the_programs_own_error(data, kind):
    with pytest.raises(Unreadable) as error:
        parse_json(data)
    assert error.value.kind == kind


def test_parse_json_takes_a_byte_order_mark_only_where_allowed():
    assert parse_json(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}
    with pytest.raises(Unreadable):
        parse_json(b'\xef\xbb\xbf{"a": 1}', bom=False)
