"""bench.rules plays random games of every game and player count on each path and prints their speed."""

import pytest

from bench import rules
from game import GAMES, PLAYER_COUNTS


def test_a_short_run_prints_a_speed_per_game_count_and_path(capsys):
    rules.main(["--seconds", "0.01"])
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[1:-1]]
    assert [(row[0], int(row[1])) for row in rows] == [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]
    for row in rows:
        speeds = [float(cell.replace(",", "")) for cell in row[2:10]]  # a/s and games/s of three paths, two ratios
        assert all(speed > 0 for speed in speeds), row
    assert lines[-1].startswith("slowest: checked ") and "play_random" in lines[-1]


def test_one_game_and_path(capsys):
    rules.main(["--seconds", "0.01", "--game", "tricks", "--paths", "push"])
    rows = capsys.readouterr().out.splitlines()[1:-1]
    assert [row.split()[:2] for row in rows] == [["tricks", str(n)] for n in PLAYER_COUNTS["tricks"]]


def test_an_unknown_path_is_a_usage_error():
    with pytest.raises(SystemExit) as stopped:
        rules.main(["--paths", "fastest"])
    assert stopped.value.code == 2
