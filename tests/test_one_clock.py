"""One clock for the whole table (issue 27): every action goes in by one door and is told to every
viewer as exactly one step, in order, whoever took it and however many came at once.

- The door: actions taken in bursts of 1 to 6 give every seat and the table exactly the steps of the
  game replayed action by action (``game.observe.stream``): events, views before and after, action.
- The TV: phones that answer the moment their turn opens (several actions between two frames) never
  crash the table, never fuse two actions into one picture, and the log is the record's.
- Nobody at the TV: a phone game plays through every round's scores to the end; the phones' server
  stops a minute after the end, and at once when the game is left.
- Structure: one place applies actions; nothing probes the session with getattr or hasattr; every
  field of a session is set when it is built.
"""

import json
import random
import re
from pathlib import Path

import pytest

from game import Seat, new_game
from game.door import Door
from game.observe import TABLE, stream, told
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.log import session_log
from scenes.screen.overlay import Overlay
from scenes.screen.session import PhoneSeats
from scenes.screen import board as board_module
from scenes.screen import registry
from scenes.screen.settings import Settings

from app_driver import click, run
from tiers import configs

CASES = [("mlut", 4), ("mlut", 5), ("mlut", 6), ("wassticht", 4), ("tricks", 3), ("tricks", 4), ("tricks", 5)]
FRAME = 1 / 60
ROOT = Path(__file__).resolve().parent.parent


def new_state(game_id, players, seed):
    options = {"tasks_per_player": 4} if game_id == "wassticht" else None
    return new_game(game_id, players, seed=seed, options=options)


def as_text(steps):
    return json.dumps([[s.events, s.before, s.view, list(s.action) if s.action else None, s.actor] for s in steps],
                      sort_keys=True)


@pytest.mark.parametrize("game_id,players", configs(CASES, big=set(CASES) - {("tricks", 3), ("tricks", 4)}))
def test_actions_in_bursts_are_told_as_the_steps_one_by_one(game_id, players):
    state = new_state(game_id, players, seed=players * 13 + 1)
    door = Door(state)
    got = {viewer: [] for viewer in [TABLE, *range(players)]}
    for viewer, steps in got.items():
        door.subscribe(viewer, steps.append, from_now=False)
    rng = random.Random(players)
    while not state.is_over:
        for _ in range(rng.randint(1, 6)):  # a burst: several actions between two frames
            if state.is_over:
                break
            legal = state.legal_actions()
            assert door.act(state.current_player, legal[rng.randrange(len(legal))]) is None
    actions = sum(1 for e in state.events if e["t"] == "act")
    for viewer, steps in got.items():
        assert len(steps) == actions + 1  # the start, then one step per action
        assert as_text(steps) == as_text(stream(state, viewer)), f"viewer {viewer}"


def test_a_refused_action_changes_nothing_and_tells_nobody():
    state = new_state("tricks", 4, seed=3)
    door = Door(state)
    got = []
    door.subscribe(1, got.append)
    before = state.snapshot()
    assert door.act(state.current_player, ("buy", 99))
    assert door.act((state.current_player + 1) % 4, state.legal_actions()[0]).startswith("it is ")
    assert door.act(state.current_player, {"plus": [1, [2]]})  # a shape no rule knows: refused
    assert state.snapshot() == before and got == []


# --- the TV with phones that answer at once ---------------------------------------------------------------
@pytest.fixture
def app():
    app = App(Settings(speed="normal", bot_delay=0.2, seed=1))
    app.port = 0
    app.phone_server_options = {"host": "127.0.0.1"}
    yield app
    app.quit()


def fake_joined(server, seat):
    with server._lock:
        server._status[seat] = ("joined", False)


def phone_game(app, game_id, kinds, options=None):
    """A GameScreen whose "phone" seats play from (faked, joined) phones, via the lobby."""
    seats = [Seat(f"{kind} {i}", "bot" if kind == "bot" else "human", "random" if kind == "bot" else None)
             for i, kind in enumerate(kinds)]
    app.new_game(game_id, seats, options=options, phones={i for i, k in enumerate(kinds) if k == "phone"})
    lobby = app.scene
    for seat in lobby.phones:
        fake_joined(lobby.server, seat)
    click(app, "start")
    assert isinstance(app.scene, GameScreen)
    return app.scene


class FastPhones:
    """Phones that answer the moment their turn opens: straight into the table's inbox, as the
    server hands in what a phone sent, before the TV has shown anything."""

    def __init__(self, session, seed):
        self.session = session
        self.rng = random.Random(seed)

    def answer(self):
        session = self.session
        state = session.state
        for _ in range(8):  # several at once: phones do not wait for the TV
            seat = state.current_player
            if state.is_over or seat not in session.phones:
                return
            legal = state.legal_actions()
            session.phone_table.inbox.put((seat, list(_wire(legal[self.rng.randrange(len(legal))])), None))
            session.phone_table.pump()


def _wire(action):
    return [action[0], list(action[1]) if isinstance(action[1], tuple) else action[1], *action[2:]]


def play_to_the_end(app, screen, phones, frames=60000):
    """Frames until the final sheet; round sheets go on by a click, as a person would."""
    for _ in range(frames):
        phones.answer()
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            if scene.final:
                return True
            click(app, "continue")
            continue
        app.step(FRAME)
    return False


def is_subsequence(part, whole):
    rest = iter(whole)
    return all(any(x == y for y in rest) for x in part)


def watch(screen, monkeypatch):
    """([steps the screen takes], [cards that fly]), filled as the game goes on."""
    flown, shown = [], []
    real_flight = board_module.Flight.__init__

    def spy(self, card, *args, **kwargs):
        flown.append(card)
        real_flight(self, card, *args, **kwargs)

    monkeypatch.setattr(board_module.Flight, "__init__", spy)
    session = screen.session
    real_take = session.take_step

    def take():
        step = real_take()
        if step is not None:
            shown.append(step)
        return step

    monkeypatch.setattr(session, "take_step", take)
    return shown, flown


def check_one_step_per_action(screen, shown, flown):
    """The screen, idle, showed one step per action so far, in order, each with the views around it:
    nothing fused, nothing lost; the cards that flew and the log it wrote are the record's."""
    session = screen.session
    state = session.state
    acts = [e for e in state.events if e["t"] == "act"]
    assert [s.actor for s in shown if s.action] == [e["p"] for e in acts]
    assert all(sum(e["t"] == "act" for e in s.events) <= 1 for s in shown)
    table_told = told(state, TABLE)
    seen = [e for s in shown for e in s.events]
    assert seen == table_told[len(table_told) - len(seen):]
    # every card that flew for a play or a buy is the one the record says (a burial flies a back)
    moved = [e["card"] if "buy" in e["a"] else e["a"].get("play") for e in table_told if e["t"] == "act"]
    assert is_subsequence([c for c in moved if c], flown)
    # the log the TV wrote is the record's, as the table saw it
    fresh = session_log(session, registry.log_class(session.game_id))
    import difflib
    assert screen.log.lines == fresh.lines, "\n".join(list(difflib.unified_diff(screen.log.lines, fresh.lines, lineterm=""))[:40])


@pytest.mark.slow  # whole games at normal speed
@pytest.mark.parametrize("game_id,kinds", [
    ("tricks", ["bot", "phone", "bot", "bot"]),
    ("tricks", ["phone", "phone", "bot", "bot", "bot"]),
    ("mlut", ["phone", "bot", "phone", "bot"]),
    ("wassticht", ["phone", "bot", "phone", "bot"]),
])
def test_phones_that_answer_at_once_never_fuse_two_moves_on_the_tv(app, game_id, kinds, monkeypatch):
    """Issue 27's crash: a Tricks phone answering at once made the TV read a buy's card from a
    picture two moves old (TypeError in the market, or the wrong card named)."""
    options = {"tasks_per_player": 4} if game_id == "wassticht" else None
    screen = phone_game(app, game_id, kinds, options)
    shown, flown = watch(screen, monkeypatch)
    assert play_to_the_end(app, screen, FastPhones(screen.session, 7))
    check_one_step_per_action(screen, shown, flown)


def test_phones_that_answer_at_once_never_fuse_the_first_moves_of_a_game(app, monkeypatch):
    """The same on the first 16 moves of a Tricks game (the market, where the crash was)."""
    screen = phone_game(app, "tricks", ["bot", "phone", "bot", "bot"])
    shown, flown = watch(screen, monkeypatch)
    phones, state = FastPhones(screen.session, 7), screen.session.state
    for _ in range(20000):
        if sum(e["t"] == "act" for e in state.events) >= 16 and screen.idle:
            break
        phones.answer()
        app.step(FRAME)
    assert screen.idle and sum(e["t"] == "act" for e in state.events) >= 16
    assert sum(e["t"] == "act" and e["p"] == 1 for e in state.events) >= 3, "the phone played its part"
    check_one_step_per_action(screen, shown, flown)


# --- nobody at the TV ---------------------------------------------------------------------------------------
@pytest.mark.slow  # a whole game, and ten minutes of frames after it
def test_a_phone_game_with_nobody_at_the_tv_plays_to_the_end_and_its_server_stops(app, monkeypatch):
    screen = phone_game(app, "mlut", ["phone", "bot", "bot", "bot"])
    session = screen.session
    server = session.phone_server
    phones = FastPhones(session, 3)
    for _ in range(200000):
        phones.answer()
        if isinstance(app.scene, ScoreboardScene) and app.scene.final:
            break
        app.step(FRAME)  # nobody clicks: each round's scores move on by themselves
    assert session.state.is_over and isinstance(app.scene, ScoreboardScene) and app.scene.final
    assert server.running, "the phones still show the final scores for a while"
    run(app, PhoneSeats.AFTER_END - 10, dt=0.5)  # the phones may still vote to play again (the clock runs from the last move)
    assert server.running, "the phones still show their results and the vote"
    run(app, 11, dt=0.5)
    assert not server.running, "the server stops a while after the end"


def test_leaving_a_phone_game_stops_its_server_at_once(app):
    screen = phone_game(app, "tricks", ["human", "phone", "bot"])
    server = screen.session.phone_server
    app.step(FRAME)
    assert server.running
    screen.go_back()
    assert not server.running and app.at_menu


def until_round_sheet(app, phones, screen=None):
    """Frames until a round's score sheet is up; the sheet. The phones answer at once, or (with the
    game's SCREEN) only once the TV has shown everything, as people watching it would."""
    for _ in range(100000):
        if isinstance(app.scene, ScoreboardScene):
            break
        if screen is None or screen.idle:
            phones.answer()
        app.step(FRAME)
    sheet = app.scene
    assert isinstance(sheet, ScoreboardScene) and not sheet.final
    return sheet


@pytest.mark.slow  # a whole round at normal speed
def test_the_game_goes_on_under_a_round_sheet_and_the_sheet_makes_way(app):
    """Under a round's scores the game goes on: the phones' moves that come meanwhile are applied
    and told to every phone at once; the sheet makes way for them (it never holds the TV behind)."""
    screen = phone_game(app, "mlut", ["phone"] * 4)
    session = screen.session
    table = session.phone_table
    told, post = [], table.outbox
    table.outbox = lambda seat, m: (told.append(m) if m["type"] == "state" else None, post(seat, m))
    phones = FastPhones(session, 4)
    sheet = until_round_sheet(app, phones, screen)
    moment, before = session.door.moment, len(told)
    for _ in range(30):  # half a second: the sheet is still up
        phones.answer()
        app.step(FRAME)
    assert app.scene is screen, "the round's scores made way for the phones' next round"
    assert session.door.moment > moment, "the phones played on under the sheet"
    played = sum(e["t"] == "act" for e in session.state.events[moment:])
    assert len(told) - before == 4 * played, "and every phone was told each move, one message a move"


@pytest.mark.slow  # whole games at normal speed
@pytest.mark.parametrize("game_id,players", [("mlut", 4), ("tricks", 3), ("wassticht", 4)])
def test_with_every_seat_on_a_fast_phone_the_tv_is_at_most_a_step_behind_when_the_game_ends(app, game_id, players):
    """Phones that answer at once, nobody at the TV: the screen catches up (steps shown without their
    animations while more wait, no round's sheet held while the next round is played), so when the
    game ends it shows its last step or the one before, never rounds behind."""
    options = {"tasks_per_player": 4} if game_id == "wassticht" else None
    screen = phone_game(app, game_id, ["phone"] * players, options)
    session = screen.session
    phones = FastPhones(session, 2)
    for _ in range(20000):
        phones.answer()
        app.step(FRAME)
        if session.state.is_over:
            break
    assert session.state.is_over
    behind = len(session.steps) + (1 if screen.script.busy else 0)
    assert behind <= 1, f"the TV is {behind} steps behind the record at the game's end"
    for _ in range(600):  # and the final scores come without a click
        if isinstance(app.scene, ScoreboardScene) and app.scene.final:
            break
        app.step(FRAME)
    assert isinstance(app.scene, ScoreboardScene) and app.scene.final


# --- structure ---------------------------------------------------------------------------------------------
def sources(*folders):
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_one_place_applies_actions_to_a_running_game():
    """The app (scenes/, phone/) never applies an action itself: every action goes in by the door."""
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sources("scenes", "phone")
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\.(apply|apply_as)\(|state\.push\(", line)]
    assert found == []
    door = (ROOT / "game" / "door.py").read_text()
    assert door.count("state.apply(") == 1


def test_nothing_probes_the_session():
    probes = [f"{path.relative_to(ROOT)}:{n}" for path in sources("scenes", "phone")
              for n, line in enumerate(path.read_text().splitlines(), 1)
              if re.search(r"(getattr|hasattr)\((self\.)?session\b", line)
              or (path.name == "session.py" and re.search(r"(getattr|hasattr)\(self\b", line))]
    assert probes == []


@pytest.mark.slow  # 3,000 frames of a phone game
def test_a_session_sets_every_field_when_it_is_built(app):
    screen = phone_game(app, "tricks", ["human", "phone", "bot"])
    session = screen.session
    fields = set(vars(session))
    phones = FastPhones(session, 1)
    session.bots[0] = __import__("game.bots", fromlist=["make_bot"]).make_bot("random")
    session.rngs[0] = random.Random(1)
    for _ in range(3000):
        phones.answer()
        if session.decider == 0 and screen.idle:
            screen.act(session.state.legal_actions()[0])
        app.step(FRAME)
    session.undo_refusal(), session.take_notice(), session.keep_trying(1.0)
    assert set(vars(session)) == fields


def test_overlays_are_screens_on_the_stack_and_the_game_goes_on_under_them():
    app = App(Settings(speed="instant", bot_delay=0, seed=4))
    app.new_game("tricks", [Seat(f"Bot {i}", "bot", "random") for i in range(3)], keep=False)
    game = app.scene
    for _ in range(5):
        app.step(FRAME)
    game.overlay = "log"
    top = app.scene
    assert isinstance(top, Overlay) and top.game is game and game.overlay == "log"
    moment = game.session.door.moment
    for _ in range(60):
        app.step(FRAME)
    assert game.session.door.moment > moment, "the bots play on under the log"
    click(app, "overlay:close")  # the overlay takes the click and hands it to its game
    assert app.scene is game and game.overlay is None
    game.overlay = "pause"
    moment = game.session.door.moment
    for _ in range(60):
        app.step(FRAME)
    assert game.session.door.moment == moment, "the pause box holds the game"
    game.back()  # Esc closes it
    assert app.scene is game
    app.quit()


@pytest.mark.slow
def test_an_open_trick_history_follows_the_game_going_on_under_it():
    app = App(Settings(speed="instant", bot_delay=0, seed=6))
    app.new_game("mlut", [Seat(f"Bot {i}", "bot", "random") for i in range(4)], keep=False)
    game = app.scene
    while not any(e["t"] == "trick" for e in game.session.told):
        app.step(FRAME)
    game.toggle_history()
    assert game.overlay == "history"
    first = (game.history.round, game.history.index)
    for _ in range(200):
        app.step(FRAME)
    assert (game.history.round, game.history.index) > first, "it shows the latest trick as the game goes on"
    game.history.move("trick", -1)  # one who steps back stays there
    kept = (game.history.round, game.history.index)
    for _ in range(200):
        app.step(FRAME)
    assert (game.history.round, game.history.index) == kept
    app.quit()


def test_the_app_starts_without_the_phone_server():
    """aiohttp is half of the app's import time: it is imported only when phones are used."""
    import subprocess
    import sys
    code = "import sys, scenes.app; print('aiohttp' in sys.modules, 'phone.server' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.slow  # a whole round at normal speed
def test_a_tap_on_any_phone_moves_a_round_sheet_on_when_nobody_is_at_the_tv(app):
    screen = phone_game(app, "mlut", ["phone", "bot", "phone", "bot"])
    session = screen.session
    table = session.phone_table
    told, post = [], table.outbox
    table.outbox = lambda seat, m: (told.append(m) if m["type"] == "sheet" else None, post(seat, m))
    sheet = until_round_sheet(app, FastPhones(session, 5))
    assert sheet.waits_alone
    assert [(m["seat"], m["open"]) for m in told] == [(0, True), (2, True)], "each phone offers Next round"
    app.step(FRAME)
    assert app.scene is sheet, "it waits for a tap (or a few seconds)"
    session.phone_table.nudge(2)  # as the server hands on a tap on "Next round"
    app.step(FRAME)
    assert app.scene is not sheet, "a tap on a phone moved it on"
    assert [(m["seat"], m["open"]) for m in told[2:]] == [(0, False), (2, False)], "and the offer is withdrawn"


def test_the_phones_are_told_when_a_round_sheet_waits_for_them():
    from phone.bridge import PhoneTable
    state = new_state("mlut", 4, seed=2)
    table = PhoneTable(state, [0, 2])
    table.announce_sheet(1)
    table.announce_sheet(1, open_=False)
    sent = [(s, m) for s, m in table.sent if m["type"] == "sheet"]
    assert sent == [(0, {"type": "sheet", "seat": 0, "round": 1, "open": True}),
                    (2, {"type": "sheet", "seat": 2, "round": 1, "open": True}),
                    (0, {"type": "sheet", "seat": 0, "round": 1, "open": False}),
                    (2, {"type": "sheet", "seat": 2, "round": 1, "open": False})]
    assert not table.nudged()
    table.nudge(2)
    assert table.nudged() and not table.nudged()


def test_a_replay_shows_its_persons_as_persons_though_the_record_decides_them(tmp_path):
    from kept.record import save
    from scenes.menus.replay import ReplayRecord, replay_session
    from scenes.screen import widgets
    state = new_game("tricks", 3, seed=8, seats=[Seat("Anna"), Seat("Ben", "bot", "random"), Seat("Cleo", "bot")])
    rng = random.Random(8)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    save(tmp_path / "game.jsonl", state)
    session = replay_session(ReplayRecord(tmp_path / "game.jsonl"), 0)
    assert widgets.seat_tag(session, 0)[0] == "PERSON" and widgets.seat_tag(session, 1)[0] == "BOT"
    assert not session.my_turn() and not session.needs_handoff() and session.hand_visible()


def test_nobody_moves_before_the_lobby_starts_the_game(app):
    app.new_game("mlut", [Seat(n) for n in ("Anna", "Ben", "Cleo", "Dan")], phones={0, 1, 2, 3})
    lobby = app.scene
    session = lobby.session
    seat = session.state.current_player
    fake_joined(lobby.server, seat)
    session.phone_table.inbox.put((seat, list(_wire(session.state.legal_actions()[0])), None))
    moment = session.door.moment
    for _ in range(30):
        app.step(FRAME)
    assert app.scene is lobby and session.door.moment == moment, "a phone's move waits for Start"
    for other in range(4):
        fake_joined(lobby.server, other)
    click(app, "start")
    assert app.scene.session is session and session.door.moment > moment, "and is played once it starts"
