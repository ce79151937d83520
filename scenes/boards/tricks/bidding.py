"""The Tricks bids: each seat lays one hand card face down; when all are in they turn over together,
and the trump (or no trump, with the reason) and the first leader appear.

Secrets: the screen draws from the viewer's view, where the rules core has put every other seat's
secret bid back into its hand. While the strip waits for the next person's press the table's view is
drawn (every bid back in its hand), so nobody sees a hand without its bid. ``drawn`` records what the
rows showed in the last frame (tests read it).
"""

import pygame

from scenes.screen import paint

from game import cards as game_cards
from game.i18n import _, ngettext
from game.games.tricks.rules import VALUE
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.board import Flight
from scenes.boards.tricks.common import HAND_SLOTS, TricksBoard, no_prefix, row_rect
from scenes.screen.tween import Tween, ease_in_out_cubic, linear

BOTTOM = pygame.Rect(10, 566, 1260, 146)
HAND_LEFT, HAND_TOP, HAND_STEP = 24, 586, 92
SIDE = pygame.Rect(790, 566, 480, 146)
LEAD_SIZES = (26, 24, 22, 20, 18)  # who leads first: one line at the first size, else two lines
REVEAL_HOLD = 4.0  # seconds to read the trump and the first leader at normal speed, with no person to click


class TricksBidding(TricksBoard):
    kind = "bidding"
    spot_rect = TricksBoard.deck_rect  # the bid lies where the market showed the deck

    def __init__(self, screen):
        self.flip = None      # Tween 0..1 while the bids turn over
        self.hold = None      # with nobody to click (bots, a replay): the pause to read the trump
        self.reveal_wait = None  # the script step that holds the reveal until "To the tricks" is clicked
        self.revealed = None  # (bids, trump, trump reason, leader, leader reason) once all are in
        self.drawn = {}
        super().__init__(screen)

    # --- events ----------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act" and self.step_action[0] == "bid":
            self.bid_step(ev)
        elif kind == "trump":
            step = self.script.add(lambda: self.trump_told(ev), wait=self.waits_for_click())
            self.reveal_wait = step if step.wait else None
        else:
            super().event_steps(ev)

    def bid_step(self, ev):
        """The bid flies face down from its hand to the seat's spot; the step's view after has it
        laid down (and the last bid's step goes on to the reveal)."""
        seat, card = ev["p"], self.step_action[1]  # the table's step: the card is secret (None)

        def begin():
            self.log.event(ev)  # the words never name the card
            start = self.hand_rects.get(card) if seat == self.session.viewer else None
            start = start.center if start else self.slot_rect(seat, 3).center
            spot = self.spot_rect(seat)
            tween = Tween(self.dur(0.45), ease=ease_in_out_cubic)
            self.flights = [Flight(None, start, spot.center, self.card_size(), spot.size, tween)]
            return [tween]

        self.script.add(begin, lambda: setattr(self, "flights", []))

    def trump_told(self, ev):
        self.log.event(ev)
        return self.reveal_begin()

    def reveal_begin(self):
        self.resync()  # every bid is in: nothing secret is left, the hands lose their bids
        view = self.shown
        self.revealed = (view["bids"], view["trump"], view["trump_reason"], view["first_leader"],
                         view["leader_reason"])
        self.flip = Tween(self.dur(0.7), ease=linear)
        self.screen.reveal_beat("bids")
        if self.reveal_wait is not None:
            return [self.flip]  # then the script waits for the click on "To the tricks"
        self.hold = Tween(self.dur(REVEAL_HOLD))
        return [self.flip, self.hold]

    def waits_for_click(self):
        """The reveal waits for "To the tricks" while a person plays at this screen. A table of bots
        (the demo) and a replay, whose moves come from its record, go on after REVEAL_HOLD."""
        s = self.session
        return bool(s.people) and not s.replaying

    def reveal_open(self):
        """The trump is on screen and "To the tricks" still means something."""
        if self.revealed is None or not (self.flip is None or self.flip.done):
            return False
        if self.reveal_wait is not None:
            return not self.reveal_wait.released
        return bool(self.session.people) and self.hold is not None and not self.hold.done

    def reading(self):
        return self.reveal_open()

    def update(self, dt):
        super().update(dt)
        if self.screen.skipping() and self.reveal_open():
            self.go_to_tricks()  # a lesson skipped to its score waits for no "To the tricks"

    def go_to_tricks(self):
        if not self.reveal_open():
            return
        if self.reveal_wait is not None:
            self.reveal_wait.release()
        if self.hold is not None:
            self.hold.finish()  # read it already: on to the tricks

    def trump_why(self):
        return self.pretty(no_prefix(self.revealed[2]))

    # --- input -----------------------------------------------------------------------------------
    def my_bid(self):
        return self.can_play() and self.state.phase == "bid"

    def key_choices(self):
        return ("bid:",)

    def click_game(self, name):
        if name.startswith("bid:"):
            self.choose_card(name[4:])
        elif name == "bidding:confirm" and self.choice is not None:
            self.act(("bid", self.choice))
        elif name == "bidding:cancel":
            self.choice = None
        elif name == "reveal:go":
            self.go_to_tricks()

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.reveal_open():
            self.go_to_tricks()  # the keys of the default button
            return True
        return False

    def choose_card(self, card):
        self.choose(("bid", card))

    # --- drawing ---------------------------------------------------------------------------------
    def render(self, surface):
        surface.blit(self.backdrop(empty_slots=False), (0, 0))
        # TRANSLATORS: {game} is the game's title, {round} like "Round 1 of 2"
        self.draw_top_bar(surface, _("{game} · {round} · Bids").format(game=self.info.title, round=self.round_words()),
                          _("Everyone lays one hand card face down: its value is the tricks they promise"))
        self.drawn = {}
        self.hand_rects = {}
        self.hand_places = []  # (card, rect) of every card drawn, twins too
        for seat in range(self.state.players):
            self.draw_row(surface, seat)
        for flight in self.flights:
            flight.draw(surface)
        self.draw_bottom(surface)
        self.draw_coach(surface)

    def reveal_place(self):
        """The strip waiting for the next person's press lies where their hand will be."""
        return BOTTOM.clip(pygame.Rect(BOTTOM.x, BOTTOM.y, SIDE.x - 10 - BOTTOM.x, BOTTOM.height))

    def reveal_words(self):
        return _("Choose my bid (Enter)")

    # the coach: bars over the hand cards to bid; no room for a list
    def coach_rects(self):
        """The hand cards, which the person would click to bid (without them the hint drew nothing)."""
        return self.hand_rects

    def coach_box(self):
        return None

    def coach_say(self):
        """The hint's sentence over the side box's words while it is shown: the bid is what to choose;
        never over Cancel and Lay it down once a card is chosen (a newcomer found no way to lay it down)."""
        if self.choice is None:
            return SIDE.copy()
        return pygame.Rect(SIDE.x, SIDE.y, SIDE.width, SIDE.height - 66)

    def coach_button(self):
        return pygame.Rect(SIDE.right - 112, SIDE.y + 8, 106, 26)

    def teach_action_rect(self, kind):
        """The bid is chosen at the side box."""
        return SIDE.copy() if kind == "bid" else None

    def teach_rect(self, target):
        """A card of the big hand; the trump, in the reveal."""
        kind = target[0] if target else None
        if kind == "card":
            return self.hand_rects.get(target[1])
        if kind == "trump":
            return BOTTOM.copy() if self.revealed is not None else None
        return super().teach_rect(target)

    def teach_box(self):
        """A lesson: in the viewer's own row, in the place of its cards (row_given_to_teacher: the big hand
        at the bottom shows them; at the reveal its bid card stays in sight at the left); the others' rows
        stay whole. Teach
        mode: the reminder's line over the header's second line (the row's suits stay in sight)."""
        if self.session.lesson is None:
            return self.reminder_place()
        players, viewer = self.state.players, self.session.viewer
        seat = players - 1 if viewer is None else viewer
        box = self.box_over_row(seat)
        box.width = row_rect(seat, players).right - box.x  # to the row's end: the buttons right of the cards
        return box

    def draw_row(self, surface, seat):
        self.draw_seat_box(surface, seat, self.box_rect(seat))
        bid = self.draw_bid(surface, seat)
        hand = self.shown["hands"][seat]
        if not self.row_given_to_teacher(seat):
            for i, card in enumerate(hand[:HAND_SLOTS]):
                rect = self.slot_rect(seat, i)
                surface.blit(cards.face(card, rect.size), rect)
            if seat == self.session.viewer:  # the person's own row: the teacher keeps clear
                theme.own_cards(surface, [self.slot_rect(seat, i) for i in range(len(hand[:HAND_SLOTS]))])
        self.drawn[seat] = {"hand": list(hand), "bid": bid}

    def row_given_to_teacher(self, seat):
        """In a lesson the learner's own row gives its cards' place to the teacher's box: the big hand
        below shows them (a newcomer saw them twice, and the box lay over them)."""
        return self.session.lesson is not None and seat == self.session.viewer and not self.screen.skipping()

    def draw_bid(self, surface, seat):
        """The seat's bid spot; returns what it shows: a card, "back" or None."""
        spot = self.spot_rect(seat)
        x = spot.right + 24
        if self.revealed is not None:
            card = self.revealed[0][seat]
            self.draw_flipping(surface, card, spot)
            if self.flip is None or self.flip.done:
                words = _("bids {n}").format(n=VALUE[card])
                size = theme.fitting_size(words, (24, 22, 20, 18), self.slot_rect(seat, 0).x - 6 - x, True)
                theme.blit_text(surface, words, size, (x, spot.centery), theme.GOLD, True, "midleft")
            return card if self.flip is None or self.flip.value >= 0.5 else "back"
        own = self.shown["bids"][seat] if seat == self.session.viewer and self.session.hand_visible() else None
        if own is not None:
            surface.blit(cards.face(own, spot.size), spot)
            theme.blit_text(surface, _("your bid"), 20, (x, spot.centery), theme.GOLD, True, "midleft")
            return own
        if self.shown["has_bid"][seat]:
            surface.blit(cards.back(spot.size), spot)
            # the bid is still among the row's cards until the reveal (which one stays secret)
            room = self.status_room(seat)
            said = _("laid down:")
            theme.blit_text(surface, said, theme.fitting_size(said, (18, 17, 16), room, True),
                            (x - 8, spot.centery - 11), theme.INK, True, "midleft")
            # TRANSLATORS: under "laid down:": the bid is one of the cards of the row
            said = _("one of these")
            theme.blit_text(surface, said, theme.fitting_size(said, (16,), room), (x - 8, spot.centery + 11),
                            theme.INK_DIM, False, "midleft")
            return "back"
        paint.rect(surface, (40, 100, 74), spot, 2, border_radius=8)
        words = _("choosing…") if seat == self.session.decider else _("to bid")
        theme.blit_text(surface, words, theme.fitting_size(words, (18, 17, 16), self.status_room(seat)),
                        (x - 8, spot.centery), theme.INK_DIM, False, "midleft")
        return None

    def status_room(self, seat):
        """The width between a seat's bid spot and its row's first card, for the words of its bid."""
        return self.slot_rect(seat, 0).x - 4 - (self.spot_rect(seat).right + 16)

    def draw_flipping(self, surface, card, spot):
        f = 1.0 if self.flip is None else self.flip.value
        if f >= 1.0:
            surface.blit(cards.face(card, spot.size), spot)
            return
        if f < 0.5:
            sprite = cards.squeezed(("back", spot.size), cards.back(spot.size), 1 - 2 * f)
        else:
            sprite = cards.squeezed(("face", card, spot.size), cards.face(card, spot.size), 2 * f - 1)
        surface.blit(sprite, sprite.get_rect(center=spot.center))

    def draw_bottom(self, surface):
        if self.revealed is not None:
            if self.flip is None or self.flip.done:
                self.draw_reveal(surface)
            return
        if self.session.hand_visible():
            self.draw_big_hand(surface)
        else:
            self.draw_log_box(surface, pygame.Rect(10, 566, 770, 146))
        self.draw_side(surface)

    def draw_big_hand(self, surface):
        hand = self.shown["hand"]
        picking = self.my_bid()
        lifted_one = False  # of two equal cards only one rises: one card is laid down
        rects = [pygame.Rect(HAND_LEFT + i * HAND_STEP, HAND_TOP, *cards.HAND) for i in range(len(hand))]
        # the card under the pointer (the later lies on top): one of two equal cards, not both
        under = max((i for i, r in enumerate(rects) if r.collidepoint(self.mouse)), default=None)
        for i, card in enumerate(hand):
            rect = rects[i]
            chosen = card == self.choice and not lifted_one
            lifted_one = lifted_one or chosen
            hover = picking and i == under
            lifted = rect.move(0, -22 if chosen else (-10 if hover else 0))
            surface.blit(cards.face(card, cards.HAND), lifted)
            if chosen:
                paint.rect(surface, theme.GOLD, lifted.inflate(8, 8), 4, border_radius=12)
            self.hand_rects[card] = lifted
            self.hand_places.append((card, lifted))
            self.target(f"bid:{card}", rect)
        theme.own_cards(surface, [rect for _, rect in self.hand_places])

    def draw_side(self, surface):
        theme.panel(surface, SIDE)
        x, y = SIDE.x + 16, SIDE.y + 10
        s = self.session
        if not self.idle or self.state.phase != "bid":
            return
        if not s.my_turn():
            # a lesson's note holds the game: nobody is choosing meanwhile
            words = "" if self.teacher_holds() else _("{name} is choosing a bid…").format(name=s.name(s.decider))
            size = theme.fitting_size(words, (24, 22, 20), SIDE.width - 32, True)  # a long name: smaller
            theme.blit_text(surface, words, size, (x, y + (24 - size) // 2), theme.INK, True)
            self.draw_hint(surface, (SIDE.centerx, y + 44), SIDE.width - 30)
            return
        if self.choice is None:
            words = _("Your bid, {name}:").format(name=s.name(s.viewer))
            room = self.coach_button().x - 10 - x  # beside the Hint button, never under it
            size = theme.fitting_size(words, (24, 22, 20), room, True)
            theme.blit_text(surface, theme.fit(words, size, room, True), size, (x, y + (24 - size) // 2),
                            theme.GOLD, True)
            theme.blit_text(surface, _("click the hand card to lay down."), 20, (x, y + 36), theme.INK)
            theme.blit_text(surface, _("It stays hidden until all have bid."), 20, (x, y + 62), theme.INK_DIM)
            self.draw_hint(surface, (SIDE.centerx, y + 92), SIDE.width - 30)
            return
        value = VALUE[self.choice]
        theme.blit_text(surface, _("Bid {card}:").format(card=self.card_name(self.choice)), 24, (x, y), theme.GOLD,
                        True)
        theme.blit_text(surface, ngettext("you promise {n} trick.", "you promise {n} tricks.", value).format(n=value),
                        22, (x, y + 34), theme.INK)
        for key, label, kind, rect in (("cancel", _("Cancel"), "normal", pygame.Rect(x, SIDE.bottom - 58, 150, 46)),
                                       ("confirm", _("Lay it down"), "good",
                                        pygame.Rect(SIDE.right - 246, SIDE.bottom - 58, 230, 46))):
            size = theme.fitting_size(label, (24, 22, 20, 18), rect.width - 16, True)
            theme.button(surface, rect, label, self.hovering(f"bidding:{key}"), size, kind)
            self.target(f"bidding:{key}", rect)

    def draw_reveal(self, surface):
        trump, leader, reason = self.revealed[1], self.revealed[3], self.revealed[4]
        theme.panel(surface, BOTTOM, fill=(16, 40, 32), edge=theme.GOLD, width=3)
        if trump:
            # TRANSLATORS: the reveal's sign in capitals; {colour} is a colour's name in capitals, like "RED"
            words = _("{colour} IS TRUMP").format(colour=_(game_cards.COLOUR_NAMES[trump]).upper())
            fill, ink = cards.COLOURS[trump], cards.ink_on(trump)
        else:
            words, fill, ink = _("NO TRUMP"), (90, 90, 100), theme.INK
        label = theme.text(words, 34, ink, True)
        pill = label.get_rect().inflate(48, 18)
        pill.midleft = (BOTTOM.x + 24, BOTTOM.y + 44)
        paint.rect(surface, fill, pill, border_radius=24)
        paint.rect(surface, cards.EDGE, pill, 3, border_radius=24)
        surface.blit(label, label.get_rect(center=pill.center))
        # TRANSLATORS: after "RED IS TRUMP"; {why} is the rules' reason, like "highest bid: red 3"
        why = theme.fit(_("because {why}").format(why=self.trump_why()), 24, BOTTOM.right - pill.right - 40, True)
        theme.blit_text(surface, why, 24, (pill.right + 20, pill.centery), theme.INK, True, "midleft")
        lead = _("{name} leads the first trick: {why}").format(name=self.session.name(leader),
                                                               why=self.pretty(no_prefix(reason)))
        self.draw_lead_reason(surface, lead)
        if self.reveal_open():
            go = pygame.Rect(BOTTOM.right - 214, BOTTOM.bottom - 62, 196, 48)
            label = _("To the tricks")
            size = theme.fitting_size(label, (22, 20, 18), go.width - 16, True)
            theme.button(surface, go, label, self.hovering("reveal:go"), size, "good")
            self.target("reveal:go", go)

    @staticmethod
    def draw_lead_reason(surface, lead):
        """Who leads first and why, whole: one line, else two (a tie's reason runs long, German longer
        still), smaller only as far as two lines need; left of "To the tricks"."""
        width = BOTTOM.width - 250
        lines = theme.wrap(lead, LEAD_SIZES[0], width, True)
        size = LEAD_SIZES[0]
        for size in LEAD_SIZES[1:] if len(lines) > 1 else ():
            lines = theme.wrap(lead, size, width, True)
            if len(lines) <= 2:
                break
        step = size + 6
        top = BOTTOM.y + 102 - (len(lines[:2]) - 1) * step // 2
        for k, line in enumerate(lines[:2]):
            theme.blit_text(surface, theme.fit(line, size, width, True), size, (BOTTOM.x + 24, top + k * step),
                            theme.GOLD, True, "midleft")
