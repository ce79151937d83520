"""pygame.draw's shapes for any surface a scene draws on: a plain surface is drawn on at once; a
``Picture`` or the window's ``Canvas`` (``scenes.screen.canvas``) also draws them at the window's own
pixels. Same names and arguments as pygame.draw (after the surface, positionally)."""

from scenes.screen.canvas import DRAW, Canvas, Picture


def _shape(surface, op, args):
    if isinstance(surface, (Picture, Canvas)):
        return surface.shape(op, args)
    return DRAW[op](surface, *args)


def rect(surface, color, rect, width=0, border_radius=0):
    return _shape(surface, "rect", (color, rect, width, border_radius))


def ellipse(surface, color, rect, width=0):
    return _shape(surface, "ellipse", (color, rect, width))


def arc(surface, color, rect, start_angle, stop_angle, width=1):
    return _shape(surface, "arc", (color, rect, start_angle, stop_angle, width))


def circle(surface, color, center, radius, width=0):
    return _shape(surface, "circle", (color, center, radius, width))


def line(surface, color, start_pos, end_pos, width=1):
    return _shape(surface, "line", (color, start_pos, end_pos, width))


def lines(surface, color, closed, points, width=1):
    return _shape(surface, "lines", (color, closed, points, width))


def polygon(surface, color, points, width=0):
    return _shape(surface, "polygon", (color, points, width))
