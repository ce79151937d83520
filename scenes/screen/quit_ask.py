"""Quitting asks first while a running game has moves that quitting would lose.

Every way out comes here through ``App.ask_quit``: the window's close button, Alt+F4, Ctrl+Q and the
system asking the app to quit (SIGTERM reaches SDL as a quit event). When every move is on disk (in
the record, or waiting in its journal) the app quits at once; otherwise this box says what the pause
box says before Leave, over the screen the person was on, and the person stays (and can free some
room) or quits anyway. The game under it waits meanwhile.
"""

import pygame

from game.i18n import _
from scenes.screen import theme, widgets
from scenes.screen.base import Scene

BOX = (800, 300)
AGAIN = 0.5  # seconds: asked to quit again after this long is a yes (one press can come as two events)


class QuitAsk(Scene):
    holds_below = True  # the screens under it wait (a game's bots too) until the person answers
    transparent = True  # the screen the person was on shows, dimmed, under the box

    def render(self, surface):
        box = widgets.modal_box(surface, BOX)
        theme.blit_text(surface, _("Quit Tricktable?"), 34, (box.centerx, box.y + 44), theme.GOLD, True, "center")
        words = self.app.unkept_words()
        if words:
            widgets.refusal(surface, words, (box.centerx, box.y + 96), box.width - 60, lines=3)
        else:  # room was made meanwhile and the record written
            kept = _("Every move is kept now: quitting loses nothing.")
            for k, line in enumerate(theme.wrap(kept, 22, box.width - 60, True)[:2]):
                theme.blit_text(surface, line, 22, (box.centerx, box.y + 108 + 26 * k), theme.INK, True, "center")
        for key, label, x, kind in (("ask:stay", _("Keep playing"), box.centerx - 290, "good"),
                                    ("ask:quit", _("Quit anyway"), box.centerx + 20, "normal")):
            rect = pygame.Rect(x, box.bottom - 84, 270, 58)
            theme.button(surface, rect, label, self.hovering(key), 24, kind)
            self.target(key, rect)

    def handle(self, event):
        """Every event is the box's: nothing under it acts until the person answers."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.stay()  # the green button's
            return True
        return super().handle(event)

    def click(self, name):
        if name == "ask:quit":
            self.app.quit()
        elif name == "ask:stay":
            self.stay()

    def back(self):
        self.stay()

    def stay(self):
        self.app.pop()

    def asked_again(self):
        """Quit asked for again while this box shows: a yes, once it could have been read."""
        if self.time >= AGAIN:
            self.app.quit()
