"""Keyboard play: the arrow keys move a ring over the choices, number keys choose at once, Space
picks, Enter plays or confirms, through the same clicks the mouse makes."""

import pygame

from app_driver import FRAME, new_table, press, showing, to_my_turn


NAMES = ("Anna", "Bot 0", "Bot 1", "Bot 2")


def acts_by(state, seat):
    return [e for e in state.events if e["t"] == "act" and e["p"] == seat]


def test_arrows_move_the_ring_and_enter_plays_the_chosen_card():
    app = new_table("mlut", 4, seed=11, keep=False, names=NAMES)
    screen = to_my_turn(app, "play")
    playable = showing(app).playable()
    press(app, pygame.K_RIGHT)
    first = screen.focus
    assert first is not None and first.startswith("card:")
    press(app, pygame.K_RIGHT)
    assert screen.focus != first, "the ring moves on"
    press(app, pygame.K_LEFT)
    assert screen.focus == first
    while screen.focus[5:] not in playable:
        press(app, pygame.K_RIGHT)
    card = screen.focus[5:]
    before = len(acts_by(screen.state, 0))
    press(app, pygame.K_RETURN)
    mine = acts_by(screen.state, 0)
    assert len(mine) == before + 1 and mine[-1]["a"] == {"play": card}


def test_a_number_key_chooses_and_a_refusal_is_said_as_for_a_click():
    app = new_table("mlut", 4, seed=11, keep=False, names=NAMES)
    screen = to_my_turn(app, "play")
    choices = [name for name, _ in screen.choices()]  # (target, place): the targets in the order seen
    playable = showing(app).playable()
    wrong = next((i for i, n in enumerate(choices) if n[5:] not in playable and i < 9), None)
    if wrong is not None:
        before = len(screen.state.events)
        press(app, getattr(pygame, f"K_{wrong + 1}"))
        assert screen.hint and len(screen.state.events) == before, "refused with a reason, nothing played"
    right = next(i for i, n in enumerate(choices) if n[5:] in playable and i < 9)
    before = len(acts_by(screen.state, 0))
    press(app, getattr(pygame, f"K_{right + 1}"))
    assert len(acts_by(screen.state, 0)) == before + 1


def test_the_market_is_bought_from_with_a_number_and_enter():
    app = new_table("tricks", 3, seed=11, keep=False, names=NAMES)
    screen = to_my_turn(app, "buy")
    legal = {a[1] for a in screen.state.legal_actions() if a[0] == "buy"}
    choices = [name for name, _ in screen.choices()]  # (target, place): the targets in the order seen
    index = next(i for i, n in enumerate(choices) if n.startswith("deck:") and int(n[5:]) in legal)
    press(app, getattr(pygame, f"K_{index + 1}"))
    assert showing(app).choice == int(choices[index][5:]), "chosen, waiting for the confirm"
    before = len(acts_by(screen.state, 0))
    press(app, pygame.K_RETURN)
    mine = acts_by(screen.state, 0)
    assert len(mine) == before + 1 and mine[-1]["a"] == {"buy": int(choices[index][5:])}


def tricks_with_twins(wanted):
    """A Tricks table (the person buys at random, so from every deck) at the person's bid or play
    with two equal cards in hand and WANTED(hand, legal values) true."""
    import random
    rng = random.Random(5)
    app = new_table("tricks", 3, seed=11, keep=False, names=NAMES)
    screen = app.scene
    for _ in range(40000):
        if getattr(app.scene, "on_continue", None):
            app.scene.on_continue()
        if getattr(showing(app), "reveal_open", lambda: False)():
            showing(app).go_to_tricks()
        if screen.idle and screen.session.my_turn() and screen.state.phase in ("bid", "play"):
            hand = screen.session.view()["hand"]
            legal = {a[1] for a in screen.state.legal_actions()}
            if any(hand.count(c) > 1 for c in hand) and wanted(hand, legal):
                break
        if screen.idle and screen.session.my_turn():
            screen.session.try_action(rng.choice(screen.state.legal_actions()))
        app.step(FRAME)
    app.step(FRAME)
    return app, screen


def test_number_keys_count_equal_cards_as_they_are_seen():
    """Two equal Tricks cards are two places in the hand: the number key of the card after them
    chooses that card (a newcomer's 7 did nothing and 3 played the wrong card)."""
    app, screen = tricks_with_twins(lambda hand, legal: len(hand) <= 9)
    hand = screen.session.view()["hand"]
    cards_seen = [name.split(":", 1)[1] for name, _ in screen.choices() if name.startswith(("card:", "bid:"))]
    assert sorted(cards_seen) == sorted(hand), "every card of the hand is a place of its own"
    twin = next(c for c in hand if hand.count(c) > 1)
    second = cards_seen.index(twin) + 1
    press(app, getattr(pygame, f"K_{second + 1}"))
    assert screen.focus[screen.focus.index(":") + 1:] == twin and screen.focus_at == 1
    assert screen.ring_rect(screen.focus, screen.focus_at) == screen.places(screen.focus)[1]


def test_the_hint_puts_a_bar_over_each_of_two_equal_cards(monkeypatch):
    """The Hint's percentages stand over every card of the hand, twins too (a newcomer saw a bar
    over one of two equal cards only)."""
    from scenes.screen import coach as coach_view
    app, screen = tricks_with_twins(lambda hand, legal: any(hand.count(c) > 1 and c in legal for c in hand))
    board = showing(app)
    hand = screen.session.view()["hand"]
    screen.coach.values = {a: 0.5 for a in screen.state.legal_actions()}
    bars = []
    monkeypatch.setattr(coach_view, "bar", lambda surface, spot, value, best: bars.append(spot))
    coach_view.draw_cards(app.surface if hasattr(app, "surface") else pygame.Surface((1280, 720)), screen.coach, board)
    legal = {a[1] for a in screen.state.legal_actions()}
    assert len(bars) == sum(1 for c in hand if c in legal), "one bar over every legal card drawn"


def test_enter_with_nothing_chosen_presses_bury_nothing():
    """A newcomer pressed Enter at the bury prompt and nothing happened."""
    app = new_table("tricks", 3, seed=11, keep=False, names=NAMES)
    screen = to_my_turn(app, "buy")
    screen.session.try_action(screen.state.legal_actions()[0])  # a buy; the bury prompt follows
    screen = to_my_turn(app, "bury")
    assert "market:skip" in screen.targets and screen.focus is None
    before = len(acts_by(screen.state, 0))
    press(app, pygame.K_RETURN)
    mine = acts_by(screen.state, 0)
    assert len(mine) == before + 1 and mine[-1]["a"] == {"bury": None}
