"""The Players view of the kept games: per person and game, the games played, wins, average place,
best score and a small chart of the scores of their last games. The numbers are ``kept.stats``'s,
from the kept records (as the games folder's index knows them); this screen only draws them.

Esc (or Back) returns to the list of kept games; the arrows, Page Up/Down, Home/End and the mouse
wheel move through a long list."""

import pygame

from scenes.screen import paint

from kept import storage
from game.i18n import _, ngettext, number, pgettext
from kept.stats import RECENT, player_stats
from scenes.screen import theme
from scenes.screen.base import Scene

ROWS = 8
ROW_H = 58
LIST_TOP = 160
COLS = {"name": 60, "game": 300, "games": 560, "wins": 650, "place": 765, "best": 880, "chart": 960, "end": 1220}
# how wide a column's heading may be (a longer one, in some language, is cut rather than overlap the next)
HEAD_ROOM = {"name": 230, "game": 220, "games": 86, "wins": 100, "place": 128, "best": 110, "chart": 260}
STEP_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS, pygame.K_PAGEDOWN: ROWS,
             pygame.K_HOME: -(1 << 30), pygame.K_END: 1 << 30}
BAR_WON = theme.GOLD
BAR = (120, 170, 150)


def tabs(scene, surface, current):
    """The two views of the kept games, as tabs at the top right: the games, and the players."""
    for i, (key, label) in enumerate((("tab:games", pgettext("tab", "Games")),
                                      ("tab:players", pgettext("tab", "Players")))):
        rect = pygame.Rect(950 + i * 140, 22, 130, 46)
        on = key == f"tab:{current}"
        theme.button(surface, rect, label, scene.hovering(key), 20, "good" if on else "normal")
        scene.target(key, rect)


class PlayersScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.first = 0  # the row at the top of the list
        self.seen = None
        self.lines = []
        self.refresh()

    def refresh(self):
        try:
            kept = storage.catalog()
            self.seen = kept.version
            self.lines = player_stats(kept.games())
        except OSError:
            self.lines = []
        self.move(0)

    def update(self, dt):
        """The index's thread read more files: the numbers take them in."""
        super().update(dt)
        try:
            version = storage.catalog().version
        except OSError:
            return
        if version != self.seen:
            self.refresh()

    # --- input ---------------------------------------------------------------------------------------
    def click(self, name):
        if name in ("back", "tab:games"):
            self.back()
        elif name.startswith("move:"):
            self.move(int(name[5:]))

    def back(self):
        self.app.pop()

    def scroll(self, amount):
        self.move(-1 if amount > 0 else 1)

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in STEP_KEYS:
            self.move(STEP_KEYS[event.key])
            return
        super().handle(event)

    def move(self, by):
        self.first = max(0, min(max(0, len(self.lines) - ROWS), self.first + by))

    # --- drawing -------------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, pgettext("heading", "Players"), 48, (640, 46), theme.GOLD, True, "center")
        tabs(self, surface, "players")
        theme.blit_text(surface, _("Finished games of the people at the table, by name (bots are not counted)"), 20,
                        (640, 96), theme.INK_DIM, False, "center")
        if not self.lines:
            theme.blit_text(surface, _("No finished games of people kept yet."), 26, (640, 300), theme.INK, False,
                            "center")
        else:
            self.draw_heads(surface)
            shown = self.lines[self.first:self.first + ROWS]
            for i, line in enumerate(shown):
                k = self.first + i
                named = i == 0 or self.lines[k - 1].name != line.name
                self.draw_row(surface, line, pygame.Rect(COLS["name"] - 10, LIST_TOP + i * ROW_H,
                                                         COLS["end"] - COLS["name"] + 20, ROW_H - 8), named)
        self.draw_footer(surface)

    def draw_heads(self, surface):
        y = LIST_TOP - 22
        for key, label, anchor in (("name", pgettext("column", "Player"), "midleft"),
                                   ("game", pgettext("column", "Game"), "midleft"),
                                   ("games", pgettext("column", "Games"), "center"),
                                   ("wins", pgettext("column", "Wins"), "center"),
                                   ("place", pgettext("column", "Avg. place"), "center"),
                                   ("best", pgettext("column", "Best"), "center"),
                                   ("chart", ngettext("Last {n} score", "Last {n} scores", RECENT).format(n=RECENT),
                                    "midleft")):
            theme.blit_text(surface, theme.fit(label, 18, HEAD_ROOM[key], True), 18, (COLS[key], y), theme.INK_DIM,
                            True, anchor)

    def draw_row(self, surface, line, rect, named):
        theme.panel(surface, rect, fill=(16, 44, 34), radius=10, width=1)
        cy = rect.centery
        if named:
            theme.blit_text(surface, theme.fit(line.name, 22, COLS["game"] - COLS["name"] - 20, True), 22,
                            (COLS["name"], cy), theme.INK, True, "midleft")
        theme.blit_text(surface, theme.fit(line.title, 20, COLS["games"] - COLS["game"] - 50), 20,
                        (COLS["game"], cy), theme.INK, False, "midleft")
        cells = (("games", str(line.games), theme.INK), ("wins", str(line.wins), theme.GOLD),
                 ("place", number(line.average_place, 1), theme.INK), ("best", str(line.best), theme.INK))
        for key, words, colour in cells:
            theme.blit_text(surface, words, 22, (COLS[key], cy), colour, True, "center")
        self.tip(pygame.Rect(rect.x, rect.y, COLS["chart"] - rect.x, rect.height),
                 # TRANSLATORS: {name} is a player, {title} a game's title
                 ngettext("{name}, {title}: {n} game, {wins} won, average place {place}, best score {best}",
                          "{name}, {title}: {n} games, {wins} won, average place {place}, best score {best}",
                          line.games).format(name=line.name, title=line.title, n=line.games, wins=line.wins,
                                             place=number(line.average_place, 2), best=line.best))
        self.draw_chart(surface, line, pygame.Rect(COLS["chart"], rect.y + 6, COLS["end"] - COLS["chart"],
                                                   rect.height - 12))

    def draw_chart(self, surface, line, box):
        """The scores of the last games as bars (a win in gold), on a line at zero."""
        recent = line.recent
        scores = [s for s, _ in recent]
        low, high = min([0] + scores), max([1] + scores)
        width = box.width // RECENT
        zero = box.bottom - (0 - low) * box.height / (high - low)
        for i, (score, won) in enumerate(recent):
            x = box.x + i * width
            y = box.bottom - (score - low) * box.height / (high - low)
            bar = pygame.Rect(x + 3, round(min(y, zero)), width - 6, max(2, round(abs(zero - y))))
            paint.rect(surface, BAR_WON if won else BAR, bar, border_radius=3)
        paint.line(surface, theme.PANEL_EDGE, (box.x, round(zero)), (box.x + width * len(recent), round(zero)))
        words = ", ".join(_("{score} (won)").format(score=s) if w else str(s) for s, w in recent)
        # TRANSLATORS: {scores} is a list of scores like "12, 30 (won), 7"
        tip = ngettext("{name}'s last game of {title}, oldest first: {scores}",
                       "{name}'s last {n} games of {title}, oldest first: {scores}", len(recent))
        self.tip(box, tip.format(name=line.name, n=len(recent), title=line.title, scores=words))

    def draw_footer(self, surface):
        if len(self.lines) > ROWS:
            for key, label, x in ((f"move:{-ROWS}", _("▲ Up"), 60), (f"move:{ROWS}", _("▼ Down"), 200)):
                rect = pygame.Rect(x, 656, 125, 52)
                theme.button(surface, rect, label, self.hovering(key), 20)
                self.target(key, rect)
            last = min(len(self.lines), self.first + ROWS)
            rows = _("rows {first}–{last} of {count}").format(first=self.first + 1, last=last, count=len(self.lines))
            theme.blit_text(surface, rows, 18, (470, 682),
                            theme.INK_DIM, False, "center")
        rect = pygame.Rect(1020, 656, 200, 52)
        theme.button(surface, rect, _("Back (Esc)"), self.hovering("back"), 22)
        self.target("back", rect)

