"""Keep every game: the record is written as the game goes, and Continue picks it up again, after a
normal quit and after the program was killed mid-trick."""

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pygame

from game import Seat
from kept.record import RecordError, load, read_lines
from kept.storage import games_dir, unfinished_games
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, acts, new_app, play_actions, post_click, press, seats

ROOT = Path(__file__).resolve().parent.parent


PLAYERS = {"mlut": 4, "tricks": 3, "wassticht": 4}
NAMES = ("Anna", "Bot 1", "Bot 2", "Bot 3")


def one_person(game="mlut"):
    return seats(PLAYERS[game], names=NAMES)


@pytest.mark.parametrize("game", ["mlut", "tricks", "wassticht"])
def test_continue_after_a_normal_quit_mid_game(game):
    app = new_app(seed=77)
    app.new_game(game, one_person(game))
    session = play_actions(app, 23)
    before = session.state
    app.quit()  # the window closed mid-game; nothing else happens
    [kept] = unfinished_games()
    assert [line for _, line in read_lines(kept.path)] == before.events, "every line is on disk already"

    again = new_app(seed=77, bot_delay=5)  # no bot moves in the frame of the click
    again.step(FRAME)
    assert isinstance(again.scene, MenuScene) and "continue" in again.scene.targets
    post_click(again, "continue")
    assert isinstance(again.scene, GameScreen)
    resumed = again.scene.session
    assert resumed.state == before and resumed.state.events == before.events
    assert resumed.viewer == 0 and resumed.bots.keys() == session.bots.keys()
    again.settings.bot_delay = 0
    play_actions(again, 30 - acts(resumed.state))  # and it goes on, still written to the same file
    assert load(kept.path) == resumed.state


def test_a_new_game_keeps_the_older_unfinished_one_and_continue_offers_the_newest():
    app = new_app(seed=77)
    app.new_game("mlut", one_person())
    play_actions(app, 5)
    first = app.scene.session.state
    app.to_menu()
    time.sleep(0.02)
    app.new_game("tricks", one_person("tricks"))
    play_actions(app, 4)
    second = app.scene.session.state
    app.to_menu()
    kept = unfinished_games()
    assert len(kept) == 2
    assert sorted(load(k.path).game_id for k in kept) == ["mlut", "tricks"]
    os.utime(kept[-1].path, (time.time() - 60, time.time() - 60))  # make the order certain
    newest = [k for k in kept if load(k.path) == second][0]
    os.utime(newest.path, None)
    app.settings.bot_delay = 5  # no bot moves in the frame of the click
    app.step(FRAME)
    post_click(app, "continue")
    assert app.scene.session.state == second
    assert any(load(k.path) == first for k in unfinished_games())


def test_a_broken_unfinished_record_is_refused_with_its_line_and_kept():
    app = new_app(seed=77)
    app.new_game("mlut", one_person())
    play_actions(app, 6)
    app.to_menu()
    [kept] = unfinished_games()
    lines = kept.path.read_bytes().split(b"\n")
    lines[3] = b'{"t": "act", "p": 9, "a": {"play": "R99"}}'
    broken = b"\n".join(lines)
    kept.path.write_bytes(broken)
    digest = hashlib.sha256(broken).hexdigest()
    with pytest.raises(RecordError):
        load(kept.path)
    app.to_menu()
    app.step(FRAME)
    assert "continue" not in app.scene.targets, "a record the rules refuse is never offered by Continue"
    post_click(app, "kept")
    assert isinstance(app.scene, LibraryScene), "the program goes on, at the list of kept games"
    [row] = [name for name, summary in zip((f"game:{i}" for i in range(len(app.scene.games))), app.scene.games)
             if summary.path == kept.path]
    assert "line 4" in app.scene.games[int(row[5:])].refused, "the list marks it refused, with its line"
    post_click(app, row)
    assert isinstance(app.scene, LibraryScene)
    assert "line 4" in app.scene.hint and kept.path.name in app.scene.hint
    assert hashlib.sha256(kept.path.read_bytes()).hexdigest() == digest
    app.step(FRAME)  # the message is drawn without trouble
    post_click(app, "back")
    assert isinstance(app.scene, MenuScene)
    app.step(FRAME)
    assert "continue" not in app.scene.targets, "the refused file is not offered again"


def mid_trick(path):
    """The record's state if its last complete line leaves a trick half played, else None."""
    try:
        state = load(path)
    except (RecordError, OSError):
        return None
    trick = getattr(state, "trick", [])
    return state if state.phase == "play" and 0 < len(trick) < state.players else None


def test_killed_mid_trick_then_continue_restores_the_same_state(tmp_path):
    data = tmp_path / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TRICKTABLE_DATA=str(data),
               TRICKTABLE_CONFIG=str(tmp_path / "config"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    cmd = [sys.executable, str(ROOT / "main.py"), "--bots-game", "mlut", "--seed", "12", "--speed", "instant",
           "--bot-delay", "0.3"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    killed_at = None
    try:
        deadline = time.monotonic() + 40  # generous for a busy machine; about 3 s when idle
        while time.monotonic() < deadline and proc.poll() is None:
            files = list((data / "games").glob("*.jsonl")) if (data / "games").exists() else []
            # a few tricks in, and then at a moment when cards lie on the table
            if files and len(files[0].read_bytes().split(b"\n")) > 12 and mid_trick(files[0]):
                proc.send_signal(signal.SIGKILL)
                killed_at = files[0]
                break
            time.sleep(0.02)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(5)
    assert killed_at is not None, f"the game never got mid-trick: {proc.stderr.read().decode()[-2000:]}"
    written = load(killed_at)
    assert [line for _, line in read_lines(killed_at)] == written.events, "the file replays to its own lines"
    assert not written.is_over and written.trick, "killed mid-trick"

    os.environ["TRICKTABLE_DATA"] = str(data)  # the fixture's monkeypatch puts it back afterwards
    assert games_dir() == data / "games"
    app = new_app(seed=77, bot_delay=5)
    app.step(FRAME)
    post_click(app, "continue")
    assert isinstance(app.scene, GameScreen)
    state = app.scene.session.state
    assert state == written and state.events == written.events
    assert app.scene.session.bots.keys() == {0, 1, 2, 3}


@pytest.mark.slow
def test_a_finished_game_stays_a_finished_record_and_a_rematch_is_kept_too():
    from kept.storage import finished_games
    from scenes.boards.scoreboard import ScoreboardScene
    app = new_app(seed=77)
    app.new_game("tricks", [Seat(f"Bot {i}", "bot", "random") for i in range(3)])
    session = app.scene.session
    for _ in range(20000):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            if scene.final:
                break
            scene.on_continue()
        app.step(FRAME)
    assert session.state.is_over and session.autosave is None, "closed once the end line is written"
    [done] = finished_games()
    assert unfinished_games() == [] and load(done.path) == session.state
    post_click(app, "rematch")
    assert len(unfinished_games()) == 1 and finished_games() == [done]


# --- a game left before its first move is not kept -------------------------------------------------
def records():
    """Every file in the games folder (a record, its journal, its phone links)."""
    folder = games_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def people(game_id):
    return [Seat(f"P{i}") for i in range(PLAYERS[game_id])]  # nobody moves until a person does


def leave_by_the_pause_box(app):
    press(app, pygame.K_ESCAPE)
    post_click(app, "pause:menu")


def menu_offers_continue(app):
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene)
    return "continue" in app.scene.targets


@pytest.mark.parametrize("game_id", ["mlut", "tricks", "wassticht"])
def test_a_game_left_before_its_first_move_is_not_kept(game_id):
    app = new_app(seed=5)
    app.new_game(game_id, people(game_id))
    app.step(FRAME)
    assert [n for n in records() if n.endswith(".jsonl")]  # written from the start, as every game
    leave_by_the_pause_box(app)
    assert records() == [] and unfinished_games() == []
    assert not menu_offers_continue(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # and then the app is closed
    app.run()
    assert records() == []
    again = new_app(seed=5)
    assert not menu_offers_continue(again)


def test_a_game_closed_with_the_window_before_its_first_move_is_not_kept():
    app = new_app(seed=5)
    app.new_game("tricks", people("tricks"))
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert records() == []


def test_a_game_left_after_one_move_is_kept():
    app = new_app(seed=5)
    app.new_game("tricks", people("tricks"))
    session = app.scene.session
    for _ in range(600):
        app.step(FRAME)
        if app.scene.idle and session.needs_handoff() and "handoff" in app.scene.targets:
            post_click(app, "handoff")
        elif app.scene.idle and session.my_turn() and session.hand_visible():
            break
    assert app.scene.act(session.state.legal_actions()[0])
    app.step(FRAME)
    leave_by_the_pause_box(app)
    [kept] = unfinished_games()
    assert any(line["t"] == "act" for _, line in read_lines(kept.path))
    assert menu_offers_continue(app)
