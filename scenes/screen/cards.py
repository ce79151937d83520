"""Card sprites drawn by the program: big values, and a symbol per colour for colour-blind players.

Every sprite is drawn once (at three times its size, then smoothed down for clean edges) and cached
by what it shows and its size; the scenes only blit.
"""

import math

import pygame

from game.i18n import N_

from scenes.screen import canvas, paint

from scenes.screen import theme

HAND = (84, 120)
TRICK = (92, 130)
PILE = (46, 64)
SMALL = (60, 86)

COLOURS = {"R": (212, 52, 52), "G": (36, 150, 76), "B": (46, 104, 220), "Y": (246, 202, 48),
           "X": (138, 138, 150)}
SUITS = ("R", "G", "B", "Y")  # the four colours the games' cards come in (grey is one card's own)
NAMES = {"R": N_("red"), "G": N_("green"), "B": N_("blue"), "Y": N_("yellow"), "X": N_("grey")}  # shown: _(NAMES[c])
SHAPES = {"R": "circle", "G": "triangle", "B": "square", "Y": "star", "X": "ring"}
EDGE = (16, 18, 22)
BACK = (34, 44, 92)
BACK_LINE = (70, 86, 150)
CHIP_NOTCHES = 8  # white marks round a count chip's edge (a drawing choice, not a rule)
SUPER = 3  # drawn this many times larger, then smoothed down
BIG_SPRITE = 160  # from this many pixels on, twice larger is smooth enough (and a 4K hand draws at once)


def drawing_scale(size, scale):
    """(k, unit) for a sprite drawn at size for a window at scale: drawn k times larger, then smoothed
    down; unit(n) is n pixels of the base size in the large drawing, so lines and rims keep their
    share of the sprite at every scale."""
    k = SUPER if scale == 1 or max(size) < BIG_SPRITE else 2

    def unit(n):
        return max(1, round(n * k * scale))
    return k, unit

_cache = {}
_options = {"symbols": True}  # the colour symbols on card faces (a setting, for colour-blind players)


def set_symbols(on):
    """Show or hide the colour symbols on card faces; drawn sprites are forgotten when it changes."""
    if _options["symbols"] != bool(on):
        _options["symbols"] = bool(on)
        _cache.clear()
        canvas.forget()


def _sprite(key, size, draw):
    """The cached sprite key, drawn by draw(size, scale) at size; at another scale drawn again at its
    size there (so a card on a 4K screen is drawn at 4K, not blown up)."""
    surf = _cache.get(key)
    if surf is None:
        surf = _cache[key] = draw(size, 1)
        canvas.register(surf, (key, _options["symbols"]),
                        lambda scale: draw(canvas.scaled_size(size, scale), scale))
    return surf


def ink_on(colour):
    """The text colour that reads best on a card of this colour."""
    return EDGE if colour == "Y" else (255, 255, 255)


def star_points(cx, cy, r, points=5, inner=0.45):
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def draw_shape(surface, colour, center, r, fill, edge=None, edge_w=0):
    """The colour's symbol: red circle, green triangle, blue square, yellow star, grey ring."""
    cx, cy = center
    shape = SHAPES[colour]
    if shape == "circle":
        if edge:
            paint.circle(surface, edge, center, r + edge_w)
        paint.circle(surface, fill, center, r)
        return
    if shape == "ring":
        if edge:
            paint.circle(surface, edge, center, r + edge_w, max(2, r // 2) + 2 * edge_w)
        paint.circle(surface, fill, center, r, max(2, r // 2))
        return
    if shape == "triangle":
        pts = [(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)]
    elif shape == "square":
        s = r * 0.88
        pts = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    else:
        pts = star_points(cx, cy, r * 1.15)
    if edge:
        paint.polygon(surface, edge, pts, 0)
        paint.polygon(surface, edge, pts, edge_w * 2)
    paint.polygon(surface, fill, _shrink(pts, center, edge_w) if edge else pts)


def _shrink(pts, center, by):
    out = []
    for x, y in pts:
        dx, dy = x - center[0], y - center[1]
        d = math.hypot(dx, dy) or 1
        out.append((x - dx / d * by, y - dy / d * by))
    return out


def _smooth(big, size):
    return pygame.transform.smoothscale(big, size).convert_alpha()


def _body(size, fill, k, unit, edge=EDGE):
    w, h = size[0] * k, size[1] * k
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = int(w * 0.11)
    paint.rect(big, edge, big.get_rect(), border_radius=radius)
    inset = unit(8 / SUPER)
    paint.rect(big, fill, big.get_rect().inflate(-inset, -inset), border_radius=radius - unit(2 / SUPER))
    return big


def _draw_face(card, size, scale=1):
    colour, value = card[0], card[1:]
    fill = COLOURS[colour]
    ink = ink_on(colour)
    rim = (255, 255, 255) if colour == "Y" else EDGE
    k, unit = drawing_scale(size, scale)
    big = _body(size, fill, k, unit)
    w, h = big.get_size()
    # a lighter inner frame gives the card an edge against same-coloured neighbours
    lighter = tuple(min(255, c + 40) for c in fill)
    paint.rect(big, lighter, big.get_rect().inflate(-int(w * 0.14), -int(h * 0.1)), unit(2),
               border_radius=int(w * 0.08))
    corner = theme.outlined(value, int(h * 0.15), ink, rim, unit(1), True)
    big.blit(corner, (int(w * 0.09), int(h * 0.035)))
    if _options["symbols"]:
        draw_shape(big, colour, (int(w * 0.09) + corner.get_width() // 2, int(h * 0.25)), int(h * 0.045), ink, rim,
                   unit(1))
    centre = theme.outlined(value, int(h * 0.38), ink, rim, unit(2), True)
    big.blit(centre, centre.get_rect(center=(w // 2, int(h * 0.50))))
    if _options["symbols"]:
        draw_shape(big, colour, (w // 2, int(h * 0.81)), int(h * 0.085), ink, rim, unit(1))
    return _smooth(big, size)


def _draw_back(size, scale=1):
    k, unit = drawing_scale(size, scale)
    big = _body(size, BACK, k, unit)
    w, h = big.get_size()
    inner = big.get_rect().inflate(-int(w * 0.16), -int(w * 0.16))
    clip = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(6, int(w * 0.14))
    for x in range(-inner.height, inner.width + inner.height, step):
        paint.line(clip, BACK_LINE, (x, 0), (x + inner.height, inner.height), unit(1))
        paint.line(clip, BACK_LINE, (x + inner.height, 0), (x, inner.height), unit(1))
    big.blit(clip, inner)
    paint.rect(big, BACK_LINE, inner, unit(2), border_radius=int(w * 0.06))
    return _smooth(big, size)


def face(card, size=HAND):
    return _sprite(("face", card, tuple(size)), tuple(size), lambda at, scale: _draw_face(card, at, scale))


def back(size=HAND):
    return _sprite(("back", tuple(size)), tuple(size), _draw_back)


def _draw_dimmed(card, size, scale=1):
    whole = _draw_face(card, size, scale)
    surf = whole.copy()
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 150))
    surf.blit(veil, (0, 0))
    mask = pygame.mask.from_surface(whole)  # keep the rounded corners clear
    return mask.to_surface(setsurface=surf, unsetcolor=(0, 0, 0, 0)).convert_alpha()


def dimmed(card, size=HAND):
    """The face under a dark veil: a card that may not be played now."""
    return _sprite(("dim", card, tuple(size)), tuple(size), lambda at, scale: _draw_dimmed(card, at, scale))


def squeezed(surf_key, surf, frac):
    """A sprite narrowed to frac of its width (a card turning over); cached in 1/12 steps."""
    step = max(1, round(frac * 12))

    def draw(size, scale=None):
        whole = surf if scale is None else canvas.at(surf, scale) or surf
        w, h = whole.get_size()
        return pygame.transform.smoothscale(whole, (max(1, w * step // 12), h))
    key = ("squeeze", surf_key, step)
    out = _cache.get(key)
    if out is None:
        out = _cache[key] = draw(None)
        canvas.register(out, (key, _options["symbols"]), lambda scale: draw(None, scale))
    return out


def sized(card, size):
    """A face or (card None) a back at an in-between size, for cards that grow or shrink in flight."""
    return face(card, size) if card else back(size)


def symbol(colour, diameter, fill=None, edge=EDGE):
    """The colour's symbol alone, in its own colour unless fill is given (for banners, dialogs)."""
    def draw(size, scale):
        k, unit = drawing_scale(size, scale)
        d = size[0] * k
        big = pygame.Surface((d, d), pygame.SRCALPHA)
        rim = unit(1) if diameter < 30 else unit(2)  # a thinner rim keeps small symbols crisp
        draw_shape(big, colour, (d // 2, d // 2 + d // 20), int(d * 0.36), fill or COLOURS[colour], edge, rim)
        return _smooth(big, size)
    return _sprite(("symbol", colour, diameter, fill, edge), (diameter, diameter), draw)


def count_words(count):
    """A collected count in words as the piles show it: "×2", never a bare number a card could wear."""
    return f"×{count}"


def chip(colour, diameter, hidden=False, empty=False):
    """A round counter in a colour (not a card: no corners, no value), its symbol in the middle; hidden
    (a minus colour): dark like a card back, rimmed and marked in the colour; empty: a faint ring."""
    def draw(size, scale):
        k, unit = drawing_scale(size, scale)
        d = size[0] * k
        big = pygame.Surface((d, d), pygame.SRCALPHA)
        c = (d // 2, d // 2)
        r = d // 2 - unit(1)
        tone = COLOURS[colour]
        if empty:
            paint.circle(big, (0, 0, 0, 70), c, r)
            paint.circle(big, (*tone, 200), c, r, unit(2))
            mark = (*tone, 150)
        else:
            paint.circle(big, EDGE, c, r)
            paint.circle(big, BACK if hidden else tone, c, r - unit(2))
            rim = tone if hidden else ((255, 255, 255) if colour != "Y" else EDGE)
            for n in range(CHIP_NOTCHES):  # the notches of a gaming chip round its edge
                a0 = n * 2 * math.pi / CHIP_NOTCHES
                paint.arc(big, rim, pygame.Rect(0, 0, 2 * r - unit(4), 2 * r - unit(4)).move(
                    c[0] - r + unit(2), c[1] - r + unit(2)), a0, a0 + math.pi / 8, unit(3))
            mark = tone if hidden else ink_on(colour)
        draw_shape(big, colour, (c[0], c[1] + d // 40), int(d * 0.19), mark, None if empty else EDGE,
                   0 if empty else unit(1))
        return _smooth(big, size)
    return _sprite(("chip", colour, diameter, hidden, empty), (diameter, diameter), draw)


def pile(colour, count, size=PILE, hidden=False, plus=False):
    """What a seat collected of a colour, shown as a count, not as a card: a chip in the colour with
    its symbol and "×count" under it. Face down (a minus colour) the chip is dark with the colour's rim
    and symbol, so everyone knows which minus pile it is. Nothing collected: a faint ring and "×0"."""
    key = ("pile", colour, count, size, hidden, plus)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = canvas.Picture((w, h + 12))
    top = 12
    empty = count == 0 and not hidden
    diameter = min(w - 6, h - 26)
    disc = chip(colour, diameter, hidden, empty)
    surf.blit(disc, disc.get_rect(midtop=(w // 2, top)))
    ink = theme.INK_DIM if empty else theme.INK
    # the count read from the sofa: as large as the pile's width allows ("×12")
    num = theme.outlined(count_words(count), max(theme.READABLE, int(h * 0.34)), ink, EDGE, 2, True)
    surf.blit(num, num.get_rect(midbottom=(w // 2, h + 12)))
    if plus:
        tag = theme.outlined("+", 22, theme.GOLD, EDGE, 2, True)
        surf.blit(tag, tag.get_rect(center=(w - 6, 10)))
    elif hidden:
        tag = theme.outlined("−", 22, (230, 230, 230), EDGE, 2, True)
        surf.blit(tag, tag.get_rect(center=(w - 6, 10)))
    surf = _cache[key] = surf.convert_alpha()
    return surf


def warm(cards, sizes=(HAND, TRICK)):
    """Draw the sprites of these cards now (also at the window's scale), so the first frames of a round
    do not stutter."""
    scale = canvas.window_scale[0]
    for size in sizes:
        sprites = [back(size)] + [face(c, size) for c in cards]
        if scale != 1:
            for sprite in sprites:
                canvas.at(sprite, scale)


def cache_size():
    return len(_cache)
