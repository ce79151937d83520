"""Every way out asks first while a game has moves that quitting would lose: the window's close button
(a quit event), Ctrl+Q, Alt+F4 and the system asking the app to quit (SIGTERM, which SDL turns into a
quit event) show the pause box's words; the person stays or quits anyway. With every move on disk (in
the record, or waiting in its journal) quitting is immediate."""

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import Seat
from kept.record import load
from kept.storage import continue_game
from scenes.app import App
from scenes.screen import theme
from scenes.screen.game_screen import GameScreen
from scenes.screen.quit_ask import AGAIN, QuitAsk
from scenes.screen.settings import Settings
from app_driver import post_click
from disk_fakes import FullDisk

FRAME = 1 / 60
ROOT = Path(__file__).resolve().parent.parent
CLOSE = pygame.event.Event(pygame.QUIT)
CTRL_Q = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
ALT_F4 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode="", scancode=0)
WAYS = {"close button": CLOSE, "Ctrl+Q": CTRL_Q, "Alt+F4": ALT_F4}


def acts(state):
    return sum(1 for e in state.events if e["t"] == "act")


def play(app, actions):
    """Run the app, the person choosing the first legal action, until ACTIONS more were taken."""
    session = app.scene.session
    goal = acts(session.state) + actions
    for _ in range(40000):
        if acts(session.state) >= goal:
            return session
        if isinstance(app.scene, GameScreen) and app.scene.idle and session.my_turn():
            session.try_action(session.state.legal_actions()[0])
        app.step(FRAME)
    raise AssertionError("the game did not get that far")


def game_on():
    """An app with a game of Anna and three bots, 12 moves in (on a disk full before it began there was
    no room for its journal either: not one of them is on disk)."""
    app = App(Settings(speed="instant", bot_delay=0, seed=31))
    app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, 4)])
    return app, play(app, 12)


def words_drawn(monkeypatch):
    drawn, blit = [], theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, s, *a, **k: (drawn.append(s), blit(surface, s, *a, **k))[1])
    return drawn


def ask(app, event):
    pygame.event.post(event)
    app.step(FRAME)


@pytest.mark.parametrize("way", WAYS)
def test_a_way_out_with_moves_not_on_disk_asks_first_with_the_pause_box_words(monkeypatch, way):
    disk = FullDisk(monkeypatch)
    disk.full = True
    app, session = game_on()
    warning = session.keeper.leave_warning(session.state)
    assert warning.startswith("Not kept: the last 12 moves are not on disk (the disk is full)")
    drawn = words_drawn(monkeypatch)
    ask(app, WAYS[way])
    assert app.running, "not quit: asked first"
    assert isinstance(app.scene, QuitAsk)
    app.step(FRAME)
    lines = theme.wrap(warning, 22, 740, bold=True)
    assert "Quit Tricktable?" in drawn and all(line in drawn for line in lines), "the pause box's words, whole"
    assert set(app.scene.targets) == {"ask:stay", "ask:quit"}, "nothing under the box answers"
    post_click(app, "ask:stay")
    assert app.running and app.scene.session is session, "back at the table"
    play(app, 1)  # the game goes on
    ask(app, WAYS[way])
    assert isinstance(app.scene, QuitAsk), "asked again: still a move not on disk"
    post_click(app, "ask:quit")
    assert not app.running, "quit anyway"


def test_the_game_waits_while_it_asks_and_esc_or_enter_stays(monkeypatch):
    disk = FullDisk(monkeypatch)
    disk.full = True
    app, session = game_on()
    ask(app, CLOSE)
    moves = len(session.state.events)
    for _ in range(60):
        app.step(FRAME)
    assert len(session.state.events) == moves, "the bots did not play on under the question"
    for key in (pygame.K_ESCAPE, pygame.K_RETURN):
        assert isinstance(app.scene, QuitAsk)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.step(FRAME)
        assert app.running and isinstance(app.scene, GameScreen)
        ask(app, CTRL_Q)


def test_asking_to_quit_again_once_the_box_could_be_read_quits(monkeypatch):
    disk = FullDisk(monkeypatch)
    disk.full = True
    app, _session = game_on()
    ask(app, CLOSE)
    ask(app, CLOSE)  # one press that came as two events (Alt+F4 on Windows: the key, then the close)
    assert app.running and isinstance(app.scene, QuitAsk)
    for _ in range(int(AGAIN / FRAME) + 1):
        app.step(FRAME)
    ask(app, CLOSE)
    assert not app.running, "the second close quits"


def test_with_every_move_on_disk_every_way_out_quits_at_once():
    for way, event in WAYS.items():
        app, session = game_on()
        path = session.autosave.path
        ask(app, event)
        assert not app.running, f"{way}: no question, nothing to lose"
        assert load(path).events == session.state.events


def test_moves_waiting_in_the_journal_are_on_disk_too_and_quit_at_once(monkeypatch):
    """The disk filled during the game: its journal (room taken at the start) holds the moves, so
    quitting loses none and needs no question; the next start has them all."""
    disk = FullDisk(monkeypatch)
    app, session = game_on()
    path = session.autosave.path
    disk.full = True
    play(app, 10)
    assert session.keeper.leave_warning(session.state).startswith("Not kept yet"), "the pause box says where"
    last = list(session.state.events)
    ask(app, CTRL_Q)
    assert not app.running
    disk.full = False
    state, autosave = continue_game(path)
    autosave.close()
    assert state.events == last


def read_line(proc, seconds=60):
    """The child's next line, or "" when it says nothing for SECONDS."""
    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    return proc.stdout.readline().strip() if ready else ""


@pytest.mark.slow
def test_the_system_asking_to_quit_asks_first_and_a_second_time_quits(tmp_path):
    """SIGTERM (the system's "please quit": a logout, a shutdown, kill) reaches the app as SDL's quit event."""
    env = dict(os.environ, TRICKTABLE_DATA=str(tmp_path / "data"), TRICKTABLE_CONFIG=str(tmp_path / "config"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "close_ask_child.py")], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert read_line(proc) == "ready"
        proc.send_signal(signal.SIGTERM)
        asked = read_line(proc)
        assert asked.startswith("asked Not kept: the last 12 moves are not on disk"), asked
        time.sleep(AGAIN + 0.5)
        assert proc.poll() is None, "still running: it asked first"
        proc.send_signal(signal.SIGTERM)
        assert read_line(proc) == "quit 12"
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
