"""A game rebuilt from its history: the rules' part of replaying, apart from any file.

A state's events are its whole history: the game line, the chance outcomes the rules drew (deals,
decks, secret trumps) and every action. Starting a fresh state that holds those outcomes and applying
the actions again rebuilds the game exactly. Continue, undo, replays and the observers' own streams
use this; reading a record file and checking each of its lines against the rules is the kept games'
room (``kept.record``).
"""

from game.engine import action_from_json
from game.kit import game_info


def started(events):
    """A new state of the game whose history EVENTS is, at its start, holding every chance outcome
    of that history (deals, decks, secret trumps) for the rules to use in turn: applying the
    history's actions to it rebuilds the game exactly (Continue, undo, replays, observation streams)."""
    head = events[0]
    cls = game_info(head["game"]).state_class
    chance = [o for o in (cls.chance_outcome(e) for e in events[1:]) if o is not None]
    return cls(players=head["players"], seed=head["seed"], seats=head["seats"],
               options=head.get("options", {}), chance=chance)


def rebuilt(events, count):
    """The game of history EVENTS after its first COUNT actions, replayed from its start."""
    state = started(events)
    for event in [e for e in events if e["t"] == "act"][:count]:
        state.apply(action_from_json(event["a"]))
    return state


def actions_of(state):
    """The actions of a state's history, in the order they were applied (a replay's moves)."""
    return [action_from_json(e["a"]) for e in state.events if e["t"] == "act"]
