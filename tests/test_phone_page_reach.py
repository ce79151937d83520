"""The phone page for a finger and for a person who wonders what is going on, in a real browser
(Debian's chromium, as in test_phone_browser):

- every tappable target (a card, a button, a task tile) is at least 44 × 44 CSS px at 360×640 and at
  390×844, in every phase a phone met while playing (a Mit List und Tücke pick, the Tricks market, the
  Was sticht? task draft and task choice), and the page never scrolls sideways;
- in the lobby the page says whose seat it holds and that it waits for the host to start;
- a lost connection is told as such (with the tries so far and a button), apart from the first connect,
  and the page plays on once the table answers again;
- a host who leaves an unfinished game is told apart from a game that ended.

Screenshots go to SHOTS, as in test_phone_browser.
"""

import time

import pygame
import pytest

from game import Seat
from scenes.app import App
from scenes.menus.lobby import LobbyScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import click
from phone_helpers import GameThread, join_lobby, new_state
from test_phone_browser import TAP, body, browsers, open_seat, shot, wait_for  # noqa: F401 - browsers: a fixture

pytestmark = pytest.mark.slow  # every test drives Debian's Chromium

SIZES = ((360, 640), (390, 844))
FINGER = 44  # CSS px a finger needs, both ways
FRAME = 1 / 60

# Every visible target a finger may aim at (and every task tile): [what, width, height], and whether
# the page is wider than the screen (a sideways scroll).
MEASURE = """
const found = [];
for (const e of document.querySelectorAll(".tap, button, .task")) {
  if (e.closest("[hidden]") || getComputedStyle(e).display === "none") continue;
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) continue;
  const what = (e.dataset.card || e.dataset.action || e.id || e.className) + " " + e.textContent.slice(0, 30);
  found.push([what, r.width, r.height]);
}
const doc = document.documentElement;
return {targets: found, wide: doc.scrollWidth > doc.clientWidth, scroll: [doc.scrollWidth, doc.clientWidth]};
"""

# What must have been measured (at both sizes) before a game's test ends: the phases of the defect.
WANTED = {"mlut": {"pick"}, "tricks": {"buy"}, "wassticht": {"task_draft", "task_choice"}}
PHONE_SEAT = {"mlut": (4, 0), "tricks": (3, 1), "wassticht": (4, 0)}


def resize(driver, size):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})


@pytest.mark.parametrize("game_id", ["mlut", "tricks", "wassticht"])
def test_every_tap_target_is_a_fingers_size_at_both_phone_sizes(browsers, game_id):
    players, seat = PHONE_SEAT[game_id]
    state = new_state(game_id, players, seed=3)
    with GameThread(state, [seat], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=3) as game:
        driver = browsers(SIZES[0])
        open_seat(driver, game, seat)
        measured, small, shots = set(), [], set()
        last, moves = "", 0
        deadline = time.monotonic() + 120
        while not WANTED[game_id] <= measured:
            assert time.monotonic() < deadline, f"never met {WANTED[game_id] - measured}; measured {measured}"
            wait_for(driver, "return document.body.dataset.turn === '1' || document.body.dataset.phase === 'over'",
                     timeout=20)
            phase = body(driver, "phase")
            assert phase != "over", f"the game ended before {WANTED[game_id] - measured} came"
            for size in SIZES:
                resize(driver, size)
                seen = driver.execute_script(MEASURE)
                assert not seen["wide"], (size, phase, seen["scroll"])
                assert seen["targets"], (size, phase)
                small += [(size, phase, *t) for t in seen["targets"] if t[1] < FINGER or t[2] < FINGER]
                if size == SIZES[0] and phase in WANTED[game_id] and phase not in shots:
                    shots.add(phase)
                    shot(driver, f"reach_{game_id}_{phase}_{size[0]}x{size[1]}")
            resize(driver, SIZES[0])
            measured.add(phase)
            answer = driver.execute_async_script(TAP, last, 7 + moves, sorted(["play", phase, *measured]))
            assert not answer.startswith(("status:", "timeout:")), answer
            last, moves = answer, moves + 1
            wait_for(driver, f"return document.body.dataset.moment !== '{answer}'", timeout=20)
        assert not small, f"{len(small)} targets smaller than {FINGER} px, e.g. {small[:6]}"


def lobby_app(game_id="mlut"):
    app = App(Settings(speed="instant", bot_delay=0, seed=7))
    app.port = 0
    app.phone_server_options = {"host": "127.0.0.1", "rate": 1000, "burst": 1000}
    seats = [Seat("Anna", "human")] + [Seat(n, "bot", "random") for n in ("Ben", "Carla", "David")]
    app.new_game(game_id, seats, phones={0})
    assert isinstance(app.scene, LobbyScene)
    return app


def test_the_lobby_says_whose_seat_the_phone_holds_and_a_host_who_leaves_the_game_is_told(browsers):
    app = lobby_app()
    try:
        driver = browsers(SIZES[0])
        join_lobby(app, driver)
        wait_for(driver, "return document.body.dataset.status === 'lobby'")
        banner = driver.find_element("id", "banner").text
        assert banner == "You are Anna at the table", banner
        page = driver.find_element("id", "app").text
        assert "Waiting for the host to start" in page and "Connecting" not in page, page
        assert not driver.find_element("id", "overlay").is_displayed()
        shot(driver, "reach_lobby_360x640")

        click(app, "start")
        screen = app.scene
        assert isinstance(screen, GameScreen)
        for _ in range(30):
            app.step(FRAME)
        wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
        assert not driver.find_element("id", "overlay").is_displayed()
        assert "You are" not in driver.find_element("id", "banner").text

        # the host leaves the unfinished game by the pause box (Esc, then Leave game)
        assert not screen.session.state.is_over
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                             scancode=0))
        app.step(FRAME)
        assert screen.overlay == "pause", screen.overlay
        click(app, "pause:menu")
        assert not screen.session.phone_server.running
        wait_for(driver, "return document.body.dataset.status === 'host_left'")
        overlay = driver.find_element("id", "overlay").text
        assert "The host left the game" in overlay and "not finished" in overlay, overlay
        assert "has ended" not in overlay, overlay
        assert not driver.find_element("id", "hand").is_displayed()  # the hand no longer plays
        shot(driver, "reach_host_left_360x640")
    finally:
        app.quit()


def test_a_lobby_the_host_closes_is_told_as_a_lobby_closed(browsers):
    app = lobby_app("tricks")
    try:
        driver = browsers(SIZES[1])
        join_lobby(app, driver)
        wait_for(driver, "return document.body.dataset.status === 'lobby'")
        click(app, "back")
        wait_for(driver, "return document.body.dataset.status === 'host_closed'")
        overlay = driver.find_element("id", "overlay").text
        assert "The host closed the lobby" in overlay and "did not start" in overlay, overlay
    finally:
        app.quit()


def test_a_lost_connection_is_told_with_its_tries_and_a_button_and_the_page_plays_on(browsers):
    state = new_state("mlut", 4, seed=5)
    with GameThread(state, [0], bot="easy") as game:
        driver = browsers(SIZES[0])
        open_seat(driver, game, 0)
        server = game.server
        tokens = server.tokens
        server.tokens = {}  # the link answers no more (as a table that is gone) ...
        server._call(server._gate.close_all)  # ... and every connection breaks off, unannounced
        wait_for(driver, "return document.body.dataset.status === 'reconnecting'")
        wait_for(driver, "return /Tried [2-9] times/.test(document.getElementById('overlay-text').textContent)")
        overlay = driver.find_element("id", "overlay")
        assert overlay.is_displayed()
        assert "Connection lost, reconnecting" in overlay.text and "Connecting to the table" not in overlay.text
        retry = driver.find_element("id", "overlay-retry")
        assert retry.is_displayed() and retry.text == "Try again now"
        rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", retry)
        assert min(rect) >= FINGER, rect
        shot(driver, "reach_reconnecting_360x640")

        server.tokens = tokens  # the table answers again: a tap tries at once, and the seat is back
        retry.click()
        wait_for(driver, "return document.body.dataset.status === 'play'", timeout=3)
        assert not driver.find_element("id", "overlay").is_displayed()
        assert server.joined(0) and server.pending_takeovers() == []


def test_the_first_connect_is_told_apart_from_a_lost_connection(browsers):
    """A page whose table never answered says it is connecting (and how often it tried), never that a
    connection was lost."""
    state = new_state("mlut", 4, seed=5)
    with GameThread(state, [0], bot="easy") as game:
        driver = browsers(SIZES[0])
        server = game.server
        bounds = server.bounds
        server.bounds = (*bounds[:2], 0)  # no WebSocket on a seat's link (503), but the page is served
        driver.get(server.links()[0])
        wait_for(driver, "return /Tried [2-9] times/.test(document.getElementById('overlay-text').textContent)")
        assert body(driver, "status") == "connecting"
        overlay = driver.find_element("id", "overlay").text
        assert "Connecting to the table" in overlay and "lost" not in overlay, overlay
        shot(driver, "reach_first_connect_360x640")
        server.bounds = bounds
        driver.find_element("id", "overlay-retry").click()
        wait_for(driver, "return document.body.dataset.status === 'play'", timeout=3)
