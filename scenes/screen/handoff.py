"""Who has the mouse: the game screen's hand-off (a part of ``GameScreen``).

With several people at one screen, the table asks to pass the mouse (everyone else looks away) only
when the next decision needs something the others may not see; the cover hides the table until its
button (or Enter) is pressed. Where no cover is needed the next person takes the mouse by themselves
and the table says so for a beat when it turned.
"""

import pygame

from game.i18n import _
from scenes.screen import theme

TURN_BEAT = 1.0  # seconds (normal speed) "the table turns to Ben" stays before Ben may act


class HandOff:
    """The hand-off's part of the game screen (mixed into ``GameScreen``)."""

    def cover_up(self):
        """The hand-off cover shows: the table turns to the next person, who takes the mouse."""
        return self.idle and self.session.needs_handoff()

    def under_cover(self, event):
        """While the cover asks everyone else to look away, a key only says "ready" (Enter,
        Space) or opens the pause box (Esc): nothing pressed meanwhile acts after it."""
        if self.covered() or not self.cover_up():
            return False
        self.focus = None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.accept_handoff()
            return True
        return event.key not in (pygame.K_ESCAPE, pygame.K_F11)

    def settle_viewer(self):
        """The next person takes the mouse by themselves where no cover is needed (session.settle)."""
        s = self.session
        before, bottom = (s.viewer, s.veiled), self.board.layout
        s.settle()
        if (s.viewer, s.veiled) != before:
            self.focus = None
            self.board.resync()
            if bottom is not None and bottom.bottom != s.home:
                self.say_turned()

    def say_turned(self):
        """The table turned to the person now at the mouse (no cover came between): said for a
        beat, as a newcomer lost track of who sits where when the seats moved unannounced."""
        name, board = self.session.name(self.session.home), self.board
        self.hold_step(TURN_BEAT, begin=lambda: setattr(board, "banner", _("The table turns to {name}").format(name=name)),
                       end=lambda: setattr(board, "banner", ""))

    def show_hand(self):
        """"Show my hand": the cover first (the others look away), then the hand."""
        if self.idle and self.session.can_show_hand():
            self.session.show_hand()
            self.focus = None

    def accept_handoff(self):
        if self.session.needs_handoff() and self.idle:
            bottom = self.board.layout
            self.session.accept_handoff()
            self.focus = None
            self.board.handed_over()
            if bottom is not None and bottom.bottom != self.session.home:
                self.say_turned()

    def draw_handoff(self, surface):
        self.forget_under()
        theme.shade(surface, 255, (8, 16, 14))  # nothing of the table shows through
        name = self.session.name(self.session.decider)
        theme.blit_text(surface, theme.fit(_("Pass to {name}").format(name=name), 64, 1200, True), 64, (640, 250), theme.GOLD, True,
                        "center")
        theme.blit_text(surface, _("Everyone else: look away from the screen."), 26, (640, 330), theme.INK,
                        False, "center")
        rect = pygame.Rect(0, 0, 560, 80)
        rect.center = (640, 450)
        words = _("{name}: click when ready").format(name=name)
        size = theme.fitting_size(words, (30, 27, 24), rect.width - 16, True)  # whole with a long name
        theme.button(surface, rect, words, True, size, "good")
        self.target("handoff", rect)  # its button only: a stray click while passing the mouse shows nothing
        theme.blit_text(surface, _("or press Enter"), 18, (640, rect.bottom + 24), theme.INK_DIM, False, "center")
