"""The phones' web server: an aiohttp HTTP + WebSocket server on its own thread and asyncio loop.

The interface the TV uses (all calls from the game thread, none blocks for long)::

    table = PhoneTable(state, phone_seats)              # phone.bridge: the game thread's side
    server = PhoneServer(table, port=8765)              # --port; DEFAULT_PORT is 8765
    server.start()                                      # idempotent; binds, then serves
    server.notice                                       # None, or "port 8765 is taken; ..." to show
    server.links()                                      # {seat: "http://<LAN address>:<port>/s/<token>"}
    server.joined(seat)                                 # True while a phone holds the seat
    server.seat_status(seat)                            # "empty", "joined" or "away" (its phone left)
    server.pending_takeovers()                          # seats another device asks for
    server.confirm_takeover(seat) / server.refuse_takeover(seat)
    ...every frame: table.pump()
    server.stop()                                       # idempotent; the tokens die with it

What flows where: a phone's WebSocket messages are checked here (size, JSON shape, rate) and its
actions go to the game thread through ``table.inbox``; ``table.pump()`` answers through
``server.post`` (its ``outbox``), which hands each message to the loop with
``call_soon_threadsafe``. This thread never touches the game state.

Seats and devices: the first device to open a seat's link holds the seat; the page keeps a random
device id, so the same device reloading or reconnecting takes its seat straight back and is sent
the current observation. Another device opening that link waits ("wants this seat") until the host
confirms (the first device is told it lost the seat) or refuses.

Messages from a phone: ``{"type": "join", "device": id}`` first, then ``{"type": "act", "action":
[...], "moment": n}`` and ``{"type": "ping"}``. To a phone, besides the table's (phone.bridge):
``waiting``, ``lost``, ``turned_away``, ``closed``, ``error`` (with ``reason``), ``pong``.
"""

import asyncio
import json
import logging
import os
import re
import secrets
import socket
import threading
import time
from importlib import resources

from aiohttp import WSMsgType, web

log = logging.getLogger("phone")

DEFAULT_PORT = 8765
MAX_MESSAGE = 2048  # characters in one message from a phone; longer ones get an error back
PROTOCOL_MAX = 64 * 1024  # longer frames close the connection (aiohttp refuses them)
RATE = 10.0  # messages per second a phone may send on average ...
BURST = 20  # ... and at once (a person taps a few times a second at most)
MAX_QUEUED = 400  # messages waiting for a slow phone before it is dropped (it reconnects)
DEVICE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")  # a seat's secret in its link
PAGE_FILES = {"app.js": "text/javascript", "style.css": "text/css"}
HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
           "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                                      "style-src 'self'; script-src 'self'; frame-ancestors 'none'"}


def page_file(name):
    """A file of the phone page, read from the package (works from a wheel too)."""
    return (resources.files("phone") / "page" / name).read_bytes()


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
        return sock, f"port {port} is taken ({why}); phones use port {sock.getsockname()[1]}"


class _Conn:
    """One WebSocket: its seat, device, role ("new", "holder", "waiting") and what it may still send."""

    def __init__(self, ws, seat, rate, burst):
        self.ws = ws
        self.rate, self.burst = rate, burst
        self.seat = seat
        self.device = None
        self.role = "new"
        self.out = asyncio.Queue()
        self.tokens = float(burst)
        self.filled = time.monotonic()
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
        """The rate limit: a token bucket of BURST refilled at RATE per second."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
        self.filled = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

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


class _Seat:
    def __init__(self):
        self.holder = None  # the connection playing the seat
        self.device = None  # the device that holds the seat (kept while it is away)
        self.waiting = None  # another device's connection that wants the seat


class PhoneServer:
    """Serves the phone page and one WebSocket per phone seat; see the module's docstring."""

    def __init__(self, table, port=DEFAULT_PORT, host="0.0.0.0", address=None, rate=RATE, burst=BURST,
                 tokens=None):
        """TOKENS: {seat: token} to serve the same links again (a continued game), else fresh ones; PORT: the port to try first (0: any free one); HOST: the interface to listen on (all by
        default: phones reach it over the LAN); ADDRESS: the address in the links (default: this
        machine's LAN address); RATE and BURST: the rate limit per connection."""
        self.table = table
        self.rate, self.burst = rate, burst
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
        self._conns = set()
        self._files = {name: page_file(name) for name in ["index.html", *PAGE_FILES]}

    # --- the TV's calls (game thread) ----------------------------------------------------------------
    def start(self):
        """Bind the port (or a free one: see ``notice``) and serve on a thread of its own."""
        if self._thread is not None:
            return self
        sock, self.notice = bind(self.host, self.requested_port)
        self.port = sock.getsockname()[1]
        self._seats = {seat: _Seat() for seat in self.table.phone_seats}  # no device holds a seat yet
        self._conns = set()
        with self._lock:
            self._status = {seat: ("empty", False) for seat in self._seats}
        if self.address is None:
            self.address = "127.0.0.1" if self.host.startswith("127.") else lan_address()
        kept = self.kept_tokens
        self.tokens = {kept.get(seat) or secrets.token_urlsafe(16): seat for seat in self.table.phone_seats}
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
        gone = [token for token, seat in self.tokens.items() if seat not in table.phone_seats]
        for token in gone:
            seat = self.tokens.pop(token)
            self._call(self._drop_seat, seat)

    def _drop_seat(self, number):
        seat = self._seats.pop(number, None)
        with self._lock:
            self._status.pop(number, None)
        for conn in (seat.holder, seat.waiting) if seat else ():
            if conn is not None:
                conn.role = "gone"
                conn.send(json.dumps({"type": "lost", "reason": "a bot plays this seat now"}))
                conn.close(4004, "a bot plays this seat")

    def stop(self, timeout=5.0):
        """Close every phone's connection and the server; its links stop working."""
        thread, loop = self._thread, self._loop
        if thread is None:
            return
        self.tokens = {}
        try:
            loop.call_soon_threadsafe(self._stopping.set)
        except (RuntimeError, AttributeError):
            pass  # the loop ended already
        thread.join(timeout)
        self._thread = None
        with self._lock:
            self._status = {seat: ("empty", False) for seat in self._seats}

    @property
    def running(self):
        return self._thread is not None

    def links(self):
        """{seat: link} for each phone seat (empty before start and after stop)."""
        return {seat: f"http://{self.address}:{self.port}/s/{token}" for token, seat in self.tokens.items()}

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

    async def _serve(self, sock, ready):
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=PROTOCOL_MAX)
        app.router.add_get("/s/{token}", self._page)
        app.router.add_get("/p/{name}", self._static)
        app.router.add_get("/ws/{token}", self._socket)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await runner.setup()
        site = web.SockSite(runner, sock)
        await site.start()
        ready.set()
        await self._stopping.wait()
        for conn in list(self._conns):
            conn.send(json.dumps({"type": "closed", "reason": "the game has ended"}))
            conn.close(1001, "the game has ended")
        writers = [c.writer for c in self._conns if c.writer]
        if writers:
            await asyncio.wait(writers, timeout=1.0)
        await runner.cleanup()

    async def _page(self, request):
        if request.match_info["token"] not in self.tokens:
            return web.Response(status=404, text="This link is not valid (any more). Ask the table for yours.",
                                headers=HEADERS)
        return web.Response(body=self._files["index.html"], content_type="text/html", charset="utf-8",
                            headers=HEADERS)

    async def _static(self, request):
        name = request.match_info["name"]
        if name not in PAGE_FILES:
            raise web.HTTPNotFound()
        return web.Response(body=self._files[name], content_type=PAGE_FILES[name], charset="utf-8",
                            headers=HEADERS)

    async def _socket(self, request):
        seat = self.tokens.get(request.match_info["token"])
        if seat is None:
            return web.Response(status=404, text="This link is not valid (any more).", headers=HEADERS)
        ws = web.WebSocketResponse(max_msg_size=PROTOCOL_MAX, heartbeat=20)
        await ws.prepare(request)
        conn = _Conn(ws, seat, self.rate, self.burst)
        conn.writer = asyncio.ensure_future(conn.write())
        self._conns.add(conn)
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    try:
                        self._receive(conn, message.data)
                    except Exception:  # a bug must not take the server down: the phone is told
                        log.exception("a phone's message")
                        self._error(conn, "the table could not read that")
                elif message.type == WSMsgType.BINARY:
                    if conn.allow():
                        self._error(conn, "send text (JSON), not binary")
                else:
                    break
        finally:
            self._conns.discard(conn)
            self._leave(conn)
            conn.close(1000, "")
            try:
                await asyncio.wait_for(conn.writer, 1.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                conn.writer.cancel()
        return ws

    def _error(self, conn, reason):
        conn.send(json.dumps({"type": "error", "reason": reason}))

    def _receive(self, conn, data):
        """Check one text message from a phone and act on it."""
        if not conn.allow():
            now = time.monotonic()
            if now - conn.warned > 1.0:  # one warning a second, not one per flooded message
                conn.warned = now
                self._error(conn, "too many messages: slow down")
            return
        if len(data) > MAX_MESSAGE:
            self._error(conn, f"message too long (at most {MAX_MESSAGE} characters)")
            return
        try:
            message = json.loads(data)
        except (ValueError, RecursionError):
            self._error(conn, "that is not JSON")
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            conn.send('{"type":"pong"}')
        elif kind == "join":
            self._join(conn, message.get("device"))
        elif kind == "act":
            if conn.role != "holder":
                self._error(conn, "this device does not hold the seat" if conn.role == "waiting" else "join first")
                return
            moment = message.get("moment")
            if "action" not in message or (moment is not None and type(moment) is not int):
                self._error(conn, 'an action message is {"type": "act", "action": [...], "moment": n}')
                return
            self.table.inbox.put((conn.seat, message["action"], moment))
        else:
            self._error(conn, 'messages are {"type": "join"}, {"type": "act"} or {"type": "ping"}')

    def _join(self, conn, device):
        if not isinstance(device, str) or not DEVICE.match(device):
            self._error(conn, "join with a device id (8 to 64 letters, digits, - or _)")
            return
        if conn.role != "new":
            self._error(conn, "joined already")
            return
        conn.device = device
        seat = self._seats.get(conn.seat)
        if seat is None:
            self._error(conn, "a bot plays this seat now")
            return
        if seat.device is None or seat.device == device:
            self._hold(seat, conn)
            return
        if seat.waiting is not None and seat.waiting is not conn:  # a newer request replaces it
            self._turn_away(seat.waiting)
        conn.role = "waiting"
        seat.waiting = conn
        conn.send(json.dumps({"type": "waiting", "seat": conn.seat,
                              "reason": "another device plays this seat: waiting for the host to let you in"}))
        self._update(conn.seat)

    def _hold(self, seat, conn):
        old = seat.holder
        if old is not None and old is not conn:
            if old.device == conn.device:  # the same device again: a reload, or the seat's link in a second tab
                old.role = "gone"
                old.send(json.dumps({"type": "lost", "reason": "this seat was opened again on this device"}))
                old.close(4000, "opened again")
            else:
                old.role = "gone"
                old.send(json.dumps({"type": "lost", "reason": "another device took this seat"}))
                old.close(4001, "another device took this seat")
        if seat.waiting is conn:
            seat.waiting = None
        conn.role = "holder"
        seat.holder, seat.device = conn, conn.device
        with self._lock:
            hello = self._hello.get(conn.seat)
            snapshot = self._snapshot.get(conn.seat)
        if hello:
            conn.send(hello)
        if snapshot:
            history = self.table.history_of(conn.seat, snapshot.get("told", 0))  # a copy, under its lock
            conn.send(json.dumps(dict(snapshot, events=[], full=True, history=history), separators=(",", ":"),
                                 ensure_ascii=False))
        self._update(conn.seat)

    def _turn_away(self, conn):
        conn.role = "gone"
        conn.send(json.dumps({"type": "turned_away", "reason": "the host kept this seat with its phone"}))
        conn.close(4003, "turned away")

    def _confirm(self, number):
        seat = self._seats.get(number)
        if seat is not None and seat.waiting is not None:
            self._hold(seat, seat.waiting)

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
            self._status[number] = (status, seat.waiting is not None)

    def _deliver(self, seat, text):
        place = self._seats.get(seat)
        if place is not None and place.holder is not None:
            place.holder.send(text)
