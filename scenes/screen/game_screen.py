"""One game on the screen, from its first deal to its last score.

The GameScreen lives as long as its session and holds the game: the observation cursor turned into
an animation script, the game log, the coach, the refusal line, the bot pacing, the hand-off and the
forced card that plays itself. What a phase looks like is its *board* (``scenes.screen.board``): the
game's board kit (``scenes.kit``) names the board of each phase, and the screen swaps boards when the
phase changes. A board only draws its phase and turns clicks into actions; it never switches screens
and never touches the app. The boxes laid over the game (the pause box, the log window, the last
trick, the trick history, a board's own) and the score sheets are screens of their own, pushed over
this one and popped back (``scenes.screen.overlay``; a replay shows them inside its own screen).

The script: each batch of events the table is told becomes steps; the board adds the steps of its
phase's events (flights, banners), the screen those every game shares (``scenes.screen.beats``), and
at the end the board takes its picture afresh from the session. The state is asked and acted on only
when the script is idle, so the picture never runs ahead of the animation. The hand-off
(``scenes.screen.handoff``), the forced card (``scenes.screen.forced``), keyboard play
(``scenes.screen.keyboard_play``) and the steps shown in turn, catching up with phones that are ahead
(``scenes.screen.catch_up``), are the screen's parts in modules of their own.
"""

import pygame

from game.i18n import _, N_, pgettext
from scenes.screen import coach as coach_view
from scenes.screen import phone_dialogs
from scenes.screen import registry
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.base import Scene
from scenes.screen.beats import Beats
from scenes.screen.catch_up import CatchUp
from scenes.screen.coach import Coach
from scenes.screen.forced import ForcedCard
from scenes.screen.handoff import HandOff
from scenes.screen.history_view import HistoryView
from scenes.screen.keyboard_play import KeyboardPlay
from scenes.screen.last_trick import LastTrick
from scenes.screen.log import session_log
from scenes.screen.log_window import LogWindow
from scenes.screen.overlay import Overlay
from scenes.screen.pause import PauseBox
from scenes.screen.teaching import UNDONE, Teaching
from scenes.screen.tween import Script

UNDO_LABEL = N_("Undo (Ctrl+Z)")  # the table's own Undo button, in the head of the log panel
UNDO_TIP = N_("Take back your last decision and the bots' moves after it (Ctrl+Z).")
# The boxes every game has, by name (tests and tools open them so; a board's own: its kit's overlays).
BOXES = {box.name: box for box in (PauseBox, LogWindow, LastTrick, HistoryView)}
GO_ON_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
BUTTON_BOXES = {"log": LogWindow, "menu": PauseBox, "last": LastTrick, "history": HistoryView}  # btn:<which>


class GameScreen(HandOff, ForcedCard, KeyboardPlay, CatchUp, Beats, Scene):
    must_read = True
    def __init__(self, app, session):
        super().__init__(app)
        self.coach = Coach()  # the Hint button's answer (not the refusal ``hint``)
        self.dialog_up = False  # a dialog was drawn this frame: nothing glows through it
        self.start(session)

    def start(self, session):
        """Show this session from its present moment (a new game, a continued one, a replay's step)."""
        self.coach.clear()
        self.session = session
        self.log = session_log(session, registry.log_class(session.game_id))
        self.script = Script()
        self.close_box()
        self.hint, self.hint_age = "", 0.0
        self.bot_wait = 0.0
        self.focus = None  # the target the keyboard chose ("card:R7"), None while the mouse leads
        self.focus_at = 0  # which of its places (two equal cards are one target in two places)
        self.memory = {}  # what a board keeps for the boards after it (a notepad left open)
        self.history = HistoryView(self)
        self.forced = None  # [action, seconds left] while the only playable card waits its beat
        self.step = None  # the step being shown (one action's: its events, the views before and after)
        self.catching_up = False  # the step on show was taken while the phones were ahead (scenes.screen.catch_up)
        self.effects, self.moments, self.turn_heard = [], [], None  # the beats' (scenes.screen.beats)
        self.board = registry.make_board(self)
        self.teaching = Teaching.of(self)  # a lesson's teacher, or teach mode's reminders, or None

    # --- the box laid over the game: a screen of its own on the stack (scenes.screen.overlay) ------
    def over(self):
        """The box over this game now (on top of the app's stack), or None."""
        top = self.app.scene
        return top if isinstance(top, Overlay) and top.game is self else None

    def open_box(self, box):
        self.close_box()
        self.app.push(box)

    def close_box(self, box=None):
        """Close the box over this game (only BOX, if given)."""
        shown = self.over()
        if shown is not None and box in (None, shown):
            self.app.pop()

    def covered(self):
        """A box lies over the game."""
        return self.over() is not None

    def held(self):
        """A box holds the game (the pause box): the bots wait."""
        box = self.over()
        return box is not None and box.holds_game

    @property
    def overlay(self):
        """The name of the box over this game ("pause", "log", ...), or None (tests and tools)."""
        box = self.over()
        return box.name if box is not None else None

    @overlay.setter
    def overlay(self, name):
        """Open the box of that name (a board's own by its kit), or close the box (None)."""
        if name is None:
            self.close_box()
        else:
            box = BOXES.get(name) or registry.kit(self.session.game_id).overlay_class(name)
            self.open_box(box.made_for(self))

    def offer_box(self, box):
        """Open a box of class BOX, or say why there is nothing in it to show yet."""
        reason = box.refusal(self)
        if reason:
            self.refuse(reason)
        else:
            self.open_box(box.made_for(self))

    # --- what boards read ------------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def kind(self):
        return self.board.kind

    @property
    def idle(self):
        """Nothing is animating and every event has been shown: the state may be asked and acted on."""
        return not self.script.busy and self.session.caught_up

    def speed_factor(self):
        return self.app.settings.speed_factor

    def dur(self, seconds):
        """An animation duration under the person's speed setting (0 when "instant", while a lesson
        skips to its score, or while the screen catches up with phones that are ahead)."""
        return 0.0 if self.skipping() or self.catching_up else seconds * self.speed_factor()

    def bot_delay(self):
        return 0.0 if self.skipping() else self.app.settings.bot_delay

    def skipping(self):
        return self.teaching is not None and self.teaching.skipping

    def setting(self, key):
        """One of the person's settings (the table helps a board offers or not)."""
        return getattr(self.app.settings, key)

    def can_act(self):
        """The person at the screen may decide now: idle, their move, nothing laid over the table."""
        return self.idle and self.session.my_turn() and self.over() is None

    def cue(self, name):
        """A sound; as a script step's begin it takes no time (none while the screen catches up: a
        dozen steps in a frame would be one noise)."""
        if not self.catching_up:
            self.app.play_sound(name)
        return []

    def waiting_line(self, doing=None):
        """The status line while someone else decides: "Ben is thinking…". DOING: the whole line as a
        translated template with {name} (``_("{name} is choosing a card…")``); an English fragment
        without {name} ("is buying a card") is still glued on as before."""
        d = self.session.decider
        if self.session.phone_turn():
            return _("Waiting for {name}'s phone").format(name=self.session.name(d))
        if d is None:
            return ""
        if doing is None or doing == "is thinking":
            doing = _("{name} is thinking…")
        elif "{name}" not in doing:
            doing = "{name} " + doing.replace("{", "{{").replace("}", "}}") + "…"
        return doing.format(name=self.session.name(d))

    def title(self):
        return self.app.title(self.session.game_id)

    # --- the loop --------------------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        self.hint_age += dt
        self.script.update(dt)
        self.board.update(dt)
        self.update_beats(dt)
        self.coach.poll(self.session)
        self.next_step(dt)
        if self.teaching is not None:
            self.teaching.update(dt)

    def update_covered(self, dt):
        """Under a box, a score sheet or any screen laid over the game, the game goes on: the
        steps that came meanwhile are shown in turn and bots keep their pace (the pause box holds
        them, and a round's sheet holds the script until it is clicked away)."""
        self.update(dt)

    def leave(self):
        self.coach.clear()  # a hint still being searched stops too

    def language_changed(self):
        """Words made earlier are made again in the new language: the log (from the events it was
        given), the coach's answer; a refusal line said in the old one goes."""
        self.log = session_log(self.session, registry.log_class(self.session.game_id), self.log.told)
        self.log_cache = (None, [])
        self.hint = ""
        if self.teaching is not None:
            self.teaching.language_changed()

    def act_when_idle(self, dt):
        s = self.session
        self.settle_viewer()
        if s.state.is_over or self.held():
            return
        if s.needs_handoff():  # the strip waits for a press on the board of its phase
            if self.board_behind():
                self.board = registry.make_board(self)
            return
        if self.teaching is not None and self.teaching.holds():
            return  # the lesson's note is read first
        if self.board_behind():
            self.board = registry.make_board(self)
            return
        self.auto_play(dt)
        if s.bot_turn():
            s.think()  # the bot thinks while its pause runs
            self.bot_wait += dt
            if self.bot_wait >= self.bot_delay() and s.bot_ready():
                self.bot_wait = 0.0
                s.play_bot()

    def board_behind(self):
        """The board is not the one of the phase shown so far (the session's view, not the state,
        which may be several moves ahead)."""
        s = self.session
        return registry.board_kind(s.game_id, s.view()["phase"]) != self.board.kind

    # --- a round's score sheet --------------------------------------------------------------------
    def show_sheet(self, sheet, final):
        """A round's scores are laid over the game and popped back; the final sheet stays over it
        (the game screen under it keeps the phones' server until it stops a while after the end)."""
        self.app.push(sheet)

    def close_sheet(self):
        self.app.pop()

    # --- a person's decision ---------------------------------------------------------------------
    def refuse(self, reason):
        self.hint, self.hint_age = reason[:1].upper() + reason[1:], 0.0
        self.app.play_sound("refuse")

    def refusal_live(self):
        """The refusal to show now ("" once it is old)."""
        return self.hint if self.hint and self.hint_age < widgets.HINT_SECONDS else ""

    def turn_refusal(self):
        """Why the person at the screen may not act now, or "" when they may."""
        s = self.session
        if s.my_turn():
            return ""
        d = s.decider
        return _("it is {name}'s turn").format(name=s.name(d)) if d is not None else _("the game is over")

    def act(self, action):
        """A person's action: applied, or refused with the rules core's reason on screen."""
        if not self.idle:
            return False
        reason = self.turn_refusal() or self.session.try_action(action)
        if reason:
            self.refuse(reason)
            return False
        self.hint = ""
        if self.teaching is not None:
            self.teaching.acted(action)
        return True

    def lesson_done(self):
        """The guided round is scored: its score explained line by line, then what next."""
        self.app.show_lesson_score(self.session, self.teaching.score_lines(), self.teaching.skipping)

    def top_row(self):
        """The y of a board's top row of buttons (a replay's bar may take the top edge)."""
        return 10

    def title_room(self):
        """How wide a board's title at the top left may be (a replay's bar may lie beside it)."""
        return 1280

    def log_room(self, rect):
        """Where a board's log box goes (a replay keeps it clear of its control bar)."""
        return rect

    # --- the coach -------------------------------------------------------------------------------
    def coach_open(self):
        """The Hint button may be offered: the person at the screen decides, nothing else is open."""
        return self.board.coached and self.over() is None and self.idle and self.session.my_turn() \
            and self.session.hand_visible()

    def ask_coach(self):
        if self.coach.values is not None:
            self.coach.clear()  # H again puts the hint away: what lay under it is in sight again
        elif self.coach_open():
            self.coach.start(self.session)
        elif self.idle and self.over() is None and not self.session.replaying:
            self.refuse(self.coach_refusal())  # H never does nothing without a word

    def coach_refusal(self):
        s = self.session
        if not s.my_turn():
            # TRANSLATORS: {reason} is why not, e.g. "it is Ben's turn"
            return _("a hint is for your own turn: {reason}").format(reason=self.turn_refusal())
        if not self.board.coached:
            return _("no hint for this choice: the Hint rates cards, bids, rows and tasks in play")
        return _("a hint needs your hand in view: Show my hand first")

    def draw_coach(self, surface):
        """Boards call this at their layer: under their dialogs, so a dialog's shade dims it."""
        if self.coach_open():
            coach_view.draw(surface, self, self.board)

    # --- input -----------------------------------------------------------------------------------
    def handle(self, event):
        """The game's keys and clicks (under a box, the keys the box left: Ctrl+Z, the teacher's go-on)."""
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            # a beat never makes the person wait (the wheel's notches are no click); a key that goes on
            # (Space, Enter) only ends the beat: what it would confirm has not been seen yet
            if self.hurry() and event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS:
                return True
        if event.type == pygame.KEYDOWN and self.key(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.focus = None  # the mouse leads again
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self.teaching is not None and self.teaching.just_left(event.pos) is not None:
            # the teacher's box moved from under the pointer a moment ago: the click was meant for it
            self.pressed = None
            if event.type == pygame.MOUSEBUTTONUP:
                self.click(self.teaching.just_left(event.pos))
            return True
        return super().handle(event)

    def key(self, event):
        """A key of the game's (True: taken); Esc and the rest go on to Scene.handle."""
        if self.under_cover(event):
            return True
        if self.teaching is not None and (self.teaching.holds() or self.teaching.pages_left()) \
                and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.teaching.go_on()
        elif self.teaching is not None and self.teaching.lesson is not None and event.key == pygame.K_m:
            self.teaching.toggle_more()  # the teacher's whole explanation, or its first line again
        elif event.key == pygame.K_h:
            self.ask_coach()
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif self.over() is not None:
            return False  # the box over the game has the rest
        elif event.key == pygame.K_t:
            self.toggle_history()
        else:
            return self.board.key(event) or self.keyboard_play(event)
        return True

    def toggle_history(self):
        """T: the trick history opens (closes, if it is the box over the game)."""
        if self.over() is self.history:
            self.close_box()
        else:
            self.offer_box(HistoryView)

    # --- clicks ----------------------------------------------------------------------------------
    def click(self, name):
        if name == "coach":
            self.ask_coach()
        elif name == "coach:details":
            self.coach.details = not self.coach.details
        elif name == "undo":
            self.undo()
        elif name == "handoff":
            self.accept_handoff()
        elif name.startswith("teach:"):
            self.click_teach(name[6:])
        elif name == "reveal:go" and self.teaching is not None and self.teaching.holds():
            self.teaching.go_on()  # one click goes on: the board's reveal and the note read at it
            self.board.click(name)
        elif name.startswith("btn:"):
            self.click_button(name[4:])
        elif name.startswith("phone:"):
            phone_dialogs.click(self, name)
        elif not self.board.just_handed_over():  # a double click's second half, across a hot-seat hand-over
            self.board.click(name)

    def click_teach(self, which):
        if which == "go_on":
            self.teaching.go_on()
        elif which == "more":
            self.teaching.toggle_more()
        elif which == "skip":
            self.teaching.skip()
        elif which == "leave":
            self.app.to_menu()

    def click_button(self, which):
        if which == "show_hand":
            self.show_hand()
        elif which in BUTTON_BOXES:
            self.offer_box(BUTTON_BOXES[which])
        else:
            self.board.click_button(which)

    def go_back(self):
        """Leave the game (the pause box's last item): to the menu."""
        self.app.to_menu()

    def undo_offered(self):
        """Undo's button is on the table wherever someone plays at this screen, in the places the
        pause box keeps it: greyed with its reason while it may not be used (hot seat, phones: only a
        table of one person and bots may undo). Not in a replay, nor with nobody at the screen."""
        s = self.session
        return not s.replaying and bool(s.people)

    def draw_undo(self, surface, rect):
        """The table's Undo button at RECT (a board's place, None: none there): greyed, with the
        reason on hover, while undo may not be used."""
        if rect is None or not self.undo_offered():
            return
        reason = self.session.undo_refusal()
        label = _(UNDO_LABEL)
        size = theme.fitting_size(label, (17, 16), rect.width - 16, True)
        if theme.font(size, True).size(label)[0] > rect.width - 16:
            # TRANSLATORS: the Undo button where there is little room (a few letters; Ctrl+Z is in its tooltip)
            label = pgettext("narrow button", "Undo")  # a narrow place: Ctrl+Z is in the tooltip
            sizes = tuple(s for s in (17, 16) if s <= rect.height - 8) or (16,)
            size = theme.fitting_size(label, sizes, rect.width - 16, True)
            if theme.font(size, True).size(label)[0] > rect.width - 16:
                label = "↶"  # no room for a word at sofa size: the sign (its tooltip says Undo, Ctrl+Z)
        theme.button(surface, rect, label, reason is None and self.hovering("undo"), size, "normal",
                     reason is None)
        if reason is None:
            self.target("undo", rect)
        self.tip(rect, reason or _(UNDO_TIP))

    def undo(self):
        """Ctrl+Z, the table's Undo button and the pause box: take back the person's last decision and
        the bot moves after it (alone against bots only); the screen starts again from the moment
        before it."""
        reason = self.session.undo()
        if reason:
            self.refuse(reason)
            return
        self.start(self.session)  # the log is rebuilt from what the table saw up to that moment
        self.hint, self.hint_age = _(UNDONE), 0.0  # said on the table: the picture alone jumps back

    def back(self):
        """Esc: a box over the game closes (one waiting behind the cover too); else the board's own
        dialog closes, a lesson ends, or the pause box opens."""
        if self.over() is not None:
            self.close_box()
        elif self.board.back():
            return  # the board closed a dialog of its own
        elif self.teaching is not None and self.teaching.lesson is not None:
            self.app.to_menu()  # Esc leaves a lesson: nothing in it is worth keeping
        else:
            self.open_box(PauseBox(self))

    # --- drawing ---------------------------------------------------------------------------------
    def render(self, surface):
        self.dialog_up = False
        box = self.over()
        self.board.render(surface)
        self.draw_beats(surface)
        if self.teaching is not None and box is None and phone_dialogs.showing(self) is None:
            self.teaching.draw(surface)
        self.draw_forced(surface)
        self.draw_focus(surface)
        if self.reveal_waits():  # the strip over the hand, under any box laid over the table
            self.draw_handoff(surface)
        if self.covered():
            self.forget_under()  # the box over the game takes the input: nothing under it reacts or explains
            return
        phone_dialogs.draw(self, surface)

    def modal(self, surface, size, alpha=170):
        """Dim the picture and start a dialog box; what was drawn under it stops reacting."""
        self.forget_under()
        self.dialog_up = True
        return widgets.modal_box(surface, size, alpha)
