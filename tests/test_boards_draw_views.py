"""The screen draws views (issue 27, item 2): a board's picture is one of the session's views, as the
rules core made it, plus the sprites of the step being shown; no board writes a rule's effect into its
picture, and no board reads an action back from its JSON.

- Structure: no module of ``scenes/boards`` nor the shared table writes into a view (an item set, a
  list or dict of it changed in place, directly or through a name bound to a part of it); ``shown`` is
  only ever the session's view; ``action_from_json`` appears nowhere under ``scenes/``.
- Behaviour: whole rounds of every game at a speed that animates, every frame: ``board.shown`` is a
  view the session gave, and every view the session gave is unchanged at the end; a card in the air is
  drawn by its flight alone (not in a hand, not in the trick).
"""

import ast
import copy
import re
from pathlib import Path

import pytest

from game import Seat
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.session import Session
from scenes.screen.settings import Settings
from scenes.screen.table_board import TableBoard

from app_driver import click

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60
MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "sort",
            "reverse", "add", "discard"}


def board_sources():
    yield from sorted((ROOT / "scenes" / "boards").rglob("*.py"))
    yield ROOT / "scenes" / "screen" / "board.py"
    yield ROOT / "scenes" / "screen" / "table_board.py"


# --- structure ---------------------------------------------------------------------------------------------
def root(node):
    """What an expression reads from: a local name, "self.shown", "view()" (a view just asked for), or
    None (a new object: a copy, a comprehension, a literal)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "self" and node.attr == "shown":
            return "self.shown"
        return root(node.value)
    if isinstance(node, ast.Subscript):
        return root(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "view":
            return "view()"
        if node.func.attr in ("get", "setdefault"):
            return root(node.func.value)
    return None


def names_in(target):
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for elt in target.elts for name in names_in(elt)]
    return []


def view_names(func):
    """The names in FUNC that hold a view or a part of one (bound from one, or looping over one)."""
    names = {"shown", "view", "self.shown", "view()"}
    grew = True
    while grew:
        grew = False
        for node in ast.walk(func):
            bound = []
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        bound += [n for t, v in zip(target.elts, node.value.elts) if root(v) in names
                                  for n in names_in(t)]
                    elif root(node.value) in names:
                        bound += names_in(target)
            elif isinstance(node, (ast.For, ast.comprehension)):
                source = node.iter
                if isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and source.args:
                    source = source.args[0]  # enumerate(...), zip(...): the items are the view's
                if root(source) in names:
                    bound += names_in(node.target)
            new = set(bound) - names
            if new:
                names |= new
                grew = True
    return names


def writes_into_views(source):
    """(line, code) of every write into a view in a module's SOURCE."""
    tree = ast.parse(source)
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.Lambda)):
            continue
        names = view_names(func)
        for node in ast.walk(func):
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                for part in (target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]):
                    if isinstance(part, (ast.Subscript, ast.Attribute)) and root(part.value) in names:
                        found.append((node.lineno, ast.unparse(node)))
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in MUTATORS and root(node.func.value) in names):
                found.append((node.lineno, ast.unparse(node)))
    return sorted(set(found))


def test_no_board_writes_into_its_view():
    writes = [f"{path.relative_to(ROOT)}:{line}: {code}" for path in board_sources()
              for line, code in writes_into_views(path.read_text())]
    assert writes == []


def test_the_checker_finds_writes_into_a_view():
    """The checker itself: each kind of write the boards used to make is found."""
    source = '''
def patched(self, seat, card):
    self.shown["trick"].append([seat, card])
    self.shown["tricks_won"][seat] += 1
    shown = self.shown
    shown["trump"], shown["led"] = None, None
    deck = self.shown["decks"][seat]
    deck["top"] = None
    hand = self.shown.get("hand", [])
    hand.remove(card)
    for col in shown["collections"]:
        col["hidden"].pop("R")
    mine = list(self.shown["hand"])
    mine.remove(card)
'''
    lines = [line for line, _ in writes_into_views(source)]
    assert lines == [3, 4, 6, 8, 10, 12]  # the copy (``mine``) is the board's own


def test_a_boards_picture_is_only_ever_the_sessions_view():
    """``shown`` is set in one way: the session's view, as a copy of it (or None before the first)."""
    bad = []
    for path in board_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Attribute) and t.attr == "shown" for t in node.targets):
                value = ast.unparse(node.value)
                if value not in ("self.session_view()", "None"):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert bad == []


def test_the_simple_patterns_are_gone_too():
    """The plain forms, by line: ``shown[...] = …`` and ``shown[...].append(…)`` and their kin."""
    pattern = re.compile(r"\bshown(\[[^\]]*\])+\s*([-+*/]?=(?!=))|\bshown(\[[^\]]*\])*\.("
                         + "|".join(sorted(MUTATORS)) + r")\(")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in board_sources()
             for n, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert found == []


def test_no_action_is_read_back_from_json_under_scenes():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "scenes").rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1) if "action_from_json" in line]
    assert found == []
    observe = (ROOT / "game" / "observe.py").read_text()
    assert observe.count("action_from_json(") == 1, "a told action is read in one place: observe.action_of"


# --- behaviour ---------------------------------------------------------------------------------------------
def bots(n):
    return [Seat(f"Bot {i}", "bot", "random") for i in range(n)]


class Views:
    """Every view the session handed out, with a copy taken when it was handed out."""

    def __init__(self, monkeypatch):
        self.given = {}
        real = Session.view

        def view(session):
            seen = real(session)
            if id(seen) not in self.given:
                self.given[id(seen)] = (seen, copy.deepcopy(seen))
            return seen

        monkeypatch.setattr(Session, "view", view)

    def handed_out(self, view):
        return self.given.get(id(view), (None,))[0] is view

    def changed(self):
        return [id(view) for view, was in self.given.values() if view != was]


def drawn_twice(board):
    """Cards a flight draws that the hand or the trick draws too (decks of unique cards only)."""
    if not isinstance(board, TableBoard) or board.shown is None or "hand" not in board.shown:
        return []
    lying = {place[1] for place in board.table_trick() if place} | set(board.hand_cards())
    return [f.card for f in board.flights if f.card is not None and not f.tween.done and f.card in lying]


@pytest.mark.parametrize("game_id,players,rounds", [("mlut", 4, 2), ("mlut", 6, 2), ("tricks", 3, 1),
                                                     ("wassticht", 4, 2)])
@pytest.mark.slow
def test_every_frame_draws_a_view_the_session_gave_unchanged(game_id, players, rounds, monkeypatch):
    """Bots only, animated: through ROUNDS round ends (their last trick, the scores, the next deal)."""
    views = Views(monkeypatch)
    app = App(Settings(speed="fast", bot_delay=0, seed=5))
    app.new_game(game_id, bots(players))
    screen = app.scene
    assert isinstance(screen, GameScreen)
    unique = game_id != "tricks"  # a Tricks hand may hold two equal cards
    sheets, after = [], 0
    for frame in range(40000):
        if isinstance(app.scene, ScoreboardScene):
            if app.scene not in sheets:
                sheets.append(app.scene)
            if app.scene.final:
                break
            click(app, "continue")
            continue
        if len(sheets) == rounds:
            after += 1
            if after > 200:  # the next round's deal and first cards shown too
                break
        app.step(FRAME)
        board = screen.board
        assert views.handed_out(board.shown), f"frame {frame}: the picture is not a view the session gave"
        assert not (unique and drawn_twice(board)), f"frame {frame}: a card in the air is drawn twice"
    assert len(sheets) == rounds
    assert views.changed() == []
    app.quit()


def test_the_first_frames_of_a_game_draw_views_the_session_gave_unchanged(monkeypatch):
    """The quick sibling of the above: the deal and the first tricks of a game of bots, animated."""
    views = Views(monkeypatch)
    app = App(Settings(speed="fast", bot_delay=0, seed=5))
    app.new_game("mlut", bots(4))
    screen = app.scene
    flying = 0
    for frame in range(240):
        app.step(FRAME)
        board = screen.board
        assert views.handed_out(board.shown), f"frame {frame}: the picture is not a view the session gave"
        assert not drawn_twice(board), f"frame {frame}: a card in the air is drawn twice"
        flying += bool(board.flights)
    assert flying > 20 and len(views.given) > 10, "cards flew and many views were drawn"
    assert views.changed() == []
    app.quit()
