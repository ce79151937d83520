"""The kept games: Continue the newest unfinished game, and the list of games to continue or replay.

Every game started from the menu writes its record as it happens (``kept.storage``). Opening one
checks the whole record first, whatever the index of kept games remembered of it: a broken or foreign
file is refused with the line that is wrong, and the file is left exactly as it was; a game refused
before that opens now is opened (and no longer listed as refused), and one that turns out finished is
replayed (or unfinished, continued).
"""

import pygame

from kept import storage
from game.i18n import N_, _, ngettext, number, pgettext, listing
from kept.record import RecordError
from scenes.menus.players import PlayersScene, tabs
from scenes.screen import theme
from scenes.screen.base import Scene

ROWS = 7       # games on one page of the list
ROW_H = 64
LIST_TOP = 150
FAR = 1 << 30  # pages: to the first or the last one
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1, pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -FAR,
             pygame.K_END: FAR}


def newest_unfinished(first=True):
    """The Summary of the game Continue offers, or None (an unreadable folder offers nothing). FIRST:
    the menu has just opened, so the folder is listed and a few small changed files read; later the
    menu only asks what the index's thread has found meanwhile."""
    try:
        kept = storage.catalog()
        if first:
            kept.quick()
        return kept.offer(check_now=first)
    except OSError:
        return None


def catalog_version():
    try:
        return storage.catalog().version
    except OSError:
        return None


def watch_kept(dt):
    """While the menu or the list is open: games another program writes into the folder are listed
    within seconds (the catalog's thread looks every few seconds)."""
    try:
        storage.catalog().watch(dt)
    except OSError:
        pass


def folder_problem():
    """Why games cannot be kept in the data folder (kept.storage.FolderProblem), or None."""
    return storage.data_problem()


def kept_news():
    """What the menu should say about keeping games since it was last asked, or "": moves of a game
    left on a refusing disk that wait beside its record, or records completed from their journals."""
    words = storage.take_left_words()
    if words:
        return words
    try:
        kept = storage.catalog()
    except OSError:
        return ""
    if kept.completed:
        count, kept.completed = len(kept.completed), []
        return ngettext("The last moves of a kept game, held while the disk refused them, are in its record now.",
                        "The last moves of {n} kept games, held while the disk refused them, are in their "
                        "records now.", count).format(n=count)
    return ""


def refusal(summary_or_path, error):
    """The words for a record that cannot be opened: which file, which line, and that it is kept."""
    path = getattr(summary_or_path, "path", summary_or_path)
    reason = getattr(error, "reason", None) or str(error)
    if getattr(error, "line", None):
        reason = _("line {line}: {reason}").format(line=error.line, reason=reason)
    return _("{file} cannot be opened ({reason}). The file was left as it is.").format(file=path.name, reason=reason)


def played_elsewhere(summary):
    """True while another window (another instance of the app) plays this unfinished game."""
    return not summary.finished and storage.played_elsewhere(summary.path)


def elsewhere_words(summary):
    """Why a game is not continued here: another window plays it."""
    # TRANSLATORS: {what} is a game's title (or a file name), {date} when it was last played
    return _("{what} of {date} is being played in another window. Go on there, or leave it there first to "
             "continue it here.").format(what=summary.title or summary.path.name, date=summary.date)


def continue_kept(app, summary, turn=True):
    """Go on with a kept game, its record read in full now; returns None, or the message why it cannot
    be continued. A game that turns out finished is replayed instead (TURN: not again the other way)."""
    from scenes.screen.session import Session
    try:
        state, autosave = storage.continue_game(summary.path)
    except storage.PlayedElsewhere:
        return elsewhere_words(summary)  # nothing refused: it can be continued once that window left it
    except RecordError as error:
        storage.refuse(summary, str(error))
        return refusal(summary, error)
    storage.opened_in_full(summary, state.is_over)
    if state.is_over and turn:  # the index said unfinished: the record says otherwise
        autosave.close()
        return replay_kept(app, summary, turn=False)
    session = Session.resumed(state, autosave)
    from phone.keep import load_tokens
    tokens, port = load_tokens(autosave.path, state.players)
    if tokens:  # its phone seats get their old links (and port, if free) back in the lobby
        from scenes.menus.lobby import LobbyScene
        app.switch(LobbyScene(app, session, set(tokens), tokens=tokens, continued=True, port=port))
        return None
    app.start_game(session)
    return None


def replay_kept(app, summary, turn=True):
    """Watch a kept game again, its record read in full now; returns None, or the message why it
    cannot be opened. A game that turns out unfinished is continued instead (TURN as continue_kept)."""
    from scenes.menus.replay import open_replay
    try:
        scene = open_replay(app, summary.path)
    except RecordError as error:
        storage.refuse(summary, str(error))
        return refusal(summary, error)
    over = scene.record.final.is_over
    storage.opened_in_full(summary, over)
    if not over and turn:  # the index said finished: the record says otherwise
        return continue_kept(app, summary, turn=False)
    app.push(scene)  # its Back pops to the screen it was opened from
    return None


def winner_names(summary):
    """The winners by name, a bot's marked: a bot may bear a name a person had in another game."""
    seats = getattr(summary, "won", ()) or ()
    if len(seats) != len(summary.winners):
        return list(summary.winners)
    people = set(getattr(summary, "people", ()))
    return [name if seat in people else _("{name} (bot)").format(name=name)
            for seat, name in zip(seats, summary.winners)]

def who_played(summary):
    """The people by name and the bots as a count: "Anna, Ben + 2 bots"."""
    people = [summary.players[i] for i in summary.people]
    bots = len(summary.players) - len(people)
    if not people:
        return ngettext("{n} bot", "{n} bots", bots).format(n=bots)
    names = ", ".join(people)
    if not bots:
        return names
    # TRANSLATORS: {names} are the people who played, like "Anna, Ben"
    return ngettext("{names} + {n} bot", "{names} + {n} bots", bots).format(names=names, n=bots)


def continue_words(summary):
    """The Continue button's two lines: the game, then when and who, and how many more wait (as the
    index of kept games knows them: no record is read for this)."""
    try:
        more = storage.catalog().unfinished() - 1
    except OSError:
        more = 0
    detail = f"{summary.date} · {who_played(summary)}"
    if more > 0:
        detail += " · " + ngettext("{n} more in Kept games", "{n} more in Kept games", more).format(n=more)
    # TRANSLATORS: {title} is a game's title, like "Was sticht?"
    return _("Continue ▶ {title}").format(title=summary.title), detail


class LibraryScene(Scene):
    """Finished games to replay (game, date, players, winner) and older games to continue."""

    ORDERS = (N_("finished first"), N_("newest first"))  # identifiers too: shown through _()

    def __init__(self, app, message=""):
        super().__init__(app)
        self.hint = message
        self.page = 0
        self.order = self.ORDERS[0]
        self.deleting = None  # the Summary a Delete click asks about, until Yes or No
        listed = True
        try:
            self.kept = list(storage.catalog().quick())  # newest first; the index's thread reads the rest
        except OSError as error:
            self.kept, self.hint = [], _("The games folder cannot be read: {why}").format(why=error.strerror or error)
            listed = False
        problem = folder_problem()
        if problem is not None and (not listed or not self.hint):
            # TRANSLATORS: {folder} is a path; {why} like "it is a file, not a folder"
            words = (_("No games can be kept or listed: the data folder {folder} cannot be used ({why}).") if not listed
                     else _("New games are not kept: the data folder {folder} cannot be used ({why})."))
            self.hint = words.format(folder=problem.folder, why=problem.why)
        self.seen = catalog_version()
        self.games = self.ordered()

    def ordered(self):
        """The list as shown: newest first, or the replays first, then games to continue, then files
        that are no records (each part newest first)."""
        if self.order == "newest first":
            return list(self.kept)
        kept = self.kept
        return ([s for s in kept if s.finished and s.usable] + [s for s in kept if not s.finished and s.usable]
                + [s for s in kept if not s.usable])

    def update(self, dt):
        """The index's thread read more files (or a game was deleted, or another program wrote one):
        the list takes them in, on the page it shows."""
        super().update(dt)
        watch_kept(dt)
        version = catalog_version()
        if version != self.seen and self.deleting is None:
            self.seen = version
            self.kept = list(storage.catalog().games())
            self.games = self.ordered()
            self.turn(0)

    @staticmethod
    def waiting():
        try:
            return storage.catalog().pending
        except OSError:
            return 0

    # --- input ---------------------------------------------------------------------------------------
    def click(self, name):
        kind, _colon, arg = name.partition(":")
        if self.deleting is not None and kind != "confirm":
            self.deleting = None  # any other click answers No
            return
        if kind == "game":
            self.open(self.games[int(arg)])
        elif kind == "delete":
            self.ask_delete(self.games[int(arg)])
        elif kind == "confirm":
            self.confirm_delete(arg == "yes")
        elif kind == "order":
            self.order = self.ORDERS[(self.ORDERS.index(self.order) + 1) % len(self.ORDERS)]
            self.games, self.page = self.ordered(), 0
        elif kind == "page":
            self.turn(int(arg))
        elif kind == "back":
            self.back()
        elif name == "tab:players":
            self.app.push(PlayersScene(self.app))  # its Esc and its Games tab come back here

    def ask_delete(self, summary):
        """Delete asks first; a game another window plays is never deleted, and that is said at once."""
        if played_elsewhere(summary):
            self.hint = self.not_deleted(summary, storage.PlayedElsewhere(summary.path))
        else:
            self.deleting = summary

    def confirm_delete(self, yes):
        summary, self.deleting = self.deleting, None
        if not yes or summary is None:
            return
        try:
            storage.delete(summary)
        except OSError as error:
            self.hint = self.not_deleted(summary, error)
            return
        self.kept.remove(summary)
        self.games = self.ordered()
        self.turn(0)
        # TRANSLATORS: {what} is a game's title (or a file name), {date} when it was played
        self.hint = _("Deleted {what} of {date}.").format(what=summary.title or summary.path.name, date=summary.date)

    @staticmethod
    def not_deleted(summary, error):
        return _("{file} could not be deleted ({why}).").format(file=summary.path.name, why=error.strerror or error)

    def back(self):
        if self.deleting is not None:
            self.deleting = None
            return
        self.app.to_menu()

    def scroll(self, amount):
        self.turn(-1 if amount > 0 else 1)

    def handle(self, event):
        """Page Up/Down (or the arrows) turn a page, Home and End go to the newest and the oldest: ten
        thousand kept games are 1,429 pages."""
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS and self.deleting is None:
            self.turn(PAGE_KEYS[event.key])
            return
        super().handle(event)

    @property
    def pages(self):
        return max(1, -(-len(self.games) // ROWS))

    def turn(self, by):
        self.page = max(0, min(self.pages - 1, self.page + by))

    def open(self, summary):
        """Replay or continue a game, its file read in full now whatever the list remembered: one
        listed as refused or as no record is read again first, and opened if it is sound now."""
        if not summary.usable:
            summary = storage.read_again(summary)
            if summary.problem:
                self.hint = f"{summary.path.name}: {storage.reason(summary)}"
                return
        message = (replay_kept if summary.finished else continue_kept)(self.app, summary)
        if message:
            self.hint = message

    # --- drawing -------------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Kept games"), 48, (640, 46), theme.GOLD, True, "center")
        tabs(self, surface, "games")
        theme.blit_text(surface, _("Click a finished game to watch it again, an unfinished one to play on"), 21,
                        (640, 96), theme.INK_DIM, False, "center")
        waiting = self.waiting()
        if waiting:  # the index's thread is still reading files: the list grows as it does
            theme.blit_text(surface, ngettext("Reading {n} more kept games…", "Reading {n} more kept games…",
                                              waiting).format(n=number(waiting)), 17, (640, 126), theme.GOLD, False,
                            "center")
        if not self.games and not waiting:
            theme.blit_text(surface, _("No games kept yet: every game you start is kept here."), 26, (640, 300),
                            theme.INK, False, "center")
        first = self.page * ROWS
        for i, summary in enumerate(self.games[first:first + ROWS]):
            self.draw_row(surface, first + i, summary, pygame.Rect(60, LIST_TOP + i * ROW_H, 1160, ROW_H - 8))
        self.draw_footer(surface)
        if self.deleting is not None:
            self.draw_confirm(surface, self.deleting)

    def draw_row(self, surface, index, summary, rect):
        name = f"game:{index}"
        hover = self.hovering(name)
        theme.panel(surface, rect, fill=(26, 70, 52) if hover else (16, 44, 34),
                    edge=theme.GOLD if hover else theme.PANEL_EDGE, radius=10)
        self.target(name, rect)
        delete = pygame.Rect(rect.right - 44, rect.y + 10, 34, rect.height - 20)
        theme.button(surface, delete, "✕", self.hovering(f"delete:{index}"), 18)
        self.target(f"delete:{index}", delete)
        rect = rect.inflate(-50, 0).move(-25, 0)
        cy = rect.centery
        if not summary.usable:
            theme.blit_text(surface, theme.fit(summary.path.name, 22, 300, True), 22,
                            (rect.x + 16, cy), theme.INK_DIM, True, "midleft")
            why = storage.reason(summary)
            words = (_("Not a Tricktable record ({reason})").format(reason=why) if summary.problem
                     else _("Refused by the rules ({reason})").format(reason=why))
            room = delete.left - 12 - (rect.x + 330)  # up to the delete button; the tooltip has it whole
            theme.blit_text(surface, theme.fit(words, 20, room), 20, (rect.x + 330, cy), theme.WARN, False, "midleft")
            self.tip(rect, f"{summary.path.name}: {words}")  # the whole name and reason, however long
            return
        theme.blit_text(surface, theme.fit(summary.title, 24, 270, True), 24, (rect.x + 16, cy), theme.INK, True,
                        "midleft")
        date = summary.date  # as long as 25. Sept. 2026, 06:30
        size = theme.fitting_size(date, (20, 18, 16), 222)
        theme.blit_text(surface, theme.fit(date, size, 222), size, (rect.x + 292, cy), theme.INK_DIM, False, "midleft")
        players = theme.fit(who_played(summary), 20, 240)
        theme.blit_text(surface, players, 20, (rect.x + 524, cy), theme.INK, False, "midleft")
        outcome = pygame.Rect(rect.right - 340, rect.y, 324, rect.height)
        if played_elsewhere(summary):
            self.draw_elsewhere(surface, summary, outcome)
        else:
            self.draw_outcome(surface, summary, outcome)
        if summary.finished and summary.winners:
            self.tip(outcome, _("Won: {names}").format(names=listing(pairs=True, items=winner_names(summary))))  # whole, however many shared it

    def draw_elsewhere(self, surface, summary, rect):
        """An unfinished game another window plays: said in place of Continue, the whole of it on hover."""
        words = _("being played in another window")
        size = 22 if theme.font(22, True).size(words)[0] <= rect.width else 19
        lines = theme.wrap(words, size, rect.width, True)[:2]  # two lines rather than small
        for k, line in enumerate(lines):
            y = rect.centery + (k - (len(lines) - 1) / 2) * (size + 3)
            theme.blit_text(surface, theme.fit(line, size, rect.width, True), size, (rect.x, round(y)), theme.WARN,
                            True, "midleft")
        self.tip(rect, elsewhere_words(summary))

    @staticmethod
    def draw_outcome(surface, summary, rect):
        size = 22
        if summary.finished:
            tag = _("Replay ▶")
            won = listing(pairs=True, items=winner_names(summary)) or _("nobody")
            # shared wins too: smaller before cut; clear of the tag, however long it is in a language
            room = min(rect.width - 96, rect.width - theme.font(18, True).size(tag)[0] - 14)
            words = _("Won: {names}").format(names=won)
            size = theme.fitting_size(words, (22, 20, 18, 16), room, True)
            words, colour = theme.fit(words, size, room, True), theme.GOLD
        else:
            words, colour, tag = _("unfinished"), theme.INK_DIM, _("Continue ▶")
        theme.blit_text(surface, words, size, (rect.x, rect.centery), colour, True, "midleft")
        theme.blit_text(surface, tag, 18, (rect.right, rect.centery), theme.INK, True, "midright")

    def draw_footer(self, surface):
        if self.hint:
            for k, line in enumerate(theme.wrap(self.hint, 22, 1160, True)[:2]):
                theme.blit_text(surface, line, 22, (640, 604 + 28 * k), theme.WARN, True, "center")
        pages = self.pages
        if pages > 1:
            for key, label, x, w in (("page:-1", _("▲ Newer"), 60, 125), ("page:1", _("▼ Older"), 195, 125),
                                     (f"page:{-FAR}", _("Newest"), 330, 115), (f"page:{FAR}", _("Oldest"), 455, 115)):
                rect = pygame.Rect(x, 656, w, 52)
                theme.button(surface, rect, label, self.hovering(key), 20)
                self.target(key, rect)
            page = _("page {page} of {pages}").format(page=number(self.page + 1), pages=number(pages))
            theme.blit_text(surface, theme.fit(page, 18, 190), 18, (675, 682),
                            theme.INK_DIM, False, "center")
        rect = pygame.Rect(780, 656, 220, 52)
        theme.button(surface, rect, _("Order: {order}").format(order=_(self.order)), self.hovering("order"), 18)
        self.target("order", rect)
        rect = pygame.Rect(1020, 656, 200, 52)
        theme.button(surface, rect, _("Back (Esc)"), self.hovering("back"), 22)
        self.target("back", rect)

    def draw_confirm(self, surface, summary):
        """Delete asks first: a dialog over the dimmed list, Yes or No (Esc is No)."""
        self.targets_under_dialog()
        theme.shade(surface, 170)
        box = pygame.Rect(0, 0, 700, 220)
        box.center = (640, 360)
        theme.panel(surface, box, radius=16, width=3)
        what = summary.title or summary.path.name
        ask = _("Delete {what} of {date}?").format(what=what, date=summary.date)
        theme.blit_text(surface, theme.fit(ask, 26, 640, True), 26,
                        (640, box.y + 50), theme.INK, True, "center")
        theme.blit_text(surface, theme.fit(_("The game's record is removed from the games folder for good."), 20, 660), 20,
                        (640, box.y + 92), theme.INK_DIM, False, "center")
        for key, label, x, kind in (("confirm:yes", pgettext("button", "Delete"), box.centerx - 170, "normal"),
                                    ("confirm:no", _("Keep it"), box.centerx + 20, "good")):
            rect = pygame.Rect(x, box.bottom - 76, 150, 52)
            theme.button(surface, rect, label, self.hovering(key), 22, kind)
            self.target(key, rect)

    def targets_under_dialog(self):
        self.forget_under()  # nothing under the dialog answers a click
