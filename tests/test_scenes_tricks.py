"""The Tricks screens piece by piece: the payout words, the market's confirm box and refusals, the grey
4's colour dialog, the choice of the next leader, the reveal of the bids and the score sheet."""

import pygame
import pytest

from game import Seat
from game.games.tricks.rules import payout
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.boards.tricks.bidding import TricksBidding
from scenes.boards.tricks.common import payout_words
from scenes.boards.tricks.market import TricksMarket
from scenes.boards.tricks.table import TricksTable
from tools.shots_tricks import TricksDirector, person_at
from scenes.screen.game_screen import GameScreen
from app_driver import click, new_table, press, showing


def at_tricks(players=3, speed="instant", seed=12, options=None):
    """An app at a Tricks table (Anna at the screen, bots elsewhere) and the director that plays it on."""
    app = new_table("tricks", players, seed=seed, options=options, speed=speed)
    return app, TricksDirector(app, seed)


def last_act(state):
    return next(e for e in reversed(state.events) if e["t"] == "act")


@pytest.mark.parametrize("bid, took, words", [
    (3, 4, "bid 3, took 4: 8 × 3 = 24"), (5, 5, "bid 5, took 5: 10 × 5 + 25 = 75"),
    (5, 3, "bid 5, took 3: 6 × 5 = 30"), (0, 0, "bid 0, took 0: 10 × 0 + 25 = 25"),
    (0, 1, "bid 0, took 1: 8 × 0 = 0"), (1, 7, "bid 1, took 7: off by 6, 0")])
def test_payout_words_name_the_row_of_the_table(bid, took, words):
    assert payout_words(bid, took, payout(bid, took)) == words


def test_a_buy_shows_price_payee_and_the_loan_before_the_confirm():
    app, d = at_tricks()
    assert d.run_until(person_at(TricksMarket, "buy"))
    market = showing(app)
    state = market.state
    other = next(s for s in range(1, 3) if state.decks[s] and state.decks[s][0] != "Y0" and state.decks[s][0][1] != "0")
    state.chips[0] = 0  # made poor on purpose: the warning must say what the loan costs
    state._legal_cache = None
    market.session.look_again()  # the position set by hand is what the screen shows
    market.resync()
    click(app, f"deck:{other}", dt=0)
    lines, buttons = market.buy_words()
    price = state.view(0)["market"]["prices"][other]
    assert lines[1] == f"Price {price}, paid to {market.session.name(other)}."
    assert "lends you 10" in lines[2][0] and "repay 15" in lines[2][0]
    click(app, "market:confirm", dt=0)
    assert last_act(state)["a"] == {"buy": other} and state.loans[0] == 10


def test_market_refusals_come_from_the_rules_core():
    app, d = at_tricks()
    assert d.run_until(person_at(TricksMarket, "bury"))
    market = showing(app)
    state = market.state
    # a deck of one card (the rules forbid burying it), in a new decks list: the state
    # remembers the list it last found every deck of two or more cards in
    state.decks = [d[:1] if s == 2 else d for s, d in enumerate(state.decks)]
    state._legal_cache = None
    market.session.look_again()  # the position set by hand is what the screen shows
    market.resync()
    events = len(state.events)
    click(app, "deck:2", dt=0)
    assert market.choice is None and market.hint.lower() == state.why_illegal(("bury", 2)).lower()
    assert len(state.events) == events
    click(app, "market:skip", dt=0)
    assert last_act(state)["a"] == {"bury": None}
    assert not market.session.my_turn()  # Ben buys next
    app.settings.bot_delay = 10  # Ben waits, so his move does not wipe the hint at once
    click(app, "deck:1", dt=0)
    assert market.hint == "It is Ben's turn" and market.choice is None


def test_the_grey_4_asks_for_its_colour_and_esc_takes_the_question_back():
    for seed in range(12, 30):
        app, d = at_tricks(seed=seed)
        if d.run_until(person_at(TricksTable, "play", lambda sc: "X4" in sc.playable())):
            break
    table = showing(app)
    events = len(table.state.events)
    click(app, "card:X4", dt=0)
    assert table.joker_open and {"joker:Y", "joker:R", "joker:B"} <= set(table.targets)
    assert len(table.state.events) == events, "nothing is played before the colour is named"
    app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert not table.joker_open and table.overlay is None
    click(app, "card:X4", dt=0)
    click(app, "joker:B", dt=0)
    assert last_act(table.state)["a"] == {"play": "X4", "as": "B"}


def test_the_trick_winner_names_the_next_leader_by_clicking_a_seat():
    app, d = at_tricks(seed=4)
    assert d.run_until(person_at(TricksTable, "lead"))
    table = showing(app)
    click(app, "seat:2", dt=0)  # the seat's panel works as well as the name buttons
    assert last_act(table.state)["a"] == {"lead": 2}


@pytest.mark.slow
def test_winner_leads_skips_the_choice():
    app, d = at_tricks(seed=4, options={"winner_leads": True})
    assert not d.run_until(person_at(TricksTable, "lead"))
    assert showing(app).final and "Winner leads next." in " ".join(GameScreen(app, showing(app).session).board.reminder_lines())


@pytest.mark.slow  # a round of bids animated at normal speed
def test_the_bids_turn_over_together_and_say_why_trump_is_what_it_is():
    app, d = at_tricks(players=4, seed=8)
    assert d.run_until(person_at(TricksBidding, "bid"))
    bidding = showing(app)
    app.settings.speed = "normal"
    click(app, f"bid:{bidding.shown['hand'][0]}", dt=0)
    click(app, "bidding:confirm", dt=0)
    for _ in range(600):
        app.step(1 / 60)
        if bidding.revealed:
            break
    assert bidding.flip is not None and not bidding.flip.done, "the bids turn over in time"
    for _ in range(120):
        app.step(1 / 60)
    state = bidding.state
    assert bidding.revealed[0] == state.bids and bidding.revealed[2] == state.trump_reason
    assert any(line.startswith(("The bids:",)) for line in bidding.log.lines)
    for _ in range(60 * 30):  # half a minute: far longer than the old pause of 4 s
        app.step(1 / 60)
    assert showing(app) is bidding and "reveal:go" in bidding.targets, "the reveal waits for the person"
    press(app, pygame.K_RETURN, dt=0)  # Enter works as the button does
    app.step(1 / 60)
    assert isinstance(showing(app), TricksTable), "after the reveal the tricks begin"


@pytest.mark.slow
def test_the_final_score_sheet_shows_loans_and_their_repayment():
    app, d = at_tricks(seed=3)
    d.spend = True
    assert d.run_until(lambda sc: isinstance(sc, ScoreboardScene) and sc.final)
    board = showing(app)
    state = board.session.state
    for seat in range(state.players):
        cells = board.cells(seat)
        assert cells["total"] == str(state.totals[seat])
        assert cells["repay"] == (f"−{state.repaid[seat]}" if state.loans[seat] else "–")
        assert cells[1] == str(state.payouts[1]["chips"][seat])


def test_a_click_cuts_the_reveal_short_and_the_last_trick_marks_its_taker():
    app, d = at_tricks(seed=8)
    assert d.run_until(person_at(TricksBidding, "bid"))
    bidding = showing(app)
    app.settings.speed = "normal"
    click(app, f"bid:{bidding.shown['hand'][0]}", dt=0)
    click(app, "bidding:confirm", dt=0)
    for _ in range(600):
        app.step(1 / 60)
        if "reveal:go" in bidding.targets:
            break
    click(app, "reveal:go", dt=0)
    app.step(1 / 60)
    app.step(1 / 60)
    assert isinstance(showing(app), TricksTable), "no need to wait out the pause"
    app.settings.speed = "instant"
    assert d.run_until(lambda sc: isinstance(sc, TricksTable) and sc.idle and sc.shown["last_trick"])
    table = showing(app)
    click(app, "btn:last", dt=0)
    assert table.overlay == "last" and "overlay:close" in app.scene.targets  # the box's own target
