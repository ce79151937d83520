"""The Tricks market: every seat's deck with its face-up card, chips, loans and the open hand being
bought. The player to act clicks a face-up card; the price, who gets it and any loan are shown
before the confirm click. After a buy he may bury a face-up card for 1 chip, or not.

What is legal comes from the rules core: a click on a deck is checked with ``why_illegal`` before it
is offered for confirming, so a refusal (an empty deck, a deck of one card) shows its reason.
"""

import pygame

from scenes.screen import paint

from game import i18n
from game.i18n import _, ngettext
from game.games.tricks.rules import HAND
from scenes.screen import cards
from scenes.screen import emblems
from scenes.screen import theme
from scenes.screen.board import Flight
from scenes.boards.tricks.common import HAND_SLOTS, TOP_BAR, TricksBoard, chip_words, repay_for, row_rect
from scenes.screen.tween import Tween, ease_in_out_cubic, ease_out_cubic

ACTION_RECT = pygame.Rect(10, 566, 960, 146)
LOG_BOX = pygame.Rect(980, 566, 290, 146)
BUTTON_COLUMN = 270  # the buttons stand in a column at the right of the action box
TEXT_W = ACTION_RECT.width - BUTTON_COLUMN - 52
BUTTON_FONT = 24
ROW_BUTTON_H = 44  # the bury prompt's buttons stand in a row along the bottom of the action box
ROW_GAP = 16
ROW_PAD = 40       # room around a row button's words
GOOD = (120, 230, 140)
LESSON_HEAD = 42  # a lesson: the action box's first line; the teacher's box stands under it


class TricksMarket(TricksBoard):
    kind = "market"

    def __init__(self, screen):
        self.buttons_drawn = []  # (target, label, rect) of the action box's buttons in the last frame
        self.words_drawn = []    # the rects of the action box's lines of words in the last frame
        super().__init__(screen)

    # --- events ----------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act":
            action = self.step_action
            if action[0] == "buy":
                self.buy_step(ev, ev["p"], action[1])
            elif action[0] == "bury":
                self.bury_step(ev, ev["p"], action[1])
            else:
                super().event_steps(ev)
        elif kind == "loan":
            self.script.add(begin=lambda: self.loan_shown(ev))
        else:
            super().event_steps(ev)

    def loan_shown(self, ev):
        self.log.event(ev)
        self.float_text(ev["p"], _("loan +{amount}").format(amount=ev["amount"]), theme.WARN)
        return []

    def buy_step(self, ev, buyer, owner):
        """The bought card (as the table saw it, with its price) flies from its deck to the buyer's
        hand, where it lies until the step's view after holds it; the deck shows its next card then."""
        card, price = ev["card"], ev["price"]

        def begin():
            self.choice = None
            self.log.event(ev)
            if price:
                self.float_text(buyer, f"−{price}", theme.WARN)
                if owner != buyer:
                    self.float_text(owner, f"+{price}", GOOD)
            self.hidden.append(("deck", owner))
            start = self.deck_rect(owner).center
            end = self.slot_rect(buyer, len(self.bought(buyer))).center
            tween = Tween(self.dur(0.45), ease=ease_in_out_cubic)
            self.flights = [Flight(card, start, end, self.card_size(), self.card_size(), tween)]
            return [tween]

        def end():
            self.flights = []
            self.landed.append(("hand", buyer, card))

        self.script.add(begin, end)

    def bought(self, seat):
        """A seat's bought cards as drawn: the view's, then those landed during the step."""
        return self.shown["hands"][seat] + [card for owner, card in self.landed_as("hand") if owner == seat]

    def deck_top(self, seat):
        """The face-up card of a deck as drawn: none while a card flies off it."""
        return None if ("deck", seat) in self.hidden else self.shown["decks"][seat]["top"]

    def bury_step(self, ev, seat, owner):
        def begin():
            self.choice = None
            self.log.event(ev)
            if owner is None:
                return []
            self.float_text(seat, f"−{ev['price']}", theme.WARN)
            self.hidden.append(("deck", owner))
            rect = self.deck_rect(owner)
            tween = Tween(self.dur(0.4), ease=ease_out_cubic)
            self.flights = [Flight(None, rect.center, rect.move(8, 6).center, rect.size, rect.size, tween)]
            return [tween, Tween(self.dur(0.15))]

        self.script.add(begin, lambda: setattr(self, "flights", []))

    # --- input -----------------------------------------------------------------------------------
    def my_market(self):
        return self.can_play() and self.state.phase in ("buy", "bury")

    def key_choices(self):
        return ("deck:", "market:")

    def click_game(self, name):
        if name.startswith("deck:"):
            self.choose_deck(int(name[5:]))
        elif name == "market:confirm" and self.choice is not None:
            self.act((self.state.phase, self.choice))
        elif name == "market:cancel":
            self.choice = None
        elif name == "market:skip":
            self.act(("bury", None))
        elif name.startswith("bought:"):
            self.refuse(self.screen.turn_refusal() or self.bought_refusal(int(name[7:])))

    def bought_refusal(self, seat):
        """Why a bought card cannot be clicked: whose it is, and what to click instead."""
        buying = self.state.phase == "buy"
        if seat == self.session.viewer:
            if buying:
                return _("That card is yours, bought already: buy one of the face-up cards on the decks.")
            return _("That card is yours, bought already: bury one of the face-up cards on the decks.")
        if buying:
            words = _("That card is {name}'s, bought already: buy one of the face-up cards on the decks.")
        else:
            words = _("That card is {name}'s, bought already: bury one of the face-up cards on the decks.")
        return words.format(name=self.session.name(seat))

    def skips_confirm(self, action):
        """A buy on a loan is confirmed even so: the confirm is where the debt and its interest show."""
        kind, seat = action
        loan = kind == "buy" and self.shown["market"]["loan_needed"][seat]
        return super().skips_confirm(action) and not loan

    def choose_deck(self, seat):
        if self.choose((self.state.phase, seat)):
            self.choice = None  # a refused deck lets go of the one chosen before

    # --- drawing ---------------------------------------------------------------------------------
    def render(self, surface):
        surface.blit(self.backdrop(empty_slots=True), (0, 0))
        shown = self.shown
        # TRANSLATORS: {reason} is the rules' reason, like "the yellow 4 is the lowest yellow card, and yellow
        # counts first"
        start = _("{name} buys first: {reason}.").format(name=self.session.name(shown["start_player"]),
                                                         reason=i18n.again(shown["start_reason"]))
        # TRANSLATORS: {start} is the line "Anna buys first: …" before it
        line = _("{start}  ·  {n} cards each, then the bids").format(start=start, n=HAND)
        if theme.fit(line, 20, TOP_BAR.width - 30) != line:  # a long start reason keeps its words whole
            line = start
        # TRANSLATORS: {game} is the game's title, {round} like "Round 1 of 2"
        title = _("{game} · {round} · Buying the hands").format(game=self.info.title, round=self.round_words())
        self.draw_top_bar(surface, title, line)
        for seat in range(self.state.players):
            self.draw_row(surface, seat)
        for flight in self.flights:
            flight.draw(surface)
        self.draw_floats(surface)
        self.draw_action(surface)
        self.draw_log_box(surface, LOG_BOX)
        self.draw_coach(surface)

    # the coach: bars on the face-up cards (a buy or a bury names the deck's seat), the list over the log
    def coach_rects(self):
        return {seat: self.deck_rect(seat) for seat in range(self.state.players)}

    def coach_box(self):
        return LOG_BOX

    def coach_bar_rect(self, rect, width):
        return pygame.Rect(rect.x - 4, rect.bottom - 20, rect.width + 8, 20)

    def teach_action_rect(self, kind):
        """A buy or a bury is a click on a face-up card: the decks' column (the action box, where the
        lesson's teacher speaks, says the rest)."""
        if kind not in ("buy", "bury"):
            return None
        decks = [self.deck_rect(s) for s in range(self.state.players)]
        return decks[0].unionall(decks[1:])

    def teach_rect(self, target):
        """A card of the viewer's lies in its row."""
        me = self.session.viewer
        if target[:1] == ("card",) and me is not None:
            hand = self.bought(me)[:HAND_SLOTS]
            return self.slot_rect(me, hand.index(target[1])) if target[1] in hand else None
        return super().teach_rect(target)

    def teach_box(self):
        """A lesson: in the action box under its first line (the bought cards of every row stay in
        sight), left of its buttons at the learner's turn; the teacher's box says what the action box's
        further lines would (a loan joins the first line). Teach mode: the reminder's line over the
        header's second line (common)."""
        if self.session.lesson is None:
            return self.reminder_place()
        box = pygame.Rect(ACTION_RECT.x + 8, ACTION_RECT.y + LESSON_HEAD, ACTION_RECT.width - 16,
                          ACTION_RECT.height - LESSON_HEAD - 6)
        if self.my_market():
            box.width = ACTION_RECT.right - 12 - BUTTON_COLUMN - 10 - box.x
        return box

    def lesson_box_here(self):
        """The lesson's teacher's box covers the action box's further lines."""
        return self.session.lesson is not None and not self.screen.skipping()

    def draw_row(self, surface, seat):
        row = row_rect(seat, self.state.players)
        self.draw_seat_box(surface, seat, self.box_rect(seat))
        self.draw_deck(surface, seat)
        hand = self.bought(seat)
        for i, card in enumerate(hand[:HAND_SLOTS]):  # over the empty slots of the backdrop
            rect = self.slot_rect(seat, i)
            surface.blit(cards.face(card, rect.size), rect)
            self.target(f"bought:{seat}", rect)  # a click says why not (it is bought already)
        if seat == self.session.viewer:  # the person's own row: the teacher keeps clear
            theme.own_cards(surface, [self.slot_rect(seat, i) for i in range(len(hand[:HAND_SLOTS]))])
        if self.choice is not None and seat == self.session.viewer and self.state.phase == "buy":
            ghost = self.slot_rect(seat, len(hand))
            paint.rect(surface, theme.GOLD, ghost, 3, border_radius=8)
        right = self.slot_rect(seat, HAND_SLOTS - 1).right + 14
        theme.blit_text(surface, f"{len(hand)}/{HAND}", 26, (right, row.centery - 14), theme.INK, True, "midleft")
        # TRANSLATORS: under "3/5": how many cards of the hand this seat has bought
        theme.blit_text(surface, _("bought"), 16, (right, row.centery + 14), theme.INK_DIM, False, "midleft")

    def draw_deck(self, surface, seat):
        rect = self.deck_rect(seat)
        count, top = self.shown["decks"][seat]["count"], self.deck_top(seat)
        for k in (2, 1):
            if count > k:
                surface.blit(cards.back(rect.size), rect.move(4 * k, 3 * k))
        chosen = self.choice == seat
        if top is not None:
            surface.blit(cards.face(top, rect.size), rect.move(0, -8 if chosen else 0))
        elif count == 0:
            paint.rect(surface, (40, 100, 74), rect, 2, border_radius=8)
        if count:  # the set's own picture (a sled dog, a dragon...), as on its seat box
            lift = -8 if chosen and top is not None else 0
            emblems.draw(surface, seat, pygame.Rect(rect.right - 14, rect.bottom - 14 + lift, 24, 24))
        if chosen:
            paint.rect(surface, theme.GOLD, rect.inflate(8, 8).move(0, -8), 4, border_radius=10)
        elif self.my_market() and self.hovering(f"deck:{seat}") and top is not None:
            paint.rect(surface, theme.INK, rect.inflate(6, 6), 3, border_radius=10)
        self.target(f"deck:{seat}", rect.inflate(12, 12))
        x = rect.right + 24
        room = self.slot_rect(seat, 0).x - 6 - x  # up to the first hand slot
        left = _("{n} left").format(n=count)
        theme.blit_text(surface, left, theme.fitting_size(left, (20, 18, 16), room, True), (x, rect.centery - 22),
                        theme.INK, True, "midleft")
        market = self.shown["market"]
        price = market["prices"][seat] if market else None
        if price is not None and top is not None:
            costs = _("costs {price}").format(price=price)
            theme.blit_text(surface, costs, theme.fitting_size(costs, (22, 20, 18, 16), room, True),
                            (x, rect.centery + 10), theme.GOLD, True, "midleft")

    def draw_action(self, surface):
        theme.panel(surface, ACTION_RECT)
        x, y = ACTION_RECT.x + 18, ACTION_RECT.y + 10
        s = self.session
        if not self.idle or s.needs_handoff() or self.state.phase not in ("buy", "bury"):
            return  # (the bids begin: this screen gives way in a moment)
        if not s.my_turn():
            theme.blit_text(surface, self.waiting_words(), 26, (x, y), theme.INK, True)
            self.draw_hint(surface, (ACTION_RECT.centerx, y + 50))
            return
        lesson = self.lesson_box_here()
        in_row = self.state.phase == "bury" and not lesson  # the bury prompt: words above, a row of buttons below
        lines, buttons = self.buy_words() if self.state.phase == "buy" else self.bury_words()
        width = TEXT_W if (buttons or lesson) and not in_row else ACTION_RECT.width - 36
        if lesson:  # the teacher's box stands under the first line: only a loan joins it there
            self.words_drawn = [self.draw_head(surface, lines[0] + self.loan_words(), width, (x, y))]
            self.buttons_drawn = []
            self.draw_action_buttons(surface, buttons)
            return
        self.words_drawn = [self.draw_head(surface, lines[0], width, (x, y))]
        if self.screen.refusal_live():
            lines = lines[:1] + [(self.hint, theme.WARN)]
        rows = []
        for line in lines[1:]:
            text, colour = line if isinstance(line, tuple) else (line, theme.INK)
            rows += [(part, colour) for part in theme.wrap(text, 20, width)]
        top, step = (33, 23) if in_row else (38, 24)  # in a row: two lines above the buttons
        for i, (text, colour) in enumerate(rows[:2 if in_row else 4]):
            self.words_drawn.append(theme.blit_text(surface, text, 20, (x, y + top + step * i), colour))
        self.buttons_drawn = []
        if in_row:
            self.draw_button_row(surface, buttons)
        else:
            self.draw_action_buttons(surface, buttons)

    def waiting_words(self):
        """"Ben is buying a card…" while another seat decides (a phone's turn: the screen's words)."""
        s = self.session
        if self.teacher_holds():
            return ""  # a lesson's note holds the game: nobody is buying meanwhile
        if s.phone_turn() or s.decider is None:
            return self.screen.waiting_line()
        if self.state.phase == "buy":
            return _("{name} is buying a card…").format(name=s.name(s.decider))
        return _("{name} may bury a face-up card…").format(name=s.name(s.decider))

    def draw_head(self, surface, words, width, pos):
        """The action box's first line, as large as it fits whole."""
        size = theme.fitting_size(words, (26, 22, 20, 18), width, True)
        return theme.blit_text(surface, theme.fit(words, size, width, True), size, pos, theme.GOLD, True)

    def loan_words(self):
        """" Loan 10, repay 15." when the chosen payment needs a loan (a lesson's first line says it)."""
        market = self.shown["market"]
        if self.choice is None:
            return ""
        loan = market["loan_needed"][self.choice] if self.state.phase == "buy" else market["bury_loan_needed"]
        return " " + _("Loan {loan}, repay {repay}.").format(loan=loan, repay=repay_for(loan)) if loan else ""

    def draw_button_row(self, surface, buttons):
        """The bury prompt: a row along the bottom, from the right, each as wide as its words need;
        "Bury nothing" last (bottom right, where the lesson's column has it too)."""
        top = ACTION_RECT.bottom - 10 - ROW_BUTTON_H
        left, right = ACTION_RECT.x + 16, ACTION_RECT.right - 12
        size = BUTTON_FONT  # smaller where the words of a language need more room than the row has
        for size in (BUTTON_FONT, 22, 20, 18):
            f = theme.font(size, True)
            need = sum(max(170, f.size(label)[0] + ROW_PAD) for _key, label, _kind in buttons)
            if need + ROW_GAP * len(buttons) <= right - left:
                break
        placed = []
        for key, label, kind in reversed(buttons):
            w = max(170, f.size(label)[0] + ROW_PAD)
            placed.append((key, label, kind, pygame.Rect(right - w, top, w, ROW_BUTTON_H)))
            right -= w + ROW_GAP
        for key, label, kind, rect in placed:
            theme.button(surface, rect, label, self.hovering(f"market:{key}"), size, kind)
            self.target(f"market:{key}", rect)
            self.buttons_drawn.append((f"market:{key}", label, rect))

    def draw_action_buttons(self, surface, buttons):
        """A column at the right, the last button at the bottom: a buy's confirm, where the hand comes
        to rest; a bury's "Bury nothing", in its one place."""
        if not buttons:
            return
        gap = 8
        height = min(56, (ACTION_RECT.height - 20 - gap * (len(buttons) - 1)) // len(buttons))
        top = ACTION_RECT.bottom - 10 - len(buttons) * height - (len(buttons) - 1) * gap
        for i, (key, label, kind) in enumerate(buttons):
            rect = pygame.Rect(ACTION_RECT.right - 12 - BUTTON_COLUMN, top + i * (height + gap), BUTTON_COLUMN, height)
            size = theme.fitting_size(label, (BUTTON_FONT, 20, 18, 16), rect.width - 16, True)
            theme.button(surface, rect, label, self.hovering(f"market:{key}"), size, kind)
            self.target(f"market:{key}", rect)
            self.buttons_drawn.append((f"market:{key}", label, rect))

    def buy_words(self):
        s, market = self.session, self.shown["market"]
        me = s.viewer
        chips = self.shown["chips"][me]
        if self.choice is None:
            return [_("Your turn, {name}: click a face-up card to buy it").format(name=s.name(me)),
                    ngettext("You have {chips} chips. A card from your own deck is paid to the bank, "
                             "any other to its owner.",
                             "You have {chips} chips. A card from your own deck is paid to the bank, "
                             "any other to its owner.", chips).format(chips=chips)], []
        seat = self.choice
        card, price = self.card_name(self.shown["decks"][seat]["top"]), market["prices"][seat]
        if seat == me:
            head = _("Buy {card} from your own deck?").format(card=card)
        else:
            head = _("Buy {card} from {name}'s deck?").format(card=card, name=s.name(seat))
        if not price:
            cost = _("A 0 costs nothing.")
        elif market["pay_to"][seat] is None:
            cost = _("Price {price}, paid to the bank.").format(price=price)
        else:
            cost = _("Price {price}, paid to {name}.").format(price=price, name=s.name(market["pay_to"][seat]))
        lines = [head, cost]
        loan = market["loan_needed"][seat]
        if loan:
            lines.append((_("You have only {chips}: the bank lends you {loan} now; you repay {repay} at the end.")
                          .format(chips=chips, loan=loan, repay=repay_for(loan)), theme.WARN))
        return lines, [("cancel", _("Cancel"), "normal"), ("confirm", _("Buy for {price}").format(price=price), "good")]

    def bury_words(self):
        s, market = self.session, self.shown["market"]
        me = s.viewer
        skip = ("skip", _("Bury nothing"), "normal")
        fee = chip_words(market["bury_fee"])
        if self.choice is None:
            # TRANSLATORS: {fee} is like "1 chip"
            return [_("{name}: bury a face-up card for {fee}?").format(name=s.name(me), fee=fee),
                    _("Click any face-up card to put it under its deck, or click Bury nothing to go on.")], [skip]
        seat = self.choice
        card = self.card_name(self.shown["decks"][seat]["top"])
        if seat == me:
            head = _("Bury {card} under your own deck?").format(card=card)
        else:
            head = _("Bury {card} under {name}'s deck?").format(card=card, name=s.name(seat))
        lines = [head, _("It costs {fee}, paid to the bank; the deck shows its next card.").format(fee=fee)]
        loan = market["bury_loan_needed"]
        if loan:
            lines.append((_("You have no chips: the bank lends you {loan}; you repay {repay} at the end.")
                          .format(loan=loan, repay=repay_for(loan)), theme.WARN))
        # "Bury nothing" keeps its one place, bottom right, whether a card is chosen or not
        return lines, [("cancel", _("Choose another"), "normal"),
                       ("confirm", _("Bury {card} for {fee}").format(card=card, fee=fee), "good"), skip]
