"""bench.frames draws every scene for a few frames and prints its frame times; by size, the busy table."""

import re

import pytest

from bench import frames

NUMBER = r"\d+\.\d\d"


def test_a_few_frames_of_every_scene(capsys):
    assert frames.main(["--frames", "4"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(rf"^(.+?)\s+({NUMBER})\s+({NUMBER})\s+({NUMBER})$", out, re.M)
    scenes = [name for name, *_ in rows]
    for wanted in ("menu", "table, 6 seats, trick flying", "final scoreboard (confetti)", "tricks market",
                   "was sticht? task draft", "replay"):
        assert any(name.startswith(wanted) for name in scenes), (wanted, scenes)
    assert all(0 < float(ms) for _, *times in rows for ms in times), out
    assert re.search(r"cards in the air: [1-9]\d* of 4", out), out  # the table was busy, not empty


def test_the_busy_table_at_two_sizes(capsys):
    assert frames.main(["--frames", "3", "--size", "1280x720", "--size", "1000x900"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[0] for row in rows] == ["1280x720", "1000x900"]
    assert all(float(ms) > 0 for row in rows for ms in row.split()[1:]), rows


def test_no_frames_is_a_usage_error():
    with pytest.raises(SystemExit) as stopped:
        frames.main(["--frames", "0"])
    assert stopped.value.code == 2
