"""A board draws one phase of a game and turns clicks on it into actions.

Boards live inside a GameScreen (``scenes.screen.game_screen``), which owns everything that outlives
a phase: the session, the script, the log, the coach, the boxes laid over it. A board reads the session through
its screen, adds the steps of its phase's events to the screen's script, draws its picture and hands
actions to ``screen.act``. It never switches screens and never touches the app.

The picture is a view plus sprites, and a board never writes into the view. ``shown`` is one of the
session's views, as the rules core made it: the view before the step being shown while the step's
sprites move, the step's view after once it has been shown (``resync``; a new round's deal takes it at
once). What moved meanwhile is told by sprites only: ``flights`` in the air, ``hidden`` places of the
view a sprite stands for now (a card that left a hand, a trick swept off the table) and ``landed``
sprites at rest where the view after holds them (a card laid in the trick, on a pile). What a moment
needs that no view holds (the cards of a buy, the tasks all shown) comes from the step's told events
and its action (``step_action``, ``step_event``), never from a rule worked out again here.

Hooks a game's board fills in: ``event_steps``, ``render``, ``click_game``, ``prompt``,
``round_notes``, ``last_trick`` / ``draw_last_trick``, and the coach's geometry (``coach_rects``,
``coach_box``, ``coach_button``, ``coach_bar_rect``). A box of the board's own over the game is a
screen of its own (``scenes.screen.overlay``), named in the game's board kit and opened with
``screen.open_box``.
"""

import pygame

from game.i18n import _, pgettext

from scenes.screen import canvas

from scenes.screen import cards
from scenes.screen import emblems
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.base import DOUBLE_CLICK
from scenes.screen.layout import COACH_RECT, HAND_AREA, LOG_RECT
from scenes.screen.tween import lerp


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
            surface.blit(cards.sized(self.card, self.size1), (round(x - w / 2), round(y - h / 2)))
        elif (w, h) == tuple(self.size0):
            surface.blit(cards.sized(self.card, self.size0), (round(x - w / 2), round(y - h / 2)))
        else:
            big = self.size0 if self.size0[0] >= self.size1[0] else self.size1
            canvas.stretched(surface, cards.sized(self.card, big), (round(x - w / 2), round(y - h / 2), w, h))


# A hand can hold two equal cards (Tricks): each has a place of its own, the second named "Y1#1", so
# only the one under the pointer rises and each can be clicked.
TWIN = "#"


def card_of(place):
    """The card a hand place shows ("Y1" of "Y1#1")."""
    return place.split(TWIN)[0]


def places_of(hand):
    """The hand's place names, in order: the card, or card#k for the k-th copy after the first."""
    seen = {}
    names = []
    for card in hand:
        k = seen.get(card, 0)
        seen[card] = k + 1
        names.append(card if k == 0 else f"{card}{TWIN}{k}")
    return names


def lent(name, settable=False):
    """A board's property that is its screen's: read there (and written there, if settable)."""
    def read(board):
        return getattr(board.screen, name)

    def write(board, value):
        setattr(board.screen, name, value)

    return property(read, write if settable else None, doc=f"The screen's {name}.")


class Board:
    """The base of every board: it gives each member of ``scenes.screen.protocols.PhaseBoard`` its
    default, and lends its screen's (a ``BoardHost``) as its own."""

    kind = "table"
    coached = True  # a board without room for the hint display sets False
    log_size = theme.READABLE  # the type size of the log box (the whole log: its window)
    turn_line = False  # the board says whose turn it is under its trick (the forced card's line goes there)
    layout = None  # a table board's layout (seats round the trick); None on a board without one
    hand_places = ()  # (card, rect) of every hand card drawn last frame, twins too (a board with a hand)

    def __init__(self, screen):
        self.screen = screen
        self.shown = None
        self.flights = []
        self.hidden = []  # places of the view a sprite stands for: ("hand", seat, card), ("trick", seat), …
        self.landed = []  # sprites at rest where the view after holds them: ("trick", seat, card, as), …
        self.banner = ""
        self.lifts = {}  # hand card -> 0..1, how far it is lifted
        self.hand_owner = None  # whose hand the board shows (the viewer): a new one's cards do not rise
        self.still_at = None  # under a mouse that has not moved since (see update_lifts)
        self.still_for = 0.0  # seconds since the hand came up there
        self.log_box = widgets.LogBox(self.log_size)
        self.resync()

    # --- what the screen lends -------------------------------------------------------------------
    session = lent("session")
    state = lent("state")
    script = lent("script")
    log = lent("log")
    coach = lent("coach")
    idle = lent("idle")
    time = lent("time")
    mouse = lent("mouse")
    targets = lent("targets")
    memory = lent("memory")
    overlay = lent("overlay", settable=True)
    hint = lent("hint", settable=True)

    def dur(self, seconds):
        return self.screen.dur(seconds)

    def target(self, name, rect):
        return self.screen.target(name, rect)

    def hovering(self, name):
        return self.screen.hovering(name)

    def tip(self, rect, words):
        return self.screen.tip(rect, words)

    def act(self, action):
        return self.screen.act(action)

    def refuse(self, reason):
        self.screen.refuse(reason)

    def cue(self, name):
        return self.screen.cue(name)

    def modal(self, surface, size, alpha=170):
        return self.screen.modal(surface, size, alpha)

    def can_play(self):
        return self.screen.can_act()

    def before_deal(self):
        """The cards are shuffled for a deal: a board that shows hands shows the round to come, its
        hands not dealt yet (not the last round's table, not the hand before it is dealt)."""

    def hold_step(self, seconds, begin=None, end=None):
        self.screen.hold_step(seconds, begin, end)

    # --- events become steps ---------------------------------------------------------------------
    def event_steps(self, ev):
        """Add the steps that show one event (a game's board adds its own kinds first)."""
        if ev.get("t") == "deal":
            self.deal_step(ev)
        else:
            self.script.add(begin=lambda: self.say(ev))

    def say(self, ev):
        """Put an event into the log (as its step starts, so the log never runs ahead)."""
        self.log.event(ev)
        return []

    def deal_step(self, ev):
        def begin():
            self.say(ev)
            self.resync()
            return []

        self.script.add(begin)

    def resync(self):
        """Take the picture afresh from the session: what the screen may draw now."""
        self.shown = self.session_view()
        self.clear_sprites()
        self.reset_choices()

    def session_view(self):
        """The session's view as far as the screen has shown the game: the picture itself, shared
        with the session and never written into (tests/test_boards_draw_views.py holds that), so
        another board or a fresh screen on the same session takes the same view again."""
        return self.session.view()

    def clear_sprites(self):
        """The view holds everything now: no sprite stands in for a part of it."""
        self.flights = []
        self.hidden = []
        self.landed = []

    def landed_as(self, kind):
        """The sprites at rest of one kind ("trick", "pile", …), without the kind."""
        return [item[1:] for item in self.landed if item[0] == kind]

    @property
    def step_action(self):
        """The action of the step being shown, as the table was told it (a secret value None): read
        once from its JSON, by game.observe."""
        return self.screen.step.action

    def step_event(self, kind):
        """The event of KIND in the step being shown, as the table was told it, or None: what a later
        event of the same step tells (the tasks shown together after the last choice)."""
        return next((ev for ev in self.screen.step.events if ev.get("t") == kind), None)

    def reset_choices(self):
        """Forget half-made choices (a pick selection) when the state moved on."""

    def moments(self, ev):
        """Game hook: the celebrations and reveals an event of the game's own calls for
        (``scenes.screen.beats.Moment``), e.g. an exact bid at the round's payout."""
        return []

    def seat_rect(self, seat):
        """Where SEAT's box is drawn (a celebration flies there), or None on a board without seats."""
        return None

    def finish_beats(self):
        """The person acted during a beat: the board's own animations end at once."""
        for flight in self.flights:
            flight.tween.finish()

    def handed_over(self):
        """The person who decides pressed: their view replaces the table's."""
        self.resync()

    def update(self, dt):
        """Idle animations: a playable hand card rises under the mouse (boards add their own)."""
        self.update_lifts(dt)

    def update_lifts(self, dt):
        hover = self.hovered_card() if self.can_play() else None
        if self.session.viewer != self.hand_owner:  # hot seat: the next person's hand under the last one's
            changed, self.hand_owner = self.hand_owner is not None, self.session.viewer  # mouse: a card risen
            self.still_at = tuple(self.mouse) if changed else None
            self.still_for = 0.0
        self.still_for += dt
        if self.still_at is not None:  # there read as a suggestion and invited a misclick
            if tuple(self.mouse) != self.still_at:
                self.still_at = None
            elif not (self.screen.focus or "").startswith("card:"):  # the keys' choice still rises
                hover = None
        if hover is not None and card_of(hover) not in self.playable():
            hover = None
        rate = 1.0 if self.screen.speed_factor() == 0 else min(1.0, dt * 16)
        for card in list(self.lifts) + ([hover] if hover else []):
            target = 1.0 if card == hover else 0.0
            now = self.lifts.get(card, 0.0)
            now += (target - now) * rate
            if now < 0.01 and target == 0:
                self.lifts.pop(card, None)
            else:
                self.lifts[card] = now

    def hovered_card(self):
        focus = self.screen.focus
        if focus is not None and focus.startswith("card:"):
            return focus[5:]  # the keys chose it: it rises as under the mouse
        for name, rect in self.targets.items():
            if name.startswith("card:") and rect.collidepoint(self.mouse):
                return name[5:]
        return None


    # --- input -----------------------------------------------------------------------------------
    def click(self, name):
        if name.startswith("card:"):
            self.act(self.card_action(card_of(name[5:])))
        else:
            self.click_game(name)

    def just_handed_over(self):
        """Hot seat: the next person's hand came up moments ago under the last person's unmoved mouse; a
        click there is the last person's double click, not the next person's move (a deliberate click
        after DOUBLE_CLICK, or once the mouse moved, counts)."""
        if self.session.viewer != self.hand_owner:  # handed over in this very frame
            return self.hand_owner is not None
        return self.still_at is not None and tuple(self.mouse) == self.still_at and self.still_for < DOUBLE_CLICK

    def card_action(self, card):
        return ("play", card)

    def click_game(self, name):
        """A click on a target of the board's own."""

    def click_button(self, which):
        """A top button of the board's own (``btn:<which>``)."""

    def key_choices(self):
        """The prefixes of the targets the arrow and number keys choose among now."""
        return ("card:",)

    def key(self, event):
        """A key the board uses itself (True: taken)."""
        return False

    def back(self):
        """Esc: True when the board closed a dialog of its own (else the pause box opens)."""
        return False

    # --- what may be done now --------------------------------------------------------------------
    def playable(self):
        """The hand cards the rules core allows now (empty unless it is the viewer's move)."""
        if not self.can_play():
            return set()
        return {a[1] for a in self.state.legal_actions() if a[0] == "play"}

    def prompt(self):
        return _("Your turn, {name}").format(name=self.session.name(self.session.viewer))

    def teacher_holds(self):
        """A lesson's teacher holds the game for a note: nobody acts meanwhile, so the table names nobody
        as deciding (a newcomer read "Ben is taking a task…" under a note as Ben being stuck)."""
        teaching = getattr(self.screen, "teaching", None)
        return teaching is not None and teaching.holds() and not self.session.my_turn()

    def status_line(self):
        """The banner, the person's prompt, or who is deciding; nothing while the picture moves or while
        a lesson's teacher holds the game."""
        if self.banner:
            return self.banner
        s = self.session
        if not self.idle or s.state.is_over or s.needs_handoff() or self.teacher_holds():
            return ""
        if s.my_turn() and self.screen.forced is not None:
            return self.screen.forced_words()  # in the turn line's place, with the name: never "any card"
        return self.prompt() if s.my_turn() else self.screen.waiting_line()

    def round_notes(self, round_no):
        """Lines for the scoreboard, (text, is_warning): how points count, an early end."""
        return []

    # --- drawing ---------------------------------------------------------------------------------
    def render(self, surface):
        raise NotImplementedError

    def draw_coach(self, surface):
        self.screen.draw_coach(surface)

    def draw_refusal(self, surface, pos, width=740, lines=2):
        line = self.screen.refusal_live()
        teaching = self.screen.teaching
        if line and not (teaching is not None and teaching.lesson is not None):  # a lesson's box says it
            widgets.refusal(surface, line, pos, width, lines)

    def draw_log_box(self, surface, rect):
        """The log panel and the Undo button (one in the panel's head goes under the hint list,
        which covers the whole panel while it is shown)."""
        room = self.screen.log_room(rect)
        self.log_box.draw(surface, room, self.log.lines, self.seat_colours())
        coach_list = self.coach.values and self.coach_box() == rect and self.screen.coach_open()
        undo = self.undo_button(rect)
        if not coach_list or (undo is not None and not undo.colliderect(rect)):
            self.screen.draw_undo(surface, undo)

    def seat_colours(self):
        """{a seat's name: its own colour} (emblems.seat_colour), for the log's lines."""
        names = [self.session.name(seat) for seat in range(self.state.players)]
        return {name: emblems.seat_colour(seat) for seat, name in enumerate(names) if names.count(name) == 1}

    def undo_button(self, log_rect):
        """Where the Undo button goes: on the table beside the Hint button above the log; on other
        boards in the head of their log panel, right of its title, above its lines."""
        if log_rect == LOG_RECT and (self.coach_box() is None or self.coach_box() == LOG_RECT):
            # on the table: the right half of the strip above the log, as big as Hint (newcomers
            # found a chip in the log's head too small to see)
            half = COACH_RECT.width // 2 - 3
            return pygame.Rect(COACH_RECT.right - half, COACH_RECT.y, half, COACH_RECT.height)
        rect = pygame.Rect(log_rect.right - 134, log_rect.y + 4, 128, 24)
        coach = self.coach_button()
        if coach.colliderect(rect):  # the Hint button has the head's right end: a short Undo left of it
            # TRANSLATORS: the Undo button where there is little room (a few letters; Ctrl+Z is in its tooltip)
            width = max(64, theme.font(theme.READABLE, True).size(pgettext("narrow button", "Undo"))[0] + 18)
            title = log_rect.x + 10 + theme.font(theme.READABLE, True).size(_("Game log"))[0] + 8  # LogBox's head
            width = max(40, min(width, coach.x - 6 - title))  # too narrow for the word: its sign (draw_undo)
            rect = pygame.Rect(coach.x - 6 - width, log_rect.y + 4, width, 24)
        return rect

    def last_trick(self):
        return self.shown.get("last_trick") if self.shown else None

    def draw_last_trick(self, surface, box, last):
        """The last trick's cards in the screen's dialog box, each with its player and a note."""
        tags = self.last_trick_tags(last)
        left = box.centerx - (len(last["cards"]) * 120 - 28) // 2
        for i, (seat, card) in enumerate(last["cards"]):
            rect = pygame.Rect(left + i * 120, box.y + 80, *cards.TRICK)
            surface.blit(cards.face(card, cards.TRICK), rect)
            theme.blit_text(surface, theme.fit(self.session.name(seat), 17, 112, True), 17,  # drawn bold
                            (rect.centerx, rect.bottom + 16), theme.INK, True, "center")
            theme.blit_text(surface, theme.fit(tags.get(card, ""), 16, 116), 16,
                            (rect.centerx, rect.bottom + 40), theme.GOLD, False, "center")

    def last_trick_tags(self, last):
        """A short note per card of the last trick (where it went)."""
        return {}

    def reveal_place(self):
        """Where the strip that waits for the deciding person's press stands (the hand-off): over
        the hand, where what it shows will be."""
        return HAND_AREA.copy()

    def reveal_words(self):
        """The strip's button: what the press shows."""
        return _("Show my hand (Enter)")

    def reveal_open(self):
        """A board that shows what was decided and waits for a click to go on (the Tricks bids)."""
        return False

    def go_to_tricks(self):
        """Go on from the board's reveal (see reveal_open)."""

    # --- the teacher's geometry (scenes.screen.teaching) -----------------------------------------
    def teach_box(self):
        """Where the lesson's teacher box stands on this board, clear of what the learner must see."""
        return pygame.Rect(262, 446, 756, 96)

    def reading(self):
        """The board holds the game on something to read until a click (Tricks: the bids' reveal): the
        screen rests there though its script waits, and the teacher speaks of what it shows."""
        return False

    def teach_rect(self, target):
        """Where a teaching note's target (game.teach.Note) is drawn now, or None."""
        if target[0] == "card":
            places = self.screen.places(f"card:{target[1]}")
            return places[0] if places else None
        if target[0] == "action":
            return self.teach_action_rect(target[1])
        return None

    def teach_action_rect(self, kind):
        """Where a kind of decision is taken on this board ("plus", "bid", ...), or None."""
        return None

    def suggestion_rects(self, action):
        """Where the teacher's suggested ACTION would be clicked: the places the coach marks for it."""
        names = action[1] if len(action) > 1 and isinstance(action[1], tuple) else action[1:2]
        first = {}  # of two equal cards the first is marked (and raised), as one is played
        for key, rect in self.coach_places():
            if key in names:
                first.setdefault(key, rect)
        return list(first.values())

    # --- the coach's geometry --------------------------------------------------------------------
    def coach_rects(self):
        """{what an action names: where it is drawn}."""
        return {}

    def coach_places(self):
        """(what an action names, where) for every place it is drawn: two equal cards get a bar
        each (a newcomer saw a percentage over one twin only)."""
        twins = self.hand_places
        rects = self.coach_rects()
        if twins and rects is self.hand_rects:
            return list(twins)
        return list(rects.items())

    def coach_box(self):
        """Where the ranked list goes (None: no list)."""
        return LOG_RECT

    def coach_say(self):
        """Where the hint's sentence (and under Details its numbers) goes: the list's box; None: the
        board has no room for words, the bars over what one clicks show the numbers."""
        return self.coach_box()

    def coach_button(self):
        """Where the Hint button goes: on the table its own strip above the log, where no text goes."""
        box = self.coach_box()
        if box is None or box == LOG_RECT:
            if self.screen.undo_offered():  # the strip's right half is Undo's
                return pygame.Rect(COACH_RECT.x, COACH_RECT.y, COACH_RECT.width // 2 - 3, COACH_RECT.height)
            return COACH_RECT.copy()
        # in the box's head, beside its title: above the log's first line (widgets.LogBox.FIRST_LINE)
        return pygame.Rect(box.right - 112, box.y + 3, 106, widgets.LogBox.FIRST_LINE - 6)

    def coach_bar_rect(self, rect, width):
        """The bar of one card, above it (cards of a fan overlap: as wide as a step)."""
        return pygame.Rect(rect.x + 2, rect.y - 26, min(64, width - 4), 22)
