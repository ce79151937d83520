"""One game, one writer: a running game holds the system's lock on a file beside its record, so a
second instance of the app on the same data folder lists it as being played in another window and
never continues, completes or deletes it; the lock survives undo's rewrite of the record, goes with
the game, and a lock left by a killed instance is taken over."""

import fcntl
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import Seat, new_game
from kept import lock, storage
from kept.record import load
from game.runner import play_out, seat_bots
from game.undo import before_last_decision
from kept.storage import Autosave, PlayedElsewhere, continue_game, games_dir, kept_games
from scenes.app import App
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.screen import theme
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import post_click
from disk_fakes import FullDisk

FRAME = 1 / 60
ROOT = Path(__file__).resolve().parent.parent
HOLDER = ("import sys; sys.path.insert(0, sys.argv[2]); from kept import lock; "
          "hold = lock.take(sys.argv[1]); print(hold is not None and hold.held, flush=True); sys.stdin.read()")


def acts(events):
    return sum(1 for e in events if e["t"] == "act")


def locked(record):
    """True when the system refuses its lock on the record's lock file to anyone else: tried here by
    a file description of its own (flock locks of two opens conflict, in one process too)."""
    try:
        fd = os.open(lock.lock_path(record), os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


class Holder:
    """Another process that holds a record's lock until it is killed."""

    def __init__(self, record):
        self.proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(record), str(ROOT)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.took = self.proc.stdout.readline().strip() == "True"

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


def a_game(moves=20):
    """A game of Anna and three bots, MOVES in, kept as the app keeps it; (state, Autosave, bots)."""
    state = new_game("mlut", 4, 5, [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, 4)])
    bots, rngs = seat_bots(state)
    save = Autosave(state)
    play_out(state, bots, rngs, max_actions=moves)
    save.sync(state)
    return state, save, (bots, rngs)


def test_a_game_holds_its_record_from_the_start_until_it_is_closed():
    state, save, _ = a_game()
    assert locked(save.path), "held while played"
    assert storage.played_elsewhere(save.path) is False, "this run's own game is not another window's"
    save.close()
    assert not locked(save.path) and not lock.lock_path(save.path).exists(), "let go, and its file gone"
    again, autosave = continue_game(save.path)
    assert locked(save.path), "held again while continued"
    autosave.leave(again)
    assert not locked(save.path) and not lock.lock_path(save.path).exists()


def test_the_lock_holds_through_undo_rewriting_the_record():
    state, save, _ = a_game()
    before = os.stat(save.path).st_ino
    save.rewind(before_last_decision(state, 0))
    assert os.stat(save.path).st_ino != before, "undo wrote a new file in the record's place"
    assert locked(save.path), "the lock is on a file of its own: the rewrite left it held"
    save.close()


def test_a_game_another_process_plays_is_never_continued_completed_or_deleted(monkeypatch):
    state, save, (bots, rngs) = a_game()
    disk = FullDisk(monkeypatch)
    disk.full = True
    play_out(state, bots, rngs, max_actions=8)
    save.sync(state)  # the disk refused these: they wait in the journal
    save.close()
    disk.full = False
    assert storage.held_lines(save.path) is not None
    record = save.path.read_bytes()
    holder = Holder(save.path)
    try:
        assert holder.took and storage.played_elsewhere(save.path)
        with pytest.raises(PlayedElsewhere):
            continue_game(save.path)
        assert storage.complete(save.path) is None and storage.held_lines(save.path) is not None, "not completed"
        [summary] = kept_games()
        with pytest.raises(PlayedElsewhere):
            storage.delete(summary)
        assert save.path.read_bytes() == record, "not one byte written"
    finally:
        holder.kill()
    assert lock.lock_path(save.path).exists(), "the killed process left its lock file"
    assert not storage.played_elsewhere(save.path), "but no lock: the system let go with the process"
    again, autosave = continue_game(save.path)
    assert again.events == state.events, "every move, the journal's too"
    assert locked(save.path)
    autosave.close()


def test_a_lock_file_is_no_kept_game_and_a_claimed_name_is_passed_over():
    folder = games_dir()
    holder = Holder(folder / "20300101-000000-mlut.jsonl")
    try:
        assert holder.took
        path, hold = storage._claim(folder, "20300101-000000-mlut")
        assert path.name == "20300101-000000-mlut-2.jsonl", "another window claimed the first name"
        hold.release()
        assert kept_games() == [], "a lock file is listed as nothing"
    finally:
        holder.kill()


def test_within_one_process_the_lock_is_counted_not_refused(tmp_path):
    record = tmp_path / "g.jsonl"
    first = lock.take(record)
    second = lock.take(record)
    assert first.held and second.held and lock.take(record, again=False) is None
    first.release()
    assert locked(record), "held while one of them holds it"
    second.release()
    second.release()  # twice is once
    assert not locked(record) and not lock.lock_path(record).exists()


# --- two instances of the app on one data folder ----------------------------------------------------
def read_line(proc, seconds=60):
    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    return proc.stdout.readline().strip() if ready else ""


def moves_in(data):
    """The moves in a record's bytes as another process writes them (a last line may be half written)."""
    return sum(1 for line in data.split(b"\n")[:-1] if line.startswith(b'{"t": "act"'))


def wait_for_moves(path, least, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if moves_in(path.read_bytes()) >= least:
            return
        time.sleep(0.05)
    raise AssertionError(f"the other window did not reach {least} moves")


def words_drawn(monkeypatch):
    drawn, blit = [], theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, s, *a, **k: (drawn.append(s), blit(surface, s, *a, **k))[1])
    return drawn


@pytest.mark.slow
@pytest.mark.parametrize("how", ["new", "continue"])
def test_two_instances_on_one_folder_play_one_game_in_turn_and_lose_nothing(tmp_path, monkeypatch, how):
    if how == "continue":  # a kept game the other window continues
        state, save, _ = a_game(12)
        save.leave(state)
    env = dict(os.environ, TRICKTABLE_CONFIG=str(tmp_path / "config"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    other = subprocess.Popen([sys.executable, str(ROOT / "tests" / "one_writer_child.py"), how], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = read_line(other)
        assert said.startswith("playing "), other.stderr.read() if other.poll() is not None else said
        path = Path(said[len("playing "):])
        wait_for_moves(path, moves_in(path.read_bytes()) + 4)

        drawn = words_drawn(monkeypatch)
        app = App(Settings(speed="instant", bot_delay=5, seed=1))  # this window, on the same folder
        app.step(FRAME)
        assert isinstance(app.scene, MenuScene) and app.scene.kept_game().path == path
        assert "continue" not in app.scene.targets, "never offered to Continue"
        assert "Being played in another window" in drawn
        post_click(app, "kept")
        library = app.scene
        assert isinstance(library, LibraryScene)
        app.step(FRAME)
        row = next(i for i, s in enumerate(library.games) if s.path == path)
        assert "being played in another window" in " ".join(drawn), "the list says why (on one line or two)"
        post_click(app, f"game:{row}")
        assert app.scene is library and "is being played in another window" in library.hint
        post_click(app, f"delete:{row}")
        assert library.deleting is None and "could not be deleted (it is being played in another window)" in library.hint
        assert path.exists()
        seen = path.read_bytes()
        wait_for_moves(path, moves_in(seen) + 3)  # the other window plays on
    finally:
        other.send_signal(signal.SIGKILL)  # no goodbye: its lock goes with it
        other.wait(10)
    written = load(path)
    assert path.read_bytes().startswith(seen), "only the other window wrote: nothing of this one"
    assert acts(written.events) >= moves_in(seen) + 3

    app.to_menu()
    app.step(FRAME)
    assert "continue" in app.scene.targets, "the killed window's game is free"
    post_click(app, "continue")
    assert isinstance(app.scene, GameScreen)
    session = app.scene.session
    assert session.state.events == written.events, "every move the other window made is there"
    app.settings.bot_delay = 0
    goal = acts(session.state.events) + 6
    while acts(session.state.events) < goal:
        if app.scene.idle and session.my_turn():
            session.try_action(session.state.legal_actions()[0])
        app.step(FRAME)
    app.quit()
    assert load(path).events == session.state.events, "and every move of this one"
    assert not lock.lock_path(path).exists()

