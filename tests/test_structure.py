"""The house rules that the code's own structure can be checked for: the app never imports its
tooling, the rules core and the screens import each other without cycles, no screen reads a state's
raw event list or its private fields (screens learn the game from observations, game.observe), and
the shared machinery names no game: each game lives in its own package and registers its kit."""

import ast
import re
import typing
from pathlib import Path

import pytest

from game.kit import CliOption, OPTIONAL_PARTS, kit, registered
from game.view import TrickTakingView

ROOT = Path(__file__).resolve().parent.parent


def modules(package):
    """{dotted name: parsed tree} of every module in a package folder."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return found


def imported(tree, known=None):
    """Every module a tree imports, at the top or inside a function. With KNOWN (the modules of the
    folders read), ``from package import module`` imports that module only: its package is run
    first by any import of the module, which is no cycle."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            subs = {f"{node.module}.{alias.name}" for alias in node.names}
            names.update(subs)
            if known is None or not subs <= known:
                names.add(node.module)
    return names


def test_the_app_and_the_rules_never_import_tools_or_benchmarks():
    for package in ("game", "kept", "scenes"):
        for name, tree in modules(package).items():
            bad = sorted(n for n in imported(tree) if n.split(".")[0] in ("tools", "bench", "tests"))
            assert not bad, f"{name} imports {bad}"


# The folders whose modules must import each other without cycles.
CYCLE_FREE = ("scenes", "game", "kept", "phone")
# A cycle being broken elsewhere: its modules, one line each, deleted once it is gone.
KNOWN_CYCLES = []


def cycles_in(packages):
    """Every import cycle among the modules of PACKAGES, as a list of module names."""
    trees = {}
    for package in packages:
        trees.update(modules(package))
    known = set(trees)
    graph = {name: {n for n in imported(tree, known) if n in trees and n != name} for name, tree in trees.items()}
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
    return cycles


@pytest.mark.parametrize("package", CYCLE_FREE)
def test_no_import_cycles(package):
    cycles = [c for c in cycles_in([package]) if set(c) not in KNOWN_CYCLES]
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_cycle_check_finds_a_cycle_through_a_package_import(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg import a\n")
    (package / "a.py").write_text("def f():\n    from pkg.b import g\n")
    (package / "b.py").write_text("from pkg import a\nimport pkg\n")
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    found = {frozenset(c) for c in cycles_in(["pkg"])}
    assert frozenset({"pkg.a", "pkg.b"}) in found  # from pkg import a: the module a
    assert frozenset({"pkg", "pkg.a", "pkg.b"}) in found  # import pkg: the package itself


# --- the rooms of the house, one above the other -----------------------------------------------------------
# A module may import its own room and the rooms below it, never one above: the rules play a game from
# its history and need no file; the kept games' files need no phone and no screen; the phones' server
# needs no screen. A line for a single module puts it on another floor than its room's: the command
# line (python -m game) plays games and writes their records, so it stands on the kept room's floor.
FLOORS = {"game": 0, "kept": 1, "game.__main__": 1, "phone": 2, "scenes": 3}
ROOMS = ("game", "kept", "phone", "scenes")


def floor_of(name):
    """The floor of a module: its own line in FLOORS, else its package's, else its room's; None for a
    module of no room (the standard library, pygame, aiohttp)."""
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        prefix = ".".join(parts[:k])
        if prefix in FLOORS:
            return FLOORS[prefix]
    return None


def imported_modules(tree):
    """The module each import of a tree names (at the top or inside a function: ``from a.b import c``
    names a.b), and each module it loads by a name written out (importlib.import_module("a.b"))."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            names.add(node.args[0].value)
    return names


def imports_above(rooms):
    """"module imports module" for every import (at the top, inside a function, or by a written name)
    of a module on a floor above the importing module's."""
    found = []
    for name, tree in [item for room in rooms for item in modules(room).items()]:
        here = floor_of(name)
        for target in sorted(imported_modules(tree)):
            there = floor_of(target)
            if there is not None and there > here:
                found.append(f"{name} (floor {here}) imports {target} (floor {there})")
    return found


def test_every_room_has_its_floor():
    assert set(ROOMS) <= set(FLOORS) and all((ROOT / room / "__init__.py").exists() for room in ROOMS)


def test_no_room_imports_one_above_it():
    found = imports_above(ROOMS)
    assert not found, "\n".join(found)


def test_the_floor_check_finds_an_import_inside_a_function_and_by_name(tmp_path, monkeypatch):
    for room, text in {"game": "import os\ndef f():\n    from kept.storage import games_dir\n",
                       "kept": "import importlib\nimport game.engine\nSCREEN = importlib.import_module('scenes.app')\n"
                       }.items():
        (tmp_path / room).mkdir()
        (tmp_path / room / "__init__.py").write_text(text)
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    assert imports_above(["game", "kept"]) == ["game (floor 0) imports kept.storage (floor 1)",
                                               "kept (floor 1) imports scenes.app (floor 3)"]


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


# --- the shared machinery names no game: each game is one package that registers its kit ------------------
# Folder read -> the folders in it where games live (each game's own package, the only place its id and
# its literals may be written). The screen side and the phone page add their folders here, one line each.
GAME_IDS = ("mlut", "wassticht", "tricks")
GAME_HOMES = {
    "game": ("game/games",),
    "scenes": tuple(f"scenes/boards/{game_id}" for game_id in GAME_IDS),
    "phone": ("phone/page/games",),
}
CARD = re.compile(r"^[RGBYX]\d{1,2}$")  # a card of a game: "R14", "X4"
COLOURS = re.compile(r"^[RGBYX]{3,5}$")  # a game's colours: "RGBY", "YRB"
TOKEN = re.compile(r"^[\w.:/-]+$")  # a name, a module path, a file path: not words


def docstrings(tree):
    """The string nodes that are docstrings (prose, not code)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_literal(text):
    """Why TEXT is a game's own (its id as a word of a name or path, a card, its colours), or None."""
    if TOKEN.match(text) and set(re.split(r"[.:/-]+", text)) & set(GAME_IDS):  # "tricks_won" is no id
        return "a game id"
    if CARD.match(text):
        return "a card"
    if COLOURS.match(text):
        return "a game's colours"
    return None


def game_literals(tree):
    """(line, what, why) of each game id, card or colour string a module's code writes (docstrings are
    prose and left out), and of each import of a game's package."""
    prose = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            why = game_literal(node.value)
            if why:
                found.append((node.lineno, node.value, why))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = sorted(n for n in imported(ast.Module(body=[node], type_ignores=[])) if set(n.split(".")) & set(GAME_IDS))
            if names:
                found.append((node.lineno, names[0], "an import of a game"))
    return found


JS_STRING = re.compile(r"""//[^\n]*|/\*.*?\*/|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`""", re.S)


JS_KEY = re.compile(r"(?<![\w$.])(" + "|".join(GAME_IDS) + r")\s*:")  # an object's key: { mlut: ... }


def js_literals(text):
    """(line, what, why) of each game id, card or colours string in a script's strings, and of each game
    id written as an object's key in its code (comments left out), in the order they are written."""
    found, code_from = [], 0  # (where, what, why)

    def keys(start, end):
        found.extend((key.start(), key.group(1), "a game id") for key in JS_KEY.finditer(text, start, end))

    for match in JS_STRING.finditer(text):
        keys(code_from, match.start())
        code_from = match.end()
        literal = next((g for g in match.groups() if g is not None), None)
        why = game_literal(literal) if literal is not None else None
        if why:
            found.append((match.start(), literal, why))
    keys(code_from, len(text))
    return [(text.count("\n", 0, where) + 1, what, why) for where, what, why in sorted(found)]


def shared_files():
    """{path: its game literals} of every .py and .js file of the folders read outside the games' homes."""
    found = {}
    for folder, homes in GAME_HOMES.items():
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".js") or any(rel.startswith(home + "/") for home in homes):
                continue
            text = path.read_text(encoding="utf-8")
            found[rel] = game_literals(ast.parse(text, rel)) if path.suffix == ".py" else js_literals(text)
    return found


def test_the_shared_machinery_names_no_game_and_writes_no_games_literal():
    assert set(GAME_IDS) == set(registered()), "the scan knows every registered game's id"
    found = {rel: hits for rel, hits in shared_files().items() if hits}
    assert not found, "\n".join(f"{rel}:{line}: {what!r} ({why})" for rel, hits in found.items()
                                for line, what, why in hits)


def test_the_literal_scan_finds_what_it_looks_for():
    tree = ast.parse('''"""A docstring may say mlut, "RGBY" and X4."""
from game.games.mlut import rules
import game.games.tricks.search
if view["game"] == "wassticht":
    deck, joker, colours = "kit:tricks", "X4", "YRB"
    words, key = _("{n} tricks"), view["tricks_won"]
''')
    whys = sorted(why for _, _, why in game_literals(tree))
    assert whys == sorted(["an import of a game"] * 2 + ["a game id"] * 2 + ["a card", "a game's colours"]), whys
    script = '''// a comment may say "mlut" and "X4"
/* and "RGBY" */ if (facts.game === "tricks") { const joker = 'X4', colours = `YRB`; say(_("{n} tricks")); }
'''
    assert [(line, what) for line, what, _ in js_literals(script)] == [(2, "tricks"), (2, "X4"), (2, "YRB")]


def test_the_script_scan_finds_a_game_named_as_an_object_key():
    script = '''const PROMPTS = {
  mlut: {play: _("play a card")}, tricks : {}, // wassticht: a comment
  "x": a.tricks, b: tricks(n), c: ok ? wassticht: 1};
'''
    assert [(line, what) for line, what, _ in js_literals(script)] == [(2, "mlut"), (2, "tricks"), (3, "wassticht")]


# The parts given as functions, objects or "module:attr" strings (the others are plain data).
LOADED = {"context", "revealed", "table_knows", "view_type", "normal", "easy", "sampler", "values", "rollout",
          "random_rollout", "odds", "odds_actions", "base", "reason", "deck", "out", "highlights", "describe",
          "phone_facts", "spoken", "teach", "phone_points"}


def test_every_registered_games_kit_provides_every_part():
    for game_id in registered():
        game_kit = kit(game_id)
        assert game_kit.state_class.game_id == game_id
        for name in game_kit.parts():
            given = getattr(game_kit, name)
            if name not in OPTIONAL_PARTS:
                assert given not in (None, (), {}, ""), f"{game_id}'s kit gives no {name}"
            if name in LOADED and given is not None:
                assert game_kit.part(name) is not None, (game_id, name)  # a "module:attr" it names is there
        assert typing.is_typeddict(game_kit.part("view_type"))
        assert set(typing.get_type_hints(TrickTakingView)) <= set(typing.get_type_hints(game_kit.part("view_type")))
        for name in ("normal", "easy", "sampler", "values", "rollout", "reason", "describe", "phone_facts"):
            assert callable(game_kit.part(name)), (game_id, name)
        assert callable(game_kit.part("normal")().choose)
        assert all(callable(pick) for pick in game_kit.part("highlights"))
        assert set(game_kit.level_words) == {"sense", "plan", "unseen"} and len(game_kit.meaning) == 2
        teach = game_kit.part("teach")  # a game without one has no guided first round and no reminders
        assert teach is None or all(hasattr(teach, name) for name in ("LESSON", "turn_line", "score_lines")), game_id
        assert all(isinstance(option, CliOption) for option in game_kit.options)
        assert (game_kit.deck is None) == (game_kit.out is None), "a count of cards out needs both"
        assert (game_kit.odds is None) == (game_kit.odds_phase is None) == (game_kit.odds_actions is None)


# --- the game screen holds the game; the boxes over it are screens (scenes.screen.overlay) ----------
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
        assert set(kit.parts()) == {"phases", "boards", "tile", "pitch", "log", "score_sheet", "overlays", "options",
                                   "rules"}
        assert set(kit.phases.values()) <= set(kit.boards), (game_id, "a phase without its board")
        for kind in kit.boards:
            board = kit.board_class(kind)
            assert issubclass(board, Board) and board.kind == kind, (game_id, kind)
            assert all(hasattr(board, m) for m in members if m not in ("shown", "banner", "lifts")), (game_id, kind)
        assert issubclass(kit.log_class(), GameLog) and issubclass(kit.score_sheet_class(), Sheet)
        assert issubclass(kit.score_sheet_class(), ScoreboardScene)
        assert callable(kit.tile) and kit.pitch.strip()
        assert registry.rules_page(game_id, "en").is_file(), (game_id, "no rules page")
        for name in kit.overlays:
            assert issubclass(kit.overlay_class(name), Overlay) and kit.overlay_class(name).name == name
        for key in game_info(game_id).default_options:
            assert key in kit.options, (game_id, f"the rule option {key} has no name on the screen")
