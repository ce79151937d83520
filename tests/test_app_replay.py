"""Replays: the list of finished games, and a record played back with pause, steps and speed."""

import hashlib
import re
import time

import pygame
import pytest

from game import Seat, new_game
from game.runner import play_out, seat_bots
from kept.storage import Autosave, games_dir
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.menus.replay import ReplayScreen
from scenes.boards.scoreboard import ScoreboardScene
from app_driver import FRAME, new_app, post_click, run, texts_of_a_frame





def kept_game(game, seed, finish=True, actions=None):
    """A game of bots written to the games folder as the app would; returns (path, state)."""
    n = {"mlut": 4, "tricks": 3, "wassticht": 4}[game]
    seats = [Seat(name, "human" if i == 0 else "bot", None if i == 0 else "random")
             for i, name in enumerate(["Anna", "Ben", "Carla", "David"][:n])]
    state = new_game(game, n, seed, seats)
    bots, rngs = seat_bots(state)
    save = Autosave(state)
    play_out(state, bots, rngs, max_actions=None if finish else actions)
    save.sync(state)
    save.close()
    return save.path, state


@pytest.fixture
def app():
    return new_app(seed=3, speed="normal", bot_delay=0.7)


def open_library(app):
    app.step(FRAME)
    post_click(app, "kept")
    assert isinstance(app.scene, LibraryScene)
    app.step(FRAME)
    return app.scene


def test_the_list_shows_finished_games_with_date_players_and_winner(app):
    mlut_path, mlut = kept_game("mlut", 4)
    time.sleep(0.01)
    tricks_path, tricks = kept_game("tricks", 5)
    open_path, _ = kept_game("wassticht", 6, finish=False, actions=30)
    (games_dir() / "shopping.jsonl").write_text("milk\n")
    library = open_library(app)
    games = library.games
    assert [g.path for g in games] == [tricks_path, mlut_path, open_path, games_dir() / "shopping.jsonl"]
    first = games[0]
    assert first.finished and first.title == "Tricks" and first.players == ("Anna", "Ben", "Carla")
    assert first.winners == tuple(tricks.seats[w].name for w in tricks.winners)
    assert games[1].winners == tuple(mlut.seats[w].name for w in mlut.winners)
    assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d", first.date)  # i18n.date, in English
    assert not games[2].finished and games[3].problem
    assert {f"game:{i}" for i in range(4)} <= set(library.targets)
    post_click(app, "game:3")  # a foreign file: a message, nothing else happens
    assert isinstance(app.scene, LibraryScene) and "shopping.jsonl" in app.scene.hint
    post_click(app, "back")
    assert isinstance(app.scene, MenuScene)


def start_replay(app, game="mlut", seed=4):
    _, played = kept_game(game, seed)
    open_library(app)
    post_click(app, "game:0")
    replay = app.scene
    assert isinstance(replay, ReplayScreen) and replay.done == 0
    return replay, played


def acts_of(state):
    return [e for e in state.events if e["t"] == "act"]


@pytest.mark.slow
def test_pause_stops_progress_while_frames_run(app):
    replay, _ = start_replay(app)
    run(app, 4)
    assert replay.done > 0, "playing by itself"
    post_click(app, "r:play")
    assert not replay.playing
    stopped = replay.done
    run(app, 5)
    assert replay.done == stopped
    post_click(app, "r:play")
    run(app, 3)
    assert replay.done > stopped


@pytest.mark.slow
def test_step_forward_and_back_land_on_the_right_action(app):
    replay, final = start_replay(app)
    post_click(app, "r:play")  # pause at the very start
    run(app, 1)
    assert replay.done == 0
    for k in range(1, 6):
        post_click(app, "r:step")
        run(app, 2)
        assert replay.done == k
        assert replay.session.state == replay.record.state_at(k)
        assert acts_of(replay.session.state) == acts_of(final)[:k]
    for k in (4, 3):
        post_click(app, "r:back")
        assert replay.done == k and not replay.playing
        assert acts_of(replay.session.state) == acts_of(final)[:k]
        run(app, 1)
        assert replay.done == k, "paused after a step back"
    post_click(app, "r:step")
    run(app, 2)
    assert replay.done == 4


@pytest.mark.slow
def test_speed_changes_the_pace(app):
    replay, _ = start_replay(app)
    post_click(app, "r:speed:1")
    run(app, 1.5)  # past the deal
    start = replay.done
    run(app, 6)
    at_one = replay.done - start
    post_click(app, "r:speed:4")
    assert replay.speed == 4
    start = replay.done
    run(app, 6)
    at_four = replay.done - start
    assert at_one >= 3 and at_four >= 2.5 * at_one


@pytest.mark.slow
def test_the_replay_plays_to_the_end_and_shows_the_final_scores(app):
    replay, final = start_replay(app, "tricks", 9)
    post_click(app, "r:speed:4")
    for _ in range(20000):  # frames of 0.1 s: the tweens go by time, so only fewer pictures are drawn
        if replay.done == len(replay.record.actions) and isinstance(replay.sheet, ScoreboardScene) \
                and replay.sheet.final:
            break
        app.step(0.1)
    assert replay.session.state == final
    assert app.scene is replay, "the game's own scoreboards stay inside the replay"
    post_click(app, "r:view")
    assert replay.session.viewer == 1 and replay.done == len(replay.record.actions)
    post_click(app, "r:leave")
    assert isinstance(app.scene, LibraryScene)


@pytest.mark.parametrize("damage, line", [
    (lambda lines: lines.__setitem__(5, b'{"t": "act", "p": 1, "a": {"play": "Q3"}}'), 6),
    (lambda lines: lines.__setitem__(3, b'{"t": "act", "p": '), 4),
    (lambda lines: lines.__setitem__(0, lines[0].replace(b'"v": 1', b'"v": 7')), 1),
])
def test_a_broken_record_is_refused_with_its_line_and_left_byte_identical(app, damage, line):
    path, _ = kept_game("mlut", 4)
    lines = path.read_bytes().split(b"\n")
    damage(lines)
    broken = b"\n".join(lines)
    path.write_bytes(broken)
    digest = hashlib.sha256(broken).hexdigest()
    open_library(app)
    post_click(app, "game:0")
    scene = app.scene
    assert isinstance(scene, LibraryScene), "refused, and the program goes on"
    assert f"line {line}:" in scene.hint and path.name in scene.hint
    app.step(FRAME)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


def bar_words(app, monkeypatch):
    """The words of one frame, the bar's own picture drawn afresh."""
    app.scene._bar_key = None
    return texts_of_a_frame(app, monkeypatch)


def test_the_bar_says_replay_and_stays_while_the_game_plays_on(app, monkeypatch):
    """A newcomer took a replay for a live game, and found its controls only when the mouse reached the
    bottom edge: the bar says "Replay" and stays, the mouse never moving."""
    replay, _ = start_replay(app)
    run(app, 5)
    assert replay.playing and replay.done > 0
    assert "Replay" in bar_words(app, monkeypatch)
    bar = replay.bar_at
    assert bar.bottom == 720 and bar.collidepoint(replay.targets["r:play"].center)
    shown = pygame.Surface((1280, 720))
    replay.draw(shown)
    assert shown.get_at(replay.targets["r:play"].center) != shown.get_at((640, 300)), "the bar is drawn"
    post_click(app, "r:play")
    assert not replay.playing
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    assert isinstance(app.scene, LibraryScene)


@pytest.mark.parametrize("game", ["wassticht", "tricks", "mlut"])
def test_the_bar_covers_no_seat_box_in_any_phase(app, game):
    """Its controls covered Was sticht?'s seat boxes (the task draft's stand at the bottom): there the
    bar lies over the top edge. Stepped by clicks on "Step ▶" through the game's first phases."""
    replay, _ = start_replay(app, game)
    post_click(app, "r:play")
    places = set()
    for k in range(0, 24, 4):  # the first moves, then further on: every board of the game's opening
        if k:
            replay.rebuild(k * k, replay.session.viewer)
        post_click(app, "r:step")
        run(app, 0.8)
        board = replay.board
        seats = [board.teach_rect(("seat", s)) for s in range(replay.state.players)]
        seats = [r for r in seats if r is not None]
        buttons = [rect for name, rect in replay.targets.items() if name.startswith("r:")]
        bar = buttons[0].unionall(buttons[1:]).inflate(0, 20)  # the bar's buttons, and its edge round them
        assert seats and bar.collidelist(seats) == -1, (type(board).__name__, bar, seats)
        places.add("top" if bar.top < 360 else "bottom")
    assert places == ({"top", "bottom"} if game == "wassticht" else {"bottom"}), places
