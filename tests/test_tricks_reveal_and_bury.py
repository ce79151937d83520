"""Issue 12, what a newcomer met in Tricks: the bid reveal moved on by itself (and round 2's was never
seen), and the bury prompt crammed "Don't bury", "Cancel" and "Bury for 1" side by side.

Driven as a person would: mouse events posted at the rectangles the screens drew, and keys."""

import pygame
import pytest

from scenes.boards.tricks.bidding import REVEAL_HOLD, TricksBidding
from scenes.boards.tricks.common import no_prefix
from scenes.boards.tricks.market import ACTION_RECT, TricksMarket
from scenes.boards.tricks.table import TricksTable
from scenes.screen import theme
from app_driver import FRAME, new_app, new_table, play_until, post_click, press, run, run_until, showing
from test_app_tricks import Person
from test_app_replay import start_replay

def one_person(players=3, seed=2024, speed="instant"):
    """An app at a Tricks table, Anna at the screen; the table is ``app.scene``."""
    return new_table("tricks", players, seed=seed, speed=speed)


def clicks_until(app, person, wanted):
    """PERSON plays by clicks (and reads each reveal) until wanted(board) at an idle moment; that board."""
    table = app.scene
    assert play_until(app, table, lambda t: wanted(t.board), limit=30000, person=person), "never got there"
    return table.board


# --- 1. the reveal waits for "To the tricks" -----------------------------------------------------------
@pytest.mark.parametrize("round_no", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_the_reveal_waits_for_the_person_in_every_round_at_fast_speed(round_no):
    app = one_person()
    person = Person(app, seed=7)
    scene = clicks_until(app, person, lambda sc: isinstance(sc, TricksBidding) and sc.state.round == round_no
                       and sc.idle and sc.session.my_turn())
    app.settings.speed = "fast"
    person.bid(scene)
    while scene.revealed is None:  # the bots after the person bid, then the bids turn over
        app.step(FRAME)
    run(app, 3 * REVEAL_HOLD)  # far longer than the old pause
    assert showing(app) is scene, f"round {round_no}'s reveal moved on by itself"
    assert scene.revealed[1] == scene.state.trump and "reveal:go" in scene.targets
    label = "To the tricks"
    rect = scene.targets["reveal:go"]
    assert theme.font(22, True).size(label)[0] <= rect.width - 16
    post_click(app, "reveal:go")
    app.step(FRAME)
    assert isinstance(showing(app), TricksTable), "the click goes on to the tricks"


def test_space_while_the_bids_turn_over_shows_them_at_once_and_a_second_goes_on():
    app = one_person(seed=31)
    person = Person(app, seed=2)
    scene = clicks_until(app, person, lambda sc: isinstance(sc, TricksBidding) and sc.idle and sc.session.my_turn())
    app.settings.speed = "normal"
    person.bid(scene)
    while scene.revealed is None:
        app.step(FRAME)
    assert not scene.flip.done
    press(app, pygame.K_SPACE, unicode=" ")  # the cards are still turning: they turn at once, nothing is read yet
    assert scene.flip.done and showing(app) is scene and "reveal:go" in scene.targets
    run(app, 2.0)
    assert showing(app) is scene and "reveal:go" in scene.targets
    press(app, pygame.K_SPACE, unicode=" ")
    app.step(FRAME)
    assert isinstance(showing(app), TricksTable)


@pytest.mark.slow
def test_a_table_of_bots_goes_on_after_the_pause_without_a_click():
    app = new_table("tricks", 3, people=(), seed=5, speed="fast")
    for _ in range(40000):
        scene = showing(app)
        if isinstance(scene, TricksBidding) and scene.revealed is not None:
            break
        app.step(FRAME)
    assert not scene.waits_for_click() and "reveal:go" not in scene.targets
    run(app, REVEAL_HOLD * app.settings.speed_factor + 1.5)
    assert isinstance(showing(app), TricksTable), "a bots-only table (the demo) does not wait"


def test_a_replay_of_a_game_with_a_person_does_not_wait_at_the_reveal():
    app = new_app(seed=3, speed="normal", bot_delay=0.7)
    replay, _ = start_replay(app, "tricks", 9)
    post_click(app, "r:speed:4")
    for _ in range(20000):
        if isinstance(replay.board, TricksBidding) and replay.board.revealed is not None:
            break
        app.step(0.1)
    bidding = replay.board
    assert bidding.session.people and not bidding.waits_for_click()
    for _ in range(200):  # 20 s at ×4: the reveal holds 4 s
        if replay.board is not bidding:
            break
        app.step(0.1)
    assert isinstance(replay.board, TricksTable), "the replay goes on by itself"


# --- 2. the bury prompt ----------------------------------------------------------------------------------
def to_bury(app, person):
    return clicks_until(app, person, lambda sc: isinstance(sc, TricksMarket) and sc.idle
                      and sc.session.my_turn() and sc.state.phase == "bury")


def check_buttons(market):
    """Every button's words fit inside it, no two buttons touch, all lie inside the action box and
    below the words of the prompt."""
    drawn = market.buttons_drawn
    for target, label, rect in drawn:
        assert market.targets[target] == rect
        assert theme.font(24, True).size(label)[0] <= rect.width - 16 - 8, f"{label!r} is cut"
        assert ACTION_RECT.contains(rect)
        assert rect.collidelist(market.words_drawn) == -1, f"{label!r} lies over the prompt's words"
    for i, (_, a_label, a) in enumerate(drawn):
        for _, b_label, b in drawn[i + 1:]:
            assert not a.inflate(16, 0).colliderect(b), f"{a_label!r} and {b_label!r} are crammed together"
    return {target: label for target, label, _ in drawn}


def test_the_bury_prompt_says_what_each_button_does_and_gives_them_room():
    app = one_person(players=4, seed=8)
    person = Person(app)
    market = to_bury(app, person)
    app.step(FRAME)
    assert check_buttons(market) == {"market:skip": "Bury nothing"}
    deck = next(s for s, ok in enumerate(market.shown["market"]["buryable"]) if ok)
    card = market.shown["decks"][deck]["top"]
    post_click(app, f"deck:{deck}")
    app.step(FRAME)
    labels = check_buttons(market)
    assert labels == {"market:skip": "Bury nothing", "market:cancel": "Choose another",
                      "market:confirm": f"Bury {market.card_name(card)} for 1 chip"}
    assert len(set(labels.values())) == 3
    events = len(market.state.events)
    post_click(app, "market:cancel")  # takes the half-made choice back, buries nothing
    assert market.choice is None and len(market.state.events) == events and market.state.phase == "bury"
    app.step(FRAME)
    assert "market:cancel" not in market.targets and "market:confirm" not in market.targets
    post_click(app, f"deck:{deck}")
    app.step(FRAME)
    post_click(app, "market:confirm")
    act = next(e for e in reversed(market.state.events) if e["t"] == "act")
    assert act["a"] == {"bury": deck} and act["p"] == 0


def test_bury_nothing_declines_even_with_a_card_chosen_and_five_seats_and_a_loan_fit():
    app = one_person(players=5, seed=12)
    person = Person(app)
    market = to_bury(app, person)
    state = market.state
    state.chips[0] = 0  # the loan warning takes a line of its own
    state._legal_cache = None
    market.session.look_again()  # the position set by hand is what the screen shows
    market.resync()
    deck = next(s for s, ok in enumerate(market.shown["market"]["buryable"]) if ok)
    app.step(FRAME)
    post_click(app, f"deck:{deck}")
    app.step(FRAME)
    assert market.shown["market"]["bury_loan_needed"]
    check_buttons(market)
    post_click(app, "market:skip")
    act = next(e for e in reversed(state.events) if e["t"] == "act")
    assert act["a"] == {"bury": None} and act["p"] == 0


# --- 3. the reveal says who leads first and why, whole ----------------------------------------------------
def test_the_first_leads_reason_is_whole_at_720p_and_4k():
    """A newcomer read "…the highest bid (5) leads; fewest chips (…": a tie's reason was cut. Round 2
    of this game has one (no trump, the 4s tie, fewer chips decide); the person reaches it by clicks."""
    from scenes.screen.layout_guard import drawn_at_sizes, recording, seen

    app = new_table("tricks", 3, seed=1, names=("Anna", "Benedikt", "Carolina"))
    person = Person(app, seed=1)
    scene = clicks_until(app, person, lambda sc: isinstance(sc, TricksBidding) and sc.state.round == 2
                         and sc.idle and sc.session.my_turn())
    person.bid(scene)
    assert run_until(app, lambda: "reveal:go" in scene.targets)
    reason = scene.pretty(no_prefix(scene.revealed[4]))
    assert "fewest chips" in reason
    with recording(app) as guard:
        guard.frame()
        app.draw()
        problems, cut, drawn = seen(guard)
        assert not cut and not problems, (cut, problems)
        assert " ".join(drawn).count(reason.split(";")[-1].strip()) == 1, "the tie's reason is on show"
        for size, (problems, cut, _) in drawn_at_sizes(app, guard, [(3840, 2160)]).items():
            assert not cut and not problems, (size, cut, problems)
    post_click(app, "reveal:go")
    assert isinstance(showing(app), TricksTable)


# --- 4. "Bury nothing" has one place, in the lesson and in a game -------------------------------------------
def test_bury_nothing_stands_bottom_right_in_the_lesson_and_in_a_game_chosen_or_not():
    """A newcomer met it bottom right in the lesson and bottom left in a real game. Both reached by
    clicks; its place is read where the person would click it, before and after a deck is chosen."""
    from test_lesson_clicks_tricks import play_lesson
    places = []

    def decide(screen):
        if screen.state.phase == "bury" and not places:
            places.append(screen.targets["market:skip"])
        return screen.teaching.advice

    play_lesson(new_app(seed=1), decide)
    assert places, "the lesson asked for no bury"
    app = one_person(players=4, seed=8)
    market = to_bury(app, Person(app))
    app.step(FRAME)
    alone = market.targets["market:skip"]
    deck = next(s for s, ok in enumerate(market.shown["market"]["buryable"]) if ok)
    post_click(app, f"deck:{deck}")
    app.step(FRAME)
    chosen = market.targets["market:skip"]
    assert alone.bottomright == chosen.bottomright == places[0].bottomright, (alone, chosen, places[0])
    assert alone.right > ACTION_RECT.centerx
