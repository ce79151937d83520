"""What each seat may know, as a stream: the only way screens, logs, bots and phones learn a game.

An ``Observer`` follows one state for one viewer: a seat number, or ``TABLE`` (None) for what
everyone at the table may see (a TV, a replay, the game log). ``take()`` returns the steps since the
last call; each ``Step`` holds the events of one step of the game as that viewer may know them, and
the viewer's view after it. Built outside the state, as OpenSpiel's observers are: the state keeps
every secret, this module decides what each viewer is told.

What is hidden, and when it is shown, each game's kit declares (``game.kit.GameKit``: its
``public_events``, ``public_actions``, ``hiders``, ``context`` and ``revealed``; e.g.
``game/games/tricks/observe.py``): hidden unless declared. An event kind or action kind a kit does not
declare is told to its actor alone, to everyone else as its kind; a game nobody registered declares
nothing. Events added by the observer (they are not record lines, e.g. bids shown together) come
from the kit's ``revealed``. Everything else keeps the record's shape
(shared/spec/record-format.md), with the secret parts replaced by None and what the table saw with
it (the kit's ``context``: a price, a reason).
"""

from dataclasses import dataclass, field

from game.assist import plainly_forced
from game.engine import action_from_json
from game.kit import find
from game.replay import started

TABLE = None


@dataclass
class Step:
    """One step of the game as a viewer knows it: the events of one action (or of the game's
    start), the viewer's view before and after it, and the action itself as the viewer may know it
    (``actor`` took it; a secret one's value is None). ``action`` is None for the start."""

    events: list
    view: dict = field(repr=False)
    before: dict | None = field(default=None, repr=False)
    action: tuple | None = None
    actor: int | None = None

    @property
    def after(self):
        return self.view

    @classmethod
    def told(cls, events, view, before):
        """A step from its told events: its action read once, here, from the act line."""
        act = next((e for e in events if e["t"] == "act"), None)
        if act is None:
            return cls(events, view, before)
        return cls(events, view, before, action_of(act), act["p"])


def action_of(event):
    """The action of an act event as a tuple, as its viewer was told it (a secret value None): the
    one place a told action is read back from its JSON (a step's action, the game log)."""
    return action_from_json(event["a"])


def view_for(state, viewer):
    """The state's view for a seat, or for the table (no seat: no hand, no secret)."""
    return state.view(viewer)


def event_for(game_id, event, viewer, before=None, after=None):
    """A raw event as viewer may know it: always a new object, holding only what the event's kind
    declares public (the game kit's ``public_events``, or ``PUBLIC`` for the lines every game
    writes), with a secret shown to its own seat alone, and what the viewer saw with it (the kit's
    ``context``, given the viewer's views BEFORE and AFTER the step). What no game declares is
    hidden: a kind nobody declared is told to its actor whole and to everyone else as its kind
    alone, and a key added to a declared kind later (or by the context) is left out until it is
    declared too."""
    kind = event["t"]
    game_kit = find(game_id)
    hide = game_kit.hiders.get(kind) if game_kit is not None else None
    if hide is not None:
        event = hide(event, viewer)
    if kind == "act":  # every game's, declared or not: what it does not declare public stays hidden
        event = _act(event, viewer, game_id)
    if after is not None and game_kit is not None and game_kit.context is not None:
        event = game_kit.context(event, before, after)
    return _declared(game_kit, event, viewer)


def _declared(game_kit, event, viewer):
    """EVENT with only the keys its kind declares public; an undeclared kind whole to its actor alone."""
    kind = event["t"]
    public = (game_kit.public_events.get(kind) if game_kit is not None else None) or PUBLIC.get(kind)
    if public is None:
        return dict(event) if viewer is not None and event.get("p") == viewer else {"t": kind}
    return {key: event[key] for key in public if key in event}


#: What the lines every game writes may show, by kind (a game's own kinds are declared by its kit).
#: The seed of the first line is missing on purpose: it deals every hand (see game.engine.new_seed).
#: An act's ``card`` and ``price`` are what a game's context may add (a Tricks buy's card and price).
PUBLIC = {
    "game": ("t", "v", "game", "players", "seats", "options"),
    "act": ("t", "p", "a", "card", "price"),
    "score": ("t", "round", "points", "totals"),
    "end": ("t", "totals", "winners"),
}


def public_actions(game_id):
    """The action kinds GAME_ID declares public; none for a game that declares nothing."""
    game_kit = find(game_id)
    return game_kit.public_actions if game_kit is not None else frozenset()


def _act(event, viewer, game_id):
    """An action whose kind its game does not declare public (a bid, a task, any action of a game
    that forgot to declare) shows its value only to the seat that made it."""
    action = event["a"]
    public = public_actions(game_id)
    if event["p"] == viewer or all(k in public or k == "as" for k in action):
        return event
    return dict(event, a={k: None for k in action if k != "as"})


def _told(game_id, events, viewer, before, after):
    """The events of one step as the viewer knows them, with what the viewer saw them with, and the
    observer's own events for what the viewer's view newly shows (the kit's ``revealed``: secret
    choices revealed together), placed where the kit says (``reveal_before``)."""
    game_kit = find(game_id)
    told = [event_for(game_id, e, viewer, before, after) for e in events]
    if before is None or game_kit is None or game_kit.revealed is None:
        return told
    shown = [_declared(game_kit, e, viewer) for e in game_kit.revealed(before, after)]
    where = game_kit.reveal_before
    at = next((i for i, e in enumerate(told) if e["t"] == where), None) if where is not None else None
    if at is not None:
        return told[:at] + shown + told[at:]
    return told + shown


class Observer:
    """The observation stream of one viewer over one running state."""

    def __init__(self, state, viewer=TABLE, from_now=False):
        """from_now: what happened so far is known already (a continued game, a replay at a move);
        otherwise the whole history is told as the first step."""
        self.state = state
        self.viewer = viewer
        self.cursor = 0
        self.last_view = None
        if from_now:
            self.skip()

    @property
    def moment(self):
        """How far the game has gone (grows with every event): a key for answers that belong to one
        position, such as a bot's move or the coach's hint."""
        return len(self.state.events)

    @property
    def caught_up(self):
        return self.cursor >= len(self.state.events)

    def skip(self):
        """Take nothing of what happened so far: the stream goes on from now."""
        self.cursor = len(self.state.events)
        self.last_view = view_for(self.state, self.viewer)

    def take(self):
        """The steps since the last call (at most one: everything that happened since, with the
        view now); [] if nothing happened."""
        events = self.state.events
        if self.cursor >= len(events):
            return []
        new = events[self.cursor:]
        self.cursor = len(events)
        view, before = view_for(self.state, self.viewer), self.last_view
        told = _told(self.state.game_id, new, self.viewer, before, view)
        self.last_view = view
        return [Step.told(told, view, before)]


def told(state, viewer=TABLE):
    """Every event of the game so far as the viewer knows it, in order (a log after Continue)."""
    return [event for step in stream(state, viewer) for event in step.events]


def stream(state, viewer=TABLE):
    """The whole observation stream of a finished or running state, one step per action (the game
    replayed action by action from its record's chance outcomes)."""
    steps, before = [], None
    for now, events in _replayed(state):
        view = view_for(now, viewer)
        steps.append(Step.told(_told(state.game_id, events, viewer, before, view), view, before))
        before = view
    return steps


def undeclared(state):
    """The event kinds in STATE's history, and in what its kit reveals to any seat or the table
    along it, that neither its kit nor ``PUBLIC`` declares: hidden from all but their actor. A kit's
    own games should produce none (tests check every registered kit over seeded games)."""
    game_kit = find(state.game_id)
    declared = set(PUBLIC) | (set(game_kit.public_events) if game_kit is not None else set())
    kinds = {event["t"] for event in state.events}
    if game_kit is not None and game_kit.revealed is not None:
        viewers = [TABLE, *range(state.players)]
        before = None
        for now, _events in _replayed(state):
            views = [view_for(now, viewer) for viewer in viewers]
            if before is not None:
                kinds.update(e["t"] for old, new in zip(before, views) for e in game_kit.revealed(old, new))
            before = views
    return kinds - declared


def _replayed(state):
    """(the state, the events of the step) after its start and after each of its actions, replayed
    from its own chance outcomes; the same state object, changed step by step."""
    fresh = started(state.events)
    done = len(fresh.events)
    yield fresh, fresh.events[:done]
    for event in state.events:
        if event["t"] == "act":
            fresh.apply(action_of(event))
            yield fresh, fresh.events[done:]
            done = len(fresh.events)


# --- what a seat's decision needs that the table may not see (the hand-off rule of one screen) ----------
def secrets(seat_view, table_view, game_id=None):
    """The keys of a seat's view that tell the seat more than the table may know now: its hidden
    hand (not an open one, which the table sees too), a secret bid, trump or task; less what the
    table can work out for itself (the game kit's ``table_knows``: Was sticht?'s trump once the
    drafted rows leave one possible)."""
    seat = seat_view["seat"]
    keys = set()
    for key, value in seat_view.items():
        if key == "seat" or table_view.get(key) == value:
            continue
        if key == "hand" and value == _open_hand(table_view, seat):
            continue  # a hand every seat sees (Tricks, Was sticht?): the table knows it too
        keys.add(key)
    game_kit = find(game_id if game_id is not None else seat_view.get("game"))
    if keys and game_kit is not None and game_kit.table_knows is not None:
        keys -= game_kit.table_knows(seat_view, table_view)
    return keys


def _open_hand(table_view, seat):
    hands = table_view.get("hands")
    return hands[seat] if hands is not None else None


def is_secret_action(game_id, action):
    """An action whose value only its seat is told (a bid, a chosen task)."""
    return action[0] not in public_actions(game_id)


def needs_privacy(state, seat):
    """SEAT's decision now needs what the others at the table may not see: the decision itself is
    secret (a bid, a task), or its view holds a secret beside its hand (the starter's trump, a bid
    made), or it plays a card from a hidden hand. Decided from the views and the legal actions, not
    from phase names. A decision that needs none of these is taken in front of everyone."""
    return privacy(state, seat)[0]


def privacy(state, seat):
    """(SEAT's decision needs privacy, SEAT's view tells more than the table's), each view taken once:
    a decision in front of everyone is drawn from the table's view when the seat knows more."""
    seat_view, table_view = state.view(seat), state.view(TABLE)
    keys = secrets(seat_view, table_view, state.game_id)
    if plainly_forced(state, seat, table_view):
        return False, bool(keys)  # everyone can tell there is no choice: the last card goes without a look
    legal = state.legal_actions()
    if any(is_secret_action(state.game_id, a) for a in legal) or keys - {"hand"}:
        return True, bool(keys)  # even a forced pick: the starter sees the trump from the first decision on
    if "hand" not in keys:
        return False, bool(keys)
    hand = set(seat_view["hand"])
    return any(isinstance(a[1], str) and a[1] in hand for a in legal), True


def hidden_hand(state, seat):
    """SEAT holds cards the table may not see (Mit List und Tücke): a "show my hand" is offered."""
    return "hand" in secrets(state.view(seat), state.view(TABLE), state.game_id)
