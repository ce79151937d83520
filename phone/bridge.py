"""The game side of the phones: what each phone seat is told, and the actions phones send in.

Pure Python (no pygame, no aiohttp). A ``PhoneTable`` sits beside one running state and its set of
phone seats. It belongs to the game thread: the TV loop calls ``pump()`` once per frame, and only
pump touches the state. The web server (:mod:`phone.server`) never does; it puts what phones send
into ``table.inbox`` (a thread-safe queue) and receives what to send through ``table.outbox``.

The interface the TV uses::

    table = PhoneTable(state, phone_seats, teach_seats={3})  # e.g. {1, 3}
    server = PhoneServer(table, port=8765).start()  # see phone.server
    ...every frame: table.pump()                    # actions in, observations out
    table.phone_seats                               # which seats the phones play

What a phone is told comes only from its seat's ``game.observe.Observer``: the events as that seat
may know them and its view after them, plus, when it is that seat's turn, the legal actions.
Messages (JSON objects, ``"type"`` says which):

- ``hello``: the game's public facts: seat, names, game id and title, hand size, tricks per round,
  and the game kit's own (``phone_facts``: colours, a joker, rows, task texts, prompts per phase).
- ``state``: ``moment`` (how far the game has gone), ``view`` (the seat's view), ``events`` (new
  events as the seat may know them; [] in a ``full`` snapshot), ``turn`` (true on the seat's turn)
  and ``legal`` (its legal actions then, else []).
  A ``full`` snapshot (a page that joins or comes back) also has ``history``: every event so far
  as the seat was told it, for the page's log.
  A seat in teach mode (``teach_seats``) also gets ``teach``: the reminders new at this message, each
  ``{"rule", "short", "line", "target"}`` (``game.teach.Note``: its key, one line, at most two
  sentences, what it speaks of as a list), each rule once per game and read from the seat's own view
  only. A snapshot sent again to a page that comes back has ``teach`` [] (the page keeps what it showed).
- ``refused``: ``reason`` (the door's reason: the rules core's, "it is ...'s turn, not yours", the game
  is over; or the bridge's own: a tap chosen before the game moved on, a message that is no action)
  and the ``action``.

Each seat's words (refusal reasons, reminders, task texts) are made in that seat's phone's language
(``languages``: {seat: code}, set by the server when a phone joins; the table's language otherwise).

Actions travel as JSON lists: ``["play", "R10"]``, ``["pick", ["R14", "Y8"]]``,
``["bury", null]``, ``["play", "X4", "B"]``: the record's action (game.engine.action_to_json) with
the key first. A phone may also send the record's own object form ``{"play": "X4", "as": "B"}``.
"""

import json
import queue
import threading

from game import i18n
from game.door import Door
from game.engine import action_from_json, action_to_json
from game.i18n import _
from game.kit import kit
from game.observe import TABLE, told
from game.teach import Moment, Teacher
from phone.ending import result_card
from phone.languages import Languages

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
    """A copy of VALUE with tuples as lists and sets as sorted lists (views hold only these), and a rule's
    reason (an i18n.Phrase) in the language spoken now: the phone's."""
    if isinstance(value, i18n.Phrase):
        return value.again()
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(jsonable(v) for v in value)
    return value


def public_facts(state):
    """What every phone may know before anything happens: names, the game, its hand size and tricks
    per round, and the game kit's own facts (``phone_facts``: colours, a joker, rows, task texts, the
    page's prompts per phase...)."""
    game_kit = kit(state.game_id)
    info = game_kit.info
    facts = {"game": state.game_id, "title": info.title, "players": state.players,
             "names": [s.name for s in state.seats], "options": jsonable(state.options),
             "hand_size": info.hand_size, "tricks_per_round": info.tricks_per_round}
    own = game_kit.part("phone_facts")
    if own is not None:
        facts.update(jsonable(own(state)))
    return facts


def spoken_facts(facts):
    """FACTS with their words (the prompts, and the game kit's own: ``spoken``) in the language spoken now."""
    if "prompts" in facts:
        facts = dict(facts, prompts={phase: _(words) for phase, words in facts["prompts"].items()})
    spoken = kit(facts["game"]).part("spoken")
    return spoken(facts) if spoken is not None else facts


class PhoneTable:
    """The phone seats of one running game. Game thread only (see the module's docstring), but for
    ``history_of``, which the server's thread may call.

    ``outbox(seat, message)`` is called for every message to a seat (the server sets it; by default
    messages collect in ``sent`` as (seat, message)). ``inbox`` takes (seat, data, moment) items: data is
    what the phone sent as its action, still unchecked; moment: the moment of the view the phone
    chose it in, or None. GAME: the game's ``game.door.Door`` (every action of every seat goes in
    there, and each phone seat is pushed one step per action), or a bare state, which gets a door of
    its own. TEACH_SEATS: the seats in teach mode (those played from phones get their reminders here;
    the others are the TV's).
    """

    def __init__(self, game, phone_seats, outbox=None, *, teach_seats=frozenset()):
        door = game if isinstance(game, Door) else Door(game)
        state = door.state
        seats = sorted(set(phone_seats))
        if any(type(s) is not int or not 0 <= s < state.players for s in seats):
            raise ValueError(f"phone seats are seat numbers 0 to {state.players - 1}, not {seats}")
        self.door = door
        self.phone_seats = tuple(seats)
        self.facts = public_facts(state)
        self.inbox = queue.Queue()
        self.nudges = queue.Queue()  # seats that tapped "Next round" (the server's thread puts them)
        self.sent = []
        self.outbox = outbox or (lambda seat, message: self.sent.append((seat, message)))
        self._lock = threading.Lock()  # the history: appended here, read by the server's thread
        # each seat's events so far as that seat was told them: a reloaded page shows the whole log
        self.history = {s: jsonable(told(state, s)) if state.events else [] for s in seats}
        # teach mode: each phone seat in it has its own teacher (which rules it has been told)
        self.teachers = {s: Teacher(state.game_id, lesson=False) for s in seats if s in set(teach_seats)}
        self.names = tuple(s.name for s in state.seats)
        # each phone seat's language ({seat: code}; set when a phone joins, by the server that serves
        # this table and gives it its own): a seat's words are made in it, the table's for a seat not in it
        self.languages = Languages()
        self._started = False
        self._phone_acting = None  # the seat whose phone's action the door is applying now, if any
        self._waiting = {s: [] for s in seats}  # steps pushed before the first pump (sent after hello)
        # from now: the phone starts from the view now (a continued game too), not the whole history
        self.subscriptions = {s: door.subscribe(s, self._on_step(s)) for s in seats}
        self._begin_the_table_talk()  # the end on every phone, the vote to play again, reactions

    @property
    def state(self):
        return self.door.state

    @property
    def started(self):
        """True once the TV pumps this table (the game has begun); False in the lobby."""
        return self._started

    def language(self, seat):
        """The language SEAT's words are made in: its phone's, else the table's."""
        return self.languages.get(seat) or i18n.table_language()

    def hello(self, seat):
        """The first message to a phone of SEAT (public facts only, in the seat's language)."""
        with i18n.speaking(self.language(seat)):
            facts = spoken_facts(self.facts)
        return dict(facts, type="hello", seat=seat, name=self.facts["names"][seat])

    def history_of(self, seat, count):
        """The first COUNT events SEAT was told (a copy, safe to read from another thread)."""
        with self._lock:
            return list(self.history.get(seat, ())[:count])

    # --- the game thread's calls ---------------------------------------------------------------
    def pump(self, limit=20):
        """Once per frame: take up to LIMIT actions phones sent (checked, applied or refused; each
        applied one is pushed to every phone seat as its own step). Returns the number applied."""
        if not self._started:
            self.start()
        applied = 0
        for _turn in range(limit):
            try:
                seat, data, moment = self.inbox.get_nowait()
            except queue.Empty:
                break
            if self.receive(seat, data, moment):
                applied += 1
        return applied

    def start(self):
        """The phones' first messages: the public facts and each seat's view now, then any steps
        that came meanwhile."""
        self._started = True
        for seat, subscription in self.subscriptions.items():
            self.outbox(seat, self.hello(seat))
            waiting, self._waiting[seat] = self._waiting[seat], []
            before = waiting[0][0].before if waiting else subscription.last_view
            with self._lock:
                told = len(self.history[seat]) - sum(len(step.events) for step, _notes in waiting)
                history = list(self.history[seat][:told])
            # nothing came yet: the seat's turn may be now (the game's first lead)
            with i18n.speaking(self.language(seat)):
                notes = [] if waiting else self._teach(seat, before)
            message = self._taught(seat, self._state_message(seat, [], before, full=True, told=told), notes)
            self.outbox(seat, dict(message, history=history))
            for step, notes in waiting:
                told += len(step.events)
                events = self._by_bot(seat, step, jsonable(step.events))
                self.outbox(seat, self._taught(seat, self._state_message(seat, events, step.view, told=told), notes))

    def receive(self, seat, data, moment=None):
        """Carry out one action a phone of SEAT sent, by the door like every other action (checked
        there once): True if applied; otherwise the phone is told why (``refused``), in its language.
        MOMENT: the moment of the phone's last view, if it said; an action chosen before the game moved
        on is refused (a double tap plays one card, not two)."""
        with i18n.speaking(self.language(seat)):  # the reasons it may be told, in its phone's language
            reason = self._why_unread(seat, data, moment)
        if isinstance(reason, str):
            self._refuse(seat, data, reason)
            return False
        # applied outside the phone's language (whoever listens to the door, the TV, hears it in its
        # own); only the door's refusal is said in the phone's
        self._phone_acting = seat  # the steps this act makes are the phone's own (_on_step)
        try:
            reason = self.door.act(seat, reason, language=self.language(seat))
        finally:
            self._phone_acting = None
        if reason:
            self._refuse(seat, data, reason)
            return False
        return True

    def _why_unread(self, seat, data, moment):
        """Why the phone's message goes no further than here (a str, in the language spoken now: the
        seat is no phone's, the tap is stale, it is no action), else the action for the door."""
        if moment is not None and moment != self.door.moment:
            return _("the game moved on before that arrived: look again")
        try:
            action = action_from_wire(data)
        except (ValueError, TypeError) as error:
            # the shape of what a page sent (the table's page sends none of these): the details are for
            # the page's programmer, in English
            return _("that is not an action: {error}").format(error=error)
        return _("this seat is not played from a phone") if seat not in self.subscriptions else action

    def _on_step(self, seat):
        def send(step):
            with i18n.speaking(self.language(seat)):  # a rule's reason among them, in its phone's language
                events = self._by_bot(seat, step, jsonable(step.events))
            with self._lock:
                self.history[seat].extend(events)
                told = len(self.history[seat])
            with i18n.speaking(self.language(seat)):  # now, while the state is the step's
                notes = self._teach(seat, step.view, step)
            if not self._started:
                self._waiting[seat].append((step, notes))
                return
            self.outbox(seat, self._taught(seat, self._state_message(seat, events, step.view, told=told), notes))
            self._tell_the_end(seat)
        return send

    def _by_bot(self, seat, step, events):
        """EVENTS of STEP as SEAT is told them: its own seat's act that its phone did not send (a bot
        stood in while the phone was away) is marked ``"bot": true``, so the phone says "A bot played
        green 7 for you", not "You played green 7"."""
        if step.actor != seat or self._phone_acting == seat:
            return events
        return [dict(e, bot=True) if e.get("t") == "act" and e.get("p") == seat else e for e in events]

    def _teach(self, seat, view, step=None):
        """The reminders SEAT is told now (a seat in teach mode), as JSON: the rules that apply to STEP
        (the seat's view before and after it, the action as the seat was told it), and, when it is the
        seat's turn, to the decision before it (its legal actions). Only the seat's own view is read."""
        teacher = self.teachers.get(seat)
        if teacher is None:
            return []
        state = self.state
        legal = tuple(state.legal_actions()) if state.current_player == seat and not state.is_over else ()
        notes = []
        if step is not None:
            notes += teacher.look(Moment(view, step.before, step.action, step.actor, legal, self.names))
        if legal:
            notes += teacher.look(Moment(view, None, None, None, legal, self.names))
        return [{"rule": n.rule, "short": n.short, "line": n.line, "target": jsonable(n.target)} for n in notes]

    def nudge(self, seat):
        """SEAT's phone asks the TV to move on from a round's scores (any thread)."""
        self.nudges.put(seat)

    def nudged(self):
        """True if a phone asked to move on since the last call (the game thread)."""
        asked = False
        while True:
            try:
                self.nudges.get_nowait()
            except queue.Empty:
                return asked
            asked = True

    def announce_sheet(self, round_no, open_=True):
        """Tell every phone that the TV shows ROUND_NO's scores with nobody at it (a tap moves on),
        or (open_ False) that it moved on."""
        for seat in self.subscriptions:
            self.outbox(seat, {"type": "sheet", "seat": seat, "round": round_no, "open": open_})

    def close(self):
        for subscription in self.subscriptions.values():
            subscription.close()

    def legal_for(self, seat):
        """SEAT's legal actions as JSON lists on its turn, else []."""
        state = self.state
        if state.current_player != seat or state.is_over:
            return []
        return [action_to_list(a) for a in state.legal_actions()]

    # --- messages ----------------------------------------------------------------------------------
    def _state_message(self, seat, events, view, full=False, told=0):
        legal = self.legal_for(seat)
        with i18n.speaking(self.language(seat)):
            view, events = jsonable(view), jsonable(events)
        message = {"type": "state", "seat": seat, "moment": self.door.moment, "full": full,
                   "told": told,  # how much of the seat's history this message includes
                   "view": view, "events": events, "turn": bool(legal), "legal": legal}
        return dict(message, **self._console(seat, view, told, legal))

    # --- the console: what the seat's page shows beside its view ------------------------------------
    def _console(self, seat, view, told, legal=()):
        """The keys a state message adds for the seat's page: ``points`` (this round's points so far
        where the game can tell them, else the last scored round's: {"round", "points", "so_far"}, or
        None before any) and ``choices`` (words under some of the seat's LEGAL choices, the game kit's
        ``phone_choices``, or None). Read from the seat's own view and history only."""
        with self._lock:
            history = self.history.get(seat, ())
            scored = next((e for e in reversed(history[:told]) if e.get("t") == "score"), None)
        so_far = kit(self.state.game_id).part("phone_points")
        points = so_far(view) if so_far is not None else None
        if points is not None:
            points = {"round": view.get("round"), "points": list(points), "so_far": True}
        elif scored is not None and "points" in scored:
            points = {"round": scored.get("round"), "points": list(scored["points"]), "so_far": False}
        words = kit(self.state.game_id).part("phone_choices")
        with i18n.speaking(self.language(seat)):
            choices = words(view, legal) if words is not None and legal else None
        return {"points": points, "choices": choices}

    def _taught(self, seat, message, notes):
        """MESSAGE with the reminders NOTES, for a seat in teach mode (``teach``; [] when none is new)."""
        return dict(message, teach=list(notes)) if seat in self.teachers else message

    def _refuse(self, seat, data, reason):
        try:
            shown = json.loads(json.dumps(data))[:3] if isinstance(data, list) else None
        except (TypeError, ValueError):
            shown = None
        self.outbox(seat, {"type": "refused", "seat": seat, "reason": reason, "action": shown})

    # --- the table's own talk: the end on every phone, the vote to play again, reactions ------------------
    def _begin_the_table_talk(self):
        self.votes = {}  # {seat: True or False}: each phone seat's answer to "Play again?" at the end
        self._ballots = queue.Queue()  # (seat, again) the server's thread puts
        self._reactions = queue.Queue()  # (seat, reaction) the server's thread puts, for the TV
        self._ended = set()  # the seats told their result card
        self._the_end = None  # (the table's view, the table's events) of the finished game, made once

    def _tell_the_end(self, seat):
        """Once the game is over, SEAT's result card (``result``, phone.ending), in its phone's language,
        right after its last state. Made from the table's view and events: what every seat may know."""
        if seat in self._ended or not self.state.is_over:
            return
        self._ended.add(seat)
        if self._the_end is None:
            self._the_end = jsonable(self.state.view(TABLE)), jsonable(told(self.state, TABLE))
        view, events = self._the_end
        with i18n.speaking(self.language(seat)):
            self.outbox(seat, result_card(view, seat, events, list(self.names)))

    def vote(self, seat, again):
        """SEAT's phone answers "Play again?" (any thread); counted by count_votes."""
        self._ballots.put((seat, bool(again)))

    def count_votes(self):
        """The votes that came (the game thread): a vote counts once the game is over, each seat's last
        answer standing; every phone seat is told them all (``votes``: the seats for and against).
        True when any came."""
        came = False
        while True:
            try:
                seat, again = self._ballots.get_nowait()
            except queue.Empty:
                break
            if self.state.is_over and seat in self.subscriptions:
                self.votes[seat], came = again, True
        if came:
            yes = sorted(s for s, v in self.votes.items() if v)
            no = sorted(s for s, v in self.votes.items() if not v)
            for seat in self.subscriptions:
                self.outbox(seat, {"type": "votes", "seat": seat, "yes": yes, "no": no})
        return came

    def react(self, seat, reaction):
        """SEAT's phone sends a reaction (any thread; phone.shapes.REACTIONS, its rate checked already)."""
        self._reactions.put((seat, reaction))

    def take_reactions(self):
        """The reactions that came since the last call, [(seat, reaction)] (the game thread: the TV)."""
        taken = []
        while True:
            try:
                taken.append(self._reactions.get_nowait())
            except queue.Empty:
                return taken

    def answer_reaction(self, seat, reaction, refusal=None):
        """Tell SEAT's phone whether the TV showed its reaction; REFUSAL: why not (an N_-marked message,
        said in the phone's language)."""
        message = {"type": "reacted", "seat": seat, "reaction": reaction, "shown": refusal is None}
        if refusal is not None:
            with i18n.speaking(self.language(seat)):
                message["reason"] = _(refusal)
        self.outbox(seat, message)
