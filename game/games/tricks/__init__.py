"""Tricks (Alan R. Moon, White Wind): its kit, everything of the game outside its rules core."""

from game.games.tricks import observe, rules
from game.games.tricks.rules import HAND, ROUNDS, START_CHIPS, TRICKS, TricksState
from game.i18n import N_
from game.kit import CliOption, GameInfo, GameKit, register

INFO = GameInfo(
    id=TricksState.game_id, title="Tricks", player_counts=TricksState.player_counts,
    hand_size=HAND - 1, tricks_per_round=TRICKS, rounds={n: ROUNDS for n in TricksState.player_counts},  # one bid
    default_options=TricksState.default_options, state_class=TricksState)

KIT = register(GameKit(
    info=INFO,
    order=3,
    public_events=observe.PUBLIC_EVENTS,
    public_actions=observe.PUBLIC_ACTIONS,
    secret_actions=observe.SECRET_ACTIONS,
    hiders=observe.HIDERS,
    context=observe.context,
    revealed=observe.revealed,
    reveal_before=observe.REVEAL_BEFORE,
    view_type="game.games.tricks.view:TricksView",
    normal="game.games.tricks.normal_bot:TricksHeuristic",
    easy="game.games.tricks.easy_bot:choose",
    level_words={"sense": N_("takes no needless loans and wastes no chips"), "plan": N_("its buys and its bid"),
                 "unseen": N_("the order of the decks, the secret bids")},
    measured={(3, "easy"): (600, 254), (4, "easy"): (800, 318), (5, "easy"): (1000, 367),
              (3, "normal"): (600, 473), (4, "normal"): (800, 584), (5, "normal"): (1000, 683),
              (3, "hard"): (180, 154), (4, "hard"): (240, 187), (5, "hard"): (300, 196)},
    sampler="game.games.tricks.worlds:sampler",
    values="game.games.tricks.search:values",
    rollout="game.games.tricks.search:rollout",
    defaults={"bury": ("bury", None)},
    odds="game.games.tricks.search:bid_odds",
    odds_phase="bid",
    odds_actions="game.games.tricks.rules:BIDS",
    base="game.games.tricks.search:worth_now",
    scored="payouts",
    meaning=(N_("Your chances this round against the best rival: 50% is level"),
             N_("Each % is how your chips change this round against the best rival's, loans counted at "
                "what they will cost, averaged over the Hard bot's simulated rounds after that move: 50% "
                "is level, higher is ahead (in the last round: the final totals).")),
    reason="game.games.tricks.coach:reason",
    move="game.games.tricks.coach:move",
    deck="game.games.tricks.assist:deck",
    out="game.games.tricks.assist:out",
    measure=N_("Chips"),
    start_total=START_CHIPS,
    highlights="game.games.tricks.story:HIGHLIGHTS",
    describe="game.games.tricks.story:describe",
    options=(CliOption("--winner-leads", "winner_leads", N_("Tricks: the trick winner leads next")),),
    phone_facts="game.games.tricks.phone:facts",
    teach="game.games.tricks.teach",
))

__all__ = ["INFO", "KIT", "rules"]
