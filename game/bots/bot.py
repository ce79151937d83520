"""What a bot is: the protocol every bot follows, and a base class that gives its defaults.

Whoever asks a bot (the runner, the table's session, the coach) reads these attributes directly: a
bot that does not say otherwise reads its view, answers at once, and scores no actions.
"""

from typing import Callable, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose(view, legal_actions, rng) -> action``, one of LEGAL_ACTIONS, from its seat's
    VIEW only, drawing chance from its own generator RNG.

    - ``name``: its name in the registry (game.bots.BOTS) or its game's rule-of-thumb name.
    - ``needs_view``: False when it chooses from the legal actions alone (no view is made for it).
    - ``think_floor``: seconds a table holds its answer back from the start of its thinking (a forced
      move answered at once would tell everyone that its hand allowed nothing else).
    - ``evaluate``: None, or ``evaluate(view, legal_actions, rng) -> {action: value in [0, 1]}``, how
      good it finds each legal action (the Hint asks the Hard bot).
    """

    name: str
    needs_view: bool
    think_floor: float
    evaluate: Callable | None

    def choose(self, view, legal_actions, rng): ...


class BaseBot:
    """The protocol's defaults; a bot class states only what it does otherwise, and its ``choose``."""

    name = "bot"
    needs_view = True
    think_floor = 0.0
    evaluate = None

    def choose(self, view, legal_actions, rng):
        raise NotImplementedError
