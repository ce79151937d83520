"""Was sticht? tasks (the "bidding" scene): the task draft at the start, and each round's task choice.

Task draft: all 24 tasks lie open as tiles (wording and difficulty); the seats take them in turn and a
taken tile carries its owner's name. Task choice: every non-starter secretly picks one of his open
tasks; the choices appear only when all are in (the reveal), and the hand-off screen stands between
two people choosing.
"""

import pygame

from scenes.screen import paint

from game.i18n import _, ngettext
from game.games.wassticht.rules import TASK_IDS, TASKS, difficulty_sum
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.layout import HAND_AREA, TableLayout
from scenes.boards.wassticht.common import (SEAT_COLOURS, WasStichtBoard, draw_trump, felt, is_trump, is_you, seat_chip,
                                     task_tile, toast, trump_words)

OWN_HAND_LABEL = 30  # the own hand's line of words stands this far above the hand

GRID_COLS = 6
TILE = (206, 116)  # every task whole at 16 px (theme.READABLE), German the longest
TILE_GAP = 6
GRID_TOP = 176  # under the heading: the title, the prompt and the rules on the left, the teacher's place right
HEAD_LEFT = 440  # the heading's left column: the title, the prompt, the rules
DRAFT_TEACH_BOX = pygame.Rect(HEAD_LEFT + 10, 60, 1276 - HEAD_LEFT - 10, GRID_TOP - 66)  # under the top buttons
DRAFT_SEAT = pygame.Rect(10, 660, 307, 56)  # the first seat's chip under the tiles; the next 317 further right
CHOICE_TILE = (220, 150)
CHOICE_TOP = 292
SEAT_TOP = 70
TRUMP_WORDS = 216  # the width of the trump's words under the revealed trump cards (task choice)
MESSAGE_LEFT = 24 + TRUMP_WORDS + 16  # the task choice's heading keeps right of them
NOTE_WIDTH = 960  # the line over the own tasks: clear of the Hint button at its right
MINI = (36, 52)


def grid_rect(index):
    left = (1280 - (GRID_COLS * TILE[0] + (GRID_COLS - 1) * TILE_GAP)) // 2
    r, c = divmod(index, GRID_COLS)
    return pygame.Rect(left + c * (TILE[0] + TILE_GAP), GRID_TOP + r * (TILE[1] + TILE_GAP), *TILE)


def choice_rect(index, count):
    width = count * CHOICE_TILE[0] + (count - 1) * 16
    return pygame.Rect((1280 - width) // 2 + index * (CHOICE_TILE[0] + 16), CHOICE_TOP, *CHOICE_TILE)



RULE_ROWS = 3  # the draft's rules under its heading, above the tiles


def draft_rules(per):
    """The task draft's rules in rows of the heading's column (RULE_ROWS fit; tests hold every language
    to them: a German fourth row was dropped)."""
    words = _("Everyone takes {per} tasks in turn; the tasks left over are set aside. Gold disc: difficulty (a tie "
              "at the end goes to the higher sum of laid-down tasks).").format(per=per)
    return theme.wrap(words, 16, HEAD_LEFT - 24)

class WasStichtTasks(WasStichtBoard):
    kind = "bidding"

    def __init__(self, screen):
        self.revealing = None  # [(seat, task)] while the chosen tasks are shown together
        self.hint_rect = None  # where the last refusal was drawn
        super().__init__(screen)

    # --- events ------------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act" and self.step_action[0] == "task":
            told = self.step_event("tasks_shown")  # the last choice: all are shown together
            if told is not None:
                self.reveal_step(ev, told)
            else:
                self.choice_step(ev)
        elif kind in ("act", "tasks"):
            self.act_step(ev, 0.2)
        else:
            super().event_steps(ev)

    def choice_step(self, ev):
        """A task is chosen (secretly): the step's view after shows at once that it is in, on the
        chooser's tile (their own task on their own screen), and whose choice comes next."""
        def begin():
            self.log.event(ev)
            self.resync()

        self.hold_step(0.35, begin=begin)

    def reveal_step(self, ev, told):
        """All have chosen: the tasks are shown together (as TOLD, the step's tasks_shown event; the
        seat panels and the dialog both read them), then the tricks begin."""
        def begin():
            self.log.event(ev)
            self.revealing = [(s, t) for s, t in enumerate(told["chosen"]) if t is not None]
            self.screen.reveal_beat("tasks")

        def end():
            self.revealing = None

        self.hold_step(3.0, begin=begin, end=end)

    def chosen(self, seat):
        """SEAT's task as drawn: the one revealed while the tasks are shown, else the view's."""
        if self.revealing:
            return dict(self.revealing).get(seat)
        return self.shown["chosen"][seat]

    # --- input -------------------------------------------------------------------------------------
    def key_choices(self):
        return ("task:",)

    def click_game(self, name):
        if name.startswith("task:"):
            kind = "take_task" if self.shown["phase"] == "task_draft" else "task"
            self.act((kind, name[5:]))

    def prompt(self):
        name = self.session.name(self.session.viewer)
        if self.shown["phase"] == "task_draft":
            return _("Your turn, {name}: take one open task").format(name=name)
        return _("{name}: choose the task you will try (secret until all have chosen)").format(name=name)

    def status_line(self):
        s = self.session
        if self.idle and not s.state.is_over and not s.my_turn() and s.decider is not None \
                and not self.teacher_holds():  # while a note holds the game nobody is deciding
            if s.phone_turn():
                return self.screen.waiting_line()
            name = s.name(s.decider)
            if self.shown["phase"] == "task_draft":
                return _("{name} is taking a task…").format(name=name)
            return _("{name} is choosing a task…").format(name=name)
        return super().status_line()

    # --- drawing -------------------------------------------------------------------------------------
    def render(self, surface):
        surface.blit(felt(), (0, 0))
        phase = self.shown["phase"]
        round_no = self.shown["round"]
        if phase == "task_draft":
            title = _("Task draft")
        elif phase == "task_choice":
            title = _("Round {round} · task choice").format(round=round_no)
        else:  # a new round waits for a hand-off to begin
            title = _("Round {round}").format(round=round_no)
        size = theme.fitting_size(title, (32, 28, 24, 20), self.screen.title_room(), True)
        theme.blit_text(surface, title, size, (24, 14 + (32 - size) // 2), theme.GOLD, True)
        if phase == "task_draft":
            self.top_buttons(surface, [("log", _("Game log")), ("menu", _("Menu (Esc)"))], y=self.screen.top_row())
        else:
            self.top_buttons(surface, [("tasks", _("All tasks")), ("log", _("Game log")), ("menu", _("Menu (Esc)"))],
                             y=self.screen.top_row())
        if phase in ("task_draft", "row_draft"):  # the draft's end: every task with its owner, till the rows
            self.draw_draft(surface)
        elif phase == "task_choice":
            self.draw_choice(surface)
        if self.revealing:
            self.draw_reveal(surface)
        elif phase == "play" and any(self.shown["chosen"]):  # after the reveal, till the tricks' board
            self.revealing = [(s, t) for s, t in enumerate(self.shown["chosen"]) if t is not None]
            self.draw_reveal(surface)
            self.revealing = None
        self.draw_coach(surface)
        self.draw_hint(surface)  # last before the overlays: a refusal lies above the tiles, readable

    # the coach: bars on the task tiles (the list would hide the tiles). Not in the task draft: the
    # search looks only to the end of a round, so every task there rates the same.
    @property
    def coached(self):
        return self.shown["phase"] == "task_choice"

    # the coach: bars on the task tiles (the list would hide the tiles)
    def coach_rects(self):
        return {name[5:]: rect for name, rect in self.targets.items() if name.startswith("task:")}

    def coach_box(self):
        return None

    def coach_say(self):
        """The hint's sentence over the words above the tiles while it is shown, left of the Hint button."""
        return pygame.Rect(250, 198, 892, 90)

    def coach_button(self):
        return pygame.Rect(1150, 262, 120, 26)  # beside "open tasks: click one"

    def coach_bar_rect(self, rect, width):
        return pygame.Rect(rect.x + 6, rect.bottom - 26, 72, 20)

    # teaching: the tiles, the seats, the revealed trump
    def teach_place(self, target):
        kind, arg = target[0], target[1:]
        phase = self.shown["phase"]
        if kind == "task" and arg:
            return self.targets.get(f"task:{arg[0]}")
        if kind == "action" and arg and arg[0] in ("take_task", "task"):
            return self.teach_targets("task:")
        if kind == "seat" and arg:
            seat = arg[0]
            if phase == "play":
                return None  # the seats' chips are gone: only the reveal is drawn
            if phase in ("task_draft", "row_draft"):
                return DRAFT_SEAT.move(seat * 317, 0)
            return pygame.Rect(250 + seat * 255, SEAT_TOP, 245, 118)
        if kind == "trump" and phase == "task_choice":
            return pygame.Rect(20, SEAT_TOP - 4, TRUMP_WORDS + 8, 180)
        return None

    def teach_box(self):
        """Task draft: right of the heading's column, under the top buttons (the title, the prompt, the
        rules and the tiles stay clear). Task choice and its reveal: bottom left, under the other players'
        small hands and left of the own hand, clear of the reveal's dialog."""
        if self.shown["phase"] in ("task_draft", "row_draft"):
            return DRAFT_TEACH_BOX.copy()
        hand = TableLayout.hand_rects(9)[0]  # the own hand (full in the task choice) starts here
        top = 486 + MINI[1] + 12  # under the other players' small hands
        return pygame.Rect(4, top, hand.x - 12, 716 - top)

    def draw_message(self, surface, y):
        line = self.status_line()
        if line and self.shown["phase"] == "task_draft":  # the heading's left column, under the title
            room = HEAD_LEFT - 24
            size = theme.fitting_size(line, (22, 20, 18), room, True)
            lines = theme.wrap(line, size, room, True)  # a long name: two lines, the second cut if need be
            for i, part in enumerate(lines[:2]):
                theme.blit_text(surface, theme.fit(part, size, room, True), size, (24, y - 8 * (len(lines) > 1) + 22 * i),
                                theme.INK, True)
        elif line:
            # clear of the trump cards and their words on the left (as wide on the right: centred)
            room = 2 * (640 - MESSAGE_LEFT) if self.shown["phase"] == "task_choice" else 1200
            size = theme.fitting_size(line, (22, 20, 18), room, True)
            theme.blit_text(surface, theme.fit(line, size, room, True), size, (640, y), theme.INK, True, "center")

    def draw_hint(self, surface):
        """A refusal (the rules core's reason) on its dark pill, drawn after the tiles so none covers it."""
        self.hint_rect = None
        if self.screen.refusal_live() and not self.revealing:
            y = 628 if self.shown["phase"] == "task_draft" else 256
            self.hint_rect = toast(surface, self.hint, (640, y))

    # the task draft
    def draw_draft(self, surface):
        shown = self.shown
        for i, line in enumerate(draft_rules(shown["tasks_per_player"])[:RULE_ROWS]):
            theme.blit_text(surface, line, 16, (24, 100 + 22 * i), theme.INK_DIM)
        if shown["phase"] == "task_draft":
            self.draw_message(surface, 62)
        else:
            theme.blit_text(surface, _("All tasks are taken."), 20, (24, 62), theme.INK, True)
        owners = {t: s for s, held in enumerate(shown["held_tasks"]) for t in held}
        mine = self.can_play()
        for i, task in enumerate(TASK_IDS):
            rect = grid_rect(i)
            owner = owners.get(task)
            name = self.session.name(owner) if owner is not None else ""
            hover = mine and owner is None and self.hovering(f"task:{task}")
            draw_at = rect.move(0, -6) if hover else rect
            surface.blit(task_tile(task, TILE, owner, name, dim=owner is not None), draw_at)
            self.task_tip(rect, task)
            if hover:
                paint.rect(surface, theme.GOLD, draw_at.inflate(6, 6), 4, border_radius=14)
            self.target(f"task:{task}", rect)
        self.draw_draft_seats(surface, shown)

    def draw_draft_seats(self, surface, shown):
        for seat in range(self.state.players):
            rect = DRAFT_SEAT.move(seat * 317, 0)
            held = shown["held_tasks"][seat]
            sum_d = difficulty_sum(held)
            glow = seat == self.session.decider
            paint.rect(surface, (12, 34, 28), rect, border_radius=10)
            paint.rect(surface, theme.GOLD if glow else theme.PANEL_EDGE, rect, 4 if glow else 2,
                             border_radius=10)
            paint.rect(surface, SEAT_COLOURS[seat], (rect.x + 4, rect.y + 6, 8, rect.height - 12),
                             border_radius=4)
            theme.blit_text(surface, theme.fit(self.session.name(seat), 22, 170, True), 22, (rect.x + 20, rect.y + 3),
                            theme.INK, True)
            # TRANSLATORS: a seat in the task draft: tasks taken of all, and the sum of their difficulties
            theme.blit_text(surface, _("{held} of {per} tasks · their difficulty {sum}").format(
                held=len(held), per=shown["tasks_per_player"], sum=sum_d), 17,
                            (rect.x + 20, rect.y + 32), theme.INK_DIM)

    # the task choice
    def draw_choice(self, surface):
        shown = self.shown
        draw_trump(surface, (24, SEAT_TOP + 26), shown["trump_colour"], shown["trump_number"])
        theme.blit_text(surface, _("Trump revealed"), 18, (24, SEAT_TOP), theme.GOLD, True)
        words = theme.wrap(trump_words(shown["trump_colour"], shown["trump_number"]), 17, TRUMP_WORDS, True)
        for i, line in enumerate(words[:2]):  # whole: "no trump colour and no trump number" takes two
            theme.blit_text(surface, line, 17, (24, SEAT_TOP + 132 + 21 * i), theme.INK, True)
        for seat in range(self.state.players):
            self.draw_choice_seat(surface, seat)
        self.draw_message(surface, 226)
        if self.session.strip_seat() is not None:  # a TV whose people are all on phones: no own seat
            self.draw_own_tasks(surface)
            self.draw_own_hand(surface)
        self.draw_other_hands(surface)

    def choice_words(self, seat):
        shown = self.shown
        if seat == shown["starter"]:
            return _("starter: chooses none"), theme.GOLD
        if self.revealing and self.chosen(seat) is not None:  # the reveal: the task itself, in words
            # TRANSLATORS: {task} is what a task asks, "win the first trick"
            return _("chose: {task}").format(task=_(TASKS[self.chosen(seat)][0])), (140, 230, 150)
        if seat in shown["chosen_by"]:
            own = shown["chosen"][seat]  # only the chooser's own view holds it before the reveal
            # TRANSLATORS: {task} is what a task asks, "win the first trick"
            return (_("chose (secret): {task}").format(task=_(TASKS[own][0])) if own
                    else _("has chosen ✔ (secret)")), (140, 230, 150)
        if seat == shown["current_player"]:
            return _("choosing…"), theme.INK
        return _("chooses later"), theme.INK_DIM

    def draw_choice_seat(self, surface, seat):
        shown = self.shown
        rect = pygame.Rect(250 + seat * 255, SEAT_TOP, 245, 118)
        words, colour = self.choice_words(seat)
        left = len(shown["held_tasks"][seat])
        tags = [widgets.seat_tag(self.session, seat)]
        lines = [(line, colour) for line in theme.wrap(words, 18, rect.width - 30)[:3]]  # a task's words, whole
        if len(lines) < 3:  # room left under them: the seat's counts
            lines.append((self.to_do_words(left, shown["tricks_won"][seat]), theme.INK_DIM))
        seat_chip(surface, rect, seat, self.session.name(seat), lines,
                  glow=seat == shown["current_player"], tags=tags)

    @staticmethod
    def to_do_words(left, won):
        """'3 tasks to do · 2 tricks' (the counts' words agree with each)."""
        tasks = ngettext("{n} tasks to do", "{n} tasks to do", left).format(n=left)
        tricks = ngettext("{n} tricks", "{n} tricks", won).format(n=won)
        # TRANSLATORS: a seat's line in the task choice: "3 tasks to do · 2 tricks"
        return _("{tasks} · {tricks}").format(tasks=tasks, tricks=tricks)

    def draw_own_tasks(self, surface):
        """The tasks of the seat at the screen; the own choice shows only on the own screen."""
        shown = self.shown
        home = self.session.home
        held = shown["held_tasks"][home]
        chosen = self.chosen(home) if self.session.hand_visible() else None
        mine = self.can_play()
        if home == shown["starter"]:
            note = _("You are the starter: you choose no task. At round end you may lay down one of these, if "
                     "your tricks meet the task of someone who failed it.")
        else:
            who = self.session.name(home)
            if is_you(who):
                note = _("Your open tasks: click one") if mine else _("Your open tasks")
            elif mine:
                note = _("{name}'s open tasks: click one").format(name=who)
            else:
                note = _("{name}'s open tasks").format(name=who)
        lines = theme.wrap(note, 18, NOTE_WIDTH)  # whole: the starter's note takes two lines
        for i, line in enumerate(lines):
            y = CHOICE_TOP - 20 - 20 * (len(lines) - 1) + 21 * i  # clear of the tiles under it
            theme.blit_text(surface, line, 18, (640, y), theme.INK_DIM, False, "center")
        for i, task in enumerate(held):
            rect = choice_rect(i, len(held))
            hover = mine and self.hovering(f"task:{task}")
            draw_at = rect.move(0, -6) if hover else rect
            surface.blit(task_tile(task, CHOICE_TILE), draw_at)
            self.task_tip(rect, task)
            if hover or task == chosen:
                paint.rect(surface, theme.GOLD, draw_at.inflate(8, 8), 5, border_radius=14)
            if task == chosen:
                theme.blit_text(surface, _("YOUR CHOICE"), 18, (rect.centerx, rect.bottom + 16), theme.GOLD, True,
                                "center")
            self.target(f"task:{task}", rect)

    def draw_other_hands(self, surface):
        """The other hands, small: everyone saw them drafted, and they matter for the choice."""
        shown = self.shown
        others = [s for s in range(self.state.players) if s != self.session.strip_seat()]
        colour, number = shown["trump_colour"], shown["trump_number"]
        slot = min(410, 1200 // len(others))
        step = min(40, (slot - MINI[0] - 14) // max(1, max(len(h) for h in shown["hands"]) - 1))
        for k, seat in enumerate(others):
            x = 40 + k * slot
            theme.blit_text(surface, theme.fit(self.session.name(seat), 17, slot - 110, True), 17, (x, 462),
                            SEAT_COLOURS[seat], True)
            for i, card in enumerate(shown["hands"][seat]):
                rect = pygame.Rect(x + i * step, 486, *MINI)
                surface.blit(cards.face(card, MINI), rect)
                if is_trump(card, colour, number):
                    paint.rect(surface, theme.GOLD, rect.inflate(4, 4), 2, border_radius=6)

    def reveal_place(self):
        """The strip waiting for the chooser's press lies over their hand and its line of words."""
        return pygame.Rect(HAND_AREA.x, HAND_AREA.y - OWN_HAND_LABEL, HAND_AREA.width, HAND_AREA.height + OWN_HAND_LABEL)

    def reveal_words(self):
        return _("Choose my task (Enter)")

    def draw_own_hand(self, surface):
        shown = self.shown
        hand = shown["hands"][self.session.home]
        rects = TableLayout.hand_rects(len(hand))
        who = self.session.name(self.session.home)
        words = (_("Your hand (everyone saw the draft)") if is_you(who)
                 else _("{name}'s hand (everyone saw the draft)").format(name=who))
        theme.blit_text(surface, words, 17,
                        (640, rects[0].y - 16 if rects else 570), theme.INK_DIM, False, "center")
        colour, number = shown["trump_colour"], shown["trump_number"]
        for card, rect in zip(hand, rects):
            surface.blit(cards.face(card, cards.HAND), rect)
            if is_trump(card, colour, number):
                paint.rect(surface, theme.GOLD, rect.inflate(4, 4), 3, border_radius=11)
        theme.own_cards(surface, rects[:len(hand)])

    def draw_reveal(self, surface):
        box = self.modal(surface, (1000, 330), alpha=150)
        theme.blit_text(surface, _("The tasks are revealed"), 32, (box.centerx, box.y + 38), theme.GOLD, True, "center")
        count = len(self.revealing)
        for i, (seat, task) in enumerate(self.revealing):
            rect = pygame.Rect(0, 0, 280, 180)
            rect.topleft = (box.centerx - (count * 300 - 20) // 2 + i * 300, box.y + 80)
            surface.blit(task_tile(task, rect.size, seat, self.session.name(seat)), rect)
            self.task_tip(rect, task)
        theme.blit_text(surface, _("The tricks begin."), 20, (box.centerx, box.bottom - 28), theme.INK_DIM, False,
                        "center")
