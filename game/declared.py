"""Whether a game's kit declares everything its own games do: every event kind its seeded games write (or
its observer reveals) is declared public, and every action kind they play is declared public or secret.
A kind nobody declared is hidden from all but its actor (game.observe), so a forgotten kind breaks no
secret, but it leaves the table's log, the TV and the phones blind to it: such a kit is refused.

The check plays a couple of short seeded random games of the kit (with its default options, and with
each of its on/off options turned the other way), so it runs when the game is first used
(``checked``: ``game.state_class`` and ``game.new_game`` ask it), not when ``game`` is imported, and
once per registered kit.
"""

import random
import threading

from game.kit import kit, unregister
from game.observe import undeclared

SEEDS = (1, 2)
MAX_ACTIONS = 250  # actions of a seeded game: a round or more of every game, a whole short one

_lock = threading.Lock()
_checked = {}  # game id -> the kit object that passed (a kit registered again is checked again)


class Undeclared(ValueError):
    """A kit whose declarations leave out kinds its own games produce."""


def variants(game_kit):
    """The options of the seeded games: the defaults, then each on/off option turned the other way."""
    defaults = dict(game_kit.info.default_options)
    flipped = [dict(defaults, **{key: not value}) for key, value in defaults.items() if isinstance(value, bool)]
    return [defaults] + flipped


def played(game_kit, options, seed):
    """A random game of the kit, seeded, with OPTIONS, at its smallest table."""
    state = game_kit.state_class(players=game_kit.info.player_counts[0], seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        legal = state.legal_actions()
        if state.is_over or not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
    return state


def forgotten(game_kit):
    """(event kinds, action kinds) the kit's seeded games produce that it does not declare."""
    events, actions = set(), set()
    declared_actions = game_kit.public_actions | game_kit.secret_actions
    for options in variants(game_kit):
        for seed in SEEDS:
            state = played(game_kit, options, seed)
            events |= undeclared(state)
            actions |= {key for e in state.events if e["t"] == "act" for key in e["a"] if key != "as"}
    return events, actions - declared_actions


def check(game_kit):
    """Raise Undeclared, naming the kinds, when the kit leaves out kinds its own games produce."""
    events, actions = forgotten(game_kit)
    if events or actions:
        parts = []
        if events:
            parts.append(f"event kinds {', '.join(sorted(events))}")
        if actions:
            parts.append(f"action kinds {', '.join(sorted(actions))}")
        raise Undeclared(f"the kit of {game_kit.id} does not declare the {' and the '.join(parts)} its own games "
                         "produce: declare them public (public_events, public_actions) or secret (secret_actions)")


def checked(game_id):
    """The kit of GAME_ID, its declarations checked on its first use; a kit that fails is refused: taken
    out of the registry, with Undeclared."""
    game_kit = kit(game_id)
    with _lock:
        if _checked.get(game_id) is game_kit:
            return game_kit
        try:
            check(game_kit)
        except Undeclared:
            unregister(game_id)
            raise
        _checked[game_id] = game_kit
    return game_kit
