"""The phone page speaks its phone's language (issue 32): the first of the browser's languages the
table speaks, else the table's own; its words come from the same gettext catalogues as the TV's, and
what the table says to that phone (refusals, the farewell, ...) is said in it.

The browser tests play a few moves of each game in chromium set to German, then to Dutch, and read
the page's visible text at every move: no English word of app.js (or of the game's module of the page)
that the language translates may show.
They need the translated catalogues in assets/locale (the phone's words merged from the translators'
JSON): with a catalogue that lacks them, the page falls back to English and they fail.
"""

import asyncio
import json
import re
import time
from pathlib import Path

import aiohttp
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from game import i18n
from phone.server import page_words
from tools.catalogues import extracted

from phone_helpers import GameThread, Phone, new_state
from test_phone_browser import CHROMEDRIVER, CHROMIUM, FLAGS, PHONE, SHOTS, TAP, wait_for

APP_JS = Path(__file__).resolve().parent.parent / "phone" / "page" / "app.js"
# the page, each game's drawing on it, and each game's words in the facts the page is told (its prompts)
PAGE_JS = [APP_JS, *sorted((APP_JS.parent / "games").glob("*.js")),
           *sorted((APP_JS.parents[2] / "game" / "games").glob("*/phone.py"))]
# a word of German and of Dutch the page must show: the banner on the seat's turn
# a placeholder that holds a number shows digits
NUMBERS = {f"{{{name}}}": r"\d+" for name in ("n", "k", "round", "rounds", "row", "rows", "amount", "price", "fee")}
YOUR_TURN = {"de": "Du bist dran", "nl": "Jij bent aan de beurt"}


def english_words(lang):
    """(msgid, pattern) for every English message of app.js whose translation into LANG differs: the
    pattern finds the English words as shown, placeholders filled with anything."""
    catalogue = i18n.catalogue(lang)
    found = []
    for message in extracted(PAGE_JS):
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
        for n, english in enumerate(ids):
            translated = catalogue.ngettext(ids[0], ids[-1], 1 if n == 0 else 2) if len(ids) > 1 \
                else catalogue.gettext(english)
            if translated == english:
                continue
            pattern = r"(?<!\w)" + "".join(NUMBERS.get(part, ".+?") if part.startswith("{") else re.escape(part)
                                            for part in re.split(r"(\{\w+\})", english) if part) + r"(?!\w)"
            found.append((english, re.compile(pattern)))
    return found


def browser(profile, lang):
    """Chromium set to LANG: the page's navigator.languages and the Accept-Language header."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS + [f"--user-data-dir={profile}", f"--window-size={PHONE[0]},{PHONE[1]}", f"--lang={lang}"]:
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    driver.set_script_timeout(15)
    return driver


@pytest.fixture
def chromium(tmp_path):
    assert Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists(), "install chromium and chromium-driver (.ci/run)"
    opened = []

    def open_one(lang):
        profile = tmp_path / f"profile{len(opened)}"
        profile.mkdir()
        opened.append(browser(profile, lang))
        return opened[-1]
    yield open_one
    for driver in opened:
        driver.quit()


def visible_text(driver):
    return driver.execute_script("return document.body.innerText")


def no_english(texts, words):
    """The English words that show in any of TEXTS: [(msgid, the line it shows in)]."""
    shown = []
    for text in texts:
        for line in text.splitlines():
            shown += [(english, line) for english, pattern in words if pattern.search(line)]
    return shown


@pytest.mark.slow  # Chromium through whole games
@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("game_id, players", [("mlut", 4), ("tricks", 3), ("wassticht", 4)])
def test_the_page_speaks_the_phones_language_through_a_game(chromium, game_id, players, lang):
    words = english_words(lang)
    assert len(words) > 100, "the catalogue lacks the phone's words: merge the translators' JSON first"
    state = new_state(game_id, players, seed=5)
    with GameThread(state, [0], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=5) as game:
        driver = chromium(lang)
        driver.get(game.server.links()[0])
        wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
        assert driver.execute_script("return document.documentElement.lang") == lang
        texts, seen, last = [visible_text(driver)], set(), ""
        for move in range(14):
            answer = driver.execute_async_script(TAP, last, 7 + move, sorted(seen))
            if answer.startswith("new:"):  # the seat's first decision of a phase: read, then tap
                seen.add(answer[4:])
                texts.append(visible_text(driver))
                answer = driver.execute_async_script(TAP, last, 7 + move, sorted(seen))
            if answer == "over" or answer.startswith(("status:", "timeout:")):
                break
            last = answer
            time.sleep(0.1)  # the table's answer drawn
            texts.append(visible_text(driver))
            if move in (0, 6):
                SHOTS.mkdir(exist_ok=True)
                driver.save_screenshot(str(SHOTS / f"language_{game_id}_{lang}_{move:02d}.png"))
        assert len(texts) > 5, texts
    shown = no_english(texts, words)
    assert not shown, shown[:10]
    everything = "\n".join(texts)
    assert YOUR_TURN[lang] in everything, everything[-2000:]


@pytest.mark.slow  # drives Chromium
@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_refusal_from_the_table_is_in_the_phones_language(chromium, lang):
    """Seat 1 is a phone nobody holds: once it is its turn the game waits, and seat 0's tap out of
    turn is refused with the table's reason, in seat 0's language."""
    state = new_state("mlut", 4, seed=3)
    with GameThread(state, [0, 1], bot="easy", seed=3) as game:
        driver = chromium(lang)
        driver.get(game.server.links()[0])
        last = ""
        while True:
            wait_for(driver, "const s = tricktable.state(); return !!s && (s.turn || s.view.current_player === 1)")
            if driver.execute_script("return tricktable.state().view.current_player") == 1:
                break
            last = driver.execute_async_script(TAP, last, 1, ["pick", "play", "plus"])
            assert not last.startswith(("status:", "timeout:", "new:", "over")), last
        driver.execute_script("tricktable.act(['play', tricktable.state().view.hand[0]])")
        wait_for(driver, "return document.getElementById('refusal').textContent !== ''")
        refusal = driver.find_element("id", "refusal").text
    with i18n.speaking(lang):
        reason = i18n._("it is {name}'s turn, not yours").format(name=state.seats[1].name)
        assert refusal == i18n._("Not allowed: {reason}").format(reason=reason)
    assert refusal != f"Not allowed: it is {state.seats[1].name}'s turn, not yours"


@pytest.mark.slow  # drives Chromium
def test_a_language_the_table_does_not_speak_falls_back_to_the_tables(chromium):
    before = i18n.table_language()
    i18n.set_language("nl")
    try:
        state = new_state("mlut", 4, seed=2)
        with GameThread(state, [0], bot="easy", seed=2) as game:
            driver = chromium("fr")
            driver.get(game.server.links()[0])
            wait_for(driver, "return document.body.dataset.status === 'play'")
            assert driver.execute_script("return document.documentElement.lang") == "nl"
            assert "Laatste slag" in visible_text(driver) or "Nog geen kaart in de slag" in visible_text(driver) \
                or YOUR_TURN["nl"] in visible_text(driver), visible_text(driver)
    finally:
        i18n.set_language(before)


# --- the server's side, without a browser ---------------------------------------------------------
def ws_url(link, lang=None):
    base, token = link.rsplit("/s/", 1)
    return base.replace("http://", "ws://") + "/ws/" + token + (f"?lang={lang}" if lang else "")


def test_each_phone_is_told_in_its_own_language():
    """Two phones, one German and one Dutch, at one English table: each seat's hello (its task texts)
    and refusals in its own language; the words the page loads; index.html naming the table's."""
    state = new_state("wassticht", 4)
    with GameThread(state, [1, 2]) as game:
        links = game.server.links()

        async def play():
            async with aiohttp.ClientSession() as session:
                de = await Phone(session, ws_url(links[1], "de"), "device-de").open()
                nl = await Phone(session, ws_url(links[2], "nl"), "device-nl").open()
                hellos = {"de": await de.next("hello"), "nl": await nl.next("hello")}
                await de.next("state")
                await nl.next("state")
                for phone in (de, nl):  # chosen in a view the game has left: refused
                    await phone.send({"type": "act", "action": ["take_task", "T01"], "moment": -1})
                refused = {"de": await de.next("refused"), "nl": await nl.next("refused")}
                words = await (await session.get(links[1].rsplit("/s/", 1)[0] + "/words/de.json")).json()
                missing = await session.get(links[1].rsplit("/s/", 1)[0] + "/words/fr.json")
                page = await (await session.get(links[1])).text()
                return hellos, refused, words, missing.status, page

        hellos, refused, words, missing, page = asyncio.run(play())
    from game.games.wassticht.rules import TASKS
    for lang, hello in hellos.items():
        with i18n.speaking(lang):
            assert hello["tasks"]["T02"]["text"] == i18n._(TASKS["T02"][0])
            assert refused[lang]["reason"] == i18n._("the game moved on before that arrived: look again")
            assert refused[lang]["reason"] != "the game moved on before that arrived: look again"
    assert words == json.loads(json.dumps(page_words("de")))
    assert words["words"]["{n} trick"] == [i18n.catalogue("de").ngettext("{n} trick", "{n} tricks", n) for n in (1, 2)]
    assert missing == 404
    assert 'data-table-language="en"' in page and 'data-languages="en de nl"' in page


def test_the_lost_message_has_a_kind_and_the_farewell_its_phones_words():
    state = new_state("mlut", 4)
    game = GameThread(state, [0]).start()
    link = game.server.links()[0]

    async def play():
        async with aiohttp.ClientSession() as session:
            first = await Phone(session, ws_url(link, "de"), "same-device").open()
            await first.next("state")
            Phone.keys[("same-device", ws_url(link, "nl"))] = Phone.keys[("same-device", ws_url(link, "de"))]
            again = await Phone(session, ws_url(link, "nl"), "same-device").open()  # a reload, in Dutch now
            lost = await first.next("lost")
            await again.next("state")
            game.stop()
            await again.closed()
            return lost, [m for m in again.got if m["type"] in ("closed", "host_left")]

    lost, farewell = asyncio.run(play())
    with i18n.speaking("de"):
        reason = i18n._("this seat was opened again on this device")
    assert lost == {"type": "lost", "kind": "same_device", "reason": reason}
    with i18n.speaking("nl"):
        assert farewell == [{"type": "host_left", "started": True,
                             "reason": i18n._("the host left the game before it was over")}]
    assert farewell[0]["reason"] != "the host left the game before it was over"
