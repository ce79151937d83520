"""The trick history: every trick of the game so far, one at a time, over the table.

Built from the events the table was told (``session.told``, the same stream as the game log), so it
shows only what lay open on the table, and it is the same after Continue (the told list is rebuilt
from the record) and in a replay. Left/Right step through the tricks, Up/Down through the rounds,
T or Esc or a click outside the box closes.
"""

import pygame

from game.history import tricks_by_round
from game.i18n import _, N_, listing, pgettext
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.log import card_words, colour_words
from scenes.screen.overlay import EVERYWHERE, Overlay

BOX = (1000, 470)
STEP = 128  # a trick card and its gap
KEYS = {pygame.K_LEFT: ("trick", -1), pygame.K_RIGHT: ("trick", 1),
        pygame.K_UP: ("round", -1), pygame.K_DOWN: ("round", 1),
        pygame.K_PAGEUP: ("round", -1), pygame.K_PAGEDOWN: ("round", 1)}


class HistoryView(Overlay):
    """The trick history's box over the game; it keeps which trick it shows while the game goes on
    under it, and between openings (a game screen has one)."""

    name = "history"

    @classmethod
    def refusal(cls, game):
        """Nothing to show before a card is played; else it opens at the latest trick."""
        return "" if game.history.open() else _("no card has been played yet")

    @classmethod
    def made_for(cls, game):
        return game.history

    def __init__(self, game):
        super().__init__(game)
        self.rounds = {}
        self.round = None
        self.index = 0
        self.read = 0  # how many told events the history was read from

    def open(self):
        """Read the told events afresh and show the latest trick; False when no card was played."""
        self.read_told()
        if not self.rounds:
            return False
        self.round = max(self.rounds)
        self.index = len(self.rounds[self.round]) - 1
        return True

    def read_told(self):
        told = self.session.told
        self.read = len(told)
        self.rounds = {r: t for r, t in tricks_by_round(told).items() if t}

    def follow(self):
        """The game goes on under the open history: read what came since; one who was looking at
        the latest trick goes on looking at the latest, one who stepped back stays where they are."""
        if len(self.session.told) == self.read:
            return
        latest = self.round not in self.rounds or (
            self.round == max(self.rounds) and self.index == len(self.rounds[self.round]) - 1)
        self.read_told()
        if latest:
            self.round = max(self.rounds)
            self.index = len(self.rounds[self.round]) - 1

    @property
    def trick(self):
        return self.rounds[self.round][self.index]

    def can_move(self, what, step):
        """Whether MOVE(WHAT, STEP) would show another trick (a button that would not is greyed)."""
        before = (self.round, self.index)
        self.move(what, step)
        moved = (self.round, self.index) != before
        self.round, self.index = before
        return moved

    def move(self, what, step):
        """The next or previous trick (running on into the next or previous round), or round."""
        order = sorted(self.rounds)
        if what == "round":
            at = order.index(self.round) + step
            if 0 <= at < len(order):
                self.round, self.index = order[at], 0
            return
        at = self.index + step
        if 0 <= at < len(self.rounds[self.round]):
            self.index = at
        elif at < 0 and self.round != order[0]:
            self.round = order[order.index(self.round) - 1]
            self.index = len(self.rounds[self.round]) - 1
        elif at > 0 and self.round != order[-1]:
            self.round, self.index = order[order.index(self.round) + 1], 0

    def key(self, event):
        """True when the key was the history's: T closes it, the arrows step through it."""
        if event.key == pygame.K_t:
            self.close()
            return True
        if event.key in KEYS:
            self.move(*KEYS[event.key])
            return True
        return False

    def click_box(self, name):
        what, _sep, step = name[len("hist:"):].partition(":")
        if what != "inside":  # a click in the box (not on a button) keeps it open
            self.move(what, int(step))

    # --- drawing -----------------------------------------------------------------------------------
    def draw_box(self, surface):
        self.follow()
        box = self.modal(surface, BOX)
        self.target("overlay:close", EVERYWHERE)  # first: the buttons win over it
        self.target("hist:inside", box)  # a click in the box (not on a button) keeps it open
        trick = self.trick
        theme.blit_text(surface, _("Round {round} · trick {trick}").format(round=self.round, trick=trick.number), 30,
                        (box.centerx, box.y + 34), theme.GOLD, True, "center")
        leader = self.session.name(trick.leader)
        theme.blit_text(surface, theme.fit(_("{name} led").format(name=leader), 20, box.width - 60), 20, (box.centerx, box.y + 70),
                        theme.INK_DIM, False, "center")
        tags = self.tags(trick)
        left = box.centerx - (len(trick.cards) * STEP - (STEP - cards.TRICK[0])) // 2
        for i, (seat, card) in enumerate(trick.cards):
            rect = pygame.Rect(left + i * STEP, box.y + 100, *cards.TRICK)
            surface.blit(cards.face(card, cards.TRICK), rect)
            theme.blit_text(surface, theme.fit(self.session.name(seat), 17, STEP - 8, True), 17,  # drawn bold
                            (rect.centerx, rect.bottom + 16), theme.INK, True, "center")
            for j, tag in enumerate(tags.get(i, ())):  # one note a line: two side by side do not fit a card
                theme.blit_text(surface, theme.fit(tag, 16, STEP - 8), 16,
                                (rect.centerx, rect.bottom + 38 + 19 * j), theme.GOLD, False, "center")
        self.draw_outcome(surface, box, trick)
        self.draw_buttons(surface, box)

    def tags(self, trick):
        """The notes under a card, by its place in the trick: led, a named colour, won."""
        tags = {}
        for i, (seat, card) in enumerate(trick.cards):
            # TRANSLATORS: a note under the trick's first card (this card led the trick)
            words = [pgettext("trick history", "led")] if i == 0 else []
            if seat in trick.named:
                # TRANSLATORS: a note under a card that counts as another colour: "as red ●"
                words.append(_("as {colour}").format(colour=colour_words(trick.named[seat])))
            if trick.done and seat == trick.winner:
                words.append(_("won it"))
            tags[i] = words
        return tags

    def outcome(self, trick):
        """The lines under the cards: who took the trick (and what left the game)."""
        name = self.session.name
        if not trick.done:
            return [_("Still being played.")]
        if trick.winner is not None:
            return [_("{name} won the trick.").format(name=name(trick.winner))]
        lines = []
        if trick.picker is not None:
            lines.append(_("{name} picked {cards}.").format(name=name(trick.picker), cards=self.card_list(trick.picked)))
        if trick.taker is not None:
            lines.append(_("{name} took {cards}.").format(name=name(trick.taker), cards=self.card_list(trick.taken)))
        if trick.removed:
            lines.append(_("Left the game: {cards}.").format(cards=self.card_list(trick.removed)))
        return lines

    @staticmethod
    def card_list(cards_):
        return listing(card_words(c) for c in cards_) or _("nothing")

    def draw_outcome(self, surface, box, trick):
        y = box.y + 100 + cards.TRICK[1] + 84
        for line in self.outcome(trick):
            theme.blit_text(surface, theme.fit(line, 20, box.width - 60), 20, (box.centerx, y), theme.INK, False,
                            "center")
            y += 28

    def draw_buttons(self, surface, box):
        y = box.bottom - 64
        buttons = (("hist:round:-1", N_("◀ Round"), box.x + 24), ("hist:trick:-1", N_("◀ Trick (←)"), box.x + 200),
                   ("hist:trick:1", N_("Trick (→) ▶"), box.right - 376), ("hist:round:1", N_("Round ▶"), box.right - 184))
        for name, words, x in buttons:
            rect = pygame.Rect(x, y, 160, 44)
            what, _sep, step = name[len("hist:"):].partition(":")
            enabled = self.can_move(what, int(step))
            theme.button(surface, rect, _(words), enabled and self.hovering(name), 19, "normal", enabled)
            if enabled:
                self.target(name, rect)
        theme.blit_text(surface, _("T or Esc closes"), 16, (box.centerx, y + 22), theme.INK_DIM,
                        False, "center")
