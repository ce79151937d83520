"""A phone's device id and resume key travel in plain ws://, so a device on the same network could copy
them and take the seat. It may, but never silently: the TV says the seat moved to another device, the
phone that held it is told so and stops, and the copied key stops working."""

import asyncio
import time

import aiohttp
import pytest

from game import Seat, i18n
from scenes.app import App
from scenes.screen.game_screen import GameScreen
from scenes.screen.notice import SECONDS
from scenes.screen.settings import Settings
from app_driver import click
from phone_helpers import Phone

FRAME = 1 / 60


@pytest.fixture
def app():
    app = App(Settings(speed="instant", bot_delay=0, seed=99))
    app.port = 0  # any free port: tests never take the real one
    app.phone_server_options = {"host": "127.0.0.1"}
    yield app
    app.quit()


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


def until(app, condition, seconds=5.0):
    """Step the app until CONDITION holds (the server's thread answers meanwhile)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(FRAME)
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def bens_game(app, start=True):
    """Mit List und Tücke with Ben (seat 1) on a phone, started from the lobby before his phone came
    (START false: still in the lobby)."""
    seats = [Seat("Anna", "human"), Seat("Ben", "human"), Seat("Carla", "bot", "random"), Seat("David", "bot", "random")]
    app.new_game("mlut", seats, phones={1})
    if not start:
        return app.scene.session
    with app.scene.server._lock:
        app.scene.server._status[1] = ("joined", False)  # Start is on once every phone is there
    click(app, "start")
    assert isinstance(app.scene, GameScreen)
    return app.scene.session


def elsewhere(address):
    """A client session whose connections come from ADDRESS (another device on the network)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0)))


def test_a_seat_taken_with_a_copied_key_tells_the_tv_and_the_phone_before_and_the_key_dies(app):
    session = bens_game(app)
    server, url = session.phone_server, ws_url(session.phone_server.links()[1])
    loop = asyncio.new_event_loop()
    wait = loop.run_until_complete

    async def sessions():
        return aiohttp.ClientSession(), elsewhere("127.0.0.2"), elsewhere("127.0.0.3")
    here, there, further = wait(sessions())
    try:
        bens = wait(Phone(here, url, "bens-phone").open())
        key = wait(bens.next("seated"))["key"]
        assert until(app, lambda: server.joined(1))
        app.step(FRAME)
        assert not app.notice.visible, "a phone joining is no news"
        # someone on the same Wi-Fi read Ben's device id and key off the network: the seat goes to them ...
        copy = wait(Phone(there, url, "bens-phone").open())  # Phone.keys: the same key, shown from elsewhere
        taken = wait(copy.next("seated"))["key"]
        wait(copy.next("state"))
        assert taken != key
        # ... but Ben's phone is told and let go, and the TV says so
        lost = wait(bens.next("lost"))
        with i18n.speaking("en"):
            assert lost == {"type": "lost", "kind": "moved", "reason": "your seat moved to another device"}
        assert wait(bens.closed()).data == 4005
        assert until(app, lambda: app.notice.visible)
        assert app.notice.words == "Ben's seat moved to another device"
        # Ben's phone, back with its old key, no longer gets in without the host
        Phone.keys[("bens-phone", url)] = key
        back = wait(Phone(here, url, "bens-phone").open())
        wait(back.next("waiting"))
        assert until(app, lambda: "phone:confirm:1" in app.scene.targets)
        click(app, "phone:refuse:1")
        wait(back.next("turned_away"))
        # the same words again for the next move: told again, not taken for the last notice
        app.step(SECONDS)  # the notice has gone
        assert not app.notice.visible
        Phone.keys[("bens-phone", url)] = taken  # the new key, copied too
        again = wait(Phone(further, url, "bens-phone").open())
        wait(again.next("seated"))
        assert wait(copy.next("lost"))["kind"] == "moved"
        assert until(app, lambda: app.notice.visible) and app.notice.words == "Ben's seat moved to another device"
        assert server.moved_seats() == [], "each move told once"
    finally:
        for client in (here, there, further):
            wait(client.close())
        loop.close()


def test_a_reload_or_a_second_tab_on_the_same_phone_is_no_move(app):
    session = bens_game(app)
    server, url = session.phone_server, ws_url(session.phone_server.links()[1])
    loop = asyncio.new_event_loop()
    wait = loop.run_until_complete

    async def client():
        return aiohttp.ClientSession()
    here = wait(client())
    try:
        first = wait(Phone(here, url, "bens-tab").open())
        key = wait(first.next("seated"))["key"]
        second = wait(Phone(here, url, "bens-tab").open())  # the same device, its own key, the same address
        assert wait(second.next("seated"))["key"] == key
        assert wait(first.next("lost"))["kind"] == "same_device"
        for _ in range(30):
            app.step(FRAME)
        assert not app.notice.visible and server.moved_seats() == []
    finally:
        wait(here.close())
        loop.close()


def test_in_the_lobby_too_the_tv_tells_of_a_seat_taken_with_a_copied_key(app):
    session = bens_game(app, start=False)
    url = ws_url(session.phone_server.links()[1])
    loop = asyncio.new_event_loop()
    wait = loop.run_until_complete

    async def sessions():
        return aiohttp.ClientSession(), elsewhere("127.0.0.2")
    here, there = wait(sessions())
    try:
        bens = wait(Phone(here, url, "bens-phone-in-the-lobby").open())
        wait(bens.next("seated"))
        copy = wait(Phone(there, url, "bens-phone-in-the-lobby").open())
        wait(copy.next("seated"))
        assert wait(bens.next("lost"))["kind"] == "moved"
        assert until(app, lambda: app.notice.visible) and app.notice.words == "Ben's seat moved to another device"
        assert not isinstance(app.scene, GameScreen), "told in the lobby"
    finally:
        for client in (here, there):
            wait(client.close())
        loop.close()
