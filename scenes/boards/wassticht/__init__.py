"""Was sticht?: the task draft, the row draft, the task choice and the tricks."""

from game.i18n import N_
from scenes.kit import BoardKit, Option, card_fan, register

KIT = register(BoardKit(
    id="wassticht",
    phases={"task_draft": "bidding", "row_draft": "market", "task_choice": "bidding", "play": "table",
            "discard": "table", "over": "table"},
    boards={"market": "scenes.boards.wassticht.draft:WasStichtDraft",
            "bidding": "scenes.boards.wassticht.tasks:WasStichtTasks",
            "table": "scenes.boards.wassticht.table:WasStichtTable"},
    tile=card_fan("B9", "Y1", "R5", "G8"),
    pitch=N_("Draft your hand row by row while one player knows the secret trump; fulfil your tasks."),
    log="scenes.boards.wassticht.common:WasStichtLog",
    score_sheet="scenes.boards.wassticht.score:WasStichtScoreboard",
    overlays={"tasks": "scenes.boards.wassticht.common:TasksOverlay"},
    options={"tasks_per_player": Option(N_("Tasks per player"), (5, 4), N_(
        "How many tasks each player takes in the task draft and tries to lay down: 5, or 4 as in a later "
        "edition of the game."))},
    order=20,
))
