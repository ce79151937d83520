"""Mit List und Tücke (Klaus Palesch): its kit, everything of the game outside its rules core."""

from game.games.mlut import observe, rules
from game.games.mlut.rules import HAND_SIZE, MlutState
from game.i18n import N_
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
    view_type="game.games.mlut.view:MlutView",
    normal="game.games.mlut.normal_bot:MlutHeuristic",
    easy="game.games.mlut.easy_bot:choose",
    level_words={"sense": N_("keeps the colours it collects"), "plan": N_("its plus colours"),
                 "unseen": N_("the others' hands")},
    measured={(4, "easy"): (800, 705), (5, "easy"): (1000, 896), (6, "easy"): (1200, 1078),
              (4, "normal"): (800, 664), (5, "normal"): (1000, 821), (6, "normal"): (1200, 1029),
              (4, "hard"): (240, 195), (5, "hard"): (300, 197), (6, "hard"): (360, 217)},
    sampler="game.games.mlut.worlds:sampler",
    values="game.games.mlut.search:values",
    rollout="game.games.mlut.search:rollout",
    meaning=(N_("Your chances this round against the best rival: 50% is level"),
             N_("Each % is how your round points end up against the best rival's, averaged over the Hard "
                "bot's simulated rounds after that move: 50% is level, higher is ahead (in the last round: "
                "your game total against the best rival's).")),
    reason="game.games.mlut.coach:reason",
    deck="game.games.mlut.assist:deck",
    out="game.games.mlut.assist:out",
    measure=N_("Points"),
    highlights="game.games.mlut.story:HIGHLIGHTS",
    describe="game.games.mlut.story:describe",
    phone_facts="game.games.mlut.phone:facts",
    phone_points="game.games.mlut.phone:points",
    phone_choices="game.games.mlut.phone:choices",
    teach="game.games.mlut.teach",
))

__all__ = ["INFO", "KIT", "rules"]
