"""Watching a finished game again: the record is played back on the game's own screens.

The record is checked in full when it is opened (``kept.record.replay``), so a broken or foreign file is
refused with its line number before anything is shown. Playing back runs the game's own screen
(``GameScreen``, with its boards) on a replay session (``replay_session``): a ``Record`` decides every seat, its move the
record's next action, nobody may act by clicking, and no hand-off hides anything; the hand at the
bottom is the chosen seat's. Score sheets and the boxes over the game (the log, the trick history, the
pause box) are shown inside the replay, under its bar, instead of being laid over it: the bar stays on
top and answers while they are open. The game is drawn full size; the control bar, which says "Replay" so the
picture is never taken for a live game, lies over its bottom edge all the time (a newcomer did not find
controls that came only with the mouse), or over its top edge on a board whose seat boxes stand at the
bottom (the seat boxes stay in sight). (Scaling the picture down to make room cost more than a frame's
budget.)

Stepping back rebuilds the state from the start up to one action less: records are small and applying
actions is fast, and a rebuilt state can never disagree with the rules.
"""

import pygame

from scenes.screen import paint
from scenes.screen.canvas import Picture

from kept import files
from game.i18n import _
from kept.record import read_lines, replay
from game.replay import actions_of, rebuilt
from scenes.screen import theme
from scenes.screen.game_screen import GameScreen
from scenes.screen.session import Record, Session
from scenes.screen.settings import SPEEDS as SPEEDS_OF_SETTINGS

SPEEDS = (0.5, 1.0, 2.0, 4.0)
BOT_PAUSE = 0.8       # seconds between moves at ×1, as a calm bot table
BOARD_SECONDS = 3.5   # a round's scores stay this long at ×1 before play goes on
BAR = pygame.Rect(256, 654, 1024, 66)  # right of the bottom seat's panel, over the lower part of the hand
LABEL_SIZES, LABEL_ROOM = (20, 18, 16), 96  # the "Replay" tag's type sizes and the room its word should fit
BAR_TOP = BAR.move(0, -BAR.y)  # where seat boxes stand at the bottom (Was sticht?'s task draft): over the top


class ReplayRecord:
    """A record file read and checked once; ``state_at(k)`` is the game after its first k actions.

    What is kept is the game the rules rebuilt from the record, whose every line the record was
    checked against (``x-`` lines and unknown keys, which readers ignore, are not kept: a long record's
    would be millions of objects held while the replay runs)."""

    def __init__(self, path):
        self.path = path
        with files.collector_paused():  # as record.load: until the file's lines are freed
            lines = read_lines(path)         # RecordError (with .line) for anything unreadable
            self.final = replay(lines)       # ... or against the rules
            lines = None
        self.game_id = self.final.events[0]["game"]
        self.actions = actions_of(self.final)

    def state_at(self, k):
        """The game after its first k actions, rebuilt from the record's start."""
        return rebuilt(self.final.events, k)


def replay_session(record, viewer, done=0):
    """A session whose every seat is decided by the record, its moves released by the replay's
    controls; nobody acts by hand and nothing is hidden: the chosen seat's hand is on screen."""
    session = Session(record.state_at(done), record=Record(record.actions, done))
    session.viewer = viewer
    return session


class ReplayScreen(GameScreen):
    """The game's own screen on a replay session, with a control bar over its bottom edge."""

    def __init__(self, app, record, viewer=None):
        self.record = record
        self.speed = 1.0
        self.playing = True
        self.board_wait = 0.0
        self.bar_at = BAR    # where the bar lies this frame (bar_place)
        self.sheet = None    # a score sheet, shown inside the replay with the bar over it
        self.box = None      # a box over the game (the log, the history), inside the replay under the bar
        self.bar_back = Picture(BAR.size)
        paint.rect(self.bar_back, (8, 24, 19, 236), self.bar_back.get_rect(), border_radius=12)
        self._bar_key, self._bar_surface = None, None
        people = [i for i, s in enumerate(record.final.seats) if s.kind != "bot"]
        viewer = viewer if viewer is not None else (people[0] if people else 0)
        super().__init__(app, self.session_at(0, viewer))

    def session_at(self, k, viewer):
        session = replay_session(self.record, viewer, max(0, min(k, len(self.record.actions))))
        session.record.playing = self.playing
        return session

    @property
    def controls(self):
        """The record deciding every seat: how far it is played, and what the controls released."""
        return self.session.record

    @property
    def done(self):
        return self.controls.done

    def rebuild(self, k, viewer):
        """The game after k actions, shown at once (no animation), its log filled in."""
        self.sheet = None
        self.start(self.session_at(k, viewer))
        self.board_wait = 0.0

    # --- the game screen's knobs: normal speed, a calm pace, no one "thinking" while paused ----------
    def speed_factor(self):
        return SPEEDS_OF_SETTINGS["normal"]

    def bot_delay(self):
        return 0.0 if self.controls.steps else BOT_PAUSE

    def waiting_line(self, doing="is thinking"):
        s = self.session
        if not (s.record.playing or s.record.steps) and s.decider is not None:
            return _("Paused · {name} moves next").format(name=s.name(s.decider))
        return super().waiting_line(doing)

    def over(self):
        return self.box

    def open_box(self, box):
        self.close_box()
        self.box = box
        box.enter()

    def close_box(self, box=None):
        if self.box is not None and box in (None, self.box):
            self.box.leave()
            self.box = None

    def show_sheet(self, sheet, final):
        sheet.buttons_shown = False  # its buttons mean other things here: the bar does their work
        self.sheet = sheet
        sheet.enter()

    def close_sheet(self):
        self.sheet = None

    def go_back(self):
        self.app.pop()  # to the list it was opened from; at the bottom, the menu

    # --- controls ----------------------------------------------------------------------------------
    def set_playing(self, playing):
        self.playing = playing
        self.controls.playing = playing

    def step_forward(self):
        self.set_playing(False)
        if self.sheet is not None and self.sheet.on_continue:
            self.sheet.on_continue()
            return
        if self.done + self.controls.steps < len(self.controls.actions):
            self.controls.steps += 1

    def step_back(self):
        self.set_playing(False)
        self.rebuild(self.done - 1, self.session.viewer)

    def next_viewer(self):
        self.rebuild(self.done, (self.session.viewer + 1) % self.record.final.players)

    def restart(self):
        self.rebuild(0, self.session.viewer)
        self.set_playing(True)

    def click(self, name):
        if name == "r:back":
            self.step_back()
        elif name == "r:play" and self.at_end:
            self.restart()
        elif name == "r:play":
            self.set_playing(not self.playing)
        elif name == "r:step":
            self.step_forward()
        elif name.startswith("r:speed:"):
            self.speed = float(name[8:])
        elif name == "r:view":
            self.next_viewer()
        elif name == "r:leave":
            self.go_back()
        elif self.sheet is None:
            super().click(name)  # the game's own buttons: last trick, log

    def back(self):
        """Esc closes an open box, else the replay."""
        if self.box is not None:
            self.close_box()
        else:
            self.go_back()

    # --- the loop ------------------------------------------------------------------------------------
    def handle(self, event):
        """Space plays and pauses; the bar answers first, then an open box, then the game."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.set_playing(not self.playing)
            return True
        if self.box is not None and self.sheet is None and not self.on_bar(event) and self.box.handle(event):
            return True
        return super().handle(event)

    def on_bar(self, event):
        """A press or release on the bar: the bar's, even with a box open."""
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.bar_at.collidepoint(event.pos)

    def hit(self, pos):
        """Over the bar only the bar reacts; elsewhere only the game."""
        on_bar = self.bar_at.collidepoint(pos)
        found = None
        for name, rect in self.targets.items():
            if name.startswith("r:") == on_bar and rect.collidepoint(pos):
                found = name
        return found

    def bar_place(self):
        """Over the bottom edge, unless a seat box stands there (then over the top edge): the seat
        boxes stay in sight. A score sheet has the bottom edge (its own buttons' place)."""
        if self.sheet is not None or self.box is not None:
            return BAR
        seats = [self.board.teach_rect(("seat", seat)) for seat in range(self.state.players)]
        return BAR_TOP if BAR.collidelist([r for r in seats if r is not None]) >= 0 else BAR

    def update(self, dt):
        super().update(dt * self.speed)
        if self.sheet is not None:
            self.sheet.update(dt * self.speed)
        if self.box is not None:
            self.box.update(dt)
        self.continue_scores(dt * self.speed)

    def continue_scores(self, dt):
        """A round's score sheet waits for a click in a game; the replay goes on by itself."""
        sheet = self.sheet
        if not (sheet is not None and sheet.on_continue and self.playing):
            self.board_wait = 0.0
            return
        self.board_wait += dt
        if self.board_wait >= BOARD_SECONDS:
            self.board_wait = 0.0
            sheet.on_continue()

    def render(self, surface):
        if self.sheet is not None:
            self.sheet.draw(surface)
        else:
            super().render(surface)
            if self.box is not None:
                self.box.draw(surface)
        self.draw_bar(surface)

    def top_row(self):
        """A board's top row of buttons goes under the bar when the bar lies over the top edge (the Game
        log stays in reach)."""
        place = self.bar_place()
        return place.bottom + 6 if place.top == 0 else super().top_row()

    def title_room(self):
        """A board's title at the top left ends where the bar begins when the bar lies over the top."""
        place = self.bar_place()
        return place.left - 30 if place.top == 0 else super().title_room()

    def log_room(self, rect):
        """A log box ends above the control bar at the bottom (its newest lines stay readable)."""
        bar = self.bar_at
        if bar.bottom >= 720 and rect.bottom > bar.top - 6 and rect.right > bar.left:
            rect = pygame.Rect(rect.x, rect.y, rect.width, bar.top - 6 - rect.y)
        return rect

    # --- the control bar -----------------------------------------------------------------------------
    def draw_bar(self, surface):
        """The bar is drawn into its own picture only when something on it changed (a frame's budget
        is small)."""
        at = self.bar_at = self.bar_place()
        buttons = self.bar_buttons()
        for name, _label, rect, _kind in buttons:
            self.target(name, rect.move(at.topleft))
        hovered = next((name for name, _, rect, _ in buttons if rect.move(at.topleft).collidepoint(self.mouse)),
                       None)
        key = (tuple((label, kind) for _, label, _, kind in buttons), hovered, self.done)
        if self._bar_key != key:
            self._bar_key = key
            self.render_bar(buttons, hovered)
        if theme.guard is not None:  # what it covers is hidden (its own words not)
            theme.guard.cover(surface, at, "the replay bar")
        surface.blit(self._bar_surface, at)

    def bar_buttons(self):
        """(target name, label, rect inside the bar, kind) from left to right."""
        y, h = 12, BAR.height - 20
        row, x = [], 10

        def add(name, label, w, kind="normal", gap=8):
            nonlocal x
            row.append((name, label, pygame.Rect(x, y, w, h), kind))
            x += w + gap

        x += self.label_width() + 10  # "Replay", at the left: this is no live game
        add("r:back", _("◀ Step"), self.room(88, _("◀ Step")))
        add("r:play", self.play_label(), self.room(100, *self.play_labels()),
            "normal" if self.playing and not self.at_end else "good")
        add("r:step", _("Step ▶"), self.room(88, _("Step ▶")), gap=12)
        for value in SPEEDS:
            label = "×½" if value == 0.5 else f"×{value:g}"
            add(f"r:speed:{value:g}", label, self.room(40, label), "good" if value == self.speed else "normal", gap=3)
        self._progress_x = x + 8
        leave = self.room(90, _("Close"))
        viewer = self.session.name(self.session.viewer)
        # TRANSLATORS: whose hand the replay shows; {name} is a player's name
        hand = theme.fit(_("Hand: {name}").format(name=viewer), 20, 150, True)
        width = min(164, self.room(110, hand))
        x = self._progress_end = BAR.width - 10 - leave - 8 - width
        add("r:view", hand, width)
        add("r:leave", _("Close"), leave)
        return row

    @staticmethod
    def label_size():
        """The tag's type size: smaller where a language's word is long ("Wiederholung")."""
        return theme.fitting_size(_("Replay"), LABEL_SIZES, LABEL_ROOM, True)

    def label_width(self):
        return theme.font(self.label_size(), True).size(_("Replay"))[0] + 20

    def draw_label(self, bar):
        """ "Replay" in a gold tag at the bar's left end."""
        tag = pygame.Rect(10, 12, self.label_width(), BAR.height - 24)
        paint.rect(bar, theme.GOLD, tag, border_radius=tag.height // 2)
        # TRANSLATORS: the tag on a replay's control bar: this is a game watched again, not played
        theme.blit_text(bar, _("Replay"), self.label_size(), tag.center, theme.INK_DARK, True, "center")

    @staticmethod
    def room(width, *labels):
        """A button's width: WIDTH, or wider where a language's label needs it (never cut)."""
        return max([width] + [theme.font(20, True).size(label)[0] + 18 for label in labels])

    def render_bar(self, buttons, hovered):
        bar = self._bar_surface = self.bar_back.copy()
        paint.rect(bar, theme.PANEL_EDGE, bar.get_rect(), 2, border_radius=12)
        self.draw_label(bar)
        for name, label, rect, kind in buttons:
            theme.button(bar, rect, label, name == hovered, 20, kind)
        left = self._progress_x
        self.draw_progress(bar, pygame.Rect(left, 12, self._progress_end - 10 - left, BAR.height - 20))

    @property
    def at_end(self):
        return self.done >= len(self.controls.actions)

    def play_label(self):
        if self.at_end:
            return _("Again ↺")
        return _("Pause") if self.playing else _("Play ▶")

    @staticmethod
    def play_labels():
        """Every label the play button has: its width stays while it changes."""
        return _("Again ↺"), _("Pause"), _("Play ▶")

    def draw_progress(self, surface, rect):
        total = max(1, len(self.controls.actions))
        count = f"{self.done}/{len(self.controls.actions)}"
        # TRANSLATORS: {count} is how far the replay is, like "12/180"
        words = _("Move {count}").format(count=count)
        if theme.font(18, True).size(words)[0] > rect.width:
            words = count  # a long game: the numbers alone
        size = theme.fitting_size(words, (18, 16), rect.width, True)
        if theme.font(size, True).size(words)[0] <= rect.width:  # else the track alone (a crowded bar)
            theme.blit_text(surface, words, size, (rect.centerx, rect.y + 2), theme.INK, True, "midtop")
        track = pygame.Rect(rect.x, rect.bottom - 12, rect.width, 8)
        paint.rect(surface, (40, 70, 58), track, border_radius=4)
        filled = track.copy()
        filled.width = max(0, round(track.width * self.done / total))
        paint.rect(surface, theme.GOLD, filled, border_radius=4)


def open_replay(app, path):
    """The replay scene of a record file; RecordError (with the line) if it cannot be read."""
    return ReplayScreen(app, ReplayRecord(path))
