"""Teach mode on the phones (issue 30): a phone seat in teach mode gets the reminders of
``game.teach`` in its ``state`` messages, each rule once a game, read from its own view only; the
page shows them one at a time under the banner.

- the bridge tells each rule once to a teach seat, and nothing to a seat not in teach mode;
- two games that differ only in cards hidden in other seats' hands send a seat the same reminders;
- a page that comes back is not sent again what it was told (its snapshot's ``teach`` is []);
- in chromium, a reminder strip shows the rule's short line, its ``line`` on "More", and goes after a
  tap on its ✕ or after the seat's next action.

Mit List und Tücke is the game here: the only one with rules when this was written.
"""

import json
import random
import time

import pytest

from game import state_class
from game.engine import Seat
from game.teach import Teacher, rule_keys, rules
from game.games.mlut.teach import DEAL
from phone.bridge import PhoneTable
from phone_helpers import GameThread, Phone, new_state, run
from test_phone_guard import ws_url
from test_phone_browser import TAP, body, browsers, open_seat, shot, wait_for  # noqa: F401 - browsers: a fixture
from test_phone_page_reach import FINGER, MEASURE, SIZES, resize

NAMES = ("Anna", "Ben", "Carla", "David")


def mlut(deal=DEAL, seed=4):
    seats = [Seat(n, "human") for n in NAMES]
    return state_class("mlut")(players=4, seed=seed, seats=seats, options={},
                               chance=[("deal", [list(h) for h in deal])])


def notes_of(sent, seat):
    """Every reminder SEAT was sent, in order, as (moment, note)."""
    return [(m["moment"], n) for s, m in sent if s == seat and m["type"] == "state" for n in m.get("teach", ())]


def play(state, table, choose, limit=None):
    """Every seat acts through the table's door (as the TV's bots and phones do) until the game ends
    or LIMIT actions were taken; CHOOSE(state, legal) -> an action. Returns the actions taken."""
    table.pump()
    taken = []
    while not state.is_over and (limit is None or len(taken) < limit):
        seat, action = state.current_player, choose(state, state.legal_actions())
        assert table.door.act(seat, action) is None
        taken.append((seat, action))
    return taken


@pytest.mark.slow
def test_a_teach_seat_is_told_each_rule_once_and_a_seat_not_in_teach_mode_nothing():
    state = new_state("mlut", 4, seed=2)
    # seat 3 is in teach mode but played at the TV: its reminders are the TV's, not the phones'
    table = PhoneTable(state, [0, 1, 2], teach_seats={0, 1, 3})
    assert set(table.teachers) == {0, 1}
    rng = random.Random(2)
    play(state, table, lambda s, legal: rng.choice(legal))
    assert state.is_over  # a whole game, several rounds: still each rule once

    keys = set(rule_keys("mlut"))
    for seat in (0, 1):
        told = notes_of(table.sent, seat)
        got = [n["rule"] for _, n in told]
        assert len(got) == len(set(got)), got  # once each
        assert {"lead_is_trump", "lowest_takes_rest", "top_trump_picks"} <= set(got), got
        assert set(got) <= keys
        for _, n in told:
            assert set(n) == {"rule", "short", "line", "target"} and isinstance(n["target"], list)
            assert n["short"] and n["line"] and "\n" not in n["short"]
        states = [m for s, m in table.sent if s == seat and m["type"] == "state"]
        assert all(isinstance(m["teach"], list) for m in states)
        json.dumps(states)  # all of it travels as JSON
    assert not any("teach" in m for s, m in table.sent if s == 2)


@pytest.mark.slow  # plays on until the rule's moment comes
def test_a_rule_that_waits_for_the_seats_turn_comes_with_the_turn():
    """``you_pick`` applies only when the seat has the pick to make (its legal actions): it comes in
    the message that gives the seat that turn, never before."""
    state = new_state("mlut", 4, seed=2)
    table = PhoneTable(state, [0, 1, 2, 3], teach_seats={0, 1, 2, 3})
    rng = random.Random(5)
    play(state, table, lambda s, legal: rng.choice(legal))
    came = 0
    for seat in range(4):
        for s, m in table.sent:
            if s == seat and m["type"] == "state" and any(n["rule"] == "you_pick" for n in m["teach"]):
                assert m["turn"] and m["view"]["phase"] == "pick", m["view"]["phase"]
                came += 1
    assert came >= 1


def hidden_swap(deal, keep, taken):
    """DEAL with cards swapped between the hands of two seats other than KEEP: cards of the same
    colour that neither played in TAKEN (so every action taken is still legal and public facts stay
    the same; only what lies hidden in their hands differs)."""
    played = {a[1] for _, a in taken if a[0] == "play"}
    one, two = [s for s in range(len(deal)) if s != keep][:2]
    hands = [list(h) for h in deal]
    swapped = 0
    for colour in "RGBY":
        a = [c for c in hands[one] if c[0] == colour and c not in played]
        b = [c for c in hands[two] if c[0] == colour and c not in played]
        for x, y in zip(a, b):
            hands[one][hands[one].index(x)], hands[two][hands[two].index(y)] = y, x
            swapped += 1
    assert swapped >= 2, "the two hands should differ in a few cards at least"
    return [sorted(h) for h in hands], swapped


def test_the_reminders_come_from_the_seats_own_view_only():
    """Two games alike in everything but cards hidden in Ben's and Carla's hands: the same actions
    in both, and Anna (and David) are sent exactly the same reminders at the same moments."""
    rng = random.Random(7)
    first = mlut()
    one = PhoneTable(first, [0, 3], teach_seats={0, 3})
    taken = play(first, one, lambda s, legal: rng.choice(legal), limit=40)  # some tricks of round 1
    assert first.round == 1
    deal, swapped = hidden_swap(DEAL, 0, taken)
    assert deal != [sorted(h) for h in DEAL]

    second = mlut(deal)
    two = PhoneTable(second, [0, 3], teach_seats={0, 3})
    two.pump()
    for seat, action in taken:
        assert two.door.act(seat, action) is None, (seat, action)
    for seat in (0, 3):
        assert notes_of(one.sent, seat) == notes_of(two.sent, seat)
        assert len(notes_of(one.sent, seat)) >= 3
    assert sorted(first.hands[1]) != sorted(second.hands[1])  # while Ben's hidden hands do differ


def test_a_game_without_a_teaching_module_has_no_rules_and_its_teach_seats_are_told_none():
    assert rules("no_such_game") == () and Teacher("no_such_game").rules == ()
    state = new_state("mlut", 4, seed=1)
    table = PhoneTable(state, [0], teach_seats={0})
    table.teachers[0] = Teacher("no_such_game")  # as Tricks and Was sticht? were before their rules
    rng = random.Random(1)
    play(state, table, lambda s, legal: rng.choice(legal), limit=30)
    states = [m for _, m in table.sent if m["type"] == "state"]
    assert len(states) > 30 and all(m["teach"] == [] for m in states)


def test_a_phone_that_comes_back_is_not_told_again():
    """The server's snapshot for a page that reconnects is its last state message: its reminders
    were told already (the page keeps them), so it comes with ``teach`` []."""
    state = new_state("mlut", 4, seed=3)

    async def scenario(game):
        import aiohttp
        url = ws_url(game.server.links()[0])
        rng = random.Random(3)
        async with aiohttp.ClientSession() as session:
            phone = await Phone(session, url, "teach-phone-a").open()
            got = await phone.next("state", where=lambda m: m.get("full"))
            # the bots play on, the phone plays its turns, up to a turn that came with a reminder: the
            # game waits there, so that message is the one the server sends again
            while not (got["teach"] and got["turn"]):
                if got["turn"]:
                    await phone.act(rng.choice(got["legal"]))
                got = await phone.next("state", timeout=10)
            assert got["teach"][0]["rule"] in rule_keys("mlut")
            await phone.ws.close()
            again = await Phone(session, url, "teach-phone-a").open()
            snapshot = await again.next("state", where=lambda m: m.get("full"))
            assert snapshot["moment"] == got["moment"] and snapshot["turn"]
            assert snapshot["teach"] == []
            await again.ws.close()

    with GameThread(state, [0], bot="easy", teach_seats={0}) as game:
        run(scenario(game))


# --- the page ----------------------------------------------------------------------------------------
SHOWN = "return document.getElementById('teach').hidden ? '' : document.body.dataset.teach"


def play_until(driver, script, limit=60):
    """Tap the seat's turns (a random raised card or button, as in test_phone_browser) until SCRIPT
    answers something true; returns that answer."""
    last, moves = "", 0
    deadline = time.monotonic() + limit
    while True:
        answer = driver.execute_script(script)
        if answer:
            return answer
        assert time.monotonic() < deadline, f"the page never got to: {script}"
        assert body(driver, "phase") != "over"
        if body(driver, "turn") == "1" and body(driver, "moment") != last:
            tapped = driver.execute_async_script(TAP, last, 7 + moves, ["play", "pick", "plus"])
            assert not tapped.startswith(("status:", "timeout:")), tapped
            last, moves = tapped, moves + 1
        time.sleep(0.02)


def strip(driver):
    return driver.execute_script("""
        const box = document.getElementById('teach'), line = document.getElementById('teach-line');
        const r = box.getBoundingClientRect(), hand = document.getElementById('hand').getBoundingClientRect();
        return {shown: !box.hidden, rule: document.body.dataset.teach,
                short: document.getElementById('teach-short').textContent,
                line: line.hidden ? null : line.textContent, top: r.top, bottom: r.bottom, hand: hand.top,
                taught: document.querySelectorAll('.taught').length};""")


@pytest.mark.slow  # drives Chromium
def test_the_page_shows_a_reminder_its_line_on_more_and_a_tap_or_the_next_action_puts_it_away(browsers):
    state = new_state("mlut", 4, seed=3)
    game = GameThread(state, [0], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=3,
                      teach_seats={0})
    sent, post = [], game.table.outbox  # what the table told seat 0, as the page got it
    game.table.outbox = lambda seat, m: (sent.append(m), post(seat, m))
    with game:
        driver = browsers(SIZES[0])
        open_seat(driver, game, 0)
        rule = play_until(driver, SHOWN)
        told = {n["rule"]: n for m in list(sent) if m["type"] == "state" for n in m.get("teach", ())}
        note = told[rule]
        seen = strip(driver)
        assert seen["shown"] and seen["short"] == note["short"], (seen, note)
        assert seen["line"] is None  # one line until asked for more
        assert seen["bottom"] <= seen["hand"], seen  # above the hand, never over it
        shot(driver, "teach_strip_360x640")

        driver.find_element("id", "teach-more").click()
        assert strip(driver)["line"] == note["line"]
        for size in SIZES:  # open, at both phone sizes: fingers' targets and no sideways scroll
            resize(driver, size)
            measured = driver.execute_script(MEASURE)
            assert not measured["wide"], (size, measured["scroll"])
            teach = [t for t in measured["targets"] if t[0].startswith("teach")]
            assert len(teach) == 2 and all(w >= FINGER and h >= FINGER for _, w, h in teach), teach
        resize(driver, SIZES[0])
        shot(driver, "teach_strip_more_360x640")

        driver.refresh()  # a reload: the table sends nothing again, the page keeps what it showed
        wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
        assert driver.execute_script(SHOWN) == rule

        driver.find_element("id", "teach-ok").click()  # a tap puts it away
        assert driver.execute_script(SHOWN) != rule
        assert note["short"] not in driver.find_element("id", "app").text

        # the next reminder that shows on the seat's turn goes with the seat's next action
        turn_note = play_until(driver, SHOWN + " && document.body.dataset.turn === '1' ? "
                                               "document.body.dataset.teach : ''")
        assert turn_note != rule
        shot(driver, f"teach_strip_turn_{turn_note}_360x640")
        moment = body(driver, "moment")
        tapped = driver.execute_async_script(TAP, "", 99, ["play", "pick", "plus"])
        assert tapped == moment, tapped
        assert driver.execute_script(SHOWN) != turn_note
        wait_for(driver, f"return document.body.dataset.moment !== '{moment}'")
        assert driver.execute_script("return document.body.dataset.teach") != turn_note
