"""Careful file access for everything the program keeps: records, settings.

Reading opens regular files only (a FIFO, a device or a link to one is refused without blocking) and
never more than a bound; writing replaces a file atomically, with the user's normal permissions
(umask), and makes the data and the rename reach the disk (fsync of the file, then of its folder).
"""

import os
import secrets
import stat

# Far above any real record (a long game is some 100 KB) and small enough to read at once.
READ_LIMIT = 16 * 1024 * 1024


class FileRefused(OSError):
    """A path that is not a readable regular file of a sane size; the message says what it is."""


def read_regular(path, limit=READ_LIMIT):
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused or OSError otherwise.

    O_NONBLOCK keeps open() from waiting for a writer when the path is a FIFO; what it is is then
    decided by fstat on the opened descriptor, so a link that leads to a device is refused too."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{_kind(info.st_mode)}, not a file")
        if info.st_size > limit:
            raise FileRefused(f"{megabytes(info.st_size)}, more than any record ({megabytes(limit)} at most)")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # the file grew while it was read
                raise FileRefused(f"more than {megabytes(limit)}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def megabytes(size):
    return f"{size / 1024 ** 2:,.0f} MB" if size >= 1024 ** 2 else f"{size:,} bytes"


def _kind(mode):
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "a special file"


def is_regular(path):
    """True if path (following links) is a regular file; never blocks and never raises."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def create_new(path, mode=0o666):
    """A file descriptor of a new file, opened for writing; the umask shapes its permissions."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), mode)


def write_all(fd, data):
    """Write every byte or raise; returns how many bytes reached the file before an error, via the
    exception's ``written`` attribute, so a caller knows exactly what is on disk."""
    view, done = memoryview(data), 0
    try:
        while done < len(view):
            done += os.write(fd, view[done:])
    except OSError as error:
        error.written = done
        raise
    return done


def atomic_write(path, data):
    """Replace path by data: a temporary file beside it, fsync, rename, fsync of the folder.
    On any failure the old file is untouched and the temporary file is gone."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, f".tmp-{secrets.token_hex(6)}-{os.path.basename(path)[-40:]}")
    fd = create_new(tmp)
    try:
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_folder(folder)


def fsync_folder(folder):
    """Make a rename in folder durable; a system or file system that cannot do it is no error."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
