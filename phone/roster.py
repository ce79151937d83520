"""The table's seats while phones join, before the game begins (the lobby): who sits where, by what
name and face, and which seats a phone may take by the table's one link.

Shared by the phones' server (a phone takes a seat, on the server's thread) and the lobby on the TV
(the host moves a phone to another seat, frees a seat, lets a bot play it, starts the game); every
access is under the roster's lock, and ``freeze`` (the host pressed Start) ends every change.

A seat is a person at the TV ("tv"), a bot ("bot") or a phone's ("phone"). A phone may take a bot's
seat or a phone seat no device holds (the server knows which: ``held``), or add a seat while the game
allows more players. In a continued game (``fixed``) the record fixes the seats and their names: a
phone may only take a phone seat no device holds, as it is.

No pygame, no aiohttp: plain data, for the TV and the server alike.
"""

import threading
import unicodedata
from dataclasses import dataclass, replace

from game.i18n import _
from phone.shapes import FACES

NAME_LIMIT = 14  # as long as the seat setup lets a name be typed (scenes.menus.menu.NAME_LIMIT)
KINDS = ("tv", "bot", "phone")


@dataclass(frozen=True)
class RosterSeat:
    name: str
    kind: str  # "tv", "bot" or "phone"
    level: str | None = None  # a bot's level
    face: str | None = None  # the face its phone picked (phone.shapes.FACES), or None
    origin: object = None  # the seat as it was before a phone took it (a RosterSeat), or None
    added: bool = False  # a seat a phone added to the setup's: freed, it goes


def clean_name(name):
    """NAME as a seat may be called (spaces trimmed and single, no control signs), or None when that
    leaves nothing or more than NAME_LIMIT letters."""
    if not isinstance(name, str) or len(name) > 4 * NAME_LIMIT:
        return None
    shown = " ".join("".join(c for c in name if unicodedata.category(c)[0] != "C").split())
    return shown if 0 < len(shown) <= NAME_LIMIT else None


class Roster:
    """The seats of the lobby (see the module's docstring). GAME and TITLE: the game's id and title;
    SEATS: RosterSeat each, in seat order; MOST: the most players the game allows; LEAST: the fewest."""

    def __init__(self, game, title, seats, most=None, least=None, fixed=False):
        self.game, self.title = game, title
        self._seats = list(seats)
        self.most = most or len(self._seats)
        self.least = least or len(self._seats)
        self.fixed = fixed
        self.frozen = False
        self.version = 0  # one more at each change: the lobby and the server see what is new
        self._lock = threading.Lock()

    # --- reading (any thread) -------------------------------------------------------------------
    def seats(self):
        with self._lock:
            return tuple(self._seats)

    def faces(self):
        """{seat: face} of every seat whose phone picked one."""
        with self._lock:
            return {n: s.face for n, s in enumerate(self._seats) if s.face is not None}

    def free(self, held):
        """The seats a phone may take now: a bot's (not in a continued game), or a phone seat no device
        holds (HELD: the seats a device holds)."""
        with self._lock:
            return self._free(held)

    def _free(self, held):
        if self.frozen:
            return set()
        return {n for n, s in enumerate(self._seats)
                if (s.kind == "bot" and not self.fixed) or (s.kind == "phone" and n not in held)}

    def can_add(self):
        with self._lock:
            return not self.frozen and not self.fixed and len(self._seats) < self.most

    def public(self, held, joined):
        """What every phone may know of the table while it fills: each seat's name, kind, face, whether
        a phone may take it and whether its phone is here (HELD, JOINED: the server's sets of seats).
        Never a link or a key."""
        with self._lock:
            free = self._free(held)
            seats = [{"name": s.name, "kind": s.kind, "face": s.face, "free": n in free, "joined": n in joined}
                     for n, s in enumerate(self._seats)]
            return {"game": self.game, "title": self.title, "seats": seats, "rename": not self.fixed,
                    "can_add": not self.frozen and not self.fixed and len(self._seats) < self.most,
                    "started": self.frozen}

    # --- a phone takes a seat (the server's thread) -----------------------------------------------
    def claim(self, seat, name, face, held):
        """A phone takes SEAT (a number, or "new" for a seat of its own) as NAME with FACE: (its seat
        number, None), or (None, why not, in the language spoken now). HELD: the seats a device holds."""
        with self._lock:
            if self.frozen:
                return None, _("the game has begun: ask the host for your seat's own link")
            if face is not None and face not in FACES:
                return None, _("choose one of the faces shown")
            if seat == "new":
                if self.fixed or len(self._seats) >= self.most:
                    return None, _("the table has no room for another seat")
                number, old = len(self._seats), None
            elif type(seat) is int and seat in self._free(held):
                number, old = seat, self._seats[seat]
            else:
                return None, _("that seat is not free any more: choose another")
            if self.fixed:
                name = old.name
            else:
                name = clean_name(name)
                if name is None:
                    return None, _("type your name (at most {count} letters)").format(count=NAME_LIMIT)
            if any(n != number and s.name.casefold() == name.casefold() for n, s in enumerate(self._seats)):
                return None, _("{name} is at the table already: choose another name").format(name=name)
            if face is not None and any(n != number and s.face == face for n, s in enumerate(self._seats)):
                return None, _("another player has that face: choose another")
            # freed, the seat goes back to what it was: a bot's, or the phone seat the setup made
            origin = None if old is None else old if old.kind == "bot" else (old.origin or old)
            taken = RosterSeat(name, "phone", None, face, origin=origin, added=old is None or old.added)
            if old is None:
                self._seats.append(taken)
            else:
                self._seats[number] = taken
            self.version += 1
            return number, None

    # --- the host's changes (each mirrored by the server on its seats) ----------------------------
    def free_seat(self, seat):
        """The host takes SEAT from its phone: a seat a phone added goes (the seats after it move up
        one), a bot's seat a phone took is the bot's again, a phone seat of the setup waits for a phone
        as it was. Returns the changes the server makes on its side, in order: ("swap", a, b), ("drop",
        n) (the seat has no link any more) or ("keep", n) (its link stays, its device goes)."""
        with self._lock:
            if self.frozen or not 0 <= seat < len(self._seats) or self._seats[seat].kind != "phone":
                return []
            old = self._seats[seat]
            changes = []
            if old.added:
                for n in range(seat, len(self._seats) - 1):
                    self._swap(n, n + 1)
                    changes.append(("swap", n, n + 1))
                self._seats.pop()
                changes.append(("drop", len(self._seats)))
            else:
                self._seats[seat] = old.origin or replace(old, face=None)
                changes.append(("drop" if self._seats[seat].kind == "bot" else "keep", seat))
            self.version += 1
            return changes

    def move(self, seat):
        """The host moves SEAT's player one place on (the last to the first): (a, b) swapped, or None."""
        with self._lock:
            if self.frozen or self.fixed or not 0 <= seat < len(self._seats) or len(self._seats) < 2:
                return None
            other = (seat + 1) % len(self._seats)
            self._swap(seat, other)
            self.version += 1
            return seat, other

    def to_bot(self, seat, level="normal"):
        """A phone seat whose phone does not come: a bot plays it (its name kept). False in a continued
        game (the lobby lets a bot stand in there) or when SEAT is no phone's."""
        with self._lock:
            if self.frozen or self.fixed or not 0 <= seat < len(self._seats) or self._seats[seat].kind != "phone":
                return False
            self._seats[seat] = RosterSeat(self._seats[seat].name, "bot", level)
            self.version += 1
            return True

    def freeze(self):
        """The host starts the game: no more changes. Returns the seats as they are."""
        with self._lock:
            self.frozen = True
            self.version += 1
            return tuple(self._seats)

    def _swap(self, a, b):
        self._seats[a], self._seats[b] = self._seats[b], self._seats[a]
