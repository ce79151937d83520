"""Two equal cards in one hand (Tricks): each has its own place, only the one under the pointer rises,
and a click on either plays that card (a newcomer at the 4K table saw both yellow 1s rise together)."""

from collections import Counter

import pygame

from scenes.app import App
from scenes.screen.board import card_of, places_of
from scenes.boards.tricks.table import TricksTable
from scenes.screen.settings import Settings
from tools import shots_tricks

FRAME = 1 / 60


def test_places_name_each_copy_of_a_card():
    assert places_of(["Y1", "R4", "Y1", "Y1"]) == ["Y1", "R4", "Y1#1", "Y1#2"]
    assert [card_of(p) for p in places_of(["Y1", "R4", "Y1"])] == ["Y1", "R4", "Y1"]


def twins_to_play(board):
    """The person's turn to play, at rest, with two equal playable cards in hand."""
    if not (isinstance(board, TricksTable) and board.idle and board.session.my_turn()
            and board.state.phase == "play"):
        return False
    playable = board.playable()
    return any(n > 1 and c in playable for c, n in Counter(board.hand_cards()).items())


def table_with_twins(tmp_path, monkeypatch):
    """A Tricks table at the person's turn to play with two equal playable cards in hand."""
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path))
    for seed in range(1, 40):
        app = App(Settings(speed="instant", bot_delay=0, seed=seed))
        app.new_game("tricks", shots_tricks.seats_for(4, {0}))
        if not shots_tricks.TricksDirector(app, seed).run_until(twins_to_play):
            continue
        screen = app.scene
        screen.settle_viewer()
        app.step(FRAME)
        playable = screen.board.playable()
        twins = [c for c, n in Counter(screen.board.hand_cards()).items() if n > 1 and c in playable]
        if twins:
            return app, screen, twins[0]
    raise AssertionError("no seed gave a hand with two equal playable cards")


def test_only_the_copy_under_the_pointer_rises_and_either_can_be_played(tmp_path, monkeypatch):
    app, screen, card = table_with_twins(tmp_path, monkeypatch)
    second = screen.targets[f"card:{card}#1"]
    first = screen.targets[f"card:{card}"]
    assert not first.colliderect(second) or first.x != second.x
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.letterbox.to_window(second.center),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(10):
        app.step(FRAME)
    board = screen.board
    assert board.lifts.get(f"{card}#1", 0) > 0.9 and board.lifts.get(card, 0) == 0
    ys = [rect.y for shown, rect in board.hand_places if shown == card]
    assert len(ys) == 2 and ys[0] > ys[1]  # the second copy stands higher
    before = Counter(screen.session.state.hands[0])[card]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=app.letterbox.to_window(second.center), button=1))
        app.step(FRAME)
    for _ in range(5):
        app.step(FRAME)
    assert Counter(screen.session.state.hands[0])[card] == before - 1
