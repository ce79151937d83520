"""Tricktable rules core: pure Python, no pygame.

Each game is a state object with ``current_player``, ``legal_actions()``,
``apply(action)``, ``is_over`` and ``view(seat)``; see :mod:`game.engine`.
"""

from game.engine import GameState, IllegalAction, Seat

GAMES = ("mlut", "wassticht", "tricks")
PLAYER_COUNTS = {"mlut": (4, 5, 6), "wassticht": (4,), "tricks": (3, 4, 5)}
TITLES = {"mlut": "Mit List und Tücke", "wassticht": "Was sticht?", "tricks": "Tricks"}


def state_class(game_id):
    """The state class of a game id (imported lazily so each game loads only itself)."""
    if game_id == "mlut":
        from game.mlut import MlutState
        return MlutState
    if game_id == "wassticht":
        from game.wassticht import WasStichtState
        return WasStichtState
    if game_id == "tricks":
        from game.tricks import TricksState
        return TricksState
    raise ValueError(f"unknown game {game_id!r} (choose from {', '.join(GAMES)})")


def new_game(game_id, players, seed=0, seats=None, options=None):
    return state_class(game_id)(players=players, seed=seed, seats=seats, options=options)


__all__ = ["GAMES", "PLAYER_COUNTS", "TITLES", "GameState", "IllegalAction", "Seat",
           "state_class", "new_game"]
