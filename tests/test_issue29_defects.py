"""Defects of issue 29 a newcomer hit, each driven by real keys and clicks through the app."""

import time

import pygame
import pytest

from game import Seat
from scenes.app import App
from scenes.screen import coach
from scenes.screen.session import Session
from scenes.screen.settings import Settings
from tests.app_driver import FRAME, post_click


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(coach, "BUDGET", {"iterations": 12})  # a tiny search: the test is about the display
    return App(Settings(speed="instant", bot_delay=0, seed=20240611))


def seats(kinds):
    return [Seat(f"P{i}", kind, "random" if kind == "bot" else None) for i, kind in enumerate(kinds)]


def press(app, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


# --- 1. the Hint shows in the Tricks bids ----------------------------------------------------------
def to_own_bid(app):
    """Frames (with the hand-off clicked when it asks) until a person at the screen bids."""
    scene = app.scene
    session = scene.session
    for _ in range(5000):
        app.step(FRAME)
        if scene.idle and session.needs_handoff() and "handoff" in scene.targets:
            post_click(app, "handoff")
        elif scene.idle and session.my_turn() and session.state.phase == "bid" and "coach" in scene.targets:
            return scene
        elif scene.idle and session.my_turn() and session.state.phase != "bid":
            scene.act(session.state.legal_actions()[0])
    raise AssertionError("no bid of a person at the screen")


def wait_for_hint(app, scene):
    deadline = time.time() + 10
    while scene.coach.thinking and time.time() < deadline:
        app.step(FRAME)
        time.sleep(0.002)
    app.step(FRAME)


@pytest.mark.parametrize("kinds,how", [
    (["human", "bot", "bot"], "key"),       # solo, the H key
    (["human", "human", "bot"], "button"),  # hot seat, the Hint button
])
def test_the_hint_shows_a_bar_over_every_hand_card_one_may_bid(app, kinds, how):
    app.start_game(Session.new("tricks", seats(kinds), 5))
    scene = to_own_bid(app)
    if how == "key":
        press(app, pygame.K_h)
    else:
        post_click(app, "coach")
    wait_for_hint(app, scene)
    assert scene.coach.values  # the search answered: now it must be seen
    hand = scene.board.hand_rects
    bids = {a[1] for a in scene.state.legal_actions()}
    for card in bids:
        rect = hand[card]
        bars = [r for r, words in scene.tips if words.endswith(scene.coach.meaning())
                and r.bottom <= rect.top and r.left >= rect.left - 8 and r.right <= rect.right + 8]
        assert bars, f"no hint bar over {card}"
