"""The trick table shared by the games: seats, the fanned hand, the trick, flights, hand-off, log.

The table draws ``shown``: a copy of the rules core's view as far as the animations have got. A new
batch of events (one action and what it set off) becomes a script of steps; each step moves sprites
and changes ``shown`` when they land, and at the end ``shown`` is taken afresh from the state. So the
picture never runs ahead of the animation, and never disagrees with the state once it is idle.

Games subclass TableScene: ``event_steps`` turns their events into steps, and the hooks
``draw_panel_extra``, ``draw_controls``, ``draw_dialog``, ``click_game``, ``prompt``,
``info_lines``, ``reminder_lines`` and ``last_trick_tags`` draw and handle what is their own.
"""

import math

import pygame

from scenes.screen import cards
from scenes.screen import registry
from scenes.screen import theme
from scenes.screen.base import Scene
from scenes.screen.coach import Coach
from scenes.screen.layout import BUTTONS, COACH_RECT, HAND_AREA, INFO_RECT, LOG_RECT, REMINDER_RECT, TableLayout
from scenes.screen.log import GameLog, card_words, session_log
from scenes.screen.tween import Script, Tween, ease_out_cubic, lerp, linear

LIFT = 28  # pixels a playable card rises under the mouse
RAISE = 16  # pixels a chosen or picked card rises in the trick
HINT_SECONDS = 5.0
_backgrounds = {}


def background():
    """The felt with a lighter oval table; drawn once."""
    surf = _backgrounds.get("felt")
    if surf is None:
        surf = pygame.Surface((1280, 720))
        for y in range(720):
            t = abs(y - 330) / 400
            surf.fill(tuple(int(lerp(a, b, t)) for a, b in zip(theme.FELT, theme.BG)), (0, y, 1280, 1))
        oval = pygame.Rect(0, 0, 900, 360)
        oval.center = (640, 330)
        pygame.draw.ellipse(surf, theme.FELT_LIGHT, oval)
        pygame.draw.ellipse(surf, (60, 140, 100), oval, 3)
        surf = _backgrounds["felt"] = surf.convert()
    return surf


def coach_bar(surface, rect, value, best):
    """A value in [0, 1] as a filled bar with its percentage; the best one in gold."""
    pygame.draw.rect(surface, (12, 24, 20), rect, border_radius=6)
    fill = rect.inflate(-4, -4)
    fill.width = max(2, round(fill.width * max(0.0, min(1.0, value))))
    pygame.draw.rect(surface, theme.GOLD if best else (90, 160, 120), fill, border_radius=4)
    pygame.draw.rect(surface, theme.GOLD if best else cards.EDGE, rect, 2, border_radius=6)
    label = theme.outlined(f"{round(value * 100)}%", 14, theme.INK, cards.EDGE, 2, True)
    surface.blit(label, label.get_rect(center=rect.center))


class Flight:
    """A card (or a back, card None) moving between two points, growing or shrinking on the way.
    A landed card vanishes into what it landed on unless it lingers (dealt cards wait for the hand)."""

    __slots__ = ("card", "start", "end", "size0", "size1", "tween", "linger")

    def __init__(self, card, start, end, size0, size1, tween, linger=False):
        self.card, self.start, self.end = card, start, end
        self.size0, self.size1, self.tween = size0, size1, tween
        self.linger = linger

    def draw(self, surface):
        if self.tween.done and not self.linger:
            return
        t = self.tween.value
        w = round(lerp(self.size0[0], self.size1[0], t))
        h = round(lerp(self.size0[1], self.size1[1], t))
        if w < 6 or h < 6:
            return
        x = lerp(self.start[0], self.end[0], t)
        y = lerp(self.start[1], self.end[1], t)
        if (w, h) == tuple(self.size1):
            sprite = cards.sized(self.card, self.size1)
        elif (w, h) == tuple(self.size0):
            sprite = cards.sized(self.card, self.size0)
        else:
            big = self.size0 if self.size0[0] >= self.size1[0] else self.size1
            sprite = pygame.transform.smoothscale(cards.sized(self.card, big), (w, h))
        surface.blit(sprite, (round(x - w / 2), round(y - h / 2)))


class TableScene(Scene):
    kind = "table"
    log_class = GameLog  # a game with its own words sets its subclass

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.log = session_log(session, self.log_class)
        self.script = Script()
        self.flights = []
        self.layout = None
        self.shown = None
        self.lifts = {}      # hand card -> 0..1, how far it is lifted
        self.raised = {}     # trick card -> Tween 0..1, lifted in the trick (picked, selected)
        self.reveal = None   # Tween 0..1 while the hand turns face up
        self.dealing = False
        self.banner = ""
        self.hint, self.hint_age = "", 0.0
        self.coach = Coach()  # the Hint button's answer (not the refusal ``hint`` above)
        self.overlay = None  # None, "last", "log" or "pause"
        self.log_scroll = 0
        self.bot_wait = 0.0
        self.hand_rects = {}
        self._panel_cache = {}
        self._log_cache = (None, None)
        self.resync()

    # --- timing ----------------------------------------------------------------------------------
    def dur(self, seconds):
        """An animation duration under the person's speed setting (0 when "instant")."""
        return seconds * self.app.settings.speed_factor

    @property
    def state(self):
        return self.session.state

    @property
    def idle(self):
        """Nothing is animating and every event has been shown: the state may be asked and acted on."""
        return not self.script.busy and self.session.caught_up

    # --- the loop --------------------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        self.hint_age += dt
        self.script.update(dt)
        if self.reveal is not None and self.reveal.update(dt):
            self.reveal = None
        self.update_lifts(dt)
        self.coach.poll(self.session)
        if self.script.busy or self.app.scene is not self:
            return
        events = self.session.take_events()
        if events:
            self.bot_wait = 0.0
            self.show_events(events)
            self.script.update(0)  # steps that take no time finish in this very frame
            return
        self.act_when_idle(dt)

    def act_when_idle(self, dt):
        s = self.session
        if s.state.is_over or s.needs_handoff() or self.overlay == "pause":
            return
        wanted = self.app.scene_kind(s)
        if wanted != self.kind:
            self.app.switch(self.app.game_scene(s))
            return
        if s.bot_turn():
            s.think()  # the bot thinks while its pause runs
            self.bot_wait += dt
            if self.bot_wait >= self.app.settings.bot_delay and s.bot_ready():
                self.bot_wait = 0.0
                s.play_bot()

    def update_lifts(self, dt):
        hover = self.hovered_card() if self.can_play() else None
        if hover not in self.playable():
            hover = None
        rate = 1.0 if self.app.settings.speed_factor == 0 else min(1.0, dt * 16)
        for card in list(self.lifts) + ([hover] if hover else []):
            target = 1.0 if card == hover else 0.0
            now = self.lifts.get(card, 0.0)
            now += (target - now) * rate
            if now < 0.01 and target == 0:
                self.lifts.pop(card, None)
            else:
                self.lifts[card] = now

    # --- events become steps -----------------------------------------------------------------------
    def show_events(self, events):
        final = any(ev.get("t") == "end" for ev in events)
        if any(ev.get("t") == "act" for ev in events):
            self.hint = ""  # a refusal is old news once the game moved on
            self.coach.clear()  # and so is a hint
        for ev in events:
            kind = ev.get("t")
            self.sound_step(kind)
            if kind == "deal":
                self.deal_step(ev)
            elif kind == "score":
                if not final:  # the final scoreboard shows the last round too
                    self.scoreboard_step(ev, final=False)
            elif kind == "end":
                self.scoreboard_step(ev, final=True)
            elif kind == "game":
                self.script.add(begin=lambda ev=ev: self.say(ev))
            else:
                self.event_steps(ev)
        if not final:
            self.script.add(end=self.resync)

    def sound_step(self, kind):
        """A sound at the moment its event is shown: the cards shuffled and dealt as a round's cards
        come out, the trick swept up when it is taken. Card plays sound in ``play_step``."""
        if kind in ("deal", "decks"):
            self.hold_step(0.35, begin=lambda: self.cue("shuffle"))
            self.script.add(begin=lambda: self.cue("deal"))
        elif kind == "trick":
            self.script.add(begin=lambda: self.cue("take"))

    def cue(self, name):
        """A script step's begin that only sounds: no tweens, it takes no time."""
        self.app.play_sound(name)
        return []

    def event_steps(self, ev):
        """Game hook: add the steps that show one event."""
        self.script.add(begin=lambda: self.say(ev))

    def say(self, ev):
        """Put an event into the log (as its step starts, so the log never runs ahead)."""
        self.log.event(ev)
        return []

    def resync(self):
        self.shown = self.session.view()
        bottom = self.session.home
        if self.layout is None or self.layout.bottom != bottom:
            self.layout = TableLayout(self.state.players, bottom)
        self.flights = []
        self.raised = {}
        self.reset_choices()

    def reset_choices(self):
        """Game hook: forget half-made choices (a pick selection) when the state moved on."""

    def deal_step(self, ev):
        def begin():
            self.log.event(ev)
            self.resync()
            # draw the hand's sprites now, not in the middle of the first flights
            cards.warm(sorted(self.shown["hand"]))
            self.dealing = True
            return self.deal_flights(ev["hand_sizes"], ev.get("dealer", 0))

        def end():
            self.flights = []
            self.dealing = False
            self.start_reveal()

        self.script.add(begin, end)

    def deal_flights(self, sizes, dealer):
        n = len(sizes)
        deck = (640, self.layout.trick_rect(0).centery)
        slots = self.layout.hand_rects(sizes[self.layout.bottom])
        tweens, k = [], 0
        for i in range(max(sizes)):
            for j in range(1, n + 1):
                seat = (dealer + j) % n
                if i >= sizes[seat]:
                    continue
                if seat == self.layout.bottom:
                    end, size = slots[i].center, cards.HAND
                else:
                    end, size = self.layout.hand_icon(seat), (22, 32)
                tween = Tween(self.dur(0.3), ease=ease_out_cubic, delay=self.dur(0.011) * k)
                self.flights.append(Flight(None, deck, end, cards.SMALL, size, tween, linger=True))
                tweens.append(tween)
                k += 1
        return tweens

    def start_reveal(self):
        if self.session.hand_visible() and self.dur(1) > 0:
            self.reveal = Tween(self.dur(0.5), ease=linear)

    def play_step(self, ev, seat, card, on_land=None):
        """A card flies from its player's hand into the next free place of the trick."""
        def begin():
            self.log.event(ev)
            self.app.play_sound("play")
            origin, size0 = self.card_origin(seat, card)
            hand = self.shown.get("hand", [])
            if seat == self.layout.bottom and card in hand:
                hand.remove(card)
            self.shown["hand_sizes"][seat] -= 1
            slot = self.layout.trick_rect(len(self.shown["trick"])).center
            tween = Tween(self.dur(0.35), ease=ease_out_cubic)
            self.flights = [Flight(card, origin, slot, size0, cards.TRICK, tween)]
            return [tween]

        def end():
            self.flights = []
            self.shown["trick"].append([seat, card])
            if on_land:
                on_land()

        self.script.add(begin, end)

    def card_origin(self, seat, card):
        if seat == self.layout.bottom:
            rect = self.hand_rects.get(card)
            if rect is not None:
                return rect.center, cards.HAND
            return HAND_AREA.center, cards.HAND
        return self.layout.hand_icon(seat), (22, 32)

    def hold_step(self, seconds, begin=None, end=None):
        """A pause (a banner to read, a choice to see) of the given length at normal speed."""
        def start():
            if begin:
                begin()
            return [Tween(self.dur(seconds))]

        self.script.add(start, end)

    def scoreboard_step(self, ev, final):
        step = None

        def begin():
            self.log.event(ev)
            self.hint = ""

            def back_to_table():
                self.app.switch(self)
                step.release()

            round_no = ev.get("round", self.state.round)
            scene = registry.scoreboard_class(self.session.game_id)(self.app, self.session, round_no, final,
                                    on_continue=None if final else back_to_table, notes=self.round_notes(round_no))
            self.app.switch(scene)
            return []

        step = self.script.add(begin, wait=True)

    def round_notes(self, round_no):
        """Game hook: lines for the scoreboard, (text, is_warning): how points count, an early end."""
        return []

    # --- what may be done now ------------------------------------------------------------------------
    def can_play(self):
        return self.idle and self.session.my_turn() and self.overlay is None

    def playable(self):
        """The hand cards the rules core allows now (empty unless it is the viewer's move)."""
        if not self.can_play():
            return set()
        return {a[1] for a in self.state.legal_actions() if a[0] == "play"}

    def deciding_play(self):
        """True when the decision now is which card to play (not a pick or a choice)."""
        return any(a[0] == "play" for a in self.state.legal_actions())

    def hovered_card(self):
        for name, rect in self.targets.items():
            if name.startswith("card:") and rect.collidepoint(self.mouse):
                return name[5:]
        return None

    def refuse(self, reason):
        self.hint, self.hint_age = reason[:1].upper() + reason[1:], 0.0
        self.app.play_sound("refuse")

    def act(self, action):
        """A person's action: applied, or refused with the rules core's reason on screen."""
        if not self.idle:
            return False
        s = self.session
        if not s.my_turn():
            d = s.decider
            self.refuse(f"it is {s.name(d)}'s turn" if d is not None else "the game is over")
            return False
        reason = s.try_action(action)
        if reason:
            self.refuse(reason)
            return False
        self.hint = ""
        return True

    def card_action(self, card):
        """Game hook: the action of playing this hand card."""
        return ("play", card)

    # --- the coach --------------------------------------------------------------------------------
    coached = True  # a screen without room for the hint display sets False

    def coach_open(self):
        """The Hint button may be offered: the person at the screen decides, nothing else is open."""
        return self.coached and self.overlay is None and self.idle and self.session.my_turn() \
            and self.session.hand_visible()

    def ask_coach(self):
        if self.coach_open():
            self.coach.start(self.session)

    def coach_label(self, action):
        """An action in short words for the hint list."""
        key, parts = action[0], []
        for part in action[1:]:
            if isinstance(part, (tuple, list)):
                parts.append(" + ".join(self.coach_part(p, short=True) for p in part))
            elif isinstance(part, int) and not isinstance(part, bool):
                parts.append(self.session.name(part) if 0 <= part < len(self.session.seats) else str(part))
            else:
                parts.append(self.coach_part(part))
        return f"{key} {' '.join(parts)}".strip()

    @staticmethod
    def coach_part(part, short=False):
        """A card in words (short: without its symbol, for a pick of several), else as it is."""
        if part is None:
            return "none"
        text = str(part)
        if len(text) in (2, 3) and text[0].isalpha() and text[1:].isdigit():
            try:
                words = card_words(text)
                return words.rsplit(" ", 1)[0] if short and not words[-1].isdigit() else words
            except (KeyError, IndexError, ValueError):
                return text  # a code that is not a card (a task): as it is
        return text

    def card_values(self):
        """{what the action names (a card, a seat, a task): its best value} of the hint, for the bars
        on what the person would click; the grey 4's colours share one card."""
        values = {}
        for action, value in (self.coach.values or {}).items():
            if len(action) >= 2 and isinstance(action[1], (str, int)) and not isinstance(action[1], bool):
                values[action[1]] = max(value, values.get(action[1], 0.0))
        return values

    def coach_rects(self):
        """Screen hook: {what an action names: where it is drawn}; the hand cards here."""
        return self.hand_rects

    def coach_box(self):
        """Screen hook: where the ranked list goes (None: no list), over the log."""
        return LOG_RECT

    def coach_button(self):
        """Screen hook: where the Hint button goes. On the table: its own strip above the log, where
        no text goes (the log and the hint list stay below it)."""
        box = self.coach_box()
        if box is None or box == LOG_RECT:
            return COACH_RECT.copy()
        return pygame.Rect(box.right - 112, box.y + 4, 106, 26)

    def coach_bar_rect(self, rect, width):
        """Screen hook: the bar of one card, above it (cards of a fan overlap: as wide as a step)."""
        return pygame.Rect(rect.x + 2, rect.y - 24, min(64, width - 4), 20)

    # --- input -------------------------------------------------------------------------------------
    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.ask_coach()
        else:
            super().handle(event)

    def click(self, name):
        if name == "coach":
            self.ask_coach()
        elif name == "handoff":
            self.accept_handoff()
        elif name == "overlay:close":
            self.overlay = None
        elif name.startswith("btn:"):
            self.click_button(name[4:])
        elif name.startswith("pause:"):
            self.click_pause(name[6:])
        elif name.startswith("card:"):
            self.act(self.card_action(name[5:]))
        else:
            self.click_game(name)

    def click_button(self, which):
        if which == "last":
            if self.shown.get("last_trick"):
                self.overlay = "last"
            else:
                self.refuse("no trick has been taken yet this round")
        else:
            self.overlay = "log" if which == "log" else "pause"
            self.log_scroll = 0

    def click_pause(self, which):
        if which == "resume":
            self.overlay = None
        elif which == "speed":
            self.app.settings.next_speed()
        elif which == "menu":
            self.app.to_menu()

    def click_game(self, name):
        """Game hook: a click on a target of the game's own."""

    def accept_handoff(self):
        if self.session.needs_handoff() and self.idle:
            self.session.accept_handoff()
            self.resync()
            self.start_reveal()

    def back(self):
        self.overlay = None if self.overlay else "pause"

    def scroll(self, amount):
        if self.overlay == "log":
            self.log_scroll = max(0, min(len(self.log.lines) - 1, self.log_scroll + amount))

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.blit(background(), (0, 0))
        self.draw_info(surface)
        self.draw_buttons(surface)
        for seat in range(self.state.players):
            self.draw_panel(surface, seat)
        self.draw_trick(surface)
        self.draw_hand(surface)
        self.draw_status(surface)
        self.draw_controls(surface)
        for flight in sorted(self.flights, key=lambda f: f.tween.started):  # moving cards on top
            flight.draw(surface)
        self.draw_log(surface)
        self.draw_coach(surface)  # under a dialog: dimmed with the table, never on top of it
        self.draw_dialog(surface)
        if self.overlay == "pause":  # Esc works on every screen, the hand-off too
            self.draw_pause_overlay(surface)
        elif self.idle and self.session.needs_handoff():
            self.draw_handoff(surface)
        elif self.overlay:
            getattr(self, f"draw_{self.overlay}_overlay")(surface)

    def draw_info(self, surface):
        theme.panel(surface, INFO_RECT)
        y = INFO_RECT.y + 10
        title = theme.fit(self.app.title(self.session.game_id), 20, INFO_RECT.width - 20, True)
        theme.blit_text(surface, title, 20, (INFO_RECT.x + 12, y + 2), theme.GOLD, True)
        for line in self.info_lines():
            y += 32
            theme.blit_text(surface, line, 20, (INFO_RECT.x + 12, y), theme.INK)
        theme.panel(surface, REMINDER_RECT, fill=(12, 40, 30))
        y = REMINDER_RECT.y + 8
        for line in self.reminder_lines():
            theme.blit_text(surface, theme.fit(line, 16, REMINDER_RECT.width - 16), 16, (REMINDER_RECT.x + 10, y),
                            theme.INK_DIM)
            y += 21

    def info_lines(self):
        return []

    def reminder_lines(self):
        return []

    def draw_buttons(self, surface):
        labels = {"last": "Last trick", "log": "Game log", "menu": "Menu (Esc)"}
        for key, rect in BUTTONS.items():
            theme.button(surface, rect, labels[key], self.hovering(f"btn:{key}"), 20)
            self.target(f"btn:{key}", rect)

    def draw_panel(self, surface, seat):
        rect = self.layout.panels[seat]
        surface.blit(self.panel_surface(seat), rect)
        if seat == self.session.decider and not self.state.is_over:
            glow = 0.5 + 0.5 * math.sin(self.time * 5)
            colour = tuple(int(lerp(a, b, glow)) for a, b in zip((170, 120, 20), theme.GOLD))
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), 4, border_radius=14)
        self.draw_panel_extra(surface, seat, rect)

    def panel_surface(self, seat):
        """Name, badge, total, dealer mark and hand size; cached until one of them changes."""
        shown = self.shown
        person = self.session.is_person(seat)
        key = (seat, self.session.name(seat), person, seat == self.session.viewer,
               shown["totals"][seat], shown["hand_sizes"][seat], shown.get("dealer") == seat)
        surf = self._panel_cache.get(key)
        if surf is not None:
            return surf
        if len(self._panel_cache) > 64:
            self._panel_cache.clear()
        w, h = self.layout.panels[seat].size
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        theme.panel(surf, surf.get_rect(), fill=(10, 30, 24, 235))
        badge = "PERSON" if person else "BOT"
        tag = theme.text(badge, 13, theme.INK, True)
        tag_rect = tag.get_rect(topright=(w - 12, 12)).inflate(12, 6)
        pygame.draw.rect(surf, theme.PERSON_BADGE if person else theme.BOT_BADGE, tag_rect, border_radius=8)
        surf.blit(tag, tag.get_rect(center=tag_rect.center))
        name = theme.fit(self.session.name(seat), 22, tag_rect.left - 20, True)
        theme.blit_text(surf, name, 22, (12, 8), theme.INK, True)
        theme.blit_text(surf, f"{shown['totals'][seat]} pts", 19, (12, 40), theme.GOLD, True)
        if shown.get("dealer") == seat:
            chip = pygame.Rect(92, 40, 26, 24)
            pygame.draw.ellipse(surf, (235, 235, 235), chip)
            theme.blit_text(surf, "D", 16, chip.center, theme.INK_DARK, True, "center")
        icon = cards.back((22, 32))
        surf.blit(icon, (w - 104, 36))
        theme.blit_text(surf, f"× {shown['hand_sizes'][seat]}", 19, (w - 76, 40), theme.INK, True)
        self._panel_cache[key] = surf
        return surf

    def draw_panel_extra(self, surface, seat, rect):
        """Game hook: what a seat has collected."""

    def draw_trick(self, surface):
        trick = self.shown["trick"]
        layout = self.layout
        for i in range(len(trick), self.state.players):
            pygame.draw.rect(surface, (60, 130, 95), layout.trick_rect(i), 2, border_radius=10)
        trump = self.trump_colour()
        if trump:
            self.draw_trump_banner(surface, trump)
        for i, (seat, card) in enumerate(trick):
            rect = layout.trick_rect(i)
            lift = self.raised.get(card)
            if lift is not None:
                rect = rect.move(0, -round(RAISE * lift.value))
            surface.blit(cards.face(card, cards.TRICK), rect)
            if trump and card[0] == trump:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), 3, border_radius=12)
            self.draw_trick_mark(surface, card, rect)
            self.target(f"trick:{card}", rect)
            label = theme.fit(self.session.name(seat), 16, rect.width + 8)
            theme.blit_text(surface, label, 16, layout.trick_rect(i).midbottom + pygame.Vector2(0, 14),
                            theme.INK, True, "center")

    def draw_trick_mark(self, surface, card, rect):
        """Game hook: marks on a trick card (selected for a pick)."""

    def trump_colour(self):
        return self.shown.get("trump")

    def draw_trump_banner(self, surface, colour):
        words = f"{cards.NAMES[colour].upper()} IS TRUMP"
        label = theme.text(words, 22, cards.ink_on(colour), True)
        mark = cards.symbol(colour, 28, cards.ink_on(colour), cards.COLOURS[colour])
        width = label.get_width() + mark.get_width() + 36
        pill = pygame.Rect(0, 0, width, 36)
        pill.midbottom = (640, self.layout.trick_rect(0).top - RAISE - 2)
        pygame.draw.rect(surface, cards.COLOURS[colour], pill, border_radius=20)
        pygame.draw.rect(surface, cards.EDGE, pill, 3, border_radius=20)
        surface.blit(mark, mark.get_rect(midleft=(pill.x + 12, pill.centery)))
        surface.blit(label, label.get_rect(midleft=(pill.x + 24 + mark.get_width(), pill.centery)))

    def draw_hand(self, surface):
        self.hand_rects = {}
        if self.dealing:
            return
        s = self.session
        bottom = self.layout.bottom
        if not s.hand_visible():
            for rect in self.layout.hand_rects(self.shown["hand_sizes"][bottom]):
                surface.blit(cards.back(cards.HAND), rect)
            return
        hand = self.shown["hand"]
        playable = self.playable()
        turn = self.can_play() and self.deciding_play()
        rects = self.layout.hand_rects(len(hand))
        for i, (card, rect) in enumerate(zip(hand, rects)):
            lifted = rect.move(0, -round(LIFT * self.lifts.get(card, 0.0)))
            self.blit_hand_card(surface, card, lifted, i, len(hand), turn and card not in playable)
            self.hand_rects[card] = lifted
            right = rects[i + 1].x if i + 1 < len(rects) else rect.right
            self.target(f"card:{card}", pygame.Rect(rect.x, rect.y - LIFT, right - rect.x, rect.height + LIFT))

    def blit_hand_card(self, surface, card, rect, index, count, dim):
        sprite = cards.dimmed(card, cards.HAND) if dim else cards.face(card, cards.HAND)
        if self.reveal is not None:
            # a wave from left to right: each card shows its back, narrows, and opens face up
            f = max(0.0, min(1.0, (self.reveal.value * (count + 3) - index) / 4))
            if f < 0.5:
                sprite = cards.squeezed(("back", cards.HAND), cards.back(cards.HAND), 1 - 2 * f)
            else:
                sprite = cards.squeezed(("face", card, dim), sprite, 2 * f - 1)
            rect = sprite.get_rect(midtop=rect.midtop)
        surface.blit(sprite, rect)

    def draw_status(self, surface):
        y = self.layout.trick_rect(0).bottom + 48
        line = self.status_line()
        if line:
            theme.blit_text(surface, line, 26, (640, y), theme.INK, True, "center")
        if self.hint and self.hint_age < HINT_SECONDS:
            for i, part in enumerate(theme.wrap(self.hint, 22, 740, bold=True)[:2]):
                theme.blit_text(surface, part, 22, (640, self.hint_y() + 26 * i), theme.WARN, True, "center")

    def hint_y(self):
        return self.layout.trick_rect(0).bottom + 82

    def status_line(self):
        if self.banner:
            return self.banner
        s = self.session
        if not self.idle or s.state.is_over or s.needs_handoff():
            return ""
        if s.my_turn():
            return self.prompt()
        d = s.decider
        return f"{s.name(d)} is thinking…" if d is not None else ""

    def prompt(self):
        return f"Your turn, {self.session.name(self.session.viewer)}"

    def draw_controls(self, surface):
        """Game hook: buttons on the table (confirm a pick)."""

    def draw_dialog(self, surface):
        """Game hook: a modal dialog (plus colours)."""

    def draw_log(self, surface):
        key = (len(self.log.lines), self.log.lines[-1] if self.log.lines else "")
        if self._log_cache[0] != key:
            self._log_cache = (key, self.render_log_panel())
        surface.blit(self._log_cache[1], LOG_RECT)

    def render_log_panel(self):
        surf = pygame.Surface(LOG_RECT.size, pygame.SRCALPHA)
        theme.panel(surf, surf.get_rect(), fill=(10, 30, 24, 235))
        theme.blit_text(surf, "Game log", 16, (10, 6), theme.GOLD, True)
        rows = []
        most = (LOG_RECT.height - 32) // 20
        for line in reversed(self.log.lines[-12:]):  # whole messages only, newest at the bottom
            wrapped = theme.wrap(line, 15, LOG_RECT.width - 20)
            if len(rows) + len(wrapped) > most:
                break
            rows[:0] = wrapped
        y = 28
        for row in rows[-most:]:
            theme.blit_text(surf, row, 15, (10, y), theme.INK)
            y += 20
        return surf

    def draw_coach(self, surface):
        """The Hint button in its own strip; the hint itself: bars on the hand cards and the best
        actions listed where the log was. Drawn before any dialog, so a dialog's shade dims it."""
        if not self.coach_open():
            return
        if self.coach.values:
            self.draw_coach_cards(surface)
            if self.coach_box() is not None:
                self.draw_coach_list(surface, self.coach_box())
        rect = self.coach_button()
        label = "Thinking…" if self.coach.thinking else "Hint (H)"
        theme.button(surface, rect, label, self.hovering("coach"), 18, "normal", not self.coach.thinking)
        self.target("coach", rect)

    def draw_coach_cards(self, surface):
        values = self.card_values()
        rects = {k: r for k, r in self.coach_rects().items() if k in values}
        if not rects:
            return
        best = self.coach.best()
        best = values.get(best[1], 2.0) if best is not None and len(best) >= 2 else 2.0  # 2: no gold bar
        xs = sorted(r.x for r in rects.values())
        step = min([b - a for a, b in zip(xs, xs[1:]) if b > a] or [cards.HAND[0]])
        for key, rect in rects.items():
            bar = self.coach_bar_rect(rect, min(step, rect.width + 4))
            coach_bar(surface, bar, values[key], values[key] >= best - 1e-9)

    def draw_coach_list(self, surface, box):
        theme.panel(surface, box, fill=(10, 30, 24), edge=theme.GOLD)
        best = self.coach.best()
        theme.blit_text(surface, "Hint" if best is not None else "All alike", 16, (box.x + 10, box.y + 8),
                        theme.GOLD, True)
        ranked = self.coach.ranked()
        rows = (box.height - 40) // 22
        for i, (action, value) in enumerate(ranked[:rows]):
            y = box.y + 36 + 22 * i
            top = action == best
            label = theme.fit(self.coach_label(action), 14, box.width - 82, top)
            theme.blit_text(surface, label, 14, (box.x + 8, y + 2), theme.GOLD if top else theme.INK, top)
            coach_bar(surface, pygame.Rect(box.right - 66, y, 60, 18), value, top)

    # --- overlays ----------------------------------------------------------------------------------
    def modal(self, surface, size, alpha=170):
        """Dim the table and start a dialog box; earlier targets stop reacting."""
        self._next_targets.clear()
        theme.shade(surface, alpha)
        rect = pygame.Rect(0, 0, *size)
        rect.center = (640, 360)
        theme.panel(surface, rect, fill=(16, 40, 32), edge=theme.GOLD, radius=16, width=3)
        return rect

    def draw_handoff(self, surface):
        self._next_targets.clear()
        theme.shade(surface, 242, (8, 16, 14))
        name = self.session.name(self.session.decider)
        theme.blit_text(surface, f"Pass to {name}", 64, (640, 250), theme.GOLD, True, "center")
        theme.blit_text(surface, "Everyone else: look away from the screen.", 26, (640, 330), theme.INK,
                        False, "center")
        rect = pygame.Rect(0, 0, 560, 80)
        rect.center = (640, 450)
        theme.button(surface, rect, f"{name}: click when ready", True, 30, "good")
        self.target("handoff", pygame.Rect(0, 0, 1280, 720))

    def draw_last_overlay(self, surface):
        last = self.shown.get("last_trick")
        if not last:
            self.overlay = None
            return
        box = self.modal(surface, (min(1200, 160 + 120 * len(last["cards"])), 360))
        theme.blit_text(surface, "The last trick", 30, (box.centerx, box.y + 36), theme.GOLD, True, "center")
        tags = self.last_trick_tags(last)
        left = box.centerx - (len(last["cards"]) * 120 - 28) // 2
        for i, (seat, card) in enumerate(last["cards"]):
            rect = pygame.Rect(left + i * 120, box.y + 80, *cards.TRICK)
            surface.blit(cards.face(card, cards.TRICK), rect)
            theme.blit_text(surface, theme.fit(self.session.name(seat), 17, 116), 17,
                            (rect.centerx, rect.bottom + 16), theme.INK, True, "center")
            theme.blit_text(surface, theme.fit(tags.get(card, ""), 16, 116), 16,
                            (rect.centerx, rect.bottom + 40), theme.GOLD, False, "center")
        theme.blit_text(surface, "Click anywhere to close", 18, (box.centerx, box.bottom - 24), theme.INK_DIM,
                        False, "center")
        self.target("overlay:close", pygame.Rect(0, 0, 1280, 720))

    def last_trick_tags(self, last):
        """Game hook: a short note per card of the last trick (where it went)."""
        return {}

    def draw_log_overlay(self, surface):
        box = self.modal(surface, (980, 600))
        theme.blit_text(surface, "Game log", 30, (box.centerx, box.y + 32), theme.GOLD, True, "center")
        rows = [row for line in self.log.lines for row in theme.wrap(line, 20, box.width - 60)]
        end = len(rows) - self.log_scroll * 3
        visible = rows[max(0, end - 19):max(0, end)]
        y = box.y + 70
        for row in visible:
            theme.blit_text(surface, row, 20, (box.x + 30, y), theme.INK)
            y += 25
        theme.blit_text(surface, "Mouse wheel scrolls · click to close", 17, (box.centerx, box.bottom - 22),
                        theme.INK_DIM, False, "center")
        self.target("overlay:close", pygame.Rect(0, 0, 1280, 720))

    def draw_pause_overlay(self, surface):
        box = self.modal(surface, (520, 380))
        theme.blit_text(surface, "Paused", 36, (box.centerx, box.y + 44), theme.GOLD, True, "center")
        speed = self.app.settings.speed
        items = [("resume", "Keep playing", "good"), ("speed", f"Animation: {speed}", "normal"),
                 ("menu", "Leave game (back to menu)", "normal")]
        for i, (key, label, kind) in enumerate(items):
            rect = pygame.Rect(0, 0, 420, 60)
            rect.center = (box.centerx, box.y + 130 + i * 80)
            theme.button(surface, rect, label, self.hovering(f"pause:{key}"), 24, kind)
            self.target(f"pause:{key}", rect)
