"""The coach: the Hint button asks the Hard bot how good each of the person's legal actions is.

The search runs in a background thread (the same as the bots'), on a copy of the person's view and
legal actions taken when the button is pressed, so the frame keeps animating. The answer belongs to
one moment of the game (the number of events and the seat): once the game has moved on, it is
dropped, and a search still running is told to stop.
"""


import pygame

from scenes.screen import paint

from game import cards as game_cards, explain
from game.bots import make_bot
from game.engine import derived_rng
from game.i18n import N_, _, percent
from scenes.screen import cards
from scenes.screen import session as session_module
from scenes.screen import theme
from scenes.screen.log import GLYPHS, card_words
from scenes.screen.protocols import decider_part

# The search budget of one hint; tests make it a few iterations.
BUDGET = {"seconds": 0.3}


# An action's kind as the hint list names it (the English is the kind itself).
# TRANSLATORS: the kinds of move in the hint list, followed by what is played: "play red 5 ●"
ACTION_WORDS = {"play": N_("play"), "pick": N_("pick"), "plus": N_("plus"), "buy": N_("buy"), "bury": N_("bury"),
                "bid": N_("bid"), "lead": N_("lead"), "discard": N_("discard"), "draft": N_("draft"),
                "take_task": N_("take_task"), "task": N_("task")}


class Coach:
    def __init__(self):
        self.future = None
        self.bot = None
        self.key = None      # (events, seat) the hint was asked for
        self.values = None   # {action: value in [0, 1]} once the answer is in
        self.view = None     # the asking seat's view: the reasons are worked out from it alone
        self.details = False  # the numbers shown (the Details button), not only the sentence

    @property
    def thinking(self):
        return self.future is not None

    def start(self, session):
        """Ask for a hint for the person whose turn it is and whose hand is on screen (never another
        seat, never before the hand-off click). Returns True when a search was started."""
        if self.thinking or not (session.my_turn() and session.hand_visible()):
            return False
        state, seat = session.state, session.decider
        key = (session.table.moment, seat)
        if self.values is not None and self.key == key:
            return False  # already shown
        self.clear()
        self.key = key
        try:
            self.bot = make_bot("hard", **BUDGET)
        except ValueError:
            return False  # no search bot in this installation: no hints
        evaluate = decider_part(self.bot, "evaluate")
        if evaluate is None:
            self.bot = None
            return False  # a stand-in for the Hard level that cannot rate moves
        view, legal = state.view(seat), list(state.legal_actions())
        self.view = view
        rng = derived_rng(session.seed, "coach", session.table.moment)
        self.future = session_module.thinking_pool().submit(evaluate, view, legal, rng)
        return True

    def poll(self, session):
        """Take a finished answer if it still fits the game; forget one that does not."""
        key = (session.table.moment, session.decider)
        if self.key is not None and (key != self.key or not session.my_turn()):
            self.clear()
            return
        if self.future is None or not self.future.done():
            return
        future, self.future = self.future, None
        try:
            self.values = dict(future.result())
        except Exception:  # noqa: BLE001 - a failing hint only means no hint
            self.values = None

    def clear(self):
        """Forget the hint; a search still running is asked to stop and its answer is ignored."""
        stop = decider_part(self.bot, "stop")
        if self.future is not None and stop is not None:
            stop.set()
        self.future, self.bot, self.key, self.values, self.view = None, None, None, None, None
        self.details = False

    def best(self):
        """The best-rated action; None when all are as good as each other (game.explain.EQUAL:
        nothing to single out, and the sentence says so)."""
        if not self.values:
            return None
        alike = self.equal_best()
        if len(self.values) > 1 and len(alike) == len(self.values):
            return None
        return alike[0]

    def equal_best(self):
        """The actions as good as the best one (game.explain.EQUAL), best first."""
        return explain.equal_best(self.values)

    def sentence(self, session, why=True):
        """The hint in one sentence: the best move (or the moves as good as each other) and why (WHY)."""
        if not self.values or self.view is None:
            return ""
        return explain.advice(self.view, self.values, lambda action: move_words(self.view, action, session), why)

    def reason(self, action):
        """A short reason for an action from the asking seat's view, or None."""
        return explain.reason(self.view, action) if self.view is not None else None

    def meaning(self, short=False):
        return explain.meaning(self.view["game"], short) if self.view is not None else ""

    def ranked(self):
        return sorted(self.values.items(), key=lambda item: -item[1]) if self.values else []


# --- drawing the hint ------------------------------------------------------------------------------
# The Hint button in its own strip; the hint itself: bars on what the person would click and the best
# actions listed where the board says (over the log on the table).

def bar(surface, rect, value, best):
    """A value in [0, 1] as a filled bar with its percentage; the best one in gold."""
    paint.rect(surface, (12, 24, 20), rect, border_radius=6)
    fill = rect.inflate(-4, -4)
    fill.width = max(2, round(fill.width * max(0.0, min(1.0, value))))
    paint.rect(surface, theme.GOLD if best else (90, 160, 120), fill, border_radius=4)
    paint.rect(surface, theme.GOLD if best else cards.EDGE, rect, 2, border_radius=6)
    label = theme.outlined(percent(value), theme.READABLE, theme.INK, cards.EDGE, 2, True)
    surface.blit(label, label.get_rect(center=rect.center))


def draw(surface, screen, board):
    coach = screen.coach
    if coach.values:
        say = board.coach_say()
        draw_cards(surface, coach, board, numbers=coach.details or say is None)
        if say is not None:
            draw_box(surface, coach, say, screen.session, screen)
    rect = board.coach_button()
    label = _("Thinking…") if coach.thinking else _("Hint (H)")
    theme.button(surface, rect, label, screen.hovering("coach"), 18, "normal", not coach.thinking)
    screen.target("coach", rect)


def card_values(coach):
    """{what the action names (a card, a seat, a task): its best value}, for the bars on what the
    person would click; the grey 4's colours share one card."""
    values = {}
    for action, value in (coach.values or {}).items():
        if len(action) >= 2 and isinstance(action[1], (str, int)) and not isinstance(action[1], bool):
            values[action[1]] = max(value, values.get(action[1], 0.0))
    return values


def draw_cards(surface, coach, board, numbers=True):
    """Bars with the percentages over what the person would click (NUMBERS), else a gold "Best" over
    the best ones alone (the sentence says why; Details shows the numbers)."""
    values = card_values(coach)
    places = [(k, r) for k, r in board.coach_places() if k in values]
    if not places:
        return
    best = {a[1] for a in coach.equal_best() if len(a) >= 2} if coach.best() is not None else set()
    xs = sorted(r.x for _, r in places)
    step = min([b - a for a, b in zip(xs, xs[1:]) if b > a] or [cards.HAND[0]])
    for key, rect in places:
        spot = board.coach_bar_rect(rect, min(step, rect.width + 4))
        if numbers:
            bar(surface, spot, values[key], key in best)
            board.tip(spot, bar_words(coach, key, values[key]))
        elif key in best:
            best_tag(surface, spot)
            board.tip(spot, coach.sentence(board.session))


def best_tag(surface, rect):
    """The gold mark over a best card: the word "Best" (the percentages are under Details)."""
    paint.rect(surface, theme.GOLD, rect, border_radius=6)
    paint.rect(surface, cards.EDGE, rect, 2, border_radius=6)
    # TRANSLATORS: the hint's mark over the best card (a few letters: it stands over a card's width)
    label = theme.outlined(theme.fit(_("Best"), theme.READABLE, rect.width - 6, True), theme.READABLE,
                           theme.INK_DARK, theme.GOLD, 1, True)
    surface.blit(label, label.get_rect(center=rect.center))


def bar_words(coach, key, value):
    """A bar's tooltip: its percentage, why its best action is good, what a percentage is."""
    action = max((a for a in coach.values if len(a) >= 2 and a[1] == key), key=coach.values.get, default=None)
    why = coach.reason(action) if action is not None else None
    if why:
        # TRANSLATORS: a hint bar's tooltip: {percent} "57%", {why} a reason, {meaning} what a percentage is
        return _("{percent}, {why}. {meaning}").format(percent=percent(value), why=why, meaning=coach.meaning())
    return _("{percent}. {meaning}").format(percent=percent(value), meaning=coach.meaning())


def details_button(surface, coach, box, screen, right):
    """The Details button in the box's head, ending at RIGHT (it toggles the numbers and the sentence)."""
    # TRANSLATORS: the hint box's button that shows the percentages behind its sentence; "Back" returns
    label = _("Back") if coach.details else _("Details")
    width = theme.font(theme.READABLE, True).size(label)[0] + 18
    rect = pygame.Rect(right - width, box.y + 4, width, 24)
    if screen is not None:
        theme.button(surface, rect, label, screen.hovering("coach:details"), theme.READABLE)
        screen.target("coach:details", rect)
    return rect


def draw_box(surface, coach, box, session, screen=None):
    """The hint's box: its head (the title and the Details button), then the sentence, or (Details)
    what a percentage means and the ranked actions with their bars."""
    theme.panel(surface, box, fill=(10, 30, 24), edge=theme.GOLD)
    right = box.right - 8
    button = screen.board.coach_button() if screen is not None else None
    if button is not None and button.colliderect(pygame.Rect(box.x, box.y, box.width, 28)):
        right = button.left - 6  # the Hint button in the box's head: Details left of it
    details = details_button(surface, coach, box, screen, right)
    title = _("Hint")
    if theme.font(theme.READABLE, True).size(title)[0] <= details.left - 6 - (box.x + 10):  # else the button alone
        theme.blit_text(surface, title, theme.READABLE, (box.x + 10, box.y + 7), theme.GOLD, True)
    top = box.y + 34
    if coach.details:
        draw_numbers(surface, coach, box, top, session, screen)
    else:
        draw_sentence(surface, coach, box, top, session, screen)


def draw_sentence(surface, coach, box, top, session, screen):
    """The hint's sentence, wrapped at sofa size; what does not fit is said whole by the tooltip."""
    words = coach.sentence(session)
    size = theme.READABLE + 2 if box.height > 160 or box.width > 400 else theme.READABLE
    lines = theme.wrap(words, size, box.width - 20)
    step = size + 4
    room = max(1, (box.bottom - 6 - top) // step)
    if len(lines) > room:  # the reason too long for the box: the move alone, never cut words
        lines = theme.wrap(coach.sentence(session, why=False), size, box.width - 20)[:room]
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, size, (box.x + 10, top + step * i), theme.INK)
    if screen is not None:
        screen.tip(box, f"{words} {coach.meaning()}")


def draw_numbers(surface, coach, box, top, session, screen):
    """What a percentage means in words, then the ranked actions with their bars."""
    y = top
    for line in theme.wrap(coach.meaning(short=True), theme.READABLE, box.width - 20)[:3]:
        theme.blit_text(surface, line, theme.READABLE, (box.x + 10, y), theme.INK_DIM)
        y += theme.READABLE + 4
    y += 2
    best = set(coach.equal_best()) if coach.best() is not None else set()
    if screen is not None:
        screen.tip(box, coach.meaning())
    for action, value in coach.ranked():
        if y + 22 > box.bottom - 4:
            break  # sofa size: fewer rows fit than the ranking holds; the rows' tooltips say them
        top_row = action in best
        size = theme.READABLE
        words = label_of(action, session, view=coach.view)
        if theme.font(size, top_row).size(words)[0] > box.width - 82:  # a pick of three cards: by their symbols
            words = label_of(action, session, compact=True)
        if theme.font(size, top_row).size(words)[0] > box.width - 82:  # still too long: the cards alone, close
            words = label_of(action, session, compact=True, bare=True)
        label = theme.fit(words, size, box.width - 82, top_row)
        theme.blit_text(surface, label, size, (box.x + 8, y + 1), theme.GOLD if top_row else theme.INK, top_row)
        bar(surface, pygame.Rect(box.right - 66, y, 60, 22), value, top_row)
        if screen is not None:
            name = label_of(action, session, view=coach.view)
            words = _("{action}: {percent}").format(action=name, percent=percent(value))
            reason = coach.reason(action)
            if reason:
                words = _("{action}: {percent}, {why}").format(action=name,
                                                                percent=percent(value), why=reason)
            screen.tip(pygame.Rect(box.x, y, box.width, 22), words)
        y += 24


def move_words(view, action, session):
    """An action in a few words for the hint's sentence: cards by name, seats by their names."""
    def seat_name(seat):
        return session.name(seat) if isinstance(seat, int) and 0 <= seat < len(session.seats) else str(seat)
    return explain.move_name(view, action, seat_name)


def label_of(action, session, compact=False, bare=False, view=None):
    """An action in short words for the hint list (compact: the cards of a pick by symbol and number,
    "●2 + ▲18"; bare: those alone, "●2+▲18"; the row's tooltip says them in words); a task by its words
    where the seat's VIEW is given."""
    key, parts = action[0], []
    if view is not None and key in ("take_task", "task", "discard"):
        return move_words(view, action, session)
    if key in ("buy", "bury") and len(action) == 2 and not isinstance(action[1], (tuple, list)):
        return deck_label(key, action[1], session)
    for part in action[1:]:
        if isinstance(part, (tuple, list)):
            parts.append((" + ", "+")[bare].join(compact_card(p) if compact else part_words(p, short=True)
                                                  for p in part))
        elif isinstance(part, int) and not isinstance(part, bool):
            parts.append(session.name(part) if 0 <= part < len(session.seats) else str(part))
        else:
            parts.append(part_words(part))
    key = _(ACTION_WORDS[key]) if key in ACTION_WORDS else key
    if bare:  # the verb left to the row's tooltip
        return " ".join(parts)
    return f"{key} {' '.join(parts)}".strip()


def deck_label(key, seat, session):
    """A Tricks buy or burial by the deck it is made on, in whole words: "buy from Ben", "bury nothing"."""
    if seat is None:
        return _("bury nothing") if key == "bury" else _("buy nothing")
    name = session.name(seat) if isinstance(seat, int) and 0 <= seat < len(session.seats) else str(seat)
    if key == "buy":
        # TRANSLATORS: the hint list: buy the face-up card of {name}'s deck (keep the name last)
        return _("buy from {name}").format(name=name)
    # TRANSLATORS: the hint list: put the face-up card of {name}'s deck under that deck. Keep the name
    # last: a long one is cut, not the words.
    return _("bury at {name}").format(name=name)


def compact_card(part):
    """A card as its colour's symbol and its number ("●12"); anything else as part_words says it."""
    text = str(part)
    if len(text) in (2, 3) and text[0] in GLYPHS and text[1:].isdigit():
        return f"{GLYPHS[text[0]]}{text[1:]}"
    return part_words(part, short=True)


def part_words(part, short=False):
    """A card in words (short: without its symbol, for a pick of several), else as it is."""
    if part is None:
        return _("none")
    text = str(part)
    if text in game_cards.COLOUR_NAMES:  # the colour the grey 4 is played as
        # TRANSLATORS: the hint list: the colour a card is played as ("play grey 4 ◎ as yellow")
        return _("as {colour}").format(colour=_(game_cards.COLOUR_NAMES[text]))
    if len(text) in (2, 3) and text[0].isalpha() and text[1:].isdigit():
        try:
            words = card_words(text)
            return words.rsplit(" ", 1)[0] if short and not words[-1].isdigit() else words
        except (KeyError, IndexError, ValueError):
            return text  # a code that is not a card (a task): as it is
    return text
