"""Table helps by real clicks and keys: the trick history (every trick of every round, from what the
table was told), in a game and in a replay; a forced card that plays itself after a beat; skipping the
Tricks confirm steps; the cards-still-out strip, from the person's own view only."""

import random

import pygame
import pytest

from game import Seat
from game.assist import cards_out, forced_action
from game.history import tricks_by_round
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.settings import Settings
from app_driver import click as frame_click, play_until
from test_app_replay import kept_game, open_library, post_click as replay_click

FRAME = 1 / 60
PLAYERS = {"mlut": 4, "tricks": 3, "wassticht": 4}


def click(app, name):
    frame_click(app, name, dt=0)


def click_at(app, pos):
    """A click at a spot of the logical screen (outside every box)."""
    app.step(0)
    at = app.to_window(pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    app.step(0)


def key(app, which):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode=""))
    app.step(0)


def new_table(game="mlut", seed=21, **settings):
    app = App(Settings(speed="instant", bot_delay=0, seed=seed, **settings))
    names = ("Anna", "Ben", "Carla", "Dora")[:PLAYERS[game]]
    app.new_game(game, [Seat(names[0])] + [Seat(n, "bot", "random") for n in names[1:]])
    return app, app.scene


def run_until(app, table, wanted, limit=40000):
    return play_until(app, table, wanted, limit)


def finished_tricks(table, at_least, round_no=1):
    def enough(t):
        done = [x for x in tricks_by_round(t.state.events).get(round_no, []) if x.done]
        return len(done) >= at_least and t.board.kind == "table"
    return enough


def test_the_trick_history_browses_the_round_by_clicks_and_keys():
    app, table = new_table()
    assert run_until(app, table, finished_tricks(table, 3))
    truth = tricks_by_round(table.state.events)[1]
    click(app, "btn:history")
    assert table.overlay == "history"
    shown = table.history
    assert (shown.round, shown.trick.number) == (1, len(truth))
    assert shown.trick.cards == truth[-1].cards
    click(app, "hist:trick:-1")
    assert shown.trick.cards == truth[-2].cards
    key(app, pygame.K_LEFT)
    assert shown.trick.cards == truth[-3].cards
    key(app, pygame.K_RIGHT)
    assert shown.trick.number == len(truth) - 1
    click(app, "hist:inside")  # a click on the box itself keeps it open
    assert table.overlay == "history"
    done = truth[len(truth) - 2]
    words = " ".join(shown.outcome(shown.trick))
    assert table.session.name(done.picker) in words and "picked" in words
    click_at(app, (20, 700))
    assert table.overlay is None
    key(app, pygame.K_t)
    assert table.overlay == "history"
    key(app, pygame.K_ESCAPE)
    assert table.overlay is None


def test_earlier_rounds_are_in_the_history_too():
    app, table = new_table()
    assert run_until(app, table, finished_tricks(table, 1, round_no=2))
    key(app, pygame.K_t)
    shown = table.history
    assert shown.round == 2
    click(app, "hist:round:-1")
    first = tricks_by_round(table.state.events)[1]
    assert shown.round == 1 and shown.trick.cards == first[0].cards
    key(app, pygame.K_DOWN)
    assert shown.round == 2


def test_before_any_card_the_history_says_so():
    app, table = new_table()
    app.step(0)
    key(app, pygame.K_t)
    assert table.overlay is None and "no card" in table.hint.lower()


@pytest.mark.parametrize("game", ["tricks", "wassticht"])
def test_the_history_names_who_won_each_trick(game):
    app, table = new_table(game, seed=5)
    assert run_until(app, table, finished_tricks(table, 2))
    click(app, "btn:history")
    assert table.overlay == "history"
    click(app, "hist:trick:-1")
    truth = tricks_by_round(table.state.events)[1]
    trick = table.history.trick
    assert trick.cards == truth[trick.number - 1].cards and trick.done
    assert f"{table.session.name(trick.winner)} won the trick." in table.history.outcome(trick)


def test_the_history_works_in_a_replay():
    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    _, played = kept_game("mlut", 4)
    open_library(app)
    replay_click(app, "game:0")
    replay = app.scene
    replay.set_playing(True)
    for _ in range(4000):
        app.step(FRAME)
        if any(t.done for t in tricks_by_round(replay.session.told).get(1, [])):
            break
    replay.set_playing(False)
    app.step(FRAME)
    key(app, pygame.K_t)
    assert replay.overlay == "history"
    assert replay.history.trick.cards == tricks_by_round(played.events)[1][replay.history.index].cards


# --- a forced card ------------------------------------------------------------------------------------
def forced_now(t):
    return forced_action(t.state, t.session.decider) is not None and t.session.my_turn()


def test_a_forced_card_rises_says_so_and_plays_itself_after_a_beat():
    app, table = new_table(seed=3)
    app.settings.speed = "normal"
    assert run_until(app, table, forced_now)
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


def test_with_the_setting_off_a_forced_card_waits_for_its_click():
    app, table = new_table(seed=3, auto_play=False)
    app.settings.speed = "normal"
    assert run_until(app, table, forced_now)
    acts = len(table.state.events)
    for _ in range(200):
        app.step(FRAME)
    assert len(table.state.events) == acts and table.forced is None


def test_two_people_at_one_screen_click_their_forced_card_themselves():
    """(Was sticht?: following suit makes forced cards common; a Mit List und Tücke last card goes
    by itself, as the table can tell there is no choice.)"""
    app = App(Settings(speed="normal", bot_delay=0, seed=3))
    app.new_game("wassticht", [Seat("Anna"), Seat("Ben"), Seat("Carla", "bot", "random"),
                               Seat("Dora", "bot", "random")])
    table = app.scene
    rng = random.Random(4)
    for _ in range(40000):
        if isinstance(app.scene, ScoreboardScene):
            app.scene.click("continue")
        elif table.idle and table.session.needs_handoff():
            table.accept_handoff()
        elif table.idle and forced_now(table) and table.session.hand_visible():
            break  # a forced card from a hand in view (a last card, veiled, goes by itself)
        elif table.idle and table.session.my_turn():
            legal = table.state.legal_actions()
            table.session.try_action(legal[rng.randrange(len(legal))])
        app.step(FRAME)
    assert forced_now(table)
    events = len(table.state.events)
    for _ in range(200):
        app.step(FRAME)
    assert len(table.state.events) == events and table.forced is not None  # lifted and named, not played
    click(app, f"card:{table.forced[0][1]}")
    assert len(table.state.events) > events


# --- skipping the confirm steps -------------------------------------------------------------------
def my_tricks_phase(phase):
    return lambda t: t.session.my_turn() and t.state.phase == phase


def test_with_skip_confirm_a_click_on_a_deck_buys_at_once():
    app, table = new_table("tricks", seed=5, skip_confirm=True)
    assert run_until(app, table, my_tricks_phase("buy"))
    loans = table.state.view(0)["market"]["loan_needed"]
    seat = next(s for s, a in enumerate(loans) if not a and table.state.why_illegal(("buy", s)) is None)
    acts = len(table.state.events)
    click(app, f"deck:{seat}")
    last = [e for e in table.state.events[acts:] if e["t"] == "act"]
    assert last and last[0]["p"] == 0 and last[0]["a"] == {"buy": seat}


def test_without_skip_confirm_a_click_on_a_deck_only_chooses_it():
    app, table = new_table("tricks", seed=5)
    assert run_until(app, table, my_tricks_phase("buy"))
    seat = next(s for s in range(3) if table.state.why_illegal(("buy", s)) is None)
    acts = len(table.state.events)
    click(app, f"deck:{seat}")
    assert len(table.state.events) == acts and table.board.choice == seat
    click(app, "market:confirm")
    assert len(table.state.events) > acts


def test_with_skip_confirm_a_click_on_a_card_bids_at_once():
    app, table = new_table("tricks", seed=5, skip_confirm=True)
    assert run_until(app, table, my_tricks_phase("bid"))
    card = next(a[1] for a in table.state.legal_actions())
    acts = len(table.state.events)
    click(app, f"bid:{card}")
    assert any(e["t"] == "act" and e["p"] == 0 for e in table.state.events[acts:])


# --- cards still out --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["mlut", "tricks"])
def test_the_cards_still_out_strip_counts_from_the_persons_own_view(game):
    app, table = new_table(game, seed=5, cards_out=True)
    assert run_until(app, table, finished_tricks(table, 1))
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
    click(app, "out:strip")  # the ranks stay open
    assert table.board.out_open
    key(app, pygame.K_o)
    assert not table.board.out_open
    app.settings.cards_out = False
    app.step(0)
    assert "out:strip" not in table.targets


def test_the_strip_is_not_shown_while_two_people_share_the_screen_and_nobody_holds_it():
    app = App(Settings(speed="instant", bot_delay=0, seed=3, cards_out=True))
    app.new_game("mlut", [Seat("Anna"), Seat("Ben"), Seat("Carla", "bot", "random"), Seat("Dora", "bot", "random")])
    table = app.scene
    for _ in range(600):
        app.step(FRAME)
        if table.idle and table.session.needs_handoff():
            break
    assert table.session.needs_handoff()
    assert "out:strip" not in table.targets and table.board.cards_out() is None
    click(app, "handoff")
    app.step(0)
    assert "out:strip" in table.targets
    assert table.board.cards_out() == cards_out(table.state.view(table.session.viewer))


def test_the_history_after_continue_is_rebuilt_from_the_record():
    from test_app_continue import new_app, one_person, play_some
    from app_driver import post_click
    app = new_app()
    app.new_game("mlut", one_person())
    before = play_some(app, 14).state
    truth = tricks_by_round(before.events)
    assert any(truth.values())
    app.quit()
    again = new_app(bot_delay=5)  # nothing moves while the history is looked at
    again.step(FRAME)
    post_click(again, "continue")
    table = again.scene
    for _ in range(30):
        again.step(FRAME)
    key(again, pygame.K_t)
    assert table.overlay == "history"
    shown = table.history
    assert {r: [t.cards for t in ts] for r, ts in shown.rounds.items()} == \
        {r: [t.cards for t in ts] for r, ts in truth.items() if ts}


def test_the_history_greys_the_buttons_that_would_show_nothing_new():
    """In round 1 "◀ Round" and "Round ▶" show no other trick: greyed, not a dead click (a
    newcomer clicked them and nothing happened)."""
    app, table = new_table()
    assert run_until(app, table, finished_tricks(table, 2))
    click(app, "btn:history")
    app.step(1 / 60)
    names = set(app.scene.targets)
    assert "hist:trick:-1" in names, "an earlier trick to step back to"
    assert "hist:round:-1" not in names and "hist:round:1" not in names and "hist:trick:1" not in names
