"""Tricks: the buying market, the bids and the tricks."""

from game.i18n import N_
from scenes.kit import BoardKit, Option, card_fan, register

KIT = register(BoardKit(
    id="tricks",
    phases={"buy": "market", "bury": "market", "bid": "bidding", "play": "table", "lead": "table"},
    boards={"market": "scenes.boards.tricks.market:TricksMarket",
            "bidding": "scenes.boards.tricks.bidding:TricksBidding",
            "table": "scenes.boards.tricks.table:TricksTable"},
    tile=card_fan("Y0", "R5", "X4", "B2"),
    pitch=N_("Buy your hand card by card at the market, then bid how many tricks you will take."),
    log="scenes.boards.tricks.common:TricksLog",
    score_sheet="scenes.boards.tricks.score:TricksScoreboard",
    options={"winner_leads": Option(N_("Winner leads"), tip=N_(
        "Off: whoever takes a trick names who leads the next one, themselves included. On (the classic "
        "rule): whoever takes a trick leads the next one."))},
    order=30,
))
