"""Mit List und Tücke (Klaus Palesch): its kit, everything of the game outside its rules core."""

from game.games.mlut import observe, rules
from game.games.mlut.rules import HAND_SIZE, MlutState
from game.kit import GameInfo, GameKit, register

INFO = GameInfo(
    id=MlutState.game_id, title="Mit List und Tücke", player_counts=MlutState.player_counts,
    hand_size=HAND_SIZE, tricks_per_round=HAND_SIZE, rounds={n: n for n in MlutState.player_counts},
    default_options=MlutState.default_options, state_class=MlutState)

KIT = register(GameKit(
    info=INFO,
    order=1,
    public_events=observe.PUBLIC_EVENTS,
    public_actions=observe.PUBLIC_ACTIONS,
    hiders=observe.HIDERS,
))

__all__ = ["INFO", "KIT", "rules"]
