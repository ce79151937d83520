"""Bots: ``choose(view, legal_actions, rng) -> action``. A bot sees only its seat's view.

Levels (``LEVELS`` names them for the menu):

- ``random``: uniform over the legal actions.
- ``easy``: random legal moves with a little sense (:mod:`game.bots.easy`, each game's kit's ``easy``).
- ``normal``: rule-of-thumb players, one per game (each game's kit's ``normal``, e.g. a game
  package's ``normal_bot.py``), picked by ``view["game"]``.
- ``hard``: the search player (:mod:`game.bots.search`), imported only when asked for.

Every bot follows the ``Bot`` protocol (:mod:`game.bots.bot`); ``BaseBot`` gives its defaults.
"""

import importlib
import random

from game.bots.bot import BaseBot, Bot
from game.bots.easy import EasyBot
from game.bots.random_bot import RandomBot
from game.i18n import N_
from game.kit import kit


class NormalBot(BaseBot):
    """The Normal level: hands each decision to the rule-of-thumb bot of the view's game."""

    name = "normal"

    def __init__(self):
        self.by_game = {}  # game id -> its rule-of-thumb bot, made on its first decision

    def choose(self, view, legal_actions, rng):
        game_id = view["game"]
        bot = self.by_game.get(game_id)
        if bot is None:
            bot = self.by_game[game_id] = kit(game_id).part("normal")()
        return bot.choose(view, legal_actions, rng)


def _hard(**options):
    """The search bot, imported on first use so the registry works without it."""
    try:
        module = importlib.import_module("game.bots.search")
    except ModuleNotFoundError as e:
        if e.name in ("game.bots.search", "game.bots"):
            raise ValueError("the hard bot is not available (game.bots.search is missing)") from None
        raise
    return module.SearchBot(**options)


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": _hard}

# Menu label -> bot name. The labels are message ids (keys compared by the menu): show them as _(label).
LEVELS = {N_("Easy"): "easy", N_("Normal"): "normal", N_("Hard"): "hard"}


def make_bot(name, **options) -> Bot:
    """A new bot by registry name; options (e.g. a search budget) go to its factory."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None
    return factory(**options)


def bot_rng(game_seed, seat):
    """A bot's own generator, seeded from the game seed and its seat, apart from the game's."""
    return random.Random(game_seed * 1009 + 7919 * (seat + 1))
