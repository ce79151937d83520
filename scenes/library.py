"""The kept games: Continue the newest unfinished game, and the list of games to continue or replay.

Every game started from the menu writes its record as it happens (``game.storage``). Opening one
checks the whole record first; a broken or foreign file is refused with the line that is wrong, and
the file is left exactly as it was.
"""

import pygame

from game import storage
from game.record import RecordError
from scenes import theme
from scenes.base import Scene

ROWS = 7       # games on one page of the list
ROW_H = 64
LIST_TOP = 150


def newest_unfinished():
    """The Summary of the game Continue offers, or None (an unreadable folder offers nothing)."""
    try:
        return storage.newest_to_continue()
    except OSError:
        return None


def refusal(summary_or_path, error):
    """The words for a record that cannot be opened: which file, which line, and that it is kept."""
    path = getattr(summary_or_path, "path", summary_or_path)
    where = f"line {error.line}: " if getattr(error, "line", None) else ""
    reason = getattr(error, "reason", None) or str(error)
    return f"{path.name} cannot be opened ({where}{reason}). The file was left as it is."


def continue_kept(app, summary):
    """Go on with a kept game; returns None, or the message why it cannot be continued."""
    from scenes.session import Session
    try:
        state, autosave = storage.continue_game(summary.path)
    except RecordError as error:
        storage.refuse(summary, str(error))
        return refusal(summary, error)
    except OSError as error:
        return f"{summary.path.name} cannot be continued: its mending cannot be written " \
               f"({error.strerror or error}). The file was left as it is."
    app.start_game(Session.resumed(state, autosave))
    return None


def continue_words(summary):
    return f"Continue: {summary.title}, {summary.date}"


class LibraryScene(Scene):
    """Finished games to replay (game, date, players, winner) and older games to continue."""

    def __init__(self, app, message=""):
        super().__init__(app)
        self.hint = message
        self.page = 0
        try:
            kept = storage.kept_games()
        except OSError as error:
            kept, self.hint = [], f"The games folder cannot be read: {error}"
        # finished first (the replays), then games to continue, then files that are no records
        self.games = ([s for s in kept if s.finished and s.usable] + [s for s in kept if not s.finished
                      and s.usable] + [s for s in kept if not s.usable])

    # --- input ---------------------------------------------------------------------------------------
    def click(self, name):
        kind, _, arg = name.partition(":")
        if kind == "game":
            self.open(self.games[int(arg)])
        elif kind == "page":
            self.turn(int(arg))
        elif kind == "back":
            self.back()

    def back(self):
        self.app.to_menu()

    def scroll(self, amount):
        self.turn(-1 if amount > 0 else 1)

    def turn(self, by):
        pages = max(1, -(-len(self.games) // ROWS))
        self.page = max(0, min(pages - 1, self.page + by))

    def open(self, summary):
        if not summary.usable:
            self.hint = f"{summary.path.name}: {summary.problem or summary.refused}"
            return
        if summary.finished:
            self.replay(summary)
            return
        message = continue_kept(self.app, summary)
        if message:
            self.hint = message

    def replay(self, summary):
        from scenes.replay import open_replay
        try:
            scene = open_replay(self.app, summary.path)
        except RecordError as error:
            storage.refuse(summary, str(error))
            self.hint = refusal(summary, error)
            return
        self.app.push(scene)  # its Back pops to this list

    # --- drawing -------------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, "Kept games", 48, (640, 46), theme.GOLD, True, "center")
        theme.blit_text(surface, "Click a finished game to watch it again, an unfinished one to play on", 21,
                        (640, 96), theme.INK_DIM, False, "center")
        if not self.games:
            theme.blit_text(surface, "No games kept yet: every game you start is kept here.", 26, (640, 300),
                            theme.INK, False, "center")
        first = self.page * ROWS
        for i, summary in enumerate(self.games[first:first + ROWS]):
            self.draw_row(surface, first + i, summary, pygame.Rect(60, LIST_TOP + i * ROW_H, 1160, ROW_H - 8))
        self.draw_footer(surface)

    def draw_row(self, surface, index, summary, rect):
        name = f"game:{index}"
        hover = self.hovering(name)
        theme.panel(surface, rect, fill=(26, 70, 52) if hover else (16, 44, 34),
                    edge=theme.GOLD if hover else theme.PANEL_EDGE, radius=10)
        self.target(name, rect)
        cy = rect.centery
        if not summary.usable:
            theme.blit_text(surface, theme.fit(summary.path.name, 22, 300, True), 22,
                            (rect.x + 16, cy), theme.INK_DIM, True, "midleft")
            words = (f"Not a Tricktable record ({summary.problem})" if summary.problem
                     else f"Refused by the rules ({summary.refused})")
            theme.blit_text(surface, theme.fit(words, 20, 820), 20, (rect.x + 330, cy), theme.WARN, False, "midleft")
            return
        theme.blit_text(surface, theme.fit(summary.title, 24, 270, True), 24, (rect.x + 16, cy), theme.INK, True,
                        "midleft")
        theme.blit_text(surface, summary.date, 20, (rect.x + 300, cy), theme.INK_DIM, False, "midleft")
        players = theme.fit(", ".join(summary.players), 20, 350)
        theme.blit_text(surface, players, 20, (rect.x + 495, cy), theme.INK, False, "midleft")
        self.draw_outcome(surface, summary, pygame.Rect(rect.right - 300, rect.y, 284, rect.height))

    @staticmethod
    def draw_outcome(surface, summary, rect):
        if summary.finished:
            won = " and ".join(summary.winners) or "nobody"
            words, colour = theme.fit(f"Won: {won}", 22, rect.width - 130, True), theme.GOLD
            tag = "Replay ▶"
        else:
            words, colour, tag = "unfinished", theme.INK_DIM, "Continue ▶"
        theme.blit_text(surface, words, 22, (rect.x, rect.centery), colour, True, "midleft")
        theme.blit_text(surface, tag, 18, (rect.right, rect.centery), theme.INK, True, "midright")

    def draw_footer(self, surface):
        if self.hint:
            for k, line in enumerate(theme.wrap(self.hint, 22, 1160, True)[:2]):
                theme.blit_text(surface, line, 22, (640, 604 + 28 * k), theme.WARN, True, "center")
        pages = max(1, -(-len(self.games) // ROWS))
        if pages > 1:
            for key, label, x in (("page:-1", "▲ Newer", 60), ("page:1", "▼ Older", 260)):
                rect = pygame.Rect(x, 656, 180, 52)
                theme.button(surface, rect, label, self.hovering(key), 22)
                self.target(key, rect)
            theme.blit_text(surface, f"page {self.page + 1} of {pages}", 18, (640, 682), theme.INK_DIM, False,
                            "center")
        rect = pygame.Rect(1020, 656, 200, 52)
        theme.button(surface, rect, "Back (Esc)", self.hovering("back"), 22)
        self.target("back", rect)
