"""What the three Tricks boards (market, bidding, trick table) share: the game log in words, the seat
boxes and the top bar of the two row boards.

The log never tells a bid before the bids are revealed: the act event of a bid carries the card, so
the words here say only that a bid was laid down; the trump event lists them all.
"""

import math
import re

import pygame

from scenes.screen import paint
from scenes.screen.canvas import Picture

from game import cards as game_cards
from game import i18n
from game.i18n import _, ngettext, listing
from game.kit import game_info
from game.observe import action_of
from game.games.tricks.rules import HAND, JOKER, SET, VALUE, payout, payout_row, repayment
from scenes.screen import cards
from scenes.screen import emblems
from scenes.screen import theme
from scenes.screen.log import GameLog, card_words
from scenes.screen import widgets
from scenes.screen.board import Board
from scenes.screen.table_board import background
from scenes.screen.tween import Tween, lerp

TOP_BAR = pygame.Rect(10, 8, 890, 60)
TOP_BUTTONS = {"log": pygame.Rect(910, 8, 175, 60), "menu": pygame.Rect(1095, 8, 175, 60)}
ROWS_TOP = 78
ROWS_BOTTOM = 556
BOX_W = 262  # the seat box at the left of each row
HAND_SLOTS = HAND  # a slot for every card a seat buys
TEACH_BOX_H = 96  # the least height of the teacher's box: its three buttons stand in a column
_backdrops = {}
CARD_CODE = re.compile(r"\b(?:" + "|".join(sorted(SET)) + r")\b")
repay_for = repayment  # the rules core's: chips repaid at the end for a loan


def payout_words(bid, took, chips=None):
    """The payout table's row in words: "bid 3, took 4: 8 × 3 = 24". The row and the chips are the
    rules core's (chips: as paid, else ``payout``); only the words are made here."""
    if chips is None:
        chips = payout(bid, took)
    d, factor, bonus = payout_row(bid, took)
    if not factor:
        # TRANSLATORS: a row of the payout table: {off} is how many tricks the bid was missed by
        return _("bid {bid}, took {took}: off by {off}, {chips}").format(bid=bid, took=took, off=d, chips=chips)
    if bonus:
        # TRANSLATORS: {factor} × {bid} + {bonus} = {chips} is the sum the bank pays, in chips
        return _("bid {bid}, took {took}: {factor} × {bid} + {bonus} = {chips}").format(
            bid=bid, took=took, factor=factor, bonus=bonus, chips=chips)
    return _("bid {bid}, took {took}: {factor} × {bid} = {chips}").format(bid=bid, took=took, factor=factor,
                                                                          chips=chips)


def payout_legend():
    """Every row of the payout table in short words, nearest first: "exact: 10 × bid + 25",
    "1 off: 8 × bid", …, "5+ off: 0" (the first distance that pays nothing, and beyond)."""
    cells, d = [], 0
    while True:
        factor, bonus = payout_row(0, d)[1:]
        if not factor:
            # TRANSLATORS: the payout table's last cell: {off} or more tricks off the bid pay nothing
            return cells + [_("{off}+ off: 0").format(off=d)]
        if d == 0:
            cell = (_("exact: {factor} × bid + {bonus}") if bonus else _("exact: {factor} × bid"))
        else:
            # TRANSLATORS: a payout table cell: {off} tricks away from the bid pay {factor} times the bid
            cell = (_("{off} off: {factor} × bid + {bonus}") if bonus else _("{off} off: {factor} × bid"))
        cells.append(cell.format(off=d, factor=factor, bonus=bonus))
        d += 1


def no_prefix(reason):
    """A rules core reason, in the language now, without its leading "no trump: " (the screen says that
    already). The prefix as the catalogue words it, read from one of the reasons that start with it."""
    reason = i18n.again(reason)
    prefix = _("no trump: every bid is a 5").partition(": ")[0] + ": "
    return reason[len(prefix):] if reason.startswith(prefix) else reason


def row_metrics(players):
    """(row height, card size) of the row screens: rows shrink for 5 seats, cards with them."""
    row_h = min(150, (ROWS_BOTTOM - ROWS_TOP) // players)
    card_h = min(112, row_h - 20)
    return row_h, (round(card_h * 0.7), card_h)


def row_rect(seat, players):
    row_h, _ = row_metrics(players)
    return pygame.Rect(10, ROWS_TOP + seat * row_h, 1260, row_h - 8)


def chip_words(amount):
    """"1 chip", "2 chips"."""
    return ngettext("{n} chip", "{n} chips", amount).format(n=amount)


def card_name(card):
    # TRANSLATORS: the grey 4 where a card's name stands, in English with its article ("buys the grey
    # 4"); where the sentence around it brings the article ("kauft die {card}"), leave it out: "graue 4"
    return _("the grey 4") if card == JOKER else game_cards.name(card)


def pretty(text):
    """The rules core's reasons name cards by code ("B1 made trump"): say them in words."""
    return CARD_CODE.sub(lambda m: card_name(m.group(0)), text)


class TricksLog(GameLog):
    """The Tricks events in words, from what the table is told: the card of a buy or burial and the
    reasons come with their events, a bid is only "face down" until all are shown."""

    def _act(self, ev):
        who = self.names[ev["p"]]
        action = action_of(ev)
        key = action[0]
        if key == "buy":
            owner = action[1]
            card, price, deck = card_name(ev["card"]), chip_words(ev["price"]), self.names[owner]
            if owner == ev["p"]:
                # TRANSLATORS: {price} is an amount of chips, "4 chips"
                return [_("{name} buys {card} from their own deck for {price} (to the bank).").format(
                    name=who, card=card, price=price)]
            # TRANSLATORS: {owner} both owns the deck and is paid the price
            return [_("{name} buys {card} from {owner}'s deck for {price} (to {owner}).").format(
                name=who, card=card, owner=deck, price=price)]
        if key == "bury":
            if action[1] is None:
                return [_("{name} buries nothing.").format(name=who)]
            if action[1] == ev["p"]:
                return [_("{name} pays {price} to bury {card} under their own deck.").format(
                    name=who, price=chip_words(ev["price"]), card=card_name(ev["card"]))]
            return [_("{name} pays {price} to bury {card} under {owner}'s deck.").format(
                name=who, price=chip_words(ev["price"]), card=card_name(ev["card"]), owner=self.names[action[1]])]
        if key == "bid":
            return [_("{name} lays down a bid, face down.").format(name=who)]
        if key == "play":
            card = action[1]
            if len(action) > 2:
                # TRANSLATORS: {card} is the card the grey 4 counts as, like "red 4 ●"
                return [_("{name} plays the grey 4 as {card}.").format(
                    name=who, card=card_words(action[2] + str(VALUE[JOKER])))]
            return [_("{name} plays {card}.").format(name=who, card=card_words(card))]
        if key == "lead":
            if action[1] == ev["p"]:
                return [_("{name} leads the next trick again.").format(name=who)]
            return [_("{name} names {leader} to lead the next trick.").format(name=who, leader=self.names[action[1]])]
        return []

    def _loan(self, ev):
        return [_("{name} borrows {amount} from the bank (repays {repay} at the end).").format(
            name=self.names[ev["p"]], amount=ev["amount"], repay=repay_for(ev["amount"]))]

    def _start(self, ev):
        name, reason = self.names[ev["p"]], i18n.again(ev["reason"])
        if self.rounds:
            # TRANSLATORS: {reason} is the rules' reason, like "the yellow 4 is the lowest yellow card, and
            # yellow counts first"
            return [_("Round {round} of {rounds}: {name} buys first: {reason}.").format(
                round=ev["round"], rounds=self.rounds, name=name, reason=reason)]
        return [_("Round {round}: {name} buys first: {reason}.").format(round=ev["round"], name=name, reason=reason)]

    def _bids_shown(self, ev):
        bids = ", ".join(f"{n} {card_name(b)}" for n, b in zip(self.names, ev["bids"]))
        return [_("The bids: {bids}.").format(bids=bids)]

    def _trump(self, ev):
        why = pretty(no_prefix(ev["reason"]))
        leader, leader_why = self.names[ev["leader"]], pretty(no_prefix(ev["leader_reason"]))
        colour = ev["colour"]
        if colour:
            # TRANSLATORS: {why} and {leader_why} are the rules' reasons, like "highest bid: blue 3"
            words = _("{colour} is trump: {why}. {leader} leads first: {leader_why}.").format(
                colour=_(game_cards.COLOUR_NAMES[colour]), why=why, leader=leader, leader_why=leader_why)
        else:
            words = _("No trump: {why}. {leader} leads first: {leader_why}.").format(
                why=why, leader=leader, leader_why=leader_why)
        return [upper_first(words)]

    def _trick(self, ev):
        return [_("{name} takes the trick.").format(name=self.names[ev["winner"]])]

    def _payout(self, ev):
        parts = ", ".join(f"{n} {c}" for n, c in zip(self.names, ev["chips"]))
        # TRANSLATORS: {chips} is a list like "Ann 24, Ben 0, Cleo 8"
        return [_("Round {round} payout: {chips}.").format(round=ev["round"], chips=parts)]

    def _score(self, ev):
        return []  # the payout line says it

    def _repay(self, ev):
        parts = [f"{n} {r}" for n, r, loan in zip(self.names, ev["repaid"], ev["loans"]) if loan]
        if not parts:
            return [_("Nobody borrowed: no loans to repay.")]
        # TRANSLATORS: {chips} is a list like "Ann 15, Cleo 30"
        return [_("Loans repaid: {chips}.").format(chips=", ".join(parts))]

    def _end(self, ev):
        winners = ev["winners"]
        best = ev["totals"][winners[0]]
        if len(winners) == 1:
            return [_("{name} wins with {chips} chips!").format(name=self.names[winners[0]], chips=best)]
        names = [self.names[w] for w in winners]
        # TRANSLATORS: {names} is a list of players like "Ann and Ben"
        return [_("{names} share the win with {chips} chips!").format(names=listing(pairs=True, items=names), chips=best)]


def upper_first(text):
    """TEXT with its first letter a capital (the rest as it is: "Rot ist Trumpf", never "Rot ist trumpf")."""
    return text[:1].upper() + text[1:]

class TricksBoard(Board):
    """What the three Tricks boards share: the seat boxes, the chip changes rising from them, the
    log box and the top bar of the two row boards."""

    log_size = 16

    def __init__(self, screen):
        self.choice = None  # the deck or card picked and waiting for the confirm click
        self.floats = []    # (text, colour, (x, y), Tween): chip changes rising from a seat box
        self._box_cache = {}
        super().__init__(screen)

    @property
    def info(self):
        """The game's registered facts (title, rounds, tricks per round)."""
        return game_info(self.session.game_id)

    def round_words(self):
        """"Round 1 of 2": the round shown, of the rounds the rules play with this many seats."""
        return _("Round {round} of {rounds}").format(round=self.shown["round"],
                                                      rounds=self.info.rounds_for(self.state.players))

    def reset_choices(self):
        self.choice = None

    def suggestion_rects(self, action):
        """Once the person has chosen (a card to bid, a deck), the teacher's glow leaves the cards: it
        moves to the button that confirms the suggested choice, and goes when another was chosen (its own
        ring is the one ring: a glow left on another card read as a second choice)."""
        if self.choice is None:
            return super().suggestion_rects(action)
        if tuple(action[1:2]) == (self.choice,):
            return self.screen.places(f"{self.kind}:confirm")
        return []

    def target(self, name, rect):
        """Two equal hand cards (bought from two decks) are one choice: either one clicks it."""
        if name.startswith(("card:", "bid:")):
            return self.screen.target_union(name, rect)
        return super().target(name, rect)

    def event_steps(self, ev):
        if ev.get("t") == "start":
            self.script.add(begin=lambda: self.start_told(ev))
        else:
            super().event_steps(ev)

    def start_told(self, ev):
        return self.say(ev)

    def update(self, dt):
        super().update(dt)
        for item in self.floats:
            item[3].update(dt)
        self.floats = [f for f in self.floats if not f[3].done]

    def float_text(self, seat, text, colour):
        """A chip change that rises and fades over the seat's box (does not hold the script)."""
        if self.dur(1) == 0:
            return  # "instant": no time to see it rise
        rect = self.box_rect(seat)
        # beside the chips line, clear of the START mark in the corner and of the badge it rises to
        self.floats.append((text, colour, (rect.right - 60, rect.y + 56), Tween(self.dur(1.2))))

    def draw_floats(self, surface):
        for text, colour, (x, y), tween in self.floats:
            t = tween.value
            label = theme.outlined(text, 28, colour, cards.EDGE, 2, True)
            label.set_alpha(int(255 * (1 - t * t)))
            surface.blit(label, label.get_rect(center=(x, y - 20 * t)))

    # --- where things are on the row screens (market, bidding) ------------------------------------
    def card_size(self):
        return row_metrics(self.state.players)[1]

    def box_rect(self, seat):
        row = row_rect(seat, self.state.players)
        return pygame.Rect(row.x, row.y, BOX_W, row.height)

    def deck_rect(self, seat):
        row = row_rect(seat, self.state.players)
        w, h = self.card_size()
        return pygame.Rect(row.x + BOX_W + 22, row.y + (row.height - h) // 2, w, h)

    def slot_rect(self, seat, index):
        row = row_rect(seat, self.state.players)
        w, h = self.card_size()
        left = row.x + BOX_W + 224
        return pygame.Rect(left + index * (w + 8), row.y + (row.height - h) // 2, w, h)

    # --- the row screens' pieces ----------------------------------------------------------------
    def backdrop(self, empty_slots):
        """The felt with the row panels (and the empty hand slots): drawn once per table and viewer."""
        players, viewer = self.state.players, self.session.viewer
        key = (players, viewer, empty_slots)
        surf = _backdrops.get(key)
        if surf is None:
            if len(_backdrops) > 16:
                _backdrops.clear()
            surf = _backdrops[key] = background().copy()
            for seat in range(players):
                fill = (16, 58, 42) if seat == viewer else (12, 44, 34)
                theme.panel(surf, row_rect(seat, players), fill=fill, edge=theme.PANEL_EDGE, radius=12)
                for i in range(HAND_SLOTS if empty_slots else 0):
                    paint.rect(surf, (40, 100, 74), self.slot_rect(seat, i), 2, border_radius=8)
        return surf

    def draw_top_bar(self, surface, title, line):
        """The title and a line under it; while a teach-mode reminder stands over that line, the
        title alone, smaller, above the reminder."""
        theme.panel(surface, TOP_BAR)
        if self.reminder_up():
            theme.blit_text(surface, theme.fit(title, 18, TOP_BAR.width - 30, True), 18,
                            (TOP_BAR.x + 16, TOP_BAR.y + 3), theme.GOLD, True)
        else:
            theme.blit_text(surface, theme.fit(title, 26, TOP_BAR.width - 30, True), 26,
                            (TOP_BAR.x + 16, TOP_BAR.y + 4), theme.GOLD, True)
            size = theme.fitting_size(line, (20, 18, 16), TOP_BAR.width - 30)  # a long start reason: smaller
            theme.blit_text(surface, theme.fit(line, size, TOP_BAR.width - 30), size, (TOP_BAR.x + 16, TOP_BAR.y + 36),
                            theme.INK)
        labels = {"log": _("Game log"), "menu": _("Menu (Esc)")}
        for key, rect in TOP_BUTTONS.items():
            theme.button(surface, rect, labels[key], self.hovering(f"btn:{key}"), 22)
            self.target(f"btn:{key}", rect)

    def draw_seat_box(self, surface, seat, rect):
        surface.blit(self.seat_box(seat, rect.size), rect)
        theme.seat_box(surface, rect)  # the teacher keeps clear of every seat's name and counts
        if seat == self.session.decider and not self.state.is_over:
            glow = 0.5 + 0.5 * math.sin(self.time * 5)
            colour = tuple(int(lerp(a, b, glow)) for a, b in zip((170, 120, 20), theme.GOLD))
            paint.rect(surface, colour, rect.inflate(6, 6), 4, border_radius=14)

    def seat_box(self, seat, size):
        """Name, person or bot, chips and loans; cached until one of them changes."""
        shown = self.shown
        person = widgets.seat_kind(self.session, seat)
        key = (seat, size, self.session.name(seat), person, shown["chips"][seat], shown["loans"][seat],
               shown["start_player"] == seat)
        return widgets.cached(self._box_cache, key, lambda: self.render_seat_box(seat, size, person))

    def render_seat_box(self, seat, size, person, compact=False):
        """compact (the table's panels): the loan on the chips line and no start mark."""
        shown = self.shown
        w, h = size
        surf = Picture(size)
        theme.panel(surf, surf.get_rect(), fill=(10, 30, 24, 235))
        tag_rect = widgets.badge(surf, person, (w - 10, 10))
        # the seat's colour and its deck's picture (each player's 19 cards carry one: a sled dog, a dragon...)
        left = emblems.seat_marks(surf, seat, h, top=5, size=28)
        room = tag_rect.left - 8 - left
        size = theme.fitting_size(self.session.name(seat), (24, 22, 20, 18), room, True)  # smaller before cut
        theme.blit_text(surf, theme.fit(self.session.name(seat), size, room, True), size, (left, 6 + (24 - size) // 2),
                        theme.INK, True)
        low = h >= 100
        y = 40 if low else 36
        chips = shown["chips"][seat]
        theme.blit_text(surf, ngettext("{n} chips", "{n} chips", chips).format(n=chips), 24, (18, y), theme.GOLD,
                        True)
        loan = shown["loans"][seat]
        if loan and compact:
            theme.blit_text(surf, _("loan {loan}").format(loan=loan), 18, (w - 12, y + 14), theme.WARN, True,
                            "midright")
        elif loan:
            theme.blit_text(surf, _("loan {loan} (repay {repay})").format(loan=loan, repay=repay_for(loan)), 18,
                            (18, y + 32), theme.WARN, True)
        if shown["start_player"] == seat and not compact:
            # TRANSLATORS: the mark on the seat box of the player who buys first this round
            theme.blit_text(surf, _("START"), theme.READABLE, (w - 12, h - 8), theme.GOLD, True, "bottomright")
        return surf

    # --- the teacher's geometry (game.games.tricks.teach names the targets) ------------------------------
    def teach_rect(self, target):
        """Where a note's target is drawn on the row screens: a seat's deck (the market) or bid (the
        bidding: where the deck lay), its seat box (chips), all the bids, a decision's place; what is
        not here, as the base board says (None without one)."""
        kind = target[0] if target else None
        if kind in ("deck", "bid"):
            return self.deck_rect(target[1])
        if kind in ("chips", "seat"):
            return self.box_rect(target[1])
        if kind == "bids":
            return self.deck_rect(0).unionall([self.deck_rect(s) for s in range(self.state.players)])
        if kind == "action":
            return self.teach_action_rect(target[1])
        return super().teach_rect(target)

    def teach_action_rect(self, kind):
        """Where a kind of decision ("buy", "bid", ...) is taken on this board, or None."""
        return None

    def reminder_place(self):
        """Teach mode's place on the row screens: the reminder's one line (drawn at the bottom of this
        place) stands over the header's second line, which gives way while it shows; the rows, the
        decks and bids, the hands and the action box stay clear."""
        return pygame.Rect(TOP_BAR.x, TOP_BAR.y, TOP_BAR.width, TOP_BAR.height + 4)

    def reminder_up(self):
        """A teach-mode reminder shows now over the header (as the teacher draws it: over the taught
        person's own picture only)."""
        teaching = self.screen.teaching
        if teaching is None or teaching.lesson is not None or not teaching.reminders:
            return False
        return self.session.view()["seat"] == teaching.reminders[0][1] and not self.session.needs_handoff()

    def box_over_row(self, seat):
        """The teacher's box over SEAT's row from its first hand slot to the right end (the seat box,
        the deck or bid and its words stay in sight), at least as tall as the teacher's buttons."""
        row = row_rect(seat, self.state.players)
        left = self.slot_rect(seat, 0).x - 8
        right = self.slot_rect(seat, HAND_SLOTS - 1).right + 4  # the "bought" count stays in sight
        box = pygame.Rect(left, row.y, min(row.right, right) - left, max(TEACH_BOX_H, row.height))
        box.centery = row.centery
        return box

    def draw_hint(self, surface, pos, width=820):
        self.draw_refusal(surface, pos, width)

    def choose(self, action):
        """What the confirm click will do (a deck to buy from, a card to bid), checked first; the
        same click again lets go. A refusal is said at once, even while cards still move; the
        reason is returned ("" when chosen or nothing to do yet)."""
        reason = self.screen.turn_refusal()
        if not reason and not self.idle:
            return ""
        reason = reason or self.state.why_illegal(action)
        if reason:
            self.refuse(reason)
            return reason
        self.hint = ""
        self.choice = None if self.choice == action[1] else action[1]
        if self.choice is not None and self.skips_confirm(action):
            self.choice = None
            self.act(action)
        return ""

    def skips_confirm(self, action):
        """The person asked for choices that act at the first click (Settings: skip confirm steps)."""
        return self.screen.setting("skip_confirm")

    @staticmethod
    def card_name(card):
        return card_name(card)

    @staticmethod
    def pretty(text):
        return pretty(text)

    def mini_hand(self, surface, hand, left, top, width):
        """A seat's open hand as coloured chips with big values: readable where cards would be too small."""
        step = min(27, width // max(1, len(hand)))
        for i, card in enumerate(hand):
            chip = pygame.Rect(left + i * step, top, step - 3, 30)
            paint.rect(surface, cards.COLOURS[card[0]], chip, border_radius=5)
            paint.rect(surface, cards.EDGE, chip, 1, border_radius=5)
            theme.blit_text(surface, card[1:], 20, chip.center, cards.ink_on(card[0]), True, "center")
