"""Where games are kept: every game's record in the user's data folder, written as it happens.

A record without an ``end`` line is a game to continue; one with it is a finished game to replay.
The folders come from platformdirs, as other desktop programs find theirs; the environment variables
TRICKTABLE_DATA and TRICKTABLE_CONFIG override them (tests, portable installs).
"""

import errno
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game import TITLES
from game.engine import Seat
from game.record import RecordError, RecordWriter, load, read_lines, record_bytes, resume, save

APP = "tricktable"


def data_dir():
    path = Path(os.environ.get("TRICKTABLE_DATA") or platformdirs.user_data_dir(APP, appauthor=False))
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


class Autosave:
    """Writes a running game's record line by line, each action's lines fsynced, so a crash loses
    at most the action being written. A disk that refuses (full, read-only) never stops the game:
    ``notice()`` tells the screen once that the game is not being kept, and once again when it is
    kept again (the record is then completed from the state, nothing lost or doubled)."""

    def __init__(self, state, path=None, writer=None):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.path = Path(path) if path else _free_path(games_dir(), f"{stamp}-{state.game_id}")
        self.writer = writer or RecordWriter(self.path)
        self._told = None  # the last state of the disk the person was told about: None is "fine"
        self.sync(state)

    def sync(self, state):
        self.writer.sync(state)

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
        words = problem or "The game is being kept again: its record is complete."
        print(f"tricktable: {words}", file=sys.stderr, flush=True)
        return words

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

    def close(self):
        self.writer.close()


def _disk_reason(error):
    """Plain words for why the disk refused a write, or None when the error has no usual cause."""
    return {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EROFS: "the disk is read-only", errno.EACCES: "the games folder may not be written",
            errno.EPERM: "the games folder may not be written"}.get(error.errno)


def not_kept_words(error, folder=False):
    """The plain reason a game is not being kept, from the OSError that stopped its record; with
    folder=True the record could not even be started (the folder is missing or read-only)."""
    reason = _disk_reason(error)
    if folder and reason is None:
        where = f" ({error.filename})" if getattr(error, "filename", None) else ""
        reason = f"the games folder cannot be used{where}: {error.strerror or error}"
    words = f"This game is not being kept: {reason or error.strerror or error}."
    if folder:
        print(f"tricktable: {words}", file=sys.stderr, flush=True)
    return words


def undo_refused_words(error):
    """Why an undo was refused when the record could not be rewritten to match: nothing changed."""
    reason = _disk_reason(error) or error.strerror or error
    return f"Cannot undo: the game's record could not be rewritten ({reason}). Nothing was changed."


def _free_path(folder, stem):
    path, k = folder / f"{stem}.jsonl", 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.jsonl"
    return path


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
    finished: bool = False
    problem: str = ""  # why the file is not a usable record, if it is not
    refused: str = ""  # why the game was refused when it was opened in full (Continue, Replay)
    identity: tuple = ()  # the file's inode, size, time and mode when it was read

    @property
    def date(self):
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))

    @property
    def usable(self):
        return not self.problem and not self.refused


# path -> (the file's identity when read, its Summary); a file changes identity when written
_summaries = {}


def summarize(path):
    """The Summary of one file in the games folder; never raises, never blocks on a special file."""
    path = Path(path)
    try:
        info = path.stat()
    except (OSError, ValueError) as error:
        return Summary(path=path, problem=f"the file cannot be read ({getattr(error, 'strerror', None) or error})")
    key = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_mode)
    cached = _summaries.get(path)
    if cached is not None and cached[0] == key:
        return cached[1]
    summary = Summary(path=path, when=info.st_mtime, identity=key)
    try:
        _fill(summary, read_lines(path))
    except RecordError as error:
        summary.problem = str(error)
    _summaries[path] = (key, summary)
    return summary


def _fill(summary, lines):
    lineno, head = lines[0]
    game = head.get("game")
    if head.get("t") != "game" or not isinstance(game, str) or game not in TITLES:
        raise RecordError("not a Tricktable record", lineno)
    seats = head.get("seats")
    if not isinstance(seats, list) or not seats:
        raise RecordError('"seats" must be a list of seats', lineno)
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
        summary.winners = tuple(summary.players[w] for w in (winners if isinstance(winners, list) else [])
                                if type(w) is int and 0 <= w < len(seats))


def kept_games():
    """Every record in the games folder, newest first."""
    found = []
    for path in games_dir().glob("*.jsonl"):
        found.append(summarize(path))
    return sorted(found, key=lambda s: s.when, reverse=True)


def finished_games():
    return [s for s in kept_games() if s.finished and s.usable]


def unfinished_games():
    return [s for s in kept_games() if not s.finished and s.usable]


# path -> (identity, reason): "" for a record that opened in full, the reason for one that did not
_opened = {}


def refuse(summary, reason):
    """Mark a game that could not be opened; Continue passes it over from now on."""
    summary.refused = reason
    _opened[summary.path] = (summary.identity, reason)


def opens(summary):
    """True if the whole record replays by the rules (checked once per version of the file);
    otherwise the summary is marked refused, with the reason."""
    identity, reason = _opened.get(summary.path, (None, ""))
    if identity != summary.identity:
        try:
            summary.finished = load(summary.path).is_over  # a record cut before its end line
            reason = ""
        except RecordError as error:
            reason = str(error)
        _opened[summary.path] = (summary.identity, reason)
    summary.refused = reason
    return not reason


def delete(summary):
    """Remove a kept game's file (a link is removed, not what it points to)."""
    os.unlink(summary.path)
    _summaries.pop(summary.path, None)
    _opened.pop(summary.path, None)


def newest_to_continue():
    """The newest unfinished game that really opens, or None."""
    return next((s for s in unfinished_games() if opens(s)), None)


def continue_game(path):
    """(state, Autosave) of an unfinished record, ready to go on; RecordError if it can't be read
    (OSError if its mending can't be written). A broken file is left exactly as it was."""
    state, writer = resume(path)
    return state, Autosave(state, path=path, writer=writer)


__all__ = ["Autosave", "RecordError", "Summary", "config_dir", "continue_game", "data_dir", "delete",
           "finished_games", "games_dir", "kept_games", "newest_to_continue", "not_kept_words", "opens", "refuse",
           "summarize", "undo_refused_words", "unfinished_games"]
