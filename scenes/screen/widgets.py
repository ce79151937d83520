"""The pieces every game screen draws the same way, written once: the dimmed dialog box, the refusal
line, the log box, the person/bot badge on a seat box and a row of buttons."""

import pygame

from game import i18n

from scenes.screen import paint
from scenes.screen.canvas import Picture

from scenes.screen import theme

HINT_SECONDS = 5.0  # how long a refusal stays on screen
TIP_SIZE = 17
TIP_WIDTH = 380  # a tooltip wraps its words to this width
TIP_OFFSET = (16, 22)  # from the pointer's tip: below and right, clear of what it points at
LOG_FILL = (10, 30, 24, 235)


def modal_box(surface, size, alpha=170, center=(640, 360)):
    """Dim everything drawn so far and lay a dialog box over it; returns the box."""
    theme.shade(surface, alpha)
    rect = pygame.Rect(0, 0, *size)
    rect.center = center
    theme.panel(surface, rect, fill=(16, 40, 32), edge=theme.GOLD, radius=16, width=3)
    return rect


def refusal(surface, text, pos, width, lines=2):
    """A refusal (or any warning) in warning ink under pos: on one line, a size or two smaller if that
    keeps it there (a second line lay over the hand's cards), else wrapped to at most ``lines`` lines."""
    size = theme.fitting_size(text, (22, 20, 18), width, True)
    if theme.font(size, True).size(text)[0] <= width:
        theme.blit_text(surface, text, size, pos, theme.WARN, True, "center")
        return
    for i, part in enumerate(theme.wrap(text, 22, width, bold=True)[:lines]):
        theme.blit_text(surface, part, 22, (pos[0], pos[1] + 26 * i), theme.WARN, True, "center")


def toast(surface, line, center, width=900):
    """A refusal or hint on a dark pill, readable over anything."""
    size = theme.fitting_size(line, (20, 18, 16), width - 30, True)  # a longer language: smaller, whole
    text = theme.text(theme.fit(line, size, width - 30, True), size, theme.WARN, True)
    pill = text.get_rect(center=center).inflate(30, 14)
    paint.rect(surface, (20, 16, 14), pill, border_radius=14)
    paint.rect(surface, theme.WARN, pill, 2, border_radius=14)
    surface.blit(text, text.get_rect(center=pill.center))
    return pill


PHONE_BADGE = (40, 112, 150)


def seat_kind(session, seat):
    """True for a person at this screen, "phone" for a seat played from a phone, "standin" for a
    phone seat a bot plays while its phone is away, False for a bot."""
    if seat in session.phones:
        return "standin" if seat in session.standins else "phone"
    return session.is_person(seat)


def phone_face(session, seat):
    """The face SEAT's phone picked when it joined (phone.shapes.FACES), or None."""
    server = session.phone_server
    roster = server.roster if server is not None else None
    return roster.faces().get(seat) if roster is not None else None


def seat_tag(session, seat):
    """(word, colour) of a seat's PERSON / PHONE / BOT tag."""
    kind = seat_kind(session, seat)
    return badge_words(kind)


def badge_words(person):
    """(word, colour) of the tag for a person (True), a phone ("phone"), a bot standing in for a
    phone that left ("standin") or a bot (False)."""
    if person == "phone":
        return i18n.pgettext("seat tag", "PHONE"), PHONE_BADGE
    if person == "standin":  # a newcomer read PHONE on a seat whose phone had left
        return i18n.pgettext("seat tag", "BOT FOR NOW"), theme.BOT_BADGE
    if person:
        return i18n.pgettext("seat tag", "PERSON"), theme.PERSON_BADGE
    return i18n.pgettext("seat tag", "BOT"), theme.BOT_BADGE


def badge(surface, person, topright, size=theme.READABLE):
    """The PERSON / PHONE / BOT tag of a seat box (PERSON: as seat_kind), its top right corner at
    topright; returns its rect."""
    word, fill = badge_words(person)
    tag = theme.text(word, size, theme.INK, True)
    rect = tag.get_rect(topright=topright).inflate(12, 6)
    paint.rect(surface, fill, rect, border_radius=8)
    surface.blit(tag, tag.get_rect(center=rect.center))
    return rect


def tooltip(surface, words, pointer, screen=pygame.Rect(0, 0, 1280, 720)):
    """A hover explanation: the words wrapped on a light card beside the pointer, kept inside the
    screen (it flips to the pointer's other side rather than leave it); returns its rect."""
    lines = theme.wrap(words, TIP_SIZE, TIP_WIDTH)
    height = theme.font(TIP_SIZE).get_linesize()
    width = max(theme.font(TIP_SIZE).size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, width + 20, height * len(lines) + 12)
    box.topleft = (pointer[0] + TIP_OFFSET[0], pointer[1] + TIP_OFFSET[1])
    if box.right > screen.right:
        box.right = pointer[0] - 6
    if box.bottom > screen.bottom:
        box.bottom = pointer[1] - 6
    box.clamp_ip(screen)
    theme.above(surface, box)
    paint.rect(surface, (250, 244, 222), box, border_radius=8)
    paint.rect(surface, theme.INK_DARK, box, 2, border_radius=8)
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, TIP_SIZE, (box.x + 10, box.y + 6 + i * height), theme.INK_DARK)
    return box


def cached(cache, key, make, most=64):
    """A picture drawn once per key (a seat box for its name, chips, hand size...): made by make()
    when the key is new; the cache starts afresh when it holds more than most. The language is part of
    the key: a picture with words is made again in a new language."""
    key = (i18n.language(), key)
    surf = cache.get(key)
    if surf is None:
        if len(cache) > most:
            cache.clear()
        surf = cache[key] = make()
    return surf


class LogBox:
    """The newest lines of the game log in a panel, whole messages only, newest at the bottom; drawn
    again only when the log or the size changed."""

    HEAD = 34  # the title's row, where the table's Undo button stands too; the lines below it
    FIRST_LINE = HEAD  # where the first line starts

    def __init__(self, size=theme.READABLE, line_height=None):
        line_height = line_height or size + 5
        self.size, self.line_height = size, line_height
        self._key, self._surface = None, None

    def draw(self, surface, rect, lines, colours=None):
        """colours: {a seat's name: its colour}, for the name a line starts with."""
        key = (len(lines), lines[-1] if lines else "", rect.size, i18n.language(), tuple(sorted((colours or {}).items())))
        if self._key != key:
            self._key, self._surface = key, self.render(rect.size, lines, colours or {})
        surface.blit(self._surface, rect)

    def render(self, size, lines, colours=None):
        surf = Picture(size)
        theme.panel(surf, surf.get_rect(), fill=LOG_FILL)
        theme.blit_text(surf, i18n._("Game log"), 16, (10, 6), theme.GOLD, True)
        room = (size[1] - self.HEAD - 2) // self.line_height
        rows = []
        for line in reversed(lines[-12:]):
            wrapped = theme.wrap(line, self.size, size[0] - 20)
            if len(rows) + len(wrapped) > room:
                break
            rows[:0] = [(row, k == 0) for k, row in enumerate(wrapped)]
        names = sorted(colours or {}, key=len, reverse=True)  # "Anna" before "Ann"
        for i, (row, first) in enumerate(rows[-room:]):
            y = self.HEAD + self.line_height * i
            name = next((n for n in names if first and row.startswith(n) and row[len(n):len(n) + 1] in (" ", ":", ",", "")), None)
            if name is None:
                theme.blit_text(surf, row, self.size, (10, y), theme.INK)
                continue
            # the name a line starts with in its seat's colour (the seat boxes' and the chart's)
            theme.blit_text(surf, name, self.size, (10, y), colours[name])
            rest = row[len(name):]
            if rest.strip():
                x = 10 + theme.font(self.size).size(name + rest[:len(rest) - len(rest.lstrip())])[0]
                theme.blit_text(surf, rest.lstrip(), self.size, (x, y), theme.INK)
        return surf


def button_row(scene, surface, items, right=1270, y=10, least=130, height=44, size=20):
    """Buttons in a row ending at ``right``: items are (key, label), targets ``btn:<key>``."""
    x = right
    for key, label in reversed(items):
        w = max(least, theme.font(size, True).size(label)[0] + 30)
        rect = pygame.Rect(x - w, y, w, height)
        theme.button(surface, rect, label, scene.hovering(f"btn:{key}"), size)
        scene.target(f"btn:{key}", rect)
        x -= w + 10
