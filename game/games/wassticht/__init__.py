"""Was sticht? (Karl-Heinz Schmiel): its kit, everything of the game outside its rules core."""

from game.games.wassticht import observe, rules
from game.games.wassticht.rules import ROWS, TRICKS, WasStichtState
from game.i18n import N_
from game.kit import CliOption, GameInfo, GameKit, register

INFO = GameInfo(
    id=WasStichtState.game_id, title="Was sticht?", player_counts=WasStichtState.player_counts,
    hand_size=ROWS, tricks_per_round=TRICKS, rounds={},
    default_options=WasStichtState.default_options, state_class=WasStichtState)

KIT = register(GameKit(
    info=INFO,
    order=2,
    public_events=observe.PUBLIC_EVENTS,
    public_actions=observe.PUBLIC_ACTIONS,
    secret_actions=observe.SECRET_ACTIONS,
    hiders=observe.HIDERS,
    revealed=observe.revealed,
    table_knows=observe.table_knows,
    view_type="game.games.wassticht.view:WasStichtView",
    normal="game.games.wassticht.normal_bot:WasStichtHeuristic",
    easy="game.games.wassticht.easy_bot:choose",
    level_words={"sense": N_("lays a task down when it may"), "plan": N_("its task and its draft"),
                 "unseen": N_("the secret trump, the secret tasks")},
    measured={(4, "easy"): (800, 274), (4, "normal"): (800, 749), (4, "hard"): (240, 208)},
    sampler="game.games.wassticht.worlds:sampler",
    values="game.games.wassticht.search:values",
    rollout="game.games.wassticht.search:rollout",
    meaning=(N_("Your chances to lay a task down: likely from 75%"),
             N_("Each % is the Hard bot's mean value after that move over its simulated rounds: 75% or "
                "more counts a round where you lay a task down (harder tasks count a little more), and "
                "up to 20% more the fewer of your rivals lay one down.")),
    reason="game.games.wassticht.coach:reason",
    move="game.games.wassticht.coach:move",
    measure=N_("Tasks laid down"),
    highlights="game.games.wassticht.story:HIGHLIGHTS",
    describe="game.games.wassticht.story:describe",
    tasks_met="game.games.wassticht.story:tasks_met",
    options=(CliOption("--tasks-per-player", "tasks_per_player", N_("Was sticht?: tasks per player"), (4, 5)),),
    phone_facts="game.games.wassticht.phone:facts",
    spoken="game.games.wassticht.phone:spoken",
    teach="game.games.wassticht.teach",
))

__all__ = ["INFO", "KIT", "rules"]
