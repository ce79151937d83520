"""Demo (attract) mode: a minute without input on the menu starts bot games, any click or key ends
them, the games cycle, and ``--demo`` starts it from the command line. Driven by a made-up clock."""

import pygame
import pytest

from scenes.screen import demo as demo_mode
from scenes.app import parse_args, start_app
from scenes.screen.demo import DemoMode
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen

from app_driver import FRAME, new_app, press, run  # noqa: E402


@pytest.fixture
def app():
    app = new_app(seed=4, speed="fast", bot_delay=0.5)
    app.demo = DemoMode(app, speed="instant", bot_delay=0)  # the same demo, at test pace
    return app


def post(app, event_type, **fields):
    pygame.event.post(pygame.event.Event(event_type, **fields))
    app.step(FRAME)


def test_a_minute_idle_on_the_menu_starts_the_demo(app):
    run(app, 59, dt=0.5)
    assert isinstance(app.scene, MenuScene) and not app.demo.active
    run(app, 1.5, dt=0.5)
    assert app.demo.active and not isinstance(app.scene, MenuScene)
    session = app.scene.session
    assert session.game_id == app.games[0]
    assert all(s.kind == "bot" and s.bot == "normal" for s in session.seats)
    assert session.demo and getattr(session, "autosave", None) is None, "a demo game is never kept"
    assert app.settings.speed == "instant", "the demo runs at its own pace"


def test_input_on_the_menu_restarts_the_idle_count(app):
    run(app, 50, dt=0.5)
    post(app, pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    run(app, 50, dt=0.5)
    assert isinstance(app.scene, MenuScene) and not app.demo.active
    run(app, 11, dt=0.5)
    assert app.demo.active


@pytest.mark.parametrize("ending", ["click", "key"])
def test_any_click_or_key_returns_to_the_menu(app, ending):
    own = app.settings
    run(app, 61, dt=0.5)
    for _ in range(30):  # let the bots play a little
        app.step(FRAME)
    if ending == "click":
        post(app, pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1)
    else:
        press(app, pygame.K_SPACE, unicode=" ")
    assert isinstance(app.scene, MenuScene) and not app.demo.active
    assert app.settings is own and app.settings.speed == "fast", "the person's settings come back"
    run(app, 30, dt=0.5)
    assert not app.demo.active, "the idle count starts afresh"


def test_the_banner_is_drawn_during_the_demo(app, monkeypatch):
    drawn = []
    monkeypatch.setattr(demo_mode, "draw_banner", lambda canvas: drawn.append(canvas))
    app.step(FRAME)
    assert not drawn
    app.demo.start()
    app.step(FRAME)
    assert drawn


@pytest.mark.slow
def test_the_demo_plays_a_whole_game_and_moves_on_to_the_next(app, monkeypatch):
    monkeypatch.setattr(demo_mode, "DEMO_LEVEL", "random")  # quick movers: the test is about the cycle
    app.demo.start()
    first = app.scene.session
    for _ in range(6000):
        app.step(FRAME)
        if len(app.demo.games_started) > 1:
            break
    assert first.state.is_over, "the first game was played to its end"
    assert app.demo.games_started == ["mlut", "wassticht"]
    assert app.demo.active and app.scene.session.game_id == "wassticht"
    app.demo.next_game()
    app.demo.next_game()
    assert app.demo.games_started == ["mlut", "wassticht", "tricks", "mlut"], "round and round the three games"


def test_demo_flag_parses_and_starts_the_demo(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path))
    assert parse_args(["--demo"]).demo and not parse_args([]).demo
    argv = ["--demo", "--speed", "instant", "--bot-delay", "0"]
    app = start_app(parse_args(argv), argv)
    assert app.demo.active and isinstance(app.scene, GameScreen)
    for _ in range(20):
        app.step(FRAME)
    press(app, pygame.K_a, unicode="a")
    assert isinstance(app.scene, MenuScene)


@pytest.mark.slow
def test_a_long_game_gives_way_at_a_round_end(app, monkeypatch):
    monkeypatch.setattr(demo_mode, "DEMO_LEVEL", "random")
    monkeypatch.setattr(demo_mode, "MAX_GAME_SECONDS", 0.5)  # "long" already, at this fake pace
    app.demo.start()
    first = app.scene.session
    for _ in range(3000):
        app.step(FRAME)
        if len(app.demo.games_started) > 1:
            break
    assert app.demo.games_started == ["mlut", "wassticht"]
    assert not first.state.is_over and first.state.round <= 2, "it gave way after its first round"
