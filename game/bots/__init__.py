"""Bots: ``choose(view, legal_actions, rng) -> action``. A bot sees only its seat's view."""

import random

from game.bots.random_bot import RandomBot

BOTS = {"random": RandomBot}


def make_bot(name):
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None


def bot_rng(game_seed, seat):
    """A bot's own generator, seeded from the game seed and its seat, apart from the game's."""
    return random.Random(game_seed * 1009 + 7919 * (seat + 1))
