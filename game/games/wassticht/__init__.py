"""Was sticht? (Karl-Heinz Schmiel): its kit, everything of the game outside its rules core."""

from game.games.wassticht import observe, rules
from game.games.wassticht.rules import ROWS, TRICKS, WasStichtState
from game.kit import GameInfo, GameKit, register

INFO = GameInfo(
    id=WasStichtState.game_id, title="Was sticht?", player_counts=WasStichtState.player_counts,
    hand_size=ROWS, tricks_per_round=TRICKS, rounds={},
    default_options=WasStichtState.default_options, state_class=WasStichtState)

KIT = register(GameKit(
    info=INFO,
    order=2,
    public_events=observe.PUBLIC_EVENTS,
    public_actions=observe.PUBLIC_ACTIONS,
    hiders=observe.HIDERS,
    revealed=observe.revealed,
    table_knows=observe.table_knows,
))

__all__ = ["INFO", "KIT", "rules"]
