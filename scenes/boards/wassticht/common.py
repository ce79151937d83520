"""What the Was sticht? scenes share: the game log in words, the trump cards, task tiles, seat
colours, and a base scene that keeps one log for the whole game while the scenes change each phase.

The rules core decides everything; these helpers only draw what its view says.
"""

import pygame

from scenes.screen import paint
from scenes.screen.canvas import Picture

from game import cards as game_cards
from game import i18n
from game.i18n import _, ngettext, pgettext, listing
from game.observe import action_of
from game.games.wassticht.rules import SUITS, TASKS
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.log import GameLog, card_words
from scenes.screen import widgets
from scenes.screen.board import Board
from scenes.screen.overlay import Overlay

# Each seat's own colour (not a card colour): stripes on taken rows, task tiles and panels.
SEAT_COLOURS = [(236, 140, 50), (170, 120, 240), (50, 200, 210), (240, 110, 170)]
TILE_INK = (28, 30, 36)
TILE_FILL = (246, 240, 224)
_sprites = theme.keep_words_in({})
WARM_SIZES = (cards.TRICK, cards.HAND, (44, 62), (38, 54), (36, 52))


def trump_words(colour, number):
    """'red and 7s', 'red and no trump number', 'no trump colour and 7s', 'no trump at all'."""
    if not colour and number is None:
        return _("no trump at all")
    if not colour:
        # TRANSLATORS: the trump: no trump colour; every card with the number {number} is trump ("7s")
        return _("no trump colour and {number}s").format(number=number)
    name = _(game_cards.COLOUR_NAMES[colour])
    if number is None:
        # TRANSLATORS: the trump: {colour} is a colour name such as "red"
        return _("{colour} and no trump number").format(colour=name)
    # TRANSLATORS: the trump: {colour} is a colour name such as "red", {number} a card number ("red and 7s")
    return _("{colour} and {number}s").format(colour=name, number=number)


def is_you(name):
    """The player named You (the guided round's learner): "your tasks", not "You's tasks"."""
    return name == "You" or name == _("You")


def whose_tasks(names, joiner=None):
    """"Anna's task", "your task" (the learner named You), "Anna's and Ben's tasks"; JOINER (a
    function of the owners' words) lists several owners, by default with "and"."""
    names = list(names)
    if len(names) == 1:
        return _("your task") if is_you(names[0]) else _("{name}'s task").format(name=names[0])
    owners = [pgettext("tasks of", "your") if is_you(n) else pgettext("tasks of", "{name}'s").format(name=n)
              for n in names]
    # TRANSLATORS: {owners} is a list of owners, such as "Anna's and Ben's" (each word from "tasks of")
    return _("{owners} tasks").format(owners=(joiner or listing)(owners))


def is_trump(card, colour, number):
    return SUITS[(colour, number)][card] == "T"


def task_words(task):
    wording, difficulty = TASKS[task]
    # TRANSLATORS: a task in the log, by its words: {wording} what it asks (quoted: a sentence around it
    # would read on into it), {difficulty} a number
    return _("'{wording}' ({difficulty})").format(wording=_(wording), difficulty=difficulty)


def task_tip_words(task):
    """A task's whole wording for its tooltip, whatever the tile had room for."""
    wording, difficulty = TASKS[task]
    # TRANSLATORS: a task's tooltip: {wording} what it asks, {difficulty} a number
    return _("{wording} (difficulty {difficulty})").format(wording=_(wording), difficulty=difficulty)


# --- the log -----------------------------------------------------------------------------------------
class WasStichtLog(GameLog):
    """Words for Was sticht? events, from what the table is told: the deal's trump and the task
    choices come without their secret, which the rules show later (trump_shown, tasks_shown)."""

    def __init__(self, seats, rounds=None):
        super().__init__(seats, rounds)
        self.starter = None

    def _tasks(self, ev):
        count = len(ev["offer"])
        return [ngettext("{n} task lies open: take them in turn.", "{n} tasks lie open: take them in turn.",
                         count).format(n=count)]

    def _deal(self, ev):
        self.starter = ev["starter"]
        self.trick_open = False
        return [_("Round {round}: {name} is the starter and draws the secret trump.").format(
            round=ev["round"], name=self.names[ev["starter"]])]

    def _act(self, ev):
        who = self.names[ev["p"]]
        key, arg = action_of(ev)[:2]
        if key == "take_task":
            # TRANSLATORS: {task} is a task's id, wording and difficulty: "T7 win no trick (3)"
            return [_("{name} takes {task}.").format(name=who, task=task_words(arg))]
        if key == "draft":
            # TRANSLATORS: {card} is a card such as "red 7 ●", taken from a row of the row draft
            return [_("{name} drafts {card}.").format(name=who, card=card_words(arg))]
        if key == "task":
            return [_("{name} has chosen a task (secret until all have chosen).").format(name=who)]
        if key == "discard":
            if arg is None:
                return [_("{name} (starter) lays down no task.").format(name=who)]
            return [_("{name} (starter) lays down {task}.").format(name=who, task=task_words(arg))]
        if key == "play":
            lead = not self.trick_open
            self.trick_open = True
            if lead:
                return [_("{name} leads {card}.").format(name=who, card=card_words(arg))]
            return [_("{name} plays {card}.").format(name=who, card=card_words(arg))]
        return super()._act(ev)

    def _tasks_shown(self, ev):
        return [_("The tasks are revealed:")] + [f"{self.names[s]}: {task_words(t)}."
                                                  for s, t in enumerate(ev["chosen"]) if t is not None]

    def _trump_shown(self, ev):
        starter = self.names[self.starter] if self.starter is not None else _("The starter")
        # TRANSLATORS: {trump} is like "red and 7s" or "no trump at all"
        return [_("{name} reveals the trump: {trump}.").format(name=starter,
                                                                trump=trump_words(ev["colour"], ev["number"]))]

    def _hint(self, ev):
        starter = self.names[self.starter] if self.starter is not None else _("The starter")  # a missed deal
        if ev["winner"] == self.starter:
            return [_("Row {row}: {name} says they would have won this trick.").format(row=ev["row"], name=starter)]
        return [_("Row {row}: {name} says {winner} would have won this trick.").format(
            row=ev["row"], name=starter, winner=self.names[ev["winner"]])]

    def _trick(self, ev):
        self.trick_open = False
        return [_("{name} wins the trick.").format(name=self.names[ev["winner"]])]

    def _done(self, ev):
        met = [self.names[s] for s in ev["fulfilled"]]
        lines = [_("Fulfilled: {names}.").format(names=listing(met)) if met else _("Nobody fulfilled his task.")]
        for seat, task in sorted(ev["laid_down"].items()):
            name = self.names[int(seat)]
            if int(seat) == self.starter:  # not the count of the starter's tricks: a task of their own
                lines.append(_("Starter's bonus: {name} lays down {task}, a task of their own.").format(
                    name=name, task=task_words(task)))
            else:
                lines.append(_("{name} lays down {task}.").format(name=name, task=task_words(task)))
        return lines

    def _score(self, ev):
        laid = ", ".join(f"{n} {p}" for n, p in zip(self.names, ev["totals"]))
        # TRANSLATORS: {counts} lists each player with a count: "Anna 2, Ben 1"
        return [_("Tasks laid down after round {round}: {counts}.").format(round=ev["round"], counts=laid)]

    def _end(self, ev):
        names = listing(self.names[w] for w in ev["winners"])
        return [ngettext("{names} wins: all tasks laid down!", "{names} share the win: all tasks laid down!",
                         len(ev["winners"])).format(names=names)]


# --- sprites -----------------------------------------------------------------------------------------
def felt():
    """The plain felt behind the draft and task scenes (no oval: the layout fills the screen)."""
    surf = _sprites.get("felt")
    if surf is None:
        surf = Picture((1280, 720), alpha=False)
        for y in range(720):
            t = y / 720
            surf.fill(tuple(int(a + (b - a) * t) for a, b in zip(theme.FELT, theme.BG)), (0, y, 1280, 1))
        surf = _sprites["felt"] = surf.convert()
    return surf


def trump_card(kind, value, size=(70, 98)):
    """One of the starter's trump cards: kind "colour" (R, G, B, Y or None) or "number" (1-9 or None)."""
    key = ("trump", kind, value, size, i18n.language())
    surf = _sprites.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = Picture(size)
    body = pygame.Rect(0, 0, w, h)
    if kind == "colour" and value:
        fill, ink = cards.COLOURS[value], cards.ink_on(value)
    else:
        fill, ink = (236, 232, 220), TILE_INK
    paint.rect(surf, cards.EDGE, body, border_radius=10)
    paint.rect(surf, fill, body.inflate(-6, -6), border_radius=8)
    if kind == "colour" and value:
        mark = cards.symbol(value, int(w * 0.62), ink, cards.EDGE if value != "Y" else (255, 255, 255))
        surf.blit(mark, mark.get_rect(center=(w // 2, h * (0.42 if h >= 60 else 0.5))))
        label = _(game_cards.COLOUR_NAMES[value])
    elif kind == "number" and value is not None:
        big = theme.outlined(str(value), int(h * 0.5), TILE_INK, (255, 255, 255), 2, True)
        surf.blit(big, big.get_rect(center=(w // 2, h * (0.42 if h >= 60 else 0.5))))
        label = pgettext("trump card", "number")
    else:
        paint.line(surf, (200, 60, 60), (w * 0.25, h * 0.2), (w * 0.75, h * 0.62), 6)
        paint.line(surf, (200, 60, 60), (w * 0.75, h * 0.2), (w * 0.25, h * 0.62), 6)
        label = pgettext("trump card", "no colour") if kind == "colour" else pgettext("trump card", "no number")
    if h >= 60:  # small cards (the table's trump pill) say it by the words beside them
        size, lines = trump_label(label, w)
        for i, line in enumerate(lines):
            words = label_words(line, size, ink, w - 6)
            surf.blit(words, words.get_rect(center=(w // 2, h - 14 - (size + 1) * (len(lines) - 1 - i))))
    surf = _sprites[key] = theme.converted(surf)
    return surf


def trump_label(label, width):
    """(size, lines) of a trump card's label at sofa size, whole: one line if it fits the card, else
    two (a word wider than the card is drawn a little narrower, as tall: label_words)."""
    size = theme.READABLE
    return size, theme.wrap(label, size, width - 8, True)


def label_words(line, size, ink, room):
    """A trump card's label line, bold at SIZE, narrowed to ROOM pixels if wider ("number" on the row
    draft's small card): as tall as SIZE makes it, read from the sofa."""
    words = theme.text(line, size, ink, True)
    return theme.fitted_width(words, room) if words.get_width() > room else words


def draw_trump(surface, topleft, colour, number, size=(70, 98)):
    """The two trump cards side by side; returns their rect."""
    x, y = topleft
    surface.blit(trump_card("colour", colour, size), (x, y))
    surface.blit(trump_card("number", number, size), (x + size[0] + 10, y))
    return pygame.Rect(x, y, size[0] * 2 + 10, size[1])


_cut_tiles = {}  # a task tile's key -> its last line, cut with "…" (the layout guard is told)


def task_tile(task, size, owner=None, owner_name="", dim=False):
    """A task card: its difficulty in a gold disc, the wording as large as fits (no code: players know a
    task by its words); a taken one carries its owner's name in the owner's colour at the top."""
    key = ("task", task, size, owner, owner_name, dim, i18n.language())
    surf = _sprites.get(key)
    if surf is not None:
        if key in _cut_tiles:  # told at every drawing, as theme.fit does: the guard may start after the cache
            theme.left_out(_cut_tiles[key])
        return surf
    w, h = size
    surf = Picture(size)
    paint.rect(surf, cards.EDGE, (0, 0, w, h), border_radius=12)
    paint.rect(surf, TILE_FILL, (3, 3, w - 6, h - 6), border_radius=10)
    wording, difficulty = TASKS[task]
    wording = _(wording)
    id_rect = pygame.Rect(12, 8, 0, 26)  # where the owner's pill starts
    disc = pygame.Rect(w - 40, 6, 32, 32)
    paint.ellipse(surf, theme.GOLD, disc)
    paint.ellipse(surf, cards.EDGE, disc, 2)
    theme.blit_text(surf, str(difficulty), 20, disc.center, TILE_INK, True, "center")
    if owner is not None:
        pill = pygame.Rect(id_rect.right, 6, disc.left - id_rect.right - 8, 24)
        paint.rect(surf, SEAT_COLOURS[owner], pill, border_radius=12)
        theme.blit_text(surf, theme.fit(owner_name, 16, pill.width - 10, True), 16, pill.center, TILE_INK, True,
                        "center")
    top = 8 if owner is None else disc.bottom  # under an owned tile's pill
    size_txt, bold, lines = _wording_lines(wording, w, h, top, disc, 22 if h >= 170 else 19 if h >= 140 else 17)
    for i, line in enumerate(lines):
        theme.blit_text(surf, line, size_txt, (WORDS_LEFT, top + i * (size_txt + LINE_GAP)), TILE_INK, bold)
    if lines[-1].endswith("…") and not wording.endswith("…"):
        _cut_tiles[key] = lines[-1]
    if dim:
        veil = Picture(size)
        veil.fill((0, 0, 0, 90))
        surf.blit(veil, (0, 0))
    surf = _sprites[key] = surf.convert_alpha()
    return surf


WORDS_LEFT, WORDS_RIGHT, WORDS_BOTTOM = 12, 8, 4  # the wording's margins on a tile, in pixels
LINE_GAP = 2  # a line's step is its type size and this: a line's ink (accents, descenders) runs 2 px past it


def _wording_lines(wording, w, h, top, disc, largest):
    """(size, bold, lines): the largest type (down to sofa size, bold, then plain, which runs narrower)
    at which the whole wording fits the tile, flowing from TOP beside the difficulty DISC (narrower
    there) and under it; else cut with "…" at sofa size, which the layout guard is told of (the tile's
    tooltip gives it whole)."""
    least = theme.READABLE
    for size, bold in [(size, True) for size in range(largest, least - 1, -1)] + [(least, False)]:
        lines = _flow(wording, size, bold, w, h, top, disc)
        if lines is not None:
            return size, bold, lines
    rows = _rows(least, h, top)
    lines = theme.wrap(wording, least, w - WORDS_LEFT - WORDS_RIGHT)[:len(rows)]
    lines[-1] = theme.fit(lines[-1] + " …", least, w - WORDS_LEFT - WORDS_RIGHT)
    theme.left_out(lines[-1])
    return least, False, lines


def _rows(size, h, top):
    """The tops of the lines a tile has room for at SIZE, from TOP."""
    return list(range(top, h - WORDS_BOTTOM - size - LINE_GAP + 1, size + LINE_GAP))


def _flow(wording, size, bold, w, h, top, disc):
    """The wording's lines at SIZE, each as wide as its row allows (beside the disc: up to its left),
    or None when they do not all fit the tile."""
    f = theme.font(size, bold)
    rows = _rows(size, h, top)

    def room(k):
        return (disc.left - 6 if rows[k] < disc.bottom else w - WORDS_RIGHT) - WORDS_LEFT

    lines, line = [], ""
    for word in wording.split():
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= room(len(lines)):
            line = trial
            continue
        if line:
            lines.append(line)
        if len(lines) >= len(rows) or f.size(word)[0] > room(len(lines)):
            return None
        line = word
    return lines + [line] if line else lines


toast = widgets.toast  # the refusal pill, as every board draws it


def seat_chip(surface, rect, seat, name, lines, glow=False, tags=()):
    """A seat's box: its colour stripe, name, small tags (STARTER, FIRST) and lines of text."""
    theme.panel(surface, rect, fill=(12, 34, 28), edge=theme.GOLD if glow else theme.PANEL_EDGE,
                width=4 if glow else 2)
    paint.rect(surface, SEAT_COLOURS[seat], (rect.x + 4, rect.y + 6, 8, rect.height - 12), border_radius=4)
    x = rect.right - 8
    for tag, fill in reversed(tags):
        label = theme.text(tag, theme.READABLE, theme.INK_DARK, True)
        box = label.get_rect().inflate(12, 6)
        box.topright = (x, rect.y + 7)  # the tag's box, not its words, ends at x: a gap between tags
        paint.rect(surface, fill, box, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))
        x = box.left - 6
    theme.blit_text(surface, theme.fit(name, 22, x - rect.x - 26, True), 22, (rect.x + 20, rect.y + 8), theme.INK,
                    True)
    for i, (line, colour) in enumerate(lines):
        theme.blit_text(surface, theme.fit(line, 18, rect.width - 30), 18, (rect.x + 20, rect.y + 38 + 24 * i),
                        colour)


# --- the base scene ----------------------------------------------------------------------------------
class WasStichtBoard(Board):
    """What the Was sticht? boards share: no dealt hands (the rows are drafted), the trump's
    visibility, the top buttons and the everyone's-tasks overlay."""

    def task_tip(self, rect, task):
        return self.tip(rect, task_tip_words(task))

    # --- teaching (game.teach): where a note's target is drawn, where the teacher's box may stand ----
    def teach_rect(self, target):
        """Where a teaching note's TARGET (game.teach.Note) is drawn now, or None: this game's kinds
        ("row", k), ("task", id), ("notepad",), ("trump",), ("action", kind) by each board's
        ``teach_place``, the shared ones by the base board."""
        target = tuple(target)
        rect = self.teach_place(target) if target else None
        if rect is not None:
            return rect
        rect = super().teach_rect(target) if target else None
        return rect if rect is not None or not target else self.teach_common(target)

    def teach_place(self, target):
        """A board's own answer for teach_rect (None: the base board's)."""
        return None

    def teach_common(self, target):
        """The shared kinds where the base board has no answer (None: nowhere)."""
        return None

    def teach_targets(self, prefix):
        """The union of the click targets named PREFIX... drawn last frame, or None."""
        rects = [r for name, r in self.targets.items() if name.startswith(prefix)]
        return rects[0].unionall(rects[1:]) if rects else None

    def tricks(self):
        """This round's tricks as drawn: the view's, then those taken during the step being shown
        (their cards flew to the winner; the step's view after holds them)."""
        return self.shown["tricks"] + [trick for (trick,) in self.landed_as("won")]

    def last_trick(self):
        tricks = self.tricks() if self.shown else None
        return tricks[-1] if tricks else None

    def deal_step(self, ev):
        """The rows are laid out: the market scene shows them as soon as this scene gives way."""
        def begin():
            self.log.event(ev)
            # the sizes of the draft and the task choice, drawn now rather than mid-animation
            cards.warm(sorted(c for row in ev["rows"] for c in row), sizes=WARM_SIZES)
            self.resync()
            return []

        self.script.add(begin)

    def act_step(self, ev, seconds=0.25):
        """An action shown by a short pause (the step's view after comes when the step is shown)."""
        self.hold_step(seconds, begin=lambda: self.log.event(ev))

    def trump_visible(self):
        """The trump may be drawn: revealed to all, or this is the starter's own screen."""
        shown = self.shown
        if not shown["trump_known"]:
            return False
        return shown["phase"] not in ("task_draft", "row_draft") or self.session.hand_visible()

    def visible_trump(self):
        """(colour, number) when the trump may be drawn, else (None, None): nothing marked."""
        shown = self.shown
        return (shown["trump_colour"], shown["trump_number"]) if self.trump_visible() else (None, None)

    def top_buttons(self, surface, items, right=1270, y=10, least=130, size=20):
        """Buttons in a row ending at right: items are (key, label)."""
        widgets.button_row(self, surface, items, right, y, least, size=size)

    def click_button(self, which):
        if which == "tasks":
            self.screen.open_box(TasksOverlay(self.screen))
        else:
            super().click_button(which)


class TasksOverlay(Overlay):
    """Everyone's tasks (public), in a box over the game: open ones, and the laid-down ones marked done."""

    name = "tasks"

    def draw_box(self, surface):
        box = self.modal(surface, (1220, 600))
        theme.blit_text(surface, _("Everyone's tasks"), 30, (box.centerx, box.y + 30), theme.GOLD, True, "center")
        shown = self.game.board.shown
        for seat in range(self.session.state.players):
            y = box.y + 64 + seat * 124
            paint.rect(surface, SEAT_COLOURS[seat], (box.x + 20, y + 8, 8, 96), border_radius=4)
            theme.blit_text(surface, theme.fit(self.session.name(seat), 22, 150, True), 22, (box.x + 38, y + 20),
                            theme.INK, True)
            if seat == shown["starter"] and shown["round"]:
                theme.blit_text(surface, pgettext("tag", "starter"), 17, (box.x + 38, y + 52), theme.GOLD, True)
            tasks = [(t, False) for t in shown["held_tasks"][seat]] + [(t, True) for t in shown["laid_down"][seat]]
            chosen = shown["chosen"][seat] if seat != self.session.home or self.session.hand_visible() else None
            for i, (task, done) in enumerate(tasks):
                rect = pygame.Rect(box.x + 200 + i * 202, y, 192, 116)
                surface.blit(task_tile(task, rect.size, dim=done), rect)
                self.tip(rect, task_tip_words(task))
                if task == chosen and not done:  # this round's task (shown once it is no secret)
                    paint.rect(surface, theme.GOLD, rect.inflate(6, 6), 4, border_radius=14)
                if done:
                    stamp = theme.outlined(_("DONE ✔"), 24, (150, 240, 160), cards.EDGE, 2, True)
                    surface.blit(stamp, stamp.get_rect(center=(rect.centerx, rect.bottom - 22)))
        theme.blit_text(surface, _("Click anywhere to close"), 17, (box.centerx, box.bottom - 20), theme.INK_DIM, False,
                        "center")
        self.close_anywhere()
