"""The kept games as the menu lists them, at once, whatever the games folder holds.

An index in the data folder (``index.json``) keeps, per record file, the file's identity when it was
read (inode, size, time, mode) and what the list needs of it (a ``summaries.Summary``), and whether it
opened in full (Continue offers only a game that does). The menu reads the index and lists the
folder (names and identities, no record); a file whose identity is not the indexed one is read
again: at once when only a few small files changed (a game or two played since), else by a thread
in the background, which also checks the newest unfinished games in full, completes records from
their journals and writes the index again.

The index is never trusted over the files: an entry counts only while its file has the identity it
was read at, a broken or foreign index is passed over (and rebuilt), and opening a game reads its
file in full anyway (and lifts a refusal the index remembered that no longer holds). What it says of a
file's judgement (whether it opened, whether it is finished) counts only for the program that wrote
it: an index written by another version of the rules and the reader (``rules_version``) lists at once
but every file is read again, and checked in full before Continue offers it. It is a cache: when it
cannot be written, nothing but speed is lost.

While the menu is open it looks at the folder every few seconds (``watch``, on the thread), so games
another Tricktable writes into the same folder are listed.
"""

import functools
import hashlib
import importlib
import os
import stat
import threading
from pathlib import Path

from game.kit import find
from kept import files, journal, summaries
from kept import lock as locks
from kept.summaries import UNKNOWN_TIME, Summary

INDEX = "index.json"
VERSION = 1
INDEX_LIMIT = 64 * 1024 * 1024  # 10,000 games take some 3 MB
INDEX_DEPTH = 6
NAME_LIMIT = 200  # characters of a player's name kept in the index (the list shows some 30)
# What the menu reads at once: only when at most this many files changed, of at most this many bytes
# together (a game or two played since the index was written). More, and the thread reads them all.
QUICK_FILES = 16
QUICK_BYTES = 256 * 1024
PUBLISH_EVERY = 200  # files the thread reads between two updates of the list
WATCH_SECONDS = 2.0  # how often the open menu looks at the folder for games written by another program
# The modules that decide what a file in the games folder is (the rules, the record reader, the
# summaries), with every registered game's rules: an index remembers their version, and one written by
# another version is re-checked.
RULES_MODULES = ("game", "game.engine", "game.cards", "game.shapes", "game.kit", "kept.record", "kept.files",
                 "kept.summaries", "kept.journal", "kept.storage", "kept.catalog")


def _rules_modules():
    from game import kit
    games = tuple(kit.kit(g).info.state_class.__module__ for g in kit.registered())
    return RULES_MODULES + games


def rules_version():
    """A short hash of the source of the rules modules: any change to how files are judged makes another
    version, and nobody has to remember to bump a number. Kept per set of registered games (a game
    registered or taken out is another version)."""
    return _version_of(_rules_modules())


@functools.cache
def _version_of(names):
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + hashlib.sha256(_source_of(importlib.import_module(name))).digest())
    return digest.hexdigest()[:20]


rules_version.cache_clear = _version_of.cache_clear


def _source_of(module):
    """The bytes of a module's file; in a program without the files (frozen), its compiled code."""
    try:
        return Path(getattr(module, "__file__", None)).read_bytes()
    except (OSError, TypeError):
        pass
    try:
        import marshal
        return marshal.dumps(module.__spec__.loader.get_code(module.__name__))
    except (AttributeError, ImportError, TypeError, ValueError):
        return b""  # nothing to tell versions apart by: the module name alone


def identity(info):
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_mode)


class Catalog:
    """The summaries of one games folder; see the module's words. Thread-safe: the menu reads, the
    background thread installs what it read and bumps ``version``."""

    def __init__(self, folder, index_path):
        self.folder, self.index_path = Path(folder), Path(index_path)
        self._lock = threading.Lock()
        self._known = {}  # file name -> Summary (its identity inside)
        self._journals = {}  # record name -> identity of its journal when last found holding nothing
        self._recheck = set()  # file names an index of another version listed: to be read again
        self._watch_in = WATCH_SECONDS
        self._running = self._asked = self._complete = False  # the thread: see start
        self._sorted = None
        self._thread = None
        self._loaded = False
        self._dirty = False
        self.pending = 0  # files still to be read by the thread
        self.version = 0
        self.completed = []  # records completed from their journals, for the menu to tell
        self._counted = (None, 0)  # (the list, how many of it wait to be continued)

    # --- what the screens ask (never a record read, beyond the small quick part) ----------------------
    def games(self):
        """Every known kept game, newest first (files not read yet are not in it)."""
        with self._lock:
            if self._sorted is None:  # an unknown time is the oldest (summaries.sane_time: never NaN)
                self._sorted = sorted(self._known.values(), key=lambda s: s.when, reverse=True)
            return self._sorted

    def unfinished(self):
        """How many known games wait to be continued (for the Continue button, every frame: counted
        once per change of the list)."""
        games = self.games()
        if self._counted[0] is not games:
            self._counted = (games, sum(1 for s in games if not s.finished and s.usable))
        return self._counted[1]

    def quick(self):
        """For the menu and the list: the index and the folder's listing, the few changed files read
        at once if they are small; everything else to the thread. Returns games()."""
        self._load_index()
        try:
            stale, journals = self._stale()
        except OSError:
            return self.games()
        if len(stale) <= QUICK_FILES and sum(size for _, _, size in stale) <= QUICK_BYTES:
            self._read(stale)
            stale = []
        self.pending = len(stale)
        if stale or journals or self._dirty:
            self.start()
        return self.games()

    def offer(self, check_now=True):
        """The newest unfinished game that opens in full, for Continue, or None. A newest game not
        checked yet is checked now if it is small (CHECK_NOW) and else left to the thread: until
        then nothing is offered, rather than an older game. A game another window plays is given as it
        is, never read (it is being written): the menu shows it so, and Continue refuses it."""
        for summary in self.games():
            if summary.finished or not summary.usable:
                continue
            if locks.held_elsewhere(summary.path):
                return summary
            if not summaries.checked(summary):
                if not check_now or summary.identity[1] > QUICK_BYTES:
                    self.start()
                    return None
                self._dirty = True
            if summaries.opens(summary) and not summary.finished:  # read in full: it may have ended
                return summary
        return None

    def watch(self, dt):
        """The menu (or the list) is open: every WATCH_SECONDS the thread looks at the folder, so a
        game another program wrote there meanwhile is listed within seconds (never more than a listing
        and the changed files; records are never completed from their journals here: another
        program may be writing them)."""
        self._watch_in -= dt
        if self._watch_in > 0:
            return
        self._watch_in = WATCH_SECONDS
        self.start(complete=False)

    def replace(self, summary):
        """SUMMARY, read again now, takes its file's place in the list."""
        with self._lock:
            self._known[summary.path.name] = summary
            self._recheck.discard(summary.path.name)
            self._changed()

    def refresh(self):
        """Read every new and changed file now (the program's own tools and tests; the menu never)."""
        self._load_index()
        self._complete_journals(self._stale()[1])
        self._read(self._stale()[0])
        self.pending = 0
        return self.games()

    def forget_opened(self):
        """A game was refused when opened: the list and the index should say so."""
        with self._lock:
            self._changed()

    def forget(self, path):
        with self._lock:
            if self._known.pop(Path(path).name, None) is not None:
                self._changed()

    def wait(self, timeout=None):
        """Until the thread is done (tests, the bench)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    # --- the thread ---------------------------------------------------------------------------------
    def start(self, complete=True):
        """The thread: it lists the folder, reads what changed, checks Continue's game and writes the
        index; with COMPLETE it first completes records from their journals. Asked while it runs, it
        goes over the folder once more when it is done (what it listed may be older than the asking)."""
        with self._lock:
            self._watch_in = WATCH_SECONDS
            self._asked = True
            self._complete = self._complete or complete
            if self._running:
                return
            self._running = True
            self._thread = threading.Thread(target=self._background, name="kept games", daemon=True)
            self._thread.start()

    def _background(self):
        try:
            while True:
                with self._lock:
                    if not self._asked:
                        self._running = False
                        return
                    complete, self._asked, self._complete = self._complete, False, False
                self._look(complete)
        except BaseException:
            with self._lock:
                self._running = False  # the next start makes another thread
            raise

    def _look(self, complete):
        seen = self.version
        try:
            stale, journals = self._stale()
            if complete and self._complete_journals(journals):
                stale = self._stale()[0]
            check = True  # the newest unfinished game read is checked from the same reading (Continue's)
            for first in range(0, len(stale), PUBLISH_EVERY):
                check = self._read(stale[first:first + PUBLISH_EVERY], check)
                self.pending = max(0, len(stale) - first - PUBLISH_EVERY)
            self._check_newest()
            self.save()
        except OSError:
            pass  # the folder went away: the list stays as it was
        finally:
            self.pending = 0
            with self._lock:
                if self.version == seen and complete:
                    self.version += 1  # what was asked of the thread is done: Continue asks again

    def _check_newest(self):
        """Check unfinished games in full, newest first, until one opens (Continue's game)."""
        for summary in self.games():
            if not summary.finished and summary.usable and not locks.held_elsewhere(summary.path):
                fresh = not summaries.checked(summary)
                ok = summaries.opens(summary)
                if fresh:
                    self._changed()
                if ok:
                    return

    def _complete_journals(self, journals):
        """Complete every record whose journal holds lines; True if any record changed."""
        done = False
        for name, ident in journals.items():
            path = self.folder / name
            if journal.complete(path) is None and journal.held_lines(path) is None:
                found = self._journal_identity(self.folder / (name + ".journal")) or ident  # as it is now
                if self._journals.get(name) != found:
                    self._journals[name] = found
                    self._dirty = True  # the next start need not read it again
                if path in journal.completed and path not in self.completed:
                    self.completed.append(path)
                    done = True
        return done

    # --- the folder and the index ---------------------------------------------------------------------
    def _stale(self):
        """([(name, identity, size)] of the files not known as they are now, newest first, and
        {record name: journal identity} of the journals that may hold lines). Known entries of
        files gone are dropped. OSError if the folder cannot be listed."""
        listing, journals, beside = {}, {}, set()
        with os.scandir(self.folder) as entries:
            for entry in entries:
                name = entry.name
                if name.startswith(".tmp-"):
                    continue
                if name.endswith(".jsonl"):
                    try:
                        listing[name] = identity(entry.stat())
                    except (OSError, ValueError):
                        listing[name] = None  # summarize says why
                elif name.endswith(".jsonl.journal"):
                    beside.add(name[:-len(".journal")])
        for name in beside & listing.keys():
            journals[name] = self._journal_identity(self.folder / (name + ".journal"))
        with self._lock:
            gone = [name for name in self._known if name not in listing]
            for name in gone:
                del self._known[name]
            if gone:
                self._changed()
            pruned = [name for name in self._journals if name not in journals]
            for name in pruned:  # what was known of journals that are gone (or of records gone)
                del self._journals[name]
            if pruned:
                self._dirty = True
            self._recheck &= listing.keys()
            stale = [(name, ident, ident[1] if ident else 0) for name, ident in listing.items()
                     if ident is None or name not in self._known or self._known[name].identity != ident
                     or name in self._recheck]
        stale.sort(key=lambda item: item[1][2] if item[1] else 0, reverse=True)
        journals = {name: ident for name, ident in journals.items()
                    if name in listing and ident is not None and self._journals.get(name) != ident}
        return stale, journals

    @staticmethod
    def _journal_identity(path):
        try:
            return identity(os.stat(path))
        except (OSError, ValueError):
            return None

    def _read(self, stale, check=False):
        """Read the STALE files into the list; with CHECK, unfinished games are checked in full from
        the same reading until one opens (newest first: Continue's). Returns whether still to CHECK."""
        read = []
        for name, _, _ in stale:
            summary = summaries.summarize(self.folder / name, check=check)
            if check and summary.usable and not summary.finished and summaries.checked(summary):
                check = False
            read.append(summary)
        if not read:
            return check
        with self._lock:
            for summary in read:
                self._known[summary.path.name] = summary
                self._recheck.discard(summary.path.name)
            self._changed()
        return check

    def _changed(self):
        """(Under the lock, or from the thread.) The list changed: sort again, write the index."""
        self._sorted = None
        self._dirty = True
        self.version += 1

    def _load_index(self):
        if self._loaded:
            return
        self._loaded = True
        try:
            data = files.read_json(self.index_path, INDEX_LIMIT, INDEX_DEPTH)
        except files.Unreadable:
            return
        if type(data) is not dict or data.get("v") != VERSION or type(data.get("games")) is not dict:
            return
        ours = data.get("rules") == rules_version()  # else its judgements are another program's
        known = {}
        for name, entry in data["games"].items():
            summary = _summary_of(self.folder / name, entry) if type(name) is str and "/" not in name else None
            if summary is not None:
                known[name] = summary
                if ours and entry.get("opened") is not None:
                    summaries.remember_opened(summary, entry["opened"])
        with self._lock:
            self._known.update(known)
            if not ours:
                self._recheck.update(known)
            self._sorted = None
            self.version += 1
        journals = data.get("journals")
        if type(journals) is dict:
            self._journals.update({k: tuple(v) for k, v in journals.items() if _is_identity(v)})

    def save(self):
        """Write the index if anything changed since it was read or written (quietly: it is a cache)."""
        if not self._dirty or not _ours_to_write(self.index_path):
            return
        with self._lock:
            games = {name: _entry_of(s, summaries.opened_reason(s)) for name, s in self._known.items() if s.identity}
            self._dirty = False
            journals = {k: list(v) for k, v in self._journals.items()}
        data = {"v": VERSION, "rules": rules_version(), "games": games, "journals": journals}
        try:
            files.atomic_write(self.index_path, _dumps(data))
        except OSError:
            self._dirty = True


def _ours_to_write(path):
    """An index is written where there is none, or a regular file (of ours); a pipe, a folder or a link
    someone put there is left alone (the list then simply has no index)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False


def _dumps(data):
    import json
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def _is_identity(value):
    """(inode, size, time in ns, mode): whole numbers, the time any (before 1970 too)."""
    return (type(value) is list and len(value) == 4 and all(type(v) is int for v in value)
            and min(value[0], value[1], value[3]) >= 0)


def _entry_of(summary, opened):
    return {"id": list(summary.identity), "when": None if summary.when == UNKNOWN_TIME else summary.when,
            "game": summary.game,
            "players": [p[:NAME_LIMIT] for p in summary.players], "people": list(summary.people),
            "winners": [w[:NAME_LIMIT] for w in summary.winners], "totals": list(summary.totals),
            "won": list(summary.won), "finished": summary.finished,
            "problem": summary.problem, "opened": opened}


def _summary_of(path, entry):
    """The Summary an index entry describes, or None when the entry is not sound in every part."""
    if type(entry) is not dict or not _is_identity(entry.get("id")):
        return None
    game, players, people, winners = entry.get("game"), entry.get("players"), entry.get("people"), entry.get("winners")
    problem, finished, when = entry.get("problem"), entry.get("finished"), entry.get("when")
    if type(problem) is not str or type(finished) is not bool or (when is not None and type(when) not in (int, float)):
        return None
    if not (type(players) is list and all(type(p) is str for p in players) and type(people) is list
            and all(type(i) is int and 0 <= i < len(players) for i in people) and type(winners) is list
            and all(type(w) is str for w in winners)):
        return None
    known = find(game)
    if type(game) is not str or (not problem and known is None):
        return None
    totals, won = entry.get("totals"), entry.get("won")  # an entry from before they were kept: read again
    if not (type(totals) is list and all(type(t) is int for t in totals) and len(totals) in (0, len(players))
            and type(won) is list and all(type(w) is int and 0 <= w < len(players) for w in won)):
        return None
    opened = entry.get("opened")
    if opened is not None and type(opened) is not str:
        return None
    # a "when" that is no date (null, NaN, infinite, huge) is kept as unknown: Summary makes it so
    return Summary(path=path, game=game if known is not None else "", title=known.title if known else "", when=when,
                   players=tuple(players), people=tuple(people), winners=tuple(winners),
                   totals=tuple(totals), won=tuple(won), finished=finished,
                   problem=problem[:500], identity=tuple(entry["id"]))
