"""Careful file access for everything the program keeps: records, their sidecars, settings, the index.

Reading opens regular files only (a FIFO, a device or a link to one is refused without blocking) and
never more than a bound; JSON is checked for its nesting before it is parsed, so no file can make the
parser recurse; every way a file can fail ends in one error of the program's own (``Unreadable``).
Writing replaces a file atomically, with the user's normal permissions (umask), and makes the data and
the rename reach the disk (fsync of the file, then of its folder).

Every write to the disk goes through the few functions at the end of this module (``write_all``,
``write_at``, ``truncate``, ``open_append``, ``create_with``, ``atomic_write``, ``preallocate``), so a
test can stand in for a full or read-only disk in one place.
"""

import contextlib
import errno
import gc
import json
import os
import re
import secrets
import stat

from game.i18n import N_, _, ngettext, number

# Far above any real record (a long game is some 100 KB) and small enough to read at once.
READ_LIMIT = 16 * 1024 * 1024


class FileRefused(OSError):
    """A path that is not a readable regular file of a sane size; the message says what it is (in the
    language shown now), ``kind`` which way: "special" (not a regular file) or "large"."""

    def __init__(self, message, kind):
        super().__init__(message)
        self.kind = kind


class Unreadable(ValueError):
    """A file (or a piece of one) the program will not use, in plain words (``reason``, short and
    bounded). ``kind`` says what went wrong, for callers that word it their own way: "missing",
    "special" (not a regular file: a folder, a pipe, a device, a link loop), "large", "unreadable"
    (the system refused to read it), "text" (not UTF-8), "json" (not JSON; ``lineno`` where),
    "deep" (nested deeper than allowed), "number" (a number too long to convert)."""

    def __init__(self, reason, kind, errno=None, lineno=None):
        super().__init__(reason)
        self.reason, self.kind, self.errno, self.lineno = reason, kind, errno, lineno


# How deep JSON may nest before it is refused unparsed: the record format nests 4 deep at most.
MAX_DEPTH = 32


def read_regular(path, limit=READ_LIMIT):
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused or OSError otherwise.

    O_NONBLOCK keeps open() from waiting for a writer when the path is a FIFO; what it is is then
    decided by fstat on the opened descriptor, so a link that leads to a device is refused too."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            # TRANSLATORS: {what} is "a folder", "a pipe (FIFO)", "a device", ...
            raise FileRefused(_("{what}, not a file").format(what=_(kind_of(info.st_mode))), "special")
        if info.st_size > limit:
            # TRANSLATORS: {size} and {limit} are sizes such as "20 MB"
            raise FileRefused(_("{size}, more than any record ({limit} at most)").format(
                size=megabytes(info.st_size), limit=megabytes(limit)), "large")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # the file grew while it was read
                raise FileRefused(_("more than {size}").format(size=megabytes(limit)), "large")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_file(path, limit=READ_LIMIT):
    """read_regular with every failure as Unreadable, its reason the bare words for the caller to
    frame: "a pipe (FIFO), not a file", "4,096 MB, more than any record (16 MB at most)",
    "Permission denied"."""
    try:
        return read_regular(path, limit)
    except FileRefused as error:
        raise Unreadable(str(error), error.kind) from None
    except FileNotFoundError as error:
        raise Unreadable(error.strerror or _("no such file"), "missing", error.errno) from None
    except OSError as error:
        kind = "special" if error.errno == errno.ELOOP else "unreadable"
        raise Unreadable(error.strerror or type(error).__name__, kind, error.errno) from None
    except (MemoryError, ValueError) as error:  # ValueError: a NUL byte in the path
        raise Unreadable(type(error).__name__, "unreadable") from None


# What the nesting of JSON text is measured on: quotes, brackets, newlines (JSON strings hold none).
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}\n')
_STRING = re.compile(rb'"[^"\n]*"')  # a string, once nothing but quotes, brackets and newlines are left
_SQUARE = bytes.maketrans(b"{}", b"[]")


@contextlib.contextmanager
def collector_paused():
    """Python's cycle collector held off while a file is parsed. The parser makes only trees (no
    cycles: reference counting frees what is dropped), but every few hundred new lists and dicts the
    collector would walk the young objects, and now and then every object of the program: most of a
    long record's load time, and the more the program holds, the slower the load."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def nesting_over(data, limit=MAX_DEPTH):
    """True if the JSON text DATA (bytes) opens more than LIMIT arrays or objects inside each other.

    Linear, without recursion and without a piece per token (a file of a million strings must not
    cost a million objects): brackets inside strings do not nest, so the escaped backslashes and
    quotes go first, then every byte but quotes, brackets and newlines, then the strings left empty;
    the few strings that hold brackets are cut out of what little remains. Then each pass drops the
    innermost bracket pairs: a structure of depth d is gone after d passes, pairs still there after
    LIMIT passes lie deeper. Brackets that never close (a cut line) count as depth, as the parser
    would go into them. Where a text is no JSON at all the answer only needs to be safe."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    rest = data.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_STRUCTURE)
    rest = _STRING.sub(b"", rest.replace(b'""', b"")).translate(None, b'"\n').translate(_SQUARE)
    run = b"[" * (limit + 1)  # so many opened in a row: deep, found in one search (the usual deep file)
    for _pass in range(limit):
        if run in rest:
            return True
        shorter = rest.replace(b"[]", b"")
        if len(shorter) == len(rest):
            break
        rest = shorter
    return b"[]" in rest or rest.count(b"[") > limit


# The JSON parser's own words (Python's json module), marked so a reason in a person's language says them
# in it too; parser_words() gives a message the parser has no entry for as it is.
PARSER_WORDS = (N_("Expecting value"), N_("Expecting property name enclosed in double quotes"),
                N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"), N_("Unterminated string starting at"),
                N_("Invalid control character at"), N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"),
                N_("Extra data"), N_("Illegal trailing comma before end of object"),
                N_("Illegal trailing comma before end of array"))


def parser_words(message):
    return _(message) if message in PARSER_WORDS else message


def parse_json(data, depth=MAX_DEPTH, bom=True):
    """The value of one JSON text (bytes, UTF-8; with BOM, a byte order mark at its start is allowed);
    Unreadable otherwise, its reason "not UTF-8 text", "nested too deeply", "too large", "a number
    too long to read" or the parser's own short words ("Expecting value"), with ``lineno``. The
    nesting is checked before the parser sees it, so nothing recurses on a hostile file."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if nesting_over(data, depth):
        raise Unreadable(_("nested too deeply"), "deep")
    try:
        text = data.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError:
        raise Unreadable(_("not UTF-8 text"), "text") from None
    try:
        with collector_paused():
            return json.loads(text)
    except json.JSONDecodeError as error:
        raise Unreadable(parser_words(error.msg), "json", lineno=error.lineno) from None
    except RecursionError:  # a guard only: nesting_over let nothing this deep through
        raise Unreadable(_("nested too deeply"), "deep") from None
    except MemoryError:
        raise Unreadable(_("too large"), "large") from None
    except ValueError:  # an integer of more digits than Python converts
        raise Unreadable(_("a number too long to read"), "number") from None


def read_json(path, limit, depth=MAX_DEPTH):
    """The JSON value in a regular file of at most LIMIT bytes, nested at most DEPTH deep; Unreadable
    otherwise. The one way the program reads a JSON file (a record is read line by line instead)."""
    return parse_json(read_file(path, limit), depth)


def megabytes(size):
    """A file's size for a person: "20 MB", "4,096 bytes" (in the language's way of writing numbers)."""
    if size >= 1024 ** 2:
        return _("{n} MB").format(n=number(size / 1024 ** 2))
    return ngettext("{n} byte", "{n} bytes", size).format(n=number(size))


def kind_of(mode):
    """What a file that is not a regular one is (marked words: translated where shown)."""
    for test, words in ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a pipe (FIFO)")),
                        (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")),
                        (stat.S_ISSOCK, N_("a socket"))):
        if test(mode):
            return words
    return N_("a special file")


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


# --- the few ways the program writes to a disk (a test stands in for a full one here) ---------------
def open_append(path):
    """A descriptor of an existing file, for appending; OSError when it cannot be written."""
    return os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))


def truncate(fd, size):
    """Cut the file to SIZE bytes (never needs new room)."""
    os.ftruncate(fd, size)


def write_at(fd, data, offset):
    """Write every byte of DATA at OFFSET, into room the file already has (a journal's): on a full
    disk this still works where an append does not."""
    view, done = memoryview(data), 0
    while done < len(view):
        done += os.pwrite(fd, view[done:], offset + done)
    return done


def _temporary(path):
    folder = os.path.dirname(os.path.abspath(path))
    return folder, os.path.join(folder, f".tmp-{secrets.token_hex(6)}-{os.path.basename(path)[-40:]}")


# Where a file system has no hard links, os.link says one of these; the name is then taken by rename.
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS, errno.EINVAL}


def create_with(path, data):
    """A new file at PATH that holds DATA from the moment it exists: made whole and synced beside it,
    then linked into place. There is never an empty or half-written file at PATH (a full disk leaves
    no file at all), and a file already there is never replaced (FileExistsError)."""
    path = os.fspath(path)
    folder, tmp = _temporary(path)
    fd = create_new(tmp)
    try:
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError as error:
            if error.errno not in _NO_LINKS or os.path.lexists(path):
                raise
            os.rename(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    fsync_folder(folder)


def preallocate(path, size):
    """A new file of SIZE zero bytes whose room on the disk is taken now, so that writing into it later
    needs no new room (write_at). OSError, and no file, when the room cannot be had."""
    fd = create_new(path)
    try:
        try:
            os.posix_fallocate(fd, 0, size)
        except (AttributeError, OSError) as error:  # no fallocate here: write the zeros
            if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
                raise
            write_all(fd, bytes(size))
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        try:
            os.unlink(path)
        except OSError:
            pass
        raise
    os.close(fd)


def remove(path):
    """Remove the file PATH (a link, not what it points to) if it is there; quietly: a file that cannot
    be removed is left."""
    try:
        os.unlink(path)
    except OSError:
        pass
