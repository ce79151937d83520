"""The steps every game shares: the game screen's part (mixed into ``GameScreen``).

Each batch of events the table is told becomes steps of the screen's script: the board adds the steps
of its phase's events (flights, banners), this part those every game shares: the shuffle and the deal
heard, the trick swept up, the round's last trick read before its score, the score sheets. At the end
of a batch the board takes its picture afresh from the session.
"""

from game.i18n import _
from scenes.screen import registry
from scenes.screen.tween import Tween

LAST_TRICK_BEAT = 1.4  # seconds (normal speed) the round's last trick stays in view before its sheet


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
                if not final:
                    self.scoreboard_step(ev, final=False)
                else:  # the final sheet shows the last round too; the log still tells it
                    self.script.add(begin=lambda ev=ev: board.say(ev))
            elif kind == "end":  # under the final sheet the picture is the final view, as for any step
                self.script.add(end=board.resync)
                self.scoreboard_step(ev, final=True)
            elif kind == "game":
                self.script.add(begin=lambda ev=ev: board.say(ev))
            else:
                board.event_steps(ev)
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
        """The cards shuffled and dealt as a round's cards come out, the trick swept up when it is
        taken. Card plays sound in the board's steps."""
        if kind in ("deal", "decks"):
            def shuffle():
                self.board.before_deal()
                self.cue("shuffle")
            self.hold_step(0.35, begin=shuffle)
            self.script.add(begin=lambda: self.cue("deal"))
        elif kind == "trick":
            self.script.add(begin=lambda: self.cue("take"))

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
