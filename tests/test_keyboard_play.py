"""Keyboard play: the arrow keys move a ring over the choices, number keys choose at once, Space
picks, Enter plays or confirms, through the same clicks the mouse makes."""

import pygame

from game import Seat
from scenes.app import App
from scenes.screen.settings import Settings
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, showing


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(FRAME)


def to_my_turn(app, phase, limit=20000):
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, GameScreen) and scene.idle and scene.session.my_turn() \
                and scene.state.phase == phase and app.scene_kind(scene.session) == scene.kind:
            app.step(FRAME)  # draw the targets
            return scene
        if getattr(scene, "on_continue", None):
            scene.on_continue()
        app.step(FRAME)
    raise AssertionError(f"never the person's {phase}")


def new_app(game_id, bots):
    app = App(Settings(speed="instant", bot_delay=0, seed=11))
    app.new_game(game_id, [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(bots)], keep=False)
    return app


def acts_by(state, seat):
    return [e for e in state.events if e["t"] == "act" and e["p"] == seat]


def test_arrows_move_the_ring_and_enter_plays_the_chosen_card():
    app = new_app("mlut", 3)
    screen = to_my_turn(app, "play")
    playable = showing(app).playable()
    press(app, pygame.K_RIGHT)
    first = screen.focus
    assert first is not None and first.startswith("card:")
    press(app, pygame.K_RIGHT)
    assert screen.focus != first, "the ring moves on"
    press(app, pygame.K_LEFT)
    assert screen.focus == first
    while screen.focus[5:] not in playable:
        press(app, pygame.K_RIGHT)
    card = screen.focus[5:]
    before = len(acts_by(screen.state, 0))
    press(app, pygame.K_RETURN)
    mine = acts_by(screen.state, 0)
    assert len(mine) == before + 1 and mine[-1]["a"] == {"play": card}


def test_a_number_key_chooses_and_a_refusal_is_said_as_for_a_click():
    app = new_app("mlut", 3)
    screen = to_my_turn(app, "play")
    choices = screen.choices()
    playable = showing(app).playable()
    wrong = next((i for i, n in enumerate(choices) if n[5:] not in playable and i < 9), None)
    if wrong is not None:
        before = len(screen.state.events)
        press(app, getattr(pygame, f"K_{wrong + 1}"))
        assert screen.hint and len(screen.state.events) == before, "refused with a reason, nothing played"
    right = next(i for i, n in enumerate(choices) if n[5:] in playable and i < 9)
    before = len(acts_by(screen.state, 0))
    press(app, getattr(pygame, f"K_{right + 1}"))
    assert len(acts_by(screen.state, 0)) == before + 1


def test_the_market_is_bought_from_with_a_number_and_enter():
    app = new_app("tricks", 2)
    screen = to_my_turn(app, "buy")
    legal = {a[1] for a in screen.state.legal_actions() if a[0] == "buy"}
    choices = screen.choices()
    index = next(i for i, n in enumerate(choices) if n.startswith("deck:") and int(n[5:]) in legal)
    press(app, getattr(pygame, f"K_{index + 1}"))
    assert showing(app).choice == int(choices[index][5:]), "chosen, waiting for the confirm"
    before = len(acts_by(screen.state, 0))
    press(app, pygame.K_RETURN)
    mine = acts_by(screen.state, 0)
    assert len(mine) == before + 1 and mine[-1]["a"] == {"buy": int(choices[index][5:])}
