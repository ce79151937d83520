"""bench.startup launches main.py and times it to the first menu frame (one launch as a smoke test)."""

import bench.startup as bs


def test_one_launch_reaches_the_first_menu_frame(capsys):
    assert bs.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "launch 1:" in out and "median:" in out
    assert bs.one_launch() < 30  # a number of seconds, not a hang
