"""Tricks (Alan R. Moon, White Wind): its kit, everything of the game outside its rules core."""

from game.games.tricks import observe, rules
from game.games.tricks.rules import HAND, ROUNDS, TRICKS, TricksState
from game.kit import GameInfo, GameKit, register

INFO = GameInfo(
    id=TricksState.game_id, title="Tricks", player_counts=TricksState.player_counts,
    hand_size=HAND - 1, tricks_per_round=TRICKS, rounds={n: ROUNDS for n in TricksState.player_counts},  # one bid
    default_options=TricksState.default_options, state_class=TricksState)

KIT = register(GameKit(
    info=INFO,
    order=3,
    public_events=observe.PUBLIC_EVENTS,
    public_actions=observe.PUBLIC_ACTIONS,
    hiders=observe.HIDERS,
    context=observe.context,
    revealed=observe.revealed,
    reveal_before=observe.REVEAL_BEFORE,
))

__all__ = ["INFO", "KIT", "rules"]
