"""The coach (Hint button, key H) and bots that think off the drawing thread."""

import threading
import time

import pygame
import pytest

from game.bots.search import SearchBot
from scenes.screen import coach
from scenes.app import App
from scenes.menus.menu import MenuScene
from scenes.screen.session import Session
from scenes.screen.settings import Settings
from app_driver import FRAME, post_click, press, seats_of, to_my_turn, wait_for_hint


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(coach, "BUDGET", {"iterations": 12})  # a tiny search: the test is about the plumbing
    return App(Settings(speed="instant", bot_delay=0, seed=20240611))


@pytest.mark.parametrize("game_id,kinds,phase", [
    ("mlut", ["human", "bot", "bot", "bot"], "play"),
    ("tricks", ["human", "bot", "bot"], "buy"),
    ("tricks", ["human", "bot", "bot"], "bid"),
    ("wassticht", ["human", "bot", "bot", "bot"], "row_draft"),
])
def test_key_h_rates_every_legal_action_and_an_action_clears_it(app, game_id, kinds, phase):
    app.start_game(Session.new(game_id, seats_of(kinds), 5))
    scene = to_my_turn(app, phase, choices=2)
    state = scene.state
    legal = state.legal_actions()
    press(app, pygame.K_h)
    assert scene.coach.thinking or scene.coach.values  # a tiny search may be done within the frame
    wait_for_hint(app, scene)
    values = scene.coach.values
    assert values is not None and set(values) == set(legal)
    assert all(0.0 <= v <= 1.0 for v in values.values())
    assert "coach" in scene.targets  # the button is on screen
    assert scene.act(max(values, key=values.get))
    app.step(FRAME)
    assert scene.coach.values is None and not scene.coach.thinking


def test_hint_button_click_and_bars_on_the_hand(app):
    app.start_game(Session.new("mlut", seats_of(["human", "bot", "bot", "bot"]), 9))
    scene = to_my_turn(app, "play", choices=2)
    scene.click("coach")
    assert scene.coach.thinking
    wait_for_hint(app, scene)
    drawn = coach.card_values(scene.coach)
    playable = {a[1] for a in scene.state.legal_actions()}
    assert set(drawn) == playable and set(drawn) <= set(scene.board.hand_rects)


def test_no_hint_before_the_hand_off_or_for_a_bot(app):
    app.start_game(Session.new("mlut", seats_of(["human", "human", "bot", "bot"]), 3))
    session = app.scene.session
    for _ in range(3000):
        if app.scene.idle and session.needs_handoff():
            break
        app.step(FRAME)
    assert session.needs_handoff()
    press(app, pygame.K_h)
    assert not app.scene.coach.thinking and app.scene.coach.values is None
    assert "coach" not in app.scene.targets


def test_a_hint_is_dropped_once_the_game_moves_on(app):
    app.start_game(Session.new("mlut", seats_of(["human", "bot", "bot", "bot"]), 4))
    scene = to_my_turn(app, "play", choices=2)
    press(app, pygame.K_h)
    scene.session.state.apply(scene.state.legal_actions()[0])  # the state moves on before the answer
    wait_for_hint(app, scene)
    assert scene.coach.values is None


# --- bots think off the drawing thread -------------------------------------------------------------
def hard_game(app, seconds=5.0):
    """A bots-only game whose every seat is a Hard bot with a long budget, its first think started."""
    session = Session.new("mlut", seats_of(["bot"] * 4), 8)
    for seat in session.bots:
        session.bots[seat] = SearchBot(seconds=seconds)
    app.start_game(session)
    for _ in range(600):
        if session.thinking is not None:
            return session
        app.step(FRAME)
    raise AssertionError("the bot never started thinking")


def test_frames_go_on_while_a_hard_bot_thinks(app):
    session = hard_game(app)
    future = session.thinking
    start, frames = time.perf_counter(), 0
    while time.perf_counter() - start < 0.5:
        app.step(FRAME)
        frames += 1
    assert not future.done()
    assert frames >= 10  # a frame every 50 ms at the worst, even on a loaded machine
    app.to_menu()


def test_closing_the_window_while_a_hard_bot_thinks_ends_at_once(app):
    session = hard_game(app)
    future = session.thinking
    thread_count = threading.active_count()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    start = time.perf_counter()
    app.run()
    assert time.perf_counter() - start < 1.0
    assert session.closed
    future.exception(timeout=1.0)  # told to stop: the search ends within an iteration
    assert all(t.daemon for t in threading.enumerate() if t.name == "bot")
    assert threading.active_count() <= thread_count


def test_a_stale_bot_answer_after_leaving_is_dropped(app):
    session = hard_game(app, seconds=0.3)
    future = session.thinking
    before = len(session.state.events)
    app.to_menu()
    assert isinstance(app.scene, MenuScene) and session.closed
    future.exception(timeout=2.0)
    session.thinking = future  # as if a late frame still held it
    session.play_bot()
    assert len(session.state.events) == before


def test_an_answer_for_an_older_moment_is_dropped():
    session = Session.new("mlut", seats_of(["bot"] * 4), 8)
    session.think()
    session.thinking.exception(timeout=5)
    session.state.apply(session.state.legal_actions()[0])  # the game moved on meanwhile
    before = len(session.state.events)
    session.play_bot()
    assert len(session.state.events) == before and session.thinking is None


def test_quitting_while_the_coach_thinks_stops_its_search(app, monkeypatch):
    monkeypatch.setattr(coach, "BUDGET", {"seconds": 5.0})
    app.start_game(Session.new("mlut", seats_of(["human", "bot", "bot", "bot"]), 9))
    scene = to_my_turn(app, "play", choices=2)
    press(app, pygame.K_h)
    future, bot = scene.coach.future, scene.coach.bot
    assert future is not None and not future.done()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    start = time.perf_counter()
    app.run()
    assert time.perf_counter() - start < 1.0
    assert bot.stop.is_set()
    future.exception(timeout=1.0)


@pytest.mark.parametrize("game_id,kinds,phase", [
    ("mlut", ["human", "bot", "bot", "bot"], "play"),
    ("tricks", ["human", "bot", "bot"], "play"),
    pytest.param("wassticht", ["human", "bot", "bot", "bot"], "task_choice", marks=pytest.mark.slow),
])
def test_the_hint_says_what_its_percent_means_and_why_the_best_move(app, game_id, kinds, phase):
    from game import explain
    app.start_game(Session.new(game_id, seats_of(kinds), 5))
    scene = to_my_turn(app, phase, choices=2)
    press(app, pygame.K_h)
    wait_for_hint(app, scene)
    app.step(FRAME)
    said = [words for _, words in scene.tips]
    sentence = scene.coach.sentence(scene.session)
    assert sentence and any(sentence in words for words in said), "the hint says its sentence"
    best = scene.coach.equal_best()
    if len(best) == 1:
        why = explain.reason(scene.state.view(scene.session.decider), best[0])
        assert why is None or why in sentence
    whole = explain.meaning(game_id)
    if scene.board.coach_say() is not None:  # the numbers behind Details
        assert not any("%" in words.split(".")[0] for words in said), "no numbers before Details"
        assert "coach:details" in scene.targets
        scene.click("coach:details")
        app.step(FRAME)
        said = [words for _, words in scene.tips]
        assert any(words.startswith(whole) for words in said), "the hint box explains its percentages"
    assert any(whole in words for words in said), "the hint explains its percentages"
    if coach.card_values(scene.coach) and scene.board.coach_rects():
        assert any(words.endswith(whole) and "%" in words.split(".")[0] for words in said), \
            "each bar explains itself"


# --- the Hint in the Tricks bids, and where none is offered ---------------------------------------
@pytest.mark.parametrize("kinds,how", [
    (["human", "bot", "bot"], "key"),       # solo, the H key
    (["human", "human", "bot"], "button"),  # hot seat, the Hint button
])
def test_the_hint_shows_a_bar_over_every_hand_card_one_may_bid(app, kinds, how):
    app.start_game(Session.new("tricks", seats_of(kinds), 5))
    scene = to_my_turn(app, "bid")
    assert "coach" in scene.targets
    if how == "key":
        press(app, pygame.K_h)
    else:
        post_click(app, "coach")
    wait_for_hint(app, scene)
    assert scene.coach.values  # the search answered: now it must be seen
    assert "coach:details" in scene.targets  # the numbers are behind Details
    scene.click("coach:details")
    app.step(FRAME)
    hand = scene.board.hand_rects
    bids = {a[1] for a in scene.state.legal_actions()}
    for card in bids:
        rect = hand[card]
        bars = [r for r, words in scene.tips if words.endswith(scene.coach.meaning())
                and r.bottom <= rect.top and r.left >= rect.left - 8 and r.right <= rect.right + 8]
        assert bars, f"no hint bar over {card}"


def test_h_where_no_hint_is_offered_says_why(app):
    """In the Was sticht? task draft H did nothing, without a word (a newcomer)."""
    app.start_game(Session.new("wassticht", seats_of(["human", "bot", "bot", "bot"]), 3))
    table = app.scene
    for _ in range(2000):
        app.step(FRAME)
        if table.idle and table.session.my_turn():
            break
    assert table.state.phase == "task_draft" and not table.board.coached
    press(app, pygame.K_h, unicode="h")
    assert "no hint" in table.refusal_live().lower()


def test_a_chosen_bid_keeps_its_buttons_in_sight_and_h_again_puts_the_hint_away(app):
    """A newcomer chose a bid with the Hint open: "Lay it down" lay under the hint's box, and neither H
    nor the Hint button closed it."""
    app.start_game(Session.new("tricks", seats_of(["human", "bot", "bot"]), 5))
    scene = to_my_turn(app, "bid")
    press(app, pygame.K_h)
    wait_for_hint(app, scene)
    card = scene.state.legal_actions()[0][1]
    scene.click(f"bid:{card}")
    app.step(FRAME)
    assert scene.coach.values and "bidding:confirm" in scene.targets
    assert not scene.board.coach_say().colliderect(scene.targets["bidding:confirm"])
    press(app, pygame.K_h)
    assert scene.coach.values is None and not scene.coach.thinking
