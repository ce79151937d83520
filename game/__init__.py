"""Tricktable rules core: pure Python, no pygame.

Each game is a state object with ``current_player``, ``legal_actions()``,
``apply(action)``, ``is_over`` and ``view(seat)``; see :mod:`game.engine`. Each game's package
(``game/games/<id>/``) registers its kit once (:mod:`game.kit`); the names below read that registry.
"""

from game.engine import GameState, IllegalAction, Seat
from game.kit import game_info, registered
from game import games  # noqa: E402,F401 - each game's package registers its kit


def __getattr__(name):
    """GAMES, PLAYER_COUNTS and TITLES, read from the registry when asked (a game registered later,
    such as a test's, is in them too)."""
    if name == "GAMES":
        return registered()
    if name == "PLAYER_COUNTS":
        return {g: game_info(g).player_counts for g in registered()}
    if name == "TITLES":
        return {g: game_info(g).title for g in registered()}
    raise AttributeError(f"module 'game' has no attribute {name!r}")


def state_class(game_id):
    """The state class of a game id; on the game's first use its kit's declarations are checked (a kit
    that leaves out kinds its own games produce is refused: game.declared)."""
    from game.declared import checked
    return checked(game_id).state_class


def new_game(game_id, players, seed=0, seats=None, options=None):
    return state_class(game_id)(players=players, seed=seed, seats=seats, options=options)


__all__ = ["GAMES", "PLAYER_COUNTS", "TITLES", "GameState", "IllegalAction", "Seat", "game_info",
           "state_class", "new_game"]
