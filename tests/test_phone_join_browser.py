"""The phone's way in and way out in a real browser (Debian's chromium, as in test_phone_browser), at
390×844 in English and German: joining by the table's one link with a typed name, a seat and a face
(shown on the TV at once); a page told "host left" back in the lobby after Continue without a reload;
the result card at the end, a bot's moves for the seat said as a bot's, and the Play again vote leading
to a rematch on the same link. Screenshots go to SHOTS, as in test_phone_browser."""

import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from game import Seat
from kept import storage
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.menus.library import continue_kept
from scenes.menus.lobby import LobbyScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import click, run_until
from test_phone_browser import CHROMEDRIVER, CHROMIUM, FLAGS, shot

pytestmark = pytest.mark.slow  # every test drives Debian's Chromium
SIZE = (390, 844)
FRAME = 1 / 60
WORDS = {"en": {"join": "Join the table", "you": "You are Zoë at the table", "again": "Play again"},
         "de": {"join": "An den Tisch setzen", "you": "Du bist Zoë am Tisch", "again": "Noch mal spielen"}}


@pytest.fixture
def chromium(tmp_path):
    assert Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists(), "install chromium and chromium-driver (.ci/run)"
    opened = []

    def open_one(lang):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        profile = tmp_path / f"profile{len(opened)}"
        for flag in FLAGS + [f"--user-data-dir={profile}", f"--window-size={SIZE[0]},{SIZE[1]}", f"--lang={lang}"]:
            options.add_argument(flag)
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": SIZE[0], "height": SIZE[1], "deviceScaleFactor": 1, "mobile": True})
        opened.append(driver)
        return driver
    yield open_one
    for driver in opened:
        driver.quit()


def lobby_app(game_id, seats, phones):
    app = App(Settings(speed="instant", bot_delay=0, seed=7))
    app.port = 0
    app.phone_server_options = {"host": "127.0.0.1", "rate": 1000, "burst": 1000}
    app.new_game(game_id, seats, phones=phones)
    assert isinstance(app.scene, LobbyScene)
    return app


def until(app, driver, script, frames=600):
    """The TV runs while the page gets to SCRIPT."""
    for _ in range(frames):
        if driver.execute_script(script):
            return True
        app.step(FRAME)
        time.sleep(0.01)
    raise AssertionError(f"the page never got to: {script}")


def join_by_the_tables_link(app, driver, lang, seat, name="Zoë", face="moon", shots=""):
    lobby = app.scene
    driver.get(lobby.server.table_link())
    until(app, driver, "return !!document.getElementById('join-name')")
    assert driver.find_element("id", "banner").text == WORDS[lang]["join"]
    if shots:
        shot(driver, f"{shots}_join_form_{lang}")
    driver.find_element("id", "join-name").send_keys(name)
    driver.find_element("id", f"seat-{seat}").click()
    driver.find_element("css selector", f'.face[data-face="{face}"]').click()
    if shots:
        shot(driver, f"{shots}_join_chosen_{lang}")
    driver.find_element("id", "join-go").click()
    until(app, driver, "return document.body.dataset.status === 'lobby' && !document.getElementById('join')"
                       " && location.pathname.startsWith('/s/')")
    assert run_until(app, lambda: lobby.server.joined(seat), limit=120)
    assert lobby.roster.seats()[seat].name == name and lobby.roster.seats()[seat].face == face


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phone_joins_by_the_tables_one_link_with_a_typed_name_and_face(chromium, lang):
    app = lobby_app("mlut", [Seat("Anna")] + [Seat(n, "bot", "random") for n in ("Ben", "Carla", "David")], {1})
    try:
        driver = chromium(lang)
        join_by_the_tables_link(app, driver, lang, 2, shots="join")  # a bot's seat: the phone takes it
        assert driver.find_element("id", "banner").text == WORDS[lang]["you"]
        roster = driver.find_element("css selector", ".roster").text
        assert "Zoë" in roster and "Anna" in roster
        shot(driver, f"join_lobby_{lang}")
        lobby = app.scene
        assert lobby.phones == [1, 2] and not lobby.ready(), "Ben's phone seat still waits"
        click(app, "bot:1")
        assert run_until(app, lambda: lobby.ready(), limit=60)
        click(app, "start")
        screen = app.scene
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert session.seats[2].name == "Zoë" and session.phones == {2} and session.seats[1].kind == "bot"
        until(app, driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
        assert driver.find_element("id", "who").text == "Zoë"
    finally:
        app.quit()


def test_a_page_told_the_host_left_is_back_in_the_lobby_after_continue_without_a_reload(chromium):
    app = lobby_app("mlut", [Seat("Anna")] + [Seat(n, "bot", "random") for n in ("Ben", "Carla", "David")], {1})
    try:
        driver = chromium("en")
        join_by_the_tables_link(app, driver, "en", 1)
        click(app, "start")
        screen = app.scene
        session = screen.session
        path = session.autosave.path
        until(app, driver, "return document.body.dataset.status === 'play'")
        driver.execute_script("window.notReloaded = true")
        assert run_until(app, lambda: screen.idle)
        assert session.act(session.decider, session.state.legal_actions()[0]) is None  # kept from now
        app.to_menu()
        until(app, driver, "return document.body.dataset.status === 'host_left'")
        assert "keeps trying" in driver.find_element("id", "overlay").text
        time.sleep(2.5)  # the page tries while nobody serves its link
        summary = next(s for s in storage.kept_games() if s.path == path)
        assert continue_kept(app, summary) is None
        lobby = app.scene
        assert isinstance(lobby, LobbyScene) and lobby.continued
        until(app, driver, "return document.body.dataset.status === 'lobby'", frames=1200)
        assert driver.execute_script("return window.notReloaded === true"), "the same page, not a reload"
        assert not driver.find_element("id", "overlay").is_displayed()
        assert run_until(app, lambda: lobby.server.joined(1), limit=120)
    finally:
        app.quit()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_result_card_and_the_play_again_vote_lead_to_a_rematch_on_the_same_link(chromium, lang):
    app = lobby_app("tricks", [Seat("Ben"), Seat("Carla", "bot", "random"), Seat("David", "bot", "random")], {0})
    try:
        driver = chromium(lang)
        join_by_the_tables_link(app, driver, lang, 0)
        click(app, "start")
        session = app.scene.session
        server = session.phone_server
        link = server.links()[0]
        until(app, driver, "return document.body.dataset.status === 'play'")
        driver.get("about:blank")  # the phone goes: a bot plays its seat to the end
        assert run_until(app, lambda: session.phone_away(0), limit=300)
        session.stand_in(0)
        assert run_until(app, lambda: session.state.is_over, limit=60000)
        driver.get(link)  # back: the end is there, as the seat's own
        until(app, driver, "return !!document.getElementById('result')")
        card = driver.find_element("id", "result").text
        totals = session.state.view(None)["totals"]
        assert str(totals[0]) in card and WORDS[lang]["again"] in card
        log = driver.find_element("id", "log").text
        bot = {"en": "A bot bought", "de": "Ein Bot"}[lang]
        assert bot in log and ("for you" if lang == "en" else "für dich") in log, log[:300]
        shot(driver, f"join_result_card_{lang}")
        driver.find_element("id", "vote-yes").click()
        assert run_until(app, lambda: session.phone_table.votes == {0: True}, limit=120)
        until(app, driver, "return document.querySelector('#result .votes') !== null")
        assert run_until(app, lambda: isinstance(app.scene, ScoreboardScene) and "rematch" in app.scene.targets,
                         limit=20000)
        click(app, "rematch")
        again = app.scene.session
        assert again is not session and again.phone_server is server and server.running and again.phones == {0}
        until(app, driver, "return !document.getElementById('result') && document.body.dataset.status === 'play'"
                           " && Number(document.body.dataset.moment) < 5", frames=600)
        assert again.phone_server.links()[0] == link
    finally:
        app.quit()
