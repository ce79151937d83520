"""The teacher at the table: a guided first round (a lesson) or teach mode's reminders in a real game.

The words come from ``game.teach`` (one place per game); this module only decides when a note is
shown and draws it: in a lesson, the note's first line (its ``short``) in the teacher's box in large
words with a glow on what it speaks of, More (M) for its whole ``line``, the game holding until "Go on"
when a note comes between the learner's turns, and at the learner's turn the suggested move raised with
what to do now (the turn note's short) and why under More; in teach mode, the note's short line beside
its target's glow for a while, once per game per person (an Undo does not bring it back).
"""

import math
import re

import pygame

from scenes.screen import paint

from game.explain import reason
from game.i18n import N_, _
from game.teach import Moment, Note, Teacher, score_lines, skip_stops, suggest, turn_note
from game.teach.walk import suggestion_rng
from scenes.screen import theme
from scenes.screen.base import DOUBLE_CLICK
from scenes.screen.forced import only_move_note

# said on the table after an Undo (the picture alone jumps back); no refusal, though it stands where one does
UNDONE = N_("Undone: your last decision and the moves after it. Decide again.")

REMINDER_SECONDS = 7.0  # how long a teach-mode reminder stays beside its target
READ_SECONDS = 4.0  # the least a reminder stays on screen: the next one waits, a move does not end it
LINE_SIZE = 19  # the whole explanation (More)
SHORT_SIZE = 26  # a note's first line, and what to do now: the box's largest words
ANSWER_STEPS = 3  # the learner's own move and the next two: then the answer is old news
NARROW = 560  # a teacher's box narrower than this puts its buttons in a row under its words
GLOW = (120, 210, 255)  # the teacher's own colour: gold marks trumps and turns on the table


class Teaching:
    """What the teacher knows of one game: the taught seats' teachers and what is shown now."""

    def __init__(self, screen, lesson=None, seats=()):
        self.screen = screen
        self.lesson = lesson
        game_id = screen.session.game_id
        taught = (lesson.learner,) if lesson else tuple(seats)
        self.teachers = {seat: Teacher(game_id, lesson=lesson is not None) for seat in taught}
        self.views = {}  # {seat: the view its last note was worked out from}
        self.told_step = None  # the last step whose rules were looked at
        self.note = None  # the lesson's rule note in the box now
        self.said = None  # the note whose words are in the box: a rule's, the turn's, the answer's
        self.more = False  # More is open: the box shows the note's whole line, not its first
        self.words = ""  # the box's words now (the said note's short, or its line under More)
        self.holding = False  # the game waits for "Go on"
        self.turn_at = None  # the moment the learner's turn line belongs to
        self.advice = None  # the suggested action at the learner's turn
        self.skipping = False  # Skip: the teacher plays the learner's moves until the next stop, or the score
        self.stops = frozenset(skip_stops(game_id)) if lesson else frozenset()  # the rules Skip stops at
        self.reminders = []  # teach mode: [note, seat, seconds left, phase, seconds shown], the first one shown
        self.queue = []  # (note, the learner's own turn) a lesson shows after the one in its box
        self.waiting = []  # (note, seat) told by a step, shown once the screen rests (its board drawn)
        self.shown = []  # every (rule, words) shown, in order (tests read it)
        self.over = None  # a lesson's round is scored: its last notes are read, then its score (False: shown)
        self.answer_steps = 0  # steps the answer to another move still stays for
        self.turn_now = None  # the turn note of the learner's decision now (what to do, and why)
        self.turn_moment = None  # (moment, only one move) the turn line was worked out from
        self.other_action = None  # the learner's move the box answers (another than the suggestion)
        self.rows_cache = (None, None)  # the box's words as wrapped last (see box_rows)
        self.age = 0.0
        self.page_shown = (0, 1, "")  # (page, pages, words) of the box as drawn last
        self.page = 0  # the page of the box's words shown (Go on turns it)
        self.told_at = {}  # id(note) -> (note, the moment it was told at): to say it again in another language
        self.place = (None, None)  # (what the box's place was read for, the place): see box_place
        self.left = None  # ([(name, rect)] of the buttons where the box stood, when it left): see just_left
        self.buttons_drawn = []  # [(name, rect)] of the box's buttons in the last frame
        told = screen.session.taught
        for seat, teacher in self.teachers.items():  # once per game per person: an Undo starts a new Teaching
            teacher.told = told.setdefault(seat, teacher.told)

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
            if not self.answer_steps and self.said is not None and self.said.rule == "other":
                self.say(None)
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
            turn = self.turn_now = self.turn_note()
            self.shown.append(("turn", turn.line))
            if notes:  # after the rules, what to do now ("Go on")
                self.queue.append((turn, True))
            else:
                self.note = None
                self.say(turn)
        self.show_queued()

    def tell(self, note, seat, mine):
        if self.lesson is None:
            self.shown.append((note.rule, note.short))
            phase = self.session.seen_views[seat]["phase"]
            # another phase's are stale: dropped, but the one on screen stays until it is read
            self.reminders = [r for i, r in enumerate(self.reminders) if r[3] == phase or i == 0 and not self.read(r)]
            self.reminders.append([note, seat, REMINDER_SECONDS, phase, 0.0])
            return
        self.queue.append((note, mine))

    @staticmethod
    def read(reminder):
        """A teach-mode reminder has been on screen long enough to be read."""
        return reminder[4] >= READ_SECONDS

    def show_queued(self):
        """The first note told and not yet read comes into the box (the others wait for Go on)."""
        if self.queue and not self.holding:
            self.next_note()
        while self.skipping and self.queue:  # the notes skipped over go at once, until a stop
            self.next_note()

    def next_note(self):
        """The next note of the queue in the box. The game waits for "Go on" after a note that came
        between the learner's turns, and while more notes wait to be read."""
        note, mine = self.queue.pop(0)
        if note.rule in self.stops:
            self.skipping = False  # something not yet shown: Skip stops here, the note read as any
        self.note = note if note.rule != "turn" else None
        self.say(note)
        if note.rule != "turn":  # a queued turn note was counted when it was worked out
            self.shown.append((note.rule, note.line))  # the notes the box has shown (tests read it)
        self.holding = not self.skipping and (not mine or bool(self.queue))

    def say(self, note):
        """NOTE's first line in the box (More shut), or nothing (None)."""
        self.said, self.more, self.age, self.page = note, False, 0.0, 0
        self.words = note.short if note is not None else ""

    def has_more(self):
        """The box's note says more than its first line (More has something to open)."""
        return self.said is not None and self.said.line != self.said.short and bool(self.words)

    def pages_left(self):
        """The box's words have a page not yet shown (Go on and Space turn to it first)."""
        page, count, words = self.page_shown
        return bool(words) and words == self.words and page + 1 < count

    def toggle_more(self):
        """More (M): the box's note's whole line; again: its first line."""
        if not self.has_more() and not self.more:
            return
        self.more = not self.more
        self.words, self.age, self.page = (self.said.line if self.more else self.said.short), 0.0, 0

    # --- the loop ------------------------------------------------------------------------------------
    def holds(self):
        """The game waits: a lesson's note between the learner's turns is read first."""
        return self.holding

    def update(self, dt):
        self.age += dt
        if self.reminders:
            shown = self.reminders[0]
            shown[2] -= dt
            shown[4] += dt
            if shown[2] <= 0 or len(self.reminders) > 1 and self.read(shown):
                self.reminders.pop(0)  # the next waits no longer than the one on screen needs to be read
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
            turn_was_said = self.said is not None and self.said is self.turn_now  # an answer only to a suggestion on screen
            self.note = None
            self.say(None)
            if advice is not None and action != advice and not self.skipping and turn_was_said:
                self.other_action = action
                answer = self.other_move_note(action)
                self.say(answer)
                self.shown.append(("other", answer.line))
                self.answer_steps = ANSWER_STEPS
        # what they said was about the moment the move ended: the one on screen goes once it is read (three
        # reminders replaced each other within seconds: none was read), those waiting behind it stay while
        # their phase goes on (a market's next buy)
        views = self.session.seen_views
        self.reminders = [r for i, r in enumerate(self.reminders) if i == 0 or r[3] == views[r[1]]["phase"]]
        if self.reminders:
            shown = self.reminders[0]
            shown[2] = min(shown[2], max(0.0, READ_SECONDS - shown[4]))

    def other_move_note(self, action):
        """The answer to a move other than the teacher's: any legal move is fine (first line), and what
        the learner's own move does (under More)."""
        seat = self.lesson.learner
        why = reason(self.session.seen_views[seat], action)
        short = _("Not the teacher's choice, and that is fine.")
        if why:
            # TRANSLATORS: {why} is what the learner's own move does
            return Note("other", _("Not the teacher's choice, and that is fine: any legal move may be made. "
                                   "Yours: {why}.").format(why=why), short)
        return Note("other", _("Not the teacher's choice, and that is fine: any legal move may be made."), short)

    def turn_note(self):
        """The learner's turn note in the language now: what to do (short), and why (line). One legal
        move: what the table does with it under the settings (scenes.screen.forced)."""
        moment, only = self.turn_moment
        if only:
            hand = list(moment.view.get("hand", ()))
            short, line = only_move_note(moment.legal[0], hand, self.screen.app.settings.auto_play)
            return Note("turn", line, short)
        return turn_note(self.session.game_id, moment, self.advice)

    def remember(self, note, moment):
        self.told_at[id(note)] = (note, moment)
        return note

    def said_again(self, note):
        """NOTE made again from the moment it was told at, in the language now: a fresh teacher (nothing
        counts as told) finds the same rule there."""
        kept = self.told_at.get(id(note))
        if note.rule == "turn" and self.turn_moment is not None:
            again = self.turn_note()
            if note is self.turn_now:
                self.turn_now = again
            return again
        if kept is None or kept[0] is not note:
            return note
        again = next((n for n in Teacher(self.session.game_id, lesson=self.lesson is not None).look(kept[1]) if n.rule == note.rule), note)
        return self.remember(again, kept[1])

    def language_changed(self):
        """Every word the teacher shows said again in the new language: the reminders, the notes shown and
        waiting, the turn's note, the answer to another move (More stays as it was)."""
        self.rows_cache = (None, None)
        for reminder in self.reminders:
            reminder[0] = self.said_again(reminder[0])
        self.queue = [(self.said_again(note), mine) for note, mine in self.queue]
        self.waiting = [(self.said_again(note), seat) for note, seat in self.waiting]
        more, said = self.more, self.said
        if said is None or self.lesson is None:
            return
        if said is self.note:
            again = self.note = self.said_again(self.note)
        elif said.rule == "turn" and self.advice is not None and self.turn_moment:
            again = self.said_again(said)
        elif said.rule == "other" and self.answer_steps and self.other_action is not None:
            again = self.other_move_note(self.other_action)
        else:
            return
        self.say(again)
        if more:
            self.toggle_more()

    def go_on(self):
        page, count, words = self.page_shown
        if self.pages_left():  # the note's next page before the next note
            self.page = page + 1
            return
        if self.queue:
            self.next_note()
        else:
            self.holding = False
            self.note = None
            self.say(None)  # read: the table is in sight again

    def skip(self):
        """Play on at once, the teacher's moves for the learner, no waiting, until the next note that
        teaches a part not yet shown (a phase or a trap: ``game.teach.skip_stops``), or to the score."""
        self.skipping, self.holding = True, False
        self.turn_at = None
        self.show_queued()  # a stop already waiting is where Skip goes

    def stops_ahead(self):
        """A stop of the lesson is not yet shown: Skip goes on to it, not to the round's end."""
        told = set().union(*(teacher.told for teacher in self.teachers.values()))
        return any(rule not in told for rule in self.stops)

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
        box = self.box_place()
        words = "" if self.holding else screen.refusal_live()  # a click while a note waits: the note first
        why = bool(words) and words != _(UNDONE)
        # TRANSLATORS: {reason} is the rules' reason a move was refused
        words = _("Why not: {reason}").format(reason=words) if why else self.words
        first = why or not self.more  # a first line (or a refusal, one line): the box's largest words
        buttons = self.box_buttons(box)
        if not words and not self.holding:  # nothing to say while others move: only the buttons
            for _name, rect, _label, _kind in buttons:
                theme.teacher(surface, rect)
            self.draw_buttons(surface, buttons)
            return
        for rect in self.target_rects():
            glow(surface, rect, self.age)
        theme.panel(surface, box, fill=(14, 36, 30), edge=GLOW, radius=12, width=2)
        theme.teacher(surface, box)
        narrow = box.width < NARROW
        text_width = box.width - 24 - (0 if narrow else buttons[0][1].width + 12)
        text_height = box.height - 16 - (box.bottom - self.buttons_top(box) if narrow else 0)  # the rows of buttons
        more = self.more_button(box, text_width, text_height) if not why and self.has_more() else None
        corner = (more[1].width + 10, more[1].height + 6) if more else (0, 0)
        size, pages = self.box_rows(words, text_width, text_height, SHORT_SIZE if first else LINE_SIZE, first, corner)
        page = min(self.page, len(pages) - 1)  # pages turn on Go on, at the reader's pace (they turned by
        # themselves every 7 s, before a newcomer had read one)
        self.page_shown = (page, len(pages), words)  # Go on turns to a page not yet shown first
        for i, row in enumerate(pages[page]):
            theme.blit_text(surface, row, size, (box.x + 12, box.y + 8 + i * (size + 5)),
                            theme.WARN if why else theme.INK, first)  # bold as the rows were measured
        if len(pages) > 1:  # the words take turns in the box at sofa size: which part this is
            right = more[1].x - 8 if more else box.x + 12 + text_width
            theme.blit_text(surface, f"{page + 1}/{len(pages)}", size, (right, box.y + 8 + text_height),
                            theme.GOLD, True, "bottomright")
        self.draw_buttons(surface, buttons + ([more] if more else []))

    def box_place(self):
        """Where the box stands: the board's place for it, read when another note comes into the box (or
        another board, or a dialog opens or shuts over it) and kept while the same note is shown. A box
        that moved under the pointer mid-note took a click meant for its Skip to the table."""
        screen = self.screen
        key = (screen.board, self.said, screen.dialog_up)
        if self.place[0] != key:
            place = screen.board.teach_box()
            if self.place[1] is not None and place != self.place[1]:
                self.left = (self.buttons_drawn, screen.time)
            self.place = (key, place)
        return self.place[1].copy()

    def just_left(self, pos):
        """The box's button that stood at POS a moment ago, before the box moved (POS out of where it
        stands now), or None: a click there was meant for that button (its Skip), not for what the
        box's move laid bare."""
        if self.left is None or self.place[1] is None or self.place[1].collidepoint(pos):
            return None
        buttons, when = self.left
        if self.screen.time - when >= DOUBLE_CLICK:
            return None
        return next((name for name, rect in buttons if rect.collidepoint(pos)), None)

    def box_rows(self, words, width, height, start=LINE_SIZE, bold=False, corner=(0, 0)):
        """(size, pages) of the box's words: the largest size from START whose rows fit, never under sofa
        size (theme.READABLE), the rows clear of CORNER ((width, height) kept free at the bottom right:
        the More button); what does not fit then comes as pages (Go on turns them), each a list of rows. Kept while the words and the box stay the same (the
        box is drawn every frame)."""
        key = (words, width, height, start, bold, corner)
        if self.rows_cache[0] != key:
            self.rows_cache = (key, box_pages(words, width, height, start, bold, corner))
        return self.rows_cache[1]

    def draw_buttons(self, surface, buttons):
        self.buttons_drawn = [(name, rect) for name, rect, _label, _kind in buttons]
        for name, rect, label, kind in buttons:
            size = theme.READABLE  # sofa size: the buttons are wide enough for it
            theme.button(surface, rect, label, self.screen.hovering(name), size, kind)
            self.screen.target(name, rect)

    def more_button(self, box, text_width, text_height):
        """(target, rect, label, kind) of More (M) at the bottom right of the box's words (Less when open),
        as wide as its words need."""
        label = _("Less (M)") if self.more else _("More (M)")
        width = theme.font(theme.READABLE, True).size(label)[0] + 20
        rect = pygame.Rect(0, 0, width, 26)
        rect.bottomright = (box.x + 12 + text_width, box.y + 8 + text_height)
        return ("teach:more", rect, label, "normal")

    def buttons_top(self, box):
        """The top of a narrow box's rows of buttons (Go on's place kept while it is away)."""
        holding, self.holding = self.holding, True
        try:
            return min(rect.top for _name, rect, _label, _kind in self.box_buttons(box)) - 4
        finally:
            self.holding = holding

    def box_buttons(self, box):
        """(target, rect, label, kind): Go on while the game waits, Skip always."""
        width, height, gap = 156, 26, 4
        # the teacher plays the learner's moves (two newcomers took "Skip" for skipping the talk alone):
        # up to the next part not yet shown, or (none left) to the round's end
        skip = _("Play for me") if self.stops_ahead() else _("Finish for me")
        items = [("teach:skip", skip, "normal"), ("teach:leave", _("Leave (Esc)"), "normal"),
                 ("teach:go_on", _("Go on (Space)"), "good")]  # in fixed places: Go on last, when it applies
        count = len(items)
        if box.width < NARROW:  # a row along the bottom, under the words, each as wide as its words need
            room = box.width - 16 - (count - 1) * gap
            need = [theme.font(theme.READABLE, True).size(label)[0] + 16 for _, label, _ in items]
            if sum(need) > room:  # sofa size before the keys' hints: "Go on", not "Go on (Sp…"
                items = [(name, label.split(" (")[0], kind) for name, label, kind in items]
                need = [theme.font(theme.READABLE, True).size(label)[0] + 16 for _, label, _ in items]
            if sum(need) > room:  # still too wide: Go on in a row of its own under the others (never cut)
                full = box.width - 16
                widths = [(full - gap) * n // sum(need[:-1]) for n in need[:-1]] + [full]
                xs = [box.x + 8 + sum(widths[:i]) + i * gap for i in range(count - 1)] + [box.x + 8]
                ys = [box.bottom - 6 - 2 * height - gap] * (count - 1) + [box.bottom - 6 - height]
            else:
                widths = [room * n // sum(need) for n in need]
                xs = [box.x + 8 + sum(widths[:i]) + i * gap for i in range(count)]
                ys = [box.bottom - 6 - height] * count
            return [(name, pygame.Rect(x, y, w, height), label, kind)
                    for (name, label, kind), x, y, w in zip(items, xs, ys, widths) if name != "teach:go_on" or self.holding or self.pages_left()]
        else:  # a column at the right
            places = [(box.right - width - 8, box.y + 6 + i * (height + gap)) for i in range(count)]
        return [(name, pygame.Rect(x, y, width, height), label, kind)
                for (name, label, kind), (x, y) in zip(items, places) if name != "teach:go_on" or self.holding or self.pages_left()]

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
            theme.teacher(surface, place)
            # the words a little lower than the panel's edge: a seat's pile symbols above may reach just over it
            size, pages = box_pages(words, place.width - 24, place.height - 24, 18, True, (0, 0))
            for i, row in enumerate(pages[0]):  # sofa size fits: the longest reminder is a few rows
                theme.blit_text(surface, row, size, (place.x + 12, place.y + 16 + i * (size + 5)), GLOW, True)
            return
        size = theme.fitting_size(words, (18, 17, 16), place.width - 24, True)
        rows = [words] if theme.font(size, True).size(words)[0] <= place.width - 24 else \
            theme.wrap(words, 16, place.width - 24, True)[:2]  # two lines rather than a cut
        size = size if len(rows) == 1 else 16
        width = max(theme.font(size, True).size(row)[0] for row in rows)
        tag = pygame.Rect(0, 0, width + 24, 10 + len(rows) * (size + 6))
        tag.midbottom = (place.centerx, place.bottom - 4)
        theme.panel(surface, tag, fill=(10, 30, 44), edge=GLOW, radius=8, width=2)
        theme.teacher(surface, tag)
        for i, row in enumerate(rows):
            theme.blit_text(surface, row, size, (tag.centerx, tag.y + 5 + i * (size + 6)), GLOW, True, "midtop")


def glow(surface, rect, age):
    """A pulsing gold ring around RECT."""
    pulse = 0.5 + 0.5 * math.sin(age * 5.0)
    width = 3 + round(2 * pulse)
    paint.rect(surface, GLOW, rect.inflate(10 + width, 10 + width), width, border_radius=12)


def box_pages(words, width, height, start, bold, corner):
    """(size, pages) for Teaching.box_rows: rows of WORDS at the largest size from START (never under
    theme.READABLE) that fit WIDTH x HEIGHT, clear of CORNER at the bottom right: all rows above it, or
    all rows narrower by its width; at sofa size the rows that do not fit come as pages, the last row of
    each page leaving room for the page's number."""
    size = start
    while True:
        step = size + 5
        rows = theme.wrap(words, size, width, bold) if words else []
        if len(rows) * step <= height - corner[1]:
            return size, [rows]
        rows = theme.wrap(words, size, width - corner[0], bold)
        if len(rows) * step <= height or size <= theme.READABLE:
            break
        size -= 1  # German and Dutch run longer
    room = max(1, height // step)
    if len(rows) <= room:
        return size, [rows]
    number = theme.font(size, True).size("8/8")[0] + 10
    return size, sentence_pages(words, lambda text: theme.wrap(text, size, width - corner[0] - number, bold), room)


SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
CLAUSE_END = re.compile(r"(?<=[,;:])\s+")


def sentence_pages(words, wrap, room):
    """WORDS as pages of at most ROOM rows (WRAP: text -> rows), each page breaking between sentences
    (a newcomer read a sentence cut by a page turn as two); a sentence longer than a page breaks between
    its clauses (a German one left a page of one word), and only a clause longer than a page is cut."""
    return _packed(SENTENCE_END.split(words), wrap, room, CLAUSE_END)


def _packed(pieces, wrap, room, finer):
    groups, held = [], []
    for piece in pieces:
        if held and len(wrap(" ".join(held + [piece]))) > room:
            groups.append(held)
            held = []
        held.append(piece)
    groups.append(held)
    pages = []
    for group in groups:
        rows = wrap(" ".join(group))
        parts = finer.split(group[0]) if finer is not None and len(group) == 1 and len(rows) > room else []
        if len(parts) > 1:
            pages.extend(_packed(parts, wrap, room, None))
        else:
            pages.extend(rows[k:k + room] for k in range(0, len(rows), room))
    return pages
