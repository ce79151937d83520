"""The phones' web server: an aiohttp HTTP + WebSocket server on its own thread and asyncio loop.

The interface the TV uses (all calls from the game thread, none blocks for long)::

    table = PhoneTable(state, phone_seats)              # phone.bridge: the game thread's side
    server = PhoneServer(table, port=8765)              # --port; DEFAULT_PORT is 8765
    server.start()                                      # idempotent; binds, then serves
    server.notice                                       # None, or "port 8765 is taken; ..." to show
    server.links()                                      # {seat: "http://<LAN address>:<port>/s/<token>"}
    server.address, server.everywhere                   # the links' address; True: listens on every interface
    server.joined(seat)                                 # True while a phone holds the seat
    server.seat_status(seat)                            # "empty", "joined" or "away" (its phone left)
    server.pending_takeovers()                          # seats another device asks for
    server.confirm_takeover(seat) / server.refuse_takeover(seat)
    server.moved_seats()                                # seats taken with a key from another device: tell
    server.connection_counts()                          # {"open", "most", "closed", "bounds"}: load
    ...every frame: table.pump()
    server.stop()                                       # idempotent; the tokens die with it

What flows where: a phone's WebSocket messages are checked here (size, JSON shape, rate) and its
actions go to the game thread through ``table.inbox``; ``table.pump()`` answers through
``server.post`` (its ``outbox``), which hands each message to the loop with
``call_soon_threadsafe``. This thread never touches the game state.

Seats and devices: the first device to open a seat's link holds the seat and is given a resume key
(``seated``), which the page keeps. The same device reloading or reconnecting shows its device id and
that key, takes its seat straight back and is sent the current observation. Any other device, or one
that repeats the holder's device id without its key, waits ("waiting") until the host confirms (the
first device is told it lost the seat, and its key stops working) or refuses, in the lobby as during
the game. The device id and key travel in plain ws://, so a device on the same network could copy
them: the key shown from another address than its device's takes the seat, but the seat "moved"
(``moved_seats``: the TV says so), the device before is told (``lost``, kind "moved") and the key
changes.

Secrets stay out of the log: no line names a request's path, aiohttp's words about a request it
could not read are cut before the request they quote, and while the server runs a filter on every
logger that could hear of a request (its own, aiohttp's, asyncio's) puts each token, key and device
id out of sight.

Holding its ground: every TCP connection passes a gate before aiohttp reads a byte. At most
``bounds`` = (overall, per address, per token) connections are open at once, far below the process's
open-files limit (``connection_bounds``); a newcomer over a bound pushes out the oldest connection
that holds no seat (at its own address, else at the busiest one), or is refused (503) when all hold
seats. A connection without a whole request is closed after IDLE_TIMEOUT, a WebSocket that does not
join after JOIN_TIMEOUT. A WebSocket opened by a page of another origin is refused (403). Each refused
request is one line on the ``phone.net`` logger, never a traceback (at most REPORTS_PER_SECOND a
second; the rest of a flood is counted in one line).

Messages from a phone: ``{"type": "join", "device": id, "key": k}`` first (no key on its first
visit), then ``{"type": "act", "action": [...], "moment": n}`` and ``{"type": "ping"}``. To a
phone, besides the table's (phone.bridge): ``seated`` (with its ``key``), ``waiting``, ``lost``,
``turned_away``, ``closed`` (the server stops after the game ended), ``host_left`` (the server stops
with the game unfinished: the host left it or closed the lobby; ``started`` says which), ``error``
(with ``reason``; over the rate limit also ``dropped``: the kind of message not read, always told for
"act" and "join"), ``pong``. A phone that joins in the lobby (the table not pumped yet) is sent the
table's ``hello`` at once (with ``lobby``: true), so its page can say whose seat it holds while it
waits for the start.

The page: ``/s/<token>`` (index.html), ``/p/app.js`` and ``/p/style.css``, and ``/p/games/<id>.js``, each
registered game's drawing on the page (``game_pages``: its kit's ``phone_page``, else
``page/games/<id>.js``), all read once when the server is made and served from memory by their name
alone: no path a request names reaches the file system.

Languages: the page picks its phone's language (``index.html`` names the table's, its fallback), loads
that language's words (``GET /words/<lang>.json``: ``{"lang", "words": {message: translation, or a
list of plural forms}}``, the gettext catalogue's; none for English; with an ETag, kept a while by
the browser, each address fetching a few at once and about one a second after: WORDS_RATE, 429
beyond) and names it on the WebSocket's
URL (``/ws/<token>?lang=de``). What this server and the table say to that phone (reasons, reminders,
task texts, the farewell) is said in it; a ``lost`` message has a ``kind`` for code to compare
("another_device", "same_device", "moved", "bot"), never its words.
"""

import asyncio
import hashlib
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import socket
import threading
import time
from collections import Counter
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError, LineTooLong

from game import i18n
from game.i18n import N_, _
from game.kit import kit, registered
from phone import DEFAULT_PORT, TOKEN, link_token, table_token  # noqa: F401 - DEFAULT_PORT: this module's interface
from phone.languages import Languages
from phone.roster import Roster, RosterSeat
from phone.shapes import REACTIONS, shapes_module

log = logging.getLogger("phone")
net_log = logging.getLogger("phone.net")  # refused and broken connections: one line each, no traceback

MAX_MESSAGE = 2048  # characters in one message from a phone; longer ones get an error back
PROTOCOL_MAX = 64 * 1024  # longer frames close the connection (aiohttp refuses them)
RATE = 10.0  # messages per second a phone may send on average ...
BURST = 20  # ... and at once (a person taps a few times a second at most)
MAX_QUEUED = 400  # messages waiting for a slow phone before it is dropped (it reconnects)
DEVICE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
PER_TOKEN = 4  # WebSockets on one seat's link at once: a phone, a reload whose old socket lingers, a second device
JOIN_TIMEOUT = 10.0  # seconds a WebSocket has to join its seat before it is closed
IDLE_TIMEOUT = 10.0  # seconds a plain HTTP connection may stay without a (whole) request
BACKLOG = 32  # connections the kernel queues for accepting; it also caps how many are accepted at once
REPORTS_PER_SECOND = 20  # lines about refused connections; a flood's rest is counted in one line
_BUSY = b"Too many connections: try again in a moment."
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\n"
           b"Content-Length: %d\r\n\r\n%s" % (len(_BUSY), _BUSY))
WORDS_RATE = 1.0  # word lists one address may fetch per second on average ...
WORDS_BURST = 10  # ... and at once (a page fetches one when it loads); more are answered 429
WORDS_CACHE = "public, max-age=600"  # the words change only with the program: a reload asks for none
BUCKETS = 256  # addresses whose word-list fetches are counted at once (idle ones are forgotten first)
PAGE_FILES = {"app.js": "text/javascript", "style.css": "text/css"}
MADE_FILES = {"shapes.js": shapes_module}  # the page's files made from the program's own data (phone.shapes)
TABLE_GUESTS = 12  # WebSockets on the table's link at once that have not taken a seat yet
REACTION_RATE = 0.5  # reactions a seat may send per second on average ...
REACTION_BURST = 3  # ... and at once (phone.shapes.REACTIONS; the TV pops each up by the seat)
# The messages of the table's own (not of one game): {kind: the server's method for it}
TABLE_KINDS = {"look": "_look", "claim": "_claim", "react": "_react", "vote": "_vote"}
KEPT_KINDS = ("result", "votes")  # the table's messages a page that comes back is told again
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
           "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                                      "style-src 'self'; script-src 'self'; frame-ancestors 'none'"}


def page_file(name):
    """A file of the phone page, read from the package (works from a wheel too)."""
    return (resources.files("phone") / "page" / name).read_bytes()


def game_pages():
    """{"<id>.js": its text} of every registered game's drawing on the page (``/p/games/<id>.js``, which
    the page loads for the game it is told): the file its kit names (``phone_page``), else the one
    this package ships, ``page/games/<id>.js``. A game with neither is played with the page's plain
    buttons."""
    found = {}
    for game_id in registered():
        named = kit(game_id).phone_page
        path = resources.files("phone") / "page" / "games" / f"{game_id}.js" if named is None else Path(named)
        try:
            found[f"{game_id}.js"] = path.read_bytes()
        except OSError:
            log.warning("no page module for %s (%s)", game_id, path)
    return found


def lan_address():
    """This machine's address on the local network, found without the internet: a UDP socket
    'connected' to a private address sends nothing but picks the outgoing interface. 127.0.0.1 when
    there is no network."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.connect((probe, 1))
            address = sock.getsockname()[0]
        except OSError:
            continue
        finally:
            sock.close()
        if address and not address.startswith("127.") and address != "0.0.0.0":
            return address
    return "127.0.0.1"


def bind(host, port):
    """(listening socket, notice): PORT if free, else a free port and a notice saying so."""
    def listen(p):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if os.name != "nt":  # on Windows this would let two servers share a port
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, p))
            sock.listen(128)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        return sock

    try:
        return listen(port), None
    except OSError as error:
        if port == 0:
            raise
        sock = listen(0)
        why = error.strerror or str(error)
        # TRANSLATORS: {why} is the system's own reason, like "Address already in use"
        return sock, _("port {port} is taken ({why}); phones use port {used}").format(
            port=port, why=why, used=sock.getsockname()[1])


def connection_bounds():
    """(overall, per address): how many connections the server holds at once, far below this process's
    open-files limit, which the game's record, fonts and sounds need too. A table has six phones at
    most, each with a WebSocket and a few short page requests."""
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft == resource.RLIM_INFINITY:
            soft = 1 << 20
    except (ImportError, OSError, ValueError):  # Windows has no such limit to read
        soft = 512
    overall = max(16, min(128, soft // 8))
    return overall, max(8, min(32, overall // 2))


class _Reports:
    """One line per refused request on ``phone.net``, but at most REPORTS_PER_SECOND a second: a
    flood's rest is counted and told in one line."""

    def __init__(self):
        self.second, self.told, self.untold = 0, 0, 0

    def __call__(self, text):
        now = int(time.monotonic())
        if now != self.second:
            self.flush()
            self.second, self.told = now, 0
        if self.told < REPORTS_PER_SECOND:
            self.told += 1
            net_log.warning("phone server: %s", " ".join(str(text).split()))  # one line, whatever it holds
        else:
            self.untold += 1

    def flush(self):
        if self.untold:
            net_log.warning("phone server: %d more refused in the same second", self.untold)
            self.untold = 0


SEAT_PATH = re.compile(r"(/(?:s|t|ws)/)[^\s'\"\\]*")  # a seat's or the table's link, a WebSocket: a token follows


def out_of_sight(text, secrets=()):
    """TEXT fit for a log line: a seat's path cut before its token, and each of SECRETS (tokens,
    resume keys, device ids) put out of sight wherever it stands."""
    text = SEAT_PATH.sub("\\1…", text)
    for secret in secrets:
        text = text.replace(secret, "…")
    return text


def unquoted(error):
    """What aiohttp says of a request it could not read, without the request: its words quote the
    request line (a seat's token with it), which never goes to a log."""
    if isinstance(error, LineTooLong):
        return f"LineTooLong: a line of the request over {error.args[1]} bytes"
    words = re.split(r"""(?:bytearray\()?b?['"]""", str(error.message), maxsplit=1)[0]
    return f"{type(error).__name__}: {' '.join(words.split()).rstrip(': ')[:80] or error.code}"


class _Unseen(logging.Filter):
    """Keeps a serving server's secrets out of every log line, whichever logger writes it (its own,
    aiohttp's, asyncio's): each seat's path cut before its token, and every token, resume key and
    device id it gave or was shown put out of sight, in the message and in a traceback."""

    LOGGERS = ("phone", "phone.net", "aiohttp.access", "aiohttp.internal", "aiohttp.server", "aiohttp.web",
               "aiohttp.websocket", "asyncio")

    def __init__(self, secrets):
        super().__init__()
        self.secrets = secrets  # called for the secrets now (any thread)

    def filter(self, record):
        secrets = self.secrets()
        try:
            text = record.getMessage()
        except Exception:  # noqa: BLE001 - a broken record: logging reports it itself
            return True
        shown = out_of_sight(text, secrets)
        if shown != text:
            record.msg, record.args = shown, None
        if record.exc_info:
            trace = record.exc_text or logging.Formatter().formatException(record.exc_info)
            hidden = out_of_sight(trace, secrets)
            if hidden != trace:
                record.exc_info, record.exc_text = None, hidden
        return True

    def install(self):
        for name in self.LOGGERS:
            logging.getLogger(name).addFilter(self)

    def remove(self):
        for name in self.LOGGERS:
            logging.getLogger(name).removeFilter(self)


class _OneLine(logging.LoggerAdapter):
    """aiohttp's own logger for the server (a request it could not parse, a client gone while it was
    answered): one line each, without the traceback, through the same reports. Its debug chatter is
    dropped, but not a refused request it files under debug (junk that is not HTTP at all)."""

    def __init__(self, report):
        super().__init__(net_log, {})
        self.report = report

    def log(self, level, msg, *args, exc_info=None, **kwargs):
        if level < logging.WARNING and not exc_info:
            return
        text = str(msg) % args if args else str(msg)
        error = exc_info if isinstance(exc_info, BaseException) else None
        if isinstance(error, HttpProcessingError):
            self.report(f"{text}: {unquoted(error)}")
        else:
            self.report(f"{text}: {type(error).__name__}: {error}" if error else text)


class _Door(asyncio.Protocol):
    """One TCP connection. The gate counts it before aiohttp's protocol (HANDLER) sees a byte, and
    may refuse it (503 and close) or close it later to make room; otherwise everything is passed on."""

    def __init__(self, gate, make_handler):
        self.gate, self.make_handler = gate, make_handler
        self.handler = None
        self.transport = None
        self.address = "?"
        self.seated = False  # a WebSocket that joined its seat: never closed to make room

    def connection_made(self, transport):
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        if not self.gate.admit(self):
            transport.write(REFUSED)
            transport.close()
            return
        self.handler = self.make_handler()
        self.handler.connection_made(transport)

    def data_received(self, data):
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self):
        return self.handler.eof_received() if self.handler is not None else None

    def pause_writing(self):
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self):
        if self.handler is not None:
            self.handler.resume_writing()

    def connection_lost(self, exc):
        self.gate.forget(self)
        if self.handler is not None:
            self.handler.connection_lost(exc)

    def evict(self):
        """Close at once (no lingering for unsent data: a flood's socket does not read)."""
        self.gate.forget(self)
        self.transport.abort()


class _Gate:
    """Counts the open connections (the loop's thread only) and keeps them within the bounds: when
    a newcomer would pass one, the oldest connection that holds no seat goes, at the newcomer's
    address first, else at the address with most connections (a flood only pushes out its own);
    when every one holds a seat, the newcomer is refused."""

    def __init__(self, overall, per_address, report):
        self.overall, self.per_address = overall, per_address
        self.report = report
        self.doors = {}  # transport -> _Door, oldest first
        self.most = 0  # the most connections held at once
        self.closed = 0  # connections refused or closed to make room

    def admit(self, door):
        if not self.make_room(door.address):
            self.closed += 1
            self.report(f"refused a connection from {door.address}: {len(self.doors)} open, all playing")
            return False
        self.doors[door.transport] = door
        self.most = max(self.most, len(self.doors))
        return True

    def make_room(self, address):
        here = [d for d in self.doors.values() if d.address == address]
        if len(here) >= self.per_address and not self.push_out(here, f"{len(here)} open from there"):
            return False
        if len(self.doors) >= self.overall:
            counts = Counter(d.address for d in self.doors.values() if not d.seated)
            if not counts:
                return False
            busiest = max(counts, key=counts.get)
            return self.push_out([d for d in self.doors.values() if d.address == busiest],
                                 f"{len(self.doors)} open in all")
        return True

    def push_out(self, doors, why):
        """Close the oldest of DOORS that holds no seat; False when every one does."""
        door = next((d for d in doors if not d.seated), None)
        if door is None:
            return False
        self.closed += 1
        self.report(f"closed the oldest idle connection from {door.address} to make room ({why})")
        door.evict()
        return True

    def forget(self, door):
        self.doors.pop(door.transport, None)

    def seat(self, transport):
        """The connection on TRANSPORT joined a seat: it stays, whatever comes."""
        door = self.doors.get(transport)
        if door is not None:
            door.seated = True

    def close_all(self):
        for door in list(self.doors.values()):
            door.evict()


def table_roster(table):
    """The roster of a server made without one: TABLE's seats as they are, only its phone seats free
    for a phone to take, as they are (a lobby makes its own, which phones may fill)."""
    state = table.state
    kinds = {seat: "phone" for seat in table.phone_seats}
    seats = [RosterSeat(s.name, kinds.get(n, "bot" if s.kind == "bot" else "tv"), s.bot)
             for n, s in enumerate(state.seats)]
    return Roster(state.game_id, kit(state.game_id).info.title, seats, fixed=True)


def farewell(table):
    """The last message to every phone when the server stops: ``closed`` when the game ended with a
    result; ``host_left`` when the host left it unfinished (the app quit, the game was left, the lobby
    closed), with ``started``: whether the game had begun on the TV (False: the lobby).
    The reason is the English message: each phone is told it in its own language (``spoken``)."""
    if table.state.is_over:
        return {"type": "closed", "reason": N_("the game has ended")}
    started = table.started
    return {"type": "host_left", "started": started,
            "reason": N_("the host left the game before it was over") if started else N_("the host closed the lobby")}


def spoken(message):
    """MESSAGE with its reason (an English message marked with N_) in the language spoken now."""
    reason = message["reason"]  # marked with N_ where the message is made (farewell)
    return dict(message, reason=_(reason))


def page_words(lang):
    """The words the page of LANG translates with: {"lang", "words"} (game.i18n.words_of: each
    message's translation, a plural's forms as a list, a context's message as "context\x04message")."""
    lang = i18n.supported(lang) or i18n.SOURCE
    return {"lang": lang, "words": i18n.words_of(lang)}


def _table_language(body):
    """index.html naming our languages and the table's now: the page picks its phone's language among
    ours, else the table's."""
    ours = " ".join(i18n.LANGUAGES).encode()
    return body.replace(b'data-table-language="en"', b'data-table-language="%s"' % i18n.table_language().encode()
                        ).replace(b'data-languages="en"', b'data-languages="%s"' % ours)


def _parse(data):
    """(message, None) or (None, what is wrong with it) for one text a phone sent."""
    if len(data) > MAX_MESSAGE:
        return None, f"message too long (at most {MAX_MESSAGE} characters)"
    try:
        return json.loads(data), None
    except (ValueError, RecursionError):
        return None, "that is not JSON"


def _parts(url):
    """(scheme, host, port) of a URL, the port filled in for http and https; Nones when it is no URL."""
    try:
        parts = urlsplit(url)
        return parts.scheme, parts.hostname, parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None, None, None


def _ip_literal(host):
    try:
        ipaddress.ip_address(host or "")
        return True
    except ValueError:
        return False


def _asked_language(request):
    """The language a browser asks for (Accept-Language, best first) where it is one of ours, else
    the table's."""
    asked = []
    for part in request.headers.get("Accept-Language", "").split(",")[:20]:
        code, _semicolon, weight = part.strip().partition(";q=")
        try:
            asked.append((-float(weight or 1), len(asked), code.strip()))
        except ValueError:
            continue
    return i18n.best_of([entry[2] for entry in sorted(asked)])


def _same_key(given, kept):
    """The resume key a device presents is the one it was given (compared in constant time)."""
    return isinstance(given, str) and kept is not None and hmac.compare_digest(given.encode(), kept.encode())


class _Conn:
    """One WebSocket: its seat, device, role ("new", "holder", "waiting") and what it may still send."""

    def __init__(self, ws, seat, rate, burst, transport=None, lang=None, address=None):
        self.ws = ws
        self.lang = lang  # the page's language: what it is told is said in it
        self.transport = transport  # its TCP connection: the gate's key, to mark it seated
        self.address = address  # the device's network address
        self.bucket = _Bucket(rate, burst)
        self.seat = seat
        self.guest = seat is None  # on the table's link: it may take a seat (then it holds it, as any)
        self.device = None
        self.role = "new"
        self.out = asyncio.Queue()
        self.warned = 0.0
        self.writer = None

    def send(self, text):
        if self.ws.closed:
            return
        if self.out.qsize() >= MAX_QUEUED:  # a phone that reads nothing: drop it, it reconnects
            self.close(4008, "too slow")
            return
        self.out.put_nowait(text)

    def close(self, code=1000, why=""):
        self.out.put_nowait((code, why))

    def allow(self):
        return self.bucket.allow()

    async def write(self):
        """Send queued texts in order; a (code, reason) item closes the socket."""
        try:
            while True:
                item = await self.out.get()
                if isinstance(item, tuple):
                    await self.ws.close(code=item[0], message=item[1].encode())
                    return
                await self.ws.send_str(item)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return


class _Bucket:
    """A rate limit: a token bucket of BURST refilled at RATE per second."""

    def __init__(self, rate, burst):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.filled = time.monotonic()

    def allow(self):
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
        self.filled = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    @property
    def full(self):
        """Refilled to the brim: nothing of it is worth remembering."""
        return self.tokens + (time.monotonic() - self.filled) * self.rate >= self.burst


class _Seat:
    def __init__(self):
        self.holder = None  # the connection playing the seat
        self.device = None  # the device that holds the seat (kept while it is away)
        self.key = None  # the resume key that device was given: its proof when it comes back
        self.address = None  # where that device joined from: a key shown from elsewhere moves the seat
        self.waiting = None  # another device's connection that wants the seat


class PhoneServer:
    """Serves the phone page and one WebSocket per phone seat; see the module's docstring."""

    def __init__(self, table, port=DEFAULT_PORT, host="0.0.0.0", address=None, rate=RATE, burst=BURST,
                 tokens=None, bounds=None, join_timeout=JOIN_TIMEOUT, idle_timeout=IDLE_TIMEOUT, roster=None):
        """TOKENS: {seat: token} to serve the same links again (a continued game), else fresh ones;
        PORT: the port to try first (0: any free one); HOST: the interface to listen on (all by
        default: phones reach it over the LAN); ADDRESS: the address in the links (default: this
        machine's LAN address); RATE and BURST: the rate limit per connection; BOUNDS: (overall, per
        address, per token) connections at once, by default from the open-files limit
        (connection_bounds) and PER_TOKEN; JOIN_TIMEOUT and IDLE_TIMEOUT: seconds a WebSocket has to
        join, and a plain connection to send a whole request. ROSTER: the lobby's seats
        (phone.roster), which phones may take by the table's link; by default the table's phone seats
        only, as they are."""
        self.table = table
        self.rate, self.burst = rate, burst
        self.bounds = tuple(bounds) if bounds else (*connection_bounds(), PER_TOKEN)
        self.join_timeout, self.idle_timeout = join_timeout, idle_timeout
        self._report = _Reports()
        self._gate = _Gate(*self.bounds[:2], self._report)
        table.outbox = self.post
        self.host = host
        self.requested_port = port
        self.address = address
        self.port = None
        self.notice = None
        self.tokens = {}
        self.kept_tokens = dict(tokens or {})
        self._seats = {seat: _Seat() for seat in table.phone_seats}
        self._status = {seat: ("empty", False) for seat in table.phone_seats}  # (status, pending)
        self._hello = {}
        self._snapshot = {}
        self._lock = threading.Lock()
        self._thread = None
        self._loop = None
        self._stopping = None
        self._farewell = None  # the last message to every phone when the server stops (farewell)
        self._conns = {}  # every WebSocket, oldest first (a dict keeps the order)
        # each seat's phone's language: one for the server's life, given to every table it serves
        self._languages = table.languages = Languages()
        self._files = {name: page_file(name) for name in ["index.html", *PAGE_FILES]}
        self._files.update({name: make() for name, make in MADE_FILES.items()})
        self._games = game_pages()  # each game's drawing on the page: served from here, never from a path asked
        self._word_lists = {}  # {lang: (the body, its ETag)}: made once, sent to every phone
        self._word_fetches = {}  # {address: _Bucket}: each address's word-list fetches (the loop's thread)
        self._moved = []  # seats taken with their key from another device, for the TV to tell (moved_seats)
        self._secrets = ()  # every token, resume key and device id this server gave or was shown
        self._unseen = _Unseen(lambda: self._secrets)
        self.roster = roster  # the seats phones may take by the table's link (default: made at start)
        self.table_token = None  # the table's one link's secret, while serving
        self._kept = {}  # {seat: {kind: text}}: the result card and the votes, told again to a page back
        self._reaction_buckets = {}  # {seat: _Bucket}: each seat's reactions, whichever device sends them

    # --- the TV's calls (game thread) ----------------------------------------------------------------
    def start(self):
        """Bind the port (or a free one: see ``notice``) and serve on a thread of its own."""
        if self._thread is not None:
            return self
        sock, self.notice = bind(self.host, self.requested_port)
        self.port = sock.getsockname()[1]
        self._seats = {seat: _Seat() for seat in self.table.phone_seats}  # no device holds a seat yet
        self._conns = {}
        self._gate = _Gate(*self.bounds[:2], self._report)
        with self._lock:
            self._status = {seat: ("empty", False) for seat in self._seats}
        if self.address is None:
            self.address = "127.0.0.1" if self.host.startswith("127.") else lan_address()
        kept = self.kept_tokens
        self.tokens = {kept.get(seat) or link_token(): seat for seat in self.table.phone_seats}
        self.table_token = table_token()
        if self.roster is None:
            self.roster = table_roster(self.table)
        self._keep_secret(*self.tokens, self.table_token)
        self._unseen.install()  # from now on no log line shows a token, a key or a device id
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(sock, ready), name="phone-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        if self.notice:
            log.warning(self.notice)
        return self

    def seat_tokens(self):
        """{seat: token} while serving: what a continued game needs to give the same links."""
        return {seat: token for token, seat in self.tokens.items()}

    def use_table(self, table):
        """Serve TABLE from now on (the lobby's table becomes the game's); seats it has no longer
        (turned into bots) lose their links and their phones."""
        self.table = table
        table.outbox = self.post
        table.languages = self._languages  # the phones that joined in the lobby speak on
        tokens = self.tokens
        self.tokens = {token: seat for token, seat in tokens.items() if seat in table.phone_seats}  # one assignment
        for seat in sorted(set(tokens.values()) - set(self.tokens.values())):
            self._call(self._drop_seat, seat)

    def _drop_seat(self, number, kind="bot", reason=N_("a bot plays this seat now")):
        """SEAT has no phone any more (a bot plays it, or the host freed it): its phone is told why
        (KIND, for code; REASON, an N_-marked message, in the phone's language) and let go."""
        seat = self._seats.pop(number, None)
        with self._lock:
            self._status = {n: status for n, status in self._status.items() if n != number}
        for conn in (seat.holder, seat.waiting) if seat else ():
            if conn is not None:
                conn.role = "gone"
                with i18n.speaking(conn.lang):
                    conn.send(json.dumps({"type": "lost", "kind": kind, "reason": _(reason)}))
                conn.close(4004, reason)

    def stop(self, timeout=5.0):
        """Close every phone's connection and the server; its links stop working."""
        thread, loop = self._thread, self._loop
        if thread is None:
            return
        self.tokens = {}
        self.table_token = None
        self._farewell = farewell(self.table)  # read here, on the game thread that owns the state
        try:
            loop.call_soon_threadsafe(self._stopping.set)
        except (RuntimeError, AttributeError):
            pass  # the loop ended already
        thread.join(timeout)
        self._thread = None
        self._unseen.remove()
        with self._lock:
            self._status = {seat: ("empty", False) for seat in self._seats}

    @property
    def running(self):
        return self._thread is not None

    def links(self):
        """{seat: link} for each phone seat (empty before start and after stop)."""
        return {seat: f"http://{self.address}:{self.port}/s/{token}" for token, seat in self.tokens.items()}

    @property
    def everywhere(self):
        """True when the server listens on every network interface of this machine (the default), not
        only on HOST."""
        return self.host in ("0.0.0.0", "", "::")

    def connection_counts(self):
        """{"open": connections now, "most": the most at once, "closed": refused or closed to make
        room, "bounds": (overall, per address, per token)}: for benches and tests."""
        gate = self._gate
        return {"open": len(gate.doors), "most": gate.most, "closed": gate.closed, "bounds": self.bounds}

    def seat_status(self, seat):
        """"empty" (no phone yet), "joined" (its phone is connected) or "away" (its phone left)."""
        with self._lock:
            return self._status.get(seat, ("empty", False))[0]

    def joined(self, seat):
        return self.seat_status(seat) == "joined"

    def pending_takeovers(self):
        """Seats another device wants: the host confirms or refuses each."""
        with self._lock:
            return sorted(seat for seat, (_, pending) in self._status.items() if pending)

    def moved_seats(self):
        """Seats a device took with the key another device was given (copied off the network, or the
        same phone at a new address) since the last call: the TV says so. The device that held it is
        told too, and its key stops working."""
        with self._lock:
            moved, self._moved = self._moved, []
        return moved

    def confirm_takeover(self, seat):
        """Give SEAT to the device waiting for it; the device that held it is told and let go."""
        self._call(self._confirm, seat)

    def refuse_takeover(self, seat):
        """Turn away the device waiting for SEAT."""
        self._call(self._refuse, seat)

    def post(self, seat, message):
        """Send MESSAGE to the phone of SEAT (the table's outbox; any thread)."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        kind = message.get("type")
        with self._lock:
            if kind == "hello":
                self._hello[seat] = text
            elif kind == "state":
                self._snapshot[seat] = message
            elif kind in KEPT_KINDS:
                self._kept.setdefault(seat, {})[kind] = text
        self._call(self._deliver, seat, text)

    # --- the loop's side -----------------------------------------------------------------------------
    def _call(self, function, *args):
        loop = self._loop
        if loop is None or self._thread is None:
            return
        try:
            loop.call_soon_threadsafe(function, *args)
        except RuntimeError:
            pass  # the loop has closed: the game is ending

    def _run(self, sock, ready):
        loop = self._loop
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(self._loop_error)
        try:
            loop.run_until_complete(self._serve(sock, ready))
        except Exception:  # never take the TV down with the server
            log.exception("the phone server stopped")
        finally:
            ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()
                sock.close()

    def _loop_error(self, loop, context):
        """A network error the loop met outside any request (a refused accept, a reset socket): one
        line. Anything else is a bug, told in full."""
        error = context.get("exception")
        if isinstance(error, OSError):
            self._report(f"{context.get('message', 'network error')}: {type(error).__name__}: {error}")
        else:
            loop.default_exception_handler(context)

    async def _serve(self, sock, ready):
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=PROTOCOL_MAX)
        app.router.add_get("/s/{token}", self._page)
        app.router.add_get("/t/{token}", self._table_page)
        app.router.add_get("/p/{name}", self._static)
        app.router.add_get("/p/games/{name}", self._game_page)
        app.router.add_get("/ws/{token}", self._socket)
        app.router.add_get("/words/{lang:[A-Za-z_-]{1,20}}.json", self._words)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5,
                               keepalive_timeout=self.idle_timeout, logger=_OneLine(self._report))
        await runner.setup()
        # aiohttp's protocol behind the gate's door: every connection is counted before it is served
        listener = await asyncio.get_running_loop().create_server(lambda: _Door(self._gate, runner.server),
                                                                  sock=sock, backlog=BACKLOG)
        ready.set()
        await self._stopping.wait()
        listener.close()
        farewell = self._farewell or {"type": "closed", "reason": N_("the game has ended")}
        for conn in list(self._conns):
            with i18n.speaking(conn.lang):
                conn.send(json.dumps(spoken(farewell)))
            conn.close(1001, farewell["reason"])  # the close frame's reason: for programs, in English
        writers = [c.writer for c in self._conns if c.writer]
        if writers:
            await asyncio.wait(writers, timeout=1.0)
        await runner.cleanup()
        self._gate.close_all()
        self._report.flush()

    async def _page(self, request):
        if request.match_info["token"] not in self.tokens:
            self._report(f"no page for {request.remote}: not a seat's link")
            with i18n.speaking(_asked_language(request)):
                text = _("This link is not valid (any more). Ask the table for yours.")
            return web.Response(status=404, text=text, headers=HEADERS)
        return web.Response(body=_table_language(self._files["index.html"]), content_type="text/html",
                            charset="utf-8", headers=HEADERS)

    async def _words(self, request):
        """The words of one language for the page (public: the catalogue ships with the game), with an
        ETag and kept by the browser a while; each address may fetch a few at once and about one a
        second after that (429 beyond: a list is large, and the phones and the TV share the loop)."""
        if not self._words_allowed(request.remote):
            self._report(f"no word list for {request.remote}: too many asked")
            return web.Response(status=429, text="Too many requests: try again in a moment.",
                                headers={**HEADERS, "Retry-After": "1"})
        lang = i18n.supported(request.match_info["lang"])
        if lang is None:
            raise web.HTTPNotFound()
        body, etag = self._word_list(lang)
        headers = {**HEADERS, "Cache-Control": WORDS_CACHE, "ETag": etag}
        asked = request.headers.get("If-None-Match", "")
        if asked.strip() == "*" or etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
            return web.Response(status=304, headers=headers)
        return web.Response(body=body, content_type="application/json", charset="utf-8", headers=headers)

    def _word_list(self, lang):
        """(the body, its ETag) of LANG's words, made once."""
        made = self._word_lists.get(lang)
        if made is None:
            body = json.dumps(page_words(lang), ensure_ascii=False, separators=(",", ":")).encode()
            made = self._word_lists[lang] = (body, '"%s"' % hashlib.sha256(body).hexdigest()[:24])
        return made

    def _words_allowed(self, address):
        fetches = self._word_fetches
        if address not in fetches and len(fetches) >= BUCKETS:  # many addresses: forget the idle ones
            for idle in [a for a, bucket in fetches.items() if bucket.full]:
                del fetches[idle]
            if len(fetches) >= BUCKETS:
                fetches.pop(next(iter(fetches)))
        bucket = fetches.setdefault(address, _Bucket(WORDS_RATE, WORDS_BURST))
        return bucket.allow()

    async def _static(self, request):
        name = request.match_info["name"]
        if name in MADE_FILES:
            return web.Response(body=self._files[name], content_type="text/javascript", charset="utf-8",
                                headers=HEADERS)
        if name not in PAGE_FILES:
            self._report(f"no file for {request.remote}: not one of the page's")  # never the name: a token, maybe
            raise web.HTTPNotFound()
        return web.Response(body=self._files[name], content_type=PAGE_FILES[name], charset="utf-8",
                            headers=HEADERS)

    async def _game_page(self, request):
        """A game's module of the page, by its name among the registered games' (read at the start)."""
        body = self._games.get(request.match_info["name"])
        if body is None:
            self._report(f"no file for {request.remote}: not one of the page's")  # never the name: a token, maybe
            raise web.HTTPNotFound()
        return web.Response(body=body, content_type="text/javascript", charset="utf-8", headers=HEADERS)

    async def _socket(self, request):
        token = request.match_info["token"]
        seat = self.tokens.get(token)
        guest = seat is None and self._is_table_token(token)  # the table's link: a phone about to take a seat
        refusal = self._refuse_guest(request) if guest else self._refuse_socket(request, seat)
        if refusal is not None:
            return refusal
        ws = web.WebSocketResponse(max_msg_size=PROTOCOL_MAX, heartbeat=20)
        if await self._handshake(ws, request):
            lang = i18n.supported(request.query.get("lang")) or i18n.table_language()
            await self._converse(ws, _Conn(ws, seat, self.rate, self.burst, request.transport, lang, request.remote))
        return ws

    async def _handshake(self, ws, request):
        """True once WS is open; a failed handshake is one line of log."""
        try:
            await ws.prepare(request)
            return True
        except web.HTTPException as error:  # not a WebSocket handshake: aiohttp answers it
            self._report(f"no WebSocket for {request.remote}: {error.reason}")
            raise
        except (ConnectionError, OSError) as error:  # the client went away during the handshake
            self._report(f"a WebSocket from {request.remote} broke off: {type(error).__name__}")
            return False

    async def _converse(self, ws, conn):
        """Read CONN's messages until its socket closes (closed for it if it does not join within
        join_timeout), then let its seat go."""
        conn.writer = asyncio.ensure_future(conn.write())
        self._conns[conn] = None
        late = asyncio.get_running_loop().call_later(self.join_timeout, self._join_late, conn)
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    try:
                        with i18n.speaking(conn.lang):  # whatever it is told, in its language
                            self._receive(conn, message.data)
                    except Exception:  # a bug must not take the server down: the phone is told
                        log.exception("a phone's message")
                        with i18n.speaking(conn.lang):
                            self._error(conn, _("the table could not read that"))
                elif message.type == WSMsgType.BINARY:
                    if conn.allow():
                        self._error(conn, "send text (JSON), not binary")
                else:
                    break
        finally:
            late.cancel()
            self._conns.pop(conn, None)
            self._leave(conn)
            conn.close(1000, "")
            try:
                await asyncio.wait_for(conn.writer, 1.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                conn.writer.cancel()

    def _refuse_socket(self, request, seat):
        """None when this WebSocket may open; else the answer that refuses it (logged: one line)."""
        if seat is None:
            self._report(f"no WebSocket for {request.remote}: not a seat's link")
            return web.Response(status=404, text="This link is not valid (any more).", headers=HEADERS)
        if not self._own_origin(request):
            self._report(f"no WebSocket for {request.remote}: a page of {request.headers['Origin'][:80]!r}")
            return web.Response(status=403, text="Only the table's own page may connect.", headers=HEADERS)
        same = [conn for conn in self._conns if conn.seat == seat]
        if len(same) >= self.bounds[2]:
            idle = next((conn for conn in same if conn.role == "new"), None)
            if idle is None:
                self._report(f"no WebSocket for {request.remote}: {len(same)} open on seat {seat}'s link")
                return web.Response(status=503, text="Too many connections on this link.", headers=HEADERS)
            self._report(f"closed a WebSocket on seat {seat}'s link that never joined, to make room")
            idle.role = "gone"
            idle.close(4009, "too many connections on this link")
        return None

    def _own_origin(self, request):
        """A browser names the page that opens a WebSocket (Origin): only this server's own page may,
        at its link's address or another address of this machine (an IP, not a name: a foreign site
        can point a name of its own at this machine). No Origin: not a browser, which could send any."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        hosts = {self.address, "127.0.0.1", "localhost"}
        asked = _parts("//" + request.host)[1]  # the address this request came to, as the browser wrote it
        if _ip_literal(asked):
            hosts.add(asked)
        return _parts(origin) in {("http", host, self.port) for host in hosts}

    def _join_late(self, conn):
        """A WebSocket that has not joined in time goes: sockets that ask for nothing hold no file."""
        if conn.role == "new":
            self._report(f"closed a WebSocket on seat {conn.seat}'s link that never joined")
            conn.role = "gone"
            conn.close(4002, "join first")

    def _error(self, conn, reason):
        conn.send(json.dumps({"type": "error", "reason": reason}))

    def _receive(self, conn, data):
        """Check one text message from a phone and act on it."""
        message, problem = _parse(data)  # read before the rate check: a dropped move is told as such
        kind = message.get("type") if isinstance(message, dict) else None
        if not conn.allow():
            self._too_fast(conn, kind)
            return
        if problem:
            self._error(conn, problem)
            return
        if kind == "ping":
            conn.send('{"type":"pong"}')
        elif kind == "join":
            self._join(conn, message.get("device"), message.get("key"))
        elif kind == "act":
            if conn.role != "holder":
                self._error(conn, _("this device does not hold the seat") if conn.role == "waiting" else "join first")
                return
            moment = message.get("moment")
            if "action" not in message or (moment is not None and type(moment) is not int):
                self._error(conn, 'an action message is {"type": "act", "action": [...], "moment": n}')
                return
            self.table.inbox.put((conn.seat, message["action"], moment))
        elif kind == "next":  # a tap on "Next round": the TV's round scores move on (nobody at it)
            if conn.role == "holder":
                self.table.nudge(conn.seat)
        elif kind in TABLE_KINDS:  # the table's link, reactions, the vote to play again
            getattr(self, TABLE_KINDS[kind])(conn, message)
        else:
            self._error(conn, 'messages are {"type": "join"}, {"type": "act"}, {"type": "next"}, {"type": "look"}, '
                              '{"type": "claim"}, {"type": "react"}, {"type": "vote"} or {"type": "ping"}')

    def _too_fast(self, conn, kind):
        """Over the rate limit the message is not read, and the phone is told: always for a move or a
        join (its page waits for the answer), once a second for the rest of a flood."""
        now = time.monotonic()
        if kind in ("act", "join"):
            reason = (_("too many messages: your move was not read; wait a moment and try again") if kind == "act"
                      else _("too many messages: joining was not read; wait a moment and try again"))
            conn.send(json.dumps({"type": "error", "dropped": kind, "reason": reason}))
        elif now - conn.warned > 1.0:
            conn.warned = now
            self._error(conn, _("too many messages: slow down"))

    def _join(self, conn, device, key=None):
        """The first device on a seat holds it; the device holding it comes back with its resume key;
        any other device, or one that only repeats the holder's device id, waits for the host."""
        if not isinstance(device, str) or not DEVICE.match(device) or not (key is None or (
                isinstance(key, str) and TOKEN.match(key))):
            self._error(conn, "join with a device id (8 to 64 letters, digits, - or _) and the key the table gave")
            return
        if conn.role != "new":
            self._error(conn, "joined already")
            return
        if conn.seat is None:  # the table's link: a seat is taken there ("claim"), not joined
            self._error(conn, 'on the table\'s link, {"type": "look"} first, then {"type": "claim"} a seat')
            return
        conn.device = device
        seat = self._seats.get(conn.seat)
        if seat is None:
            self._error(conn, _("a bot plays this seat now"))
            return
        if seat.device is None or (seat.device == device and _same_key(key, seat.key)):
            self._hold(seat, conn)
            return
        if seat.waiting is not None and seat.waiting is not conn:  # a newer request replaces it
            self._turn_away(seat.waiting)
        conn.role = "waiting"
        seat.waiting = conn
        self._gate.seat(conn.transport)
        conn.send(json.dumps({"type": "waiting", "seat": conn.seat,
                              "reason": _("This seat is played on another device, or the table does not know "
                                          "this one: the host is asked to let it in.")}))
        self._update(conn.seat)

    def _hold(self, seat, conn, by_host=False):
        """CONN plays the seat from now on; a device new to the seat gets a new resume key (a device
        the host let in too: the key of the one before it stops working). The seat's key shown from
        another address than its device's moves the seat: both travel in plain ws://, so whoever
        copied them could be playing it. It goes on, but the TV and the device before are told, and
        the key changes (that device, back, waits for the host)."""
        moved = not by_host and seat.address is not None and conn.address != seat.address
        old = seat.holder
        if old is not None and old is not conn:
            old.role = "gone"
            with i18n.speaking(old.lang):
                if moved:
                    old.send(json.dumps({"type": "lost", "kind": "moved",
                                         "reason": _("your seat moved to another device")}))
                    old.close(4005, "the seat moved to another device")
                elif old.device == conn.device and not by_host:  # a reload, or the seat's link in a second tab
                    old.send(json.dumps({"type": "lost", "kind": "same_device",
                                         "reason": _("this seat was opened again on this device")}))
                    old.close(4000, "opened again")
                else:
                    old.send(json.dumps({"type": "lost", "kind": "another_device",
                                         "reason": _("another device took this seat")}))
                    old.close(4001, "another device took this seat")
        if seat.waiting is conn:
            seat.waiting = None
        if by_host or moved or seat.key is None or seat.device != conn.device:
            seat.key = secrets.token_urlsafe(16)
        if moved:
            self._report(f"seat {conn.seat} was taken with its key from another address ({conn.address})")
            with self._lock:
                self._moved.append(conn.seat)
        conn.role = "holder"
        seat.holder, seat.device, seat.address = conn, conn.device, conn.address
        self._keep_secret(seat.key, conn.device)
        self._languages[conn.seat] = conn.lang  # the table speaks to this seat in its phone's language
        self._gate.seat(conn.transport)
        conn.send(json.dumps({"type": "seated", "seat": conn.seat, "key": seat.key}))
        with self._lock:
            started = conn.seat in self._hello
            snapshot = self._snapshot.get(conn.seat)
        if started:
            hello = self.table.hello(conn.seat)  # made again: in this phone's language
            conn.send(json.dumps(hello, separators=(",", ":"), ensure_ascii=False))
        else:  # the lobby: the game has not begun, but the page can say whose seat this is, and who else comes
            self._tell_roster(conn)
        if snapshot:
            history = self.table.history_of(conn.seat, snapshot.get("told", 0))  # a copy, under its lock
            again = dict(snapshot, events=[], full=True, history=history)
            if "teach" in again:
                again["teach"] = []  # told once: the page keeps the reminders it was sent
            conn.send(json.dumps(again, separators=(",", ":"), ensure_ascii=False))
        self._tell_kept(conn)
        self._update(conn.seat)

    def _keep_secret(self, *words):
        """WORDS (tokens, a key, a device id) never show in a log line (_Unseen)."""
        self._secrets = tuple(dict.fromkeys((*self._secrets, *words)))  # one assignment: read by any thread

    def _turn_away(self, conn):
        conn.role = "gone"
        with i18n.speaking(conn.lang):
            conn.send(json.dumps({"type": "turned_away", "reason": _("the host kept this seat with its phone")}))
        conn.close(4003, "turned away")

    def _confirm(self, number):
        seat = self._seats.get(number)
        if seat is not None and seat.waiting is not None:
            self._hold(seat, seat.waiting, by_host=True)

    def _refuse(self, number):
        seat = self._seats.get(number)
        if seat is not None and seat.waiting is not None:
            waiting, seat.waiting = seat.waiting, None
            self._turn_away(waiting)
            self._update(number)

    def _leave(self, conn):
        seat = self._seats.get(conn.seat)
        if seat is None:  # the seat was turned into a bot's
            return
        if seat.holder is conn:
            seat.holder = None
        if seat.waiting is conn:
            seat.waiting = None
        conn.role = "gone"
        self._update(conn.seat)

    def _update(self, number):
        seat = self._seats.get(number)
        if seat is None:
            return
        status = "joined" if seat.holder is not None else "away" if seat.device is not None else "empty"
        with self._lock:
            before = self._status.get(number)
            self._status = {**self._status, number: (status, seat.waiting is not None)}
        if before is None or before[0] != status:
            self._roster_changed()

    def _deliver(self, seat, text):
        place = self._seats.get(seat)
        if place is not None and place.holder is not None:
            place.holder.send(text)

    # --- the table's one link: phones take their seats, the host moves them (phone.roster) ---------------
    def table_link(self):
        """The table's one link, which every phone may open to take a seat ("" when not serving)."""
        return f"http://{self.address}:{self.port}/t/{self.table_token}" if self.table_token else ""

    # The roster changes at once (the lobby draws it on this thread); the links and connections follow
    # on the loop's thread, where a phone's claim is read too, so a claim sees both or neither.
    def free_seat(self, seat):
        """The host takes SEAT from its phone, in the lobby (phone.roster.Roster.free_seat): its phone
        is told, and may take a seat again by the table's link."""
        self._call(self._free_seat, self.roster.free_seat(seat))

    def move_seat(self, seat):
        """The host moves SEAT's player one place on, in the lobby: its phone keeps its link and key."""
        pair = self.roster.move(seat)
        if pair is not None:
            self._call(self._move_seat, pair)

    def seat_to_bot(self, seat):
        """A phone seat whose phone does not come: a bot plays it from now, its link dies (the lobby).
        False where the roster keeps it (a continued game's seats are fixed)."""
        if not self.roster.to_bot(seat):
            return False
        self._call(self._seat_to_bot, seat)
        return True

    def begin_again(self, table):
        """A rematch: the same seats, links and keys play TABLE (the new game's) from now. Every phone
        is told a new game begins, then the new game's first messages."""
        with self._lock:
            self._hello, self._snapshot, self._kept = {}, {}, {}
        self.use_table(table)
        self._call(self._tell_holders, {"type": "again"})

    def _is_table_token(self, token):
        kept = self.table_token
        return kept is not None and hmac.compare_digest(token.encode(), kept.encode())

    async def _table_page(self, request):
        """The page on the table's link: it shows the seats and lets its phone take one."""
        if not self._is_table_token(request.match_info["token"]):
            self._report(f"no page for {request.remote}: not the table's link")
            with i18n.speaking(_asked_language(request)):
                text = _("This link is not valid (any more). Ask the table for yours.")
            return web.Response(status=404, text=text, headers=HEADERS)
        return web.Response(body=_table_language(self._files["index.html"]), content_type="text/html",
                            charset="utf-8", headers=HEADERS)

    def _refuse_guest(self, request):
        """None when another WebSocket may open on the table's link; else the answer that refuses it. At
        most TABLE_GUESTS pages that took no seat yet: a newcomer pushes out the oldest of them."""
        if not self._own_origin(request):
            self._report(f"no WebSocket for {request.remote}: a page of {request.headers['Origin'][:80]!r}")
            return web.Response(status=403, text="Only the table's own page may connect.", headers=HEADERS)
        guests = [conn for conn in self._conns if conn.guest and conn.role in ("new", "guest")]
        if len(guests) >= TABLE_GUESTS:
            self._report("closed the oldest WebSocket on the table's link that took no seat, to make room")
            guests[0].role = "gone"
            guests[0].close(4009, "too many connections on the table's link")
        return None

    def _look(self, conn, message):
        """A page on the table's link says which device it is: it is told the table's seats, and again
        whenever they change, until it takes one."""
        device = message.get("device")
        if not conn.guest or conn.role != "new":
            self._error(conn, 'only a page on the table\'s link looks, once')
            return
        if not isinstance(device, str) or not DEVICE.match(device):
            self._error(conn, "look with a device id (8 to 64 letters, digits, - or _)")
            return
        conn.device, conn.role = device, "guest"
        self._tell_roster(conn)

    def _claim(self, conn, message):
        """A page on the table's link takes a seat (a free one or a new one) with the name typed and the
        face picked. It then holds that seat as if it had opened the seat's own link, and is told that
        link's token, for its reloads: its own seat's, never another's."""
        if not conn.guest or conn.role != "guest":
            self._error(conn, 'on the table\'s link, {"type": "look"} first, then {"type": "claim"} a seat')
            return
        held = {n for n, seat in self._seats.items() if seat.device is not None}
        number, why = self.roster.claim(message.get("seat"), message.get("name"), message.get("face"), held)
        if why is not None:
            conn.send(json.dumps({"type": "claim_refused", "reason": why}))
            return
        token = next((t for t, n in self.tokens.items() if n == number), None) or self._add_seat(number)
        conn.guest, conn.seat, conn.role = False, number, "new"
        conn.send(json.dumps({"type": "claimed", "seat": number, "token": token}))
        self._hold(self._seats[number], conn)  # every page in the lobby is told (_update)

    def _add_seat(self, number):
        """A link for SEAT (a bot's seat or a new one a phone takes): its token."""
        token = link_token()
        self._keep_secret(token)
        self.tokens = {**self.tokens, token: number}  # one assignment: the TV's thread reads it
        self._seats = {**self._seats, number: _Seat()}
        with self._lock:
            self._status = {**self._status, number: ("empty", False)}
        return token

    def _free_seat(self, changes):
        for change in changes:
            if change[0] == "swap":
                self._swap_seats(change[1], change[2])
            elif change[0] == "drop":  # a seat a phone added, or a bot's again: no link any more
                self._forget_seat(change[1], "freed", N_("the host freed your seat"))
            else:  # a phone seat of the setup: its link stays, for another phone
                self._forget_seat(change[1], "freed", N_("the host freed your seat"), keep_link=True)
        self._roster_changed()

    def _move_seat(self, pair):
        self._swap_seats(*pair)
        self._roster_changed()

    def _seat_to_bot(self, number):
        self._forget_seat(number, "bot", N_("a bot plays this seat now"))
        self._roster_changed()

    def _forget_seat(self, number, kind, reason, keep_link=False):
        """SEAT's phone is let go (told why); its link dies with it, unless KEEP_LINK."""
        if not keep_link:
            self.tokens = {token: seat for token, seat in self.tokens.items() if seat != number}
        self._drop_seat(number, kind, reason)
        if keep_link:
            self._seats = {**self._seats, number: _Seat()}
            with self._lock:
                self._status = {**self._status, number: ("empty", False)}

    def _swap_seats(self, a, b):
        """Seats A and B change places: their links, devices, keys, languages and connections with them."""
        def other(n):
            return b if n == a else a if n == b else n
        self.tokens = {token: other(seat) for token, seat in self.tokens.items()}
        self._seats = {other(n): seat for n, seat in self._seats.items()}
        with self._lock:
            self._status = {other(n): status for n, status in self._status.items()}
        self._languages.swap(a, b)
        for conn in self._conns:
            if conn.seat in (a, b):
                conn.seat = other(conn.seat)

    def _roster_message(self, conn):
        held = {n for n, seat in self._seats.items() if seat.device is not None}
        joined = {n for n, seat in self._seats.items() if seat.holder is not None}
        message = dict(self.roster.public(held, joined), type="roster")
        with i18n.speaking(conn.lang):
            message["title"] = _(message["title"])  # in the phone's language
        if not conn.guest:
            message["you"] = conn.seat
        return message

    def _tell_roster(self, conn):
        conn.send(json.dumps(self._roster_message(conn), separators=(",", ":"), ensure_ascii=False))

    def _roster_changed(self):
        """Every page on the table's link, and every phone in the lobby, sees the seats as they are now."""
        if self.roster is None:
            return
        with self._lock:
            started = set(self._hello)
        for conn in list(self._conns):
            if conn.role == "guest" or (conn.role == "holder" and conn.seat not in started):
                self._tell_roster(conn)

    def _tell_holders(self, message):
        text = json.dumps(message)
        for conn in list(self._conns):
            if conn.role == "holder":
                conn.send(text)

    def _tell_kept(self, conn):
        """The table's messages a page back must see again: its result card, the votes."""
        with self._lock:
            kept = list(self._kept.get(conn.seat, {}).values())
        for text in kept:
            conn.send(text)

    # --- reactions and the vote to play again (phone.bridge: the TV shows them) --------------------------
    def _react(self, conn, message):
        """A reaction to pop up by the seat on the TV: a few at once, then one each two seconds, per seat
        (whichever device sends them); the TV says whether it showed it (never while a cover asks
        everyone else to look away)."""
        reaction = message.get("reaction")
        if conn.role != "holder":
            self._error(conn, "join first")
            return
        if reaction not in REACTIONS:
            self._error(conn, "react with one of the page's reactions")
            return
        bucket = self._reaction_buckets.setdefault(conn.seat, _Bucket(REACTION_RATE, REACTION_BURST))
        if not bucket.allow():
            conn.send(json.dumps({"type": "reacted", "seat": conn.seat, "reaction": reaction, "shown": False,
                                  "reason": _("wait a moment before the next reaction")}))
            return
        self.table.react(conn.seat, reaction)

    def _vote(self, conn, message):
        """The seat's answer to "Play again?" once the game is over: the TV shows every seat's."""
        again = message.get("again")
        if conn.role != "holder":
            self._error(conn, "join first")
            return
        if type(again) is not bool:
            self._error(conn, 'a vote is {"type": "vote", "again": true} or false')
            return
        self.table.vote(conn.seat, again)
