"""bench.phones plays a whole game from scripted phones (a short one: Tricks for three, a few junk
connections) and prints the TV's frame times and the phones' round trips."""

import re

import bench.phones as bp


def figure(out, label):
    """The p50, p95 and p99 of the line that starts with LABEL, in ms."""
    line = next(line for line in out.splitlines() if line.startswith(label))
    return [float(re.search(rf"{p} ([\d.]+) ms", line).group(1)) for p in ("p50", "p95", "p99")]


def test_one_short_game_is_played_from_the_phones_to_its_end(capsys):
    assert bp.main(["--game", "tricks", "--players", "3", "--junk", "8", "--think", "5", "--speed", "instant",
                    "--seconds", "60", "--seed", "4242"]) == 0
    out = capsys.readouterr().out
    assert "game finished: yes" in out, out
    sent = int(re.search(r"phone actions sent (\d+)", out).group(1))
    answered = int(re.search(r"answers to phone actions: (\d+)", out).group(1))
    assert sent >= 100 and answered >= 100, out  # a game of Tricks for three is some 150 moves, all by phones
    assert all(0 < ms < 5000 for ms in figure(out, "frames") + figure(out, "answers to phone actions")), out
    assert "junk: 2 bad tokens, 2 garbage, 2 oversized, 2 slowloris" in out, out


def test_junk_is_split_in_four_kinds():
    kinds, slow = bp.junk_kinds(10)
    assert (kinds.count("bad token"), kinds.count("garbage"), kinds.count("oversized"), slow) == (3, 3, 2, 2)
    assert bp.junk_kinds(100)[1] == 25 and len(bp.junk_kinds(100)[0]) == 75
