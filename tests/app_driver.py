"""Driving the app in tests as a person would: real mouse events at the rects the scenes drew."""

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
