"""Tricktable rules core: pure Python, no pygame.

Each game is a state object with ``current_player``, ``legal_actions()``,
``apply(action)``, ``is_over`` and ``view(seat)``; see :mod:`game.engine`. Each game's module
registers its facts once (:mod:`game.info`); the names below are read from that registry.
"""

from game.engine import GameState, IllegalAction, Seat
from game.info import game_info, registered
from game import mlut, wassticht, tricks  # noqa: E402,F401 - each registers its game

GAMES = registered()
PLAYER_COUNTS = {g: game_info(g).player_counts for g in GAMES}
TITLES = {g: game_info(g).title for g in GAMES}


def state_class(game_id):
    """The state class of a game id."""
    return game_info(game_id).state_class


def new_game(game_id, players, seed=0, seats=None, options=None):
    return state_class(game_id)(players=players, seed=seed, seats=seats, options=options)


__all__ = ["GAMES", "PLAYER_COUNTS", "TITLES", "GameState", "IllegalAction", "Seat", "game_info",
           "state_class", "new_game"]
