"""Shared by the phone tests: a game thread that pumps a PhoneTable (and plays bot seats), and a
WebSocket phone client over aiohttp."""

import asyncio
import json
import threading
import time

import aiohttp

from game import new_game
from game.bots import bot_rng, make_bot
from phone.bridge import PhoneTable
from phone.server import PhoneServer


class GameThread:
    """What the TV's loop will do: pump the table every few milliseconds and play the bot seats."""

    def __init__(self, state, phone_seats, bot="random", server_options=None, seed=0, teach_seats=frozenset()):
        self.state = state
        self.table = PhoneTable(state, phone_seats, teach_seats=teach_seats)
        self.server = PhoneServer(self.table, **{"port": 0, "host": "127.0.0.1", **(server_options or {})})
        self.bots = {s: make_bot(bot) for s in range(state.players) if s not in phone_seats}
        self.rngs = {s: bot_rng(seed, s) for s in self.bots}
        self.error = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.server.start()
        self._thread.start()
        return self

    def _run(self):
        try:
            while not self._stop.is_set():
                self.table.pump()
                seat = self.state.current_player
                if seat in self.bots and not self.state.is_over:
                    action = self.bots[seat].choose(self.state.view(seat), self.state.legal_actions(), self.rngs[seat])
                    assert self.table.door.act(seat, action) is None  # the one way in: the phones are told
                time.sleep(0.002)
        except Exception as error:  # shown by the test that stops the thread
            self.error = error
            raise

    def stop(self):
        self._stop.set()
        self._thread.join(5)
        self.server.stop()
        assert self.error is None, self.error

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def new_state(game_id, players, seed=1):
    options = {"tasks_per_player": 4} if game_id == "wassticht" else None
    return new_game(game_id, players, seed=seed, options=options)


class Phone:
    """One phone's WebSocket, with helpers to wait for a message of a kind. As the page does, it keeps
    the resume key the table gives its device for a seat (in ``keys``, its "local storage") and shows
    it when it joins again."""

    keys = {}  # (device, url) -> the seat's resume key this device was given

    def __init__(self, session, url, device):
        self.session, self.url, self.device = session, url, device
        self.ws = None
        self.got = []
        self.state = None

    async def open(self, join=True, **options):
        self.ws = await self.session.ws_connect(self.url, **options)
        if join:
            await self.join()
        return self

    async def join(self):
        key = self.keys.get((self.device, self.url))
        await self.send({"type": "join", "device": self.device, **({"key": key} if key else {})})

    async def send(self, message):
        await self.ws.send_str(message if isinstance(message, str) else json.dumps(message))

    async def next(self, *kinds, timeout=5.0, where=None):
        """The next message of one of KINDS (and passing WHERE), keeping the latest state."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kinds} message within {timeout}s; last: {self.got[-3:]}")
            message = await self.ws.receive(timeout=left)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the socket closed ({message.type}, {message.data}, {message.extra})")
            data = json.loads(message.data)
            self.got.append(data)
            if data["type"] == "seated":
                self.keys[(self.device, self.url)] = data["key"]
            if data["type"] == "state":
                self.state = data
            if data["type"] in kinds and (where is None or where(data)):
                return data

    async def my_turn(self, timeout=5.0):
        if self.state and self.state["turn"]:
            return self.state
        return await self.next("state", timeout=timeout, where=lambda m: m["turn"])

    async def act(self, action, moment=True):
        message = {"type": "act", "action": action}
        if moment:
            message["moment"] = self.state["moment"]
        await self.send(message)

    async def closed(self, timeout=5.0):
        """Wait for the socket to close; the messages before it are kept."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = await self.ws.receive(timeout=deadline - time.monotonic())
            if message.type == aiohttp.WSMsgType.TEXT:
                self.got.append(json.loads(message.data))
                continue
            return message
        raise AssertionError("the socket stayed open")


def run(coroutine):
    return asyncio.run(coroutine)


def join_lobby(app, driver):
    """The phone opens seat 0's link from the lobby on screen; the app runs until it has joined."""
    from app_driver import FRAME
    lobby = app.scene
    driver.get(lobby.server.links()[0])
    for _ in range(600):  # the lobby on screen until the phone has joined
        app.step(FRAME)
        if lobby.ready():
            break
        time.sleep(0.01)
    assert lobby.server.joined(0)
