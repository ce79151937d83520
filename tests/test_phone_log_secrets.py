"""No seat's token, resume key or device id reaches a log line: every route of the phone server asked
normally, with over-long request lines and malformed requests, refused origins, a copied key and a
flood, and every logger heard at every level (the server's own, aiohttp's, asyncio's)."""

import logging
import secrets
import socket
import time

import aiohttp
import pytest

from phone_helpers import GameThread, Phone, new_state, run

DEVICE = "device-" + secrets.token_hex(8)
LONG = "a" * 9000  # over aiohttp's 8190 bytes for a request line or a header


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


def ask(port, data, source="127.0.0.1"):
    """The server's whole answer to DATA sent over a connection of its own (b"" if it only closed)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    got = b""
    try:
        sock.sendall(data)
        while True:
            part = sock.recv(65536)
            if not part:
                return got
            got += part
    except (ConnectionResetError, BrokenPipeError, socket.timeout):
        return got
    finally:
        sock.close()


def get(path, *headers):
    return ("GET %s HTTP/1.1\r\nHost: tv\r\n%sConnection: close\r\n\r\n" % (path, "".join(h + "\r\n" for h in headers))).encode()


def fragments(secret, size=10):
    """Every stretch of SECRET that would still give much of it away."""
    return {secret[i:i + size] for i in range(len(secret) - size + 1)}


def every_line(caplog):
    formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")  # with any traceback
    return [formatter.format(record) for record in caplog.records]


def wait(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not condition():
        time.sleep(0.01)
    return condition()


def test_no_token_key_or_device_id_reaches_any_log_line(caplog):
    caplog.set_level(logging.DEBUG)  # every logger, every level
    state = new_state("mlut", 4)
    with GameThread(state, [0, 1], server_options={"bounds": (16, 8, 4), "join_timeout": 0.5}) as game:
        port, links = game.server.port, game.server.links()
        tokens = [link.rsplit("/s/", 1)[1] for link in links.values()]
        token = tokens[0]
        keys = []

        async def phones():
            async with aiohttp.ClientSession() as session:
                phone = await Phone(session, ws_url(links[0]), DEVICE).open()
                keys.append((await phone.next("seated"))["key"])
                await phone.next("state")
                for junk in ({"type": "join", "device": DEVICE, "key": keys[0]}, {"type": keys[0]},
                             {"type": "act", "action": [keys[0], token]}, "x" * 3000 + keys[0]):
                    await phone.send(junk)
                await phone.send({"type": "ping"})
                await phone.next("pong")
                with pytest.raises(aiohttp.WSServerHandshakeError):  # a page of another site, naming the link
                    await session.ws_connect(ws_url(links[0]), origin=f"http://{token}.example/s/{token}?{keys[0]}")
                # a protocol no page of ours asks for: aiohttp's own logger says so, quoting it
                foreign = await session.ws_connect(ws_url(links[1]), protocols=(token, tokens[1]))
                await foreign.close()
                silent = await session.ws_connect(ws_url(links[1]))  # never joins: closed late
                assert (await silent.receive(timeout=5)).data == 4002
            # the key copied off the network, shown from another address: the seat moves
            elsewhere = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
            async with aiohttp.ClientSession(connector=elsewhere) as session:
                copy = await Phone(session, ws_url(links[0]), DEVICE).open()
                keys.append((await copy.next("seated"))["key"])
                await copy.next("state")
        run(phones())

        encoded = "".join("%%%02X" % ord(c) for c in token[:3]) + token[3:]  # the link with its token escaped
        for path in [f"/s/{token}", f"/s/{token}x", f"/s/{token}?key={keys[0]}", f"/s/{encoded}", "/p/app.js",
                     f"/p/{token}", "/words/de.json", f"/words/{token}.json", f"/ws/{token}", f"/{token}",
                     f"/ws/{token}/{DEVICE}"]:
            assert ask(port, get(path)).startswith(b"HTTP/1.1 "), path
        for path in [f"/s/{token}", f"/s/{encoded}", f"/ws/{token}?lang=", f"/p/{token}", f"/words/{token}",
                     f"/{token}", f"/s/{token}?key={keys[0]}&device={DEVICE}&"]:  # over-long request lines
            assert ask(port, get(path + LONG)).startswith(b"HTTP/1.0 400"), path
        for header in [f"Referer: http://tv/s/{token}" + LONG, f"Cookie: k={keys[0]}" + LONG]:  # over-long headers
            assert ask(port, get(f"/s/{token}", header)).startswith(b"HTTP/1.0 400"), header
        for bad in [f"GET /s/{token} HTTP/9.9 junk\r\n\r\n", f"G\x01T /s/{token} HTTP/1.1\r\n\r\n",
                    f"GET /s/{token}\x00 HTTP/1.1\r\nHost: tv\r\n\r\n", f"\x16\x03\x01 /s/{token}\r\n\r\n",
                    f"GET /s/{token} HTTP/1.1\r\nX-{token}\r\n\r\n", f"GET /ws/{token} HTTP/1.1\r\nHost: {token}\r\n"
                    f"Content-Length: {keys[0]}\r\n\r\n", f"GET /s/{token} HTTP/1.1\r\nTransfer-Encoding: {token}\r\n\r\n",
                    f"GET /s/{token} HTTP/1.1\r\n{DEVICE}: \x01{keys[0]}\r\n\r\n"]:  # malformed requests
            assert ask(port, bad.encode()).startswith(b"HTTP/1.0 400"), bad
        # a flood: more half requests naming the link than the address may hold; the oldest are pushed out
        time.sleep(1.1)  # in a second of its own: the log tells at most 20 refusals a second
        crowd = [socket.create_connection(("127.0.0.1", port)) for _ in range(12)]
        for sock in crowd:
            sock.sendall(f"GET /s/{token}?{keys[-1]} HTTP/1.1\r\n".encode())
        assert wait(lambda: sum("to make room" in line for line in every_line(caplog)) >= 4)
        for sock in crowd:
            sock.close()
    lines = every_line(caplog)
    for secret in [*tokens, *keys, DEVICE]:
        leaks = [line[:300] for line in lines if any(part in line for part in fragments(secret))]
        assert not leaks, (secret, leaks)
    heard = {"LineTooLong": 9, "BadStatusLine": 1, "BadHttpMethod": 1, "to make room": 4, "a page of": 1,
             "Client protocols": 1, "never joined": 1, "taken with its key from another address": 1}
    for words, count in heard.items():  # it was all heard, and written down
        assert sum(words in line for line in lines) >= count, (words, lines)
    from phone.server import _Unseen
    assert not any(isinstance(f, _Unseen) for name in _Unseen.LOGGERS for f in logging.getLogger(name).filters), \
        "the stopped server left its filter on the loggers"


def test_out_of_sight_cuts_seat_paths_and_secrets_and_aiohttp_errors_lose_the_request():
    from aiohttp.http_exceptions import BadHttpMessage, BadStatusLine, InvalidHeader, LineTooLong
    from phone.server import out_of_sight, unquoted
    assert out_of_sight("GET /s/abcd-efgh?x=1 and /ws/abcd-efgh/more HTTP/1.1") == "GET /s/… and /ws/… HTTP/1.1"
    assert out_of_sight("key k3y-0f-s0me-length here", ["k3y-0f-s0me-length"]) == "key … here"
    for error in [LineTooLong(b"/s/tok3n-tok3n-tok3n" + b"a" * 100, 8190),
                  BadStatusLine(error="Bad status line:\n  Invalid HTTP version:\n\n  b'GET /s/tok3n-tok3n-tok3n'\n  ^"),
                  BadStatusLine("GET /s/tok3n-tok3n-tok3n HTTP/9"), InvalidHeader(b"X-tok3n-tok3n-tok3n"),
                  BadHttpMessage('Invalid method encountered:\n\n  b"GET /s/tok3n-tok3n-tok3n"\n  ^')]:
        said = unquoted(error)
        assert "tok3n" not in said and "\n" not in said and said.startswith(type(error).__name__), said
