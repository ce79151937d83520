"""The game log in a window over the table: every line of the log so far, wrapped to the window,
the newest at the bottom. The wheel, the arrows, Page Up/Down, Home and End scroll it; a view
scrolled up stays where it is while new lines come; a click anywhere closes it."""

import pygame

from game.i18n import _
from scenes.screen import theme
from scenes.screen.overlay import Overlay

BOX = (980, 600)
PAGE = 19  # rows it shows
WHEEL = 3  # rows one notch of the wheel moves
KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: PAGE, pygame.K_PAGEDOWN: -PAGE,
        pygame.K_HOME: 10 ** 6, pygame.K_END: -10 ** 6}  # rows up (towards the oldest)


class LogWindow(Overlay):
    name = "log"

    def __init__(self, game):
        super().__init__(game)
        self.cache = (None, [])  # (which log at which length, its rows)
        self.shown = []  # the rows the window showed last
        self.scrolled = 0  # rows scrolled up from the newest
        self.seen = len(self.rows())  # its rows when last drawn: new lines keep a scrolled view where it is

    def rows(self):
        """The log's lines wrapped to the window's width (kept while the log is unchanged)."""
        log = self.game.log
        key = (id(log), len(log.lines), log.lines[-1] if log.lines else "")
        if self.cache[0] != key:
            width = BOX[0] - 60
            self.cache = (key, [row for line in log.lines for row in theme.wrap(line, 20, width)])
        return self.cache[1]

    def scroll_by(self, rows):
        """Move the view by rows (up: older), clamped so a whole page stays in view."""
        self.scrolled = max(0, min(len(self.rows()) - PAGE, self.scrolled + rows))

    def scroll(self, amount):
        self.scroll_by(amount * WHEEL)

    def key(self, event):
        if event.key not in KEYS:
            return False
        self.scroll_by(KEYS[event.key])
        return True

    def draw_box(self, surface):
        box = self.modal(surface, BOX)
        theme.blit_text(surface, _("Game log"), 30, (box.centerx, box.y + 32), theme.GOLD, True, "center")
        rows = self.rows()
        if self.scrolled and len(rows) > self.seen:
            self.scrolled += len(rows) - self.seen  # scrolled up: new lines do not move the view
        self.seen = len(rows)
        self.scroll_by(0)
        end = len(rows) - self.scrolled
        y = box.y + 70
        self.shown = rows[max(0, end - PAGE):end]
        for row in self.shown:
            theme.blit_text(surface, row, 20, (box.x + 30, y), theme.INK)
            y += 25
        if len(rows) > PAGE:
            where = _("rows {first}–{last} of {count}").format(first=max(0, end - PAGE) + 1, last=end,
                                                                count=len(rows))
            theme.blit_text(surface, where, 17, (box.right - 24, box.y + 40), theme.INK_DIM, False, "topright")
        theme.blit_text(surface, _("Mouse wheel, arrow keys, Page Up/Down scroll · click to close"), 17,
                        (box.centerx, box.bottom - 22), theme.INK_DIM, False, "center")
        self.close_anywhere()
