"""A message the app lays over any screen for a while: the disk refused the record, it is kept again.

It belongs to the app, not a scene, so it is seen whichever screen the game is on, and a scene change
does not swallow it; but a game's words go with the game: once no screen shows that game any more (the
menu, another game), they are gone. The same words are not shown twice in a row (a read-only folder is
said once, not at every new game), unless they are news (``news`` true: something that happened again,
such as scenes.screen.session.News)."""

import pygame

from scenes.screen import theme

SECONDS = 8.0
WIDTH = 820  # between the side panels and the table buttons


class Notice:
    def __init__(self):
        self.words = ""
        self.left = 0.0
        self.last = ""
        self.owner = None  # the game (session) the words are about, if any

    def show(self, words, owner=None):
        if not words or (words == self.last and not getattr(words, "news", False)):
            return
        self.words, self.last, self.left, self.owner = words, words, SECONDS, owner

    def belongs(self, games):
        """GAMES are the games the screens show now: words about any other game go."""
        if self.owner is not None and all(game is not self.owner for game in games):
            self.left, self.owner = 0.0, None

    def update(self, dt):
        if self.left > 0:
            self.left = max(0.0, self.left - dt)

    @property
    def visible(self):
        return self.left > 0 and bool(self.words)

    def draw(self, surface):
        if not self.visible:
            return
        lines = theme.wrap(self.words, 22, WIDTH - 40, True)[:3]
        rect = pygame.Rect(0, 0, WIDTH, 24 + 28 * len(lines))
        rect.midtop = (surface.get_width() // 2, 12)
        theme.panel(surface, rect, fill=theme.PANEL, edge=theme.WARN, radius=12, width=3)
        for k, line in enumerate(lines):
            theme.blit_text(surface, line, 22, (rect.centerx, rect.y + 12 + 28 * k), theme.WARN, True, "midtop")
