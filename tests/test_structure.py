"""The house rules that the code's own structure can be checked for: the app never imports its
tooling, the screens import each other without cycles, and no screen reads a state's raw event list
or its private fields (screens learn the game from observations, game.observe)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(package):
    """{dotted name: parsed tree} of every module in a package folder."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return found


def imported(tree):
    """Every module a tree imports, at the top or inside a function."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_app_and_the_rules_never_import_tools_or_benchmarks():
    for package in ("game", "scenes"):
        for name, tree in modules(package).items():
            bad = sorted(n for n in imported(tree) if n.split(".")[0] in ("tools", "bench", "tests"))
            assert not bad, f"{name} imports {bad}"


def test_no_import_cycles_in_scenes():
    trees = modules("scenes")
    graph = {name: {n for n in imported(tree) if n in trees and n != name} for name, tree in trees.items()}
    cycles = []

    def visit(node, path, on_path, done):
        on_path.add(node)
        path.append(node)
        for nxt in sorted(graph[node]):
            if nxt in on_path:
                cycles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, path, on_path, done)
        path.pop()
        on_path.discard(node)
        done.add(node)

    done = set()
    for name in sorted(graph):
        if name not in done:
            visit(name, [], set(), done)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def private_state_reads(tree):
    """Places that read a state's event list or a state's private field."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        names_state = (isinstance(owner, ast.Name) and owner.id in ("state", "world")) or \
            (isinstance(owner, ast.Attribute) and owner.attr == "state")
        private = node.attr.startswith("_") and not node.attr.startswith("__")
        if names_state and (node.attr == "events" or private):
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


def test_screens_read_no_raw_events_and_no_private_state():
    bad = {name: places for name, tree in modules("scenes").items() if (places := private_state_reads(tree))}
    assert not bad, bad


def board_classes():
    """(module, class node) of every board: a class in scenes/ whose bases name a *Board."""
    for name, tree in modules("scenes").items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    (isinstance(b, ast.Name) and b.id.endswith("Board")) for b in node.bases):
                yield name, node


def test_boards_only_draw_and_act_they_never_touch_the_app():
    """A board turns clicks into actions through its screen; switching screens, leaving the game or
    reading the app's settings is the GameScreen's job."""
    found = list(board_classes())
    kinds = {node.name for _, node in found}
    assert {"TableBoard", "MlutTable", "TricksMarket", "TricksBidding", "TricksTable", "WasStichtDraft",
            "WasStichtTasks", "WasStichtTable"} <= kinds, kinds
    bad = []
    for name, node in found:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and sub.attr == "app":
                bad.append(f"{name}.{node.name} line {sub.lineno}: .app")
            if isinstance(sub, ast.Attribute) and sub.attr in ("leave", "show_sheet", "close_sheet", "to_menu"):
                bad.append(f"{name}.{node.name} line {sub.lineno}: .{sub.attr}")
    assert not bad, bad


def test_one_game_screen_class_and_every_phase_is_a_board():
    """The game screens are gone: the registry names boards, and the only Scene a game runs on is the
    GameScreen (a replay is a GameScreen too)."""
    from scenes.screen import registry
    from scenes.screen.board import Board
    from scenes.screen.game_screen import GameScreen
    from scenes.menus.replay import ReplayScreen
    for game_id in registry.games():
        game_kit = registry.kit(game_id)
        for kind in game_kit.boards:
            cls = game_kit.board_class(kind)
            assert issubclass(cls, Board) and cls.kind == kind, (game_id, kind)
    assert issubclass(ReplayScreen, GameScreen)
    assert not (ROOT / "scenes" / "screen" / "table.py").exists()


# --- one registration per game on the screen side (scenes.kit) ---------------------------------------
CARD_CODE = re.compile(r"^[RGBYX]\d{1,2}$")  # a card by its code ("X4", "R14")
COLOUR_ROW = re.compile(r"^[RGBYX]{3,5}$")  # colours spelled out in a row ("RGBY")


def docstring_nodes(tree):
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_literals(tree, game_ids):
    """(line, what) of every game id and game literal in a module: a string that is a game's id or
    names one in a module path ("scenes.boards.tricks.table"), a card code, a row of colours, and
    an import of a game's own module."""
    skip = docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            parts = set(re.split(r"[.:/]", node.value))
            if parts & game_ids or CARD_CODE.match(node.value) or COLOUR_ROW.match(node.value):
                found.append((node.lineno, repr(node.value)))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            if any(set(name.split(".")) & game_ids for name in names):
                found.append((node.lineno, f"import {names}"))
    return found


def test_the_literal_scan_finds_game_ids_and_literals():
    source = '''
"""Docstrings may name mlut and X4."""
from game.wassticht import TASKS
KINDS = {"tricks": 1}
FAN = ["R14", "X4"]
ROW = "RGBY"
BOARD = "scenes.boards.mlut.table:MlutTable"
WORDS = "how many tricks you will take"
'''
    found = [what for _, what in game_literals(ast.parse(source), {"mlut", "tricks", "wassticht"})]
    assert sorted(found) == sorted(["import ['TASKS', 'game.wassticht']", "'tricks'", "'R14'", "'X4'", "'RGBY'",
                                    "'scenes.boards.mlut.table:MlutTable'"]), found


def test_no_game_id_or_game_literal_in_scenes_outside_each_games_boards_package():
    """The shared screens name no game: a game's ids, cards and colours live in its own boards
    package (scenes/boards/<id>/), which registers its kit."""
    from game import GAMES
    from scenes.screen import registry
    game_ids = set(GAMES) | set(registry.games())
    own = {ROOT / "scenes" / "boards" / game_id for game_id in game_ids}
    found = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        if any(folder in path.parents for folder in own):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found += [f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in game_literals(tree, game_ids)]
    assert not found, "game ids or literals outside the games' boards packages:\n" + "\n".join(found)


def game_screen_tree():
    return ast.parse((ROOT / "scenes" / "screen" / "game_screen.py").read_text(encoding="utf-8"))


def test_the_game_screen_stays_under_500_lines():
    """The game screen holds the game; the boxes over it, the hand-off, the forced card, keyboard play
    and the shared steps are modules of their own."""
    source = (ROOT / "scenes" / "screen" / "game_screen.py").read_text(encoding="utf-8")
    node = next(n for n in game_screen_tree().body if isinstance(n, ast.ClassDef) and n.name == "GameScreen")
    assert len(source.splitlines()) < 500 and node.end_lineno - node.lineno < 500


def overlay_name_branches(tree, names):
    """(line, what) of every comparison on a box's name: with a box's name as a string, or with an
    ``overlay`` or ``name`` attribute."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Compare, ast.match_case)):
            continue
        for part in ast.walk(node):
            if isinstance(part, ast.Constant) and part.value in names:
                found.append((node.lineno, repr(part.value)))
            elif isinstance(part, ast.Attribute) and part.attr in ("overlay", "name"):
                found.append((node.lineno, f".{part.attr}"))
    return found


def test_the_game_screen_never_branches_on_a_box_name():
    """Each box over the game (scenes.screen.overlay) draws, keys and clicks by itself: the game
    screen asks a box what it does (holds the game, waits behind the cover), never which it is."""
    from scenes.screen import registry
    from scenes.screen.game_screen import BOXES
    names = set(BOXES) | {name for game_id in registry.games() for name in registry.kit(game_id).overlays}
    assert {"pause", "log", "last", "history", "tasks"} <= names
    before = ast.parse('if self.overlay == "pause":\n    pass\nelif name in ("log", "last"):\n    pass\n')
    assert [what for _, what in overlay_name_branches(before, names)] == [".overlay", "'pause'", "'log'", "'last'"]
    assert overlay_name_branches(game_screen_tree(), names) == []


def test_every_game_has_every_part_of_its_board_kit():
    from game import GAMES, game_info
    from scenes.boards.scoreboard import ScoreboardScene
    from scenes.screen import registry
    from scenes.screen.base import Sheet
    from scenes.screen.board import Board
    from scenes.screen.log import GameLog
    from scenes.screen.overlay import Overlay
    from scenes.screen.protocols import PhaseBoard
    assert set(registry.games()) == set(GAMES), "a board kit for every game the rules know, and no other"
    members = [name for name in vars(PhaseBoard) if not name.startswith("_")] + list(PhaseBoard.__annotations__)
    for game_id in registry.games():
        kit = registry.kit(game_id)
        assert set(kit.parts()) == {"phases", "boards", "tile", "pitch", "log", "score_sheet", "overlays", "options"}
        assert set(kit.phases.values()) <= set(kit.boards), (game_id, "a phase without its board")
        for kind in kit.boards:
            board = kit.board_class(kind)
            assert issubclass(board, Board) and board.kind == kind, (game_id, kind)
            assert all(hasattr(board, m) for m in members if m not in ("shown", "banner", "lifts")), (game_id, kind)
        assert issubclass(kit.log_class(), GameLog) and issubclass(kit.score_sheet_class(), Sheet)
        assert issubclass(kit.score_sheet_class(), ScoreboardScene)
        assert callable(kit.tile) and kit.pitch.strip()
        for name in kit.overlays:
            assert issubclass(kit.overlay_class(name), Overlay) and kit.overlay_class(name).name == name
        for key in game_info(game_id).default_options:
            assert key in kit.options, (game_id, f"the rule option {key} has no name on the screen")
