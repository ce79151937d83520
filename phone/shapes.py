"""The small drawings phones and the TV share: the faces a phone picks when it joins the table (a sign
of its own beside its name) and the reactions a phone sends to pop up by its seat on the TV.

Each drawing is a list of parts in a 24 × 24 box: ``{"fill": "#rrggbb", "points": [[x, y], ...]}`` (a
filled polygon) or ``{"fill": ..., "circle": [x, y, r]}``. The TV draws them with pygame
(scenes.screen.emblems), the page as SVG from ``/p/shapes.js`` (``shapes_module``), so both show the
same picture from this one source. Each has a name (N_-marked: the page's label for a finger that
cannot see it, the TV's words beside it).

No pygame here, and no game: these belong to the table, whatever is played on it.
"""

import json
import math

from game.i18n import N_


def _hex(rgb):
    return "#%02x%02x%02x" % rgb


def _round(points):
    return [[round(x, 2), round(y, 2)] for x, y in points]


def polygon(rgb, points):
    return {"fill": _hex(rgb), "points": _round(points)}


def circle(rgb, x, y, r):
    return {"fill": _hex(rgb), "circle": [round(x, 2), round(y, 2), r]}


def arc(cx, cy, r, start, stop, steps=24):
    """Points on a circle from angle START to STOP (degrees; 0 is to the right, 90 downwards)."""
    return [(cx + r * math.cos(math.radians(start + (stop - start) * i / steps)),
             cy + r * math.sin(math.radians(start + (stop - start) * i / steps))) for i in range(steps + 1)]


def star(cx, cy, outer, inner, tips, turn=-90.0):
    points = []
    for i in range(tips * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180.0 / tips)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def heart():
    points = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((12 + x * 0.62, 11.2 - y * 0.62))
    return points


def crescent():
    """A moon: the circle round (12, 12) with the one round (16.5, 8.5) cut out of it."""
    outer, cut = (12.0, 12.0, 10.0), (16.5, 8.5, 8.5)

    def inside(point, c):
        return math.hypot(point[0] - c[0], point[1] - c[1]) < c[2]
    rim = [p for p in arc(*outer, 0, 360, 180) if not inside(p, cut)]
    hollow = [p for p in arc(*cut, 0, 360, 180) if inside(p, outer)]
    # the rim from one horn to the other, then the hollow back: start the rim after the gap the cut makes
    gap = max(range(len(rim)), key=lambda i: math.dist(rim[i - 1], rim[i]))
    rim = rim[gap:] + rim[:gap]
    hollow.sort(key=lambda p: math.atan2(p[1] - cut[1], p[0] - cut[0]) % (2 * math.pi))
    if math.dist(rim[-1], hollow[0]) > math.dist(rim[-1], hollow[-1]):
        hollow.reverse()
    return rim + hollow


def leaf():
    """A lens 22 long and 11 wide on the diagonal: the overlap of two circles."""
    r, d = 13.75, 8.25 / math.sqrt(2)
    half = math.degrees(math.acos(8.25 / r))
    top = arc(12 + d, 12 - d, r, 135 - half, 135 + half, 16)  # two arcs meeting at the leaf's ends
    bottom = arc(12 - d, 12 + d, r, 315 - half, 315 + half, 16)
    return top + bottom[1:-1]


def drop():
    return [(12, 1.5)] + arc(12, 14.5, 7.5, -30, 210, 24)


def flame(scale, dy=0.0):
    outline = [(12, 1), (15, 6), (18.5, 9), (19.5, 14), (18, 19), (14.5, 22.5), (9.5, 22.5), (6, 19),
               (4.5, 14), (6.5, 9.5), (8.5, 12), (9, 7)]
    return [(12 + (x - 12) * scale, 22.5 - (22.5 - y) * scale + dy) for x, y in outline]


DARK = (34, 30, 28)
YELLOW = (246, 202, 48)

#: The faces a phone may pick, in the order the page offers them: {id: (its name, its drawing)}.
#: Each has its own colour too, so two seats are told apart by either.
FACES = {
    "heart": (N_("Heart"), [polygon((240, 110, 170), heart())]),
    "moon": (N_("Moon"), [polygon((120, 165, 255), crescent())]),
    "sun": (N_("Sun"), [polygon((236, 140, 50), star(12, 12, 11.5, 7.5, 12)),
                        circle((250, 190, 90), 12, 12, 6.2)]),
    "leaf": (N_("Leaf"), [polygon((140, 215, 90), leaf())]),
    "drop": (N_("Drop"), [polygon((50, 200, 210), drop())]),
    "bolt": (N_("Bolt"), [polygon((250, 200, 60), [(14, 1), (4, 14), (11, 14), (9, 23), (20.5, 9), (13.5, 9),
                                                   (16.5, 1)])]),
    "flower": (N_("Flower"), [circle((170, 120, 240), 12 + 6.3 * math.cos(math.radians(a)),
                                     12 + 6.3 * math.sin(math.radians(a)), 4.8) for a in range(-90, 270, 72)]
               + [circle((250, 225, 120), 12, 12, 3.8)]),
    "gem": (N_("Gem"), [polygon((225, 232, 245), [(6, 3), (18, 3), (23, 9.5), (12, 22), (1, 9.5)]),
                        polygon((160, 190, 230), [(6, 3), (18, 3), (15, 9.5), (9, 9.5)])]),
}


def smiley(*features):
    return [circle(YELLOW, 12, 12, 10.5), *features]


def drop_at(x, y):
    return [(x, y - 2.6)] + arc(x, y + 0.6, 1.6, -20, 200, 10)


#: The reactions a phone may send, in the order the page offers them: {id: (its name, its drawing)}.
REACTIONS = {
    "bravo": (N_("Bravo!"), [polygon((250, 200, 60), star(12, 12, 11.5, 4.5, 8, -90)),
                             polygon((255, 240, 170), star(12, 12, 6, 2.6, 4, -45))]),
    "wow": (N_("Wow!"), smiley(circle(DARK, 8.3, 9, 1.7), circle(DARK, 15.7, 9, 1.7), circle(DARK, 12, 16, 3.3))),
    "haha": (N_("Ha ha!"), smiley(polygon(DARK, arc(8.3, 10, 2.4, 180, 360, 8) + arc(8.3, 10.6, 1.2, 360, 180, 8)),
                                  polygon(DARK, arc(15.7, 10, 2.4, 180, 360, 8) + arc(15.7, 10.6, 1.2, 360, 180, 8)),
                                  polygon(DARK, arc(12, 13, 6, 0, 180, 16)),
                                  polygon((120, 190, 255), drop_at(3.0, 12)),
                                  polygon((120, 190, 255), drop_at(21.0, 12)))),
    "fire": (N_("Hot!"), [polygon((236, 90, 40), flame(1.0)), polygon((250, 200, 60), flame(0.55))]),
    "nice": (N_("Nice!"), [polygon((46, 104, 220), [(2.5, 11), (7.5, 11), (7.5, 22), (2.5, 22)]),
                           polygon(YELLOW, [(9, 11), (12, 4.5), (13.2, 2.5), (15, 3), (15.5, 5), (14.5, 9.2),
                                            (20, 9.2), (21.6, 10.8), (21.2, 13), (20.5, 16.5), (19.6, 20.2),
                                            (18, 22), (9, 22)])]),
}


def shapes_module():
    """The page's module of these drawings (``/p/shapes.js``): ``export default {faces, reactions}``,
    each {id: {"name": its English name, "parts": [...]}} in the order offered."""
    data = {kind: {key: {"name": name, "parts": parts} for key, (name, parts) in table.items()}
            for kind, table in (("faces", FACES), ("reactions", REACTIONS))}
    return ("// made by phone/shapes.py: the faces and reactions the TV draws too\n"
            "export default " + json.dumps(data, separators=(",", ":")) + ";\n").encode("utf-8")
