"""The phone page in a real browser: Debian's chromium, headless, driven by selenium through Debian's
chromedriver (.ci/run installs both; these tests are never skipped for want of them).

For each game, phones in separate browser sessions (each its own profile) play a whole game against
bots by tapping the page's raised cards and buttons, while a game thread pumps the table as the TV
will. Screenshots of the phone page at a few moments go to SHOTS (looked at by hand; here checked to
be real pictures). Also: a refusal shown as the table says it, a reload that plays on, and a second
device that waits to be let in while the first is told it lost the seat.
"""

import tempfile
import threading
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from phone_helpers import GameThread, new_state

pytestmark = pytest.mark.slow  # every test drives Debian's Chromium through whole games

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SHOTS = Path(tempfile.gettempdir()) / "tricktable-phone-shots"
PHONE = (360, 640)
TABLET = (768, 1024)
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio"]

# One tap on the page when it is this seat's turn: the pick's cards then its button, the joker's colour,
# or any raised card or button, at random. Answers the moment it tapped at, or why it stopped, or
# "new:<phase>" without tapping at the seat's first decision of a phase (for a screenshot).
TAP = """
const [last, seed, seen] = arguments, done = arguments[arguments.length - 1];
let r = seed;
const pick = n => { r = (r * 1103515245 + 12345) % 2147483648; return r % n; };
const started = Date.now();
(function poll() {
  const b = document.body, moment = b.dataset.moment;
  if (b.dataset.status !== "play" && b.dataset.status !== "connecting") return done("status:" + b.dataset.status);
  if (b.dataset.phase === "over") return done("over");
  const retry = document.getElementById("refusal").textContent !== "";
  if (b.dataset.turn === "1" && (moment !== last || retry)) {
    if (!seen.includes(b.dataset.phase)) return done("new:" + b.dataset.phase);  // a picture first
    const go = document.getElementById("pick-go");
    if (go) {
      const free = [...document.querySelectorAll(".pickable:not(.picked)")];
      if (go.disabled && free.length) { free[pick(free.length)].click(); return setTimeout(poll, 0); }
      if (!go.disabled) { go.click(); return done(moment); }
    }
    const joker = [...document.querySelectorAll(".choices.joker .tap")];
    const taps = joker.length ? joker : [...document.querySelectorAll(".tap")].filter(
      e => !e.disabled && !e.classList.contains("pickable"));
    if (taps.length) {
      const tap = taps[pick(taps.length)];
      tap.click();
      return tap.dataset.joker ? setTimeout(poll, 0) : done(moment);
    }
  }
  if (Date.now() - started > 8000) return done("timeout:" + b.dataset.turn + ":" + moment);
  setTimeout(poll, 5);
})();
"""


def browser(size, profile):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS + [f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})
    driver.set_script_timeout(15)
    return driver


@pytest.fixture
def browsers(tmp_path):
    """Opens browser sessions, each with a fresh profile; quits them all at the end."""
    assert Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists(), "install chromium and chromium-driver (.ci/run)"
    opened = []

    def open_one(size=PHONE):
        profile = tmp_path / f"profile{len(opened)}"
        profile.mkdir()
        opened.append(browser(size, profile))
        return opened[-1]
    yield open_one
    for driver in opened:
        driver.quit()


def shot(driver, name):
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, path


def body(driver, key):
    return driver.execute_script(f"return document.body.dataset.{key}")


def wait_for(driver, script, timeout=8.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if driver.execute_script(script):
            return True
        time.sleep(0.02)
    raise AssertionError(f"the page never got to: {script}")


class Player:
    """Taps one phone page through a whole game, on a thread of its own; screenshots at some moves."""

    def __init__(self, driver, name, shots=(), seed=1, pause_at=None):
        self.driver, self.name, self.shots, self.seed = driver, name, set(shots), seed
        self.moves, self.phases, self.result, self.error = 0, set(), None, None
        self.pause_at = pause_at  # (move, callback(player)): e.g. a reload in the middle of the game
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        last = ""
        try:
            while True:
                phase = body(self.driver, "phase")
                answer = self.driver.execute_async_script(TAP, last, self.seed + self.moves, sorted(self.phases))
                if answer == "over" or answer.startswith(("status:", "timeout:")):
                    self.result = answer
                    return
                if answer.startswith("new:"):
                    self.phases.add(answer[4:])
                    shot(self.driver, f"{self.name}_{self.moves:03d}_first_{answer[4:]}")
                    continue
                self.phases.add(phase)
                last = answer
                self.moves += 1
                if self.moves in self.shots:
                    time.sleep(0.15)  # the table's answer drawn
                    shot(self.driver, f"{self.name}_{self.moves:03d}_{body(self.driver, 'phase')}")
                if self.pause_at and self.moves == self.pause_at[0]:
                    self.pause_at[1](self)
                    last = ""
        except Exception as error:  # reported by finish()
            self.error = error

    def finish(self, timeout=60):
        self.thread.join(timeout)
        assert not self.thread.is_alive(), f"{self.name} still playing after {timeout}s ({self.moves} moves)"
        assert self.error is None, self.error
        return self.result


def play(game, players):
    for p in players:
        p.thread.start()
    results = [p.finish() for p in players]
    assert game.state.is_over, (results, game.state.phase)
    for p in players:
        assert p.result == "over", (p.name, p.result, p.moves)
        wait_for(p.driver, "return document.body.dataset.phase === 'over'")
        banner = p.driver.find_element("id", "banner").text
        assert "won" in banner, banner
        shot(p.driver, f"{p.name}_end")


def open_seat(driver, game, seat):
    driver.get(game.server.links()[seat])
    wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")


def test_mit_list_und_tuecke_two_phones_play_a_whole_game_with_a_refusal_and_a_reload(browsers):
    state = new_state("mlut", 4, seed=11)
    with GameThread(state, [0, 2], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=11) as game:
        one, two = browsers(), browsers()
        open_seat(one, game, 0)
        open_seat(two, game, 2)
        assert one.execute_script("return document.title").startswith(state.seats[0].name)

        # a card seat 2 does not hold, sent on its turn: the rules core's reason is shown
        wait_for(two, "return document.body.dataset.turn === '1'")
        hand = two.execute_script("return tricktable.state().view.hand")
        foreign = next(c for c in ("R1", "G1", "B1", "Y1", "R2", "G2") if c not in hand)
        raised = two.execute_script("return document.querySelectorAll('#hand .card.legal').length")
        assert raised == len(two.execute_script("return tricktable.state().legal"))
        two.execute_script(f"tricktable.act(['play', '{foreign}'])")
        wait_for(two, "return document.getElementById('refusal').textContent !== ''")
        assert two.find_element("id", "refusal").text == f"Not allowed: you don't hold {foreign}"
        shot(two, "mlut_seat2_refused")

        def reload(player):
            player.driver.refresh()
            open_seat(player.driver, game, 0)
            shot(player.driver, "mlut_seat0_after_reload")

        players = [Player(one, "mlut_seat0", shots=(1, 12, 13, 30), seed=3, pause_at=(20, reload)),
                   Player(two, "mlut_seat2", shots=(14,), seed=4)]
        play(game, players)
        assert {"play", "pick"} <= players[0].phases | players[1].phases


def test_tricks_a_phone_plays_a_whole_game_and_a_second_device_takes_its_seat(browsers):
    state = new_state("tricks", 3, seed=4)
    with GameThread(state, [1], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=4) as game:
        first = browsers()
        open_seat(first, game, 1)
        shot(first, "tricks_seat1_start")

        second = browsers(TABLET)
        second.get(game.server.links()[1])
        wait_for(second, "return document.body.dataset.status === 'waiting'")
        assert "Waiting to be let in" in second.find_element("id", "overlay").text
        shot(second, "tricks_tablet_waiting")
        assert game.server.pending_takeovers() == [1]
        assert body(first, "status") == "play"

        game.server.confirm_takeover(1)
        wait_for(first, "return document.body.dataset.status === 'lost'")
        assert "Another device took this seat" in first.find_element("id", "overlay").text
        assert not first.find_element("id", "hand").is_displayed()  # its cards are gone from the old page
        shot(first, "tricks_seat1_lost")
        wait_for(second, "return document.body.dataset.status === 'play'")

        player = Player(second, "tricks_tablet", shots=(1, 2, 9, 10, 20), seed=7)
        play(game, [player])
        assert {"buy", "bid", "play"} <= player.phases


def test_was_sticht_two_phones_play_a_whole_game(browsers):
    state = new_state("wassticht", 4, seed=2)
    with GameThread(state, [0, 1], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=2) as game:
        one, two = browsers(), browsers()
        open_seat(one, game, 0)
        open_seat(two, game, 1)
        players = [Player(one, "wassticht_seat0", shots=(1, 6, 12, 16, 60), seed=5),
                   Player(two, "wassticht_seat1", shots=(3, 15), seed=6)]
        play(game, players)
        phases = players[0].phases | players[1].phases
        assert {"task_draft", "row_draft", "task_choice", "play"} <= phases, phases


def test_a_copied_device_id_waits_for_the_host_and_a_foreign_page_gets_no_websocket(browsers):
    state = new_state("mlut", 4, seed=5)
    with GameThread(state, [0], bot="easy") as game:
        link = game.server.links()[0]
        token = link.rsplit("/", 1)[1]
        one, two = browsers(), browsers()
        open_seat(one, game, 0)
        device = one.execute_script("return localStorage.getItem('tricktable-device')")
        assert one.execute_script(f"return localStorage.getItem('tricktable-key-{token}')"), "the page keeps its key"
        one.refresh()  # the same device with its key: straight back in, nobody asked
        open_seat(one, game, 0)
        assert game.server.pending_takeovers() == []

        two.get(link.rsplit("/s/", 1)[0] + "/p/style.css")  # the server's origin, without joining a seat
        two.execute_script(f"localStorage.setItem('tricktable-device', '{device}')")
        two.get(link)  # the same device id, but not the key: the host is asked
        wait_for(two, "return document.body.dataset.status === 'waiting'")
        assert game.server.pending_takeovers() == [0] and body(one, "status") == "play"
        game.server.refuse_takeover(0)
        wait_for(two, "return document.body.dataset.status === 'turned_away'")

        two.get("about:blank")  # a page of another origin, that knows the seat's link
        opened = two.execute_async_script("""
            const done = arguments[arguments.length - 1], ws = new WebSocket(arguments[0]);
            ws.onopen = () => done("open"); ws.onclose = () => done("refused");""",
                                          link.replace("http://", "ws://").replace("/s/", "/ws/"))
        assert opened == "refused"
        assert body(one, "status") == "play"


def test_a_move_over_the_rate_limit_is_told_on_the_page_and_can_be_made_again(browsers):
    state = new_state("mlut", 4, seed=6)
    # one message in the bucket, and the next in 20 s: the join takes it, so the first tap is over
    with GameThread(state, [1], bot="easy", server_options={"rate": 0.05, "burst": 1}) as game:
        phone = browsers()
        open_seat(phone, game, 1)
        wait_for(phone, "return document.body.dataset.turn === '1'")
        phone.find_element("css selector", "#hand .card.legal").click()
        wait_for(phone, "return document.getElementById('refusal').textContent !== ''")
        assert phone.find_element("id", "refusal").text.startswith("Too many messages: your move was not read")
        assert body(phone, "turn") == "1" and phone.find_elements("css selector", "#hand .card.legal")
        shot(phone, "mlut_seat1_too_fast")


def test_next_round_on_the_phone_moves_the_tvs_round_scores_on(browsers):
    """With nobody at the TV its round scores wait for a tap on any phone: the page offers the
    button while they are up, and a tap reaches the table."""
    state = new_state("mlut", 4)
    with GameThread(state, [2]) as game:
        driver = browsers()
        driver.get(game.server.links()[2])
        wait_for(driver, "return document.body.dataset.status === 'play'")
        game.table.announce_sheet(1)
        wait_for(driver, "return document.getElementById('next-round') !== null")
        shot(driver, "mlut_next_round")
        assert "round 1" in driver.execute_script("return document.getElementById('next-round').textContent")
        driver.execute_script("document.getElementById('next-round').click()")
        deadline = time.monotonic() + 5
        while not game.table.nudged():
            assert time.monotonic() < deadline, "the tap never reached the table"
            time.sleep(0.02)
        wait_for(driver, "return document.getElementById('next-round') === null")
