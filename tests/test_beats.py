"""The beats of the game screen: the card winning the trick so far is marked from the view's
trick_winner, each celebration fires exactly at its event, "instant" makes nothing wait, and a click
during a beat ends it at once."""

import random

import pygame
import pytest

from app_driver import FRAME, new_table, table_of
from game import cards as game_cards
from scenes.screen.table_board import TableBoard

GAMES = (("tricks", 3), ("wassticht", 4), ("mlut", 4))
DT = 0.05


# --- a trick's winner, worked out here from the rules pages (not by the rules core's function) ------
def colour_of(card, counts_as=None):
    return counts_as or card[0]


def tricks_winner(places, shown):
    """Trump beats the led colour, the higher value wins, equal cards: the first played."""
    trump, led = shown["trump"], colour_of(places[0][1], places[0][2])
    best, best_key = None, None
    for seat, card, counts_as in places:
        colour = colour_of(card, counts_as)
        rank = 2 if colour == trump else 1 if colour == led else 0
        key = (rank, game_cards.value(card)) if rank else None
        if key is not None and (best_key is None or key > best_key):
            best, best_key = seat, key
    return best


def wassticht_winner(places, shown):
    """The trump number in the trump colour, then the other trump numbers (first played), the trump
    colour, then the led colour (a trump led leads no colour)."""
    tc, tn = shown["trump_colour"], shown["trump_number"]

    def key(card, led):
        colour, value = card[0], game_cards.value(card)
        if value == tn:
            return (3, 0) if colour == tc else (2, 0)
        if colour == tc:
            return (1, value)
        if colour == led:
            return (0, value)
        return None

    first = places[0][1]
    led = None if key(first, None) is not None else first[0]
    best, best_key = None, None
    for seat, card, _ in places:
        k = key(card, led)
        if k is not None and (best_key is None or k > best_key):
            best, best_key = seat, k
    return best


def mlut_winner(places, shown):
    """The led colour is trump: its highest card picks first (the first played of equal values)."""
    led = places[0][1][0]
    best, top = None, -1
    for seat, card, _ in places:
        if card[0] == led and game_cards.value(card) > top:
            best, top = seat, game_cards.value(card)
    return best


def mlut_taker(places):
    """The lowest card of another colour than the led one takes what the pick leaves (the first played
    of equal values); None when every card is of the led colour."""
    led = places[0][1][0]
    taker, low = None, None
    for seat, card, _ in places:
        if card[0] != led and (low is None or game_cards.value(card) < low):
            taker, low = seat, game_cards.value(card)
    return taker


WINNER = {"tricks": tricks_winner, "wassticht": wassticht_winner, "mlut": mlut_winner}


def bots_round(game_id, players, speed="normal"):
    """An app whose seats are all bots, at the game's table."""
    return new_table(game_id, players, people=(), seed=5, speed=speed)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", GAMES)
def test_the_card_marked_is_the_trick_winner_at_every_card_played(game_id, players):
    app = bots_round(game_id, players)
    checked, counts = 0, set()
    for _ in range(6000):
        app.step(DT)
        table = table_of(app)
        if table is None:
            break  # the round's scores are up
        board = table.board
        if not isinstance(board, TableBoard) or any(not f.tween.done for f in board.flights):
            continue
        places = [p for p in board.table_trick() if p is not None]
        if not places:
            assert board.marked is None
            continue
        assert board.marked is not None, places
        assert board.marked[0] == WINNER[game_id](places, board.shown), (places, board.marked)
        if game_id == "mlut":
            assert board.taking == mlut_taker(places)
        if not board.landed:  # nothing drawn beyond the view: the mark is the view's own field
            assert board.marked[0] == board.shown["trick_winner"]
        checked += 1
        counts.add(len(places))
    assert checked > 100 and counts == set(range(1, players + 1))


def first_round_moments(game_id, players, speed):
    app = bots_round(game_id, players, speed)
    table = app.scene
    for _ in range(20000):
        app.step(DT)
        if table_of(app) is None:
            break
    return table, [(kind, seats, rnd) for kind, seats, rnd in table.moments]


def expected_first_round(state, game_id):
    """The first round's celebrations and reveals, from the rules core's own record of the round."""
    if game_id == "tricks":
        paid = state.payouts[0]
        exact = tuple(s for s, (b, t) in enumerate(zip(paid["bids"], paid["tricks"])) if b == t)
        points = paid["chips"]
        found = [("reveal", ("bids",), 1)] + ([("exact_bid", exact, 1)] if exact else [])
    else:
        entry = state.history[0]
        points = entry["points"]
        found = []
        if game_id == "wassticht":
            laid = tuple(sorted(int(s) for s in entry["laid_down"]))
            found = [("reveal", ("trump",), 1), ("reveal", ("tasks",), 1)] + ([("task_laid", laid, 1)] if laid else [])
    top = max(points)
    if top > 0 and min(points) != top:
        found.append(("round_best", tuple(s for s, p in enumerate(points) if p == top), 1))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("speed", ["normal", "instant"])
@pytest.mark.parametrize("game_id, players", GAMES)
def test_each_celebration_fires_exactly_at_its_event(game_id, players, speed):
    table, moments = first_round_moments(game_id, players, speed)
    assert moments == expected_first_round(table.session.state, game_id)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", GAMES)
def test_the_games_winner_is_celebrated_once_at_the_end(game_id, players):
    from scenes.boards.scoreboard import ScoreboardScene
    app = bots_round(game_id, players, "instant")
    table = app.scene
    for _ in range(40000):
        if isinstance(app.scene, ScoreboardScene):
            if app.scene.final:
                break
            app.scene.click("continue")
        app.step(FRAME)
    assert isinstance(app.scene, ScoreboardScene) and app.scene.final
    state = table.session.state
    won = [m for m in table.moments if m[0] == "game_won"]
    assert won == [("game_won", tuple(state.winners), None)]
    rounds = {m[2] for m in table.moments if m[0] != "game_won"}
    assert None not in rounds and rounds <= set(range(1, state.round + 1))


def test_with_instant_nothing_waits_for_a_beat():
    app = new_table("tricks", 3, people=(), seed=5, speed="instant")
    table = app.scene
    for _ in range(400):
        app.step(FRAME)
        assert not table.effects  # a celebration takes no frame
        if table_of(app) is None:
            break
        assert table.board.flights == [] or all(f.tween.done for f in table.board.flights)
    assert table_of(app) is None  # the round was played to its scores in 400 frames
    assert any(m[0] == "round_best" for m in table.moments)


def a_beat_playing(game_id="tricks", players=3, speed="normal"):
    """A table at SPEED in the middle of a full trick's hold (its winner marked)."""
    app = new_table(game_id, players, people=(), seed=5, speed=speed)
    table = app.scene
    for _ in range(3000):
        app.step(DT)
        board = table.board
        if table.script.busy and isinstance(board, TableBoard) and board.banner \
                and len([p for p in board.table_trick() if p]) == players:
            return app, table
    raise AssertionError("no full trick held")


def test_a_click_during_a_beat_ends_it_at_once():
    app, table = a_beat_playing()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 700)))
    app.step(0)
    assert not table.script.busy
    assert not any(p for p in table.board.table_trick())  # swept to its taker already


@pytest.mark.slow
def test_a_key_during_a_celebration_ends_it_at_once():
    app = new_table("tricks", 3, people=(), seed=5, speed="normal")
    table = app.scene
    for _ in range(20000):
        app.step(DT)
        if table.effects:
            break
    assert table.effects
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.step(0)
    assert not table.effects


@pytest.mark.slow
@pytest.mark.parametrize("speed, factor", [("normal", 1.0), ("fast", 0.5), ("slow", 1.6)])
def test_a_full_trick_stays_with_its_winner_marked_before_it_sweeps(speed, factor):
    app, table = a_beat_playing(speed=speed)
    winner = table.board.marked
    held = 0.0
    while len([p for p in table.board.table_trick() if p]) == 3 and held < 5:
        assert table.board.marked == winner
        app.step(DT)
        held += DT
    assert 1.4 * factor <= held <= 2.2 * factor


@pytest.mark.slow
def test_each_card_landing_on_a_pile_pops_a_plus_one():
    from scenes.screen.effects import Pop
    app = bots_round("mlut", 4)
    table = app.scene
    pops = []
    for _ in range(20000):
        app.step(DT)
        pops += [e for e in table.effects if isinstance(e, Pop) and e not in pops]
        if table_of(app) is None:
            break
    landed = sum(len(ev["cards"]) - len(ev["removed"]) for ev in table.session.told if ev.get("t") == "trick")
    assert landed > 0 and len(pops) == landed and {p.words for p in pops} == {"+1"}


def test_the_sounds_of_the_beats_exist():
    from scenes.screen.sound import NAMES, SOUND_DIR
    for name in ("play", "take", "turn", "reveal", "cheer", "refuse"):
        assert name in NAMES and (SOUND_DIR / f"{name}.wav").is_file()


@pytest.mark.slow
def test_every_beat_is_heard(monkeypatch):
    """A person plays a Tricks round at normal speed: the play, the trick taken, their turn, the bids'
    reveal and each celebration are heard."""
    from scenes.boards.scoreboard import ScoreboardScene
    app = new_table("tricks", 3, seed=5, speed="normal")
    table = app.scene
    heard = []
    monkeypatch.setattr(app, "play_sound", heard.append)
    rng = random.Random(2)
    for _ in range(20000):
        if isinstance(app.scene, ScoreboardScene):
            break
        if table.board.reading():
            table.board.go_to_tricks()
        elif table.idle and table.session.my_turn():
            legal = table.state.legal_actions()
            table.session.try_action(legal[rng.randrange(len(legal))])
        app.step(DT)
    assert isinstance(app.scene, ScoreboardScene)
    assert {"play", "take", "turn", "reveal"} <= set(heard)
    celebrations = [m for m in table.moments if m[0] != "reveal"]
    assert heard.count("cheer") == len(celebrations) > 0


@pytest.mark.slow
def test_a_card_clicked_while_a_bots_card_still_flies_is_played_at_once():
    """Nothing waits for a beat: the person's click on a card of their hand while the last bot's card
    is still in the air ends the beat and plays the card."""
    from app_driver import acts, post_click
    app = new_table("tricks", 3, seed=5, speed="normal")
    table = app.scene
    for _ in range(40000):
        if table.board.reading():
            table.board.go_to_tricks()
        state = table.state
        flying = table.script.busy and any(not f.tween.done for f in table.board.flights)
        if flying and state.phase == "play" and state.current_player == 0 and table.step.action[0] == "play":
            card = next((a[1] for a in state.legal_actions() if a[0] == "play" and len(a) == 2
                         and f"card:{a[1]}" in table.targets), None)
            if card is not None:
                break
        if table.idle and table.session.my_turn():
            legal = state.legal_actions()
            table.session.try_action(legal[-1])
        app.step(FRAME)
    else:
        raise AssertionError("no bot's card in the air before the person's turn")
    before = acts(table.state)
    post_click(app, f"card:{card}")
    last = [e for e in table.state.events if e["t"] == "act"][-1]
    assert acts(table.state) == before + 1 and last["p"] == 0 and card in str(last["a"])
