"""The one door every action of a running game goes in by, and the one clock its viewers follow.

Whoever acts (a person at the TV, a bot, a phone, a replay) calls ``door.act(seat, action)``: the
action is checked once and applied once, and then every subscriber is pushed exactly one step for it
(``game.observe.Step``: the events as that viewer may know them, its view before and after, the
action). Listeners (the record's keeper) are called first, so what is told is saved; then the
subscribers, in the order they subscribed. Nobody polls and no step ever holds two actions.

Pure Python, like the rest of ``game``: the TV's session, the phones' table and the tests use the same
door::

    door = Door(state)
    door.subscribe(seat_or_TABLE, on_step)   # on_step(step), once per action from now on
    door.act(seat, action)                   # None, or the reason it was refused (nothing changed)
    door.act(seat, action, language="de")    # ... the reason said in the actor's language (a phone's)
    door.restart(earlier_state)              # undo: the game goes on from another state
"""

from contextlib import nullcontext

from game import i18n
from game.engine import IllegalAction
from game.i18n import _
from game.observe import Observer


class Subscription:
    """One viewer's stream over a door: its Observer and where its steps go."""

    def __init__(self, door, viewer, on_step, from_now):
        self.door = door
        self.viewer = viewer
        self.on_step = on_step
        self.observer = Observer(door.state, viewer, from_now=from_now)
        self.open = True

    @property
    def last_view(self):
        return self.observer.last_view

    def restart(self, state):
        """The game goes on from STATE (an undo): the stream starts again from its present."""
        self.observer = Observer(state, self.viewer, from_now=True)

    def push(self):
        for step in self.observer.take():
            self.on_step(step)

    def close(self):
        self.open = False
        if self in self.door.subscriptions:
            self.door.subscriptions.remove(self)


class Door:
    def __init__(self, state):
        self.state = state
        self.subscriptions = []
        self.listeners = []  # called after each action, before any viewer is told (keeping the record)

    @property
    def moment(self):
        """How far the game has gone: the number of its events (grows with every action)."""
        return len(self.state.events)

    def subscribe(self, viewer, on_step, from_now=True):
        """Push VIEWER's steps to ON_STEP from now on. from_now=False: what happened so far is told
        first, as one step (a new game's start, the whole history of a game joined late)."""
        subscription = Subscription(self, viewer, on_step, from_now)
        self.subscriptions.append(subscription)
        if not from_now:
            subscription.push()
        return subscription

    def listen(self, on_applied):
        """Call ON_APPLIED() after every action, before the viewers' steps (a record keeper: what is
        told is saved first)."""
        self.listeners.append(on_applied)

    def act(self, seat, action, language=None):
        """Check and apply SEAT's ACTION, then push its step to every subscriber. Returns None, or
        the reason it was refused (the state and the subscribers unchanged), said in LANGUAGE (the
        acting phone's) or else in the language spoken now. The action itself is applied and told in
        the language spoken now: whoever listens (the TV, its record) hears it in its own."""
        with _said_in(language):
            reason = self._not_now(seat)
        if reason:
            return reason
        try:
            self.state.apply(action)
        except IllegalAction as refusal:
            return self._said_again(action, str(refusal), language)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            # a shape the rules never met (from a file or a phone): refused, never a crash
            with _said_in(language):
                # TRANSLATORS: {action} is the refused action quoted as the program holds it
                return _("{action} is not an action of this game").format(action=_brief(action))
        for on_applied in self.listeners:
            on_applied()
        self.publish()
        return None

    def _not_now(self, seat):
        """Why SEAT may not act now at all (the game or the round is over, another seat's turn), in the
        language spoken now, or None: then the rules judge its action."""
        state = self.state
        if state.is_over:
            return _("the game is over")
        if state.current_player is None:
            return _("the round is over")
        if seat != state.current_player:
            return _("it is {name}'s turn, not yours").format(name=state.seats[state.current_player].name)
        return None

    def _said_again(self, action, reason, language):
        """The rules' REASON for refusing ACTION, in LANGUAGE: asked of the rules again there (the
        refusal changed nothing, so they give the same reason in other words)."""
        if language is None:
            return reason
        with i18n.speaking(language):
            try:
                return self.state.why_illegal(action) or reason
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                return reason

    def publish(self):
        """Push what happened since the last push to every subscriber (after each action; a state
        that changes only through act never has more than one action waiting)."""
        for subscription in list(self.subscriptions):
            subscription.push()

    def restart(self, state):
        """The game goes on from STATE (an undo rebuilt it): every stream starts again from there."""
        self.state = state
        for subscription in self.subscriptions:
            subscription.restart(state)


def _said_in(language):
    """Speak LANGUAGE inside the block; None: the language spoken now, as it is."""
    return i18n.speaking(language) if language is not None else nullcontext()


def _brief(value, limit=60):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"

