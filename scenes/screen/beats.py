"""The steps every game shares: the game screen's part (mixed into ``GameScreen``).

Each batch of events the table is told becomes steps of the screen's script: the board adds the steps
of its phase's events (flights, banners), this part those every game shares: the shuffle and the deal
heard, the trick swept up, the round's last trick read before its score, the score sheets. At the end
of a batch the board takes its picture afresh from the session.
"""

import pygame

from game.i18n import _, N_
from scenes.screen import registry
from scenes.screen.effects import Celebration
from scenes.screen.tween import Tween

LAST_TRICK_BEAT = 1.4  # seconds (normal speed) the round's last trick stays in view before its sheet
TRICK_HOLD = 1.6  # seconds (normal speed) a full trick lies with its winner marked before it sweeps
CELEBRATION = 1.6  # seconds (normal speed) of a celebration: chips fly, the words pop, the score counts
# The words of the celebrations every game shares (a game's board names its own in ``moments``).
ROUND_BEST = N_("Best round!")
GAME_WON = N_("Wins the game!")


class Moment:
    """A beat a step's event calls for: a celebration of SEATS (KIND names it for tests and sounds),
    with WORDS over each seat's box and, per seat, a number that counts up."""

    __slots__ = ("kind", "seats", "words", "amounts")

    def __init__(self, kind, seats, words, amounts=None):
        self.kind, self.seats, self.words = kind, list(seats), words
        self.amounts = amounts or {}


def round_best(ev):
    """The round's best score: the seats with the highest points of a score event (none when nobody
    scored more than another)."""
    points = ev.get("points") or []
    if not points or max(points) <= 0 or min(points) == max(points):
        return None
    top = max(points)
    seats = [s for s, p in enumerate(points) if p == top]
    return Moment("round_best", seats, _(ROUND_BEST), {s: top for s in seats})


def game_won(ev):
    winners = ev.get("winners") or []
    if not winners:
        return None
    totals = ev.get("totals") or []
    return Moment("game_won", winners, _(GAME_WON), {s: totals[s] for s in winners if s < len(totals)})


class Beats:
    """The shared steps' part of the game screen."""

    def show_events(self, events):
        final = any(ev.get("t") == "end" for ev in events)
        if any(ev.get("t") == "act" for ev in events):
            self.hint = ""  # a refusal is old news once the game moved on
            self.coach.clear()  # and so is a hint
            self.forced = None  # and the only card's line
        board = self.board
        for ev in events:
            kind = ev.get("t")
            self.sound_step(kind)
            if kind == "score":
                last = next((e for e in reversed(events) if e.get("t") == "trick"), None)
                if last is not None:  # who took the round's last trick is read before the sheet
                    self.last_trick_beat(last)
                self.moment_step(round_best(ev), ev)
                if not final:
                    self.scoreboard_step(ev, final=False)
                else:  # the final sheet shows the last round too; the log still tells it
                    self.script.add(begin=lambda ev=ev: board.say(ev))
            elif kind == "end":  # under the final sheet the picture is the final view, as for any step
                self.script.add(end=board.resync)
                self.moment_step(game_won(ev), ev)
                self.scoreboard_step(ev, final=True)
            elif kind == "game":
                self.script.add(begin=lambda ev=ev: board.say(ev))
            else:
                board.event_steps(ev)
                for moment in board.moments(ev):  # celebrated once the event itself was shown
                    self.moment_step(moment, ev)
        if not final:
            self.script.add(end=board.resync)

    def last_trick_beat(self, trick):
        name = self.session.name
        if trick.get("winner") is not None:
            words = _("{name} took the round's last trick").format(name=name(trick["winner"]))
        elif trick.get("picker") is not None:
            words = _("{name} picked from the round's last trick").format(name=name(trick["picker"]))
        else:
            return
        board = self.board
        self.hold_step(LAST_TRICK_BEAT, begin=lambda: setattr(board, "banner", words),
                       end=lambda: setattr(board, "banner", ""))

    def sound_step(self, kind):
        """The cards shuffled and dealt as a round's cards come out. Card plays and the trick swept
        to its taker sound in the board's steps, as the cards move."""
        if kind in ("deal", "decks"):
            def shuffle():
                self.board.before_deal()
                self.cue("shuffle")
            self.hold_step(0.35, begin=shuffle)
            self.script.add(begin=lambda: self.cue("deal"))

    def hold_step(self, seconds, begin=None, end=None):
        """A pause (a banner to read, a choice to see) of the given length at normal speed."""
        def start():
            if begin:
                begin()
            return [Tween(self.dur(seconds))]

        self.script.add(start, end)

    def scoreboard_step(self, ev, final):
        if self.teaching is not None and self.teaching.lesson is not None:
            step = self.step  # its notes are read first (the round's tasks), then the score
            self.script.add(begin=lambda: self.teaching.round_over(step) or [], wait=True)
            return
        step = None

        def begin():
            self.log.event(ev)
            self.hint = ""
            if self.session.phones and not self.session.caught_up:
                step.release()  # phones play the next round already: its sheet would hold the TV behind them
                return []
            round_no = ev.get("round", self.state.round)
            sheet = registry.scoreboard_class(self.session.game_id)(
                self.app, self.session, round_no, final, on_continue=None if final else done,
                notes=self.board.round_notes(round_no))
            self.show_sheet(sheet, final)
            return []

        def done():
            self.close_sheet()
            step.release()

        step = self.script.add(begin, wait=True)

    # --- the beats' own effects: celebrations, and hurrying them when the person acts ---------------
    def moment_step(self, moment, ev):
        """A celebration as a step of its own: chips fly to each seat's box, its words pop, its number
        counts up, and the cheer sounds (none of it takes time when "instant")."""
        if moment is None:
            return

        def begin():
            self.moments.append((moment.kind, tuple(moment.seats), ev.get("round")))
            targets = [(seat, self.seat_box(seat)) for seat in moment.seats]
            party = Celebration(moment.kind, targets, moment.words, moment.amounts, self.dur(CELEBRATION),
                                seed=len(self.moments))
            if not party.done:
                self.effects.append(party)
            self.cue("cheer")
            return [party.tween]

        self.script.add(begin)

    def reveal_beat(self, what):
        """A secret turns over (the bids, the tasks, the trump): heard, and noted for tests. The board
        shows it and holds it a moment itself."""
        self.moments.append(("reveal", (what,), self.session.view().get("round")))
        self.cue("reveal")

    def seat_box(self, seat):
        """Where a seat sits on the board now: its box, or the middle of the screen on a board
        without seats."""
        rect = self.board.seat_rect(seat)
        if rect is None:
            rect = pygame.Rect(0, 0, 200, 80)
            rect.center = (640, 360)
        return rect

    def update_beats(self, dt):
        for effect in self.effects:
            effect.update(dt)
        self.effects = [effect for effect in self.effects if not effect.done]
        self.turn_beat()

    def turn_beat(self):
        """A person's turn is heard as it comes to them (once the picture is at rest), not again for
        each of their decisions in a row (a market's buys)."""
        s = self.session
        if s.state.is_over or not s.my_turn():
            if s.decider is not None:
                self.turn_heard = None  # someone else decides: the next turn that comes is heard
            return
        if self.idle and self.over() is None and self.turn_heard != s.decider:
            self.cue("turn")
            self.turn_heard = s.decider

    def draw_beats(self, surface):
        for effect in self.effects:
            effect.draw(surface)

    def hurry(self):
        """The person acts during a beat: it ends at once (every step that needs no one's click runs
        to its end, the celebrations with it), so nothing waits for an animation."""
        busy = self.script.finish() or bool(self.effects)
        for effect in self.effects:
            effect.finish()
        self.effects = []
        self.board.finish_beats()
        return busy
