"""Driving the app in tests as a person would: real mouse events at the rects the scenes drew."""

import random

import pygame

FRAME = 1 / 60


def post_click(app, name, dt=FRAME):
    """Move to, press and release on the centre of the named target, then run one frame of DT."""
    rect = app.scene.targets[name]
    pos = app.to_window(rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(dt)


def click(app, name, dt=FRAME):
    """post_click after drawing one frame first, so the targets are those on screen."""
    app.step(dt)
    post_click(app, name, dt)


def showing(app):
    """What is on screen: the current board of a game screen (it reads the session, the targets and
    the script through its screen), else the scene itself (a menu, a score sheet)."""
    scene = app.scene
    return getattr(scene, "board", scene)


def play_until(app, table, wanted, limit=40000):
    """Step the app; the person at the screen plays random legal moves until wanted(table) holds at an
    idle moment (round scores are clicked on, the Tricks bid reveal goes on to the tricks). False at
    the game's end or the limit."""
    from scenes.boards.scoreboard import ScoreboardScene
    rng = random.Random(4)
    for _ in range(limit):
        if isinstance(app.scene, ScoreboardScene):
            if app.scene.final:
                return False
            app.scene.click("continue")
        elif app.scene is table and getattr(table.board, "reveal_open", lambda: False)():
            table.board.go_to_tricks()  # the Tricks bids are shown: on to the tricks
        elif app.scene is table and table.idle and wanted(table):
            app.step(0)
            return True
        elif app.scene is table and table.idle and table.session.my_turn() and not table.session.needs_handoff():
            legal = table.state.legal_actions()
            table.session.try_action(legal[rng.randrange(len(legal))])
        app.step(FRAME)
    return False
