"""Where games are kept: every game's record in the user's data folder, written as it happens.

A record without an ``end`` line is a game to continue; one with it is a finished game to replay.
The folders come from platformdirs, as other desktop programs find theirs; the environment variables
TRICKTABLE_DATA and TRICKTABLE_CONFIG override them (tests, portable installs).
"""

import errno
import hashlib
import json
import math
import os
import secrets
import stat
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import platformdirs

from game import TITLES, i18n
from game.engine import Seat
from game.i18n import _, ngettext
from kept import files
from kept import lock as locks
from kept.catalog import INDEX, Catalog
from kept.record import (RecordError, RecordWriter, load, parse, read_bytes, read_lines, record_bytes, replay, resume,
                         save)

APP = "tricktable"


def data_path():
    """The data folder as chosen (TRICKTABLE_DATA, else the system's usual place), not made yet."""
    return Path(os.environ.get("TRICKTABLE_DATA") or platformdirs.user_data_dir(APP, appauthor=False))


def data_dir():
    path = data_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir():
    path = Path(os.environ.get("TRICKTABLE_CONFIG") or platformdirs.user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def games_dir():
    path = data_dir() / "games"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class FolderProblem:
    """The data folder cannot keep games: which folder, and why in plain words (``why``)."""

    folder: Path
    why: str


_usable = set()  # data folders found able to keep games in this run


def data_problem():
    """None when games can be kept in the data folder (it is there or can be made, and a file can be
    made in its games folder); else a FolderProblem. Writes nothing but a small probe it removes
    again (as a record is made: kept.files.create_with). A full disk is no problem of the folder: the
    record's journal holds what does not fit, and the game says so."""
    folder = data_path()
    if folder in _usable:
        return None
    try:
        probe = games_dir() / f".tmp-probe-{secrets.token_hex(6)}"
        files.create_with(probe, b"")
        os.unlink(probe)
    except (OSError, ValueError) as error:
        if getattr(error, "errno", None) in (errno.ENOSPC, errno.EDQUOT):
            return None
        return FolderProblem(folder, _folder_reason(folder, error))
    _usable.add(folder)
    return None


def _folder_reason(folder, error):
    """Why FOLDER cannot be used, for a person: what stands where a folder should be (a file, a pipe,
    a link to nothing), else why the disk refused."""
    blocker = _not_a_folder(folder)
    if blocker is not None:
        path, info = blocker
        itself = path == Path(os.path.abspath(folder))
        if stat.S_ISLNK(info.st_mode):
            target = _link_target(path)
            if itself:
                # TRANSLATORS: the data folder is a link (a shortcut) to {target}, which does not exist
                return _("it leads to {target}, which is not there (a drive that is not plugged in?)").format(
                    target=target)
            # TRANSLATORS: {path} is a link (a shortcut) to the folder {target}, which does not exist
            return _("{path} leads to {target}, which is not there (a drive that is not plugged in?)").format(
                path=path, target=target)
        what = _("a file") if stat.S_ISREG(info.st_mode) else _(files.kind_of(info.st_mode))
        if itself:
            # TRANSLATORS: {what} is "a file", "a pipe (FIFO)", "a device", ...
            return _("it is {what}, not a folder").format(what=what)
        # TRANSLATORS: {path} is a folder above the data folder; {what} is "a file", "a pipe (FIFO)", ...
        return _("{path} is {what}, not a folder").format(path=path, what=what)
    if isinstance(error, OSError):
        reason = _disk_reason(error)
        if error.errno in (errno.EACCES, errno.EPERM):
            reason = _("it may not be written (no permission)")
        if reason is not None:
            return reason
        return str(error.strerror or error)
    return str(error)


def _not_a_folder(folder):
    """(path, lstat) of the first of FOLDER and the folders above it that stands where a folder is
    needed but is none (a file, a pipe, a link that leads nowhere or to a file), or None."""
    path = Path(os.path.abspath(folder))
    for step in [path, *path.parents][::-1]:
        try:
            info = os.lstat(step)
        except FileNotFoundError:
            return None  # the rest can be made
        except (OSError, ValueError):
            return None
        if stat.S_ISDIR(info.st_mode):
            continue
        if stat.S_ISLNK(info.st_mode):
            try:
                if stat.S_ISDIR(os.stat(step).st_mode):
                    continue
            except (OSError, ValueError):
                return step, info  # a link to nothing
            return step, os.stat(step)
        return step, info
    return None


def _link_target(path):
    try:
        return os.readlink(path)
    except OSError:
        return "?"


class Journal:
    """A small file beside a record (``<record>.journal``) that keeps the lines the disk refused.

    Its room is taken on the disk when the game starts, while there is room, so that later, on a
    full disk, the waiting lines can still be written into it (writing into room a file already has
    needs none). It has two slots written in turn, so a crash while one is written leaves the
    other. A slot is a header line {"journal": 1, "seq": n, "record": SIZE, "bytes": LEN, "sha256":
    HEX} and LEN bytes of whole record lines that belong after the record's first SIZE bytes. The
    next start (``complete``) appends them to the record and empties the journal."""

    SLOT = 32 * 1024
    SUFFIX = ".journal"

    def __init__(self, path, fd):
        self.path, self._fd, self._seq = path, fd, 0
        self.held = 0  # bytes of lines held now

    @classmethod
    def exists(cls, record_path):
        return os.path.lexists(str(record_path) + cls.SUFFIX)

    @classmethod
    def beside(cls, record_path):
        """The journal of a record: its own one if it has one, else a new one (None when there is no
        room or the folder cannot be written: the game goes on without)."""
        path = Path(str(record_path) + cls.SUFFIX)
        try:
            if not path.exists():
                files.preallocate(path, 2 * cls.SLOT)
            fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        journal = cls(path, fd)
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != 2 * cls.SLOT:
            journal.close()  # not one of ours: never written into
            return None
        found = _read_slots(path)
        journal._seq = found[0] if found else 0
        return journal

    def hold(self, size, data):
        """Keep DATA (whole lines, after the record's first SIZE bytes), as much of it as fits in
        whole lines; returns how many bytes of it are held. OSError when the disk refuses even this."""
        data = data[:_whole_lines(data, self.SLOT - 200)]
        self._seq += 1
        head = json.dumps({"journal": 1, "seq": self._seq, "record": size, "bytes": len(data),
                           "sha256": hashlib.sha256(data).hexdigest()}).encode() + b"\n"
        files.write_at(self._fd, head + data, (self._seq % 2) * self.SLOT)
        os.fsync(self._fd)
        self.held = len(data)
        return len(data)

    def clear(self):
        """Nothing is held any more (the record has every line): both slots say so."""
        if self.held:
            for _slot in range(2):
                self.hold(0, b"")
            self.held = 0

    def close(self, remove=False):
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if remove:
            _remove(self.path)


def _whole_lines(data, most):
    """How many bytes of DATA, at most MOST, end at a line's end."""
    return len(data) if len(data) <= most else data.rfind(b"\n", 0, most) + 1


def _read_slots(path):
    """(seq, size, data) of the newest sound slot of a journal file, or None."""
    try:
        raw = files.read_file(path, 4 * Journal.SLOT)
    except files.Unreadable:
        return None
    best = None
    for k in range(2):
        slot = raw[k * Journal.SLOT:(k + 1) * Journal.SLOT]
        head, _newline, rest = slot.partition(b"\n")
        try:
            info = files.parse_json(head, 2)
        except files.Unreadable:
            continue
        if type(info) is not dict or not all(type(info.get(key)) is int and info[key] >= 0
                                             for key in ("seq", "record", "bytes")):
            continue
        data = rest[:info["bytes"]]
        if len(data) != info["bytes"] or hashlib.sha256(data).hexdigest() != info.get("sha256"):
            continue  # a slot a crash cut while it was written
        if best is None or info["seq"] > best[0]:
            best = (info["seq"], info["record"], data)
    return best


def held_lines(record_path):
    """(size, data): the lines a record's journal holds for after its first SIZE bytes, or None."""
    found = _read_slots(Path(str(record_path) + Journal.SUFFIX))
    return None if found is None or not found[2] else found[1:]


def _remove(path):
    try:
        os.unlink(path)
    except OSError:
        pass


class Autosave:
    """Writes a running game's record line by line, each action's lines fsynced, so a crash loses
    at most the action being written. A disk that refuses (full, read-only) never stops the game:
    ``notice()`` tells the screen once that the game is not being kept, and once again when it is
    kept again (the lines that waited are then appended, nothing lost or doubled). Meanwhile the
    waiting lines are kept in the record's journal, so leaving the game, closing the window or a
    crash loses none of them either: the next start completes the record (``complete``).

    From the start to ``close`` it holds the record's lock (kept.lock; HOLD, when the caller took it):
    another instance of the app on the same folder leaves the game alone meanwhile."""

    def __init__(self, state, path=None, writer=None, hold=None):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        if path:
            self.path = Path(path)
            self.hold = hold or _hold(self.path)
        else:
            self.path, self.hold = _claim(games_dir(), f"{stamp}-{state.game_id}")
        try:
            self.writer = writer or RecordWriter(self.path)
        except BaseException:
            self.hold.release()
            raise
        self._told = None  # the last state of the disk the person was told about: None is "fine"
        self.journal = None
        self.waiting = 0  # how many of the state's lines the record lacks
        self.left = False
        _in_play.add(self.path)
        self.sync(state)

    def sync(self, state):
        """Write the new lines; what the disk refuses waits in the journal."""
        before = self.writer.written
        self.writer.sync(state)
        self.waiting = len(state.events) - self.writer.written
        self.over = state.is_over
        if self.journal is None and (self.writer.written > before or Journal.exists(self.path)):
            self.journal = Journal.beside(self.path)  # its room taken while the record could be written
        if self.journal is None:
            return
        try:
            if self.waiting:
                self.journal.hold(self.writer.size, self.writer.pending(state))
            else:
                self.journal.clear()
        except OSError:
            pass  # the lines wait in memory; leaving says so

    @property
    def problem(self):
        """Words for why the game is not being kept now, or ""."""
        error = self.writer.error
        return "" if error is None else not_kept_words(error)

    def notice(self):
        """What the person should be told now (once per change), or ""; also said in the terminal."""
        problem = self.problem or None
        if problem == self._told:
            return ""
        self._told = problem
        words = problem or _("The game is being kept again: its record is complete.")
        print(f"tricktable: {words}", file=sys.stderr, flush=True)
        return words

    def loses_moves(self, state):
        """True when leaving now would lose moves: lines the record lacks that its journal does not
        hold either (the window's close button asks first then)."""
        return bool(self.waiting) and not (self.journal is not None
                                           and self.journal.held >= len(self.writer.pending(state)))

    def leave_warning(self, state):
        """Words for the person about to leave the game (the pause box), or "" when every move is on
        disk: that the last moves are not kept yet, and where they wait. Writes nothing."""
        if not self.waiting:
            return ""
        moves = sum(1 for e in state.events[self.writer.written:] if e["t"] == "act")
        error = self.writer.error
        reason = (_disk_reason(error) if error is not None else None) or _("the disk refuses")
        if not self.loses_moves(state):
            if moves == 0:
                words = _("Not kept yet: the game so far is not in the record ({reason}). They wait beside it "
                          "and are written when Tricktable starts again with room.")
            else:
                words = ngettext("Not kept yet: the last move is not in the record ({reason}). They wait beside "
                                 "it and are written when Tricktable starts again with room.",
                                 "Not kept yet: the last {n} moves are not in the record ({reason}). They wait "
                                 "beside it and are written when Tricktable starts again with room.", moves)
            return words.format(n=moves, reason=reason)
        if moves == 0:
            words = _("Not kept: the game so far is not on disk ({reason}). Leaving now loses them; free some "
                      "room first.")
        else:
            words = ngettext("Not kept: the last move is not on disk ({reason}). Leaving now loses them; free "
                             "some room first.",
                             "Not kept: the last {n} moves are not on disk ({reason}). Leaving now loses them; "
                             "free some room first.", moves)
        return words.format(n=moves, reason=reason)

    def leave(self, state):
        """The game is left (the menu, another game, the window closed): one last try to write; what
        the disk still refuses stays in the journal for the next start, and the words for it wait
        for the menu (``take_left_words``)."""
        if self.left:
            return
        self.left = True
        self.sync(state)
        if not any(e["t"] == "act" for e in state.events) and self.forget_unplayed():
            return
        words = self.leave_warning(state)
        if words:
            _left_words.append(words)
            print(f"tricktable: {words}", file=sys.stderr, flush=True)
        self.close()

    def forget_unplayed(self):
        """A game left before its first move is no game to continue: its record goes (with its journal
        and phone links). Only if the file on disk holds no action either: a record that does (or that
        cannot be read) is kept. True when it went. The record's lock is let go last."""
        self.close(release=False)
        try:
            return self._forget_unplayed()
        finally:
            self.hold.release()

    def _forget_unplayed(self):
        try:
            lines = read_lines(self.path)
        except RecordError:
            return False
        if any(line.get("t") == "act" for _, line in lines):
            return False
        try:
            os.unlink(self.path)
        except OSError:
            return False  # it stays, as any unfinished game; Continue starts it at its first move
        _forget(self.path)
        return True

    def rewind(self, state):
        """Replace the record by STATE's whole record (an undo took the game back), atomically: the
        file holds either the old record or the new one, never a mix. OSError when the disk refuses;
        the old record and this autosave are then exactly as they were. Afterwards the new lines of
        STATE are appended after it as before."""
        save(self.path, state)
        size, written = len(record_bytes(state)), len(state.events)
        try:
            writer = RecordWriter(self.path, written=written, size=size)
        except OSError as error:  # the record is rewound; the next sync mends the append handle
            writer = RecordWriter.failed(self.path, written, size, error)
        self.writer.close()
        self.writer = writer
        self.waiting = 0
        if self.journal is not None:
            try:
                self.journal.clear()
            except OSError:
                pass

    def close(self, release=True):
        """Let go of the files (and, with RELEASE, of the record's lock); a finished game whose every
        line is on disk needs no journal."""
        finished = self.over and not self.waiting
        self.writer.close()
        _in_play.discard(self.path)
        if release:
            self.hold.release()
        if self.journal is not None:
            self.journal.close(remove=finished)
            self.journal = None
        elif finished:
            _remove(str(self.path) + Journal.SUFFIX)


_left_words = []  # what leaving a game on a refusing disk had to say, for the menu


def take_left_words():
    """The words of the last game left with moves not on disk, once, or ""."""
    words = _left_words[-1] if _left_words else ""
    _left_words.clear()
    return words


def _disk_reason(error):
    """Plain words for why the disk refused a write, or None when the error has no usual cause."""
    words = {errno.ENOSPC: _("the disk is full"), errno.EDQUOT: _("the disk quota is used up"),
             errno.EROFS: _("the disk is read-only"), errno.EACCES: _("the games folder may not be written"),
             errno.EPERM: _("the games folder may not be written")}
    return words.get(error.errno)


def not_kept_words(error, folder=False):
    """The plain reason a game is not being kept, from the OSError that stopped its record; with
    folder=True the record could not even be started (the folder is missing or read-only)."""
    reason = _disk_reason(error)
    if folder and reason is None and _not_a_folder(data_path()) is not None:  # a file, a pipe, a link to nothing
        # TRANSLATORS: {folder} is a path; {why} like "it is a file, not a folder"
        reason = _("the data folder {folder} cannot be used: {why}").format(
            folder=data_path(), why=_folder_reason(data_path(), error))
    if folder and reason is None:
        why = error.strerror or error
        if getattr(error, "filename", None):
            # TRANSLATORS: {folder} is a path; {why} the system's reason, like "Permission denied"
            reason = _("the games folder cannot be used ({folder}): {why}").format(folder=error.filename, why=why)
        else:
            reason = _("the games folder cannot be used: {why}").format(why=why)
    words = _("This game is not being kept: {reason}.").format(reason=reason or error.strerror or error)
    if folder:
        print(f"tricktable: {words}", file=sys.stderr, flush=True)
    return words


def undo_refused_words(error):
    """Why an undo was refused when the record could not be rewritten to match: nothing changed."""
    reason = _disk_reason(error) or error.strerror or error
    return _("Cannot undo: the game's record could not be rewritten ({reason}). Nothing was changed.").format(
        reason=reason)


class PlayedElsewhere(OSError):
    """The game is being played in another window: another instance of the app holds its record."""

    def __init__(self, path):
        super().__init__(errno.EBUSY, _("it is being played in another window"), str(path))


def played_elsewhere(path):
    """True while another instance of the app plays the game of this record (holds its lock)."""
    return locks.held_elsewhere(path)


def _hold(path):
    """The record's lock for this run; PlayedElsewhere when another instance holds it."""
    hold = locks.take(path)
    if hold is None:
        raise PlayedElsewhere(path)
    return hold


def _claim(folder, stem):
    """(path, lock) of a new record: a free name, passing over one another game has claimed and not
    written yet (two instances starting the same game in the same second)."""
    path, k = folder / f"{stem}.jsonl", 1
    while True:
        hold = None if path.exists() else locks.take(path, again=False)
        if hold is not None and not path.exists():
            return path, hold
        if hold is not None:
            hold.release()
        k += 1
        path = folder / f"{stem}-{k}.jsonl"


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


def read_again(summary):
    """The summary of SUMMARY's file as it is now, read whatever the index or this run remembered
    of it (the list's open of a game listed as refused or no record); its place in the list too."""
    fresh = summarize(summary.path, cached=False)
    _summaries[summary.path] = (fresh.identity, fresh)
    _opened.pop(summary.path, None)
    try:
        catalog().replace(fresh)
    except OSError:
        pass
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
    if head.get("t") != "game" or not isinstance(game, str) or game not in TITLES:
        raise RecordError(_("not a Tricktable record"), lineno)
    seats = head.get("seats")
    if not isinstance(seats, list) or not seats:
        raise RecordError(_('"seats" must be a list of seats'), lineno)
    try:
        seats = [Seat.from_json(s) for s in seats]
    except ValueError as error:
        raise RecordError(str(error), lineno) from None
    summary.game, summary.title = game, TITLES[game]
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


_catalogs = {}  # games folder -> its Catalog (tests and portable installs change the folder)


def catalog():
    """The Catalog (kept.catalog) of the games folder in use: the kept games as the menu lists them."""
    folder = games_dir()
    found = _catalogs.get(folder)
    if found is None:
        found = _catalogs[folder] = Catalog(folder, data_dir() / INDEX)
    return found


def kept_games():
    """Every record in the games folder, newest first, each file read as it is now (tools and tests;
    the menu asks the catalog, which never waits for more than a few small files)."""
    return list(catalog().refresh())


def finished_games():
    return [s for s in kept_games() if s.finished and s.usable]


def unfinished_games():
    return [s for s in kept_games() if not s.finished and s.usable]


def refresh_index():
    """Read the whole games folder, check the game Continue offers and write the index (bench.startup)."""
    found = catalog()
    found.refresh()
    found.offer()
    found.save()


# path -> (identity, reason): "" for a record that opened in full, the reason for one that did not
_opened = {}
_opened_in = {}  # path -> the language of its reason in _opened


def refuse(summary, reason):
    """Mark a game that could not be opened; Continue passes it over from now on."""
    remember_opened(summary, reason)
    _tell_catalog()


def opened_in_full(summary, finished):
    """The whole record was just read and replayed by the rules (Continue, Replay, the list's open),
    whatever the index said: a refusal remembered before is lifted, and FINISHED is what the record
    says. The list and the index learn of it when that changed anything."""
    before = (summary.refused, summary.finished, _opened.get(summary.path))
    remember_opened(summary, "")
    summary.finished = finished
    if before != (summary.refused, summary.finished, _opened.get(summary.path)):
        _tell_catalog()


def _tell_catalog():
    try:
        catalog().forget_opened()
    except OSError:
        pass  # no games folder to list: nothing to tell


def remember_opened(summary, reason):
    summary.refused = reason
    summary.words_in = i18n.language()
    _opened[summary.path] = (summary.identity, reason)
    _opened_in[summary.path] = summary.words_in


def checked(summary):
    """True if the file, as it is now, was opened in full before (by this run or as the index says)."""
    return _opened.get(summary.path, (None, ""))[0] == summary.identity


def opened_reason(summary):
    """"" if the record opened in full, why not if it did not, None if that is not known."""
    identity, reason = _opened.get(summary.path, (None, ""))
    return reason if identity == summary.identity else None


def opens(summary):
    """True if the whole record replays by the rules (checked once per version of the file);
    otherwise the summary is marked refused, with the reason."""
    identity, reason = _opened.get(summary.path, (None, ""))
    if identity != summary.identity:
        reason = read_in_full(summary)
    summary.refused = reason
    if reason:
        summary.words_in = _opened_in.get(summary.path, i18n.language())
    return not reason


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
    _opened[summary.path] = (summary.identity, reason)
    _opened_in[summary.path] = summary.words_in = i18n.language()
    summary.refused = reason
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


def delete(summary):
    """Remove a kept game's file (a link is removed, not what it points to), and its journal;
    PlayedElsewhere while another window plays it."""
    hold = _hold(summary.path)
    try:
        os.unlink(summary.path)
        _forget(summary.path)
    finally:
        hold.release()


def _forget(path):
    """What goes with a removed record: its journal, its phones' links (phone.keep), what was read."""
    _remove(str(path) + Journal.SUFFIX)
    _remove(str(path) + ".phones.json")
    _summaries.pop(path, None)
    _opened.pop(path, None)
    _opened_in.pop(path, None)
    catalog().forget(path)


def newest_to_continue():
    """The newest unfinished game that really opens, or None (every file read: tools and tests)."""
    return next((s for s in unfinished_games() if opens(s)), None)


def continue_game(path):
    """(state, Autosave) of an unfinished record, ready to go on at its last action, the lines its
    journal held included; RecordError if it can't be read. A broken file is left exactly as it was.
    A disk that refuses what the record lacks (a read-only folder, a full disk) is no reason to
    refuse the game: those lines wait, and the person is told as when the disk fills during a game.
    PlayedElsewhere (nothing read or written) while another instance of the app plays it."""
    path = Path(path)
    hold = _hold(path)  # from here on the record is this run's: another instance leaves it alone
    try:
        with _completing:  # and so does the index's thread
            _in_play.add(path)
            held = _complete(path)
        state, writer = resume(path, held)
    except BaseException:
        _in_play.discard(path)
        hold.release()
        raise
    return state, Autosave(state, path=path, writer=writer, hold=hold)


_completing = threading.Lock()  # the menu's index thread and Continue may complete the same record
_in_play = set()  # records a game of this run writes: only its Autosave appends to them


def complete(path):
    """Append to a record the lines its journal holds, written there when the disk refused them (the
    next start after leaving on a full disk). Only an append: the record needs no room for a second
    copy. Nothing is written unless the record with those lines replays by the rules; a record a game
    of this run is writing is left to that game, and so is one another instance of the app plays.

    Returns (size, bytes) of the held lines when the disk still refuses the append (they belong
    after the record's first SIZE bytes: ``resume`` goes on from them in memory), else None."""
    with _completing:
        if Path(path) in _in_play or held_lines(path) is None:
            return None  # nothing held: no need to take the record's lock from a window about to continue it
        hold = locks.take(path)
        if hold is None:
            return None  # another window plays it: its own game completes it
        try:
            return _complete(path)
        finally:
            hold.release()


def _complete(path):
    found = _held_for(path)
    if found is None:
        return None
    size, payload, tail = found
    try:
        fd = files.open_append(path)
        try:
            files.write_all(fd, payload[len(tail):])  # after a half line of them, if a crash left one
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        return size, payload
    _clear_journal(path)
    completed.append(path)
    return None


def _held_for(path):
    """(size, lines, tail): what a record's journal holds that the record lacks, and the bytes the
    record has after SIZE (a half line of them a crash left); None when it holds nothing for it."""
    held = held_lines(path)
    if held is None:
        return None
    size, payload = held
    try:
        data = read_bytes(path)
    except RecordError:
        return None
    tail = data[size:]
    if len(data) >= size and tail.startswith(payload):  # appended already: the journal is done
        _clear_journal(path)
        return None
    if len(data) < size or not payload.startswith(tail) or not payload.endswith(b"\n"):
        return None  # another record now, or no lines for this one
    try:  # every held line a line of the game, the rules agreeing (x- lines are none of ours)
        lines = parse(data[:size] + payload)
        if sum(1 for n, _ in lines if n > data[:size].count(b"\n")) != payload.count(b"\n"):
            return None
        replay(lines)
    except RecordError:
        return None
    return size, payload, tail


completed = []  # records completed from their journals in this run, for the menu to tell


def _clear_journal(path):
    journal = Journal.beside(path)
    if journal is not None:
        journal.held = 1
        try:
            journal.clear()
        except OSError:
            pass
        journal.close()


__all__ = ["Autosave", "catalog", "complete", "config_dir", "continue_game", "data_dir", "data_path", "data_problem",
           "delete", "finished_games", "FolderProblem", "games_dir", "held_lines", "Journal", "kept_games",
           "newest_to_continue", "not_kept_words", "opened_in_full", "opens", "played_elsewhere", "PlayedElsewhere",
           "read_again", "read_in_full", "reason", "RecordError", "refresh_index", "refuse", "sane_time",
           "summarize", "Summary", "take_left_words", "undo_refused_words", "unfinished_games", "UNKNOWN_TIME"]
