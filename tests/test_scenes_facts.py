"""One source of truth (issue 11): the screens never repeat a rules fact as a literal. Each game
registers its facts once (game.kit) and the rules core has its own functions and constants; the
screens read those. A scan of scenes/*.py finds the literal patterns that were removed ("Trick {n} of
14", "Round {r} of 2", "{len(hand)}/8", "/9", ``range(4)`` for the seats, ``min(..., 14)``, ...), so
they don't come back; and the rules functions the screens now call agree with the rules."""

import ast
import re
from pathlib import Path

import pytest

from game import GAMES, game_info, new_game
from game.games.tricks import rules as tricks
from game.games.wassticht import rules as wassticht
from game.runner import play_out, seat_bots

SCENES = Path(__file__).resolve().parent.parent / "scenes"

_INFOS = [game_info(g) for g in GAMES]
PLAYER_COUNTS = {n for info in _INFOS for n in info.player_counts}
# a round's length in tricks, cards or rows
TRICK_COUNTS = ({info.tricks_per_round for info in _INFOS} | {info.hand_size for info in _INFOS}
                | {tricks.HAND, wassticht.ROWS})
ROUND_COUNTS = {r for info in _INFOS for r in info.rounds.values()}
FACTS = PLAYER_COUNTS | TRICK_COUNTS | ROUND_COUNTS | {len(wassticht.TRUMP_COMBOS)}

# "… of 14", "… of 2": a count out of a fact; "{n}/8", "trick {t}/9": the same, shorter;
# "8 cards each", "3 colours at most": a fact with what it counts.
OF_N = re.compile(r"\bof (\d+)\b")
SLASH_N = re.compile(r"(?:^|\s)/(\d+)\b")
N_THINGS = re.compile(r"\b(\d+) (?:cards?|tricks?|rounds?|rows?|players?|seats?|colours?|tasks?|chips?)\b")

# Literals that are not this check's business, each with its reason: (file, what was found).
KNOWN = {
    ("menu.py", "range(6)"),  # the menu's six remembered seat rows, one per default name (not a screen of a game)
}


def _docstrings(tree):
    """The string nodes that are docstrings: words about the code, not on the screen."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def _int(node):
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _string_parts(tree):
    """(line, text) of every string literal and every literal part of an f-string."""
    skip = _docstrings(tree)
    parts = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    parts[id(part)] = (node.lineno, part.value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            parts.setdefault(id(node), (node.lineno, node.value))
    return sorted(parts.values())


def offenders(source, name="<source>"):
    """[(line, what)] of the rules facts written as literals in one screen's source."""
    tree = ast.parse(source)
    found = []
    for line, text in _string_parts(tree):
        for pattern in (OF_N, SLASH_N):
            for m in pattern.finditer(text):
                if int(m.group(1)) in FACTS:
                    found.append((line, repr(m.group(0).strip())))
        for m in N_THINGS.finditer(text):
            if int(m.group(1)) >= 2:
                found.append((line, repr(m.group(0))))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = [_int(a) for a in node.args]
            if node.func.id == "range" and len(args) == 1 and args[0] in PLAYER_COUNTS | TRICK_COUNTS:
                found.append((node.lineno, f"range({args[0]})"))
            if node.func.id in ("min", "max") and any(a in TRICK_COUNTS for a in args):
                found.append((node.lineno, f"{node.func.id}(…, {next(a for a in args if a in TRICK_COUNTS)})"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _int(node.right) in PLAYER_COUNTS:
            found.append((node.lineno, f"% {_int(node.right)}"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and isinstance(node.left, ast.List) \
                and _int(node.right) in PLAYER_COUNTS | TRICK_COUNTS:
            found.append((node.lineno, f"[…] * {_int(node.right)}"))
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops) \
                and any(_int(c) in TRICK_COUNTS for c in node.comparators):
            found.append((node.lineno, f"== {next(_int(c) for c in node.comparators if _int(c) in TRICK_COUNTS)}"))
    return [(line, what) for line, what in found if (name, what) not in KNOWN]


def test_the_scan_finds_the_literals_that_were_removed():
    before = '''
def info_lines(self, shown):
    trick = min(shown["tricks_played"] + 1, 14)
    return [f"Round {shown['round']} of 2", f"Trick {trick} of 14", f"{len(shown['hand'])}/8",
            f"trick {trick}/9", "8 cards each", "row 3 of 9"]

def seats(self):
    for seat in range(4):
        if (seat + 1) % 4 == 0 and len(self.tricks) == 9:
            return [None] * 9
'''
    whats = [what for _, what in offenders(before)]
    for wanted in ("min(…, 14)", "'of 2'", "'of 14'", "'/8'", "'/9'", "'8 cards'", "'of 9'", "range(4)", "% 4",
                   "== 9", "[…] * 9"):
        assert wanted in whats, wanted
    doc = '"""Nine rows of 4 cards: 9 rows of 4, range(4)."""\nX = 1\n'
    assert offenders(doc) == []


@pytest.mark.slow
def test_no_screen_repeats_a_rules_fact_as_a_literal():
    found = []
    for path in sorted(SCENES.rglob("*.py")):
        for line, what in offenders(path.read_text(encoding="utf-8"), path.name):
            found.append(f"{path.relative_to(SCENES.parent)}:{line}: {what}")
    assert not found, "rules facts written as literals (read game.kit or the rules core):\n" + "\n".join(found)


# --- the rules functions the screens call ------------------------------------------------------------
def test_the_payout_row_is_the_payout():
    for bid in range(7):
        for took in range(tricks.TRICKS + 1):
            d, factor, bonus = tricks.payout_row(bid, took)
            assert d == abs(took - bid)
            assert factor * bid + bonus == tricks.payout(bid, took)
            assert (factor == 0) == (d >= len(tricks.PAYOUT_FACTORS))


def test_the_payout_words_and_the_legend_come_from_the_rows():
    from scenes.boards.tricks.common import payout_legend, payout_words
    assert payout_legend() == ["exact: 10 × bid + 25", "1 off: 8 × bid", "2 off: 6 × bid", "3 off: 4 × bid",
                               "4 off: 2 × bid", "5+ off: 0"]
    assert payout_words(2, 3) == "bid 2, took 3: 8 × 2 = 16"
    assert payout_words(4, 4) == f"bid 4, took 4: 10 × 4 + 25 = {tricks.payout(4, 4)}"


def test_the_repayment_is_what_the_game_repays():
    assert tricks.repayment(0) == 0 and tricks.repayment(tricks.LOAN_STEP) == tricks.LOAN_COST
    borrowed = 0
    for seed in range(1, 40):
        state = new_game("tricks", 3, seed)
        play_out(state, *seat_bots(state))
        assert state.repaid == [tricks.repayment(loan) for loan in state.loans]
        borrowed += any(state.loans)
        if borrowed >= 2:
            return
    raise AssertionError("nobody borrowed in 40 games")


@pytest.mark.parametrize("per", [4, 5])
def test_the_tie_break_the_score_sheet_tells_is_the_rules_ones(per):
    ties = 0
    for seed in range(1, 60):
        state = new_game("wassticht", 4, seed, options={"tasks_per_player": per})
        play_out(state, *seat_bots(state))
        finishers = wassticht.finishers_of(state.held)
        winners, sums = wassticht.end_winners(state.laid, finishers)
        assert winners == state.winners, seed
        assert sums == {s: wassticht.difficulty_sum(state.laid[s]) for s in finishers}
        ties += len(finishers) > 1
    assert ties, "no game ended with several finishers"
    assert wassticht.end_winners([[], []], []) == ([], {})
