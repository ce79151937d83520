"""Undo at the table: Ctrl+Z, the Undo button in the log panel's head (or the pause box) takes back
the person's last card and the bot moves after it; the screen, its log and the person's turn come back
from the moment before it. While undo may not be used the buttons stay in their places, greyed, and
say why on hover."""

import pygame
import pytest

from scenes.screen.base import TIP_DELAY
from scenes.screen.game_screen import UNDO_TIP
from scenes.screen.layout import COACH_RECT, LOG_RECT
from test_app_tricks import Person
from app_driver import FRAME, click_at, new_table, point_at, post_click, press, showing, to_my_turn


NAMES = ("Anna", "Bot 0", "Bot 1", "Bot 2")


def ctrl_z(app):
    press(app, pygame.K_z, mod=pygame.KMOD_LCTRL)


def my_turn(app):
    return to_my_turn(app, "play")


def mine(state):
    return [e for e in state.events if e["t"] == "act" and e["p"] == 0]


def test_ctrl_z_takes_back_the_last_card_and_the_bots_after_it():
    app = solo()
    screen = my_turn(app)
    card = sorted(showing(app).playable())[0]
    post_click(app, f"card:{card}")
    screen = my_turn(app)
    played = len(mine(screen.state))
    log = list(screen.log.lines)
    ctrl_z(app)
    assert len(mine(screen.state)) == played - 1 and screen.session.my_turn()
    assert card in showing(app).shown["hand"], "the card is back in the hand"
    assert len(screen.log.lines) < len(log) and screen.log.lines == log[:len(screen.log.lines)]


def test_the_pause_box_offers_undo_only_alone_against_bots():
    app = new_table("mlut", 4, people=(0, 1), seed=3, keep=False, names=("Anna", "Ben", "Bot 0", "Bot 1"))
    screen = app.scene
    screen.overlay = "pause"  # a screen laid over the game: it takes the keys and hands them on
    app.step(FRAME)
    assert "pause:undo" not in app.scene.targets
    ctrl_z(app)
    assert screen.hint, "refused with a reason"


# --- the table's Undo button and the pause box's fixed places (issue 29, defect 10) -----------------

def hover(app, pos):
    """The mouse rests on POS (logical) long enough for its tooltip; the words shown, or None."""
    point_at(app, pos, TIP_DELAY + 0.2 - FRAME)
    return app.scene.shown_tip()  # the screen on top shows its tooltips (a box over the game its own)


UNDO_SPOT = (COACH_RECT.right - 58, COACH_RECT.centery)  # beside Hint, in the strip above the log


def solo(seed=3):
    return new_table("mlut", 4, seed=seed, keep=False, names=NAMES)


def test_the_tables_undo_button_takes_back_the_last_card():
    app = solo()
    my_turn(app)
    card = sorted(showing(app).playable())[0]
    post_click(app, f"card:{card}")
    screen = my_turn(app)
    played = len(mine(screen.state))
    rect = app.scene.targets["undo"]
    assert COACH_RECT.contains(rect) and rect.collidepoint(UNDO_SPOT), "beside Hint, above the log"
    assert rect.height >= COACH_RECT.height, "as big as the Hint button (a chip was too small to see)"
    assert not rect.colliderect(LOG_RECT), "clear of the log's lines"
    assert not rect.colliderect(screen.board.coach_button()), "clear of the Hint button"
    assert hover(app, rect.center) == UNDO_TIP
    post_click(app, "undo")
    assert len(mine(screen.state)) == played - 1 and screen.session.my_turn()
    assert card in showing(app).shown["hand"], "the card is back in the hand"
    screen = my_turn(app)
    assert "undo" not in screen.targets, "the first card taken back: nothing left to undo"


def test_the_tables_undo_button_is_greyed_with_its_reason_when_undo_is_impossible():
    app = solo()
    screen = my_turn(app)
    assert not mine(screen.state), "the person has not decided anything yet"
    assert "undo" not in screen.targets
    assert hover(app, UNDO_SPOT) == screen.session.undo_refusal() == \
        "Nothing to undo yet: you have not decided anything."
    events = len(screen.state.events)
    click_at(app, UNDO_SPOT)
    assert len(screen.state.events) == events and not screen.hint, "a greyed button does nothing"


@pytest.mark.parametrize("game_id, players", [("tricks", 3), ("mlut", 4)])
def test_in_hot_seat_the_tables_undo_is_greyed_with_its_reason_as_in_the_pause_box(game_id, players):
    """A newcomer found no Undo in Tricks hot seat, though the pause box kept it greyed: the table
    keeps it in its place too, greyed, and says why on hover; Ctrl+Z says it as well. The people
    play by clicks."""
    app = new_table(game_id, players, people=(0, 1), seed=3, keep=False, names=("Anna", "Ben", "Bot 0", "Bot 1"))
    screen = app.scene
    person = Person(app, seed=3) if game_id == "tricks" else None
    moved = False
    for _ in range(20000):
        if screen.idle and screen.session.needs_handoff() and app.scene is screen:
            post_click(app, "handoff")
        elif "reveal:go" in screen.targets and app.scene is screen:
            post_click(app, "reveal:go")
        elif screen.idle and screen.session.my_turn() and app.scene is screen and screen.state.phase == "play":
            if moved:
                break
            post_click(app, f"card:{sorted(showing(app).playable())[0]}")
            moved = True
        elif (person is not None and screen.idle and screen.session.my_turn() and app.scene is screen
              and app.scene_kind(screen.session) == screen.kind):
            person.move(showing(app))
        app.step(FRAME)
    assert moved and screen.session.my_turn() and not screen.session.needs_handoff()
    reason = screen.session.undo_refusal()
    assert reason == "Undo is only for a table of one person and bots."
    assert "undo" not in screen.targets
    assert hover(app, UNDO_SPOT) == reason, "a greyed Undo on the table says why"
    events = len(screen.state.events)
    click_at(app, UNDO_SPOT)
    ctrl_z(app)
    assert len(screen.state.events) == events and screen.hint == reason[:1].upper() + reason[1:]
    press(app, pygame.K_ESCAPE)
    assert not any(name == "pause:undo" for name in app.scene.targets)


def pause_places(app):
    press(app, pygame.K_ESCAPE)
    assert app.scene.overlay == "pause"
    places = {name: rect for name, rect in app.scene.targets.items() if name.startswith("pause:")}
    return places


def test_the_pause_box_keeps_its_buttons_in_place_whether_undo_is_possible_or_not():
    app = solo()
    screen = my_turn(app)
    before = pause_places(app)  # nothing decided yet: undo impossible
    reason = screen.session.undo_refusal()
    press(app, pygame.K_ESCAPE)
    assert app.scene is screen
    post_click(app, f"card:{sorted(showing(app).playable())[0]}")
    my_turn(app)
    after = pause_places(app)  # now it is possible
    assert "pause:undo" in after and "pause:undo" not in before
    assert {k: v for k, v in after.items() if k != "pause:undo"} == before, "no button moved"
    press(app, pygame.K_ESCAPE)
    post_click(app, "undo")  # back to the first turn: undo impossible again, the box as before
    my_turn(app)
    again = pause_places(app)
    assert again == before
    assert hover(app, after["pause:undo"].center) == reason, "the greyed Undo tells why"


def test_undo_says_on_the_table_what_it_did_and_the_tricks_market_has_its_button():
    """Ctrl+Z takes the buy back and the table says so; the market's log head, where the Hint
    button stands, has a short Undo beside it (a newcomer found none while buying)."""
    from scenes.screen.game_screen import UNDONE
    app = new_table("tricks", 3, seed=3, keep=False, names=NAMES)
    screen = app.scene
    for _ in range(20000):
        market = screen.state.phase in ("buy", "bury")
        if screen.idle and screen.session.my_turn() and market and "undo" in screen.targets:
            break
        if screen.idle and screen.session.my_turn() and market:
            screen.session.try_action(screen.state.legal_actions()[0])
        app.step(FRAME)
    assert "undo" in screen.targets and screen.state.phase in ("buy", "bury")
    head = screen.targets["undo"]
    assert not head.colliderect(showing(app).coach_button())
    before = len(screen.state.events)
    post_click(app, "undo")
    assert len(screen.state.events) < before
    assert screen.refusal_live() == UNDONE


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_what_undo_did_stays_on_one_line_above_the_hand(language, monkeypatch):
    """Its second line lay over the top of the hand's cards."""
    from game import i18n
    from scenes.screen import teaching, theme, widgets
    i18n.set_language(language)
    drawn = []
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, size, pos, *rest: drawn.append((text, size)))
    widgets.refusal(pygame.Surface((1280, 720)), i18n._(teaching.UNDONE), (640, 552), 740)
    assert len(drawn) == 1 and drawn[0][1] >= theme.READABLE, drawn
