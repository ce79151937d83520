"""One game on the screen, from its first deal to its last score.

The GameScreen lives as long as its session and owns what outlives a phase: the observation cursor
turned into an animation script, the game log, the coach, the refusal line, the bot pacing and the
overlays (pause, hand-off, log, last trick, trick history) and the
forced card that plays itself. What a phase looks like is its *board*
(``scenes.screen.board``): the registry names the board of each phase, and the screen swaps boards
when the phase changes. A board only draws its phase and turns clicks into actions; it never
switches screens and never touches the app. Score sheets are screens of their own, laid over this one
and popped back (a replay shows them inside its own screen instead).

The script: each batch of events the table is told becomes steps; the board adds the steps of its
phase's events (flights, banners), the screen those every game shares (sounds, score sheets), and at
the end the board takes its picture afresh from the session. The state is asked and acted on only
when the script is idle, so the picture never runs ahead of the animation.
"""

import pygame

from scenes.screen import paint

from game.assist import forced_action
from game.i18n import _, N_, pgettext
from game.undo import person_seat
from scenes.screen import coach as coach_view
from scenes.screen import phone_dialogs
from scenes.screen import registry
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.base import Scene
from scenes.screen.coach import Coach
from scenes.screen.history_view import HistoryView
from scenes.screen.log import session_log
from scenes.screen.teaching import Teaching
from scenes.screen.overlay import Overlay
from scenes.screen.tween import Script, Tween

CONFIRMS = ("handoff", "reveal:go", "pick:confirm", "plus:confirm", "market:confirm", "bidding:confirm")
GO_ON = ("market:skip",)  # what Enter presses when nothing is chosen and no confirm is drawn
FORCED_BEAT = 0.9  # seconds (at normal speed) a forced card stays lifted before it plays itself
TURN_BEAT = 1.0  # seconds (normal speed) "the table turns to Ben" stays before Ben may act
LAST_TRICK_BEAT = 1.4  # seconds (normal speed) the round's last trick stays in view before its sheet
FORCED_BEAT_LEAST = 0.3  # even at "instant" the card is seen to rise: a card gone unseen would puzzle
UNDO_ITEM = ("undo", N_("Undo my last move (Ctrl+Z)"), "normal")
UNDO_LABEL = N_("Undo (Ctrl+Z)")  # the table's own Undo button, in the head of the log panel
UNDO_TIP = N_("Take back your last decision and the bots' moves after it (Ctrl+Z).")
UNDONE = N_("Undone: your last decision and the moves after it. Decide again.")
LOG_BOX = (980, 600)  # the game log window
LOG_PAGE = 19  # rows it shows
LOG_WHEEL = 3  # rows one notch of the wheel moves
LOG_KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: LOG_PAGE, pygame.K_PAGEDOWN: -LOG_PAGE,
            pygame.K_HOME: 10 ** 6, pygame.K_END: -10 ** 6}  # rows up (towards the oldest)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)})
# TRANSLATORS: {speed} is the animation speed's name ("normal", "fast")
PAUSE_ITEMS = (("resume", N_("Keep playing"), "good"), ("rules", N_("Rules"), "normal"),
               ("settings", N_("Settings"), "normal"), ("speed", N_("Animation: {speed}"), "normal"),
               ("menu", N_("Leave game (back to menu)"), "normal"))


class GameScreen(Scene):
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
        self.overlay = None  # None, "pause", "log", "last", "history" or a board's own ("tasks")
        self.log_scroll = 0  # rows of the log window scrolled up from the newest
        self.log_seen = 0  # its rows when last drawn: new lines keep a scrolled view where it is
        self.log_cache = (None, [])  # (which log at which length, its rows)
        self.log_shown = []  # the rows the log window showed last (tests read it)
        self.hint, self.hint_age = "", 0.0
        self.bot_wait = 0.0
        self.focus = None  # the target the keyboard chose ("card:R7"), None while the mouse leads
        self.focus_at = 0  # which of its places (two equal cards are one target in two places)
        self.memory = {}  # what a board keeps for the boards after it (a notepad left open)
        self.history = HistoryView(self)
        self.forced = None  # [action, seconds left] while the only playable card waits its beat
        self.step = None  # the step being shown (one action's: its events, the views before and after)
        self.board = registry.make_board(self)
        self.teaching = Teaching.of(self)  # a lesson's teacher, or teach mode's reminders, or None

    # --- the box laid over the game: a screen of its own on the stack (scenes.screen.overlay) ------
    @property
    def overlay(self):
        """The name of the overlay over this game ("pause", "log", ...), or None."""
        top = self.app.scene
        return top.name if isinstance(top, Overlay) and top.game is self else None

    @overlay.setter
    def overlay(self, name):
        if name == self.overlay:
            return
        if self.overlay is not None:
            self.app.pop()
        if name is not None:
            self.app.push(Overlay(self, name))

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
        """An animation duration under the person's speed setting (0 when "instant", or while a lesson
        skips to its score)."""
        return 0.0 if self.skipping() else seconds * self.speed_factor()

    def bot_delay(self):
        return 0.0 if self.skipping() else self.app.settings.bot_delay

    def skipping(self):
        return self.teaching is not None and self.teaching.skipping

    def setting(self, key):
        """One of the person's settings (the table helps a board offers or not)."""
        return getattr(self.app.settings, key)

    def can_act(self):
        """The person at the screen may decide now: idle, their move, nothing laid over the table."""
        return self.idle and self.session.my_turn() and self.overlay is None

    def cue(self, name):
        """A sound; as a script step's begin it takes no time."""
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
        self.coach.poll(self.session)
        self.next_step(dt)
        if self.teaching is not None:
            self.teaching.update(dt)

    def update_covered(self, dt):
        """Under an overlay, a score sheet or any screen laid over the game, the game goes on: the
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

    def next_step(self, dt):
        """Show the next step (one action's) once the last has been shown; when every step is shown,
        whoever decides by themselves (a bot, a record) may move. A step of a phase the board does not
        show (phones answer before the picture caught up) gets that phase's board first."""
        if self.script.busy:
            return
        if not self.session.caught_up and self.board_behind():
            self.board = registry.make_board(self)
            return
        step = self.session.take_step()
        if step is not None:
            self.bot_wait = 0.0
            self.step = step
            if self.teaching is not None:  # its notes wait until the screen rests (teaching.update)
                self.script.add(begin=lambda: self.teaching.step_shown(step) or [])
            self.show_events(step.events)
            self.script.update(0)  # steps that take no time finish in this very frame
            return
        self.act_when_idle(dt)

    def act_when_idle(self, dt):
        s = self.session
        self.settle_viewer()
        if s.state.is_over or s.needs_handoff() or self.overlay == "pause":
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

    # --- a forced card plays itself --------------------------------------------------------------
    def forced_card(self):
        """The play action the person at the screen cannot avoid (their only legal card), or None;
        only while the setting is on and they may act with their hand in view. Not in a replay."""
        s = self.session
        if not self.app.settings.auto_play or s.replaying or s.lesson is not None:
            return None  # a lesson's learner clicks every card: the teacher says why it is the only one
        if not self.can_act():
            return None
        if s.hand_visible():
            return forced_action(s.state, s.decider)
        legal = s.state.legal_actions()
        if s.veiled and len(legal) == 1 and legal[0][0] == "play":
            return legal[0]  # a last card, taken in front of everyone: no choice the table cannot see
        return None

    def plays_by_itself(self):
        """With several people at one screen the card waits for its click: a card that went by itself
        right after the cover would tell the others that its player had no other card. A last card
        (veiled: no cover came, everyone knows there is no choice) goes by itself."""
        return len(self.session.people) == 1 or self.session.veiled

    def auto_play(self, dt):
        """The forced card rises and the line says why; alone at the screen it goes after a beat."""
        action = self.forced_card()
        if action is None:
            self.forced = None
            return
        if self.forced is None or self.forced[0] != action:
            self.forced = [action, max(FORCED_BEAT_LEAST, self.dur(FORCED_BEAT))]
        self.board.lifts[action[1]] = 1.0
        if not self.plays_by_itself():
            return
        self.forced[1] -= dt
        if self.forced[1] <= 0:
            self.forced = None
            self.act(action)

    def draw_forced(self, surface):
        """The line, only while its card is still the one to play: once played (the flight, the next
        turn, a hand-off, the game's end) it goes at once."""
        if self.forced is None or self.overlay is not None or not hasattr(self.board, "hint_y"):
            return
        if self.forced_card() != self.forced[0]:
            self.forced = None

    def forced_words(self):
        """The turn line while the only playable card waits: whose turn it is, and what to do."""
        name = self.session.name(self.session.viewer)
        if self.session.veiled:
            return _("{name}'s last card goes by itself").format(name=name)
        if self.plays_by_itself():
            return _("{name}, your only card to play goes by itself").format(name=name)
        return _("{name}: your only card to play is raised, click it").format(name=name)

    # --- events become steps ---------------------------------------------------------------------
    def show_events(self, events):
        final = any(ev.get("t") == "end" for ev in events)
        if any(ev.get("t") == "act" for ev in events):
            self.hint = ""  # a refusal is old news once the game moved on
            self.coach.clear()  # and so is a hint
            self.forced = None  # and the only card's line
        board = self.board
        for ev in events:
            kind = ev.get("t")
            self.sound_step(kind)
            if kind == "score":
                last = next((e for e in reversed(events) if e.get("t") == "trick"), None)
                if last is not None:  # who took the round's last trick is read before the sheet
                    self.last_trick_beat(last)
                if not final:
                    self.scoreboard_step(ev, final=False)
                else:  # the final sheet shows the last round too; the log still tells it
                    self.script.add(begin=lambda ev=ev: board.say(ev))
            elif kind == "end":  # under the final sheet the picture is the final view, as for any step
                self.script.add(end=board.resync)
                self.scoreboard_step(ev, final=True)
            elif kind == "game":
                self.script.add(begin=lambda ev=ev: board.say(ev))
            else:
                board.event_steps(ev)
        if not final:
            self.script.add(end=board.resync)

    def last_trick_beat(self, trick):
        name = self.session.name
        if trick.get("winner") is not None:
            words = _("{name} took the round's last trick").format(name=name(trick["winner"]))
        elif trick.get("picker") is not None:
            words = _("{name} picked from the round's last trick").format(name=name(trick["picker"]))
        else:
            return
        board = self.board
        self.hold_step(LAST_TRICK_BEAT, begin=lambda: setattr(board, "banner", words),
                       end=lambda: setattr(board, "banner", ""))

    def sound_step(self, kind):
        """The cards shuffled and dealt as a round's cards come out, the trick swept up when it is
        taken. Card plays sound in the board's steps."""
        if kind in ("deal", "decks"):
            def shuffle():
                self.board.before_deal()
                self.cue("shuffle")
            self.hold_step(0.35, begin=shuffle)
            self.script.add(begin=lambda: self.cue("deal"))
        elif kind == "trick":
            self.script.add(begin=lambda: self.cue("take"))

    def hold_step(self, seconds, begin=None, end=None):
        """A pause (a banner to read, a choice to see) of the given length at normal speed."""
        def start():
            if begin:
                begin()
            return [Tween(self.dur(seconds))]

        self.script.add(start, end)

    def scoreboard_step(self, ev, final):
        if self.teaching is not None and self.teaching.lesson is not None:
            step = self.step  # its notes are read first (the round's tasks), then the score
            self.script.add(begin=lambda: self.teaching.round_over(step) or [], wait=True)
            return
        step = None

        def begin():
            self.log.event(ev)
            self.hint = ""
            round_no = ev.get("round", self.state.round)
            sheet = registry.scoreboard_class(self.session.game_id)(
                self.app, self.session, round_no, final, on_continue=None if final else done,
                notes=self.board.round_notes(round_no))
            self.show_sheet(sheet, final)
            return []

        def done():
            self.close_sheet()
            step.release()

        step = self.script.add(begin, wait=True)

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

    def log_room(self, rect):
        """Where a board's log box goes (a replay keeps it clear of its control bar)."""
        return rect

    # --- the coach -------------------------------------------------------------------------------
    def coach_open(self):
        """The Hint button may be offered: the person at the screen decides, nothing else is open."""
        return self.board.coached and self.overlay is None and self.idle and self.session.my_turn() \
            and self.session.hand_visible()

    def ask_coach(self):
        if self.coach_open():
            self.coach.start(self.session)
        elif self.idle and self.overlay is None and not self.session.replaying:
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
        if event.type == pygame.KEYDOWN and self.under_cover(event):
            return
        if event.type == pygame.KEYDOWN and (self.history_key(event) or self.log_key(event)):
            return
        if event.type == pygame.KEYDOWN and self.teaching is not None and self.teaching.holds() \
                and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.teaching.go_on()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.ask_coach()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.type == pygame.KEYDOWN and self.overlay is None and self.board.key(event):
            return
        elif event.type == pygame.KEYDOWN and self.keyboard_play(event):
            return
        else:
            if event.type == pygame.MOUSEMOTION:
                self.focus = None  # the mouse leads again
            super().handle(event)

    def under_cover(self, event):
        """While the cover asks everyone else to look away, a key only says "ready" (Enter,
        Space) or opens the pause box (Esc): nothing pressed meanwhile acts after it."""
        if self.overlay is not None or not (self.idle and self.session.needs_handoff()):
            return False
        self.focus = None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.accept_handoff()
            return True
        return event.key not in (pygame.K_ESCAPE, pygame.K_F11)

    def log_key(self, event):
        """While the game log is open, the arrows, Page Up/Down, Home and End scroll it."""
        if self.overlay != "log" or event.key not in LOG_KEYS:
            return False
        self.scroll_log(LOG_KEYS[event.key])
        return True

    def history_key(self, event):
        """T opens and closes the trick history; while it is open its keys step through it."""
        if event.key == pygame.K_t and self.overlay in (None, "history"):
            self.toggle_history()
            return True
        return self.overlay == "history" and self.history.key(event)

    def toggle_history(self):
        if self.overlay == "history":
            self.overlay = None
        elif self.history.open():
            self.overlay = "history"
        else:
            self.refuse(_("no card has been played yet"))

    # --- keyboard play: arrows or number keys choose, Space picks, Enter plays or confirms ---------
    def choices(self):
        """The places of the last frame a key may choose, left to right, as (target, place): two
        equal cards are two places of one target, so the number keys count what is seen (a dialog's
        only, as a dialog's shade ends the targets under it)."""
        prefixes = self.board.key_choices()
        found = [(rect.x, rect.y, name, at) for name in self.targets
                 if name.startswith(prefixes) and name not in CONFIRMS
                 for at, rect in enumerate(self.places(name))]
        return [(name, at) for _, _, name, at in sorted(found)]

    def keyboard_play(self, event):
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            confirm = next((n for n in CONFIRMS if n in self.targets), None)
            if confirm is None and self.focus in self.targets:
                confirm = self.focus
            if confirm is None:  # nothing chosen: the button that goes on ("Bury nothing")
                confirm = next((n for n in GO_ON if n in self.targets), None)
            if confirm is not None:
                self.click(confirm)
            return confirm is not None
        choices = self.choices()
        if not choices:
            return False
        here = (self.focus, self.focus_at)
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            at = choices.index(here) if here in choices else (-1 if step > 0 else len(choices))
            self.focus, self.focus_at = choices[(at + step) % len(choices)]
            return True
        if key == pygame.K_SPACE and here in choices:
            self.click(self.focus)
            return True
        number = NUMBER_KEYS.get(key)
        if number is not None and number < len(choices):
            self.focus, self.focus_at = choices[number]
            self.click(self.focus)
            return True
        return False

    def tip_pointer(self):
        """While the keys lead, the chosen target explains itself as if the mouse rested on it."""
        rect = self.targets.get(self.focus) if self.focus else None
        return rect.center if rect is not None else self.mouse

    def draw_focus(self, surface):
        """A ring around what the keys chose (while the keys lead; the mouse takes over on moving)."""
        if not self.focus or self.session.needs_handoff() or not self.session.my_turn():
            return  # no ring while others decide or the cover is up
        rect = self.ring_rect(self.focus, self.focus_at)
        if rect is not None:
            paint.rect(surface, theme.INK, rect.inflate(8, 8), 3, border_radius=12)

    def click(self, name):
        if name == "coach":
            self.ask_coach()
        elif name == "undo":
            self.undo()
        elif name == "handoff":
            self.accept_handoff()
        elif name == "overlay:close":
            self.overlay = None
        elif name.startswith("teach:"):
            self.click_teach(name[6:])
        elif name == "reveal:go" and self.teaching is not None and self.teaching.holds():
            self.teaching.go_on()  # one click goes on: the board's reveal and the note read at it
            self.board.click(name)
        elif name.startswith("hist:"):
            if name != "hist:inside":
                self.history.click(name)
        elif name.startswith("btn:"):
            self.click_button(name[4:])
        elif name.startswith("pause:"):
            self.click_pause(name[6:])
        elif name.startswith("phone:"):
            phone_dialogs.click(self, name)
        else:
            self.board.click(name)

    def click_teach(self, which):
        if which == "go_on":
            self.teaching.go_on()
        elif which == "skip":
            self.teaching.skip()
        elif which == "leave":
            self.app.to_menu()

    def click_button(self, which):
        if which == "last":
            if self.board.last_trick():
                self.overlay = "last"
            else:
                self.refuse(_("no trick has been taken yet this round"))
        elif which == "history":
            self.toggle_history()
        elif which == "show_hand":
            self.show_hand()
        elif which in ("log", "menu"):
            self.overlay = "log" if which == "log" else "pause"
            self.log_scroll, self.log_seen = 0, len(self.log_rows())
        else:
            self.board.click_button(which)

    def click_pause(self, which):
        if which == "resume":
            self.overlay = None
        elif which == "speed":
            self.app.settings.next_speed()
        elif which == "rules":
            self.app.show_rules(self.session.game_id)
        elif which == "settings":
            self.app.show_settings()
        elif which == "undo":
            self.undo()
        elif which == "menu":
            self.go_back()

    def go_back(self):
        """Leave the game (the pause box's last item): to the menu."""
        self.app.to_menu()

    def undo_offered(self):
        """Undo is a thing of this screen's game: one person plays it here against bots (not hot
        seat, phones, a replay or bots alone, where it never applies: no button that can never be
        used). Then its buttons are always in their places, greyed while it may not be used."""
        s = self.session
        return not s.replaying and not s.phones and person_seat(s.state) is not None

    def draw_undo(self, surface, rect):
        """The table's Undo button at RECT (a board's place, None: none there): greyed, with the
        reason on hover, while undo may not be used."""
        if rect is None or not self.undo_offered():
            return
        reason = self.session.undo_refusal()
        label = _(UNDO_LABEL)
        size = theme.fitting_size(label, (17, 16, 15, 14, 13), rect.width - 16, True)
        if theme.font(size, True).size(label)[0] > rect.width - 16:
            # TRANSLATORS: the Undo button where there is little room (a few letters; Ctrl+Z is in its tooltip)
            label = pgettext("narrow button", "Undo")  # a narrow place: Ctrl+Z is in the tooltip
            sizes = tuple(s for s in (17, 16, 15, 14, 13, 12, 11) if s <= rect.height - 8) or (11,)
            size = theme.fitting_size(label, sizes, rect.width - 16, True)
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

    def settle_viewer(self):
        """The next person takes the mouse by themselves where no cover is needed (session.settle)."""
        s = self.session
        before, bottom = (s.viewer, s.veiled), getattr(self.board, "layout", None)
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
            bottom = getattr(self.board, "layout", None)
            self.session.accept_handoff()
            self.focus = None
            self.board.handed_over()
            if bottom is not None and bottom.bottom != self.session.home:
                self.say_turned()

    def back(self):
        if self.overlay is None and self.board.back():
            return  # the board closed a dialog of its own
        if self.overlay is None and self.teaching is not None and self.teaching.lesson is not None:
            self.app.to_menu()  # Esc leaves a lesson: nothing in it is worth keeping
            return
        self.overlay = None if self.overlay else "pause"

    def scroll(self, amount):
        if self.overlay == "log":
            self.scroll_log(amount * LOG_WHEEL)

    def scroll_log(self, rows):
        """Move the log window's view by rows (up: older), clamped so a whole page stays in view."""
        self.log_scroll = max(0, min(len(self.log_rows()) - LOG_PAGE, self.log_scroll + rows))

    def log_rows(self):
        """The log's lines wrapped to the log window's width (kept while the log is unchanged)."""
        key = (id(self.log), len(self.log.lines), self.log.lines[-1] if self.log.lines else "")
        if self.log_cache[0] != key:
            width = LOG_BOX[0] - 60
            self.log_cache = (key, [row for line in self.log.lines for row in theme.wrap(line, 20, width)])
        return self.log_cache[1]

    # --- drawing ---------------------------------------------------------------------------------
    def render(self, surface):
        self.dialog_up = False
        self.board.render(surface)
        if self.teaching is not None and self.overlay is None and phone_dialogs.showing(self) is None:
            self.teaching.draw(surface)
        self.draw_forced(surface)
        self.draw_focus(surface)
        self.draw_overlay(surface)

    def draw_overlay(self, surface):
        """Esc's pause box works everywhere, the hand-off too; then an open overlay."""
        if self.overlay == "pause":
            self.draw_pause(surface)
        elif self.idle and self.session.needs_handoff():
            self.draw_handoff(surface)
        elif self.overlay == "log":
            self.draw_log_overlay(surface)
        elif self.overlay == "last":
            self.draw_last_overlay(surface)
        elif self.overlay == "history":
            self.history.draw(surface)
        elif self.overlay:
            self.board.draw_overlay(surface, self.overlay)
        if self.overlay != "pause":
            phone_dialogs.draw(self, surface)

    def modal(self, surface, size, alpha=170):
        """Dim the picture and start a dialog box; what was drawn under it stops reacting."""
        self.forget_under()
        self.dialog_up = True
        return widgets.modal_box(surface, size, alpha)

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

    def draw_last_overlay(self, surface):
        last = self.board.last_trick()
        if not last:
            self.overlay = None
            return
        n = len(last["cards"])
        box = self.modal(surface, (min(1200, 160 + 120 * n), 360))
        theme.blit_text(surface, _("The last trick"), 30, (box.centerx, box.y + 36), theme.GOLD, True, "center")
        self.board.draw_last_trick(surface, box, last)
        theme.blit_text(surface, _("Click anywhere to close"), 18, (box.centerx, box.bottom - 24), theme.INK_DIM,
                        False, "center")
        self.target("overlay:close", pygame.Rect(0, 0, 1280, 720))

    def draw_log_overlay(self, surface):
        box = self.modal(surface, LOG_BOX)
        theme.blit_text(surface, _("Game log"), 30, (box.centerx, box.y + 32), theme.GOLD, True, "center")
        rows = self.log_rows()
        if self.log_scroll and len(rows) > self.log_seen:
            self.log_scroll += len(rows) - self.log_seen  # scrolled up: new lines do not move the view
        self.log_seen = len(rows)
        self.scroll_log(0)
        end = len(rows) - self.log_scroll
        y = box.y + 70
        self.log_shown = rows[max(0, end - LOG_PAGE):end]  # what the window shows (tests read it)
        for row in self.log_shown:
            theme.blit_text(surface, row, 20, (box.x + 30, y), theme.INK)
            y += 25
        if len(rows) > LOG_PAGE:
            where = _("rows {first}–{last} of {count}").format(first=max(0, end - LOG_PAGE) + 1, last=end,
                                                                count=len(rows))
            theme.blit_text(surface, where, 17, (box.right - 24, box.y + 40), theme.INK_DIM, False, "topright")
        theme.blit_text(surface, _("Mouse wheel, arrow keys, Page Up/Down scroll · click to close"), 17,
                        (box.centerx, box.bottom - 22), theme.INK_DIM, False, "center")
        self.target("overlay:close", pygame.Rect(0, 0, 1280, 720))

    def speed_name(self):
        speed = self.app.settings.speed
        return _(registry.SPEED_WORDS[speed]) if speed in registry.SPEED_WORDS else speed

    def pause_items(self):
        """The pause box's buttons: the same places whether undo may be used now or not (greyed)."""
        if not self.session.replaying:  # every game's box alike: greyed, with its reason, where it never applies
            return PAUSE_ITEMS[:1] + (UNDO_ITEM,) + PAUSE_ITEMS[1:]
        return PAUSE_ITEMS

    def draw_pause(self, surface):
        items = self.pause_items()
        box = self.modal(surface, (520, 120 + 72 * len(items)))
        theme.blit_text(surface, _("Paused"), 36, (box.centerx, box.y + 44), theme.GOLD, True, "center")
        words = self.session.keeper.leave_warning(self.session.state)
        if words:  # the last moves are not on disk yet: told before leaving (kept.storage)
            theme.panel(surface, pygame.Rect(30, box.bottom + 8, 1220, 66), edge=theme.WARN)
            widgets.refusal(surface, words, (640, box.bottom + 28), 1180)
        for i, (key, label, kind) in enumerate(items):
            rect = pygame.Rect(0, 0, 420, 58)
            rect.center = (box.centerx, box.y + 116 + i * 72)
            words = _(label).format(speed=self.speed_name())
            refusal = self.session.undo_refusal() if key == "undo" else None
            theme.button(surface, rect, words, self.hovering(f"pause:{key}") and not refusal, 24, kind, not refusal)
            if refusal:
                self.tip(rect, refusal)
            else:
                self.target(f"pause:{key}", rect)
