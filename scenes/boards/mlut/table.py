"""The Mit List und Tücke table: colour piles, picking from the trick, the plus-colour dialog."""

import pygame

from scenes.screen import paint

from game import cards as game_cards
from game.i18n import _, ngettext, pgettext
from game.kit import game_info
from game.games.mlut.rules import COLOURS, PLUS_CHOICES, collection_counts, points_so_far, round_points, trick_takers
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.layout import BUTTONS, LOG_RECT, REMINDER_RECT
from scenes.screen.board import Flight
from scenes.screen.effects import Pop
from scenes.screen.table_board import RAISE, TableBoard, points_words
from scenes.screen.tween import Tween, ease_in_out_cubic, ease_out_cubic

PICK_BUTTON = pygame.Rect(0, 0, 300, 50)
PICK_BUTTON.center = (640, 510)
PLUS = len(PLUS_CHOICES[0][1])  # how many plus colours a choice names (the rules core's choices)
# The pick's helper words sit between the side panels (the reminder and the log), clear of both.
PICK_HELP = pygame.Rect(REMINDER_RECT.right + 24, 0, LOG_RECT.left - REMINDER_RECT.right - 48, 0)
PICK_HELP_SIZE = 20
TEACH_LEFT = 262  # the teacher's room starts right of the game's facts


def upper_first(text):
    """TEXT with its first letter a capital, the rest as it is."""
    return text[:1].upper() + text[1:]


class MlutTable(TableBoard):
    def __init__(self, screen):
        self.selected = []   # trick cards the picker has chosen so far, oldest first
        self.plus_sel = []   # colours chosen in the plus dialog, oldest first
        self.pile_flips = {}  # (seat, colour) -> Tween 0..1 while a minus pile turns face down
        super().__init__(screen)

    def reset_choices(self):
        self.selected = []
        self.plus_sel = []
        self.pile_flips = {}

    # --- events ------------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act":
            key, arg = self.step_action[:2]
            if key == "play":
                self.play_step(ev, ev["p"], arg)
            elif key == "pick":
                self.pick_step(ev, list(arg))
            elif key == "plus":
                self.plus_step(ev, ev["p"])
        elif kind == "trick":
            self.take_step(ev)
        elif kind == "early_end":
            self.hold_step(2.2, begin=lambda: self.early_banner(ev), end=self.clear_trick)
        else:
            super().event_steps(ev)

    def hand_in_play(self):
        """At the person's pick the hand waits: the teacher's box and its reminders may lie over it."""
        return not self.my_phase("pick")

    def teach_box(self):
        """Above the plus colours' dialog while it is open (under it, the dialog's own button); at the
        person's pick above the trick beside the seats at the top, clear of their names (the box lay
        over the top seat's): the pick's help and button stand in the usual place, and the person's
        own hand stays in sight (a newcomer's lay under the box). Teach mode's reminder at the pick:
        over the rule box (a reminder of a rule itself), wrapped in it: above the seats a line was too
        short for German's two rows, and five or six seats leave no room beside them."""
        if self.my_phase("pick") and self.session.lesson is None and not self.dialog_open():
            return REMINDER_RECT.copy()
        if self.my_phase("pick"):
            return self.beside_top_seats()
        if self.dialog_open():
            return pygame.Rect(262, 14, 756, 100)
        return super().teach_box()

    def beside_top_seats(self):
        """The widest room between the game's facts and the buttons at the top right, above the trump
        banner, that no seat's box lies in (German's buttons need more than the usual box's edge gives)."""
        bottom = self.layout.trick_rect(0).top - RAISE - 48  # the trump banner's top, less a gap
        right = min(rect.left for rect in BUTTONS.values()) - 10
        room = pygame.Rect(TEACH_LEFT, 8, right - TEACH_LEFT, bottom - 8)
        seats = sorted(r for r in self.layout.panels.values() if r.colliderect(room))
        edges = [room.left] + [x for r in seats for x in (r.left - 10, r.right + 10)] + [room.right]
        spans = [(edges[i + 1] - edges[i], edges[i]) for i in range(0, len(edges), 2)]
        width, left = max(spans)
        return pygame.Rect(left, room.y, width, room.height)

    def teach_action_rect(self, kind):
        if kind == "plus":
            places = [r for c in COLOURS for r in self.screen.places(f"plus:{c}")]
            return places[0].unionall(places[1:]) if places else None
        return None

    def suggestion_rects(self, action):
        if action[0] == "plus":
            return [r for c in action[1] for r in self.screen.places(f"plus:{c}")]
        if action[0] == "pick" and self.selected:
            return self.pick_glow(action[1])
        return super().suggestion_rects(action)

    def pick_glow(self, suggested):
        """Where the teacher's glow stands once the person has chosen cards of the trick: on the suggested
        cards not chosen yet, on the pick's button once they all are, on nothing when another card was
        chosen (its own ring is the one ring: a glow left on another card read as a second choice)."""
        if any(card not in suggested for card in self.selected):
            return []
        if len(self.selected) == len(suggested):
            return self.screen.places("pick:confirm")
        return [r for card in suggested if card not in self.selected for r in self.screen.places(f"trick:{card}")]

    def round_notes(self, round_no):
        history = self.session.view()["history"]  # the step's view after: the round just scored is in it
        entry = history[round_no - 1] if 0 < round_no <= len(history) else {}
        notes = [(_("Points: a × b of the two plus colours (or the two largest) ÷ all other cards, rounded down"),
                  False)]
        if entry.get("early_end") is not None:
            who = self.session.name(entry["early_end"])
            notes.insert(0, (_("Round {round} ended early: {name} held only the forbidden colour; the open trick "
                               "and the hands scored nothing.").format(round=round_no, name=who), True))
        return notes

    def early_banner(self, ev):
        self.log.event(ev)
        self.banner = _("{name} holds only the forbidden colour: round over").format(name=self.session.name(ev["p"]))

    def clear_trick(self):
        self.banner = ""
        self.sweep_trick()

    def pick_step(self, ev, picked):
        """The picked cards rise in the trick and stay a moment, so everyone sees the choice."""
        def begin():
            self.log.event(ev)
            was = set(self.selected)
            self.selected = []
            self.raised = {c: Tween(self.dur(0.3), 1.0 if c in was else 0.0, 1.0) for c in picked}
            return list(self.raised.values()) + [Tween(self.dur(0.3 if was else 0.9))]

        self.script.add(begin)

    def take_step(self, ev):
        """Picked cards fly to the picker's piles, the rest to the taker's (or off the table); each
        lies on its pile as it lands, until the step's view after holds the piles."""
        taken, removed = set(ev["taken"]), set(ev["removed"])
        picker, taker = ev["picker"], ev["taker"]

        def begin():
            self.log.event(ev)
            self.cue("take")
            order = sorted(enumerate(ev["cards"]), key=lambda item: item[1][1] in taken or item[1][1] in removed)
            tweens = []
            for k, (i, (seat, card)) in enumerate(order):
                lift = self.raised.get(card)
                start = self.layout.trick_rect(i).move(0, -round(RAISE * lift.value) if lift else 0).center
                owner = None if card in removed else (taker if card in taken else picker)
                if owner is None:
                    end, size = (start[0], start[1] + 60), (4, 6)
                else:
                    end, size = self.layout.pile_rect(owner, COLOURS.index(card[0])).center, cards.PILE
                tween = Tween(self.dur(0.55), ease=ease_in_out_cubic, delay=self.dur(0.08) * k,
                              on_done=self.lander(owner, card))
                self.flights.append(Flight(card, start, end, cards.TRICK, size, tween))
                tweens.append(tween)
            self.sweep_trick()
            self.raised = {}
            return tweens

        self.script.add(begin, lambda: setattr(self, "flights", []))

    def lander(self, owner, card):
        def land():
            if owner is not None:
                self.landed.append(("pile", owner, card))
                pile = self.layout.pile_rect(owner, COLOURS.index(card[0]))
                self.screen.effects.append(Pop("+1", pile.midtop, self.dur(0.8)))
        return land

    def collection(self, seat):
        """SEAT's piles as drawn: the view's, with the cards that landed on them during the step (a
        face-down pile of the view counts them, as it shows them)."""
        col = self.shown["collections"][seat]
        landed = [card for owner, card in self.landed_as("pile") if owner == seat]
        if not landed:
            return col
        hidden = dict(col["hidden"])
        open_ = {colour: list(pile) for colour, pile in col["open"].items()}
        for card in landed:
            if card[0] in hidden:
                hidden[card[0]] += 1
            else:
                open_.setdefault(card[0], []).append(card)
        return {"open": open_, "hidden": hidden, "plus": col["plus"]}

    def plus_step(self, ev, seat):
        """The two minus piles turn face down, as the step's view after has them."""
        def begin():
            self.log.event(ev)
            self.plus_sel = []
            minus = list(self.session.view()["collections"][seat]["hidden"])
            self.pile_flips = {(seat, c): Tween(self.dur(0.6), ease=ease_out_cubic) for c in minus}
            return list(self.pile_flips.values()) + [Tween(self.dur(0.4))]

        self.script.add(begin, lambda: setattr(self, "pile_flips", {}))

    # --- what the viewer may do ----------------------------------------------------------------------
    def my_phase(self, phase):
        return self.can_play() and self.state.phase == phase

    def prompt(self):
        name = self.session.name(self.session.viewer)
        phase = self.state.phase
        if phase == "pick":
            n = self.shown["pick_size"]
            return ngettext("{name}: pick {n} cards from the trick", "{name}: pick {n} cards from the trick",
                            n).format(name=name, n=n)
        if phase == "plus":
            return _("{name}: choose your two plus colours").format(name=name)
        if not self.shown["trick"]:
            return _("Your lead, {name}: any card (its colour is trump)").format(name=name)
        return _("Your turn, {name}: play a card").format(name=name)

    def click_game(self, name):
        if name.startswith("trick:") and self.my_phase("pick"):
            self.toggle_pick(name[6:])
        elif name == "pick:confirm":
            self.act(("pick", tuple(self.selected)))
        elif name.startswith("plus:") and name != "plus:confirm":
            self.toggle_plus(name[5:])
        elif name == "plus:confirm":
            self.act(("plus", tuple(self.plus_sel)))
        elif name.startswith("trick:") and self.state.phase == "pick":
            self.refuse(_("{name} picks from this trick, not you").format(name=self.session.name(self.session.decider)))

    def key_choices(self):
        return {"pick": ("trick:",), "plus": ("plus:",)}.get(self.state.phase, ("card:",))

    def toggle_pick(self, card):
        if card in self.selected:
            self.selected.remove(card)
            self.raised.pop(card, None)
            return
        self.selected.append(card)
        self.raised[card] = Tween(0, 1.0, 1.0)  # lifted at once and held (a constant)
        while len(self.selected) > self.shown["pick_size"]:  # choosing one more lets go of the oldest
            self.raised.pop(self.selected.pop(0), None)

    def toggle_plus(self, colour):
        if colour in self.plus_sel:
            self.plus_sel.remove(colour)
        else:
            self.plus_sel = (self.plus_sel + [colour])[-PLUS:]

    # --- drawing -------------------------------------------------------------------------------------
    def hint_y(self):
        return PICK_BUTTON.bottom + 18 if self.my_phase("pick") else super().hint_y()

    def info_lines(self):
        shown = self.shown
        tricks = game_info(self.session.game_id).tricks_per_round
        trick = min(shown["tricks_played"] + 1, tricks)
        return [_("Round {round} of {rounds}").format(round=shown["round"], rounds=shown["rounds"]),
                _("Trick {trick} of {tricks}").format(trick=trick, tricks=tricks),
                _("Dealer: {name}").format(name=theme.fit(self.session.name(shown["dealer"]), 20, 130))]

    def reminder_lines(self):
        k1 = self.shown["pick_size"]
        rest = self.state.players - k1
        # TRANSLATORS: the reminder panel's short lines (narrow: keep each about as short as the English)
        return [_("How a trick goes:"), _("• led colour is trump"),
                _("• {n} colours at most").format(n=len(COLOURS) - 1),
                ngettext("• top trump picks {n} cards", "• top trump picks {n} cards", k1).format(n=k1),
                _("• lowest other colour"), _("   gets {n} and leads next").format(n=rest),
                _("• {n} colours: choose {plus} plus").format(n=len(COLOURS), plus=PLUS)]

    def trump_colour(self):
        """The trick's trump, the colour of its first card: shown while the trick lies there."""
        return self.shown["trump"] if self.trick_lies() else None

    def points_note(self, seat):
        return f"+{points_so_far(self.collection(seat))[0]}"

    def panel_tips(self, seat, rect):
        super().panel_tips(seat, rect)
        col = self.collection(seat)
        points, reason = points_so_far(col)
        total = theme.font(19, True).size(points_words(self.shown['totals'][seat]))[0]  # the panel's points line
        if col["plus"]:
            # TRANSLATORS: {reason} is the rules' sum, like "5 × 4 ÷ 3 = 6"
            words = ngettext("This round so far: {n} point if it ended now, with the plus colours: {reason}",
                             "This round so far: {n} points if it ended now, with the plus colours: {reason}",
                             points)
        else:
            words = ngettext("This round so far: {n} point if it ended now, with the two largest colours (no plus "
                             "colours yet): {reason}",
                             "This round so far: {n} points if it ended now, with the two largest colours (no plus "
                             "colours yet): {reason}", points)
        self.tip(pygame.Rect(rect.x + 14 + total, rect.y + 38, 44, 24), words.format(n=points, reason=reason))

    def draw_panel_extra(self, surface, seat, rect):
        col = self.collection(seat)
        plus = col["plus"] or ()
        for i, colour in enumerate(COLOURS):
            hidden = colour in col["hidden"]
            count = col["hidden"][colour] if hidden else len(col["open"].get(colour, ()))
            spot = self.layout.pile_rect(seat, i)
            self.tip(spot, self.pile_words(colour, count, hidden, colour in plus))
            flip = self.pile_flips.get((seat, colour))
            if flip is None:
                surface.blit(cards.pile(colour, count, hidden=hidden, plus=colour in plus), spot.move(0, -12))
                continue
            f = flip.value
            face_down = f >= 0.5
            sprite = cards.pile(colour, count, hidden=face_down)
            key = ("pile", colour, count, face_down)
            narrow = cards.squeezed(key, sprite, abs(1 - 2 * f))
            surface.blit(narrow, narrow.get_rect(midtop=(spot.centerx, spot.y - 12)))

    @staticmethod
    def pile_words(colour, count, hidden, plus):
        colour = _(game_cards.COLOUR_NAMES[colour])
        if plus:
            words = _("{colour} cards collected: {n} (a plus colour: it scores)")
        elif hidden:
            words = _("{colour} cards collected: {n} (face down: it divides the points)")
        else:
            words = _("{colour} cards collected: {n}")
        return upper_first(words.format(colour=colour, n=count))

    def draw_trick_mark(self, surface, card, rect):
        if self.my_phase("pick"):  # the cards the person picks from: the teacher keeps clear
            theme.own_cards(surface, [rect])
        if card in self.selected:
            paint.rect(surface, (255, 255, 255), rect.inflate(10, 10), 4, border_radius=14)
            tick = theme.outlined("✔", 26, theme.GOLD, cards.EDGE, 2, True)
            surface.blit(tick, tick.get_rect(center=(rect.right - 6, rect.y + 6)))

    def pick_help(self):
        """The line over the pick button: what a click does and where the rest go, as wide as the
        room between the side panels at most (a long name is shortened, the words are not)."""
        k1 = self.shown["pick_size"]
        trick = [(s, c) for s, c in self.shown["trick"]]
        taker = trick_takers(trick, k1)[1]
        rest = len(trick) - k1
        if taker is None:
            return _("Click {n} cards for you; the other {rest} leave the game (no other colour here)").format(
                n=k1, rest=rest)
        # TRANSLATORS: {name} is the player who gets the other cards
        words = _("Click {n} cards for you; the other {rest} go to {name} (lowest other colour)")
        room = PICK_HELP.width - theme.font(PICK_HELP_SIZE).size(words.format(n=k1, rest=rest, name=""))[0]
        return words.format(n=k1, rest=rest, name=theme.fit(self.session.name(taker), PICK_HELP_SIZE, room))

    def draw_controls(self, surface):
        if not self.my_phase("pick"):
            return
        k1 = self.shown["pick_size"]
        theme.blit_text(surface, self.pick_help(), PICK_HELP_SIZE, (PICK_HELP.centerx, PICK_BUTTON.top - 18),
                        theme.INK, False, "center")
        ready = len(self.selected) == k1
        label = (_("Take these {n}").format(n=k1) if ready else
                 _("Chosen {chosen} of {n}").format(chosen=len(self.selected), n=k1))
        theme.button(surface, PICK_BUTTON, label,
                     self.hovering("pick:confirm"), 24, "good", ready)
        self.target("pick:confirm", PICK_BUTTON)

    def dialog_open(self):
        return self.my_phase("plus")

    def draw_dialog(self, surface):
        if not self.my_phase("plus"):
            return
        box = self.modal(surface, (860, 470), alpha=150)
        name = self.session.name(self.session.viewer)
        title = _("{name}: your collection has all four colours!").format(name=name)
        size = theme.fitting_size(title, (32, 28, 24), box.width - 40, True)
        theme.blit_text(surface, theme.fit(title, size, box.width - 40, True), size, (box.centerx, box.y + 40),
                        theme.GOLD, True, "center")
        words = _("Choose two plus colours. They stay open and score; the other two go face down and divide your "
                  "points. The choice holds for this round.")
        lines, size = theme.wrap(words, 20, 700), 20  # two lines of about equal length (English breaks after "go")
        if len(lines) > 2:  # the whole width, smaller if need be: German ran to a third line, unseen
            size = next((s for s in range(20, theme.READABLE, -1) if len(theme.wrap(words, s, box.width - 40)) <= 2),
                        theme.READABLE)
            lines = theme.wrap(words, size, box.width - 40)
        for i, line in enumerate(lines[:2]):
            theme.blit_text(surface, line, size, (box.centerx, box.y + 82 + 26 * i), theme.INK, False, "center")
        counts = self.viewer_counts()
        for i, colour in enumerate(COLOURS):
            tile = pygame.Rect(box.x + 50 + i * 195, box.y + 140, 175, 180)
            self.draw_plus_tile(surface, tile, colour, counts[colour], colour in self.plus_sel)
            self.target(f"plus:{colour}", tile)
        ready = len(self.plus_sel) == PLUS
        if ready:
            reason = round_points(counts, tuple(self.plus_sel))[1]
            # TRANSLATORS: {reason} is the rules' sum, like "5 × 4 ÷ 3 = 6"
            theme.blit_text(surface, _("Your points now with these: {reason}").format(reason=reason), 22, (box.centerx, box.y + 350),
                            theme.INK, True, "center")
        button = pygame.Rect(0, 0, 420, 58)
        button.center = (box.centerx, box.bottom - 50)
        if ready:
            # TRANSLATORS: {colours} is like "red + blue"
            label = _("Plus: {colours}").format(colours=" + ".join(_(game_cards.COLOUR_NAMES[c]) for c in self.plus_sel))
        else:
            label = _("Choose two colours")
        theme.button(surface, button, label, self.hovering("plus:confirm"), 24, "good", ready)
        self.target("plus:confirm", button)
        if self.session.can_show_hand():  # which colours to keep may hang on the cards still held
            show = pygame.Rect(box.x + 24, box.bottom - 70, 170, 40)
            theme.button(surface, show, _("Show my hand"), self.hovering("btn:show_hand"), 18)
            self.target("btn:show_hand", show)

    def viewer_counts(self):
        return collection_counts(self.collection(self.session.viewer))

    def draw_plus_tile(self, surface, tile, colour, count, chosen):
        paint.rect(surface, cards.COLOURS[colour], tile, border_radius=14)
        edge, width = (theme.GOLD, 6) if chosen else (cards.EDGE, 3)
        paint.rect(surface, edge, tile.inflate(4, 4) if chosen else tile, width, border_radius=14)
        ink = cards.ink_on(colour)
        mark = cards.symbol(colour, 64, ink, cards.EDGE if colour != "Y" else (255, 255, 255))
        surface.blit(mark, mark.get_rect(center=(tile.centerx, tile.y + 50)))
        theme.blit_text(surface, _(game_cards.COLOUR_NAMES[colour]), 26, (tile.centerx, tile.y + 106), ink, True, "center")
        theme.blit_text(surface, ngettext("{n} card", "{n} cards", count).format(n=count), 22, (tile.centerx, tile.y + 140),
                        ink, False, "center")
        if chosen:
            tag = pygame.Rect(0, 0, 80, 30)
            tag.center = (tile.centerx, tile.y)
            paint.rect(surface, theme.GOLD, tag, border_radius=10)
            # TRANSLATORS: the tag on a chosen plus colour's tile
            theme.blit_text(surface, _("PLUS"), 18, tag.center, theme.INK_DARK, True, "center")

    def last_trick_tags(self, last):
        name = self.session.name
        # TRANSLATORS: tags under the cards of the last trick
        # TRANSLATORS: a tag under a card of the last trick, as short as can be: "Ben picked"
        tags = {c: pgettext("card tag", "{name} picked").format(name=name(last["picker"])) for c in last["picked"]}
        tags.update({c: _("to {name}").format(name=name(last["taker"])) for c in last["taken"]})
        tags.update({c: _("out of game") for c in last["removed"]})
        return tags
