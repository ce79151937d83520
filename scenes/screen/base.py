"""The scene protocol: ``handle(event) -> taken``, ``update(dt)``, ``draw(surface)``.

The app keeps the screens on a stack. It draws from the topmost screen that is not ``transparent``
up, so a see-through screen (a box laid over a game) lies over the live picture of the one beneath
(Tuxemon's ``transparent`` states). Input goes down the stack until a screen takes it: ``handle``
returns True when it took the event, and a see-through screen leaves what it does not use (the
pointer's moves, a key of the game's) to the one beneath (pygame_gui's ``process_events``); a screen
that is not see-through takes everything.

Scenes register the rectangles they drew as named targets while drawing; clicks are matched against
the targets of the last frame, so what reacts is exactly what the person saw (and tests can aim at
``scene.targets[name]``). A click is a press and a release on the same target. In the same way a scene
registers tooltips (``tip(rect, words)``): after the pointer has rested on one for TIP_DELAY seconds of
the scene's own clock, its words show above everything.
"""

import pygame

from scenes.screen import widgets

TIP_DELAY = 0.4  # seconds the pointer rests on something before its tooltip shows
# Seconds after the picture moved under a still pointer (a hot-seat hand-over, the teacher's box moving)
# during which a click is the second half of a double click aimed at what was there before
DOUBLE_CLICK = 0.6


class Scene:
    """A screen on the app's stack. Lifecycle (called by the app): ``enter`` when it comes on the
    stack, ``pause`` when another screen is pushed over it, ``resume`` when that one is popped,
    ``leave`` when it goes. Every screen on the stack is updated each frame: the top one with
    ``update`` (it takes the input), the ones under it with ``update_covered`` (a game keeps its
    bots, phones and timers going under a score sheet)."""

    session = None  # the game a screen shows, if any (the app ticks it whatever screen shows it)
    runs_game = True  # False: the game is shown but has not begun (the lobby): nobody may move yet
    transparent = False  # True: the screen under it is drawn first, and input it leaves goes there
    holds_below = False  # True: the screens under it wait (no update_covered) until it goes
    # True: a player reads this screen during play, maybe from a sofa across the room: its words are at
    # least layout_guard.READABLE big (the game's screens, their boxes and score sheets)
    must_read = False

    def __init__(self, app):
        self.app = app
        self.targets = {}
        self._next_targets = {}
        self._next_rings = {}  # where the keyboard's ring goes for a name drawn in several places
        self.rings = {}
        self.mouse = (-1, -1)
        self.pressed = None
        self.time = 0.0  # seconds this scene has been updated; drives idle animations (pulses)
        self.tips = []
        self._next_tips = []
        self._tip = (None, 0.0)  # the words under the pointer and since when
        self.tips_quiet = False  # a click silences the tooltips until the mouse moves

    # --- called by the app -----------------------------------------------------------------------
    def enter(self):
        """The scene comes on the stack (pushed, or switched in)."""

    def leave(self):
        """The scene goes from the stack (popped, switched out, or every screen goes to the menu)."""

    def pause(self):
        """Another screen was pushed over this one."""

    def resume(self):
        """The screen over this one was popped: this one is on top again."""
        self.enter()

    def update_covered(self, dt):
        """Each frame while another screen lies over this one."""

    def language_changed(self):
        """The table's language changed (Settings): words kept from before are made again. Words drawn
        each frame need nothing: they are translated as they are drawn."""

    def handle(self, event):
        """One input event; True when this screen took it (see the module's words on the chain)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.tips_quiet = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.pressed = self.hit(event.pos)
            self.tips_quiet = True  # what was clicked has changed: its old words wait for the mouse to move
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            name = self.hit(event.pos)
            pressed, self.pressed = self.pressed, None
            if name is not None and name == pressed:
                self.click(name)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(event.y)
        return True

    def update(self, dt):
        self.time += dt

    def draw(self, surface):
        self._next_targets = {}
        self._next_rings = {}
        self._next_tips = []
        self.render(surface)
        self.targets = self._next_targets
        self.rings = self._next_rings
        self.tips = self._next_tips
        self.draw_tip(surface)

    # --- for subclasses ------------------------------------------------------------------------
    def render(self, surface):
        raise NotImplementedError

    def click(self, name):
        """A named target was clicked."""

    def back(self):
        """Esc: go back one level."""

    def scroll(self, amount):
        """The mouse wheel turned (positive: away from the person)."""

    def target(self, name, rect):
        """Record that name was drawn at rect (later targets win where they overlap)."""
        self._next_targets[name] = pygame.Rect(rect)
        return rect

    def target_union(self, name, rect):
        """Like target, but a name drawn twice reacts on both places (two equal cards)."""
        old = self._next_targets.get(name)
        self._next_rings.setdefault(name, []).append(pygame.Rect(rect))  # each place a key may choose
        return self.target(name, rect if old is None else old.union(rect))

    def places(self, name):
        """Every place NAME was drawn last frame (two equal cards: two places), left to right."""
        rings = self.rings.get(name)
        if rings:
            return sorted(rings, key=lambda r: (r.x, r.y))
        rect = self.targets.get(name)
        return [rect] if rect is not None else []

    def ring_rect(self, name, at=0):
        """Where the keyboard's ring for NAME is drawn this frame: one place, even for twins."""
        rings = self._next_rings.get(name)
        if rings:
            return sorted(rings, key=lambda r: (r.x, r.y))[min(at, len(rings) - 1)]
        return self._next_targets.get(name)

    def tip(self, rect, words):
        """Record that rect, drawn this frame, explains itself with words on hover."""
        self._next_tips.append((pygame.Rect(rect), words))
        return rect

    def forget_under(self):
        """A dialog opens over the picture: what was drawn under it stops reacting and explaining."""
        self._next_targets.clear()
        self._next_tips.clear()

    def tip_at(self, pos):
        """The words of the last tooltip drawn at pos (the topmost), or None."""
        found = None
        for rect, words in self.tips:
            if rect.collidepoint(pos):
                found = words
        return found

    def shown_tip(self):
        """The words showing now, or None: the pointer has rested long enough on one tooltip."""
        words, since = self._tip
        if self.tips_quiet:
            return None
        return words if words is not None and self.time - since >= TIP_DELAY else None

    def tip_pointer(self):
        """Where the tooltips look: the mouse (a scene played by keys points with its focus)."""
        return self.mouse

    def draw_tip(self, surface):
        pointer = self.tip_pointer()
        words = self.tip_at(pointer)
        if words != self._tip[0]:
            self._tip = (words, self.time)
        shown = self.shown_tip()
        if shown is not None:
            widgets.tooltip(surface, shown, pointer)

    def hit(self, pos):
        found = None
        for name, rect in self.targets.items():
            if rect.collidepoint(pos):
                found = name
        return found

    def hovering(self, name):
        rect = self.targets.get(name)
        return rect is not None and rect.collidepoint(self.mouse)


class Sheet(Scene):
    """A score sheet: shown over a game by its GameScreen (``final``: the game's last; ``on_continue``:
    what moves the game on from a round's sheet, None on the final one)."""

    final = False
    on_continue = None
    must_read = True
