"""No file in the games folder can stop the app or be changed by reading it.

Over 2,000 damaged records and special files (tests/hostile_files.py) go through every way the app
reads a record: ``load``, the library listing (``summarize``), Replay's reader and Continue. Each
call either works or raises the project's own RecordError; none takes more than 2 s of CPU; reading
changes no file; Continue keeps every whole line of what it accepts. A hang (a FIFO) would trip the
watchdog and fail the run."""

import faulthandler
import hashlib
import os
import stat
import time
from collections import Counter

import pytest

import pygame

from game import storage
from game.record import RecordError, load, read_lines
from hostile_files import write_corpus
from scenes.app import parse_args, start_app
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.menus.replay import ReplayRecord
from app_driver import click, post_click

CPU_LIMIT = 2.0
WATCHDOG = 120  # seconds one call may hang before the whole run is stopped with a traceback


def fingerprint(path):
    """What must not change: a link stays the link it was, a file keeps its bytes (huge ones: size
    and time, as reading them is what must not happen)."""
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        return ("other", info.st_mode, os.readlink(path) if stat.S_ISLNK(info.st_mode) else None)
    if info.st_size > 64 * 1024 * 1024:
        return ("big", info.st_size, info.st_mtime_ns)
    with open(path, "rb") as f:
        return ("file", info.st_size, hashlib.sha256(f.read()).hexdigest())


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    kinds = write_corpus(str(folder))
    return folder, kinds


def call(fn, path, slow):
    """fn(path): its result or None; RecordError is the only exception allowed out."""
    faulthandler.dump_traceback_later(WATCHDOG, exit=True)
    cpu = time.thread_time()
    try:
        return fn(path)
    except RecordError:
        return None
    finally:
        faulthandler.cancel_dump_traceback_later()
        spent = time.thread_time() - cpu
        if spent > CPU_LIMIT:
            slow.append((fn.__name__, path.name, spent))


def continue_and_close(path):
    state, autosave = storage.continue_game(path)
    autosave.close()
    return state


def test_the_corpus_is_as_large_and_varied_as_promised(corpus):
    folder, kinds = corpus
    counts = Counter(kinds.values())
    assert len(kinds) >= 2000
    for kind in ("cut", "flip", "swap", "duplicate", "delete", "wrong type", "huge number", "deep first",
                 "deep middle", "deep last", "odd name", "invalid utf-8", "bom", "crlf", "nul bytes", "folder",
                 "fifo", "symlink loop", "link to a device", "unreadable", "sparse huge", "50 MB line",
                 "50 MB name"):
        assert counts[kind] >= 1, kind


def test_every_reader_works_or_refuses_and_changes_nothing(corpus):
    folder, kinds = corpus
    before = {name: fingerprint(folder / name) for name in kinds}
    slow, outcomes = [], Counter()
    for name in sorted(kinds):
        path = folder / name
        state = call(load, path, slow)
        summary = storage.summarize(path)
        assert isinstance(summary, storage.Summary)
        if call(read_lines, path, slow) is None:
            assert summary.problem, name
        if state is not None:
            assert not summary.problem, name
        record = call(ReplayRecord, path, slow)
        assert (record is None) == (state is None), name
        if state is not None:
            assert record.final == state
            assert state.is_over or not summary.finished, name  # (a record cut before its end line is over by the rules)
        outcomes["loads" if state is not None else "refused"] += 1
    after = {name: fingerprint(folder / name) for name in kinds}
    changed = [name for name in kinds if before[name] != after[name]]
    print(f"\n{len(kinds)} files: {dict(outcomes)}; calls over {CPU_LIMIT} s of CPU: {slow}")
    assert changed == []
    assert slow == []
    assert outcomes["loads"] > 50 and outcomes["refused"] > 1000, "the corpus holds both kinds"


def test_continue_keeps_every_whole_line_or_leaves_the_file_alone(corpus):
    folder, kinds = corpus
    slow, kept = [], 0
    for name in sorted(kinds):
        path = folder / name
        before = fingerprint(path)
        original = path.read_bytes() if before[0] == "file" and before[1] < 1 << 20 else None
        state = call(continue_and_close, path, slow)
        if state is None or state.is_over:
            if state is None:
                assert fingerprint(path) == before, f"{name} was refused but changed"
            continue
        kept += 1
        whole = original[:original.rfind(b"\n") + 1] if original else b""
        assert path.read_bytes().startswith(whole), f"{name}: Continue dropped a whole line"
        assert load(path) == state, name
    assert slow == []
    assert kept > 20


def test_the_app_starts_and_every_screen_answers_with_the_corpus_as_its_games_folder(tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    write_corpus(str(data / "games"))
    monkeypatch.setenv("TRICKTABLE_DATA", str(data))
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    app = start_app(parse_args(["--speed", "instant", "--bot-delay", "0"]), [])
    app.step(1 / 60)
    assert isinstance(app.scene, MenuScene)
    for _ in range(5):
        app.step(1 / 60)  # the menu keeps drawing while the index of kept games is made in the background
    storage.catalog().wait(300)
    app.step(1 / 60)
    app.step(1 / 60)
    assert "continue" in app.scene.targets, "the newest game that opens is offered"
    post_click(app, "kept")
    library = app.scene
    assert isinstance(library, LibraryScene) and len(library.games) > 2000
    pages = -(-len(library.games) // 7)
    kinds = Counter()
    for page in range(0, pages, max(1, pages // 12)):
        library.page = page
        for row in range(page * 7, min(len(library.games), page * 7 + 7)):
            app.step(1 / 60)
            summary = library.games[row]
            post_click(app, f"game:{row}")
            if app.scene is library:
                assert library.hint, "a refused game says why"
                kinds["refused"] += 1
                continue
            kinds["finished" if summary.finished else "unfinished"] += 1
            for _ in range(3):
                app.step(1 / 60)  # the opened game or replay draws
            app.to_menu() if not summary.finished else app.scene.back()
            app.step(1 / 60)
            if not isinstance(app.scene, LibraryScene):
                post_click(app, "kept")
            library = app.scene
            library.page = page
    assert kinds["refused"] and kinds["finished"], kinds
    app.to_menu()
    click(app, "continue")
    assert not isinstance(app.scene, (MenuScene, LibraryScene)), "Continue opens a game"
    for _ in range(5):
        app.step(1 / 60)
    assert app.running
