"""The teacher at the table: a guided first round (a lesson) or teach mode's reminders in a real game.

The words come from ``game.teach`` (one place per game); this module only decides when a note is
shown and draws it: in a lesson, the note's line in the teacher's box with a glow on what
it speaks of, the game holding until "Go on" when a note comes between the learner's turns, and at the
learner's turn the suggested move raised with its reason; in teach mode, the note's short line beside
its target's glow for a while, once per game.
"""

import math

import pygame

from scenes.screen import paint

from game.explain import reason
from game.i18n import N_, _
from game.teach import Moment, Note, Teacher, score_lines, suggest, turn_line
from game.teach.walk import suggestion_rng
from scenes.screen import theme

REMINDER_SECONDS = 7.0  # how long a teach-mode reminder stays beside its target
LINE_SIZE = 19
ONLY_MOVE = N_("Only one move is legal here: click the marked one. In a real game such a card plays by itself "
               "(Settings: Play a forced card).")
ANSWER_STEPS = 3  # the learner's own move and the next two: then the answer is old news
PAGE_SECONDS = 7.0  # words too many for the box at sofa size: each page this long, in turn
NARROW = 560  # a teacher's box narrower than this puts its buttons in a row under its words
GLOW = (120, 210, 255)  # the teacher's own colour: gold marks trumps and turns on the table


class Teaching:
    """What the teacher knows of one game: the taught seats' teachers and what is shown now."""

    def __init__(self, screen, lesson=None, seats=()):
        self.screen = screen
        self.lesson = lesson
        game_id = screen.session.game_id
        taught = (lesson.learner,) if lesson else tuple(seats)
        self.teachers = {seat: Teacher(game_id) for seat in taught}
        self.views = {}  # {seat: the view its last note was worked out from}
        self.told_step = None  # the last step whose rules were looked at
        self.note = None  # the lesson's note in the box now
        self.words = ""  # the box's words now (a note's line, or the turn's line)
        self.holding = False  # the game waits for "Go on"
        self.turn_at = None  # the moment the learner's turn line belongs to
        self.advice = None  # the suggested action at the learner's turn
        self.skipping = False
        self.reminders = []  # teach mode: [note, seat, seconds left, phase], the first one shown
        self.queue = []  # (note, the learner's own turn) a lesson shows after the one in its box
        self.waiting = []  # (note, seat) told by a step, shown once the screen rests (its board drawn)
        self.shown = []  # every (rule, words) shown, in order (tests read it)
        self.over = None  # a lesson's round is scored: its last notes are read, then its score (False: shown)
        self.answer_steps = 0  # steps the answer to another move still stays for
        self.turn_words = None  # the turn line of the learner's decision now
        self.turn_moment = None  # (moment, only one move) the turn line was worked out from
        self.other_action = None  # the learner's move the box answers (another than the suggestion)
        self.rows_cache = (None, None)  # the box's words as wrapped last (see box_rows)
        self.age = 0.0
        self.told_at = {}  # id(note) -> (note, the moment it was told at): to say it again in another language

    @classmethod
    def of(cls, screen):
        """The teaching a session asks for, or None."""
        session = screen.session
        lesson = session.lesson
        seats = [s for s in session.teach_seats if session.is_person(s)]  # a phone's reminders are on it
        if lesson is None and not seats:
            return None
        return cls(screen, lesson, seats)

    @property
    def notes_shown(self):
        """The notes shown so far, (rule, words), without the teacher's turn lines and answers."""
        return [(rule, words) for rule, words in self.shown if rule not in ("turn", "other")]

    @property
    def session(self):
        return self.screen.session

    def names(self):
        return tuple(self.session.name(s) for s in range(len(self.session.seats)))

    # --- what happened -------------------------------------------------------------------------------
    def step_shown(self, step):
        """A step comes on screen: the rules it brings up, told once the screen rests. Once per step (the
        round's end asks again)."""
        if step is self.told_step:
            return
        self.told_step = step
        if self.answer_steps:  # the answer to another move stays for the steps right after it
            self.answer_steps -= 1
            if not self.answer_steps and self.note is None:
                self.words = ""
        for seat, teacher in self.teachers.items():
            view = self.session.seen_views[seat]
            moment = Moment(view, self.views.get(seat), step.action, step.actor, (), self.names())
            self.views[seat] = view
            self.waiting.extend((self.remember(note, moment), seat) for note in teacher.look(moment))

    def turn(self):
        """Once per moment at a taught person's turn: the rules of their decision, and in a lesson the
        suggestion."""
        s = self.session
        seat = s.decider
        if seat not in self.teachers or not self.screen.can_act():
            return
        key = s.door.moment
        if self.turn_at == key:
            return
        self.turn_at = key
        legal = tuple(s.state.legal_actions())
        view = s.seen_views[seat]
        moment = Moment(view, None, None, None, legal, self.names())
        notes = [self.remember(note, moment) for note in self.teachers[seat].look(moment)]
        for note in notes:
            self.tell(note, seat, mine=True)
        if self.lesson is not None:
            # the moment is the game's events so far, as the pure walk counts it
            self.advice = suggest(view, legal, suggestion_rng(self.lesson.seed, s.door.moment))
            self.turn_moment = (moment, len(legal) == 1)
            words = self.turn_words = self.turn_line()
            self.shown.append(("turn", words))
            if notes:  # after the rules, what to do now ("Go on")
                self.queue.append((Note("turn", words, ""), True))
            else:
                self.note, self.words = None, words
        self.show_queued()

    def tell(self, note, seat, mine):
        if self.lesson is None:
            self.shown.append((note.rule, note.short))
            phase = self.session.seen_views[seat]["phase"]
            self.reminders = [r for r in self.reminders if r[3] == phase]  # another phase's are stale
            self.reminders.append([note, seat, REMINDER_SECONDS, phase])
            return
        self.queue.append((note, mine))

    def show_queued(self):
        """The first note told and not yet read comes into the box (the others wait for Go on)."""
        if self.queue and not self.holding:
            self.next_note()

    def next_note(self):
        """The next note of the queue in the box. The game waits for "Go on" after a note that came
        between the learner's turns, and while more notes wait to be read."""
        note, mine = self.queue.pop(0)
        self.note, self.words, self.age = (note if note.rule != "turn" else None), note.line, 0.0
        if note.rule != "turn":  # a queued turn line was counted when it was worked out
            self.shown.append((note.rule, note.line))  # what the box has shown (tests read it)
        self.holding = not self.skipping and (not mine or bool(self.queue))

    # --- the loop ------------------------------------------------------------------------------------
    def holds(self):
        """The game waits: a lesson's note between the learner's turns is read first."""
        return self.holding

    def update(self, dt):
        self.age += dt
        if self.reminders:
            self.reminders[0][2] -= dt
            if self.reminders[0][2] <= 0:
                self.reminders.pop(0)
        if self.waiting and (self.screen.idle or self.screen.board.reading()):  # at rest, or at a reveal
            waiting, self.waiting = self.waiting, []
            for note, seat in waiting:
                self.tell(note, seat, mine=False)
            self.show_queued()
        if self.screen.idle and not self.holding:
            self.turn()
        if self.over and not self.holding:
            self.over = False
            self.screen.lesson_done()
        if self.advice is not None and self.advice[0] == "play" and self.screen.can_act():
            self.screen.board.lifts[self.advice[1]] = 1.0  # the suggested card stands raised
        if self.skipping and self.screen.board.reveal_open():
            self.screen.board.go_to_tricks()  # Skip goes past the bids' reveal too
        if self.skipping and self.screen.can_act() and self.advice is not None \
                and self.turn_at == self.session.door.moment:
            advice, self.advice = self.advice, None
            self.screen.act(advice)

    def acted(self, action):
        """The learner moved: the turn's words, the note about the decision and a reminder about it go;
        a move other than the suggestion is answered (any legal move is fine, and what it does)."""
        advice, self.advice = self.advice, None
        self.queue, self.holding = [], False  # notes about the decision just taken are old news
        if self.lesson is not None:
            words_were = self.words  # an answer only to a suggestion that was on screen
            self.note, self.words = None, ""
            if advice is not None and action != advice and not self.skipping and words_were == self.turn_words:
                self.other_action = action
                self.words = self.other_move_words(action)
                self.shown.append(("other", self.words))
                self.answer_steps = ANSWER_STEPS
        self.reminders = []  # what they said was about the moment the move ended

    def other_move_words(self, action):
        seat = self.lesson.learner
        why = reason(self.session.seen_views[seat], action)
        if why:
            # TRANSLATORS: {why} is what the learner's own move does
            return _("Not the teacher's choice, and that is fine: any legal move may be made. Yours: {why}.").format(
                why=why)
        return _("Not the teacher's choice, and that is fine: any legal move may be made.")

    def turn_line(self):
        """The learner's turn line in the language now (the lesson's suggestion and why)."""
        moment, only = self.turn_moment
        return _(ONLY_MOVE) if only else turn_line(self.session.game_id, moment, self.advice)

    def remember(self, note, moment):
        self.told_at[id(note)] = (note, moment)
        return note

    def said_again(self, note):
        """NOTE made again from the moment it was told at, in the language now: a fresh teacher (nothing
        counts as told) finds the same rule there."""
        kept = self.told_at.get(id(note))
        if note.rule == "turn" and self.turn_moment is not None:
            return Note("turn", self.turn_line(), "")
        if kept is None or kept[0] is not note:
            return note
        again = next((n for n in Teacher(self.session.game_id).look(kept[1]) if n.rule == note.rule), note)
        return self.remember(again, kept[1])

    def language_changed(self):
        """Every word the teacher shows said again in the new language: the reminders, the notes shown and
        waiting, the turn line, the answer to another move."""
        self.rows_cache = (None, None)
        for reminder in self.reminders:
            reminder[0] = self.said_again(reminder[0])
        self.queue = [(self.said_again(note), mine) for note, mine in self.queue]
        self.waiting = [(self.said_again(note), seat) for note, seat in self.waiting]
        if self.note is not None:
            self.note = self.said_again(self.note)
            self.words = self.note.line
            return
        if self.lesson is None:
            return
        if self.words and self.words == self.turn_words and self.advice is not None and self.turn_moment:
            self.words = self.turn_words = self.turn_line()
        elif self.words and self.answer_steps and self.other_action is not None:
            self.words = self.other_move_words(self.other_action)

    def go_on(self):
        if self.queue:
            self.next_note()
        else:
            self.holding = False
            self.note, self.words = None, ""  # read: the table is in sight again

    def skip(self):
        """Play the rest of the round at once: the teacher's moves for the learner, no waiting."""
        self.skipping, self.holding, self.queue = True, False, []
        self.turn_at = None

    # --- the round's end --------------------------------------------------------------------------------
    def round_over(self, step):
        """The lesson's round is scored by STEP (the game waits from now on): the notes it brings up (a
        task laid down or missed, the starter's) are read in the box, then the score comes."""
        self.step_shown(step)
        waiting, self.waiting = self.waiting, []
        for note, seat in waiting:
            self.tell(note, seat, mine=False)
        self.show_queued()
        self.over = True

    def score_lines(self):
        seat = self.lesson.learner
        return score_lines(self.session.game_id, self.session.seen_views[seat], self.names())

    # --- drawing -------------------------------------------------------------------------------------
    def target_rects(self):
        """Where the box's words point: the note's target, or at the learner's turn the suggestion."""
        board = self.screen.board
        if self.note is not None and self.note.target:
            rect = board.teach_rect(self.note.target)
            return [rect] if rect is not None else []
        if self.advice is not None and self.screen.can_act():
            return board.suggestion_rects(self.advice)
        return []

    def draw(self, surface):
        if self.lesson is not None:
            self.draw_box(surface)
        elif self.reminders:
            self.draw_reminder(surface)

    def draw_box(self, surface):
        if self.skipping:
            return
        screen = self.screen
        box = screen.board.teach_box()
        words = "" if self.holding else screen.refusal_live()  # a click while a note waits: the note first
        why = bool(words)
        # TRANSLATORS: {reason} is the rules' reason a move was refused
        words = _("Why not: {reason}").format(reason=words) if why else self.words
        buttons = self.box_buttons(box)
        if not words and not self.holding:  # nothing to say while others move: only the buttons
            self.draw_buttons(surface, buttons)
            return
        for rect in self.target_rects():
            glow(surface, rect, self.age)
        theme.panel(surface, box, fill=(14, 36, 30), edge=GLOW, radius=12, width=2)
        narrow = box.width < NARROW
        text_width = box.width - 24 - (0 if narrow else buttons[0][1].width + 12)
        text_height = box.height - 16 - (30 if narrow else 0)  # the row of buttons
        size, pages = self.box_rows(words, text_width, text_height)
        page = int(self.age // PAGE_SECONDS) % len(pages)
        for i, row in enumerate(pages[page]):
            theme.blit_text(surface, row, size, (box.x + 12, box.y + 8 + i * (size + 5)),
                            theme.WARN if why else theme.INK)  # not bold: the rows were measured plain
        if len(pages) > 1:  # the words take turns in the box at sofa size: which part this is
            theme.blit_text(surface, f"{page + 1}/{len(pages)}", size, (box.x + 12 + text_width, box.bottom - 6
                            - (30 if narrow else 0)), theme.GOLD, True, "bottomright")
        self.draw_buttons(surface, buttons)

    def box_rows(self, words, width, height):
        """(size, pages) of the box's words: the largest size whose rows fit, never under sofa size
        (theme.READABLE); what does not fit then comes as pages that take turns in the box
        (PAGE_SECONDS each), each a list of rows. Kept while the words and the box stay the same (the
        box is drawn every frame)."""
        key = (words, width, height)
        if self.rows_cache[0] != key:
            size = LINE_SIZE
            rows = theme.wrap(words, size, width) if words else []
            while len(rows) * (size + 5) > height and size > theme.READABLE:  # German and Dutch run longer
                size -= 1
                rows = theme.wrap(words, size, width)
            room = max(1, height // (size + 5))
            if len(rows) > room:  # the last row of each page keeps room for the page's number
                width_less = theme.wrap(words, size, width - theme.font(size, True).size("8/8")[0] - 10)
                rows = width_less
            pages = [rows[k:k + room] for k in range(0, len(rows), room)] or [[]]
            self.rows_cache = (key, (size, pages))
        return self.rows_cache[1]

    def draw_buttons(self, surface, buttons):
        for name, rect, label, kind in buttons:
            size = theme.READABLE  # sofa size: the buttons are wide enough for it
            theme.button(surface, rect, label, self.screen.hovering(name), size, kind)
            self.screen.target(name, rect)

    def box_buttons(self, box):
        """(target, rect, label, kind): Go on while the game waits, Skip always."""
        width, height, gap = 156, 26, 4
        items = [("teach:skip", _("Skip round"), "normal"), ("teach:leave", _("Leave (Esc)"), "normal"),
                 ("teach:go_on", _("Go on (Space)"), "good")]  # in fixed places: Go on last, when it applies
        count = len(items)
        if box.width < NARROW:  # a row along the bottom, under the words, each as wide as its words need
            room = box.width - 16 - (count - 1) * gap
            need = [theme.font(theme.READABLE, True).size(label)[0] + 16 for _, label, _ in items]
            if sum(need) > room:  # sofa size before the keys' hints: "Go on", not "Go on (Sp…"
                items = [(name, label.split(" (")[0], kind) for name, label, kind in items]
                need = [theme.font(theme.READABLE, True).size(label)[0] + 16 for _, label, _ in items]
            widths = [room * n // sum(need) for n in need]
            xs = [box.x + 8 + sum(widths[:i]) + i * gap for i in range(count)]
            return [(name, pygame.Rect(x, box.bottom - 6 - height, w, height), label, kind)
                    for (name, label, kind), x, w in zip(items, xs, widths) if name != "teach:go_on" or self.holding]
        else:  # a column at the right
            places = [(box.right - width - 8, box.y + 6 + i * (height + gap)) for i in range(count)]
        return [(name, pygame.Rect(x, y, width, height), label, kind)
                for (name, label, kind), (x, y) in zip(items, places) if name != "teach:go_on" or self.holding]

    def draw_reminder(self, surface):
        """The reminder's one line where the board keeps the teacher's place (the same place in every
        phase: no text of the board under it), a glow on what it speaks of."""
        note, seat = self.reminders[0][:2]
        if self.session.view()["seat"] != seat or self.screen.session.needs_handoff():
            return  # only over the taught person's own picture: a reminder reads their view
        board = self.screen.board
        place = board.teach_box()
        rect = board.teach_rect(note.target) if note.target else None
        if rect is not None and not self.screen.dialog_up:  # a dialog covers what it speaks of
            glow(surface, rect, self.age)
        # TRANSLATORS: a teach-mode reminder: {rule} is the rule's short line
        words = _("Rule: {rule}").format(rule=note.short)
        if place.width < NARROW:  # a narrow place is covered whole, the words wrapped in it
            theme.panel(surface, place, fill=(10, 30, 44), edge=GLOW, radius=10, width=2)
            for i, row in enumerate(theme.wrap(words, 18, place.width - 24, True)[:5]):
                theme.blit_text(surface, row, 18, (place.x + 12, place.y + 12 + i * 24), GLOW, True)
            return
        size = theme.fitting_size(words, (18, 17, 16), place.width - 24, True)
        rows = [words] if theme.font(size, True).size(words)[0] <= place.width - 24 else \
            theme.wrap(words, 16, place.width - 24, True)[:2]  # two lines rather than a cut
        size = size if len(rows) == 1 else 16
        width = max(theme.font(size, True).size(row)[0] for row in rows)
        tag = pygame.Rect(0, 0, width + 24, 10 + len(rows) * (size + 6))
        tag.midbottom = (place.centerx, place.bottom - 4)
        theme.panel(surface, tag, fill=(10, 30, 44), edge=GLOW, radius=8, width=2)
        for i, row in enumerate(rows):
            theme.blit_text(surface, row, size, (tag.centerx, tag.y + 5 + i * (size + 6)), GLOW, True, "midtop")


def glow(surface, rect, age):
    """A pulsing gold ring around RECT."""
    pulse = 0.5 + 0.5 * math.sin(age * 5.0)
    width = 3 + round(2 * pulse)
    paint.rect(surface, GLOW, rect.inflate(10 + width, 10 + width), width, border_radius=12)
