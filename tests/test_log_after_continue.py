"""The game log after Continue and in replays holds the whole history, as the table saw it: the
same lines the live game wrote, and never a secret."""

import pytest

from game import Seat
from kept.storage import unfinished_games
from scenes.app import App
from scenes.menus.replay import open_replay
from scenes.screen.settings import Settings
from scenes.boards.scoreboard import ScoreboardScene
from app_driver import click, post_click

FRAME = 1 / 60
PLAYERS = {"mlut": 4, "tricks": 3, "wassticht": 4}


def bots_only(game_id):
    return [Seat(f"Bot {i}", "bot", "random") for i in range(PLAYERS[game_id])]


def run_idle(app, frames):
    """Play on for some frames, then until the screen has shown everything (its log caught up)."""
    for _ in range(frames):
        app.step(FRAME)
    app.settings.bot_delay = 60  # nobody moves while we look
    for _ in range(2000):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            post_click(app, "continue")
        elif getattr(scene, "idle", False) and scene.session.caught_up:
            return scene
        app.step(FRAME)
    raise AssertionError("the screen never caught up")


@pytest.mark.parametrize("game_id", ["mlut", "tricks", pytest.param("wassticht", marks=pytest.mark.slow)])
def test_continue_and_replay_show_the_whole_log(game_id):
    app = App(Settings(speed="instant", bot_delay=0, seed=17))
    app.new_game(game_id, bots_only(game_id))
    scene = run_idle(app, 400)
    live = list(scene.log.lines)  # the game screen's log
    state = scene.session.state
    assert len(live) > 30 and not state.is_over
    app.to_menu()
    click(app, "continue")
    resumed = app.scene.session
    assert resumed.state == state
    app.step(FRAME)
    assert app.scene.log.lines == live, "the log after Continue is the log the game had"
    [kept] = unfinished_games()
    replay = open_replay(app, kept.path)
    app.switch(replay)
    replay.rebuild(len(replay.record.actions), replay.session.viewer)
    app.step(FRAME)
    assert replay.log.lines == live, "a replay's log at the last move is the game's log"
    secret = {"mlut": "R", "tricks": "bid", "wassticht": "trump"}[game_id]
    assert all("None" not in line for line in live), secret
