"""Undo at a table of one person and bots: the game as it stood just before the person's last
decision, with the bot moves that followed it taken back too.

The earlier state is not patched backwards: it is rebuilt by replaying the game's own history (the
same seed and the same chance outcomes, then the actions before that decision), so it is exactly
the state a fresh game reaching that point would be, and its events are exactly the record such a
game writes. Undo again walks back one more decision of the person.

Off when two or more people share the table (one person's undo would take back another's move) and
when nobody plays (a bots-only table has no "own" decision). A finished game is final: its end
line is written and its result told, so it cannot be undone.
"""

from game.i18n import _
from game.replay import rebuilt


def person_seat(state):
    """The seat of the only person at the table, or None (bots only, or several people)."""
    people = [i for i, s in enumerate(state.seats) if s.kind != "bot"]
    return people[0] if len(people) == 1 else None


def _last_own(state, seat):
    """How many actions came before SEAT's last one (its place in the history), or None."""
    last = None
    for i, event in enumerate(e for e in state.events if e["t"] == "act"):
        if event["p"] == seat:
            last = i
    return last


def why_not_undo(state, seat):
    """The reason SEAT may not undo now, in words for the person, or None when it may."""
    if seat is None or seat != person_seat(state):
        return _("Undo is only for a table of one person and bots.")
    if state.is_over:
        return _("The game is over: a finished game is final.")
    if not state.events or _last_own(state, seat) is None:
        return _("Nothing to undo yet: you have not decided anything.")
    return None


def can_undo(state, seat):
    """True when SEAT (the only person at the table) has a decision of this game to take back."""
    return why_not_undo(state, seat) is None


def before_last_decision(state, seat):
    """A new state: STATE just before SEAT's last decision, SEAT to decide again. STATE is left as
    it is. ValueError (with why_not_undo's words) when there is nothing SEAT may undo."""
    reason = why_not_undo(state, seat)
    if reason:
        raise ValueError(reason)
    return replayed(state, _last_own(state, seat))


def replayed(state, count):
    """A new state: STATE's game after the first COUNT actions of its history, replayed from its
    start with its own chance outcomes. Outcomes the replay did not reach are dropped, so the new
    state goes on as a game started afresh would (and as its record, read back, goes on)."""
    fresh = rebuilt(state.events, count)
    fresh._chance_queue.clear()
    return fresh
