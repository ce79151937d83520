"""bench.stress --quick: one short game with phones on the real server, checked, with its figures."""

import re

from bench import stress


def test_the_quick_run_plays_one_checked_game_and_prints_its_figures(capsys):
    assert stress.main(["--quick", "--max-seconds", "60"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^games 1; actions [1-9]\d*; phone actions [1-9]\d*;", out, re.M), out
    assert re.search(r"TV frame time .*p50 [\d.]+ ms, p99 [\d.]+ ms", out), out
    assert re.search(r"phone round trip: p50 [\d.]+ ms, p99 [\d.]+ ms over [1-9]\d* moves", out), out
    assert out.rstrip().endswith("0 problems"), out


def test_the_quick_game_has_a_phone_and_a_bot():
    assert "bot" in stress.QUICK.seats and stress.QUICK.phones
