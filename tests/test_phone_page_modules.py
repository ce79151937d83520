"""Each game's drawing on the phone page is a module of its own (phone/page/games/<id>.js, or the file
its kit names): the server serves every registered game's module from what it read at its start (no
path a request names reaches the file system), and the page loads the module of the game its facts
name, so a game kept outside phone/ (a test's) draws the page with its own module."""

import asyncio
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest

from game.games.mlut.rules import MlutState
from game.kit import kit, register, registered, unregister
from phone.server import game_pages

from phone_helpers import GameThread, new_state

ROOT = Path(__file__).resolve().parent.parent
OWN_MODULE = """// a game kept under tests/: its seats show a mark of its own, its table a line of its own
export default function (page) {
  return {
    seatInfo: (v, seat) => [page.el("span", "own-mark", "seat " + seat)],
    tableInfo: v => ["a table of its own"],
  };
}
"""


class PageTestState(MlutState):
    """Mit List und Tücke's rules under another game's name: a game registered by a test."""

    game_id = "pagetest"


@pytest.fixture
def kept_elsewhere(tmp_path):
    """A game whose kit names a page module in a folder of its own (not phone/page/games/)."""
    module = tmp_path / "own_page.js"
    module.write_text(OWN_MODULE)
    base = kit("mlut")
    register(replace(base, info=replace(base.info, id=PageTestState.game_id, title="Page test",
                                        state_class=PageTestState), order=999, phone_page=module))
    try:
        yield module
    finally:
        unregister(PageTestState.game_id)


def fetch(game, paths):
    """{path: (status, content type, body)} of GETs to the game's server."""
    base = game.server.links()[0].rsplit("/s/", 1)[0]

    async def get_all():
        found = {}
        async with aiohttp.ClientSession() as session:
            for path in paths:
                async with session.get(base + path) as got:
                    found[path] = (got.status, got.headers.get("Content-Type", ""), await got.read(),
                                   got.headers.get("Cache-Control"))
        return found
    return asyncio.run(get_all())


def test_every_registered_game_has_its_module_of_the_page():
    pages = game_pages()
    assert set(pages) == {f"{game_id}.js" for game_id in registered()}
    for game_id in registered():
        assert pages[f"{game_id}.js"] == (ROOT / "phone" / "page" / "games" / f"{game_id}.js").read_bytes()
        assert b"export default function" in pages[f"{game_id}.js"]


def test_the_server_serves_each_games_module_as_read_at_its_start_and_nothing_else(kept_elsewhere):
    with GameThread(new_state("tricks", 3), [0]) as game:
        kept_elsewhere.write_text("// changed after the server started: not served")
        paths = [f"/p/games/{game_id}.js" for game_id in registered()]
        bad = ["/p/games/nothing.js", "/p/games/mlut", "/p/games/%2e%2e%2fserver.py",
               "/p/games/..%2Fserver.py", "/p/games/", "/p/games/own_page.js", "/p/own_page.js"]
        got = fetch(game, paths + bad)
    for path in paths:
        status, kind, body, cache = got[path]
        assert status == 200 and kind.startswith("text/javascript") and cache == "no-store", (path, got[path][:2])
    assert got["/p/games/pagetest.js"][2] == OWN_MODULE.encode()
    assert got["/p/games/tricks.js"][2] == (ROOT / "phone" / "page" / "games" / "tricks.js").read_bytes()
    assert {path: got[path][0] for path in bad} == {path: 404 for path in bad}


@pytest.mark.slow
def test_a_game_kept_elsewhere_draws_the_page_with_its_own_module(kept_elsewhere, tmp_path):
    from test_phone_browser import browser, wait_for
    state = PageTestState(players=4, seed=3)
    driver = browser((390, 844), tmp_path / "profile")
    try:
        with GameThread(state, [0], bot="random") as game:
            driver.get(game.server.links()[0])
            wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
            wait_for(driver, "return document.querySelectorAll('#scores .own-mark').length === 4")
            assert driver.execute_script("return document.body.dataset.game") == "pagetest"
            assert driver.find_element("css selector", "#table .tinfo").text == "a table of its own"
            marks = [e.text for e in driver.find_elements("css selector", "#scores .own-mark")]
            assert marks == ["seat 0", "seat 1", "seat 2", "seat 3"]
            assert driver.find_elements("css selector", "#hand .card")  # the page's own parts as ever
    finally:
        driver.quit()
