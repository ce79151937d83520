"""Tricks: the round's last trick is counted in its winner's box before the round's sheet comes (the
view after that trick is already the next round's; a newcomer saw "won 6" on the table, then "took 7")."""

from game import game_info
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.settings import Settings
from tools import shots_tricks


def test_the_boxes_count_every_trick_of_the_round_before_its_sheet(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path))
    app = App(Settings(speed="normal", bot_delay=0, seed=3))  # at "instant" no frame shows the box
    app.new_game("tricks", shots_tricks.seats_for(4, {0}))
    director = shots_tricks.TricksDirector(app, 3)
    shown = None
    for _ in range(60000):
        if isinstance(app.scene, ScoreboardScene):
            break
        board = app.scene.board
        if board.kind == "table" and board.shown and "tricks_won" in board.shown:
            shown = list(board.shown["tricks_won"])
        director.step()
    assert isinstance(app.scene, ScoreboardScene) and shown is not None
    assert sum(shown) == game_info("tricks").tricks_per_round, shown
