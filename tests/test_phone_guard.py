"""The phone server holds its ground, over real sockets on loopback: bounded connections (overall, per
address, per seat's link) with idle time-outs, foreign origins refused, a seat changes device only
with the host's yes (a repeated device id is not enough), a phone over the rate limit is told, and
every refused request is one line of log without a traceback."""

import asyncio
import logging
import socket
import struct
import time

import aiohttp
import pytest

from phone.server import WORDS_BURST, PhoneServer, connection_bounds

from phone_helpers import GameThread, Phone, new_state, run


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


def wait(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def raw(port, data=b"", source="127.0.0.1"):
    """A plain TCP connection that sends DATA (maybe nothing) and then waits."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    if data:
        sock.sendall(data)
    return sock


def closed_by_server(sock, timeout=5.0):
    """What the server sent before it closed SOCK (b"" for nothing); AssertionError if it stays open."""
    sock.settimeout(timeout)
    got = b""
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return got
            got += data
    except (ConnectionResetError, BrokenPipeError):
        return got
    except socket.timeout:
        raise AssertionError("the server kept the connection open") from None
    finally:
        sock.close()


def open_count(server):
    return server.connection_counts()["open"]


def test_the_bounds_sit_far_below_the_open_files_limit(monkeypatch):
    import resource
    for soft, overall, per_address in [(256, 32, 16), (1024, 128, 32), (20000, 128, 32), (64, 16, 8)]:
        monkeypatch.setattr(resource, "getrlimit", lambda kind, soft=soft: (soft, 1 << 20))
        assert connection_bounds() == (overall, per_address)
        assert overall <= soft // 4
    state = new_state("mlut", 4)
    assert PhoneServer(PhoneTableStub(state)).bounds[2] == 4  # per seat's link


class PhoneTableStub:
    def __init__(self, state):
        self.phone_seats = (0,)
        self.outbox = None


def test_idle_connections_beyond_an_address_bound_push_out_the_oldest_and_a_phone_still_plays():
    state = new_state("mlut", 4)
    with GameThread(state, [1], server_options={"bounds": (12, 6, 4)}) as game:
        port = game.server.port
        idle = [raw(port) for _ in range(6)]
        assert wait(lambda: open_count(game.server) == 6)
        newer = [raw(port, b"GET /s/x HTTP/1.1\r\n") for _ in range(6)]  # half a request each
        for sock in idle:  # the six oldest went, to make room for the newer ones
            assert closed_by_server(sock) == b""
        assert open_count(game.server) <= 6

        async def play():
            async with aiohttp.ClientSession() as session:
                phone = await Phone(session, ws_url(game.server.links()[1]), "the-real-phone").open()
                turn = await phone.my_turn()
                assert wait(lambda: game.server.joined(1))
                # a joined phone is never pushed out: more junk from its own address closes junk only
                more = [raw(port) for _ in range(12)]
                await phone.act(turn["legal"][0])
                await phone.next("state", where=lambda m: m["moment"] > turn["moment"])
                assert game.server.connection_counts()["most"] <= 6 and game.server.joined(1)
                for sock in newer + more:
                    sock.close()
        run(play())


def test_the_overall_bound_makes_room_at_the_busiest_address_and_refuses_when_all_play():
    state = new_state("mlut", 4)
    with GameThread(state, [0, 1], server_options={"bounds": (4, 3, 4)}) as game:
        port, links = game.server.port, game.server.links()
        busy = [raw(port, source="127.0.0.2") for _ in range(3)]
        other = raw(port, source="127.0.0.3")
        assert wait(lambda: open_count(game.server) == 4)
        newcomer = raw(port, source="127.0.0.4")
        assert closed_by_server(busy[0]) == b"", "the oldest at the busiest address went"
        assert wait(lambda: open_count(game.server) == 4)
        for sock in busy[1:] + [other, newcomer]:
            sock.close()
        assert wait(lambda: open_count(game.server) == 0)

        async def play():
            async with aiohttp.ClientSession() as session:
                phones = [await Phone(session, ws_url(links[s]), f"phone-of-{s}").open() for s in (0, 1)]
                for phone in phones:
                    await phone.next("state")
                asker = await Phone(session, ws_url(links[0]), "someone-else").open()
                await asker.next("waiting")  # three WebSockets at 127.0.0.1, each holding or asking for a seat
                refused = closed_by_server(raw(port))  # the address's bound, and nobody there to push out
                assert refused.startswith(b"HTTP/1.1 503"), refused
                idle = raw(port, source="127.0.0.5")
                assert wait(lambda: open_count(game.server) == 4)
                newest = raw(port, source="127.0.0.6")  # the overall bound: the only idle one goes
                assert closed_by_server(idle) == b""
                for phone in phones:
                    await phone.send({"type": "ping"})
                    await phone.next("pong")
                newest.close()
        run(play())


def test_a_seats_link_holds_a_few_websockets_the_newest_pushing_out_one_that_never_joined():
    state = new_state("mlut", 4)
    with GameThread(state, [2], server_options={"bounds": (32, 16, 2)}) as game:
        url = ws_url(game.server.links()[2])

        async def closed(phone, code):
            message = await phone.ws.receive(timeout=5)
            assert message.type == aiohttp.WSMsgType.CLOSE and message.data == code, message

        async def play():
            async with aiohttp.ClientSession() as session:
                first = await Phone(session, url, "device-one").open(join=False)
                second = await Phone(session, url, "device-two").open(join=False)
                third = await Phone(session, url, "device-three").open(join=False)
                await closed(first, 4009)
                holder = await Phone(session, url, "device-one").open()
                await holder.next("state")
                await closed(second, 4009)
                asker = await Phone(session, url, "device-two").open()
                await asker.next("waiting")
                await closed(third, 4009)
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # both seated: no room
                    await session.ws_connect(url)
                assert refused.value.status == 503
        run(play())


def test_a_websocket_that_does_not_join_in_time_is_closed():
    state = new_state("mlut", 4)
    with GameThread(state, [2], server_options={"join_timeout": 0.3}) as game:
        async def play():
            async with aiohttp.ClientSession() as session:
                silent = await Phone(session, ws_url(game.server.links()[2]), "silent").open(join=False)
                message = await silent.ws.receive(timeout=5)
                assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 4002, message
        run(play())


def test_plain_connections_without_a_whole_request_are_closed_after_the_idle_time():
    state = new_state("mlut", 4)
    with GameThread(state, [0], server_options={"idle_timeout": 0.5}) as game:
        port = game.server.port
        silent, half = raw(port), raw(port, b"GET /s/x HTTP/1.1\r\nHost: tv\r\nX-a: ")
        assert closed_by_server(silent) == b"" and closed_by_server(half) == b""
        assert wait(lambda: open_count(game.server) == 0)


def test_a_websocket_from_a_foreign_page_is_refused_even_with_a_valid_token():
    state = new_state("mlut", 4)
    with GameThread(state, [0]) as game:
        url, port = ws_url(game.server.links()[0]), game.server.port

        async def play():
            async with aiohttp.ClientSession() as session:
                for foreign in ("http://evil.example", f"http://evil.example:{port}", "null",
                                f"http://127.0.0.1:{port + 1 if port < 65535 else 1}", f"https://127.0.0.1:{port}"):
                    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                        await session.ws_connect(url, origin=foreign)
                    assert refused.value.status == 403, foreign
                for own in (f"http://127.0.0.1:{port}", f"http://localhost:{port}", None):
                    phone = await Phone(session, url, "own-page").open(origin=own)
                    await phone.next("state")
                    await phone.ws.close()
        run(play())


def test_a_repeated_device_id_without_the_seats_key_waits_for_the_host_and_the_key_changes_with_him():
    state = new_state("mlut", 4)
    with GameThread(state, [1]) as game:
        server, url = game.server, ws_url(game.server.links()[1])

        async def play():
            async with aiohttp.ClientSession() as session:
                phone = await Phone(session, url, "bens-phone").open()
                seated = await phone.next("seated")
                await phone.next("state")
                # another page that learnt Ben's device id: it repeats it, but has no key
                impostor = await session.ws_connect(url)
                await impostor.send_json({"type": "join", "device": "bens-phone"})
                assert (await impostor.receive_json(timeout=5))["type"] == "waiting"
                await impostor.send_json({"type": "act", "action": ["play", "R1"]})
                assert "does not hold" in (await impostor.receive_json(timeout=5))["reason"]
                assert wait(lambda: server.pending_takeovers() == [1])
                await phone.send({"type": "ping"})
                await phone.next("pong")  # Ben still holds the seat
                server.refuse_takeover(1)
                assert (await impostor.receive_json(timeout=5))["type"] == "turned_away"
                # a wrong key is no better than none
                guesser = await session.ws_connect(url)
                await guesser.send_json({"type": "join", "device": "bens-phone", "key": "x" * 22})
                assert (await guesser.receive_json(timeout=5))["type"] == "waiting"
                server.refuse_takeover(1)
                await guesser.close()
                # Ben's phone itself reconnects with its key: no question
                await phone.ws.close()
                again = await Phone(session, url, "bens-phone").open()
                assert (await again.next("seated"))["key"] == seated["key"]
                await again.next("state")
                assert wait(lambda: server.joined(1) and server.pending_takeovers() == [])
                # the host lets a new phone in: it gets a new key, and the old one no longer works
                new = await Phone(session, url, "bens-new-phone").open()
                await new.next("waiting")
                assert wait(lambda: server.pending_takeovers() == [1])
                server.confirm_takeover(1)
                assert (await new.next("seated"))["key"] != seated["key"]
                await again.next("lost")
                back = await Phone(session, url, "bens-phone").open()
                await back.next("waiting")
        run(play())


def test_a_phone_over_the_rate_limit_is_told_of_every_move_it_loses_and_plays_on():
    state = new_state("mlut", 4)
    with GameThread(state, [1], server_options={"rate": 1, "burst": 3}) as game:
        url = ws_url(game.server.links()[1])

        async def play():
            async with aiohttp.ClientSession() as session:
                phone = await Phone(session, url, "hasty-phone").open()
                turn = await phone.my_turn()
                foreign = next(c for c in ("R1", "R2", "G1", "G2") if c not in turn["view"]["hand"])
                for _ in range(8):  # eight taps at once: the bucket holds three, minus the join
                    await phone.act(["play", foreign])
                refused = dropped = 0
                while refused + dropped < 8:  # every tap is answered: refused by the rules, or dropped
                    message = await phone.next("refused", "error")
                    refused += message["type"] == "refused"
                    dropped += message["type"] == "error" and message["dropped"] == "act"
                assert dropped >= 1 and refused >= 1, (refused, dropped)
                told = [m["reason"] for m in phone.got if m["type"] == "error"]
                assert all("too many messages" in reason for reason in told), told
                await asyncio.sleep(1.5)  # the bucket fills again
                await phone.act(turn["legal"][0])
                await phone.next("state", where=lambda m: m["moment"] > turn["moment"])
        run(play())


def test_the_word_lists_are_cached_and_an_address_asking_too_often_is_throttled_alone():
    state = new_state("mlut", 4)
    with GameThread(state, [0]) as game:
        url = game.server.links()[0].rsplit("/s/", 1)[0] + "/words/de.json"

        async def fetch():
            async with aiohttp.ClientSession() as session:
                async with session.get(url) as first:
                    assert first.status == 200 and "max-age" in first.headers["Cache-Control"]
                    etag, words = first.headers["ETag"], await first.json()
                async with session.get(url, headers={"If-None-Match": etag}) as again:
                    assert again.status == 304 and again.headers["ETag"] == etag and await again.read() == b""
                async with session.get(url, headers={"If-None-Match": '"another"'}) as changed:
                    assert changed.status == 200
                answers = []
                for _ in range(3 * WORDS_BURST):  # a burst, as keep-alive pulls did (729 a second)
                    async with session.get(url) as got:
                        answers.append((got.status, got.headers.get("Retry-After")))
                assert sum(status == 200 for status, _ in answers) < WORDS_BURST
                assert answers[-1] == (429, "1"), answers
                elsewhere = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
                async with aiohttp.ClientSession(connector=elsewhere) as other:  # another phone is not held up
                    async with other.get(url) as got:
                        assert got.status == 200 and await got.json() == words
                await asyncio.sleep(1.2)  # a second later this address gets its answer again
                async with session.get(url) as got:
                    assert got.status == 200
        run(fetch())


def test_each_refused_request_is_one_line_without_a_traceback(caplog):
    state = new_state("mlut", 4)
    caplog.set_level(logging.WARNING)
    with GameThread(state, [0], server_options={"bounds": (8, 2, 4)}) as game:
        port, link = game.server.port, game.server.links()[0]
        base = link.rsplit("/s/", 1)[0]

        async def junk():
            async with aiohttp.ClientSession() as session:
                for bad in (f"{base}/s/{'x' * 22}", f"{base}/p/secret.py"):
                    async with session.get(bad) as got:
                        assert got.status == 404
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await session.ws_connect(ws_url(link), origin="http://evil.example")
                async with session.get(ws_url(link).replace("ws://", "http://")) as got:  # no handshake
                    assert got.status == 400
        run(junk())
        reset = raw(port, b"GET /s/x HTTP/1.1\r\n")
        reset.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        reset.close()  # a reset, not a goodbye: no line (nothing was refused) and no traceback
        # junk that is not HTTP; once it is answered the reset one before it was accepted too
        assert closed_by_server(raw(port, b"\x16\x03\x01\x02\x00 not http\r\n\r\n")).startswith(b"HTTP/1.0 400")
        assert wait(lambda: open_count(game.server) == 0)
        before = len(lines(caplog))
        crowd = [raw(port) for _ in range(4)]  # two over the address's bound: two pushed out
        assert wait(lambda: len(lines(caplog)) >= before + 2)
        for sock in crowd:
            sock.close()
    found = lines(caplog)
    assert [m for m in found[before:] if "to make room" in m] == found[before:] and len(found) == before + 2, found
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in caplog.records), found
    assert sum("not a seat's link" in m for m in found) == 1
    assert sum("not one of the page's" in m for m in found) == 1
    assert sum("a page of 'http://evil.example'" in m for m in found) == 1
    assert sum("Error handling request" in m for m in found) == 1
    assert sum("no WebSocket for 127.0.0.1: Bad Request" in m for m in found) == 1


def lines(caplog):
    return [r.getMessage() for r in caplog.records if r.name.startswith("phone")]


def test_the_origin_rule_trusts_this_machines_addresses_not_names():
    from types import SimpleNamespace
    server = PhoneServer(PhoneTableStub(new_state("mlut", 4)))
    server.address, server.port = "192.168.1.20", 80

    def own(origin, host):
        return server._own_origin(SimpleNamespace(headers={"Origin": origin} if origin else {}, host=host))
    assert own("http://192.168.1.20", "192.168.1.20") and own("http://192.168.1.20:80", "192.168.1.20:80")
    assert own("http://10.0.0.5", "10.0.0.5"), "another interface of this machine, by its address"
    assert own(None, "anything"), "not a browser: the token is the only check"
    assert not own("http://evil.example", "evil.example"), "a foreign name pointed at this machine"
    assert not own("http://192.168.1.20:8080", "192.168.1.20")
    assert not own("https://192.168.1.20", "192.168.1.20") and not own("null", "192.168.1.20")
    assert not own("http://[::1", "192.168.1.20"), "not even a URL"
