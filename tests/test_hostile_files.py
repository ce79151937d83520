"""No file in the games folder can stop the app or be changed by reading it.

Over 3,000 damaged records and special files (tests/hostile_files.py: the first corpus, and issue 28's
semantic mutations of every action kind, sidecars and journals of every special kind, 8 MB values,
long records, integers spelled 1.0, odd file names) go through every way the app reads a record:
``load``, the library listing (``summarize``), Replay's reader and Continue (with the phones' sidecar).
Each call either works or raises the project's own RecordError; none takes more than 2 s of CPU;
reading changes no file; Continue keeps every whole line of what it accepts. Memory is capped per
call: the process's peak resident memory is reset before every call and read after it (Linux), so
each call is measured. A hang (a FIFO) would trip the watchdog and fail the run."""

import faulthandler
import hashlib
import os
import random
import stat
import time
import tracemalloc
from collections import Counter

import pytest

from kept import storage
from kept.record import RecordError, load, read_lines
from hostile_files import base_records, more_corpus, mutations, text, write_corpus
from phone.keep import load_tokens
from scenes.app import parse_args, start_app
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.menus.replay import ReplayRecord
from app_driver import click, post_click

CPU_LIMIT = 2.0
MEMORY_CAP = 400 * 1024 * 1024  # bytes one call may hold at its peak: a 50 MB line is refused unread
WATCHDOG = 120  # seconds one call may hang before the whole run is stopped with a traceback
SAMPLE = 7  # one small file in SAMPLE is measured for memory


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


def everything(folder):
    """Every name in the folder, sidecars and journals included."""
    return sorted(os.listdir(folder))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    kinds = write_corpus(str(folder))
    kinds.update(more_corpus(str(folder)))
    return folder, kinds


def _rss_kb(field):
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith(field)).split()[1])


def _peak_rss_can_be_reset():
    """Linux keeps a process's peak memory (VmHWM) and lets it be reset (clear_refs 5, Linux 4.0+)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return _rss_kb("VmHWM:") > 0
    except (OSError, StopIteration, ValueError):
        return False


class Meter:
    """Runs the calls: watchdog, CPU time and the peak memory of each call. The peak is the process's
    real one (resident memory, C allocations included) where Linux lets it be reset before each
    call; elsewhere Python's own allocations (tracemalloc), on the sample ``measured`` picks, whose
    CPU time then goes unjudged (tracemalloc makes a call several times slower)."""

    def __init__(self):
        self.slow, self.heavy, self.peaks, self.calls = [], [], Counter(), 0
        self.resident = _peak_rss_can_be_reset()

    def __call__(self, fn, path, sampled):
        """fn(path): its result or None; RecordError is the only exception allowed out."""
        faulthandler.dump_traceback_later(WATCHDOG, exit=True)
        traced = not self.resident and sampled
        if self.resident:
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")
            base = _rss_kb("VmRSS:")
        elif traced:
            tracemalloc.start()
        cpu = time.thread_time()
        self.calls += 1
        try:
            return fn(path)
        except RecordError:
            return None
        finally:
            spent = time.thread_time() - cpu
            faulthandler.cancel_dump_traceback_later()
            peak = None
            if self.resident:
                peak = (_rss_kb("VmHWM:") - base) * 1024
            elif traced:
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
            if peak is not None:
                self.peaks[fn.__name__] = max(self.peaks[fn.__name__], peak)
                if peak > MEMORY_CAP:
                    self.heavy.append((fn.__name__, path.name, peak))
            if spent > CPU_LIMIT and not traced:
                self.slow.append((fn.__name__, path.name, round(spent, 2)))


def measured(path, kind, index):
    """Is this file's every call measured for memory?"""
    try:
        info = os.lstat(path)
    except OSError:
        return True
    big = not stat.S_ISREG(info.st_mode) or info.st_size >= 1024 * 1024
    return big or kind.startswith(("sidecar", "journal", "8 MB", "long")) or index % SAMPLE == 0


def continue_and_close(path):
    state, autosave = storage.continue_game(path)
    load_tokens(autosave.path, state.players)  # as Continue does: the phones' links, if any
    autosave.close()
    return state


@pytest.mark.slow  # writes the corpus (its readers' tests share it)
def test_the_corpus_is_as_large_and_varied_as_promised(corpus):
    folder, kinds = corpus
    counts = Counter(kinds.values())
    assert len(kinds) >= 3000
    for kind in ("cut", "flip", "swap", "duplicate", "delete", "wrong type", "huge number", "deep first",
                 "deep middle", "deep last", "odd name", "invalid utf-8", "bom", "crlf", "nul bytes", "folder",
                 "fifo", "symlink loop", "link to a device", "unreadable", "sparse huge", "50 MB line",
                 "50 MB name", "integer as 1.0", "odd file name", "long record, nested x- line",
                 "long record, many x- lines", "8 MB card", "8 MB kind", "8 MB type", "8 MB game", "8 MB bot",
                 "8 MB derived", "sidecar: fifo", "sidecar: link to /dev/zero", "sidecar: sparse 4 GB",
                 "sidecar: 100,000 deep", "sidecar: folder", "journal: fifo", "journal: link to /dev/zero",
                 "journal: lines the rules refuse", "journal: for a longer record"):
        assert counts[kind] >= 1, kind
    acted = {kind.split()[1] for kind in counts if kind.startswith("act ")}
    assert acted == {"play", "pick", "plus", "buy", "bury", "bid", "lead", "take_task", "draft", "task", "discard"}
    assert {kind.split()[2] for kind in counts if kind.startswith("act ")} >= {"arg", "as", "arg[0]", "arg[1]"}


def read_every_way(folder, kinds):
    """Every file of the corpus through every reader; asserts each works or refuses with RecordError
    and no file changed. Returns (the meter, {"loads", "refused"} counts)."""
    before = {name: fingerprint(folder / name) for name in everything(folder)}
    meter, outcomes = Meter(), Counter()
    for index, name in enumerate(sorted(kinds)):
        path = folder / name
        measure = measured(path, kinds[name], index)
        state = meter(load, path, measure)
        summary = meter(storage.summarize, path, measure)
        assert isinstance(summary, storage.Summary)
        if meter(read_lines, path, measure) is None:
            assert summary.problem, name
        if state is not None:
            assert not summary.problem, name
        record = meter(ReplayRecord, path, measure)
        assert (record is None) == (state is None), name
        if state is not None:
            assert record.final == state
            assert state.is_over or not summary.finished, name  # (a record cut before its end line is over by the rules)
        outcomes["loads" if state is not None else "refused"] += 1
    after = {name: fingerprint(folder / name) for name in everything(folder)}
    changed = [name for name in before if before[name] != after.get(name)]
    print(f"\n{len(kinds)} files, {meter.calls} calls: {dict(outcomes)}; calls over {CPU_LIMIT} s of CPU: "
          f"{meter.slow}; memory peaks (MB): { {k: round(v / 2 ** 20) for k, v in meter.peaks.items()} }")
    assert changed == [] and set(after) == set(before)
    return meter, outcomes


@pytest.mark.slow  # over 3,000 files through every reader
def test_every_reader_works_or_refuses_and_changes_nothing(corpus):
    meter, outcomes = read_every_way(*corpus)
    assert meter.slow == [] and meter.heavy == []
    assert outcomes["loads"] > 50 and outcomes["refused"] > 2000, "the corpus holds both kinds"


def test_every_reader_works_or_refuses_a_small_corpus_and_changes_nothing(tmp_path):
    """The same on one Tricks record's special variants and a sample of its mutations."""
    rng, kinds = random.Random(7), {}
    [(base, lines)] = [(name, lines) for name, lines in base_records() if name == "tricks3"]
    for k, (kind, data) in enumerate(mutations(base, lines, rng)):
        if k % 25 == 0 or kind not in ("cut", "flip", "swap", "duplicate", "delete", "wrong type"):
            (tmp_path / f"{base}-{k:04d}.jsonl").write_bytes(data)
            kinds[f"{base}-{k:04d}.jsonl"] = kind
    (tmp_path / "whole.jsonl").write_bytes(text(lines))
    kinds["whole.jsonl"] = "whole"
    meter, outcomes = read_every_way(tmp_path, kinds)
    assert meter.slow == [] and meter.heavy == []
    assert outcomes["loads"] >= 3 and outcomes["refused"] >= 20, outcomes


@pytest.mark.slow  # over 3,000 files continued
def test_continue_keeps_every_whole_line_or_leaves_the_file_alone(corpus):
    folder, kinds = corpus
    meter, kept = Meter(), 0
    beside = {name: fingerprint(folder / name) for name in everything(folder) if not name.endswith(".jsonl")}
    for index, name in enumerate(sorted(kinds)):
        path = folder / name
        before = fingerprint(path)
        original = path.read_bytes() if before[0] == "file" and before[1] < 1 << 20 else None
        state = meter(continue_and_close, path, measured(path, kinds[name], index))
        if state is None or state.is_over:
            if state is None:
                assert fingerprint(path) == before, f"{name} was refused but changed"
            continue
        kept += 1
        whole = original[:original.rfind(b"\n") + 1] if original else b""
        assert path.read_bytes().startswith(whole), f"{name}: Continue dropped a whole line"
        assert load(path) == state, name
    print(f"\nContinue: {meter.calls} calls, {kept} kept; memory peak {round(meter.peaks['continue_and_close'] / 2 ** 20)} MB")
    assert meter.slow == [] and meter.heavy == []
    assert kept > 20
    for name, print_before in beside.items():  # no sidecar or journal of the corpus was written or followed
        assert fingerprint(folder / name) == print_before, name


@pytest.mark.slow  # the app over a folder of over 3,000 files
def test_the_app_starts_and_every_screen_answers_with_the_corpus_as_its_games_folder(tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    write_corpus(str(data / "games"))
    more_corpus(str(data / "games"))
    monkeypatch.setenv("TRICKTABLE_DATA", str(data))
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    start = time.perf_counter()
    app = start_app(parse_args(["--speed", "instant", "--bot-delay", "0"]), [])
    app.step(1 / 60)
    assert isinstance(app.scene, MenuScene)
    assert time.perf_counter() - start < 10, "the first frame waits for no record of the 3,000"
    kept = storage.catalog()
    for _ in range(5):
        app.step(1 / 60)  # the menu keeps drawing while the index is made in the background
    kept.wait(300)
    app.step(1 / 60)
    app.step(1 / 60)
    assert "continue" in app.scene.targets, "the newest game that opens is offered"
    assert (data / "index.json").exists(), "the index is written for the next start"
    post_click(app, "kept")
    library = app.scene
    assert isinstance(library, LibraryScene) and len(library.games) > 3000
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
                assert len(library.hint) < 700, "a refusal quotes a short prefix, never the bad value"
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
