"""The trick table shared by the games' play phases: seats, the fanned hand, the trick, flights.

The table draws ``shown`` (a view, never changed) with the sprites of the step being shown: a card
played flies from its hand, which is drawn without it (``hidden``), and lies in the trick as a sprite
(``landed``) until the step's view after takes over; a trick taken is swept off (its places hidden) as
its cards fly to their taker. So the picture never runs ahead of the animation, and never disagrees
with the state once it is idle.

A game's table board subclasses TableBoard: ``event_steps`` turns its events into steps, and the
hooks ``draw_panel_extra``, ``draw_controls``, ``draw_dialog``, ``click_game``, ``prompt``,
``info_lines``, ``reminder_lines`` and ``last_trick_tags`` draw and handle what is its own.
"""

import math

import pygame

from scenes.screen import effects
from scenes.screen import paint
from scenes.screen.canvas import Picture

from game.assist import cards_out
from game import i18n
from game.i18n import N_, _, ngettext, pgettext
from scenes.screen import cards
from scenes.screen import emblems
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.board import Board, Flight, places_of
from scenes.screen.layout import BUTTONS, HAND_AREA, INFO_RECT, LOG_RECT, REMINDER_RECT, TableLayout
from scenes.screen.tween import Tween, ease_out_cubic, lerp, linear

# The strip of cards still out: in the free band between the info box and the seat below it; the
# ranks open under it while the mouse is over it, or stay open after a click on it or the O key.
OUT_STRIP = pygame.Rect(10, 164, 236, 44)
STATUS_WIDTH = 1034 - 262 - 24  # the table's middle, between the seat boxes and the log
# The name tag over the hand strip's left end (hot seat): under the teacher's place (its reminder stands
# at its foot), over the hand.
STRIP_LABEL_Y = HAND_AREA.y - 28
STRIP_LABEL_H = 24
STRIP_LABEL_WIDTH = 360
# The trick history's button, under the other three (the seat to the right begins at y 214).
HISTORY_BUTTON = pygame.Rect(1080, 166, 190, 40)
LIFT = 28  # pixels a playable card rises under the mouse
RAISE = 16  # pixels a chosen or picked card rises in the trick
HAND_FAN = 5.0  # degrees the outermost cards of a hand are turned, like a held fan


def without(cards_, gone):
    """CARDS_ less GONE, each taken away once (a Tricks hand may hold two equal cards)."""
    left = list(cards_)
    for card in gone:
        if card in left:
            left.remove(card)
    return left


def trick_place(seat, card, counts_as=None):
    """A place of a view's trick, the same shape in every game (Tricks tells the colour it counts as)."""
    return seat, card, counts_as


def points_words(total):
    """A seat's total points, short, on its box: "1 pt", "12 pts"."""
    # TRANSLATORS: a seat's total points, short: "1 pt", "12 pts"
    return ngettext("{points} pt", "{points} pts", total).format(points=total)


def background():
    """The felt with a lighter oval table (theme.felt: drawn at the window's pixels)."""
    return theme.felt()


class TableBoard(Board):
    turn_line = True

    def __init__(self, screen):
        self.layout = None
        self.raised = {}     # trick card -> Tween 0..1, lifted in the trick (picked, selected)
        self.reveal = None   # Tween 0..1 while the hand turns face up
        self.dealing = False
        self.hand_rects = {}
        self.hand_places = []  # (card, rect) of every card drawn, twins too
        self._panel_cache = {}
        self.out_open = False  # the ranks still out stay open (a click on the strip, or the O key)
        self.leading = None  # the seat whose card wins the trick as drawn (the view's trick_winner)
        self.taking = None  # the seat that takes what a pick leaves, where a game's view has trick_taker
        self.marked = None  # (seat, card) the winning mark was drawn on last frame (tests read it)
        self.rules_open = False  # the whole rule box stays open (a click on it, or the R key)
        self.rules_more = False  # the rule box did not fit at sofa size: it opens on demand
        super().__init__(screen)

    def update(self, dt):
        super().update(dt)
        if self.reveal is not None and self.reveal.update(dt):
            self.reveal = None

    def seat_rect(self, seat):
        return self.layout.panels.get(seat) if self.layout is not None else None

    def finish_beats(self):
        super().finish_beats()
        self.reveal = None
        for lift in self.raised.values():
            lift.finish()

    # --- events become steps -----------------------------------------------------------------------
    def resync(self):
        self.shown = self.session_view()
        bottom = self.session.anchor  # seats never move: the same seat at the bottom all game long
        if self.layout is None or self.layout.bottom != bottom:
            self.layout = TableLayout(self.state.players, bottom)
        self.clear_sprites()
        self.raised = {}
        self.leading = self.shown.get("trick_winner")
        self.taking = self.shown.get("trick_taker")
        self.reset_choices()

    def before_deal(self):
        self.resync()
        self.dealing = True

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
        strip = self.strip_seat()
        slots = self.layout.hand_rects(sizes[strip]) if strip is not None else []
        tweens, k = [], 0
        for i in range(max(sizes)):
            for j in range(1, n + 1):
                seat = (dealer + j) % n
                if i >= sizes[seat]:
                    continue
                if seat == strip:
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

    def play_step(self, ev, seat, card, counts_as=None):
        """A card flies from its player's hand into the next free place of the trick and lies there
        (COUNTS_AS: the colour the action named for it) until the step's view after holds it."""
        def begin():
            self.log.event(ev)
            self.cue("play")
            origin, size0 = self.card_origin(seat, card)
            self.hidden.append(("hand", seat, card))
            slot = self.layout.trick_rect(len(self.table_trick())).center
            tween = Tween(self.dur(0.35), ease=ease_out_cubic)
            self.flights = [effects.PlayFlight(card, origin, slot, size0, cards.TRICK, tween, seat)]
            return [tween]

        def end():
            self.flights = []
            self.landed.append(("trick", seat, card, counts_as))
            self.leading, self.taking = self.winning_after()

        self.script.add(begin, end)

    def winning_after(self):
        """Who wins the trick once the step's card lies, and who takes what a pick leaves: the view
        after's trick_winner and trick_taker while the trick is open, else the seats its trick event
        names."""
        after = self.session.view()
        if after.get("trick"):
            return after.get("trick_winner"), after.get("trick_taker")
        told = self.step_event("trick")
        if told is None:
            return None, None
        return told.get("winner", told.get("picker")), told.get("taker")

    def sweep_trick(self):
        """The trick leaves the table (its cards fly off as sprites, or the round ended early)."""
        self.hidden += [("trick", place[0]) for place in self.shown["trick"]]
        self.landed = [item for item in self.landed if item[0] != "trick"]

    # --- what the picture holds: the view, less the cards in the air, with the cards laid since --------
    def table_trick(self):
        """The trick as drawn, place by place: (seat, card, the colour it counts as or None) for the
        view's cards, then for the cards laid since; None where a card was swept off."""
        places = [None if ("trick", place[0]) in self.hidden else trick_place(*place) for place in self.shown["trick"]]
        return places + self.landed_as("trick")

    def trick_lies(self):
        """Some card of the trick lies on the table (not swept off yet)."""
        return any(place is not None for place in self.table_trick())

    def aloft(self, seat):
        """The cards in the air from SEAT's hand: the view still holds them, the picture does not."""
        return [key[2] for key in self.hidden if key[0] == "hand" and key[1] == seat]

    def strip_seat(self):
        """The seat whose hand the hand strip shows (the person who acts), None: no strip."""
        return self.session.strip_seat()

    def hand_cards(self):
        """The viewer's hand as drawn (the view's seat is the strip's, or it has no hand)."""
        seat = self.shown.get("seat")
        return without(self.shown["hand"], self.aloft(seat)) if seat is not None else list(self.shown["hand"])

    def open_hand(self, seat):
        """A seat's open hand as drawn (Tricks and Was sticht? show every hand)."""
        return without(self.shown["hands"][seat], self.aloft(seat))

    def hand_size(self, seat):
        """How many cards SEAT holds in the picture."""
        sizes = self.shown.get("hand_sizes")
        if sizes is None:
            return len(self.open_hand(seat))
        return sizes[seat] - len(self.aloft(seat))

    def card_origin(self, seat, card):
        if seat == self.strip_seat():
            rect = self.hand_rects.get(card)
            if rect is not None:
                return rect.center, cards.HAND
            return HAND_AREA.center, cards.HAND
        return self.layout.hand_icon(seat), (22, 32)

    # --- what may be done now ------------------------------------------------------------------------
    def deciding_play(self):
        """True when the decision now is which card to play (not a pick or a choice)."""
        return any(a[0] == "play" for a in self.state.legal_actions())

    def handed_over(self):
        self.resync()
        self.start_reveal()

    def coach_rects(self):
        """The hand cards, which the person would click."""
        return self.hand_rects

    def teach_rect(self, target):
        kind = target[0]
        if kind == "trick":
            return self.layout.trick_span().inflate(6, 6)  # the glow around it stays off the trump sign
        if kind == "seat" and target[1] in self.layout.panels:
            return self.layout.panels[target[1]]
        return super().teach_rect(target)

    def suggestion_rects(self, action):
        """A pick names cards of the trick; a play, a card of the hand."""
        if action[0] == "pick":
            return [r for card in action[1] for r in self.screen.places(f"trick:{card}")]
        return super().suggestion_rects(action)

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.blit(background(), (0, 0))
        self.draw_info(surface)
        self.draw_cards_out(surface)
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
        self.draw_out_ranks(surface)
        self.draw_rules_open(surface)
        self.draw_coach(surface)  # under a dialog: dimmed with the table, never on top of it
        self.draw_dialog(surface)

    def draw_info(self, surface):
        theme.panel(surface, INFO_RECT)
        y = INFO_RECT.y + 10
        title = theme.fit(self.screen.title(), 20, INFO_RECT.width - 20, True)
        theme.blit_text(surface, title, 20, (INFO_RECT.x + 12, y + 2), theme.GOLD, True)
        for line in self.info_lines():
            y += 32
            theme.blit_text(surface, line, 20, (INFO_RECT.x + 12, y), theme.INK)
        self.draw_reminder(surface)

    def draw_reminder(self, surface):
        """The rule box at sofa size: what fits, and when more does not, "More" and the whole box
        opened on demand (draw_rules_open); never smaller type."""
        theme.panel(surface, REMINDER_RECT, fill=(12, 40, 30))
        size, bottom = theme.READABLE, REMINDER_RECT.bottom - 4
        rows = self.reminder_rows(self.reminder_lines(), size)
        whole = rows[-1][3] + size + 5 <= bottom
        if not whole:  # room for "More" under the rows kept
            rows = [r for r in rows if r[3] + 2 * (size + 5) <= bottom]
        for indent, shift, row, y, first in rows:
            if first and indent.strip():
                theme.blit_text(surface, indent, size, (REMINDER_RECT.x + 10, y), theme.INK_DIM)
            theme.blit_text(surface, theme.fit(row, size, REMINDER_RECT.width - 24 - shift), size,
                            (REMINDER_RECT.x + 10 + shift, y), theme.INK_DIM)
        self.rules_more = not whole
        if not whole:
            y = rows[-1][3] + size + 5 if rows else REMINDER_RECT.y + 8
            theme.blit_text(surface, _("More (R)"), size, (REMINDER_RECT.right - 12, y), theme.GOLD, True,
                            "topright")
            self.target("rules:box", REMINDER_RECT)

    def draw_rules_open(self, surface):
        """The whole rule box, over the table beside its place, while the mouse rests on the box or
        after a click on it (or R): it did not fit at sofa size."""
        if not (self.rules_more and (self.rules_open or self.hovering("rules:box"))):
            return
        size, width = 18, 480
        rows = self.reminder_rows(self.reminder_lines(), size, width - 24)
        top = REMINDER_RECT.y + 8
        box = pygame.Rect(REMINDER_RECT.x, 0, width, rows[-1][3] - top + size + 24)
        teach = self.teach_box()
        box.bottom = REMINDER_RECT.bottom if teach.top < REMINDER_RECT.y else min(REMINDER_RECT.bottom, teach.top - 6)  # clear of the teacher's reminder
        theme.above(surface, box)
        theme.panel(surface, box, fill=(10, 30, 24, 245), edge=theme.GOLD)
        for indent, shift, row, y, first in rows:
            y += box.y + 8 - top
            if first and indent.strip():
                theme.blit_text(surface, indent, size, (box.x + 12, y), theme.INK)
            theme.blit_text(surface, row, size, (box.x + 12 + shift, y), theme.INK)

    @staticmethod
    def reminder_rows(lines, size, room=REMINDER_RECT.width - 24):
        """(indent, its width, row, y, first row of its line) of the reminder panel at SIZE, rows ROOM
        wide (clear of the border: a line that touches it reads as cut)."""
        rows, y = [], REMINDER_RECT.y + 8
        for line in lines:
            # a bullet's or an indented line's continuation keeps its indent
            indent = "• " if line.startswith("• ") else line[:len(line) - len(line.lstrip(" "))]
            shift = theme.font(size).size(indent)[0] if indent else 0
            for i, row in enumerate(theme.wrap(line[len(indent):], size, room - shift)):
                rows.append((indent, shift, row, y, i == 0))
                y += size + 5
        return rows or [("", 0, "", y - size - 5, True)]

    def info_lines(self):
        return []

    # --- cards still out ---------------------------------------------------------------------------
    def cards_out(self):
        """{colour: cards} the others may still play, as the person at the screen may know it; None
        when not to be shown: the setting is off, or nobody's hand is in view (a cover, the table's
        view between two people), or the seat in view is no person's, or the game counts none."""
        s = self.session
        if not self.screen.setting("cards_out") or not s.hand_visible():
            return None
        seat = self.shown.get("seat")
        if seat is None or seat != s.viewer or not s.is_person(seat):
            return None
        return cards_out(self.played_view())

    def played_view(self):
        """The view with the step's moving cards counted as drawn, so the cards still out agree with
        the picture: a card that left its hand is played, in the air or laid in the trick."""
        gone = [(key[1], key[2]) for key in self.hidden if key[0] == "hand"]
        if not gone:
            return self.shown
        counted = dict(self.shown, hand=self.hand_cards(), trick=self.shown["trick"] + [[s, c] for s, c in gone])
        if "hands" in counted:
            counted["hands"] = [self.open_hand(seat) for seat in range(len(counted["hands"]))]
        return counted

    def click(self, name):
        if name == "out:strip":
            self.out_open = not self.out_open
        elif name == "rules:box":
            self.rules_open = not self.rules_open
        else:
            super().click(name)

    def key(self, event):
        if event.key == pygame.K_o and self.cards_out() is not None:
            self.out_open = not self.out_open
            return True
        if event.key == pygame.K_r and self.rules_more:
            self.rules_open = not self.rules_open
            return True
        return super().key(event)

    def draw_cards_out(self, surface):
        out = self.cards_out()
        if out is None:
            return
        theme.panel(surface, OUT_STRIP, fill=(12, 40, 30))
        step = (OUT_STRIP.width - 8) / len(out)
        for i, (colour, left) in enumerate(out.items()):
            # each colour's symbol and count centred in its share of the strip, inside its border
            mark = cards.symbol(colour, 22)
            count = theme.text(str(len(left)), 20, theme.INK, True)
            width = mark.get_width() + 4 + count.get_width()
            x = round(OUT_STRIP.x + 4 + i * step + (step - width) / 2)
            at = mark.get_rect(midleft=(x, OUT_STRIP.centery))
            surface.blit(mark, at)
            if theme.guard is not None:  # the symbol is part of what the strip says
                theme.guard.picture(surface, mark, at, colour)
            theme.blit_text(surface, str(len(left)), 20, (x + mark.get_width() + 4, OUT_STRIP.centery), theme.INK,
                            True, "midleft")
        self.target("out:strip", OUT_STRIP)

    def draw_out_ranks(self, surface):
        """Under the mouse on the strip, over everything but a dialog: each colour's ranks still out."""
        out = self.cards_out()
        if out is None or not (self.out_open or self.hovering("out:strip")):
            return
        title = _("Still out (not in your hand, not played) · O")
        size = theme.fitting_size(title, (17, 16), 460 - 24, True)
        width = max(460, theme.font(size, True).size(title)[0] + 24)  # the title whole at sofa size
        # each colour's ranks whole: a long list takes a second line, and the box grows with it
        rows = [(colour, theme.wrap(" ".join(c[1:] for c in left) or _("none"), 19, width - 60))
                for colour, left in out.items()]
        box = pygame.Rect(OUT_STRIP.x, OUT_STRIP.bottom + 6, width, 44 + sum(6 + 24 * len(r) for _, r in rows))
        theme.above(surface, box)
        theme.panel(surface, box, fill=(10, 30, 24, 245))
        theme.blit_text(surface, title, size, (box.x + 12, box.y + 10), theme.GOLD, True)
        y = box.y + 40
        for colour, lines in rows:
            mark = cards.symbol(colour, 22)
            surface.blit(mark, (box.x + 12, y))
            if theme.guard is not None:
                theme.guard.picture(surface, mark, mark.get_rect(topleft=(box.x + 12, y)), colour)
            for line in lines:
                theme.blit_text(surface, line, 19, (box.x + 44, y + 1), theme.INK)
                y += 24
            y += 6

    def reminder_lines(self):
        return []

    def draw_buttons(self, surface):
        labels = {"last": N_("Last trick"), "log": N_("Game log"), "menu": N_("Menu (Esc)")}
        for key, rect in BUTTONS.items():
            theme.button(surface, rect, _(labels[key]), self.hovering(f"btn:{key}"), 20)
            self.target(f"btn:{key}", rect)
        self.draw_history_button(surface, HISTORY_BUTTON, _("History (T)"))

    def draw_history_button(self, surface, rect, words):
        """The button of the trick history (every trick of the game so far)."""
        theme.button(surface, rect, words, self.hovering("btn:history"), 20)
        self.target("btn:history", rect)

    def draw_panel(self, surface, seat):
        rect = self.layout.panels[seat]
        theme.drop_shadow(surface, rect, 12)
        surface.blit(self.panel_surface(seat), rect)
        theme.seat_box(surface, rect)  # the teacher keeps clear of every seat's name and counts
        if seat == self.session.decider and not self.state.is_over:
            glow = 0.5 + 0.5 * math.sin(self.time * 5)
            colour = tuple(int(lerp(a, b, glow)) for a, b in zip((170, 120, 20), theme.GOLD))
            paint.rect(surface, colour, rect.inflate(6, 6), 4, border_radius=14)
            effects.turn_ripple(surface, rect, self.time)
        self.draw_panel_extra(surface, seat, rect)
        self.panel_tips(seat, rect)

    def panel_surface(self, seat):
        """Name, badge, total, dealer mark and hand size; cached until one of them changes."""
        shown = self.shown
        person = widgets.seat_kind(self.session, seat)
        key = (seat, self.session.name(seat), person, seat == self.session.viewer,
               shown["totals"][seat], self.hand_size(seat), shown.get("dealer") == seat,
               self.points_note(seat), i18n.language(), widgets.phone_face(self.session, seat))
        return widgets.cached(self._panel_cache, key, lambda: self.render_panel_surface(seat, person))

    def render_panel_surface(self, seat, person):
        shown = self.shown
        w, h = self.layout.panels[seat].size
        surf = Picture((w, h))
        theme.panel(surf, surf.get_rect(), fill=(10, 30, 24, 235))
        tag_rect = widgets.badge(surf, person, (w - 12, 12))
        left = emblems.seat_marks(surf, seat, h, face=widgets.phone_face(self.session, seat))
        room = tag_rect.left - 8 - left
        if shown.get("dealer") == seat:  # the dealer's chip on the emblem's corner
            chip = pygame.Rect(left - 18, 20, 24, 24)
            paint.ellipse(surf, cards.EDGE, chip)
            paint.ellipse(surf, (235, 235, 235), chip.inflate(-4, -4))
            # TRANSLATORS: the dealer's mark on a seat box, one letter
            theme.blit_text(surf, pgettext("dealer chip", "D"), 16, chip.center, theme.INK_DARK, True, "center")
            left = chip.right + 4
            room = tag_rect.left - 8 - left
        name = self.session.name(seat)
        # smaller before it is cut, never under 18 (a wide tag, BOT FOR NOW, leaves less room)
        size = theme.fitting_size(name, (22, 20, 18), room, True)
        theme.blit_text(surf, theme.fit(name, size, room, True), size, (left, 8 + (22 - size) // 2), theme.INK, True)
        points = theme.text(points_words(shown["totals"][seat]), 19, theme.GOLD, True)
        surf.blit(points, (18, 40))
        note = self.points_note(seat)
        if note:
            self.draw_points_note(surf, note, (18 + points.get_width() + 6, 41))
        icon = cards.back((22, 32))
        surf.blit(icon, (w - 96, 36))
        theme.blit_text(surf, f"× {self.hand_size(seat)}", 19, (w - 68, 40), theme.INK, True)
        return surf

    def points_note(self, seat):
        """Game hook: a short note beside a seat's total (Mit List und Tücke: this round so far)."""
        return None

    @staticmethod
    def draw_points_note(surf, note, topleft):
        label = theme.text(note, theme.READABLE, theme.INK_DARK, True)
        pill = label.get_rect(topleft=topleft).inflate(10, 4)
        pill.topleft = topleft
        paint.rect(surf, (196, 232, 208), pill, border_radius=9)
        surf.blit(label, label.get_rect(center=pill.center))

    def panel_tips(self, seat, rect):
        """Words for a seat box's numbers on hover: the total, the cards in hand."""
        name = self.session.name(seat)
        shown = self.shown
        total, held = shown["totals"][seat], self.hand_size(seat)
        self.tip(pygame.Rect(rect.x + 8, rect.y + 36, 90, 28),
                 ngettext("{name}: {points} point in the game so far", "{name}: {points} points in the game so far",
                          total).format(name=name, points=total))
        self.tip(pygame.Rect(rect.right - 100, rect.y + 34, 92, 34),
                 ngettext("{name} holds {count} card", "{name} holds {count} cards", held).format(name=name, count=held))

    def draw_panel_extra(self, surface, seat, rect):
        """Game hook: what a seat has collected."""

    def draw_trick(self, surface):
        self.marked = None
        places = self.table_trick()
        layout = self.layout
        for i in range(self.state.players):
            if i >= len(places) or places[i] is None:
                paint.rect(surface, (60, 130, 95), layout.trick_rect(i), 2, border_radius=10)
        trump = self.trump_colour()
        if trump:
            self.draw_trump_banner(surface, trump)
        for i, place in enumerate(places):
            if place is None:
                continue
            seat, card = place[:2]
            rect = layout.trick_rect(i)
            lift = self.raised.get(card)
            if lift is not None:
                rect = rect.move(0, -round(RAISE * lift.value))
            effects.draw_shadow(surface, rect, (lift.value if lift is not None else 0.0))
            surface.blit(cards.face(card, cards.TRICK), rect)
            if trump and card[0] == trump:
                paint.rect(surface, theme.GOLD, rect.inflate(6, 6), 3, border_radius=12)
            if seat == self.leading:
                self.marked = (seat, card)
                effects.winning_mark(surface, rect, self.time)
            elif seat == self.taking:
                effects.taking_mark(surface, rect, _("takes the rest"))
            self.draw_trick_mark(surface, card, rect)
            self.target(f"trick:{card}", rect)
            self.draw_trick_name(surface, seat, layout.trick_rect(i).midbottom + pygame.Vector2(0, 14))

    def draw_trick_name(self, surface, seat, centre):
        """Who played a trick card: the name on a pill of the seat's own colour, under the card."""
        label = theme.fit(self.session.name(seat), 16, cards.TRICK[0] - 8, True)  # drawn bold: measured bold
        words = theme.text(label, 16, theme.INK_DARK, True)
        pill = words.get_rect(center=centre).inflate(12, 4)
        paint.rect(surface, emblems.seat_colour(seat), pill, border_radius=10)
        theme.blit_text(surface, label, 16, centre, theme.INK_DARK, True, "center")

    def draw_trick_mark(self, surface, card, rect):
        """Game hook: marks on a trick card (selected for a pick)."""

    def trump_colour(self):
        return self.shown.get("trump")

    def draw_trump_banner(self, surface, colour):
        words = _("{colour} is trump").format(colour=_(cards.NAMES[colour])).upper()
        label = theme.text(words, 26, cards.ink_on(colour), True)  # the trump: among the largest words
        mark = cards.symbol(colour, 30, cards.ink_on(colour), cards.COLOURS[colour])
        width = label.get_width() + mark.get_width() + 36
        pill = pygame.Rect(0, 0, width, 40)
        pill.midbottom = (640, self.layout.trick_rect(0).top - RAISE - 2)
        paint.rect(surface, cards.COLOURS[colour], pill, border_radius=20)
        paint.rect(surface, cards.EDGE, pill, 3, border_radius=20)
        surface.blit(mark, mark.get_rect(midleft=(pill.x + 12, pill.centery)))
        surface.blit(label, label.get_rect(midleft=(pill.x + 24 + mark.get_width(), pill.centery)))

    def draw_hand(self, surface):
        self.hand_rects = {}
        self.hand_places = []  # (card, rect) of every card drawn, twins too
        seat = self.strip_seat()
        if self.dealing or seat is None:
            return
        s = self.session
        self.draw_strip_label(surface, seat)
        if not s.hand_visible():
            if "hands" in self.shown:  # an open hand (Tricks, Was sticht?): shown as the table sees it
                hand = self.open_hand(seat)
                rects = self.layout.hand_rects(len(hand))
                for card, rect in zip(hand, rects):
                    surface.blit(cards.face(card, cards.HAND), rect)
                if self.hand_in_play():
                    theme.hand_strip(surface, rects)
                return
            rects = self.layout.hand_rects(self.hand_size(seat))
            for rect in rects:
                surface.blit(cards.back(cards.HAND), rect)
            if rects and s.can_show_hand() and self.idle and not self.dialog_open():
                self.draw_show_hand(surface, rects[0].union(rects[-1]))
            return
        hand = self.hand_cards()
        playable = self.playable()
        turn = self.can_play() and self.deciding_play()
        rects = self.layout.hand_rects(len(hand))
        places = places_of(hand)
        for i, (card, rect) in enumerate(zip(hand, rects)):
            lifted = rect.move(0, -round(LIFT * self.lifts.get(places[i], 0.0)))
            self.blit_hand_card(surface, card, lifted, i, len(hand), turn and card not in playable)
            self.hand_rects[card] = lifted
            self.hand_places.append((card, lifted))
            right = rects[i + 1].x if i + 1 < len(rects) else rect.right
            self.target(f"card:{places[i]}", pygame.Rect(rect.x, rect.y - LIFT, right - rect.x, rect.height + LIFT))
        if self.hand_in_play():
            theme.hand_strip(surface, [rect for _, rect in self.hand_places])
        theme.own_cards(surface, [rect for _, rect in self.hand_places])  # waiting or not: the teacher keeps clear

    def hand_in_play(self):
        """The hand shown has a part in what happens now: nothing may lie over it (the layout guard's
        hand strip). A board says False where the hand waits (Mit List und Tücke's pick)."""
        return True

    def draw_strip_label(self, surface, seat):
        """Whose hand the strip shows, where several people share the screen: a name tag at its
        left end, above the cards, with the seat's colour where the game gives seats one."""
        if len(self.session.people) < 2 or self.session.needs_handoff():  # the strip over it names them
            return
        if self.screen.coach.values:  # the Hint's bars stand over the cards, for the person who asked
            return
        words = _("{name}'s hand").format(name=self.session.name(seat))
        colour = self.seat_colour(seat)
        swatch = 14 if colour is not None else 0
        room = STRIP_LABEL_WIDTH - 20 - swatch
        size = theme.fitting_size(words, (18, 17, 16), room, True)  # a long name: smaller before cut
        shown = theme.fit(words, size, room, True)
        tag = pygame.Rect(HAND_AREA.x, STRIP_LABEL_Y, theme.font(size, True).size(shown)[0] + 20 + swatch, STRIP_LABEL_H)
        theme.panel(surface, tag, fill=(10, 30, 24), edge=theme.GOLD, radius=10, width=2)
        if colour is not None:
            paint.rect(surface, colour, (tag.x + 8, tag.y + 6, 10, tag.height - 12), border_radius=3)
        theme.blit_text(surface, shown, size, (tag.x + 10 + swatch, tag.centery), theme.INK, True, "midleft")

    def seat_colour(self, seat):
        """Game hook: a seat's own colour (Was sticht? gives each seat one), or None."""
        return None

    def dialog_open(self):
        """A board's dialog lies over the hand (it offers its own Show my hand)."""
        return False

    def draw_show_hand(self, surface, over):
        """The decision is taken in front of everyone, the hand stays hidden: one press on the
        button shows it (the others look away)."""
        rect = pygame.Rect(0, 0, 300, 52)
        rect.center = over.center
        theme.button(surface, rect, _("Show my hand"), self.hovering("btn:show_hand"), 24)
        self.target("btn:show_hand", rect)

    def blit_hand_card(self, surface, card, rect, index, count, dim):
        sprite = cards.dimmed(card, cards.HAND) if dim else cards.face(card, cards.HAND)
        if self.reveal is None:  # held as a fan: each card turned a little, outward from the middle
            mid = (count - 1) / 2 or 1
            angle = HAND_FAN * ((count - 1) / 2 - index) / mid
            turned = theme.turned(sprite, angle, ("hand", card, dim))  # its shadow with it
            surface.blit(turned, turned.get_rect(center=rect.center))
            return
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
        if line:  # between the seat boxes on the left and the log on the right, smaller if need be
            # whose turn and what to do: the largest words on the table (the cards' numbers aside)
            size = theme.fitting_size(line, (30, 28, 26, 24, 22, 20), STATUS_WIDTH, True)
            theme.blit_text(surface, theme.fit(line, size, STATUS_WIDTH, True), size, (640, y), theme.INK, True,
                            "center")
        self.draw_refusal(surface, (640, self.hint_y()))

    def hint_y(self):
        return self.layout.trick_rect(0).bottom + 82

    def draw_controls(self, surface):
        """Game hook: buttons on the table (confirm a pick)."""

    def draw_dialog(self, surface):
        """Game hook: a modal dialog (plus colours)."""

    def draw_log(self, surface):
        self.draw_log_box(surface, LOG_RECT)
