"""What the kept games' list shows of each file in the games folder, and whether it opened.

A Summary is read from a record's first and last lines, not replayed (``summarize``: once per version
of the file). Whether a record opens in full (every line replayed by the rules) is remembered per
version of its file, with the language its reason is worded in; the menu's thread and the index's
background thread (kept.catalog) both ask and tell it.
"""

import math
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game import i18n
from game.engine import Seat
from game.kit import find
from game.i18n import _
from kept import files
from kept.record import RecordError, load, read_lines, replay


# A file's time as seconds (a record's modification time, an index's "when"): anything that is not a
# number a date can be made of (NaN, infinite, before the year 1 or after 9999, as some file systems
# and backup tools keep) is UNKNOWN_TIME, which sorts as the oldest and shows as "date unknown".
UNKNOWN_TIME = float("-inf")
_FIRST_TIME = (datetime(1, 1, 2) - datetime(1970, 1, 1)).total_seconds()  # a day's margin: time zones
_LAST_TIME = (datetime(9999, 12, 30) - datetime(1970, 1, 1)).total_seconds()


def sane_time(value):
    """VALUE as seconds since 1970 when a date can be made of it, else UNKNOWN_TIME."""
    if type(value) not in (int, float) or not math.isfinite(value) or not _FIRST_TIME <= value <= _LAST_TIME:
        return UNKNOWN_TIME
    return float(value)


@dataclass
class Summary:
    """One kept game, from its lines (not replayed): enough for a menu list."""

    path: Path
    game: str = ""
    title: str = ""
    when: float = 0.0
    players: tuple = ()
    people: tuple = ()  # the seats that were people
    winners: tuple = ()
    totals: tuple = ()  # the end line's totals per seat, when finished (the Players view's scores)
    won: tuple = ()  # the winners' seats, when finished
    finished: bool = False
    problem: str = ""  # why the file is not a usable record, if it is not
    refused: str = ""  # why the game was refused when it was opened in full (Continue, Replay)
    identity: tuple = ()  # the file's inode, size, time and mode when it was read
    # the language ``problem`` and ``refused`` are worded in (they are made when the file is read):
    # ``reason()`` words them again in another
    words_in: str = field(default="", compare=False, repr=False)

    def __post_init__(self):
        self.words_in = self.words_in or i18n.language()
        self.when = sane_time(self.when)

    @property
    def date(self):
        """When the game was last written, for a person (in the language shown now); a time no
        calendar can show (before the year 1, after 9999, not a number) is "date unknown"."""
        if self.when == UNKNOWN_TIME:
            return _("date unknown")
        try:
            return i18n.date(datetime.fromtimestamp(self.when))
        except (OverflowError, OSError, ValueError):  # the system's calendar ends sooner (Windows: 1970-3000)
            return _("date unknown")

    @property
    def usable(self):
        return not self.problem and not self.refused


# path -> (the file's identity when read, its Summary); a file changes identity when written
_summaries = {}


def summarize_again(summary):
    """The summary of SUMMARY's file as it is now, read whatever the index or this run remembered of it
    (whether it opened included)."""
    fresh = summarize(summary.path, cached=False)
    _summaries[summary.path] = (fresh.identity, fresh)
    with _opened_lock:
        _opened.pop(summary.path, None)
    return fresh


def summarize(path, cached=True, check=False):
    """The Summary of one file in the games folder; never raises, never blocks on a special file.
    CACHED: a file read before and not changed since is not read again. CHECK: an unfinished game is
    also replayed by the rules from the lines just read, as ``opens`` would (Continue's candidate: a long
    record is then parsed once, not twice)."""
    path = Path(path)
    try:
        info = path.stat()
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or error
        return Summary(path=path, problem=_("the file cannot be read ({what})").format(what=why))
    key = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_mode)
    known = _summaries.get(path) if cached else None
    if known is not None and known[0] == key:
        return known[1]
    summary = Summary(path=path, when=info.st_mtime, identity=key)
    with files.collector_paused():  # until the lines are freed again: see record.load
        try:
            lines = read_lines(path)
            _fill(summary, lines)
        except RecordError as error:
            summary.problem = str(error)
        else:
            if check and not summary.finished:
                _judge(summary, lines)
        lines = None
    if cached:
        _summaries[path] = (key, summary)
    return summary


def _fill(summary, lines):
    lineno, head = lines[0]
    game = head.get("game")
    if head.get("t") != "game" or not isinstance(game, str) or find(game) is None:
        raise RecordError(_("not a Tricktable record"), lineno)
    seats = head.get("seats")
    if not isinstance(seats, list) or not seats:
        raise RecordError(_('"seats" must be a list of seats'), lineno)
    try:
        seats = [Seat.from_json(s) for s in seats]
    except ValueError as error:
        raise RecordError(str(error), lineno) from None
    summary.game, summary.title = game, find(game).title
    summary.players = tuple(s.name for s in seats)
    summary.people = tuple(i for i, s in enumerate(seats) if s.kind == "human")
    last = next((line for _, line in reversed(lines) if not line["t"].startswith("x-")), head)
    if last["t"] == "end":
        summary.finished = True
        winners = last.get("winners")
        summary.won = tuple(w for w in (winners if isinstance(winners, list) else [])
                            if type(w) is int and 0 <= w < len(seats))
        summary.winners = tuple(summary.players[w] for w in summary.won)
        totals = last.get("totals")
        if isinstance(totals, list) and len(totals) == len(seats) and all(type(t) is int for t in totals):
            summary.totals = tuple(totals)


# Whether each file opened in full, as it was when read: path -> (its identity, "" or why it was refused,
# the language of that reason). The menu's thread and the index's background thread both ask and tell
# it: each entry is written whole, and a summary's ``refused`` and ``words_in`` with it, under the lock.
_opened = {}
_opened_lock = threading.Lock()


def _remember(summary, reason, language):
    with _opened_lock:
        _opened[summary.path] = (summary.identity, reason, language)
        summary.refused, summary.words_in = reason, language


def _known(summary):
    """(reason, language) remembered of the summary's file as it is now, or None."""
    with _opened_lock:
        identity, reason, language = _opened.get(summary.path, (None, "", ""))
    return (reason, language) if identity == summary.identity else None


def remember_opened(summary, reason):
    _remember(summary, reason, i18n.language())


def mark_opened(summary, finished):
    """The whole record was just read and replayed by the rules: a refusal remembered before is lifted,
    and FINISHED is what the record says. True when that changed anything."""
    with _opened_lock:
        before = (summary.refused, summary.finished, _opened.get(summary.path, ())[:2])
    remember_opened(summary, "")
    summary.finished = finished
    with _opened_lock:
        return before != (summary.refused, summary.finished, _opened.get(summary.path, ())[:2])


def forget(path):
    """What was read and judged of the file at PATH (removed)."""
    _summaries.pop(path, None)
    with _opened_lock:
        _opened.pop(path, None)


def checked(summary):
    """True if the file, as it is now, was opened in full before (by this run or as the index says)."""
    return _known(summary) is not None


def opened_reason(summary):
    """"" if the record opened in full, why not if it did not, None if that is not known."""
    known = _known(summary)
    return None if known is None else known[0]


def opens(summary):
    """True if the whole record replays by the rules (checked once per version of the file);
    otherwise the summary is marked refused, with the reason."""
    with _opened_lock:
        identity, reason, language = _opened.get(summary.path, (None, "", ""))
        known = identity == summary.identity
        if known:
            summary.refused = reason
            if reason:
                summary.words_in = language
    return not reason if known else not read_in_full(summary)


def read_in_full(summary):
    """Read and replay the whole record now, whatever is remembered of it: "" when it opens (its
    ``finished`` then as the record says: a record cut before its end line), else why not. Remembered
    for ``checked`` and the index."""
    with files.collector_paused():  # as record.load: until the lines are freed
        try:
            lines = read_lines(summary.path)
        except RecordError as error:
            lines = error
        reason = _judge(summary, lines)
        lines = None
    return reason


def _judge(summary, lines):
    """Whether LINES (the summary's file, read in full now; or the RecordError reading it) replay by
    the rules: "" or why not, remembered as ``read_in_full`` says."""
    reason = str(lines) if isinstance(lines, RecordError) else ""
    if not reason:
        try:
            summary.finished = replay(lines).is_over
        except RecordError as error:
            reason = str(error)
    remember_opened(summary, reason)
    return reason


_reasons = {}  # (path, identity, language) -> why the file is not usable, worded in that language


def reason(summary):
    """Why a kept file cannot be used (``problem``, else ``refused``), in the language shown now, or "".
    Worded when the file was read: in another language the file is read again for the words (once per
    version of the file and language; a file that reads differently now keeps the words it had)."""
    said = summary.problem or summary.refused
    lang = i18n.language()
    if not said or summary.words_in == lang:
        return said
    key = (summary.path, summary.identity, lang)
    if key not in _reasons:
        if len(_reasons) > 512:
            _reasons.clear()
        _reasons[key] = _reworded(summary) or said
    return _reasons[key]


def _reworded(summary):
    """The summary's reason made again, in the language shown now; "" when the file no longer fails so."""
    if summary.problem:
        again = summarize(summary.path, cached=False)
        return again.problem if again.identity == summary.identity else ""
    try:
        load(summary.path)
    except RecordError as error:
        return str(error)
    return ""
