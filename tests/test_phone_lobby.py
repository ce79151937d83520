"""The TV side of phone seats: the seat setup's phone choice, the lobby, the game screen's waiting line,
stand-in bot and takeover dialog, Continue keeping the links, and --port."""

import asyncio
import time
from types import SimpleNamespace

import aiohttp
import pytest

from game import Seat
from scenes.app import App, parse_args
from scenes.menus.library import continue_kept
from phone.qr import qr_matrix
from scenes.menus.lobby import LobbyScene, network_words
from scenes.menus.menu import SetupScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from kept import storage
from app_driver import click, run_until
from phone_helpers import Phone

FRAME = 1 / 60


@pytest.fixture
def app():
    app = App(Settings(speed="instant", bot_delay=0, seed=99))
    app.port = 0  # any free port: tests never take the real one
    app.phone_server_options = {"host": "127.0.0.1"}
    yield app
    app.quit()


def fake_status(server, seat, status="joined", pending=False):
    """What the server would record when a phone joins (or leaves, or a second device asks)."""
    with server._lock:
        server._status[seat] = (status, pending)


def to_lobby(app, phones=(1, 2)):
    """Set up Mit List und Tücke with 4 seats, PHONES played from phones, and press Start."""
    click(app, "game:mlut")
    for seat in phones:
        if app.scene.seats[seat][1] == "bot":
            click(app, f"kind:{seat}")
        click(app, f"where:{seat}")
    assert [app.scene.seats[s][1] for s in phones] == ["phone"] * len(phones)
    click(app, "start")
    assert isinstance(app.scene, LobbyScene)
    return app.scene


def test_setup_offers_phone_seats_and_the_lobby_shows_the_tables_one_code(app):
    lobby = to_lobby(app)
    assert lobby.phones == [1, 2] and "/t/" in lobby.server.table_link()
    assert lobby.code == qr_matrix(lobby.server.table_link()), "one code for the whole table"
    links = lobby.server.links()
    assert set(links) == {1, 2} and all(link.startswith("http://127.0.0.1:") for link in links.values())
    app.step(FRAME)
    assert {"bot:1", "bot:2", "start", "back"} <= set(lobby.targets)
    # the record knows persons and bots only: a phone seat is a person's
    assert [s.kind for s in lobby.session.seats] == ["human", "human", "human", "bot"]


def test_start_waits_for_every_phone_then_starts_the_game(app):
    lobby = to_lobby(app)
    click(app, "start")
    assert app.scene is lobby, "no phone joined: Start is off"
    fake_status(lobby.server, 1)
    click(app, "start")
    assert app.scene is lobby, "one phone still missing"
    fake_status(lobby.server, 2)
    click(app, "start")
    assert isinstance(app.scene, GameScreen)
    session = app.scene.session
    assert session.phones == {1, 2} and session.phone_server is lobby.server
    assert getattr(session, "autosave", None) is not None, "the game is kept once it starts"
    assert lobby.roster.frozen and lobby.roster.free(held=set()) == set(), "no seat for a phone to take now"


def test_let_a_bot_play_turns_a_waiting_phone_seat_into_a_bot(app):
    lobby = to_lobby(app)
    fake_status(lobby.server, 1)
    click(app, "bot:2")
    app.step(FRAME)
    assert "bot:2" not in lobby.targets and "bot:1" not in lobby.targets  # joined seats have none
    assert run_until(app, lambda: set(lobby.server.links()) == {1}), "the bot's seat lost its link at once"
    click(app, "start")
    session = app.scene.session
    assert isinstance(app.scene, GameScreen)
    assert session.seats[2].kind == "bot" and session.phones == {1}
    assert set(session.phone_server.links()) == {1}, "the bot's seat lost its link"
    assert session.phone_table.state is session.state


def test_back_stops_the_server_and_returns_to_the_setup(app):
    lobby = to_lobby(app)
    assert lobby.server.running
    click(app, "back")
    assert isinstance(app.scene, SetupScene) and not lobby.server.running
    assert lobby.server.links() == {}


def phone_game(app, seats):
    """A GameScreen of a game whose "phone" seats play from phones, all joined, via the lobby."""
    game_seats = [Seat(name, "bot" if kind == "bot" else "human", "random" if kind == "bot" else None)
                  for name, kind in seats]
    app.new_game("mlut", game_seats, phones={i for i, (_, kind) in enumerate(seats) if kind == "phone"})
    lobby = app.scene
    for seat in lobby.phones:
        fake_status(lobby.server, seat)
    click(app, "start")
    assert isinstance(app.scene, GameScreen)
    return app.scene


def card_targets(screen):
    return {name.split(":", 1)[1] for name in screen.targets if name.startswith("card:")}


def test_a_phone_seat_never_shows_its_hand_nor_a_hand_off_and_waits_for_its_phone(app):
    screen = phone_game(app, [("Anna", "human"), ("Ben", "phone"), ("Carla", "bot"), ("David", "bot")])
    session = screen.session
    hands_seen = 0
    for _ in range(4000):  # Anna plays her first legal action whenever it is her turn
        app.step(FRAME)
        assert "handoff" not in screen.targets, "no hand-off cover for a phone seat"
        shown = card_targets(screen)
        assert not shown & set(session.state.view(1)["hand"]), "Ben's cards are on the TV"
        hands_seen += bool(shown)
        if session.decider == 1 and screen.idle:
            break
        if session.my_turn() and screen.idle:
            session.try_action(session.state.legal_actions()[0])
    assert session.decider == 1 and hands_seen
    assert screen.waiting_line() == "Waiting for Ben's phone"
    assert "phone:standin:1" not in screen.targets, "his phone is there: no stand-in offered"


def test_a_bot_stands_in_for_a_phone_that_left_until_it_is_back(app):
    screen = phone_game(app, [("Anna", "phone"), ("Ben", "bot"), ("Carla", "bot"), ("David", "bot")])
    session, server = screen.session, screen.session.phone_server
    assert run_until(app, lambda: session.decider == 0 and screen.idle)
    assert session.view()["hand"] == [], "a table of one phone and bots shows no hand on the TV"
    moment = session.table.moment
    fake_status(server, 0, "away")
    app.step(FRAME)
    app.step(FRAME)
    assert "phone:standin:0" in screen.targets
    click(app, "phone:standin:0")
    assert run_until(app, lambda: session.table.moment > moment and session.decider == 0 and screen.idle)
    assert 0 in session.standins, "the bot plays on while the phone is away"
    fake_status(server, 0, "joined")
    app.step(FRAME)
    assert 0 not in session.standins and session.phone_turn(), "the phone is back: its seat is its own"


def test_a_second_device_asking_for_a_seat_needs_the_hosts_yes(app, monkeypatch):
    screen = phone_game(app, [("Anna", "human"), ("Ben", "phone"), ("Carla", "bot"), ("David", "bot")])
    server = screen.session.phone_server
    answers = []
    monkeypatch.setattr(server, "confirm_takeover", lambda seat: answers.append(("confirm", seat)))
    monkeypatch.setattr(server, "refuse_takeover", lambda seat: answers.append(("refuse", seat)))
    fake_status(server, 1, "joined", pending=True)
    app.step(FRAME)
    app.step(FRAME)
    assert {"phone:confirm:1", "phone:refuse:1"} <= set(screen.targets)
    click(app, "phone:refuse:1")
    click(app, "phone:confirm:1")
    assert answers == [("refuse", 1), ("confirm", 1)]


def test_keeping_the_old_phone_is_the_primary_answer(app, monkeypatch):
    """The green (primary) button keeps the phone that holds the seat; handing it over is secondary."""
    from scenes.screen import phone_dialogs, theme
    screen = phone_game(app, [("Anna", "human"), ("Ben", "phone"), ("Carla", "bot"), ("David", "bot")])
    kinds = {}
    real = theme.button

    def button(surface, rect, label, hover=False, size=24, kind="normal", enabled=True):
        kinds[label] = kind
        real(surface, rect, label, hover, size, kind, enabled)
    monkeypatch.setattr(phone_dialogs.theme, "button", button)
    fake_status(screen.session.phone_server, 1, "joined", pending=True)
    app.step(FRAME)
    app.step(FRAME)
    assert kinds["Keep the old phone"] == "good" and kinds["Let it take the seat"] != "good"


def test_continue_gives_the_phones_the_same_links(app):
    screen = phone_game(app, [("Anna", "human"), ("Ben", "phone"), ("Carla", "phone"), ("David", "bot")])
    links = screen.session.phone_server.links()
    path = screen.session.autosave.path
    session = screen.session  # a first move (a game left before it is not kept): whoever decides,
    assert run_until(app, lambda: screen.idle)  # as a phone's move comes in, by the one door
    assert session.act(session.decider, session.state.legal_actions()[0]) is None
    app.to_menu()
    assert not screen.session.phone_server.running, "leaving the game stops the server"
    summary = next(s for s in storage.kept_games() if s.path == path)
    assert continue_kept(app, summary) is None
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.continued
    assert lobby.server.links() == links
    fake_status(lobby.server, 1)
    fake_status(lobby.server, 2)
    click(app, "start")
    assert isinstance(app.scene, GameScreen) and app.scene.session.phones == {1, 2}


def test_port_option():
    assert parse_args([]).port == 8765
    assert parse_args(["--port", "9000"]).port == 9000
    for bad in ("0", "70000", "http"):
        with pytest.raises(SystemExit) as stop:
            parse_args(["--port", bad])
        assert stop.value.code == 2  # argparse's usage error


def test_a_rematch_of_a_phone_game_keeps_the_seats_and_links(app):
    screen = phone_game(app, [("Anna", "human"), ("Ben", "phone"), ("Carla", "bot"), ("David", "bot")])
    old = screen.session
    server, links = old.phone_server, old.phone_server.links()
    again = old.rematch()
    assert server.running and again.phone_server is server and server.links() == links, "the same links"
    assert again.phones == {1} and server.table is again.phone_table and again.phone_table.state is again.state
    app.start_game(again)
    assert isinstance(app.scene, GameScreen) and app.scene.session is again
    assert again.autosave is not None, "the rematch is kept"


def test_a_rematch_after_the_phones_server_stopped_goes_through_the_lobby_again(app):
    screen = phone_game(app, [("Anna", "human"), ("Ben", "phone"), ("Carla", "bot"), ("David", "bot")])
    old = screen.session
    old.phone_server.stop()
    again = old.rematch()
    app.start_game(again)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.phones == [1]
    fake_status(lobby.server, 1)
    click(app, "start")
    assert isinstance(app.scene, GameScreen) and app.scene.session is again and again.phones == {1}


def test_phone_seats_are_saved_as_default_seats_and_come_back(tmp_path):
    from scenes.screen.settings import load_settings, save_settings
    seats = [{"name": "Oma", "kind": "phone", "bot": None}, {"name": "Opa", "kind": "human", "bot": None}] + \
        [{"name": f"Bot {i}", "kind": "bot", "bot": "normal"} for i in range(2)]
    save_settings(tmp_path, Settings(default_seats={"mlut": seats}))
    loaded, message = load_settings(tmp_path)
    assert message == "" and loaded.default_seats == {"mlut": seats}


def test_the_setup_remembers_a_phone_seat_for_the_next_run(app, tmp_path):
    app.config_folder = tmp_path
    lobby = to_lobby(app, phones=(1,))
    click(app, "back")
    fresh = App(Settings(speed="instant", bot_delay=0, seed=99, default_seats=app.settings.default_seats))
    click(fresh, "game:mlut")
    assert fresh.scene.seats[1][1] == "phone" and not lobby.server.running
    fresh.quit()


@pytest.mark.parametrize("game_id, players", [("wassticht", 4), ("tricks", 3), ("mlut", 6)])
def test_every_game_runs_with_a_phone_seat_and_tags_it(app, game_id, players):
    names = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"][:players]
    seats = [Seat(names[0], "human")] + [Seat(n, "human") for n in names[1:2]] + \
        [Seat(n, "bot", "random") for n in names[2:]]
    app.new_game(game_id, seats, phones={1})
    fake_status(app.scene.server, 1)
    click(app, "start")
    screen = app.scene
    session = screen.session
    for _ in range(600):
        app.step(FRAME)
        assert "handoff" not in screen.targets
        if session.my_turn() and screen.idle and app.scene is screen:
            session.try_action(session.state.legal_actions()[0])
        if session.decider == 1 and screen.idle:
            break
    assert session.decider == 1 and screen.waiting_line() == "Waiting for Ben's phone"
    from scenes.screen import widgets
    assert widgets.seat_tag(session, 1)[0] == "PHONE" and widgets.seat_tag(session, 0)[0] == "PERSON"


def test_the_lobby_says_which_network_the_links_work_on_and_that_the_server_listens_everywhere(app):
    lan = SimpleNamespace(address="192.168.1.20", port=8765, host="0.0.0.0", everywhere=True)
    where, how = network_words(lan)
    assert "same Wi-Fi" in where and "(192.168.1.20)" in where
    assert "every network of this computer" in how and "8765" in how
    where, how = network_words(SimpleNamespace(address="127.0.0.1", port=8765, host="0.0.0.0", everywhere=True))
    assert where.startswith("No network found") and "this computer only" in where
    lobby = to_lobby(app)  # the tests' server listens on loopback only, and says so
    where, how = network_words(lobby.server)
    assert where == "The links work on this computer only (127.0.0.1)."
    assert f"listens on 127.0.0.1 only, port {lobby.server.port}" in how


def ws_url(link):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token


def until(app, condition, seconds=5.0):
    """Step the app until CONDITION holds (the server's thread answers meanwhile)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(FRAME)
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def test_in_the_lobby_a_device_that_came_first_cannot_lock_the_real_phone_out(app):
    lobby = to_lobby(app, phones=(1,))
    server, url = lobby.server, ws_url(lobby.server.links()[1])
    loop = asyncio.new_event_loop()
    wait = loop.run_until_complete

    async def session():
        return aiohttp.ClientSession()
    phones = wait(session())
    try:
        first = wait(Phone(phones, url, "first-comer").open())
        wait(first.next("seated"))
        assert until(app, lambda: server.joined(1) and lobby.ready())
        # someone who learnt the first comer's device id, without its key: the host is asked
        copy = wait(Phone(phones, url, "first-comer").open(join=False))
        wait(copy.send({"type": "join", "device": "first-comer"}))
        wait(copy.next("waiting"))
        assert until(app, lambda: "phone:refuse:1" in lobby.targets)
        assert not {"start", "back"} & set(lobby.targets), "the host answers first"
        click(app, "phone:refuse:1")
        wait(copy.next("turned_away"))
        # Ben's own phone asks: the host lets it in, and the first comer is told it lost the seat
        real = wait(Phone(phones, url, "bens-phone").open())
        wait(real.next("waiting"))
        assert until(app, lambda: "phone:confirm:1" in lobby.targets)
        click(app, "phone:confirm:1")
        wait(real.next("seated"))
        assert "another device" in wait(first.next("lost"))["reason"]
        assert until(app, lambda: "start" in lobby.targets and lobby.ready())
        click(app, "start")
        assert isinstance(app.scene, GameScreen)
        app.step(FRAME)  # the game's first frame sends each phone its seat's facts and view
        wait(real.next("hello"))
        assert wait(real.next("state"))["view"]["seat"] == 1
    finally:
        wait(phones.close())
        loop.close()
