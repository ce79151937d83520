"""bench.startup launches main.py and times it to the first menu frame (one launch as a smoke test)."""

import bench.startup as bs


def test_one_launch_reaches_the_first_menu_frame(capsys):
    assert bs.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "launch 1:" in out and "median:" in out
    assert bs.one_launch() < 30  # a number of seconds, not a hang


def test_kept_games_are_timed_with_and_without_the_index(capsys):
    assert bs.main(["--kept", "20", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "20 kept games, cold: median" in out and "20 kept games, warm: median" in out
