"""Who has the mouse: the game screen's hand-off (a part of ``GameScreen``).

Seats never move. Where the next decision needs what the others may not see (a hidden hand, a secret
bid, trump or task), a strip over the hand says "Ben: your turn; others look away", and one press by
that person (a click on the strip, Space or Enter) shows their hand and secrets; until then the
table is drawn as everyone may see it. Nothing covers the table: the others keep seeing where
everyone sits and what lies on it. Where no press is needed the next person takes the mouse by
themselves, and the hand strip shows their hand under their name.
"""

import pygame

from game.i18n import _
from scenes.screen import theme

STRIP_FILL = (12, 34, 28)  # opaque: nothing of the hand under it shows through


class HandOff:
    """The hand-off's part of the game screen (mixed into ``GameScreen``)."""

    def reveal_waits(self):
        """The strip over the hand waits for the press of the person who decides now."""
        return self.idle and self.session.needs_handoff()

    def under_cover(self, event):
        """While the strip waits for its person's press, a key only says "show" (Enter, Space) or
        opens the pause box (Esc): nothing pressed meanwhile acts after it."""
        if self.covered() or not self.reveal_waits():
            return False
        self.focus = None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.accept_handoff()
            return True
        return event.key not in (pygame.K_ESCAPE, pygame.K_F11)

    def settle_viewer(self):
        """The next person takes the mouse by themselves where no press is needed (session.settle)."""
        s = self.session
        before = (s.viewer, s.veiled)
        s.settle()
        if (s.viewer, s.veiled) != before:
            self.focus = None
            self.board.resync()

    def show_hand(self):
        """"Show my hand" (a decision in front of everyone): one press, and the hand is drawn."""
        if self.idle and self.session.can_show_hand():
            self.session.show_hand()
            self.focus = None
            self.board.handed_over()

    def accept_handoff(self):
        if self.session.needs_handoff() and self.idle:
            self.session.accept_handoff()
            self.focus = None
            self.board.handed_over()

    def draw_handoff(self, surface):
        """The strip over the hand: whose turn it is, that the others look away, and the one press
        that shows the hand. The whole strip is the press's target."""
        rect = self.board.reveal_place()
        name = self.session.name(self.session.decider)
        theme.panel(surface, rect, fill=STRIP_FILL, edge=theme.GOLD, radius=14, width=3)
        words = _("{name}: your turn; others look away").format(name=name)
        room = rect.width - 32
        size = theme.fitting_size(words, (30, 28, 26, 24, 22, 20), room, True)
        lines = [words] if theme.font(size, True).size(words)[0] <= room else theme.wrap(words, 20, room, True)[:2]
        for i, line in enumerate(lines):  # a narrow strip (the starter's trump): two lines
            theme.blit_text(surface, theme.fit(line, size, room, True), size,
                            (rect.centerx, rect.y + 10 + (30 - size) // 2 + 24 * i), theme.GOLD, True, "midtop")
        top = rect.y + 14 + 24 * len(lines) + (30 - size) // 2 + (6 if len(lines) == 1 else 0)
        button = pygame.Rect(0, 0, min(460, rect.width - 32), min(52, rect.bottom - 10 - top))
        button.midbottom = (rect.centerx, rect.bottom - 10)
        label = self.board.reveal_words()
        theme.button(surface, button, label, self.hovering("handoff"), theme.fitting_size(
            label, (24, 22, 20, 18), button.width - 16, True), "good")
        self.target("handoff", rect)  # a click anywhere on the strip: the hand is where it is
