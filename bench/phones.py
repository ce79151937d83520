"""Phones under load: ``python3 -m bench.phones``.

A game of Mit List und Tücke with 6 phone seats, headless, through the real lobby and game screen:
six scripted WebSocket phones play legal actions (chosen at random from what their seat was sent),
while a hundred junk connections hit the same server: bad tokens, garbage frames, oversized messages
and slowloris-style idle connections that send half a request and then wait. Prints the TV's frame
time (the app's whole frame: the game's tick, update, draw, present) p50/p95/p99, how long each phone
action waited for its answer (the next state showing it applied, or a refusal) p50/p95/p99/max, and
whether the game finished.

``--game``, ``--players``, ``--junk`` and ``--think`` make it smaller (the test suite plays one short
game: ``--game tricks --players 3 --junk 8 --think 5 --speed instant``).
"""

import argparse
import asyncio
import json
import os
import random
import socket
import tempfile
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TRICKTABLE_DATA", tempfile.mkdtemp(prefix="tricktable-bench-"))

import aiohttp  # noqa: E402

from game import GAMES, PLAYER_COUNTS, Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screen.game_screen import GameScreen  # noqa: E402
from scenes.screen.settings import SPEED_ORDER as SPEEDS, Settings  # noqa: E402

FRAME = 1 / 60
NAMES = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]


def percentiles(samples):
    ordered = sorted(samples)
    return [ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] for p in (50, 95, 99)]


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


async def phone(session, url, device, rng, stop, tally, think):
    """A scripted phone: joins, and on each turn plays a random legal action of the view it was sent,
    once per moment, after a short think (a person taps a few times a second at most); told to slow
    down, it waits and tries again."""
    async with session.ws_connect(url) as ws:
        await ws.send_str(json.dumps({"type": "join", "device": device}))
        state, acted, sent = None, None, None
        while not stop.is_set():
            try:
                message = await ws.receive(timeout=0.5)
            except asyncio.TimeoutError:
                message = None
            if message is not None:
                if message.type != aiohttp.WSMsgType.TEXT:
                    return
                data = json.loads(message.data)
                answered = data["type"] == "refused" or (data["type"] == "state" and data["moment"] != acted)
                if sent is not None and answered:
                    tally["answers"].append((time.perf_counter() - sent) * 1000)
                    sent = None
                if data["type"] == "state":
                    state = data
                elif data["type"] == "refused":
                    tally["refused"] += 1
                    acted = None
                elif data["type"] == "error":
                    tally["slowed"] += 1
                    await asyncio.sleep(0.5)
                    acted = None
            if state and state["turn"] and acted != state["moment"]:
                await asyncio.sleep(rng.uniform(*think))
                acted = state["moment"]
                await ws.send_str(json.dumps({"type": "act", "action": rng.choice(state["legal"]),
                                              "moment": state["moment"]}))
                sent = time.perf_counter()
                tally["acts"] += 1


async def junk(session, base, links, kind, rng, tally):
    """One junk connection of KIND; every outcome but a crash of the TV is fine."""
    try:
        if kind == "bad token":
            async with session.ws_connect(base.replace("http://", "ws://") + "/ws/" + "x" * 22):
                pass
        elif kind == "garbage":
            async with session.ws_connect(ws_url(rng.choice(links))) as ws:
                for _ in range(20):
                    await ws.send_str(rng.choice(["{", "[]", "null", '{"type": "act", "action": 7}', "\x00" * 50]))
                    await ws.send_bytes(os.urandom(64))
                await ws.receive(timeout=1)
        elif kind == "oversized":
            async with session.ws_connect(ws_url(rng.choice(links)), max_msg_size=0) as ws:
                await ws.send_str("x" * 3000)  # over the message limit: an error back
                await ws.send_str("y" * 200_000)  # over the frame limit: closed
                await ws.receive(timeout=1)
        tally[kind] += 1
    except (aiohttp.ClientError, asyncio.TimeoutError, ConnectionError):
        tally[kind] += 1


def slowloris(host, port, count, seconds, stop):
    """COUNT sockets each sending half a request, a header line now and then, never finishing."""
    socks = []
    for _ in range(count):
        try:
            sock = socket.create_connection((host, port), timeout=2)
            sock.sendall(b"GET /s/x HTTP/1.1\r\nHost: tv\r\n")
            socks.append(sock)
        except OSError:
            pass
    end = time.monotonic() + seconds
    while time.monotonic() < end and not stop.is_set():
        for sock in socks:
            try:
                sock.sendall(b"X-a: b\r\n")
            except OSError:
                pass
        stop.wait(1.0)
    for sock in socks:
        sock.close()
    return len(socks)


def junk_kinds(count):
    """COUNT junk connections: a quarter each of bad tokens, garbage, oversized messages and slowloris
    sockets (these are opened apart: their number is the last)."""
    quarter, left = divmod(count, 4)
    each = [quarter + (k < left) for k in range(4)]
    return ["bad token"] * each[0] + ["garbage"] * each[1] + ["oversized"] * each[2], each[3]


def clients(links, stop, tally, seed, junk_count, think):
    """The phones and the junk on a loop of their own (as real phones are on other machines)."""
    async def main():
        rng = random.Random(seed)
        async with aiohttp.ClientSession() as session:
            seats = sorted(links)
            tasks = [asyncio.create_task(phone(session, ws_url(links[s]), f"bench-phone-{s}", random.Random(s),
                                               stop, tally, think)) for s in seats]
            base = links[seats[0]].rsplit("/s/", 1)[0]
            kinds, _ = junk_kinds(junk_count)
            rng.shuffle(kinds)
            for kind in kinds:
                await junk(session, base, list(links.values()), kind, rng, tally)
                await asyncio.sleep(0.05)
            await asyncio.gather(*tasks, return_exceptions=True)
    asyncio.run(main())


def run(seconds, seed, game_id="mlut", players=6, junk_count=100, think=(0.02, 0.12), speed="fast"):
    app = App(Settings(speed=speed, bot_delay=0, seed=seed))
    app.port = 0
    app.phone_server_options = {"host": "127.0.0.1"}
    app.new_game(game_id, [Seat(n, "human") for n in NAMES[:players]], phones=set(range(players)))
    lobby = app.scene
    links = lobby.server.links()
    stop = threading.Event()
    tally = {"acts": 0, "refused": 0, "slowed": 0, "bad token": 0, "garbage": 0, "oversized": 0, "answers": []}
    threads = [threading.Thread(target=clients, args=(links, stop, tally, seed, junk_count, think), daemon=True)]
    port = lobby.server.port
    loris = {}
    slow_count = junk_kinds(junk_count)[1]
    threads.append(threading.Thread(target=lambda: loris.setdefault("n", slowloris("127.0.0.1", port, slow_count, seconds,
                                                                                   stop)), daemon=True))
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 20
    while not lobby.ready() and time.monotonic() < deadline:
        app.step(FRAME)
        time.sleep(0.01)
    if not lobby.ready():
        raise SystemExit("the phones did not join within 20 s")
    lobby.start()
    screen = app.scene
    assert isinstance(screen, GameScreen)
    session, times = screen.session, []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (session.state.is_over and app.scene is not screen):
        sheet = app.scene
        if sheet is not screen and getattr(sheet, "on_continue", None) and sheet.time > 1.0:
            sheet.on_continue()  # the host reads a round's scores for a second, then goes on
        start = time.perf_counter()
        app.step(FRAME)  # the TV's whole frame: the game's tick (phones' actions in, steps out), update, draw
        times.append((time.perf_counter() - start) * 1000)
        time.sleep(0.001)  # the TV waits for its next frame; the server's thread runs meanwhile
    finished = session.state.is_over
    if not finished:
        print("stuck at:", session.decider, "idle", screen.idle, "phone turn", session.phone_turn(),
              {s: lobby.server.seat_status(s) for s in range(players)})
    stop.set()
    for thread in threads:
        thread.join(10)
    app.quit()
    p50, p95, p99 = percentiles(times)
    print(f"frames {len(times)}  frame time p50 {p50:.2f} ms  p95 {p95:.2f} ms  p99 {p99:.2f} ms  "
          f"max {max(times):.2f} ms")
    print(f"game finished: {'yes' if finished else 'no'} after {len(session.state.events)} events; "
          f"phone actions sent {tally['acts']}, refused {tally['refused']}, told to slow down {tally['slowed']}")
    answers = tally["answers"]
    if answers:
        a50, a95, a99 = percentiles(answers)
        print(f"answers to phone actions: {len(answers)}  p50 {a50:.1f} ms  p95 {a95:.1f} ms  p99 {a99:.1f} ms  "
              f"max {max(answers):.1f} ms")
    print(f"junk: {tally['bad token']} bad tokens, {tally['garbage']} garbage, {tally['oversized']} oversized, "
          f"{loris.get('n', 0)} slowloris sockets held open")
    return finished and tally["acts"] > 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m bench.phones", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300, help="give up after this long (default 300)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--game", choices=GAMES, default="mlut", help="the game (default mlut)")
    parser.add_argument("--players", type=int, help="phone seats (default: the game's most, 6 in mlut)")
    parser.add_argument("--junk", type=int, default=100, metavar="N",
                        help="junk connections (default 100: a quarter each of bad tokens, garbage, oversized, slowloris)")
    parser.add_argument("--no-junk", action="store_true", help="the phones alone, no junk connections (--junk 0)")
    parser.add_argument("--think", type=float, default=120, metavar="MS",
                        help="a phone thinks up to this long before it taps (default 120; at least a sixth of it)")
    parser.add_argument("--speed", choices=SPEEDS, default="fast", help="the TV's animation speed (default fast)")
    args = parser.parse_args(argv)
    players = args.players or max(PLAYER_COUNTS[args.game])
    if players not in PLAYER_COUNTS[args.game]:
        parser.error(f"{args.game} is played by {', '.join(map(str, PLAYER_COUNTS[args.game]))}")
    if args.junk < 0 or args.think < 0:
        parser.error("--junk and --think take a number of 0 or more")
    think = (args.think / 6000, args.think / 1000)
    return 0 if run(args.seconds, args.seed, args.game, players, 0 if args.no_junk else args.junk, think,
                    args.speed) else 1


if __name__ == "__main__":
    raise SystemExit(main())
