"""The table's one link (phone.server, phone.roster): a phone that opens it looks at the seats, takes a
free one (or a new one) with a typed name and a face, and is then that seat's, told its own link for
reloads; the host moves and frees seats; every page on the link sees the seats as they change."""

import aiohttp
import pytest

from game import new_game
from phone.roster import Roster, RosterSeat
from phone.server import PhoneServer
from phone.bridge import PhoneTable

from phone_helpers import Phone, run


def ws(link):
    base, token = link.rsplit("/", 1)
    return base.replace("http://", "ws://").rsplit("/", 1)[0] + "/ws/" + token


@pytest.fixture
def served():
    state = new_game("mlut", 4, seed=1)
    seats = [RosterSeat("Anna", "tv"), RosterSeat("Ben", "phone"), RosterSeat("Carla", "bot", "normal"),
             RosterSeat("David", "bot", "normal")]
    roster = Roster("mlut", "Mit List und Tücke", seats, most=6, least=3)
    server = PhoneServer(PhoneTable(state, [1]), port=0, host="127.0.0.1", roster=roster)
    server.start()
    yield server
    server.stop()


async def guest(session, server, device):
    phone = await Phone(session, ws(server.table_link()), device).open(join=False)
    await phone.send({"type": "look", "device": device})
    return phone, await phone.next("roster")


def test_a_phone_takes_a_free_seat_by_the_tables_link_with_its_name_and_face(served):
    async def go():
        async with aiohttp.ClientSession() as session:
            phone, roster = await guest(session, served, "device-one")
            assert [s["free"] for s in roster["seats"]] == [False, True, True, True] and roster["can_add"]
            assert "you" not in roster and all("token" not in str(s) for s in roster["seats"])
            watcher, _ = await guest(session, served, "device-two")
            await phone.send({"type": "claim", "seat": 2, "name": "  Zoë ", "face": "moon"})
            claimed = await phone.next("claimed")
            assert claimed["seat"] == 2 and served.tokens[claimed["token"]] == 2
            seated = await phone.next("seated")
            mine = await phone.next("roster")
            assert mine["you"] == 2 and mine["seats"][2] == {"name": "Zoë", "kind": "phone", "face": "moon",
                                                               "free": False, "joined": True}
            seen = await watcher.next("roster", where=lambda m: m["seats"][2]["name"] == "Zoë")
            assert seen["seats"][2]["joined"] and "you" not in seen
            # the face and the name are the seat's own now
            await watcher.send({"type": "claim", "seat": 3, "name": "zoë", "face": "sun"})
            assert "already" in (await watcher.next("claim_refused"))["reason"]
            await watcher.send({"type": "claim", "seat": 3, "name": "Emil", "face": "moon"})
            assert "face" in (await watcher.next("claim_refused"))["reason"]
            await watcher.send({"type": "claim", "seat": 2, "name": "Emil", "face": "sun"})
            assert "not free" in (await watcher.next("claim_refused"))["reason"]
            await watcher.send({"type": "claim", "seat": "new", "name": "Emil", "face": "sun"})
            assert (await watcher.next("claimed"))["seat"] == 4
            # a reload: the seat's own link, with the key it was given, is the seat's again
            await phone.ws.close()
            again = await Phone(session, ws(f"http://x/s/{claimed['token']}".replace("http://x", served.table_link().rsplit("/t/", 1)[0])),
                                "device-one").open(join=False)
            await again.send({"type": "join", "device": "device-one", "key": seated["key"]})
            assert (await again.next("roster"))["you"] == 2
        return True
    assert run(go())
    assert [s.name for s in served.roster.seats()] == ["Anna", "Ben", "Zoë", "David", "Emil"]


def test_the_host_moves_and_frees_a_phones_seat_and_its_phone_is_told(served):
    async def go():
        async with aiohttp.ClientSession() as session:
            phone, _ = await guest(session, served, "device-one")
            await phone.send({"type": "claim", "seat": "new", "name": "Zoë", "face": "leaf"})
            token = (await phone.next("claimed"))["token"]
            await phone.next("roster", where=lambda m: m.get("you") == 4)
            served.move_seat(4)  # the last moves to the first
            moved = await phone.next("roster", where=lambda m: m.get("you") == 0)
            assert moved["seats"][0]["name"] == "Zoë" and served.tokens[token] == 0
            served.free_seat(0)
            lost = await phone.next("lost")
            assert lost["kind"] == "freed"
        return True
    assert run(go())
    assert [s.name for s in served.roster.seats()] == ["Ben", "Carla", "David", "Anna"]


def test_a_page_on_an_unknown_table_link_is_refused(served):
    async def go():
        async with aiohttp.ClientSession() as session:
            base = served.table_link().rsplit("/t/", 1)[0]
            async with session.get(base + "/t/aaaa-bbbb-cccc") as answer:
                assert answer.status == 404
            async with session.get(served.table_link()) as answer:
                assert answer.status == 200
        return True
    assert run(go())


def test_reactions_are_rate_limited_and_never_shown_while_a_cover_asks_the_others_to_look_away(served):
    from scenes.screen.session import PhoneSeats
    async def go():
        async with aiohttp.ClientSession() as session:
            phone, _ = await guest(session, served, "device-one")
            await phone.send({"type": "claim", "seat": 1, "name": "Ben", "face": "gem"})
            await phone.next("roster", where=lambda m: m.get("you") == 1)
            for _ in range(6):
                await phone.send({"type": "react", "reaction": "bravo"})
            await phone.send({"type": "react", "reaction": "no such thing"})
            slow = await phone.next("reacted")
            assert slow["shown"] is False and "wait" in slow["reason"]
            assert "error" in [m["type"] for m in [await phone.next("error")]]
        return True
    assert run(go())
    table = served.table
    came = table.take_reactions()
    assert came == [(1, "bravo")] * 3, "three at once, then one each two seconds"
    seats = PhoneSeats()
    seats.table = table
    told = []
    table.outbox = lambda seat, message: told.append(message)
    table.react(1, "wow")
    seats.take_reactions(0.1, lambda: True)
    assert seats.reactions == [] and told[-1]["shown"] is False and "look away" in told[-1]["reason"]
    table.react(1, "wow")
    seats.take_reactions(0.1, lambda: False)
    assert seats.reactions == [[1, "wow", PhoneSeats.REACTION_SHOWN]] and told[-1]["shown"] is True
    seats.take_reactions(PhoneSeats.REACTION_SHOWN, lambda: False)
    assert seats.reactions == [], "a reaction goes after a few seconds"
