"""The phone as each player's own console (in Debian's chromium, as test_phone_browser), in every game,
at 360×640 and at 390×844, in English, German and Dutch. At each of the phone seat's turns:

- no text on the page is a bare task code ("T07"): tasks are told by their words, the draft counts the
  tasks "still to take";
- the card winning the trick so far is marked (the view's ``trick_winner``, the field the TV uses), and
  the last trick is one tap away;
- the "Rule:" line (the seat is in teach mode) is the reminder of the decision at hand: the latest one
  the table sent it in this phase since its last move, none from a phase gone by;
- Was sticht?: the rows with their hints and the notepad are there, its open cells exactly the trumps the
  seat's view still allows, and they change as hints come;
- a card that may not be played, tapped, shows the table's reason in a toast, in the phone's language.

Also: the seat's notepad marks outlive a reload and never leave the phone; the colour symbol is never
drawn over a card's rank (two digits too), checked on the pixels.
"""

import io
import json
import re
import time
from pathlib import Path

import pytest
import pygame

from game import i18n
from phone.bridge import PhoneTable
from phone_helpers import GameThread, new_state
from test_phone_browser import TAP, body, wait_for
from test_phone_language import chromium  # noqa: F401 - a fixture
from test_phone_page_reach import SIZES, resize

pytestmark = pytest.mark.slow  # every test drives Debian's Chromium

CODE = re.compile(r"\bT\d\d\b")  # a task's code, as the rules name it
SHOTS = Path("/work/shots/console")  # looked at by hand
GAMES = [("mlut", 4, 0), ("tricks", 3, 1), ("wassticht", 4, 0)]  # (game, players, the phone's seat)
MOVES = 30  # the phone seat's moves at most: a Was sticht? round's drafts and some tricks

PAGE = """
const s = tricktable.state(), v = s.view;
const slots = [...document.querySelectorAll('#table .trick .slot.winning')];
return {text: document.body.innerText, view: v, moment: s.moment, points: s.points,
        winning: slots.map(e => e.querySelector('.pname').textContent),
        wins: [...document.querySelectorAll('#table .slot .wins')].map(e => e.textContent),
        rule: document.body.dataset.teach || '',
        notepad: !!document.getElementById('notepad'), rows: !!document.getElementById('rows-panel'),
        open: document.querySelectorAll('#notepad .np-cell.possible').length,
        hints: document.querySelectorAll('#rows-panel .rg-hint[data-hint]').length,
        peek: !!document.getElementById('last-trick'), rp: document.querySelectorAll('#scores .rp').length};
"""


def recording_notes(monkeypatch):
    """Every state message the table sends (seat, moment, phase, the rules of its reminders)."""
    sent, taught = [], PhoneTable._taught

    def record(self, seat, message, notes):
        sent.append((seat, message["moment"], message["view"]["phase"], [n["rule"] for n in notes]))
        return taught(self, seat, message, notes)
    monkeypatch.setattr(PhoneTable, "_taught", record)
    return sent


def expected_rule(sent, seat, moment, phase, since):
    """The reminder the seat's page should show at MOMENT in PHASE: the last of the latest message's
    reminders (the decision's come after the step's) sent after the seat's last move (at moment SINCE) and since the phase began (a phase gone
    by takes its reminders along: they spoke of another decision), or ""."""
    mine = [(m, p, rules) for s, m, p, rules in list(sent) if s == seat and m <= moment]
    began = max([m for m, p, _ in mine if p != phase], default=-1)
    found = [(m, rules) for m, p, rules in mine if m > max(since, began) and rules]
    return max(found, key=lambda f: f[0])[1][-1] if found else ""


def words(lang):
    catalogue = i18n.catalogue(lang)
    return {"not allowed": catalogue.gettext("Not allowed: {reason}").split("{reason}")[0].strip(),
            "wins": catalogue.gettext("wins so far"),
            "take": [catalogue.ngettext("{n} task still to take", "{n} tasks still to take", n).format(n=n)
                     for n in range(6)]}


def check_turn(driver, seen, game_id, players, lang, sent, seat, since):
    page = driver.execute_script(PAGE)
    view, text = page["view"], page["text"]
    phase = view["phase"]
    assert not CODE.search(text), (phase, CODE.findall(text), text[:400])
    # the winner so far marked, on the one card the view declares
    if view.get("trick") and view.get("trick_winner") is not None:
        winner = [p for p in view["trick"] if p[0] == view["trick_winner"]]
        assert len(page["winning"]) == 1 and winner, (page["winning"], view["trick"], view["trick_winner"])
        assert page["wins"] == [words(lang)["wins"]], page["wins"]
        seen["winner"] += 1
    else:
        assert not page["winning"], page["winning"]
    # the rule line: the decision at hand's
    want = expected_rule(sent, seat, page["moment"], phase, since)
    assert page["rule"] == want, (phase, page["moment"], page["rule"], want, [x for x in sent if x[0] == seat][-6:])
    if want:
        seen["rules"] += 1
    if page["points"] is not None:
        assert page["rp"] == players, page["rp"]  # each seat's total with the round's points beside it
        seen["points"] += 1
    if game_id == "wassticht":
        if phase == "task_draft":
            assert any(w in text for w in words(lang)["take"]), text[:300]
            seen["draft"] += 1
        if phase in ("row_draft", "task_choice", "play", "discard"):
            assert page["notepad"] and page["rows"], phase
            assert page["open"] == len(view["possible_trumps"]), (page["open"], view["possible_trumps"])
            assert page["hints"] == sum(h is not None for h in view["hints"]), (page["hints"], view["hints"])
            seen["open"].add(page["open"])
    if page["peek"] and not seen["peeked"]:  # the last trick, one tap away
        driver.find_element("id", "last-trick").click()
        wait_for(driver, "return !!document.getElementById('last-trick-cards')")
        seen["peeked"] = True
        driver.save_screenshot(f"{SHOTS}/{game_id}_{lang}_last_trick.png")
        driver.find_element("id", "last-trick").click()
        wait_for(driver, "return !document.getElementById('last-trick-cards')")
    refuse_once(driver, seen, game_id, lang)


def refuse_once(driver, seen, game_id, lang):
    """The first time a card of the hand may not be played: tap it; the table's reason shows."""
    if seen["refused"]:
        return
    off = driver.find_elements("css selector", "#hand .card.off")
    if not off:
        return
    moment = body(driver, "moment")
    off[0].click()
    wait_for(driver, "const r = document.getElementById('refusal'); return !r.hidden && r.textContent !== ''",
             timeout=5)
    toast = driver.find_element("id", "refusal")
    assert toast.is_displayed() and toast.text.startswith(words(lang)["not allowed"]), toast.text
    assert len(toast.text) > len(words(lang)["not allowed"]) + 5, toast.text  # the reason itself
    assert body(driver, "moment") == moment and body(driver, "turn") == "1"  # nothing was played
    seen["refused"] = toast.text
    driver.save_screenshot(f"{SHOTS}/{game_id}_{lang}_refused.png")


@pytest.fixture(autouse=True)
def shots():
    SHOTS.mkdir(parents=True, exist_ok=True)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("game_id, players, seat", GAMES)
def test_the_phone_is_the_seats_console(chromium, monkeypatch, game_id, players, seat, lang):
    sent = recording_notes(monkeypatch)
    state = new_state(game_id, players, seed=9)
    game = GameThread(state, [seat], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=9,
                      teach_seats={seat})
    game.server.start()  # the phone joins before the game starts, as from the TV's lobby: it hears it all
    try:
        driver = chromium(lang)
        driver.get(game.server.links()[seat])
        wait_for(driver, "return document.body.dataset.status === 'lobby'")
        game._thread.start()
        wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
        seen = {"winner": 0, "rules": 0, "points": 0, "draft": 0, "open": set(), "peeked": False, "refused": ""}
        last, since, phases = "", -1, set()
        for move in range(MOVES):
            wait_for(driver, "return document.body.dataset.turn === '1' || document.body.dataset.phase === 'over'",
                     timeout=20)
            if body(driver, "phase") == "over":
                break
            resize(driver, SIZES[move % 2])
            time.sleep(0.05)  # the page drawn at its size
            check_turn(driver, seen, game_id, players, lang, sent, seat, since)
            phase = body(driver, "phase")
            if phase not in phases and lang == "en":
                phases.add(phase)
                driver.save_screenshot(f"{SHOTS}/{game_id}_{lang}_{phase}_{SIZES[move % 2][0]}x{SIZES[move % 2][1]}.png")
            if phase == "plus":  # each pair says what it would score now, as the TV's plus box does
                pairs = [b.text for b in driver.find_elements("css selector", "button.pair")]
                assert pairs and all(" = " in text for text in pairs), pairs
            answer = driver.execute_async_script(TAP, last, 7 + move, ["play", phase])
            assert not answer.startswith(("status:", "timeout:")), answer
            last, since = answer, int(answer)
            wait_for(driver, f"return document.body.dataset.moment !== '{answer}'", timeout=20)
        assert seen["refused"], "no card was ever refused"
        assert seen["winner"] and seen["rules"], seen
        assert seen["peeked"], "the last trick was never one tap away"
        if game_id == "wassticht":
            assert seen["draft"] and len(seen["open"]) > 1, seen  # the notepad changed with the hints
        if game_id == "mlut":
            assert seen["points"], seen
    finally:
        game.stop()


NOTEPAD_SENT = """
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.__sent.push(String(data)); return send.call(this, data); };
"""


def test_the_notepad_marks_are_the_seats_own_they_outlive_a_reload_and_never_leave_the_phone(chromium):
    state = new_state("wassticht", 4, seed=9)
    with GameThread(state, [0], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=9) as game:
        driver = chromium("en")
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NOTEPAD_SENT})
        driver.get(game.server.links()[0])
        last = ""
        for move in range(20):  # the seat's task draft, on to the row draft with a hint or two
            wait_for(driver, "return document.body.dataset.turn === '1'", timeout=20)
            if body(driver, "phase") == "row_draft" and driver.execute_script(
                    "return tricktable.state().view.hints.filter(h => h !== null).length") >= 2:
                break
            last = driver.execute_async_script(TAP, last, 3 + move, ["play", "task_draft", "row_draft"])
            wait_for(driver, f"return document.body.dataset.moment !== '{last}'", timeout=20)
        resize(driver, SIZES[1])
        cells = driver.find_elements("css selector", "#notepad .np-cell.possible")
        assert len(cells) >= 2
        first, second = cells[0].get_attribute("data-cell"), cells[1].get_attribute("data-cell")
        cells[0].click()  # ✗: ruled out by me
        driver.find_element("css selector", f'#notepad .np-cell[data-cell="{second}"]').click()
        driver.find_element("css selector", f'#notepad .np-cell[data-cell="{second}"]').click()  # ?: my guess
        driver.execute_script("document.getElementById('notepad').scrollIntoView()")
        driver.save_screenshot(f"{SHOTS}/wassticht_en_notepad_390x844.png")
        driver.execute_script("document.getElementById('rows-panel').scrollIntoView()")
        driver.save_screenshot(f"{SHOTS}/wassticht_en_rows_390x844.png")
        assert driver.find_element("css selector", f'#notepad .np-cell[data-cell="{first}"]').text == "✗"

        before = driver.execute_script("return window.__sent")  # the page's own record starts again on reload
        driver.refresh()
        wait_for(driver, "return document.body.dataset.status === 'play' && !!document.getElementById('notepad')")
        marks = {c: driver.find_element("css selector", f'#notepad .np-cell[data-cell="{c}"]').get_attribute("data-mark")
                 for c in (first, second)}
        assert marks == {first: "no", second: "maybe"}, marks
        sent = [json.loads(m) for m in before + driver.execute_script("return window.__sent")]
        said = [leaf for m in sent for leaf in leaves(m)]
        # the marks stay here: no message names a marked cell or a mark (values compared whole: a random
        # device key may hold "R3" by chance)
        assert sent and first not in said and second not in said and "maybe" not in said and "no" not in said, sent


def leaves(message):
    """Every key and value in a JSON message, nested ones too."""
    if isinstance(message, dict):
        return [part for key, value in message.items() for part in [key, *leaves(value)]]
    if isinstance(message, list):
        return [part for value in message for part in leaves(value)]
    return [message]


# Each part of a card drawn alone, as ink over the card without it: the big rank, the corner's rank,
# and each colour symbol; no two parts may share a pixel.
PARTS = ["value", "cv", "corner .sym", "sym.big"]
HIDE = """
const [card, keep] = arguments;
for (const sel of %s) {
  for (const e of card.querySelectorAll('.' + sel)) e.style.visibility = (sel === keep ? 'visible' : 'hidden');
}
""" % PARTS


def picture(driver, card, keep):
    """CARD's pixels (RGB bytes) with only the part KEEP drawn (None: no part)."""
    driver.execute_script(HIDE, card, keep)
    surface = pygame.image.load(io.BytesIO(card.screenshot_as_png), "card.png")
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def inked(picture, blank):
    """The pixels (indices) where PICTURE differs clearly from BLANK: a part's ink."""
    (size, a), (size_b, b) = picture, blank
    assert size == size_b
    return {i // 3 for i in range(0, len(a), 3) if abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2]) > 60}


def test_no_colour_symbol_is_drawn_over_a_cards_rank(chromium):
    checked = 0
    for game_id, players, seat in GAMES:
        state = new_state(game_id, players, seed=4)
        with GameThread(state, [seat], bot="easy", server_options={"rate": 1000, "burst": 1000}, seed=4) as game:
            driver = chromium("en")
            driver.get(game.server.links()[seat])
            wait_for(driver, "return document.body.dataset.status === 'play' && document.body.dataset.moment !== undefined")
            last = ""
            for move in range(40):  # on to a hand with two-digit ranks in it
                if two_digit(driver, "#hand .card"):
                    break
                wait_for(driver, "return document.body.dataset.turn === '1'", timeout=20)
                last = driver.execute_async_script(TAP, last, 3 + move, ["play", body(driver, "phase")])
                wait_for(driver, f"return document.body.dataset.moment !== '{last}'", timeout=20)
            for size in SIZES:
                resize(driver, size)
                time.sleep(0.05)
                for card in two_digit(driver, "#hand .card, #table .card")[:4]:
                    checked += overlap_free(driver, card)
                driver.execute_script("for (const e of document.querySelectorAll('.card *')) e.style.visibility = ''")
    assert checked >= 6, checked


def two_digit(driver, selector):
    """The cards SELECTOR finds whose rank has two digits (10-14)."""
    return [c for c in driver.find_elements("css selector", selector) if len(c.get_attribute("data-card") or "") > 2]


def overlap_free(driver, card):
    """Assert no two parts of CARD share an inked pixel; 1 when checked."""
    driver.execute_script("arguments[0].style.transition = 'none'; arguments[0].style.transform = 'none'", card)  # it stays put
    blank = picture(driver, card, None)
    inks = {part: inked(picture(driver, card, part), blank) for part in PARTS}
    name = card.get_attribute("data-card")
    for part, pixels in inks.items():
        assert pixels, (name, part)  # each part is drawn
    for i, a in enumerate(PARTS):
        for b in PARTS[i + 1:]:
            assert not inks[a] & inks[b], (name, a, b, len(inks[a] & inks[b]))
    return 1
