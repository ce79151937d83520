"""What makes a beat felt: a card's soft shadow and slight turn, the mark on the card winning the trick,
and a celebration's chips flying to a seat with its words and its score counting up.

Everything here draws in base coordinates with the canvas's own calls (shapes, words, registered
sprites), so it stays crisp at any window size; sprites are made once and kept. Nothing here decides
what happened: the board and the shared steps (``scenes.screen.beats``) say what to show, from the
step's events and the view's fields.
"""

import math
import random

import pygame

from scenes.screen import canvas
from scenes.screen.board import Flight
from scenes.screen import cards
from scenes.screen import paint
from scenes.screen import theme
from scenes.screen.tween import Tween, ease_in_out_cubic, ease_out_cubic, lerp

WINNING = (120, 225, 255)  # the mark of the card winning so far: never the trump's gold, never a card colour
_cache = {}


# --- a card with weight ----------------------------------------------------------------------------
def shadow(size, spread=8):
    """A soft shadow for a card of SIZE: rings of rising darkness towards the middle (a Picture, so
    the canvas draws it again crisp at the window's size)."""
    key = ("shadow", tuple(size), spread)
    surf = _cache.get(key)
    if surf is None:
        w, h = size
        surf = _cache[key] = canvas.Picture((w + 2 * spread, h + 2 * spread))
        for k in range(spread, -1, -2):
            alpha = int(lerp(70, 8, k / spread))
            paint.rect(surf, (0, 0, 0, alpha), pygame.Rect(spread - k, spread - k, w + 2 * k, h + 2 * k),
                       border_radius=10 + k)
    return surf


def draw_shadow(surface, rect, lift=0.0):
    """A shadow under a card at RECT, further off the higher it is (LIFT 0..1)."""
    spread = 8
    off = round(3 + 10 * lift)
    surface.blit(shadow(rect.size, spread), (rect.x - spread + off, rect.y - spread + off + 2))


def turned(card, size, angle):
    """A card face turned by ANGLE degrees (whole degrees, cached), crisp at any scale."""
    angle = round(angle)
    if angle == 0:
        return cards.face(card, size)
    key = ("turned", card, tuple(size), angle, cards._options["symbols"])
    out = _cache.get(key)
    if out is None:
        def make(scale=None):
            face = cards.face(card, size)
            whole = face if scale is None else canvas.at(face, scale) or face
            return pygame.transform.rotozoom(whole, angle, 1.0)
        out = _cache[key] = make()
        canvas.register(out, key, make)
    return out


class PlayFlight(Flight):
    """A card played: it flies at its trick size, turned a little and high over its shadow, and comes
    down straight onto its place (the shadow closes in under it as it lands)."""

    __slots__ = ("angle",)

    def __init__(self, card, start, end, size0, size1, tween, seat=0):
        super().__init__(card, start, end, size0, size1, tween)
        self.angle = 9.0 if seat % 2 else -9.0

    def draw(self, surface):
        if self.tween.done:
            return
        t = self.tween.value
        x = lerp(self.start[0], self.end[0], t)
        y = lerp(self.start[1], self.end[1], t)
        rect = pygame.Rect(0, 0, *self.size1)
        rect.center = (round(x), round(y))
        draw_shadow(surface, rect, 1 - t)
        # the turn in steps of 3 degrees: each step is a card drawn again at the window's size, once
        sprite = turned(self.card, self.size1, 3 * round(self.angle * (1 - t) / 3))
        surface.blit(sprite, sprite.get_rect(center=rect.center))


def turn_ripple(surface, rect, time, period=1.2):
    """The seat whose turn it is pulses: a ring leaves its box and fades as it widens."""
    t = (time % period) / (period / 2)
    if t >= 1:
        return  # half the period the ring rests: the box's own glow is enough
    grow = round(6 + 18 * ease_out_cubic(t))
    width = max(1, round(4 * (1 - t)))
    colour = tuple(round(lerp(c, b, t)) for c, b in zip(theme.GOLD, (30, 90, 60)))
    paint.rect(surface, colour, rect.inflate(2 * grow, 2 * grow), width, border_radius=14 + grow)


# --- the card winning so far ------------------------------------------------------------------------
def winning_mark(surface, rect, time, words=None):
    """A bright ring round the card winning the trick so far, and a star badge over its corner."""
    glow = 0.5 + 0.5 * math.sin(time * 4)
    width = 4 + round(2 * glow)
    paint.rect(surface, WINNING, rect.inflate(12, 12), width, border_radius=14)
    centre = (rect.right - 17, rect.top + 17)  # the card's free corner: clear of its neighbour and the banner
    paint.circle(surface, (14, 40, 60), centre, 17)
    paint.polygon(surface, WINNING, cards.star_points(centre[0], centre[1], 13))
    if words:
        theme.blit_text(surface, words, 16, (rect.centerx, rect.top - 22), WINNING, True, "center")


def taking_mark(surface, rect, words):
    """The card that takes what the pick leaves: a thin ring and its words over the card."""
    paint.rect(surface, theme.INK, rect.inflate(8, 8), 2, border_radius=12)
    lines = theme.wrap(words, 16, rect.width - 8)
    pill = pygame.Rect(0, 0, rect.width - 2, 20 * len(lines) + 6)
    pill.midbottom = (rect.centerx, rect.bottom - 4)  # on the card, over its foot
    paint.rect(surface, theme.INK, pill, border_radius=9)
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, 16, (pill.centerx, pill.y + 3 + 20 * i), theme.INK_DARK, True, "midtop")


# --- a celebration ----------------------------------------------------------------------------------
CHIPS = ((240, 200, 60), (120, 225, 255), (255, 130, 150), (150, 235, 140), (255, 255, 255))


class Timed:
    """A beat that lasts its tween: done when it is, and a click finishes it at once."""

    tween: Tween

    @property
    def done(self):
        return self.tween.done

    def update(self, dt):
        return self.tween.update(dt)

    def finish(self):
        self.tween.finish()


class Celebration(Timed):
    """Chips burst from the table's middle and fly to each seat's box, its words pop over the box and
    its number counts up there, for SECONDS (0: nothing is drawn, it is done at once)."""

    def __init__(self, kind, targets, words, amounts=None, seconds=1.6, origin=(640, 330), seed=0):
        self.kind = kind
        self.targets = targets  # [(seat, rect)]
        self.words = words
        self.amounts = amounts or {}
        self.tween = Tween(seconds, ease=lambda t: t)
        if seconds <= 0:
            self.tween.finish()  # "instant": nothing to see, nothing to wait for
        rng = random.Random(seed)
        self.chips = []
        # few chips: each one is a patch of the window drawn again every frame (at 4K too)
        per = 7 if len(targets) < 3 else 4
        for seat, rect in targets:
            for k in range(per):
                start = (origin[0] + rng.uniform(-60, 60), origin[1] + rng.uniform(-40, 40))
                end = (rect.centerx + rng.uniform(-rect.width / 3, rect.width / 3),
                       rect.centery + rng.uniform(-rect.height / 4, rect.height / 4))
                bend = rng.uniform(-160, 160)
                delay = k * 0.025
                self.chips.append((start, end, bend, delay, CHIPS[(k + seat) % len(CHIPS)]))

    def draw(self, surface):
        if self.tween.done:
            return
        t = self.tween.progress
        self.draw_chips(surface, t)
        if t < 0.04:
            return  # the words pop in as the chips leave
        for seat, rect in self.targets:
            self.draw_words(surface, seat, rect, t)

    def draw_chips(self, surface, t):
        fly = min(1.0, t / 0.7)
        for start, end, bend, delay, colour in self.chips:
            f = max(0.0, min(1.0, (fly - delay) / (1 - delay)))
            if f <= 0 or f >= 1:
                continue
            e = ease_in_out_cubic(f)
            x = lerp(start[0], end[0], e)
            y = lerp(start[1], end[1], e) - bend * math.sin(math.pi * e) * 0.5
            paint.circle(surface, colour, (round(x), round(y)), 10)

    def draw_words(self, surface, seat, rect, t):
        amount = self.amounts.get(seat)
        lines = [self.words]
        if amount is not None:
            count = min(1.0, round(ease_out_cubic(min(1.0, t / 0.8)) * 8) / 8)  # in 8 steps, each a moment
            shown = round(amount * count)
            lines.append(f"+{shown}" if amount >= 0 else str(shown))
        size = 26
        y = rect.centery - (size + 12) * len(lines) / 2  # over the box itself: clear of any button
        for line in lines:
            pill = label_pill(line, size)
            at = pill.get_rect(midtop=(rect.centerx, round(y)))
            at.clamp_ip(pygame.Rect(0, 0, 1280, 720))
            surface.blit(pill, at)
            y += size + 12


def label_pill(words, size):
    """Gold words on a dark pill with a gold edge: one picture, made once, drawn crisp at any scale."""
    key = ("pill", words, size)
    pill = _cache.get(key)
    if pill is None:
        label = theme.text(words, size, theme.GOLD, True)
        w, h = label.get_width() + 18, label.get_height() + 8
        pill = _cache[key] = canvas.Picture((w, h))
        paint.rect(pill, (14, 40, 30), pill.get_rect(), border_radius=12)
        paint.rect(pill, theme.GOLD, pill.get_rect(), 2, border_radius=12)
        theme.blit_text(pill, words, size, (w // 2, h // 2), theme.GOLD, True, "center")
    return pill


class Pop(Timed):
    """A short word ("+1") that pops up over a point, stays a moment and goes: it grows in three steps
    and then stands still (a word moving every frame is a patch of the window drawn again each frame,
    and six of them land at once on a full table)."""

    def __init__(self, words, at, seconds=0.8, colour=None):
        self.words, self.at = words, at
        self.colour = colour or theme.GOLD
        self.tween = Tween(seconds, ease=ease_out_cubic)
        if seconds <= 0:
            self.tween.finish()

    def draw(self, surface):
        if self.tween.done:
            return
        step = min(2, int(self.tween.progress * 15))
        size = (16, 28, 24)[step]
        theme.blit_text(surface, self.words, size, (self.at[0], self.at[1] - 10), self.colour, True, "center")
