"""A full disk never costs the game: the person is told once, the game goes on, the file on disk
stays a valid record, and when space is back the record is completed from the state."""

import errno
import os
import stat

import pytest

import kept.files
import kept.record
from game import Seat, new_game
from kept.record import RecordWriter, load, read_lines
from game.runner import play_out, seat_bots
from scenes.app import App
from scenes.screen.settings import Settings
from disk_fakes import FullDisk

FRAME = 1 / 60


def test_a_failed_write_leaves_a_valid_record_and_space_coming_back_completes_it(tmp_path, monkeypatch):
    disk = FullDisk(monkeypatch)
    state = new_game("mlut", 4, seed=5)
    bots, rngs = seat_bots(state)
    path = tmp_path / "g.jsonl"
    writer = RecordWriter(path)
    play_out(state, bots, rngs, max_actions=40)
    writer.sync(state)
    disk.full = True
    for _ in range(30):
        play_out(state, bots, rngs, max_actions=1)
        writer.sync(state)
        assert writer.error is not None and writer.error.errno == errno.ENOSPC
        on_disk = load(path)  # the file stays a record: its whole lines are those written before
        assert on_disk.events == state.events[:len(on_disk.events)]
    assert disk.refused == 30
    disk.full = False
    play_out(state, bots, rngs, max_actions=1)
    writer.sync(state)
    assert writer.error is None
    assert load(path) == state
    assert len(read_lines(path)) == len(state.events), "no line written twice"
    play_out(state, bots, rngs)
    writer.sync(state)
    writer.close()
    assert load(path) == state and state.is_over


def test_the_rewrite_keeps_what_a_continued_record_held(tmp_path, monkeypatch):
    disk = FullDisk(monkeypatch)
    state = new_game("tricks", 3, seed=8)
    bots, rngs = seat_bots(state)
    play_out(state, bots, rngs, max_actions=20)
    path = tmp_path / "g.jsonl"
    lines = [kept.record.dumps(e) for e in state.events]
    lines.insert(3, '{"t": "x-note", "text": "a checker was here"}')
    path.write_text("\n".join(lines) + "\n")
    state, writer = kept.record.resume(path)
    disk.full = True
    play_out(state, bots, rngs, max_actions=5)
    writer.sync(state)
    disk.full = False
    play_out(state, bots, rngs, max_actions=5)
    writer.sync(state)
    assert writer.error is None and load(path) == state
    assert '{"t": "x-note", "text": "a checker was here"}' in path.read_text().splitlines()


@pytest.mark.slow
def test_the_app_tells_once_plays_on_and_completes_the_record(monkeypatch):
    disk = FullDisk(monkeypatch)
    app = App(Settings(speed="instant", bot_delay=0, seed=4))
    seats = [Seat(f"Bot {i}", "bot", "random") for i in range(4)]
    app.new_game("mlut", seats)
    session = app.scene.session
    path = session.autosave.path

    def run(frames):
        for _ in range(frames):
            app.step(FRAME)
            session = app.scene.session
        return session

    run(30)
    disk.full = True
    moved = len(session.state.events)
    shown = []
    for _ in range(200):
        run(1)
        if app.notice.visible and app.notice.words not in shown:
            shown.append(app.notice.words)
    session = app.scene.session
    assert len(session.state.events) > moved + 20, "the game went on"
    assert shown == ["This game is not being kept: the disk is full."], "said once"
    assert load(path).events == session.state.events[:len(load(path).events)]
    disk.full = False
    run(1)
    for _ in range(int(session.keeper.RETRY_SECONDS / FRAME) + 2):  # even if nobody moved, it is tried again
        run(1)
    assert "kept again" in app.notice.words
    assert load(path).events == app.scene.session.state.events


def test_a_read_only_games_folder_is_said_once_and_the_game_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("TRICKTABLE_DATA", str(blocker / "data"))
    app = App(Settings(speed="instant", bot_delay=0, seed=4))
    seats = [Seat(f"Bot {i}", "bot", "random") for i in range(4)]
    app.new_game("mlut", seats)
    app.step(FRAME)
    assert app.notice.visible and "not being kept" in app.notice.words
    first = app.notice.words
    for _ in range(30):
        app.step(FRAME)
    assert len(app.scene.session.state.events) > 10
    app.notice.left = 0
    app.new_game("mlut", seats)
    app.step(FRAME)
    assert not app.notice.visible, f"said once, not again: {first}"


def test_records_get_the_users_normal_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        state = new_game("mlut", 4, seed=1)
        with RecordWriter(tmp_path / "a.jsonl") as writer:
            writer.sync(state)
        kept.record.save(tmp_path / "b.jsonl", state)
        kept.files.atomic_write(tmp_path / "c.json", b"{}")
    finally:
        os.umask(old)
    for name in ("a.jsonl", "b.jsonl", "c.json"):
        assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o644, name


@pytest.mark.parametrize("game_id", ["tricks", "wassticht"])
def test_secret_choices_in_any_seat_order_and_the_offer_in_any_order_replay(game_id):
    state = new_game(game_id, 4, seed=21)
    play_out(state, *seat_bots(state))
    events = [dict(e) for e in state.events]
    secret = "bid" if game_id == "tricks" else "task"
    out, i = [], 0
    while i < len(events):
        j = i
        while j < len(events) and events[j]["t"] == "act" and secret in events[j]["a"]:
            j += 1
        if j > i:
            out += events[i:j][::-1]  # the last seat's choice first
            i = j
            continue
        if events[i]["t"] == "tasks":
            events[i] = dict(events[i], offer=events[i]["offer"][::-1])
        out.append(events[i])
        i += 1
    assert out != state.events
    text = "".join(kept.record.dumps(e) + "\n" for e in out)
    assert kept.record.replay(kept.record.parse(text)) == state


def test_a_continued_record_keeps_x_lines_unknown_keys_and_trailing_blank_lines(tmp_path):
    state = new_game("mlut", 4, seed=9)
    bots, rngs = seat_bots(state)
    play_out(state, bots, rngs, max_actions=60)
    lines = [kept.record.dumps(dict(e, **({"x-by": "me"} if k % 7 == 3 else {}))) for k, e in enumerate(state.events)]
    lines.insert(5, '{"t": "x-note", "n": 1}')
    original = "\n".join(lines) + "\n\n\n"
    path = tmp_path / "g.jsonl"
    path.write_text(original)
    resumed, writer = kept.record.resume(path)
    assert path.read_text() == original, "nothing to mend: the file is not rewritten"
    play_out(resumed, bots, rngs, max_actions=10)
    writer.sync(resumed)
    writer.close()
    assert path.read_text().startswith(original)
    assert load(path) == resumed


def test_an_x_line_after_the_end_still_lists_a_finished_game(tmp_path):
    from kept.storage import summarize
    state = new_game("tricks", 3, seed=2)
    play_out(state, *seat_bots(state))
    path = tmp_path / "g.jsonl"
    kept.record.save(path, state)
    with open(path, "a") as f:
        f.write('{"t": "x-note", "text": "after the end"}\n\n')
    assert summarize(path).finished and load(path).is_over
