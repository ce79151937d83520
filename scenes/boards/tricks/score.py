"""The Tricks score sheet: each round's payout with the row of the payout table used ("bid 3, took 4:
8 × 3 = 24"), the chips, the loans, and at the end the repayment (15 per 10 borrowed), the final
chips and the winners. The numbers are the rules core's; only the words are made here."""

import math

import pygame

from scenes.screen import paint

from game.i18n import _
from scenes.screen import theme
from scenes.boards.scoreboard import ROW_H, ScoreboardScene, crown
from scenes.boards.tricks.common import payout_legend, payout_words, repay_for


class TricksScoreboard(ScoreboardScene):
    def __init__(self, app, session, round_no, final=False, on_continue=None, notes=()):
        super().__init__(app, session, round_no, final, on_continue, notes)
        view = session.state.view(session.home)
        self.history = self.payout_history(view)
        self.rounds = view["rounds"]
        self.loans = view["loans"]
        self.totals = view["totals"]

    def payout_history(self, view):
        """Each round's payout as the sheet shows it, its rows in words in the language now."""
        scores = [e for e in self.session.told if e.get("t") == "score"]
        history = []
        for pay, score in zip(view["payouts"][:self.round_no], scores):
            words = [payout_words(b, t, c) for b, t, c in zip(pay["bids"], pay["tricks"], pay["chips"])]
            history.append({"points": pay["chips"], "reasons": words, "totals": score["totals"]})
        return history

    def language_changed(self):
        """The payout rows' words are kept: made again in the new language."""
        super().language_changed()
        self.history = self.payout_history(self.session.state.view(self.session.home))

    def columns(self):
        """(key, heading, width) from left to right."""
        cols = [("name", _("Player"), 200), ("reason", _("Round {round} payout").format(round=self.round_no), 360)]
        # TRANSLATORS: a column heading of the score sheet: "R1" is round 1
        cols += [(r, _("R{round}").format(round=r + 1), 70) for r in range(self.rounds)]
        if self.final:
            cols += [("chips", _("Chips"), 100), ("loans", _("Loans"), 90), ("repay", _("Repay"), 90),
                     ("total", _("Final"), 110)]
        else:
            cols += [("loans", _("Loans"), 100), ("total", _("Chips"), 120)]
        return cols

    def cells(self, seat):
        """The text of each column but the name, for one seat."""
        last = self.history[-1] if self.history else None
        out = {"reason": last["reasons"][seat] if last else ""}
        for r, entry in enumerate(self.history):
            out[r] = str(entry["points"][seat])
        loan = self.loans[seat]
        out["loans"] = str(loan) if loan else "–"
        if self.final:
            out["chips"] = str(last["totals"][seat]) if last else ""
            out["repay"] = f"−{repay_for(loan)}" if loan else "–"
            out["total"] = str(self.totals[seat])
        else:
            out["total"] = str(last["totals"][seat]) if last else ""
        return out

    def draw_table(self, surface):
        cols = self.columns()
        left = (1280 - sum(col[2] for col in cols)) // 2
        xs, x = {}, left
        for key, __, width in cols:
            xs[key] = (x, width)
            x += width
        top = self.top
        for key, heading, width in cols:
            colour = theme.GOLD if key == self.round_no - 1 else theme.INK_DIM
            if key in ("name", "reason"):
                theme.blit_text(surface, heading, 20, (xs[key][0] + 10, top + 12), colour, True, "midleft")
            else:
                theme.blit_text(surface, heading, 20, (xs[key][0] + width // 2, top + 12), colour, True, "center")
        totals = [int(self.cells(s)["total"] or 0) for s in range(self.session.state.players)]
        for seat in range(self.session.state.players):
            row = pygame.Rect(left, top + (32 if self.final else 36) + seat * self.row_h, x - left, self.row_h - 6)
            self.table_bottom = row.bottom
            won = seat in self.winners
            paint.rect(surface, (70, 60, 20) if won else (14, 40, 32), row, border_radius=10)
            if won or (not self.final and totals[seat] == max(totals)):
                paint.rect(surface, theme.GOLD, row, 2, border_radius=10)
            self.draw_seat_colour(surface, seat, row)
            self.draw_cells(surface, seat, row, xs)
        if self.final:
            self.draw_legend_line(surface, self.table_bottom + 16)
        else:
            self.draw_legend(surface, top + 36 + self.session.state.players * ROW_H + 24)

    def draw_legend(self, surface, y):
        """The payout table, so every number above can be checked by eye."""
        theme.blit_text(surface, _("Tricks off from the bid, and what the bank pays:"), 20, (640, y), theme.INK_DIM,
                        True, "center")
        cells = payout_legend()
        widths = [250] + [180] * (len(cells) - 1)  # the exact row has the longest words
        x = 640 - sum(widths) // 2
        for words, width in zip(cells, widths):
            box = pygame.Rect(x + 4, y + 22, width - 8, 40)
            paint.rect(surface, (14, 40, 32), box, border_radius=8)
            size = theme.fitting_size(words, (19, 18, 17, 16), width - 16, True)
            theme.blit_text(surface, theme.fit(words, size, width - 16, True), size, box.center, theme.INK, True,
                            "center")
            x += width

    def draw_legend_line(self, surface, y):
        """The payout table on one line, under the final sheet (the story needs the room below)."""
        # TRANSLATORS: {table} is the payout table's cells, like "exact: 10 × bid + 25  ·  1 off: 8 × bid"
        words = _("The bank pays, by tricks off the bid:  {table}").format(table="  ·  ".join(payout_legend()))
        for line in theme.wrap(words, 17, 1180):
            rect = theme.blit_text(surface, line, 17, (640, y), theme.INK_DIM, False, "center")
            self.table_bottom, y = rect.bottom, y + 22

    def draw_cells(self, surface, seat, row, xs):
        cy = row.centery
        name = theme.fit(self.session.name(seat), 24, 150, True)
        rect = theme.blit_text(surface, name, 24, (xs["name"][0] + 12, cy), theme.INK, True, "midleft")
        if seat in self.winners:
            crown(surface, (rect.right + 20, cy + math.sin(self.time * 4) * 3), 26)
        for key, text in self.cells(seat).items():
            x, width = xs[key]
            if key == "reason":
                size = theme.fitting_size(text, (21, 20, 19, 18), width - 14)  # whole where a smaller size lets it
                theme.blit_text(surface, theme.fit(text, size, width - 14), size, (x + 10, cy), theme.INK, False,
                                "midleft")
                self.tip(pygame.Rect(x, row.y, width, row.height), self.cell_words(seat, key, text))
                continue
            big = key == "total"
            colour = theme.GOLD if big or key == self.round_no - 1 else (theme.WARN if key == "repay" else theme.INK)
            theme.blit_text(surface, text, 30 if big else 24, (x + width // 2, cy), colour, True, "center")
            self.tip(pygame.Rect(x, row.y, width, row.height), self.cell_words(seat, key, text))

    def cell_words(self, seat, key, text):
        """What a cell of the sheet means for this seat, with the rules core's words where it has them."""
        who = self.session.name(seat)
        if key == "reason":
            # TRANSLATORS: {payout} is a payout row, like "bid 3, took 4: 8 × 3 = 24"
            return _("{name}, round {round}: {payout}").format(name=who, round=self.round_no, payout=text)
        if isinstance(key, int):
            reasons = self.history[key].get("reasons") or []
            if seat < len(reasons):
                return _("{name}, round {round}: {chips} chips: {payout}").format(
                    name=who, round=key + 1, chips=text, payout=reasons[seat])
            return _("{name}, round {round}: {chips} chips").format(name=who, round=key + 1, chips=text)
        loan = self.loans[seat]
        if key == "loans":
            if not loan:
                return _("{name} has no loan").format(name=who)
            return _("{name} borrowed {loan} chips and repays {repay} at the end").format(
                name=who, loan=loan, repay=repay_for(loan))
        if key == "repay":
            if not loan:
                return _("{name} repays nothing").format(name=who)
            return _("{name} repays {repay} chips for a loan of {loan}").format(name=who, repay=repay_for(loan),
                                                                                 loan=loan)
        if key == "chips":
            return _("{name}'s chips after the last round, before the loans are repaid").format(name=who)
        if self.final:
            return _("{name}'s chips: {chips} after repaying the loans").format(name=who, chips=text)
        return _("{name}'s chips: {chips} so far").format(name=who, chips=text)
