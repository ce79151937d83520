"""The game side of the phones: what each phone seat is told, and the actions phones send in.

Pure Python (no pygame, no aiohttp). A ``PhoneTable`` sits beside one running state and its set of
phone seats. It belongs to the game thread: the TV loop calls ``pump()`` once per frame, and only
pump touches the state. The web server (:mod:`phone.server`) never does; it puts what phones send
into ``table.inbox`` (a thread-safe queue) and receives what to send through ``table.outbox``.

The interface the TV uses::

    table = PhoneTable(state, phone_seats)          # e.g. {1, 3}
    server = PhoneServer(table, port=8765).start()  # see phone.server
    ...every frame: table.pump()                    # actions in, observations out
    table.phone_seats                               # which seats the phones play

What a phone is told comes only from its seat's ``game.observe.Observer``: the events as that seat
may know them and its view after them, plus, when it is that seat's turn, the legal actions.
Messages (JSON objects, ``"type"`` says which):

- ``hello``: the game's public facts: seat, names, game id and title, Was sticht?'s task texts.
- ``state``: ``moment`` (how far the game has gone), ``view`` (the seat's view), ``events`` (new
  events as the seat may know them; [] in a ``full`` snapshot), ``turn`` (true on the seat's turn)
  and ``legal`` (its legal actions then, else []).
  A ``full`` snapshot (a page that joins or comes back) also has ``history``: every event so far
  as the seat was told it, for the page's log.
- ``refused``: ``reason`` (the rules core's reason, or "it is ...'s turn") and the ``action``.

Actions travel as JSON lists: ``["play", "R10"]``, ``["pick", ["R14", "Y8"]]``,
``["bury", null]``, ``["play", "X4", "B"]``: the record's action (game.engine.action_to_json) with
the key first. A phone may also send the record's own object form ``{"play": "X4", "as": "B"}``.
"""

import json
import queue

from game.engine import IllegalAction, action_from_json, action_to_json
from game.info import game_info
from game.observe import Observer, told

MAX_ACTION_ITEMS = 8  # no action of the three games has more cards in it (a pick takes 2 or 3)


def action_to_list(action):
    """("play", "X4", "B") -> ["play", "X4", "B"]; ("pick", ("R1", "G2")) -> ["pick", ["R1", "G2"]].
    The record's serialisation (action_to_json) with the key first."""
    d = action_to_json(action)
    key = next(k for k in d if k != "as")
    out = [key, d[key]]
    if "as" in d:
        out.append(d["as"])
    return out


def _plain(value):
    return value is None or isinstance(value, str) or (type(value) is int)


def action_from_wire(data):
    """An action tuple from what a phone sent, or ValueError saying what is wrong with its shape.
    Only the shape is checked here; the rules decide whether it is legal."""
    if isinstance(data, dict):
        if len(data) > 2:
            raise ValueError("an action object has one key (and 'as')")
        action = action_from_json(data)
        data = [action[0], list(action[1]) if isinstance(action[1], tuple) else action[1], *action[2:]]
    if not isinstance(data, list) or not 2 <= len(data) <= 3:
        raise ValueError("an action is a list: [kind, argument] or [kind, card, colour]")
    kind, arg = data[0], data[1]
    if not isinstance(kind, str) or not 0 < len(kind) <= 20:
        raise ValueError("an action starts with its kind, a short word")
    if isinstance(arg, list):
        if len(arg) > MAX_ACTION_ITEMS or not all(isinstance(a, str) and len(a) <= 8 for a in arg):
            raise ValueError("an action's list holds a few cards or colours")
        arg = tuple(arg)
    elif not _plain(arg) or (isinstance(arg, str) and len(arg) > 20):
        raise ValueError("an action's argument is a card, a task, a seat, a list of them or null")
    if len(data) == 3:
        extra = data[2]
        if not isinstance(extra, str) or len(extra) > 8:
            raise ValueError("an action's third item is a colour letter")
        return (kind, arg, extra)
    return (kind, arg)


def jsonable(value):
    """A copy of VALUE with tuples as lists and sets as sorted lists (views hold only these)."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(jsonable(v) for v in value)
    return value


def public_facts(state):
    """What every phone may know before anything happens: names, the game, its task texts."""
    info = game_info(state.game_id)
    facts = {"game": state.game_id, "title": info.title, "players": state.players,
             "names": [s.name for s in state.seats], "options": jsonable(state.options)}
    if state.game_id == "wassticht":
        from game.wassticht import TASKS
        facts["tasks"] = {t: {"text": text, "difficulty": d} for t, (text, d) in TASKS.items()}
    return facts


class PhoneTable:
    """The phone seats of one running game. Game thread only (see the module's docstring).

    ``outbox(seat, message)`` is called for every message to a seat (the server sets it; by default
    messages collect in ``sent`` as (seat, message)). ``inbox`` takes (seat, data, moment) items: data is
    what the phone sent as its action, still unchecked; moment: the moment of the view the phone
    chose it in, or None.
    """

    def __init__(self, state, phone_seats, outbox=None):
        seats = sorted(set(phone_seats))
        if any(type(s) is not int or not 0 <= s < state.players for s in seats):
            raise ValueError(f"phone seats are seat numbers 0 to {state.players - 1}, not {seats}")
        self.state = state
        self.phone_seats = tuple(seats)
        self.facts = public_facts(state)
        self.inbox = queue.Queue()
        self.sent = []
        self.outbox = outbox or (lambda seat, message: self.sent.append((seat, message)))
        # from_now: the phone starts from the view now (a continued game too), not the whole history
        self.observers = {s: Observer(state, s, from_now=True) for s in seats}
        # each seat's events so far as that seat was told them: a reloaded page shows the whole log
        self.history = {s: jsonable(told(state, s)) if state.events else [] for s in seats}
        self._started = False

    def hello(self, seat):
        """The first message to a phone of SEAT (public facts only)."""
        return dict(self.facts, type="hello", seat=seat, name=self.facts["names"][seat])

    # --- the game thread's calls ---------------------------------------------------------------
    def pump(self, limit=20):
        """Once per frame: take up to LIMIT actions phones sent (checked, applied or refused) and
        send every phone seat what happened since. Returns the number of actions applied."""
        if not self._started:
            self._started = True
            for seat, observer in self.observers.items():
                self.outbox(seat, self.hello(seat))
                message = self._state_message(seat, [], observer.last_view, full=True)
                self.outbox(seat, dict(message, history=list(self.history[seat])))
        applied = 0
        for _ in range(limit):
            try:
                seat, data, moment = self.inbox.get_nowait()
            except queue.Empty:
                break
            if self.receive(seat, data, moment):
                applied += 1
        self.publish()
        return applied

    def receive(self, seat, data, moment=None):
        """Check and carry out one action a phone of SEAT sent: True if applied; otherwise the phone
        is told why (``refused``). MOMENT: the moment of the phone's last view, if it said; an action
        chosen before the game moved on is refused (a double tap plays one card, not two)."""
        if moment is not None and moment != len(self.state.events):
            self._refuse(seat, data, "the game moved on before that arrived: look again")
            return False
        try:
            action = action_from_wire(data)
        except (ValueError, TypeError) as error:
            self._refuse(seat, data, f"that is not an action: {error}")
            return False
        reason = self.why_not(seat, action)
        if reason:
            self._refuse(seat, data, reason)
            return False
        try:
            self.state.apply(action)
        except IllegalAction as error:  # why_illegal and apply agree; this is a last guard
            self._refuse(seat, data, str(error))
            return False
        self.publish()  # each step its own message, so phones can follow it move by move
        return True

    def why_not(self, seat, action):
        """The reason SEAT may not take ACTION now, or None."""
        state = self.state
        if seat not in self.observers:
            return "this seat is not played from a phone"
        if state.is_over:
            return "the game is over"
        if state.current_player is None:
            return "the round is over"
        if state.current_player != seat:
            return f"it is {state.seats[state.current_player].name}'s turn, not yours"
        try:
            return state.why_illegal(action)
        except Exception as error:  # a shape the rules never met: refuse it, never crash the TV
            return f"{action!r} is not an action of this game ({type(error).__name__})"

    def publish(self):
        """Send each phone seat the steps since its last message."""
        for seat, observer in self.observers.items():
            for step in observer.take():
                self.history[seat].extend(jsonable(step.events))
                self.outbox(seat, self._state_message(seat, step.events, step.view))

    def legal_for(self, seat):
        """SEAT's legal actions as JSON lists on its turn, else []."""
        state = self.state
        if state.current_player != seat or state.is_over:
            return []
        return [action_to_list(a) for a in state.legal_actions()]

    # --- messages ----------------------------------------------------------------------------------
    def _state_message(self, seat, events, view, full=False):
        legal = self.legal_for(seat)
        return {"type": "state", "seat": seat, "moment": len(self.state.events), "full": full,
                "told": len(self.history[seat]),  # how much of the seat's history this message includes
                "view": jsonable(view), "events": jsonable(events), "turn": bool(legal), "legal": legal}

    def _refuse(self, seat, data, reason):
        try:
            shown = json.loads(json.dumps(data))[:3] if isinstance(data, list) else None
        except (TypeError, ValueError):
            shown = None
        self.outbox(seat, {"type": "refused", "seat": seat, "reason": reason, "action": shown})
