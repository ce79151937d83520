"""Scores after a round (this round's points with the reason, running totals, every round so far),
and at the end the winners, with a rematch or the way back to the menu.

The end is celebrated (confetti, the cheer, the bouncing title) when a person at the screen won, or
when nobody at the screen plays (bots only, the demo); when bots beat every person it is a quieter
page. Confetti falls behind the page: it keeps clear of every word and row.

Esc on a round's scores opens the pause box (back to the scores, or leave the game), as on the table:
only the Continue button moves the game on."""

import math
import random

import pygame

from scenes.screen import canvas

from scenes.screen import paint

from game.i18n import _, ngettext, listing
from scenes.boards.story import StoryPanel
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.base import Sheet
from scenes.screen.tween import Tween, ease_out_back

ROW_H = 58
# The final sheet is compact, so the evening's story (scenes.boards.story) fits under it
FINAL_TOP = 110       # the table's heading line
FINAL_ROW_H = 42
STORY_BOTTOM = 640    # the story ends above the buttons (and above a replay's control bar)
VOTES_ROOM = 24       # a phone game's final sheet: the line of the phones' votes to play again, above the buttons
FINAL_BUTTONS = pygame.Rect(0, 652, 340, 56)
POP_PEAK = 0.2 + 0.8 * 1.1  # the final title's largest scale while it pops (ease_out_back overshoots 10 %)
CONFETTI_CLEARANCE = 10  # pixels of plain background confetti keeps around anything on the page
CONFETTI_COLOURS = [cards.COLOURS[c] for c in cards.SUITS] + [theme.GOLD, (255, 255, 255)]


def crown(surface, center, size, colour=theme.GOLD):
    x, y = center
    s = size / 2
    pts = [(x - s, y + s * 0.6), (x - s, y - s * 0.4), (x - s * 0.5, y + s * 0.05), (x, y - s * 0.7),
           (x + s * 0.5, y + s * 0.05), (x + s, y - s * 0.4), (x + s, y + s * 0.6)]
    paint.polygon(surface, colour, pts)
    paint.polygon(surface, cards.EDGE, pts, 2)


class Confetti:
    """Falling paper: positions move by velocity × dt, so it looks the same at any frame rate."""

    def __init__(self, count=140, seed=1):
        self.rng = random.Random(seed)
        self.bits = [self.spawn(initial=True) for _ in range(count)]

    def spawn(self, initial=False):
        r = self.rng
        y = r.uniform(-400, 200) if initial else r.uniform(-80, -10)
        return [r.uniform(0, 1280), y, r.uniform(-40, 40), r.uniform(90, 190), r.choice(CONFETTI_COLOURS),
                r.uniform(0, math.tau), r.uniform(3, 7)]

    def update(self, dt):
        for i, bit in enumerate(self.bits):
            bit[0] += bit[2] * dt
            bit[1] += bit[3] * dt
            bit[5] += dt * 4
            if bit[1] > 730:
                self.bits[i] = self.spawn()

    def draw(self, surface, keep_out=()):
        """The bits, but none that would touch a rect of keep_out (it passes behind the page)."""
        for x, y, _vx, _vy, colour, phase, size in self.bits:
            w = max(1, int(size * abs(math.cos(phase))) + 1)
            bit = pygame.Rect(int(x), int(y), w * 2, int(size))
            if bit.collidelist(keep_out) == -1:
                surface.fill(colour, bit)


def clear_of(page, margin=CONFETTI_CLEARANCE):
    """Rects around everything drawn on page (a surface whose colour key is the plain background),
    widened by margin: words, rows, buttons."""
    mask = pygame.mask.from_surface(page)
    return [r.inflate(2 * margin, 2 * margin) for r in mask.get_bounding_rects()]


def celebrates(session):
    """Confetti and the cheer: a person at the screen won, or nobody at the screen plays."""
    people = session.people
    return not people or any(w in people for w in session.state.winners or [])


SHEET_WAIT = 8.0  # seconds a round's scores stay when nobody at the screen could click them away


class ScoreboardScene(Sheet):
    def __init__(self, app, session, round_no, final=False, on_continue=None, notes=()):
        super().__init__(app)
        self.session = session
        self.round_no = round_no
        self.final = final
        self.on_continue = on_continue
        self.notes = list(notes)  # lines from the game's table: how points count, why a round ended
        view = session.state.view(session.home)
        self.history = view.get("history", [])[:round_no]
        self.rounds = view.get("rounds", round_no)
        self.winners = session.state.winners or []
        self.celebrate = final and celebrates(session)
        self.confetti = Confetti() if self.celebrate else None
        self.page = None       # the page drawn apart, so confetti can fall behind it
        self.keep_out = None   # where confetti must not show (see clear_of)
        self.keep_shape = None  # the title's size keep_out was measured at
        self.pop = Tween(app.settings.speed_factor * 0.9, 0.2 if self.celebrate else 1.0, 1.0, ease_out_back)
        self.cheered = False
        self.paused = False    # Esc on a round's scores: the pause box is open
        self.buttons_shown = True  # a replay hosting the sheet hides them: its bar does their work
        # phones with nobody at the screen: the round's scores move on by themselves after a while
        self.waits_alone = not final and on_continue is not None and not session.people and bool(session.phones)
        # phones never wait for the TV: once one of them plays the next round, its scores make way
        self.keeps_up = not final and on_continue is not None and bool(session.phones)
        self.shown_for = 0.0
        self.top = FINAL_TOP if final else 160  # where the table starts, and its rows' height
        self.row_h = FINAL_ROW_H if final else ROW_H
        self.table_bottom = self.top  # where the table ended when last drawn: the story goes under it
        self.story = None
        if final:
            names = [session.name(s) for s in range(session.state.players)]
            self.story = StoryPanel(session.told, names)  # what the table was told: the public lines

    def enter(self):
        """The final sheet cheers once, as it first appears (when it celebrates); with nobody at the
        screen the phones are told the round's scores are up, so a tap on any of them moves on."""
        table = self.session.phone_table
        if self.waits_alone and table is not None:
            table.nudged()  # a tap from before this sheet does not count
            table.announce_sheet(self.round_no)
        if self.final and not self.cheered:
            self.cheered = True
            if self.celebrate:
                self.app.play_sound("win")

    def update(self, dt):
        super().update(dt)
        self.shown_for += dt
        if self.keeps_up and not self.paused and self.phones_moved_on():
            self.move_on_alone()
            return
        if self.waits_alone and not self.paused and (self.shown_for >= SHEET_WAIT or self.phone_tapped()):
            self.move_on_alone()
            return
        self.pop.update(dt)
        if self.confetti:
            self.confetti.update(dt)

    def phones_moved_on(self):
        """The next round's first decision was taken (on a phone) while these scores were up: a step
        waits behind them."""
        return not self.session.caught_up

    def phone_tapped(self):
        table = self.session.phone_table
        return table is not None and table.nudged()

    def move_on_alone(self):
        announced = self.waits_alone
        self.waits_alone = self.keeps_up = False
        table = self.session.phone_table
        if table is not None and announced:
            table.announce_sheet(self.round_no, open_=False)
        self.on_continue()

    # --- input -------------------------------------------------------------------------------------
    def handle(self, event):
        """Enter or Space presses the round's "Next round", as Enter presses a confirm at the table."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.final and not self.paused and "continue" in self.targets:
                self.click("continue")
            return
        super().handle(event)

    def click(self, name):
        if name == "continue" and self.on_continue:
            self.on_continue()
        elif name == "rematch":
            self.app.start_game(self.session.rematch())
        elif name in ("menu", "pause:menu"):
            self.app.to_menu()
        elif name == "pause:resume":
            self.paused = False

    def back(self):
        """Esc: the game is over on the final sheet, so back to the menu (as its button says); on a
        round's scores the pause box opens and closes, as on the table. Never the next round."""
        if self.final:
            self.app.to_menu()
        else:
            self.paused = not self.paused

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        if self.confetti:
            self.draw_behind_confetti(surface)
        else:
            self.draw_page(surface)
        if self.paused:
            self.draw_pause(surface)

    def draw_page(self, surface):
        self.draw_title(surface)
        self.draw_table(surface)
        if self.story is not None:
            top = self.table_bottom + 14
            bottom = STORY_BOTTOM - (VOTES_ROOM if self.final and self.session.phones else 0)
            self.story.draw(self, surface, pygame.Rect(40, top, 1200, bottom - top))
        if self.buttons_shown:
            self.draw_buttons(surface)

    def draw_behind_confetti(self, surface):
        """Confetti goes on the screen first, only where it keeps clear of the page, then the page over
        it. Where the page lies is learnt once from drawing it on a layer of its own whose plain
        background is left out, with the title at the largest it grows to while it pops (learning it
        again at every frame of the pop cost some 6 ms a frame)."""
        shape = surface.get_size()
        if self.keep_out is None or shape != self.keep_shape:
            if self.page is None or self.page.get_size() != surface.get_size():
                self.page = pygame.Surface(surface.get_size())
            self.page.fill(theme.BG)
            popping, self.pop = self.pop, Tween(0, POP_PEAK, POP_PEAK)
            self.pop.finish()
            try:
                self.draw_page(self.page)
            finally:
                self.pop = popping
            self.page.set_colorkey(theme.BG)
            self.keep_out, self.keep_shape = clear_of(self.page), shape
        self.confetti.draw(surface, self.keep_out)
        self.draw_page(surface)

    def draw_pause(self, surface):
        """Esc on a round's scores: the same choice as the table's pause box, nothing moves on."""
        self.forget_under()
        theme.shade(surface, 170)
        box = pygame.Rect(0, 0, 520, 300)
        box.center = (640, 360)
        theme.panel(surface, box, fill=(16, 40, 32), edge=theme.GOLD, radius=16, width=3)
        theme.blit_text(surface, _("Paused"), 36, (box.centerx, box.y + 44), theme.GOLD, True, "center")
        items = [("resume", _("Back to the scores"), "good"), ("menu", _("Leave game (back to menu)"), "normal")]
        for i, (key, label, kind) in enumerate(items):
            rect = pygame.Rect(0, 0, 420, 60)
            rect.center = (box.centerx, box.y + 130 + i * 80)
            theme.button(surface, rect, label, self.hovering(f"pause:{key}"), 24, kind)
            self.target(f"pause:{key}", rect)

    def draw_title(self, surface):
        names = [self.session.name(w) for w in self.winners]
        if self.final:
            words = ngettext("{names} wins!", "{names} share the win!", len(names)).format(names=listing(names))
            title = theme.text(words, 40, theme.GOLD if self.celebrate else theme.INK, True)
            scale = self.pop.value
            if abs(scale - 1) > 0.01:
                grown = title.get_rect().scale_by(max(0.05, scale))
                grown.center = (640, 40)
                canvas.stretched(surface, title, grown)
            else:
                surface.blit(title, title.get_rect(center=(640, 40)))
            theme.blit_text(surface, ngettext("Final scores after {n} round", "Final scores after {n} rounds",
                                              self.rounds).format(n=self.rounds), 18, (640, 74), theme.INK_DIM,
                            False, "center")
        else:
            theme.blit_text(surface, _("Round {round} of {rounds}: scores").format(round=self.round_no,
                                                                                 rounds=self.rounds), 44, (640, 52),
                            theme.GOLD, True, "center")
        for i, (line, warn) in enumerate(self.notes[:1 if self.final else 2]):
            y = 97 if self.final else 100 + 26 * i
            theme.blit_text(surface, theme.fit(line, 18, 1200), 18, (640, y), theme.WARN if warn else theme.INK_DIM,
                            False, "center")

    def columns(self):
        rounds = max(self.rounds, len(self.history))
        name_w, reason_w, round_w, total_w = 230, 330, 74, 120
        left = (1280 - (name_w + reason_w + round_w * rounds + total_w)) // 2
        xs = {"name": left, "reason": left + name_w}
        x = left + name_w + reason_w
        for r in range(rounds):
            xs[r] = x + round_w * r
        xs["total"] = x + round_w * rounds
        xs["end"] = xs["total"] + total_w
        return xs, round_w

    def draw_table(self, surface):
        xs, round_w = self.columns()
        top = self.top
        head = [("name", _("Player")), ("reason", _("Round {round} points").format(round=self.round_no))]
        for label_x, label in head:
            theme.blit_text(surface, label, 20, (xs[label_x] + 10, top + 12), theme.INK_DIM, True, "midleft")
        for r in range(max(self.rounds, len(self.history))):
            colour = theme.GOLD if r == self.round_no - 1 else theme.INK_DIM
            # TRANSLATORS: a column heading: round {n}, short ("R3")
            theme.blit_text(surface, _("R{n}").format(n=r + 1), 20, (xs[r] + round_w // 2, top + 12), colour, True, "center")
        theme.blit_text(surface, _("Total"), 20, (xs["total"] + 60, top + 12), theme.INK_DIM, True, "center")
        last = self.history[-1] if self.history else {"points": [], "reasons": [], "totals": []}
        leader = max(last.get("totals") or [0])
        for seat in range(self.session.state.players):
            y = top + (32 if self.final else 36) + seat * self.row_h
            row = pygame.Rect(xs["name"], y, xs["end"] - xs["name"], self.row_h - 6)
            self.table_bottom = row.bottom
            won = seat in self.winners
            best = last.get("totals") and last["totals"][seat] == leader
            paint.rect(surface, (70, 60, 20) if won else (14, 40, 32), row, border_radius=10)
            if won or (best and not self.final):
                paint.rect(surface, theme.GOLD, row, 2, border_radius=10)
            self.draw_seat_colour(surface, seat, row)
            self.draw_row(surface, seat, row, xs, round_w, last)

    def draw_seat_colour(self, surface, seat, row):
        """On the final sheet, each row's colour in the story's chart, at the row's left edge."""
        if self.story is not None:
            colour = theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)]
            paint.rect(surface, colour, (row.x + 3, row.y + 7, 5, row.height - 14), border_radius=2)

    def draw_row(self, surface, seat, row, xs, round_w, last):
        cy = row.centery
        name = theme.fit(self.session.name(seat), 24, 180, True)
        name_rect = theme.blit_text(surface, name, 24, (xs["name"] + 12, cy), theme.INK, True, "midleft")
        if seat in self.winners:
            bob = math.sin(self.time * 4) * 3
            crown(surface, (name_rect.right + 22, cy + bob), 28)
        reasons = last.get("reasons") or []
        who = self.session.name(seat)
        if seat < len(reasons):
            size = theme.fitting_size(reasons[seat], (22, 20, 18), 320)  # whole, colours named: smaller if need be
            rect = theme.blit_text(surface, theme.fit(reasons[seat], size, 320), size, (xs["reason"] + 10, cy),
                                   theme.INK, False, "midleft")
            # TRANSLATORS: a tooltip: {words} is why the player scored so, in the rules' words
            self.tip(rect, _("{name}, round {round}: {words}").format(name=who, round=self.round_no, words=reasons[seat]))
        for r, entry in enumerate(self.history):
            colour = theme.GOLD if r == self.round_no - 1 else theme.INK
            rect = theme.blit_text(surface, str(entry["points"][seat]), 24, (xs[r] + round_w // 2, cy), colour, True,
                                   "center")
            self.tip(rect.inflate(24, 12), self.round_cell_words(seat, r, entry))
        totals = last.get("totals") or []
        if seat < len(totals):
            rect = theme.blit_text(surface, str(totals[seat]), 30, (xs["total"] + 60, cy), theme.GOLD, True,
                                   "center")
            points = " + ".join(str(entry["points"][seat]) for entry in self.history)
            # TRANSLATORS: a tooltip: {points} is a sum of each round's points, "5 + -2 + 3"
            self.tip(rect.inflate(24, 12), _("{name}'s total: {points} = {total}").format(name=who, points=points,
                                                                                        total=totals[seat]))

    def draw_votes(self, surface):
        """The phones' answers to "Play again?": who wants a rematch (the host starts it with Rematch)."""
        table = self.session.phone_table
        votes = table.votes if table is not None else {}
        if not votes:
            return
        yes = [self.session.name(s) for s, again in sorted(votes.items()) if again]
        no = [self.session.name(s) for s, again in sorted(votes.items()) if not again]
        if yes:
            # TRANSLATORS: {names}: the players who tapped "Play again" on their phones, "Anna and Ben"
            words = ngettext("{names} wants to play again", "{names} want to play again", len(yes)).format(
                names=listing(yes))
            if no:
                words += "  ·  " + _("not: {names}").format(names=listing(no))
        else:
            words = _("Not again this time: {names}").format(names=listing(no))
        theme.blit_text(surface, theme.fit(words, 20, 1200, True), 20, (640, FINAL_BUTTONS.y - 15),
                        theme.GOLD if yes else theme.INK_DIM, True, "center")

    def round_cell_words(self, seat, r, entry):
        """How one round's points of one seat came about, in the rules core's own words."""
        reasons = entry.get("reasons") or []
        name, points = self.session.name(seat), entry["points"][seat]
        if seat < len(reasons):
            # TRANSLATORS: a tooltip: {words} is why the player scored so, in the rules' words
            return _("{name}, round {round}: {points} points: {words}").format(name=name, round=r + 1, points=points,
                                                                               words=reasons[seat])
        return _("{name}, round {round}: {points} points").format(name=name, round=r + 1, points=points)

    def draw_buttons(self, surface):
        if self.final:
            items = [("rematch", _("Rematch"), "good"), ("menu", _("Back to menu"), "normal")]
        else:
            label = _("Next round") if self.round_no < self.rounds else _("Final scores")
            if self.waits_alone:  # nobody at the screen: say when it goes on, and how sooner
                # TRANSLATORS: a button that presses itself: {label} is "Next round" or "Final scores"
                label = _("{label} in {seconds} s").format(label=label,
                                                           seconds=max(1, math.ceil(SHEET_WAIT - self.shown_for)))
            items = [("continue", label, "good")]
        if self.waits_alone:
            theme.blit_text(surface, _("Or tap Next round on any phone."), 18, (640, 706), theme.INK_DIM, False,
                            "center")
        if self.final:
            self.draw_votes(surface)
        width = 340
        left = 640 - (len(items) * (width + 30) - 30) // 2
        for i, (key, label, kind) in enumerate(items):
            rect = pygame.Rect(left + i * (width + 30), 630, width, 64)
            if self.final:
                rect = FINAL_BUTTONS.move(left + i * (width + 30), 0)
            theme.button(surface, rect, label, self.hovering(key), 28, kind)
            self.target(key, rect)
