"""A phone joins through the TV's lobby in a real browser (chromium, as in test_phone_browser) and plays
a whole game while the TV's game screen runs headless, pumping the phones; bots in the other seats."""

import time

import pytest

from game import Seat
from scenes.app import App
from scenes.menus.lobby import LobbyScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import click
from phone_helpers import join_lobby
from test_phone_browser import Player, browsers, wait_for  # noqa: F401 - browsers: a fixture

pytestmark = pytest.mark.slow  # Chromium plays a whole game against the running TV

FRAME = 1 / 60


def test_a_phone_joins_by_the_lobbys_link_and_plays_a_whole_game_with_the_tv_running(browsers):
    app = App(Settings(speed="instant", bot_delay=0, seed=7))
    app.port = 0
    # the scripted taps come faster than a person's: no rate limit here (as in test_phone_browser)
    app.phone_server_options = {"host": "127.0.0.1", "rate": 1000, "burst": 1000}
    seats = [Seat("Anna", "human")] + [Seat(n, "bot", "random") for n in ("Ben", "Carla", "David")]
    app.new_game("mlut", seats, phones={0})
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    driver = browsers()
    join_lobby(app, driver)
    click(app, "start")
    screen = app.scene
    assert isinstance(screen, GameScreen) and screen.session.phones == {0}
    wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
    player = Player(driver, "tv_anna", seed=3)
    player.thread.start()
    session = screen.session
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not (session.state.is_over and not player.thread.is_alive()):
        if app.scene is not screen and getattr(app.scene, "on_continue", None) and app.scene.time > 0.2 \
                and "continue" in app.scene.targets:  # a sheet giving way to the phone draws no button
            click(app, "continue")  # the host reads a round's scores, then goes on
        app.step(FRAME)
        assert "handoff" not in screen.targets
        time.sleep(0.002)
    result = player.finish(5)
    assert result == "over" and session.state.is_over, (result, type(app.scene).__name__, session.decider,
                                                        screen.idle, len(session.state.events))
    assert player.moves > 10
    wait_for(driver, "return document.body.dataset.phase === 'over'")
    assert "won" in driver.find_element("id", "banner").text
    app.quit()
    assert not session.phone_server.running, "the server stops with the app"
    wait_for(driver, "return document.body.dataset.status === 'closed'")  # a game with a result: it ended
    overlay = driver.find_element("id", "overlay").text
    assert "The game has ended" in overlay and "won" in overlay and "host" not in overlay, overlay
