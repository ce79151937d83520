"""The deduction notepad: which trump colours and numbers are still possible after the hints.

The possibilities come from the rules core (``possible_trumps`` in the view), never from guessing
here. The panel is a 5 × 10 grid (colour or none × number or none): impossible cells are crossed out;
two chips sum it up ("Colour: red or none", "Number: 3, 7 or none"). On the starter's own screen the
true trump cell is ringed in gold.
"""

import pygame

from scenes.screen import paint
from scenes.screen.canvas import Picture

from game import cards as game_cards
from game import i18n
from game.i18n import _, pgettext
from game.games.wassticht.rules import TRUMP_COLOURS, TRUMP_COMBOS, TRUMP_NUMBERS
from scenes.screen import cards
from scenes.screen import theme

SIZE = (430, 318)
LABEL_W = 88
CELL = (34, 34)
GRID_TOP = 58
_cache = {}


def cells(possible):
    """{(colour, number): still possible?} for all 50 combinations."""
    allowed = {(c, n) for c, n in possible}
    return {(c, n): (c, n) in allowed for c in TRUMP_COLOURS for n in TRUMP_NUMBERS}


def colour_name(c):
    return _(game_cards.COLOUR_NAMES[c]) if c else none()


def none():
    """The grid's "none" row and column: no trump colour, no trump number."""
    return pgettext("no trump", "none")


def choice_words(values, names):
    """'red or none'; everything possible reads 'anything so far'."""
    if len(values) == len(names):
        return _("anything so far")
    if not values:
        return "–"
    words = [names[v] for v in values]
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the trumps still possible: {first} is "red" or "red, blue", {last} is "none"
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def chips(possible):
    """The two summary lines: possible colours, possible numbers (in the grid's order)."""
    combos = {(c, n) for c, n in possible}
    colours = [c for c in TRUMP_COLOURS if any(pc == c for pc, _ in combos)]
    numbers = [n for n in TRUMP_NUMBERS if any(pn == n for _, pn in combos)]
    colour_names = {c: colour_name(c) for c in TRUMP_COLOURS}
    number_names = {n: str(n) if n is not None else none() for n in TRUMP_NUMBERS}
    # TRANSLATORS: the trump colours still possible: {choices} is like "red or none", or "anything so far"
    return (_("Colour: {choices}").format(choices=choice_words(colours, colour_names)),
            # TRANSLATORS: the trump numbers still possible: {choices} is like "3, 7 or none"
            _("Number: {choices}").format(choices=choice_words(numbers, number_names)))


def panel(possible, truth=None):
    """The notepad as a cached surface. truth: (colour, number) on the starter's screen, else None."""
    key = (tuple(map(tuple, possible)), truth, i18n.language())
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 64:
            _cache.clear()
        surf = _cache[key] = _draw(possible, truth)
    return surf


def _draw(possible, truth):
    surf = Picture(SIZE)
    theme.panel(surf, surf.get_rect(), fill=(12, 34, 28, 240), edge=theme.GOLD, width=2)
    count = len(possible)
    theme.blit_text(surf, _("Notepad: possible trumps"), 19, (12, 9), theme.GOLD, True)
    # TRANSLATORS: how many trumps (colour and number) are still possible: "12 of 50 left"
    theme.blit_text(surf, _("{count} of {total} left").format(count=count, total=len(TRUMP_COMBOS)), 16, (SIZE[0] - 12, 12), theme.INK, True, "topright")
    theme.blit_text(surf, _("number →"), theme.READABLE, (12, GRID_TOP - 21), theme.INK_DIM)
    grid = cells(possible)
    for j, n in enumerate(TRUMP_NUMBERS):
        x = LABEL_W + j * CELL[0] + CELL[0] // 2
        theme.blit_text(surf, str(n) if n is not None else "–", 18, (x, GRID_TOP - 12), theme.INK, True, "center")
    for i, c in enumerate(TRUMP_COLOURS):
        y = GRID_TOP + i * CELL[1]
        _row_label(surf, c, y)
        for j, n in enumerate(TRUMP_NUMBERS):
            _cell(surf, pygame.Rect(LABEL_W + j * CELL[0], y, *CELL), c, grid[(c, n)], truth == (c, n))
    top = GRID_TOP + len(TRUMP_COLOURS) * CELL[1] + 10
    for k, line in enumerate(chips(possible)):
        _chip(surf, line, pygame.Rect(10, top + k * 36, SIZE[0] - 20, 30))
    return surf.convert_alpha()


def _row_label(surf, colour, y):
    if colour:
        surf.blit(cards.symbol(colour, 22), (8, y + 6))
        theme.blit_text(surf, colour_name(colour), 16, (34, y + CELL[1] // 2), theme.INK, True, "midleft")
    else:
        theme.blit_text(surf, none(), 16, (34, y + CELL[1] // 2), theme.INK, True, "midleft")


def _cell(surf, rect, colour, possible, true_trump):
    inner = rect.inflate(-4, -4)
    if possible:
        fill = cards.COLOURS[colour] if colour else (200, 200, 200)
        paint.rect(surf, fill, inner, border_radius=5)
        paint.rect(surf, (255, 255, 255), inner, 2, border_radius=5)
    else:
        paint.rect(surf, (30, 44, 40), inner, border_radius=5)
        a, b = inner.inflate(-10, -10).topleft, inner.inflate(-10, -10).bottomright
        c, d = inner.inflate(-10, -10).topright, inner.inflate(-10, -10).bottomleft
        paint.line(surf, (120, 70, 70), a, b, 3)
        paint.line(surf, (120, 70, 70), c, d, 3)
    if true_trump:  # white and black rings: visible on every cell colour, yellow too
        paint.rect(surf, (255, 255, 255), rect.inflate(4, 4), 3, border_radius=7)
        paint.rect(surf, cards.EDGE, inner, 3, border_radius=5)
        paint.circle(surf, cards.EDGE, inner.center, 7)
        paint.circle(surf, (255, 255, 255), inner.center, 4)


def _chip(surf, line, rect):
    paint.rect(surf, (30, 64, 52), rect, border_radius=15)
    theme.blit_text(surf, theme.fit(line, 18, rect.width - 20, True), 18, (rect.x + 12, rect.centery), theme.INK,
                    True, "midleft")

