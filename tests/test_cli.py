"""The bot-only command line: records per game, a summary, usage errors that write nothing; a
write that fails is one line and exit 1, Ctrl-C a summary and exit 130, and never a partial file."""

import errno
import os
import resource
import signal
import stat
import subprocess
import sys
import time

import pytest

import game.__main__ as cli
import kept.files
from game.__main__ import main
from kept.record import dumps, load


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
    ["--game", "mlut", "--players", "4", "--seed", "1" + "0" * 5000],  # more digits than int() reads
    ["--game", "mlut", "--players", "4", "--games", "1" + "0" * 5000],
    ["--game", "mlut", "--players", "4", "--games", "1" + "0" * 4000],  # seeds too long for a file name
    ["--game", "mlut", "--players", "4", "--seed", "1" + "0" * 300],
    ["--game", "mlut", "--players", "1" + "0" * 100],
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


# --- failures while writing ----------------------------------------------------------------------
SIM = ["simulate", "--game", "mlut", "--players", "4", "--bots", "random"]


def run(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"), **kwargs)


def assert_only_whole_records(folder, count=None):
    """Every file is a whole record that loads, written as kept.record.save writes it; no temp files."""
    names = sorted(os.listdir(folder))
    assert all(n.endswith(".jsonl") and not n.startswith(".") for n in names), names
    for name in names:
        state = load(folder / name)
        assert state.is_over
        assert (folder / name).read_bytes() == "".join(dumps(e) + "\n" for e in state.events).encode("utf-8")
    if count is not None:
        assert len(names) == count
    return names


def test_a_seed_too_long_for_a_file_name_is_a_usage_error(tmp_path):
    proc = run(*SIM, "--seed", "9" * 250, "--out", str(tmp_path))
    assert proc.returncode == 2 and "too long for a record's file name" in proc.stderr
    assert "Traceback" not in proc.stderr and list(tmp_path.iterdir()) == []


def test_a_name_the_file_system_refuses_is_one_line(tmp_path, monkeypatch, capsys):
    """If the file system's name limit is not known up front, ENAMETOOLONG is the one-line error."""
    monkeypatch.setattr(cli, "name_max", lambda folder: 10**6)
    seed = "9" * 300
    assert main([*SIM, "--seed", seed, "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"python -m game: cannot write {tmp_path}/mlut-4p-{seed}.jsonl: File name too long\n"
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_is_one_line_and_keeps_the_finished_records(tmp_path, monkeypatch, capsys):
    real_write, calls = os.write, []

    def write(fd, data):  # the second record meets a full disk after part of its bytes
        calls.append(fd)
        if len(calls) == 1:
            return real_write(fd, data)
        if len(calls) == 2:
            return real_write(fd, bytes(data[:100]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "write", write)
    assert main([*SIM, "--games", "3", "--out", str(tmp_path)]) == 1
    monkeypatch.undo()
    out, err = capsys.readouterr()
    assert err == f"python -m game: cannot write {tmp_path}/mlut-4p-1.jsonl: No space left on device\n"
    assert "stopped after 1 of 3 games" in out
    assert assert_only_whole_records(tmp_path) == ["mlut-4p-0.jsonl"]


def test_an_unwritable_folder_is_one_line(tmp_path, monkeypatch, capsys):
    """A read-only folder. chmod does not stop root, so there the refusal is made in-process."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):  # root
            def refuse(path, mode=0o666):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
            monkeypatch.setattr(kept.files, "create_new", refuse)
            code, err = main([*SIM, "--out", str(folder)]), capsys.readouterr().err
        else:
            proc = run(*SIM, "--out", str(folder))
            code, err = proc.returncode, proc.stderr
        assert code == 1
        assert err == f"python -m game: cannot write {folder}/mlut-4p-0.jsonl: Permission denied\n"
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def limit_file_size():
    """A file size limit makes writes fail for root too: the real command meets a real error."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of death
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))  # a record is some 20 KB


def test_a_write_the_system_refuses_is_one_line_in_the_real_command(tmp_path):
    proc = run(*SIM, "--games", "3", "--out", str(tmp_path), preexec_fn=limit_file_size)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr == f"python -m game: cannot write {tmp_path}/mlut-4p-0.jsonl: File too large\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_summary_that_cannot_be_printed_is_one_line(tmp_path):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "game", *SIM, "--out", str(tmp_path)], stdout=full,
                              stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 1
    assert proc.stderr == "python -m game: cannot print the summary: No space left on device\n"
    assert_only_whole_records(tmp_path, 1)


# --- Ctrl-C --------------------------------------------------------------------------------------
def test_an_interrupt_inside_a_write_leaves_no_temporary_file(tmp_path, monkeypatch, capsys):
    real_fsync = os.fsync

    def fsync(fd):  # Ctrl-C while the second record's temporary file is being made durable
        if (tmp_path / "mlut-4p-0.jsonl").exists() and stat.S_ISREG(os.fstat(fd).st_mode):
            raise KeyboardInterrupt
        return real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    assert main([*SIM, "--games", "5", "--out", str(tmp_path)]) == 130
    monkeypatch.undo()
    out, err = capsys.readouterr()
    assert out.startswith("mlut, 4 players: interrupted after 1 of 5 games (seeds 0..0)\n") and err == ""
    assert assert_only_whole_records(tmp_path) == ["mlut-4p-0.jsonl"]


def sigint_as_usual():
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a shell's background job may have it ignored


def test_ctrl_c_prints_the_summary_of_the_finished_games(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "game", *SIM, "--games", "1000000", "--out", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=sigint_as_usual)
    try:
        deadline = time.monotonic() + 60
        while not any(n.endswith(".jsonl") and not n.startswith(".") for n in os.listdir(tmp_path)):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.005)
        for _ in range(2000):  # best effort: interrupt while a record is being written
            if any(n.startswith(".tmp") for n in os.listdir(tmp_path)):
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    assert err == "" and "Traceback" not in out
    names = assert_only_whole_records(tmp_path)
    first = out.splitlines()[0]
    assert first.startswith(f"mlut, 4 players: interrupted after {len(names)} of 1000000 games"), first
    assert "mean score" in out and "actions/s" in out


def test_a_games_options_come_from_its_kit_and_another_games_option_is_a_usage_error(tmp_path, capsys):
    main(["simulate", "--game", "tricks", "--players", "3", "--winner-leads", "--out", str(tmp_path)])
    assert load(tmp_path / "tricks-3p-0.jsonl").options["winner_leads"] is True
    main(["simulate", "--game", "wassticht", "--players", "4", "--tasks-per-player", "4", "--out", str(tmp_path)])
    assert load(tmp_path / "wassticht-4p-0.jsonl").options["tasks_per_player"] == 4
    capsys.readouterr()
    for args, owner in ((["--game", "mlut", "--players", "4", "--winner-leads"], "tricks"),
                        (["--game", "tricks", "--players", "3", "--tasks-per-player", "5"], "wassticht")):
        empty = tmp_path / args[1]
        empty.mkdir()
        with pytest.raises(SystemExit) as exit_:
            main(["simulate", *args, "--out", str(empty)])
        assert exit_.value.code == 2
        assert f"{args[4]} is an option of {owner}" in capsys.readouterr().err
        assert list(empty.iterdir()) == []
