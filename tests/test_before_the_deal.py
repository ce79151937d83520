"""While the cards are shuffled for a deal, the table shows the round to come with no hand dealt yet:
not the person's hand before it is dealt, not the last round's table (two newcomers at a 4K table saw
both for a moment, longer while the first cards were drawn at 4K)."""

import pytest

from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from tools import snapshot

FRAME = 1 / 60


def frames_until_the_deal(app):
    """Each frame's (hand cards drawn, trick cards drawn, round shown) until the deal's flights begin."""
    seen = []
    for _ in range(600):
        app.step(FRAME)
        board = app.scene.board
        if board.dealing and board.flights:
            return seen
        seen.append((len(board.hand_places), len(board.table_trick()), board.shown.get("round")))
    raise AssertionError("the deal never began")


def test_no_hand_before_the_first_deal(tmp_path, monkeypatch):
    """The quick sibling of the next test: the first round's deal only."""
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path))
    app = App(Settings(speed="normal", bot_delay=0, seed=7))
    app.new_game("mlut", snapshot.seats_for(4, {0}))
    first = frames_until_the_deal(app)
    assert first and all(hand == 0 for hand, _, _ in first), first


@pytest.mark.slow  # a whole round at normal speed
def test_no_hand_and_no_old_table_before_the_deal(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path))
    app = App(Settings(speed="normal", bot_delay=0, seed=7))
    app.new_game("mlut", snapshot.seats_for(4, {0}))
    first = frames_until_the_deal(app)
    assert all(hand == 0 for hand, _, _ in first), first

    director = snapshot.Director(app, 7)
    assert director.run_until(lambda a: isinstance(a.scene, ScoreboardScene))
    app.scene.click("continue")
    assert isinstance(app.scene, GameScreen)
    second = frames_until_the_deal(app)
    round_two = app.scene.board.shown.get("round")
    assert all(hand == 0 and trick == 0 and shown == round_two for hand, trick, shown in second), second
