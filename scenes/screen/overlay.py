"""A box laid over a game (the pause box, the game log, the last trick, the trick history, a
board's own such as Was sticht?'s everyone's tasks) as a screen of its own on the app's stack.

It takes the input while it is on top, and hands it to its game's screen, whose boxes they are; the
game under it goes on as every covered screen does (``update_covered``: bots, phones, timers, the
steps that came meanwhile) and draws first, so the box lies over the live table. ``GameScreen.overlay``
names the overlay over it (None when there is none); setting it pushes or pops one.
"""

from scenes.screen.base import Scene


class Overlay(Scene):
    def __init__(self, game, name):
        super().__init__(game.app)
        self.game = game
        self.name = name
        self.session = game.session  # the same game: the app ticks it once, and never closes it here

    @property
    def overlay(self):
        return self.name

    def update(self, dt):
        self.time += dt

    def draw(self, surface):
        """The game with its box on top; what reacts is what the game drew for the box."""
        self.game.draw(surface)
        self.targets, self.tips = self.game.targets, self.game.tips

    def handle(self, event):
        self.game.handle(event)

    def click(self, name):
        self.game.click(name)
