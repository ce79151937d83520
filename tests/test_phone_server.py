"""The phones' protocol over real WebSockets: a real PhoneServer on a free port, its table pumped by a
game thread as the TV will, and aiohttp clients as phones."""

import json
import socket
import time

import aiohttp
import pytest

from phone import server as phone_server
from phone.qr import qr_matrix
from phone.server import PhoneServer, lan_address

from phone_helpers import GameThread, Phone, new_state, run


def url_parts(link):
    base, token = link.rsplit("/s/", 1)
    return base, token


def ws_url(link):
    base, token = url_parts(link)
    return base.replace("http://", "ws://") + "/ws/" + token


async def phones(game, seats, *devices):
    """One session and a Phone per (seat, device)."""
    session = aiohttp.ClientSession()
    links = game.server.links()
    return session, [Phone(session, ws_url(links[seat]), device) for seat, device in zip(seats, devices)]


def test_join_observation_legal_action_and_refusals():
    state = new_state("mlut", 4)
    with GameThread(state, [1, 2]) as game:
        async def play():
            session, (one, two) = await phones(game, [1, 2], "device-one", "device-two")
            async with session:
                await one.open()
                hello = await one.next("hello")
                assert hello["seat"] == 1 and hello["names"] == [s.name for s in state.seats]
                first = await one.next("state")
                assert first["full"] and first["view"]["seat"] == 1 and len(first["view"]["hand"]) == 14
                turn = await one.my_turn()  # seat 1 leads the first trick in Mit List und Tücke
                assert turn["legal"] and all(isinstance(a, list) for a in turn["legal"])
                assert turn["legal"] == [["play", c] for c in turn["view"]["hand"]]

                # a card seat 1 does not hold: the rules core's own reason comes back
                held = set(turn["view"]["hand"])
                foreign = next(c for c in ("R1", "R2", "R3", "G1", "G2", "G3") if c not in held)
                await one.act(["play", foreign])
                refused = await one.next("refused")
                assert refused["reason"] == state.why_illegal(("play", foreign)) == f"you don't hold {foreign}"

                # seat 2 acting out of turn
                await two.open()
                await two.next("state")
                await two.act(["play", "R1"])
                assert (await two.next("refused"))["reason"].endswith("'s turn, not yours")

                # a legal play goes through and both phones are told
                card = turn["legal"][0]
                await one.act(card)
                told = await two.next("state", where=lambda m: any(e.get("a") == {"play": card[1]} for e in m["events"]))
                assert told["view"]["trick"][0] == [1, card[1]]
                mine = await two.my_turn()
                assert mine["view"]["current_player"] == 2

                # an action chosen for an earlier moment is refused (a double tap plays one card)
                await one.act(turn["legal"][1])
                assert "moved on" in (await one.next("refused"))["reason"]
        run(play())


def test_bad_input_gets_an_error_and_never_stalls_the_game():
    state = new_state("tricks", 3)
    with GameThread(state, [0, 1, 2], server_options={"rate": 1000, "burst": 1000}) as game:
        async def play():
            session, (phone,) = await phones(game, [state.start_player], "a-device-id")
            async with session:
                await phone.open()
                await phone.my_turn()
                for junk, words in [("{not json", "not JSON"), ("[1, 2]", "messages are"),
                                    ('{"type": "dance"}', "messages are"),
                                    ('{"type": "act"}', "an action message"),
                                    ('{"type": "act", "action": [], "moment": "x"}', "an action message"),
                                    ("[" * 1500 + "]" * 500, "not JSON"),
                                    ("x" * 10_000, "too long"),
                                    ('{"type": "join", "device": "other-device"}', "joined already")]:
                    await phone.send(junk)
                    error = await phone.next("error")
                    assert words in error["reason"], (junk[:40], error)
                await phone.ws.send_bytes(b"\x00\x01")
                assert "binary" in (await phone.next("error"))["reason"]
                for action, words in [(["buy"], "not an action"), ({"buy": 0, "x": 1, "y": 2}, "not an action"),
                                      (["buy", {"a": 1}], "not an action"), (["buy", 99], "there is no seat 99"),
                                      (["buy", True], "not an action"), (["fly", 0], "not an action of this game"), (["bid", "Y1"], "must buy a face-up card now"),
                                      ("buy", "not an action"), (["pick", ["R1"] * 20], "not an action")]:
                    await phone.act(action, moment=False)
                    refused = await phone.next("refused")
                    assert words in refused["reason"], (action, refused)
                # still playing: a legal buy goes through
                await phone.act(phone.state["legal"][0])
                before = phone.state["moment"]
                await phone.next("state", where=lambda m: m["moment"] > before)
        run(play())
        assert any(e["t"] == "act" and e["p"] == state.start_player for e in state.events)


def test_the_rate_limit_drops_a_flood_and_says_so_once_a_second():
    state = new_state("mlut", 4)
    with GameThread(state, [1], server_options={"rate": 5, "burst": 5}) as game:
        async def play():
            session, (phone,) = await phones(game, [1], "flooding-phone")
            async with session:
                await phone.open()
                await phone.next("state")
                for _ in range(60):
                    await phone.send({"type": "ping"})
                pongs, errors = 0, 0
                deadline = time.monotonic() + 1.0
                while time.monotonic() < deadline:
                    try:
                        message = await phone.ws.receive(timeout=deadline - time.monotonic())
                    except TimeoutError:
                        break
                    data = json.loads(message.data)
                    pongs += data["type"] == "pong"
                    errors += data["type"] == "error" and "slow down" in data["reason"]
                assert pongs < 10 and errors == 1, (pongs, errors)
        run(play())


def test_wrong_tokens_get_404_and_the_page_and_its_files_are_served():
    state = new_state("wassticht", 4)
    with GameThread(state, [0]) as game:
        async def play():
            link = game.server.links()[0]
            base, token = url_parts(link)
            async with aiohttp.ClientSession() as session:
                async with session.get(link) as page:
                    assert page.status == 200 and "/p/app.js" in await page.text()
                    assert page.headers["Cache-Control"] == "no-store"
                    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
                for name, kind in [("app.js", "javascript"), ("style.css", "css")]:
                    async with session.get(f"{base}/p/{name}") as got:
                        assert got.status == 200 and kind in got.headers["Content-Type"]
                for bad in [f"{base}/s/{token}x", f"{base}/s/", f"{base}/ws/{token[:-1]}", f"{base}/p/../server.py",
                            f"{base}/p/index.py", f"{base}/"]:
                    async with session.get(bad) as got:
                        assert got.status == 404, bad
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(ws_url(link) + "x")
                assert refused.value.status == 404
        run(play())


def test_reconnect_gets_the_current_state_and_plays_on():
    state = new_state("mlut", 4)
    with GameThread(state, [1]) as game:
        async def play():
            session, (phone,) = await phones(game, [1], "sleepy-phone")
            async with session:
                await phone.open()
                turn = await phone.my_turn()
                await phone.act(turn["legal"][0])
                await phone.next("state", where=lambda m: m["moment"] > turn["moment"])
                await phone.ws.close()  # the phone sleeps; the bots play on meanwhile
                assert _wait(lambda: game.server.seat_status(1) == "away")
                time.sleep(0.1)
                again = Phone(session, phone.url, "sleepy-phone")
                await again.open()
                await again.next("hello")
                full = await again.next("state")
                assert full["full"] and full["events"] == []
                assert full["view"] == state.view(1) or full["moment"] < len(state.events)
                assert len(full["view"]["hand"]) == 13
                assert _wait(lambda: game.server.joined(1))
                turn = await again.my_turn()
                await again.act(turn["legal"][0])
                played = await again.next("state", where=lambda m: m["moment"] > turn["moment"])
                assert {"t": "act", "p": 1, "a": _record_form(turn["legal"][0])} in played["events"]

                # the same device opening the seat once more (a second tab) takes it over from the first
                tab = Phone(session, phone.url, "sleepy-phone")
                await tab.open()
                await tab.next("state")
                assert "opened again" in (await again.next("lost"))["reason"]
                await again.closed()
                assert _wait(lambda: game.server.joined(1) and game.server.pending_takeovers() == [])
        run(play())


def _record_form(action):
    from game.engine import action_to_json
    from phone.bridge import action_from_wire
    return action_to_json(action_from_wire(action))


def _wait(condition, timeout=3.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_a_second_device_waits_for_the_host_and_the_first_is_told():
    state = new_state("tricks", 4)
    with GameThread(state, [2]) as game:
        server = game.server
        async def play():
            session, (first, second, third) = await phones(game, [2, 2, 2], "first-device", "second-device",
                                                            "third-device")
            async with session:
                assert server.seat_status(2) == "empty" and not server.joined(2)
                await first.open()
                await first.next("state")
                assert _wait(lambda: server.joined(2))
                await second.open()
                waiting = await second.next("waiting")
                assert "host" in waiting["reason"]
                assert _wait(lambda: server.pending_takeovers() == [2])
                await second.send({"type": "act", "action": ["buy", 0]})
                assert "does not hold" in (await second.next("error"))["reason"]
                assert not [m for m in second.got if m["type"] in ("hello", "state")]  # nothing of the seat

                server.refuse_takeover(2)
                assert (await second.next("turned_away"))["type"] == "turned_away"
                await second.closed()
                assert _wait(lambda: server.pending_takeovers() == [])

                await third.open()
                await third.next("waiting")
                assert _wait(lambda: server.pending_takeovers() == [2])
                server.confirm_takeover(2)
                lost = await first.next("lost")
                assert "another device" in lost["reason"]
                await first.closed()
                await third.next("hello")
                full = await third.next("state")
                assert full["full"] and full["view"]["seat"] == 2
                assert _wait(lambda: server.pending_takeovers() == [] and server.joined(2))
                # the first device, coming back, now has to ask
                back = Phone(session, first.url, "first-device")
                await back.open()
                await back.next("waiting")
        run(play())


def test_stop_kills_the_tokens_and_closes_the_phones_and_start_stop_are_idempotent():
    state = new_state("mlut", 4)
    game = GameThread(state, [0]).start()
    server = game.server
    assert server.start() is server
    link = server.links()[0]

    async def play():
        session, (phone,) = await phones(game, [0], "some-device")
        async with session:
            await phone.open()
            await phone.next("state")
            started = time.monotonic()
            game.stop()
            assert time.monotonic() - started < 3
            closed = await phone.closed()
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            # the game is unfinished: the host left it (not "closed", which is a game that ended)
            assert [m for m in phone.got if m["type"] in ("closed", "host_left")] == [
                {"type": "host_left", "started": True, "reason": "the host left the game before it was over"}]
            assert server.links() == {} and not server.running
            server.stop()  # again: nothing happens
            with pytest.raises(aiohttp.ClientError):
                await session.get(link)
            # a new server for the same table: new tokens, the old link is dead
            again = PhoneServer(game.table, port=0, host="127.0.0.1").start()
            try:
                base, token = url_parts(again.links()[0])
                assert token != url_parts(link)[1]
                async with session.get(f"{base}/s/{url_parts(link)[1]}") as got:
                    assert got.status == 404
            finally:
                again.stop()
    run(play())


def test_a_taken_port_falls_back_to_a_free_one_and_says_so():
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen()
    taken = blocker.getsockname()[1]
    state = new_state("mlut", 4)
    try:
        game = GameThread(state, [0], server_options={"port": taken})
        server = game.server
        server.start()
        try:
            assert server.port != taken and str(taken) in server.notice and str(server.port) in server.notice
            assert f":{server.port}/s/" in server.links()[0]
        finally:
            server.stop()
    finally:
        blocker.close()
    assert phone_server.DEFAULT_PORT == 8765
    assert PhoneServer(game.table).requested_port == 8765


def test_the_lan_address_and_the_qr_code():
    address = lan_address()
    socket.inet_aton(address)  # an IPv4 address, found without the internet (or 127.0.0.1)
    matrix = qr_matrix("http://192.168.1.20:8765/s/" + "x" * 22)
    size = len(matrix)
    assert size >= 21 + 8 and all(len(row) == size for row in matrix)
    assert all(isinstance(m, bool) for row in matrix for m in row)
    assert not any(matrix[0]) and not any(row[0] for row in matrix)  # the quiet zone
    # the three finder patterns: a dark 7x7 ring in three corners
    for top, left in [(4, 4), (4, size - 11), (size - 11, 4)]:
        assert all(matrix[top][left + i] and matrix[top + 6][left + i] for i in range(7))


def test_a_seats_link_can_be_read_off_the_tv_and_typed():
    """Small letters and digits in groups of four, none that looks like another (0/o, 1/l/i); every
    link its own. A kept game's older links still open (TOKEN takes both kinds)."""
    from phone import LINK_SIGNS, TOKEN, link_token
    assert not set("01ilo") & set(LINK_SIGNS)
    state = new_state("mlut", 4)
    with GameThread(state, [0, 1, 2]) as game:
        tokens = [url_parts(link)[1] for link in game.server.links().values()]
    fresh = tokens + [link_token() for i in range(300)]
    assert len(set(fresh)) == len(fresh)
    for token in fresh:
        groups = token.split("-")
        assert [len(g) for g in groups] == [4] * 5 and set("".join(groups)) <= set(LINK_SIGNS), token
        assert TOKEN.fullmatch(token)
    assert TOKEN.fullmatch("Sa7Rl6Y4hjZ5A3_0s83S-Q")  # a link kept from before
