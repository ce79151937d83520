"""Where the screens find each game's parts: the board kits (``scenes.kit``) that the games' boards
packages register (importing ``scenes.boards`` imports every one), and each game's rules page."""

from pathlib import Path

import scenes.boards  # noqa: F401 - every game's boards package registers its kit
from scenes import kit as kits
from scenes.screen.theme import ASSETS

RULES_DIR = ASSETS / "rules"  # an importlib.resources Traversable: ``(RULES_DIR / f"{game_id}.txt").read_text(...)``


def rules_page(game_id, lang):
    """Where a game's rules page is in LANG (``rules/<lang>/<game>.txt``), else the English one: in
    the folder its board kit names, else the app's own."""
    found = kits.find(game_id)
    folder = RULES_DIR if found is None or found.rules is None else Path(found.rules)
    if lang and lang != "en":
        page = folder / lang / f"{game_id}.txt"
        if page.is_file():
            return page
    return folder / f"{game_id}.txt"


def games():
    """The ids of the games the screens can show, in the menu's order."""
    return kits.registered()


def kit(game_id):
    return kits.kit(game_id)


def playable(game_id):
    return kits.find(game_id) is not None


def board_kind(game_id, phase):
    return kits.kit(game_id).board_kind(phase)


def make_board(screen):
    """The board that draws the phase the screen has shown so far (the state may be moves ahead)."""
    session = screen.session
    game_kit = kits.kit(session.game_id)
    return game_kit.board_class(game_kit.board_kind(session.view()["phase"]))(screen)


def log_class(game_id):
    return kits.kit(game_id).log_class()


def scoreboard_class(game_id):
    """The class of a game's score sheet (loaded when first needed: it is not needed to play)."""
    return kits.kit(game_id).score_sheet_class()
