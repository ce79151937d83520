"""Which board shows which phase of which game, and the words the menu says about each game."""

from game.i18n import N_
from scenes.screen.theme import ASSETS

RULES_DIR = ASSETS / "rules"  # an importlib.resources Traversable: ``(RULES_DIR / "mlut.txt").read_text(...)``


def rules_page(game_id, lang):
    """Where a game's rules page is in LANG (``rules/<lang>/<game>.txt``), else the English one."""
    if lang and lang != "en":
        page = RULES_DIR / lang / f"{game_id}.txt"
        if page.is_file():
            return page
    return RULES_DIR / f"{game_id}.txt"


PITCHES = {  # shown as _(PITCHES[game_id])
    "mlut": N_("Collect cards in colours, then name the two that count: the others divide your score."),
    "wassticht": N_("Draft your hand row by row while one player knows the secret trump; fulfil your tasks."),
    "tricks": N_("Buy your hand card by card at the market, then bid how many tricks you will take."),
}

# The rule options' names and the animation speeds' names as people read them (the keys stay as they are).
OPTION_NAMES = {"winner_leads": N_("Winner leads"), "tasks_per_player": N_("Tasks per player")}
SPEED_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}

# Values offered for rule options that are not on/off (the rules pages name them).
OPTION_CHOICES = {"tasks_per_player": (5, 4)}

# The board kind for each phase of each game.
PHASE_BOARDS = {
    "mlut": {"play": "table", "pick": "table", "plus": "table"},
    "tricks": {"buy": "market", "bury": "market", "bid": "bidding", "play": "table", "lead": "table"},
    "wassticht": {"task_draft": "bidding", "row_draft": "market", "task_choice": "bidding", "play": "table",
                  "discard": "table", "over": "table"},
}

# The board drawing each (game, board kind), as "module:Class", imported when first needed.
BOARD_CLASSES = {
    ("mlut", "table"): "scenes.boards.mlut.table:MlutTable",
    ("tricks", "market"): "scenes.boards.tricks.market:TricksMarket",
    ("tricks", "bidding"): "scenes.boards.tricks.bidding:TricksBidding",
    ("tricks", "table"): "scenes.boards.tricks.table:TricksTable",
    ("wassticht", "market"): "scenes.boards.wassticht.draft:WasStichtDraft",
    ("wassticht", "bidding"): "scenes.boards.wassticht.tasks:WasStichtTasks",
    ("wassticht", "table"): "scenes.boards.wassticht.table:WasStichtTable",
}

# Each game's log in words, where it has its own (the others use scenes.screen.log's GameLog).
LOGS = {
    "tricks": "scenes.boards.tricks.common:TricksLog",
    "wassticht": "scenes.boards.wassticht.common:WasStichtLog",
}

# Each game's score sheet, where it has one of its own (the others use the default).
DEFAULT_SCOREBOARD = "scenes.boards.scoreboard:ScoreboardScene"
SCOREBOARDS = {
    "tricks": "scenes.boards.tricks.score:TricksScoreboard",
    "wassticht": "scenes.boards.wassticht.score:WasStichtScoreboard",
}


def playable(game_id):
    return game_id in PHASE_BOARDS


def board_kind(game_id, phase):
    return PHASE_BOARDS[game_id].get(phase, "table")


def make_board(screen):
    """The board that draws the phase the screen has shown so far (the state may be moves ahead)."""
    session = screen.session
    kind = board_kind(session.game_id, session.view()["phase"])
    target = BOARD_CLASSES.get((session.game_id, kind))
    if target is None:
        raise ValueError(f"no {kind} board for {session.game_id} yet")
    return _load(target)(screen)


def log_class(game_id):
    target = LOGS.get(game_id)
    if target is None:
        from scenes.screen.log import GameLog
        return GameLog
    return _load(target)


def scoreboard_class(game_id):
    """The class of a game's score sheet (loaded when first needed: it is not needed to play)."""
    return _load(SCOREBOARDS.get(game_id, DEFAULT_SCOREBOARD))


def _load(target):
    module_name, class_name = target.split(":")
    module = __import__(module_name, fromlist=[class_name])
    return getattr(module, class_name)
