"""One registration per game on the screen side: each game's boards package (``scenes/boards/<id>/``)
registers one ``BoardKit`` that holds everything of that game the shared screens need: its board per
phase, its log, its score sheet, its boxes laid over the table, its menu tile's picture and pitch, and
the names and choices of its rule options. The shared screens (the game screen, the menu, the demo)
ask the kit and name no game. ``scenes.screen.registry`` finds the packages; a game kept elsewhere (a
test's) registers by calling ``register`` when its module is imported.

Classes are given as ``"module:Class"`` strings and imported when first needed (``load``), so that
the menu opens without importing every board.
"""

import importlib
from dataclasses import dataclass, field, fields
from typing import Callable

_KITS = {}


@dataclass(frozen=True)
class Option:
    """A rule option as the seat setup shows it: its name (``N_`` words, shown as ``_(name)``), for
    one that is not on/off the values it offers in turn, and what it does (``N_`` words, its tooltip)."""

    name: str
    choices: tuple = ()
    tip: str = ""


@dataclass(frozen=True)
class BoardKit:
    """Everything of one game that the screens draw, in one place."""

    id: str                  # the game's id, as the rules side registers it (game.kit)
    phases: dict             # phase -> board kind ("table", "market", "bidding"); a phase not named: "table"
    boards: dict             # board kind -> "module:Class" (a scenes.screen.board.Board)
    tile: Callable           # tile(surface, rect): the menu tile's picture, drawn inside rect
    pitch: str               # the menu tile's one-sentence pitch (N_ words)
    log: str = "scenes.screen.log:GameLog"                      # the game log's class
    score_sheet: str = "scenes.boards.scoreboard:ScoreboardScene"  # a round's and the game's score sheet
    overlays: dict = field(default_factory=dict)  # name -> "module:Class": a board's own box over the game
    options: dict = field(default_factory=dict)   # rule option key -> Option
    #: The folder of the game's rules pages (``<id>.txt``, ``<lang>/<id>.txt``): None for the app's own
    #: (assets/rules); a game kept elsewhere (a test's) keeps them with it.
    rules: object = None
    order: int = 100         # where the game stands in the menu and the demo: smaller first

    def board_kind(self, phase):
        return self.phases.get(phase, "table")

    def board_class(self, kind):
        target = self.boards.get(kind)
        if target is None:
            raise ValueError(f"no {kind} board for {self.id} yet")
        return load(target)

    def log_class(self):
        return load(self.log)

    def score_sheet_class(self):
        return load(self.score_sheet)

    def overlay_class(self, name):
        return load(self.overlays[name])

    def option(self, key):
        """How the setup shows rule option KEY (an option the kit does not name: its key in words)."""
        return self.options.get(key) or Option(key.replace("_", " ").capitalize())

    @classmethod
    def parts(cls):
        """The names of every part a kit gives."""
        return tuple(f.name for f in fields(cls) if f.name not in ("id", "order"))


def card_fan(*codes):
    """A tile picture: the game's cards fanned out side by side in the middle of the rect."""
    def draw(surface, rect):
        from scenes.screen import cards
        left = rect.centerx - 118
        for k, code in enumerate(codes):
            surface.blit(cards.face(code, cards.SMALL), (left + k * 60, rect.y))
    return draw


def load(target):
    """TARGET itself, or the class a "module:Class" string names (imported now)."""
    if not isinstance(target, str):
        return target
    module, _sep, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def register(board_kit):
    """Register a game's board kit (once per id); returns it."""
    if board_kit.id in _KITS:
        raise ValueError(f"{board_kit.id} has a board kit already")
    _KITS[board_kit.id] = board_kit
    return board_kit


def unregister(game_id):
    """Take a game's board kit out (tests that register a game of their own)."""
    _KITS.pop(game_id, None)


def find(game_id):
    """The board kit of GAME_ID, or None."""
    return _KITS.get(game_id)


def kit(game_id):
    """The board kit of a registered game."""
    found = _KITS.get(game_id)
    if found is None:
        raise ValueError(f"no boards for game {game_id!r} (registered: {', '.join(registered())})")
    return found


def registered():
    """The ids of the games with a board kit, in their order (then in the order they registered)."""
    return tuple(sorted(_KITS, key=lambda g: _KITS[g].order))
