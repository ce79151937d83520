"""A disk that refuses writes on demand, in the one place the program writes (kept.files).

``FullDisk(monkeypatch)``: while ``full`` is true, every write that would make a file larger fails
with ENOSPC after writing part of what was asked where an append can (a real full disk fills its last
block first), creating or replacing a file with content fails and leaves nothing, and writing into
bytes a file already has (a journal's room) still works, as on a real full disk. While
``read_only`` is true, nothing can be opened for writing or made (EROFS), as on a disk mounted
read-only or a folder the user may not write; chmod cannot show that when the tests run as root.
"""

import errno
import os

import kept.files
import kept.record


class FullDisk:
    def __init__(self, monkeypatch):
        self.full = False
        self.read_only = False
        self.refused = 0
        real = {name: getattr(kept.files, name) for name in
                ("write_all", "write_at", "atomic_write", "create_with", "preallocate", "open_append")}

        def refuse(code=errno.ENOSPC, written=0):
            self.refused += 1
            error = OSError(code, os.strerror(code))
            error.written = written
            return error

        def write_all(fd, data):
            if self.read_only:
                raise refuse(errno.EROFS)
            if not self.full:
                return real["write_all"](fd, data)
            half = os.write(fd, bytes(data[:len(data) // 2]))
            raise refuse(written=half)

        def write_at(fd, data, offset):
            room = os.fstat(fd).st_size - offset
            if self.read_only:
                raise refuse(errno.EROFS)
            if self.full and len(data) > room:
                if room > 0:
                    real["write_at"](fd, bytes(data[:room]), offset)
                raise refuse()
            return real["write_at"](fd, data, offset)

        def making(name):
            def make(*args):
                if self.read_only:
                    raise refuse(errno.EROFS)
                if self.full:
                    raise refuse()
                return real[name](*args)
            return make

        def open_append(path):
            if self.read_only:
                raise refuse(errno.EROFS)
            return real["open_append"](path)

        for name, fake in (("write_all", write_all), ("write_at", write_at), ("open_append", open_append),
                           ("atomic_write", making("atomic_write")), ("create_with", making("create_with")),
                           ("preallocate", making("preallocate"))):
            monkeypatch.setattr(kept.files, name, fake)
        monkeypatch.setattr(kept.record, "atomic_write", making("atomic_write"))
