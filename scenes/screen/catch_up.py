"""Showing the session's steps one after the other: the game screen's part (mixed into ``GameScreen``).

Phones answer faster than the picture moves: while more than one step waits behind the one on show,
the screen catches up. The step on show ends at once (as when the person hurries a beat: its flights,
holds and celebrations end, ``Beats.hurry``), and the waiting ones are shown without their animations
(``GameScreen.dur`` gives 0, ``cue`` stays quiet), several in one frame, so the TV is never more than a
step behind the game. A step held by its own rule (a round's sheet) stays.
"""

from scenes.screen import registry

CATCH_UP_STEPS = 64  # at most this many steps shown in one frame


class CatchUp:
    """The step-by-step part of the game screen."""

    catching_up = False  # the step on show was taken while the phones were ahead: no animation

    def next_step(self, dt):
        """Show the next step (one action's) once the last has been shown; when every step is shown,
        whoever decides by themselves (a bot, a record) may move. While more than one step waits (phones
        ahead of the picture), the screen catches up: several steps in one frame, without animation."""
        for _turn in range(CATCH_UP_STEPS):
            if self.script.busy and self.behind():
                self.hurry()  # the step on show ends now (one held by its own rule, a sheet, stays)
            if not self.show_next_step(dt) or not self.behind():
                return

    def behind(self):
        """More than one step waits behind the one on show: phones are ahead of the picture."""
        return len(self.session.steps) > 1

    def show_next_step(self, dt):
        """One step of next_step: True when a step (or the board of its phase) came on screen."""
        if self.script.busy:
            return False
        if not self.session.caught_up and self.board_behind():
            self.board = registry.make_board(self)
            return True
        self.catching_up = self.behind()
        step = self.session.take_step()
        if step is None:
            self.catching_up = False
            self.act_when_idle(dt)
            return False
        self.bot_wait = 0.0
        self.step = step
        if self.teaching is not None:  # its notes wait until the screen rests (teaching.update)
            self.script.add(begin=lambda: self.teaching.step_shown(step) or [])
        self.show_events(step.events)
        self.script.update(0)  # steps that take no time finish in this very frame
        return True
