"""Game records: JSON Lines as shared/spec/record-format.md says.

Writing: a state's ``events`` already are the record's lines, in order; ``RecordWriter`` appends the
new ones and flushes after each, ``save`` replaces a file atomically. Reading: ``read_lines`` parses
(ignoring a cut-off last line), ``replay`` rebuilds the state by feeding the record's chance lines
(deals, decks) back into a fresh state and applying its actions, checking every derived line
against what the rules produce. Nothing from a record is ever executed.
"""

import codecs
import json
import os
import re
from itertools import islice

from game import state_class
from game.engine import BadChance, IllegalAction, action_from_json
from game.i18n import _
from game.kit import find
from game.shapes import brief
from kept import files
from kept.files import Unreadable, atomic_write

VERSION = 1
# Lines whose list order carries no meaning; compared as multisets.
UNORDERED_KEYS = {"taken", "removed", "fulfilled", "winners", "offer"}
# No line of the format nests deeper than 4; deeper lines are refused before anything recurses on them.
MAX_DEPTH = files.MAX_DEPTH


REASON_LIMIT = 240  # characters of a reason: what is wrong, never the bad value whole


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``line`` is the 1-based line number, if any. The
    reason is cut to REASON_LIMIT characters whatever made it, so no file's content is ever carried
    whole into a message the screens draw. It reaches a person (the kept games' list): its words are
    in the language shown when the record was read."""

    def __init__(self, message, line=None):
        if len(message) > REASON_LIMIT:
            message = message[:REASON_LIMIT] + "…"
        self.line = line
        self.reason = message
        super().__init__(_("line {line}: {reason}").format(line=line, reason=message) if line else message)


def quote(value, limit=60):
    """VALUE as JSON for a message, at most LIMIT characters of it (a record's values are nested 32
    deep at most, so this cannot recurse far)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        text = brief(value, limit)
    return text if len(text) <= limit else text[:limit] + "…"


def dumps(event):
    return json.dumps(event, ensure_ascii=False, separators=(", ", ": "))


class RecordWriter:
    """Appends a state's new events to a record file and knows exactly which of them reached it.

    ``written`` counts the state's events the file holds and ``size`` the bytes those whole lines
    take. A new record comes into being with its first lines in it (kept.files.create_with): a disk
    that refuses leaves no file at all, never an empty one. Each sync appends the new lines with one
    write and fsyncs them. A write or fsync that fails is cut back to ``size``, so the file stays a
    valid record, and ``error`` says why; the lines wait (``pending``) and the next sync appends them
    again, so once there is room nothing is lost or written twice, and completing the record never
    needs room for a second copy of it. A file that cannot even be opened for writing (a read-only
    folder) is no error until there is something to write.
    """

    def __init__(self, path, written=0, size=None, lead=b""):
        self.path = path
        self.written = written
        self.size = size  # None: the file is not made yet
        self.error = None
        self._fd = None
        self._lead = lead  # bytes the next write starts with (a newline the last line lacked)
        if size is not None:
            try:
                self._fd = files.open_append(path)
            except OSError:
                pass  # told only when a line must be written (the next sync tries again)

    @classmethod
    def failed(cls, path, written, size, error):
        """A writer for a file that holds SIZE bytes of WRITTEN whole lines but could not be opened
        for appending (ERROR): its first sync tries again."""
        writer = cls(path, written, None)
        writer.size, writer.error = size, error
        return writer

    def pending(self, state):
        """The bytes the file lacks after its SIZE bytes: the state's lines it does not hold yet (and a
        newline its last line lacks, if there are any); b"" when it holds them all."""
        missing = lines_bytes(state.events[self.written:])
        return self._lead + missing if missing else b""

    def sync(self, state):
        """Write the state's new events; never raises for the disk: see ``error``."""
        events = state.events
        if self.written >= len(events):
            return
        data = lines_bytes(events[self.written:])
        if self.size is None:
            self._create(data)
        else:
            self._append(self._lead + data, events)
        if self.error is None:
            self.written = len(events)

    def _create(self, data):
        try:
            files.create_with(self.path, data)
        except OSError as error:
            self.error = error
            return
        self.size, self.error = len(data), None
        try:
            self._fd = files.open_append(self.path)
        except OSError:
            pass  # the next append tries again

    def _append(self, data, events):
        """DATA after the SIZE bytes the file should hold; a half line a failed write left is cut
        first. A file someone cut shorter is rewritten whole from the state, which knows every line."""
        try:
            if self._fd is None:
                self._fd = files.open_append(self.path)
            held = os.fstat(self._fd).st_size
            if held < self.size:
                self._rewrite(events)
                return
            if held > self.size:
                files.truncate(self._fd, self.size)
            written = files.write_all(self._fd, data)
            os.fsync(self._fd)
        except OSError as error:
            self._fail(error)
            return
        self.size += written
        self.error, self._lead = None, b""

    def _fail(self, error):
        self.error = error
        if self._fd is not None:
            try:
                if os.fstat(self._fd).st_size > self.size:
                    files.truncate(self._fd, self.size)  # drop a half-written line: the file stays a record
            except OSError:
                pass  # the next append cuts it

    def _rewrite(self, events):
        """The file was cut by someone: the state's whole record, put in place atomically."""
        data = lines_bytes(events)
        atomic_write(self.path, data)
        fd = files.open_append(self.path)
        self._close_fd()
        self._fd, self.error, self._lead = fd, None, b""
        self.size = len(data)

    def _close_fd(self):
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def close(self):
        self._close_fd()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def lines_bytes(events):
    return "".join(dumps(e) + "\n" for e in events).encode("utf-8")


def record_bytes(state):
    return lines_bytes(state.events)


def save(path, state):
    """Write the whole record, replacing the file atomically (temporary file beside it, fsync, rename)."""
    atomic_write(path, record_bytes(state))


def read_bytes(path):
    """A record file's bytes; RecordError for anything that is not a readable, sane-sized file."""
    try:
        return files.read_file(path)
    except Unreadable as error:
        if error.kind == "special":
            # TRANSLATORS: {what} is like "a folder, not a file"
            words = _("this is {what}")
        elif error.kind == "large":
            # TRANSLATORS: {what} is like "20 MB, more than any record (16 MB at most)"
            words = _("the file has {what}")
        else:
            # TRANSLATORS: {what} is the system's reason, like "Permission denied"
            words = _("the file cannot be read ({what})")
        raise RecordError(words.format(what=error.reason)) from None


def read_lines(path):
    """[(line number, object)] of a record file; a cut-off last line is left out."""
    return parse(read_bytes(path))


def parse(data):
    """[(line number, object)] of a record's bytes (or text); RecordError with the line if broken."""
    return _scan(data)[0]


def _scan(data):
    """(lines, end): the parsed lines, and how many bytes of data hold whole lines (a cut-off last
    line and trailing junk excluded). Blank lines are passed over; a UTF-8 byte order mark is allowed.
    ``x-`` lines are checked like every line but not kept (readers ignore them; a flood of them must
    not fill the memory), except one that stands first, where the game line belongs.

    Linear and quick for long records: the text is decoded once, its nesting measured once
    (kept.files.nesting_over), and each line is parsed in place by the JSON parser's scanner; any
    line it does not take whole (and every line of a text that nests too deeply somewhere) goes the
    careful way, which finds the reason. The cycle collector waits meanwhile (files.collector_paused)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text, dirty = data[start:].decode("utf-8"), False
    except UnicodeDecodeError:  # some line is not UTF-8: its bytes become U+DC80-U+DCFF and it is refused
        text, dirty = data[start:].decode("utf-8", "surrogateescape"), True
    careful = files.nesting_over(data, MAX_DEPTH)
    out, lineno, pos, whole = [], 0, 0, True
    with files.collector_paused():  # a long record's lines are many small trees
        while pos < len(text):
            newline = text.find("\n", pos)
            cut = newline < 0  # the last line, with no newline: maybe cut off by a crash
            stop = len(text) if cut else newline
            lineno += 1
            if cut and text.find("\0", pos, stop) >= 0:
                raise RecordError(_zero_end(data), lineno)
            try:
                obj = _text_line(text, pos, stop, lineno, careful or (dirty and _ESCAPED.search(text, pos, stop)))
            except RecordError:
                if not cut:
                    raise
                obj = None  # cut off by a crash: left out
            if obj is not None and (not out or not obj["t"].startswith("x-")):
                out.append((lineno, obj))
            whole = not cut or obj is not None  # a last line with no newline counts only when it is an object
            pos = stop + 1
    if not out:
        raise RecordError(_("the record is empty") if not data.strip() else _("the record has no complete line"))
    end = len(data) if whole else max(data.rfind(b"\n") + 1, start)
    return out, end


def _zero_end(data):
    """Why a record that ends in zero bytes is refused: no writer writes them (JSON escapes a NUL), but
    a disk can leave a file's end zeroed after a crash, in place of the lines that were there."""
    size = len(data) - (data.rfind(b"\n") + 1)
    # TRANSLATORS: {size} is like "16 MB" or "512 bytes"
    return _("the file ends in zero bytes ({size}), not lines of the game (the disk may have lost its end "
             "in a crash)").format(size=files.megabytes(size))


_SCAN = json.decoder.JSONDecoder().scan_once  # the C scanner: one value at an index, no copy of the line
_ESCAPED = re.compile("[\udc80-\udcff]")  # a byte that was no UTF-8, after a surrogateescape decode
_BLANK = re.compile(r"[ \t\r]*")


def _text_line(text, pos, stop, lineno, careful):
    """The object of the line text[pos:stop], None for a blank line; RecordError for anything else."""
    if not careful:
        try:
            obj, after = _SCAN(text, pos)
        except (StopIteration, ValueError, RecursionError):
            obj, after = None, -1
        if after == stop or 0 <= after < stop and _BLANK.fullmatch(text, after, stop):
            if type(obj) is dict and type(obj.get("t")) is str:
                return obj
    if not text[pos:stop].strip():
        return None
    return _line_object(text[pos:stop].encode("utf-8", "surrogateescape"), lineno, True)


def _line_object(raw, lineno, careful=True):
    """One line's object. The nesting is checked before the parser sees the line when CAREFUL (the
    whole text nests deeper than a line may), so nothing recurses on a hostile file."""
    try:
        if careful:
            obj = files.parse_json(raw, MAX_DEPTH, bom=False)
        else:
            obj = json.loads(raw.decode("utf-8"))
    except Unreadable as error:
        # TRANSLATORS: {why} is the JSON parser's words, like "Expecting value"
        reason = _("not a JSON line ({why})").format(why=error.reason) if error.kind in ("json", "number") \
            else error.reason
        raise RecordError(reason, lineno) from None
    except UnicodeDecodeError:
        raise RecordError(_("not UTF-8 text"), lineno) from None
    except json.JSONDecodeError as error:
        raise RecordError(_("not a JSON line ({why})").format(why=files.parser_words(error.msg)), lineno) from None
    except ValueError:  # an integer of more digits than Python converts
        raise RecordError(_("not a JSON line ({why})").format(why=_("a number too long to read")), lineno) from None
    except (RecursionError, MemoryError):  # guards only: the nesting and the size were bounded
        raise RecordError(_("too large or nested too deeply"), lineno) from None
    if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
        raise RecordError(_('every line must be a JSON object with a "t" type'), lineno)
    return obj


def load(path):
    """The state a record file describes (a finished game or one to resume). The cycle collector
    waits until the lines are freed: a long record's lines are millions of small objects (unknown keys),
    and the collector, let loose while they live, would walk them all for nothing."""
    with files.collector_paused():
        lines = read_lines(path)
        state = replay(lines)
        lines = None
    return state


def replay(lines):
    """Rebuild the state from [(line number, object)], checking every line against the rules."""
    return _replay(lines)[0]


def _replay(lines):
    """(state, produced): the state, and how many of its events the lines hold (fewer than it has
    when the record stops between an action and the lines the rules derive from it)."""
    try:
        state, chance_lines = _start(lines)
        rest = list(lines[1:])
        produced = 1  # state.events[0] is the game line
        for i in range(len(rest)):
            lineno, line = rest[i]
            if line["t"].startswith("x-"):
                continue
            if produced == len(state.events):
                _in_engine_order(state, rest, i)
                lineno, line = rest[i]
                _apply_act(state, lineno, line, chance_lines)
            problem = _mismatch(line, state.events[produced])
            if problem:
                raise RecordError(problem, lineno)
            produced += 1
    except (RecursionError, MemoryError) as error:
        raise RecordError(_("the record is too large or nested too deeply ({error})").format(
            error=type(error).__name__)) from None
    return state, produced


def _in_engine_order(state, rest, i):
    """Secret choices made at the same time (Tricks bids, Was sticht? task choices) may stand in
    any seat order in a record; put the block starting at rest[i] in the order the state asks."""
    seats = state.secret_seats()
    if len(seats) < 2:
        return
    places = list(islice((j for j in range(i, len(rest)) if not rest[j][1]["t"].startswith("x-")), len(seats)))
    block = [rest[j] for j in places]
    found = [line.get("p") for _, line in block]
    if any(line["t"] != "act" for _, line in block) or not all(_is_int(p) for p in found) \
            or sorted(found) != sorted(seats):
        return  # not a complete block: the usual checks name what is wrong
    block.sort(key=lambda item: seats.index(item[1]["p"]))
    for j, item in zip(places, block):
        rest[j] = item


def _start(lines):
    lineno, head = lines[0]
    if head.get("t") != "game":
        raise RecordError(_('the first line must be the "game" line'), lineno)
    if type(head.get("v")) is not int or head.get("v") != VERSION:
        raise RecordError(_("record version {found} is not supported (this program reads {version})").format(
            found=quote(head.get("v")), version=VERSION), lineno)
    game = head.get("game")
    if find(game) is None:
        raise RecordError(_("unknown game {game}").format(game=quote(game)), lineno)
    players, seed = head.get("players"), head.get("seed")
    if not _is_int(players) or not _is_int(seed):
        raise RecordError(_('"players" and "seed" must be integers'), lineno)
    seats, options = head.get("seats"), head.get("options", {})
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordError(_('"seats" must be a list of objects'), lineno)
    if not isinstance(options, dict):
        raise RecordError(_('"options" must be an object'), lineno)
    cls = state_class(game)
    chance_lines = []
    for n, line in lines[1:]:
        try:
            outcome = cls.chance_outcome(line)
        except (KeyError, TypeError, ValueError):
            # TRANSLATORS: {kind} is a record line's type as written in the file, like "deal"
            raise RecordError(_("a malformed {kind} line").format(kind=quote(line["t"])), n) from None
        if outcome is not None:
            chance_lines.append((n, outcome))
    try:
        state = cls(players=players, seed=seed, seats=seats, options=options,
                    chance=[o for _, o in chance_lines])
    except BadChance as e:
        raise RecordError(str(e), chance_lines[0][0] if chance_lines else lineno) from None
    except (ValueError, TypeError) as e:
        raise RecordError(str(e), lineno) from None
    return state, chance_lines


def _apply_act(state, lineno, line, chance_lines):
    if line["t"] != "act":
        if state.is_over:
            raise RecordError(_("a {kind} line after the end of the game").format(kind=quote(line["t"])), lineno)
        raise RecordError(_("expected an action of seat {seat}, found a {kind} line").format(
            seat=state.current_player, kind=quote(line["t"])), lineno)
    seat, act = line.get("p"), line.get("a")
    if state.is_over:
        raise RecordError(_("an action after the end of the game"), lineno)
    if not _is_int(seat):
        raise RecordError(_('"p" must be a seat number'), lineno)
    if seat != state.current_player:
        raise RecordError(_("it is seat {turn}'s turn, not seat {seat}'s").format(
            turn=state.current_player, seat=seat), lineno)
    try:
        action = action_from_json(act)
    except ValueError as e:
        raise RecordError(_("a malformed action: {why}").format(why=e), lineno) from None
    before = len(chance_lines) - len(state._chance_queue)
    try:
        state.apply(action)
    except IllegalAction as e:
        # TRANSLATORS: {action} is the action as written in the file; {why} the rules' reason
        raise RecordError(_("illegal action {action}: {why}").format(action=quote(act), why=e), lineno) from None
    except BadChance as e:
        bad = chance_lines[before][0] if before < len(chance_lines) else lineno
        raise RecordError(str(e), bad) from None


def _mismatch(line, expected):
    kind = expected["t"]
    if line["t"] != kind:
        return _("expected a {kind} line here, found {found}").format(kind=quote(kind), found=quote(line["t"]))
    for key, want in expected.items():
        if key == "a":
            continue  # the record's own action was applied; its spelling may differ (pick order)
        if key not in line:
            return _("the {kind} line lacks {key}").format(kind=quote(kind), key=quote(key))
        got = line[key]
        if key in UNORDERED_KEYS and isinstance(got, list) and isinstance(want, list):
            got, want = sorted(map(json.dumps, got)), sorted(map(json.dumps, want))
        if not same(got, want):
            # TRANSLATORS: like 'deal hands is [...], the rules give [...]' (a record line's type and key)
            return _("{kind} {key} is {found}, the rules give {expected}").format(
                kind=kind, key=key, found=quote(line[key]), expected=quote(expected[key]))
    return None


def same(a, b):
    """Equality that tells JSON booleans and numbers with a point or exponent (1.0, 1e0, -0.0) from
    integers: where the format says integer, only an integer is one (Python calls True == 1 == 1.0)."""
    if type(a) in _NOT_INTEGERS or type(b) in _NOT_INTEGERS:
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


_NOT_INTEGERS = (bool, float)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def resume(path, held=None):
    """(state, writer): a record loaded and reopened for appending. What the file holds is kept as
    it is (``x-`` lines, unknown keys). HELD: (size, bytes), lines a journal kept beside the record
    (kept.storage) that belong after the file's first SIZE bytes.

    The state is the whole game: the file's lines, the held ones, and the lines the rules derive
    after the last one written. Whatever of it the file lacks (and a newline its last line lacks) is
    appended at once, after cutting off a last line a crash left half written, never by writing a
    second copy; a disk that refuses leaves those lines waiting in the writer (``error``, told like a
    full disk) and the file as it was. A clean record writes nothing at all (a read-only folder)."""
    data = read_bytes(path)
    size, payload = held if held is not None else (None, b"")
    with files.collector_paused():  # as load: until the lines are freed
        lines, end = _scan(data[:size] + payload if held is not None else data)
        state, produced = _replay(lines)
        lines = None
    base = data[:size] if held is not None else data[:end]  # the file's whole lines
    lead = b"\n" if base and not base.endswith(b"\n") else b""
    held_lines = payload.count(b"\n") - payload.startswith(b"\n")  # (a newline the file's last line lacked)
    writer = RecordWriter(path, written=produced - held_lines, size=len(base), lead=lead)
    writer.sync(state)
    return state, writer
