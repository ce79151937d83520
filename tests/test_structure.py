"""The house rules that the code's own structure can be checked for: the app never imports its
tooling, the screens import each other without cycles, and no screen reads a state's raw event list
or its private fields (screens learn the game from observations, game.observe)."""

import ast
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
