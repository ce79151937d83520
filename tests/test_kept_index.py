"""The menu opens at once whatever the games folder holds: the kept games come from a small index in
the data folder (file identity -> summary), rebuilt in the background when stale and never trusted
over the files; the first menu frame reads no record when the index knows the folder, and the list
pages through ten thousand games without reading one."""

import json
import os
import shutil
import threading
import time

import pytest

import kept.files
from game import new_game
from kept import storage, summaries
from kept.catalog import INDEX, QUICK_FILES, _entry_of, rules_version
from kept.record import load, record_bytes
from game.runner import play_out, seat_bots
from kept.storage import Autosave
from scenes.app import App
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import post_click
from disk_fakes import FullDisk

FRAME = 1 / 60


def samples():
    """Record bytes: two finished and two unfinished games."""
    out = []
    for game, players, stop in (("mlut", 4, None), ("tricks", 3, 30), ("wassticht", 4, None), ("mlut", 5, 50)):
        state = new_game(game, players, seed=7)
        play_out(state, *seat_bots(state), max_actions=stop)
        out.append(record_bytes(state))
    return out


def fill(count, start=0):
    """COUNT kept games, one a minute, the newest last; returns their paths."""
    folder, data, now = storage.games_dir(), samples(), time.time()
    paths = []
    for i in range(start, start + count):
        path = folder / f"g{i:06d}.jsonl"
        path.write_bytes(data[i % len(data)])
        os.utime(path, (now - 3600 + i, now - 3600 + i))
        paths.append(path)
    return paths


def new_start():
    """As if the program started again: nothing of the last run in memory, only the files."""
    storage._catalogs.clear()
    summaries._summaries.clear()
    summaries._opened.clear()


class Reads:
    """Counts the records read (any .jsonl through the one reader), and by which thread."""

    def __init__(self, monkeypatch):
        self.main, self.background = [], []
        real = kept.files.read_file

        def read_file(path, limit=kept.files.READ_LIMIT):
            if os.fspath(path).endswith(".jsonl"):
                on_main = threading.current_thread() is threading.main_thread()
                (self.main if on_main else self.background).append(os.path.basename(path))
            return real(path, limit)
        monkeypatch.setattr(kept.files, "read_file", read_file)


@pytest.mark.slow
def test_the_first_menu_frame_reads_no_record_when_the_index_knows_the_folder(monkeypatch):
    fill(300)
    storage.refresh_index()
    assert (storage.data_dir() / INDEX).exists()
    new_start()
    reads = Reads(monkeypatch)
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene) and "continue" in app.scene.targets
    assert reads.main == [], "the first frame read no record"
    post_click(app, "kept")
    assert isinstance(app.scene, LibraryScene) and len(app.scene.games) == 300
    assert reads.main == [] and reads.background == []
    post_click(app, "back")
    app.step(FRAME)
    post_click(app, "continue")
    assert isinstance(app.scene, GameScreen), "Continue reads its record in full, as always"
    assert len(reads.main) >= 1


def test_a_stale_index_is_never_trusted_over_the_files(monkeypatch):
    paths = fill(40)
    storage.refresh_index()
    newest_unfinished = max((p for p in paths if not storage.summarize(p).finished), key=os.path.getmtime)
    newest_unfinished.write_bytes(newest_unfinished.read_bytes().replace(b'"deal"', b'"dael"', 1))
    os.utime(newest_unfinished, (time.time(), time.time()))
    paths[0].unlink()
    new = storage.games_dir() / "new.jsonl"
    new.write_bytes(samples()[1])
    os.utime(new, (time.time() - 7200, time.time() - 7200))  # older than every other
    new_start()
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    offered = app.scene.kept_game()
    assert offered is not None and offered.path not in (newest_unfinished, paths[0])
    games = {s.path.name: s for s in storage.catalog().games()}
    assert "line 2" in games[newest_unfinished.name].refused, "the changed file was read again, and refused"
    assert paths[0].name not in games, "a file gone is gone from the list"
    assert games["new.jsonl"].game == "tricks", "a new file is read at once: only two small files changed"


@pytest.mark.parametrize("index", [b"not json", b"[" * 100_000, b'{"v": 1, "games": {"g000001.jsonl": {"id": 5}}}',
                                   b'{"v": 2, "games": {}}', b"", "fifo", "folder", "sparse"])
def test_a_broken_index_is_passed_over_and_made_again(monkeypatch, index):
    fill(30)
    path = storage.data_dir() / INDEX
    if index == "fifo":
        os.mkfifo(path)
    elif index == "folder":
        path.mkdir()
    elif index == "sparse":
        with open(path, "wb") as f:
            f.truncate(4 * 1024 ** 3)
    else:
        path.write_bytes(index)
    new_start()
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    storage.catalog().wait(60)
    app.step(FRAME)
    assert "continue" in app.scene.targets and len(storage.catalog().games()) == 30
    if index not in ("fifo", "folder"):
        assert json.loads(path.read_bytes())["v"] == 1, "made again"
    else:
        assert not path.is_file(), "what is no file of ours is left alone"


def test_an_index_entry_that_lies_is_read_again(monkeypatch):
    paths = fill(10)
    storage.refresh_index()
    path = storage.data_dir() / INDEX
    data = json.loads(path.read_bytes())
    entry = data["games"][paths[-1].name]
    entry["players"] = [1, 2]  # wrong types
    data["games"][paths[-2].name]["id"][1] += 1  # another size than the file has
    data["games"]["../../escape.jsonl"] = entry
    path.write_text(json.dumps(data))
    new_start()
    reads = Reads(monkeypatch)
    storage.catalog().quick()
    assert sorted(reads.main) == sorted([paths[-1].name, paths[-2].name])
    assert len(storage.catalog().games()) == 10


def test_many_changed_files_are_read_in_the_background_while_the_menu_draws(monkeypatch):
    fill(QUICK_FILES + 200)
    new_start()
    reads = Reads(monkeypatch)
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    assert reads.main == [], "the first frame waits for no record"
    post_click(app, "kept")
    library = app.scene
    storage.catalog().wait(120)
    app.step(FRAME)
    assert len(library.games) == QUICK_FILES + 200 and reads.background
    app.to_menu()
    app.step(FRAME)
    app.step(FRAME)
    assert "continue" in app.scene.targets


@pytest.mark.slow
def test_the_list_pages_through_ten_thousand_games_without_reading_one(monkeypatch):
    count = 10_000
    folder = storage.games_dir()
    template = {k: storage.summarize(fill(1, start=k)[0]) for k in range(4)}
    games = {}
    for i in range(count):
        path = folder / f"g{i:06d}.jsonl"
        if i >= 4:
            shutil.copyfile(folder / f"g{i % 4:06d}.jsonl", path)
        summary = template[i % 4]
        info = os.stat(path)
        summary = storage.Summary(**{**summary.__dict__, "path": path, "when": info.st_mtime + i,
                                     "identity": (info.st_ino, info.st_size, info.st_mtime_ns, info.st_mode)})
        games[path.name] = _entry_of(summary, None if summary.finished else "")
    index = {"v": 1, "rules": rules_version(), "games": games, "journals": {}}
    (storage.data_dir() / INDEX).write_text(json.dumps(index))
    new_start()
    reads = Reads(monkeypatch)
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    post_click(app, "kept")
    library = app.scene
    assert len(library.games) == count and library.pages == 1429
    slowest = 0.0
    for key in ("page:1",) * 20 + (f"page:{1 << 30}",) + ("page:-1",) * 20 + (f"page:{-(1 << 30)}",):
        start = time.perf_counter()
        post_click(app, key)
        slowest = max(slowest, time.perf_counter() - start)
    assert library.page == 0
    library.turn(1 << 30)
    app.step(FRAME)
    assert library.page == 1428 and len(library.targets) > 7
    assert reads.main == [] and reads.background == [], "paging reads no record"
    assert slowest < 0.5, f"a page turn took {slowest:.2f} s"  # loosely: a frame is some 10 ms


def test_the_next_start_completes_a_record_left_on_a_full_disk(monkeypatch, tmp_path):
    state = new_game("tricks", 3, seed=4)
    bots, rngs = seat_bots(state)
    save = Autosave(state)
    play_out(state, bots, rngs, max_actions=10)
    save.sync(state)
    with pytest.MonkeyPatch.context() as patch:
        disk = FullDisk(patch)
        disk.full = True
        play_out(state, bots, rngs, max_actions=15)
        save.leave(state)
    assert storage.take_left_words().startswith("Not kept yet")
    new_start()
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    storage.catalog().wait(60)
    for _ in range(3):
        app.step(FRAME)
    assert load(save.path).events == state.events, "completed in the background at the next start"
    assert "in its record now" in app.scene.hint
