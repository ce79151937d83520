"""The lines the disk refused, kept beside their record (``<record>.journal``) until there is room.

A running game's Autosave (kept.storage) appends each action's lines to its record; when the disk
refuses them they wait in the record's journal, whose room was taken when the game began, so that
leaving the game, closing the window or a crash loses none of them. The next start appends them to
the record (``complete``), once the rules agree that they belong there. A record a game of this run
writes (``in_play``) is left to that game.
"""

import hashlib
import json
import os
import stat
import threading
from pathlib import Path

from kept import files
from kept import lock as locks
from kept.record import RecordError, parse, read_bytes, replay


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
            files.remove(self.path)


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


_completing = threading.Lock()  # the menu's index thread and Continue may complete the same record
in_play = set()  # records a game of this run writes: only its Autosave appends to them


def claim(path):
    """A game of this run goes on from the record at PATH (Continue, its lock held): from now on only
    that game appends to it, and what its journal holds is appended now, as ``_complete`` says (the
    index's thread waits meanwhile). Returns what ``complete`` returns."""
    with _completing:
        in_play.add(Path(path))
        return _complete(path)


def complete(path):
    """Append to a record the lines its journal holds, written there when the disk refused them (the
    next start after leaving on a full disk). Only an append: the record needs no room for a second
    copy. Nothing is written unless the record with those lines replays by the rules; a record a game
    of this run is writing is left to that game, and so is one another instance of the app plays.

    Returns (size, bytes) of the held lines when the disk still refuses the append (they belong
    after the record's first SIZE bytes: ``resume`` goes on from them in memory), else None."""
    with _completing:
        if Path(path) in in_play or held_lines(path) is None:
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
