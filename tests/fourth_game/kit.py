"""Oh Hell's kits: everything of the game outside its rules core, as a game's package would register
it, but registered by the tests (``install``, ``uninstall``) rather than when imported, so that the
other tests see the three real games alone.

What each event and action may show: a deal shows the viewer's own hand only (the others as counts)
and the card turned up; an open bid ("bid") is shown to all; a secret bid ("secret_bid") to its bidder
alone, until every seat has bid and the bids are shown together (``bids_shown``, the observer's own)."""

from pathlib import Path

from game import kit as rules_kits
from game.i18n import N_
from game.kit import CliOption, GameInfo, GameKit

from tests.fourth_game.rules import COLOURS, GAME_ID, HAND, ROUNDS, OhHellState

HERE = Path(__file__).resolve().parent

PUBLIC_EVENTS = {
    "deal": ("t", "round", "dealer", "hands", "hand_sizes", "trump_card"),
    "trick": ("t", "cards", "winner"),
    "bids_shown": ("t", "round", "bids"),
}
PUBLIC_ACTIONS = frozenset({"bid", "play"})
SECRET_ACTIONS = frozenset({"secret_bid"})


def hide_deal(event, viewer):
    hands = event["hands"]
    return dict(event, hands=[h if s == viewer else None for s, h in enumerate(hands)],
                hand_sizes=[len(h) for h in hands])


def revealed(before, after):
    """The secret bids, shown together once every seat has bid."""
    if after.get("bids_revealed") and not before.get("bids_revealed"):
        return [{"t": "bids_shown", "round": after["round"], "bids": list(after["bids"])}]
    return []


#: phase -> the phone page's words for a seat's turn, N_-marked.
PROMPTS = {"bid": N_("bid how many tricks you will take"), "play": N_("play a card")}


def phone_facts(state):
    """Its colours and its prompts (whether bids are secret is in the hello's options already)."""
    return {"colours": COLOURS, "prompts": dict(PROMPTS)}


INFO = GameInfo(id=GAME_ID, title="Oh Hell", player_counts=OhHellState.player_counts, hand_size=HAND,
                tricks_per_round=HAND, rounds={n: ROUNDS for n in OhHellState.player_counts},
                default_options=OhHellState.default_options, state_class=OhHellState)

PLAY = "tests.fourth_game.play"
KIT = GameKit(
    info=INFO,
    order=40,
    public_events=PUBLIC_EVENTS,
    public_actions=PUBLIC_ACTIONS,
    secret_actions=SECRET_ACTIONS,
    hiders={"deal": hide_deal},
    revealed=revealed,
    view_type="tests.fourth_game.view:OhHellView",
    normal=f"{PLAY}:NormalBot",
    easy=f"{PLAY}:easy",
    level_words={"sense": N_("bids its trumps"), "plan": N_("its bid"), "unseen": N_("the others' hands")},
    sampler=f"{PLAY}:sampler",
    values=f"{PLAY}:values",
    rollout=f"{PLAY}:rollout",
    meaning=(N_("% = round vs best rival"),
             N_("Each % is how your round's points end up against the best rival's, averaged over the Hard "
                "bot's simulated rounds after that move: 50% is level, higher is ahead.")),
    reason=f"{PLAY}:reason",
    move=f"{PLAY}:move",
    deck=f"{PLAY}:deck",
    out=f"{PLAY}:out",
    measure=N_("Points"),
    highlights=f"{PLAY}:HIGHLIGHTS",
    describe=f"{PLAY}:describe",
    options=(CliOption("--secret-bids", "secret_bids", N_("Oh Hell: bids are made face down")),),
    phone_facts=phone_facts,
    phone_page=str(HERE / "ohhell.js"),
)


def install():
    """Register both kits (the rules' and the boards'); returns the game's id."""
    from scenes import kit as board_kits
    from tests.fourth_game.boards import BOARD_KIT
    rules_kits.register(KIT)
    board_kits.register(BOARD_KIT)
    return GAME_ID


def uninstall():
    from scenes import kit as board_kits
    board_kits.unregister(GAME_ID)
    rules_kits.unregister(GAME_ID)
