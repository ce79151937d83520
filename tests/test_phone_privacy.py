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
from phone.bridge import PhoneTable, action_to_list, jsonable

from phone_helpers import new_state
from tiers import configs

CASES = [("mlut", 4), ("mlut", 5), ("mlut", 6), ("wassticht", 4), ("tricks", 3), ("tricks", 4), ("tricks", 5)]
KEYS = {"hello": {"type", "seat", "name", "game", "title", "players", "names", "options", "tasks", "hand_size",
                  "tricks_per_round", "colours", "joker", "joker_colours", "rows", "row_size", "prompts",
                  "trump_colours", "trump_numbers"},
        "state": {"type", "seat", "moment", "full", "view", "events", "turn", "legal", "told", "history",
                  "points"},
        "refused": {"type", "seat", "reason", "action"}}


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
        if kind == "state":
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
            secrets_check(state, seat, message)
        self.sent[seat].append(message)
        self.checked += 1


def play_whole_game(state, seed, table_class=PhoneTable, refusals=True):
    """Every seat a phone choosing at random from the legal actions it was last sent."""
    seats = range(state.players)
    checker = Checker(state, seats)
    table = table_class(state, seats, outbox=checker)
    rng = random.Random(seed)
    table.pump()
    while not state.is_over:
        seat = state.current_player
        last = checker.sent[seat][-1]
        assert last["type"] == "state" and last["turn"], last
        if refusals and rng.random() < 0.02:  # now and then a wrong seat or a stale moment
            other = (seat + 1) % state.players
            table.inbox.put((other, rng.choice(last["legal"]), None))
        table.inbox.put((seat, rng.choice(last["legal"]), last["moment"]))
        table.pump()
    return checker


@pytest.mark.parametrize("game_id,players", configs(CASES, big=set(CASES) - {("tricks", 3)}))  # the shortest game quick
def test_every_message_of_a_whole_game_holds_only_what_its_seat_may_know(game_id, players):
    state = new_state(game_id, players, seed=players * 7 + 1)
    checker = play_whole_game(state, seed=players)
    assert state.is_over
    for seat, messages in checker.sent.items():
        assert messages[0]["type"] == "hello" and messages[1]["full"]
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
