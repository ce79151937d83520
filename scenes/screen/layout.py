"""Where things sit on the 1280×720 table, for 3 to 6 seats; the bottom seat is the one looking."""

import pygame

from scenes.screen import cards

PANEL_SIZE = (236, 150)
BOTTOM_PANEL = (10, 560)
# Opponents clockwise from the bottom seat: its left, then across the top, then its right.
OPPONENT_SPOTS = {
    1: [(522, 40)],
    2: [(10, 214), (1034, 214)],
    3: [(10, 214), (522, 40), (1034, 214)],
    4: [(10, 214), (330, 40), (714, 40), (1034, 214)],
    5: [(10, 214), (270, 40), (522, 40), (774, 40), (1034, 214)],
}
HAND_MARGIN = 12  # logical pixels kept free under the hand: the letterbox scales them with the picture
HAND_SAG = 8  # the fan's outer cards sit this much lower than its middle
HAND_Y = 720 - HAND_MARGIN - HAND_SAG - cards.HAND[1]  # the fan's middle; its outer cards end HAND_MARGIN up
HAND_RIGHT = 24  # logical pixels kept free right of the hand: the biggest hand stops short of the edge
HAND_AREA = pygame.Rect(262, HAND_Y - 6, 1280 - HAND_RIGHT - 262, 720 - HAND_MARGIN - (HAND_Y - 6))
HAND_STEP = 72
TRICK_TOP = 252
CENTRE_X = 640
INFO_RECT = pygame.Rect(10, 10, 236, 150)
REMINDER_RECT = pygame.Rect(10, 376, 236, 176)
# The Hint button's own strip above the game log, which no text uses; the log (and the hint list drawn
# over it) sits below it.
COACH_RECT = pygame.Rect(1034, 372, 236, 30)
LOG_RECT = pygame.Rect(1034, 410, 236, 142)
BUTTONS = {"last": pygame.Rect(1080, 10, 190, 44), "log": pygame.Rect(1080, 62, 190, 44),
           "menu": pygame.Rect(1080, 114, 190, 44)}
PILE_TOP = 68  # piles inside a panel, below name and totals
PILE_STEP = 56


class TableLayout:
    def __init__(self, players, bottom):
        self.players, self.bottom = players, bottom
        self.panels = {bottom: pygame.Rect(BOTTOM_PANEL, PANEL_SIZE)}
        others = [(bottom + k) % players for k in range(1, players)]
        for seat, spot in zip(others, OPPONENT_SPOTS[players - 1]):
            self.panels[seat] = pygame.Rect(spot, PANEL_SIZE)
        w = cards.TRICK[0]
        self.trick_gap = 12 if players <= 5 else 10
        total = players * w + (players - 1) * self.trick_gap
        self.trick_left = CENTRE_X - total // 2

    def trick_rect(self, i):
        return pygame.Rect(self.trick_left + i * (cards.TRICK[0] + self.trick_gap), TRICK_TOP, *cards.TRICK)

    def trick_span(self):
        return self.trick_rect(0).union(self.trick_rect(self.players - 1))

    def hand_icon(self, seat):
        """Where a seat's hand is on its panel: cards played by others come from here."""
        r = self.panels[seat]
        return (r.right - 44, r.y + 50)

    def pile_rect(self, seat, index):
        r = self.panels[seat]
        return pygame.Rect(r.x + 12 + index * PILE_STEP, r.y + PILE_TOP + 12, *cards.PILE)

    @staticmethod
    def hand_rects(count):
        """Rects of a fanned hand of count cards: centred, edges a little lower like a held fan."""
        if count <= 0:
            return []
        w, h = cards.HAND
        step = HAND_STEP if count == 1 else min(HAND_STEP, (HAND_AREA.width - w) / (count - 1))
        width = (count - 1) * step + w
        left = HAND_AREA.x + (HAND_AREA.width - width) / 2
        mid = (count - 1) / 2 or 1
        rects = []
        for i in range(count):
            sag = HAND_SAG * ((i - (count - 1) / 2) / mid) ** 2
            rects.append(pygame.Rect(round(left + i * step), round(HAND_Y + sag), w, h))
        return rects
