"""Undo at the table: Ctrl+Z (or the pause box) takes back the person's last card and the bot moves
after it; the screen, its log and the person's turn come back from the moment before it."""

import pygame

from game import Seat
from scenes.app import App
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import FRAME, post_click, showing


def ctrl_z(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    app.step(FRAME)


def my_turn(app, limit=20000):
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, GameScreen) and scene.idle and scene.session.my_turn() \
                and scene.state.phase == "play" and app.scene_kind(scene.session) == scene.kind:
            app.step(FRAME)
            return scene
        app.step(FRAME)
    raise AssertionError("never the person's turn")


def mine(state):
    return [e for e in state.events if e["t"] == "act" and e["p"] == 0]


def test_ctrl_z_takes_back_the_last_card_and_the_bots_after_it():
    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(3)], keep=False)
    screen = my_turn(app)
    card = sorted(showing(app).playable())[0]
    post_click(app, f"card:{card}")
    screen = my_turn(app)
    played = len(mine(screen.state))
    log = list(screen.log.lines)
    ctrl_z(app)
    assert len(mine(screen.state)) == played - 1 and screen.session.my_turn()
    assert card in showing(app).shown["hand"], "the card is back in the hand"
    assert len(screen.log.lines) < len(log) and screen.log.lines == log[:len(screen.log.lines)]


def test_the_pause_box_offers_undo_only_alone_against_bots():
    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    app.new_game("mlut", [Seat("Anna"), Seat("Ben")] + [Seat(f"Bot {i}", "bot", "random") for i in range(2)],
                 keep=False)
    screen = app.scene
    screen.overlay = "pause"  # a screen laid over the game: it takes the keys and hands them on
    app.step(FRAME)
    assert "pause:undo" not in app.scene.targets
    ctrl_z(app)
    assert screen.hint, "refused with a reason"
