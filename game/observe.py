"""What each seat may know, as a stream: the only way screens, logs, bots and phones learn a game.

An ``Observer`` follows one state for one viewer: a seat number, or ``TABLE`` (None) for what
everyone at the table may see (a TV, a replay, the game log). ``take()`` returns the steps since the
last call; each ``Step`` holds the events of one step of the game as that viewer may know them, and
the viewer's view after it. Built outside the state, as OpenSpiel's observers are: the state keeps
every secret, this module decides what each viewer is told.

What is hidden, and when it is shown:
- Mit List und Tücke: a deal shows the viewer's own hand only (the others as card counts).
- Tricks: the order of the shuffled decks is never shown (only each deck's face-up card, its size
  and its cards as a set); a bid shows its card only to its bidder, until all bids are revealed
  together (a ``bids_shown`` event).
- Was sticht?: the secret trump only to the round's starter, until it is shown (``trump_shown``);
  a chosen task only to its chooser, until all are shown together (``tasks_shown``).

Events added by the observer (they are not record lines): ``bids_shown``, ``trump_shown``,
``tasks_shown``. Everything else keeps the record's shape (shared/spec/record-format.md), with the
secret parts replaced by None and, in Tricks, what the table saw with it: the card and price of a
buy or burial (``card``, ``price``), the reasons for the start player and the trump (``reason``,
``leader_reason``).
"""

from dataclasses import dataclass, field

from game import cards
from game.engine import action_from_json

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


def event_for(game_id, event, viewer):
    """A raw event as viewer may know it: always a new object, holding only what the event's kind
    declares public (``PUBLIC``), with a secret shown to its own seat alone. What no game declares
    is hidden: a kind nobody declared is told to its actor whole and to everyone else as its kind
    alone, and a key added to a declared kind later is left out until it is declared too."""
    kind = event["t"]
    hide = _HIDERS.get((game_id, kind))
    if hide is not None:
        event = hide(event, viewer)
    if kind == "act":  # every game's, declared or not: what it does not declare public stays hidden
        event = _act(event, viewer, game_id)
    public = PUBLIC.get((game_id, kind)) or PUBLIC.get((ANY_GAME, kind))
    if public is None:
        return dict(event) if viewer is not None and event.get("p") == viewer else {"t": kind}
    return {key: event[key] for key in public if key in event}


ANY_GAME = "*"

#: What each event kind may show, by (game, kind); (ANY_GAME, kind) for the lines every game writes.
#: The seed of the first line is missing on purpose: it deals every hand (see game.engine.new_seed).
#: Context the observer adds to an event (a Tricks buy's card and price, the reasons) is listed too;
#: the observer's own events (``bids_shown`` ...) are built from views, which hide for themselves.
PUBLIC = {
    (ANY_GAME, "game"): ("t", "v", "game", "players", "seats", "options"),
    (ANY_GAME, "act"): ("t", "p", "a", "card", "price"),
    (ANY_GAME, "score"): ("t", "round", "points", "totals"),
    (ANY_GAME, "end"): ("t", "totals", "winners"),
    ("mlut", "deal"): ("t", "round", "dealer", "hands", "hand_sizes"),
    ("mlut", "trick"): ("t", "cards", "picker", "taker", "taken", "removed"),
    ("mlut", "early_end"): ("t", "p"),
    ("tricks", "decks"): ("t", "round", "decks", "tops", "counts", "cards"),
    ("tricks", "start"): ("t", "round", "p", "reason"),
    ("tricks", "loan"): ("t", "p", "amount"),
    ("tricks", "trump"): ("t", "round", "colour", "leader", "reason", "leader_reason"),
    ("tricks", "trick"): ("t", "cards", "winner"),
    ("tricks", "payout"): ("t", "round", "bids", "tricks", "chips"),
    ("tricks", "repay"): ("t", "loans", "repaid"),
    ("wassticht", "tasks"): ("t", "offer"),
    ("wassticht", "deal"): ("t", "round", "starter", "trump_colour", "trump_number", "trump_known", "rows"),
    ("wassticht", "hint"): ("t", "round", "row", "winner"),
    ("wassticht", "trick"): ("t", "cards", "winner"),
    ("wassticht", "done"): ("t", "round", "fulfilled", "laid_down"),
    (ANY_GAME, "bids_shown"): ("t", "round", "bids"),
    (ANY_GAME, "trump_shown"): ("t", "round", "colour", "number"),
    (ANY_GAME, "tasks_shown"): ("t", "round", "chosen"),
}

#: The action keys every seat sees played; any other (a secret bid or task, or a key no game
#: declared) shows its value only to the seat that chose it, and a game missing here shows none of
#: its actions' values to anyone else: hidden unless declared.
PUBLIC_ACTIONS = {
    "mlut": {"play", "pick", "plus"},
    "tricks": {"buy", "bury", "play", "lead"},
    "wassticht": {"take_task", "draft", "play", "discard"},
}


def _mlut_deal(event, viewer):
    hands = event["hands"]
    return dict(event, hands=[h if s == viewer else None for s, h in enumerate(hands)],
                hand_sizes=[len(h) for h in hands])


def _tricks_decks(event, viewer):
    decks = event["decks"]
    return {"t": "decks", "round": event["round"], "decks": None,
            "tops": [d[0] if d else None for d in decks], "counts": [len(d) for d in decks],
            "cards": [sorted(d) for d in decks]}


def _wassticht_deal(event, viewer):
    # the rows lie open, but in the shuffled deck's order: told in a canonical order, as views show them
    rows = [cards.sorted_cards(r) for r in event["rows"]]
    if viewer is not None and viewer == event["starter"]:
        return dict(event, rows=rows, trump_known=True)
    return dict(event, rows=rows, trump_colour=None, trump_number=None, trump_known=False)


def public_actions(game_id):
    """The action kinds GAME_ID declares public; none for a game that declares nothing."""
    return PUBLIC_ACTIONS.get(game_id, frozenset())


def _act(event, viewer, game_id):
    """An action whose kind its game does not declare public (a bid, a task, any action of a game
    that forgot to declare) shows its value only to the seat that made it."""
    action = event["a"]
    public = public_actions(game_id)
    if event["p"] == viewer or all(k in public or k == "as" for k in action):
        return event
    return dict(event, a={k: None for k in action if k != "as"})


_HIDERS = {
    ("mlut", "deal"): _mlut_deal,
    ("tricks", "decks"): _tricks_decks,
    ("wassticht", "deal"): _wassticht_deal,
}


def _told(game_id, events, viewer, before, after):
    """The events of one step as the viewer knows them, with what the viewer saw them with."""
    told = [_with_context(game_id, event_for(game_id, e, viewer), before, after) for e in events]
    shown = _shown(game_id, before, after)
    trump = next((i for i, e in enumerate(told) if e["t"] == "trump"), None)
    if game_id == "tricks" and trump is not None:
        return told[:trump] + shown + told[trump:]  # the bids show first: the trump follows from them
    return told + shown


def _with_context(game_id, event, before, after):
    """What the viewer sees with an event that the record line leaves to the rules: the card a
    Tricks buy or burial took from a deck (its face-up card), the reasons for the start player, the
    trump and the first leader."""
    if game_id != "tricks":
        return event
    kind = event["t"]
    action = event.get("a", {})
    if kind == "act" and before is not None and before["market"] is not None:
        if action.get("buy") is not None:  # a hidden buy (undeclared) tells no card either
            owner = action["buy"]
            return dict(event, card=before["decks"][owner]["top"], price=before["market"]["prices"][owner])
        if action.get("bury") is not None:
            owner = action["bury"]
            return dict(event, card=before["decks"][owner]["top"], price=before["market"]["bury_fee"])
    if kind == "start":
        return dict(event, reason=after["start_reason"])
    if kind == "trump":
        return dict(event, reason=after["trump_reason"], leader_reason=after["leader_reason"])
    return event


def _shown(game_id, before, after):
    """Events for what the viewer's view newly shows: the secret choices of a round revealed
    together, the secret trump shown by the starter."""
    if before is None:
        return []
    if game_id == "tricks" and after.get("bids_revealed") and not before.get("bids_revealed"):
        return [{"t": "bids_shown", "round": after["round"], "bids": list(after["bids"])}]
    if game_id != "wassticht":
        return []
    out = []
    if after["trump_known"] and not before["trump_known"] and after["round"] == before["round"]:
        out.append({"t": "trump_shown", "round": after["round"], "colour": after["trump_colour"],
                    "number": after["trump_number"]})
    chosen = after["chosen"]
    if after["phase"] == "play" and before["phase"] != "play" and all(
            t is not None for s, t in enumerate(chosen) if s != after["starter"]):
        out.append({"t": "tasks_shown", "round": after["round"], "chosen": list(chosen)})
    return out


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


def _replayed(state):
    """(the state, the events of the step) after its start and after each of its actions, replayed
    from its own chance outcomes; the same state object, changed step by step."""
    from game.record import started  # game.record reads whole games; this module is read by it
    fresh = started(state.events)
    done = len(fresh.events)
    yield fresh, fresh.events[:done]
    for event in state.events:
        if event["t"] == "act":
            fresh.apply(action_of(event))
            yield fresh, fresh.events[done:]
            done = len(fresh.events)


# --- what a seat's decision needs that the table may not see (the hand-off rule of one screen) ----------
def secrets(seat_view, table_view):
    """The keys of a seat's view that tell the seat more than the table may know now: its hidden
    hand (not an open one, which the table sees too), a secret bid, trump or task."""
    seat = seat_view["seat"]
    keys = set()
    for key, value in seat_view.items():
        if key == "seat" or table_view.get(key) == value:
            continue
        if key == "hand" and value == _open_hand(table_view, seat):
            continue  # a hand every seat sees (Tricks, Was sticht?): the table knows it too
        keys.add(key)
    if keys & TRUMP_KEYS and _trump_deduced(seat_view, table_view):
        keys -= TRUMP_KEYS  # the rows drafted so far leave the table one possible trump: it is no secret
    return keys


TRUMP_KEYS = {"trump_known", "trump_colour", "trump_number"}


def _trump_deduced(seat_view, table_view):
    """Was sticht?: the table's possible trumps (read from the drafted rows and the starter's hints)
    come down to the one the seat knows."""
    possible = table_view.get("possible_trumps")
    known = [seat_view.get("trump_colour"), seat_view.get("trump_number")]
    return seat_view.get("trump_known") and possible is not None and len(possible) == 1 and possible[0] == known


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
    keys = secrets(seat_view, table_view)
    legal = state.legal_actions()
    if any(is_secret_action(state.game_id, a) for a in legal) or keys - {"hand"}:
        return True, bool(keys)  # even a forced pick: the starter sees the trump from the first decision on
    if "hand" not in keys:
        return False, bool(keys)
    if len(legal) == 1 and _last_card(table_view, seat):
        return False, True  # everyone can tell there is no choice: the last card goes without a look
    hand = set(seat_view["hand"])
    return any(isinstance(a[1], str) and a[1] in hand for a in legal), True


def _last_card(table_view, seat):
    sizes = table_view.get("hand_sizes")
    return sizes is not None and sizes[seat] == 1


def hidden_hand(state, seat):
    """SEAT holds cards the table may not see (Mit List und Tücke): a "show my hand" is offered."""
    return "hand" in secrets(state.view(seat), state.view(TABLE))
