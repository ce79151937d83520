"""Mit List und Tücke: the trick table with picks and plus colours."""

from game.i18n import N_
from scenes.kit import BoardKit, card_fan, register

KIT = register(BoardKit(
    id="mlut",
    phases={"play": "table", "pick": "table", "plus": "table"},
    boards={"table": "scenes.boards.mlut.table:MlutTable"},
    tile=card_fan("R14", "G7", "B3", "Y11"),
    pitch=N_("Collect cards in colours, then name the two that count: the others divide your score."),
    log="scenes.boards.mlut.log:MlutLog",
    order=10,
))
