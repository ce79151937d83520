"""Nothing lost on leaving: a game left, a window closed or a program killed while the disk refuses
writes keeps every move (in the record's journal), the person is told before leaving, and the next
start completes the record by appending, never by writing a second copy of it. A game started on a
full disk leaves no file at all; a read-only folder continues a clean record."""

import errno
import os

import pytest

from game import new_game
from kept import storage
from kept.record import load, read_lines, record_bytes, resume
from game.runner import play_out, seat_bots
from kept.storage import Autosave, Journal, continue_game, unfinished_games
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, click, new_app, play_actions, post_click, seats
from disk_fakes import FullDisk

NAMES = ("Anna", "Bot 1", "Bot 2", "Bot 3")


@pytest.mark.parametrize("room_at_restart", [True, False], ids=["room again", "still full"])
def test_a_game_left_on_a_full_disk_continues_at_its_last_action_after_a_restart(monkeypatch, room_at_restart):
    disk = FullDisk(monkeypatch)
    app = new_app(seed=31)
    app.new_game("mlut", seats(4, names=NAMES))
    session = play_actions(app, 12)
    path = session.autosave.path
    disk.full = True
    play_actions(app, 40)
    assert len(load(path).events) < len(session.state.events), "the disk refused the last moves"
    app.scene.back()  # Esc: the pause box, where the game is left
    app.step(FRAME)
    warning = session.autosave.leave_warning(session.state)
    assert warning.startswith("Not kept yet: the last 40 moves are") and "disk is full" in warning
    assert app.scene.overlay == "pause"
    last = list(session.state.events)
    post_click(app, "pause:menu")
    assert isinstance(app.scene, MenuScene)
    app.step(FRAME)
    assert "Not kept yet" in app.scene.hint, "the menu says where the moves wait"
    app.quit()

    disk.full = not room_at_restart
    disk.refused = 0
    copies = count_copies(monkeypatch)
    again = new_app(seed=31, bot_delay=5)
    again.step(FRAME)
    assert "continue" in again.scene.targets
    post_click(again, "continue")
    assert isinstance(again.scene, GameScreen)
    resumed = again.scene.session
    assert resumed.state.events == last, "it goes on at the last action played"
    assert copies == [], "completing the record wrote no second copy of it"
    if room_at_restart:
        assert [line for _, line in read_lines(path)] == last, "the record is complete"
        assert storage.held_lines(path) is None
    else:
        assert len(load(path).events) < len(last) and storage.held_lines(path) is not None
        assert "disk is full" in resumed.autosave.problem, "told as when the disk fills in a game"
        disk.full = False
        again.settings.bot_delay = 0
        play_actions(again, 3)
        assert load(path) == again.scene.session.state
    again.quit()


def count_copies(monkeypatch):
    """The records written whole from now on (a second copy of a record would be one)."""
    made = []
    for name in ("atomic_write", "create_with"):
        real = getattr(storage.files, name)

        def whole(path, data, real=real, name=name):
            if os.fspath(path).endswith(".jsonl"):
                made.append((name, os.path.basename(path)))
            return real(path, data)
        monkeypatch.setattr(storage.files, name, whole)
    return made


def test_closing_the_window_on_a_full_disk_keeps_the_moves_too(monkeypatch):
    disk = FullDisk(monkeypatch)
    app = new_app(seed=31)
    app.new_game("tricks", seats(3, names=NAMES))
    session = play_actions(app, 8)
    path = session.autosave.path
    disk.full = True
    play_actions(app, 25)
    last = list(session.state.events)
    app.quit()  # the window closed
    disk.full = False
    state, autosave = continue_game(path)
    autosave.close()
    assert state.events == last and load(path).events == last


def test_a_kill_on_a_full_disk_loses_only_the_move_being_written(tmp_path):
    """No leave at all (kill -9): every failed write already put the waiting lines in the journal."""
    state = new_game("wassticht", 4, seed=5)
    bots, rngs = seat_bots(state)
    save = Autosave(state, path=tmp_path / "g.jsonl")
    play_out(state, bots, rngs, max_actions=20)
    save.sync(state)
    with pytest.MonkeyPatch.context() as patch:
        disk = FullDisk(patch)
        disk.full = True
        for _ in range(30):
            play_out(state, bots, rngs, max_actions=1)
            save.sync(state)
        assert save.waiting > 0
    # the process dies here: nothing closed, nothing left
    again, autosave = continue_game(save.path)
    autosave.close()
    assert again.events == state.events


def test_a_game_started_on_a_full_disk_leaves_no_empty_record(monkeypatch):
    disk = FullDisk(monkeypatch)
    disk.full = True
    app = new_app(seed=31)
    app.new_game("mlut", seats(4, names=NAMES))
    session = app.scene.session
    for _ in range(int(session.keeper.RETRY_SECONDS / FRAME) + 2):  # told at the first move or retry
        app.step(FRAME)
    assert app.notice.words == "This game is not being kept: the disk is full."
    assert session.autosave.leave_warning(session.state).startswith("Not kept: "), "no journal: said plainly"
    app.quit()
    assert list(storage.games_dir().iterdir()) == [], "no 0-byte record, no journal"
    assert unfinished_games() == []


def test_a_read_only_folder_continues_a_clean_record_and_tells_at_the_next_action(monkeypatch):
    app = new_app(seed=31)
    app.new_game("mlut", seats(4, names=NAMES))
    session = play_actions(app, 10)
    path = session.autosave.path
    app.quit()
    before = path.read_bytes()
    disk = FullDisk(monkeypatch)
    disk.read_only = True
    again = new_app(seed=31, bot_delay=5)
    click(again, "continue")
    assert isinstance(again.scene, GameScreen), "a clean record continues"
    resumed = again.scene.session
    assert not again.notice.visible and resumed.autosave.problem == "", "nothing needed writing yet"
    again.settings.bot_delay = 0
    play_actions(again, 2)
    for _ in range(3):
        again.step(FRAME)
    assert again.notice.words == "This game is not being kept: the disk is read-only.", "told as a full disk is"
    assert path.read_bytes() == before
    disk.read_only = False
    play_actions(again, 1)
    assert load(path) == again.scene.session.state


def test_a_record_that_needs_mending_on_a_read_only_disk_still_continues(tmp_path, monkeypatch):
    state = new_game("mlut", 4, seed=8)
    bots, rngs = seat_bots(state)
    play_out(state, bots, rngs, max_actions=30)
    path = tmp_path / "g.jsonl"
    data = record_bytes(state)
    path.write_bytes(data + b'{"t": "act", "p"')  # a crash cut the last line
    disk = FullDisk(monkeypatch)
    disk.read_only = True
    again, autosave = continue_game(path)
    assert again == state and path.read_bytes().startswith(data)
    autosave.close()


def test_the_newer_journal_slot_is_used_and_a_torn_one_is_passed_over(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"")
    journal = Journal.beside(path)
    journal.hold(10, b'{"t": "a"}\n')
    journal.hold(10, b'{"t": "a"}\n{"t": "b"}\n')
    assert storage.held_lines(path) == (10, b'{"t": "a"}\n{"t": "b"}\n')
    with open(journal.path, "r+b") as f:  # the newest slot torn by a crash while it was written
        f.seek(Journal.SLOT * (journal._seq % 2) + 30)
        f.write(b"XXXX")
    assert storage.held_lines(path) == (10, b'{"t": "a"}\n')
    journal.clear()
    assert storage.held_lines(path) is None
    journal.close(remove=True)
    assert not journal.path.exists()


def test_a_journal_that_is_no_file_of_ours_is_not_used(tmp_path):
    path = tmp_path / "g.jsonl"
    os.mkfifo(str(path) + Journal.SUFFIX)
    assert Journal.beside(path) is None and storage.held_lines(path) is None
    os.unlink(str(path) + Journal.SUFFIX)
    os.symlink("/dev/zero", str(path) + Journal.SUFFIX)
    assert Journal.beside(path) is None and storage.held_lines(path) is None


def test_a_finished_game_takes_its_journal_with_it(tmp_path):
    state = new_game("tricks", 3, seed=2)
    save = Autosave(state, path=tmp_path / "g.jsonl")
    assert (tmp_path / ("g.jsonl" + Journal.SUFFIX)).exists(), "room taken while there is room"
    play_out(state, *seat_bots(state))
    save.sync(state)
    save.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]


def test_the_disk_refusing_with_other_errors_is_told_in_plain_words(monkeypatch):
    assert storage.not_kept_words(OSError(errno.EDQUOT, "quota")) == \
        "This game is not being kept: the disk quota is used up."


def test_the_index_thread_leaves_a_record_in_play_to_its_game(tmp_path):
    """Completing a record another game of this run writes could append its lines twice."""
    state = new_game("tricks", 3, seed=6)
    bots, rngs = seat_bots(state)
    save = Autosave(state, path=tmp_path / "g.jsonl")
    play_out(state, bots, rngs, max_actions=5)
    save.sync(state)
    with pytest.MonkeyPatch.context() as patch:
        FullDisk(patch).full = True
        play_out(state, bots, rngs, max_actions=5)
        save.sync(state)
    assert storage.held_lines(save.path) is not None
    before = save.path.read_bytes()
    assert storage.complete(save.path) is None and save.path.read_bytes() == before, "in play: left alone"
    save.sync(state)  # the game itself appends them
    save.close()
    assert load(save.path).events == state.events and storage.held_lines(save.path) is None
    assert storage.complete(save.path) is None and load(save.path).events == state.events


def test_a_record_whose_last_line_lacks_its_newline_is_completed_without_a_double_line(tmp_path):
    state = new_game("mlut", 4, seed=12)
    bots, rngs = seat_bots(state)
    play_out(state, bots, rngs, max_actions=12)
    path = tmp_path / "g.jsonl"
    path.write_bytes(record_bytes(state)[:-1])  # the last line whole, its newline missing
    Journal.beside(path).close()  # its journal, from the session that wrote it
    resumed, writer = resume(path)
    save = Autosave(resumed, path=path, writer=writer)
    with pytest.MonkeyPatch.context() as patch:
        FullDisk(patch).full = True
        play_out(resumed, bots, rngs, max_actions=6)
        save.leave(resumed)
        again, autosave = continue_game(path)  # the disk is still full: the held lines wait in memory
    assert again.events == resumed.events and autosave.waiting
    autosave.sync(again)  # room again
    autosave.close()
    assert [line for _, line in read_lines(path)] == resumed.events, "every line once"
