"""One game, one writer: a running game holds the system's lock on a small file beside its record.

A second instance of the app on the same data folder finds the lock taken and leaves the game alone
(it lists it as played in another window; it never continues, completes or deletes it). The lock is
the system's own (``flock`` on Linux and macOS, ``LockFile`` through ``msvcrt`` on Windows), so it
ends with the process that holds it: a crashed or killed instance leaves at most an empty lock file,
which the next one to play the game takes over. The lock is on a file of its own (``<record>.lock``)
and not on the record, because undo replaces the record by a rename: a lock on the old file would
not hold the new one. The holder removes the file when it lets go.

Within one process a lock is counted, not refused: a run that takes the lock of a game it holds
already (a test continuing a game it is writing) gets it again; the file goes at the last release.
"""

import errno
import os
import threading
import time
from pathlib import Path

SUFFIX = ".lock"
TRIES = 5  # another instance looking whether the game is free holds the file for a moment: try again
PAUSE = 0.01

if os.name == "nt":  # pragma: no cover - Windows
    import msvcrt

    def _lock(fd, shared=False):
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBRLCK if shared else msvcrt.LK_NBLCK, 1)

    def _unlock(fd):
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd, shared=False):
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)

    def _unlock(fd):
        fcntl.flock(fd, fcntl.LOCK_UN)

_BUSY = (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", errno.EDEADLK))
_held = {}  # lock file (absolute) -> [fd, count]: the locks this process holds
# One thread at a time takes, lets go or looks: another thread of this run (the kept games' index
# completing a record) never sees this run's lock as another window's, half taken or half let go.
_mutex = threading.Lock()


def lock_path(record_path):
    return Path(str(record_path) + SUFFIX)


class GameLock:
    """This process's hold on one record; ``release`` lets go (once)."""

    def __init__(self, key):
        self.key = key  # None: no lock file could be made (a read-only folder, where nobody writes)

    @property
    def held(self):
        return self.key is not None

    def release(self):
        key, self.key = self.key, None
        with _mutex:
            if key is None or key not in _held:
                return
            entry = _held[key]
            entry[1] -= 1
            if entry[1] > 0:
                return
            del _held[key]
            _let_go(entry[0], key)


def take(record_path, again=True):
    """The lock of a record for this process, or None when another process holds it (or, with
    AGAIN false, when this one does already). A folder where no lock file can be made gives a lock
    that holds nothing (nobody can write there)."""
    key = os.path.abspath(lock_path(record_path))
    for attempt in range(TRIES):
        if attempt:
            time.sleep(PAUSE)
        with _mutex:
            if key in _held:
                if not again:
                    return None
                _held[key][1] += 1
                return GameLock(key)
            try:
                _held[key] = [_open_locked(key), 1]
            except BlockingIOError:
                continue
            except OSError:
                return GameLock(None)
            return GameLock(key)
    return None


def _open_locked(key):
    """An fd of the lock file, locked by it; BlockingIOError when another process holds the lock."""
    while True:
        fd = _open(key)
        try:
            _lock(fd)
        except OSError as error:
            os.close(fd)
            if isinstance(error, BlockingIOError) or error.errno in _BUSY:
                raise BlockingIOError(errno.EWOULDBLOCK, "the game is held by another process") from None
            raise
        if _same_file(fd, key):
            return fd
        os.close(fd)  # the holder let go and removed the file meanwhile: lock the one there now


def _open(key):
    """The lock file, made if need be; where nothing can be made (a read-only folder) the one there, if
    any: a lock needs no writing. OSError when there is none."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    try:
        return os.open(key, os.O_RDWR | os.O_CREAT | nofollow, 0o644)
    except OSError:
        return os.open(key, os.O_RDONLY | nofollow)


def _same_file(fd, key):
    try:
        now = os.stat(key, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _let_go(fd, key):
    """Remove the file, then the lock: one who opened it meanwhile finds it gone and makes a new one.
    Windows removes no open file: there the lock goes first, and the file when nobody has it open."""
    if os.name == "nt":  # pragma: no cover - Windows
        os.close(fd)
        _remove(key)
        return
    _remove(key)
    try:
        _unlock(fd)
    finally:
        os.close(fd)


def _remove(key):
    try:
        os.unlink(key)
    except OSError:
        pass


def held_elsewhere(record_path):
    """True while another process holds the record's lock (this process's own locks do not count).
    Looks without waiting and holds nothing afterwards."""
    key = os.path.abspath(lock_path(record_path))
    with _mutex:
        return key not in _held and _probe(key)


def _probe(key):
    try:
        fd = os.open(key, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False  # no lock file (or none we may read): nobody plays it
    try:
        _lock(fd, shared=True)
    except OSError as error:
        return isinstance(error, BlockingIOError) or error.errno in _BUSY
    else:
        _unlock(fd)
        return False
    finally:
        os.close(fd)
