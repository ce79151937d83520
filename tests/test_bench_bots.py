"""The bot tournament: a tiny run prints its table, and duplicate deals really rotate the seats."""

import bench.bots as bb


def test_tiny_tournament_prints_the_table(capsys):
    assert bb.main(["--game", "tricks", "--players", "3", "--games", "2", "--bots", "normal,random,easy"]) == 0
    out = capsys.readouterr().out
    assert "normal vs random" in out and "normal vs easy" in out
    assert "95% interval" in out and "shared wins count as wins" in out
    assert "p50 ms" in out and "p95 ms" in out
    for level in ("normal", "random", "easy"):
        assert any(line.startswith(level + " ") for line in out.splitlines())


def test_every_deal_is_played_in_every_rotation(monkeypatch):
    calls = []
    real = bb.play_game

    def spy(game_id, players, seed, names, budget=None, options=None):
        calls.append((seed, tuple(names)))
        return real(game_id, players, seed, names, budget, options)

    monkeypatch.setattr(bb, "play_game", spy)
    result = bb.run("mlut", 4, 3, ["normal", "random"], seed=5)
    expected = {(s, tuple("normal" if i == r else "random" for i in range(4))) for s in (5, 6, 7) for r in range(4)}
    assert sorted(calls) == sorted(expected) and len(calls) == 12
    (row,) = result["pairs"]
    assert row["games"] == 12 and 0 <= row["wins"] <= 12
    assert row["low"] <= row["rate"] <= row["high"]


def test_wilson_interval():
    lo, hi = bb.wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert bb.wilson(0, 10)[0] < 1e-9 and bb.wilson(10, 10)[1] > 1 - 1e-9


def test_all_pairs_and_first_against_the_rest():
    assert bb.pairings(["a", "b", "c"]) == [("a", "b"), ("a", "c")]
    assert len(bb.pairings(["a", "b", "c"], all_pairs=True)) == 6


def test_bad_arguments_are_usage_errors(capsys):
    import pytest
    for args in (["--game", "mlut", "--players", "3"], ["--game", "mlut", "--players", "4", "--bots", "normal"],
                 ["--game", "mlut", "--players", "4", "--bots", "normal,genius"]):
        with pytest.raises(SystemExit) as exit_:
            bb.main(args)
        assert exit_.value.code == 2


def test_log_keeps_games_and_a_second_run_plays_only_new_deals(tmp_path, monkeypatch):
    log = tmp_path / "games.jsonl"
    first = bb.run("tricks", 3, 2, ["normal", "random"], seed=0, log=str(log))
    assert len(log.read_text().splitlines()) == 6
    calls = []
    real = bb.play_game

    def spy(game_id, players, seed, names, budget=None, options=None):
        calls.append(seed)
        return real(game_id, players, seed, names, budget, options)

    monkeypatch.setattr(bb, "play_game", spy)
    again = bb.run("tricks", 3, 2, ["normal", "random"], seed=0, log=str(log))
    assert calls == [] and again["pairs"] == first["pairs"]
    more = bb.run("tricks", 3, 3, ["normal", "random"], seed=0, log=str(log))
    assert sorted(calls) == [2, 2, 2] and more["pairs"][0]["games"] == 9
    assert len(log.read_text().splitlines()) == 9


def test_log_with_a_cut_off_last_line_replays_that_game_and_a_bad_line_is_refused(tmp_path, capsys):
    import pytest
    log = tmp_path / "games.jsonl"
    bb.run("tricks", 3, 1, ["normal", "random"], seed=0, log=str(log))
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])
    assert len(bb.read_log(str(log))) == 2
    bb.run("tricks", 3, 1, ["normal", "random"], seed=0, log=str(log))
    assert len(bb.read_log(str(log))) == 3 and len(log.read_text().splitlines()) == 3
    log.write_text("nonsense\n" + "\n".join(lines) + "\n")
    before = log.read_bytes()
    with pytest.raises(SystemExit) as exit_:
        bb.main(["--game", "tricks", "--players", "3", "--games", "1", "--log", str(log)])
    assert exit_.value.code == 2 and "line 1" in capsys.readouterr().err
    assert log.read_bytes() == before
