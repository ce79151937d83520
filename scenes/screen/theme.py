"""Colours, the shipped font, cached text and the few drawing helpers every scene shares."""

import atexit
import contextlib
import math
from importlib import resources

import pygame

from scenes.screen import canvas, paint

from game.engine import printable

# The shipped files (the ``assets`` package), found by the import system: from the repo, an installed
# wheel or a zip alike. Traversables: ``/``, ``read_text``, ``open``; ``asset_file`` for a real path.
ASSETS = resources.files("assets")
FONT_FILES = {False: ASSETS / "fonts" / "DejaVuSans.ttf", True: ASSETS / "fonts" / "DejaVuSans-Bold.ttf"}
_asset_paths = {}
_asset_copies = contextlib.ExitStack()  # only an asset inside a zip needs a copy on disk
atexit.register(_asset_copies.close)


def asset_file(resource):
    """A filesystem path for a shipped resource (e.g. ``FONT_FILES[True]``), valid until the program
    ends: the file itself for a normal install; one copy, removed at exit, for an asset in a zip."""
    key = str(resource)
    if key not in _asset_paths:
        _asset_paths[key] = _asset_copies.enter_context(resources.as_file(resource))
    return _asset_paths[key]


BG = (18, 52, 40)
FELT = (24, 92, 64)
FELT_LIGHT = (34, 112, 78)
INK = (245, 245, 240)
INK_DIM = (185, 200, 190)
INK_DARK = (20, 24, 28)
PANEL = (14, 34, 28)
PANEL_EDGE = (70, 120, 95)
GOLD = (250, 200, 60)
WARN = (255, 150, 90)
BUTTON = (52, 96, 160)
BUTTON_HOVER = (72, 122, 196)
BUTTON_OFF = (70, 78, 84)
BUTTON_GOOD = (40, 140, 80)
BUTTON_GOOD_HOVER = (52, 170, 98)
BOT_BADGE = (96, 106, 150)
PERSON_BADGE = (178, 104, 40)
# one colour per seat (the final score chart, the seat boxes, the names under the trick, the log's
# names); the first four are Was sticht?'s seat colours. None is a card's colour (red, green, blue,
# yellow, grey): the fifth and sixth were a light green and a light blue, read as the cards' own.
PLAYER_COLOURS = [(236, 140, 50), (170, 120, 240), (50, 200, 210), (240, 110, 170), (236, 234, 224), (176, 124, 84)]

# What a player must read during play is at least this big in the base 1280×720 layout (the window's
# scale makes it 24 px at 1080p, 48 px at 4K): read from a sofa across the room (issue 41). The layout
# guard checks it on the game's screens; what does not fit at this size opens as a panel on demand.
READABLE = 16

_fonts = {}
_texts = {}
_TEXT_CACHE_LIMIT = 3000
# Every text is cut before it is measured or rendered: a line of the 1280-pixel picture holds some 200
# characters at the smallest size, a message box a few lines. A file's content (a name, a reason) can
# be megabytes; rendering that whole took seconds and gigabytes, or ended in pygame.error (issue 28).
TEXT_LIMIT = 400
WRAP_LIMIT = 4000


def bounded(s, limit=TEXT_LIMIT):
    """s cut to LIMIT characters (with an ellipsis) before anything measures or renders it."""
    return s if len(s) <= limit else s[:limit] + "…"


def forget_fonts():
    """Fonts die with pygame.quit(); so does everything rendered with them here."""
    _fonts.clear()
    _texts.clear()
    _depth.clear()
    canvas.forget()


def font(size, bold=False):
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        if not _fonts:
            pygame.register_quit(forget_fonts)
        f = _fonts[key] = pygame.font.Font(str(asset_file(FONT_FILES[bold])), size)
    return f


# The layout guard while a test records a frame (scenes.screen.layout_guard), else None.
guard = None


_word_caches = []  # other caches of pictures with words drawn in (cards, tiles): dropped with the texts


def keep_words_in(cache):
    """A cache of pictures that have words drawn into them with blit_text: forget_texts drops it too,
    so the layout guard sees the words as the pictures are made again."""
    _word_caches.append(cache)
    return cache


def forget_texts():
    """Drop the rendered words (the layout guard learns which surfaces are words as they are made)."""
    _texts.clear()
    for cache in _word_caches:
        cache.clear()


def text(s, size, colour=INK, bold=False):
    """Rendered text, cached: the same words in the same style are drawn once per run."""
    s = bounded(s)
    key = (s, size, colour, bold)
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > _TEXT_CACHE_LIMIT:
            _texts.clear()
        surf = _texts[key] = font(size, bold).render(printable(s), True, colour).convert_alpha()
        most = surf.get_width()  # not surf itself: what a registered surface's maker holds keeps it alive
        canvas.register(surf, key, lambda scale: words_at(s, size, colour, bold, scale, most))
    if guard is not None:
        guard.made_text(surf, s, size)
    return surf


# A line of ordinary words: how wide a font sets it tells which whole font size matches a scale.
SAMPLE = "The quick brown fox jumps over the lazy dog, 0123456789 times: ×÷+−."
_scaled_sizes = {}


def scaled_font(size, bold, scale):
    """The font for words of base size seen at scale: the whole size that sets a line of ordinary
    words closest to its base width × scale (font hinting differs between sizes, so size × scale
    rounded can be a little wide). One per base size, so the lines of a paragraph match."""
    key = (size, bold, round(scale, 5))
    scaled = _scaled_sizes.get(key)
    if scaled is None:
        room = font(size, bold).size(SAMPLE)[0] * scale
        near = max(1, round(size * scale))
        scaled = min(range(max(1, near - 2), near + 3), key=lambda n: abs(font(n, bold).size(SAMPLE)[0] - room))
        _scaled_sizes[key] = scaled
    return font(scaled, bold)


def fitted_width(surf, most):
    """surf narrowed to most pixels if it came out wider (a few per cent at most): what fits at the
    base size fits at every size."""
    if surf.get_width() <= most:
        return surf
    return pygame.transform.smoothscale(surf, (most, surf.get_height()))


def words_at(s, size, colour, bold, scale, most):
    """The words of text(s, size, colour, bold) rendered for a window at scale (most: their base
    width)."""
    s = printable(s)
    surf = scaled_font(size, bold, scale).render(s, True, colour)
    return fitted_width(surf, math.ceil(most * scale) + 1).convert_alpha()


WIDE_RIM = 4  # from this width on the rim is grown by a mask (the copies would be (2w+1)² blits)


def _outline(f, s, colour, edge, width):
    inner = f.render(s, True, colour)
    w, h = inner.get_width() + 2 * width, inner.get_height() + 2 * width
    if width >= WIDE_RIM:  # a card's big value drawn large for a 4K screen: smoothed down after
        disc = pygame.mask.Mask((2 * width + 1, 2 * width + 1))
        for dx in range(-width, width + 1):
            for dy in range(-width, width + 1):
                if dx * dx + dy * dy <= width * width + 1:
                    disc.set_at((dx + width, dy + width))
        grown = pygame.mask.from_surface(inner, 40).convolve(disc)
        surf = grown.to_surface(setcolor=edge, unsetcolor=(0, 0, 0, 0))
        surf.blit(inner, (width, width))
        return surf.convert_alpha()
    rim = f.render(s, True, edge)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width + 1:
                surf.blit(rim, (width + dx, width + dy))
    surf.blit(inner, (width, width))
    return surf.convert_alpha()


def outlined(s, size, colour, edge, width=2, bold=True):
    """Text with a dark rim, readable on any card colour."""
    s = bounded(s)
    key = ("outlined", s, size, colour, edge, width, bold)
    surf = _texts.get(key)
    if surf is None:
        surf = _texts[key] = _outline(font(size, bold), printable(s), colour, edge, width)

        def make(scale, most=surf.get_width()):
            made = _outline(scaled_font(size, bold, scale), printable(s), colour, edge, max(1, round(width * scale)))
            return fitted_width(made, math.ceil(most * scale) + 1)
        canvas.register(surf, key, make)
    if guard is not None:
        guard.made_text(surf, s, size)
    return surf


def blit_text(surface, s, size, pos, colour=INK, bold=False, anchor="topleft"):
    surf = text(s, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    if isinstance(surface, (canvas.Canvas, canvas.Picture)):
        # drawn again at another size, the words keep the edge they were placed by
        side = "left" if "left" in anchor else "right" if "right" in anchor else "center"
        surface.blit(surf, rect, align=side)
    else:
        surface.blit(surf, rect)
    if guard is not None:
        guard.wrote(surface, surf, rect, s)
    return rect


def converted(surf):
    """surf.convert_alpha(), the words written on surf with blit_text known on the copy too."""
    if isinstance(surf, canvas.Picture):
        return surf  # already converted, and its words stay known
    copy = surf.convert_alpha()
    if guard is not None:
        guard.copied(surf, copy)
    return copy


def fit(s, size, width, bold=False):
    """s cut with an ellipsis so it fits width pixels at this size.

    Binary search over the length, after cutting s to as many characters as could ever fit, so a
    name of 20,000 characters costs what a short one does."""
    f = font(size, bold)
    most = width // max(1, f.size("i")[0] // 2) + 2
    whole = len(s) <= most
    s = printable(s[:most])
    if whole and f.size(s)[0] <= width:
        return s
    low, high = 0, len(s)  # s[:low] + "…" fits; s[:high] + "…" does not
    while high - low > 1:
        mid = (low + high) // 2
        if f.size(s[:mid] + "…")[0] <= width:
            low = mid
        else:
            high = mid
    left_out(s[:low] + "…")
    return s[:low] + "…"


def left_out(words):
    """Words were cut or rows left out to fit a box: the layout guard (while a test records a frame)
    says so."""
    if guard is not None:
        guard.was_cut(words)


def fitting_size(s, sizes, width, bold=False):
    """The first (largest) of sizes at which s fits width pixels whole; else the smallest."""
    for size in sizes:
        if font(size, bold).size(printable(bounded(s)))[0] <= width:
            return size
    return sizes[-1]


def pack(parts, size, width, bold=False, sep=" · "):
    """PARTS joined by SEP on as few lines of WIDTH pixels as they fit, a line breaking between parts
    (a part's last word alone on a line reads as a mistake); a part too long for a line of its own is
    wrapped by its words."""
    f = font(size, bold)
    lines, line = [], ""
    for part in parts:
        trial = f"{line}{sep}{part}" if line else part
        if f.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        rows = wrap(part, size, width, bold) or [""]
        lines.extend(rows[:-1])
        line = rows[-1]
    if line:
        lines.append(line)
    return lines


def wrap(s, size, width, bold=False):
    """Lines of s that each fit width pixels (of its first WRAP_LIMIT characters)."""
    f = font(size, bold)
    lines, line = [], ""
    for word in printable(bounded(s, WRAP_LIMIT)).split():
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def panel(surface, rect, fill=PANEL, edge=PANEL_EDGE, radius=12, width=2):
    if guard is not None:
        guard.box(surface, rect)
    paint.rect(surface, fill, rect, border_radius=radius)
    if width:
        paint.rect(surface, edge, rect, width, border_radius=radius)


def hand_strip(surface, rects):
    """Tell the layout guard where the cards of the hand a player holds were drawn: nothing may cover
    them after. Draws nothing."""
    if guard is not None:
        for rect in rects:
            guard.strip(surface, rect)


def own_cards(surface, rects):
    """Tell the layout guard where the cards of the person at the screen were drawn (their hand, their
    own row): the teacher's box and teach mode's reminders keep clear of them. Draws nothing."""
    if guard is not None:
        for rect in rects:
            guard.own(surface, rect)


def seat_box(surface, rect):
    """Tell the layout guard where a seat's box (its name, points, counts) was drawn: the teacher's box
    and teach mode's reminders keep clear of it. Draws nothing."""
    if guard is not None:
        guard.seat(surface, rect)


def teacher(surface, rect):
    """Tell the layout guard where the teacher's box or a reminder stands. Draws nothing."""
    if guard is not None:
        guard.teacher(surface, rect)


def above(surface, rect):
    """Tell the layout guard that rect is a box laid over the picture (a tooltip, a popup): what it
    covers is not its business. Draws nothing."""
    if guard is not None:
        guard.above(surface, rect)


def button(surface, rect, label, hover=False, size=24, kind="normal", enabled=True):
    """A rounded button; kind "good" is the green call to action."""
    if guard is not None:
        guard.button(surface, rect, label)
    if not enabled:
        fill = BUTTON_OFF
    elif kind == "good":
        fill = BUTTON_GOOD_HOVER if hover else BUTTON_GOOD
    else:
        fill = BUTTON_HOVER if hover else BUTTON
    paint.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=10)
    paint.rect(surface, fill, rect, border_radius=10)
    paint.rect(surface, INK if hover and enabled else (0, 0, 0), rect, 2, border_radius=10)
    # words too long for the button (German runs long) are drawn a little smaller before any is cut
    # (never under READABLE: buttons are read during play; a key's hint goes before the words are cut:
    # "Hint", not "Hint (…")
    sizes = tuple(range(size, min(size, max(size - 6, READABLE)) - 1, -1))
    size = fitting_size(label, sizes, rect.width - 16, True)
    if font(size, True).size(printable(bounded(label)))[0] > rect.width - 16 and " (" in label:
        label = label.split(" (")[0]
        size = fitting_size(label, sizes, rect.width - 16, True)
    blit_text(surface, fit(label, size, rect.width - 16, True), size, rect.center,
              INK if enabled else INK_DIM, True, "center")


def shade(surface, alpha=170, colour=(0, 0, 0)):
    """Darken the whole picture (under a dialog). The veil surface is cached per size and alpha."""
    if guard is not None:
        guard.dim(surface)
    key = ("veil", surface.get_size(), alpha, colour)
    veil = _texts.get(key)
    if veil is None:
        veil = canvas.Picture(surface.get_size(), alpha=False)
        veil.fill(colour)
        veil.set_alpha(alpha)
        _texts[key] = veil
    surface.blit(veil, (0, 0))


# --- the table's depth: the felt and soft shadows, drawn at the window's own pixels ------------------
BASE_SIZE = (1280, 720)
TABLE_OVAL = pygame.Rect(190, 150, 900, 360)  # the lighter oval of the table, in base pixels
_depth = {}  # the felt, shadows and turned cards (base size): kept apart from the words' cache and its limit
_DEPTH_LIMIT = 600


def felt():
    """The table's felt (base size): a dark-to-light gradient, the lighter oval, a soft light over its
    middle, a cloth's mottling and grain; drawn again at the window's pixels for any window (the grain
    is one window pixel fine, never a stretched picture)."""
    surf = _depth.get("felt")
    if surf is None:
        surf = _depth["felt"] = felt_at(1.0)
        canvas.register(surf, ("felt",), felt_at)
    return surf


def felt_at(scale):
    import random
    w, h = canvas.scaled_size(BASE_SIZE, scale)
    rng = random.Random(41)
    column = pygame.Surface((1, 180))
    for y in range(180):  # the gradient, smoothed up to the window's height
        t = abs(y * 4 - 330) / 400
        column.set_at((0, y), tuple(int(a + (b - a) * t) for a, b in zip(FELT, BG)))
    surf = pygame.transform.smoothscale(column, (w, h))
    oval = pygame.Rect(round(TABLE_OVAL.x * scale), round(TABLE_OVAL.y * scale), round(TABLE_OVAL.w * scale),
                       round(TABLE_OVAL.h * scale))
    pygame.draw.ellipse(surf, FELT_LIGHT, oval)
    pygame.draw.ellipse(surf, (60, 140, 100), oval, max(1, round(3 * scale)))
    light = pygame.Surface((16, 9))  # a soft light over the table's middle, darker to the corners
    lw, lh = light.get_size()
    for x in range(lw):
        for y in range(lh):
            d = math.hypot((x - (lw - 1) / 2) / (lw / 2), (y - (lh - 1) / 2) / (lh / 2))
            v = int(255 - 70 * min(1.0, d * d))
            light.set_at((x, y), (v, v, v))
    surf.blit(pygame.transform.smoothscale(light, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    mottle = pygame.Surface((48, 27))  # the cloth's uneven dye
    for x in range(48):
        for y in range(27):
            v = rng.randrange(0, 9)
            mottle.set_at((x, y), (v, v + 2, v))
    surf.blit(pygame.transform.smoothscale(mottle, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    grain = pygame.Surface((96, 96))  # the felt's fibres: one window pixel each
    for x in range(96):
        for y in range(96):
            v = rng.randrange(0, 7)
            grain.set_at((x, y), (v, v, v))
    for x in range(0, w, 96):
        for y in range(0, h, 96):
            surf.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return surf.convert()


SHADOW_OFFSET = (3, 5)  # light from above, a little left: shadows fall down and right


def shadow(size, radius=10, spread=7, alpha=120):
    """A soft shadow for a box or card of SIZE (base pixels): a blurred dark rounded rect, SPREAD
    wider on each side; drawn again at the window's pixels. Blit it at shadow_spot(rect)."""
    key = ("shadow", tuple(size), radius, spread, alpha)
    surf = _depth.get(key)
    if surf is None:
        def make(scale):
            grow = max(1, round(spread * scale))
            w, h = canvas.scaled_size(size, scale)
            made = pygame.Surface((w + 2 * grow, h + 2 * grow), pygame.SRCALPHA)
            pygame.draw.rect(made, (0, 0, 0, alpha), (grow, grow, w, h), border_radius=max(1, round(radius * scale)))
            blur = max(1, grow // 2)
            return pygame.transform.gaussian_blur(made, blur).convert_alpha()
        surf = _depth[key] = make(1.0)
        canvas.register(surf, key, make)
    return surf


def drop_shadow(surface, rect, radius=10, spread=7, alpha=120):
    """A soft shadow under rect (draw it before what casts it)."""
    rect = pygame.Rect(rect)
    surface.blit(shadow(rect.size, radius, spread, alpha), (rect.x - spread + SHADOW_OFFSET[0],
                                                             rect.y - spread + SHADOW_OFFSET[1]))


def turned(sprite, angle, key, radius=10, spread=5, alpha=100):
    """sprite turned by ANGLE degrees (a card of a fanned hand) with its soft shadow under it, in one
    picture (one blit a card), centred where the sprite's centre is; drawn again from the sprite at the
    window's pixels (KEY names what the sprite shows)."""
    full = ("turned", key, round(angle, 1), radius, spread, alpha)
    surf = _depth.get(full)
    if surf is None:
        if len(_depth) > _DEPTH_LIMIT:
            _depth.clear()

        def make(scale):
            source = canvas.at(sprite, scale) or sprite
            w, h = source.get_size()
            grow = max(1, round(spread * scale))
            ox, oy = (round(o * scale) for o in SHADOW_OFFSET)
            pad = grow + max(ox, oy)
            shade = pygame.Surface((w + 2 * grow, h + 2 * grow), pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, alpha), (grow, grow, w, h), border_radius=max(1, round(radius * scale)))
            shade = pygame.transform.gaussian_blur(shade, max(1, grow // 2))
            both = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            both.blit(shade, (pad - grow + ox, pad - grow + oy))
            both.blit(source, (pad, pad))
            return pygame.transform.rotozoom(both, angle, 1.0).convert_alpha()
        surf = _depth[full] = make(1.0)
        canvas.register(surf, full, make)
    return surf
