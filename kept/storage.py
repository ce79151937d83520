"""Where games are kept: every game's record in the user's data folder, written as it happens.

A record without an ``end`` line is a game to continue; one with it is a finished game to replay.
The folders come from platformdirs, as other desktop programs find theirs; the environment variables
TRICKTABLE_DATA and TRICKTABLE_CONFIG override them (tests, portable installs).

This is what the app asks of the kept games (the names in ``__all__``, some of them made in the room's
other modules: a file's summary in kept.summaries, a record's journal in kept.journal).
"""

import errno
import os
import secrets
import stat
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.i18n import _, ngettext
from kept import files, journal, summaries
from kept import lock as locks
from kept.catalog import INDEX, Catalog
from kept.journal import Journal, complete, held_lines
from kept.record import RecordError, RecordWriter, read_lines, record_bytes, resume, save
from kept.summaries import UNKNOWN_TIME, Summary, opens, read_in_full, reason, sane_time, summarize

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
        journal.in_play.add(self.path)
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
        journal.in_play.discard(self.path)
        if release:
            self.hold.release()
        if self.journal is not None:
            self.journal.close(remove=finished)
            self.journal = None
        elif finished:
            files.remove(str(self.path) + Journal.SUFFIX)


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


def read_again(summary):
    """The summary of SUMMARY's file as it is now, read whatever the index or this run remembered
    of it (the list's open of a game listed as refused or no record); its place in the list too."""
    fresh = summaries.summarize_again(summary)
    try:
        catalog().replace(fresh)
    except OSError:
        pass
    return fresh


def refuse(summary, reason):
    """Mark a game that could not be opened; Continue passes it over from now on."""
    summaries.remember_opened(summary, reason)
    _tell_catalog()


def opened_in_full(summary, finished):
    """The whole record was just read and replayed by the rules (Continue, Replay, the list's open),
    whatever the index said: a refusal remembered before is lifted, and FINISHED is what the record
    says. The list and the index learn of it when that changed anything."""
    if summaries.mark_opened(summary, finished):
        _tell_catalog()


def _tell_catalog():
    try:
        catalog().forget_opened()
    except OSError:
        pass  # no games folder to list: nothing to tell


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
    files.remove(str(path) + Journal.SUFFIX)
    files.remove(str(path) + ".phones.json")
    summaries.forget(path)
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
        held = journal.claim(path)  # and so does the index's thread
        state, writer = resume(path, held)
    except BaseException:
        journal.in_play.discard(path)
        hold.release()
        raise
    return state, Autosave(state, path=path, writer=writer, hold=hold)


__all__ = ["Autosave", "catalog", "complete", "config_dir", "continue_game", "data_dir", "data_path", "data_problem",
           "delete", "finished_games", "FolderProblem", "games_dir", "held_lines", "Journal", "kept_games",
           "newest_to_continue", "not_kept_words", "opened_in_full", "opens", "played_elsewhere", "PlayedElsewhere",
           "read_again", "read_in_full", "reason", "RecordError", "refresh_index", "refuse", "sane_time",
           "summarize", "Summary", "take_left_words", "undo_refused_words", "unfinished_games", "UNKNOWN_TIME"]
