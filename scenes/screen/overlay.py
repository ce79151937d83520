"""A box laid over a game (the pause box, the game log, the last trick, the trick history, a board's
own such as Was sticht?'s everyone's tasks): a screen of its own on the app's stack, with its own
drawing, keys and clicks.

It is see-through (``transparent``): the app draws the game beneath first, as it is now, then the box
over it, and the game under it goes on as every covered screen does (``update_covered``: bots, phones,
timers, the steps that came meanwhile) unless the box ``holds_game`` (the pause box: bots wait). Input
goes down the chain: the box takes the clicks, the wheel and the keys it uses, and leaves the rest
(the pointer's moves, Ctrl+Z, the teacher's go-on) to the game beneath, which does nothing of its own
while a box lies over it. The phones' questions (``scenes.screen.phone_dialogs``) are asked over any
box but the pause box.

A game opens a box with ``GameScreen.open_box`` and a box closes itself with ``close``;
``GameScreen.overlay`` names the box over it (None when there is none).
"""

import pygame

from scenes.screen import phone_dialogs, widgets
from scenes.screen.base import Scene

EVERYWHERE = pygame.Rect(0, 0, 1280, 720)  # a click anywhere closes a box that says so


class Overlay(Scene):
    name = None  # the box's name as tests and tools open it ("log"); a board's own: its kit's key
    transparent = True
    holds_game = False  # the bots wait while it is up; the phones' questions wait under it

    def __init__(self, game):
        super().__init__(game.app)
        self.game = game
        self.session = game.session  # the same game: the app ticks it once, and never closes it here

    @classmethod
    def refusal(cls, game):
        """Why the box may not open over GAME now (nothing to show yet), or ""."""
        return ""

    @classmethod
    def made_for(cls, game):
        """The box to lay over GAME (a new one; a box that keeps its place between openings, its own)."""
        return cls(game)

    @property
    def must_read(self):
        """A box over a game is read as the game is."""
        return self.game.must_read

    @property
    def overlay(self):
        """The box's name, as its game's ``overlay`` says it (the screen on top answers for the game)."""
        return self.name

    def close(self):
        self.game.close_box(self)

    # --- drawing ---------------------------------------------------------------------------------
    def render(self, surface):
        self.draw_box(surface)
        if not self.holds_game:
            phone_dialogs.draw(self, surface)

    def draw_box(self, surface):
        raise NotImplementedError

    def modal(self, surface, size, alpha=170):
        """Dim the game under the box and start the box's panel."""
        return widgets.modal_box(surface, size, alpha)

    def close_anywhere(self):
        """A click anywhere on the screen (not on a button of the box) closes it."""
        self.target("overlay:close", EVERYWHERE)

    # --- input -----------------------------------------------------------------------------------
    def handle(self, event):
        """Clicks, the wheel, Esc and the box's own keys are the box's; the pointer's moves and the
        other keys go on to the game beneath."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            return self.key(event)
        super().handle(event)
        return event.type != pygame.MOUSEMOTION

    def key(self, event):
        """A key the box uses (True: taken)."""
        return False

    def click(self, name):
        if name == "overlay:close":
            self.close()
        elif name.startswith("phone:"):
            phone_dialogs.click(self, name)
        else:
            self.click_box(name)

    def click_box(self, name):
        """A click on a target of the box's own."""

    def back(self):
        self.close()
