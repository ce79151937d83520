"""Each phone seat's language, shared by the phones' server and the game's thread."""

import threading


class Languages:
    """{seat: language code} of the phones that joined: set on the server's thread when a phone takes
    its seat, read on the game's thread whenever a seat's words are made. The server keeps one for its
    whole life and gives it to every table it serves (it is never copied, so a phone that joins while
    the lobby's table gives way to the game's is not lost); every access is under its lock."""

    def __init__(self):
        self._lock = threading.Lock()
        self._codes = {}

    def get(self, seat, default=None):
        with self._lock:
            return self._codes.get(seat, default)

    def __getitem__(self, seat):
        with self._lock:
            return self._codes[seat]

    def __setitem__(self, seat, code):
        with self._lock:
            self._codes[seat] = code

    def __contains__(self, seat):
        with self._lock:
            return seat in self._codes

    def swap(self, a, b):
        """Seats A and B changed places (the host moved a phone in the lobby): their languages go with them."""
        with self._lock:
            first, second = self._codes.pop(a, None), self._codes.pop(b, None)
            if first is not None:
                self._codes[b] = first
            if second is not None:
                self._codes[a] = second
