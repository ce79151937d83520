"""Play a state forward with bots: the one loop shared by the command line, benchmarks and tests."""

import random
from collections.abc import Mapping

from game.bots import bot_rng, make_bot


class LazyView(Mapping):
    """A seat's view, computed on first use, so bots that never look cost nothing."""

    __slots__ = ("_state", "_seat", "_data")

    def __init__(self, state, seat):
        self._state, self._seat, self._data = state, seat, None

    def _get(self):
        if self._data is None:
            self._data = self._state.view(self._seat)
        return self._data

    def __getitem__(self, key):
        return self._get()[key]

    def __iter__(self):
        return iter(self._get())

    def __len__(self):
        return len(self._get())


def seat_bots(state, names=None):
    """Bots and their generators per seat; names default to each seat's recorded bot."""
    names = names or [s.bot or "random" for s in state.seats]
    return [make_bot(n) for n in names], [bot_rng(state.seed, i) for i in range(state.players)]


def bot_action(state, bot, rng):
    seat = state.current_player
    view = LazyView(state, seat) if bot.needs_view else None
    return bot.choose(view, state.legal_actions(), rng)


def play_out(state, bots, rngs, max_actions=None):
    """Let the bots act until the game ends (or max_actions); returns the number of actions."""
    count = 0
    while not state.is_over and (max_actions is None or count < max_actions):
        seat = state.current_player
        state.apply(bot_action(state, bots[seat], rngs[seat]))
        count += 1
    return count


def push_out(state, rng, max_actions=None):
    """Uniformly random legal moves on the fast path (``state.push``) until no action is left (the
    game is over, or the round if the state stops at its end) or max_actions; returns the number
    of actions. For benchmarks and tests on copies (``clone(record=False)``): nothing is checked
    or recorded."""
    legal_actions, push = state.legal_actions, state.push
    count = 0
    limit = -1 if max_actions is None else max_actions
    if type(rng)._randbelow is not _RANDBELOW:  # a generator that draws otherwise
        randrange = rng.randrange
        while count != limit:
            legal = legal_actions()
            if not legal:
                break
            push(legal[randrange(len(legal))])
            count += 1
        return count
    getrandbits, bits = rng.getrandbits, _BITS
    while count != limit:
        legal = legal_actions()
        if not legal:
            break
        # rng.randrange(n) as random.Random draws it, without its argument checks
        n = len(legal)
        k = bits[n] if n < 64 else n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        push(legal[r])
        count += 1
    return count


_RANDBELOW = random.Random._randbelow
_BITS = [n.bit_length() for n in range(64)]
