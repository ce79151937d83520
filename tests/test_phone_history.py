"""A reloaded phone page gets the whole log so far: the seat's own observation stream, nothing more."""

import time

import aiohttp

from game.observe import told
from phone.bridge import jsonable

from phone_helpers import GameThread, Phone, new_state, run


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


def test_a_page_that_comes_back_gets_every_event_its_seat_was_told():
    state = new_state("mlut", 4)
    with GameThread(state, [2]) as game:
        async def play():
            async with aiohttp.ClientSession() as session:
                url = ws_url(game.server.links()[2])
                phone = await Phone(session, url, "reloading-phone").open()
                for _ in range(3):  # three of its own moves, the bots' in between
                    turn = await phone.my_turn()
                    await phone.act(turn["legal"][0])
                    await phone.next("state", where=lambda m, t=turn: m["moment"] > t["moment"])
                states = [m for m in phone.got if m["type"] == "state"]
                assert states[0]["full"]
                seen = states[0]["history"] + [e for m in states[1:] for e in m["events"]]
                last = phone.state["moment"]
                await phone.ws.close()  # the page reloads
                again = await Phone(session, url, "reloading-phone").open()
                full = await again.next("state", where=lambda m: m["full"])
                history = full["history"]
                assert len(history) >= len(seen) > 0 and full["moment"] >= last
                assert history[:len(seen)] == seen, "the log a reload shows is the one the page had"
                return history, full["moment"]
        history, moment = run(play())
    # the seat's own observation stream up to that moment, no other seat's cards
    assert history == jsonable(told(state, 2))[:len(history)]
