"""The Was sticht? row draft (the "market" scene): 9 rows of 4 open cards, one card each per row.

Left: every row, drafted ones with who took what and the starter's hint (who would have won them as
a trick). Centre: the current row, large and clickable; the deduction notepad; on the starter's own
screen the secret trump. Right: the seats with their open hands, the disc and the starter.
"""

import pygame

from scenes.screen import paint
from scenes.screen.canvas import Picture

from game import i18n
from game.i18n import _, pgettext
from game.games.wassticht.rules import ROW_SIZE, ROWS
from game.games.wassticht.story import first_tag
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen import widgets
from scenes.boards.wassticht import notepad
from scenes.screen.board import Flight
from scenes.screen.tween import Tween, ease_out_cubic, linear
from scenes.boards.wassticht.common import (SEAT_COLOURS, WasStichtBoard, draw_trump, felt, seat_chip, toast, trump_card,
                                            trump_words)

ROWS_RECT = pygame.Rect(10, 10, 420, 586)  # the nine rows; under them the teacher's place (TEACH_BOX)
ROW_LINE_TOP = 46
ROW_LINE_H = 60
MINI = (36, 50)
TEACH_BOX = pygame.Rect(0, ROWS_RECT.bottom + 4, 440, 720 - ROWS_RECT.bottom - 6)
HAND_MINI = (38, 54)
CENTRE_X = 660
BIG_TOP = 94  # a raised card (16 px) stays clear of the status line
BANNER_LINE = 30  # the starter's announcement: its line height
BIG_GAP = 14
NOTEPAD_POS = (445, 272)
SEAT_X, SEAT_W, SEAT_H, SEAT_STEP = 890, 380, 150, 158
BUTTON_Y = 650
BUTTONS_LEFT = 870  # the button row keeps right of the coach's Hint button
SECRET_CARD = (48, 72)  # the starter's two trump cards, left of the Hint button
_backgrounds = {}


def seat_rect(seat):
    return pygame.Rect(SEAT_X, 10 + seat * SEAT_STEP, SEAT_W, SEAT_H)


def hand_slot(seat, index):
    r = seat_rect(seat)
    return pygame.Rect(r.x + 18 + index * 39, r.y + 84, *HAND_MINI)


def rows_background():
    """The rows panel without its rows: opaque on the felt, so blitting it is cheap."""
    key = ("rows", i18n.language())
    surf = _backgrounds.get(key)
    if surf is None:
        surf = Picture(ROWS_RECT.size, alpha=False)
        surf.blit(felt(), (-ROWS_RECT.x, -ROWS_RECT.y))
        theme.panel(surf, surf.get_rect(), fill=(12, 34, 28))
        theme.blit_text(surf, _("Rows and hints"), 22, (14, 10), theme.GOLD, True)
        theme.blit_text(surf, _("who would win"), 16, (ROWS_RECT.width - 14, 15), theme.INK_DIM, False, "topright")
        surf = _backgrounds[key] = surf.convert()
    return surf


def big_rect(i):
    width = ROW_SIZE * cards.TRICK[0] + (ROW_SIZE - 1) * BIG_GAP
    return pygame.Rect(CENTRE_X - width // 2 + i * (cards.TRICK[0] + BIG_GAP), BIG_TOP, *cards.TRICK)


class WasStichtDraft(WasStichtBoard):
    kind = "market"

    def __init__(self, screen):
        self.flying = None  # the card in the air: drawn by its flight, not in its row
        self.hint_banner = None  # (starter, winner, last row?) of the hint shown large for a moment
        self.trump_flip = None  # Tween 0..1 while the revealed trump cards turn face up
        self.row_rects = {}
        self._rows_surface = None
        self._rows_language = None  # the language the rows panel's heading was drawn in
        self._rows_drawn = [None] * ROWS  # the line surface last drawn for each row
        self._line_cache = {}
        self._seat_cache = {}
        super().__init__(screen)
        self.memory.setdefault("notepad", bool(self.session.people))  # on by default where people play

    # --- events ------------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act" and self.step_action[0] == "draft":
            self.draft_step(ev, ev["p"], self.step_action[1])
        elif kind == "hint":
            self.hint_step(ev)
        else:
            super().event_steps(ev)

    def draft_step(self, ev, seat, card):
        """The card flies from its row to the taker's open hand."""
        def begin():
            self.log.event(ev)
            start = self.row_rects.get(card, big_rect(0))
            end = hand_slot(seat, len(self.shown["hands"][seat]))
            tween = Tween(self.dur(0.35), ease=ease_out_cubic)
            self.flying = card
            self.flights = [Flight(card, start.center, end.center, start.size, HAND_MINI, tween)]
            return [tween]

        def end():
            self.flying = None
            self.resync()

        self.script.add(begin, end)

    def hint_step(self, ev):
        """The starter's announcement, large for a moment; after row 9 the trump is revealed."""
        last = ev["row"] == ROWS

        def begin():
            self.log.event(ev)
            self.resync()  # the step's view after: the row taken, the hint, after row 9 the trump for all
            self.hint_banner = (self.shown["starter"], ev["winner"], last)
            if last:
                self.screen.reveal_beat("trump")
                self.trump_flip = Tween(self.dur(0.9), ease=linear)

        def end():
            self.hint_banner = None

        self.hold_step(2.6 if last else 1.6, begin=begin, end=end)

    # --- what the viewer may do ----------------------------------------------------------------------
    def playable(self):
        if not self.can_play():
            return set()
        return {a[1] for a in self.state.legal_actions() if a[0] == "draft"}

    def card_action(self, card):
        return ("draft", card)

    def click_game(self, name):
        if name.startswith("row:"):  # a card of another row: the rules core says why not
            self.act(("draft", name[4:]))
        elif name.startswith("taken:"):  # a newcomer clicked a taken card and heard nothing
            self.refuse(_("{name} took that card already: pick one still open").format(
                name=self.session.name(int(name[6:]))))

    def click_button(self, which):
        if which == "notepad":
            self.memory["notepad"] = not self.memory["notepad"]
        else:
            super().click_button(which)

    def prompt(self):
        name = self.session.name(self.session.viewer)
        if not self.shown["row"]:  # the rows are taken: the board waits for the task choice
            return _("{name}: the rows are all taken").format(name=name)
        return _("{name}: pick a card from row {row}").format(name=name, row=self.shown["row"])

    def status_line(self):
        s = self.session
        if self.idle and not s.state.is_over and not s.my_turn() and s.decider is not None \
                and not self.teacher_holds():  # while a note holds the game nobody is deciding
            if s.phone_turn():
                return self.screen.waiting_line()
            return _("{name} is choosing a card…").format(name=s.name(s.decider))
        return super().status_line()

    # --- drawing -------------------------------------------------------------------------------------
    def render(self, surface):
        surface.blit(felt(), (0, 0))
        self.row_rects = {}
        surface.blit(self.rows_panel(), ROWS_RECT)
        self.target_rows()
        self.draw_centre(surface)
        for seat in range(self.state.players):
            self.draw_seat(surface, seat)
        self.draw_buttons(surface)
        for flight in self.flights:
            flight.draw(surface)
        self.draw_banner(surface)
        self.draw_coach(surface)

    def draw_buttons(self, surface):
        """The buttons stay in the seat column, so the Hint button fits at the centre column's right end;
        longer words (another language) take less padding, then smaller type, before they crowd it."""
        items = [("notepad", _("Notepad")), ("tasks", _("Tasks")), ("log", _("Log")), ("menu", _("Menu"))]
        right = SEAT_X + SEAT_W
        room = right - BUTTONS_LEFT
        # never under sofa size (16): less padding and gap first
        for size, pad, least, gap in ((18, 30, 80, 10), (18, 18, 60, 10), (17, 18, 60, 10), (16, 18, 56, 10),
                                      (16, 16, 44, 6)):  # (theme.button gives its words width - 16)
            widths = [max(least, theme.font(size, True).size(label)[0] + pad) for _, label in items]
            if sum(widths) + gap * (len(items) - 1) <= room:
                break
        x = right - sum(widths) - gap * (len(items) - 1)
        for (key, label), width in zip(items, widths):
            rect = pygame.Rect(x, BUTTON_Y, width, 44)
            theme.button(surface, rect, label, self.hovering(f"btn:{key}"), size)
            self.target(f"btn:{key}", rect)
            x += width + gap

    # the coach: bars over the cards of the current row; no room for a list
    def coach_rects(self):
        return self.row_rects

    def coach_bar_rect(self, rect, width):
        """Under the row's card (where a taken card names its taker): above it is the status line."""
        return pygame.Rect(rect.x + 2, rect.bottom + 4, min(64, width - 4), 20)

    def coach_box(self):
        return None

    def coach_say(self):
        """The hint's sentence over the centre column's head (the round and whose pick) while it is shown."""
        return pygame.Rect(CENTRE_X - 224, 4, 448, 88)  # over the head's words, fitted to 440 px

    def coach_button(self):
        """At the right end of the centre column's bottom line, clear of the trump cards and words."""
        return pygame.Rect(773, BUTTON_Y + 9, 96, 26)  # right of the trump cards, left of the button row

    # teaching: the rows, the notepad, the secret trump, the seats and their cards
    def teach_place(self, target):
        kind, arg = target[0], target[1:]
        shown = self.shown
        if kind == "row" and arg and 1 <= arg[0] <= ROWS:
            k = arg[0]
            if k == shown["row"]:  # the row being drafted: the big cards and the names under them
                return big_rect(0).union(big_rect(ROW_SIZE - 1)).inflate(12, 12).move(0, 10)
            return self.row_line_rect(k)
        if kind == "notepad":
            return pygame.Rect(NOTEPAD_POS, notepad.SIZE) if self.memory["notepad"] else self.targets.get("btn:notepad")
        if kind == "trump":
            return pygame.Rect(445, NOTEPAD_POS[1] + notepad.SIZE[1] + 4, notepad.SIZE[0], 96)
        if kind == "seat" and arg:
            return seat_rect(arg[0])
        if kind == "card" and arg:
            card = arg[0]
            if card in self.row_rects:
                return self.row_rects[card]
            for seat, hand in enumerate(shown["hands"]):
                if card in hand:
                    return hand_slot(seat, hand.index(card))
        if kind == "action" and arg == ("draft",):
            return self.teach_place(("row", shown["row"])) if shown["row"] else None
        return None

    def teach_box(self):
        """Under the rows panel, its own place: all nine rows, the current row, the notepad, the trump
        and the seats stay clear at every moment of the draft. While the trump is hidden from the viewer
        the place reaches right to the Hint button, over the words that the starter knows the trump
        (a lesson leaves them out: its teacher says so)."""
        if self.trump_visible():
            return TEACH_BOX.copy()
        return TEACH_BOX.inflate(0, 0).union(pygame.Rect(TEACH_BOX.x, TEACH_BOX.y, self.coach_button().x - 6,
                                                         TEACH_BOX.height))

    def row_line_rect(self, k):
        """Row K's line (1-9) in the rows panel, as drawn."""
        return pygame.Rect(ROWS_RECT.x + 6, ROWS_RECT.y + ROW_LINE_TOP + (k - 1) * ROW_LINE_H - 4,
                           ROWS_RECT.width - 12, ROW_LINE_H - 2)

    # the rows and hints
    def rows_panel(self):
        """The rows and hints on an opaque panel; only a line that changed is drawn again."""
        if self._rows_surface is None or self._rows_language != i18n.language():
            self._rows_surface = rows_background().copy()  # its heading in the language now
            self._rows_language = i18n.language()
            self._rows_drawn = [None] * ROWS
        surf = self._rows_surface
        for k in range(ROWS):
            line = self.row_line(k)
            if self._rows_drawn[k] is not line:
                spot = pygame.Rect(0, ROW_LINE_TOP + k * ROW_LINE_H - 4, ROWS_RECT.width, ROW_LINE_H)
                surf.blit(rows_background(), spot, spot)  # the panel under the old line
                surf.blit(line, spot)
                self._rows_drawn[k] = line
        return surf

    def row_line(self, k):
        shown = self.shown
        line = tuple((seat, card) for seat, card in self.row_cards(k) if card != self.flying)
        winner = shown["hints"][k] if k < len(shown["hints"]) else None
        key = (k, line, winner, shown["row"] == k + 1)
        current = shown["row"] == k + 1
        return widgets.cached(self._line_cache, key, lambda: self.draw_row_line(k, line, winner, current), most=60)

    def row_cards(self, k):
        """(seat or None, card) of row k in the order shown: taken cards first, then those left."""
        shown = self.shown
        taken = [(s, c) for s, c in shown["drafted"][k]] if k < len(shown["drafted"]) else []
        return taken + [(None, c) for c in shown["rows"][k]]

    def draw_row_line(self, k, line, winner, current):
        surf = Picture((ROWS_RECT.width, ROW_LINE_H))
        y = 4
        if current:
            band = (6, 0, ROWS_RECT.width - 12, ROW_LINE_H - 2)
            paint.rect(surf, (40, 80, 60), band, border_radius=10)
            paint.rect(surf, theme.GOLD, band, 3, border_radius=10)
        theme.blit_text(surf, str(k + 1), 22, (26, y + MINI[1] // 2), theme.GOLD if current else theme.INK_DIM,
                        True, "center")
        slots = {card: i for i, (_, card) in enumerate(self.row_cards(k))}  # a flying card keeps its gap
        for seat, card in line:
            x = 48 + slots[card] * 50
            surf.blit(cards.face(card, MINI), (x, y))
            if seat is not None:
                paint.rect(surf, SEAT_COLOURS[seat], (x + 2, y + MINI[1] + 1, MINI[0] - 4, 4), border_radius=2)
            if winner is not None and seat == winner:
                paint.rect(surf, theme.GOLD, (x - 3, y - 3, MINI[0] + 6, MINI[1] + 6), 3, border_radius=7)
        if winner is not None:
            name = theme.fit(self.session.name(winner), 21, 140, True)
            theme.blit_text(surf, name, 21, (258, y + 2), SEAT_COLOURS[winner], True)
            theme.blit_text(surf, _("would win"), 16, (258, y + 28), theme.INK_DIM)
        elif current:
            theme.blit_text(surf, _("taking now"), 18, (258, y + 14), theme.GOLD, True)
        return surf.convert_alpha()

    def target_rows(self):
        """Cards of rows other than the current one answer a click with the rules core's reason."""
        shown = self.shown
        for k in range(ROWS):
            if k + 1 == shown["row"]:
                continue
            for i, card in enumerate(shown["rows"][k]):  # rows still to come: nobody took from them yet
                rect = pygame.Rect(ROWS_RECT.x + 48 + i * 50, ROWS_RECT.y + ROW_LINE_TOP + k * ROW_LINE_H, *MINI)
                self.target(f"row:{card}", rect)
                self.row_rects[card] = rect

    # the current row, the notepad, the secret trump
    def draw_centre(self, surface):
        shown = self.shown
        row = shown["row"]
        if row:
            title = _("Round {round} · row {row} of {rows}").format(round=shown["round"], row=row, rows=ROWS)
        else:
            title = _("Round {round}").format(round=shown["round"])
        theme.blit_text(surface, title, 26, (CENTRE_X, 24), theme.GOLD, True, "center")
        line = self.status_line()
        if line:
            size = theme.fitting_size(line, (21, 19, 17), 440, True)  # whole with a long name: smaller
            theme.blit_text(surface, theme.fit(line, size, 440, True), size, (CENTRE_X, 58), theme.INK, True, "center")
        if row:
            self.draw_current_row(surface, row - 1)
        if self.memory["notepad"]:
            truth = (shown["trump_colour"], shown["trump_number"]) if self.trump_visible() else None
            surface.blit(notepad.panel(shown["possible_trumps"], truth), NOTEPAD_POS)
        else:
            theme.blit_text(surface, _("Notepad hidden: the button below shows it"), 18, (CENTRE_X, 400), theme.INK_DIM,
                            False, "center")
        self.draw_secret(surface)
        if self.screen.refusal_live():
            toast(surface, self.hint, (CENTRE_X, BIG_TOP + cards.TRICK[1] + 38), 520)

    def draw_current_row(self, surface, k):
        playable = self.playable()
        for i, (seat, card) in enumerate(self.row_cards(k)):
            rect = big_rect(i)
            if seat is not None:
                paint.rect(surface, (60, 130, 95), rect, 2, border_radius=10)
                surface.blit(cards.dimmed(card, cards.TRICK), rect)
                theme.blit_text(surface, theme.fit(self.session.name(seat), 17, rect.width), 17,
                                (rect.centerx, rect.bottom + 12), SEAT_COLOURS[seat], True, "center")
                self.target(f"taken:{seat}", rect)  # a click on it is answered, not ignored
                continue
            if card == self.flying:
                continue
            lifted = rect.move(0, -round(16 * self.lifts.get(card, 0.0)))
            surface.blit(cards.face(card, cards.TRICK), lifted)
            if card in playable:
                paint.rect(surface, theme.GOLD, lifted.inflate(6, 6), 3, border_radius=12)
            self.row_rects[card] = lifted
            self.target(f"card:{card}", rect.inflate(0, 16).move(0, -8))

    def update(self, dt):
        super().update(dt)
        if self.trump_flip is not None and self.trump_flip.update(dt):
            self.trump_flip = None

    def finish_beats(self):
        super().finish_beats()
        self.trump_flip = None

    def draw_trump_turning(self, surface, topleft, colour, number):
        """The two trump cards; as the trump is revealed they turn over, one after the other."""
        if self.trump_flip is None:
            draw_trump(surface, topleft, colour, number, SECRET_CARD)
            return
        w, h = SECRET_CARD
        for i, (kind, value) in enumerate((("colour", colour), ("number", number))):
            f = max(0.0, min(1.0, self.trump_flip.value * 1.5 - 0.5 * i))
            if f < 0.5:
                sprite = cards.squeezed(("back", SECRET_CARD), cards.back(SECRET_CARD), 1 - 2 * f)
            else:
                face = trump_card(kind, value, SECRET_CARD)
                sprite = cards.squeezed(("trump", kind, value, SECRET_CARD), face, 2 * f - 1)
            centre = (topleft[0] + i * (w + 10) + w // 2, topleft[1] + h // 2)
            surface.blit(sprite, sprite.get_rect(center=centre))

    def draw_secret(self, surface):
        shown = self.shown
        y = NOTEPAD_POS[1] + notepad.SIZE[1] + 10
        if shown["round"] == 0 or shown["starter"] is None:
            return
        if self.trump_visible():
            secret = shown["phase"] == "row_draft"
            title = _("Your secret trump") if secret else _("Trump revealed")
            size = theme.fitting_size(title, (20, 18, 16), 204, True)  # left of the cards (German ran into them)
            theme.blit_text(surface, theme.fit(title, size, 204, True), size, (452, y + 8), theme.GOLD, True)
            told = len(shown["possible_trumps"]) == 1  # the rows leave one: the table can tell it too
            words = (_("all can tell it now") if told else _("only you see it")) if secret else _("everyone sees it now")
            theme.blit_text(surface, words, 16, (452, y + 36), theme.INK_DIM)
            words = theme.wrap(trump_words(shown["trump_colour"], shown["trump_number"]), 17, 204, True)
            for i, line in enumerate(words[:2]):  # left of the cards, whole, on two lines if need be
                theme.blit_text(surface, line, 17, (452, y + 60 + 20 * i), theme.INK, True)
            self.draw_trump_turning(surface, (664, y), shown["trump_colour"], shown["trump_number"])
            return
        if self.session.lesson is not None:
            return  # the teacher's box stands here and says it
        name = theme.fit(self.session.name(shown["starter"]), 20, 200, True)
        theme.blit_text(surface, _("{name} knows the trump.").format(name=name), 20, (452, y + 8), theme.INK, True)
        words = theme.wrap(_("Each hint after a row crosses out the trumps it rules out."), 16, 280)
        for i, line in enumerate(words[:2]):
            theme.blit_text(surface, line, 16, (452, y + 38 + 22 * i), theme.INK_DIM)

    def reveal_place(self):
        """The strip waiting for the starter's press lies where their secret trump will show."""
        return pygame.Rect(NOTEPAD_POS[0], NOTEPAD_POS[1] + notepad.SIZE[1] + 4, notepad.SIZE[0] - 10, 112)

    def reveal_words(self):
        return _("Show my trump (Enter)")

    # the seats
    def draw_seat(self, surface, seat):
        rect = seat_rect(seat)
        surface.blit(self.seat_surface(seat), rect)
        theme.seat_box(surface, rect)  # the teacher keeps clear of every seat's name and counts
        if seat == self.session.viewer:  # the person's own drafted cards: the teacher keeps clear
            theme.own_cards(surface, [hand_slot(seat, i) for i in range(len(self.shown["hands"][seat]))])
        if self.shown["disc"] == seat:  # the tag alone did not say what the disc is
            self.tip(rect, _("{name} takes first from this row; with each new row the next seat takes first.")
                     .format(name=self.session.name(seat)))
        if seat == self.session.decider and not self.state.is_over:
            paint.rect(surface, theme.GOLD, rect.inflate(6, 6), 4, border_radius=14)

    def seat_surface(self, seat):
        shown = self.shown
        hand = tuple(c for c in shown["hands"][seat] if c != self.flying)
        key = (seat, hand, len(shown["held_tasks"][seat]), len(shown["laid_down"][seat]), shown["starter"],
               shown["disc"], seat == self.session.viewer, widgets.seat_kind(self.session, seat))
        return widgets.cached(self._seat_cache, key, lambda: self.draw_seat_surface(seat, hand), most=40)

    def draw_seat_surface(self, seat, hand):
        shown = self.shown
        surf = Picture((SEAT_W, SEAT_H))
        tags = [widgets.seat_tag(self.session, seat)]
        if shown["starter"] == seat:
            tags.insert(0, (pgettext("tag", "STARTER"), theme.GOLD))
        if shown["disc"] == seat:
            tags.insert(0, (first_tag(), (235, 235, 235)))
        held, laid = len(shown["held_tasks"][seat]), len(shown["laid_down"][seat])
        seat_chip(surf, surf.get_rect(), seat, self.session.name(seat),
                  [(_("Tasks: {held} to do · {laid} laid down").format(held=held, laid=laid), theme.INK_DIM)],
                  tags=tags)
        for i, card in enumerate(hand):
            surf.blit(cards.face(card, HAND_MINI), hand_slot(seat, i).move(-SEAT_X, -seat_rect(seat).y))
        if not hand:
            theme.blit_text(surf, _("no cards yet"), 16, (20, 96), theme.INK_DIM)
        return surf.convert_alpha()

    def banner_lines(self):
        """The starter's announcement in the language now: who says it, who would have won, after
        row 9 the trump."""
        if self.hint_banner is None:
            return []
        starter, winner, last = self.hint_banner
        name, shown = self.session.name, self.shown
        lines = [_("{name}, the starter, says:").format(name=name(starter)),
                 _("“{name} would have won.”").format(name=name(winner))]
        if last:
            lines.append(_("Trump: {trump}").format(trump=trump_words(shown["trump_colour"], shown["trump_number"])))
        return lines

    def draw_banner(self, surface):
        banner_lines = self.banner_lines()
        if not banner_lines:
            return
        box = self.banner_rect(len(banner_lines))
        theme.panel(surface, box, fill=(16, 40, 32), edge=theme.GOLD, radius=16, width=3)
        for i, line in enumerate(banner_lines):
            size = 23 if i else 20
            theme.blit_text(surface, theme.fit(line, size, box.width - 20, True), size,
                            (box.centerx, box.y + 22 + BANNER_LINE * i), theme.GOLD if i else theme.INK, True,
                            "center")

    @staticmethod
    def banner_rect(lines):
        """The starter's announcement over the heading, above the next row's cards (which it covered);
        after row 9, with no row left, its third line (the trump) may reach down where they lay."""
        box = pygame.Rect(0, 0, 446, 14 + BANNER_LINE * lines)
        box.midtop = (CENTRE_X, 4)
        return box
