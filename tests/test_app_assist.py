"""Table helps by real clicks and keys: the trick history (every trick of every round, from what the
table was told), in a game and in a replay; a forced card that plays itself after a beat; skipping the
Tricks confirm steps; the cards-still-out strip, from the person's own view only."""

import random

import pygame
import pytest

from game.assist import cards_out, forced_action, plainly_forced
from game.history import tricks_by_round
from scenes.screen.session import Session
from app_driver import (FRAME, click, click_at, new_app, new_table, play_actions, play_until, post_click, press,
                        seats, seats_of, texts_of_a_frame)
from test_app_replay import kept_game, open_library

PLAYERS = {"mlut": 4, "tricks": 3, "wassticht": 4}


def finished_tricks(table, at_least, round_no=1):
    def enough(t):
        done = [x for x in tricks_by_round(t.state.events).get(round_no, []) if x.done]
        return len(done) >= at_least and t.board.kind == "table"
    return enough


def test_the_trick_history_browses_the_round_by_clicks_and_keys():
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    assert play_until(app, table, finished_tricks(table, 3))
    truth = tricks_by_round(table.state.events)[1]
    click(app, "btn:history", dt=0)
    assert table.overlay == "history"
    shown = table.history
    assert (shown.round, shown.trick.number) == (1, len(truth))
    assert shown.trick.cards == truth[-1].cards
    click(app, "hist:trick:-1", dt=0)
    assert shown.trick.cards == truth[-2].cards
    press(app, pygame.K_LEFT, dt=0)
    assert shown.trick.cards == truth[-3].cards
    press(app, pygame.K_RIGHT, dt=0)
    assert shown.trick.number == len(truth) - 1
    click(app, "hist:inside", dt=0)  # a click on the box itself keeps it open
    assert table.overlay == "history"
    done = truth[len(truth) - 2]
    words = " ".join(shown.outcome(shown.trick))
    assert table.session.name(done.picker) in words and "picked" in words
    app.step(0)
    click_at(app, (20, 700), dt=0)
    assert table.overlay is None
    press(app, pygame.K_t, dt=0)
    assert table.overlay == "history"
    press(app, pygame.K_ESCAPE, dt=0)
    assert table.overlay is None


def test_earlier_rounds_are_in_the_history_too():
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    assert play_until(app, table, finished_tricks(table, 1, round_no=2))
    press(app, pygame.K_t, dt=0)
    shown = table.history
    assert shown.round == 2
    click(app, "hist:round:-1", dt=0)
    first = tricks_by_round(table.state.events)[1]
    assert shown.round == 1 and shown.trick.cards == first[0].cards
    press(app, pygame.K_DOWN, dt=0)
    assert shown.round == 2


def test_before_any_card_the_history_says_so():
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    app.step(0)
    press(app, pygame.K_t, dt=0)
    assert table.overlay is None and "no card" in table.hint.lower()


@pytest.mark.parametrize("game", ["tricks", "wassticht"])
def test_the_history_names_who_won_each_trick(game):
    app = new_table(game, PLAYERS[game], seed=5)
    table = app.scene
    assert play_until(app, table, finished_tricks(table, 2))
    click(app, "btn:history", dt=0)
    assert table.overlay == "history"
    click(app, "hist:trick:-1", dt=0)
    truth = tricks_by_round(table.state.events)[1]
    trick = table.history.trick
    assert trick.cards == truth[trick.number - 1].cards and trick.done
    assert f"{table.session.name(trick.winner)} won the trick." in table.history.outcome(trick)


@pytest.mark.slow
def test_the_history_works_in_a_replay():
    app = new_app(seed=3)
    _, played = kept_game("mlut", 4)
    open_library(app)
    post_click(app, "game:0")
    replay = app.scene
    replay.set_playing(True)
    for _ in range(4000):
        app.step(FRAME)
        if any(t.done for t in tricks_by_round(replay.session.told).get(1, [])):
            break
    replay.set_playing(False)
    app.step(FRAME)
    press(app, pygame.K_t, dt=0)
    assert replay.overlay == "history"
    assert replay.history.trick.cards == tricks_by_round(played.events)[1][replay.history.index].cards


# --- a forced card ------------------------------------------------------------------------------------
def forced_now(t):
    return forced_action(t.state, t.session.decider) is not None and t.session.my_turn()


@pytest.mark.slow
def test_a_forced_card_rises_says_so_and_plays_itself_after_a_beat():
    app = new_table("mlut", 4, seed=3)
    table = app.scene
    app.settings.speed = "normal"
    assert play_until(app, table, forced_now)
    action = forced_action(table.state, table.session.decider)
    acts = len([e for e in table.state.events if e["t"] == "act"])
    app.step(FRAME)
    assert table.forced is not None and table.forced[0] == action
    assert table.board.lifts.get(action[1]) == 1.0
    assert len([e for e in table.state.events if e["t"] == "act"]) == acts  # not yet: the beat first
    for _ in range(90):
        app.step(FRAME)
    played = [e for e in table.state.events if e["t"] == "act"][acts]
    assert played["p"] == 0 and played["a"]["play"] == action[1]


@pytest.mark.slow
def test_with_the_setting_off_a_forced_card_waits_for_its_click():
    app = new_table("mlut", 4, seed=3, auto_play=False)
    table = app.scene
    app.settings.speed = "normal"
    assert play_until(app, table, forced_now)
    acts = len(table.state.events)
    for _ in range(200):
        app.step(FRAME)
    assert len(table.state.events) == acts and table.forced is None


@pytest.mark.slow
def test_two_people_at_one_screen_click_their_forced_card_themselves():
    """(Was sticht?: following suit makes forced cards common; a Mit List und Tücke last card goes
    by itself, as the table can tell there is no choice.)"""
    app = new_app(seed=3, speed="normal")
    app.new_game("wassticht", seats(4, people={0, 1}))
    table = app.scene
    # a forced card from a hand in view (a last card, veiled, goes by itself)
    assert play_until(app, table, lambda t: forced_now(t) and t.session.hand_visible())
    events = len(table.state.events)
    for _ in range(200):
        app.step(FRAME)
    assert len(table.state.events) == events and table.forced is not None  # lifted and named, not played
    click(app, f"card:{table.forced[0][1]}", dt=0)
    assert len(table.state.events) > events


@pytest.mark.parametrize("game_id", ["tricks", "mlut", "wassticht"])
def test_in_hot_seat_a_last_card_goes_by_itself_in_every_game(game_id):
    """Everyone can tell a last card is no choice: it goes by itself, as the README says, in Tricks
    too (a newcomer's Tricks last card waited: "your only card… click it"). The people play by clicks."""
    from test_app_tricks import Person
    app = new_app(seed=3, speed="normal")
    app.new_game(game_id, seats(PLAYERS[game_id], people={0, 1}))
    table = app.scene
    person = Person(app, seed=5) if game_id == "tricks" else None

    def last_card(t):
        s = t.session
        return s.is_person(s.decider) and plainly_forced(t.state, s.decider) and t.state.phase == "play"

    assert play_until(app, table, last_card, person=person)
    seat, card = table.session.decider, forced_action(table.state, table.session.decider)[1]
    assert not table.session.needs_handoff()
    events = len(table.state.events)
    for _ in range(120):  # two seconds, nobody clicks
        app.step(FRAME)
    played = [e for e in table.state.events[events:] if e["t"] == "act"]
    assert played and played[0]["p"] == seat and played[0]["a"]["play"] == card


def test_a_grey_4_that_is_the_last_card_still_needs_its_colour_named():
    from game import new_game
    state = new_game("tricks", 3, 5)
    while not state.is_over:  # every seat keeps the grey 4 as long as it may
        seat = state.current_player
        legal = state.legal_actions()
        if state.phase == "play" and len(state.view(None)["hands"][seat]) == 1 and legal[0][1] == "X4":
            break
        state.apply(next((a for a in legal if "X4" not in a), legal[0]))
    else:
        raise AssertionError("no grey 4 kept to the last card")
    assert len(legal) == 3 and forced_action(state, seat) is None and not plainly_forced(state, seat)


# --- skipping the confirm steps -------------------------------------------------------------------
def my_tricks_phase(phase):
    return lambda t: t.session.my_turn() and t.state.phase == phase


def test_with_skip_confirm_a_click_on_a_deck_buys_at_once():
    app = new_table("tricks", 3, seed=5, skip_confirm=True)
    table = app.scene
    assert play_until(app, table, my_tricks_phase("buy"))
    loans = table.state.view(0)["market"]["loan_needed"]
    seat = next(s for s, a in enumerate(loans) if not a and table.state.why_illegal(("buy", s)) is None)
    acts = len(table.state.events)
    click(app, f"deck:{seat}", dt=0)
    last = [e for e in table.state.events[acts:] if e["t"] == "act"]
    assert last and last[0]["p"] == 0 and last[0]["a"] == {"buy": seat}


def test_without_skip_confirm_a_click_on_a_deck_only_chooses_it():
    app = new_table("tricks", 3, seed=5)
    table = app.scene
    assert play_until(app, table, my_tricks_phase("buy"))
    seat = next(s for s in range(3) if table.state.why_illegal(("buy", s)) is None)
    acts = len(table.state.events)
    click(app, f"deck:{seat}", dt=0)
    assert len(table.state.events) == acts and table.board.choice == seat
    click(app, "market:confirm", dt=0)
    assert len(table.state.events) > acts


def test_with_skip_confirm_a_click_on_a_card_bids_at_once():
    app = new_table("tricks", 3, seed=5, skip_confirm=True)
    table = app.scene
    assert play_until(app, table, my_tricks_phase("bid"))
    card = next(a[1] for a in table.state.legal_actions())
    acts = len(table.state.events)
    click(app, f"bid:{card}", dt=0)
    assert any(e["t"] == "act" and e["p"] == 0 for e in table.state.events[acts:])


# --- cards still out --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["mlut", pytest.param("tricks", marks=pytest.mark.slow)])
def test_the_cards_still_out_strip_counts_from_the_persons_own_view(game):
    app = new_table(game, PLAYERS[game], seed=5, cards_out=True)
    table = app.scene
    assert play_until(app, table, finished_tricks(table, 1))
    app.settings.bot_delay = 1000  # the table holds still: what is drawn is the state now
    for _ in range(200):
        app.step(FRAME)
    assert table.idle and "out:strip" in table.targets
    out = table.board.cards_out()
    assert out == cards_out(table.state.view(0))
    view = table.state.view(0)
    counted = sorted(card for left in out.values() for card in left)
    if game == "mlut":  # one deck: a card in the own hand is never out
        assert not any(card in view["hand"] for card in counted)
    else:  # a whole set per seat: what is out is exactly the others' hands, twins and all
        assert counted == sorted(c for s, hand in enumerate(view["hands"]) if s != 0 for c in hand)
    click(app, "out:strip", dt=0)  # the ranks stay open
    assert table.board.out_open
    press(app, pygame.K_o, dt=0)
    assert not table.board.out_open
    app.settings.cards_out = False
    app.step(0)
    assert "out:strip" not in table.targets


def test_the_strip_is_not_shown_while_two_people_share_the_screen_and_nobody_holds_it():
    app = new_app(seed=3, cards_out=True)
    app.new_game("mlut", seats(4, people={0, 1}))
    table = app.scene
    for _ in range(600):
        app.step(FRAME)
        if table.idle and table.session.needs_handoff():
            break
    assert table.session.needs_handoff()
    assert "out:strip" not in table.targets and table.board.cards_out() is None
    click(app, "handoff", dt=0)
    app.step(0)
    assert "out:strip" in table.targets
    assert table.board.cards_out() == cards_out(table.state.view(table.session.viewer))


def test_the_history_after_continue_is_rebuilt_from_the_record():
    app = new_app(seed=77)
    app.new_game("mlut", seats(4, names=("Anna", "Bot 1", "Bot 2", "Bot 3")))
    before = play_actions(app, 14).state
    truth = tricks_by_round(before.events)
    assert any(truth.values())
    app.quit()
    again = new_app(seed=77, bot_delay=5)  # nothing moves while the history is looked at
    again.step(FRAME)
    post_click(again, "continue")
    table = again.scene
    for _ in range(30):
        again.step(FRAME)
    press(again, pygame.K_t, dt=0)
    assert table.overlay == "history"
    shown = table.history
    assert {r: [t.cards for t in ts] for r, ts in shown.rounds.items()} == \
        {r: [t.cards for t in ts] for r, ts in truth.items() if ts}


def test_the_history_greys_the_buttons_that_would_show_nothing_new():
    """In round 1 "◀ Round" and "Round ▶" show no other trick: greyed, not a dead click (a
    newcomer clicked them and nothing happened)."""
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    assert play_until(app, table, finished_tricks(table, 2))
    click(app, "btn:history", dt=0)
    app.step(1 / 60)
    names = set(app.scene.targets)
    assert "hist:trick:-1" in names, "an earlier trick to step back to"
    assert "hist:round:-1" not in names and "hist:round:1" not in names and "hist:trick:1" not in names


# --- "Only card you can play: click it" goes with the card ------------------------------------------
FORCED_LINE = "only card to play is raised, click it"  # after the name of whose turn it is


def says_forced(texts):
    return any(FORCED_LINE in t for t in texts)


@pytest.mark.parametrize("game_id,kinds", [
    ("mlut", ["human", "human", "bot", "bot"]),
    ("wassticht", ["human", "human", "bot", "bot"]),
])
@pytest.mark.slow
def test_the_only_card_line_goes_as_soon_as_the_card_is_played(monkeypatch, game_id, kinds):
    app = new_app(seed=20240611, speed="normal")  # the card is seen to fly
    app.start_game(Session.new(game_id, seats_of(kinds), 11))
    table, session = app.scene, app.scene.session
    rng = random.Random(2)
    for _ in range(40000):  # the people play at random until one has a forced card (and clicks it)
        app.step(FRAME)
        if table.idle and session.needs_handoff() and "handoff" in table.targets:
            post_click(app, "handoff")
        elif table.forced is not None and says_forced(texts_of_a_frame(app, monkeypatch)):
            break
        elif table.idle and session.my_turn() and table.overlay is None:
            if getattr(table.board, "reveal_open", lambda: False)():
                table.board.go_to_tricks()
            else:
                legal = session.state.legal_actions()
                session.try_action(legal[rng.randrange(len(legal))])
        if hasattr(app.scene, "final"):
            app.scene.click("continue")
    else:
        raise AssertionError("no forced card for a person at the screen")
    card = table.forced[0][1]
    post_click(app, f"card:{card}")  # as the line says
    assert card not in session.state.view(session.viewer)["hand"]
    for _ in range(120):
        if says_forced(texts_of_a_frame(app, monkeypatch)):
            assert table.forced_card() is not None, "the line stayed after its card was played"


def test_a_forced_card_held_twice_is_said_as_either_of_the_raised_cards(monkeypatch):
    """Two equal blue 4s both rose while the line said "your only card to play is raised"."""
    from types import SimpleNamespace
    from scenes.screen import forced
    monkeypatch.setattr(forced, "plainly_forced", lambda state, seat: False)
    screen = forced.ForcedCard()
    hand = ["B4", "B4", "R2"]
    screen.session = SimpleNamespace(name=lambda seat: "Anna", viewer=0, people=[0, 1], state=None, decider=0,
                                     view=lambda: {"hand": hand})
    screen.forced = [("play", "B4"), 1.0]
    assert "click either" in screen.forced_words()
    hand[1] = "G7"
    assert FORCED_LINE in screen.forced_words()
