"""Hot seat that flows: seats never move, the hand strip names whose hand it shows, and a hidden hand
is shown after one press by its person, with the table in sight (no full-screen cover).

Two people and bots play by real keys and clicks: a press is Space on the strip over the hand, a pick's
or the plus colours' hand is asked for with its "Show my hand" button, every time it is offered (the
person who always looks is the one who presses most).
"""

import random
from types import SimpleNamespace

import pygame
import pytest

from game.kit import kit
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen import cards
from app_driver import FRAME, new_table, post_click, press, texts_of_a_frame

PEOPLE = (0, 2)  # Anna and Carla: the table turned between them at every turn


def seat_boxes(board):
    """{seat: top left} of the seat boxes a table board draws (its layout's panels), or None."""
    layout = getattr(board, "layout", None)
    return None if layout is None else {seat: rect.topleft for seat, rect in layout.panels.items()}


def play_hot_seat(app, on_frame, rounds=None, show_hand=True, limit=200000):
    """The people play on (random legal moves, a seeded choice), pressing Space at every strip that
    waits for them and asking to see a hidden hand wherever it is offered (SHOW_HAND); ON_FRAME(screen)
    after every frame. Ends with the game (or after ROUNDS rounds); returns the game screen."""
    screen = app.scene
    session, rng = screen.session, random.Random(5)
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            if scene.final or (rounds is not None and session.state.round > rounds):
                return screen
            app.step(FRAME)
            post_click(app, "continue")
            continue
        if scene is screen and "reveal:go" in screen.targets:
            post_click(app, "reveal:go")
        elif scene is screen and screen.idle and session.needs_handoff():
            press(app, pygame.K_SPACE)
        elif scene is screen and show_hand and "btn:show_hand" in screen.targets and screen.idle:
            post_click(app, "btn:show_hand")
        elif scene is screen and screen.idle and session.my_turn() and app.scene_kind(session) == screen.kind:
            legal = session.state.legal_actions()
            session.try_action(legal[rng.randrange(len(legal))])
        app.step(FRAME)
        if app.scene is screen:
            on_frame(screen)
    raise AssertionError("the game did not end")


def check_seats_keep_their_places(game_id, players, rounds=None):
    app = new_table(game_id, players, people=PEOPLE, seed=11)
    places, seen = {}, {"frames": 0, "people at the mouse": set()}

    def on_frame(screen):
        boxes = seat_boxes(screen.board)
        if boxes is None:
            return
        kind = type(screen.board).__name__
        assert places.setdefault(kind, boxes) == boxes, f"a seat box moved on {kind}"
        seen["frames"] += 1
        seen["people at the mouse"].add(screen.session.viewer)

    play_hot_seat(app, on_frame, rounds)
    assert seen["frames"] > 20 and set(PEOPLE) <= seen["people at the mouse"], seen
    for boxes in places.values():
        assert len(boxes) == players


@pytest.mark.parametrize("game_id,players", [("mlut", 4), ("tricks", 3)])
def test_every_seat_keeps_its_box_through_a_round(game_id, players):
    check_seats_keep_their_places(game_id, players, rounds=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["mlut", "tricks", "wassticht"])
def test_every_seat_keeps_its_box_for_the_whole_game_at_every_player_count(game_id):
    for players in kit(game_id).info.player_counts:
        check_seats_keep_their_places(game_id, players)


def colours_in(picture, rect):
    """How many colours a grid of points in RECT (base coordinates, drawn at the base size) shows."""
    return len({tuple(picture.get_at((x, y))) for x in range(rect.x, rect.right, 6) for y in range(rect.y, rect.bottom, 6)})


class Faces:
    """Every card face drawn at hand size (the hand strip's) in a frame."""

    def __init__(self, monkeypatch):
        self.seen = []
        real_face, real_dim = cards.face, cards.dimmed

        def face(card, size=cards.HAND):
            if tuple(size) == tuple(cards.HAND):
                self.seen.append(card)
            return real_face(card, size)

        def dimmed(card, size=cards.HAND):
            if tuple(size) == tuple(cards.HAND):
                self.seen.append(card)
            return real_dim(card, size)

        monkeypatch.setattr(cards, "face", face)
        monkeypatch.setattr(cards, "dimmed", dimmed)


def test_mlut_a_hidden_hand_is_one_press_away_with_the_table_in_sight(monkeypatch):
    """Mit List und Tücke, two people and two bots, a round by real presses: at most one press per
    person's turn (the strip's Space, or Show my hand at a pick or the plus colours), the strip waits
    with every seat's name still on the table (no full-screen cover) and no face of the hand drawn
    before the press, and the strip is labelled with the acting person's name once it shows."""
    app = new_table("mlut", 4, people=PEOPLE, seed=11)
    screen = app.scene
    session, rng = screen.session, random.Random(5)
    names = [session.name(seat) for seat in range(4)]
    faces = Faces(monkeypatch)
    presses, turns, labelled, strips = 0, 0, 0, 0
    for _ in range(60000):
        if app.scene is not screen or session.state.round > 1:
            break
        if screen.idle and session.needs_handoff():
            faces.seen.clear()
            app.step(FRAME)
            for seat, rect in screen.board.layout.panels.items():
                assert not rect.colliderect(screen.targets["handoff"])
                assert colours_in(app.picture(), rect) > 8, f"{names[seat]}'s box is hidden while the strip waits"
            assert not faces.seen, "the hand was drawn before its person's press"
            strips += 1
            press(app, pygame.K_SPACE)
            presses += 1
        elif screen.idle and "btn:show_hand" in screen.targets:
            post_click(app, "btn:show_hand")
            presses += 1
        elif screen.idle and session.my_turn() and app.scene_kind(session) == screen.kind:
            seat = session.decider
            assert presses <= 1, f"{presses} presses before {names[seat]}'s decision"
            texts = texts_of_a_frame(app, monkeypatch)
            if session.hand_visible():
                labelled += f"{names[seat]}'s hand" in texts
                assert all(f"{name}'s hand" not in texts for name in names if name != names[seat])
            legal = session.state.legal_actions()
            session.try_action(legal[rng.randrange(len(legal))])
            turns += 1
            if session.decider != seat:
                presses = 0  # their turn is over: the next person's presses are counted anew
            continue
        app.step(FRAME)
    assert turns >= 20 and strips >= 4 and labelled >= 10, (turns, strips, labelled)


def test_tricks_hands_are_open_no_press_and_the_strip_shows_the_acting_persons_hand(monkeypatch):
    """Tricks hands are open by the rules: in trick play nobody presses; the strip shows the hand of
    the person who plays, under their name."""
    app = new_table("tricks", 3, people=PEOPLE, seed=11)
    screen = app.scene
    session, rng = screen.session, random.Random(5)
    faces = Faces(monkeypatch)
    played = set()
    for _ in range(60000):
        if app.scene is not screen or session.state.round > 1:
            break
        if "reveal:go" in screen.targets:
            post_click(app, "reveal:go")
            continue
        if screen.idle and session.needs_handoff():
            assert session.state.phase == "bid", "a press outside the secret bids"
            press(app, pygame.K_SPACE)
            continue
        if screen.idle and session.my_turn() and app.scene_kind(session) == screen.kind:
            seat = session.decider
            if session.state.phase == "play":
                faces.seen.clear()
                texts = texts_of_a_frame(app, monkeypatch)
                assert f"{session.name(seat)}'s hand" in texts, texts
                assert sorted(faces.seen) == sorted(session.view()["hands"][seat])
                played.add(seat)
            legal = session.state.legal_actions()
            session.try_action(legal[rng.randrange(len(legal))])
            continue
        app.step(FRAME)
    assert played == set(PEOPLE), played


def hand_board(monkeypatch):
    """(board, session, mouse): a bare board whose one playable card B5 lies under the mouse (mouse[0]),
    the session's viewer the person at it."""
    from scenes.screen.board import Board
    board = Board.__new__(Board)
    board.lifts, board.hand_owner, board.still_at, board.still_for = {}, None, None, 0.0
    board.screen = SimpleNamespace(focus=None, speed_factor=lambda: 0)
    session = SimpleNamespace(viewer=0)
    mouse = [(100, 650)]
    monkeypatch.setattr(Board, "session", property(lambda self: session))
    monkeypatch.setattr(Board, "mouse", property(lambda self: mouse[0]))
    monkeypatch.setattr(Board, "can_play", lambda self: True)
    monkeypatch.setattr(Board, "playable", lambda self: {"B5"})
    monkeypatch.setattr(Board, "hovered_card", lambda self: "B5")
    return board, session, mouse


def test_the_next_persons_card_under_a_still_mouse_does_not_rise(monkeypatch):
    """Tricks in hot seat: after Anna's card the strip shows Jonas's hand, and his card under Anna's still
    mouse rose, read as a suggestion (a newcomer: "a friend could easily misclick")."""
    board, session, mouse = hand_board(monkeypatch)
    board.update_lifts(0.1)
    assert board.lifts.get("B5") == 1.0, "the first person's card rises under the mouse"
    session.viewer = 1
    board.lifts.clear()
    board.update_lifts(0.1)
    assert "B5" not in board.lifts, "the next person's card stays down under the still mouse"
    mouse[0] = (104, 650)
    board.update_lifts(0.1)
    assert board.lifts.get("B5") == 1.0, "once the mouse moves it rises again"


def test_a_double_click_across_a_hand_over_does_not_play_the_next_persons_card(monkeypatch):
    """Hot seat: Anna double-clicks her card; the second click lands on Jonas's hand, come up under her
    still mouse. It is hers, not his move: refused until the mouse moves or the moment has passed."""
    from scenes.screen.base import DOUBLE_CLICK
    board, session, mouse = hand_board(monkeypatch)
    board.update_lifts(0.1)
    assert not board.just_handed_over(), "Anna's own clicks count"
    session.viewer = 1
    assert board.just_handed_over(), "handed over in this very frame"
    board.update_lifts(0.05)
    assert board.just_handed_over(), "Jonas's hand under Anna's still mouse, moments later"
    board.update_lifts(DOUBLE_CLICK)
    assert not board.just_handed_over(), "a click at the still mouse after the moment is Jonas's"
    session.viewer = 0
    board.update_lifts(0.05)
    assert board.just_handed_over()
    mouse[0] = (130, 650)
    assert not board.just_handed_over(), "once the mouse moved, the click is the new person's"


def test_the_game_screen_refuses_a_board_click_in_the_moment_after_a_hand_over(monkeypatch):
    """The game screen asks the board before it hands a click on: a card, a task or a row taken by a
    double click's second half would be the next person's move."""
    from scenes.screen.game_screen import GameScreen
    clicked = []
    screen = GameScreen.__new__(GameScreen)
    screen.board = SimpleNamespace(just_handed_over=lambda: True, click=clicked.append)
    GameScreen.click(screen, "card:B5")
    assert clicked == []
    screen.board.just_handed_over = lambda: False
    GameScreen.click(screen, "card:B5")
    assert clicked == ["card:B5"]
