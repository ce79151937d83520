"""The Was sticht? scoreboard: who fulfilled what this round, the starter's bonus (a task of his own laid
down because his tricks did what a missed task asked), the tasks left in words (a round's sheet reads on a TV
nobody points at), and at the end the tie-break by the difficulty sums of the laid-down tasks."""

import math

import pygame

from scenes.screen import canvas

from scenes.screen import paint

from game import i18n
from game.i18n import _, ngettext, listing
from game.games.wassticht.rules import TASKS, difficulty_sum, end_winners, finishers_of
from scenes.screen import theme
from scenes.boards.scoreboard import ScoreboardScene, crown
from scenes.boards.wassticht.common import SEAT_COLOURS, is_you, whose_tasks

GOOD = (140, 230, 150)
TOP = 116  # a round's sheet: the table's heading line
ROWS_BOTTOM = 620  # ... where its rows end at the latest (its buttons come under them)
ROW_GAP = 8
UPPER_STEP = 20  # ... a row's upper part: the round's lines (and the counts), at this step
LEFT_SIZE = theme.READABLE  # ... its lower part: the words of the tasks left, at sofa size
LEFT_STEP = 19  # ... at this step
LEFT_PAD = 12  # ... room around those lines
FINAL_ROW_H = 62  # the final sheet is compact: the evening's story goes under it
COLS = {"name": 40, "round": 290, "laid": 800, "left": 930, "sum": 1090, "end": 1240}
TIP_W = 640  # the final sheet: the box with the words of a row's tasks left, while the mouse points at them
TIP_SIZE = 17
TIP_WORDS = 56  # where the words start in that box, right of the difficulty


class WasStichtScoreboard(ScoreboardScene):
    def __init__(self, app, session, round_no, final=False, on_continue=None, notes=()):
        super().__init__(app, session, round_no, final, on_continue, notes)
        view = session.state.view(session.home)
        self.view = view
        # the game has no fixed number of rounds: "Next round" until it ends
        self.rounds = round_no if final else round_no + 1
        self.entry = self.history[-1] if self.history else None
        self.left_box = None  # (seat, box, lines) while the words of a row's tasks left are shown
        self.plan_key, self.plan, self.cut = None, [], set()  # left_plan's lines, and the seats it cut

    def draw_title(self, surface):
        if not self.final:
            theme.blit_text(surface, _("Round {round}: tasks").format(round=self.round_no), 44, (640, 46), theme.GOLD,
                            True, "center")
            theme.blit_text(surface, _("A fulfilled task is laid down (done). Whoever lays down all their tasks wins."),
                            19, (640, 92), theme.INK_DIM, False, "center")
            return
        names = [self.session.name(w) for w in self.winners]
        words = ngettext("{names} wins!", "{names} share the win!", len(names)).format(names=listing(names))
        title = theme.text(words, 40, theme.GOLD if self.celebrate else theme.INK, True)
        if abs(self.pop.value - 1) > 0.01:
            grown = title.get_rect().scale_by(max(0.05, self.pop.value))
            grown.center = (640, 40)
            canvas.stretched(surface, title, grown)
        else:
            surface.blit(title, title.get_rect(center=(640, 40)))
        for i, line in enumerate(self.tie_break_lines()):
            theme.blit_text(surface, theme.fit(line, 18, 1200, True), 18, (640, 74 + 22 * i),
                            theme.GOLD if i == 0 else theme.INK, True, "center")

    def tie_break_lines(self):
        finishers = finishers_of(self.view["held_tasks"])
        name = self.session.name
        if len(finishers) <= 1:
            if not finishers:
                return [ngettext("Nobody laid down all tasks first (after {n} round).",
                                 "Nobody laid down all tasks first (after {n} rounds).", self.round_no).format(
                    n=self.round_no)]
            return [ngettext("{name} laid down all tasks first (after {n} round).",
                             "{name} laid down all tasks first (after {n} rounds).", self.round_no).format(
                name=name(finishers[0]), n=self.round_no)]
        winners, sums = end_winners(self.view["laid_down"], finishers)  # the rules core's end of game
        sums = ", ".join(f"{name(s)} {sums[s]}" for s in finishers)
        # TRANSLATORS: {sums} lists each finisher with a number: "Anna 14, Ben 12"
        result = (_("Difficulty sums of the laid-down tasks: {sums}; the highest sum wins.") if len(winners) == 1
                  else _("Difficulty sums of the laid-down tasks: {sums}; equal sums share the win."))
        return [_("Tie-break: {n} players laid down all tasks this round.").format(n=len(finishers)),
                result.format(sums=sums)]

    def draw_table(self, surface):
        players = self.session.state.players
        if self.final:
            top, heights = (112 if len(self.tie_break_lines()) > 1 else 92), [FINAL_ROW_H] * players
        else:
            top, heights = TOP, [self.upper_h(seat) + self.lower_h(lines) for seat, lines in
                                 enumerate(self.left_plan())]
        heads = [("name", _("Player")), ("round", _("Round {round}").format(round=self.round_no)),
                 ("laid", _("Laid down")), ("left", _("Tasks left")), ("sum", _("Difficulty"))]
        for key, label in heads:
            theme.blit_text(surface, label, 20, (COLS[key] + 10, top + 12), theme.INK_DIM, True, "midleft")
        y = top + 34
        for seat in range(players):
            row = pygame.Rect(COLS["name"], y, COLS["end"] - COLS["name"], heights[seat])
            y = row.bottom + ROW_GAP
            self.table_bottom = row.bottom
            won = seat in self.winners
            paint.rect(surface, (70, 60, 20) if won else (14, 40, 32), row, border_radius=12)
            paint.rect(surface, theme.GOLD if won else theme.PANEL_EDGE, row, 3 if won else 1, border_radius=12)
            paint.rect(surface, SEAT_COLOURS[seat], (row.x + 6, row.y + 10, 8, row.height - 20), border_radius=4)
            self.draw_seat_row(surface, seat, row)

    def draw_seat_row(self, surface, seat, row):
        cy = row.centery if self.final else row.y + self.upper_h(seat) // 2 + 2
        name = theme.fit(self.session.name(seat), 26, 190, True)
        rect = theme.blit_text(surface, name, 26, (COLS["name"] + 26, cy), theme.INK, True, "midleft")
        if seat in self.winners:
            crown(surface, (min(rect.right + 22, COLS["round"] - 14), cy + math.sin(self.time * 4) * 3), 28)
        lines = self.round_lines(seat)
        size, step = (17, 19) if self.final else (18, UPPER_STEP)
        top = cy - step * (len(lines) - 1) // 2
        for i, (line, colour) in enumerate(lines):
            theme.blit_text(surface, theme.fit(line, size, COLS["laid"] - COLS["round"] - 20), size,
                            (COLS["round"] + 10, top + step * i), colour, colour != theme.INK_DIM, "midleft")
        self.tip(pygame.Rect(COLS["round"], row.y, COLS["laid"] - COLS["round"], row.height),
                 # TRANSLATORS: a tooltip: {words} is what the round brought, e.g. "T7: win no trick; ✖ not fulfilled"
                 _("{name}, round {round}: {words}").format(name=self.session.name(seat), round=self.round_no,
                                                           words=self.round_words(seat, lines)))
        laid, held = self.view["laid_down"][seat], self.view["held_tasks"][seat]
        theme.blit_text(surface, str(len(laid)), 34 if self.final else 40, (COLS["laid"] + 60, cy), theme.GOLD, True,
                        "center")
        self.tip(pygame.Rect(COLS["laid"], row.y, COLS["left"] - COLS["laid"], row.height),
                 self.laid_words(seat, laid))
        theme.blit_text(surface, str(len(held)), 28 if self.final else 34, (COLS["left"] + 40, cy), theme.INK, True,
                        "center")
        if self.final:  # no room for the words: the mouse on the count shows them
            cell = pygame.Rect(COLS["left"] + 10, row.y, COLS["sum"] - COLS["left"] - 10, row.height)
            self.target(f"left:{seat}", cell)
        else:
            self.draw_left_words(surface, seat, held, row)
        theme.blit_text(surface, str(difficulty_sum(laid)), 28, (COLS["sum"] + 60, cy), theme.INK, True, "center")
        parts = " + ".join(f"{_(TASKS[t][0])} ({TASKS[t][1]})" for t in laid) or _("nothing laid down")
        who = self.session.name(seat)
        # TRANSLATORS: a tooltip: {parts} is a sum like "no tricks (3) + the first trick (2)", {sum} its result
        words = (_("Difficulty sum of your laid-down tasks: {parts} = {sum}") if is_you(who)
                 else _("Difficulty sum of {name}'s laid-down tasks: {parts} = {sum}"))
        self.tip(pygame.Rect(COLS["sum"], row.y, COLS["end"] - COLS["sum"], row.height),
                 words.format(name=who, parts=parts, sum=difficulty_sum(laid)))

    def laid_words(self, seat, laid):
        who = self.session.name(seat)
        if not laid:
            return _("{name} has laid down no task yet").format(name=who)
        # TRANSLATORS: {tasks} lists tasks by their words: "the first trick; no tricks"
        return _("{name} laid down: {tasks}").format(name=who, tasks="; ".join(_(TASKS[t][0]) for t in laid))

    def upper_h(self, seat):
        """A round's sheet: the height of a row's upper part (the name, the round's lines, the counts)."""
        return max(52, UPPER_STEP * len(self.round_lines(seat)) + 16)

    @staticmethod
    def lower_h(lines):
        """... and of its lower part, the words of the tasks left (one line says there are none)."""
        return LEFT_STEP * max(1, len(lines)) + LEFT_PAD

    @staticmethod
    def left_label(held):
        # TRANSLATORS: on a round's sheet, before the words of a player's tasks left
        return _("Tasks left:") if held else _("Tasks left: none!")

    def left_plan(self):
        """Per seat, the lines of the words of its tasks left on a round's sheet, at sofa size, all of them
        (nobody needs a mouse to read them: a TV whose players hold phones). Where every seat's lines do
        not fit above the buttons, the longest give up their last lines: "…" ends the line, and the mouse
        on the row shows them whole."""
        held_tasks = self.view["held_tasks"]
        key = (i18n.language(), tuple(map(tuple, held_tasks)), tuple(map(len, map(self.round_lines,
                                                                                  range(len(held_tasks))))))
        if self.plan_key == key:
            return self.plan
        plan = []
        for held in held_tasks:
            start = COLS["name"] + 26 + theme.font(LEFT_SIZE, True).size(self.left_label(held))[0] + 10
            plan.append(self.left_lines(held, LEFT_SIZE, COLS["end"] - 16 - start) if held else [])
        room = ROWS_BOTTOM - TOP - 34 - ROW_GAP * (len(plan) - 1)
        room -= sum(self.upper_h(seat) + self.lower_h([]) - LEFT_STEP for seat in range(len(plan)))
        self.cut = set()
        while sum(max(1, len(lines)) for lines in plan) * LEFT_STEP > room:
            seat = max(range(len(plan)), key=lambda s: len(plan[s]))
            if len(plan[seat]) <= 1:
                break
            plan[seat] = plan[seat][:-2] + [plan[seat][-2] + " …"]
            self.cut.add(seat)
        self.plan_key, self.plan = key, plan
        return plan

    def draw_left_words(self, surface, seat, held, row):
        """Under a row of a round's sheet, the words of the seat's tasks left (left_plan)."""
        x = COLS["name"] + 26
        top = row.y + self.upper_h(seat) + LEFT_PAD // 2
        head = theme.blit_text(surface, self.left_label(held), LEFT_SIZE, (x, top + LEFT_STEP // 2), theme.GOLD,
                               True, "midleft")
        for i, line in enumerate(self.left_plan()[seat]):
            theme.blit_text(surface, line, LEFT_SIZE, (head.right + 10, top + LEFT_STEP // 2 + LEFT_STEP * i),
                            theme.INK, False, "midleft")
        if seat in self.cut:  # words left out for want of room: the mouse on them shows them whole
            self.target(f"left:{seat}", pygame.Rect(x, top, COLS["end"] - x, row.bottom - top))

    @staticmethod
    def left_lines(held, size, width):
        """The words of the tasks left, each task whole where it fits, " · " between them, on lines of
        WIDTH pixels."""
        return theme.pack([_(TASKS[t][0]) for t in held], size, width)

    def draw_page(self, surface):
        super().draw_page(surface)
        self.draw_task_tip(surface)

    def tip_lines(self, seat):
        """(difficulty, line) pairs: each task left with its difficulty, then its whole wording on lines."""
        lines = []
        for task in self.view["held_tasks"][seat]:
            wording, difficulty = TASKS[task]
            for i, line in enumerate(theme.wrap(_(wording), TIP_SIZE, TIP_W - TIP_WORDS - 16)):
                lines.append((f"({difficulty})" if i == 0 else "", line))
        return lines

    def draw_task_tip(self, surface):
        """The words of the tasks left of the row the mouse points at, in a box over the table."""
        self.left_box = None
        seat = next((int(n[5:]) for n in self.targets if n.startswith("left:") and self.hovering(n)), None)
        if seat is None or self.paused or not self.view["held_tasks"][seat]:
            return
        lines = self.tip_lines(seat)
        cell = self.targets[f"left:{seat}"]
        box = pygame.Rect(0, 0, TIP_W, 52 + len(lines) * (TIP_SIZE + 7))
        box.right = COLS["end"]
        box.top = cell.bottom + 4
        if box.bottom > 712:
            box.bottom = cell.top - 4
        theme.panel(surface, box, fill=(16, 44, 36), edge=SEAT_COLOURS[seat], radius=12, width=3)
        who = self.session.name(seat)
        head = _("Your tasks left") if is_you(who) else _("{name}'s tasks left").format(name=who)
        theme.blit_text(surface, head, 18, (box.x + 16, box.y + 12), theme.GOLD, True)
        for i, (task, line) in enumerate(lines):
            y = box.y + 42 + i * (TIP_SIZE + 7)
            if task:
                theme.blit_text(surface, task, TIP_SIZE, (box.x + 16, y), theme.GOLD, True)
            theme.blit_text(surface, line, TIP_SIZE, (box.x + TIP_WORDS, y), theme.INK)
        self.left_box = (seat, box, lines)

    def round_words(self, seat, lines):
        """The round's lines for a tooltip: a task's wording whole (not the lines it was wrapped to)."""
        entry = self.entry
        task = entry["chosen"][seat] if entry is not None and seat != entry["starter"] else None
        if task is None:
            words = "; ".join(line for line, _ in lines)
            if entry is not None and seat == entry["starter"] and entry["entitled"]:
                # TRANSLATORS: {whose} is like "Anna's task" or "Anna's and Ben's tasks" (tasks they missed)
                words += "; " + _("the starter's tricks met {whose}").format(
                    whose=whose_tasks(self.session.name(s) for s in entry["entitled"]))
            return words
        return f"{_(TASKS[task][0])}; {lines[-1][0]}"

    def round_lines(self, seat):
        """This round for one seat: the task and its fate, or the starter's bonus."""
        entry = self.entry
        if entry is None:
            return []
        laid = entry["laid_down"].get(str(seat))
        if seat == entry["starter"]:
            helped = [self.session.name(s) for s in entry["entitled"]]
            if laid:
                # The task laid down is the starter's own, whatever the starter's tricks: said so, as "met Lena's
                # task: laid down 'exactly 4 tricks'" for a starter with 8 tricks read as a bug. Whose missed
                # task the tricks met is in the row's tooltip (round_words): two names did not fit the line.
                wording = theme.wrap(_(TASKS[laid][0]), 17 if self.final else 18, COLS["laid"] - COLS["round"] - 20)
                return [(_("Starter's bonus: own task laid down"), GOOD)] + [(line, theme.INK_DIM)
                                                                             for line in wording[:2]]
            if helped:
                return [(_("Starter"), theme.GOLD), (_("bonus not used"), theme.INK)]
            return [(_("Starter"), theme.GOLD), (_("no bonus this round"), theme.INK_DIM)]
        task = entry["chosen"][seat]
        if task is None:
            return [(_("no task"), theme.INK_DIM)]
        met = seat in entry["fulfilled"]
        wording = theme.wrap(_(TASKS[task][0]), 17 if self.final else 18, COLS["laid"] - COLS["round"] - 20,
                             True)  # at the size draw_seat_row writes it
        return [(line, theme.INK) for line in wording[:2]] + [
            (_("✔ fulfilled: laid down") if met else _("✖ not fulfilled"), GOOD if met else theme.WARN)]
