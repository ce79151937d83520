"""Each seat's emblem: a simple animal's face drawn in code (scaled from a 24 × 24 box into any rect, at
the window's own pixels through ``paint``), on a disc of the seat's colour. In Tricks it is the picture
each player's 19-card set carries (the rules: "a sled dog, a dragon, ..."); the other games give each
seat the same faces, so a seat is told apart by its face as well as by its colour."""

import pygame

from game.i18n import N_
from scenes.screen import faces, paint, theme

DARK = (28, 30, 36)
WHITE = (250, 248, 240)
# (name, parts): a part is ("circle", (x, y), r, colour), ("ellipse", (x, y, w, h), colour) or
# ("polygon", [(x, y), ...], colour), in the 24 × 24 box
EMBLEMS = [
    (N_("sled dog"), [
        ("polygon", [(4, 3), (9, 8), (5, 11)], DARK), ("polygon", [(20, 3), (15, 8), (19, 11)], DARK),
        ("ellipse", (4, 6, 16, 15), (120, 124, 134)),
        ("polygon", [(12, 9), (8, 21), (16, 21)], WHITE),
        ("circle", (9, 11), 1.6, DARK), ("circle", (15, 11), 1.6, DARK),
        ("ellipse", (10, 16, 4, 3), DARK)]),
    (N_("dragon"), [
        ("polygon", [(6, 2), (9, 8), (5, 8)], (250, 214, 90)), ("polygon", [(18, 2), (19, 8), (15, 8)], (250, 214, 90)),
        ("polygon", [(4, 8), (20, 8), (21, 15), (16, 22), (8, 22), (3, 15)], (70, 150, 90)),
        ("polygon", [(8, 14), (16, 14), (14, 20), (10, 20)], (120, 196, 120)),
        ("polygon", [(6, 10), (10, 11), (6, 13)], (250, 214, 90)),
        ("polygon", [(18, 10), (14, 11), (18, 13)], (250, 214, 90)),
        ("circle", (10, 17), 0.9, DARK), ("circle", (14, 17), 0.9, DARK)]),
    (N_("owl"), [
        ("polygon", [(4, 3), (8, 7), (4, 9)], (120, 84, 50)), ("polygon", [(20, 3), (16, 7), (20, 9)], (120, 84, 50)),
        ("ellipse", (4, 5, 16, 17), (150, 106, 64)),
        ("circle", (9, 11), 3.6, WHITE), ("circle", (15, 11), 3.6, WHITE),
        ("circle", (9, 11), 1.7, DARK), ("circle", (15, 11), 1.7, DARK),
        ("polygon", [(11, 14), (13, 14), (12, 17)], (250, 190, 60))]),
    (N_("fox"), [
        ("polygon", [(3, 3), (10, 7), (6, 12)], (220, 100, 40)), ("polygon", [(21, 3), (14, 7), (18, 12)], (220, 100, 40)),
        ("polygon", [(3, 8), (21, 8), (12, 22)], (230, 112, 44)),
        ("polygon", [(5, 12), (11, 15), (12, 22)], WHITE), ("polygon", [(19, 12), (13, 15), (12, 22)], WHITE),
        ("circle", (9, 11), 1.4, DARK), ("circle", (15, 11), 1.4, DARK), ("circle", (12, 21), 1.5, DARK)]),
    (N_("whale"), [
        ("polygon", [(17, 12), (22, 6), (21, 12), (23, 17)], (60, 96, 150)),
        ("ellipse", (2, 7, 18, 12), (70, 110, 170)),
        ("ellipse", (4, 13, 13, 5), (190, 210, 230)),
        ("circle", (7, 11), 1.3, DARK),
        ("polygon", [(9, 6), (10, 2), (11, 6)], (190, 210, 230))]),
    (N_("bear"), [
        ("circle", (6, 6), 3.4, (84, 54, 32)), ("circle", (18, 6), 3.4, (84, 54, 32)),
        ("circle", (12, 13), 8.5, (112, 72, 42)),
        ("ellipse", (8, 14, 8, 6), (206, 170, 130)),
        ("circle", (9, 11), 1.4, DARK), ("circle", (15, 11), 1.4, DARK), ("ellipse", (10.5, 14.5, 3, 2), DARK)]),
]


def name(seat):
    """The emblem's name of a seat (to translate: ``_(name(seat))``)."""
    return EMBLEMS[seat % len(EMBLEMS)][0]


def seat_colour(seat):
    """The seat's own colour: the final chart's, none a card's colour."""
    return theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)]


def draw(surface, seat, rect, face=None):
    """The seat's emblem on a disc of its colour, fitted into rect (a square at its centre); FACE: the
    face its phone picked (phone.shapes.FACES) in the emblem's place, so the TV shows the player's own."""
    side = min(rect.width, rect.height)
    scale = side / 24.0
    left = rect.x + (rect.width - side) / 2
    top = rect.y + (rect.height - side) / 2
    centre = (left + side / 2, top + side / 2)
    paint.circle(surface, DARK, centre, side / 2)
    paint.circle(surface, seat_colour(seat), centre, side / 2 - max(1.0, scale * 0.8))
    inner = 0.78  # the face inside the disc's rim
    if face in faces.FACES:
        inset = side * (1 - inner) / 2
        faces.draw_face(surface, face, pygame.Rect(round(left + inset), round(top + inset),
                                                   round(side - 2 * inset), round(side - 2 * inset)))
        return
    x0, y0 = centre[0] - 12 * scale * inner, centre[1] - 12 * scale * inner
    s = scale * inner

    def at(x, y):
        return (x0 + x * s, y0 + y * s)
    for part in EMBLEMS[seat % len(EMBLEMS)][1]:
        kind, colour = part[0], part[-1]
        if kind == "circle":
            paint.circle(surface, colour, at(*part[1]), max(1.0, part[2] * s))
        elif kind == "ellipse":
            x, y, w, h = part[1]
            corner = at(x, y)
            paint.ellipse(surface, colour, (corner[0], corner[1], max(1.0, w * s), max(1.0, h * s)))
        else:
            paint.polygon(surface, colour, [at(x, y) for x, y in part[1]])


NAME_LEFT = 16 + 30 + 6  # where a seat box's name starts after its emblem


def seat_marks(surface, seat, height, top=6, size=30, emblem=True, face=None):
    """A seat box's own marks: a stripe of the seat's colour down its left edge and (EMBLEM) its emblem
    (or FACE, its phone's) at the top left; returns the x where the name may start."""
    paint.rect(surface, seat_colour(seat), (4, 8, 7, height - 16), border_radius=3)
    if not emblem:
        return 18
    draw(surface, seat, pygame.Rect(16, top, size, size), face)
    return 16 + size + 6
