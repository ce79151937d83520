"""The end of a guided first round: its score explained line by line, then what next."""

import pygame

from game import game_info
from game.i18n import _
from scenes.screen import theme
from scenes.screen.base import Sheet

LINE_BEAT = 0.6  # seconds between the explanation's lines
LINE_SIZE = 21


class LessonDoneScene(Sheet):
    """Laid over the lesson's table: the lines come one by one (a click or a key shows them all), then
    Play a real game, Again, Menu."""

    def __init__(self, app, session, lines, skipped=False):
        super().__init__(app)
        self.skipped = skipped  # Finish for me: the teacher played the learner's moves to the end
        self.session = session
        self.game_id = session.game_id
        self.lines = list(lines)
        self.shown = 1

    def update(self, dt):
        super().update(dt)
        self.shown = min(len(self.lines), 1 + int(self.time / LINE_BEAT))

    @property
    def complete(self):
        return self.shown >= len(self.lines)

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.click("all")  # a key shows the lines, never a button: a learner pressed on past the score
            return
        super().handle(event)

    def render(self, surface):
        surface.fill(theme.BG)
        title = _("Scored: your first round of {title}").format(title=game_info(self.game_id).title)
        size = theme.fitting_size(title, (38, 34, 30), 1200, True)
        theme.blit_text(surface, title, size, (640, 50), theme.GOLD, True, "center")
        y = 110
        for k, line in enumerate(self.lines[:self.shown]):
            colour = theme.INK_DIM if k == 0 else theme.INK
            for row in theme.wrap(line, LINE_SIZE, 1100, k > 0):
                theme.blit_text(surface, row, LINE_SIZE, (90, y), colour, k > 0)
                y += LINE_SIZE + 8
            y += 8
        if not self.complete:
            theme.blit_text(surface, _("Click or press Space to see it all"), 18, (640, 560), theme.INK_DIM, False,
                            "center")
            self.target("all", surface.get_rect())
            return
        if self.skipped:
            closing = _("The teacher played the rest of your round. A real game goes on for more rounds, scored the same way.")
        else:
            closing = _("A real game goes on for more rounds, scored the same way.")
        theme.blit_text(surface, closing, 20, (640, 560), theme.INK, False, "center")
        for name, label, x, kind in (("real", _("Play a real game"), 250, "good"),
                                     ("again", _("Learn again"), 640, "normal"),
                                     ("menu", _("Menu (Esc)"), 1030, "normal")):
            rect = pygame.Rect(0, 0, 340, 64)
            rect.center = (x, 630)
            theme.button(surface, rect, label, self.hovering(name), 26, kind)
            self.target(name, rect)

    def click(self, name):
        if name == "all":
            self.time = LINE_BEAT * len(self.lines)
            self.shown = len(self.lines)
        elif name == "real":
            self.app.set_up(self.game_id)
        elif name == "again":
            name = self.session.name(self.session.lesson.learner)
            self.app.to_menu()
            self.app.learn(self.game_id, None if name == self.session.lesson.names[0] else name)
        elif name == "menu":
            self.app.to_menu()

    def back(self):
        self.app.to_menu()
