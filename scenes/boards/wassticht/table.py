"""The Was sticht? trick table: the revealed trump, each seat's task and whether it is met so far,
laid-down tasks, and at round end the starter's choice of a task to lay down."""

import pygame

from scenes.screen import paint
from scenes.screen.canvas import Picture

from game.i18n import _, ngettext, pgettext
from game.kit import game_info
from game.games.wassticht.rules import TASKS, VALUE, task_fulfilled
from scenes.screen import cards
from scenes.screen import emblems
from scenes.screen import theme
from scenes.screen import widgets
from scenes.screen.board import Flight
from scenes.screen.beats import TRICK_HOLD, Moment
from scenes.screen.table_board import TableBoard
from scenes.screen.tween import Tween, ease_in_out_cubic
from scenes.boards.wassticht.common import (SEAT_COLOURS, WasStichtBoard, is_trump, task_tile, trump_card, trump_words,
                                            whose_tasks)

GOOD = (140, 230, 150)
DIALOG_TILE = (220, 150)
DIALOG_GAP = 14
DIALOG_MARGIN = 24  # between the outer tiles (with their hover ring) and the dialog's edge


def dialog_tile(count, dialog_width):
    """The size of the starter's task tiles: as wide as DIALOG_TILE where they fit, narrower where
    five would stick out of the dialog."""
    room = dialog_width - 2 * DIALOG_MARGIN - (count - 1) * DIALOG_GAP
    return min(DIALOG_TILE[0], room // max(1, count)), DIALOG_TILE[1]


HIGH, LOW = max(VALUE.values()), min(VALUE.values())  # a colour's cards rank from HIGH down to LOW


class WasStichtTable(WasStichtBoard, TableBoard):
    kind = "table"
    dialog_rect = None  # the starter's lay-down dialog, where it was last drawn

    # --- events ------------------------------------------------------------------------------------
    def event_steps(self, ev):
        kind = ev.get("t")
        if kind == "act" and self.step_action[0] == "play":
            self.play_step(ev, ev["p"], self.step_action[1])
        elif kind == "trick":
            self.take_step(ev)
        elif kind == "act":
            self.act_step(ev, 0.6)
        elif kind == "done":
            self.hold_step(1.2, begin=lambda: self.done_banner(ev), end=self.clear_banner)
        else:
            super().event_steps(ev)

    def moments(self, ev):
        """A task laid down is celebrated at the round's end: each seat that laid one down."""
        if ev.get("t") != "done" or not ev.get("laid_down"):
            return []
        seats = sorted(int(s) for s in ev["laid_down"])
        return [Moment("task_laid", seats, _("Task laid down!"), {s: 1 for s in seats})]

    def take_step(self, ev):
        """The full trick stays a moment with its winner named, then flies to the winner, who holds
        it (as told) until the step's view after counts it: a round's last trick shows in the panels
        while the round's end is told."""
        winner = ev["winner"]

        def show():
            self.log.event(ev)
            self.banner = _("{name} wins the trick").format(name=self.session.name(winner))
            return [Tween(self.dur(TRICK_HOLD))]

        def fly():
            self.cue("take")
            end = self.layout.hand_icon(winner)
            tweens = []
            for i, (_seat, card) in enumerate(ev["cards"]):
                tween = Tween(self.dur(0.45), ease=ease_in_out_cubic, delay=self.dur(0.05) * i)
                self.flights.append(Flight(card, self.layout.trick_rect(i).center, end, cards.TRICK, (30, 42), tween))
                tweens.append(tween)
            self.sweep_trick()
            return tweens

        def landed():
            self.flights = []
            self.banner = ""
            self.landed.append(("won", {"cards": ev["cards"], "winner": winner}))

        self.script.add(show)
        self.script.add(fly, landed)

    def done_banner(self, ev):
        self.log.event(ev)
        met = [self.session.name(s) for s in ev["fulfilled"]]
        # TRANSLATORS: {names} lists who fulfilled their task: "Anna, Ben"
        self.banner = (_("Round over: {names} fulfilled").format(names=", ".join(met)) if met
                       else _("Round over: no task fulfilled"))

    def clear_banner(self):
        self.banner = ""

    # --- what the viewer may do ----------------------------------------------------------------------
    def trump_colour(self):
        return None  # the base banner knows one trump colour; this game draws its own

    def seat_colour(self, seat):
        return SEAT_COLOURS[seat]

    def my_discard(self):
        return self.can_play() and self.state.phase == "discard"

    def prompt(self):
        name = self.session.name(self.session.viewer)
        trick = self.shown["trick"]
        if not trick:
            return _("Your lead, {name}: any card").format(name=name)
        return _("Your turn, {name}: follow if you can").format(name=name)

    def key_choices(self):
        return ("discard:",) if self.state.phase == "discard" else ("card:",)

    def click_game(self, name):
        if name.startswith("discard:"):
            task = name[8:]
            self.act(("discard", None if task == "none" else task))

    # --- drawing -------------------------------------------------------------------------------------
    def draw_buttons(self, surface):
        super().draw_buttons(surface)
        label = _("Tasks")  # a longer word (another language): smaller, then wider to the left
        size = theme.fitting_size(label, (20, 18, 16), 92 - 16, True)
        width = max(92, theme.font(size, True).size(label)[0] + 20)
        rect = pygame.Rect(1172 - width, 166, width, 40)  # the row under Menu, shared with the trick history
        theme.button(surface, rect, label, self.hovering("btn:tasks"), size)
        self.target("btn:tasks", rect)

    def draw_history_button(self, surface, rect, words):
        """The trick history's button beside Tasks, its word smaller where it is longer."""
        words = pgettext("trick history", "Tricks")
        rect = pygame.Rect(1178, 166, 92, 40)
        size = theme.fitting_size(words, (20, 18, 16), rect.width - 16, True)  # whole in another language
        theme.button(surface, rect, words, self.hovering("btn:history"), size)
        self.target("btn:history", rect)

    def info_lines(self):
        shown = self.shown
        tricks = self.tricks_per_round()
        trick = min(len(self.tricks()) + 1, tricks)
        starter = theme.fit(self.session.name(shown["starter"]), 20, 120) if shown["starter"] is not None else "–"
        return [_("Round {round} · trick {trick}/{tricks}").format(round=shown["round"], trick=trick, tricks=tricks),
                _("Starter: {name}").format(name=starter)]

    def won(self, seat):
        """The tricks SEAT won this round, counted in the tricks drawn (a trick taken meanwhile too)."""
        return sum(trick["winner"] == seat for trick in self.tricks())

    def tricks_per_round(self):
        return game_info(self.session.game_id).tricks_per_round

    def reminder_lines(self):
        shown = self.shown
        led = _("• the led colour {high} to {low}").format(high=HIGH, low=LOW)
        if not self.trump_visible():  # between rounds: the next starter's secret stays his
            return [_("Order, high to low:"), _("• trump number in trump colour"), _("• other trump numbers"),
                    _("• trump colour {high} to {low}").format(high=HIGH, low=LOW), led]
        colour, number = shown["trump_colour"], shown["trump_number"]
        name = _(cards.NAMES[colour]) if colour in cards.NAMES else ""
        lines = [_("Order, high to low:")]
        if colour and number is not None:
            # TRANSLATORS: the highest trump: the card of the trump colour with the trump number, "the red 7"
            lines.append(_("• the {colour} {number}").format(colour=name, number=number))
        if number is not None:
            lines.append(_("• every {number} (first one wins)").format(number=number))
        if colour:
            # TRANSLATORS: the trump colour's cards, "red 9 down to 1"
            lines.append(_("• {colour} {high} down to {low}").format(colour=name, high=HIGH, low=LOW))
        lines += [led, _("A trump led: play a trump."), _("Else follow the led colour.")]
        return lines[:7]

    def panel_tips(self, seat, rect):
        shown = self.shown
        name = self.session.name(seat)
        won, laid, per = self.won(seat), len(shown["laid_down"][seat]), shown["tasks_per_player"]
        self.tip(pygame.Rect(rect.x + 14, rect.y + 36, rect.width - 28, 26),
                 ngettext("{name} has won {won} trick this round and laid down {laid} of {per} tasks (all {per} "
                          "laid down wins the game)",
                          "{name} has won {won} tricks this round and laid down {laid} of {per} tasks (all {per} "
                          "laid down wins the game)", won).format(name=name, won=won, laid=laid, per=per))
        task = shown["chosen"][seat]
        if task is not None and seat != shown["starter"]:
            self.task_tip(pygame.Rect(rect.x + 14, rect.y + 64, rect.width - 28, rect.height - 70), task)

    def panel_surface(self, seat):
        shown = self.shown
        tricks = self.tricks()
        key = (seat, self.session.name(seat), len(tricks), shown["chosen"][seat], shown["starter"],
               len(shown["laid_down"][seat]), len(shown["held_tasks"][seat]), tuple(shown["chosen"]),
               widgets.seat_kind(self.session, seat), widgets.phone_face(self.session, seat))
        return widgets.cached(self._panel_cache, key, lambda: self.draw_panel_surface(seat))

    def draw_panel_surface(self, seat):
        shown = self.shown
        w, h = self.layout.panels[seat].size
        surf = Picture((w, h))
        theme.panel(surf, surf.get_rect(), fill=(10, 30, 24, 235))
        badge, fill = ((pgettext("tag", "STARTER"), theme.GOLD) if seat == shown["starter"]
                       else widgets.seat_tag(self.session, seat))
        tag = theme.text(badge, theme.READABLE, theme.INK_DARK if seat == shown["starter"] else theme.INK, True)
        tag_rect = tag.get_rect(topright=(w - 12, 12)).inflate(12, 6)
        # its colour's stripe (SEAT_COLOURS) and its emblem, unless a long tag (Dutch BEGINSPELER) leaves its
        # name no room for it
        name_room = tag_rect.left - 8 - emblems.NAME_LEFT
        emblem = theme.font(18, True).size(self.session.name(seat))[0] <= name_room
        left = emblems.seat_marks(surf, seat, h, emblem=emblem, face=widgets.phone_face(self.session, seat))
        paint.rect(surf, fill, tag_rect, border_radius=8)
        surf.blit(tag, tag.get_rect(center=tag_rect.center))
        room = tag_rect.left - 8 - left
        size = theme.fitting_size(self.session.name(seat), (22, 20, 18), room, True)  # smaller before it is cut
        theme.blit_text(surf, theme.fit(self.session.name(seat), size, room, True), size, (left, 8 + (22 - size) // 2),
                        theme.INK, True)
        laid, per = len(shown["laid_down"][seat]), shown["tasks_per_player"]
        won = self.won(seat)
        # TRANSLATORS: a seat's panel: tricks won this round, tasks laid down of all: "2 tricks · laid 1/5"
        words = ngettext("{won} trick · laid {laid}/{per}", "{won} tricks · laid {laid}/{per}", won).format(
            won=won, laid=laid, per=per)
        size = theme.fitting_size(words, (18, 17, 16), w - 26, True)  # whole in a longer language too
        theme.blit_text(surf, words, size, (18, 38 + (18 - size) // 2), theme.GOLD, True)
        lines = self.task_lines(seat)
        for i, (line, colour, size) in enumerate(lines[:3]):
            theme.blit_text(surf, theme.fit(line, size, w - 26, size > 16), size, (18, 66 + i * 26), colour, size > 16)
        return surf

    def task_lines(self, seat):
        """(text, colour, size) lines: the seat's task and whether its tricks meet it so far."""
        shown = self.shown
        tricks, starter = self.tricks(), shown["starter"]
        if seat == starter:
            helps = [self.session.name(s) for s, t in enumerate(shown["chosen"])
                     if t is not None and task_fulfilled(t, starter, tricks)]
            if helps:  # whose task the starter's own tricks meet (a newcomer read "meets Ben" as a riddle)
                # TRANSLATORS: {whose} is like "Anna's task" or "Anna's, Ben's tasks"
                meets = _("meets {whose}").format(whose=whose_tasks(helps, joiner=", ".join))
            else:
                meets = _("meets no one's task yet")
            size = theme.fitting_size(meets, (18, 17, 16), 206, True)
            if theme.font(size, True).size(meets)[0] > 206:  # long names: the count, said whole
                meets = (_("meets {n} players' tasks").format(n=len(helps)) if len(helps) > 1
                         else _("meets one player's task"))
                size = theme.fitting_size(meets, (18, 17, 16), 206, True)
            own = _("Starter: no own task")
            # at sofa size a long line takes two rows; "no own task" goes where it does not fit (the
            # STARTER tag says it)
            meets_lines = [(row, GOOD if helps else theme.INK_DIM, size) for row in theme.wrap(meets, size, 206, size > 16)]
            own_lines = [(own, theme.INK_DIM, theme.READABLE)] if theme.font(theme.READABLE).size(own)[0] <= 206 else []
            return (own_lines + meets_lines)[-3:] if len(meets_lines) < 3 else meets_lines[:3]
        task = shown["chosen"][seat]
        if task is None:
            return [(_("no task chosen"), theme.INK_DIM, 16)]
        text = _(TASKS[task][0])
        size = theme.READABLE  # sofa size: a long wording is cut on its second line (the tooltip has it whole)
        lines = [(line, theme.INK, size) for line in theme.wrap(text, size, 206)]
        if len(lines) > 2:
            lines = lines[:1] + [(" ".join(line for line, _, _ in lines[1:]), theme.INK, size)]
        done = len(tricks) == self.tricks_per_round()
        met = task_fulfilled(task, seat, tricks)
        if done:
            verdict = (_("✔ fulfilled"), GOOD, 18) if met else (_("✖ failed"), theme.WARN, 18)
        else:
            verdict = (_("✔ met so far"), GOOD, 18) if met else (_("✖ not met yet"), theme.WARN, 18)
        return lines + [verdict]

    # teaching: the trump, the starter's lay-down dialog and its tiles, and the shared kinds
    def teach_place(self, target):
        kind, arg = target[0], target[1:]
        if kind == "trump":
            return self.trump_pill() if self.trump_visible() else None
        if kind == "action" and arg == ("discard",):
            return self.dialog_rect
        if kind == "task" and arg:
            return self.targets.get(f"discard:{arg[0]}")
        return None

    def teach_common(self, target):
        kind, arg = target[0], target[1:]
        if kind == "seat" and arg and arg[0] in self.layout.panels:
            return self.layout.panels[arg[0]]
        if kind == "trick":
            return self.layout.trick_span()
        if kind == "card" and arg:
            return self.targets.get(f"card:{arg[0]}")
        return None

    def teach_box(self):
        """Between the status line and the hand, as on every table; under the starter's lay-down dialog
        while it is open."""
        if self.dialog_rect is not None:
            return pygame.Rect(640 - 220, self.dialog_rect.bottom, 440, 120)
        return super().teach_box()

    def trump_pill(self):
        """The trump's pill over the trick, as draw_controls draws it."""
        words = _("Trump: {trump}").format(trump=trump_words(*self.visible_trump()))
        pill = pygame.Rect(0, 0, theme.text(words, 21, theme.INK_DARK, True).get_width() + 112, 46)
        pill.midbottom = (640, self.layout.trick_rect(0).top - 10)
        return pill

    def draw_controls(self, surface):
        shown = self.shown
        if not self.trump_visible():
            return
        colour, number = shown["trump_colour"], shown["trump_number"]
        words = _("Trump: {trump}").format(trump=trump_words(colour, number))
        label = theme.text(words, 21, theme.INK_DARK, True)
        pill = self.trump_pill()
        paint.rect(surface, (246, 240, 224), pill, border_radius=22)
        paint.rect(surface, theme.GOLD, pill, 3, border_radius=22)
        surface.blit(trump_card("colour", colour, (30, 40)), (pill.x + 14, pill.y + 3))
        surface.blit(trump_card("number", number, (30, 40)), (pill.x + 48, pill.y + 3))
        surface.blit(label, label.get_rect(midleft=(pill.x + 92, pill.centery)))

    def blit_hand_card(self, surface, card, rect, index, count, dim):
        super().blit_hand_card(surface, card, rect, index, count, dim)
        if self.reveal is None and is_trump(card, *self.visible_trump()):
            paint.rect(surface, theme.GOLD, rect.inflate(4, 4), 3, border_radius=11)

    def draw_trick_mark(self, surface, card, rect):
        if is_trump(card, *self.visible_trump()):
            paint.rect(surface, theme.GOLD, rect.inflate(6, 6), 3, border_radius=12)

    def last_trick_tags(self, last):
        winner = last["winner"]
        return {c: pgettext("last trick", "wins") for s, c in last["cards"] if s == winner}

    def draw_dialog(self, surface):
        self.dialog_rect = None
        if not self.my_discard():
            return
        shown = self.shown
        box = self.modal(surface, (1120, 480), alpha=160)
        self.dialog_rect = box
        name = self.session.name(self.session.viewer)
        theme.blit_text(surface, _("{name}, starter: you may lay down one of your tasks").format(name=name), 30,
                        (box.centerx, box.y + 36), theme.GOLD, True, "center")
        helped = [f"{self.session.name(s)} ({_(TASKS[shown['chosen'][s]][0])})"
                  for s in shown["entitled"]]
        # TRANSLATORS: {players} is one or more players with their task: "Anna (no tricks)"
        why = _("Your tricks met the task of {players}, who failed it.").format(players="; ".join(helped))
        for i, line in enumerate(theme.wrap(why, 20, box.width - 60)[:2]):
            theme.blit_text(surface, line, 20, (box.centerx, box.y + 78 + 26 * i), theme.INK, False, "center")
        held = shown["held_tasks"][self.session.viewer]
        size = dialog_tile(len(held), box.width)
        width = len(held) * (size[0] + DIALOG_GAP) - DIALOG_GAP
        for i, task in enumerate(held):
            rect = pygame.Rect(box.centerx - width // 2 + i * (size[0] + DIALOG_GAP), box.y + 140, *size)
            hover = self.hovering(f"discard:{task}")
            surface.blit(task_tile(task, size), rect.move(0, -6) if hover else rect)
            self.task_tip(rect, task)
            if hover:
                paint.rect(surface, theme.GOLD, rect.move(0, -6).inflate(8, 8), 5, border_radius=14)
            self.target(f"discard:{task}", rect)
        theme.blit_text(surface, _("Click the task to lay down (any of yours counts as done)."), 19,
                        (box.centerx, box.y + 318), theme.INK_DIM, False, "center")
        button = pygame.Rect(0, 0, 360, 58)
        button.center = (box.centerx, box.bottom - 60)
        theme.button(surface, button, _("Lay down none"), self.hovering("discard:none"), 24)
        self.target("discard:none", button)
        if self.screen.refusal_live():
            theme.blit_text(surface, self.hint, 19, (box.centerx, box.bottom - 16), theme.WARN, True, "center")
