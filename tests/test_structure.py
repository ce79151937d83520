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
