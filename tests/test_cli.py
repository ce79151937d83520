"""The bot-only command line: records per game, a summary, usage errors that write nothing."""

import subprocess
import sys

import pytest

from game.__main__ import main
from game.record import load


def test_simulate_writes_one_record_per_seed(tmp_path, capsys):
    main(["simulate", "--game", "mlut", "--players", "4", "--seed", "7", "--games", "3",
          "--bots", "random", "--out", str(tmp_path)])
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["mlut-4p-7.jsonl", "mlut-4p-8.jsonl", "mlut-4p-9.jsonl"]
    for p in tmp_path.iterdir():
        state = load(p)
        assert state.is_over and state.seats[0].kind == "bot" and state.seats[0].bot == "random"
    out = capsys.readouterr().out
    assert "3 games" in out and "actions/s" in out and "mean score" in out


def test_simulate_takes_one_bot_per_seat(tmp_path, capsys):
    main(["simulate", "--game", "mlut", "--players", "5", "--bots", "random,random,random,random,random",
          "--out", str(tmp_path)])
    assert (tmp_path / "mlut-5p-0.jsonl").exists()


@pytest.mark.parametrize("game_id, players", [("mlut", 4), ("mlut", 5), ("mlut", 6), ("wassticht", 4),
                                              ("tricks", 3), ("tricks", 4), ("tricks", 5)])
def test_every_level_plays_every_game_and_the_record_replays(game_id, players, tmp_path, monkeypatch, capsys):
    import game.bots.search as search
    monkeypatch.setattr(search, "_DEFAULT_SECONDS", 0.002)  # a tiny budget: this tests rules, not strength
    levels = ["hard", "normal", "easy", "random"]
    names = [levels[s % 4] for s in range(players)]
    main(["simulate", "--game", game_id, "--players", str(players), "--seed", "3",
          "--bots", ",".join(names), "--out", str(tmp_path)])
    state = load(tmp_path / f"{game_id}-{players}p-3.jsonl")  # load replays and checks every line
    assert state.is_over and [seat.bot for seat in state.seats] == names


@pytest.mark.parametrize("args", [
    ["--game", "chess", "--players", "4"],
    ["--game", "mlut", "--players", "7"],
    ["--game", "mlut", "--players", "4", "--bots", "genius"],
    ["--game", "mlut", "--players", "4", "--bots", "random,random"],
    ["--game", "mlut", "--players", "4", "--games", "0"],
    ["--game", "mlut", "--players", "x"],
])
def test_bad_arguments_are_usage_errors_and_write_nothing(tmp_path, args, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *args, "--out", str(tmp_path)])
    assert exit_.value.code == 2
    assert "usage" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_missing_folder_is_a_usage_error(tmp_path):
    missing = tmp_path / "nope"
    proc = subprocess.run([sys.executable, "-m", "game", "simulate", "--game", "mlut", "--players", "4",
                           "--out", str(missing)], capture_output=True, text=True)
    assert proc.returncode == 2 and "not an existing folder" in proc.stderr
    assert not missing.exists()
