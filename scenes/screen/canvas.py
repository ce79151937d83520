"""Drawing at the window's own pixels from one set of base coordinates (1280×720).

Scenes draw in base coordinates, as always. What they draw on is one of three things:

- a plain ``pygame.Surface`` (the window itself when it is exactly the base size; tests): drawn at once;
- a ``Picture``: a cached sprite that a scene composes (a seat's box, the felt, a task tile). It is a
  real surface of its base size, drawn at once, and it keeps the list of what was drawn on it, so it
  can be drawn again at any scale, crisp (``Picture.at``);
- the window's ``Canvas`` when the window is not the base size: every call is turned into window
  pixels as it comes (positions and line widths scaled, words rendered again at the size they are
  seen, sprites drawn again at their size) and kept; at the end of the frame only what differs from the
  last frame is drawn again (``Canvas.flush``) and only those rectangles are sent to the display.

Surfaces made elsewhere that know how to draw themselves at another scale (words, card faces) are
told here with ``register``; anything else is smoothed to its size as a last resort (``fallbacks``
counts those; a test keeps it at zero on the busy 4K table).
"""

import contextlib
import math
import weakref
from collections import OrderedDict

import pygame

# --- what can draw itself again at another scale -------------------------------------------------
_makers = weakref.WeakKeyDictionary()  # base surface -> (key, make(scale) -> surface at that scale)
_made = OrderedDict()  # (key, scale) -> surface, least recently used first
_made_pixels = [0]
MADE_PIXEL_LIMIT = 40_000_000  # some 160 MB of sprites at the window's size (4K words and cards)
fallbacks = [0]  # surfaces drawn at another scale by smoothing, the last resort
converting = [None]  # told of each Picture converted (the layout guard, while it records)
drawing_on = [None]  # told of each blit onto a Picture (the layout guard, while it records: what size words are)
window_scale = [1.0]  # the window's pixels per base pixel (the app sets it), for drawing sprites ahead


def register(surface, key, make):
    """surface (drawn at base size) can be drawn at scale s by make(s); key names it (a hashable that
    equals for every surface that shows the same thing)."""
    _makers[surface] = (key, make)
    return surface


def scale_key(scale):
    return round(scale, 5)


def at(source, scale):
    """source drawn at scale (its pixels, sized for the window), or None if it cannot say how."""
    if isinstance(source, Picture):
        return source.at(scale)
    found = _makers.get(source)
    if found is None:
        return None
    return made_once((found[0], scale_key(scale)), lambda: found[1](scale))


def made_once(key, make):
    """make() once per key, kept while the kept ones' pixels stay within MADE_PIXEL_LIMIT (the least
    recently used go first)."""
    made = _made.get(key)
    if made is None:
        made = _made[key] = make()
        _made_pixels[0] += made.get_width() * made.get_height()
        while _made_pixels[0] > MADE_PIXEL_LIMIT and len(_made) > 1:
            _, old = _made.popitem(last=False)
            _made_pixels[0] -= old.get_width() * old.get_height()
    else:
        _made.move_to_end(key)
    return made


def forget():
    """Drop every surface drawn at another scale (the fonts died, the card symbols changed)."""
    _made.clear()
    _made_pixels[0] = 0


def scaled_size(size, scale):
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))


# pygame's drawing functions by name; every shape's arguments are in their order, after the surface
DRAW = {"rect": pygame.draw.rect, "ellipse": pygame.draw.ellipse, "arc": pygame.draw.arc,
        "circle": pygame.draw.circle, "line": pygame.draw.line, "lines": pygame.draw.lines,
        "polygon": pygame.draw.polygon}


# --- base coordinates to pixels --------------------------------------------------------------------
class Mapping:
    """Base coordinates to pixels: scale, then shift by offset."""

    def __init__(self, scale, offset=(0, 0)):
        self.scale = scale
        self.offset = offset

    def x(self, x):
        return self.offset[0] + round(x * self.scale)

    def y(self, y):
        return self.offset[1] + round(y * self.scale)

    def point(self, p):
        return self.x(p[0]), self.y(p[1])

    def rect(self, r):
        r = pygame.Rect(r)
        left, top = self.x(r.x), self.y(r.y)
        return pygame.Rect(left, top, self.x(r.right) - left, self.y(r.bottom) - top)

    def length(self, n, least=1):
        return max(least, round(n * self.scale)) if n else 0

    def base_rect(self, r):
        """Pixels back to the base rect that holds them."""
        s = self.scale
        left = math.floor((r[0] - self.offset[0]) / s)
        top = math.floor((r[1] - self.offset[1]) / s)
        right = math.ceil((r[0] + r[2] - self.offset[0]) / s)
        bottom = math.ceil((r[1] + r[3] - self.offset[1]) / s)
        return pygame.Rect(left, top, right - left, bottom - top)


def pixel_blit(source, dest, area, flags, mapping, align="center"):
    """(surface, position, area, flags, drawn rect) of a blit of source at base dest, in pixels.
    Drawn again at another size, a sprite may come out a pixel or two wider or narrower than its
    scaled place (words: the font's sizes are whole): it keeps its left or right edge, or its centre
    (align), and its vertical centre."""
    w, h = (area[2], area[3]) if area is not None else source.get_size()
    spot = mapping.rect((dest[0], dest[1], w, h))
    made = at(source, mapping.scale)
    if made is None:
        fallbacks[0] += 1
        part = source.subsurface(area) if area is not None else source
        made = pygame.transform.smoothscale(part, (max(1, spot.width), max(1, spot.height)))
        area = None
    elif area is not None:
        area = Mapping(mapping.scale).rect(area)
    alpha = source.get_alpha()
    if alpha is not None and alpha != 255 and made.get_alpha() != alpha and not isinstance(source, Picture):
        made = made.copy()
        made.set_alpha(alpha)
    size = (area[2], area[3]) if area is not None else made.get_size()
    if size == spot.size:
        pos = spot.topleft
    else:
        x = spot.left if align == "left" else spot.right - size[0] if align == "right" else spot.centerx - size[0] // 2
        pos = (x, spot.centery - size[1] // 2)
    return made, pos, area, flags, pygame.Rect(pos, size)


def _pad(rect, width):
    return rect.inflate(2 * width + 4, 2 * width + 4)


def _points_rect(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def pixel_shape(op, args, mapping):
    """(pygame.draw function, its arguments after the surface, drawn rect) for a shape in base
    coordinates."""
    m = mapping
    if op == "rect":
        colour, rect, width, radius = args
        r = m.rect(rect)
        w = m.length(width)
        return pygame.draw.rect, (colour, r, w, m.length(radius, 0) if radius > 0 else radius), _pad(r, w)
    if op == "ellipse":
        colour, rect, width = args
        r = m.rect(rect)
        w = m.length(width)
        return pygame.draw.ellipse, (colour, r, w), _pad(r, w)
    if op == "arc":
        colour, rect, a0, a1, width = args
        r = m.rect(rect)
        w = m.length(width)
        return pygame.draw.arc, (colour, r, a0, a1, w), _pad(r, w)
    if op == "circle":
        colour, center, radius, width = args
        c = m.point(center)
        r = m.length(radius)
        w = m.length(width)
        return pygame.draw.circle, (colour, c, r, w), _pad(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), w)
    if op == "line":
        colour, a, b, width = args
        pa, pb = m.point(a), m.point(b)
        w = m.length(width)
        return pygame.draw.line, (colour, pa, pb, w), _pad(_points_rect([pa, pb]), w)
    if op == "lines":
        colour, closed, points, width = args
        pts = [m.point(p) for p in points]
        w = m.length(width)
        return pygame.draw.lines, (colour, closed, pts, w), _pad(_points_rect(pts), w)
    if op == "polygon":
        colour, points, width = args
        pts = [m.point(p) for p in points]
        w = m.length(width)
        return pygame.draw.polygon, (colour, pts, w), _pad(_points_rect(pts), w)
    raise ValueError(f"no such shape: {op}")


def pixel_fill(rect, mapping, whole):
    """The pixels a fill of base rect covers (None: the whole picture, of base size whole)."""
    return mapping.rect(rect if rect is not None else ((0, 0), whole))


def stretched(surface, source, rect):
    """source drawn stretched over the base rect (a card growing in flight, a title popping): from its
    pixels at the surface's scale, so it stays crisp."""
    rect = pygame.Rect(rect)
    if isinstance(surface, Canvas):
        return surface.blit_stretched(source, rect)
    return surface.blit(pygame.transform.smoothscale(source, (max(1, rect.width), max(1, rect.height))), rect)


# --- a sprite that can be drawn again at any scale -------------------------------------------------
class Picture(pygame.Surface):
    """A surface of base size that remembers what was drawn on it, to draw it again at any scale.

    Use it where a scene composes a sprite of its own (``Picture(size)`` where it made a
    ``pygame.Surface(size, pygame.SRCALPHA)``); draw on it with ``blit``, ``fill`` and ``paint``."""

    def __init__(self, size, alpha=True):
        super().__init__((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA if alpha else 0)
        self.alpha = alpha
        self.commands = []
        self.version = 0

    def changed(self, command):
        self.commands.append(command)
        self.version += 1

    def blit(self, source, dest, area=None, special_flags=0, align="center"):
        self.changed(("blit", source, tuple(dest[:2]), area and pygame.Rect(area), special_flags, align))
        if drawing_on[0] is not None and area is None:
            drawing_on[0](self, source, dest)
        return super().blit(source, dest, area, special_flags)

    def fill(self, colour, rect=None, special_flags=0):
        if rect is None and not special_flags and (not self.alpha or pygame.Color(colour).a == 255):
            self.commands = []  # all painted over: what was drawn before is gone
        self.changed(("fill", colour, rect and pygame.Rect(rect), special_flags))
        return super().fill(colour, rect, special_flags)

    def shape(self, op, args):
        args = frozen(args)
        self.changed(("shape", op, args))
        return DRAW[op](self, *args)

    def set_alpha(self, value, flags=0):
        self.changed(("alpha", value))
        return super().set_alpha(value, flags)

    def set_colorkey(self, colour, flags=0):
        self.changed(("colorkey", colour))
        return super().set_colorkey(colour, flags)

    # A picture is already in the display's format: converting keeps it (and what it remembers). The
    # layout guard checks words written on a sprite where the sprite lands only when the sprite was
    # made with theme.converted; a plain convert, as on a plain surface, leaves them out.
    def convert_alpha(self, *args):
        if converting[0] is not None:
            converting[0](self)
        return self

    def convert(self, *args):
        return self.convert_alpha()

    def copy(self):
        twin = Picture(self.get_size(), self.alpha)
        for command in self.commands:
            twin.replay(command, twin, Mapping(1))
        return twin

    def at(self, scale):
        """This picture drawn at scale; kept with the other sprites drawn at the window's size (the
        key holds the picture, so its id is not another's while it is kept)."""
        key = scale_key(scale)
        if key == 1:
            return self
        return made_once(("picture", self, self.version, key), lambda: self.drawn_at(scale))

    def drawn_at(self, scale):
        made = pygame.Surface(scaled_size(self.get_size(), scale), pygame.SRCALPHA if self.alpha else 0)
        mapping = Mapping(scale)
        for command in self.commands:
            self.replay(command, made, mapping)
        return made

    def replay(self, command, target, mapping):
        """One remembered command drawn on target (a Picture records it again)."""
        kind = command[0]
        if isinstance(target, Picture):
            if kind == "blit":
                target.blit(*command[1:])
            elif kind == "fill":
                target.fill(*command[1:])
            elif kind == "shape":
                target.shape(*command[1:])
            elif kind == "alpha":
                target.set_alpha(command[1])
            else:
                target.set_colorkey(command[1])
            return
        if kind == "blit":
            source, dest, area, flags, align = command[1:]
            made, pos, area, flags, _ = pixel_blit(source, dest, area, flags, mapping, align)
            target.blit(made, pos, area, flags)
        elif kind == "fill":
            target.fill(command[1], pixel_fill(command[2], mapping, self.get_size()), command[3])
        elif kind == "shape":
            function, args, _ = pixel_shape(command[1], command[2], mapping)
            function(target, *args)
        elif kind == "alpha":
            target.set_alpha(command[1])
        else:
            target.set_colorkey(command[1])


# --- the window, drawn at its pixels -----------------------------------------------------------------
FULL_REDRAW_SHARE = 0.55  # when this much of the picture changed, drawing it all is cheaper


class Canvas:
    """The window seen in base coordinates: the picture of ``size`` fitted into ``area`` of the
    window (bars around it where the shapes differ). Scenes draw on it as on a surface; the frame is
    drawn in ``flush``."""

    def __init__(self, window, size, area):
        self.window = window
        self.size = tuple(size)
        self.area = pygame.Rect(area)
        self.mapping = Mapping(self.area.width / self.size[0], self.area.topleft)
        self.commands = []   # this frame: (key, drawn rect, run, its arguments)
        self.last = None     # the last frame's, None: draw everything
        self.clip = None
        self.clip_px = self.area
        self.guard = None    # the layout guard while a test records (scenes.screen.layout_guard)
        self.dirty = []      # what the last flush drew again, in window pixels

    # --- the surface a scene sees ---------------------------------------------------------------
    def get_size(self):
        return self.size

    def get_width(self):
        return self.size[0]

    def get_height(self):
        return self.size[1]

    def get_rect(self, **where):
        rect = pygame.Rect((0, 0), self.size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    @contextlib.contextmanager
    def looking_at(self, rect):
        """While the block runs, the whole picture is drawn into the base rect (the demo's smaller
        picture under its banner)."""
        whole, clip = self.mapping, self.clip
        self.mapping = Mapping(whole.scale * rect.width / self.size[0], whole.point(rect.topleft))
        self.set_clip(None)
        try:
            yield
        finally:
            self.mapping = whole
            self.set_clip(clip)

    def get_clip(self):
        return pygame.Rect(self.clip) if self.clip is not None else pygame.Rect((0, 0), self.size)

    def set_clip(self, rect=None):
        self.clip = pygame.Rect(rect) if rect is not None else None
        whole = self.mapping.rect(((0, 0), self.size)).clip(self.area)
        self.clip_px = self.mapping.rect(self.clip).clip(whole) if self.clip is not None else whole

    def blit(self, source, dest, area=None, special_flags=0, align="center"):
        made, pos, parea, flags, drawn = pixel_blit(source, dest, area, special_flags, self.mapping, align)
        token = token_of(source, made)
        self.add(("blit", token, pos, parea and tuple(parea), flags, tuple(self.clip_px)), drawn,
                 _blit, (made, pos, parea, flags, source))
        base = pygame.Rect(dest[0], dest[1], *((area[2], area[3]) if area is not None else source.get_size()))
        if self.guard is not None and area is None:
            inked = inked_rect(made).move(pos)
            self.guard.blitted(self, source, base, self.mapping.base_rect(inked) if inked.width else None)
        return base.clip(self.get_clip())

    def blit_stretched(self, source, rect):
        spot = self.mapping.rect(rect)
        made = at(source, self.mapping.scale) or source
        made = pygame.transform.smoothscale(made, (max(1, spot.width), max(1, spot.height)))
        self.add(("stretched", object()), spot, _blit, (made, spot.topleft, None, 0, source))
        return rect

    def fill(self, colour, rect=None, special_flags=0):
        r, flags = pixel_fill(rect, self.mapping, self.size), special_flags
        colour = tuple(pygame.Color(colour))
        self.add(("fill", colour, tuple(r), flags, tuple(self.clip_px)), r, _fill, (colour, r, flags))
        return pygame.Rect(rect) if rect is not None else self.get_rect()

    def shape(self, op, args):
        function, pixel_args, drawn = pixel_shape(op, args, self.mapping)
        key = (op, frozen(pixel_args), tuple(self.clip_px))
        parts = frame_strips(pixel_args[1], pixel_args[2], pixel_args[3]) if op == "rect" and pixel_args[2] else None
        self.add(key, drawn, _shape, (function, pixel_args), parts)
        return drawn

    def add(self, key, drawn, run, args, parts=None):
        """parts: where the command draws, when that is much less than its rect (a frame)."""
        drawn = drawn.clip(self.clip_px)
        if drawn.width and drawn.height:
            if parts is not None:
                parts = [p.clip(self.clip_px) for p in parts]
            self.commands.append((key, drawn, run, args, self.clip_px, parts))

    # --- the frame ----------------------------------------------------------------------------------
    def flush(self):
        """Draw what changed since the last frame into the window; returns the rectangles drawn."""
        new = self.commands
        if self.last is None:
            dirty = [pygame.Rect(self.area)]
            self.window.fill((0, 0, 0))
        else:
            dirty = merge(changed_rects(self.last, new), self.area)
        if sum(r.width * r.height for r in dirty) > FULL_REDRAW_SHARE * self.area.width * self.area.height:
            dirty = [pygame.Rect(self.area)]
        # which commands touch which rect, found in C (collidelistall), not rect by rect in Python
        touching = [[] for _ in dirty]
        for command in new:
            for i in command[1].collidelistall(dirty):
                touching[i].append(command)
        for rect, commands in zip(dirty, touching):
            draw_into(self.window, rect, commands)
        self.window.set_clip(None)
        self.last, self.commands = new, []
        self.set_clip(None)
        self.dirty = dirty
        return dirty


def _blit(target, made, pos, area, flags, source):
    target.blit(made, pos, area, flags)


def _fill(target, colour, rect, flags):
    target.fill(colour, rect, flags)


def _shape(target, function, args):
    function(target, *args)


def frozen(value):
    """value with its rects, colours and lists made into tuples: kept as it is now, and hashable."""
    if isinstance(value, (list, tuple, pygame.Rect, pygame.Color)):
        return tuple(frozen(v) for v in value)
    return value


_inked = weakref.WeakKeyDictionary()


def inked_rect(surface):
    """surface's bounding rect of ink, measured once (the layout guard asks at every blit)."""
    found = _inked.get(surface)
    if found is None:
        found = _inked[surface] = surface.get_bounding_rect()
    return found


def frame_strips(rect, width, radius):
    """The four strips a rect's frame (width pixels, rounded by radius) is drawn in, or None when they
    would be most of the rect: a glow pulsing round a big panel need not draw the panel again."""
    edge = width + (max(0, radius) * 3 + 9) // 10 + 3  # a rounded corner bends in by 0.29 of its radius
    if rect.width < 4 * edge or rect.height < 4 * edge:
        return None
    outer = rect.inflate(6, 6)
    return [pygame.Rect(outer.x, outer.y, outer.width, edge + 3), pygame.Rect(outer.x, outer.bottom - edge - 3,
            outer.width, edge + 3), pygame.Rect(outer.x, outer.y, edge + 3, outer.height),
            pygame.Rect(outer.right - edge - 3, outer.y, edge + 3, outer.height)]


def where(command):
    """The rects a command draws in."""
    return command[5] or [command[1]]


def token_of(source, made):
    """What a blit's source shows, equal between two frames only when it shows the same pixels."""
    if isinstance(source, Picture):
        return id(source), source.version
    if source in _makers:
        return id(source)
    return object()  # a surface drawn on since: unknown, so always drawn again


def changed_rects(old, new):
    """The window rectangles where the two frames' commands differ: commands only one frame has, and
    commands both have but in another order (what lies on what changed)."""
    old_at = {}
    for i, command in enumerate(old):
        old_at.setdefault(command[0], []).append(i)
    rects = []
    used = set()
    highest = -1
    for command in new:
        places = old_at.get(command[0])
        if not places:
            rects += where(command)
            continue
        i = places.pop(0)
        used.add(i)
        if i < highest:
            rects += where(command) + where(old[i])
        highest = max(highest, i)
    for i, command in enumerate(old):
        if i not in used:
            rects += where(command)
    return rects


def merge(rects, bounds):
    """The rectangles cut to bounds, two that overlap joined (repeatedly) where the rectangle holding
    both is hardly bigger than the two (not the four strips of a frame: that would be the whole panel
    inside). Rectangles may still overlap: a part drawn twice comes out the same."""
    rects = [r.clip(bounds) for r in rects]
    rects = [r for r in rects if r.width and r.height]
    merged = []
    for rect in sorted(rects, key=lambda r: (r.y, r.x)):
        rect = rect.inflate(2, 2).clip(bounds)
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(merged):
                if other.colliderect(rect) and area(rect.union(other)) <= area(rect) + area(other):
                    rect = rect.union(merged.pop(i))
                    joined = True
                    break
        merged.append(rect)
    return merged


def area(rect):
    return rect.width * rect.height


def draw_into(window, rect, commands):
    """The commands that touch rect drawn again in order, none outside it."""
    current = None
    for _, drawn, run, args, clip, _ in commands:
        if not drawn.colliderect(rect):
            continue
        if clip is not current:
            window.set_clip(clip.clip(rect))
            current = clip
        run(window, *args)
