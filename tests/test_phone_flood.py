"""The phone server holds its ground: the TV runs in a process whose open-files limit is 256 (tests/
flood_table.py), a junk flood holds more idle connections open to it than that limit allows, and three
real phone clients still connect and play a whole game of Tricks; the TV's process never comes near
its limit and writes no traceback.

Loopback only: the flood comes from 20 addresses of 127.0.0.0/8 (other devices on the network, as far
as the server can tell) to 127.0.0.1, where the phones are; it is bounded in count and in time.
"""

import asyncio
import json
import random
import selectors
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp
import pytest

LIMIT = 256  # the TV's open-files limit in this test
HELD = 320  # idle connections the flood keeps open at once: more than LIMIT
MOST = 3000  # connections the flood opens at most, over the whole test
SECONDS = 120  # the longest any part of the test runs
ADDRESSES = [f"127.0.0.{i}" for i in range(2, 22)]
HERE = Path(__file__).resolve().parent


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


class Flood(threading.Thread):
    """Connections that ask for nothing: silent ones, half a request that never ends, and WebSockets
    on a seat's real link that never join. One closed by the server is opened again, HELD at a time,
    MOST in all."""

    def __init__(self, port, token):
        super().__init__(daemon=True)
        self.port, self.token = port, token
        self.opened, self.failed, self.closed_by_server, self.peak = 0, 0, 0, 0
        self.stop = threading.Event()

    def first_bytes(self, kind):
        if kind == "silent":
            return b""
        if kind == "half":
            return b"GET /s/x HTTP/1.1\r\nHost: tv\r\nX-a: "
        return (f"GET /ws/{self.token} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n").encode()

    def open_one(self, selector, n):
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=0.5,
                                            source_address=(ADDRESSES[n % len(ADDRESSES)], 0))
            sock.sendall(self.first_bytes(("silent", "half", "socket")[n % 3]))
            sock.setblocking(False)
        except OSError:  # the server's backlog is full, or it closed at once: that is its right
            self.failed += 1
            return
        selector.register(sock, selectors.EVENT_READ)

    def run(self):
        selector = selectors.DefaultSelector()
        end = time.monotonic() + SECONDS
        try:
            while not self.stop.is_set() and time.monotonic() < end:
                while len(selector.get_map()) < HELD and self.opened < MOST:
                    self.open_one(selector, self.opened)
                    self.opened += 1
                self.peak = max(self.peak, len(selector.get_map()))
                for key, _ in selector.select(timeout=0.05):
                    self.read(selector, key.fileobj)
        finally:
            for key in list(selector.get_map().values()):
                key.fileobj.close()
            selector.close()

    def read(self, selector, sock):
        try:
            data = sock.recv(4096)
        except OSError:
            data = b""
        if not data:  # the server closed it
            self.closed_by_server += 1
            selector.unregister(sock)
            sock.close()


async def play_seat(url, seed, round_trips):
    """A phone that connects (trying again while the flood fills the server's door), joins and plays
    a random legal action whenever it is its turn, until the game is over. Its round trips: from an
    action sent to the state that shows it applied. A socket the server closes before it is seated (the
    oldest idle door, closed to make room in the flood) is opened again, as the phone page does."""
    rng = random.Random(seed)
    async with aiohttp.ClientSession() as session:
        for _ in range(20):
            final = await play_once(session, url, seed, rng, round_trips)
            if final is not None:
                return final
        raise AssertionError(f"{url}: closed before it was seated, twenty times")


async def play_once(session, url, seed, rng, round_trips):
    """One connection of play_seat: the final state, or None when the server closed it before it was seated."""
    for _ in range(200):
        try:
            ws = await session.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_close=2), heartbeat=None)
            break
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError):
            await asyncio.sleep(0.25)
    else:
        raise AssertionError(f"{url}: no way in")
    async with ws:
        await ws.send_json({"type": "join", "device": f"flood-phone-{seed}"})
        state, sent, seated = None, None, False
        while True:
            message = await ws.receive(timeout=60)
            if not seated and message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                               aiohttp.WSMsgType.CLOSING):
                return None  # made room for before it was seated: the page opens it again
            assert message.type == aiohttp.WSMsgType.TEXT, (message.type, message.data)
            data = json.loads(message.data)
            seated = seated or data["type"] in ("seated", "state")
            if data["type"] == "state":
                if sent is not None and data["moment"] > state["moment"]:
                    round_trips.append(time.perf_counter() - sent)
                    sent = None
                state = data
                if state["view"]["phase"] == "over":
                    return state
            elif data["type"] == "error" and data.get("dropped") == "act":  # told: too fast
                await asyncio.sleep(0.5)
            elif data["type"] not in ("refused", "hello", "seated", "sheet", "roster", "result", "votes"):
                raise AssertionError(data)
            if state and state["turn"] and (sent is None or data["type"] in ("refused", "error")):
                await asyncio.sleep(rng.uniform(0.01, 0.05))  # a quick thumb, not a script's
                await ws.send_json({"type": "act", "action": rng.choice(state["legal"]),
                                    "moment": state["moment"]})
                sent = time.perf_counter()


async def play(links, round_trips):
    seats = sorted(links)
    return await asyncio.wait_for(asyncio.gather(*(play_seat(ws_url(links[s]), s, round_trips) for s in seats)),
                                  SECONDS)


def percentile(samples, p):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@pytest.mark.slow  # a child process holds hundreds of connections while a game plays
def test_a_flood_of_idle_connections_beyond_the_file_limit_and_the_game_plays_on(tmp_path):
    errors = tmp_path / "stderr.txt"
    with open(errors, "w") as stderr:
        tv = subprocess.Popen([sys.executable, str(HERE / "flood_table.py"), str(LIMIT), str(SECONDS)],
                              stdout=subprocess.PIPE, stderr=stderr, text=True, cwd=HERE.parent)
    flood = None
    try:
        lobby = json.loads(tv.stdout.readline())
        links = {int(seat): link for seat, link in lobby["links"].items()}
        flood = Flood(lobby["port"], links[0].rsplit("/", 1)[1])
        flood.start()
        while flood.opened < LIMIT and flood.is_alive():  # the phones come once the flood is there
            time.sleep(0.05)
        round_trips = []
        finals = asyncio.run(play(links, round_trips))
        flood.stop.set()
        flood.join(10)
        out, _ = tv.communicate(timeout=60)
    finally:
        if flood is not None:
            flood.stop.set()
        if tv.poll() is None:
            tv.kill()
            tv.wait()
    result = json.loads(out.strip().splitlines()[-1])
    stderr_text = errors.read_text()
    print(f"flood: opened {flood.opened}, at most {flood.peak} held at once, {flood.failed} refused at the "
          f"door, {flood.closed_by_server} closed by the server; the TV: {result}; round trips "
          f"{len(round_trips)}, p50 {percentile(round_trips, 50) * 1000:.1f} ms, "
          f"p99 {percentile(round_trips, 99) * 1000:.1f} ms; stderr {len(stderr_text.splitlines())} lines")
    assert flood.opened > LIMIT and flood.peak > LIMIT, "the flood held more connections than the TV may open files"
    assert all(final["view"]["phase"] == "over" for final in finals)
    assert result["over"] and result["scene"] != "MenuScene", result
    assert result["most_files"] < LIMIT * 3 // 4, result
    assert tv.returncode == 0, stderr_text[-3000:]
    assert "Traceback" not in stderr_text, stderr_text[:3000]
