"""Oh Hell on the screen: its board kit, one table board for both phases (the bid is a row of number
buttons over the hand), its log (the bids; the shared log says the rest) and its menu tile."""

from pathlib import Path

import pygame

from game.i18n import N_, _, ngettext
from scenes.kit import BoardKit, Option, card_fan
from scenes.screen import cards, paint, theme
from scenes.screen.board import Flight
from scenes.screen.log import GameLog, card_words, colour_name
from scenes.screen.table_board import TableBoard
from scenes.screen.tween import Tween, ease_in_out_cubic

from tests.fourth_game.rules import GAME_ID, HAND

BID_TOP = 470  # the row of bid buttons, over the hand
BID_SIZE = (64, 54)


class OhHellLog(GameLog):
    """The bids in words (a secret one only as "face down" until all are shown) and the card turned
    up; everything else as every trick-taking game says it."""

    def _deal(self, ev):
        lines = super()._deal(ev)
        return lines + [_("{card} is turned up: {colour} is trump.").format(
            card=card_words(ev["trump_card"]), colour=colour_name(ev["trump_card"][0]))]

    def _act(self, ev):
        who = self.names[ev["p"]]
        action = ev["a"]
        if action.get("bid") is None and "bid" in action:  # a bid this viewer is not told
            return [_("{name} bids.").format(name=who)]
        if "bid" in action:
            return [ngettext("{name} bids {n} trick.", "{name} bids {n} tricks.", action["bid"]).format(
                name=who, n=action["bid"])]
        if "secret_bid" in action:
            return [_("{name} bids, face down.").format(name=who)]
        return super()._act(ev)

    def _bids_shown(self, ev):
        bids = ", ".join(f"{name} {bid}" for name, bid in zip(self.names, ev["bids"]))
        return [_("The bids: {bids}.").format(bids=bids)]


class OhHellTable(TableBoard):
    """The tricks, and the bids over the hand: a seat's box says its bid and the tricks it took."""

    def my_phase(self, phase):
        return self.can_play() and self.state.phase == phase

    # --- events ----------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act" and self.step_action[0] == "play":
            self.play_step(ev, ev["p"], self.step_action[1])
        elif kind == "trick":
            name = self.session.name(ev["winner"])
            self.hold_step(0.6, begin=lambda: setattr(self, "banner", _("{name} takes the trick").format(name=name)))
            self.take_step(ev)
        else:
            super().event_steps(ev)

    def take_step(self, ev):
        """The trick's cards fly to its winner's box."""
        def begin():
            self.log.event(ev)
            target = self.layout.panels[ev["winner"]].center
            tweens = []
            for i, (_seat, card) in enumerate(ev["cards"]):
                tween = Tween(self.dur(0.5), ease=ease_in_out_cubic, delay=self.dur(0.06) * i)
                self.flights.append(Flight(card, self.layout.trick_rect(i).center, target, cards.TRICK, (30, 43),
                                           tween))
                tweens.append(tween)
            self.sweep_trick()
            return tweens

        def end():
            self.flights = []
            self.banner = ""

        self.script.add(begin, end)

    # --- what the viewer may do ------------------------------------------------------------------
    def prompt(self):
        name = self.session.name(self.session.viewer)
        if self.state.phase == "bid":
            return _("{name}: how many tricks will you take?").format(name=name)
        return super().prompt()

    def key_choices(self):
        return ("bid:",) if self.state.phase == "bid" else ("card:",)

    def click_game(self, name):
        if name.startswith("bid:") and self.my_phase("bid"):
            count = int(name[4:])
            self.act(next(a for a in self.state.legal_actions() if a[1] == count))

    def coach_rects(self):
        if self.state.phase == "bid":
            return {int(name[4:]): rect for name, rect in self.targets.items() if name.startswith("bid:")}
        return super().coach_rects()

    def teach_action_rect(self, kind):
        rects = [rect for name, rect in self.targets.items() if name.startswith("bid:")]
        return rects[0].unionall(rects[1:]) if rects else None

    # --- drawing ---------------------------------------------------------------------------------
    def info_lines(self):
        shown = self.shown
        trick = min(shown["tricks_played"] + 1, HAND)
        return [_("Round {round} of {rounds}").format(round=shown["round"], rounds=shown["rounds"]),
                _("Trick {trick} of {tricks}").format(trick=trick, tricks=HAND),
                _("Trump: {colour}").format(colour=colour_name(shown["trump"]))]

    def reminder_lines(self):
        return [_("How a round goes:"), _("• bid your tricks"), _("• follow the led colour"),
                _("• highest trump wins"), _("• exact bid: 10 + bid")]

    def draw_panel_extra(self, surface, seat, rect):
        shown = self.shown
        bid = shown["bids"][seat]
        if bid is not None:
            words = _("bid {bid} · took {took}").format(bid=bid, took=shown["tricks_won"][seat])
        elif shown["has_bid"][seat]:
            words = _("bid face down")
        else:
            words = _("no bid yet")
        theme.blit_text(surface, theme.fit(words, 19, rect.width - 24), 19, (rect.x + 12, rect.y + 84), theme.INK)

    def draw_controls(self, surface):
        if not self.my_phase("bid"):
            return
        counts = range(HAND + 1)
        width = len(counts) * (BID_SIZE[0] + 10) - 10
        left = 640 - width // 2
        for count in counts:
            rect = pygame.Rect(left + count * (BID_SIZE[0] + 10), BID_TOP, *BID_SIZE)
            theme.button(surface, rect, str(count), self.hovering(f"bid:{count}"), 26, "good")
            self.target(f"bid:{count}", rect)

    def trump_colour(self):
        return self.shown["trump"]

    def draw_trick(self, surface):
        super().draw_trick(surface)
        card = self.shown["trump_card"]
        spot = pygame.Rect(0, 0, *cards.SMALL)
        spot.midright = (self.layout.trick_rect(0).x - 24, self.layout.trick_rect(0).centery)
        paint.rect(surface, theme.GOLD, spot.inflate(6, 6), 3, border_radius=10)
        surface.blit(cards.face(card, cards.SMALL), spot)
        self.tip(spot, _("Turned up: {card}").format(card=card_words(card)))

    def last_trick_tags(self, last):
        return {card: _("won") for seat, card in last["cards"] if seat == last["winner"]}

    def round_notes(self, round_no):
        return [(_("A bid made exactly scores 10 + the bid; any other, nothing"), False)]


BOARD_KIT = BoardKit(
    id=GAME_ID,
    phases={"bid": "table", "play": "table"},
    boards={"table": "tests.fourth_game.boards:OhHellTable"},
    tile=card_fan("B9", "R1", "Y5", "G7"),
    pitch=N_("Bid exactly how many tricks you will take: one off and you score nothing."),
    log="tests.fourth_game.boards:OhHellLog",
    options={"secret_bids": Option(N_("Secret bids"))},
    rules=Path(__file__).resolve().parent / "rules",  # its rules pages, kept with it
    order=40,
)
