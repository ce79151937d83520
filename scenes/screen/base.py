"""The scene protocol: ``handle(event)``, ``update(dt)``, ``draw(surface)``.

Scenes register the rectangles they drew as named targets while drawing; clicks are matched against
the targets of the last frame, so what reacts is exactly what the person saw (and tests can aim at
``scene.targets[name]``). A click is a press and a release on the same target.
"""

import pygame


class Scene:
    def __init__(self, app):
        self.app = app
        self.targets = {}
        self._next_targets = {}
        self.mouse = (-1, -1)
        self.pressed = None
        self.time = 0.0  # seconds this scene has been updated; drives idle animations (pulses)

    # --- called by the app -----------------------------------------------------------------------
    def enter(self):
        """The app switched to this scene."""

    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.pressed = self.hit(event.pos)
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

    def update(self, dt):
        self.time += dt

    def draw(self, surface):
        self._next_targets = {}
        self.render(surface)
        self.targets = self._next_targets

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
        return self.target(name, rect if old is None else old.union(rect))

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
    session = None
