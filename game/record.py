"""Game records: JSON Lines as shared/spec/record-format.md says.

Writing: a state's ``events`` already are the record's lines, in order; ``RecordWriter`` appends the
new ones and flushes after each, ``save`` replaces a file atomically. Reading: ``read_lines`` parses
(ignoring a cut-off last line), ``replay`` rebuilds the state by feeding the record's chance lines
(deals, decks) back into a fresh state and applying its actions, checking every derived line
against what the rules produce. Nothing from a record is ever executed.
"""

import json
import os
import tempfile

from game import GAMES, state_class
from game.engine import BadChance, IllegalAction, action_from_json

VERSION = 1
# Lines whose list order carries no meaning; compared as multisets.
UNORDERED_KEYS = {"taken", "removed", "fulfilled", "winners"}


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``line`` is the 1-based line number, if any."""

    def __init__(self, message, line=None):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line else message)


def dumps(event):
    return json.dumps(event, ensure_ascii=False, separators=(", ", ": "))


class RecordWriter:
    """Appends a state's new events to a file, one flushed line per event."""

    def __init__(self, path, written=0):
        self.path = path
        self.written = written
        self._file = open(path, "a" if written else "w", encoding="utf-8", newline="\n")

    def sync(self, state):
        events = state.events
        while self.written < len(events):
            self._file.write(dumps(events[self.written]) + "\n")
            self._file.flush()
            self.written += 1

    def close(self):
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def save(path, state):
    """Write the whole record, replacing the file atomically (temporary file beside it, then rename)."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".jsonl", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(dumps(e) + "\n" for e in state.events))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_lines(path):
    """[(line number, object)] of a record file; a cut-off last line is left out."""
    with open(path, "rb") as f:
        data = f.read()
    return parse(data)


def parse(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data.strip():
        raise RecordError("the record is empty")
    raw_lines = data.split(b"\n")
    complete = data.endswith(b"\n")
    if complete:
        raw_lines.pop()
    out = []
    for i, raw in enumerate(raw_lines, start=1):
        last_and_cut = i == len(raw_lines) and not complete
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            if last_and_cut:
                break
            raise RecordError(f"not a JSON line ({_short(e)})", i) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
            if last_and_cut and not isinstance(obj, dict):
                break
            raise RecordError('every line must be a JSON object with a "t" type', i)
        out.append((i, obj))
    if not out:
        raise RecordError("the record has no complete line")
    return out


def _short(err):
    return str(err).split(":")[0]


def load(path):
    """The state a record file describes (a finished game or one to resume)."""
    return replay(read_lines(path))


def replay(lines):
    """Rebuild the state from [(line number, object)], checking every line against the rules."""
    state, chance_lines = _start(lines)
    produced = 1  # state.events[0] is the game line
    for lineno, line in lines[1:]:
        kind = line["t"]
        if kind.startswith("x-"):
            continue
        if produced == len(state.events):
            _apply_act(state, lineno, line, chance_lines)
        expected = state.events[produced]
        problem = _mismatch(line, expected)
        if problem:
            raise RecordError(problem, lineno)
        produced += 1
    return state


def _start(lines):
    lineno, head = lines[0]
    if head.get("t") != "game":
        raise RecordError('the first line must be the "game" line', lineno)
    if head.get("v") != VERSION or isinstance(head.get("v"), bool):
        raise RecordError(f"record version {head.get('v')!r} is not supported (this program reads {VERSION})", lineno)
    game = head.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r}", lineno)
    players, seed = head.get("players"), head.get("seed")
    if not _is_int(players) or not _is_int(seed):
        raise RecordError('"players" and "seed" must be integers', lineno)
    seats, options = head.get("seats"), head.get("options", {})
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordError('"seats" must be a list of objects', lineno)
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object', lineno)
    cls = state_class(game)
    chance_lines = []
    for n, line in lines[1:]:
        try:
            outcome = cls.chance_outcome(line)
        except (KeyError, TypeError, ValueError):
            raise RecordError(f"a malformed {line['t']!r} line", n) from None
        if outcome is not None:
            chance_lines.append((n, outcome))
    try:
        state = cls(players=players, seed=seed, seats=seats, options=options,
                    chance=[o for _, o in chance_lines])
    except BadChance as e:
        raise RecordError(str(e), chance_lines[0][0] if chance_lines else lineno) from None
    except (ValueError, TypeError) as e:
        raise RecordError(str(e), lineno) from None
    state._chance_lines = chance_lines
    return state, chance_lines


def _apply_act(state, lineno, line, chance_lines):
    if line["t"] != "act":
        if state.is_over:
            raise RecordError(f"a {line['t']!r} line after the end of the game", lineno)
        raise RecordError(f"expected an action of seat {state.current_player}, found a {line['t']!r} line", lineno)
    seat, act = line.get("p"), line.get("a")
    if state.is_over:
        raise RecordError("an action after the end of the game", lineno)
    if not _is_int(seat):
        raise RecordError('"p" must be a seat number', lineno)
    if seat != state.current_player:
        raise RecordError(f"it is seat {state.current_player}'s turn, not seat {seat}'s", lineno)
    try:
        action = action_from_json(act)
    except ValueError as e:
        raise RecordError(f"a malformed action: {e}", lineno) from None
    before = len(chance_lines) - len(state._chance_queue)
    try:
        state.apply(action)
    except IllegalAction as e:
        raise RecordError(f"illegal action {json.dumps(act)}: {e}", lineno) from None
    except BadChance as e:
        bad = chance_lines[before][0] if before < len(chance_lines) else lineno
        raise RecordError(str(e), bad) from None


def _mismatch(line, expected):
    kind = expected["t"]
    if line["t"] != kind:
        return f"expected a {kind!r} line here, found {line['t']!r}"
    for key, want in expected.items():
        if key == "a":
            continue  # the record's own action was applied; its spelling may differ (pick order)
        if key not in line:
            return f"the {kind!r} line lacks {key!r}"
        got = line[key]
        if key in UNORDERED_KEYS and isinstance(got, list) and isinstance(want, list):
            got, want = sorted(map(json.dumps, got)), sorted(map(json.dumps, want))
        if not same(got, want):
            return f"{kind} {key} is {json.dumps(line[key])}, the rules give {json.dumps(expected[key])}"
    return None


def same(a, b):
    """Equality that tells JSON booleans from integers (the format never uses one for the other)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def resume(path):
    """Load a record and reopen it for appending; the file is rewritten atomically first so a
    cut-off last line or missing derived lines are mended before new lines follow."""
    state = load(path)
    save(path, state)
    return state, RecordWriter(path, written=len(state.events))
