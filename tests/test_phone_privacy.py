"""No message to a phone ever holds another seat's private information.

Whole games of every game and player count, a phone in every seat choosing at random among the legal
actions it was sent (through the table's inbox, as the server hands them in). Every message to every
seat is checked the moment it is sent, against the live state:

- it is exactly what the seat's own Observer tells (an independent one), plus the seat's legal actions
  on its turn only, and nothing else;
- it holds none of the secrets of that moment: another seat's Mit List und Tücke hand (no card of it
  anywhere in the view), the order of the Tricks decks, another seat's unrevealed bid, the Was sticht?
  trump before the starter shows it (for everyone but the starter), another seat's unrevealed task.

The check is shown to fail: tables that leak (raw events instead of told ones, another seat's view)
are caught in every game.
"""

import json
import random

import pytest

import game.door as door
from game import cards, new_game
from game.kit import kit
from game.observe import Observer, Step, told
from game.observe import TABLE
from phone.bridge import PhoneTable, action_to_list, jsonable
from phone.ending import result_card
from phone.roster import Roster, RosterSeat

from phone_helpers import new_state
from tiers import configs

CASES = [("mlut", 4), ("mlut", 5), ("mlut", 6), ("wassticht", 4), ("tricks", 3), ("tricks", 4), ("tricks", 5)]
KEYS = {"hello": {"type", "seat", "name", "game", "title", "players", "names", "options", "tasks", "hand_size",
                  "tricks_per_round", "colours", "joker", "joker_colours", "rows", "row_size", "prompts",
                  "trump_colours", "trump_numbers"},
        "state": {"type", "seat", "moment", "full", "view", "events", "turn", "legal", "told", "history",
                  "points", "choices"},
        "refused": {"type", "seat", "reason", "action"},
        # the table's own talk: each seat's result card at the end, the votes to play again, reactions
        "result": {"type", "seat", "place", "players", "won", "score", "measure", "tasks", "moment"},
        "votes": {"type", "seat", "yes", "no"},
        "reacted": {"type", "seat", "reaction", "shown", "reason"}}
ROSTER_KEYS = {"game", "title", "seats", "rename", "can_add", "started"}
ROSTER_SEAT_KEYS = {"name", "kind", "face", "free", "joined"}


class Leak(AssertionError):
    pass


def strings(value):
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def lists(value):
    """Every list anywhere in a JSON value."""
    if isinstance(value, list):
        yield value
        for v in value:
            yield from lists(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from lists(v)


def secrets_check(state, seat, message):
    """Raise Leak if MESSAGE to SEAT holds a secret of STATE now."""
    view, events = message["view"], message["events"]
    others = [s for s in range(state.players) if s != seat]
    game = state.game_id
    if game == "mlut":
        hidden = {c for s in others for c in state.hands[s]}
        shown = hidden & set(strings(view))
        if shown:
            raise Leak(f"seat {seat} is shown cards of other hands: {sorted(shown)}")
        for e in events:
            if e["t"] == "deal" and any(e["hands"][s] is not None for s in others):
                raise Leak(f"seat {seat} is told another seat's deal")
    elif game == "tricks":
        # a deck's order, where it is not one of the sorted orders a view lists open cards in
        orders = [d for d in state.decks if len(d) >= 3 and d != sorted(d) and d != cards.sorted_cards(d)]
        for found in lists(message):
            if found in orders:
                raise Leak(f"seat {seat} is told a deck's order {found}")
        for e in events:
            if e["t"] == "decks" and e.get("decks") is not None:
                raise Leak(f"seat {seat} is told the decks")
        if state.phase in ("buy", "bury", "bid"):
            secret = [s for s in others if state.bids[s] is not None]
            for s in secret:
                if view["bids"][s] is not None:
                    raise Leak(f"seat {seat} is shown the bid of seat {s}")
            for e in events:
                if e["t"] == "act" and e["p"] in secret and e["a"].get("bid") is not None:
                    raise Leak(f"seat {seat} is told the bid of seat {e['p']}")
    elif game == "wassticht":
        if state.phase == "row_draft" and seat != state.starter:
            if view["trump_known"] or view["trump_colour"] is not None or view["trump_number"] is not None:
                raise Leak(f"seat {seat} is shown the secret trump")
            for e in events:
                if e["t"] == "deal" and (e["trump_colour"] is not None or e["trump_number"] is not None):
                    raise Leak(f"seat {seat} is told the secret trump")
        if state.phase == "task_choice":
            for s in others:
                if view["chosen"][s] is not None:
                    raise Leak(f"seat {seat} is shown the task of seat {s}")
            for e in events:
                if e["t"] == "act" and e["p"] != seat and e["a"].get("task") is not None:
                    raise Leak(f"seat {seat} is told the task of seat {e['p']}")


def own_points(game_id, view, events):
    """The round's points a seat's page may be shown, from its own view and log alone: the game's
    points of the round so far (``phone_points``, read from the view), else the last score it was told."""
    so_far = kit(game_id).part("phone_points")
    points = so_far(view) if so_far is not None else None
    if points is not None:
        return {"round": view["round"], "points": list(points), "so_far": True}
    scored = [e for e in events if e["t"] == "score"]
    if scored:
        return {"round": scored[-1]["round"], "points": list(scored[-1]["points"]), "so_far": False}
    return None


def own_choices(game_id, view, legal):
    """The words under a seat's choices its page may be shown: the game's, from its own view and legal
    actions alone (``phone_choices``), on its turn only."""
    words = kit(game_id).part("phone_choices")
    return words(view, legal) if words is not None and legal else None


class Checker:
    """The outbox of a table under test: checks each message as it is sent, and keeps them."""

    def __init__(self, state, seats):
        self.state = state
        self.observers = {s: Observer(state, s, from_now=True) for s in seats}  # independent of the table's
        self.sent = {s: [] for s in seats}
        self.told = {s: 0 for s in seats}  # events each seat was told so far
        self.told_events = {s: [] for s in seats}  # ... and the events themselves
        self.checked = 0

    def __call__(self, seat, message):
        state = self.state
        json.dumps(message)  # JSON as it is: no tuples, no sets, nothing the server cannot send
        kind = message["type"]
        if set(message) - KEYS[kind]:
            raise Leak(f"unexpected keys in a {kind} message: {sorted(set(message) - KEYS[kind])}")
        if message.get("seat") != seat:
            raise Leak(f"a message for seat {message.get('seat')} goes to seat {seat}")
        if kind in ("result", "votes", "reacted"):
            self.table_talk(seat, message)
        if kind == "state":
            message = self.unmarked(seat, message)
            own = self.observers[seat]
            if message["full"]:
                expected_events, expected_view = [], own.last_view
                # the whole log so far (a page coming back): the seat's own stream, nothing else
                if message.get("history", []) != jsonable(told(state, seat)):
                    raise Leak(f"seat {seat}'s history is not its own observation stream")
                secrets_check(state, seat, dict(message, events=message.get("history", [])))
                self.told[seat] = len(message.get("history", []))
            else:
                steps = own.take()
                if len(steps) != 1:
                    raise Leak(f"seat {seat} is sent a step its observer does not have")
                expected_events, expected_view = steps[0].events, steps[0].view
            if message["events"] != jsonable(expected_events) or message["view"] != jsonable(expected_view):
                raise Leak(f"seat {seat} is sent something other than its own observation")
            if not message["full"]:
                self.told[seat] += len(message["events"])
            if message["told"] != self.told[seat]:
                raise Leak(f"seat {seat}'s message counts {message['told']} events told, not {self.told[seat]}")
            self.told_events[seat] += message.get("history", []) if message["full"] else message["events"]
            if message["points"] != own_points(state.game_id, message["view"], self.told_events[seat]):
                raise Leak(f"seat {seat} is sent points its own view and log do not show: {message['points']}")
            turn = state.current_player == seat and not state.is_over
            legal = [action_to_list(a) for a in state.legal_actions()] if turn else []
            if message["legal"] != legal or message["turn"] != bool(legal):
                raise Leak(f"seat {seat} is sent legal actions {message['legal'][:3]} off its turn")
            if message["choices"] != own_choices(state.game_id, message["view"], legal):
                raise Leak(f"seat {seat} is sent words under its choices its own view does not show")
            secrets_check(state, seat, message)
        self.sent[seat].append(message)
        self.checked += 1

    def unmarked(self, seat, message):
        """MESSAGE without the marks on the seat's own moves a bot made for it ("bot": true), which the
        seat's observer does not make; a mark on another seat's move is a leak (who was away)."""
        def clean(events):
            for e in events:
                if "bot" in e and not (e.get("t") == "act" and e.get("p") == seat and e["bot"] is True):
                    raise Leak(f"seat {seat} is told that another seat's move was a bot's: {e}")
            return [{k: v for k, v in e.items() if k != "bot"} for e in events]
        return dict(message, events=clean(message["events"]),
                    **({"history": clean(message["history"])} if "history" in message else {}))

    def table_talk(self, seat, message):
        """The end's result card holds only what the table's view and events of the finished game say
        (every seat may know them); the votes and reactions only seats and the page's own words."""
        state = self.state
        kind = message["type"]
        if kind == "result":
            if not state.is_over:
                raise Leak(f"seat {seat} is sent a result card before the end")
            table_view = jsonable(state.view(None))
            if message["score"] != table_view["totals"][seat]:
                raise Leak(f"seat {seat}'s card shows a score not its own")
            # made from the table's own stream of the game (an independent observer's), nothing else
            names = [s.name for s in state.seats]
            expected = result_card(table_view, seat, jsonable(told(state, TABLE)), names)
            if message != expected:
                raise Leak(f"seat {seat}'s result card is not made from what the table was told: {message}")
        elif kind == "votes":
            if not all(type(s) is int and 0 <= s < state.players for s in message["yes"] + message["no"]):
                raise Leak(f"seat {seat} is sent votes that are not seats: {message}")


def play_whole_game(state, seed, table_class=PhoneTable, refusals=True):
    """Every seat a phone choosing at random from the legal actions it was last sent; now and then a
    bot stands in for a seat (by the door, as the TV's does), a phone reacts; at the end every seat
    votes to play again or not."""
    seats = range(state.players)
    checker = Checker(state, seats)
    table = table_class(state, seats, outbox=checker)
    rng, aside = random.Random(seed), random.Random(seed + 1)  # ASIDE: the stand-ins, reactions, votes
    table.pump()
    first = True
    while not state.is_over:
        seat = state.current_player
        last = [m for m in checker.sent[seat] if m["type"] == "state"][-1]
        assert last["turn"], last
        if refusals and (rng.random() < 0.02 or first):  # the first move, then now and then: a wrong seat
            first = False
            other = (seat + 1) % state.players
            table.inbox.put((other, rng.choice(last["legal"]), None))
            table.pump()
        if aside.random() < 0.05:  # a bot stands in for the seat's phone
            table.door.act(seat, aside.choice(state.legal_actions()))
            continue
        if aside.random() < 0.03:
            table.answer_reaction(seat, "bravo", None if aside.random() < 0.5 else "wait a moment")
        table.inbox.put((seat, rng.choice(last["legal"]), last["moment"]))
        table.pump()
    for seat in seats:
        table.vote(seat, aside.random() < 0.5)
    table.count_votes()
    return checker


@pytest.mark.parametrize("game_id,players", configs(CASES, big=set(CASES) - {("tricks", 3)}))  # the shortest game quick
def test_every_message_of_a_whole_game_holds_only_what_its_seat_may_know(game_id, players):
    state = new_state(game_id, players, seed=players * 7 + 1)
    checker = play_whole_game(state, seed=players)
    assert state.is_over
    for seat, messages in checker.sent.items():
        assert messages[0]["type"] == "hello" and messages[1]["full"]
        assert [m["type"] for m in messages[-2:]] == ["result", "votes"], "the end: a card, then the votes"
        final = [m for m in messages if m["type"] == "state"][-1]
        assert final["view"]["winners"] == state.winners and final["legal"] == []
        assert any(m["type"] == "refused" for s in checker.sent for m in checker.sent[s])


@pytest.mark.slow  # a whole game of Was sticht?
def test_the_whole_wassticht_game_with_five_tasks_each():
    state = new_game("wassticht", 4, seed=3)
    assert state.tasks_per_player == 5
    play_whole_game(state, seed=3, refusals=False)
    assert state.is_over


class _RawObserver(Observer):
    """A leak: every event as the state keeps it, nothing hidden."""

    def take(self):
        events = self.state.events
        if self.cursor >= len(events):
            return []
        new = events[self.cursor:]
        self.cursor = len(events)
        self.last_view = self.state.view(self.viewer)
        return [Step(list(new), self.last_view)]


class RawEventsTable(PhoneTable):
    def __init__(self, state, seats, outbox=None):
        super().__init__(state, seats, outbox)
        for seat, subscription in self.subscriptions.items():
            subscription.observer = _RawObserver(state, seat, from_now=True)


class NeighbourViewTable(PhoneTable):
    """A leak: each seat is sent its left neighbour's view."""

    def _state_message(self, seat, events, view, full=False, told=0):
        message = super()._state_message(seat, events, view, full, told)
        message["view"] = jsonable(self.state.view((seat + 1) % self.state.players))
        return message


@pytest.mark.parametrize("game_id,players", [("mlut", 4), ("wassticht", 4), ("tricks", 3)])
@pytest.mark.parametrize("leaky", [RawEventsTable, NeighbourViewTable])
def test_the_check_catches_a_leaking_table(game_id, players, leaky):
    state = new_state(game_id, players, seed=5)
    with pytest.raises(Leak):
        play_whole_game(state, seed=5, table_class=leaky)


@pytest.mark.parametrize("game_id,players", [("mlut", 4), ("wassticht", 4), ("tricks", 3)])
def test_the_secret_scan_alone_catches_raw_events(game_id, players, monkeypatch):
    """Even if the Observer itself leaked (both the table's and the checker's), the scan of secrets
    catches it."""
    monkeypatch.setattr(door, "Observer", _RawObserver)
    monkeypatch.setitem(globals(), "Observer", _RawObserver)
    state = new_state(game_id, players, seed=9)
    with pytest.raises(Leak, match="told|shown"):
        play_whole_game(state, seed=9)


def test_the_lobbys_seats_a_phone_is_told_hold_no_link_key_or_device():
    """A page on the table's link sees each seat's name, kind, face and whether it is free or here:
    never a link's token, a key or a device id (the server has them; the roster never does)."""
    seats = [RosterSeat("Anna", "tv"), RosterSeat("Ben", "phone", face="moon"), RosterSeat("Carla", "bot", "normal")]
    roster = Roster("mlut", "Mit List und Tücke", seats, most=6, least=4)
    assert roster.claim("new", "Zoë", "sun", held={1})[0] == 3
    public = roster.public(held={1, 3}, joined={3})
    assert set(public) == ROSTER_KEYS and all(set(seat) == ROSTER_SEAT_KEYS for seat in public["seats"])
    assert [s["free"] for s in public["seats"]] == [False, False, True, False]
    assert all(type(v) in (str, bool, type(None)) for seat in public["seats"] for v in seat.values())
