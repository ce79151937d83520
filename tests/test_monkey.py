"""The monkey (bench.monkey): random input into the real app must never break it.

A short run here; ``python -m bench.monkey --events 100000 --seed S`` is the long one.
"""

import os
import re
import subprocess
import sys

import pytest

from bench.monkey import GAMES, run_monkey

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 2  # a run that reaches every game and finishes one of each (seed 4 stopped finishing when the table changed)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return run_monkey(5000, SEED, folder=str(tmp_path_factory.mktemp("monkey")))


@pytest.mark.slow  # 5,000 random inputs into the app
def test_five_thousand_random_inputs_break_nothing(report):
    assert report.ok, "\n".join(report.lines())
    assert report.events == 5000


@pytest.mark.slow  # 5,000 random inputs into the app
def test_the_monkey_reaches_every_game_and_finishes_games(report):
    text = "\n".join(report.lines())
    assert set(report.game_scenes) == set(GAMES), text
    assert sum(report.finished.values()) >= 1, text
    assert {"MenuScene", "SetupScene"} <= set(report.scenes), text
    assert report.resizes > 0 and report.posted > report.events, text


@pytest.mark.slow  # two monkey runs
def test_one_seed_is_one_run(tmp_path):
    first = run_monkey(150, 11, folder=str(tmp_path))
    again = run_monkey(150, 11, folder=str(tmp_path))
    assert first.ok and again.ok
    assert first.fingerprint == again.fingerprint
    assert first.scenes == again.scenes and first.frames == again.frames


def test_the_files_of_the_person_are_never_touched(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    assert run_monkey(60, 5).ok
    assert not (tmp_path / "data").exists() and not (tmp_path / "config").exists()
    assert os.environ["TRICKTABLE_DATA"] == str(tmp_path / "data")


def test_the_command_line_says_how_it_went():
    """The bench's smoke run: a short monkey that gets into a game and says so, with its figures."""
    done = subprocess.run([sys.executable, "-m", "bench.monkey", "--events", "150", "--seed", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert re.search(r"150 events, [1-9]\d* frames", out) and "scenes visited: " in out, out
    assert sum(int(n) for n in re.findall(r"started (\d+)", out)) >= 1, out  # it played, not only the menu
    assert "games finished" in out and "clean: no exception escaped" in out, out
    bad = subprocess.run([sys.executable, "-m", "bench.monkey", "--events", "0"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2


def test_a_crash_is_reported_with_the_seed_the_event_and_the_traceback(tmp_path, monkeypatch):
    from scenes.menus.menu import SetupScene

    def broken(self, dt):
        raise RuntimeError("setup bug")
    monkeypatch.setattr(SetupScene, "update", broken)
    report = run_monkey(400, 4, folder=str(tmp_path))
    assert not report.ok and report.failed_at is not None and report.events == report.failed_at
    text = "\n".join(report.lines())
    assert "seed 4" in text and f"event {report.failed_at}" in text
    assert "RuntimeError: setup bug" in text and "last inputs" in text
