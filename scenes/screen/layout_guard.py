"""The layout guard: records where a frame put its words, buttons, boxes and dim layers, and names
what collides.

Off, it costs one ``is None`` test per drawing call. On (``with recording(app) as guard``), the
app draws into a canvas that reports its blits, and the drawing helpers report the rest:
``theme.text`` / ``theme.outlined`` tell which surfaces are words, ``theme.button`` its rect,
``theme.panel`` a box (a dialog, a panel), ``theme.blit_text`` words on a surface drawn apart,
``theme.shade`` a dim layer, ``theme.above`` a box laid on top (a tooltip, a popup). ``guard.frame()`` clears the record before a frame is drawn and
``guard.problems()`` checks the frame:

- no two words overlap, no words overlap a button they are not inside, no two buttons overlap;
- words lie inside the screen and inside the box they are drawn over (the last box drawn under them);
  a button too;
- what is drawn after a dim layer (a modal dialog) is checked only against what follows it;
- nothing of the same layer is drawn over the hand strip (``theme.hand_strip``) after it;
- the teacher's box and teach mode's reminders (``theme.teacher``) lie over none of the person's own
  cards (``theme.own_cards``: their hand, their own row, the trick they pick from) and no seat's box
  (``theme.seat_box``), in any layer, drawn before or after;
- on a screen read during play (``Scene.must_read``), no words are under ``theme.READABLE`` px.

Words are measured by their inked pixels, not by the font's line box. Words written with
``theme.blit_text`` on a surface drawn apart (a cached seat box, the log box) are checked where that
surface lands on the canvas, inside it as their box. A new screen is covered as soon as it draws
through ``theme`` and ``widgets``.
"""

import weakref
from contextlib import contextmanager

import pygame

from scenes.screen import canvas as pixels
from scenes.screen import theme

SCREEN = pygame.Rect(0, 0, 1280, 720)
READABLE = theme.READABLE  # the least type size on a screen read during play


class Canvas(pygame.Surface):
    """The app's canvas while recording: every blit onto it is told to the guard."""

    guard = None

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        if self.guard is not None and area is None:
            # where the words were put, not the part the canvas kept: words off the edge must show
            whole = pygame.Rect(dest[0], dest[1], *source.get_size())
            self.guard.blitted(self, source, whole)
        return rect


class Guard:
    def __init__(self):
        self.canvas = None
        self.words = {}   # id(surface) -> the words it shows (surfaces are cached: ids hold a run)
        self.inked = {}   # id(surface) -> its inked rect
        self.items = []   # (kind, rect, label, layer, order)
        self.layer = 0
        self.cut = set()  # words theme.fit had to cut (with "…") to fit their room
        self.inner = {}   # id(surface drawn apart) -> (surface, [(inked rect on it, words)])
        self.covering = set()  # the rects of this frame's covers (a replay's bar)
        self.app = None   # the app recorded: is what it shows now read during play (must_read)?
        self.sizes = weakref.WeakKeyDictionary()  # words' surface -> (words, their size)
        self.sized_on = weakref.WeakKeyDictionary()  # a picture -> [(where on it, words, size)]
        self.read = []    # this frame's words on the screen: (rect, words, size)

    # --- told by the drawing helpers --------------------------------------------------------------
    def made_text(self, surface, words, size):
        self.words[id(surface)] = (words, surface)  # kept alive: its id is never reused for a picture
        self.sizes[surface] = (words, size)

    def drew_on(self, picture, source, dest):
        """source blitted onto a picture drawn apart (a seat box, a pile): its words and their size
        are where the picture lands."""
        found = self.sized(source, pygame.Rect(dest[0], dest[1], *source.get_size()))
        if found:
            self.sized_on.setdefault(picture, []).extend(found)

    def sized(self, source, rect):
        """[(rect, words, size)] of the words source shows, drawn at rect."""
        words = self.sizes.get(source)
        if words is not None:
            return [(rect, *words)] if words[0].strip() else []
        inner = self.sized_on.get(source)
        if inner:
            return [(r.move(rect.x, rect.y), w, z) for r, w, z in inner]
        return []

    def was_cut(self, words):
        self.cut.add(words)

    def cut_words(self):
        """The words of the last frame that were cut to fit (drawn on the canvas itself)."""
        return sorted({i[2] for i in self.items if i[0] == "text" and i[2] in self.cut})

    def wrote(self, target, source, rect, words):
        """Words put on a surface drawn apart (a seat box, the log box): checked where it lands."""
        if target is self.canvas or not words.strip():
            return
        _, written = self.inner.setdefault(id(target), (target, []))
        written.append((self.inked_rect(source).move(rect.x, rect.y), words))
        if not isinstance(target, pixels.Picture):  # a Picture tells drew_on itself
            self.drew_on(target, source, rect)

    def copied(self, source, copy):
        """copy is source converted: the words written on source are on it."""
        if id(source) in self.inner:
            self.inner[id(copy)] = (copy, self.inner[id(source)][1])
        if source in self.sized_on:
            self.sized_on[copy] = self.sized_on[source]

    def inked_rect(self, source):
        inked = self.inked.get(id(source))
        if inked is None:
            inked = self.inked[id(source)] = source.get_bounding_rect()
        return inked

    def blitted(self, target, source, rect, inked=None):
        """inked: where the words' ink landed, in base coordinates, when they were drawn at another
        size than source's (a window drawn at its own pixels)."""
        if target is not self.canvas:
            return
        self.read += self.sized(source, rect)
        apart = self.inner.get(id(source))
        if apart is not None:  # a box drawn apart: the box, then its words where they landed
            # a cover is the box of its own words, but hides nothing under it (it covers it)
            self.add("box", rect, "cover" if tuple(rect.clip(SCREEN)) in self.covering else "")
            for inked, words in apart[1]:
                self.add("text", inked.move(rect.x, rect.y), words)
            return
        words, _ = self.words.get(id(source), (None, None))
        if words is None or not words.strip():
            return
        tight = inked if inked is not None else self.inked_rect(source).move(rect.x, rect.y)
        if tight.width and tight.height:
            self.add("text", tight, words)

    def picture(self, target, source, rect, label):
        """A small picture that reads as words (a colour's symbol beside its count): checked as words."""
        if target is self.canvas:
            inked = self.inked_rect(source).move(rect[0], rect[1])
            if inked.width and inked.height:
                self.add("text", inked, label)

    def cover(self, target, rect, label):
        """A bar laid over the picture that hides what is under it (a replay's controls): words or a
        button under it, even wholly, are covered."""
        if target is self.canvas:
            self.add("cover", pygame.Rect(rect), label)
            self.covering.add(tuple(rect))

    def button(self, target, rect, label):
        if target is self.canvas:
            self.add("button", pygame.Rect(rect), label)

    def box(self, target, rect):
        if target is self.canvas:
            self.add("box", pygame.Rect(rect), "")

    def strip(self, target, rect):
        """The hand strip: the cards a player holds, drawn. Nothing drawn after them on the same layer
        may lie over them (a dialog dims the table first; a tooltip is laid above)."""
        if target is self.canvas:
            self.add("strip", pygame.Rect(rect), "hand")

    def own(self, target, rect):
        """Cards of the person at the screen (their hand, their own row): no teacher over them."""
        if target is self.canvas:
            self.add("own", pygame.Rect(rect), "own cards")

    def seat(self, target, rect):
        """A seat's box: its name and counts, read to decide; no teacher over it."""
        if target is self.canvas:
            self.add("seat", pygame.Rect(rect), "a seat's box")

    def teacher(self, target, rect):
        """The teacher's box or a reminder."""
        if target is self.canvas:
            self.add("teacher", pygame.Rect(rect), "teacher")

    def dim(self, target):
        if target is self.canvas:
            self.layer += 1

    def above(self, target, rect):
        """A box laid over everything drawn so far without dimming it (a tooltip, a popup): it and
        its words are checked against each other and what follows, not against what it covers."""
        if target is self.canvas:
            self.layer += 1
            self.add("box", pygame.Rect(rect), "")

    def add(self, kind, rect, label):
        self.items.append((kind, rect, label, self.layer, len(self.items)))

    # --- the test's side --------------------------------------------------------------------------
    def frame(self):
        self.items, self.layer, self.covering, self.read = [], 0, set(), []

    def problems(self):
        """Words for every collision of the last frame drawn, and for words too small to read from
        the sofa on a screen played from it."""
        found = []
        for layer in sorted({item[3] for item in self.items}):
            found += check_layer([i for i in self.items if i[3] == layer])
        if must_read(self.app):
            found += too_small(self.read)
        return found + teacher_in_the_way(self.items)


def must_read(app):
    """The app shows what a player reads during play: a game's screen (its boards, the hand-off, the
    lesson's teacher, the boxes over it: pause, log, last trick, history, tasks) and its score sheets.
    Exempt, on purpose: the menus, the seat setup, the rules pages, the settings, the kept games, the
    phone lobby and the attract mode (read up close at the mouse before or after play, with long
    lists that would not fit at sofa size); and a tooltip is 17 px anyway (Scene.must_read says which)."""
    if app is None or app.demo.active:
        return False
    return bool(getattr(app.scene, "must_read", False))


def too_small(read):
    """Words under READABLE in the frame, each once."""
    small = {(words, size) for rect, words, size in read if size < READABLE and rect.colliderect(SCREEN)}
    return [f"words {words!r} are {size} px, under {READABLE} px" for words, size in sorted(small)]


def teacher_in_the_way(items):
    """The teacher's box or a reminder over the person's own cards or a seat's box (a newcomer's hand
    and own row lay under the box, and at the pick it lay over the top seat's name: what they must see
    to decide)."""
    found = []
    for kind, what in (("own", "the person's own cards"), ("seat", "a seat's box")):
        for box, layer in dict.fromkeys((tuple(i[1]), i[3]) for i in items if i[0] == "teacher"):
            # a seat under a dialog's dim layer is not read now; the own cards are, in any layer
            hits = [i[1] for i in items if i[0] == kind and i[1].colliderect(box) and (kind == "own" or i[3] >= layer)]
            if hits:
                found.append(f"the teacher's box {pygame.Rect(box)} covers {what} {hits[0].unionall(hits)}")
    return found


def check_layer(items):
    items = [i for i in items if not hidden(i, items)]
    found = []
    texts = [i for i in items if i[0] == "text"]
    buttons = [i for i in items if i[0] == "button"]
    boxes = [i for i in items if i[0] == "box"]
    covers = [i for i in items if i[0] == "cover"]
    strip = [i for i in items if i[0] == "strip"]
    for item in texts + buttons + boxes + covers:
        under = [s[1] for s in strip if s[4] < item[4] and item[1].colliderect(s[1])]
        if under:
            found.append(f"{item[0]} {item[2]!r} {item[1]} covers the hand strip {under[0].unionall(under)}")
    for kind, rect, label, _, _ in texts + buttons:
        if not SCREEN.contains(rect):
            found.append(f"{kind} {label!r} {rect} leaves the screen")
    found += pairs(texts, texts, "words overlap words")
    found += pairs(buttons, buttons, "button overlaps button")
    for text in texts:
        for button in buttons:
            if text[1].colliderect(button[1]) and not button[1].inflate(4, 4).contains(text[1]):
                found.append(f"words {text[2]!r} {text[1]} overlap button {button[2]!r} {button[1]}")
    for item in texts + buttons:
        for cover in covers:
            if cover[4] > item[4] and cover[1].colliderect(item[1]):
                found.append(f"{item[0]} {item[2]!r} {item[1]} is covered by {cover[2]} {cover[1]}")
        under = [b for b in boxes if b[4] < item[4] and b[1].colliderect(item[1])]
        if under and not under[-1][1].inflate(2, 2).contains(item[1]):
            found.append(f"{item[0]} {item[2]!r} {item[1]} leaves its box {under[-1][1]}")
    return found


def hidden(item, items):
    """Words or a button not on screen: wholly off it (a bar slid away), or wholly under a box drawn
    later in the same layer (the coach's list over the log, a popup the person opened)."""
    if item[0] in ("box", "cover", "strip"):
        return False
    if not item[1].colliderect(SCREEN):
        return True
    return any(i[0] == "box" and i[2] != "cover" and i[4] > item[4] and i[1].contains(item[1]) for i in items)


def pairs(first, second, what):
    found = []
    for i, a in enumerate(first):
        for b in second[i + 1:] if first is second else second:
            if a[1].colliderect(b[1]) and (a[1], a[2]) != (b[1], b[2]):
                found.append(f"{what}: {a[2]!r} {a[1]} and {b[2]!r} {b[1]}")
    return found



def seen(guard):
    """What the guard found in the last frame drawn: (problems, cut words, the words and button labels)."""
    drawn = [item[2] for item in guard.items if item[0] in ("text", "button")]
    return guard.problems(), guard.cut_words(), drawn


def drawn_at_sizes(app, guard, sizes):
    """The moment on show drawn again in a window of each of SIZES ((w, h) pixels), nothing moved on:
    {size: seen(guard)}. The words are rendered and the sprites drawn at each size as if the app had
    run at it; the window is back at its own size afterwards. A tour played once is checked at every
    size this way (not played again per size)."""
    from scenes.app import open_window
    own = app.window.get_size()
    found = {}
    try:
        for size in sizes:
            open_window(size, False)
            app.fit_window()
            app.send_all = True
            guard.frame()
            app.draw()
            found[size] = seen(guard)
    finally:
        open_window(own, False)
        app.fit_window()
        app.send_all = True
        # the app never hears of these sizes: told of a resize, it would point again, and what the mouse
        # rests on would change the moment (a window event is not found by its type: all are taken, the
        # others put back)
        for event in [e for e in pygame.event.get() if e.type not in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)]:
            pygame.event.post(event)
    return found


@contextmanager
def recording(app):
    """Draw the app into a reporting canvas while the block runs; yields the Guard. A window drawn at
    its own pixels (``scenes.screen.canvas.Canvas``) reports itself, with the words where they were
    drawn at that size."""
    guard = Guard()

    def watch():
        """The app's canvas as it is now (a window fitted again makes a new one), reporting."""
        canvas = app.canvas
        if not isinstance(canvas, (pixels.Canvas, Canvas)):
            canvas = app.canvas = Canvas(canvas.get_size())
        canvas.guard = guard
        guard.canvas = canvas

    def fit_window(fit=app.fit_window):
        fit()
        watch()

    watch()
    guard.app = app
    app.fit_window = fit_window
    theme.guard = guard
    pixels.converting[0] = lambda picture: guard.inner.pop(id(picture), None)
    pixels.drawing_on[0] = guard.drew_on
    theme.forget_texts()  # texts made before recording are not known as words: make them again
    try:
        yield guard
    finally:
        theme.guard = None
        pixels.converting[0] = None
        pixels.drawing_on[0] = None
        guard.canvas.guard = None
        del app.fit_window
        if isinstance(guard.canvas, Canvas):  # the base size: back to drawing into the window
            app.canvas = app.window
