"""The Tricks trick table: bid cards, chips, loans and tricks won by each seat, the grey 4's colour
dialog, and the trick winner's choice of the next leader (a click on a seat), unless "winner leads".

Every seat's hand is open in Tricks (each card was bought in front of all), so the panels show the
other seats' remaining cards small; the viewer's own hand is the fan at the bottom.
"""

import pygame

from scenes.screen import paint

from game import cards as game_cards
from game.i18n import _, ngettext
from game.games.tricks.rules import COLOURS, JOKER, LOAN_STEP, VALUE, repayment
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.board import Flight
from scenes.screen.layout import LOG_RECT, REMINDER_RECT
from scenes.screen.table_board import RAISE, TableBoard
from scenes.boards.tricks.common import TricksBoard, no_prefix, upper_first
from scenes.screen.beats import TRICK_HOLD, Moment
from scenes.screen.tween import Tween, ease_in_out_cubic

BID_CARD = (44, 63)
JOKER_BOX = (780, 380)
TEACH_LEFT, TEACH_RIGHT = REMINDER_RECT.right + 16, LOG_RECT.x - 16  # the teacher's box between them


class TricksTable(TricksBoard, TableBoard):
    kind = "table"

    def __init__(self, screen):
        self.joker_open = False
        super().__init__(screen)

    def box_rect(self, seat):
        return self.layout.panels[seat]

    def last_trick(self):
        """The view's last trick in the shape the dialog draws: (seat, card) pairs, and apart the
        colour each card counted as."""
        last = self.shown.get("last_trick") if self.shown else None
        if not last:
            return None
        return {"cards": [[s, c] for s, c, __ in last["cards"]], "winner": last["winner"],
                "as": [k for __, ___, k in last["cards"]]}

    def reset_choices(self):
        super().reset_choices()
        self.joker_open = False

    # --- events ----------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act":
            action = self.step_action
            if action[0] == "play":  # the grey 4 comes with the colour named for it
                self.play_step(ev, ev["p"], action[1], action[2] if len(action) > 2 else None)
                return
        if kind == "trick":
            name = self.session.name(ev["winner"])
            self.hold_step(TRICK_HOLD, begin=lambda: setattr(self, "banner", _("{name} takes the trick").format(name=name)))
            self.take_step(ev)
            return
        super().event_steps(ev)

    def moments(self, ev):
        """An exact bid is celebrated at the round's payout: each seat whose tricks met its bid."""
        if ev.get("t") != "payout":
            return []
        exact = [s for s, (bid, won) in enumerate(zip(ev["bids"], ev["tricks"])) if bid == won]
        if not exact:
            return []
        return [Moment("exact_bid", exact, _("Exact bid!"), {s: ev["chips"][s] for s in exact})]

    def take_step(self, ev):
        """The trick's cards fly to the winner's box; the step's view after counts the trick."""
        winner = ev["winner"]

        def begin():
            self.log.event(ev)
            self.cue("take")
            target = self.layout.panels[winner].center
            tweens = []
            for i, (__, card) in enumerate(ev["cards"]):
                tween = Tween(self.dur(0.5), ease=ease_in_out_cubic, delay=self.dur(0.06) * i)
                start = self.layout.trick_rect(i).center
                self.flights.append(Flight(card, start, target, cards.TRICK, (30, 43), tween))
                tweens.append(tween)
            self.sweep_trick()
            return tweens

        def end():
            self.flights = []
            self.banner = ""
            self.landed.append(("won", winner))  # counted now: after a round's last trick no view counts it

        self.script.add(begin, end)

    def tricks_won(self, seat):
        """SEAT's tricks this round as far as shown: the view's, and a trick swept to it since (a round's
        last trick is on no view: the step's view after is the next round's)."""
        return self.shown["tricks_won"][seat] + sum(1 for (taker,) in self.landed_as("won") if taker == seat)

    def round_notes(self, round_no):
        if self.state.is_over:
            return [(_("Loans are repaid at the end: {repay} chips for every {loan} borrowed").format(
                repay=repayment(LOAN_STEP), loan=LOAN_STEP), False)]
        return [(_("The bank pays each seat by how far its tricks are from its bid"), False)]

    # --- what the viewer may do ----------------------------------------------------------------
    def my_lead_choice(self):
        return self.can_play() and self.state.phase == "lead"

    def click(self, name):
        if name == f"card:{JOKER}" and self.can_play() and JOKER in self.playable():
            self.joker_open = True  # the colour is asked before the card is played
        else:
            super().click(name)

    def key_choices(self):
        if self.joker_open:
            return ("joker:",)
        return ("lead:",) if self.state.phase == "lead" else ("card:",)

    def click_game(self, name):
        if name.startswith("joker:"):
            choice = name[6:]
            self.joker_open = False
            if choice in COLOURS:
                self.act(("play", JOKER, choice))
        elif name.startswith(("lead:", "seat:")):
            self.act(("lead", int(name.partition(":")[2])))

    def back(self):
        if self.joker_open:
            self.joker_open = False
            return True
        return False

    def grey_last(self, seat):
        """SEAT's last card is the grey 4: it never plays by itself, as its colour is still to be named
        (every hand is open in Tricks: the table may say so)."""
        return (seat is not None and self.state.phase == "play" and self.state.current_player == seat
                and list(self.shown["hands"][seat]) == [JOKER])

    def status_line(self):
        """A phone's turn on its last card, the grey 4: what the table waits for, not only whose phone."""
        s = self.session
        line = super().status_line()
        if line and not s.my_turn() and s.phone_turn() and self.grey_last(s.decider):
            # TRANSLATORS: the table waits for a phone whose last card is the grey 4
            return _("Waiting for {name}'s phone: name the grey 4's colour").format(name=s.name(s.decider))
        return line

    def prompt(self):
        name = self.session.name(self.session.viewer)
        if self.grey_last(self.session.viewer):
            # TRANSLATORS: the person's last card is the grey 4, waiting for the colour it is played as
            return _("Name the grey 4's colour, {name}: click your last card").format(name=name)
        if self.state.phase == "lead":
            return _("You took the trick, {name}: who leads next?").format(name=name)
        led = self.shown["led"]
        if not self.shown["trick"] or led is None:
            return _("Your lead, {name}: play any card").format(name=name)
        # TRANSLATORS: {colour} is the led colour's name, like "red"
        return _("Your turn, {name}: follow {colour} if you can").format(name=name, colour=colour_name(led))

    # --- drawing -------------------------------------------------------------------------------------
    def info_lines(self):
        shown = self.shown
        trump = _("Trump: {colour}").format(colour=colour_name(shown["trump"])) if shown["trump"] else _("No trump")
        tricks = self.info.tricks_per_round
        trick = _("Trick {trick} of {tricks}").format(trick=min(shown["tricks_played"] + 1, tricks), tricks=tricks)
        return [self.round_words(), trick, trump]

    def reminder_lines(self):
        shown = self.shown
        lines = []  # whole sentences: the panel wraps them at the size they fit in
        if shown["trump_reason"]:
            why = self.pretty(no_prefix(shown["trump_reason"]))
            if shown["trump"]:
                # TRANSLATORS: {why} is the rules' reason, like "highest bid: red 3"
                lines.append(upper_first(_("{colour} trump: {why}").format(colour=colour_name(shown["trump"]),
                                                                           why=why)))
            else:
                lines.append(_("No trump: {why}").format(why=why))
        if shown["first_leader"] is not None:
            # TRANSLATORS: {why} is the rules' reason, like "blue 3 made trump"
            lines.append(_("First lead {name}: {why}").format(name=self.session.name(shown["first_leader"]),
                                                               why=self.pretty(no_prefix(shown["leader_reason"]))))
        if shown["options"]["winner_leads"]:
            rule = _("Follow suit; the grey 4 may always go, as a {value} of the colour its player names. Equal "
                     "cards: the first played wins. Winner leads next.")
        else:
            rule = _("Follow suit; the grey 4 may always go, as a {value} of the colour its player names. Equal "
                     "cards: the first played wins. Winner names who leads next.")
        return lines + [rule.format(value=VALUE[JOKER])]

    def panel_surface(self, seat):
        shown = self.shown
        person = widgets.seat_kind(self.session, seat)  # PERSON, PHONE or BOT, as on every board
        hand = tuple(self.open_hand(seat)) if seat != self.strip_seat() else ()  # the strip shows its own
        key = ("tricks", seat, self.session.name(seat), person, shown["chips"][seat], shown["loans"][seat],
               shown["bids"][seat], self.tricks_won(seat), hand)
        return widgets.cached(self._panel_cache, key, lambda: self.render_panel(seat, person, hand))

    def render_panel(self, seat, person, hand):
        shown = self.shown
        w, h = self.layout.panels[seat].size
        surf = self.render_seat_box(seat, (w, h), person, compact=True)
        bid = shown["bids"][seat]
        if bid is None:
            return surf
        surf.blit(cards.face(bid, BID_CARD), (12, h - BID_CARD[1] - 8))
        words = _("bid {bid} · won {won}").format(bid=VALUE[bid], won=self.tricks_won(seat))
        theme.blit_text(surf, words, theme.fitting_size(words, (20, 18, 16), w - 72, True), (66, 76), theme.INK, True)
        if hand:
            self.mini_hand(surf, hand, 66, h - 40, w - 74)
        return surf

    def panel_tips(self, seat, rect):
        shown = self.shown
        name = self.session.name(seat)
        chips, loan = shown["chips"][seat], shown["loans"][seat]
        if loan:
            words = ngettext("{name} has {chips} chips and owes a loan of {loan} (repays {repay} at the game's end)",
                             "{name} has {chips} chips and owes a loan of {loan} (repays {repay} at the game's end)",
                             chips).format(name=name, chips=chips, loan=loan, repay=repayment(loan))
        else:
            words = ngettext("{name} has {chips} chips", "{name} has {chips} chips", chips).format(name=name,
                                                                                                    chips=chips)
        self.tip(pygame.Rect(rect.x + 8, rect.y + 36, rect.width - 16, 32), words)
        bid = shown["bids"][seat]
        if bid is not None:
            won, value = self.tricks_won(seat), VALUE[bid]
            self.tip(pygame.Rect(rect.x + 8, rect.y + 70, rect.width - 16, rect.height - 74),
                     ngettext("{name} bid {n} trick and has won {won} so far",
                              "{name} bid {n} tricks and has won {won} so far", value).format(name=name, n=value,
                                                                                              won=won))

    def draw_panel_extra(self, surface, seat, rect):
        if not self.my_lead_choice():
            return
        hover = self.hovering(f"seat:{seat}") or self.hovering(f"lead:{seat}")
        paint.rect(surface, theme.INK if hover else theme.GOLD, rect.inflate(10, 10), 4 if hover else 2,
                         border_radius=16)
        self.target(f"seat:{seat}", rect)

    def lead_rects(self):
        """The name buttons of the lead choice, where the trick will lie."""
        n = self.state.players
        width = min(220, (740 - 10 * (n - 1)) // n)
        left = 640 - (n * width + (n - 1) * 10) // 2
        return [pygame.Rect(left + seat * (width + 10), self.layout.trick_rect(0).y + 30, width, 64)
                for seat in range(n)]

    def draw_controls(self, surface):
        """The lead choice as a row of name buttons where the trick will lie (the panels work too)."""
        if not self.my_lead_choice():
            return
        for seat, rect in enumerate(self.lead_rects()):
            hover = self.hovering(f"lead:{seat}") or self.hovering(f"seat:{seat}")
            theme.button(surface, rect, self.session.name(seat), hover, 24, "good")
            self.target(f"lead:{seat}", rect)

    # --- the teacher's geometry (game.games.tricks.teach names the targets) ----------------------------------
    def teach_rect(self, target):
        """A seat's panel (its chips and bid card), the trick, the trump sign, a hand card, the lead
        choice; None for what is not on the table (the decks, the bids' row)."""
        kind, layout = (target[0] if target else None), self.layout
        if kind in ("seat", "chips", "bid"):
            return layout.panels[target[1]].copy()
        if kind == "trick":
            return layout.trick_span()
        if kind == "trump":
            sign = pygame.Rect(0, 0, 300, 36)  # the trump (or no-trump) sign over the trick
            sign.midbottom = (640, layout.trick_rect(0).top - RAISE - 2)
            return sign
        if kind == "card":
            return self.hand_rects.get(target[1])
        if target == ("action", "lead"):  # only while the name buttons stand there
            if not self.my_lead_choice():
                return None
            rects = self.lead_rects()
            return rects[0].unionall(rects[1:])
        return None

    def teach_box(self):
        """Between the reminder panel and the log, under the turn's line and above the raised hand (a
        refusal's line, which it covers, the box says itself); above the grey 4's dialog while open."""
        if self.joker_open:
            return pygame.Rect(TEACH_LEFT, 14, TEACH_RIGHT - TEACH_LEFT, 100)
        top = self.layout.trick_rect(0).bottom + 64
        return pygame.Rect(TEACH_LEFT, top, TEACH_RIGHT - TEACH_LEFT, 96)

    def suggestion_rects(self, action):
        """A suggested leader is a name button of the lead choice."""
        if action[0] == "lead":
            return [self.lead_rects()[action[1]]] if self.my_lead_choice() else []
        return super().suggestion_rects(action)

    def draw_trick(self, surface):
        super().draw_trick(surface)
        shown = self.shown
        for i, place in enumerate(self.table_trick()):
            if place is None:
                continue
            card, colour = place[1:]
            rect = self.layout.trick_rect(i)
            if card == JOKER:
                self.joker_tag(surface, colour, rect)
                if colour == shown["trump"]:
                    paint.rect(surface, theme.GOLD, rect.inflate(6, 6), 3, border_radius=12)
        if shown["trump"] is None and shown["bids_revealed"] and self.state.phase != "over":
            self.no_trump_banner(surface)

    def joker_tag(self, surface, colour, rect):
        pill = pygame.Rect(0, 0, rect.width + 8, 30)
        pill.midbottom = (rect.centerx, rect.bottom - 4)  # over the grey ring, under the big 4
        paint.rect(surface, cards.COLOURS[colour], pill, border_radius=12)
        paint.rect(surface, cards.EDGE, pill, 2, border_radius=12)
        theme.blit_text(surface, f"= {colour_name(colour)}", 18, pill.center, cards.ink_on(colour), True, "center")

    def no_trump_banner(self, surface):
        label = theme.text(_("NO TRUMP"), 22, theme.INK, True)
        pill = label.get_rect().inflate(40, 14)
        pill.midbottom = (640, self.layout.trick_rect(0).top - RAISE - 2)  # where a trump banner would be
        paint.rect(surface, (90, 90, 100), pill, border_radius=20)
        paint.rect(surface, cards.EDGE, pill, 3, border_radius=20)
        surface.blit(label, label.get_rect(center=pill.center))

    def draw_last_trick(self, surface, box, last):
        """The table's last trick, then by place (two equal cards can lie in one trick): the grey 4's
        colour and the winner's card."""
        super().draw_last_trick(surface, box, last)
        n = len(last["cards"])
        left = box.centerx - (n * 120 - 28) // 2
        for i, ((seat, card), colour) in enumerate(zip(last["cards"], last["as"])):
            rect = pygame.Rect(left + i * 120, box.y + 80, *cards.TRICK)
            if card == JOKER:
                self.joker_tag(surface, colour, rect)
            if seat == last["winner"]:
                paint.rect(surface, theme.GOLD, rect.inflate(8, 8), 4, border_radius=12)
                # TRANSLATORS: under the last trick's winning card
                theme.blit_text(surface, _("takes it"), 18, (rect.centerx, rect.bottom + 42), theme.GOLD, True,
                                "center")

    def draw_dialog(self, surface):
        if not (self.joker_open and self.can_play()):
            return
        box = self.modal(surface, JOKER_BOX, alpha=150)
        theme.blit_text(surface, _("The grey 4: which colour is it?"), 32, (box.centerx, box.y + 40), theme.GOLD, True,
                        "center")
        led = self.shown["led"] if self.shown["trick"] else None
        if led:
            words = upper_first(_("{colour} was led. Name any colour: it counts as a {value} of the colour named.")
                                .format(colour=colour_name(led), value=VALUE[JOKER]))
        else:
            words = _("You lead: it counts as a {value} of the colour you name, and that is led.").format(
                value=VALUE[JOKER])
        size = theme.fitting_size(words, (20, 18, 16), box.width - 30)
        theme.blit_text(surface, words, size, (box.centerx, box.y + 82), theme.INK, False, "center")
        for i, colour in enumerate(COLOURS):
            tile = pygame.Rect(box.x + 45 + i * 240, box.y + 118, 210, 160)
            self.colour_tile(surface, tile, colour)
            self.target(f"joker:{colour}", tile)
        cancel = pygame.Rect(0, 0, 220, 50)
        cancel.center = (box.centerx, box.bottom - 44)
        theme.button(surface, cancel, _("Cancel (Esc)"), self.hovering("joker:cancel"), 22)
        self.target("joker:cancel", cancel)

    def colour_tile(self, surface, tile, colour):
        hover = self.hovering(f"joker:{colour}")
        paint.rect(surface, cards.COLOURS[colour], tile, border_radius=14)
        paint.rect(surface, theme.INK if hover else cards.EDGE, tile, 6 if hover else 3, border_radius=14)
        ink = cards.ink_on(colour)
        mark = cards.symbol(colour, 60, ink, cards.EDGE if colour != "Y" else (255, 255, 255))
        surface.blit(mark, mark.get_rect(center=(tile.centerx, tile.y + 52)))
        # TRANSLATORS: a colour tile of the grey 4's dialog: {colour} {value} is like "red 4"
        theme.blit_text(surface, _("{colour} {value}").format(colour=colour_name(colour), value=VALUE[JOKER]), 28, (tile.centerx, tile.y + 112), ink, True,
                        "center")
        if colour == self.shown["trump"]:
            theme.blit_text(surface, _("trump"), 18, (tile.centerx, tile.y + 142), ink, True, "center")


def colour_name(colour):
    """A colour's name in the language now ("red")."""
    return _(game_cards.COLOUR_NAMES[colour])
